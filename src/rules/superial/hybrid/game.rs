//! [`Hybrid`]: one hybrid game's truth (the position on the chess-like
//! layer, the draw record, the history) and its course: actions, the end,
//! the draws.

use serde::{Deserialize, Serialize};

use super::actions::{self, Done, HybridPlay};
use super::men::{Man, describe};
use super::{notation, position};
use crate::rules::chess::{check_turn, draw_counts, is_claim, no_claim, settle_claim, strip_claim};
use crate::rules::chesslike::{DrawRecord, DrawRule, Position};
use crate::rules::superial::board::Token;
use crate::rules::superial::display::Last;
use crate::rules::superial::moves::CubeAction;
use crate::rules::{ActionError, Ending, Event, HistoryLine, Outcome, PositionError, Seat};

/// What a player may do in the hybrid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HybridAction {
    Play(HybridPlay),
    /// A claim of a draw by threefold repetition or the 50-move rule.
    ClaimDraw,
    /// A play with a claim that holds once it is played (`Nf3 claim`).
    PlayAndClaim(HybridPlay),
}

/// The whole truth of one hybrid game. Nothing is hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct Hybrid {
    pub(super) position: Position,
    pub(super) record: DrawRecord,
    pub(super) history: Vec<HistoryLine>,
    pub(super) last: Option<Last>,
    pub(crate) outcome: Option<Outcome>,
}

/// The stored form: the position as its string.
#[derive(Serialize, Deserialize)]
struct Stored {
    hybrid: String,
    record: DrawRecord,
    history: Vec<HistoryLine>,
    last: Option<Last>,
    outcome: Option<Outcome>,
}

impl From<Hybrid> for Stored {
    fn from(game: Hybrid) -> Stored {
        Stored {
            hybrid: position::write(&game.position),
            record: game.record,
            history: game.history,
            last: game.last,
            outcome: game.outcome,
        }
    }
}

impl TryFrom<Stored> for Hybrid {
    type Error = PositionError;

    fn try_from(stored: Stored) -> Result<Hybrid, PositionError> {
        Ok(Hybrid {
            position: position::read(&stored.hybrid)?,
            record: stored.record,
            history: stored.history,
            last: stored.last,
            outcome: stored.outcome,
        })
    }
}

impl Hybrid {
    /// The start: the orthodox army against eight pushers; White first.
    pub fn start() -> Hybrid {
        Hybrid::from_position(position::START).expect("the start is a position")
    }

    /// The game of a position string, checked: one white king, at most one
    /// black king, no black piece before Black has its king, and the side
    /// that has just acted not in check. It may be over at once.
    pub fn from_position(text: &str) -> Result<Hybrid, PositionError> {
        let position = position::read(text)?;
        let illegal = |why: &str| Err(PositionError::Illegal(why.to_string()));
        if position.royals(Seat::White).len() != 1 {
            return illegal("White needs exactly one king");
        }
        let men: Vec<Man> = position.pieces().map(|(_, p)| Man(p)).collect();
        let kings = men.iter().filter(|m| m.is_king()).count();
        if kings > 1 {
            return illegal("Black has at most one king");
        }
        let black_pieces = men
            .iter()
            .any(|m| m.team() == Seat::Black && m.is_piece() && !m.is_king());
        if kings == 0 && black_pieces {
            return illegal(
                "Black has pieces but no king: its first capture makes the king, the rest turn \
                 black after it",
            );
        }
        if actions::in_check(&position, position.turn().other()) {
            return illegal("the side that has just acted is in check");
        }
        let mut game = Hybrid {
            record: DrawRecord::new(position::key(&position)),
            position,
            history: Vec::new(),
            last: None,
            outcome: None,
        };
        game.outcome = game.ending();
        Ok(game)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Who acts next (the game may be over).
    pub fn side(&self) -> Seat {
        self.position.turn()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn history(&self) -> &[HistoryLine] {
        &self.history
    }

    pub fn last(&self) -> Option<&Last> {
        self.last.as_ref()
    }

    /// Every play of `seat` now; empty when it is not to act.
    pub fn plays(&self, seat: Seat) -> Vec<HybridPlay> {
        if self.outcome.is_some() || seat != self.side() {
            return Vec::new();
        }
        actions::legal_plays(&self.position)
    }

    /// How many times the current position has occurred (since the last
    /// capture or pawn move).
    pub(crate) fn repetitions(&self) -> usize {
        self.record.repetitions()
    }

    /// The draw the side to act may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() {
            return None;
        }
        self.record.claimable(self.position.halfmove_clock())
    }

