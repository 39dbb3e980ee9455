//! A match: one game's rules state plus what the referee adds around any
//! game (draw offers, resignation, adjudication), and the log entries that
//! change it. Replaying the log from the start gives the match; the stored
//! checkpoint (a snapshot of the match after some of the log) is only a
//! cache of that replay.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::GameInfo;
use crate::rules::{
    ActionError, AnyGame, Ending, Entropy, Event, GameResult, HostView, OptionError, Options,
    Outcome, Played, PositionError, PublicView, ReplayError, Seat, SeatView, Status,
};

/// One accepted entry of a game's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LogEntry {
    /// The game starts from this position (the host's `game new --position`)
    /// instead of the game's own start; only ever the first entry.
    Position {
        position: String,
    },
    /// A game action, in the game's stored form (sealed parts included).
    Action {
        seat: Seat,
        action: serde_json::Value,
    },
    Resign {
        seat: Seat,
    },
    OfferDraw {
        seat: Seat,
    },
    AcceptDraw {
        seat: Seat,
    },
    DeclineDraw {
        seat: Seat,
    },
    /// The referee's clock: these seats let their deadline pass.
    Timeout {
        seats: Vec<Seat>,
    },
    /// The host's ruling, ending the game.
    Adjudicate {
        result: GameResult,
        reason: String,
    },
    /// Asks to take back the seat's last move.
    OfferTakeback {
        seat: Seat,
    },
    /// Agrees to the opponent's ask: the game goes back to what the first
    /// `to` entries of the log made it (the offerer's last move is undone,
    /// with every entry after it).
    AcceptTakeback {
        seat: Seat,
        to: u64,
    },
    DeclineTakeback {
        seat: Seat,
    },
    /// Ends the game with no result, before the seat's first move.
    Abort {
        seat: Seat,
    },
}

impl LogEntry {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            LogEntry::Action { seat, .. }
            | LogEntry::Resign { seat }
            | LogEntry::OfferDraw { seat }
            | LogEntry::AcceptDraw { seat }
            | LogEntry::DeclineDraw { seat }
            | LogEntry::OfferTakeback { seat }
            | LogEntry::AcceptTakeback { seat, .. }
            | LogEntry::DeclineTakeback { seat }
            | LogEntry::Abort { seat } => Some(*seat),
            LogEntry::Position { .. } | LogEntry::Adjudicate { .. } | LogEntry::Timeout { .. } => {
                None
            }
        }
    }
}

/// A log entry could not be applied.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The player's action was refused by the rules or the referee.
    #[error(transparent)]
    Refused(#[from] ActionError),
    /// A stored entry does not replay: the stored game is damaged.
    #[error("log entry {index} does not replay: {source}")]
    Replay { index: u64, source: ReplayError },
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A start position that the game does not accept.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A start position where the game is already over.
    #[error("the game is already over in that position: {0}")]
    FinishedPosition(Outcome),
    /// A start position anywhere but at the head of the log.
    #[error("log entry {0} sets a start position, which only the first entry may")]
    LatePosition(u64),
    /// A takeback to a point that is not before it, or an abort after the
    /// seat's first move.
    #[error("log entry {0} undoes what it may not")]
    BadUndo(u64),
    /// A takeback or an abort replayed from a checkpoint: it needs the log
    /// before the checkpoint.
    #[error("log entry {0} needs the whole log to replay")]
    NeedsWholeLog(u64),
}

/// The entropy stream of log entry `index` of a game with `seed`.
pub fn entropy_for_entry(seed: [u8; 32], index: u64) -> Entropy {
    Entropy::new(seed, index)
}

/// The entropy stream of a game's creation.
pub fn entropy_for_setup(seed: [u8; 32]) -> Entropy {
    Entropy::new(seed, u64::MAX)
}

/// A game and the referee's state around it.
#[derive(Clone)]
pub struct Match {
    /// The truth: every hidden thing. Kept inside the referee; what leaves
    /// is one of the views below.
    game: Box<dyn AnyGame>,
    /// An open draw offer, by that seat.
    pub draw_offer: Option<Seat>,
    /// How the game ended outside its rules (resignation, agreement, the
    /// host's ruling).
    pub ended: Option<Outcome>,
    /// An open request to take back a move, by that seat.
    pub takeback_offer: Option<Seat>,
}

