//! The database's health, for `arbiter check`: whether it exists (or the
//! server answers) and may be written, which migrations it has, and
//! SQLite's integrity check. It opens a SQLite file read-only, and applies
//! nothing to either backend.

use std::collections::BTreeSet;
use std::path::Path;

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, Row, SqliteConnection};

use super::{Stamp, StoreError, redact};

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Health {
    /// No file yet: `serve` creates it, if its folder may be written.
    Missing { dir_writable: bool },
    Present {
        /// The file and its folder (for the -wal and -shm files).
        writable: bool,
        /// Migrations of this build applied to it.
        applied: usize,
        /// Migrations of this build not applied yet.
        pending: usize,
        /// Migrations applied that this build does not know (a newer one).
        unknown: usize,
        /// `ok`, or SQLite's first complaints.
        integrity: String,
    },
}

/// Looks at the database file without changing it.
pub async fn inspect(path: &Path) -> Result<Health, StoreError> {
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir()
            .map_err(|e| StoreError::Corrupt(format!("the current folder: {e}")))?,
    };
    if !path.exists() {
        return Ok(Health::Missing {
            dir_writable: writable_dir(&dir),
        });
    }
    let writable = writable_dir(&dir)
        && std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .is_ok();
    let options = SqliteConnectOptions::new().filename(path).read_only(true);
    let mut conn = SqliteConnection::connect_with(&options).await?;
    let has_table: bool = sqlx::query(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
    )
    .fetch_one(&mut conn)
    .await?
    .get(0);
    let done: BTreeSet<i64> = if has_table {
        sqlx::query("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(|r| r.get::<i64, _>(0))
            .collect()
    } else {
        BTreeSet::new()
    };
    let known: BTreeSet<i64> = sqlx::migrate!("./migrations/sqlite")
        .iter()
        .map(|m| m.version)
        .collect();
    let rows = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await?;
    let integrity: Vec<String> = rows.iter().take(5).map(|r| r.get(0)).collect();
    conn.close().await?;
    Ok(Health::Present {
        writable,
        applied: done.intersection(&known).count(),
        pending: known.difference(&done).count(),
        unknown: done.difference(&known).count(),
        integrity: integrity.join("; "),
    })
}

/// What the check found on a PostgreSQL server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerHealth {
    /// The server's version, as it tells it (`PostgreSQL 15.8 ...`).
    pub version: String,
    /// Whether this login may write: not a standby in recovery, not a
    /// read-only default, and allowed to write the referee's tables (or to
    /// create them, in a database not migrated yet).
    pub writable: bool,
    pub applied: usize,
    pub pending: usize,
    pub unknown: usize,
    /// Who holds which role, since when (none before the first start).
    pub leases: Vec<super::lease::LeaseRow>,
}

