//! The database: SQLite (the default: one file, WAL, foreign keys on) or
//! PostgreSQL (`[database] url`: several referees on one database), through
//! sqlx, with each backend's migrations embedded and applied at open.
//!
//! This is the only room that names a database. Every other room works in
//! the store's own transaction type, [`Tx`]: the referee decides what to
//! write and when to commit, the functions here are plain data access inside
//! it. Each function is written once and compiled for both backends (`on!`
//! runs its body on whichever connection the transaction holds); where the
//! two speak differently (the time, JSON) it names both texts
//! ([`Tx::pick`]). Placeholders are `$1, $2, ...`, which SQLite reads too.
//! Moments are [`Stamp`]s: `timestamptz` in PostgreSQL, text in SQLite.
//!
//! Write transactions begin with SQLite's `BEGIN IMMEDIATE` ([`Store::write`]):
//! a deferred read-then-write transaction can fail with SQLITE_BUSY even in
//! WAL mode. PostgreSQL locks rows, not the database: its write transactions
//! are ordinary ones (READ COMMITTED), and what must not run twice at once
//! takes a row lock. Reads run in a transaction of their own
//! ([`Store::read`]), so a reader sees one consistent snapshot.

/// Runs `$body` with `$conn` bound to the transaction's connection, for
/// whichever backend it is: the body is compiled once for each.
macro_rules! on {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx.db() {
            $crate::store::Db::Sqlite($conn) => $body,
            $crate::store::Db::Postgres($conn) => $body,
        }
    };
}

pub mod challenges;
pub mod clock;
pub mod cluster;
pub mod computers;
pub mod conditionals;
pub mod copy;
pub mod digests;
pub mod finished;
pub mod games;
pub mod health;
pub mod lease;
pub mod mail;
pub mod names;
pub mod ratings;
mod stamp;
pub mod swiss;
pub mod tournament_settings;
pub mod tournaments;
pub mod watchers;

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{
    Connection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction,
    TransactionManager,
};
use thiserror::Error;

use crate::config::redact;
pub use crate::config::{Location, is_postgres_url};
pub use stamp::Stamp;

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
    /// SQLite's write lock stayed with another writer for longer than
    /// this connection waits for it (SQLITE_BUSY, SQLITE_LOCKED): nothing
    /// was written; the same work succeeds once the other writer is done.
    #[error(
        "the database is busy: another writer held SQLite's write lock for longer than the \
         referee waits ({BUSY_WAIT_SECONDS} s); nothing was written, and the work is tried again"
    )]
    Busy,
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// A database address that names no database this referee can use.
    #[error("{0}")]
    Location(String),
    /// Work under a lease that this referee no longer holds (it lapsed, or
    /// another referee took it over): nothing of it was committed.
    #[error("the lease {name} is no longer this referee's: the change was not committed")]
    LeaseLost { name: String },
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        // SQLite's primary result code is the low byte of the extended one.
        let code = error
            .as_database_error()
            .and_then(|e| e.try_downcast_ref::<sqlx::sqlite::SqliteError>())
            .and_then(sqlx::error::DatabaseError::code)
            .and_then(|code| code.parse::<i32>().ok())
            .map(|code| code & 0xff);
        match code {
            Some(SQLITE_BUSY | SQLITE_LOCKED) => StoreError::Busy,
            Some(SQLITE_FULL) => StoreError::Full,
            Some(SQLITE_READONLY) => StoreError::ReadOnly,
            _ => StoreError::Sql(error),
        }
    }
}

const SQLITE_BUSY: i32 = 5;
const SQLITE_LOCKED: i32 = 6;
const SQLITE_READONLY: i32 = 8;

/// How long a SQLite connection waits for the write lock before it gives
/// up with [`StoreError::Busy`].
const BUSY_WAIT_SECONDS: u64 = 10;
const SQLITE_FULL: i32 = 13;

impl StoreError {
    /// Whether the database cannot take writes until the host acts (it is
    /// full or read-only): nothing retried now can succeed, so the daemon
    /// stops and says what to do rather than retry in a loop.
    pub fn needs_the_host(&self) -> bool {
        matches!(self, StoreError::Full | StoreError::ReadOnly)
    }

