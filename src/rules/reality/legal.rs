//! Which actions are legal: [`RealityCheck::actions`] lists every one, and
//! the facts it and `refusal.rs` (which checks one action and explains a
//! refusal) share: the flip mode, the chips a flip or a die may turn, the
//! free drop squares, the chip awaiting keep or refuse. Legality never
//! depends on a face the actor may not know: moves follow up faces, the
//! hand limit follows the true chips that have left play (always shown
//! publicly), and the only down faces consulted are the actor's own (a
//! drop's chip, a forfeit).

use super::RealityCheck;
use super::actions::{Action, Forfeit};
use super::board::{ChipId, Face, Kind, Place};
use crate::rules::Seat;
use crate::rules::geometry::Square;

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
    pub(super) fn flips_after(&self, moved: ChipId, to: Square) -> Vec<Square> {
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

    /// The chip of `seat` awaiting keep or refuse, if any.
    pub(super) fn limbo(&self, seat: Seat) -> Option<ChipId> {
        Kind::ALL
            .into_iter()
            .map(|kind| ChipId { seat, kind })
            .find(|id| self.chip(*id).place == Place::Limbo)
    }
}