/// Connects to the PostgreSQL database at `url` and looks at it without
/// changing it.
pub async fn inspect_postgres(url: &str) -> Result<ServerHealth, StoreError> {
    let options = PgConnectOptions::from_str(url).map_err(|e| {
        StoreError::Location(format!(
            "the database URL {} is not one PostgreSQL takes: {e}",
            redact(url)
        ))
    })?;
    let mut conn = PgConnection::connect_with(&options).await?;
    let version: String = sqlx::query("SELECT version()")
        .fetch_one(&mut conn)
        .await?
        .get(0);
    let migrated: bool = sqlx::query("SELECT to_regclass('_sqlx_migrations') IS NOT NULL")
        .fetch_one(&mut conn)
        .await?
        .get(0);
    let done: BTreeSet<i64> = if migrated {
        sqlx::query("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(|r| r.get::<i64, _>(0))
            .collect()
    } else {
        BTreeSet::new()
    };
    // Writable: a primary, not read-only by default, and with the rights
    // to write the games (or to create tables, before the first start).
    let writable: bool = sqlx::query(
        "SELECT NOT pg_is_in_recovery() \
         AND current_setting('default_transaction_read_only') = 'off' \
         AND CASE WHEN to_regclass('games') IS NULL \
             THEN has_schema_privilege(current_schema(), 'CREATE') \
             ELSE has_table_privilege('games', 'INSERT, UPDATE') END",
    )
    .fetch_one(&mut conn)
    .await?
    .get(0);
    let has_leases: bool = sqlx::query("SELECT to_regclass('leases') IS NOT NULL")
        .fetch_one(&mut conn)
        .await?
        .get(0);
    let leases = if has_leases {
        let rows: Vec<(String, String, i64, Stamp, Stamp, bool)> = sqlx::query_as(
            "SELECT name, holder, epoch, since, expires_at, expires_at <= now() \
             FROM leases ORDER BY name",
        )
        .fetch_all(&mut conn)
        .await?;
        rows.into_iter()
            .map(
                |(name, holder, epoch, since, expires, lapsed)| super::lease::LeaseRow {
                    name,
                    holder,
                    epoch,
                    since: since.text(),
                    expires_at: expires.text(),
                    lapsed,
                },
            )
            .collect()
    } else {
        Vec::new()
    };
    conn.close().await?;
    let known: BTreeSet<i64> = sqlx::migrate!("./migrations/postgres")
        .iter()
        .map(|m| m.version)
        .collect();
    Ok(ServerHealth {
        version,
        writable,
        applied: done.intersection(&known).count(),
        pending: known.difference(&done).count(),
        unknown: done.difference(&known).count(),
        leases,
    })
}

/// Writes a consistent copy of the database to `target` (SQLite's `VACUUM
/// INTO`: one read transaction, so a running referee may keep writing),
/// then checks the copy's integrity. Refuses to overwrite a file.
pub async fn backup(source: &Path, target: &Path) -> Result<(), StoreError> {
    if target.exists() {
        return Err(StoreError::Corrupt(format!(
            "{} exists already: name a new file",
            target.display()
        )));
    }
    if !source.exists() {
        return Err(StoreError::Corrupt(format!(
            "there is no database at {}",
            source.display()
        )));
    }
    let options = SqliteConnectOptions::new()
        .filename(source)
        .busy_timeout(std::time::Duration::from_secs(10));
    let mut conn = SqliteConnection::connect_with(&options).await?;
    let target_text = target
        .to_str()
        .ok_or_else(|| StoreError::Corrupt(format!("{} is not a UTF-8 path", target.display())))?;
    sqlx::query("VACUUM INTO ?")
        .bind(target_text)
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    match inspect(target).await? {
        Health::Present { integrity, .. } if integrity == "ok" => Ok(()),
        other => Err(StoreError::Corrupt(format!(
            "the copy at {} does not check out: {other:?}",
            target.display()
        ))),
    }
}

/// Whether a file can be made in `dir` (tried, then removed).
fn writable_dir(dir: &Path) -> bool {
    let probe = dir.join(format!(".arbiter-check-{}", std::process::id()));
    let made = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .is_ok();
    if made {
        let _ = std::fs::remove_file(&probe);
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[tokio::test]
    async fn a_fresh_database_is_current_and_sound() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.db");
        assert_eq!(
            inspect(&path).await.unwrap(),
            Health::Missing { dir_writable: true }
        );
        drop(Store::open(&path).await.unwrap());
        let Health::Present {
            writable,
            applied,
            pending,
            unknown,
            integrity,
        } = inspect(&path).await.unwrap()
        else {
            panic!("present");
        };
        assert!(writable);
        assert_eq!((pending, unknown), (0, 0));
        assert_eq!(
            applied,
            sqlx::migrate!("./migrations/sqlite").iter().count()
        );
        assert_eq!(integrity, "ok");
    }

    #[tokio::test]
    async fn a_backup_is_a_sound_copy_made_while_the_store_is_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("live.db");
        let store = Store::open(&path).await.unwrap();
        let mut tx = store.write().await.unwrap();
        crate::store::mail::enqueue(&mut tx, "a@x.test", "m@x", "s", b"raw", None, None)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let copy = dir.path().join("copy.db");
        backup(&path, &copy).await.unwrap();
        let copied = Store::open(&copy).await.unwrap();
        let mut conn = copied.read().await.unwrap();
        assert_eq!(
            crate::store::mail::unsent_count(&mut conn).await.unwrap(),
            1
        );
        let again = backup(&path, &copy).await.unwrap_err().to_string();
        assert!(again.contains("exists already"), "{again}");
    }

    #[tokio::test]
    async fn a_damaged_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.db");
        std::fs::write(&path, b"not a database at all, only text").unwrap();
        assert!(inspect(&path).await.is_err());
    }
}
