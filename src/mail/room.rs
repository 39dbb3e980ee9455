//! The mail room's entry points: one mail processed, the computer's
//! answers owed, and the clock's round. Each records what it did in one
//! transaction with the mails it causes, queued in the outbox, so that a
//! mail's effects, its record and its answers commit together, and the
//! computer's answer with the player's mail that carries it.

use crate::store::Tx;
use tracing::{info, warn};

use super::compose::Draft;
use super::inbox::{Mailroom, Processed};
use super::parse;
use crate::referee::{DueStart, RefereeError};
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

    /// Queues the mails of notices the command line caused (a tournament's
    /// start, a withdrawal's forfeits), in the caller's transaction, for
    /// `serve` to send.
    pub async fn queue_notices(
        &self,
        conn: &mut Tx,
        notices: &[crate::referee::Notice],
    ) -> Result<(), StoreError> {
        let drafts: Vec<Draft> = notices
            .iter()
            .filter(|n| !n.held)
            .map(|n| Draft::notice(&self.config, self.installation(), n, None))
            .collect();
        self.queue(conn, &drafts).await
    }

    /// Formats and queues mails in the caller's transaction, with the
    /// mails of any Swiss round the transaction paired (a game that ended
    /// a round pairs the next inside it): every path that mails queues
    /// those too.
    pub(super) async fn queue(&self, conn: &mut Tx, drafts: &[Draft]) -> Result<(), StoreError> {
        self.enqueue(conn, drafts).await?;
        let (notices, byes) = match self.referee.swiss_announcements(conn).await {
            Ok(made) => made,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => {
                warn!(error = %e, "cannot announce a Swiss round");
                return Ok(());
            }
        };
        let mut more: Vec<Draft> = notices
            .iter()
            .filter(|n| !n.held)
            .map(|n| Draft::notice(&self.config, self.installation(), n, None))
            .collect();
        more.extend(
            byes.into_iter()
                .map(|b| Draft::answer(&self.config, &b.address, &b.subject, b.text, None, None)),
        );
        self.enqueue(conn, &more).await
    }

    async fn enqueue(&self, conn: &mut Tx, drafts: &[Draft]) -> Result<(), StoreError> {
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

    /// Makes the computer's answer in every game where it owes one (after
    /// a player's mail, or left owed by a crash), each in a transaction of
    /// its own with the player's mail that carries both the player's entry
    /// and the answer, threaded as the reply to the player's mail. The
    /// computer thinks outside any transaction: mails are processed
    /// meanwhile. An entry made from the command line is answered without
    /// a mail, as the command line makes none. Returns how many mails it
    /// queued.
    pub async fn computer_answers(&self) -> Result<usize, StoreError> {
        let mut queued = 0;
        for id in self.computer_owing().await? {
            queued += self.computer_answer(id).await?;
        }
        Ok(queued)
    }

    /// The games where the computer owes an answer.
    pub async fn computer_owing(&self) -> Result<Vec<i64>, StoreError> {
        match self.referee.computer_owing().await {
            Ok(owing) => Ok(owing),
            Err(RefereeError::Store(e)) => Err(e),
            Err(e) => {
                warn!(error = %e, "cannot list the computer's answers owed");
                Ok(Vec::new())
            }
        }
    }

    /// [`Mailroom::computer_answers`] in game `id` alone.
    pub async fn computer_answer(&self, id: i64) -> Result<usize, StoreError> {
        let (mut tx, answer) = match self.referee.computer_answer(id).await {
            Ok(Some(made)) => made,
            Ok(None) => return Ok(0),
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => {
                warn!(game = id, error = %e, "the computer could not answer in a game");
                return Ok(0);
            }
        };
        let mut queued = 0;
        if answer.source != "cli" {
            let player = answer.notices.first().map(|n| n.address.clone());
            let reply = player
                .as_deref()
                .zip(super::in_game::answered_mail(&answer.source));
            let drafts = self
                .game_drafts(&mut tx, answer.game, &answer.notices, reply)
                .await?;
            self.queue(&mut tx, &drafts).await?;
            queued = drafts.len();
        }
        tx.commit().await?;
        Ok(queued)
    }

    /// The clock's round at `now`: first the tournaments whose start day
    /// has come, then every game, each in its own transaction: losses on
    /// time and reminders, mailed. Returns how many mails it queued.
    pub async fn tick(&self, now: chrono::DateTime<chrono::Utc>) -> Result<usize, StoreError> {
        let mut queued = self.start_due_tournaments(now).await?;
        let ids = {
            let mut conn = self.referee.store().read().await?;
            crate::store::clock::games_due(&mut conn, now).await?
        };
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

    /// Starts each open tournament whose start day has come at `now`, in a
    /// transaction of its own with the start mails; one with too few
    /// entrants stays open and its entrants are told, once.
    async fn start_due_tournaments(
        &self,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<usize, StoreError> {
        let due = {
            let mut tx = self.referee.store().write().await?;
            match self.referee.tournaments_due(&mut tx, now).await {
                Ok(due) => due,
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => {
                    warn!(error = %e, "cannot list the tournaments due to start");
                    return Ok(0);
                }
            }
        };
        let mut queued = 0;
        for (id, told) in due {
            let mut tx = self.referee.store().write().await?;
            let drafts = match self
                .referee
                .start_due_tournament(&mut tx, id, told, "clock")
                .await
            {
                Ok(DueStart::Started(notices)) => {
                    info!(tournament = id, "a tournament started on its day");
                    notices
                        .iter()
                        .filter(|n| !n.held)
                        .map(|n| Draft::notice(&self.config, self.installation(), n, None))
                        .collect()
                }
                Ok(DueStart::TooFew { name, told, words }) => {
                    info!(tournament = %name, "a tournament's day came with too few entrants");
                    let subject = format!("Tournament {name}: not started");
                    told.iter()
                        .map(|to| {
                            Draft::answer(&self.config, to, &subject, words.clone(), None, None)
                        })
                        .collect()
                }
                Ok(DueStart::Waiting) => Vec::new(),
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => {
                    warn!(tournament = id, error = %e, "a tournament could not start on its day");
                    continue;
                }
            };
            self.queue(&mut tx, &drafts).await?;
            queued += drafts.len();
            tx.commit().await?;
        }
        Ok(queued)
    }
}
