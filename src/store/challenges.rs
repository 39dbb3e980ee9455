//! Challenges: an invitation to a game, open until the opponent answers.

use super::{StoreError, Tx};
use crate::rules::Options;

/// An open or answered challenge.
#[derive(Clone, Debug)]
pub struct Challenge {
    pub id: i64,
    pub challenger: String,
    pub opponent: String,
    pub game: String,
    pub options: Options,
    /// The challenger's side: `white`, `black` or `random`.
    pub color: String,
    pub secret: String,
    /// `open`, `accepted` or `declined`.
    pub status: String,
    /// Whether the game allows spectators (`public=yes`).
    pub public: bool,
    /// Whether the game is rated (`rated=no` says not).
    pub rated: bool,
    pub game_id: Option<i64>,
}

/// A challenge to store.
pub struct NewChallenge<'a> {
    pub challenger: &'a str,
    pub opponent: &'a str,
    pub game: &'a str,
    pub options: &'a Options,
    pub color: &'a str,
    pub secret: &'a str,
    pub public: bool,
    pub rated: bool,
}

pub async fn insert(conn: &mut Tx, new: NewChallenge<'_>) -> Result<i64, StoreError> {
    const SQL: &str = "INSERT INTO challenges \
         (challenger, opponent, game, options, color, secret, public, rated) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";
    let options = serde_json::to_string(new.options).expect("options serialise");
    let (id,): (i64,) = on!(conn, c => sqlx::query_as(SQL)
        .bind(new.challenger)
        .bind(new.opponent)
        .bind(new.game)
        .bind(&options)
        .bind(new.color)
        .bind(new.secret)
        .bind(new.public)
        .bind(new.rated)
        .fetch_one(c)
        .await?);
    Ok(id)
}

pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<Challenge>, StoreError> {
    const SQL: &str = "SELECT id, challenger, opponent, game, options, color, secret, status, \
         game_id, public, rated FROM challenges WHERE id = $1";
    type Raw = (
        i64,
        String,
        String,
        String,
        String,
        String,
        String,
        String,
        Option<i64>,
        bool,
        bool,
    );
    let row: Option<Raw> = on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    let Some((
        id,
        challenger,
        opponent,
        game,
        options,
        color,
        secret,
        status,
        game_id,
        public,
        rated,
    )) = row
    else {
        return Ok(None);
    };
    Ok(Some(Challenge {
        id,
        challenger,
        opponent,
        game,
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("challenge {id}: {e}")))?,
        color,
        secret,
        status,
        game_id,
        public,
        rated,
    }))
}

pub async fn close(
    conn: &mut Tx,
    id: i64,
    status: &str,
    game_id: Option<i64>,
) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE challenges SET status = $1, game_id = $2 WHERE id = $3";
    on!(conn, c => sqlx::query(SQL)
        .bind(status)
        .bind(game_id)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}
