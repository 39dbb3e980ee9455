//! The finished games, for the archive site (`arbiter archive export`).

use super::{Stamp, StoreError, Tx};

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
    const SQL: &str = "SELECT id, COALESCE(finished_at, updated_at) AS finished_at FROM games \
         WHERE finished = TRUE ORDER BY id";
    let rows: Vec<(i64, Stamp)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(id, at)| Finished {
            id,
            finished_at: at.text(),
        })
        .collect())
}