    /// How the game ends in this position, if it does.
    fn ending(&self) -> Option<Outcome> {
        let (next, mover) = (self.side(), self.side().other());
        let position = &self.position;
        if actions::black_king(position).is_none() && actions::cubes(position) == 0 {
            return Some(Outcome::win(
                Seat::White,
                Ending::AllCubesCaptured(Seat::Black),
            ));
        }
        if !actions::has_legal_play(position) {
            return Some(if actions::in_check(position, next) {
                Outcome::win(mover, Ending::Checkmate)
            } else {
                Outcome::draw(Ending::Draw(DrawRule::Stalemate))
            });
        }
        self.record
            .automatic(position.halfmove_clock())
            .map(|rule| Outcome::draw(Ending::Draw(rule)))
    }

    /// The game after `seat` plays `play` (legal, checked by the caller),
    /// with its events.
    pub(crate) fn after(&self, seat: Seat, play: &HybridPlay) -> (Hybrid, Vec<Event>) {
        let text = notation::write(&self.position, play);
        let (position, done) = actions::make(&self.position, play);
        let mut events = vec![Event::public(format!(
            "{seat} played {text}{}.",
            note(&position, &done)
        ))];
        let squares = match play {
            HybridPlay::Piece(mv) => vec![mv.from, mv.to],
            HybridPlay::Cube { action, crown } => {
                let mut squares = match action {
                    CubeAction::Move(mv) => mv.squares(),
                    CubeAction::Change { at, .. } => vec![*at],
                };
                squares.extend(crown.map(|c| c.on));
                squares
            }
        };
        let number = self.position.fullmove_number();
        let mut next = Hybrid {
            record: self
                .record
                .after(position::key(&position), position.halfmove_clock()),
            position,
            history: self.history.clone(),
            last: Some(Last {
                number,
                seat,
                text: text.clone(),
                squares,
            }),
            outcome: None,
        };
        next.history.push(HistoryLine { number, seat, text });
        next.outcome = next.ending();
        match &next.outcome {
            Some(outcome) => events.push(Event::public(announcement(outcome, seat))),
            None => {
                if actions::in_check(&next.position, seat.other()) {
                    events.push(Event::public(format!("{} is in check.", seat.other())));
                }
                if let Some(reason) = next.claimable() {
                    events.push(Event::public(format!(
                        "{} may claim a draw by {reason}.",
                        seat.other()
                    )));
                }
            }
        }
        (next, events)
    }

