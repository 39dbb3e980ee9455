//! Players' public names: what standings, crosstables, the rating list and
//! the archive site show instead of an address. Unique per referee without
//! regard to case.

use std::collections::HashMap;

use super::{StoreError, Tx};

/// Sets `address`'s name; false if another player has it already (in any
/// case).
pub async fn set(conn: &mut Tx, address: &str, name: &str) -> Result<bool, StoreError> {
    let folded = name.to_lowercase();
    const TAKEN: &str = "SELECT address FROM player_names WHERE folded = $1";
    let holder: Option<(String,)> =
        on!(conn, c => sqlx::query_as(TAKEN).bind(&folded).fetch_optional(c).await?);
    if holder.is_some_and(|(holder,)| holder != address) {
        return Ok(false);
    }
    const SQL: &str = "INSERT INTO player_names (address, name, folded) VALUES ($1, $2, $3) \
         ON CONFLICT (address) DO UPDATE SET name = excluded.name, folded = excluded.folded";
    on!(conn, c => sqlx::query(SQL)
        .bind(address)
        .bind(name)
        .bind(&folded)
        .execute(c)
        .await?
        .rows_affected());
    Ok(true)
}

/// Gives `address` the name `name` if it has none and no one else has that
/// name; true if it did.
pub async fn set_first(conn: &mut Tx, address: &str, name: &str) -> Result<bool, StoreError> {
    const SQL: &str = "INSERT INTO player_names (address, name, folded) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
    let done = on!(conn, c => sqlx::query(SQL)
        .bind(address)
        .bind(name)
        .bind(name.to_lowercase())
        .execute(c)
        .await?
        .rows_affected());
    Ok(done == 1)
}

/// `address`'s name, if it has one.
pub async fn get(conn: &mut Tx, address: &str) -> Result<Option<String>, StoreError> {
    const SQL: &str = "SELECT name FROM player_names WHERE address = $1";
    let row: Option<(String,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(address).fetch_optional(c).await?);
    Ok(row.map(|(name,)| name))
}

/// Every name, by address.
pub async fn all(conn: &mut Tx) -> Result<HashMap<String, String>, StoreError> {
    const SQL: &str = "SELECT address, name FROM player_names";
    let rows: Vec<(String, String)> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows.into_iter().collect())
}
