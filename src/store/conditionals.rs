//! Players' conditional moves, one tree per game and seat (JSON the referee
//! reads and writes; see `referee::conditional`).

use sqlx::Row;

use super::{StoreError, Tx};
use crate::rules::Seat;

/// The tree `seat` has set in game `id`, and the log length it was set at.
pub async fn get(
    conn: &mut Tx,
    id: i64,
    seat: Seat,
) -> Result<Option<(serde_json::Value, i64)>, StoreError> {
    let row = sqlx::query("SELECT tree, log_len FROM conditionals WHERE game_id = ? AND seat = ?")
        .bind(id)
        .bind(seat.name())
        .fetch_optional(conn.db())
        .await?;
    row.map(|row| {
        let tree: String = row.get(0);
        serde_json::from_str(&tree)
            .map(|tree| (tree, row.get(1)))
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
    sqlx::query(
        "INSERT INTO conditionals (game_id, seat, tree, log_len) VALUES (?, ?, ?, ?) \
         ON CONFLICT (game_id, seat) DO UPDATE SET tree = excluded.tree, log_len = excluded.log_len",
    )
    .bind(id)
    .bind(seat.name())
    .bind(tree.to_string())
    .bind(log_len)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// Removes the tree of `seat` (of both seats without one); true if there
/// was one.
pub async fn clear(conn: &mut Tx, id: i64, seat: Option<Seat>) -> Result<bool, StoreError> {
    let done = match seat {
        Some(seat) => {
            sqlx::query("DELETE FROM conditionals WHERE game_id = ? AND seat = ?")
                .bind(id)
                .bind(seat.name())
                .execute(conn.db())
                .await?
        }
        None => {
            sqlx::query("DELETE FROM conditionals WHERE game_id = ?")
                .bind(id)
                .execute(conn.db())
                .await?
        }
    };
    Ok(done.rows_affected() > 0)
}