    /// Whether `seat` may act now.
    pub(crate) fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        check_turn(self.outcome.as_ref(), self.side(), seat)
    }

    /// Checks that `play` is legal for `seat` now.
    fn check_play(&self, seat: Seat, play: &HybridPlay) -> Result<(), ActionError> {
        if self.plays(seat).contains(play) {
            Ok(())
        } else {
            Err(ActionError::illegal(format!(
                "{} is not a legal action now.",
                notation::write(&self.position, play)
            )))
        }
    }

    /// Why no draw can be claimed now.
    pub(crate) fn no_claim(&self) -> ActionError {
        no_claim(self.record.repetitions(), self.position.halfmove_clock())
    }

    /// Reads what `seat` wrote into a legal action, or says why not: a
    /// play (read by [`notation::read_play`]), `claim draw`, or a play
    /// followed by `claim`.
    pub(crate) fn parse(&self, seat: Seat, text: &str) -> Result<HybridAction, ActionError> {
        self.check_turn(seat)?;
        let text = text.trim();
        if is_claim(&text.to_ascii_lowercase()) {
            return match self.claimable() {
                Some(_) => Ok(HybridAction::ClaimDraw),
                None => Err(self.no_claim()),
            };
        }
        if let Some(head) = strip_claim(text) {
            let play = notation::read_play(&self.position, head)?;
            let (next, _) = self.after(seat, &play);
            if next.outcome().is_some() || next.claimable().is_some() {
                return Ok(HybridAction::PlayAndClaim(play));
            }
            return Err(ActionError::illegal(format!(
                "{} would give no draw to claim.",
                notation::write(&self.position, &play)
            )));
        }
        Ok(HybridAction::Play(notation::read_play(
            &self.position,
            text,
        )?))
    }

    /// The game after `seat`'s `action`, or why it is refused.
    pub(crate) fn apply(
        &self,
        seat: Seat,
        action: &HybridAction,
    ) -> Result<(Hybrid, Vec<Event>), ActionError> {
        self.check_turn(seat)?;
        Ok(match action {
            HybridAction::Play(play) => {
                self.check_play(seat, play)?;
                self.after(seat, play)
            }
            HybridAction::ClaimDraw => {
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                let mut state = self.clone();
                let mut events = Vec::new();
                settle_claim(&mut state.outcome, &mut events, seat, reason);
                (state, events)
            }
            HybridAction::PlayAndClaim(play) => {
                self.check_play(seat, play)?;
                let (mut state, mut events) = self.after(seat, play);
                if state.outcome.is_none() {
                    let reason = state.claimable().ok_or_else(|| {
                        ActionError::illegal(format!(
                            "{} would give no draw to claim: after it {}",
                            notation::write(&self.position, play),
                            draw_counts(
                                state.record.repetitions(),
                                state.position.halfmove_clock()
                            )
                        ))
                    })?;
                    settle_claim(&mut state.outcome, &mut events, seat, reason);
                }
                (state, events)
            }
        })
    }

    /// Every legal action of `seat`: its plays, a draw claim if one stands,
    /// and the plays that bring one about with their claim.
    pub(crate) fn legal_actions(&self, seat: Seat) -> Vec<HybridAction> {
        let plays = self.plays(seat);
        let mut actions: Vec<HybridAction> =
            plays.iter().cloned().map(HybridAction::Play).collect();
        if plays.is_empty() {
            return actions;
        }
        if self.claimable().is_some() {
            actions.push(HybridAction::ClaimDraw);
        }
        // A play brings a claim about when the record after it allows one
        // (judged on the position alone first: the whole play, with its
        // end, only for those).
        for play in &plays {
            let (position, _) = actions::make(&self.position, play);
            let clock = position.halfmove_clock();
            let record = self.record.after(position::key(&position), clock);
            if record.claimable(clock).is_some() {
                let (next, _) = self.after(seat, play);
                if next.outcome.is_none() {
                    actions.push(HybridAction::PlayAndClaim(play.clone()));
                }
            }
        }
        actions
    }

    /// An action in notation.
    pub(crate) fn notation(&self, action: &HybridAction) -> String {
        match action {
            HybridAction::Play(play) => notation::write(&self.position, play),
            HybridAction::ClaimDraw => "claim draw".to_string(),
            HybridAction::PlayAndClaim(play) => {
                format!("{} claim", notation::write(&self.position, play))
            }
        }
    }

    /// The leaves `depth` actions deep (draw claims not counted).
    pub fn perft(&self, depth: u32) -> u64 {
        if self.outcome.is_some() {
            return u64::from(depth == 0);
        }
        actions::perft(&self.position, depth)
    }

    /// Perft split by first play.
    pub(crate) fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 || self.outcome.is_some() {
            return Vec::new();
        }
        actions::legal_plays(&self.position)
            .iter()
            .map(|play| {
                let next = actions::make(&self.position, play).0;
                (
                    notation::write(&self.position, play),
                    actions::perft(&next, depth - 1),
                )
            })
            .collect()
    }
}

/// The tail of "Black played ...": what the action took, turned and
/// crowned.
fn note(after: &Position, done: &Done) -> String {
    let mut parts = Vec::new();
    if let Some((square, man)) = done.taken {
        parts.push(format!("taking {} on {square}", describe(man)));
    }
    if !done.effect.pushed.is_empty() {
        let squares: Vec<String> = done.effect.pushed.iter().map(|s| s.to_string()).collect();
        parts.push(format!("pushing the men now on {}", squares.join(", ")));
    }
    let turned: Vec<String> = done
        .effect
        .captured
        .iter()
        .filter(|s| Some(**s) != done.crowned)
        .filter_map(|s| {
            after
                .piece_at(*s)
                .map(|p| format!("{s} (now {})", describe(Man(p))))
        })
        .collect();
    if !turned.is_empty() {
        parts.push(format!("capturing {}", turned.join(", ")));
    }
    if let Some(on) = done.crowned
        && let Some(king) = after.piece_at(on)
    {
        parts.push(format!("crowning {} on {on}", describe(Man(king))));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(", {}", parts.join("; "))
    }
}

/// The announcement of an outcome the last action (by `mover`) brought.
fn announcement(outcome: &Outcome, mover: Seat) -> String {
    match &outcome.reason {
        Ending::Checkmate => format!("Checkmate: {mover} wins."),
        Ending::AllCubesCaptured(_) => {
            "Black's last cube is gone before its first capture: White wins.".to_string()
        }
        Ending::Draw(DrawRule::Stalemate) => format!(
            "{} has no legal action and is not in check: the game is drawn.",
            mover.other()
        ),
        reason => format!("Draw by {reason}."),
    }
}
