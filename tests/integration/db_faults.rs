//! A database that is full or read-only: a move mail processed then fails
//! with an error that says so and what to do, and changes nothing (no log
//! entry, no mail queued, the mail not recorded as done, so it is processed
//! again); once the database takes writes again, the same mail is applied
//! exactly once. SQLite's own means make the faults, since root (as CI
//! runs) ignores file permissions: `PRAGMA max_page_count` caps the file at
//! its size ("full"), `PRAGMA query_only` refuses every write
//! ("read-only"). `tests/integration/mail_db_faults_e2e.rs` has the daemon's side.

use crate::support::room::{Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::{Handled, MailKey};
use arbiter::store::{Store, StoreError};
use sqlx::Row;

/// What a failed mail could have changed.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    log: i64,
    inbound: i64,
    outbox: i64,
    log_len: i64,
    checkpoint: String,
}

async fn counts(room: &Room) -> Counts {
    let pool = room.mailroom.referee.store().pool();
    let count = |table: &'static str| async move {
        sqlx::query(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(pool)
            .await
            .unwrap()
            .get::<i64, _>(0)
    };
    Counts {
        log: count("log").await,
        inbound: count("inbound").await,
        outbox: count("outbox").await,
        log_len: sqlx::query("SELECT log_len FROM games WHERE id = 1")
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
        checkpoint: sqlx::query("SELECT log_len || state FROM checkpoints WHERE game_id = 1")
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
    }
}

/// Runs `sql` on every connection of the store's pool (a pragma holds for
/// the connection it runs on).
async fn pragma(room: &Room, sql: &str) {
    let pool = room.mailroom.referee.store().pool();
    let mut held = Vec::new();
    for _ in 0..pool.options().get_max_connections() {
        let mut conn = pool.acquire().await.unwrap();
        sqlx::query(sql).execute(&mut *conn).await.unwrap();
        held.push(conn);
    }
}

/// Processes `raw` as the daemon does: one write transaction, committed.
async fn process(room: &Room, key: MailKey, raw: &[u8]) -> Result<Handled, StoreError> {
    let mut tx = room.mailroom.referee.store().write().await?;
    let processed = room.mailroom.process(&mut tx, key, raw).await?;
    tx.commit().await?;
    Ok(processed.handled)
}

/// A game under way in a database file, and White's move mail not
/// processed yet.
async fn game_and_move(dir: &tempfile::TempDir) -> (Room, MailKey, Vec<u8>) {
    let store = Store::open(&dir.path().join("faults.db")).await.unwrap();
    let mut room = Room::with_store(store, RefereeConfig::default());
    let (alice, _) = started_game(&mut room, "chess", "").await;
    let raw = mail("alice@example.test", &alice, "Re", "move-1@x", "e4");
    let key = MailKey {
        mailbox: "INBOX".to_string(),
        uidvalidity: 1,
        uid: 100,
    };
    (room, key, raw)
}

#[tokio::test]
async fn a_full_database_changes_nothing_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (room, key, raw) = game_and_move(&dir).await;
    // No free pages left to fill, then no more pages at all.
    sqlx::query("VACUUM")
        .execute(room.mailroom.referee.store().pool())
        .await
        .unwrap();
    let pages: i64 = sqlx::query("PRAGMA page_count")
        .fetch_one(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .get(0);
    pragma(&room, &format!("PRAGMA max_page_count = {pages}")).await;
    let before = counts(&room).await;

    let error = process(&room, key.clone(), &raw).await.unwrap_err();
    assert!(matches!(error, StoreError::Full), "{error:?}");
    let text = error.to_string();
    assert!(text.starts_with("the database is full"), "{text}");
    assert!(text.contains("nothing was half-written"), "{text}");
    assert!(text.contains("Free disk space"), "{text}");
    assert_eq!(counts(&room).await, before, "nothing was applied");

    // Room again (the connection whose transaction SQLite rolled back by
    // itself was closed, not given back): the same mail is applied, once.
    pragma(&room, "PRAGMA max_page_count = 1073741823").await;
    assert_eq!(process(&room, key, &raw).await.unwrap(), Handled::Applied);
    let after = counts(&room).await;
    assert_eq!(after.log, before.log + 1);
    assert_eq!(after.inbound, before.inbound + 1);
    assert_eq!(after.outbox, before.outbox + 2, "a notice to each player");
    assert_eq!(after.log_len, before.log_len + 1);
}

#[tokio::test]
async fn a_read_only_database_changes_nothing_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (room, key, raw) = game_and_move(&dir).await;
    pragma(&room, "PRAGMA query_only = 1").await;
    let before = counts(&room).await;

    let error = process(&room, key.clone(), &raw).await.unwrap_err();
    assert!(matches!(error, StoreError::ReadOnly), "{error:?}");
    let text = error.to_string();
    assert!(text.starts_with("the database is read-only"), "{text}");
    assert!(
        text.contains("Make the database file and its folder writable"),
        "{text}"
    );
    assert_eq!(counts(&room).await, before, "nothing was applied");

    pragma(&room, "PRAGMA query_only = 0").await;
    assert_eq!(process(&room, key, &raw).await.unwrap(), Handled::Applied);
    let after = counts(&room).await;
    assert_eq!(after.log, before.log + 1);
    assert_eq!(after.inbound, before.inbound + 1);
    assert_eq!(after.outbox, before.outbox + 2);
}
