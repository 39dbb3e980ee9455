//! Players' conditional moves, one tree per game and seat (JSON the referee
//! reads and writes; see `referee::conditional`).

use super::{StoreError, Tx};
use crate::rules::Seat;

/// The tree `seat` has set in game `id`, and the log length it was set at.
pub async fn get(
    conn: &mut Tx,
    id: i64,
    seat: Seat,
) -> Result<Option<(serde_json::Value, i64)>, StoreError> {
    const SQL: &str = "SELECT tree, log_len FROM conditionals WHERE game_id = $1 AND seat = $2";
    let row: Option<(String, i64)> = on!(conn, c => sqlx::query_as(SQL)
        .bind(id)
        .bind(seat.name())
        .fetch_optional(c)
        .await?);
    row.map(|(tree, log_len)| {
        serde_json::from_str(&tree)
            .map(|tree| (tree, log_len))
            .map_err(|e| StoreError::Corrupt(format!("game {id}: conditional moves: {e}")))
    })
    .transpose()
}

/// Sets (or replaces) the tree of `seat` in game `id`.
pub async fn set(
    conn: &mut Tx,
    id: i64,
    seat: Seat,
    tree: &serde_json::Value,
    log_len: i64,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO conditionals (game_id, seat, tree, log_len) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, seat) DO UPDATE SET tree = excluded.tree, log_len = excluded.log_len";
    let tree = tree.to_string();
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(seat.name())
        .bind(&tree)
        .bind(log_len)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Removes the tree of `seat` (of both seats without one); true if there
/// was one.
pub async fn clear(conn: &mut Tx, id: i64, seat: Option<Seat>) -> Result<bool, StoreError> {
    let done = match seat {
        Some(seat) => {
            const SQL: &str = "DELETE FROM conditionals WHERE game_id = $1 AND seat = $2";
            on!(conn, c => sqlx::query(SQL)
                .bind(id)
                .bind(seat.name())
                .execute(c)
                .await?
                .rows_affected())
        }
        None => {
            const SQL: &str = "DELETE FROM conditionals WHERE game_id = $1";
            on!(conn, c => sqlx::query(SQL).bind(id).execute(c).await?.rows_affected())
        }
    };
    Ok(done > 0)
}
