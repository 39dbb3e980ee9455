//! The mail daemon's tables: inbound mails seen, the outbox, challenges and
//! the IMAP position.

use sqlx::{Row, SqliteConnection};

use super::{StoreError, Tx};

/// This database's own part of the referee's Message-IDs (the one row of
/// the `installation` table, made with the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installation {
    /// Random, different in every database.
    pub token: String,
    /// Games up to this id were started before the token existed.
    pub legacy_games: i64,
}

/// Reads this database's [`Installation`].
pub(super) async fn installation(conn: &mut SqliteConnection) -> Result<Installation, StoreError> {
    let row = sqlx::query("SELECT token, legacy_games FROM installation WHERE id = 1")
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| StoreError::Corrupt("the installation row is missing".to_string()))?;
    Ok(Installation {
        token: row.get(0),
        legacy_games: row.get(1),
    })
}

/// Where a mail sits in the mailbox: the key of exactly-once processing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MailKey {
    pub uidvalidity: u32,
    pub uid: u32,
}

impl std::fmt::Display for MailKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "imap:{}:{}", self.uidvalidity, self.uid)
    }
}

/// How a mail was dealt with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handled {
    /// It changed a game or started one.
    Applied,
    /// It was refused with an answer; nothing changed.
    Refused,
    /// A question was answered (help, rules, games, show).
    Answered,
    /// Never answered: automatic mail, mail from the referee itself.
    Ignored,
    /// A mail already processed, delivered again.
    Duplicate,
    /// Over the sender's rate limit: not answered.
    RateLimited,
    /// Processing it failed inside the referee (a bug): set aside, so one
    /// bad mail cannot stop the daemon; the host finds it in the log.
    Failed,
}

impl Handled {
    pub fn as_str(self) -> &'static str {
        match self {
            Handled::Applied => "applied",
            Handled::Refused => "refused",
            Handled::Answered => "answered",
            Handled::Ignored => "ignored",
            Handled::Duplicate => "duplicate",
            Handled::RateLimited => "rate-limited",
            Handled::Failed => "failed",
        }
    }
}

/// Whether the mail at `key` was processed already.
pub async fn seen(conn: &mut Tx, key: MailKey) -> Result<bool, StoreError> {
    Ok(
        sqlx::query("SELECT 1 FROM inbound WHERE uidvalidity = ? AND uid = ?")
            .bind(key.uidvalidity as i64)
            .bind(key.uid as i64)
            .fetch_optional(conn.db())
            .await?
            .is_some(),
    )
}

/// Whether a mail with this Message-ID was processed already (under any key).
pub async fn message_id_seen(conn: &mut Tx, message_id: &str) -> Result<bool, StoreError> {
    Ok(
        sqlx::query(
            "SELECT 1 FROM inbound WHERE message_id = ? AND outcome != 'duplicate' LIMIT 1",
        )
        .bind(message_id)
        .fetch_optional(conn.db())
        .await?
        .is_some(),
    )
}

/// How many mails `sender` sent that were answered in the last hour.
pub async fn answered_last_hour(conn: &mut Tx, sender: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query(
        "SELECT COUNT(*) FROM inbound WHERE sender = ? AND outcome IN ('applied', 'refused', 'answered') \
         AND received_at >= strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 hour')",
    )
    .bind(sender)
    .fetch_one(conn.db())
    .await?
    .get(0))
}

/// Records that the mail at `key` is done.
#[allow(clippy::too_many_arguments)]
pub async fn record_inbound(
    conn: &mut Tx,
    key: MailKey,
    message_id: Option<&str>,
    sender: Option<&str>,
    handled: Handled,
    detail: &str,
    game_id: Option<i64>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO inbound (uidvalidity, uid, message_id, sender, outcome, detail, game_id) \
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(key.uidvalidity as i64)
    .bind(key.uid as i64)
    .bind(message_id)
    .bind(sender)
    .bind(handled.as_str())
    .bind(detail)
    .bind(game_id)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// A mail waiting in the outbox.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub id: i64,
    pub recipient: String,
    pub message_id: String,
    pub raw: Vec<u8>,
    pub attempts: i64,
}

