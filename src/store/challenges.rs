//! Challenges: an invitation to a game, open until the opponent answers.

use sqlx::Row;

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
}

pub async fn insert(conn: &mut Tx, new: NewChallenge<'_>) -> Result<i64, StoreError> {
    Ok(sqlx::query(
        "INSERT INTO challenges (challenger, opponent, game, options, color, secret, public) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(new.challenger)
    .bind(new.opponent)
    .bind(new.game)
    .bind(serde_json::to_string(new.options).expect("options serialise"))
    .bind(new.color)
    .bind(new.secret)
    .bind(new.public)
    .fetch_one(conn.db())
    .await?
    .get(0))
}

pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<Challenge>, StoreError> {
    let row = sqlx::query(
        "SELECT id, challenger, opponent, game, options, color, secret, status, game_id, public FROM challenges WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(conn.db())
    .await?;
    let Some(row) = row else { return Ok(None) };
    let options: String = row.get("options");
    Ok(Some(Challenge {
        id: row.get("id"),
        challenger: row.get("challenger"),
        opponent: row.get("opponent"),
        game: row.get("game"),
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("challenge {id}: {e}")))?,
        color: row.get("color"),
        secret: row.get("secret"),
        status: row.get("status"),
        game_id: row.get("game_id"),
        public: row.get::<i64, _>("public") == 1,
    }))
}

pub async fn close(
    conn: &mut Tx,
    id: i64,
    status: &str,
    game_id: Option<i64>,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE challenges SET status = ?, game_id = ? WHERE id = ?")
        .bind(status)
        .bind(game_id)
        .bind(id)
        .execute(conn.db())
        .await?;
    Ok(())
}
