//! Tournaments: the event, its entrants, its games (each an ordinary game
//! of the referee) and their results as the tournament counts them.

use super::{Stamp, StoreError, Tx};
use crate::rules::Options;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub options: Options,
    /// As `tournament::Format` writes it: `round-robin/7`.
    pub format: String,
    pub rated: bool,
    /// `open`, `started` or `finished`.
    pub status: String,
    pub created_at: Stamp,
    pub started_at: Option<Stamp>,
}

/// A tournament to store.
pub struct NewTournament<'a> {
    pub name: &'a str,
    pub game: &'a str,
    pub options: &'a Options,
    pub format: &'a str,
    pub rated: bool,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub address: String,
    /// The order of joining, from 1.
    pub joined: i64,
    /// Once started: the section and the starting number in it, from 1.
    pub section: Option<i64>,
    pub number: Option<i64>,
    pub withdrawn: bool,
}

/// One game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    pub section: i64,
    pub round: i64,
    pub white: i64,
    pub black: i64,
    pub game_id: i64,
    /// As `tournament::GameResult::word` writes it; `None` until it ends.
    pub result: Option<String>,
}

/// Stores a new tournament, open for entries; `None` if the name is taken.
pub async fn insert(conn: &mut Tx, new: NewTournament<'_>) -> Result<Option<i64>, StoreError> {
    const SQL: &str = "INSERT INTO tournaments (name, game, options, format, rated) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING id";
    let options = serde_json::to_string(new.options).expect("options serialise");
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as(SQL)
        .bind(new.name)
        .bind(new.game)
        .bind(&options)
        .bind(new.format)
        .bind(new.rated)
        .fetch_optional(c)
        .await?);
    Ok(row.map(|(id,)| id))
}

type Raw = (
    i64,
    String,
    String,
    String,
    String,
    bool,
    String,
    Stamp,
    Option<Stamp>,
);

const COLUMNS: &str = "id, name, game, options, format, rated, status, created_at, started_at";

fn from_raw(raw: Raw) -> Result<Tournament, StoreError> {
    let (id, name, game, options, format, rated, status, created_at, started_at) = raw;
    Ok(Tournament {
        id,
        name,
        game,
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("tournament {id}: {e}")))?,
        format,
        rated,
        status,
        created_at,
        started_at,
    })
}

/// The tournament called `name` (names are compared without case).
pub async fn by_name(conn: &mut Tx, name: &str) -> Result<Option<Tournament>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE lower(name) = lower($1)");
    let row: Option<Raw> = on!(conn, c => sqlx::query_as(&sql).bind(name).fetch_optional(c).await?);
    row.map(from_raw).transpose()
}

pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<Tournament>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
    let row: Option<Raw> = on!(conn, c => sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
    row.map(from_raw).transpose()
}

/// Every tournament, oldest first.
pub async fn list(conn: &mut Tx) -> Result<Vec<Tournament>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments ORDER BY id");
    let rows: Vec<Raw> = on!(conn, c => sqlx::query_as(&sql).fetch_all(c).await?);
    rows.into_iter().map(from_raw).collect()
}

