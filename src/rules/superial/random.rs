//! The random move: three cubes thrown as dice, from the game's committed
//! seed, give a file, a rank and a face; the square gets a new cube showing
//! that face, or its cube turns to that face's aspect.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Aspect, Board, Cube, Token};
use super::settings::SIZE;
use crate::rules::geometry::Square;
use crate::rules::{Entropy, Seat};

/// One random move's three throws, each 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Throw {
    /// 1-6: files a-f.
    pub file: u8,
    /// 1-6: ranks 1-6.
    pub rank: u8,
    /// 1 white pusher, 2 white hopper, 3 white slasher, 4 black pusher,
    /// 5 black hopper, 6 black slasher.
    pub face: u8,
}

/// What a random move did to its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// The square was empty: a new cube stands there.
    New(Cube),
    /// A cube was there: it shows the face's aspect now, its team kept.
    Changed { was: Cube, now: Cube },
}

impl Throw {
    /// Three throws drawn from `entropy`: file, rank, face.
    pub fn draw(entropy: &mut Entropy) -> Throw {
        let file = entropy.die();
        let rank = entropy.die();
        let face = entropy.die();
        Throw { file, rank, face }
    }

    /// All 216 throws, file first, then rank, then face.
    pub fn all() -> impl Iterator<Item = Throw> {
        (1..=SIZE).flat_map(|file| {
            (1..=SIZE).flat_map(move |rank| (1..=6).map(move |face| Throw { file, rank, face }))
        })
    }

    /// The square the first two throws name.
    pub fn square(self) -> Square {
        Square::new(self.file - 1, self.rank - 1).expect("throws are 1-6")
    }

    /// The face the third throw names.
    ///
    /// ```
    /// use arbiter::rules::Seat;
    /// use arbiter::rules::superial::{Aspect, Cube, Throw};
    /// let throw = Throw { file: 3, rank: 5, face: 5 };
    /// assert_eq!(throw.face_cube(), Cube::new(Seat::Black, Aspect::Hopper));
    /// assert_eq!(throw.square().to_string(), "c5");
    /// ```
    pub fn face_cube(self) -> Cube {
        let team = if self.face <= 3 {
            Seat::White
        } else {
            Seat::Black
        };
        let aspect = Aspect::ALL[(self.face as usize - 1) % 3];
        Cube::new(team, aspect)
    }

    /// Plays the throw on `board`.
    pub fn play(self, board: &mut Board) -> Landing {
        let square = self.square();
        let face = self.face_cube();
        match board.get(square) {
            None => {
                board.set(square, Some(face));
                Landing::New(face)
            }
            Some(was) => {
                let now = was.with_aspect(face.aspect);
                board.set(square, Some(now));
                Landing::Changed { was, now }
            }
        }
    }
}

impl fmt::Display for Throw {
    /// `3 5 5 (c5, black hopper)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face = self.face_cube();
        write!(
            f,
            "{} {} {} ({}, {} {})",
            self.file,
            self.rank,
            self.face,
            self.square(),
            face.team.name(),
            face.aspect
        )
    }
}

impl Landing {
    /// In players' words, for the square `square`.
    pub fn describe(self, square: Square) -> String {
        match self {
            Landing::New(cube) => format!("a new cube, {}, stands on {square}", cube.describe()),
            Landing::Changed { was, now } if was == now => {
                format!("{} on {square} already shows that aspect", was.describe())
            }
            Landing::Changed { was, now } => {
                format!("{} on {square} turns to a {}", was.describe(), now.aspect)
            }
        }
    }
}
