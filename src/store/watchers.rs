//! Spectators: whether a game's players allowed them, who watches, and how
//! far each has been told.

use sqlx::Row;

use super::{StoreError, Tx};

/// Whether game `id`'s players allowed spectators.
pub async fn is_public(conn: &mut Tx, id: i64) -> Result<bool, StoreError> {
    let public: Option<i64> = sqlx::query("SELECT public FROM games WHERE id = ?")
        .bind(id)
        .fetch_optional(conn.db())
        .await?
        .map(|row| row.get(0));
    Ok(public == Some(1))
}

pub async fn set_public(conn: &mut Tx, id: i64, public: bool) -> Result<(), StoreError> {
    sqlx::query("UPDATE games SET public = ? WHERE id = ?")
        .bind(public)
        .bind(id)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// Adds a watcher who has seen the game up to `told`; false if they
/// already watch.
pub async fn add(conn: &mut Tx, id: i64, address: &str, told: i64) -> Result<bool, StoreError> {
    let done =
        sqlx::query("INSERT OR IGNORE INTO watchers (game_id, address, told) VALUES (?, ?, ?)")
            .bind(id)
            .bind(address)
            .bind(told)
            .execute(conn.db())
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a watcher; false if they did not watch.
pub async fn remove(conn: &mut Tx, id: i64, address: &str) -> Result<bool, StoreError> {
    let done = sqlx::query("DELETE FROM watchers WHERE game_id = ? AND address = ?")
        .bind(id)
        .bind(address)
        .execute(conn.db())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A game's watchers with the log length each was last told, by address.
pub async fn of_game(conn: &mut Tx, id: i64) -> Result<Vec<(String, i64)>, StoreError> {
    let rows = sqlx::query("SELECT address, told FROM watchers WHERE game_id = ? ORDER BY address")
        .bind(id)
        .fetch_all(conn.db())
        .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Records that `address` has been told game `id` up to `told`.
pub async fn told(conn: &mut Tx, id: i64, address: &str, told: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE watchers SET told = ? WHERE game_id = ? AND address = ?")
        .bind(told)
        .bind(id)
        .bind(address)
        .execute(conn.db())
        .await?;
    Ok(())
}
