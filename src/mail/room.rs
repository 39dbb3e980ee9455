//! The mail room's entry points: one mail processed, and the clock's round.
//! Each records what it did in the caller's transaction: the inbound mail as
//! done and every mail it causes queued in the outbox, so that a mail's
//! effects, its record and its answers commit together.

use crate::store::Tx;
use tracing::{info, warn};

use super::compose::Draft;
use super::inbox::{Mailroom, Processed};
use super::parse;
use crate::referee::RefereeError;
use crate::store::StoreError;
use crate::store::mail::{self as mailstore, MailKey};

impl Mailroom {
    /// Processes one raw mail found at `key`, inside `conn`'s transaction,
    /// and records it as done there.
    pub async fn process(
        &self,
        conn: &mut Tx,
        key: MailKey,
        raw: &[u8],
    ) -> Result<Processed, StoreError> {
        let inbound = parse::parse(raw, &self.config.address);
        let processed = self.decide(conn, &inbound).await?;
        info!(
            %key,
            message_id = inbound.message_id.as_deref().unwrap_or(""),
            from = inbound.from.as_deref().unwrap_or(""),
            outcome = processed.handled.as_str(),
            detail = %processed.detail,
            "mail processed"
        );
        mailstore::record_inbound(
            conn,
            &key,
            inbound.message_id.as_deref(),
            inbound.from.as_deref(),
            processed.handled,
            &processed.detail,
            processed.game_id,
        )
        .await?;
        self.queue(conn, &processed.drafts).await?;
        Ok(processed)
    }

    /// Formats and queues mails in the caller's transaction.
    pub(super) async fn queue(&self, conn: &mut Tx, drafts: &[Draft]) -> Result<(), StoreError> {
        for draft in drafts {
            let raw = match draft.format(&self.config) {
                Ok(raw) => raw,
                Err(e) => {
                    warn!(to = %draft.to, error = %e, "cannot format a mail; it is dropped");
                    continue;
                }
            };
            mailstore::enqueue(
                conn,
                &draft.to,
                &draft.message_id,
                &draft.subject,
                &raw,
                draft.game_id,
                draft.log_len,
            )
            .await?;
        }
        Ok(())
    }

    /// The clock's round over every game at `now`, each game in its own
    /// transaction: losses on time and reminders, mailed. Returns how many
    /// mails it queued.
    pub async fn tick(&self, now: chrono::DateTime<chrono::Utc>) -> Result<usize, StoreError> {
        if !self.referee.clock().is_on() {
            return Ok(0);
        }
        let ids = {
            let mut conn = self.referee.store().read().await?;
            crate::store::clock::games_due(&mut conn, now).await?
        };
        let mut queued = 0;
        for id in ids {
            let mut tx = self.referee.store().write().await?;
            match self.referee.tick(&mut tx, id, now).await {
                Ok(notices) => {
                    let drafts = self.game_drafts(&mut tx, id, &notices, None).await?;
                    self.queue(&mut tx, &drafts).await?;
                    queued += drafts.len();
                    tx.commit().await?;
                }
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => warn!(game = id, error = %e, "the clock could not act on a game"),
            }
        }
        Ok(queued)
    }
}
