//! A finished game replayed one log entry at a time for the archive site
//! (`arbiter archive export`): the whole truth after every entry. Once a
//! game has ended its whole history is public (`RULINGS.md`), hidden parts
//! included, so each step shows the host's view of that moment (the
//! archive's own view for the finished state); an ongoing game is refused.

use super::{LogEntry, Match, MatchError, Referee, RefereeError};
use crate::archive::Ply;
use crate::rules::{AnyView, Event};
use crate::store::Tx;

impl Referee {
    /// Game `id` replayed for the archive: the start, then the state after
    /// each log entry, in order (one more than the log has entries), each
    /// with everything it held. Refused for a game that has not ended: its
    /// truth is still hidden from someone. The replay is checked against
    /// the stored state, like `verify`.
    pub async fn archive_plies(&self, conn: &mut Tx, id: i64) -> Result<Vec<Ply>, RefereeError> {
        let loaded = self.load(conn, id).await?;
        if !loaded.status().is_finished() {
            return Err(RefereeError::Unfinished(id));
        }
        let entries = self.log_entries(conn, &loaded).await?;
        let (info, options, seed) = (loaded.info, &loaded.row.options, loaded.row.seed);
        let damaged = |e: MatchError| RefereeError::Damaged {
            game: id,
            reason: e.to_string(),
        };
        // states[k]: the match after the first k entries; moves[k]: the
        // game actions that stand then (a takeback removes some).
        let mut states = vec![Match::new(info, options, seed).map_err(|e| damaged(e.into()))?];
        let mut moves = vec![0];
        let mut plies = vec![ply(None, &states[0], Vec::new(), 0)];
        for (index, entry) in entries.iter().enumerate() {
            let current = &states[index];
            let (next, events, standing) = match entry {
                LogEntry::Position { position } if index == 0 => (
                    Match::from_position(info, options, position).map_err(damaged)?,
                    vec![Event::public(format!(
                        "The game starts from the position {position}."
                    ))],
                    0,
                ),
                LogEntry::AcceptTakeback { seat, to } if (*to as usize) < index => {
                    let to = *to as usize;
                    (
                        states[to].clone().taken_back(),
                        vec![Event::public(format!(
                            "{seat} agreed to {}'s takeback: the game goes back to ply {to}.",
                            seat.other()
                        ))],
                        moves[to],
                    )
                }
                LogEntry::Position { .. } | LogEntry::AcceptTakeback { .. } => {
                    return Err(RefereeError::Damaged {
                        game: id,
                        reason: format!("log entry {index} does not replay"),
                    });
                }
                other => {
                    let step = current
                        .replay_entry(other, seed, index as u64)
                        .map_err(damaged)?;
                    let acted = matches!(other, LogEntry::Action { .. });
                    (step.state, step.events, moves[index] + usize::from(acted))
                }
            };
            plies.push(ply(Some(index as i64), &next, events, standing));
            states.push(next);
            moves.push(standing);
        }
        let last = states.last().expect("the start is always there");
        if last.host_position() != loaded.current.host_position()
            || last.status() != loaded.status()
        {
            return Err(RefereeError::Damaged {
                game: id,
                reason: "the log does not replay to the stored state".into(),
            });
        }
        Ok(plies)
    }
}

/// One step: the whole truth of `state`, which is part of a finished game.
fn ply(index: Option<i64>, state: &Match, events: Vec<Event>, moves: usize) -> Ply {
    let view: AnyView = if state.status().is_finished() {
        // The archive's own view, nothing marked as still sealed.
        state.public_view().view().clone()
    } else {
        // Everything at that moment, with what was then sealed marked so.
        state.host_view().view().clone()
    };
    Ply {
        index,
        events,
        view,
        moves,
    }
}
