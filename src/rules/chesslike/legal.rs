//! Orthodox chess's rule of legality on the layer: one move a turn, no
//! royal piece left attacked, no castling out of or through check. It
//! plays chess (`tests/data/chess.perft`) and the boards of Reflection
//! Teammate's two-board game.

use super::attack::{Bits, BoardView, Occupancy, attackers_on, pins_on};
use super::pieces::Kind;
use super::position::Position;
use super::step::{Move, Step, StepKind};
use crate::rules::geometry::Square;

impl Position {
    /// The step a move makes here, if the piece on its origin has one
    /// (castling included) that lands on its destination.
    pub fn step_of(&self, mv: &Move) -> Option<Step> {
        let mut steps = Vec::new();
        self.steps_from(mv.from, false, &mut steps);
        self.castling_steps(mv.from, &mut steps);
        steps.into_iter().find(|s| s.to == mv.to)
    }

    /// The pseudo-legal steps of the side to move, castling included.
    pub fn pseudo_steps(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(64);
        self.pseudo_steps_into(&mut steps);
        steps
    }

    /// [`Position::pseudo_steps`] into a list the caller keeps.
    fn pseudo_steps_into(&self, steps: &mut Vec<Step>) {
        let tables = &self.variant.tables;
        for index in self.occupancy.side(self.turn).iter() {
            let Some(piece) = self.cells[index] else {
                continue;
            };
            self.steps_at(index, piece, false, steps);
            let square = tables.square(index);
            if self.castling.contains(square) {
                self.castling_steps(square, steps);
            }
        }
    }

    /// Whether a pseudo-legal step is legal in orthodox chess: it leaves no
    /// royal piece of the mover attacked, and a castling king neither
    /// starts in check nor crosses an attacked square.
    pub fn is_legal_step(&self, step: &Step) -> bool {
        self.is_legal_with(step, &self.royals(self.turn))
    }

    /// [`Position::is_legal_step`] with the mover's royal squares given,
    /// by playing the step on a copy (castling's path).
    fn is_legal_with(&self, step: &Step, royals: &[Square]) -> bool {
        let us = self.turn;
        if let StepKind::Castle { .. } = step.kind
            && (self.in_check(us) || self.castling_crossed(&[*step]).in_check(us))
        {
            return false;
        }
        let mut next = self.begin_turn();
        next.make(step, None);
        royals.iter().all(|&royal| {
            let at = if royal == step.from { step.to } else { royal };
            !next.is_attacked(at, us.other())
        })
    }

