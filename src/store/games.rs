//! Games, seats, logs and checkpoints.
//!
//! The log is the source of truth. A game's state is kept as a checkpoint:
//! the state after the first `log_len` entries, rewritten only now and then
//! (the referee decides when), since a state holds the game's move list and
//! rewriting it after every move would make the bytes a move writes grow
//! with the game. The `games` row holds the small facts every move updates
//! (the log's length, a draw offer, the result); a game is loaded from its
//! checkpoint and the log entries after it ([`log_since`]).

use sqlx::Row;

use super::{Stamp, StoreError, Tx};
use crate::rules::{GameResult, Options, Seat};

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub game: String,
    pub options: Options,
    pub seed: [u8; 32],
    pub seed_hash: String,
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

/// What a new game row holds; its state is its first checkpoint.
pub struct NewGame<'a> {
    pub game: &'a str,
    pub options: &'a Options,
    pub seed: [u8; 32],
    pub seed_hash: &'a str,
    pub state: &'a serde_json::Value,
    pub seats: &'a [SeatRow],
}

/// Where a game stands after an accepted entry: the small facts of the
/// `games` row.
pub struct Progress<'a> {
    pub log_len: i64,
    pub draw_offer: Option<Seat>,
    pub result: Option<(GameResult, &'a str)>,
}

/// A game's state after the first `log_len` entries of its log.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub log_len: i64,
    pub state: serde_json::Value,
    pub draw_offer: Option<Seat>,
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

/// Inserts a game, its seats and its first checkpoint (an empty log);
/// returns its id.
pub async fn insert(conn: &mut Tx, new: NewGame<'_>) -> Result<i64, StoreError> {
    let options = serde_json::to_string(new.options).expect("options serialise");
    let id: i64 = on!(conn, c => sqlx::query(
        "INSERT INTO games (game, options, seed, seed_hash) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(new.game)
    .bind(&options)
    .bind(hex::encode(new.seed))
    .bind(new.seed_hash)
    .fetch_one(c)
    .await?
    .get(0));
    save_checkpoint(
        conn,
        id,
        &Checkpoint {
            log_len: 0,
            state: new.state.clone(),
            draw_offer: None,
        },
    )
    .await?;
    for seat in new.seats {
        on!(conn, c => sqlx::query(
            "INSERT INTO seats (game_id, seat, address, secret) VALUES ($1, $2, $3, $4)"
        )
        .bind(id)
        .bind(seat_text(seat.seat))
        .bind(&seat.address)
        .bind(&seat.secret)
        .execute(c)
        .await?
        .rows_affected());
    }
    Ok(id)
}

/// A game by id. In a write transaction on PostgreSQL its row is locked
/// until the transaction ends: one change of a game at a time, whichever
/// referee makes it (SQLite's write lock already covers the whole file).
pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<GameRow>, StoreError> {
    const SQL: &str = "SELECT id, game, options, seed, seed_hash, log_len, draw_offer, finished, \
         result, result_reason, created_at, updated_at FROM games WHERE id = $1";
    const LOCKING: &str = "SELECT id, game, options, seed, seed_hash, log_len, draw_offer, \
         finished, result, result_reason, created_at, updated_at FROM games WHERE id = $1 \
         FOR UPDATE";
    let sql = if conn.write {
        conn.pick(SQL, LOCKING)
    } else {
        SQL
    };
    let row = on!(conn, c => {
        let row = sqlx::query(sql).bind(id).fetch_optional(c).await?;
        let Some(row) = row else { return Ok(None) };
        RawGame {
            id: row.get("id"),
            game: row.get("game"),
            options: row.get("options"),
            seed: row.get("seed"),
            seed_hash: row.get("seed_hash"),
            log_len: row.get("log_len"),
            draw_offer: row.get("draw_offer"),
            finished: row.get("finished"),
            result: row.get("result"),
            result_reason: row.get("result_reason"),
            created_at: row.get("created_at"),
            updated_at: row.get("updated_at"),
        }
    });
    let seed = hex::decode(&row.seed)
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
        .ok_or_else(|| StoreError::Corrupt(format!("game {id}: bad seed")))?;
    Ok(Some(GameRow {
        id: row.id,
        game: row.game,
        options: serde_json::from_str(&row.options)
            .map_err(|e| StoreError::Corrupt(format!("game {id}: bad options: {e}")))?,
        seed,
        seed_hash: row.seed_hash,
        log_len: row.log_len,
        draw_offer: row.draw_offer.as_deref().map(parse_seat).transpose()?,
        finished: row.finished,
        result: row.result,
        result_reason: row.result_reason,
        created_at: row.created_at.text(),
        updated_at: row.updated_at.text(),
    }))
}

/// A `games` row as the database gives it.
struct RawGame {
    id: i64,
    game: String,
    options: String,
    seed: String,
    seed_hash: String,
    log_len: i64,
    draw_offer: Option<String>,
    finished: bool,
    result: Option<String>,
    result_reason: Option<String>,
    created_at: Stamp,
    updated_at: Stamp,
}

/// The seats of a game, White first.
pub async fn seats(conn: &mut Tx, id: i64) -> Result<Vec<SeatRow>, StoreError> {
    const SQL: &str = "SELECT seat, address, secret FROM seats WHERE game_id = $1 \
         ORDER BY CASE seat WHEN 'white' THEN 0 ELSE 1 END";
    let rows: Vec<(String, String, String)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_all(c).await?);
    rows.into_iter()
        .map(|(seat, address, secret)| {
            Ok(SeatRow {
                seat: parse_seat(&seat)?,
                address,
                secret,
            })
        })
        .collect()
}

