//! Pieces as data: a kind is a letter, a name and a list of movements
//! (leaps and rides, each moving, capturing or both); pawns take their
//! direction from their army. A piece is a kind with an owner, an army and
//! the marks a game gives it.

use serde::{Deserialize, Serialize};

use crate::rules::Seat;

/// A kind of piece: an index into a variant's [`KindDef`] table.
///
/// The orthodox six come first, in the order of the constants below, in
/// every variant ([`KindDef::orthodox`]); a game adds its own after them
/// (Rebel Chess's Recruiter would be `Kind(6)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Kind(pub u8);

impl Kind {
    pub const PAWN: Kind = Kind(0);
    pub const KNIGHT: Kind = Kind(1);
    pub const BISHOP: Kind = Kind(2);
    pub const ROOK: Kind = Kind(3);
    pub const QUEEN: Kind = Kind(4);
    pub const KING: Kind = Kind(5);

    /// The orthodox letter of one of the first six kinds (`P N B R Q K`),
    /// used in stored moves, which are independent of a variant's letters.
    pub fn standard_letter(self) -> Option<char> {
        "PNBRQK".chars().nth(self.0 as usize)
    }

    /// The kind of an orthodox letter, in either case.
    pub fn from_standard_letter(c: char) -> Option<Kind> {
        "PNBRQK".find(c.to_ascii_uppercase()).map(|i| Kind(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// How a picture draws one of the first six kinds.
    pub fn drawn(self) -> Option<crate::rules::presentation::Role> {
        self.standard_letter()
            .and_then(crate::rules::presentation::Role::from_letter)
    }
}

/// How far a movement goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// One jump, over anything (missing squares included).
    Leap,
    /// Any number of steps in one direction, stopping at the first piece
    /// (which it may capture), the edge, or a missing square.
    Ride,
}

/// Whether a movement moves, captures, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Both,
    /// To an empty square only (Rebel Chess's Recruiter).
    MoveOnly,
    /// Onto an enemy piece only.
    CaptureOnly,
}

impl Mode {
    pub fn moves(self) -> bool {
        self != Mode::CaptureOnly
    }

    pub fn captures(self) -> bool {
        self != Mode::MoveOnly
    }
}

/// One way of moving: a vector in files and ranks, a reach and a mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Movement {
    pub df: i8,
    pub dr: i8,
    pub reach: Reach,
    pub mode: Mode,
}

impl Movement {
    /// The vector (`df`, `dr`) and its images under the board's eight
    /// symmetries, without repeats: `(1, 2)` gives the knight's eight,
    /// `(1, 1)` the four diagonals.
    pub fn symmetric(df: i8, dr: i8, reach: Reach, mode: Mode) -> Vec<Movement> {
        let mut out: Vec<Movement> = Vec::new();
        for (a, b) in [(df, dr), (dr, df)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let m = Movement {
                    df: a * sa,
                    dr: b * sb,
                    reach,
                    mode,
                };
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }
}

/// The castling part a kind plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRole {
    /// Moves two squares toward the rook.
    King,
    /// Lands on the square the king crossed.
    Rook,
}

/// A kind of piece as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDef {
    /// The upper-case letter, in notation and position strings.
    pub letter: char,
    /// `knight`.
    pub name: &'static str,
    /// Every way it moves; empty for pawns, which move by their army's
    /// direction (one step ahead to an empty square, two from the army's
    /// double-step line, diagonally ahead to capture, en passant).
    pub movements: Vec<Movement>,
    pub pawn: bool,
    /// A royal piece may not be left attacked (or, in a game that allows
    /// it, is what the opponent must capture).
    pub royal: bool,
    pub castling: Option<CastlingRole>,
}

impl KindDef {
    /// A piece that moves by `movements`.
    pub fn new(letter: char, name: &'static str, movements: Vec<Movement>) -> KindDef {
        KindDef {
            letter,
            name,
            movements,
            pawn: false,
            royal: false,
            castling: None,
        }
    }

    /// The orthodox six, in [`Kind`]'s order.
    pub fn orthodox() -> Vec<KindDef> {
        let both = Mode::Both;
        let rides = |df, dr| Movement::symmetric(df, dr, Reach::Ride, both);
        let leaps = |df, dr| Movement::symmetric(df, dr, Reach::Leap, both);
        let mut pawn = KindDef::new('P', "pawn", Vec::new());
        pawn.pawn = true;
        let mut rook = KindDef::new('R', "rook", rides(1, 0));
        rook.castling = Some(CastlingRole::Rook);
        let mut king = KindDef::new('K', "king", [leaps(1, 0), leaps(1, 1)].concat());
        king.royal = true;
        king.castling = Some(CastlingRole::King);
        vec![
            pawn,
            KindDef::new('N', "knight", leaps(1, 2)),
            KindDef::new('B', "bishop", rides(1, 1)),
            rook,
            KindDef::new('Q', "queen", [rides(1, 0), rides(1, 1)].concat()),
            king,
        ]
    }
}

/// Marks a game puts on pieces (Reflection's "unpaired", Rebel's
/// "converted"): a small bit set whose meaning is the game's. The layer
/// carries them, writes them in position strings, and lets a variant make
/// pawns bearing or lacking one attack straight ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Marks(pub u8);

impl Marks {
    pub const NONE: Marks = Marks(0);

    pub fn has(self, mark: Marks) -> bool {
        self.0 & mark.0 == mark.0 && mark.0 != 0
    }

    pub fn with(self, mark: Marks) -> Marks {
        Marks(self.0 | mark.0)
    }

    pub fn without(self, mark: Marks) -> Marks {
        Marks(self.0 & !mark.0)
    }
}

/// A piece on a board: its owner, kind, army (an index into the variant's
/// armies, which gives a pawn its direction and promotion squares) and
/// marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub owner: Seat,
    pub kind: Kind,
    pub army: u8,
    pub marks: Marks,
}

impl Piece {
    /// An unmarked piece.
    pub fn new(owner: Seat, kind: Kind, army: u8) -> Piece {
        Piece {
            owner,
            kind,
            army,
            marks: Marks::NONE,
        }
    }
}
