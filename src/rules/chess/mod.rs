//! Orthodox chess: an engine reusable by the chess variants, and the game
//! `chess` built on it.
//!
//! The engine follows shakmaty's split: a [`Setup`] is a raw, unchecked
//! position (what a FEN or a hand-made diagram gives), a [`Position`] is a
//! validated, playable one, built only through [`Position::from_setup`] (or
//! [`Position::from_fen`]), which returns a typed [`SetupError`].
//!
//! - [`Position`]: legal moves, playing them, check, SAN.
//! - [`Position::parse_move`]: SAN and coordinate input with typed errors
//!   ([`MoveError`]: syntax, illegal with a hint, ambiguous with candidates).
//! - [`DrawRecord`]: the repetition and move-count draws (claimable and
//!   automatic), shared with the variants.
//! - [`Chess`]: the game itself.
//!
//! ```
//! use arbiter::rules::chess::Position;
//! let pos = Position::startpos();
//! let mv = pos.parse_move("Nf3").unwrap();
//! assert_eq!(mv.to_string(), "g1f3");
//! let pos = pos.play(&mv);
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! ```

/// `Debug` (as `Display`), `FromStr` and serde for a type stored as its
/// text: `$parse` reads the text (`None` when it is not one), and `$error`
/// is the tuple error that holds the rejected text. Used by [`Move`] and
/// by the variants' own action types.
macro_rules! text_form {
    ($ty:ty, $parse:path, $error:ident) => {
        impl ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $error;

            fn from_str(s: &str) -> Result<$ty, $error> {
                $parse(s).ok_or_else(|| $error(s.to_string()))
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                $parse(&text).ok_or_else(|| ::serde::de::Error::custom($error(text)))
            }
        }
    };
}
pub(crate) use text_form;

/// The bitboard attack tables, shared with variants that keep their own
/// piece sets (Rebel Chess's Recruiter needs a role `Role` does not have).
pub(crate) mod bitboard;
mod claims;
mod draws;
mod explain;
mod fen;
mod game;
mod movegen;
mod position;
mod san;
#[cfg(test)]
pub(crate) mod tests;
mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::rules::Seat;
pub use crate::rules::geometry::Square;
pub(crate) use claims::{
    draw_counts, is_claim, no_claim, no_claim_after, settle_claim, strip_claim,
};
pub use draws::{DrawRecord, DrawRule, RepetitionKey};
pub(crate) use explain::none_named;
pub use fen::FenError;
pub(crate) use game::ending_event;
pub use game::{Chess, ChessAction, PlayedMove, automatic_outcome, automatic_outcome_where};
pub(crate) use game::{bottom_seat, check_turn, history_lines, move_number};
pub use position::{Position, Setup, SetupError};
pub use san::{IllegalHint, MOVE_FORMS, MoveError};
pub use view::{ChessView, LastMove};
pub(crate) use view::{draw_facts, figure, numbered, turn_facts};

/// The kind of a chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// What a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter: `P N B R Q K`.
    pub fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Reads a letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// `pawn`, `knight`, ...
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub color: Seat,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Seat, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        match self.color {
            Seat::White => self.role.char(),
            Seat::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Seat::White
        } else {
            Seat::Black
        };
        Some(Piece { color, role })
    }
}

/// Which side of the board a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CastleSide {
    /// `O-O`, towards the h-file.
    King,
    /// `O-O-O`, towards the a-file.
    Queen,
}

impl CastleSide {
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// `O-O` or `O-O-O`.
    pub fn san(self) -> &'static str {
        match self {
            CastleSide::King => "O-O",
            CastleSide::Queen => "O-O-O",
        }
    }

    /// The king's destination file.
    pub(crate) fn king_to_file(self) -> u8 {
        match self {
            CastleSide::King => 6,
            CastleSide::Queen => 2,
        }
    }

    /// The rook's home file and destination file.
    pub(crate) fn rook_files(self) -> (u8, u8) {
        match self {
            CastleSide::King => (7, 5),
            CastleSide::Queen => (0, 3),
        }
    }
}

/// Which castlings are still allowed (the king and that rook have not
/// moved), as in FEN's `KQkq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    fn flag(color: Seat, side: CastleSide) -> u8 {
        1 << (color.index() * 2 + side as usize)
    }

    pub fn has(self, color: Seat, side: CastleSide) -> bool {
        self.0 & Self::flag(color, side) != 0
    }

    pub fn with(self, color: Seat, side: CastleSide) -> CastlingRights {
        CastlingRights(self.0 | Self::flag(color, side))
    }

    pub fn without(self, color: Seat, side: CastleSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::flag(color, side))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights as bits: White O-O, White O-O-O, Black O-O, Black O-O-O.
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    pub(crate) fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 0b1111)
    }
}

impl fmt::Display for CastlingRights {
    /// FEN's field: `KQkq`, `Kq`, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Seat::White, CastleSide::King, 'K'),
            (Seat::White, CastleSide::Queen, 'Q'),
            (Seat::Black, CastleSide::King, 'k'),
            (Seat::Black, CastleSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// A move: from a square to a square, with the piece a pawn promotes to.
///
/// Castling is the king's move two squares (`e1g1`), en passant the pawn's
/// diagonal step onto the empty en passant square; what kind of move it is
/// follows from the position it is played in ([`Position::is_castle`],
/// [`Position::is_en_passant`], [`Position::captured_square`]). Keeping the
/// kind out of the move makes its stored form (UCI, `e7e8q`) exact: a move
/// read back from the log is equal to the one the generator made.
///
/// ```
/// use arbiter::rules::chess::Move;
/// let mv: Move = "e7e8q".parse().unwrap();
/// assert_eq!(serde_json::to_string(&mv).unwrap(), "\"e7e8q\"");
/// assert_eq!(mv.to_string(), "e7e8q");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    pub fn with_promotion(from: Square, to: Square, promotion: Role) -> Move {
        Move {
            from,
            to,
            promotion: Some(promotion),
        }
    }

    /// Reads the UCI form: `e2e4`, `e7e8q` (promotion letter in either case).
    pub fn from_uci(text: &str) -> Option<Move> {
        let text = text.trim();
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return None;
        }
        let from = board_square(&text[0..2])?;
        let to = board_square(&text[2..4])?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => Some(Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r))?),
        };
        Some(Move {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Move {
    /// The UCI form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Reads a square of the 8x8 board (`a1` to `h8`).
pub(crate) fn board_square(text: &str) -> Option<Square> {
    Square::parse(text).filter(|sq| sq.file() < 8 && sq.rank() < 8)
}

/// A string that is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a move in UCI form (such as e2e4 or e7e8q)")]
pub struct UciError(pub String);

text_form!(Move, Move::from_uci, UciError);