    /// Whether the same work may well succeed if tried again soon: the
    /// database was busy, the connection broke or none was free in time,
    /// or PostgreSQL rolled the transaction back for a conflict or a
    /// restart. Nothing of the failed transaction was committed.
    pub fn is_passing(&self) -> bool {
        match self {
            StoreError::Busy => true,
            StoreError::Sql(sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut) => true,
            StoreError::Sql(sqlx::Error::Database(e)) => e.code().is_some_and(|code| {
                // PostgreSQL's classes: 40 a transaction rolled back
                // (serialization, deadlock), 08 the connection, 57P0x the
                // server shutting down or restarting.
                code.starts_with("40") || code.starts_with("08") || code.starts_with("57P0")
            }),
            _ => false,
        }
    }
}

/// Which database engine a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Location {
    /// The backend that keeps a database at this location.
    pub fn backend(&self) -> Backend {
        match self {
            Location::Sqlite(_) => Backend::Sqlite,
            Location::Postgres(_) => Backend::Postgres,
        }
    }
}

/// The pool of connections of one backend.
#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// The open database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    installation: Arc<mail::Installation>,
    /// The lease every write's commit is checked against (see
    /// [`Store::under`]).
    lease: Option<Arc<lease::Lease>>,
}

/// Connections a referee keeps to PostgreSQL: the mailbox reader, the
/// clock, the sender and the command line's occasional reads need a few
/// each at once; a host with many referees counts this many per referee.
const PG_CONNECTIONS: u32 = 8;

impl Store {
    /// Opens the database at `location` (see [`Store::open`] and
    /// [`Store::connect`]).
    pub async fn open_at(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sqlite(path) => Self::open(path).await,
            Location::Postgres(url) => Self::connect(url).await,
        }
    }

    /// Opens (creating it if missing) the SQLite database file and applies
    /// the migrations.
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
        let store = Self::connect_sqlite(options).await;
        drop(locked);
        store
    }

    /// Connects to a PostgreSQL database (`postgres://USER:PASSWORD@HOST/DB`;
    /// `?sslmode=require` and the other libpq parameters work) and applies
    /// the migrations. sqlx's PostgreSQL migrator holds an advisory lock
    /// while it runs, so referees started together take turns.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)
            .map_err(|e| {
                StoreError::Location(format!(
                    "the database URL {} is not one PostgreSQL takes: {e}",
                    redact(url)
                ))
            })?
            // A referee stalled inside a transaction (a pause, a cut
            // network) holds its locks, a game's among them, this long at
            // most: the server then ends its session and rolls it back.
            .options([("idle_in_transaction_session_timeout", "30s")]);
        let pool = PgPoolOptions::new()
            .max_connections(PG_CONNECTIONS)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        Self::ready(Pool::Postgres(pool)).await
    }

    /// A private in-memory database, for tests.
    pub async fn open_in_memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?;
        // One connection: each in-memory connection is its own database.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(Self::tune(options))
            .await?;
        Self::migrate_sqlite(pool).await
    }

    async fn connect_sqlite(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .after_release(|conn, _| Box::pin(Self::still_sound(conn)))
            .connect_with(Self::tune(options))
            .await?;
        Self::migrate_sqlite(pool).await
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
            .busy_timeout(Duration::from_secs(BUSY_WAIT_SECONDS))
    }

    /// A SQLite database file whose connections wait only `wait` for the
    /// write lock, for tests of what a busy database does.
    #[cfg(test)]
    pub(crate) async fn open_waiting(path: &Path, wait: Duration) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(Self::tune(options).busy_timeout(wait))
            .await?;
        Self::migrate_sqlite(pool).await
    }

    async fn migrate_sqlite(pool: SqlitePool) -> Result<Store, StoreError> {
        sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
        Self::ready(Pool::Sqlite(pool)).await
    }

    /// The store once migrated: its installation row read.
    async fn ready(pool: Pool) -> Result<Store, StoreError> {
        let store = Store {
            pool,
            installation: Arc::new(mail::Installation {
                token: String::new(),
                legacy_games: 0,
            }),
            lease: None,
        };
        let mut tx = store.read().await?;
        let installation = mail::installation(&mut tx).await?;
        drop(tx);
        Ok(Store {
            installation: Arc::new(installation),
            ..store
        })
    }

    /// This database's own part of the referee's Message-IDs.
    pub fn installation(&self) -> &mail::Installation {
        &self.installation
    }

    /// Which engine this store runs on.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// The SQLite pool, for tests that inspect a SQLite store with their
    /// own SQL. A PostgreSQL store has none (see [`Store::pg_pool`]).
    pub fn pool(&self) -> &SqlitePool {
        match &self.pool {
            Pool::Sqlite(pool) => pool,
            Pool::Postgres(_) => panic!("Store::pool is SQLite's; this store is PostgreSQL"),
        }
    }

    /// The PostgreSQL pool, for tests that inspect such a store with their
    /// own SQL; `None` on SQLite.
    pub fn pg_pool(&self) -> Option<&PgPool> {
        match &self.pool {
            Pool::Postgres(pool) => Some(pool),
            Pool::Sqlite(_) => None,
        }
    }

    /// Closes every connection (a copy's source and target, before they
    /// are checked).
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }

    /// A write transaction. On SQLite (`BEGIN IMMEDIATE`) it holds the
    /// write lock from the start, so it never fails half-way for a
    /// concurrent writer; on PostgreSQL it is an ordinary one, and a game
    /// it reads is locked until it ends (one change of a game at a time).
    /// Under a lease ([`Store::under`]) it commits only while the lease is
    /// held, and does not begin while it is known lost.
    pub async fn write(&self) -> Result<Tx, StoreError> {
        if let Some(lease) = &self.lease
            && lease.held().is_none()
        {
            return Err(StoreError::LeaseLost {
                name: lease.name.clone(),
            });
        }
        let mut tx = self.plain_write().await?;
        tx.lease = self.lease.clone();
        Ok(tx)
    }

    /// A write transaction under no lease.
    async fn plain_write(&self) -> Result<Tx, StoreError> {
        let inner = match &self.pool {
            Pool::Sqlite(pool) => Inner::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(pool) => Inner::Postgres(pool.begin().await?),
        };
        Ok(Tx {
            inner,
            write: true,
            lease: None,
        })
    }

    /// A read transaction: one consistent snapshot, rolled back when dropped.
    pub async fn read(&self) -> Result<Tx, StoreError> {
        let inner = match &self.pool {
            Pool::Sqlite(pool) => Inner::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Inner::Postgres(
                pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ")
                    .await?,
            ),
        };
        Ok(Tx {
            inner,
            write: false,
            lease: None,
        })
    }
}

