//! The database: SQLite through sqlx, WAL, foreign keys on, migrations
//! embedded and applied at open.
//!
//! This is the only room that names SQLite. Every other room works in the
//! store's own transaction type, [`Tx`]: the referee decides what to write
//! and when to commit, the functions here are plain data access inside it.
//! Write transactions begin with `BEGIN IMMEDIATE` ([`Store::write`]): a
//! deferred read-then-write transaction can fail with SQLITE_BUSY even in
//! WAL mode. Reads run in a transaction of their own ([`Store::read`]), so a
//! reader sees one consistent snapshot.
//!
//! # Towards PostgreSQL
//! Several referees on one PostgreSQL database would change only this room:
//! - placeholders `?` become `$1, $2, ...`;
//! - time functions: SQLite's `strftime('%Y-%m-%dT%H:%M:%SZ', 'now')`
//!   defaults become `now()` in `timestamptz` columns ([`clock::format_time`]
//!   and [`clock::parse_time`] are the one place that reads and writes
//!   times), `json_extract(entry, '$.kind')` becomes `entry->>'kind'`;
//! - `BEGIN IMMEDIATE` becomes an ordinary `BEGIN` (PostgreSQL locks rows,
//!   not the database); `INSERT OR IGNORE` becomes `ON CONFLICT DO NOTHING`;
//! - inbound mail is claimed by inserting its (UIDVALIDITY, UID) and
//!   Message-ID under a unique key before it is processed, so that two
//!   referees watching one mailbox never both apply it; outbox rows are
//!   claimed with `SELECT ... FOR UPDATE SKIP LOCKED`, so each is sent by
//!   one sender;
//! - the log's (game, index) primary key already makes two writers of one
//!   game safe: the second insert fails and its transaction rolls back.

pub mod challenges;
pub mod clock;
pub mod computers;
pub mod conditionals;
pub mod digests;
pub mod finished;
pub mod games;
pub mod health;
pub mod mail;
pub mod watchers;

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, Sqlite, SqliteConnection, SqlitePool, Transaction, TransactionManager};
use thiserror::Error;

/// A database failure. Never shown to a player.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(sqlx::Error),
    /// SQLite could not grow the file (SQLITE_FULL): the disk is full, or
    /// the database reached a size limit.
    #[error(
        "the database is full: SQLite could not make the file larger (the disk is full, or a size \
         limit was reached); the change was rolled back whole and nothing was half-written, and \
         mail that could not be processed stays in the mailbox. Free disk space, then start \
         `arbiter serve` again (systemd restarts it by itself)"
    )]
    Full,
    /// SQLite may not write the database (SQLITE_READONLY): the file or
    /// its folder is not writable by this user, or it was replaced or
    /// moved while open.
    #[error(
        "the database is read-only: SQLite may not write it (the file or its folder is not \
         writable by this user, or the file was moved or replaced while the referee ran); nothing \
         was written, and mail that could not be processed stays in the mailbox. Make the database \
         file and its folder writable by the referee's user, then start `arbiter serve` again \
         (systemd restarts it by itself)"
    )]
    ReadOnly,
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        // SQLite's primary result code is the low byte of the extended one.
        let code = error
            .as_database_error()
            .and_then(|e| e.code())
            .and_then(|code| code.parse::<i32>().ok())
            .map(|code| code & 0xff);
        match code {
            Some(SQLITE_FULL) => StoreError::Full,
            Some(SQLITE_READONLY) => StoreError::ReadOnly,
            _ => StoreError::Sql(error),
        }
    }
}

const SQLITE_READONLY: i32 = 8;
const SQLITE_FULL: i32 = 13;

impl StoreError {
    /// Whether the database cannot take writes until the host acts (it is
    /// full or read-only): nothing retried now can succeed, so the daemon
    /// stops and says what to do rather than retry in a loop.
    pub fn needs_the_host(&self) -> bool {
        matches!(self, StoreError::Full | StoreError::ReadOnly)
    }
}

