//! The database: SQLite through sqlx, WAL, foreign keys on, migrations
//! embedded and applied at open.
//!
//! Functions here are plain data access on a connection; the referee decides
//! what to write and opens the transactions. Write transactions begin with
//! `BEGIN IMMEDIATE` ([`Store::write`]): a deferred read-then-write
//! transaction can fail with SQLITE_BUSY even in WAL mode.

pub mod challenges;
pub mod clock;
pub mod games;
pub mod mail;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};
use thiserror::Error;

/// A database failure. Never shown to a player.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

/// The open database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
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
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true);
        Self::connect(options).await
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
            .connect_with(Self::tune(options))
            .await?;
        Self::migrate(pool).await
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
        Ok(Store { pool })
    }

    /// The pool, for reads.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A write transaction (`BEGIN IMMEDIATE`): it holds the write lock from
    /// the start, so it never fails half-way for a concurrent writer.
    pub async fn write(&self) -> Result<Transaction<'static, Sqlite>, StoreError> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }
}
