//! The outbox against the real Postfix: a mail the server refuses for good
//! (5xx) is given up at once and shown to the host, while the others go
//! out as usual.

mod support;

use std::time::{Duration, Instant};

use sqlx::Row;
use support::{Harness, Reader, Setup};

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
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting: i64 = sqlx::query(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
        )
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
        if waiting == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "{}", harness.daemon_log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (code, status, _) = harness.cli(&["mail-status"]);
    assert_eq!(code, 0);
    assert!(
        status.contains("Mail the server refused for good (not tried again):"),
        "{status}"
    );
    assert!(status.contains("to nobody@elsewhere.test"), "{status}");
    assert!(status.contains("Mail waiting to be sent: 0"), "{status}");
}
