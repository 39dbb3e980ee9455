//! The mail daemon's tables: inbound mails seen, the outbox, challenges and
//! the IMAP position.

use super::{Stamp, StoreError, Tx};

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
pub(super) async fn installation(conn: &mut Tx) -> Result<Installation, StoreError> {
    const SQL: &str = "SELECT token, legacy_games FROM installation WHERE id = 1";
    let row: Option<(String, i64)> = on!(conn, c => sqlx::query_as(SQL).fetch_optional(c).await?);
    let (token, legacy_games) =
        row.ok_or_else(|| StoreError::Corrupt("the installation row is missing".to_string()))?;
    Ok(Installation {
        token,
        legacy_games,
    })
}

/// Where a mail sits: the mailbox's name, its UIDVALIDITY and the mail's
/// UID, the key of exactly-once processing (a UID with its UIDVALIDITY is
/// unique only within one mailbox, RFC 3501 2.3.1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailKey {
    pub mailbox: String,
    pub uidvalidity: u32,
    pub uid: u32,
}

/// The key as the log's `source` names a mail: `imap:UIDVALIDITY:UID`.
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
pub async fn seen(conn: &mut Tx, key: &MailKey) -> Result<bool, StoreError> {
    const SQL: &str = "SELECT id FROM inbound WHERE mailbox = $1 AND uidvalidity = $2 AND uid = $3";
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as(SQL)
        .bind(&key.mailbox)
        .bind(key.uidvalidity as i64)
        .bind(key.uid as i64)
        .fetch_optional(c)
        .await?);
    Ok(row.is_some())
}

/// Whether a mail with this Message-ID was processed already (under any key).
pub async fn message_id_seen(conn: &mut Tx, message_id: &str) -> Result<bool, StoreError> {
    const SQL: &str =
        "SELECT id FROM inbound WHERE message_id = $1 AND outcome != 'duplicate' LIMIT 1";
    let row: Option<(i64,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(message_id).fetch_optional(c).await?);
    Ok(row.is_some())
}

/// How many mails `sender` sent that were answered in the last hour.
pub async fn answered_last_hour(conn: &mut Tx, sender: &str) -> Result<i64, StoreError> {
    let sql = conn.pick(
        "SELECT COUNT(*) FROM inbound WHERE sender = $1 \
         AND outcome IN ('applied', 'refused', 'answered') \
         AND received_at >= strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 hour')",
        "SELECT COUNT(*) FROM inbound WHERE sender = $1 \
         AND outcome IN ('applied', 'refused', 'answered') \
         AND received_at >= now() - interval '1 hour'",
    );
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(sql).bind(sender).fetch_one(c).await?);
    Ok(count)
}

/// Records that the mail at `key` is done.
#[allow(clippy::too_many_arguments)]
pub async fn record_inbound(
    conn: &mut Tx,
    key: &MailKey,
    message_id: Option<&str>,
    sender: Option<&str>,
    handled: Handled,
    detail: &str,
    game_id: Option<i64>,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO inbound \
         (mailbox, uidvalidity, uid, message_id, sender, outcome, detail, game_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    on!(conn, c => sqlx::query(SQL)
        .bind(&key.mailbox)
        .bind(key.uidvalidity as i64)
        .bind(key.uid as i64)
        .bind(message_id)
        .bind(sender)
        .bind(handled.as_str())
        .bind(detail)
        .bind(game_id)
        .execute(c)
        .await?
        .rows_affected());
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
    const SQL: &str = "INSERT INTO outbox (recipient, message_id, subject, raw, game_id, log_len) \
         VALUES ($1, $2, $3, $4, $5, $6)";
    on!(conn, c => sqlx::query(SQL)
        .bind(recipient)
        .bind(message_id)
        .bind(subject)
        .bind(raw)
        .bind(game_id)
        .bind(log_len)
        .execute(c)
        .await?
        .rows_affected());
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
    const SQL: &str =
        "SELECT log_len FROM outbox WHERE message_id = $1 AND game_id = $2 AND recipient = $3";
    let row: Option<(Option<i64>,)> = on!(conn, c => sqlx::query_as(SQL)
        .bind(message_id)
        .bind(game_id)
        .bind(recipient)
        .fetch_optional(c)
        .await?);
    Ok(row.and_then(|(len,)| len))
}

/// Mails due to be sent now, oldest first.
pub async fn due(conn: &mut Tx, limit: i64) -> Result<Vec<Outgoing>, StoreError> {
    let sql = conn.pick(
        "SELECT id, recipient, message_id, raw, attempts FROM outbox \
         WHERE sent_at IS NULL AND given_up_at IS NULL \
         AND next_attempt_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
         ORDER BY id LIMIT $1",
        "SELECT id, recipient, message_id, raw, attempts FROM outbox \
         WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now() \
         ORDER BY id LIMIT $1",
    );
    let rows: Vec<(i64, String, String, Vec<u8>, i64)> =
        on!(conn, c => sqlx::query_as(sql).bind(limit).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(id, recipient, message_id, raw, attempts)| Outgoing {
            id,
            recipient,
            message_id,
            raw,
            attempts,
        })
        .collect())
}

