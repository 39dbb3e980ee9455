//! Rebel Chess (Chris Schumacher, 2002): orthodox chess with the king's
//! pawns replaced by Recruiters, which convert enemy pieces instead of
//! capturing them. The option `version=1|2|3` picks Rebel Chess I (only the
//! Recruiter recruits), II (converted pieces recruit too) or III (II plus
//! the conversionmate, with its Spartans and Rebels).
//!
//! # On the chess-like layer
//!
//! The board is a [`chesslike::Position`] over one [`Variant`] built once
//! ([`variant`]): the orthodox six and the Recruiter as a seventh kind `U`,
//! a move-only alfil leaper that captures and attacks nothing, and the
//! converted mark written `*`. The layer moves the pieces (pawn steps,
//! castling, en passant, attacks), reads and writes SAN and coordinates
//! with `U` among the letters, and keeps the draw record. What is Rebel's
//! own sits on top: recruiting (a piece changes side where it stands, its
//! converted mark flipped), legality by make-and-test (a side may have two
//! kings or none), the recruit forms of notation, the position string's
//! teams field, and Rebel III's conversionmate.
//!
//! - `position`: the validated [`RebelPosition`], its position string, and
//!   playing an action; `movegen`: legal moves and recruits, check, perft.
//! - `notation`: SAN out; SAN, coordinates and recruit forms in, with typed
//!   errors; `explain`: why a text fits no legal action, with a hint.
//! - `conversionmate`: Rebel III's conversionmate and how a game ends on
//!   the board ([`BoardEnd`]); `record`: the repetition key and
//!   insufficient material (the record itself is the layer's
//!   [`DrawRecord`](crate::rules::chesslike::DrawRecord)).
//! - [`RebelChess`]: the game; [`RebelView`]: what a viewer sees.
//!
//! The rules page (`arbiter rules rebel-chess`, `rules.txt`) settles the
//! text's open points, one line each; `tests/` pins every line.
//!
//! ```
//! use arbiter::rules::rebel::{RebelPosition, Version};
//! let pos = RebelPosition::startpos(Version::One);
//! assert_eq!(pos.perft(2), 400);
//! let play = pos.parse_play("Uc4").unwrap();
//! assert_eq!(play.to_string(), "e2c4");
//! ```

mod conversionmate;
mod explain;
mod game;
mod movegen;
mod notation;
mod position;
mod record;
mod score;
mod state;
#[cfg(test)]
mod tests;
mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::rules::DrawRule;
pub use crate::rules::Seat;
pub use crate::rules::chesslike::{CastleSide, Move};
pub use crate::rules::geometry::Square;
pub use conversionmate::BoardEnd;
pub use notation::{ACTION_FORMS, PlayError};
pub use position::{RebelPosition, SetupError};
pub use state::{PlayedAction, RebelAction, RebelChess};
pub use view::{AttackedKing, PlacedPiece, RebelView};

use std::sync::{Arc, OnceLock};

use crate::rules::chess;
use crate::rules::chesslike::{self, Kind, KindDef, Marks, Mode, Movement, Reach, Variant};

/// The converted mark on the layer's pieces, written `*`.
pub(crate) const CONVERTED: Marks = Marks(1);

/// Rebel Chess on the layer: the orthodox board, armies and promotions;
/// the orthodox six and the Recruiter (`U`, a leap of two squares
/// diagonally to an empty square only: it captures and attacks nothing);
/// the converted mark written `*`. Built once.
pub fn variant() -> Arc<Variant> {
    static REBEL: OnceLock<Arc<Variant>> = OnceLock::new();
    REBEL
        .get_or_init(|| {
            let orthodox = Variant::orthodox();
            let mut kinds = orthodox.kinds.clone();
            kinds.push(KindDef::new(
                'U',
                "Recruiter",
                Movement::symmetric(2, 2, Reach::Leap, Mode::MoveOnly),
            ));
            Arc::new(
                Variant::new(
                    orthodox.geometry.clone(),
                    kinds,
                    orthodox.armies.clone(),
                    orthodox.promotions.clone(),
                )
                .with_mark_suffixes(vec![(CONVERTED, '*')]),
            )
        })
        .clone()
}

/// Which of the three games is played (the option `version`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Version {
    /// Rebel Chess I: only the Recruiter recruits.
    #[serde(rename = "1")]
    One,
    /// Rebel Chess II: converted pieces recruit too.
    #[serde(rename = "2")]
    Two,
    /// Rebel Chess III: II plus the conversionmate.
    #[serde(rename = "3")]
    Three,
}

impl Version {
    /// Whether converted pieces may recruit (II and III).
    pub fn converted_recruit(self) -> bool {
        self != Version::One
    }

    /// Whether a checkmate by converted pieces converts the king (III).
    pub fn conversionmate(self) -> bool {
        self == Version::Three
    }

    /// `1`, `2` or `3`.
    pub fn number(self) -> u8 {
        match self {
            Version::One => 1,
            Version::Two => 2,
            Version::Three => 3,
        }
    }

    /// `Rebel Chess I`, `II` or `III`.
    pub fn title(self) -> &'static str {
        match self {
            Version::One => "Rebel Chess I",
            Version::Two => "Rebel Chess II",
            Version::Three => "Rebel Chess III",
        }
    }
}

/// The kind of a piece: one of chess's six ([`chess::Role`]), or the
/// Recruiter. Written in the position string as the variant's letters
/// (`P N B R Q K U`), and in JSON as chess's words and `recruiter`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Orthodox(chess::Role),
    /// Leaps two squares diagonally to an empty square; never captures,
    /// never checks, attacks nothing; recruits an alfil's leap away.
    Recruiter,
}

