//! Taking back a move by agreement, and aborting a game before one's first
//! move. Both need the log (what is undone, who has moved), so they are the
//! referee's, not the match's.
//!
//! A takeback is offered only in games with nothing hidden and nothing
//! drawn at random: undoing a move there gives back exactly the position
//! before it, reveals nothing and draws nothing anew.

use super::{LoadedGame, LogEntry, Match, RefereeError, Step};
use crate::games::GameInfo;
use crate::rules::{ActionError, Event, Seat};
use crate::store::Tx;
use crate::store::games;

/// Whether a game allows takebacks: nothing hidden to undo and nothing
/// drawn at random that a takeback would draw again.
pub fn takeback_allowed(info: &GameInfo) -> bool {
    !info.hidden && !info.random
}

impl super::Referee {
    /// The whole log of a loaded game, decoded.
    pub(super) async fn log_entries(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
    ) -> Result<Vec<LogEntry>, RefereeError> {
        let id = loaded.row.id;
        games::log(conn, id)
            .await?
            .iter()
            .map(|row| serde_json::from_value(row.entry.clone()))
            .collect::<Result<_, _>>()
            .map_err(|e| RefereeError::Damaged {
                game: id,
                reason: format!("log entry does not decode: {e}"),
            })
    }

    /// `takeback`: agrees to the opponent's standing request, else asks to
    /// take back the seat's own last move (with the opponent's answer to
    /// it, if any).
    pub(super) async fn takeback(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        seat: Seat,
    ) -> Result<Step, RefereeError> {
        let info = loaded.info;
        if !takeback_allowed(info) {
            return Err(ActionError::illegal(format!(
                "{} has no takebacks: {}",
                info.title,
                if info.hidden {
                    "a move there can reveal or settle hidden things that cannot be undone"
                } else {
                    "a move there can draw at random, and taking it back would draw again"
                }
            ))
            .into());
        }
        let current = &loaded.current;
        if current.status().is_finished() {
            return Ok(current.apply_meta(LogEntry::OfferTakeback { seat })?);
        }
        let entries = self.log_entries(conn, loaded).await?;
        if current.takeback_offer == Some(seat.other()) {
            let asker = seat.other();
            let to =
                Match::last_action_of(&entries, asker).ok_or_else(|| RefereeError::Damaged {
                    game: loaded.row.id,
                    reason: "a takeback request with no move to take back".into(),
                })?;
            let row = &loaded.row;
            let restored = Match::replay(info, &row.options, row.seed, &entries[..to])
                .map_err(|e| RefereeError::Damaged {
                    game: row.id,
                    reason: e.to_string(),
                })?
                .taken_back();
            let undone = entries.len() - to;
            return Ok(Step {
                state: restored,
                action: LogEntry::AcceptTakeback {
                    seat,
                    to: to as u64,
                },
                notation: "accept takeback".to_string(),
                events: vec![Event::public(format!(
                    "{seat} agreed to {asker}'s takeback: the last {} taken back.",
                    match undone {
                        1 => "entry is".to_string(),
                        n => format!("{n} entries are"),
                    }
                ))],
            });
        }
        if current.takeback_offer == Some(seat) {
            return Err(ActionError::illegal(
                "You have already asked to take back your move; it stands until your opponent \
                 answers.",
            )
            .into());
        }
        if !Match::has_acted(&entries, seat) {
            return Err(ActionError::illegal("You have made no move to take back.").into());
        }
        Ok(current.apply_meta(LogEntry::OfferTakeback { seat })?)
    }

    /// `abort`: ends the game with no result, while the seat has not moved.
    pub(super) async fn abort(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        seat: Seat,
    ) -> Result<Step, RefereeError> {
        let entries = self.log_entries(conn, loaded).await?;
        if Match::has_acted(&entries, seat) && !loaded.current.status().is_finished() {
            return Err(ActionError::illegal(
                "A game can be aborted only before your first move; you have moved, so you may \
                 resign instead (`resign`) or offer a draw (`draw`).",
            )
            .into());
        }
        Ok(loaded.current.apply_meta(LogEntry::Abort { seat })?)
    }
}

#[cfg(test)]
mod tests {
    use super::takeback_allowed;
    use crate::games::GAMES;

    /// Each rules page says whether its game has conditional moves and
    /// takebacks, as the referee decides it, and what every game has.
    #[test]
    fn every_rules_page_states_the_habits_its_game_allows() {
        for info in GAMES {
            let page = (info.rules_page)();
            let allowed = page.contains("Conditional moves and takebacks are allowed here");
            let refused = page.contains("There are no conditional moves and no takebacks");
            assert_eq!(
                (allowed, refused),
                (takeback_allowed(info), !takeback_allowed(info)),
                "{}",
                info.name
            );
            for words in ["abort", "public=yes", "notify digest", "days per move"] {
                assert!(page.contains(words), "{}: {words}", info.name);
            }
        }
    }
}