/// Queues a formatted mail.
pub async fn enqueue(
    conn: &mut Tx,
    recipient: &str,
    message_id: &str,
    subject: &str,
    raw: &[u8],
    game_id: Option<i64>,
    log_len: Option<i64>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO outbox (recipient, message_id, subject, raw, game_id, log_len) \
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(recipient)
    .bind(message_id)
    .bind(subject)
    .bind(raw)
    .bind(game_id)
    .bind(log_len)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// The game's log length when the referee's game mail `message_id` to
/// `recipient` in `game_id` was queued; `None` if there is no such mail
/// (or it was queued before the length was kept).
pub async fn notice_log_len(
    conn: &mut Tx,
    message_id: &str,
    game_id: i64,
    recipient: &str,
) -> Result<Option<i64>, StoreError> {
    let row = sqlx::query(
        "SELECT log_len FROM outbox WHERE message_id = ? AND game_id = ? AND recipient = ?",
    )
    .bind(message_id)
    .bind(game_id)
    .bind(recipient)
    .fetch_optional(conn.db())
    .await?;
    Ok(row.and_then(|r| r.get::<Option<i64>, _>(0)))
}

/// Mails due to be sent now, oldest first.
pub async fn due(conn: &mut Tx, limit: i64) -> Result<Vec<Outgoing>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, recipient, message_id, raw, attempts FROM outbox \
         WHERE sent_at IS NULL AND given_up_at IS NULL \
         AND next_attempt_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
         ORDER BY id LIMIT ?",
    )
    .bind(limit)
    .fetch_all(conn.db())
    .await?;
    Ok(rows
        .iter()
        .map(|row| Outgoing {
            id: row.get("id"),
            recipient: row.get("recipient"),
            message_id: row.get("message_id"),
            raw: row.get("raw"),
            attempts: row.get("attempts"),
        })
        .collect())
}

/// Seconds until the next unsent mail is due (None if nothing waits).
pub async fn seconds_to_next(conn: &mut Tx) -> Result<Option<i64>, StoreError> {
    Ok(sqlx::query(
        "SELECT MAX(0, CAST(strftime('%s', MIN(next_attempt_at)) AS INTEGER) - CAST(strftime('%s', 'now') AS INTEGER)) \
         FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
    )
    .fetch_one(conn.db())
    .await?
    .get::<Option<i64>, _>(0))
}

pub async fn mark_sent(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), attempts = attempts + 1 WHERE id = ?")
        .bind(id)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// Records a failed attempt and when to try again; `unreachable` when the
/// server could not be reached at all (no answer to act on).
pub async fn mark_failed(
    conn: &mut Tx,
    id: i64,
    error: &str,
    retry_in_secs: i64,
    unreachable: bool,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, unreachable = ?, \
         next_attempt_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+' || ? || ' seconds') WHERE id = ?",
    )
    .bind(error)
    .bind(unreachable)
    .bind(retry_in_secs)
    .bind(id)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// Records that the server refused a mail for good: it is not tried again.
pub async fn mark_given_up(conn: &mut Tx, id: i64, error: &str) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, \
         given_up_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?",
    )
    .bind(error)
    .bind(id)
    .execute(conn.db())
    .await?;
    Ok(())
}

/// Makes every mail that waits because the server could not be reached
/// due now: a send just succeeded, so the server is back. (Mail the server
/// answered 4xx keeps its delay: greylisting, a full mailbox.) Returns how
/// many.
pub async fn bring_retries_forward(conn: &mut Tx) -> Result<u64, StoreError> {
    Ok(sqlx::query(
        "UPDATE outbox SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
         WHERE sent_at IS NULL AND given_up_at IS NULL AND unreachable = 1 \
         AND next_attempt_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
    )
    .execute(conn.db())
    .await?
    .rows_affected())
}

/// How many mails wait to be sent.
pub async fn unsent_count(conn: &mut Tx) -> Result<i64, StoreError> {
    Ok(
        sqlx::query("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL")
            .fetch_one(conn.db())
            .await?
            .get(0),
    )
}

/// The UIDVALIDITY last seen for a mailbox.
pub async fn mailbox_uidvalidity(conn: &mut Tx, name: &str) -> Result<Option<u32>, StoreError> {
    Ok(
        sqlx::query("SELECT uidvalidity FROM mailbox WHERE name = ?")
            .bind(name)
            .fetch_optional(conn.db())
            .await?
            .map(|row| row.get::<i64, _>(0) as u32),
    )
}

