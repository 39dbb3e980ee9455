//! End to end through the real Postfix and Dovecot: `arbiter serve` as a
//! service manager drives it. SIGTERM stops it cleanly (the mail in hand
//! committed once, the outbox tried, exit 0 within 10 s); SIGHUP rereads
//! the configuration without a restart, and a broken file changes nothing.

use std::time::{Duration, Instant};

use crate::support::{Harness, Reader, Setup};
use sqlx::Row;

const STOP_LIMIT: Duration = Duration::from_secs(10);

/// Sends SIGTERM and waits for the exit; the exit code and how long it took.
fn terminate(harness: &mut Harness) -> (i32, Duration) {
    harness.signal_daemon("TERM");
    let sent = Instant::now();
    let code = harness.daemon_exit(STOP_LIMIT + Duration::from_secs(5));
    let took = sent.elapsed();
    let code = code.unwrap_or_else(|| panic!("still running:\n{}", harness.daemon_log()));
    (code, took)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_idle_stops_at_once_with_exit_0() {
    let mut harness = Harness::start("term-idle", Setup::DEFAULT);
    harness.await_log("watching the mailbox", 1);
    // Into IDLE, which the harness's configuration renews only every 60 s.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (code, took) = terminate(&mut harness);
    let log = harness.daemon_log();
    assert_eq!(code, 0, "{log}");
    assert!(took < STOP_LIMIT, "{took:?}\n{log}");
    assert!(log.contains("arbiter stopped"), "{log}");
    // The IDLE ended because the stop ended it, not by a deadline.
    assert!(!log.contains("did not stop in time"), "{log}");
    assert!(!log.contains("IMAP session ended"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_mail_in_hand_and_tries_its_answers() {
    let mut harness = Harness::start("term-busy", Setup::DEFAULT);
    let mut alice = Reader::new(harness.player("alice"));
    let mut bob = Reader::new(harness.player("bob"));
    let mut carol = Reader::new(harness.player("carol"));
    let inbox = harness.player("referee");
    harness.await_log("watching the mailbox", 1);

    // The test holds the database's write lock, so the daemon stops in the
    // middle of the first mail, between reading it and committing it.
    let store = harness.store().await;
    let (lock, first, second) = harness
        .busy_while_a_second_arrives(&alice.player, &carol.player)
        .await;

    harness.signal_daemon("TERM");
    let sent = Instant::now();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        harness.daemon_exit(Duration::from_millis(100)),
        None,
        "it waits for the mail in hand:\n{}",
        harness.daemon_log()
    );
    lock.commit().await.unwrap();
    let code = harness.daemon_exit(STOP_LIMIT);
    let took = sent.elapsed();
    let log = harness.daemon_log();
    assert_eq!(code, Some(0), "{log}");
    assert!(took < STOP_LIMIT, "{took:?}\n{log}");

    // The mail in hand: committed once, moved, and both its answers sent by
    // the last pass over the outbox (the sender had stopped at the signal).
    assert_eq!(harness.outcomes_of(&first).await, ["applied"], "{log}");
    assert!(
        log.contains("the outbox had its last attempt sent=2"),
        "{log}"
    );
    let unsent: i64 = sqlx::query("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(unsent, 0);
    assert!(
        bob.one()
            .await
            .text
            .contains("alice@example.test challenges you")
    );
    assert!(
        alice
            .one()
            .await
            .text
            .contains("Your challenge to bob@example.test")
    );
    // The mail behind it: untouched, still waiting in the mailbox.
    assert!(harness.outcomes_of(&second).await.is_empty(), "{log}");
    let waiting = inbox.inbox().await.unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].message_id.as_deref(), Some(second.as_str()));

    // The next start takes the waiting mail, and only it.
    harness.start_daemon();
    assert_eq!(harness.outcome_of(&second).await, "applied");
    assert!(
        carol
            .one()
            .await
            .text
            .contains("Your challenge to dave@example.test")
    );
    assert_eq!(harness.outcomes_of(&first).await, ["applied"]);
    alice.none_new().await;
    bob.none_new().await;
    let (code, _) = terminate(&mut harness);
    assert_eq!(code, 0, "{}", harness.daemon_log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_applies_the_referee_section_and_keeps_the_old_one_on_a_broken_file() {
    let mut harness = Harness::start("hup", Setup::DEFAULT);
    let referee = harness.referee.clone();
    let mut alice = Reader::new(harness.player("alice"));
    let mut bob = Reader::new(harness.player("bob"));
    let mut carol = Reader::new(harness.player("carol"));
    let mut dave = Reader::new(harness.player("dave"));
    let challenge = |reader: &Reader, opponent: &str| {
        let (player, subject) = (reader.player.clone(), format!("challenge {opponent} chess"));
        let referee = referee.clone();
        async move { player.send(&referee, &subject, "", None).await.unwrap() }
    };

    // Anyone may start games.
    let id = challenge(&alice, "bob@example.test").await;
    assert_eq!(harness.outcome_of(&id).await, "applied");
    bob.one().await;
    alice.one().await;

    // Only the club from now on; and an [imap] change, which waits.
    let text = std::fs::read_to_string(&harness.config).unwrap();
    let club = text
        .replacen(
            "[referee]\n",
            "[referee]\nstart_games = \"allowlist\"\nallow = [\"@club.example\"]\n",
            1,
        )
        .replacen("idle_seconds = 60", "idle_seconds = 50", 1);
    assert!(club.contains("allowlist") && club.contains("idle_seconds = 50"));
    std::fs::write(&harness.config, club).unwrap();
    harness.signal_daemon("HUP");
    harness.await_log("configuration reloaded", 1);
    let log = harness.daemon_log();
    assert!(
        log.contains("[imap]") && log.contains("keeps the old value until it restarts"),
        "{log}"
    );
    let id = challenge(&carol, "dave@example.test").await;
    assert_eq!(harness.outcome_of(&id).await, "refused");
    let refusal = carol.one().await;
    assert!(
        refusal
            .text
            .contains("This referee starts games only for its club's members."),
        "{}",
        refusal.text
    );
    dave.none_new().await;

    // A broken file: logged, and the allowlist stays in force.
    std::fs::write(&harness.config, "[referee\naddress = ").unwrap();
    harness.signal_daemon("HUP");
    harness.await_log("the configuration was not reloaded", 1);
    assert_eq!(harness.daemon_exit(Duration::from_millis(200)), None);
    let id = challenge(&dave, "carol@example.test").await;
    assert_eq!(harness.outcome_of(&id).await, "refused");
    assert!(
        dave.one()
            .await
            .text
            .contains("This referee starts games only for its club's members.")
    );
    carol.none_new().await;
    assert_eq!(
        harness
            .daemon_log()
            .matches("configuration reloaded")
            .count(),
        1
    );
    let (code, _) = terminate(&mut harness);
    assert_eq!(code, 0, "{}", harness.daemon_log());
}
