//! Players who take one mail a day (`notify digest`) and when each last got
//! one.

use chrono::{DateTime, Utc};
use sqlx::Row;

use super::clock::{format_time, parse_time};
use super::{StoreError, Tx};

/// Whether `address` takes digests.
pub async fn wants_digest(conn: &mut Tx, address: &str) -> Result<bool, StoreError> {
    Ok(sqlx::query("SELECT 1 FROM digests WHERE address = ?")
        .bind(address)
        .fetch_optional(conn.db())
        .await?
        .is_some())
}

/// Turns digests on or off for `address`.
pub async fn set(conn: &mut Tx, address: &str, digest: bool) -> Result<(), StoreError> {
    let query = if digest {
        "INSERT OR IGNORE INTO digests (address) VALUES (?)"
    } else {
        "DELETE FROM digests WHERE address = ?"
    };
    sqlx::query(query).bind(address).execute(conn.db()).await?;
    Ok(())
}

/// One player who takes digests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscriber {
    pub address: String,
    /// When the last digest went out.
    pub last_sent: Option<DateTime<Utc>>,
    /// What it listed (`12:34 15:7`: each game and its log length).
    pub last_list: String,
}

/// Everyone who takes digests.
pub async fn subscribers(conn: &mut Tx) -> Result<Vec<Subscriber>, StoreError> {
    let rows = sqlx::query("SELECT address, last_sent, last_list FROM digests ORDER BY address")
        .fetch_all(conn.db())
        .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let last: Option<String> = r.get(1);
            let list: Option<String> = r.get(2);
            Subscriber {
                address: r.get(0),
                last_sent: last.as_deref().and_then(parse_time),
                last_list: list.unwrap_or_default(),
            }
        })
        .collect())
}

/// Records that `address` got a digest listing `list` at `now`.
pub async fn sent(
    conn: &mut Tx,
    address: &str,
    now: DateTime<Utc>,
    list: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE digests SET last_sent = ?, last_list = ? WHERE address = ?")
        .bind(format_time(now))
        .bind(list)
        .bind(address)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// The ongoing games `address` plays, oldest first.
pub async fn ongoing_games(conn: &mut Tx, address: &str) -> Result<Vec<i64>, StoreError> {
    let rows = sqlx::query(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id \
         WHERE s.address = ? AND g.finished = 0 ORDER BY g.id",
    )
    .bind(address)
    .fetch_all(conn.db())
    .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}
