//! The position string: `PLACEMENT SIDE RANDOM QUIET NUMBER`, as in
//! `1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 0 1`.
//!
//! - PLACEMENT: the ranks from the top (rank 6) down, `/` between them;
//!   `P H S` White's pusher, hopper, slasher, `p h s` Black's, a digit for
//!   that many empty squares.
//! - SIDE: `w` or `b`, who acts next.
//! - RANDOM: random moves left, White's and Black's: `1/0`.
//! - QUIET: actions since the last capture or random move (the 50 and 75
//!   turn rules count them).
//! - NUMBER: the turn number, counted up after each of Black's actions.
//!
//! Everything after the side may be left out: the random moves then come
//! from the options, and the counts start at 0 and 1.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::{Board, Cube, SIZES};
use super::settings::{MAX_RANDOM_MOVES, SIZE};
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

/// A position as written, not yet checked against the rules of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub side: Seat,
    /// Random moves left, by seat; `None` when the string leaves them out.
    pub random_left: Option<[u8; 2]>,
    pub quiet: u32,
    pub number: u32,
}

/// The placement field of `board`.
///
/// ```
/// use arbiter::rules::superial::position::{read_placement, write_placement};
/// let start = "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P";
/// assert_eq!(write_placement(&read_placement(start).unwrap()), start);
/// ```
pub fn write_placement(board: &Board) -> String {
    let size = board.size();
    let mut rows = Vec::new();
    for rank in (0..size).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size {
            let square = Square::new(file, rank).expect("on the board");
            match board.get(square) {
                None => empty += 1,
                Some(cube) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(cube.letter());
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Reads a placement field; its rank count gives the board's size (6, or 8
/// for the hybrid's board).
pub fn read_placement(text: &str) -> Result<Board, PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    let size = rows.len() as u8;
    if !SIZES.contains(&size) {
        return Err(PositionError::Malformed(format!(
            "the placement {text:?} has {size} ranks; a cube board has {SIZE}"
        )));
    }
    let mut board = Board::empty(size);
    for (top, row) in rows.iter().enumerate() {
        let rank = size - 1 - top as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as u8;
            } else {
                let cube = Cube::from_letter(c).ok_or_else(|| {
                    PositionError::Malformed(format!(
                        "{c:?} in rank {} is no cube (P H S for White's pusher, hopper, slasher; \
                         p h s for Black's; a digit for empty squares)",
                        rank + 1
                    ))
                })?;
                if file < size {
                    board.set(Square::new(file, rank).expect("on the board"), Some(cube));
                }
                file += 1;
            }
            if file > size {
                break;
            }
        }
        if file != size {
            return Err(PositionError::Malformed(format!(
                "rank {} ({row:?}) has {file} squares, not {size}",
                rank + 1
            )));
        }
    }
    Ok(board)
}

impl Setup {
    /// Reads a position string.
    pub fn read(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (placement, side) = match fields.as_slice() {
            [placement, side, ..] if fields.len() <= 5 => (placement, side),
            _ => {
                return Err(PositionError::Malformed(format!(
                    "{text:?} is not PLACEMENT SIDE [RANDOM [QUIET [NUMBER]]], as in \
                     1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 0 1"
                )));
            }
        };
        let board = read_placement(placement)?;
        let side = match *side {
            "w" | "W" => Seat::White,
            "b" | "B" => Seat::Black,
            other => {
                return Err(PositionError::Malformed(format!(
                    "the side to act is w or b, not {other:?}"
                )));
            }
        };
        let random_left = match fields.get(2) {
            None => None,
            Some(field) => Some(read_random(field)?),
        };
        let number = |index: usize, name: &str, least: u32| -> Result<u32, PositionError> {
            match fields.get(index) {
                None => Ok(least),
                Some(field) => field
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n >= least && *n < 100_000)
                    .ok_or_else(|| {
                        PositionError::Malformed(format!("{name} {field:?} is not a count"))
                    }),
            }
        };
        Ok(Setup {
            board,
            side,
            random_left,
            quiet: number(3, "the quiet count", 0)?,
            number: number(4, "the turn number", 1)?,
        })
    }

    /// The position string, every field written.
    pub fn write(&self) -> String {
        let [white, black] = self.random_left.unwrap_or_default();
        let side = match self.side {
            Seat::White => 'w',
            Seat::Black => 'b',
        };
        format!(
            "{} {side} {white}/{black} {} {}",
            write_placement(&self.board),
            self.quiet,
            self.number
        )
    }
}

fn read_random(field: &str) -> Result<[u8; 2], PositionError> {
    let bad = || {
        PositionError::Malformed(format!(
            "random moves left {field:?} is not WHITE/BLACK, each 0-{MAX_RANDOM_MOVES}"
        ))
    };
    let (white, black) = field.split_once('/').ok_or_else(bad)?;
    let read = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|n| *n <= MAX_RANDOM_MOVES)
            .ok_or_else(bad)
    };
    Ok([read(white)?, read(black)?])
}

/// The board is stored as its placement field.
impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&write_placement(self))
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        read_placement(&text).map_err(serde::de::Error::custom)
    }
}
