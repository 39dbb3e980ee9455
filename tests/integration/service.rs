//! Arbiter as a service, without a mail server: the systemd unit in
//! `contrib/` as systemd reads it, and the daemon's log in both formats
//! (the daemon run against closed ports, so it logs and retries).

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const UNIT: &str = include_str!("../../contrib/arbiter.service");

/// The unit with its `ExecStart=` binary replaced by the one under test
/// (`systemd-analyze verify` checks that the binary exists), in `dir`.
fn unit_for_the_built_binary(dir: &Path) -> PathBuf {
    assert!(
        UNIT.contains(
            "ExecStart=/usr/local/bin/arbiter --config /etc/arbiter/arbiter.toml serve\n"
        ),
        "the unit runs the installed binary on /etc/arbiter"
    );
    let path = dir.join("arbiter.service");
    let unit = UNIT.replace("/usr/local/bin/arbiter", env!("CARGO_BIN_EXE_arbiter"));
    std::fs::write(&path, unit).unwrap();
    path
}

fn systemd_analyze(args: &[&str]) -> (bool, String, String) {
    let out = Command::new("systemd-analyze")
        .args(args)
        .output()
        .expect("systemd-analyze runs (scripts/test installs Debian's systemd package)");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_unit_file_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let unit = unit_for_the_built_binary(dir.path());
    let (ok, _, err) = systemd_analyze(&["verify", "--man=no", unit.to_str().unwrap()]);
    // verify exits 0 on an unknown key or a misplaced one, only warning.
    let warnings: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("arbiter.service"))
        .collect();
    assert!(ok && warnings.is_empty(), "{err}");
    for line in [
        "ExecReload=/bin/kill -HUP $MAINPID",
        "EnvironmentFile=/etc/arbiter/secrets.env",
        "StateDirectory=arbiter",
        "Environment=ARBITER_DB=%S/arbiter/arbiter.db",
        "Restart=on-failure",
    ] {
        assert!(UNIT.lines().any(|l| l == line), "{line}");
    }
}

#[test]
fn the_unit_file_is_sandboxed() {
    let dir = tempfile::tempdir().unwrap();
    let unit = unit_for_the_built_binary(dir.path());
    let (_, out, err) = systemd_analyze(&["security", "--offline=yes", unit.to_str().unwrap()]);
    let text = format!("{out}{err}");
    let exposure: f64 = text
        .split("Overall exposure level for arbiter.service: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no exposure level in:\n{text}"));
    // systemd rates 0 to 10; under 2 is its best band but one ("OK").
    assert!(exposure < 2.0, "exposure {exposure}:\n{text}");
}

/// A daemon configured against closed ports on loopback: it logs that it
/// serves, then that it cannot open the mailbox, and retries.
struct Offline {
    child: Child,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Offline {
    fn start(args: &[&str], envs: &[(&str, &str)]) -> Offline {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("arbiter.toml");
        std::fs::write(
            &config,
            format!(
                "[referee]\naddress = \"referee@example.test\"\n\n\
                 [imap]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"plain\"\n\
                 username = \"referee\"\npassword_env = \"ARBITER_TEST_PASSWORD\"\n\n\
                 [smtp]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"plain\"\n",
                closed_port(),
                closed_port()
            ),
        )
        .unwrap();
        let log = dir.path().join("daemon.log");
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .arg("--config")
            .arg(&config)
            .arg("serve")
            .env("ARBITER_TEST_PASSWORD", "secret")
            .env_remove("ARBITER_LOG")
            .env_remove("ARBITER_LOG_FORMAT")
            .envs(envs.iter().copied())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Offline {
            child,
            log,
            _dir: dir,
        }
    }

    fn log(&self) -> String {
        let mut text = String::new();
        std::fs::File::open(&self.log)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    }

    /// Waits for `needle` in the log, then stops the daemon with SIGTERM;
    /// its log. Asserts a clean exit within 10 s.
    fn stop_after(mut self, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.log().contains(needle) {
            assert!(Instant::now() < deadline, "no {needle:?}:\n{}", self.log());
            std::thread::sleep(Duration::from_millis(50));
        }
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let stopped = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert_eq!(status.code(), Some(0), "{}", self.log());
                break;
            }
            assert!(
                stopped.elapsed() < Duration::from_secs(10),
                "still running 10 s after SIGTERM:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        self.log()
    }
}

impl Drop for Offline {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn json_lines(log: &str) -> Vec<serde_json::Value> {
    log.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

fn find<'a>(lines: &'a [serde_json::Value], message: &str) -> &'a serde_json::Value {
    lines
        .iter()
        .find(|l| l["fields"]["message"] == message)
        .unwrap_or_else(|| panic!("no {message:?} in {lines:#?}"))
}

#[test]
fn json_logs_are_one_object_a_line_with_level_and_fields() {
    let log = Offline::start(&["--log-format", "json"], &[]).stop_after("cannot open the mailbox");
    let lines = json_lines(&log);
    let serving = find(&lines, "arbiter serving");
    assert_eq!(serving["level"], "INFO", "{serving}");
    assert_eq!(serving["fields"]["address"], "referee@example.test");
    assert!(serving["timestamp"].is_string(), "{serving}");
    let retry = find(&lines, "cannot open the mailbox");
    assert_eq!(retry["level"], "WARN", "{retry}");
    assert!(
        retry["fields"]["error"]
            .as_str()
            .unwrap()
            .contains("connecting to IMAP 127.0.0.1"),
        "{retry}"
    );
    // The stop, in the same format: the reconnect backoff cut short, then
    // the outbox.
    find(&lines, "terminated; stopping");
    assert!(!log.contains("did not stop in time"), "{log}");
    find(&lines, "the outbox had its last attempt");
    assert_eq!(find(&lines, "arbiter stopped")["level"], "INFO");
}

#[test]
fn the_environment_picks_the_format_and_text_stays_the_default() {
    let log = Offline::start(&[], &[("ARBITER_LOG_FORMAT", "json")])
        .stop_after("cannot open the mailbox");
    find(&json_lines(&log), "arbiter serving");

    let log = Offline::start(&[], &[]).stop_after("cannot open the mailbox");
    let serving = log
        .lines()
        .find(|l| l.contains("arbiter serving"))
        .unwrap_or_else(|| panic!("{log}"));
    assert!(serving.contains(" INFO "), "{serving}");
    assert!(
        serving.contains("address=referee@example.test"),
        "{serving}"
    );
    assert!(serde_json::from_str::<serde_json::Value>(serving).is_err());
}

#[test]
fn a_bad_log_format_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["--log-format", "xml", "rules"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("possible values: text, json"), "{err}");
}
