//! Why an action is refused: [`RealityCheck::check`] checks one action of
//! a seat and explains a refusal in that seat's own terms. Legality never
//! depends on a face the actor may not know (see `legal.rs`), so every
//! refusal here is phrased from the actor's own view, and never speaks of
//! an opponent's down face. A refusal that comes with a hint ends its own
//! sentence before it.

use super::RealityCheck;
use super::actions::{Action, Forfeit};
use super::board::{ChipId, Face, Kind, Shape, list};
use super::legal::{FlipMode, die_meaning};
use crate::rules::geometry::Square;
use crate::rules::{ActionError, Seat};

/// A refusal with a hint: the reason a sentence of its own, the hint (one
/// or more sentences) after it.
fn refuse(reason: impl Into<String>, hint: impl Into<String>) -> ActionError {
    ActionError::illegal_with_hint(format!("{}.", reason.into()), hint)
}

impl RealityCheck {
    /// Checks an action of `seat`, explaining a refusal in `seat`'s terms.
    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if let Some(outcome) = &self.outcome {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        if !self.started {
            let Action::Setup { setup } = action else {
                return Err(ActionError::NotYourTurn(
                    "the game has not begun: first each player sends a setup (`setup SQUARE=UP/DOWN ... hand=CHIP`)"
                        .to_string(),
                ));
            };
            if self.setups[seat.index()].is_some() {
                return Err(ActionError::NotYourTurn(format!(
                    "your setup is already in; waiting for {}'s",
                    seat.other()
                )));
            }
            return setup
                .check(self.settings.shape, self.settings.free, seat)
                .map_err(ActionError::illegal);
        }
        if matches!(action, Action::Setup { .. }) {
            return Err(ActionError::NotYourTurn(
                "the setups are done; the game is under way".to_string(),
            ));
        }
        if seat != self.side {
            return Err(ActionError::NotYourTurn(format!(
                "it is {}'s turn",
                self.side
            )));
        }
        if let Some(id) = self.limbo(seat) {
            if matches!(action, Action::Keep | Action::Refuse) {
                return Ok(());
            }
            let chip = self.chip(id);
            return Err(ActionError::NotYourTurn(format!(
                "first decide about your captured chip {}/{}: `keep` it (this turn is then a drop) or `refuse` it (it leaves play)",
                chip.up,
                id.kind.other(chip.up)
            )));
        }
        if let Some(&die) = self.roll.first() {
            let candidates = self.die_candidates(die);
            let Action::Flip { square } = action else {
                return Err(ActionError::NotYourTurn(format!(
                    "first the flip the die {die} asks for ({}): `flip SQUARE`, one of {}",
                    die_meaning(die, seat),
                    list(&candidates)
                )));
            };
            if candidates.contains(square) {
                return Ok(());
            }
            return Err(refuse(
                format!(
                    "the chip to flip must be {} (the die shows {die})",
                    die_meaning(die, seat)
                ),
                format!("You may flip: {}.", list(&candidates)),
            ));
        }
        match action {
            Action::Keep | Action::Refuse => {
                return Err(ActionError::illegal(
                    "there is no captured chip of yours to keep or refuse",
                ));
            }
            Action::Flip { .. } => {
                return Err(ActionError::illegal(
                    "no flip is owed now; a flip comes with a quiet move, as in `c3-c4 flip e6`",
                ));
            }
            _ => {}
        }
        if self.over_limit(seat) && !matches!(action, Action::Drop { .. }) {
            return Err(refuse(
                format!(
                    "your hand holds {}, over your limit of {}: this turn must be a drop",
                    match self.hand(seat).len() {
                        1 => "1 chip".to_string(),
                        n => format!("{n} chips"),
                    },
                    self.limit(seat)
                ),
                format!(
                    "Your free drop squares: {}.",
                    list(&self.free_drop_squares(seat))
                ),
            ));
        }
        if self.first_turn() && !matches!(action, Action::Move { .. }) {
            return Err(ActionError::illegal(if self.settings.free {
                "White's first turn is a quiet move with its flip: no capture, drop or memory flip"
            } else {
                "White's first turn is a quiet move without a flip, as `c3-c4`"
            }));
        }
        self.squares_exist(seat, action)?;
        match *action {
            Action::Move { from, to, flip } => self.check_move(seat, from, to, flip),
            Action::Capture { from, to, check } => self.check_capture(seat, from, to, check),
            Action::Drop { up, down, to } => self.check_drop(seat, up, down, to),
            Action::Memory {
                first,
                second,
                forfeit,
            } => self.check_memory(seat, first, second, forfeit),
            Action::Setup { .. } | Action::Keep | Action::Refuse | Action::Flip { .. } => {
                unreachable!("handled above")
            }
        }
    }

