//! `arbiter check` against the project's real Postfix and Dovecot: the
//! working setup passes every step and leaves no test mail behind; each
//! broken setup the stack can produce (a wrong password, a wrong port, an
//! untrusted certificate, TLS on a plain port, no plus addressing) is named
//! with its fix, and the check exits non-zero. A self-signed certificate
//! made the common way (`openssl req -x509`, so CA:TRUE) is trusted once it
//! is in `ca_file`, by `check` and by `serve` alike; a certificate still
//! refused is named in words, with the fix that works.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::demo::mailstack::{MailStack, StackOptions};

use crate::support::{Harness, Reader, Setup};

const PASSWORD_ENV: &str = "ARBITER_CHECK_PASSWORD";

/// A stack and a directory for configurations, removed at the end.
struct Site {
    stack: MailStack,
    dir: PathBuf,
}

impl Site {
    fn start(name: &str, options: StackOptions) -> Site {
        let dir = PathBuf::from(format!("/tmp/arb-check-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let stack = MailStack::start_with(&dir.join("m"), &options).expect("the mail stack starts");
        Site { stack, dir }
    }

    /// The daemon's configuration for this stack, passed through `edit`.
    fn config(&self, name: &str, edit: impl FnOnce(String) -> String) -> PathBuf {
        let text = self
            .stack
            .daemon_config(&self.dir.join("arbiter.db"), PASSWORD_ENV);
        let path = self.dir.join(format!("{name}.toml"));
        std::fs::write(&path, edit(text)).unwrap();
        path
    }

    /// Runs `arbiter check` with the right password unless `password` says
    /// otherwise; the exit code and what it printed.
    fn check(&self, config: &Path, password: &str) -> (i32, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["check", "--wait", "20", "--config"])
            .arg(config)
            .env(PASSWORD_ENV, password)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code().unwrap_or(-1), text)
    }

    /// The mails in the referee's Maildir (new and read).
    fn referee_mails(&self) -> usize {
        let maildir = self.stack.state_dir.join("mail/referee/Maildir");
        ["new", "cur"]
            .iter()
            .map(|d| std::fs::read_dir(maildir.join(d)).map_or(0, |r| r.count()))
            .sum()
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn right() -> String {
    MailStack::password("referee")
}

/// The printed line of a step: `  FAIL  login ...`.
fn step<'a>(output: &'a str, status: &str, name: &str) -> &'a str {
    let prefix = format!("  {status:<5} {name} ");
    output
        .lines()
        .find(|l| l.starts_with(&prefix) || l.starts_with(&format!("  {status:<5} {name:<13}")))
        .unwrap_or_else(|| panic!("no {status} {name} line in:\n{output}"))
}

#[test]
fn a_working_setup_passes_every_step_and_leaves_no_test_mail() {
    for separator in ['/', '.'] {
        let options = StackOptions {
            separator: Some(separator),
            ..StackOptions::default()
        };
        let name = if separator == '/' {
            "ok-slash"
        } else {
            "ok-dot"
        };
        let site = Site::start(name, options);
        let config = site.config("ok", |t| t);
        let (code, output) = site.check(&config, &right());
        assert_eq!(code, 0, "{output}");
        assert!(!output.contains("FAIL"), "{output}");
        step(&output, "ok", "login");
        let separator_line = step(&output, "ok", "separator");
        assert!(
            separator_line.contains(&format!("{separator:?}")),
            "{output}"
        );
        let done = format!("Arbiter{separator}Done is there");
        assert!(
            step(&output, "ok", "done folder").contains(&done),
            "{output}"
        );
        assert!(
            step(&output, "ok", "test mail").contains("plus addressing works"),
            "{output}"
        );
        assert!(output.contains("Everything works"), "{output}");
        assert_eq!(site.referee_mails(), 0, "the test mail is removed");
    }
}

