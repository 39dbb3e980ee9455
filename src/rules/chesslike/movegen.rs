//! How pieces move on any board: the steps of one piece (leaps, rides,
//! pawns, castling), attacks, making a step, and orthodox chess's rule of
//! legality on top of them (one move a turn, no royal piece left attacked).

use std::fmt;

use super::pieces::{CastlingRole, Kind, Piece, Reach};
use super::position::{EnPassant, Position, on_castling_line};
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// What kind of step a piece makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A leap or a ride.
    Plain,
    /// A pawn's step straight ahead (onto an enemy piece only where the
    /// game relaxes pawns: see [`Position::steps_from`]).
    PawnStraight,
    /// A pawn's double step from its army's line, over `skipped`.
    PawnDouble { skipped: Square },
    /// A pawn's diagonal step ahead (without capturing only where the game
    /// relaxes pawns).
    PawnDiagonal,
    /// A pawn's diagonal step onto the square an enemy pawn skipped.
    EnPassant,
    /// The king's two squares toward a rook, which lands on the square the
    /// king crossed.
    Castle { rook_from: Square, rook_to: Square },
}

/// Which castling: with the rook three squares from the king (`O-O`) or
/// four (`O-O-O`). On the orthodox board these are the king's and the
/// queen's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    Short,
    Long,
}

impl CastleSide {
    /// `O-O` or `O-O-O`.
    pub fn san(self) -> &'static str {
        match self {
            CastleSide::Short => "O-O",
            CastleSide::Long => "O-O-O",
        }
    }
}

/// One piece's move as the rules see it, before promotion: where from and
/// to, what it captures (the square of the captured piece, behind the
/// destination for en passant), and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: Square,
    pub to: Square,
    pub capture: Option<Square>,
    pub kind: StepKind,
}

impl Step {
    pub fn castle_side(&self) -> Option<CastleSide> {
        match self.kind {
            StepKind::Castle { rook_from, .. } => {
                let distance = rook_from.file().abs_diff(self.from.file())
                    + rook_from.rank().abs_diff(self.from.rank());
                Some(if distance <= 3 {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                })
            }
            _ => None,
        }
    }

    /// Whether it is a pawn's step straight ahead (one or two squares).
    pub fn is_straight(&self) -> bool {
        matches!(
            self.kind,
            StepKind::PawnStraight | StepKind::PawnDouble { .. }
        )
    }

    /// The squares passed over on the way (not the ends): a rider's, a
    /// double step's skipped square, a castling king's crossed square and
    /// its rook's path.
    pub fn path(&self) -> Vec<Square> {
        match self.kind {
            StepKind::PawnDouble { skipped } => vec![skipped],
            StepKind::Castle { rook_from, rook_to } => {
                let mut path = between(self.from, self.to);
                path.extend(between(rook_from, rook_to));
                path
            }
            _ => between(self.from, self.to),
        }
    }
}

/// The squares strictly between two squares on a line (none for a leap).
fn between(from: Square, to: Square) -> Vec<Square> {
    let df = to.file() as i16 - from.file() as i16;
    let dr = to.rank() as i16 - from.rank() as i16;
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let steps = df.abs().max(dr.abs());
    (1..steps)
        .filter_map(|i| {
            Square::new(
                (from.file() as i16 + df.signum() * i) as u8,
                (from.rank() as i16 + dr.signum() * i) as u8,
            )
        })
        .collect()
}

/// A move as stored: from, to, and the kind a pawn promotes to. Castling is
/// the king's two-square step; what kind of move it is follows from the
/// position ([`Position::step_of`]). Stored as text: `e2e4`, `e7e8q`,
/// `d13d14q` (promotions by the orthodox letters).
///
/// ```
/// use arbiter::rules::chesslike::Move;
/// let mv: Move = "d13d14q".parse().unwrap();
/// assert_eq!(mv.to_string(), "d13d14q");
/// assert_eq!(serde_json::to_string(&mv).unwrap(), "\"d13d14q\"");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Kind>,
}