    /// Every square an action names is on the board; a hole, or a square
    /// past the board's edge, is named as such (with the moves of the chip
    /// that was to go there).
    fn squares_exist(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let shape = self.settings.shape;
        let missing = |sq: Square| -> Option<String> {
            if shape.geometry().contains(sq) {
                return None;
            }
            let inside =
                sq.file() < shape.geometry().width() && sq.rank() < shape.geometry().height();
            Some(if shape == Shape::Advanced && inside {
                format!("{sq} is a hole in the board")
            } else {
                format!("there is no square {sq} on the board")
            })
        };
        let (squares, mover) = match *action {
            Action::Move { from, to, flip } => (
                vec![Some(from), Some(to), flip],
                Some((from, to, "move to")),
            ),
            Action::Capture { from, to, .. } => {
                (vec![Some(from), Some(to)], Some((from, to, "capture on")))
            }
            Action::Drop { to, .. } => (vec![Some(to)], None),
            Action::Memory {
                first,
                second,
                forfeit,
            } => {
                let forfeit = match forfeit {
                    Forfeit::Square(sq) => Some(sq),
                    Forfeit::Hand(_) => None,
                };
                (vec![Some(first), Some(second), forfeit], None)
            }
            Action::Flip { square } => (vec![Some(square)], None),
            Action::Setup { .. } | Action::Keep | Action::Refuse => (Vec::new(), None),
        };
        for square in squares.into_iter().flatten() {
            let Some(why) = missing(square) else {
                continue;
            };
            return Err(match mover {
                Some((from, to, verb)) if to == square && missing(from).is_none() => {
                    match self.own_chip(seat, from) {
                        Ok(id) => {
                            let face = self.chip(id).up;
                            refuse(
                                format!("the chip on {from} cannot {verb} {to}: {why}"),
                                self.moves_hint(seat, from, face),
                            )
                        }
                        Err(err) => err,
                    }
                }
                _ => ActionError::illegal(why),
            });
        }
        Ok(())
    }

    /// The chip of `seat` on `from`, or the refusal.
    fn own_chip(&self, seat: Seat, from: Square) -> Result<ChipId, ActionError> {
        match self.grid().at(from) {
            Some(id) if id.seat == seat => Ok(id),
            _ => Err(ActionError::illegal(format!(
                "there is no chip of yours on {from}"
            ))),
        }
    }

    /// Where the chip on `from` may go: its quiet moves, and the captures the
    /// rules allow it (an opponent's chip; one's own only under retreat=on
    /// with room in hand).
    fn moves_hint(&self, seat: Seat, from: Square, face: Face) -> String {
        let grid = self.grid();
        let (quiet, mut takes) = grid.reach(from, face);
        let retreat = self.settings.retreat && self.hand(seat).len() < self.limit(seat);
        takes.retain(|to| grid.at(*to).is_some_and(|t| t.seat != seat || retreat));
        format!(
            "From {from} it may move to {} and capture on {}.",
            list(&quiet),
            list(&takes)
        )
    }

    fn check_move(
        &self,
        seat: Seat,
        from: Square,
        to: Square,
        flip: Option<Square>,
    ) -> Result<(), ActionError> {
        let id = self.own_chip(seat, from)?;
        let face = self.chip(id).up;
        let (quiet, _) = self.grid().reach(from, face);
        if !quiet.contains(&to) {
            if self.grid().at(to).is_some() {
                return Err(ActionError::illegal(format!(
                    "{to} is occupied: a capture is written {from}x{to}"
                )));
            }
            return Err(refuse(
                format!(
                    "the chip on {from} shows {face} ({}), which cannot move to {to}",
                    face.name()
                ),
                self.moves_hint(seat, from, face),
            ));
        }
        let flips = self.flips_after(id, to);
        match (self.flip_mode(), flip) {
            (FlipMode::None, Some(_)) => Err(ActionError::illegal(format!(
                "White's first turn is a move without a flip: write {from}-{to}"
            ))),
            (FlipMode::Dice, Some(_)) => Err(ActionError::illegal(format!(
                "with dice the referee rolls for the flip: write {from}-{to} alone"
            ))),
            (FlipMode::None | FlipMode::Dice, None) => Ok(()),
            (FlipMode::Choose, None) if flips.is_empty() => Ok(()),
            (FlipMode::Choose, None) => Err(refuse(
                format!("a quiet move must flip a chip: write {from}-{to} flip SQUARE"),
                format!("You may flip: {}.", list(&flips)),
            )),
            (FlipMode::Choose, Some(f)) if flips.contains(&f) => Ok(()),
            (FlipMode::Choose, Some(f)) => {
                let occupied = (self.grid().at(f).is_some() && f != from) || f == to;
                let reason = if occupied {
                    format!(
                        "{} flipped or dropped the chip on {f} on their last turn, so it may not be flipped now",
                        seat.other()
                    )
                } else {
                    format!("there is no chip on {f} to flip (after the move)")
                };
                Err(refuse(reason, format!("You may flip: {}.", list(&flips))))
            }
        }
    }