/// A transaction on the store: the only handle other rooms hold. Dropped
/// without [`Tx::commit`], it rolls back.
#[derive(Debug)]
pub struct Tx {
    inner: Inner,
    /// Begun by [`Store::write`]: the games it reads are locked.
    write: bool,
    lease: Option<Arc<lease::Lease>>,
}

#[derive(Debug)]
enum Inner {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// The connection under a transaction, for `on!`.
pub(crate) enum Db<'a> {
    Sqlite(&'a mut SqliteConnection),
    Postgres(&'a mut PgConnection),
}

impl Tx {
    /// Makes every change of the transaction durable at once; under a
    /// lease, only if it is still held (else nothing is kept).
    pub async fn commit(mut self) -> Result<(), StoreError> {
        if let Some(lease) = self.lease.take()
            && !lease::still_held(&mut self, &lease).await?
        {
            return Err(StoreError::LeaseLost {
                name: lease.name.clone(),
            });
        }
        match self.inner {
            Inner::Sqlite(tx) => tx.commit().await?,
            Inner::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }

    /// Which engine the transaction runs on.
    pub fn backend(&self) -> Backend {
        match self.inner {
            Inner::Sqlite(_) => Backend::Sqlite,
            Inner::Postgres(_) => Backend::Postgres,
        }
    }

    /// The text of a statement in this transaction's dialect.
    fn pick(&self, sqlite: &'static str, postgres: &'static str) -> &'static str {
        match self.inner {
            Inner::Sqlite(_) => sqlite,
            Inner::Postgres(_) => postgres,
        }
    }

    /// The connection, for the data access functions of this room.
    fn db(&mut self) -> Db<'_> {
        match &mut self.inner {
            Inner::Sqlite(tx) => Db::Sqlite(tx),
            Inner::Postgres(tx) => Db::Postgres(tx),
        }
    }
}

#[cfg(test)]
mod on_both_backends;
#[cfg(test)]
mod on_both_backends_challenges;
#[cfg(test)]
mod on_both_backends_tournament_clock;
#[cfg(test)]
mod on_both_backends_tournaments;

/// Stores for the tests of this room: one of each backend.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Store, cluster::Cluster};

    /// A new, empty store on each backend: SQLite in memory, and a new
    /// database on the test PostgreSQL server (started once a process).
    pub async fn stores() -> Vec<Store> {
        vec![Store::open_in_memory().await.unwrap(), postgres().await]
    }

    /// A new, empty PostgreSQL store.
    pub async fn postgres() -> Store {
        let url = Cluster::shared().new_database().await.unwrap();
        Store::connect(&url).await.unwrap()
    }
}

#[cfg(test)]
mod tests;