/// Claims up to `limit` mails due now for `holder` (one referee's sender)
/// for `seconds`, oldest first: no other sender takes them meanwhile; once
/// the claim lapses (its sender died), another may. On PostgreSQL, rows
/// another referee is claiming at this very moment are skipped, not waited
/// for (`FOR UPDATE SKIP LOCKED`); SQLite's write lock serialises claims.
pub async fn claim_due(
    conn: &mut Tx,
    holder: &str,
    seconds: i64,
    limit: i64,
) -> Result<Vec<Outgoing>, StoreError> {
    let sql = conn.pick(
        "UPDATE outbox SET claimed_by = $1, \
         claimed_until = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+' || $2 || ' seconds') \
         WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL \
           AND next_attempt_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
           AND (claimed_until IS NULL OR claimed_until <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) \
           ORDER BY id LIMIT $3) \
         RETURNING id, recipient, message_id, raw, attempts",
        "UPDATE outbox SET claimed_by = $1, claimed_until = now() + $2 * interval '1 second' \
         WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL \
           AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until <= now()) \
           ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) \
         RETURNING id, recipient, message_id, raw, attempts",
    );
    let mut rows: Vec<(i64, String, String, Vec<u8>, i64)> = on!(conn, c => sqlx::query_as(sql)
        .bind(holder)
        .bind(seconds)
        .bind(limit)
        .fetch_all(c)
        .await?);
    rows.sort_by_key(|row| row.0);
    Ok(rows
        .into_iter()
        .map(|(id, recipient, message_id, raw, attempts)| Outgoing {
            id,
            recipient,
            message_id,
            raw,
            attempts,
        })
        .collect())
}

/// Extends `holder`'s claim on the mails `ids` to `seconds` from now, for
/// those it still holds unsent: a sender renews its batch while it sends,
/// so that a claim can be short (a dead sender's mails wait little) and
/// still outlast a slow server. How many claims were renewed.
pub async fn renew_claims(
    conn: &mut Tx,
    holder: &str,
    ids: &[i64],
    seconds: i64,
) -> Result<u64, StoreError> {
    let ids = serde_json::to_string(ids).expect("a list of numbers is JSON");
    let sql = conn.pick(
        "UPDATE outbox SET claimed_until = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+' || $2 || ' seconds') \
         WHERE claimed_by = $1 AND sent_at IS NULL AND given_up_at IS NULL \
           AND id IN (SELECT value FROM json_each($3))",
        "UPDATE outbox SET claimed_until = now() + $2 * interval '1 second' \
         WHERE claimed_by = $1 AND sent_at IS NULL AND given_up_at IS NULL \
           AND id IN (SELECT jsonb_array_elements_text($3::jsonb)::bigint)",
    );
    let done = on!(conn, c => sqlx::query(sql)
        .bind(holder)
        .bind(seconds)
        .bind(&ids)
        .execute(c)
        .await?
        .rows_affected());
    Ok(done)
}

/// Seconds until the next unsent mail is due, or its sender's claim on it
/// lapses (None if nothing waits).
pub async fn seconds_to_next(conn: &mut Tx) -> Result<Option<i64>, StoreError> {
    let sql = conn.pick(
        "SELECT MAX(0, CAST(strftime('%s', MIN(MAX(next_attempt_at, COALESCE(claimed_until, '')))) \
         AS INTEGER) - CAST(strftime('%s', 'now') AS INTEGER)) \
         FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
        "SELECT GREATEST(0, CAST(ceil(EXTRACT(EPOCH FROM \
         MIN(GREATEST(next_attempt_at, claimed_until)) - now())) AS BIGINT)) \
         FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
    );
    let (seconds,): (Option<i64>,) = on!(conn, c => sqlx::query_as(sql).fetch_one(c).await?);
    Ok(seconds)
}

