//! Board geometry shared by every game: squares named from White's side, on
//! rectangular, irregular (holes, cut corners) and wrap-around boards.
//!
//! An irregular board is described by its bounding rectangle plus a mask of
//! the squares that exist. Sliders stop at the edge and at a missing square
//! ([`Geometry::ray`]); leapers jump over missing squares
//! ([`Geometry::offset`]). A wrapping axis joins opposite edges, as Superial
//! Chess's slashers need.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The largest board side the geometry supports (Reflection's 14x14 fits).
pub const MAX_SIDE: u8 = 16;

/// A square by file and rank, both counted from 0 at White's bottom left
/// (`a1` is file 0, rank 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// Builds a square; `None` beyond [`MAX_SIDE`].
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// The file, 0 for `a`.
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The rank, 0 for rank 1.
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Parses a square name such as `e4` or `n14`.
    ///
    /// ```
    /// use arbiter::rules::geometry::Square;
    /// let sq = Square::parse("e4").unwrap();
    /// assert_eq!((sq.file(), sq.rank()), (4, 3));
    /// assert_eq!(sq.to_string(), "e4");
    /// assert!(Square::parse("e0").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(file as u8 - b'a', rank.checked_sub(1)?)
    }

    /// The file letter, `a` for file 0.
    pub fn file_char(self) -> char {
        (b'a' + self.file) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Square::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("bad square {text:?}")))
    }
}

/// The shape of a board: a bounding rectangle, the squares in it that exist,
/// and which axes wrap around.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Geometry {
    width: u8,
    height: u8,
    /// Bit `file` of `rows[rank]` is set when that square exists.
    rows: [u16; MAX_SIDE as usize],
    wrap_files: bool,
    wrap_ranks: bool,
}

impl Geometry {
    /// A full rectangle, `width` files by `height` ranks.
    ///
    /// # Panics
    /// If a side is 0 or larger than [`MAX_SIDE`]: board shapes are constants
    /// of the games, not user input.
    pub fn rectangle(width: u8, height: u8) -> Geometry {
        assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
        let full = if width == 16 {
            u16::MAX
        } else {
            (1u16 << width) - 1
        };
        let mut rows = [0u16; MAX_SIDE as usize];
        for row in rows.iter_mut().take(height as usize) {
            *row = full;
        }
        Geometry {
            width,
            height,
            rows,
            wrap_files: false,
            wrap_ranks: false,
        }
    }

    /// A square board of side `side` with a `cut` x `cut` square removed
    /// from each corner (Reflection Teammate's boards).
    ///
    /// ```
    /// use arbiter::rules::geometry::{Geometry, Square};
    /// let board = Geometry::with_cut_corners(14, 3);
    /// assert_eq!(board.len(), 14 * 14 - 4 * 9);
    /// assert!(!board.contains(Square::parse("c3").unwrap()));
    /// assert!(board.contains(Square::parse("d1").unwrap()));
    /// ```
    pub fn with_cut_corners(side: u8, cut: u8) -> Geometry {
        let mut geometry = Geometry::rectangle(side, side);
        for rank in 0..side {
            for file in 0..side {
                let in_cut_file = file < cut || file >= side - cut;
                let in_cut_rank = rank < cut || rank >= side - cut;
                if in_cut_file && in_cut_rank {
                    geometry.rows[rank as usize] &= !(1 << file);
                }
            }
        }
        geometry
    }

    /// A board drawn as text, top rank first: any character but a space is a
    /// square, a space is a hole. Rows shorter than the widest are padded
    /// with holes on the right.
    ///
    /// ```
    /// use arbiter::rules::geometry::{Geometry, Square};
    /// let board = Geometry::from_rows(&["   .   ", "  ...  ", "......."]);
    /// assert_eq!((board.width(), board.height(), board.len()), (7, 3, 11));
    /// assert!(board.contains(Square::parse("d3").unwrap()));
    /// assert!(!board.contains(Square::parse("c3").unwrap()));
    /// ```
    pub fn from_rows(rows: &[&str]) -> Geometry {
        let height = rows.len() as u8;
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u8;
        let mut geometry = Geometry::rectangle(width, height);
        for (top_index, row) in rows.iter().enumerate() {
            let rank = height as usize - 1 - top_index;
            let mut mask = 0u16;
            for (file, c) in row.chars().enumerate() {
                if c != ' ' {
                    mask |= 1 << file;
                }
            }
            geometry.rows[rank] = mask;
        }
        geometry
    }

    /// The same board with the given axes wrapping around (a cylinder or a
    /// torus): stepping off one edge comes back on the opposite one.
    pub fn wrapping(mut self, files: bool, ranks: bool) -> Geometry {
        self.wrap_files = files;
        self.wrap_ranks = ranks;
        self
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether the square exists on this board.
    pub fn contains(&self, square: Square) -> bool {
        square.file < self.width
            && square.rank < self.height
            && self.rows[square.rank as usize] & (1 << square.file) != 0
    }

    /// The number of squares that exist.
    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// True for a board with no squares (never one of the games').
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A dense index for arrays over the bounding rectangle.
    pub fn index(&self, square: Square) -> usize {
        square.rank as usize * self.width as usize + square.file as usize
    }

    /// The square at a dense index (inverse of [`Geometry::index`]).
    pub fn square_at(&self, index: usize) -> Square {
        let w = self.width as usize;
        Square {
            file: (index % w) as u8,
            rank: (index / w) as u8,
        }
    }

    /// The size of the bounding rectangle, for arrays indexed by
    /// [`Geometry::index`].
    pub fn area(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Every existing square, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height)
            .flat_map(move |rank| (0..self.width).map(move |file| Square { file, rank }))
            .filter(|sq| self.contains(*sq))
    }

