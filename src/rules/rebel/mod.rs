//! Rebel Chess (Chris Schumacher, 2002): orthodox chess with the king's
//! pawns replaced by Recruiters, which convert enemy pieces instead of
//! capturing them. The option `version=1|2|3` picks Rebel Chess I (only the
//! Recruiter recruits), II (converted pieces recruit too) or III (II plus
//! the conversionmate, with its Spartans and Rebels).
//!
//! # Why a position of its own
//!
//! The orthodox engine's [`chess::Position`] cannot hold this game: it has
//! no seventh role for the Recruiter, no per-piece "converted" mark, and
//! its legality (one king a side, pins, check evasions) does not fit a
//! side with two kings or none. Its public
//! types are shared with other variants and must not change, so this
//! module keeps its own piece set ([`Role`] with the Recruiter, [`Piece`]
//! with a `converted` flag) and its own [`RebelPosition`], and reuses what
//! fits unchanged: the engine's compile-time bitboard attack tables, its
//! [`Move`] (a Recruiter's move is an ordinary from-to move, and nothing
//! promotes to a Recruiter), [`CastlingRights`] and [`DrawRule`].
//!
//! Legality is make-and-test (play the action, then see whether one of the
//! mover's kings is attacked) rather than the engine's pin analysis:
//! recruiting changes a piece's side without moving it, a side may have two
//! kings or none, and the cost is small (perft 4 of the start position
//! takes well under a second).
//!
//! - `position`: the raw [`RebelSetup`] and the validated [`RebelPosition`],
//!   playing an action; `fen`: the position string.
//! - `movegen`: legal moves and recruits, check, perft.
//! - `notation`: SAN out; SAN, coordinates and recruit forms in, with typed
//!   errors; `explain`: why a text fits no legal action, with a hint.
//! - `conversionmate`: Rebel III's conversionmate and how a game ends on
//!   the board ([`BoardEnd`]); `record`: repetition and the move counts.
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
mod fen;
mod game;
mod movegen;
mod notation;
mod position;
mod record;
#[cfg(test)]
mod tests;
mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::rules::Seat;
pub use crate::rules::chess::{CastleSide, CastlingRights, DrawRule, Move};
pub use crate::rules::geometry::Square;
pub use conversionmate::BoardEnd;
pub use game::{PlayedAction, RebelAction, RebelChess};
pub use notation::{ACTION_FORMS, PlayError};
pub use position::{RebelPosition, RebelSetup, SetupError};
pub use view::{AttackedKing, PlacedPiece, RebelView};

use crate::rules::chess;

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

/// The kind of a piece: the orthodox six and the Recruiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Leaps two squares diagonally to an empty square; never captures,
    /// never checks, attacks nothing; recruits an alfil's leap away.
    Recruiter,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Recruiter,
    ];

    /// The upper-case letter: `P N B R Q K U`.
    pub fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Recruiter => 'U',
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
            'U' => Role::Recruiter,
            _ => return None,
        })
    }

    /// `pawn`, ..., `Recruiter`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Recruiter => "Recruiter",
        }
    }

    /// The orthodox role, for promotions (`None` for the Recruiter).
    pub fn orthodox(self) -> Option<chess::Role> {
        Some(match self {
            Role::Pawn => chess::Role::Pawn,
            Role::Knight => chess::Role::Knight,
            Role::Bishop => chess::Role::Bishop,
            Role::Rook => chess::Role::Rook,
            Role::Queen => chess::Role::Queen,
            Role::King => chess::Role::King,
            Role::Recruiter => return None,
        })
    }

    /// The role of an orthodox one.
    pub fn from_orthodox(role: chess::Role) -> Role {
        match role {
            chess::Role::Pawn => Role::Pawn,
            chess::Role::Knight => Role::Knight,
            chess::Role::Bishop => Role::Bishop,
            chess::Role::Rook => Role::Rook,
            chess::Role::Queen => Role::Queen,
            chess::Role::King => Role::King,
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A piece: its side now, its kind, and whether it is converted (serving
/// the side it did not start on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
/// the engine's [`Move`]), or a recruit by the piece on `from` of the enemy
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
                from: chess::board_square(from)?,
                target: chess::board_square(target)?,
            }),
            None => Move::from_uci(text).map(Play::Move),
        }
    }
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
