//! A move as the rules see it ([`Step`]: from, to, what it captures, what
//! kind of step) and as it is stored ([`Move`]: from, to, promotion).

use std::fmt;

use super::pieces::Kind;
use crate::rules::geometry::Square;

/// What kind of step a piece makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A leap or a ride.
    Plain,
    /// A pawn's step straight ahead (onto an enemy piece only where the
    /// game relaxes pawns: see [`Position::steps_from`](super::Position::steps_from)).
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

impl Step {
    /// Whether `square` is on [`Step::path`] (without listing it).
    pub fn passes_over(&self, square: Square) -> bool {
        match self.kind {
            StepKind::PawnDouble { skipped } => skipped == square,
            StepKind::Castle { rook_from, rook_to } => {
                is_between(self.from, self.to, square) || is_between(rook_from, rook_to, square)
            }
            _ => is_between(self.from, self.to, square),
        }
    }
}

/// Whether `square` is strictly between `from` and `to` on a line (never
/// for a leap).
fn is_between(from: Square, to: Square, square: Square) -> bool {
    let (df, dr) = (
        to.file() as i16 - from.file() as i16,
        to.rank() as i16 - from.rank() as i16,
    );
    let (sf, sr) = (
        square.file() as i16 - from.file() as i16,
        square.rank() as i16 - from.rank() as i16,
    );
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let steps = df.abs().max(dr.abs());
    let distance = sf.abs().max(sr.abs());
    (1..steps).contains(&distance) && sf == df.signum() * distance && sr == dr.signum() * distance
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
/// position ([`Position::step_of`](super::Position::step_of)). Stored as text: `e2e4`, `e7e8q`,
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
