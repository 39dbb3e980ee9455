//! The database's health, for `arbiter check`: whether it exists and may
//! be written, which migrations it has, and SQLite's integrity check. It
//! opens the file read-only and applies nothing.

use std::collections::BTreeSet;
use std::path::Path;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, Row, SqliteConnection};

use super::StoreError;

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
    let known: BTreeSet<i64> = sqlx::migrate!("./migrations")
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
        assert_eq!(applied, sqlx::migrate!("./migrations").iter().count());
        assert_eq!(integrity, "ok");
    }

    #[tokio::test]
    async fn a_damaged_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.db");
        std::fs::write(&path, b"not a database at all, only text").unwrap();
        assert!(inspect(&path).await.is_err());
    }
}