    fn check_capture(
        &self,
        seat: Seat,
        from: Square,
        to: Square,
        check: bool,
    ) -> Result<(), ActionError> {
        let id = self.own_chip(seat, from)?;
        let face = self.chip(id).up;
        let Some(target) = self.grid().at(to) else {
            return Err(ActionError::illegal(format!(
                "{to} is empty: a quiet move is written {from}-{to} flip SQUARE"
            )));
        };
        let (_, takes) = self.grid().reach(from, face);
        if !takes.contains(&to) {
            return Err(refuse(
                format!(
                    "the chip on {from} shows {face} ({}), which cannot capture on {to}",
                    face.name()
                ),
                self.moves_hint(seat, from, face),
            ));
        }
        if target.seat == seat {
            if check {
                return Err(ActionError::illegal(
                    "a Reality Check is never declared on your own chip",
                ));
            }
            if !self.settings.retreat {
                return Err(ActionError::illegal(format!(
                    "{to} holds your own chip; capturing your own chips needs the option retreat=on"
                )));
            }
            if self.hand(seat).len() >= self.limit(seat) {
                return Err(ActionError::illegal(format!(
                    "taking back your chip would put your hand over its limit of {}",
                    self.limit(seat)
                )));
            }
        }
        Ok(())
    }

    fn check_drop(&self, seat: Seat, up: Face, down: Face, to: Square) -> Result<(), ActionError> {
        let kind = Kind::of(up, down);
        let hand = self.hand(seat);
        if !hand.contains(&kind) {
            let names: Vec<String> = hand.iter().map(|k| k.name()).collect();
            return Err(ActionError::illegal(format!(
                "you have no chip {} in hand (your hand: {})",
                kind.name(),
                if names.is_empty() {
                    "empty".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
        if !self.drops[seat.index()].contains(&to) {
            return Err(refuse(
                format!("{to} is not one of your drop squares"),
                format!(
                    "Your free drop squares: {}.",
                    list(&self.free_drop_squares(seat))
                ),
            ));
        }
        if self.grid().at(to).is_some() {
            return Err(refuse(
                format!("{to} is occupied; a drop needs an empty square"),
                format!(
                    "Your free drop squares: {}.",
                    list(&self.free_drop_squares(seat))
                ),
            ));
        }
        Ok(())
    }

    fn check_memory(
        &self,
        seat: Seat,
        first: Square,
        second: Square,
        forfeit: Forfeit,
    ) -> Result<(), ActionError> {
        if !self.settings.memory_flips {
            return Err(ActionError::illegal(
                "memory flips are not played in this game (memory-flips=off)",
            ));
        }
        if first == second {
            return Err(ActionError::illegal(
                "a memory flip names two different chips",
            ));
        }
        let grid = self.grid();
        for sq in [first, second] {
            if !matches!(grid.at(sq), Some(id) if id.seat != seat) {
                return Err(ActionError::illegal(format!(
                    "there is no chip of {}'s on {sq}",
                    seat.other()
                )));
            }
        }
        match forfeit {
            Forfeit::Square(sq) => {
                let id = self.own_chip(seat, sq)?;
                if !id.kind.is_true() {
                    return Err(ActionError::illegal(format!(
                        "your chip on {sq} is not a true chip; the forfeit must be one of your true chips"
                    )));
                }
            }
            Forfeit::Hand(kind) => {
                if !self.hand(seat).contains(&kind) {
                    return Err(ActionError::illegal(format!(
                        "you have no chip {} in hand",
                        kind.name()
                    )));
                }
                if !kind.is_true() {
                    return Err(ActionError::illegal(format!(
                        "{} is not a true chip; the forfeit must be one of your true chips",
                        kind.name()
                    )));
                }
            }
        }
        Ok(())
    }
}
