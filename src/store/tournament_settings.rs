//! A tournament's settings beyond its game and format: its clock (days per
//! move, vacations allowed or not), the day it starts itself, and whether
//! the computer may enter.

use chrono::NaiveDate;

use super::{StoreError, Tx};

/// What the host set for a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentSettings {
    /// Days per move in its games; `None`: the host's clock.
    pub days_per_move: Option<u32>,
    /// Whether a player's vacations stop the clocks of its games.
    pub vacation: bool,
    /// The day (UTC) it starts itself, if the host set one.
    pub starts_on: Option<NaiveDate>,
    /// Whether the computer may enter.
    pub computers: bool,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            days_per_move: None,
            vacation: true,
            starts_on: None,
            computers: false,
        }
    }
}

const DAY: &str = "%Y-%m-%d";

/// Sets tournament `id`'s settings.
pub async fn set(conn: &mut Tx, id: i64, settings: &TournamentSettings) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE tournaments SET days_per_move = $1, vacation = $2, starts_on = $3, \
         computers = $4 WHERE id = $5";
    let starts_on = settings.starts_on.map(|d| d.format(DAY).to_string());
    on!(conn, c => sqlx::query(SQL)
        .bind(settings.days_per_move.map(i64::from))
        .bind(settings.vacation)
        .bind(starts_on)
        .bind(settings.computers)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Tournament `id`'s settings (the defaults for an unknown id).
pub async fn get(conn: &mut Tx, id: i64) -> Result<TournamentSettings, StoreError> {
    const SQL: &str =
        "SELECT days_per_move, vacation, starts_on, computers FROM tournaments WHERE id = $1";
    let row: Option<(Option<i64>, bool, Option<String>, bool)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    let Some((days, vacation, starts_on, computers)) = row else {
        return Ok(TournamentSettings::default());
    };
    let days_per_move = days
        .map(u32::try_from)
        .transpose()
        .map_err(|_| StoreError::Corrupt(format!("tournament {id}: days per move {days:?}")))?;
    let starts_on = starts_on
        .map(|text| {
            NaiveDate::parse_from_str(&text, DAY)
                .map_err(|_| StoreError::Corrupt(format!("tournament {id}: start day {text:?}")))
        })
        .transpose()?;
    Ok(TournamentSettings {
        days_per_move,
        vacation,
        starts_on,
        computers,
    })
}

/// The open tournaments whose start day is `today` or earlier, oldest
/// first, each with whether its entrants were told it had too few.
pub async fn due_to_start(conn: &mut Tx, today: NaiveDate) -> Result<Vec<(i64, bool)>, StoreError> {
    const SQL: &str = "SELECT id, start_missed FROM tournaments WHERE status = 'open' \
         AND starts_on IS NOT NULL AND starts_on <= $1 ORDER BY id";
    let today = today.format(DAY).to_string();
    let rows: Vec<(i64, bool)> =
        on!(conn, c => sqlx::query_as(SQL).bind(today).fetch_all(c).await?);
    Ok(rows)
}

/// Records that tournament `id`'s entrants were told its start day came
/// with too few of them.
pub async fn set_start_missed(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE tournaments SET start_missed = $1 WHERE id = $2";
    on!(conn, c => sqlx::query(SQL).bind(true).bind(id).execute(c).await?.rows_affected());
    Ok(())
}
