//! The daemon on a database it may not write, through the real Postfix and
//! Dovecot: it stops at once with an error that says the database is
//! read-only and what to do, the move mail waits in the mailbox untouched,
//! and once the file may be written again the restarted daemon applies it
//! exactly once. Root (as CI runs) ignores file permissions, so the file is
//! made immutable (`chattr +i`, which binds root too): SQLite then opens it
//! read-only, as it does a file its user may not write.
//! (`tests/integration/db_faults.rs` covers a full database and the rollback itself.)

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::support::{Harness, Setup};

/// `chattr +i` on a file, undone when dropped (the harness must be able to
/// remove its folder).
struct Immutable(PathBuf);

impl Immutable {
    fn set(path: &Path) -> Immutable {
        chattr("+i", path);
        Immutable(path.to_path_buf())
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        chattr("-i", &self.0);
    }
}

fn chattr(flag: &str, path: &Path) {
    let status = Command::new("chattr").arg(flag).arg(path).status().unwrap();
    assert!(status.success(), "chattr {flag} {}", path.display());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_stops_the_daemon_and_the_mail_waits() {
    let mut harness = Harness::start("dbro", Setup::DEFAULT);
    let (game, white, _) = harness.chess_game().await;
    harness.await_log("watching the mailbox", 1);
    harness.signal_daemon("TERM");
    assert_eq!(harness.daemon_exit(Duration::from_secs(20)), Some(0));

    let immutable = Immutable::set(&harness.db);
    let alice = harness.player("alice");
    let sent = alice.send(&white, "move", "e4", None).await.unwrap();
    let referee = harness.player("referee");
    referee
        .wait_for_new(0, crate::support::WAIT)
        .await
        .expect("the move reaches the referee's mailbox");

    harness.start_daemon();
    let code = harness.daemon_exit(crate::support::WAIT);
    assert!(
        matches!(code, Some(c) if c != 0),
        "the daemon stops with an error: {code:?}\n{}",
        harness.daemon_log()
    );
    let log = harness.daemon_log();
    assert!(log.contains("the database is read-only"), "{log}");
    assert!(
        log.contains("Make the database file and its folder writable"),
        "{log}"
    );
    // Nothing done: the mail is still in the mailbox, unrecorded.
    assert_eq!(referee.inbox().await.unwrap().len(), 1);
    assert_eq!(harness.log_len(game).await, 0);
    assert!(harness.outcomes_of(&sent).await.is_empty());

    // Writable again: the restarted daemon applies the move, once.
    drop(immutable);
    harness.start_daemon();
    harness.await_log_len(game, 1).await;
    assert_eq!(harness.outcome_of(&sent).await, "applied");
    harness.await_outbox_sent("").await;
    assert_eq!(harness.outcomes_of(&sent).await, ["applied"]);
    let (code, out, err) = harness.cli(&["game", "verify", &game.to_string()]);
    assert_eq!(code, 0, "{out}{err}");
}