impl Move {
    pub fn new(from: Square, to: Square, promotion: Option<Kind>) -> Move {
        Move {
            from,
            to,
            promotion,
        }
    }

    /// Reads the stored form.
    pub fn from_text(text: &str) -> Option<Move> {
        let text = text.trim();
        if !text.is_ascii() {
            return None;
        }
        let (from, rest) = split_square(text)?;
        let (to, rest) = split_square(rest)?;
        let promotion = match rest.chars().collect::<Vec<_>>().as_slice() {
            [] => None,
            [c] => Some(Kind::from_standard_letter(*c).filter(|k| *k != Kind::PAWN)?),
            _ => return None,
        };
        Some(Move::new(from, to, promotion))
    }
}

/// A square at the start of `text` and what follows it.
fn split_square(text: &str) -> Option<(Square, &str)> {
    let digits = text
        .bytes()
        .skip(1)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let end = 1 + digits.min(2);
    let square = Square::parse(text.get(..end)?)?;
    Some((square, &text[end..]))
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(letter) = self.promotion.and_then(Kind::standard_letter) {
            write!(f, "{}", letter.to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// A string that is not a stored move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a stored move (such as e2e4 or e7e8q)")]
pub struct MoveTextError(pub String);

crate::rules::chess::text_form!(Move, Move::from_text, MoveTextError);

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
        let variant = &*self.variant;
        let geometry = &variant.geometry;
        let attacker = |from: Square, mask: u32| {
            self.cell(from).is_some_and(|p| {
                p.owner == by && mask & (1 << p.kind.0) != 0 && variant.allows(from, square, true)
            })
        };
        for &(df, dr, mask) in variant.leap_attacks() {
            if let Some(from) = geometry.offset(square, -df, -dr)
                && attacker(from, mask)
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
                    if attacker(from, mask) {
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
            if army
                .diagonals()
                .iter()
                .any(|&(df, dr)| pawn_at(df, dr).is_some())
            {
                return true;
            }
            let (fx, fy) = army.forward;
            if pawn_at(fx, fy).is_some_and(|(_, p)| variant.attacks_straight(p)) {
                return true;
            }
        }
        false
    }

    /// Whether a royal piece of `seat` is attacked.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.royals(seat)
            .into_iter()
            .any(|sq| self.is_attacked(sq, seat.other()))
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

    // ---- orthodox chess's legality ----------------------------------------

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
        let own: Vec<Square> = self
            .pieces()
            .filter(|(_, p)| p.owner == self.turn)
            .map(|(s, _)| s)
            .collect();
        for from in own {
            self.steps_from(from, false, &mut steps);
            self.castling_steps(from, &mut steps);
        }
        steps
    }

    /// Whether a pseudo-legal step is legal in orthodox chess: it leaves no
    /// royal piece of the mover attacked, and a castling king neither
    /// starts in check nor crosses an attacked square.
    pub fn is_legal_step(&self, step: &Step) -> bool {
        self.is_legal_with(step, &self.royals(self.turn))
    }

    /// [`Position::is_legal_step`] with the mover's royal squares given.
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
        let royals = self.royals(self.turn);
        let mut steps = self.pseudo_steps();
        steps.retain(|s| self.is_legal_with(s, &royals));
        steps
    }

    /// The promotions a step allows: the variant's kinds when a pawn lands
    /// on its promotion square, else only `None`.
    pub fn promotions(&self, step: &Step) -> Vec<Option<Kind>> {
        match self.piece_at(step.from) {
            Some(p) if self.is_pawn(p) && self.variant.promotes(p.army, step.to) => {
                self.variant.promotions.iter().copied().map(Some).collect()
            }
            _ => vec![None],
        }
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

    /// The number of leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut count = 0;
        for step in self.legal_steps() {
            for promotion in self.promotions(&step) {
                count += if depth == 1 {
                    1
                } else {
                    let mut next = self.begin_turn();
                    next.make(&step, promotion);
                    next.end_turn(self.is_zeroing(&step));
                    next.perft(depth - 1)
                };
            }
        }
        count
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
