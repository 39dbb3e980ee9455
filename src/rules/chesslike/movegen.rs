//! How pieces move on any board: the steps of one piece (leaps, rides,
//! pawns, castling), attacks, and making a step.

use super::attack::attackers_on;
use super::pieces::{CastlingRole, Kind, Piece};
use super::position::{EnPassant, Position, on_castling_line};
use super::step::{Step, StepKind};
use super::tables::NONE;
use crate::rules::Seat;
use crate::rules::geometry::Square;

impl Position {
    /// The steps the piece on `from` could make alone, judged on this
    /// position: to an empty square or onto an enemy piece, within the
    /// variant's barriers, whatever it does to its own king. Castling is
    /// apart ([`Position::castling_steps`]).
    ///
    /// With `relaxed`, a pawn also steps straight ahead onto an enemy piece
    /// and diagonally ahead onto an empty square (Reflection Teammate's
    /// pairs of pawns); the game decides when those are allowed.
    pub fn steps_from(&self, from: Square, relaxed: bool, out: &mut Vec<Step>) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        self.steps_at(self.variant.geometry.index(from), piece, relaxed, out);
    }

    /// [`Position::steps_from`] by dense index, the piece given.
    pub(super) fn steps_at(&self, from: usize, piece: Piece, relaxed: bool, out: &mut Vec<Step>) {
        self.each_step_at(from, piece, relaxed, &mut |step| out.push(step));
    }

    /// [`Position::steps_at`], each step handed to `found` as it is
    /// generated (a caller that judges or counts them lists none).
    pub(super) fn each_step_at(
        &self,
        from: usize,
        piece: Piece,
        relaxed: bool,
        found: &mut impl FnMut(Step),
    ) {
        let variant = &*self.variant;
        if variant.kind(piece.kind).pawn {
            self.pawn_steps(from, piece, relaxed, found);
            return;
        }
        let tables = &variant.tables;
        let origin = tables.square(from);
        for m in &tables.motions[piece.kind.index()] {
            // A leap is a ray of one square.
            let ray = tables.ray(m.vector, from);
            let ray = if m.ride {
                ray
            } else {
                &ray[..ray.len().min(1)]
            };
            for &to in ray {
                let to = to as usize;
                match self.cells[to] {
                    None => {
                        if m.moves && tables.allows(from, to, false) {
                            found(plain(origin, tables.square(to), None));
                        }
                    }
                    Some(other) => {
                        if other.owner != piece.owner && m.captures && tables.allows(from, to, true)
                        {
                            let target = tables.square(to);
                            found(plain(origin, target, Some(target)));
                        }
                        break;
                    }
                }
            }
        }
    }

    fn pawn_steps(&self, from: usize, pawn: Piece, relaxed: bool, found: &mut impl FnMut(Step)) {
        let variant = &*self.variant;
        let tables = &variant.tables;
        let vectors = tables.pawns[pawn.army as usize];
        let origin = tables.square(from);
        let enemy = |i: usize| self.cells[i].is_some_and(|p| p.owner != pawn.owner);
        let one = tables.next(vectors.forward, from);
        if one != NONE {
            let one = one as usize;
            let ahead = tables.square(one);
            let step = |capture: Option<Square>| Step {
                from: origin,
                to: ahead,
                capture,
                kind: StepKind::PawnStraight,
            };
            match self.cells[one] {
                None => {
                    if tables.allows(from, one, false) {
                        found(step(None));
                    }
                    let two = tables.next(vectors.forward, one);
                    if two != NONE
                        && variant.army(pawn.army).double_step.contains(origin)
                        && self.cells[two as usize].is_none()
                        && tables.allows(from, two as usize, false)
                    {
                        found(Step {
                            from: origin,
                            to: tables.square(two as usize),
                            capture: None,
                            kind: StepKind::PawnDouble { skipped: ahead },
                        });
                    }
                }
                Some(_) if relaxed && enemy(one) && tables.allows(from, one, true) => {
                    found(step(Some(ahead)));
                }
                Some(_) => {}
            }
        }
        for vector in vectors.diagonals {
            let to = tables.next(vector, from);
            if to == NONE {
                continue;
            }
            let to = to as usize;
            let target = tables.square(to);
            let diagonal = |capture| Step {
                from: origin,
                to: target,
                capture,
                kind: StepKind::PawnDiagonal,
            };
            if enemy(to) {
                if tables.allows(from, to, true) {
                    found(diagonal(Some(target)));
                }
            } else if self.cells[to].is_none() {
                // (Most positions have no en passant chance: asked first.)
                let ep = if self.en_passant.is_empty() {
                    None
                } else {
                    self.en_passant_on(target, pawn)
                };
                if let Some(ep) = ep {
                    if tables.allows(from, to, true) {
                        found(Step {
                            from: origin,
                            to: target,
                            capture: Some(ep.pawn),
                            kind: StepKind::EnPassant,
                        });
                    }
                } else if relaxed && tables.allows(from, to, false) {
                    found(diagonal(None));
                }
            }
        }
    }

    /// The en passant chance on `to` for `pawn`: an enemy pawn skipped
    /// `to` last turn, still stands where it landed, and moves in the
    /// opposite direction to `pawn`.
    fn en_passant_on(&self, to: Square, pawn: Piece) -> Option<EnPassant> {
        let variant = &*self.variant;
        let (fx, fy) = variant.army(pawn.army).forward;
        self.en_passant.iter().copied().find(|ep| {
            ep.skipped == to
                && self.piece_at(ep.pawn).is_some_and(|p| {
                    p.owner != pawn.owner
                        && variant.kind(p.kind).pawn
                        && variant.army(p.army).forward == (-fx, -fy)
                })
        })
    }

    /// The castlings of the king on `from`, judged on the squares alone:
    /// the king and a rook of its army unmoved on its home edge, only
    /// empty squares between them, at least three squares apart. Whether
    /// the king may castle out of or through check is the caller's
    /// ([`Position::castling_crossed`]).
    pub fn castling_steps(&self, from: Square, out: &mut Vec<Step>) {
        self.each_castling_step(from, &mut |step| out.push(step));
    }

    /// [`Position::castling_steps`], each handed to `found`.
    pub(super) fn each_castling_step(&self, from: Square, found: &mut impl FnMut(Step)) {
        let variant = &*self.variant;
        let Some(king) = self.piece_at(from) else {
            return;
        };
        if variant.kind(king.kind).castling != Some(CastlingRole::King)
            || !self.castling.contains(from)
        {
            return;
        }
        let (fx, _) = variant.army(king.army).forward;
        let directions: [(i8, i8); 2] = if fx == 0 {
            [(1, 0), (-1, 0)]
        } else {
            [(0, 1), (0, -1)]
        };
        for (df, dr) in directions {
            let mut ray = variant.geometry.ray(from, df, dr);
            let mut distance = 0;
            let rook = loop {
                let Some(sq) = ray.next() else {
                    break None;
                };
                distance += 1;
                if let Some(piece) = self.piece_at(sq) {
                    break Some((sq, piece));
                }
            };
            let Some((rook_sq, rook)) = rook else {
                continue;
            };
            let castles = distance >= 3
                && self.castling.contains(rook_sq)
                && rook.owner == king.owner
                && rook.army == king.army
                && variant.kind(rook.kind).castling == Some(CastlingRole::Rook)
                && on_castling_line(variant, king.army, from, rook_sq);
            if !castles {
                continue;
            }
            let geometry = &variant.geometry;
            let (Some(cross), Some(to)) = (
                geometry.offset(from, df, dr),
                geometry.offset(from, 2 * df, 2 * dr),
            ) else {
                continue;
            };
            found(Step {
                from,
                to,
                capture: None,
                kind: StepKind::Castle {
                    rook_from: rook_sq,
                    rook_to: cross,
                },
            });
        }
    }

    /// The position in which castling kings stand on the square they
    /// cross, their rooks still at home: where they may not be in check.
    pub fn castling_crossed(&self, castlings: &[Step]) -> Position {
        let mut crossed = self.clone();
        for step in castlings {
            if let StepKind::Castle { rook_to, .. } = step.kind {
                let king = crossed.take(step.from);
                crossed.set(rook_to, king);
            }
        }
        crossed
    }

    /// Whether a piece of `by`, moving alone, could capture on `square`
    /// (pawns diagonally, and straight ahead where the variant says so),
    /// within the variant's barriers.
    pub fn is_attacked(&self, square: Square, by: Seat) -> bool {
        self.find_attackers(square, by, true, &mut Vec::new())
    }

    /// The squares of the pieces of `by` that attack `square` (as
    /// [`Position::is_attacked`] judges it), leaps first, then rides, then
    /// pawns.
    pub fn attackers(&self, square: Square, by: Seat) -> Vec<Square> {
        let mut out = Vec::new();
        self.find_attackers(square, by, false, &mut out);
        out
    }

    /// Collects the attackers of `square` into `out`; with `first`, stops
    /// at the first one found. Whether there is one.
    fn find_attackers(&self, square: Square, by: Seat, first: bool, out: &mut Vec<Square>) -> bool {
        let index = self.variant.geometry.index(square);
        attackers_on(&self.variant, self.view(), index, by, first, out)
    }

    /// Whether a royal piece of `seat` is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        let variant = &*self.variant;
        self.occupancy.side(seat).iter().any(|index| {
            self.cells[index].is_some_and(|p| variant.kind(p.kind).royal)
                && attackers_on(
                    variant,
                    self.view(),
                    index,
                    seat.other(),
                    true,
                    &mut Vec::new(),
                )
        })
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    /// The position as a turn starts: last turn's en passant chances gone
    /// (steps are still judged on `self`).
    pub fn begin_turn(&self) -> Position {
        let mut next = self.clone();
        next.en_passant.clear();
        next
    }

    /// [`Position::begin_turn`] into a position the caller keeps (its
    /// buffers reused: no allocation).
    pub fn begin_turn_in(&self, next: &mut Position) {
        next.clone_from(self);
        next.en_passant.clear();
    }

    /// Makes a step judged legal on the position the turn started from:
    /// takes the captured piece (returned), moves the piece (and a
    /// castling rook), promotes it, records a double step for en passant,
    /// and drops the castling rights of whatever moved or was taken.
    pub fn make(&mut self, step: &Step, promotion: Option<Kind>) -> Option<Piece> {
        let piece = self.take(step.from).expect("a step moves a piece");
        let captured = step.capture.and_then(|sq| self.take(sq));
        if let StepKind::Castle { rook_from, rook_to } = step.kind {
            let rook = self.take(rook_from);
            self.set(rook_to, rook);
            self.castling.remove(rook_from);
        }
        let kind = promotion.unwrap_or(piece.kind);
        self.set(step.to, Some(Piece { kind, ..piece }));
        if let StepKind::PawnDouble { skipped } = step.kind {
            self.en_passant.push(EnPassant {
                skipped,
                pawn: step.to,
            });
        }
        self.castling.remove(step.from);
        self.castling.remove(step.to);
        if let Some(sq) = step.capture {
            self.castling.remove(sq);
        }
        captured
    }

    /// Ends a turn: the half-move clock (reset by a capture or pawn move,
    /// `zeroing`), the move number, the side to move, the castling rights.
    pub fn end_turn(&mut self, zeroing: bool) {
        self.halfmoves = if zeroing { 0 } else { self.halfmoves + 1 };
        if self.turn == Seat::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        // Only a turn that wrote a square with a castling right can have
        // left a right without its partner.
        if self.castling_dirty {
            self.normalise_castling();
        }
    }

    /// Whether a step resets the half-move clock.
    pub fn is_zeroing(&self, step: &Step) -> bool {
        step.capture.is_some() || self.piece_at(step.from).is_some_and(|p| self.is_pawn(p))
    }
}

fn plain(from: Square, to: Square, capture: Option<Square>) -> Step {
    Step {
        from,
        to,
        capture,
        kind: StepKind::Plain,
    }
}
