//! The end-to-end harness: the real local mail server (scripts/mailstack:
//! Postfix and Dovecot), the real `arbiter serve` binary, and mail users who
//! send over SMTP and read over IMAP. No mock anywhere.

#![allow(dead_code)]

pub mod browser;
pub mod cli;
pub mod games;
pub mod pgn;
pub mod picture;
pub mod room;
pub mod tourney;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::demo::mailstack::{MailStack, StackOptions};
use arbiter::demo::player::{Player, Received};
use arbiter::store::Store;
use sqlx::Row;

pub const WAIT: Duration = Duration::from_secs(60);

pub struct Harness {
    pub stack: MailStack,
    pub dir: PathBuf,
    pub config: PathBuf,
    pub db: PathBuf,
    daemon: Option<Child>,
    pub referee: String,
}

/// How a test's mail server and daemon are set up.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// The daemon reads IMAP on the plain port upgraded with STARTTLS
    /// (else over implicit TLS).
    pub starttls: bool,
    /// The server's hierarchy separator: `/` or `.` (Dovecot's stock one).
    pub separator: char,
    /// `imap.mailbox` and `imap.done_folder` as the host writes them.
    pub mailbox: &'a str,
    pub done_folder: &'a str,
}

impl Setup<'_> {
    /// The referee's inbox, the default done folder, and the server's `/`.
    pub const DEFAULT: Setup<'static> = Setup {
        starttls: false,
        separator: '/',
        mailbox: "INBOX",
        done_folder: "Arbiter/Done",
    };
}

impl Harness {
    /// A fresh mail server and database in a short temporary directory, and
    /// the daemon serving them.
    pub fn start(name: &str, setup: Setup) -> Harness {
        Harness::start_configured(name, setup, StackOptions::default(), |text| text)
    }

