//! Spectators: whether a game's players allowed them, who watches, and how
//! far each has been told.

use super::{StoreError, Tx};

/// Whether game `id`'s players allowed spectators.
pub async fn is_public(conn: &mut Tx, id: i64) -> Result<bool, StoreError> {
    const SQL: &str = "SELECT public FROM games WHERE id = $1";
    let row: Option<(bool,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_optional(c).await?);
    Ok(row.is_some_and(|(public,)| public))
}

pub async fn set_public(conn: &mut Tx, id: i64, public: bool) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE games SET public = $1 WHERE id = $2";
    on!(conn, c => sqlx::query(SQL).bind(public).bind(id).execute(c).await?.rows_affected());
    Ok(())
}

/// Adds a watcher who has seen the game up to `told`; false if they
/// already watch.
pub async fn add(conn: &mut Tx, id: i64, address: &str, told: i64) -> Result<bool, StoreError> {
    const SQL: &str = "INSERT INTO watchers (game_id, address, told) VALUES ($1, $2, $3) \
         ON CONFLICT DO NOTHING";
    let done = on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(address)
        .bind(told)
        .execute(c)
        .await?
        .rows_affected());
    Ok(done == 1)
}

/// Removes a watcher; false if they did not watch.
pub async fn remove(conn: &mut Tx, id: i64, address: &str) -> Result<bool, StoreError> {
    const SQL: &str = "DELETE FROM watchers WHERE game_id = $1 AND address = $2";
    let done = on!(conn, c => sqlx::query(SQL)
        .bind(id)
        .bind(address)
        .execute(c)
        .await?
        .rows_affected());
    Ok(done == 1)
}

/// A game's watchers with the log length each was last told, by address.
pub async fn of_game(conn: &mut Tx, id: i64) -> Result<Vec<(String, i64)>, StoreError> {
    const SQL: &str = "SELECT address, told FROM watchers WHERE game_id = $1 ORDER BY address";
    Ok(on!(conn, c => sqlx::query_as(SQL).bind(id).fetch_all(c).await?))
}

/// Records that `address` has been told game `id` up to `told`.
pub async fn told(conn: &mut Tx, id: i64, address: &str, told: i64) -> Result<(), StoreError> {
    const SQL: &str = "UPDATE watchers SET told = $1 WHERE game_id = $2 AND address = $3";
    on!(conn, c => sqlx::query(SQL)
        .bind(told)
        .bind(id)
        .bind(address)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}
