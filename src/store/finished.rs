//! The finished games, for the archive site (`arbiter archive export`).

use sqlx::Row;

use super::{StoreError, Tx};

/// A finished game's id and when it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub id: i64,
    /// When the game ended (UTC, RFC 3339): the moment its result was
    /// stored, or its last change for rows that never recorded one.
    pub finished_at: String,
}

/// Every finished game, oldest first.
pub async fn finished(conn: &mut Tx) -> Result<Vec<Finished>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, COALESCE(finished_at, updated_at) AS finished_at FROM games \
         WHERE finished = 1 ORDER BY id",
    )
    .fetch_all(conn.db())
    .await?;
    Ok(rows
        .iter()
        .map(|row| Finished {
            id: row.get("id"),
            finished_at: row.get("finished_at"),
        })
        .collect())
}
