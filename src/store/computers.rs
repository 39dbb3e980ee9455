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
