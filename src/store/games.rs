//! Games, seats and logs.

use sqlx::Row;

use super::{StoreError, Tx};
use crate::rules::{GameResult, Options, Seat};

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub game: String,
    pub options: Options,
    pub seed: [u8; 32],
    pub seed_hash: String,
    pub state: serde_json::Value,
    pub log_len: i64,
    pub draw_offer: Option<Seat>,
    pub finished: bool,
    pub result: Option<String>,
    pub result_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// A player of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: Seat,
    pub address: String,
    pub secret: String,
}

/// One accepted entry of a game's log.
#[derive(Clone, Debug)]
pub struct LogRow {
    pub idx: i64,
    pub seat: Option<Seat>,
    pub entry: serde_json::Value,
    pub notation: String,
    pub source: String,
    pub created_at: String,
}

/// What a new game row holds.
pub struct NewGame<'a> {
    pub game: &'a str,
    pub options: &'a Options,
    pub seed: [u8; 32],
    pub seed_hash: &'a str,
    pub state: &'a serde_json::Value,
    pub seats: &'a [SeatRow],
}

/// The state after an accepted entry.
pub struct Snapshot<'a> {
    pub state: &'a serde_json::Value,
    pub log_len: i64,
    pub draw_offer: Option<Seat>,
    pub result: Option<(GameResult, &'a str)>,
}

fn seat_text(seat: Seat) -> &'static str {
    seat.name()
}

fn parse_seat(text: &str) -> Result<Seat, StoreError> {
    Seat::parse(text).ok_or_else(|| StoreError::Corrupt(format!("bad seat {text:?}")))
}

fn json(text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("bad JSON: {e}")))
}

/// Inserts a game and its seats; returns its id.
pub async fn insert(conn: &mut Tx, new: NewGame<'_>) -> Result<i64, StoreError> {
    let options = serde_json::to_string(new.options).expect("options serialise");
    let id: i64 = sqlx::query(
        "INSERT INTO games (game, options, seed, seed_hash, state) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(new.game)
    .bind(options)
    .bind(hex::encode(new.seed))
    .bind(new.seed_hash)
    .bind(new.state.to_string())
    .fetch_one(conn.db())
    .await?
    .get(0);
    for seat in new.seats {
        sqlx::query("INSERT INTO seats (game_id, seat, address, secret) VALUES (?, ?, ?, ?)")
            .bind(id)
            .bind(seat_text(seat.seat))
            .bind(&seat.address)
            .bind(&seat.secret)
            .execute(conn.db())
            .await?;
    }
    Ok(id)
}

/// A game by id.
pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<GameRow>, StoreError> {
    let row = sqlx::query(
        "SELECT id, game, options, seed, seed_hash, state, log_len, draw_offer, finished, result, \
         result_reason, created_at, updated_at FROM games WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(conn.db())
    .await?;
    let Some(row) = row else { return Ok(None) };
    let seed_hex: String = row.get("seed");
    let seed = hex::decode(&seed_hex)
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
        .ok_or_else(|| StoreError::Corrupt(format!("game {id}: bad seed")))?;
    let options: String = row.get("options");
    let draw_offer: Option<String> = row.get("draw_offer");
    Ok(Some(GameRow {
        id: row.get("id"),
        game: row.get("game"),
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("game {id}: bad options: {e}")))?,
        seed,
        seed_hash: row.get("seed_hash"),
        state: json(row.get("state"))?,
        log_len: row.get("log_len"),
        draw_offer: draw_offer.as_deref().map(parse_seat).transpose()?,
        finished: row.get::<i64, _>("finished") != 0,
        result: row.get("result"),
        result_reason: row.get("result_reason"),
        created_at: row.get("created_at"),
        updated_at: row.get("updated_at"),
    }))
}

/// The seats of a game, White first.
pub async fn seats(conn: &mut Tx, id: i64) -> Result<Vec<SeatRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT seat, address, secret FROM seats WHERE game_id = ? \
         ORDER BY CASE seat WHEN 'white' THEN 0 ELSE 1 END",
    )
    .bind(id)
    .fetch_all(conn.db())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(SeatRow {
                seat: parse_seat(row.get("seat"))?,
                address: row.get("address"),
                secret: row.get("secret"),
            })
        })
        .collect()
}

/// The whole log of a game, in order.
pub async fn log(conn: &mut Tx, id: i64) -> Result<Vec<LogRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT idx, seat, entry, notation, source, created_at FROM log WHERE game_id = ? ORDER BY idx",
    )
    .bind(id)
    .fetch_all(conn.db())
    .await?;
    rows.iter()
        .map(|row| {
            let seat: Option<String> = row.get("seat");
            Ok(LogRow {
                idx: row.get("idx"),
                seat: seat.as_deref().map(parse_seat).transpose()?,
                entry: json(row.get("entry"))?,
                notation: row.get("notation"),
                source: row.get("source"),
                created_at: row.get("created_at"),
            })
        })
        .collect()
}

