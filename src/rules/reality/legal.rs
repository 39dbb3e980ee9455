//! Which actions are legal, and why one is not.
//!
//! [`RealityCheck::actions`] lists every legal action; [`RealityCheck::check`]
//! checks one and explains a refusal. Legality never depends on a face the
//! actor may not know: moves follow up faces, the hand limit follows the
//! true chips that have left play (always shown publicly), and the only
//! down faces consulted are the actor's own (a drop's chip, a forfeit). So
//! every refusal below is phrased from the actor's own view, and never
//! speaks of an opponent's down face.

use super::RealityCheck;
use super::actions::{Action, Forfeit};
use super::board::{ChipId, Face, Kind, Place, Shape, list};
use crate::rules::geometry::Square;
use crate::rules::{ActionError, Seat};

/// How the flip of a quiet move is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipMode {
    /// White's first turn with the fixed setup: no flip at all.
    None,
    /// The mover names the chip to flip.
    Choose,
    /// The referee rolls; the flip must meet the roll.
    Dice,
}

/// A refusal with a hint: the reason a sentence of its own, the hint (one
/// or more sentences) after it.
fn refuse(reason: impl Into<String>, hint: impl Into<String>) -> ActionError {
    ActionError::illegal_with_hint(format!("{}.", reason.into()), hint)
}

/// What a die asks for, in players' words.
pub fn die_meaning(die: u8, mover: Seat) -> String {
    match die {
        1..=4 => {
            let face = Face::ALL[die as usize - 1];
            format!("a chip with {face} up")
        }
        5 => format!("any of {mover}'s chips"),
        _ => format!("any of {}'s chips", mover.other()),
    }
}

impl RealityCheck {
    /// Whether this is White's first turn (the first half of option 1 only).
    pub(super) fn first_turn(&self) -> bool {
        self.started && self.side == Seat::White && self.number == 1
    }

    pub(super) fn flip_mode(&self) -> FlipMode {
        if self.first_turn() && !self.settings.free {
            FlipMode::None
        } else if self.settings.dice > 0 {
            FlipMode::Dice
        } else {
            FlipMode::Choose
        }
    }

    /// The chips on the board the side to move may flip: all but those the
    /// opponent flipped or dropped on their turn just before.
    fn flippable(&self) -> Vec<(ChipId, Square)> {
        let barred = &self.touched[self.side.other().index()];
        self.on_board()
            .filter(|(id, _)| !barred.contains(id))
            .collect()
    }

    /// The squares that may be flipped after moving `moved` to `to`.
    fn flips_after(&self, moved: ChipId, to: Square) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .flippable()
            .into_iter()
            .map(|(id, sq)| if id == moved { to } else { sq })
            .collect();
        squares.sort_by_key(|s| (s.rank(), s.file()));
        squares
    }

    /// The chips that meet `die` for the side to move now (none flipped
    /// already this turn, none the opponent flipped or dropped just before).
    pub(super) fn die_candidates(&self, die: u8) -> Vec<Square> {
        let mover = self.side;
        let done = &self.touched[mover.index()];
        let mut squares: Vec<Square> = self
            .flippable()
            .into_iter()
            .filter(|(id, _)| !done.contains(id))
            .filter(|(id, _)| match die {
                1..=4 => self.chip(*id).up == Face::ALL[die as usize - 1],
                5 => id.seat == mover,
                _ => id.seat != mover,
            })
            .map(|(_, sq)| sq)
            .collect();
        squares.sort_by_key(|s| (s.rank(), s.file()));
        squares
    }

    /// The empty squares `seat` may drop on.
    pub(super) fn free_drop_squares(&self, seat: Seat) -> Vec<Square> {
        let grid = self.grid();
        self.drops[seat.index()]
            .iter()
            .copied()
            .filter(|s| grid.at(*s).is_none())
            .collect()
    }

    /// Every legal action of `seat` now. The sealed setup is not listed:
    /// the legal setups number in the hundreds of thousands (fixed) or far
    /// more (free), so this returns none during the setup phase and perft
    /// starts from a position after it.
    pub(super) fn actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || !self.started || seat != self.side {
            return Vec::new();
        }
        if self.limbo(seat).is_some() {
            return vec![Action::Keep, Action::Refuse];
        }
        if let Some(&die) = self.roll.first() {
            return self
                .die_candidates(die)
                .into_iter()
                .map(|square| Action::Flip { square })
                .collect();
        }
        let mut out = Vec::new();
        if self.over_limit(seat) {
            self.push_drops(seat, &mut out);
            return out;
        }
        let grid = self.grid();
        let mode = self.flip_mode();
        let hand = self.hand(seat).len();
        let limit = self.limit(seat);
        let mut captures = Vec::new();
        for (id, from) in self.on_board().filter(|(id, _)| id.seat == seat) {
            let (quiet, takes) = grid.reach(from, self.chip(id).up);
            for to in quiet {
                match mode {
                    FlipMode::Choose => {
                        let flips = self.flips_after(id, to);
                        if flips.is_empty() {
                            out.push(Action::Move {
                                from,
                                to,
                                flip: None,
                            });
                        }
                        out.extend(flips.into_iter().map(|f| Action::Move {
                            from,
                            to,
                            flip: Some(f),
                        }));
                    }
                    FlipMode::None | FlipMode::Dice => out.push(Action::Move {
                        from,
                        to,
                        flip: None,
                    }),
                }
            }
            for to in takes {
                let target = grid.at(to).expect("a capture square is occupied");
                if target.seat != seat {
                    captures.push(Action::Capture {
                        from,
                        to,
                        check: false,
                    });
                    captures.push(Action::Capture {
                        from,
                        to,
                        check: true,
                    });
                } else if self.settings.retreat && hand < limit {
                    captures.push(Action::Capture {
                        from,
                        to,
                        check: false,
                    });
                }
            }
        }
        if self.first_turn() {
            return out;
        }
        out.extend(captures);
        self.push_drops(seat, &mut out);
        if self.settings.memory_flips {
            let mut theirs: Vec<Square> = self
                .on_board()
                .filter(|(id, _)| id.seat != seat)
                .map(|(_, sq)| sq)
                .collect();
            theirs.sort_by_key(|s| (s.rank(), s.file()));
            let mut forfeits: Vec<Forfeit> = self
                .on_board()
                .filter(|(id, _)| id.seat == seat && id.kind.is_true())
                .map(|(_, sq)| Forfeit::Square(sq))
                .collect();
            forfeits.extend(
                self.hand(seat)
                    .into_iter()
                    .filter(|k| k.is_true())
                    .map(Forfeit::Hand),
            );
            for (i, &first) in theirs.iter().enumerate() {
                for &second in &theirs[i + 1..] {
                    out.extend(forfeits.iter().map(|&forfeit| Action::Memory {
                        first,
                        second,
                        forfeit,
                    }));
                }
            }
        }
        out
    }

    fn push_drops(&self, seat: Seat, out: &mut Vec<Action>) {
        let squares = self.free_drop_squares(seat);
        for kind in self.hand(seat) {
            let (a, b) = kind.faces();
            let sides: &[(Face, Face)] = if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
            for &(up, down) in sides {
                out.extend(squares.iter().map(|&to| Action::Drop { up, down, to }));
            }
        }
    }

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

    /// The chip of `seat` awaiting keep or refuse, if any.
    pub(super) fn limbo(&self, seat: Seat) -> Option<ChipId> {
        Kind::ALL
            .into_iter()
            .map(|kind| ChipId { seat, kind })
            .find(|id| self.chip(*id).place == Place::Limbo)
    }
}
