//! The store's own tests: opening, migrating and upgrading a database.

use super::*;

/// Referees starting together on one new PostgreSQL database take
/// turns at its migrations (sqlx's lock) and all come up.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn referees_connecting_to_a_new_postgres_database_at_once_all_start() {
    let url = cluster::Cluster::shared().new_database().await.unwrap();
    let opens: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { Store::connect(&url).await })
        })
        .collect();
    let mut tokens = Vec::new();
    for open in opens {
        tokens.push(open.await.unwrap().unwrap().installation().token.clone());
    }
    tokens.dedup();
    assert_eq!(tokens.len(), 1, "one installation row: {tokens:?}");
}

/// Processes (here tasks) opening a new database at once take turns
/// at its migrations instead of applying them twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn opening_a_new_database_at_once_from_several_places_works() {
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("race{round}.db"));
        let opens: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                tokio::spawn(async move { Store::open(&path).await.map(|_| ()) })
            })
            .collect();
        for open in opens {
            open.await.unwrap().unwrap();
        }
    }
}

#[tokio::test]
async fn every_database_gets_its_own_token_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.db");
    let first = Store::open(&path).await.unwrap();
    let again = Store::open(&path).await.unwrap();
    let other = Store::open_in_memory().await.unwrap();
    let token = &first.installation().token;
    assert_eq!(token.len(), 16);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    assert_eq!(first.installation(), again.installation(), "made once");
    assert_ne!(token, &other.installation().token);
    assert_eq!(first.installation().legacy_games, 0);

    let url = cluster::Cluster::shared().new_database().await.unwrap();
    let server = Store::connect(&url).await.unwrap();
    let server_again = Store::connect(&url).await.unwrap();
    let token = &server.installation().token;
    assert_eq!(token.len(), 16);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    assert_eq!(server.installation(), server_again.installation());
    assert_ne!(token, &first.installation().token);
    assert_eq!(server.installation().legacy_games, 0);
}

#[tokio::test]
async fn games_from_before_the_token_keep_their_threads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    // A database as the release before this migration left it: two games.
    let store = Store::open(&path).await.unwrap();
    for _ in 0..2 {
        sqlx::query(
            "INSERT INTO games (game, options, seed, seed_hash) \
             VALUES ('chess', '{}', '00', '00')",
        )
        .execute(store.pool())
        .await
        .unwrap();
    }
    sqlx::query("DROP TABLE installation")
        .execute(store.pool())
        .await
        .unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 4")
        .execute(store.pool())
        .await
        .unwrap();
    store.pool().close().await;
    let upgraded = Store::open(&path).await.unwrap();
    assert_eq!(upgraded.installation().legacy_games, 2);
    assert_eq!(upgraded.installation().token.len(), 16);
}

/// The migration that added the mailbox to the inbound key names the
/// mailbox each recorded mail came from, where the position table knows
/// it, and keeps every row.
#[tokio::test]
async fn recorded_mail_gets_its_mailbox_when_the_key_grows() {
    let dir = tempfile::tempdir().unwrap();
    let older = dir.path().join("older");
    std::fs::create_dir(&older).unwrap();
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    for entry in std::fs::read_dir(&here).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if name.as_str() < "0020" {
            std::fs::copy(&path, older.join(&name)).unwrap();
        }
    }
    let path = dir.path().join("old.db");
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let pool = SqlitePool::connect_with(options).await.unwrap();
    sqlx::migrate::Migrator::new(older.as_path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    for sql in [
        "INSERT INTO mailbox (name, uidvalidity) VALUES ('Referee', 77)",
        "INSERT INTO inbound (uidvalidity, uid, message_id, outcome) VALUES (77, 1, '<a@x>', 'applied')",
        "INSERT INTO inbound (uidvalidity, uid, message_id, outcome) VALUES (12, 1, '<b@x>', 'refused')",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    pool.close().await;
    let store = Store::open(&path).await.unwrap();
    let mut tx = store.write().await.unwrap();
    let key = |mailbox: &str, uidvalidity| mail::MailKey {
        mailbox: mailbox.to_string(),
        uidvalidity,
        uid: 1,
    };
    assert!(mail::seen(&mut tx, &key("Referee", 77)).await.unwrap());
    assert!(!mail::seen(&mut tx, &key("INBOX", 77)).await.unwrap());
    assert!(mail::seen(&mut tx, &key("INBOX", 12)).await.unwrap());
    assert!(mail::message_id_seen(&mut tx, "<b@x>").await.unwrap());
    // The new table still numbers after the old rows.
    mail::record_inbound(
        &mut tx,
        &key("Referee", 78),
        None,
        None,
        mail::Handled::Ignored,
        "",
        None,
    )
    .await
    .unwrap();
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM inbound ORDER BY id")
        .fetch_all(&mut *match tx.db() {
            Db::Sqlite(c) => c,
            Db::Postgres(_) => unreachable!("a SQLite file"),
        })
        .await
        .unwrap();
    assert_eq!(ids, [1, 2, 3]);
}
