//! The games the referee's computer plays: its seat and level in each.

use super::{StoreError, Tx};
use crate::rules::Seat;

/// Records that the computer plays `seat` of game `id` at `level`.
pub async fn insert(conn: &mut Tx, id: i64, seat: Seat, level: u8) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO computers (game_id, seat, level) VALUES ($1, $2, $3)";
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(seat.name())
        .bind(level as i64)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The seat and level the computer plays in game `id`, if it plays there.
pub async fn of_game(conn: &mut Tx, id: i64) -> Result<Option<(Seat, u8)>, StoreError> {
    const SQL: &str = "SELECT seat, level FROM computers WHERE game_id = $1";
    let row: Option<(String, i64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    let Some((seat, level)) = row else {
        return Ok(None);
    };
    let seat = Seat::parse(&seat)
        .ok_or_else(|| StoreError::Corrupt(format!("game {id}: computer seat {seat:?}")))?;
    let level = u8::try_from(level)
        .map_err(|_| StoreError::Corrupt(format!("game {id}: computer level {level}")))?;
    Ok(Some((seat, level)))
}

/// How many games the computer plays that have not ended.
pub async fn ongoing(conn: &mut Tx) -> Result<i64, StoreError> {
    const SQL: &str = "SELECT COUNT(*) FROM computers c JOIN games g ON g.id = c.game_id \
         WHERE g.finished = FALSE";
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(SQL).fetch_one(c).await?);
    Ok(count)
}