#[test]
fn each_broken_setup_is_named_with_its_fix() {
    let site = Site::start("broken", StackOptions::default());
    let ok = site.config("ok", |t| t);

    // A wrong password: IMAP's login fails and says where the password is.
    let (code, output) = site.check(&ok, "not-the-password");
    assert_eq!(code, 1, "{output}");
    let login = step(&output, "FAIL", "login");
    assert!(
        login.contains("refused the login of referee@example.test"),
        "{output}"
    );
    assert!(
        output.contains("fix: check imap.username and the password"),
        "{output}"
    );

    // A port where nothing listens.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let imaps = format!("port = {}\nsecurity = \"tls\"", site.stack.imaps);
    let wrong_port = site.config("port", |t| {
        t.replace(&imaps, &format!("port = {closed}\nsecurity = \"tls\""))
    });
    let (code, output) = site.check(&wrong_port, &right());
    assert_eq!(code, 1, "{output}");
    assert!(
        step(&output, "FAIL", "connect").contains("nothing answers"),
        "{output}"
    );
    assert!(
        output.contains("IMAP is port 993 with security = \"tls\""),
        "{output}"
    );
    step(&output, "ok", "login"); // SMTP goes on by itself
    assert!(
        step(&output, "skip", "test mail").contains("needs a working IMAP login"),
        "{output}"
    );

    // TLS from the first byte on the plain IMAP port.
    let tls_on_plain = site.config("plainport", |t| {
        t.replace(
            &imaps,
            &format!("port = {}\nsecurity = \"tls\"", site.stack.imap),
        )
    });
    let (code, output) = site.check(&tls_on_plain, &right());
    assert_eq!(code, 1, "{output}");
    assert!(
        step(&output, "FAIL", "tls").contains("does not speak TLS from the first byte"),
        "{output}"
    );
    assert!(output.contains("security = \"starttls\""), "{output}");

    // No ca_file: the stack's private authority is not trusted.
    let untrusted = site.config("untrusted", |t| {
        t.lines()
            .filter(|l| !l.starts_with("ca_file"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    let (code, output) = site.check(&untrusted, &right());
    assert_eq!(code, 1, "{output}");
    assert!(
        step(&output, "FAIL", "tls").contains("not signed by an authority this system trusts"),
        "{output}"
    );
    assert!(output.contains("set imap.ca_file"), "{output}");
    assert!(output.contains("set smtp.ca_file"), "{output}");
    assert_eq!(site.referee_mails(), 0);

    // A database file that is not one.
    std::fs::write(site.dir.join("arbiter.db"), b"not a database, only text").unwrap();
    let (code, output) = site.check(&ok, &right());
    assert_eq!(code, 1, "{output}");
    assert!(
        step(&output, "FAIL", "file").contains("database"),
        "{output}"
    );
    assert!(
        step(&output, "ok", "test mail").contains("arrived"),
        "{output}"
    );
}

#[test]
fn a_server_without_plus_addressing_is_found_and_the_way_round_it_works() {
    let options = StackOptions {
        no_plus: true,
        ..StackOptions::default()
    };
    let site = Site::start("noplus", options);
    let config = site.config("ok", |t| t);
    let (code, output) = site.check(&config, &right());
    assert_eq!(code, 1, "{output}");
    let plus = step(&output, "FAIL", "plus address");
    assert!(plus.contains("referee+check-"), "{output}");
    assert!(output.contains("recipient_delimiter = +"), "{output}");
    assert!(
        output.contains("referee.plus_addressing = false"),
        "{output}"
    );

    // With plus addressing off, the test mail goes to the bare address.
    let bare = site.config("bare", |t| {
        t.replace("[referee]\n", "[referee]\nplus_addressing = false\n")
    });
    let (code, output) = site.check(&bare, &right());
    assert_eq!(code, 0, "{output}");
    assert!(
        step(&output, "ok", "test mail").contains("players keep the `key:` line"),
        "{output}"
    );
    assert_eq!(site.referee_mails(), 0);
}

/// The configuration with every `ca_file` set to `ca` (or none).
fn with_ca_file(text: String, ca: Option<&Path>) -> String {
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("ca_file"))
        .map(str::to_string)
        .collect();
    if let Some(ca) = ca {
        for section in ["[imap]", "[smtp]"] {
            let at = lines.iter().position(|l| l == section).unwrap();
            lines.insert(at + 1, format!("ca_file = {:?}", ca.display().to_string()));
        }
    }
    lines.join("\n") + "\n"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_self_signed_certificate_in_ca_file_is_trusted_by_check_and_serve() {
    let options = StackOptions {
        self_signed: true,
        ..StackOptions::default()
    };
    let harness = Harness::start_configured("selfsigned", Setup::DEFAULT, options, |t| t);
    // The server's certificate is its own ca_file, made as most guides
    // make one: an authority's certificate (CA:TRUE).
    let pem = std::fs::read_to_string(&harness.stack.ca).unwrap();
    assert!(harness.stack.ca.ends_with("tls-self/server.pem"));
    let text = Command::new("openssl")
        .args(["x509", "-noout", "-text"])
        .stdin(std::fs::File::open(&harness.stack.ca).unwrap())
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("CA:TRUE"),
        "{pem}"
    );

    // `arbiter check` passes every step, beside the running referee.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", "--wait", "20", "--config"])
        .arg(&harness.config)
        .env("ARBITER_TEST_PASSWORD", MailStack::password("referee"))
        .output()
        .unwrap();
    let output = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{output}");
    assert!(
        step(&output, "ok", "tls").contains("the certificate is trusted"),
        "{output}"
    );
    assert!(output.contains("Everything works"), "{output}");

    // `serve` reads a mail (IMAP over TLS) and answers it (SMTP with
    // STARTTLS), both on the pinned certificate.
    harness.await_log("watching the mailbox", 1);
    let mut alice = Reader::new(harness.player("alice"));
    alice
        .player
        .send(&harness.referee, "help", "help", None)
        .await
        .unwrap();
    let answer = alice.one().await;
    assert!(answer.text.contains("challenge"), "{}", answer.text);
    let log = harness.daemon_log();
    assert!(log.contains("mail sent"), "{log}");
    assert!(!log.contains("the server's certificate"), "{log}");
}

#[test]
fn a_refused_certificate_is_named_in_words_with_the_fix_that_works() {
    // The case: the self-signed (CA:TRUE) certificate, not in
    // ca_file.
    let site = Site::start(
        "refused-self",
        StackOptions {
            self_signed: true,
            ..StackOptions::default()
        },
    );
    let bare = site.config("bare", |t| with_ca_file(t, None));
    let (code, output) = site.check(&bare, &right());
    assert_eq!(code, 1, "{output}");
    let tls = step(&output, "FAIL", "tls");
    assert!(
        tls.contains("a certificate authority's (CA:TRUE"),
        "{output}"
    );
    assert!(!output.contains("CaUsedAsEndEntity"), "{output}");
    assert!(
        output.contains("fix: put the server's own certificate in imap.ca_file"),
        "{output}"
    );
    // The fix, as given, works.
    let fixed = site.config("fixed", |t| with_ca_file(t, Some(&site.stack.ca)));
    let (code, output) = site.check(&fixed, &right());
    assert_eq!(code, 0, "{output}");
    drop(site);

    // A certificate signed by an authority: an unrelated certificate in
    // ca_file is neither that authority nor the server's own.
    let site = Site::start("refused-ca", StackOptions::default());
    let unrelated = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tls/unrelated.pem");
    let wrong = site.config("unrelated", |t| with_ca_file(t, Some(&unrelated)));
    let (code, output) = site.check(&wrong, &right());
    assert_eq!(code, 1, "{output}");
    assert!(
        step(&output, "FAIL", "tls").contains("not signed by a certificate in imap.ca_file"),
        "{output}"
    );
    assert!(
        output.contains("fix: put the server's own certificate in smtp.ca_file"),
        "{output}"
    );
    // The fix works: the server's own certificate (a CA-signed one, pinned
    // as it stands), or the authority that signed it.
    let own = site.stack.state_dir.join("tls/server.pem");
    for ca in [own, site.stack.ca.clone()] {
        let fixed = site.config("own", |t| with_ca_file(t, Some(&ca)));
        let (code, output) = site.check(&fixed, &right());
        assert_eq!(code, 0, "{}: {output}", ca.display());
    }
}
