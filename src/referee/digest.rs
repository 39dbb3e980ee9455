//! Daily digests (`notify digest`): instead of a mail after each of their
//! opponents' moves, a player gets at most one mail a day listing every game
//! that waits for them, each with its board.

use chrono::{DateTime, Duration, Utc};

use super::{Notice, NoticeKind, Referee, RefereeError, normalize_address};
use crate::command::NotifyMode;
use crate::store::Tx;
use crate::store::digests as store;

/// How long at least between two digests to one player.
pub const DIGEST_INTERVAL: Duration = Duration::hours(24);

/// One player's digest: a notice per game that waits for them.
#[derive(Clone, Debug)]
pub struct DailyDigest {
    pub address: String,
    pub games: Vec<Notice>,
}

impl Referee {
    /// Sets how `address` hears of their opponents' moves.
    pub async fn set_notify(
        &self,
        conn: &mut Tx,
        address: &str,
        mode: NotifyMode,
    ) -> Result<(), RefereeError> {
        let digest = mode == NotifyMode::Digest;
        Ok(store::set(conn, &normalize_address(address), digest).await?)
    }

    /// How `address` hears of their opponents' moves.
    pub async fn notify_mode(
        &self,
        conn: &mut Tx,
        address: &str,
    ) -> Result<NotifyMode, RefereeError> {
        Ok(
            if store::wants_digest(conn, &normalize_address(address)).await? {
                NotifyMode::Digest
            } else {
                NotifyMode::Each
            },
        )
    }

    /// The digests due at `now`, recorded as sent: for each player who takes
    /// them, whose last digest is a day old or more, the games that wait for
    /// them, if that list is not the very one of their last digest.
    pub async fn digests_due(
        &self,
        conn: &mut Tx,
        now: DateTime<Utc>,
    ) -> Result<Vec<DailyDigest>, RefereeError> {
        let mut due = Vec::new();
        for subscriber in store::subscribers(conn).await? {
            if subscriber
                .last_sent
                .is_some_and(|last| now - last < DIGEST_INTERVAL)
            {
                continue;
            }
            let mut games = Vec::new();
            for id in store::ongoing_games(conn, &subscriber.address).await? {
                let loaded = self.load(conn, id).await?;
                let Some(seat) = loaded.seat_of(&subscriber.address) else {
                    continue;
                };
                if loaded.status().owes(seat).is_some() {
                    let notice = Notice::build(&loaded, seat, NoticeKind::Show, Vec::new());
                    games.extend(self.with_deadlines(conn, &loaded, vec![notice]).await?);
                }
            }
            let list = games
                .iter()
                .map(|n| format!("{}:{}", n.game_id, n.log_len))
                .collect::<Vec<_>>()
                .join(" ");
            if games.is_empty() || list == subscriber.last_list {
                continue;
            }
            store::sent(conn, &subscriber.address, now, &list).await?;
            due.push(DailyDigest {
                address: subscriber.address,
                games,
            });
        }
        Ok(due)
    }
}