/// The first game action by `seat` at log index `from` or later: its
/// index, its notation (as the actor wrote it) and when it was accepted.
pub async fn first_action_since(
    conn: &mut Tx,
    id: i64,
    seat: Seat,
    from: i64,
) -> Result<Option<(i64, String, String)>, StoreError> {
    let row = sqlx::query(
        "SELECT idx, notation, created_at FROM log WHERE game_id = ? AND seat = ? AND idx >= ? \
         AND json_extract(entry, '$.kind') = 'action' ORDER BY idx LIMIT 1",
    )
    .bind(id)
    .bind(seat_text(seat))
    .bind(from)
    .fetch_optional(conn.db())
    .await?;
    Ok(row.map(|r| (r.get("idx"), r.get("notation"), r.get("created_at"))))
}

/// Appends one log entry. The primary key (game, index) makes a second
/// writer of the same index fail instead of forking the log.
pub async fn append_log(
    conn: &mut Tx,
    id: i64,
    idx: i64,
    seat: Option<Seat>,
    entry: &serde_json::Value,
    notation: &str,
    source: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO log (game_id, idx, seat, entry, notation, source) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(id)
    .bind(idx)
    .bind(seat.map(seat_text))
    .bind(entry.to_string())
    .bind(notation)
    .bind(source)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// Saves the snapshot that follows the log's newest entry.
pub async fn save(conn: &mut Tx, id: i64, snapshot: Snapshot<'_>) -> Result<(), StoreError> {
    let (result, reason) = match snapshot.result {
        Some((result, reason)) => (Some(result.score()), Some(reason)),
        None => (None, None),
    };
    sqlx::query(
        "UPDATE games SET state = ?, log_len = ?, draw_offer = ?, finished = ?, result = ?, \
         result_reason = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), \
         finished_at = CASE WHEN ? AND finished_at IS NULL \
                       THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE finished_at END \
         WHERE id = ?",
    )
    .bind(snapshot.state.to_string())
    .bind(snapshot.log_len)
    .bind(snapshot.draw_offer.map(seat_text))
    .bind(result.is_some())
    .bind(result)
    .bind(reason)
    .bind(result.is_some())
    .bind(id)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// A game in a list.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub id: i64,
    pub game: String,
    pub white: String,
    pub black: String,
    pub finished: bool,
    pub result: Option<String>,
    pub updated_at: String,
}

/// Every game, or the games `address` plays in, newest first.
pub async fn list(conn: &mut Tx, address: Option<&str>) -> Result<Vec<GameSummary>, StoreError> {
    list_page(conn, address, None, i64::MAX).await
}

/// A page of [`list`]: at most `limit` games, newest first, only those
/// older than game `before` when given (keyset paging: each page costs the
/// same however many games there are). A player's games are found through
/// the seats' address index.
pub async fn list_page(
    conn: &mut Tx,
    address: Option<&str>,
    before: Option<i64>,
    limit: i64,
) -> Result<Vec<GameSummary>, StoreError> {
    const COLUMNS: &str = "SELECT g.id, g.game, w.address AS white, b.address AS black, \
         g.finished, g.result, g.updated_at FROM games g \
         JOIN seats w ON w.game_id = g.id AND w.seat = 'white' \
         JOIN seats b ON b.game_id = g.id AND b.seat = 'black'";
    let before = before.unwrap_or(i64::MAX);
    let rows = match address {
        Some(address) => {
            sqlx::query(&format!(
                "{COLUMNS} WHERE g.id IN (SELECT game_id FROM seats WHERE address = ?1) \
                 AND g.id < ?2 ORDER BY g.id DESC LIMIT ?3"
            ))
            .bind(address)
            .bind(before)
            .bind(limit)
            .fetch_all(conn.db())
            .await?
        }
        None => {
            sqlx::query(&format!(
                "{COLUMNS} WHERE g.id < ?1 ORDER BY g.id DESC LIMIT ?2"
            ))
            .bind(before)
            .bind(limit)
            .fetch_all(conn.db())
            .await?
        }
    };
    Ok(rows
        .iter()
        .map(|row| GameSummary {
            id: row.get("id"),
            game: row.get("game"),
            white: row.get("white"),
            black: row.get("black"),
            finished: row.get::<i64, _>("finished") != 0,
            result: row.get("result"),
            updated_at: row.get("updated_at"),
        })
        .collect())
}