/// Sets where the tournament stands; `started` also sets its start.
pub async fn set_status(conn: &mut Tx, id: i64, status: &str) -> Result<(), StoreError> {
    let sql = if status == "started" {
        "UPDATE tournaments SET status = $1, started_at = $2 WHERE id = $3"
    } else {
        "UPDATE tournaments SET status = $1, started_at = COALESCE(started_at, $2) WHERE id = $3"
    };
    on!(conn, c => sqlx::query(sql)
        .bind(status)
        .bind(Stamp(chrono::Utc::now()))
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Adds an entrant; false if they had already joined.
pub async fn join(conn: &mut Tx, id: i64, address: &str) -> Result<bool, StoreError> {
    const SQL: &str = "INSERT INTO entrants (tournament_id, address, joined) \
         SELECT $1, $2, COALESCE(MAX(joined), 0) + 1 FROM entrants WHERE tournament_id = $1 \
         ON CONFLICT DO NOTHING";
    let done =
        on!(conn, c => sqlx::query(SQL).bind(id).bind(address).execute(c).await?.rows_affected());
    Ok(done == 1)
}

/// Removes an entrant before the start; false if they had not joined.
pub async fn leave(conn: &mut Tx, id: i64, address: &str) -> Result<bool, StoreError> {
    const SQL: &str = "DELETE FROM entrants WHERE tournament_id = $1 AND address = $2";
    let done =
        on!(conn, c => sqlx::query(SQL).bind(id).bind(address).execute(c).await?.rows_affected());
    Ok(done == 1)
}

/// Marks an entrant withdrawn (after the start); false if not an entrant.
pub async fn withdraw(conn: &mut Tx, id: i64, address: &str) -> Result<bool, StoreError> {
    const SQL: &str =
        "UPDATE entrants SET withdrawn = $1 WHERE tournament_id = $2 AND address = $3";
    let done = on!(conn, c => sqlx::query(SQL)
        .bind(true)
        .bind(id)
        .bind(address)
        .execute(c)
        .await?
        .rows_affected());
    Ok(done == 1)
}

/// Places an entrant: section and starting number.
pub async fn place(
    conn: &mut Tx,
    id: i64,
    address: &str,
    section: i64,
    number: i64,
) -> Result<(), StoreError> {
    const SQL: &str =
        "UPDATE entrants SET section = $1, number = $2 WHERE tournament_id = $3 AND address = $4";
    on!(conn, c => sqlx::query(SQL)
        .bind(section)
        .bind(number)
        .bind(id)
        .bind(address)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The entrants, in the order they joined.
pub async fn entrants(conn: &mut Tx, id: i64) -> Result<Vec<Entrant>, StoreError> {
    const SQL: &str = "SELECT address, joined, section, number, withdrawn FROM entrants \
         WHERE tournament_id = $1 ORDER BY joined";
    type EntrantRaw = (String, i64, Option<i64>, Option<i64>, bool);
    let rows: Vec<EntrantRaw> = on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(address, joined, section, number, withdrawn)| Entrant {
            address,
            joined,
            section,
            number,
            withdrawn,
        })
        .collect())
}

/// Records a game of the tournament.
pub async fn add_game(conn: &mut Tx, id: i64, game: &TournamentGame) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO tournament_games \
         (tournament_id, section, round, white, black, game_id, result) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)";
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(game.section)
        .bind(game.round)
        .bind(game.white)
        .bind(game.black)
        .bind(game.game_id)
        .bind(game.result.as_deref())
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The tournament's games, by section, round and board.
pub async fn games(conn: &mut Tx, id: i64) -> Result<Vec<TournamentGame>, StoreError> {
    const SQL: &str = "SELECT section, round, white, black, game_id, result FROM tournament_games \
         WHERE tournament_id = $1 ORDER BY section, round, game_id";
    let rows: Vec<(i64, i64, i64, i64, i64, Option<String>)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(
            |(section, round, white, black, game_id, result)| TournamentGame {
                section,
                round,
                white,
                black,
                game_id,
                result,
            },
        )
        .collect())
}

/// The tournament a game belongs to, if any.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Option<i64>, StoreError> {
    const SQL: &str = "SELECT tournament_id FROM tournament_games WHERE game_id = $1";
    let row: Option<(i64,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(game_id).fetch_optional(c).await?);
    Ok(row.map(|(id,)| id))
}

/// Sets a game's result as the tournament counts it.
pub async fn set_result(conn: &mut Tx, game_id: i64, result: &str) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE tournament_games SET result = $1 WHERE game_id = $2";
    on!(conn, c => sqlx::query(SQL).bind(result).bind(game_id).execute(c).await?.rows_affected());
    Ok(())
}
