//! Reminders sent and vacations taken.

use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::Row;

use super::{StoreError, Tx};
use crate::rules::Seat;

/// A stretch of time during which a player's clocks stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    pub starts: DateTime<Utc>,
    pub ends: DateTime<Utc>,
}

/// Reads a timestamp as the store writes it (`2026-11-21T22:09:10Z`, which
/// is also SQLite's `strftime('%Y-%m-%dT%H:%M:%SZ')`).
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%SZ")
        .ok()
        .map(|t| t.and_utc())
}

/// Writes a timestamp as the store does.
pub fn format_time(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Records a reminder for the turn that began at `turn`; false if it was
/// recorded before.
pub async fn record_reminder(
    conn: &mut Tx,
    game: i64,
    turn: &str,
    seat: Seat,
) -> Result<bool, StoreError> {
    let done =
        sqlx::query("INSERT OR IGNORE INTO reminders (game_id, turn, seat) VALUES (?, ?, ?)")
            .bind(game)
            .bind(turn)
            .bind(seat.name())
            .execute(conn.db())
            .await?;
    Ok(done.rows_affected() == 1)
}

/// A player's vacations, oldest first.
pub async fn vacations(conn: &mut Tx, address: &str) -> Result<Vec<Vacation>, StoreError> {
    let rows = sqlx::query(
        "SELECT starts_at, ends_at FROM vacations WHERE address = ? ORDER BY starts_at",
    )
    .bind(address)
    .fetch_all(conn.db())
    .await?;
    rows.iter()
        .map(|r| {
            let (starts, ends): (String, String) = (r.get(0), r.get(1));
            match (parse_time(&starts), parse_time(&ends)) {
                (Some(starts), Some(ends)) => Ok(Vacation { starts, ends }),
                _ => Err(StoreError::Corrupt(format!(
                    "bad vacation times {starts:?} {ends:?}"
                ))),
            }
        })
        .collect()
}

pub async fn add_vacation(
    conn: &mut Tx,
    address: &str,
    vacation: Vacation,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO vacations (address, starts_at, ends_at) VALUES (?, ?, ?)")
        .bind(address)
        .bind(format_time(vacation.starts))
        .bind(format_time(vacation.ends))
        .execute(conn.db())
        .await?;
    Ok(())
}

/// The ids of the games still being played in which the clock may have
/// work at `now`: its next check is due, or not known yet. An index makes
/// this independent of the games with nothing due.
pub async fn games_due(conn: &mut Tx, now: DateTime<Utc>) -> Result<Vec<i64>, StoreError> {
    Ok(sqlx::query(
        "SELECT id FROM games WHERE finished = 0 AND next_check_at IS NULL \
         UNION SELECT id FROM games WHERE finished = 0 AND next_check_at <= ? ORDER BY id",
    )
    .bind(format_time(now))
    .fetch_all(conn.db())
    .await?
    .iter()
    .map(|r| r.get(0))
    .collect())
}

/// Records when the clock next has work in a game (`None`: never, while
/// nothing changes; a move or a vacation sets it again).
pub async fn set_next_check(
    conn: &mut Tx,
    game: i64,
    at: Option<DateTime<Utc>>,
) -> Result<(), StoreError> {
    // Far in the future rather than NULL: NULL means "not known yet".
    let at = at.map_or_else(|| "9999-12-31T23:59:59Z".to_string(), format_time);
    sqlx::query("UPDATE games SET next_check_at = ? WHERE id = ?")
        .bind(at)
        .bind(game)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// Forgets the next checks of a player's ongoing games (a vacation moved
/// their deadlines), or of every game (`None`: the clock's settings may
/// have changed): the next round looks at each again.
pub async fn forget_next_checks(conn: &mut Tx, address: Option<&str>) -> Result<(), StoreError> {
    match address {
        Some(address) => {
            sqlx::query(
                "UPDATE games SET next_check_at = NULL WHERE finished = 0 \
                 AND id IN (SELECT game_id FROM seats WHERE address = ?)",
            )
            .bind(address)
            .execute(conn.db())
            .await?;
        }
        None => {
            sqlx::query("UPDATE games SET next_check_at = NULL WHERE finished = 0")
                .execute(conn.db())
                .await?;
        }
    }
    Ok(())
}

/// When the current turn of a game began: the newest game action, or the
/// game's creation. Draw offers and their answers do not restart a clock,
/// so they cannot buy time.
pub async fn turn_started(conn: &mut Tx, game: i64) -> Result<String, StoreError> {
    Ok(sqlx::query(
        "SELECT COALESCE((SELECT created_at FROM log WHERE game_id = ?1 \
         AND json_extract(entry, '$.kind') = 'action' ORDER BY idx DESC LIMIT 1), \
         (SELECT created_at FROM games WHERE id = ?1))",
    )
    .bind(game)
    .fetch_one(conn.db())
    .await?
    .get(0))
}
