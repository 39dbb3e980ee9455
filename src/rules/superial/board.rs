//! The board of cubes: square colours, aspects, cubes, and a board that can
//! later hold other men besides cubes (the hybrid's chess pieces).
//!
//! The cube engine ([`super::moves`]) is written over [`Token`], not over
//! [`Cube`]: all it asks of whatever stands on a square is its team, whether
//! it is a cube (only cubes move by the cube rules), and how it turns over
//! when a cube captures it. A cube turns to the same aspect of the other
//! team; the hybrid's white chess piece turns into the black piece of the
//! same kind, which is the same operation on another type.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::Seat;
use crate::rules::geometry::{Geometry, Square};

/// The colour of a square, and a team's home colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The colour of a square: a1 is black, and a square is black when its
    /// file and rank (counted from 1, or both from 0) add up to an even
    /// number.
    ///
    /// ```
    /// use arbiter::rules::geometry::Square;
    /// use arbiter::rules::superial::board::Colour;
    /// assert_eq!(Colour::of(Square::parse("a1").unwrap()), Colour::Black);
    /// assert_eq!(Colour::of(Square::parse("b1").unwrap()), Colour::White);
    /// ```
    pub fn of(square: Square) -> Colour {
        if (square.file() + square.rank()).is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// A team's home colour: White's cubes are white, Black's black.
    pub fn home(team: Seat) -> Colour {
        match team {
            Seat::White => Colour::White,
            Seat::Black => Colour::Black,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// How a cube moves and captures: the face it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aspect {
    /// `o`: one step orthogonally, pushing what is ahead.
    Pusher,
    /// `+`: a two-square step, or a chain of orthogonal hops.
    Hopper,
    /// `X`: one diagonal step, or a chain of diagonal jumps, across the
    /// edges too.
    Slasher,
}

impl Aspect {
    pub const ALL: [Aspect; 3] = [Aspect::Pusher, Aspect::Hopper, Aspect::Slasher];

    /// The symbol on the cube's face: `o`, `+` or `X`.
    pub fn symbol(self) -> char {
        match self {
            Aspect::Pusher => 'o',
            Aspect::Hopper => '+',
            Aspect::Slasher => 'X',
        }
    }

    /// `pusher`, `hopper` or `slasher`.
    pub fn name(self) -> &'static str {
        match self {
            Aspect::Pusher => "pusher",
            Aspect::Hopper => "hopper",
            Aspect::Slasher => "slasher",
        }
    }

    /// The letter of the position string, White's case: `P`, `H`, `S`.
    pub fn letter(self) -> char {
        match self {
            Aspect::Pusher => 'P',
            Aspect::Hopper => 'H',
            Aspect::Slasher => 'S',
        }
    }

    /// Reads a symbol (`o`, `+`, `x`, either case) or a word (`pusher`,
    /// `hopper`, `slasher`).
    ///
    /// ```
    /// use arbiter::rules::superial::board::Aspect;
    /// assert_eq!(Aspect::parse("X"), Some(Aspect::Slasher));
    /// assert_eq!(Aspect::parse("Hopper"), Some(Aspect::Hopper));
    /// assert_eq!(Aspect::parse("q"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Aspect> {
        match text.trim().to_ascii_lowercase().as_str() {
            "o" | "pusher" => Some(Aspect::Pusher),
            "+" | "hopper" => Some(Aspect::Hopper),
            "x" | "slasher" => Some(Aspect::Slasher),
            _ => None,
        }
    }

    /// The two aspects a cube showing this one may change to.
    pub fn others(self) -> impl Iterator<Item = Aspect> {
        Aspect::ALL.into_iter().filter(move |a| *a != self)
    }
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cube as it lies: its team (the colour of its upper face) and aspect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    pub team: Seat,
    pub aspect: Aspect,
}

impl Cube {
    pub fn new(team: Seat, aspect: Aspect) -> Cube {
        Cube { team, aspect }
    }

