//! The games the referee's computer plays: its seat and level in each.

use sqlx::Row;

use super::{StoreError, Tx};
use crate::rules::Seat;

/// Records that the computer plays `seat` of game `id` at `level`.
pub async fn insert(conn: &mut Tx, id: i64, seat: Seat, level: u8) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO computers (game_id, seat, level) VALUES (?, ?, ?)")
        .bind(id)
        .bind(seat.name())
        .bind(level as i64)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// The seat and level the computer plays in game `id`, if it plays there.
pub async fn of_game(conn: &mut Tx, id: i64) -> Result<Option<(Seat, u8)>, StoreError> {
    let row = sqlx::query("SELECT seat, level FROM computers WHERE game_id = ?")
        .bind(id)
        .fetch_optional(conn.db())
        .await?;
    let Some(row) = row else { return Ok(None) };
    let seat: String = row.get("seat");
    let seat = Seat::parse(&seat)
        .ok_or_else(|| StoreError::Corrupt(format!("game {id}: computer seat {seat:?}")))?;
    let level: i64 = row.get("level");
    let level = u8::try_from(level)
        .map_err(|_| StoreError::Corrupt(format!("game {id}: computer level {level}")))?;
    Ok(Some((seat, level)))
}

/// How many games the computer plays that have not ended.
pub async fn ongoing(conn: &mut Tx) -> Result<i64, StoreError> {
    Ok(sqlx::query(
        "SELECT COUNT(*) FROM computers c JOIN games g ON g.id = c.game_id WHERE g.finished = 0",
    )
    .fetch_one(conn.db())
    .await?
    .get(0))
}

/// Records that the computer owes an action in game `id` since its log had
/// `log_len` entries, with the player's notice `held` back until then.
pub async fn hold(
    conn: &mut Tx,
    id: i64,
    log_len: i64,
    held: &serde_json::Value,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE computers SET owes = ?, held = ? WHERE game_id = ?")
        .bind(log_len)
        .bind(held.to_string())
        .bind(id)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// What the computer owes in game `id`, if anything: the log's length when
/// it came to owe, and the player's notice held.
pub async fn owed_in(
    conn: &mut Tx,
    id: i64,
) -> Result<Option<(i64, serde_json::Value)>, StoreError> {
    let row =
        sqlx::query("SELECT owes, held FROM computers WHERE game_id = ? AND owes IS NOT NULL")
            .bind(id)
            .fetch_optional(conn.db())
            .await?;
    let Some(row) = row else { return Ok(None) };
    let held: String = row.get("held");
    let held = serde_json::from_str(&held)
        .map_err(|e| StoreError::Corrupt(format!("game {id}: the computer's held notice: {e}")))?;
    Ok(Some((row.get("owes"), held)))
}

/// Clears what the computer owed in game `id`: answered, or no longer owed.
pub async fn clear(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE computers SET owes = NULL, held = NULL WHERE game_id = ?")
        .bind(id)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// The games where the computer owes an action, the oldest game first.
pub async fn owing(conn: &mut Tx) -> Result<Vec<i64>, StoreError> {
    let rows = sqlx::query("SELECT game_id FROM computers WHERE owes IS NOT NULL ORDER BY game_id")
        .fetch_all(conn.db())
        .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}
