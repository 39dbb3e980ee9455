//! Reminders sent and vacations taken.

use chrono::{DateTime, Utc};

pub use super::stamp::{format_time, parse_time};
use super::{Stamp, StoreError, Tx};
use crate::rules::Seat;

/// A stretch of time during which a player's clocks stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    pub starts: DateTime<Utc>,
    pub ends: DateTime<Utc>,
}

/// Records a reminder for the turn that began at `turn`; false if it was
/// recorded before.
pub async fn record_reminder(
    conn: &mut Tx,
    game: i64,
    turn: &str,
    seat: Seat,
) -> Result<bool, StoreError> {
    const SQL: &str = "INSERT INTO reminders (game_id, turn, seat) VALUES ($1, $2, $3) \
         ON CONFLICT DO NOTHING";
    let done = on!(conn, c => sqlx::query(SQL)
        .bind(game)
        .bind(turn)
        .bind(seat.name())
        .execute(c)
        .await?
        .rows_affected());
    Ok(done == 1)
}

/// A player's vacations, oldest first.
pub async fn vacations(conn: &mut Tx, address: &str) -> Result<Vec<Vacation>, StoreError> {
    const SQL: &str =
        "SELECT starts_at, ends_at FROM vacations WHERE address = $1 ORDER BY starts_at";
    let rows: Vec<(Stamp, Stamp)> =
        on!(conn, c => sqlx::query_as(SQL).bind(address).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(starts, ends)| Vacation {
            starts: starts.0,
            ends: ends.0,
        })
        .collect())
}

pub async fn add_vacation(
    conn: &mut Tx,
    address: &str,
    vacation: Vacation,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO vacations (address, starts_at, ends_at) VALUES ($1, $2, $3)";
    on!(conn, c => sqlx::query(SQL)
        .bind(address)
        .bind(Stamp(vacation.starts))
        .bind(Stamp(vacation.ends))
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The ids of the games still being played in which the clock may have
/// work at `now`: its next check is due, or not known yet. An index makes
/// this independent of the games with nothing due.
pub async fn games_due(conn: &mut Tx, now: DateTime<Utc>) -> Result<Vec<i64>, StoreError> {
    const SQL: &str = "SELECT id FROM games WHERE finished = FALSE AND next_check_at IS NULL \
         UNION SELECT id FROM games WHERE finished = FALSE AND next_check_at <= $1 ORDER BY id";
    let rows: Vec<(i64,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(Stamp(now)).fetch_all(c).await?);
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Records when the clock next has work in a game (`None`: never, while
/// nothing changes; a move or a vacation sets it again).
pub async fn set_next_check(
    conn: &mut Tx,
    game: i64,
    at: Option<DateTime<Utc>>,
) -> Result<(), StoreError> {
    // Far in the future rather than NULL: NULL means "not known yet".
    let at = at.unwrap_or_else(never);
    const SQL: &str = "UPDATE games SET next_check_at = $1 WHERE id = $2";
    on!(conn, c => sqlx::query(SQL).bind(Stamp(at)).bind(game).execute(c).await?.rows_affected());
    Ok(())
}

/// The last second of the year 9999: a check that never comes.
fn never() -> DateTime<Utc> {
    parse_time("9999-12-31T23:59:59Z").expect("a valid time")
}

/// Forgets the next checks of a player's ongoing games (a vacation moved
/// their deadlines), or of every game (`None`: the clock's settings may
/// have changed): the next round looks at each again.
pub async fn forget_next_checks(conn: &mut Tx, address: Option<&str>) -> Result<(), StoreError> {
    match address {
        Some(address) => {
            const SQL: &str = "UPDATE games SET next_check_at = NULL WHERE finished = FALSE \
                 AND id IN (SELECT game_id FROM seats WHERE address = $1)";
            on!(conn, c => sqlx::query(SQL).bind(address).execute(c).await?.rows_affected());
        }
        None => {
            const SQL: &str = "UPDATE games SET next_check_at = NULL WHERE finished = FALSE";
            on!(conn, c => sqlx::query(SQL).execute(c).await?.rows_affected());
        }
    }
    Ok(())
}

/// When the current turn of a game began: the newest game action, or the
/// game's creation. Draw offers and their answers do not restart a clock,
/// so they cannot buy time.
pub async fn turn_started(conn: &mut Tx, game: i64) -> Result<String, StoreError> {
    let sql = conn.pick(
        "SELECT COALESCE((SELECT created_at FROM log WHERE game_id = $1 \
         AND json_extract(entry, '$.kind') = 'action' ORDER BY idx DESC LIMIT 1), \
         (SELECT created_at FROM games WHERE id = $1))",
        "SELECT COALESCE((SELECT created_at FROM log WHERE game_id = $1 \
         AND entry::jsonb ->> 'kind' = 'action' ORDER BY idx DESC LIMIT 1), \
         (SELECT created_at FROM games WHERE id = $1))",
    );
    let (at,): (Stamp,) = on!(conn, c => sqlx::query_as(sql).bind(game).fetch_one(c).await?);
    Ok(at.text())
}

/// A game's own clock, where it is not the host's: days per move, and
/// whether vacations stop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    pub days_per_move: u32,
    pub vacation: bool,
}

/// Gives game `id` its own clock.
pub async fn set_game_clock(conn: &mut Tx, game: i64, clock: GameClock) -> Result<(), StoreError> {
    const SQL: &str =
        "INSERT INTO game_clocks (game_id, days_per_move, vacation) VALUES ($1, $2, $3)";
    on!(conn, c => sqlx::query(SQL)
        .bind(game)
        .bind(i64::from(clock.days_per_move))
        .bind(clock.vacation)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Game `id`'s own clock, if it has one.
pub async fn game_clock(conn: &mut Tx, game: i64) -> Result<Option<GameClock>, StoreError> {
    const SQL: &str = "SELECT days_per_move, vacation FROM game_clocks WHERE game_id = $1";
    let row: Option<(i64, bool)> =
        on!(conn, c => sqlx::query_as(SQL).bind(game).fetch_optional(c).await?);
    row.map(|(days, vacation)| {
        Ok(GameClock {
            days_per_move: u32::try_from(days)
                .map_err(|_| StoreError::Corrupt(format!("game {game}: days per move {days}")))?,
            vacation,
        })
    })
    .transpose()
}