impl Role {
    pub const PAWN: Role = Role::Orthodox(chess::Role::Pawn);
    pub const KNIGHT: Role = Role::Orthodox(chess::Role::Knight);
    pub const BISHOP: Role = Role::Orthodox(chess::Role::Bishop);
    pub const ROOK: Role = Role::Orthodox(chess::Role::Rook);
    pub const QUEEN: Role = Role::Orthodox(chess::Role::Queen);
    pub const KING: Role = Role::Orthodox(chess::Role::King);

    /// The upper-case letter: `P N B R Q K U` (the variant's).
    pub fn char(self) -> char {
        variant().kind(self.kind()).letter
    }

    /// Reads a letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        variant()
            .kind_of_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .map(Role::of_kind)
    }

    /// `pawn`, ..., `Recruiter` (the variant's).
    pub fn name(self) -> &'static str {
        variant().kind(self.kind()).name
    }

    /// The layer's kind: the orthodox six in [`Kind`]'s order (chess's),
    /// then the Recruiter, `Kind(6)`.
    pub fn kind(self) -> Kind {
        match self {
            Role::Orthodox(role) => Kind(role.index() as u8),
            Role::Recruiter => Kind(chess::Role::ALL.len() as u8),
        }
    }

    /// The role of a kind of [`variant`].
    pub fn of_kind(kind: Kind) -> Role {
        chess::Role::ALL
            .get(kind.index())
            .map_or(Role::Recruiter, |role| Role::Orthodox(*role))
    }
}

impl Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Role::Orthodox(role) => role.serialize(serializer),
            Role::Recruiter => serializer.serialize_str("recruiter"),
        }
    }
}

/// A piece: its side now, its kind, and whether it is converted (serving
/// the side it did not start on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Piece {
    pub color: Seat,
    pub role: Role,
    pub converted: bool,
}

impl Piece {
    /// An unconverted piece.
    pub fn new(color: Seat, role: Role) -> Piece {
        Piece {
            color,
            role,
            converted: false,
        }
    }

    /// The piece on the layer: its army is its side's (the variant's
    /// armies are White's, then Black's), so a converted pawn moves and
    /// promotes as its new side's pawns do.
    pub(crate) fn on_layer(self) -> chesslike::Piece {
        let mut piece =
            chesslike::Piece::new(self.color, self.role.kind(), self.color.index() as u8);
        if self.converted {
            piece.marks = CONVERTED;
        }
        piece
    }

    /// A piece of the layer's board.
    pub(crate) fn of_layer(piece: chesslike::Piece) -> Piece {
        Piece {
            color: piece.owner,
            role: Role::of_kind(piece.kind),
            converted: piece.marks.has(CONVERTED),
        }
    }

    /// The side the piece started on.
    pub fn original(self) -> Seat {
        if self.converted {
            self.color.other()
        } else {
            self.color
        }
    }

    /// The position string's letter: upper case for White, lower case for
    /// Black (without the converted mark).
    pub fn char(self) -> char {
        match self.color {
            Seat::White => self.role.char(),
            Seat::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// The letter with `*` after it for a converted piece: `N`, `n*`.
    pub fn label(self) -> String {
        let mut label = self.char().to_string();
        if self.converted {
            label.push('*');
        }
        label
    }

    /// In words: `knight`, `converted knight`.
    pub fn describe(self) -> String {
        if self.converted {
            format!("converted {}", self.role.name())
        } else {
            self.role.name().to_string()
        }
    }
}

/// A board action: a move (castling, en passant and promotion included, in
/// the layer's [`Move`]), or a recruit by the piece on `from` of the enemy
/// piece on `target`, which changes side and stays where it is.
///
/// Stored as text: `g1f3`, `e7e8q`, and `e2*c4` for a recruit.
///
/// ```
/// use arbiter::rules::rebel::Play;
/// let play: Play = "c4*a6".parse().unwrap();
/// assert_eq!(serde_json::to_string(&play).unwrap(), "\"c4*a6\"");
/// assert_eq!("g1f3".parse::<Play>().unwrap().to_string(), "g1f3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Play {
    Move(Move),
    Recruit { from: Square, target: Square },
}

impl Play {
    /// The square of the acting piece.
    pub fn from(self) -> Square {
        match self {
            Play::Move(mv) => mv.from,
            Play::Recruit { from, .. } => from,
        }
    }

    /// The square the action is aimed at: the move's destination or the
    /// recruited piece's square.
    pub fn to(self) -> Square {
        match self {
            Play::Move(mv) => mv.to,
            Play::Recruit { target, .. } => target,
        }
    }

    pub fn is_recruit(self) -> bool {
        matches!(self, Play::Recruit { .. })
    }

    /// Reads the stored form: UCI for a move, `FROM*TARGET` for a recruit.
    pub fn from_text(text: &str) -> Option<Play> {
        let text = text.trim();
        match text.split_once('*') {
            Some((from, target)) => Some(Play::Recruit {
                from: Square::parse(from).filter(|sq| on_board(*sq))?,
                target: Square::parse(target).filter(|sq| on_board(*sq))?,
            }),
            None => Move::from_text(text)
                .filter(|mv| on_board(mv.from) && on_board(mv.to))
                .map(Play::Move),
        }
    }
}

/// Whether a square is on the 8x8 board.
fn on_board(square: Square) -> bool {
    square.file() < 8 && square.rank() < 8
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Move(mv) => write!(f, "{mv}"),
            Play::Recruit { from, target } => write!(f, "{from}*{target}"),
        }
    }
}

/// A string that is not a stored play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a stored play (such as g1f3, e7e8q or e2*c4)")]
pub struct PlayTextError(pub String);

chess::text_form!(Play, Play::from_text, PlayTextError);
