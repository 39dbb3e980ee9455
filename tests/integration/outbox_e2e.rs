//! The outbox against the real Postfix: a mail the server refuses for good
//! (5xx) is given up at once and shown to the host, while the others go
//! out as usual.

use std::time::{Duration, Instant};

use crate::support::{Harness, Reader, Setup};
use sqlx::Row;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_the_server_refuses_for_good_is_given_up_and_reported() {
    let harness = Harness::start("outbox5xx", Setup::DEFAULT);
    let mut alice = Reader::new(harness.player("alice"));
    // The stack relays nowhere: mail to another domain gets 554 at RCPT.
    alice
        .player
        .send(
            &harness.referee,
            "challenge nobody@elsewhere.test chess",
            "",
            None,
        )
        .await
        .unwrap();
    let ack = alice.one().await;
    assert!(ack.text.contains("nobody@elsewhere.test"), "{}", ack.text);

    let store = harness.store().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let (attempts, error) = loop {
        let row =
            sqlx::query("SELECT attempts, last_error, given_up_at FROM outbox WHERE recipient = ?")
                .bind("nobody@elsewhere.test")
                .fetch_one(store.pool())
                .await
                .unwrap();
        if row.get::<Option<String>, _>(2).is_some() {
            break (row.get::<i64, _>(0), row.get::<String, _>(1));
        }
        assert!(Instant::now() < deadline, "{}", harness.daemon_log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(attempts, 1, "given up at the first refusal");
    assert!(error.contains("554"), "{error}");

    // The answer to Alice went out (its row is marked sent just after).
    harness.await_outbox_sent("").await;
    let (code, status, _) = harness.cli(&["mail-status"]);
    assert_eq!(code, 0);
    assert!(
        status.contains("Mail the server refused for good (not tried again):"),
        "{status}"
    );
    assert!(status.contains("to nobody@elsewhere.test"), "{status}");
    assert!(status.contains("Mail waiting to be sent: 0"), "{status}");
}

/// A temporary refusal (4xx) is retried later, not given up, and not
/// brought forward by other mail going out meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_temporary_refusal_is_retried_later() {
    let harness = Harness::start("outbox4xx", Setup::DEFAULT);
    let mut alice = Reader::new(harness.player("alice"));
    // The stack answers 450 for tempfail@example.test.
    alice
        .player
        .send(
            &harness.referee,
            "challenge tempfail@example.test chess",
            "",
            None,
        )
        .await
        .unwrap();
    alice.one().await;
    let store = harness.store().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let row = loop {
        let row = sqlx::query(
            "SELECT attempts, last_error, given_up_at, unreachable, sent_at, \
             next_attempt_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now') FROM outbox \
             WHERE recipient = 'tempfail@example.test'",
        )
        .fetch_one(store.pool())
        .await
        .unwrap();
        if row.get::<i64, _>(0) > 0 {
            break row;
        }
        assert!(Instant::now() < deadline, "{}", harness.daemon_log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(row.get::<i64, _>(0), 1, "one attempt so far");
    assert!(
        row.get::<String, _>(1).contains("450"),
        "{}",
        row.get::<String, _>(1)
    );
    assert_eq!(row.get::<Option<String>, _>(2), None, "not given up");
    assert_eq!(
        row.get::<i64, _>(3),
        0,
        "the server answered: not unreachable"
    );
    assert_eq!(row.get::<Option<String>, _>(4), None);
    assert!(row.get::<bool, _>(5), "the retry waits");
    // The answer to Alice went out (its row is marked sent just after).
    harness.await_outbox_sent("tempfail@example.test").await;
    let (_, status, _) = harness.cli(&["mail-status"]);
    assert!(status.contains("Mail waiting to be sent: 1"), "{status}");
    assert!(status.contains("to tempfail@example.test"), "{status}");
}