/// The whole log of a game, in order.
pub async fn log(conn: &mut Tx, id: i64) -> Result<Vec<LogRow>, StoreError> {
    log_since(conn, id, 0).await
}

/// The entries of a game's log from index `from` on, in order.
pub async fn log_since(conn: &mut Tx, id: i64, from: i64) -> Result<Vec<LogRow>, StoreError> {
    const SQL: &str = "SELECT idx, seat, entry, notation, source, created_at FROM log \
         WHERE game_id = $1 AND idx >= $2 ORDER BY idx";
    type Raw = (i64, Option<String>, String, String, String, Stamp);
    let rows: Vec<Raw> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).bind(from).fetch_all(c).await?);
    rows.into_iter()
        .map(|(idx, seat, entry, notation, source, created_at)| {
            Ok(LogRow {
                idx,
                seat: seat.as_deref().map(parse_seat).transpose()?,
                entry: json(&entry)?,
                notation,
                source,
                created_at: created_at.text(),
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
    let sql = conn.pick(
        "SELECT idx, notation, created_at FROM log WHERE game_id = $1 AND seat = $2 \
         AND idx >= $3 AND json_extract(entry, '$.kind') = 'action' ORDER BY idx LIMIT 1",
        "SELECT idx, notation, created_at FROM log WHERE game_id = $1 AND seat = $2 \
         AND idx >= $3 AND entry::jsonb ->> 'kind' = 'action' ORDER BY idx LIMIT 1",
    );
    let row: Option<(i64, String, Stamp)> = on!(conn, c => sqlx::query_as(sql)
        .bind(id)
        .bind(seat_text(seat))
        .bind(from)
        .fetch_optional(c)
        .await?);
    Ok(row.map(|(idx, notation, at)| (idx, notation, at.text())))
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
    const SQL: &str = "INSERT INTO log (game_id, idx, seat, entry, notation, source) \
         VALUES ($1, $2, $3, $4, $5, $6)";
    let entry = entry.to_string();
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(idx)
        .bind(seat.map(seat_text))
        .bind(&entry)
        .bind(notation)
        .bind(source)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Records where the game stands after the log's newest entry.
pub async fn save(conn: &mut Tx, id: i64, progress: Progress<'_>) -> Result<(), StoreError> {
    let (result, reason) = match progress.result {
        Some((result, reason)) => (Some(result.score()), Some(reason)),
        None => (None, None),
    };
    let sql = conn.pick(
        "UPDATE games SET log_len = $1, draw_offer = $2, finished = $3, result = $4, \
         result_reason = $5, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), \
         finished_at = CASE WHEN $3 AND finished_at IS NULL \
                       THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE finished_at END \
         WHERE id = $6",
        "UPDATE games SET log_len = $1, draw_offer = $2, finished = $3, result = $4, \
         result_reason = $5, updated_at = now(), \
         finished_at = CASE WHEN $3 AND finished_at IS NULL THEN now() ELSE finished_at END \
         WHERE id = $6",
    );
    on!(conn, c => sqlx::query(sql)
        .bind(progress.log_len)
        .bind(progress.draw_offer.map(seat_text))
        .bind(result.is_some())
        .bind(result)
        .bind(reason)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// A game's checkpoint.
pub async fn checkpoint(conn: &mut Tx, id: i64) -> Result<Option<Checkpoint>, StoreError> {
    const SQL: &str = "SELECT log_len, state, draw_offer FROM checkpoints WHERE game_id = $1";
    let row: Option<(i64, String, Option<String>)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    let Some((log_len, state, draw_offer)) = row else {
        return Ok(None);
    };
    Ok(Some(Checkpoint {
        log_len,
        state: json(&state)?,
        draw_offer: draw_offer.as_deref().map(parse_seat).transpose()?,
    }))
}

/// Replaces a game's checkpoint.
pub async fn save_checkpoint(
    conn: &mut Tx,
    id: i64,
    checkpoint: &Checkpoint,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO checkpoints (game_id, log_len, state, draw_offer) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id) DO UPDATE SET log_len = excluded.log_len, \
         state = excluded.state, draw_offer = excluded.draw_offer";
    let state = checkpoint.state.to_string();
    on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(checkpoint.log_len)
        .bind(&state)
        .bind(checkpoint.draw_offer.map(seat_text))
        .execute(c)
        .await?
        .rows_affected());
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
    /// The seat the referee's computer plays and its level, in a game
    /// against it.
    pub computer: Option<(Seat, u8)>,
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
         g.finished, g.result, g.updated_at, c.seat AS computer_seat, c.level AS computer_level \
         FROM games g \
         JOIN seats w ON w.game_id = g.id AND w.seat = 'white' \
         JOIN seats b ON b.game_id = g.id AND b.seat = 'black' \
         LEFT JOIN computers c ON c.game_id = g.id";
    type Raw = (
        i64,
        String,
        String,
        String,
        bool,
        Option<String>,
        Stamp,
        Option<String>,
        Option<i64>,
    );
    let before = before.unwrap_or(i64::MAX);
    let rows: Vec<Raw> = match address {
        Some(address) => {
            let sql = format!(
                "{COLUMNS} WHERE g.id IN (SELECT game_id FROM seats WHERE address = $1) \
                 AND g.id < $2 ORDER BY g.id DESC LIMIT $3"
            );
            on!(conn, c => sqlx::query_as(&sql)
                .bind(address)
                .bind(before)
                .bind(limit)
                .fetch_all(c)
                .await?)
        }
        None => {
            let sql = format!("{COLUMNS} WHERE g.id < $1 ORDER BY g.id DESC LIMIT $2");
            on!(conn, c => sqlx::query_as(&sql).bind(before).bind(limit).fetch_all(c).await?)
        }
    };
    rows.into_iter()
        .map(
            |(id, game, white, black, finished, result, updated_at, seat, level)| {
                let computer = match seat {
                    Some(seat) => Some((parse_seat(&seat)?, level.unwrap_or_default() as u8)),
                    None => None,
                };
                Ok(GameSummary {
                    id,
                    game,
                    white,
                    black,
                    finished,
                    result,
                    updated_at: updated_at.text(),
                    computer,
                })
            },
        )
        .collect()
}
