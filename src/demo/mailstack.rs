//! The project's local mail server (`scripts/mailstack`: Postfix and Dovecot
//! on 127.0.0.1), started as a child process. Dropping the handle closes the
//! script's stdin, which stops the whole stack.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

/// The mail domain of the local stack.
pub const DOMAIN: &str = "example.test";

/// How a stack is set up beyond the defaults (see `scripts/mailstack`).
#[derive(Clone, Debug, Default)]
pub struct StackOptions {
    /// The IMAP hierarchy separator, `/` or `.` (default: the script's).
    pub separator: Option<char>,
    /// Also take OAuth 2.0 bearer tokens, checked at this RFC 7662
    /// introspection URL.
    pub oauth2_introspection: Option<String>,
    /// Deliver no plus addresses (no `recipient_delimiter`).
    pub no_plus: bool,
    /// Listen on these ports (SMTP, submission, IMAP, IMAPS) instead of
    /// free ones: a server restarted where it was.
    pub ports: Option<[u16; 4]>,
    /// The mail users (default: referee, alice, bob, carol, dave); the
    /// referee must be one of them.
    pub users: Option<Vec<String>>,
    /// Serve a self-signed certificate made the common way (`openssl req
    /// -x509`, so marked CA:TRUE) instead of one signed by a test CA;
    /// [`MailStack::ca`] is then that certificate itself.
    pub self_signed: bool,
}

/// A running local mail server.
pub struct MailStack {
    child: Child,
    // Held open: the script stops when it closes.
    _stdin: ChildStdin,
    pub smtp: u16,
    pub submission: u16,
    pub imap: u16,
    pub imaps: u16,
    /// The file the clients trust: the test CA's certificate, or with
    /// [`StackOptions::self_signed`] the server's own.
    pub ca: PathBuf,
    pub state_dir: PathBuf,
    /// The IMAP hierarchy separator, `/` or `.`.
    pub separator: char,
    options: StackOptions,
    /// Set once the script has been stopped and reaped (its pid may be
    /// another process's by then).
    stopped: bool,
}

impl MailStack {
    /// The script shipped with the project.
    pub fn script() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/mailstack")
    }

    /// Starts the stack with its state in `state_dir` (a short path: unix
    /// socket paths are limited to 108 bytes) and waits until it is ready.
    /// Its IMAP separator is the script's default (`/`, or
    /// `MAILSTACK_SEPARATOR`).
    pub fn start(state_dir: &Path) -> anyhow::Result<MailStack> {
        Self::launch(state_dir, &StackOptions::default())
    }

    /// The same, with `separator` (`/` or `.`) between IMAP folder levels.
    pub fn start_with_separator(state_dir: &Path, separator: char) -> anyhow::Result<MailStack> {
        Self::start_with(
            state_dir,
            &StackOptions {
                separator: Some(separator),
                ..StackOptions::default()
            },
        )
    }

    /// The same, set up as `options` say.
    pub fn start_with(state_dir: &Path, options: &StackOptions) -> anyhow::Result<MailStack> {
        Self::launch(state_dir, options)
    }

    fn launch(state_dir: &Path, options: &StackOptions) -> anyhow::Result<MailStack> {
        let mut command = Command::new("bash");
        command.arg(Self::script()).arg("run").arg(state_dir);
        if let Some(separator) = options.separator {
            command.arg("--separator").arg(separator.to_string());
        }
        if let Some(url) = &options.oauth2_introspection {
            command.arg("--oauth2").arg(url);
        }
        if options.no_plus {
            command.arg("--no-plus");
        }
        if options.self_signed {
            command.arg("--self-signed");
        }
        if let Some(users) = &options.users {
            command.arg("--users").arg(users.join(","));
        }
        if let Some(ports) = options.ports {
            let list: Vec<String> = ports.iter().map(u16::to_string).collect();
            command.arg("--ports").arg(list.join(","));
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting scripts/mailstack")?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let mut lines = BufReader::new(stdout).lines();
        let started = Instant::now();
        let ready = loop {
            match lines.next() {
                Some(line) => {
                    let line = line?;
                    if line.starts_with("MAILSTACK READY") {
                        break line;
                    }
                }
                None => bail!("scripts/mailstack ended before it was ready"),
            }
            if started.elapsed() > Duration::from_secs(300) {
                bail!("scripts/mailstack was not ready after 300 s");
            }
        };
        // Keep draining the script's output so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines.by_ref() {});
        let field = |name: &str| -> anyhow::Result<String> {
            ready
                .split_whitespace()
                .find_map(|w| w.strip_prefix(&format!("{name}=")))
                .map(str::to_string)
                .with_context(|| format!("no {name}= in {ready:?}"))
        };
        let port = |name: &str| -> anyhow::Result<u16> { Ok(field(name)?.parse()?) };
        Ok(MailStack {
            smtp: port("smtp")?,
            submission: port("submission")?,
            imap: port("imap")?,
            imaps: port("imaps")?,
            ca: PathBuf::from(field("ca")?),
            state_dir: state_dir.to_path_buf(),
            separator: field("separator")?
                .chars()
                .next()
                .context("an empty separator= in the READY line")?,
            options: options.clone(),
            stopped: false,
            child,
            _stdin: stdin,
        })
    }

    /// A user's password on the local stack.
    pub fn password(user: &str) -> String {
        format!("{user}-pw")
    }

    /// A user's address on the local stack.
    pub fn address(user: &str) -> String {
        format!("{user}@{DOMAIN}")
    }

    /// The daemon's configuration for this stack: IMAPS and SMTP submission
    /// with STARTTLS, both verified against the stack's own CA.
    pub fn daemon_config(&self, database: &Path, password_env: &str) -> String {
        format!(
            "[database]\npath = {db:?}\n\n[referee]\naddress = \"referee@{DOMAIN}\"\nname = \"Arbiter (demo)\"\n\n\
             [imap]\nhost = \"127.0.0.1\"\nport = {imaps}\nsecurity = \"tls\"\nusername = \"referee@{DOMAIN}\"\n\
             password_env = \"{password_env}\"\nca_file = {ca:?}\nidle_seconds = 60\n\n\
             [smtp]\nhost = \"127.0.0.1\"\nport = {submission}\nsecurity = \"starttls\"\n\
             username = \"referee@{DOMAIN}\"\npassword_env = \"{password_env}\"\nca_file = {ca:?}\ntimeout_seconds = 20\n",
            db = database.display().to_string(),
            imaps = self.imaps,
            submission = self.submission,
            ca = self.ca.display().to_string(),
        )
    }
}

impl MailStack {
    /// Stops the server (both daemons, and the processes serving IMAP
    /// sessions: every client's connection drops) and starts it again on
    /// the same ports with the same mail and certificates, after `down`.
    pub fn restart(&mut self, down: Duration) -> anyhow::Result<()> {
        self.stop();
        std::thread::sleep(down);
        let options = StackOptions {
            ports: Some([self.smtp, self.submission, self.imap, self.imaps]),
            separator: Some(self.separator),
            ..self.options.clone()
        };
        let fresh = Self::launch(&self.state_dir, &options)?;
        // The old handle's child has exited; dropping it is harmless.
        let _old = std::mem::replace(self, fresh);
        Ok(())
    }

    fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        // The script stops on SIGTERM as on the end of its stdin; wait
        // briefly so that its ports are free when we return.
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for MailStack {
    fn drop(&mut self) {
        self.stop();
    }
}
