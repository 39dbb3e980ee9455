//! Orthodox chess's rule of legality on the layer: one move a turn, no
//! royal piece left attacked, no castling out of or through check. It
//! plays chess (`tests/data/chess.perft`) and the boards of Reflection
//! Teammate's two-board game.

use super::attack::{Bits, BoardView, Occupancy, attackers_on, pins_on};
use super::pieces::{Kind, Piece};
use super::position::Position;
use super::step::{Move, Step, StepKind};
use super::trial::MOST_ROYALS;
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
    ///
    /// Legality is judged piece by piece as the steps are generated. Not
    /// in check, a step can only expose a royal piece by leaving a square
    /// on a rider's line to it: the first piece along each of the
    /// variant's ride-attack lines from each royal, if it is the mover's
    /// own and the next piece beyond it an enemy attacking along that line
    /// (a pinned piece). Leaps and pawns attack whatever stands between, a
    /// capture only removes an attacker, and a piece landing only blocks.
    /// So only steps of royal pieces, of pinned pieces, en passant (two
    /// squares empty at once), castling, and every step when in check are
    /// tested: made on a scratch board, the attack test run outward from
    /// each royal, and unmade; every other piece's steps are kept as
    /// generated.
    pub fn legal_steps_into(&self, steps: &mut Vec<Step>) -> bool {
        steps.clear();
        self.each_legal_step(|step| steps.push(step))
    }

    /// [`Position::legal_steps_into`], each legal step handed to `found`
    /// in the same order as it is generated and judged (a caller that
    /// counts them, perft's last ply, lists none).
    pub fn each_legal_step(&self, mut found: impl FnMut(Step)) -> bool {
        let us = self.turn;
        let them = us.other();
        let variant = &*self.variant;
        let tables = &variant.tables;
        let mut royals = [0usize; MOST_ROYALS];
        let mut count = 0;
        for index in self.occupancy.side(us).iter() {
            if let Some(p) = self.cells[index]
                && variant.kind(p.kind).royal
            {
                if count == royals.len() {
                    // More royals than the fast path holds: test every step.
                    let squares = self.royals(us);
                    for step in self.pseudo_steps() {
                        if self.is_legal_with(&step, &squares) {
                            found(step);
                        }
                    }
                    return self.in_check(us);
                }
                royals[count] = index;
                count += 1;
            }
        }
        let royals = &royals[..count];
        if royals.is_empty() {
            for step in self.pseudo_steps() {
                found(step);
            }
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
        let evasions = match royals {
            [royal] if in_check => Some(self.evasion_squares(*royal)),
            _ => None,
        };
        let mut scratch = Scratch::default();
        for index in self.occupancy.side(us).iter() {
            let Some(piece) = self.cells[index] else {
                continue;
            };
            let square = tables.square(index);
            let castles = self.castling.contains(square);
            let royal = royals.contains(&index);
            let free = !in_check && !royal && !pinned.contains(index);
            if free && !castles && (self.en_passant.is_empty() || !variant.kind(piece.kind).pawn) {
                self.each_step_at(index, piece, false, &mut found);
                continue;
            }
            let mut judge = |step: Step| {
                let legal = match step.kind {
                    StepKind::Castle { .. } => {
                        !in_check && {
                            let squares: Vec<Square> =
                                royals.iter().map(|&r| tables.square(r)).collect();
                            self.is_legal_with(&step, &squares)
                        }
                    }
                    _ if free => {
                        step.kind != StepKind::EnPassant || scratch.safe(self, &step, royals)
                    }
                    // A lone royal in check: another piece can only
                    // capture the checker or block its line (en passant,
                    // which empties two squares, is always tried).
                    _ if !royal
                        && step.kind != StepKind::EnPassant
                        && evasions.is_some_and(|squares| {
                            let geometry = &variant.geometry;
                            !squares.contains(geometry.index(step.to))
                                && !step
                                    .capture
                                    .is_some_and(|sq| squares.contains(geometry.index(sq)))
                        }) =>
                    {
                        false
                    }
                    _ => scratch.safe(self, &step, royals),
                };
                if legal {
                    found(step);
                }
            };
            self.each_step_at(index, piece, false, &mut judge);
            if castles {
                self.each_castling_step(square, &mut judge);
            }
        }
        in_check
    }

    /// The squares where a piece other than the royal on `royal`, in
    /// check, may capture or land to end the check: the single checker's
    /// square and those between it and the royal along a ride-attack line
    /// (empty against two checkers: only the royal can move then). A
    /// superset: the steps that pass are still tried on the board (a
    /// leaper on a rider's line is not blocked, a pinned piece may not
    /// move).
    fn evasion_squares(&self, royal: usize) -> Bits {
        let variant = &*self.variant;
        let tables = &variant.tables;
        let attack = &variant.attack;
        let mut checkers = Vec::new();
        attackers_on(
            variant,
            self.view(),
            royal,
            self.turn.other(),
            false,
            &mut checkers,
        );
        let mut squares = Bits::default();
        let [checker] = checkers[..] else {
            return squares;
        };
        let checker = variant.geometry.index(checker);
        squares.insert(checker);
        for (line, &(vector, _)) in tables.ride_attacks.iter().enumerate() {
            if !attack.ray_bits[royal * attack.rides + line].contains(checker) {
                continue;
            }
            for &at in tables.ray(vector, royal) {
                if at as usize == checker {
                    break;
                }
                squares.insert(at as usize);
            }
        }
        squares
    }

    /// The promotions a step allows: the variant's kinds when a pawn lands
    /// on its promotion square, else only `None`.
    /// (An iterator, not a list: it is asked for every step generated.)
    pub fn promotions(&self, step: &Step) -> impl Iterator<Item = Option<Kind>> + '_ {
        let promotes = self.promotes(step);
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

    /// The number of moves a step makes: one, or one a promotion kind.
    #[inline]
    pub fn promotion_count(&self, step: &Step) -> u64 {
        if self.promotes(step) {
            self.variant.promotions.len() as u64
        } else {
            1
        }
    }

    /// Whether a step promotes: a pawn's, landing on its promotion square.
    #[inline]
    pub fn promotes(&self, step: &Step) -> bool {
        // Only a pawn's step promotes (asked first, inline: it is the
        // kind's, and most steps are not a pawn's).
        let pawn_step = matches!(
            step.kind,
            StepKind::PawnStraight
                | StepKind::PawnDouble { .. }
                | StepKind::PawnDiagonal
                | StepKind::EnPassant
        );
        pawn_step && self.pawn_promotes(step)
    }

    fn pawn_promotes(&self, step: &Step) -> bool {
        self.piece_at(step.from)
            .is_some_and(|p| self.is_pawn(p) && self.variant.promotes(p.army, step.to))
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
        if depth == 1 {
            let mut count = 0;
            self.each_legal_step(|step| count += self.promotion_count(&step));
            return count;
        }
        let (mut next, mut steps) = spares
            .pop()
            .unwrap_or_else(|| (self.clone(), Vec::with_capacity(64)));
        self.legal_steps_into(&mut steps);
        let mut count = 0;
        for step in &steps {
            for promotion in self.promotions(step) {
                self.begin_turn_in(&mut next);
                next.make(step, promotion);
                next.end_turn(self.is_zeroing(step));
                count += next.perft_with(depth - 1, spares);
            }
        }
        spares.push((next, steps));
        count
    }
}

/// A copy of a position's cells and occupancy to try steps on, made on
/// first use (most generations try none).
#[derive(Default)]
struct Scratch {
    board: Option<(Vec<Option<Piece>>, Occupancy)>,
}

impl Scratch {
    /// Whether `step`, made alone, leaves every royal of the side to move
    /// (on `royals`) unattacked: made on the scratch board and unmade.
    fn safe(&mut self, position: &Position, step: &Step, royals: &[usize]) -> bool {
        let variant = &*position.variant;
        let geometry = &variant.geometry;
        let them = position.turn.other();
        let (cells, occupancy) = self
            .board
            .get_or_insert_with(|| (position.cells.clone(), position.occupancy));
        let from = geometry.index(step.from);
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
            !attackers_on(variant, board, at, them, true, &mut Vec::new())
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
    }
}
