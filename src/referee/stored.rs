//! A stored game: loaded from its checkpoint and the log after it, and
//! verified against a replay of its whole log. When a new checkpoint is
//! written is decided here too ([`checkpoint_due`]).

use super::{LoadedGame, Match, MatchError, Referee, RefereeError, decode_entries};
use crate::games::GameInfo;
use crate::store::Tx;
use crate::store::games;

/// The fewest log entries between two checkpoints of a game.
const CHECKPOINT_GAP: i64 = 16;

/// Whether the state after the first `log_len` entries of a game's log is
/// stored as its new checkpoint, the last one being at `checkpoint_len`.
/// A game is loaded from its checkpoint and the entries after it, so a
/// checkpoint bounds the replay at a load; a checkpoint holds the game's
/// move list, so writing one after every entry would make the bytes a move
/// writes grow with the game. A new checkpoint once the entries after the
/// last one make up a quarter of the log (and at least [`CHECKPOINT_GAP`])
/// keeps both: a load replays at most a quarter of the log, and the
/// checkpoints' bytes, spread over the moves between them, stay a few times
/// one move's share of the state, however long the game. A finished game
/// gets its final checkpoint.
pub(super) fn checkpoint_due(log_len: i64, checkpoint_len: i64, finished: bool) -> bool {
    finished || log_len - checkpoint_len >= CHECKPOINT_GAP.max(log_len / 4)
}

impl Referee {
    /// Loads a game: its checkpoint, and the log entries after it replayed.
    pub async fn load(&self, conn: &mut Tx, id: i64) -> Result<LoadedGame, RefereeError> {
        let row = games::get(conn, id)
            .await?
            .ok_or(RefereeError::NoSuchGame(id))?;
        let seats = games::seats(conn, id).await?;
        let damaged = |reason: String| RefereeError::Damaged { game: id, reason };
        let info = GameInfo::find(&row.game)
            .ok_or_else(|| damaged(format!("unknown game {:?}", row.game)))?;
        let checkpoint = games::checkpoint(conn, id)
            .await?
            .ok_or_else(|| damaged("it has no checkpoint".into()))?;
        if checkpoint.log_len > row.log_len {
            return Err(damaged(format!(
                "its checkpoint is after entry {} of a log of {}",
                checkpoint.log_len, row.log_len
            )));
        }
        let start = Match::from_snapshot(info, &checkpoint.state, checkpoint.draw_offer)
            .map_err(|e| damaged(format!("the checkpoint does not load: {e}")))?;
        let current = if checkpoint.log_len == row.log_len {
            start
        } else {
            let tail = decode_entries(id, &games::log_since(conn, id, checkpoint.log_len).await?)?;
            if tail.len() as i64 != row.log_len - checkpoint.log_len {
                return Err(damaged("entries are missing from its log".into()));
            }
            match start.replay_on(
                info,
                &row.options,
                row.seed,
                checkpoint.log_len as u64,
                &tail,
            ) {
                Ok(current) => current,
                // A takeback or an abort after the checkpoint: the whole log.
                Err(MatchError::NeedsWholeLog(_)) => {
                    let log = decode_entries(id, &games::log(conn, id).await?)?;
                    Match::replay(info, &row.options, row.seed, &log)
                        .map_err(|e| damaged(e.to_string()))?
                }
                Err(e) => return Err(damaged(e.to_string())),
            }
        };
        if current.draw_offer != row.draw_offer {
            return Err(damaged("its draw offer differs from its log's".into()));
        }
        let computer = match crate::store::computers::of_game(conn, id).await? {
            None => None,
            Some((seat, level)) => Some(super::ComputerSeat {
                seat,
                level: crate::bot::Level::new(level)
                    .ok_or_else(|| damaged(format!("its computer's level {level} is unknown")))?,
            }),
        };
        Ok(LoadedGame {
            row,
            seats,
            info,
            current,
            checkpoint_len: checkpoint.log_len,
            computer,
        })
    }

    /// Replays a game's whole log and checks that it gives the stored
    /// checkpoint at its place in the log, and then the loaded game;
    /// returns the replayed match.
    pub async fn verify(&self, conn: &mut Tx, id: i64) -> Result<Match, RefereeError> {
        let loaded = self.load(conn, id).await?;
        let entries = decode_entries(id, &games::log(conn, id).await?)?;
        let damaged = |reason: String| RefereeError::Damaged { game: id, reason };
        if entries.len() as i64 != loaded.row.log_len {
            return Err(damaged("the log length differs from the game's".into()));
        }
        let (options, seed) = (&loaded.row.options, loaded.row.seed);
        let (head, tail) = entries.split_at(loaded.checkpoint_len as usize);
        let at_checkpoint =
            Match::replay(loaded.info, options, seed, head).map_err(|e| damaged(e.to_string()))?;
        let checkpoint = games::checkpoint(conn, id)
            .await?
            .ok_or_else(|| damaged("it has no checkpoint".into()))?;
        if at_checkpoint.snapshot() != checkpoint.state
            || at_checkpoint.draw_offer != checkpoint.draw_offer
        {
            return Err(damaged(
                "the checkpoint differs from the replay of the log".into(),
            ));
        }
        let replayed =
            match at_checkpoint.replay_on(loaded.info, options, seed, head.len() as u64, tail) {
                Err(MatchError::NeedsWholeLog(_)) => {
                    Match::replay(loaded.info, options, seed, &entries)
                }
                other => other,
            }
            .map_err(|e| damaged(e.to_string()))?;
        if replayed.snapshot() != loaded.current.snapshot()
            || replayed.draw_offer != loaded.current.draw_offer
        {
            return Err(damaged(
                "the loaded game differs from the replay of the log".into(),
            ));
        }
        Ok(replayed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checkpoints of a game that goes on and on: 16 entries apart in
    /// a short game, then so that at most a quarter of the log follows the
    /// last one, and one at the end.
    #[test]
    fn checkpoints_come_a_quarter_of_the_log_apart() {
        let mut at = vec![0];
        for log_len in 1..=400 {
            if checkpoint_due(log_len, *at.last().unwrap(), false) {
                at.push(log_len);
            }
        }
        assert_eq!(at, [0, 16, 32, 48, 64, 85, 113, 150, 199, 265, 353]);
        // Never more than a quarter of the log after the checkpoint.
        assert!(!checkpoint_due(352, 265, false));
        assert!(checkpoint_due(354, 353, true), "a finished game");
        assert!(!checkpoint_due(354, 353, false));
    }
}
