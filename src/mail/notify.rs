//! Who is told what after a game changes: each player by their own choice
//! (`notify each`, or `notify digest`: one mail a day instead of a mail per
//! opponent's move), and the game's spectators.

use tracing::warn;

use super::compose::Draft;
use super::inbox::Mailroom;
use crate::referee::{Notice, NoticeKind, RefereeError};
use crate::store::StoreError;
use crate::store::Tx;
use crate::store::digests;

impl Mailroom {
    /// The mails for `notices` about game `id`: a player who takes digests
    /// gets no mail about an opponent's move in an ongoing game (the digest
    /// lists it); a notice held for the computer's answer goes with that
    /// answer ([`Mailroom::computer_answers`]); everything else goes at
    /// once. `in_reply_to` threads the mail of the player whose own mail
    /// caused them. Then the watchers' mails, if the game changed (and is
    /// not waiting for the computer, whose answer they are told with).
    pub(super) async fn game_drafts(
        &self,
        conn: &mut Tx,
        id: i64,
        notices: &[Notice],
        in_reply_to: Option<(&str, &str)>,
    ) -> Result<Vec<Draft>, StoreError> {
        let mut drafts = Vec::new();
        for notice in notices.iter().filter(|n| !n.held) {
            let deferred = notice.kind == NoticeKind::OpponentActed
                && !notice.status.is_finished()
                && digests::wants_digest(conn, &notice.address).await?;
            if deferred {
                continue;
            }
            let reply = in_reply_to
                .filter(|(address, _)| *address == notice.address)
                .map(|(_, message_id)| message_id);
            drafts.push(Draft::notice(
                &self.config,
                self.installation(),
                notice,
                reply,
            ));
        }
        if notices.iter().all(|n| !n.held) {
            drafts.extend(self.spectator_drafts(conn, id).await?);
        }
        Ok(drafts)
    }

    /// The mails owed to game `id`'s watchers, if it changed since they
    /// were last told.
    pub(super) async fn spectator_drafts(
        &self,
        conn: &mut Tx,
        id: i64,
    ) -> Result<Vec<Draft>, StoreError> {
        match self.referee.spectator_notices(conn, id).await {
            Ok(notices) => Ok(notices
                .iter()
                .map(|n| Draft::spectator(&self.config, n))
                .collect()),
            Err(RefereeError::Store(e)) => Err(e),
            Err(e) => {
                warn!(game = id, error = %e, "the watchers of a game could not be told");
                Ok(Vec::new())
            }
        }
    }

    /// The clock's daily digests at `now`, in one transaction.
    /// Returns how many mails it queued.
    pub async fn digests(&self, now: chrono::DateTime<chrono::Utc>) -> Result<usize, StoreError> {
        let mut tx = self.referee.store().write().await?;
        let due = match self.referee.digests_due(&mut tx, now).await {
            Ok(due) => due,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => {
                warn!(error = %e, "the digests could not be made");
                return Ok(0);
            }
        };
        let drafts: Vec<Draft> = due
            .iter()
            .map(|digest| Draft::digest(&self.config, digest))
            .collect();
        self.queue(&mut tx, &drafts).await?;
        tx.commit().await?;
        Ok(drafts.len())
    }
}