    /// The legal steps under orthodox chess's rule.
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(64);
        self.legal_steps_into(&mut steps);
        steps
    }

    /// [`Position::legal_steps`] into a list the caller keeps (cleared
    /// first); whether the side to move is in check, found on the way.
    pub fn legal_steps_into(&self, steps: &mut Vec<Step>) -> bool {
        steps.clear();
        self.pseudo_steps_into(steps);
        self.retain_legal(steps)
    }

    /// Keeps the legal steps among pseudo-legal ones of the side to move.
    ///
    /// Not in check, a step can only expose a royal piece by leaving a
    /// square on a rider's line to it: the first piece along each of the
    /// variant's ride-attack lines from each royal, if it is the mover's
    /// own and the next piece beyond it an enemy attacking along that line
    /// (a pinned piece). Leaps and pawns attack whatever stands between, a
    /// capture only removes an attacker, and a piece landing only blocks.
    /// So only steps of royal pieces, of pinned pieces, en passant (two
    /// squares empty at once), castling, and every step when in check are
    /// tested: made on a scratch board, the attack test run outward from
    /// each royal, and unmade. Whether a royal piece is attacked now.
    fn retain_legal(&self, steps: &mut Vec<Step>) -> bool {
        let us = self.turn;
        let them = us.other();
        let variant = &*self.variant;
        let tables = &variant.tables;
        let geometry = &variant.geometry;
        let mut royals = [0usize; 8];
        let mut count = 0;
        for index in self.occupancy.side(us).iter() {
            if let Some(p) = self.cells[index]
                && variant.kind(p.kind).royal
            {
                if count == royals.len() {
                    // More royals than the fast path holds: test every step.
                    let squares = self.royals(us);
                    steps.retain(|s| self.is_legal_with(s, &squares));
                    return self.in_check(us);
                }
                royals[count] = index;
                count += 1;
            }
        }
        let royals = &royals[..count];
        if royals.is_empty() {
            return false;
        }
        let mut none = Vec::new();
        let in_check = royals
            .iter()
            .any(|&r| attackers_on(variant, self.view(), r, them, true, &mut none));
        let mut pinned = Bits::default();
        if !in_check {
            for &royal in royals {
                pins_on(variant, self.view(), royal, us, &mut pinned);
            }
        }
        let mut scratch: Option<(Vec<_>, Occupancy)> = None;
        steps.retain(|step| {
            if let StepKind::Castle { .. } = step.kind {
                if in_check {
                    return false;
                }
                let squares: Vec<Square> = royals.iter().map(|&r| tables.square(r)).collect();
                return self.is_legal_with(step, &squares);
            }
            let from = geometry.index(step.from);
            let royal_moves = royals.contains(&from);
            if !in_check
                && !royal_moves
                && !pinned.contains(from)
                && step.kind != StepKind::EnPassant
            {
                return true;
            }
            let (cells, occupancy) =
                scratch.get_or_insert_with(|| (self.cells.clone(), self.occupancy));
            let to = geometry.index(step.to);
            let piece = cells[from].take();
            occupancy.set(from, None);
            let captured = step.capture.map(|sq| {
                let at = geometry.index(sq);
                occupancy.set(at, None);
                (at, cells[at].take())
            });
            let landed_on = cells[to];
            cells[to] = piece;
            occupancy.set(to, piece);
            let board = BoardView { cells, occupancy };
            let safe = royals.iter().all(|&royal| {
                let at = if royal == from { to } else { royal };
                !attackers_on(variant, board, at, them, true, &mut none)
            });
            cells[to] = landed_on;
            occupancy.set(to, landed_on);
            if let Some((at, captured)) = captured {
                cells[at] = captured;
                occupancy.set(at, captured);
            }
            cells[from] = piece;
            occupancy.set(from, piece);
            safe
        });
        in_check
    }

    /// The promotions a step allows: the variant's kinds when a pawn lands
    /// on its promotion square, else only `None`.
    /// (An iterator, not a list: it is asked for every step generated.)
    pub fn promotions(&self, step: &Step) -> impl Iterator<Item = Option<Kind>> + '_ {
        // Only a pawn's step promotes (asked first: it is the kind's).
        let pawn_step = matches!(
            step.kind,
            StepKind::PawnStraight
                | StepKind::PawnDouble { .. }
                | StepKind::PawnDiagonal
                | StepKind::EnPassant
        );
        let promotes = pawn_step
            && self
                .piece_at(step.from)
                .is_some_and(|p| self.is_pawn(p) && self.variant.promotes(p.army, step.to));
        let kinds: &[Kind] = if promotes {
            &self.variant.promotions
        } else {
            &[]
        };
        kinds
            .iter()
            .copied()
            .map(Some)
            .chain((!promotes).then_some(None))
    }

    /// Every legal move under orthodox chess's rule.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for step in self.legal_steps() {
            for promotion in self.promotions(&step) {
                moves.push(Move::new(step.from, step.to, promotion));
            }
        }
        moves
    }

    /// Plays a legal move (orthodox rule).
    ///
    /// # Panics
    /// If the move has no step here: the caller checked it first.
    pub fn play(&self, mv: &Move) -> Position {
        let step = self.step_of(mv).expect("a legal move");
        let mut next = self.begin_turn();
        next.make(&step, mv.promotion);
        next.end_turn(self.is_zeroing(&step));
        next
    }

    /// The number of leaves of the legal move tree `depth` plies deep
    /// (the last ply counted, not made).
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, &mut Vec::new())
    }

    /// Perft with a spare position and step list a ply, reused by copying
    /// into them.
    fn perft_with(&self, depth: u32, spares: &mut Vec<(Position, Vec<Step>)>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (mut next, mut steps) = spares
            .pop()
            .unwrap_or_else(|| (self.clone(), Vec::with_capacity(64)));
        self.legal_steps_into(&mut steps);
        let mut count = 0;
        for step in &steps {
            for promotion in self.promotions(step) {
                count += if depth == 1 {
                    1
                } else {
                    self.begin_turn_in(&mut next);
                    next.make(step, promotion);
                    next.end_turn(self.is_zeroing(step));
                    next.perft_with(depth - 1, spares)
                };
            }
        }
        spares.push((next, steps));
        count
    }
}