pub async fn mark_sent(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    let sql = conn.pick(
        "UPDATE outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), \
         attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL WHERE id = $1",
        "UPDATE outbox SET sent_at = now(), attempts = attempts + 1, claimed_by = NULL, \
         claimed_until = NULL WHERE id = $1",
    );
    on!(conn, c => sqlx::query(sql).bind(id).execute(c).await?.rows_affected());
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
    let sql = conn.pick(
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1, unreachable = $2, \
         next_attempt_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+' || $3 || ' seconds'), \
         claimed_by = NULL, claimed_until = NULL WHERE id = $4",
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1, unreachable = $2, \
         next_attempt_at = now() + $3 * interval '1 second', claimed_by = NULL, \
         claimed_until = NULL WHERE id = $4",
    );
    on!(conn, c => sqlx::query(sql)
        .bind(error)
        .bind(unreachable)
        .bind(retry_in_secs)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Records that the server refused a mail for good: it is not tried again.
pub async fn mark_given_up(conn: &mut Tx, id: i64, error: &str) -> Result<(), StoreError> {
    let sql = conn.pick(
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1, \
         given_up_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), claimed_by = NULL, \
         claimed_until = NULL WHERE id = $2",
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1, given_up_at = now(), \
         claimed_by = NULL, claimed_until = NULL WHERE id = $2",
    );
    on!(conn, c => sqlx::query(sql).bind(error).bind(id).execute(c).await?.rows_affected());
    Ok(())
}

/// Makes every mail that waits because the server could not be reached
/// due now: a send just succeeded, so the server is back. (Mail the server
/// answered 4xx keeps its delay: greylisting, a full mailbox.) Returns how
/// many.
pub async fn bring_retries_forward(conn: &mut Tx) -> Result<u64, StoreError> {
    let sql = conn.pick(
        "UPDATE outbox SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
         WHERE sent_at IS NULL AND given_up_at IS NULL AND unreachable = TRUE \
         AND next_attempt_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
        "UPDATE outbox SET next_attempt_at = now() \
         WHERE sent_at IS NULL AND given_up_at IS NULL AND unreachable = TRUE \
         AND next_attempt_at > now()",
    );
    Ok(on!(conn, c => sqlx::query(sql).execute(c).await?.rows_affected()))
}

/// How many mails wait to be sent.
pub async fn unsent_count(conn: &mut Tx) -> Result<i64, StoreError> {
    const SQL: &str = "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL";
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(SQL).fetch_one(c).await?);
    Ok(count)
}

/// The UIDVALIDITY last seen for a mailbox.
pub async fn mailbox_uidvalidity(conn: &mut Tx, name: &str) -> Result<Option<u32>, StoreError> {
    const SQL: &str = "SELECT uidvalidity FROM mailbox WHERE name = $1";
    let row: Option<(i64,)> =
        on!(conn, c => sqlx::query_as(SQL).bind(name).fetch_optional(c).await?);
    Ok(row.map(|(v,)| v as u32))
}

pub async fn set_mailbox_uidvalidity(
    conn: &mut Tx,
    name: &str,
    uidvalidity: u32,
) -> Result<(), StoreError> {
    const SQL: &str = "INSERT INTO mailbox (name, uidvalidity) VALUES ($1, $2) \
         ON CONFLICT (name) DO UPDATE SET uidvalidity = excluded.uidvalidity";
    on!(conn, c => sqlx::query(SQL)
        .bind(name)
        .bind(uidvalidity as i64)
        .execute(c)
        .await?
        .rows_affected());
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
    const SQL: &str = "SELECT id, recipient, subject, attempts, next_attempt_at, last_error, \
         given_up_at FROM outbox WHERE sent_at IS NULL ORDER BY id";
    type Raw = (
        i64,
        String,
        String,
        i64,
        Stamp,
        Option<String>,
        Option<Stamp>,
    );
    let rows: Vec<Raw> = on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(
            |(id, recipient, subject, attempts, next, last_error, given_up)| UnsentMail {
                id,
                recipient,
                subject,
                attempts,
                next_attempt_at: next.text(),
                last_error,
                given_up_at: given_up.map(Stamp::text),
            },
        )
        .collect())
}

/// How many inbound mails ended each way.
pub async fn inbound_counts(conn: &mut Tx) -> Result<Vec<(String, i64)>, StoreError> {
    const SQL: &str = "SELECT outcome, COUNT(*) FROM inbound GROUP BY outcome ORDER BY outcome";
    Ok(on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?))
}

/// Inbound mails that failed inside the referee, newest first.
pub async fn failed_inbound(conn: &mut Tx) -> Result<Vec<(MailKey, String, String)>, StoreError> {
    const SQL: &str = "SELECT mailbox, uidvalidity, uid, detail, received_at FROM inbound \
         WHERE outcome = 'failed' ORDER BY id DESC";
    let rows: Vec<(String, i64, i64, String, Stamp)> =
        on!(conn, c => sqlx::query_as(SQL).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(mailbox, uidvalidity, uid, detail, at)| {
            let key = MailKey {
                mailbox,
                uidvalidity: uidvalidity as u32,
                uid: uid as u32,
            };
            (key, detail, at.text())
        })
        .collect())
}
