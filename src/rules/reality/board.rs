//! Faces, chips and the two boards: the vocabulary every other part uses.

use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::rules::Seat;
use crate::rules::geometry::{Geometry, Square};

/// One face of a chip: the chess piece it moves as while it is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Face {
    P,
    N,
    B,
    R,
}

impl Face {
    pub const ALL: [Face; 4] = [Face::P, Face::N, Face::B, Face::R];

    /// The face's letter, uppercase.
    pub fn letter(self) -> char {
        match self {
            Face::P => 'P',
            Face::N => 'N',
            Face::B => 'B',
            Face::R => 'R',
        }
    }

    /// The letter in the case of `seat` (White uppercase, Black lowercase).
    pub fn letter_of(self, seat: Seat) -> char {
        match seat {
            Seat::White => self.letter(),
            Seat::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// A face from its letter, either case.
    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'P' => Some(Face::P),
            'N' => Some(Face::N),
            'B' => Some(Face::B),
            'R' => Some(Face::R),
            _ => None,
        }
    }

    /// `pawn`, `knight`, `bishop`, `rook`.
    pub fn name(self) -> &'static str {
        match self {
            Face::P => "pawn",
            Face::N => "knight",
            Face::B => "bishop",
            Face::R => "rook",
        }
    }

    /// The die result that asks for a chip with this face up (1 to 4).
    pub fn die(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The ten chips of each side, named by their two faces, lower first in the
/// order P < N < B < R. Each side has exactly one chip of each kind, so the
/// kind and the owner identify a chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    PP,
    PN,
    PB,
    PR,
    NN,
    NB,
    NR,
    BB,
    BR,
    RR,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::PP,
        Kind::PN,
        Kind::PB,
        Kind::PR,
        Kind::NN,
        Kind::NB,
        Kind::NR,
        Kind::BB,
        Kind::BR,
        Kind::RR,
    ];

    /// The two faces, lower first.
    pub fn faces(self) -> (Face, Face) {
        use Face::*;
        match self {
            Kind::PP => (P, P),
            Kind::PN => (P, N),
            Kind::PB => (P, B),
            Kind::PR => (P, R),
            Kind::NN => (N, N),
            Kind::NB => (N, B),
            Kind::NR => (N, R),
            Kind::BB => (B, B),
            Kind::BR => (B, R),
            Kind::RR => (R, R),
        }
    }

    /// The chip with these two faces, in either order.
    pub fn of(a: Face, b: Face) -> Kind {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        *Kind::ALL
            .iter()
            .find(|k| k.faces() == (lo, hi))
            .expect("every pair of faces is a chip")
    }

    /// A chip whose two faces are the same.
    pub fn is_true(self) -> bool {
        let (a, b) = self.faces();
        a == b
    }

    pub fn has(self, face: Face) -> bool {
        let (a, b) = self.faces();
        a == face || b == face
    }

    /// The face opposite `up` (`up` must be one of the chip's faces).
    pub fn other(self, up: Face) -> Face {
        let (a, b) = self.faces();
        debug_assert!(self.has(up), "{up:?} is not a face of {self:?}");
        if up == a { b } else { a }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// `NR`: the chip's name as players write it.
    pub fn name(self) -> String {
        let (a, b) = self.faces();
        format!("{a}{b}")
    }

    /// The name in the case of `seat`.
    pub fn name_of(self, seat: Seat) -> String {
        let (a, b) = self.faces();
        format!("{}{}", a.letter_of(seat), b.letter_of(seat))
    }

    /// Reads `NR`, `RN`, `N/R` or `nr`.
    pub fn parse(text: &str) -> Option<Kind> {
        let letters: Vec<char> = text.chars().filter(|c| *c != '/').collect();
        match letters.as_slice() {
            [a, b] if text.chars().filter(|c| *c == '/').count() <= 1 => {
                Some(Kind::of(Face::from_letter(*a)?, Face::from_letter(*b)?))
            }
            _ => None,
        }
    }
}

/// One chip: its owner and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChipId {
    pub seat: Seat,
    pub kind: Kind,
}

/// Where a chip is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Place {
    /// Not yet set up (the sealed setup phase).
    Box,
    Board(Square),
    Hand,
    /// Captured into a hand at its limit: its owner keeps or refuses it at the
    /// start of their next turn.
    Limbo,
    /// Out of play for good.
    Out,
}

/// The truth about one chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chip {
    /// The face now up (on the board; kept in limbo; meaningless in a hand).
    pub up: Face,
    pub place: Place,
    /// Both faces have been shown to both players since the chip last left
    /// a hand (a flip, a Reality Check, a memory flip, a refusal), and it can
    /// be tracked since. This is the whole of the knowledge bookkeeping: the
    /// up face is always public and the owner always knows the down face.
    pub public: bool,
}

/// The board option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// The text's 39-square diamond, files a-g, ranks 1-9.
    Basic,
    /// Variant Four's 7x7 board with ten holes.
    Advanced,
}