    /// The label on a board diagram: team letter and face symbol, `Wo`,
    /// `B+`, `WX`.
    pub fn label(self) -> String {
        let team = match self.team {
            Seat::White => 'W',
            Seat::Black => 'B',
        };
        format!("{team}{}", self.aspect.symbol())
    }

    /// The letter of the position string: `P H S` White's, `p h s` Black's.
    pub fn letter(self) -> char {
        match self.team {
            Seat::White => self.aspect.letter(),
            Seat::Black => self.aspect.letter().to_ascii_lowercase(),
        }
    }

    /// The cube of a position-string letter.
    pub fn from_letter(letter: char) -> Option<Cube> {
        let aspect = match letter.to_ascii_uppercase() {
            'P' => Aspect::Pusher,
            'H' => Aspect::Hopper,
            'S' => Aspect::Slasher,
            _ => return None,
        };
        let team = if letter.is_ascii_uppercase() {
            Seat::White
        } else {
            Seat::Black
        };
        Some(Cube { team, aspect })
    }

    /// In words: `White's hopper`.
    pub fn describe(self) -> String {
        format!("{}'s {}", self.team, self.aspect)
    }
}

/// Whatever stands on a square of a cube board. The cube engine moves only
/// the tokens that are cubes, but pushes, hops over, slashes and captures
/// any token.
pub trait Token: Copy + Eq + fmt::Debug {
    /// The side it plays for.
    fn team(self) -> Seat;
    /// The cube it moves as, if it moves by the cube rules.
    fn cube(self) -> Option<Cube>;
    /// The same token with a new aspect (only called on cubes).
    fn with_aspect(self, aspect: Aspect) -> Self;
    /// What a cube's capture turns it into: the other team's equivalent.
    fn turned(self) -> Self;
}

impl Token for Cube {
    fn team(self) -> Seat {
        self.team
    }

    fn cube(self) -> Option<Cube> {
        Some(self)
    }

    fn with_aspect(self, aspect: Aspect) -> Cube {
        Cube { aspect, ..self }
    }

    fn turned(self) -> Cube {
        Cube {
            team: self.team.other(),
            ..self
        }
    }
}

/// A square board of tokens: 6x6 for the classic game, 8x8 for the hybrid.
/// Slashers see it as a torus, everything else as a flat board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<T = Cube> {
    flat: Geometry,
    torus: Geometry,
    cells: Vec<Option<T>>,
}

/// The board sizes the cube engine is used on.
pub const SIZES: [u8; 2] = [6, 8];

impl<T: Token> Board<T> {
    /// An empty board of side `size` (one of [`SIZES`]).
    ///
    /// # Panics
    /// On another size: sizes are constants of the games, not user input.
    pub fn empty(size: u8) -> Board<T> {
        assert!(SIZES.contains(&size), "a {size}x{size} cube board");
        let flat = Geometry::rectangle(size, size);
        Board {
            torus: flat.clone().wrapping(true, true),
            cells: vec![None; flat.area()],
            flat,
        }
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.flat.width()
    }

    /// The board without wrap: pushers and hoppers.
    pub fn flat(&self) -> &Geometry {
        &self.flat
    }

    /// The board as slashers see it: files and ranks wrap around.
    pub fn torus(&self) -> &Geometry {
        &self.torus
    }

    pub fn get(&self, square: Square) -> Option<T> {
        self.cells[self.flat.index(square)]
    }

    pub fn set(&mut self, square: Square, token: Option<T>) {
        let index = self.flat.index(square);
        self.cells[index] = token;
    }

    pub fn is_empty(&self, square: Square) -> bool {
        self.get(square).is_none()
    }

    /// Every occupied square and its token, rank by rank from a1.
    pub fn tokens(&self) -> impl Iterator<Item = (Square, T)> + '_ {
        self.flat
            .squares()
            .filter_map(|sq| self.get(sq).map(|token| (sq, token)))
    }

    /// How many tokens `team` has on the board.
    pub fn count(&self, team: Seat) -> usize {
        self.tokens().filter(|(_, t)| t.team() == team).count()
    }

    /// Every square, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.flat.squares()
    }
}