pub async fn set_mailbox_uidvalidity(
    conn: &mut Tx,
    name: &str,
    uidvalidity: u32,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO mailbox (name, uidvalidity) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET uidvalidity = excluded.uidvalidity")
        .bind(name)
        .bind(uidvalidity as i64)
        .execute(conn.db())
        .await?;
    Ok(())
}

/// A line of the host's mail report.
#[derive(Clone, Debug)]
pub struct UnsentMail {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub attempts: i64,
    pub next_attempt_at: String,
    pub last_error: Option<String>,
    /// When the server refused it for good; `None` while it waits.
    pub given_up_at: Option<String>,
}

/// The mails not sent, oldest first: those waiting and those the server
/// refused for good.
pub async fn unsent(conn: &mut Tx) -> Result<Vec<UnsentMail>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, recipient, subject, attempts, next_attempt_at, last_error, given_up_at \
         FROM outbox WHERE sent_at IS NULL ORDER BY id",
    )
    .fetch_all(conn.db())
    .await?;
    Ok(rows
        .iter()
        .map(|r| UnsentMail {
            id: r.get("id"),
            recipient: r.get("recipient"),
            subject: r.get("subject"),
            attempts: r.get("attempts"),
            next_attempt_at: r.get("next_attempt_at"),
            last_error: r.get("last_error"),
            given_up_at: r.get("given_up_at"),
        })
        .collect())
}

/// How many inbound mails ended each way.
pub async fn inbound_counts(conn: &mut Tx) -> Result<Vec<(String, i64)>, StoreError> {
    let rows =
        sqlx::query("SELECT outcome, COUNT(*) FROM inbound GROUP BY outcome ORDER BY outcome")
            .fetch_all(conn.db())
            .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Inbound mails that failed inside the referee, newest first.
pub async fn failed_inbound(conn: &mut Tx) -> Result<Vec<(MailKey, String, String)>, StoreError> {
    let rows = sqlx::query(
        "SELECT uidvalidity, uid, detail, received_at FROM inbound WHERE outcome = 'failed' ORDER BY id DESC",
    )
    .fetch_all(conn.db())
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let key = MailKey {
                uidvalidity: r.get::<i64, _>(0) as u32,
                uid: r.get::<i64, _>(1) as u32,
            };
            (key, r.get(2), r.get(3))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    async fn queued(store: &Store, n: usize) -> Vec<i64> {
        let mut tx = store.write().await.unwrap();
        for i in 0..n {
            enqueue(
                &mut tx,
                "a@x.test",
                &format!("m{i}@x"),
                "s",
                b"raw",
                None,
                None,
            )
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
        let mut conn = store.read().await.unwrap();
        due(&mut conn, 10)
            .await
            .unwrap()
            .iter()
            .map(|m| m.id)
            .collect()
    }

    #[tokio::test]
    async fn a_given_up_mail_is_never_due_again_and_a_success_brings_retries_forward() {
        let store = Store::open_in_memory().await.unwrap();
        let ids = queued(&store, 3).await;
        assert_eq!(ids.len(), 3);
        let mut tx = store.write().await.unwrap();
        mark_given_up(&mut tx, ids[0], "554 relay denied")
            .await
            .unwrap();
        mark_failed(&mut tx, ids[1], "connection refused", 600, true)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let mut conn = store.read().await.unwrap();
        let due_now: Vec<i64> = due(&mut conn, 10)
            .await
            .unwrap()
            .iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(due_now, [ids[2]]);
        assert_eq!(unsent_count(&mut conn).await.unwrap(), 2);
        drop(conn);

        let mut tx = store.write().await.unwrap();
        assert_eq!(bring_retries_forward(&mut tx).await.unwrap(), 1);
        // A 4xx answer keeps its delay.
        mark_failed(&mut tx, ids[2], "451 greylisted", 600, false)
            .await
            .unwrap();
        assert_eq!(bring_retries_forward(&mut tx).await.unwrap(), 0);
        tx.commit().await.unwrap();
        let mut conn = store.read().await.unwrap();
        let due_now: Vec<i64> = due(&mut conn, 10)
            .await
            .unwrap()
            .iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(
            due_now,
            [ids[1]],
            "the given-up and the greylisted mail stay out"
        );
        let listed = unsent(&mut conn).await.unwrap();
        assert_eq!(listed.len(), 3);
        assert!(listed[0].given_up_at.is_some() && listed[1].given_up_at.is_none());
    }
}