    /// The same on a server set up as `options` say (the separator comes
    /// from `setup`), with the daemon's configuration file passed through
    /// `edit` before the daemon starts.
    pub fn start_configured(
        name: &str,
        setup: Setup,
        options: StackOptions,
        edit: impl FnOnce(String) -> String,
    ) -> Harness {
        let dir = PathBuf::from(format!("/tmp/arb-{}-{}", name, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let options = StackOptions {
            separator: Some(setup.separator),
            ..options
        };
        let stack =
            MailStack::start_with(&dir.join("m"), &options).expect("the local mail server starts");
        assert_eq!(stack.separator, setup.separator);
        let db = dir.join("arbiter.db");
        let config = dir.join("arbiter.toml");
        let mut text = stack.daemon_config(&db, "ARBITER_TEST_PASSWORD");
        if setup.starttls {
            let tls = format!("port = {}\nsecurity = \"tls\"", stack.imaps);
            assert!(text.contains(&tls));
            text = text.replace(
                &tls,
                &format!("port = {}\nsecurity = \"starttls\"", stack.imap),
            );
        }
        assert!(text.contains("\n[smtp]"));
        text = text.replace(
            "\n[smtp]",
            &format!(
                "mailbox = {:?}\ndone_folder = {:?}\n\n[smtp]",
                setup.mailbox, setup.done_folder
            ),
        );
        std::fs::write(&config, edit(text)).unwrap();
        let mut harness = Harness {
            stack,
            dir,
            config,
            db,
            daemon: None,
            referee: MailStack::address("referee"),
        };
        harness.start_daemon();
        harness
    }

    pub fn player(&self, user: &str) -> Player {
        Player::new(&self.stack, user)
    }

    /// Starts `arbiter serve` as a child process.
    pub fn start_daemon(&mut self) {
        assert!(self.daemon.is_none());
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("daemon.log"))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("serve")
            .arg("--config")
            .arg(&self.config)
            .env("ARBITER_TEST_PASSWORD", MailStack::password("referee"))
            .env("ARBITER_LOG", "info,arbiter=debug")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("arbiter serve starts");
        self.daemon = Some(child);
    }

    /// Waits up to `limit` for the daemon to exit on its own; its exit code.
    pub fn daemon_exit(&mut self, limit: Duration) -> Option<i32> {
        let child = self.daemon.as_mut()?;
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                self.daemon = None;
                return Some(status.code().unwrap_or(-1));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Sends the daemon a signal (`TERM`, `HUP`), as systemd would.
    pub fn signal_daemon(&self, signal: &str) {
        let child = self.daemon.as_ref().expect("the daemon runs");
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success(), "kill -{signal}");
    }

    /// Waits until the daemon's log holds `needle` `times` times.
    /// Makes the daemon busy with a first mail while a second arrives: the
    /// test holds the database's write lock (returned: commit it to let the
    /// daemon go on), `first` sends a challenge, and once the daemon has
    /// fetched it `second` sends one too and it reaches the mailbox.
    /// Returns the lock and the two Message-IDs.
    pub async fn busy_while_a_second_arrives(
        &self,
        first: &Player,
        second: &Player,
    ) -> (arbiter::store::Tx, String, String) {
        let store = self.store().await;
        let lock = store.write().await.unwrap();
        let first_id = first
            .send(&self.referee, "challenge bob@example.test chess", "", None)
            .await
            .unwrap();
        self.await_log("mail fetched", 1);
        let second_id = second
            .send(&self.referee, "challenge dave@example.test chess", "", None)
            .await
            .unwrap();
        let inbox = self.player("referee");
        let deadline = Instant::now() + WAIT;
        while inbox.inbox().await.unwrap().len() < 2 {
            assert!(Instant::now() < deadline, "the second mail never arrived");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        (lock, first_id, second_id)
    }

    /// A chess game made from the command line between alice (White) and
    /// bob: its id and the two players' reply addresses (`referee+ID.SECRET@`).
    pub async fn chess_game(&self) -> (i64, String, String) {
        let (code, out, err) = self.cli(&[
            "game",
            "new",
            "chess",
            "--white",
            "alice@example.test",
            "--black",
            "bob@example.test",
        ]);
        assert_eq!(code, 0, "{out}{err}");
        let store = self.store().await;
        let id: i64 = sqlx::query("SELECT MAX(id) FROM games")
            .fetch_one(store.pool())
            .await
            .unwrap()
            .get(0);
        let address = |seat: &'static str| {
            let store = store.clone();
            async move {
                let secret: String =
                    sqlx::query("SELECT secret FROM seats WHERE game_id = ? AND seat = ?")
                        .bind(id)
                        .bind(seat)
                        .fetch_one(store.pool())
                        .await
                        .unwrap()
                        .get(0);
                format!("referee+{id}.{secret}@example.test")
            }
        };
        (id, address("white").await, address("black").await)
    }

    /// Waits until the game's log holds `entries` entries.
    pub async fn await_log_len(&self, game: i64, entries: i64) {
        let deadline = Instant::now() + WAIT;
        while self.log_len(game).await < entries {
            assert!(
                Instant::now() < deadline,
                "the log of game {game} never reached {entries} entries:\n{}",
                self.daemon_log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until no mail waits in the outbox but those to `except`
    /// (sent or given up).
    pub async fn await_outbox_sent(&self, except: &str) {
        let store = self.store().await;
        let deadline = Instant::now() + WAIT;
        loop {
            let waiting: i64 = sqlx::query(
                "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL \
                 AND recipient != ?",
            )
            .bind(except)
            .fetch_one(store.pool())
            .await
            .unwrap()
            .get(0);
            if waiting == 0 {
                return;
            }
            assert!(Instant::now() < deadline, "{}", self.daemon_log());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub fn await_log(&self, needle: &str, times: usize) {
        let deadline = Instant::now() + WAIT;
        while self.daemon_log().matches(needle).count() < times {
            assert!(
                Instant::now() < deadline,
                "no {needle:?} (x{times}) in the log:\n{}",
                self.daemon_log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kills the daemon at once (SIGKILL: no chance to tidy up).
    pub fn kill_daemon(&mut self) {
        if let Some(mut child) = self.daemon.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Drops the daemon's IMAP connection from the server side, as a server
    /// restart or a network cut would.
    pub fn kick_referee(&self) {
        let status = Command::new("doveadm")
            .arg("-c")
            .arg(self.stack.state_dir.join("dovecot.conf"))
            .args(["kick", "referee@example.test"])
            .status()
            .unwrap();
        assert!(status.success(), "doveadm kick");
    }

    pub fn daemon_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("daemon.log")).unwrap_or_default()
    }

    pub async fn store(&self) -> Store {
        Store::open(&self.db).await.unwrap()
    }

    /// Waits until each game's log is at least as long as the test wants,
    /// `(game id, log length)` pairs: every mailed action applied.
    pub async fn await_log_lengths(&self, wanted: &[(i64, i64)]) {
        let store = self.store().await;
        let deadline = Instant::now() + WAIT * 2;
        loop {
            let stored: std::collections::HashMap<i64, i64> =
                sqlx::query("SELECT id, log_len FROM games")
                    .fetch_all(store.pool())
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| (r.get(0), r.get(1)))
                    .collect();
            let behind = wanted.iter().filter(|(id, len)| stored[id] < *len).count();
            if behind == 0 {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{behind} games never caught up\n{}",
                self.daemon_log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until the daemon has recorded the mail with this Message-ID;
    /// returns its outcome.
    pub async fn outcome_of(&self, message_id: &str) -> String {
        let store = self.store().await;
        let deadline = Instant::now() + WAIT;
        loop {
            let row = sqlx::query("SELECT outcome FROM inbound WHERE message_id = ? ORDER BY id")
                .bind(message_id)
                .fetch_all(store.pool())
                .await
                .unwrap();
            if let Some(row) = row.first() {
                return row.get::<String, _>(0);
            }
            assert!(
                Instant::now() < deadline,
                "mail {message_id} was never processed\n{}",
                self.daemon_log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// How many mails were recorded with this Message-ID, by outcome.
    pub async fn outcomes_of(&self, message_id: &str) -> Vec<String> {
        let store = self.store().await;
        sqlx::query("SELECT outcome FROM inbound WHERE message_id = ? ORDER BY id")
            .bind(message_id)
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<String, _>(0))
            .collect()
    }

    pub async fn log_len(&self, game: i64) -> i64 {
        let store = self.store().await;
        sqlx::query("SELECT COUNT(*) FROM log WHERE game_id = ?")
            .bind(game)
            .fetch_one(store.pool())
            .await
            .unwrap()
            .get(0)
    }

    /// Runs the `arbiter` binary on this harness's database.
    pub fn cli(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("--db")
            .arg(&self.db)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        self.kill_daemon();
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A player's mailbox as they read it, with a cursor of what they have seen.
pub struct Reader {
    pub player: Player,
    pub seen: usize,
    pub all: Vec<Received>,
}

impl Reader {
    pub fn new(player: Player) -> Reader {
        Reader {
            player,
            seen: 0,
            all: Vec::new(),
        }
    }

    /// The next `n` new mails.
    pub async fn next(&mut self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + WAIT;
        loop {
            let mails = self.player.inbox().await.unwrap();
            if mails.len() >= self.seen + n {
                let new = mails[self.seen..self.seen + n].to_vec();
                self.seen += n;
                self.all = mails;
                return new;
            }
            assert!(
                Instant::now() < deadline,
                "{}: expected {} new mails, have {}",
                self.player.address,
                n,
                mails.len() - self.seen
            );
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }

    /// The next new mail.
    pub async fn one(&mut self) -> Received {
        self.next(1).await.remove(0)
    }

    /// Asserts that no new mail arrived (after the daemon recorded the
    /// mail that could have caused one).
    pub async fn none_new(&mut self) {
        let mails = self.player.inbox().await.unwrap();
        assert_eq!(
            mails.len(),
            self.seen,
            "{}: unexpected mail: {:?}",
            self.player.address,
            mails.last().map(|m| &m.subject)
        );
    }
}

/// A plain-text mail built by hand (for odd headers and exact resends),
/// with its Message-ID (without brackets).
pub fn plain_mail(
    from: &str,
    to: &str,
    subject: &str,
    message_id: &str,
    body: &str,
) -> lettre::Message {
    lettre::Message::builder()
        .from(from.parse().unwrap())
        .to(to.parse().unwrap())
        .subject(subject)
        .message_id(Some(format!("<{message_id}>")))
        .header(lettre::message::header::ContentType::TEXT_PLAIN)
        .body(body.to_string())
        .unwrap()
}