/// The open database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    installation: Arc<mail::Installation>,
}

impl Store {
    /// Opens (creating it if missing) the database file and applies the
    /// migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Corrupt(format!(
                    "cannot create the directory {}: {e}",
                    dir.display()
                ))
            })?;
        }
        // SQLite gives sqlx's migrator no lock: two processes opening a new
        // (or older) database at once, `serve` and a host's command say,
        // would both apply the same migration. A lock file beside the
        // database makes them take turns.
        let lock_path = {
            let mut name = path.as_os_str().to_owned();
            name.push(".lock");
            std::path::PathBuf::from(name)
        };
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| {
                StoreError::Corrupt(format!("cannot open {}: {e}", lock_path.display()))
            })?;
        let locked = tokio::task::spawn_blocking(move || lock.lock().map(|()| lock))
            .await
            .map_err(|e| StoreError::Corrupt(format!("waiting for the database lock: {e}")))?
            .map_err(|e| {
                StoreError::Corrupt(format!("cannot lock {}: {e}", lock_path.display()))
            })?;
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true);
        let store = Self::connect(options).await;
        drop(locked);
        store
    }

    /// A private in-memory database, for tests.
    pub async fn open_in_memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?;
        // One connection: each in-memory connection is its own database.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(Self::tune(options))
            .await?;
        Self::migrate(pool).await
    }

    async fn connect(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .after_release(|conn, _| Box::pin(Self::still_sound(conn)))
            .connect_with(Self::tune(options))
            .await?;
        Self::migrate(pool).await
    }

    /// Whether a connection given back to the pool may serve again. When a
    /// write fails with SQLITE_FULL (or an I/O error), SQLite may roll the
    /// whole transaction back by itself; sqlx's own `ROLLBACK` then fails,
    /// and it counts the transaction as still open, so every later `BEGIN
    /// IMMEDIATE` on that connection would be refused. Such a connection
    /// is closed instead (the ping first lets the rollback run).
    async fn still_sound(conn: &mut SqliteConnection) -> Result<bool, sqlx::Error> {
        conn.ping().await?;
        Ok(<Sqlite as sqlx::Database>::TransactionManager::get_transaction_depth(conn) == 0)
    }

    fn tune(options: SqliteConnectOptions) -> SqliteConnectOptions {
        options
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
    }

    async fn migrate(pool: SqlitePool) -> Result<Store, StoreError> {
        sqlx::migrate!("./migrations").run(&pool).await?;
        let installation = mail::installation(&mut *pool.acquire().await?).await?;
        Ok(Store {
            pool,
            installation: Arc::new(installation),
        })
    }

    /// This database's own part of the referee's Message-IDs.
    pub fn installation(&self) -> &mail::Installation {
        &self.installation
    }

    /// The pool, for tests that inspect the database with their own SQL.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A write transaction (`BEGIN IMMEDIATE`): it holds the write lock from
    /// the start, so it never fails half-way for a concurrent writer.
    pub async fn write(&self) -> Result<Tx, StoreError> {
        Ok(Tx(self.pool.begin_with("BEGIN IMMEDIATE").await?))
    }

    /// A read transaction: one consistent snapshot, rolled back when dropped.
    pub async fn read(&self) -> Result<Tx, StoreError> {
        Ok(Tx(self.pool.begin().await?))
    }
}

/// A transaction on the store: the only handle other rooms hold. Dropped
/// without [`Tx::commit`], it rolls back.
#[derive(Debug)]
pub struct Tx(Transaction<'static, Sqlite>);

impl Tx {
    /// Makes every change of the transaction durable at once.
    pub async fn commit(self) -> Result<(), StoreError> {
        Ok(self.0.commit().await?)
    }

    /// The connection, for the data access functions of this room.
    fn db(&mut self) -> &mut SqliteConnection {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
