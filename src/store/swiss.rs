//! What a Swiss tournament keeps beyond a round robin's: the byes, the
//! games paired when a game ended whose start mails are still to be queued,
//! and the Swiss that ended because a round had no legal pairing, until its
//! entrants' mails are queued.

use super::{StoreError, Tx};

/// A pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredBye {
    pub tournament_id: i64,
    pub round: i64,
    /// The player's pairing number.
    pub number: i64,
}

/// Records a bye, its mail not yet queued.
pub async fn add_bye(
    conn: &mut Tx,
    tournament: i64,
    round: i64,
    number: i64,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO tournament_byes (tournament_id, round, number, announced) \
         VALUES ($1, $2, $3, $4)";
    on!(conn, c => sqlx::query(SQL)
        .bind(tournament)
        .bind(round)
        .bind(number)
        .bind(false)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// A tournament's byes, by round.
pub async fn byes(conn: &mut Tx, tournament: i64) -> Result<Vec<StoredBye>, StoreError> {
    const SQL: &str = "SELECT tournament_id, round, number FROM tournament_byes \
         WHERE tournament_id = $1 ORDER BY round, number";
    let rows: Vec<(i64, i64, i64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(tournament).fetch_all(c).await?);
    Ok(rows.into_iter().map(from_row).collect())
}

fn from_row((tournament_id, round, number): (i64, i64, i64)) -> StoredBye {
    StoredBye {
        tournament_id,
        round,
        number,
    }
}

/// The byes whose mail is not queued yet, now marked queued.
pub async fn take_unannounced_byes(conn: &mut Tx) -> Result<Vec<StoredBye>, StoreError> {
    const SQL: &str = "UPDATE tournament_byes SET announced = $1 WHERE announced = $2 \
         RETURNING tournament_id, round, number";
    let mut rows: Vec<(i64, i64, i64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(true).bind(false).fetch_all(c).await?);
    rows.sort_unstable();
    Ok(rows.into_iter().map(from_row).collect())
}

/// Notes a game whose start mails are still to be queued.
pub async fn add_unannounced(conn: &mut Tx, game_id: i64) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO tournament_unannounced (game_id) VALUES ($1)";
    on!(conn, c => sqlx::query(SQL).bind(game_id).execute(c).await?.rows_affected());
    Ok(())
}

/// The games whose start mails are still to be queued, now forgotten.
pub async fn take_unannounced(conn: &mut Tx) -> Result<Vec<i64>, StoreError> {
    const SQL: &str = "DELETE FROM tournament_unannounced RETURNING game_id";
    let rows: Vec<(i64,)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    let mut ids: Vec<i64> = rows.into_iter().map(|(id,)| id).collect();
    ids.sort_unstable();
    Ok(ids)
}

/// Notes that `tournament` ended because `round` had no legal pairing; its
/// entrants' mails are still to be queued.
pub async fn add_unpairable(conn: &mut Tx, tournament: i64, round: i64) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO tournament_unpairable (tournament_id, round) VALUES ($1, $2)";
    on!(conn, c => sqlx::query(SQL)
        .bind(tournament)
        .bind(round)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The tournaments that ended for want of a pairing, with the round that
/// could not be paired, now forgotten (their mails are being queued).
pub async fn take_unpairable(conn: &mut Tx) -> Result<Vec<(i64, i64)>, StoreError> {
    const SQL: &str = "DELETE FROM tournament_unpairable RETURNING tournament_id, round";
    let mut rows: Vec<(i64, i64)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    rows.sort_unstable();
    Ok(rows)
}