/// What applying one log entry did: the next match, the entry as stored,
/// the entry in the actor's words (it may include the actor's sealed parts)
/// and what to tell whom.
pub type Step = Played<Match, LogEntry>;

impl Match {
    /// A new match of `info` with `options`.
    pub fn new(info: &GameInfo, options: &Options, seed: [u8; 32]) -> Result<Match, OptionError> {
        let game = (info.new)(options, &mut entropy_for_setup(seed))?;
        Ok(Match {
            game,
            draw_offer: None,
            ended: None,
            takeback_offer: None,
        })
    }

    /// A match of `info` from a position string (the strings `perft --fen`
    /// reads), validated by the game; a position where the game is already
    /// over is refused, since there would be nothing to play.
    pub fn from_position(
        info: &GameInfo,
        options: &Options,
        position: &str,
    ) -> Result<Match, MatchError> {
        // Options are checked the same way as for a new game.
        (info.new)(options, &mut Entropy::for_perft())?;
        let game = (info.from_position)(position.trim(), options)?;
        if let Status::Finished(outcome) = game.status() {
            return Err(MatchError::FinishedPosition(outcome));
        }
        Ok(Match {
            game,
            draw_offer: None,
            ended: None,
            takeback_offer: None,
        })
    }

    /// The truth, for the archive (`Referee::archive`), which hands it out
    /// only where nothing in it is hidden from the reader.
    pub(crate) fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// What `seat` may see (the archive once the match has ended).
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        self.game.seat_view(seat)
    }

    /// What anyone may see (the archive once the match has ended).
    pub fn public_view(&self) -> PublicView {
        self.game.public_view()
    }

    /// Everything, hidden parts marked: the host's.
    pub fn host_view(&self) -> HostView {
        self.game.host_view()
    }

    /// Every legal action of `seat` now, in notation (what `seat` could
    /// write; it tells nothing hidden).
    pub fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.game.legal_texts(seat)
    }

    /// The game's position string, secrets included: for the host and for
    /// tests that look for leaks, never for a player.
    pub fn host_position(&self) -> String {
        self.game.position()
    }

    /// The game's status, or how it ended outside its rules.
    pub fn status(&self) -> Status {
        match &self.ended {
            Some(outcome) => Status::Finished(outcome.clone()),
            None => self.game.status(),
        }
    }

    /// Whether `seat` made a game action among `entries` (after which it may
    /// no longer abort, and before which it has nothing to take back).
    pub fn has_acted<'a>(entries: impl IntoIterator<Item = &'a LogEntry>, seat: Seat) -> bool {
        entries
            .into_iter()
            .any(|e| matches!(e, LogEntry::Action { seat: s, .. } if *s == seat))
    }

    /// The index of `seat`'s last game action among `entries`: what a
    /// takeback it asked for undoes, with everything after it.
    pub fn last_action_of(entries: &[LogEntry], seat: Seat) -> Option<usize> {
        entries
            .iter()
            .rposition(|e| matches!(e, LogEntry::Action { seat: s, .. } if *s == seat))
    }

    /// The match as restored by a takeback: no offer stands.
    pub fn taken_back(mut self) -> Match {
        self.draw_offer = None;
        self.takeback_offer = None;
        self
    }

    pub(super) fn replay_entry(
        &self,
        entry: &LogEntry,
        seed: [u8; 32],
        index: u64,
    ) -> Result<Step, MatchError> {
        match entry {
            LogEntry::Action { seat, action } => {
                let played = self
                    .game
                    .replay(*seat, action, &mut entropy_for_entry(seed, index))
                    .map_err(|source| MatchError::Replay { index, source })?;
                Ok(self.after_action(
                    *seat,
                    played.state,
                    played.action,
                    played.notation,
                    played.events,
                ))
            }
            other => self
                .apply_meta(other.clone())
                .map_err(|e| MatchError::Replay {
                    index,
                    source: ReplayError::Illegal(e),
                }),
        }
    }

    /// Applies what `seat` wrote as a game action.
    pub fn play(
        &self,
        seat: Seat,
        text: &str,
        seed: [u8; 32],
        index: u64,
    ) -> Result<Step, ActionError> {
        if let Status::Finished(outcome) = self.status() {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        let played = self
            .game
            .play_text(seat, text, &mut entropy_for_entry(seed, index))?;
        Ok(self.after_action(
            seat,
            played.state,
            played.action,
            played.notation,
            played.events,
        ))
    }

    /// Claims for `seat` the draw its game's rules allow now, if any.
    pub fn claim_draw(&self, seat: Seat, seed: [u8; 32], index: u64) -> Option<Step> {
        if self.status().is_finished() {
            return None;
        }
        let played = self
            .game
            .claim_draw(seat, &mut entropy_for_entry(seed, index))?;
        Some(self.after_action(
            seat,
            played.state,
            played.action,
            played.notation,
            played.events,
        ))
    }

    fn after_action(
        &self,
        seat: Seat,
        game: Box<dyn AnyGame>,
        action: serde_json::Value,
        notation: String,
        mut events: Vec<Event>,
    ) -> Step {
        // An opponent who plays on instead of answering declines the offer.
        let draw_offer = match self.draw_offer {
            Some(offerer) if offerer != seat => {
                events.push(Event::public(format!("{}'s draw offer lapsed.", offerer)));
                None
            }
            other => other,
        };
        // So does a request to take back a move.
        let takeback_offer = match self.takeback_offer {
            Some(asker) if asker != seat => {
                events.push(Event::public(format!("{asker}'s takeback request lapsed.")));
                None
            }
            other => other,
        };
        Step {
            state: Match {
                game,
                draw_offer,
                ended: None,
                takeback_offer,
            },
            action: LogEntry::Action { seat, action },
            notation,
            events,
        }
    }

    /// Applies a referee-level entry: resignation, draw offers, adjudication.
    pub fn apply_meta(&self, entry: LogEntry) -> Result<Step, ActionError> {
        if let Status::Finished(outcome) = self.status() {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        let mut next = self.clone();
        let (notation, events) = match &entry {
            LogEntry::Resign { seat } => {
                next.ended = Some(Outcome::win(seat.other(), Ending::Resigned(*seat)));
                next.draw_offer = None;
                next.takeback_offer = None;
                (
                    "resign".to_string(),
                    vec![Event::public(format!(
                        "{} resigned. {} wins.",
                        seat,
                        seat.other()
                    ))],
                )
            }
            LogEntry::OfferDraw { seat } => {
                match self.draw_offer {
                    Some(offerer) if offerer == *seat => {
                        return Err(ActionError::illegal(
                            "You have already offered a draw; it stands until your opponent answers.",
                        ));
                    }
                    Some(_) => {
                        return Err(ActionError::illegal(
                            "Your opponent has offered a draw: write `draw` to accept it or `decline draw`.",
                        ));
                    }
                    None => {}
                }
                next.draw_offer = Some(*seat);
                (
                    "offer draw".to_string(),
                    vec![Event::public(format!("{} offers a draw.", seat))],
                )
            }
            LogEntry::AcceptDraw { seat } => {
                if self.draw_offer != Some(seat.other()) {
                    return Err(ActionError::illegal(
                        "There is no draw offer from your opponent to accept.",
                    ));
                }
                next.ended = Some(Outcome::draw(Ending::Agreed));
                next.draw_offer = None;
                (
                    "accept draw".to_string(),
                    vec![Event::public(format!("{} accepted the draw.", seat))],
                )
            }
            LogEntry::DeclineDraw { seat } => {
                if self.draw_offer != Some(seat.other()) {
                    return Err(ActionError::illegal(
                        "There is no draw offer from your opponent to decline.",
                    ));
                }
                next.draw_offer = None;
                (
                    "decline draw".to_string(),
                    vec![Event::public(format!("{} declined the draw.", seat))],
                )
            }
            LogEntry::Timeout { seats } => {
                let (outcome, text) = match seats.as_slice() {
                    [seat] => (
                        Outcome::win(seat.other(), Ending::OutOfTime(*seat)),
                        format!(
                            "{seat} let the deadline pass and loses on time. {} wins.",
                            seat.other()
                        ),
                    ),
                    _ => (
                        Outcome::draw(Ending::BothOutOfTime),
                        "Both players let the deadline pass: the game is drawn.".to_string(),
                    ),
                };
                next.ended = Some(outcome);
                next.draw_offer = None;
                ("out of time".to_string(), vec![Event::public(text)])
            }
            LogEntry::Adjudicate { result, reason } => {
                next.ended = Some(Outcome {
                    result: *result,
                    reason: Ending::Adjudicated(reason.clone()),
                });
                next.draw_offer = None;
                (
                    "adjudicated".to_string(),
                    vec![Event::public("The host adjudicated the game.")],
                )
            }
            LogEntry::OfferTakeback { seat } => {
                if self.takeback_offer.is_some() {
                    return Err(ActionError::illegal(
                        "A takeback request stands already: the other player answers it with \
                         `takeback` or `decline takeback`.",
                    ));
                }
                next.takeback_offer = Some(*seat);
                (
                    "offer takeback".to_string(),
                    vec![Event::public(format!(
                        "{seat} asks to take back their last move."
                    ))],
                )
            }
            LogEntry::DeclineTakeback { seat } => {
                if self.takeback_offer != Some(seat.other()) {
                    return Err(ActionError::illegal(
                        "There is no takeback request from your opponent to decline.",
                    ));
                }
                next.takeback_offer = None;
                (
                    "decline takeback".to_string(),
                    vec![Event::public(format!("{seat} declined the takeback."))],
                )
            }
            LogEntry::Abort { seat } => {
                next.ended = Some(Outcome::aborted(*seat));
                next.draw_offer = None;
                next.takeback_offer = None;
                (
                    "abort".to_string(),
                    vec![Event::public(format!(
                        "{seat} aborted the game before their first move: it ends with no result."
                    ))],
                )
            }
            LogEntry::AcceptTakeback { .. } => {
                unreachable!("a takeback needs the log: Referee::takeback")
            }
            LogEntry::Action { .. } => unreachable!("game actions go through Match::play"),
            LogEntry::Position { .. } => {
                return Err(ActionError::illegal(
                    "A start position can only begin a game.",
                ));
            }
        };
        // The game itself ends too: it owes nothing more, and what it hid
        // is revealed to everyone.
        let mut events = events;
        if let Some(outcome) = &next.ended {
            let (game, revealed) = next.game.concluded(outcome.clone());
            next.game = game;
            events.extend(revealed);
        }
        Ok(Step {
            state: next,
            action: entry,
            notation,
            events,
        })
    }

    /// The match as data: what a checkpoint stores beside the log. A
    /// takeback request is written only while one stands, so checkpoints of
    /// games without one read as they always have.
    pub fn snapshot(&self) -> serde_json::Value {
        let mut snapshot = serde_json::json!({ "game": self.game.to_json(), "ended": self.ended });
        if let Some(seat) = self.takeback_offer {
            snapshot["takeback"] = serde_json::json!(seat);
        }
        snapshot
    }

    /// Loads a snapshot written by [`Match::snapshot`].
    pub fn from_snapshot(
        info: &GameInfo,
        snapshot: &serde_json::Value,
        draw_offer: Option<Seat>,
    ) -> Result<Match, serde_json::Error> {
        let mut game = (info.load)(snapshot["game"].clone())?;
        let ended: Option<Outcome> = serde_json::from_value(snapshot["ended"].clone())?;
        let takeback_offer: Option<Seat> =
            serde_json::from_value(snapshot.get("takeback").cloned().unwrap_or_default())?;
        // Snapshots written before games were concluded by the referee.
        if let Some(outcome) = &ended
            && !game.status().is_finished()
        {
            game = game.concluded(outcome.clone()).0;
        }
        Ok(Match {
            game,
            draw_offer,
            ended,
            takeback_offer,
        })
    }
}
