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

/// Records that the computer owes an action in game `id` since its log had
/// `log_len` entries, with the player's notice `held` back until then.
pub async fn hold(
    conn: &mut Tx,
    id: i64,
    log_len: i64,
    held: &serde_json::Value,
) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE computers SET owes = $1, held = $2 WHERE game_id = $3";
    let held = held.to_string();
    on!(conn, c => sqlx::query(SQL)
        .bind(log_len)
        .bind(&held)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// What the computer owes in game `id`, if anything: the log's length when
/// it came to owe, and the player's notice held.
pub async fn owed_in(
    conn: &mut Tx,
    id: i64,
) -> Result<Option<(i64, serde_json::Value)>, StoreError> {
    const SQL: &str = "SELECT owes, held FROM computers WHERE game_id = $1 AND owes IS NOT NULL";
    let row: Option<(i64, String)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    let Some((owes, held)) = row else {
        return Ok(None);
    };
    let held = serde_json::from_str(&held)
        .map_err(|e| StoreError::Corrupt(format!("game {id}: the computer's held notice: {e}")))?;
    Ok(Some((owes, held)))
}

/// Clears what the computer owed in game `id`: answered, or no longer owed.
pub async fn clear(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE computers SET owes = NULL, held = NULL WHERE game_id = $1";
    on!(conn, c => sqlx::query(SQL).bind(id).execute(c).await?.rows_affected());
    Ok(())
}

/// The games where the computer owes an action, the oldest game first.
pub async fn owing(conn: &mut Tx) -> Result<Vec<i64>, StoreError> {
    const SQL: &str = "SELECT game_id FROM computers WHERE owes IS NOT NULL ORDER BY game_id";
    let rows: Vec<(i64,)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
