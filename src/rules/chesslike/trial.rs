//! A scratch board to try a turn's steps on and take them back: whether a
//! side's royal pieces would stand attacked, without making the turn on a
//! position (no counters, castling rights, en passant or a game's own
//! end-of-turn rules, which change no square's occupant that matters for
//! attacks, or which the caller applies itself with [`Trial::set`]).
//!
//! A game counting the leaves of its tree (perft) tries every turn of the
//! last ply here instead of making it.

use super::attack::{Bits, BoardView, Occupancy, attackers_on};
use super::pieces::Piece;
use super::position::Position;
use super::step::{Step, StepKind};
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// The most royal pieces a side may have for the trial to track them;
/// more are found by scanning the board.
pub(super) const MOST_ROYALS: usize = 8;

/// A copy of a position's cells, with what was changed since the last
/// [`Trial::undo`] and the squares of one side's royal pieces.
#[derive(Clone, Debug, Default)]
pub struct Trial {
    cells: Vec<Option<Piece>>,
    occupancy: Occupancy,
    /// The cells changed, each with what it held before, oldest first.
    undo: Vec<(usize, Option<Piece>)>,
    seat: Option<Seat>,
    royals: [usize; MOST_ROYALS],
    royal_count: usize,
    /// The royals at reset, for undo.
    royals_at_reset: [usize; MOST_ROYALS],
    count_at_reset: usize,
    /// More royals than tracked: scan the cells instead.
    scan: bool,
    /// Whether a watched royal is attacked at reset.
    in_check: bool,
    /// The watched side's pieces first along a ride-attack line from one
    /// of its royals, at reset: the only pieces whose leaving can expose
    /// one.
    exposed: Bits,
}

impl Trial {
    /// A trial of `position`'s board, watching `seat`'s royal pieces.
    pub fn new(position: &Position, seat: Seat) -> Trial {
        let mut trial = Trial::default();
        trial.reset(position, seat);
        trial
    }

    /// Starts over on `position`'s board (its buffers reused).
    pub fn reset(&mut self, position: &Position, seat: Seat) {
        self.cells.clone_from(&position.cells);
        self.occupancy = position.occupancy;
        self.undo.clear();
        self.seat = Some(seat);
        self.royal_count = 0;
        self.scan = false;
        let variant = &*position.variant;
        for index in self.occupancy.side(seat).iter() {
            if let Some(p) = self.cells[index]
                && variant.kind(p.kind).royal
            {
                if self.royal_count == MOST_ROYALS {
                    self.scan = true;
                    break;
                }
                self.royals[self.royal_count] = index;
                self.royal_count += 1;
            }
        }
        self.royals_at_reset = self.royals;
        self.count_at_reset = self.royal_count;
        self.exposed = Bits::default();
        self.in_check = self.scan || self.royals_attacked(position);
        if self.in_check {
            return;
        }
        let occupied = self.occupancy.all();
        for &royal in &self.royals[..self.royal_count] {
            for &(vector, _) in &variant.tables.ride_attacks {
                let ray = variant.tables.ray(vector, royal);
                let first = ray
                    .iter()
                    .map(|&i| i as usize)
                    .find(|&i| occupied.contains(i));
                if let Some(first) = first
                    && self.occupancy.side(seat).contains(first)
                {
                    self.exposed.insert(first);
                }
            }
        }
    }

    /// Whether a step, made alone on the board at reset, surely leaves the
    /// watched royals unattacked: none is attacked now, and the step moves
    /// no royal and no piece first along a rider's line to one, takes no
    /// piece off a square it does not land on (en passant) and does not
    /// castle. Leaps and pawns attack whatever stands between, and a piece
    /// landing only blocks. (Whatever else the turn takes off the board
    /// is the caller's to judge.)
    pub fn quiet(&self, position: &Position, step: &Step) -> bool {
        if self.in_check || matches!(step.kind, StepKind::EnPassant | StepKind::Castle { .. }) {
            return false;
        }
        let from = position.variant.geometry.index(step.from);
        !self.exposed.contains(from) && !self.royals_at_reset[..self.count_at_reset].contains(&from)
    }

    /// The piece on a square of the trial board.
    pub fn piece_at(&self, position: &Position, square: Square) -> Option<Piece> {
        let geometry = &position.variant.geometry;
        if geometry.contains(square) {
            self.cells[geometry.index(square)]
        } else {
            None
        }
    }

    /// Puts a piece on (or clears) a square, to be taken back.
    pub fn set(&mut self, position: &Position, square: Square, piece: Option<Piece>) {
        let index = position.variant.geometry.index(square);
        self.put(index, piece);
    }

    fn put(&mut self, index: usize, piece: Option<Piece>) {
        let before = std::mem::replace(&mut self.cells[index], piece);
        self.occupancy.set(index, piece);
        self.undo.push((index, before));
        if self.scan {
            return;
        }
        let royals = &mut self.royals[..self.royal_count];
        if let Some(slot) = royals.iter().position(|&r| r == index) {
            // A tracked royal is replaced or taken: it leaves the list.
            self.royal_count -= 1;
            self.royals.swap(slot, self.royal_count);
        }
    }

    /// Makes a step as [`Position::make`] moves pieces (a promotion aside,
    /// which changes no occupant): what it captured.
    pub fn step(&mut self, position: &Position, step: &Step) -> Option<Piece> {
        let geometry = &position.variant.geometry;
        let from = geometry.index(step.from);
        let to = geometry.index(step.to);
        let piece = self.cells[from];
        let royal_moves = !self.scan && self.royals[..self.royal_count].contains(&from);
        self.put(from, None);
        let captured = step.capture.and_then(|sq| {
            let at = geometry.index(sq);
            let taken = self.cells[at];
            self.put(at, None);
            taken
        });
        if let StepKind::Castle { rook_from, rook_to } = step.kind {
            let (rf, rt) = (geometry.index(rook_from), geometry.index(rook_to));
            let rook = self.cells[rf];
            self.put(rf, None);
            self.put(rt, rook);
        }
        self.put(to, piece);
        if royal_moves && self.royal_count < MOST_ROYALS {
            self.royals[self.royal_count] = to;
            self.royal_count += 1;
        }
        captured
    }

    /// Whether a royal piece of the watched side is attacked on the trial
    /// board.
    pub fn royals_attacked(&self, position: &Position) -> bool {
        let variant = &*position.variant;
        let Some(seat) = self.seat else {
            return false;
        };
        let attacked = |index: usize| {
            attackers_on(
                variant,
                BoardView {
                    cells: &self.cells,
                    occupancy: &self.occupancy,
                },
                index,
                seat.other(),
                true,
                &mut Vec::new(),
            )
        };
        if self.scan {
            return self.cells.iter().enumerate().any(|(index, cell)| {
                cell.is_some_and(|p| p.owner == seat && variant.kind(p.kind).royal)
                    && attacked(index)
            });
        }
        self.royals[..self.royal_count]
            .iter()
            .any(|&index| attacked(index))
    }

    /// Takes back every change since the reset.
    pub fn undo(&mut self) {
        while let Some((index, before)) = self.undo.pop() {
            self.cells[index] = before;
            self.occupancy.set(index, before);
        }
        self.royals = self.royals_at_reset;
        self.royal_count = self.count_at_reset;
    }
}
