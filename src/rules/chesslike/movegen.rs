//! How pieces move on any board: the steps of one piece (leaps, rides,
//! pawns, castling), attacks, and making a step.

use super::pieces::{CastlingRole, Kind, Piece, Reach};
use super::position::{EnPassant, Position, on_castling_line};
use super::step::{Step, StepKind};
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
        let variant = &*self.variant;
        let def = variant.kind(piece.kind);
        if def.pawn {
            self.pawn_steps(from, piece, relaxed, out);
            return;
        }
        let geometry = &variant.geometry;
        for m in &def.movements {
            let mut at = from;
            while let Some(to) = geometry.offset(at, m.df, m.dr) {
                if to == from {
                    break;
                }
                match self.cell(to) {
                    None => {
                        if m.mode.moves() && variant.allows(from, to, false) {
                            out.push(plain(from, to, None));
                        }
                    }
                    Some(other) => {
                        if other.owner != piece.owner
                            && m.mode.captures()
                            && variant.allows(from, to, true)
                        {
                            out.push(plain(from, to, Some(to)));
                        }
                        break;
                    }
                }
                if m.reach == Reach::Leap {
                    break;
                }
                at = to;
            }
        }
    }

    fn pawn_steps(&self, from: Square, pawn: Piece, relaxed: bool, out: &mut Vec<Step>) {
        let variant = &*self.variant;
        let geometry = &variant.geometry;
        let army = variant.army(pawn.army);
        let (fx, fy) = army.forward;
        let enemy = |sq: Square| self.cell(sq).is_some_and(|p| p.owner != pawn.owner);
        if let Some(one) = geometry.offset(from, fx, fy) {
            let step = |capture: Option<Square>| Step {
                from,
                to: one,
                capture,
                kind: StepKind::PawnStraight,
            };
            match self.cell(one) {
                None => {
                    if variant.allows(from, one, false) {
                        out.push(step(None));
                    }
                    if army.double_step.contains(from)
                        && let Some(two) = geometry.offset(one, fx, fy)
                        && self.cell(two).is_none()
                        && variant.allows(from, two, false)
                    {
                        out.push(Step {
                            from,
                            to: two,
                            capture: None,
                            kind: StepKind::PawnDouble { skipped: one },
                        });
                    }
                }
                Some(_) if relaxed && enemy(one) && variant.allows(from, one, true) => {
                    out.push(step(Some(one)));
                }
                Some(_) => {}
            }
        }
        for (df, dr) in army.diagonals() {
            let Some(to) = geometry.offset(from, df, dr) else {
                continue;
            };
            let diagonal = |capture| Step {
                from,
                to,
                capture,
                kind: StepKind::PawnDiagonal,
            };
            if enemy(to) {
                if variant.allows(from, to, true) {
                    out.push(diagonal(Some(to)));
                }
            } else if self.cell(to).is_none() {
                if let Some(ep) = self.en_passant_on(to, pawn) {
                    if variant.allows(from, to, true) {
                        out.push(Step {
                            from,
                            to,
                            capture: Some(ep.pawn),
                            kind: StepKind::EnPassant,
                        });
                    }
                } else if relaxed && variant.allows(from, to, false) {
                    out.push(diagonal(None));
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
            out.push(Step {
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
        let variant = &*self.variant;
        let geometry = &variant.geometry;
        let attacker = |from: Square, mask: u32| {
            self.cell(from).is_some_and(|p| {
                p.owner == by && mask & (1 << p.kind.0) != 0 && variant.allows(from, square, true)
            })
        };
        let mut found = false;
        let mut hit = |from: Square, out: &mut Vec<Square>| {
            found = true;
            if !first {
                out.push(from);
            }
            first
        };
        for &(df, dr, mask) in variant.leap_attacks() {
            if let Some(from) = geometry.offset(square, -df, -dr)
                && attacker(from, mask)
                && hit(from, out)
            {
                return true;
            }
        }
        for &(df, dr, mask) in variant.ride_attacks() {
            let mut at = square;
            while let Some(from) = geometry.offset(at, -df, -dr) {
                if from == square {
                    break;
                }
                if self.cell(from).is_some() {
                    if attacker(from, mask) && hit(from, out) {
                        return true;
                    }
                    break;
                }
                at = from;
            }
        }
        for (index, army) in variant.armies_of(by) {
            let pawn_at = |df: i8, dr: i8| {
                geometry
                    .offset(square, -df, -dr)
                    .and_then(|from| self.cell(from).map(|p| (from, p)))
                    .filter(|(from, p)| {
                        p.owner == by
                            && p.army == index
                            && variant.kind(p.kind).pawn
                            && variant.allows(*from, square, true)
                    })
            };
            for (df, dr) in army.diagonals() {
                if let Some((from, _)) = pawn_at(df, dr)
                    && hit(from, out)
                {
                    return true;
                }
            }
            let (fx, fy) = army.forward;
            if let Some((from, p)) = pawn_at(fx, fy)
                && variant.attacks_straight(p)
                && hit(from, out)
            {
                return true;
            }
        }
        found
    }

    /// Whether a royal piece of `seat` is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.pieces().any(|(sq, p)| {
            p.owner == seat && self.variant.kind(p.kind).royal && self.is_attacked(sq, seat.other())
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
        self.normalise_castling();
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