static BASIC: LazyLock<Geometry> = LazyLock::new(|| {
    Geometry::from_rows(&[
        "   .   ", "  ...  ", " ..... ", ".......", ".......", ".......", " ..... ", "  ...  ",
        "   .   ",
    ])
});

static ADVANCED: LazyLock<Geometry> = LazyLock::new(|| {
    Geometry::from_rows(&[
        "xxxx...", "xxx ...", "xx . ..", "x  .  X", ".. . XX", "... XXX", "...XXXX",
    ])
});

fn squares(names: &[&str]) -> Vec<Square> {
    names
        .iter()
        .map(|n| Square::parse(n).expect("constant square"))
        .collect()
}

impl Shape {
    pub fn geometry(self) -> &'static Geometry {
        match self {
            Shape::Basic => &BASIC,
            Shape::Advanced => &ADVANCED,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::Basic => "basic",
            Shape::Advanced => "advanced",
        }
    }

    /// The diagram's home squares with their up faces (basic board).
    pub fn home(seat: Seat) -> Vec<(Square, Face)> {
        use Face::*;
        let white = [
            ("d1", R),
            ("c2", N),
            ("d2", B),
            ("e2", N),
            ("b3", P),
            ("c3", P),
            ("d3", B),
            ("e3", P),
            ("f3", P),
        ];
        white
            .iter()
            .map(|(name, face)| {
                let sq = Square::parse(name).expect("constant square");
                let sq = match seat {
                    Seat::White => sq,
                    Seat::Black => Square::new(sq.file(), 8 - sq.rank()).expect("mirror"),
                };
                (sq, *face)
            })
            .collect()
    }

    /// Where `seat` may set up chips under `setup=free`: the half (basic) or
    /// the zone (advanced).
    pub fn setup_area(self, seat: Seat) -> Vec<Square> {
        match self {
            Shape::Basic => {
                let ranks = match seat {
                    Seat::White => 0..4,
                    Seat::Black => 5..9,
                };
                BASIC
                    .squares()
                    .filter(|s| ranks.contains(&s.rank()))
                    .collect()
            }
            Shape::Advanced => Shape::zone(seat),
        }
    }

    /// The advanced board's ten-square zone of `seat`.
    pub fn zone(seat: Seat) -> Vec<Square> {
        match seat {
            Seat::White => squares(&["d1", "e1", "f1", "g1", "e2", "f2", "g2", "f3", "g3", "g4"]),
            Seat::Black => squares(&["a4", "a5", "b5", "a6", "b6", "c6", "a7", "b7", "c7", "d7"]),
        }
    }
}

/// Which chip stands on each square: built from the chips on demand (the
/// chips are the only stored truth, so the two can never disagree).
pub struct Grid<'a> {
    geometry: &'a Geometry,
    cells: Vec<Option<ChipId>>,
}

impl<'a> Grid<'a> {
    pub fn new(geometry: &'a Geometry, chips: impl Iterator<Item = (ChipId, Square)>) -> Grid<'a> {
        let mut cells = vec![None; geometry.area()];
        for (id, sq) in chips {
            cells[geometry.index(sq)] = Some(id);
        }
        Grid { geometry, cells }
    }

    pub fn at(&self, sq: Square) -> Option<ChipId> {
        self.cells[self.geometry.index(sq)]
    }

    pub fn set(&mut self, sq: Square, chip: Option<ChipId>) {
        let i = self.geometry.index(sq);
        self.cells[i] = chip;
    }

    /// Where a chip showing `face` on `from` may go: the empty squares it
    /// moves to, and the occupied squares it attacks (of either side).
    pub fn reach(&self, from: Square, face: Face) -> (Vec<Square>, Vec<Square>) {
        const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const KNIGHT: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let g = self.geometry;
        let mut quiet = Vec::new();
        let mut takes = Vec::new();
        match face {
            Face::P => {
                for (df, dr) in ORTHO {
                    if let Some(to) = g.offset(from, df, dr).filter(|to| self.at(*to).is_none()) {
                        quiet.push(to);
                    }
                }
                for (df, dr) in DIAG {
                    if let Some(to) = g.offset(from, df, dr).filter(|to| self.at(*to).is_some()) {
                        takes.push(to);
                    }
                }
            }
            Face::N => {
                for (df, dr) in KNIGHT {
                    if let Some(to) = g.offset(from, df, dr) {
                        if self.at(to).is_some() {
                            takes.push(to)
                        } else {
                            quiet.push(to)
                        }
                    }
                }
            }
            Face::B | Face::R => {
                let dirs = if face == Face::B { DIAG } else { ORTHO };
                for (df, dr) in dirs {
                    for to in g.ray(from, df, dr) {
                        if self.at(to).is_some() {
                            takes.push(to);
                            break;
                        }
                        quiet.push(to);
                    }
                }
            }
        }
        quiet.sort();
        takes.sort();
        (quiet, takes)
    }
}

/// A list of squares for messages: `b3, c3 and d3`.
pub fn list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    match names.as_slice() {
        [] => "none".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