    /// Parses a square name and checks that it exists on this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        Square::parse(text).filter(|sq| self.contains(*sq))
    }

    /// A leap: the square `df` files and `dr` ranks away, if it exists. What
    /// lies between does not matter (leapers jump over holes).
    pub fn offset(&self, from: Square, df: i8, dr: i8) -> Option<Square> {
        let file = Self::shift(from.file, df, self.width, self.wrap_files)?;
        let rank = Self::shift(from.rank, dr, self.height, self.wrap_ranks)?;
        let to = Square { file, rank };
        self.contains(to).then_some(to)
    }

    /// A slide: the squares one step at a time in direction (`df`, `dr`),
    /// stopping before the edge or a hole. On a wrapping board the ray stops
    /// before it would come back to its start.
    ///
    /// ```
    /// use arbiter::rules::geometry::{Geometry, Square};
    /// let board = Geometry::rectangle(8, 8);
    /// let a1 = Square::parse("a1").unwrap();
    /// let ray: Vec<String> = board.ray(a1, 1, 1).map(|s| s.to_string()).collect();
    /// assert_eq!(ray.len(), 7);
    /// assert_eq!(ray[6], "h8");
    /// ```
    pub fn ray(&self, from: Square, df: i8, dr: i8) -> Ray<'_> {
        Ray {
            geometry: self,
            start: from,
            at: from,
            df,
            dr,
            done: df == 0 && dr == 0,
        }
    }

    fn shift(value: u8, delta: i8, size: u8, wrap: bool) -> Option<u8> {
        let moved = value as i16 + delta as i16;
        if wrap {
            Some(moved.rem_euclid(size as i16) as u8)
        } else if (0..size as i16).contains(&moved) {
            Some(moved as u8)
        } else {
            None
        }
    }
}

/// The squares of a slide; see [`Geometry::ray`].
pub struct Ray<'a> {
    geometry: &'a Geometry,
    start: Square,
    at: Square,
    df: i8,
    dr: i8,
    done: bool,
}

impl Iterator for Ray<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.done {
            return None;
        }
        match self.geometry.offset(self.at, self.df, self.dr) {
            Some(next) if next != self.start => {
                self.at = next;
                Some(next)
            }
            _ => {
                self.done = true;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn square_names_round_trip_on_every_square_of_the_largest_board() {
        let board = Geometry::rectangle(MAX_SIDE, MAX_SIDE);
        for square in board.squares() {
            assert_eq!(Square::parse(&square.to_string()), Some(square));
        }
        assert_eq!(board.len(), 256);
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for text in ["", "e", "4", "e0", "e01", "q1", "e17", "ee4", "e4x", "é4"] {
            assert_eq!(Square::parse(text), None, "{text:?}");
        }
        assert_eq!(Square::parse("E4"), Some(sq("e4")));
    }

    #[test]
    fn reality_check_basic_board_has_39_squares() {
        let board = Geometry::from_rows(&[
            "   .   ", "  ...  ", " ..... ", ".......", ".......", ".......", " ..... ", "  ...  ",
            "   .   ",
        ]);
        assert_eq!(board.len(), 39);
        assert!(board.contains(sq("d1")) && board.contains(sq("d9")));
        assert!(!board.contains(sq("c1")) && !board.contains(sq("a3")));
    }

    #[test]
    fn sliders_stop_at_holes_and_leapers_jump_them() {
        // The advanced Reality Check board has interior holes.
        let board = Geometry::from_rows(&[
            "xxxx...", "xxx ...", "xx . ..", "x  .  X", ".. . XX", "... XXX", "...XXXX",
        ]);
        // Ten holes: the advanced board has 39 squares too.
        assert_eq!(board.len(), 49 - 10);
        assert!(!board.contains(sq("d6")));
        // The rook-wise ray from d7 going down stops at once: d6 is a hole.
        assert_eq!(board.ray(sq("d7"), 0, -1).count(), 0);
        // A knight on c7 reaches d5 over the hole at d6.
        assert_eq!(board.offset(sq("c7"), 1, -2), Some(sq("d5")));
        // A leap onto a hole is no move.
        assert_eq!(board.offset(sq("b5"), 2, 1), None);
        assert_eq!(board.offset(sq("b5"), 2, 2), Some(sq("d7")));
    }

    #[test]
    fn cut_corner_boards() {
        let board = Geometry::with_cut_corners(8, 2);
        assert_eq!(board.len(), 48);
        assert!(!board.contains(sq("b2")) && board.contains(sq("c1")) && board.contains(sq("a3")));
        // A bishop on c1 slides to b2? No: b2 is cut away.
        assert_eq!(board.ray(sq("c1"), -1, 1).count(), 0);
        let big = Geometry::with_cut_corners(14, 3);
        assert_eq!(big.len(), 160);
        assert!(big.contains(sq("n4")) && !big.contains(sq("n3")));
    }

    #[test]
    fn wrapping_board_comes_round_the_edges() {
        let board = Geometry::rectangle(6, 6).wrapping(true, true);
        assert_eq!(board.offset(sq("a1"), -1, -1), Some(sq("f6")));
        // A full lap along a rank visits the five other squares, then stops.
        let lap: Vec<_> = board.ray(sq("c3"), 1, 0).collect();
        assert_eq!(lap, vec![sq("d3"), sq("e3"), sq("f3"), sq("a3"), sq("b3")]);
        let flat = Geometry::rectangle(6, 6);
        assert_eq!(flat.offset(sq("a1"), -1, 0), None);
    }
}
