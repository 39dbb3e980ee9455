//! Players who take one mail a day (`notify digest`) and when each last got
//! one.

use super::{Stamp, StoreError, Tx};
use chrono::{DateTime, Utc};

/// Whether `address` takes digests.
pub async fn wants_digest(conn: &mut Tx, address: &str) -> Result<bool, StoreError> {
    const SQL: &str = "SELECT address FROM digests WHERE address = $1";
    let row: Option<(String,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(address).fetch_optional(c).await?);
    Ok(row.is_some())
}

/// Turns digests on or off for `address`.
pub async fn set(conn: &mut Tx, address: &str, digest: bool) -> Result<(), StoreError> {
    let sql = if digest {
        "INSERT INTO digests (address) VALUES ($1) ON CONFLICT DO NOTHING"
    } else {
        "DELETE FROM digests WHERE address = $1"
    };
    on!(conn, c => sqlx::query(sql).bind(address).execute(c).await?.rows_affected());
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
    const SQL: &str = "SELECT address, last_sent, last_list FROM digests ORDER BY address";
    let rows: Vec<(String, Option<Stamp>, Option<String>)> =
        on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(address, last, list)| Subscriber {
            address,
            last_sent: last.map(|s| s.0),
            last_list: list.unwrap_or_default(),
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
    const SQL: &str = "UPDATE digests SET last_sent = $1, last_list = $2 WHERE address = $3";
    on!(conn, c => sqlx::query(SQL)
        .bind(Stamp(now))
        .bind(list)
        .bind(address)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// The ongoing games `address` plays, oldest first.
pub async fn ongoing_games(conn: &mut Tx, address: &str) -> Result<Vec<i64>, StoreError> {
    const SQL: &str = "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id \
         WHERE s.address = $1 AND g.finished = FALSE ORDER BY g.id";
    let rows: Vec<(i64,)> = on!(conn, c => sqlx::query_as(SQL).bind(address).fetch_all(c).await?);
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
