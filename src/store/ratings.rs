//! Ratings: one Glicko-2 list per game, and the games left unrated.

use super::{StoreError, Tx};

/// One line of a game's list.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// A player's address, or `computer:LEVEL`.
    pub player: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// The day of the last rated game, counted from 1970-01-01.
    pub last_day: i64,
}

pub async fn get(conn: &mut Tx, game: &str, player: &str) -> Result<Option<RatingRow>, StoreError> {
    const SQL: &str = "SELECT player, rating, deviation, volatility, games, last_day FROM ratings \
         WHERE game = $1 AND player = $2";
    let row: Option<(String, f64, f64, f64, i64, i64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(game).bind(player).fetch_optional(c).await?);
    Ok(row.map(from_raw))
}

fn from_raw(
    (player, rating, deviation, volatility, games, last_day): (String, f64, f64, f64, i64, i64),
) -> RatingRow {
    RatingRow {
        player,
        rating,
        deviation,
        volatility,
        games,
        last_day,
    }
}

/// Writes a line of `game`'s list, new or replacing the old one.
pub async fn set(conn: &mut Tx, game: &str, row: &RatingRow) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO ratings (game, player, rating, deviation, volatility, games, last_day) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (game, player) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         games = excluded.games, last_day = excluded.last_day";
    on!(conn, c => sqlx::query(SQL)
        .bind(game)
        .bind(&row.player)
        .bind(row.rating)
        .bind(row.deviation)
        .bind(row.volatility)
        .bind(row.games)
        .bind(row.last_day)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// `game`'s list, best rating first.
pub async fn list(conn: &mut Tx, game: &str) -> Result<Vec<RatingRow>, StoreError> {
    const SQL: &str = "SELECT player, rating, deviation, volatility, games, last_day FROM ratings \
         WHERE game = $1 ORDER BY rating DESC, player";
    let rows: Vec<(String, f64, f64, f64, i64, i64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(game).fetch_all(c).await?);
    Ok(rows.into_iter().map(from_raw).collect())
}

/// The games that have a list.
pub async fn games(conn: &mut Tx) -> Result<Vec<String>, StoreError> {
    const SQL: &str = "SELECT DISTINCT game FROM ratings ORDER BY game";
    let rows: Vec<(String,)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows.into_iter().map(|(g,)| g).collect())
}

/// Marks game `id` unrated (`rated=no`).
pub async fn set_unrated(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO unrated (game_id) VALUES ($1) ON CONFLICT DO NOTHING";
    on!(conn, c => sqlx::query(SQL).bind(id).execute(c).await?.rows_affected());
    Ok(())
}

pub async fn is_rated(conn: &mut Tx, id: i64) -> Result<bool, StoreError> {
    const SQL: &str = "SELECT game_id FROM unrated WHERE game_id = $1";
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    Ok(row.is_none())
}

/// A rated game's change: each side's rating before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub white: (f64, f64),
    pub black: (f64, f64),
}

pub async fn record_change(conn: &mut Tx, id: i64, change: Change) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO rated_games \
         (game_id, white_before, white_after, black_before, black_after) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(change.white.0)
        .bind(change.white.1)
        .bind(change.black.0)
        .bind(change.black.1)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

pub async fn change(conn: &mut Tx, id: i64) -> Result<Option<Change>, StoreError> {
    const SQL: &str = "SELECT white_before, white_after, black_before, black_after \
         FROM rated_games WHERE game_id = $1";
    let row: Option<(f64, f64, f64, f64)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    Ok(row.map(|(wb, wa, bb, ba)| Change {
        white: (wb, wa),
        black: (bb, ba),
    }))
}
