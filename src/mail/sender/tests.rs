//! The sender against a busy database, a stalling server and a dead
//! referee.

use super::*;
use crate::config::Security;
use sqlx::Connection;

#[tokio::test]
async fn a_busy_database_pauses_the_sender_and_does_not_stop_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("referee.db");
    let store = Store::open_waiting(&path, Duration::from_millis(50))
        .await
        .unwrap();
    queue_one_mail(&store).await;
    // A port nothing listens on: each send fails at once, and its
    // failure must be written down.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = plain_smtp(port, 2);
    let sender =
        Arc::new(Sender::new(&config, None, "referee@example.test", store.clone()).unwrap());

    // Another writer holds SQLite's write lock for longer than the
    // sender's retries of one batch.
    let mut other = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .unwrap();
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn({
        let sender = sender.clone();
        async move { sender.run(Arc::new(Notify::new()), stopped).await }
    });
    tokio::time::sleep(Duration::from_secs(7)).await;
    assert!(!task.is_finished(), "the sender stopped on a busy database");
    let attempts = || async {
        let (attempts,): (i64,) = sqlx::query_as("SELECT attempts FROM outbox")
            .fetch_one(store.pool())
            .await
            .unwrap();
        attempts
    };
    assert_eq!(
        attempts().await,
        0,
        "nothing was written while the lock was held"
    );

    sqlx::query("COMMIT").execute(&mut other).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while attempts().await == 0 {
        assert!(
            Instant::now() < deadline,
            "the failed send was never recorded"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.send(true).unwrap();
    task.await.unwrap().unwrap();
}

/// One move mail in the outbox, due now.
async fn queue_one_mail(store: &Store) {
    let mut tx = store.write().await.unwrap();
    let raw = b"Subject: a move\r\n\r\nbody\r\n";
    mailstore::enqueue(
        &mut tx,
        "player@example.org",
        "<m1@test>",
        "a move",
        raw,
        None,
        None,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

/// A server that takes connections and never answers: each send lasts
/// the whole send timeout.
fn stalling_server() -> (std::net::TcpListener, u16) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    (listener, port)
}

fn plain_smtp(port: u16, timeout_seconds: u64) -> SmtpConfig {
    SmtpConfig {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        username: None,
        auth: Default::default(),
        password_env: None,
        token_command: None,
        ca_file: None,
        timeout_seconds,
    }
}

/// Who else could take the mail now: another referee's claim.
async fn claimed_by_another(store: &Store) -> usize {
    let mut tx = store.write().await.unwrap();
    let got = mailstore::claim_due(&mut tx, "another-referee", 60, BATCH)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    got.len()
}

/// On PostgreSQL a send slower than the claim keeps its mail (the
/// claim is renewed), and a sender that dies mid-send holds its mail
/// no longer than one claim.
#[tokio::test]
async fn a_claim_is_renewed_while_sending_and_lapses_soon_after_its_sender_dies() {
    let store = crate::store::testing::postgres().await;
    queue_one_mail(&store).await;
    let (_listener, port) = stalling_server();
    let mut sender = Sender::new(
        &plain_smtp(port, 6),
        None,
        "referee@example.test",
        store.clone(),
    )
    .unwrap();
    sender.claim = Claim {
        length: Duration::from_secs(2),
        renew_every: Duration::from_millis(300),
        margin: Duration::from_millis(800),
    };
    let sender = Arc::new(sender);

    let pass = tokio::spawn({
        let sender = sender.clone();
        async move { sender.send_due().await }
    });
    // Past two claims' length, the send still under way: still held.
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert!(
        !pass.is_finished(),
        "the send should still be waiting on the server"
    );
    assert_eq!(
        claimed_by_another(&store).await,
        0,
        "the claim was not renewed"
    );
    // The send times out and is recorded as failed, releasing the mail.
    assert_eq!(pass.await.unwrap().unwrap(), 0);
    let (attempts, claimed_by): (i64, Option<String>) =
        sqlx::query_as("SELECT attempts, claimed_by FROM outbox")
            .fetch_one(store.pg_pool().unwrap())
            .await
            .unwrap();
    assert_eq!((attempts, claimed_by), (1, None));

    // Now the sender dies mid-send: its claim lapses within one length.
    sqlx::query("UPDATE outbox SET next_attempt_at = now()")
        .execute(store.pg_pool().unwrap())
        .await
        .unwrap();
    let pass = tokio::spawn({
        let sender = sender.clone();
        async move { sender.send_due().await }
    });
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(claimed_by_another(&store).await, 0, "held while alive");
    pass.abort();
    let died = Instant::now();
    while claimed_by_another(&store).await == 0 {
        assert!(
            died.elapsed() < Duration::from_secs(5),
            "a dead sender's claim did not lapse"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[test]
fn retries_start_soon_and_level_off_at_an_hour() {
    let delays: Vec<i64> = (1..=11).map(retry_delay).collect();
    assert_eq!(&delays[..5], &[10, 20, 40, 80, 160]);
    assert_eq!(delays[10], 3600);
}
