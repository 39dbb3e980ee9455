//! A set of squares of any board the geometry supports (up to 16x16), as a
//! 256-bit set over [`Square`]s. Promotion zones, double-step lines, castling
//! rights and a variant's barriers are all sets of squares.

use std::fmt;

use crate::rules::geometry::{MAX_SIDE, Square};

/// A set of squares, indexed by file and rank (not by a board's dense
/// index, so one set means the same squares on every board).
///
/// ```
/// use arbiter::rules::chesslike::SquareSet;
/// use arbiter::rules::geometry::Square;
/// let e4 = Square::parse("e4").unwrap();
/// let mut set = SquareSet::EMPTY;
/// set.insert(e4);
/// assert!(set.contains(e4) && set.len() == 1);
/// assert_eq!(set.to_string(), "e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet([u64; 4]);

fn bit(square: Square) -> (usize, u64) {
    let i = square.rank() as usize * MAX_SIDE as usize + square.file() as usize;
    (i / 64, 1 << (i % 64))
}

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// The squares for which `keep` holds, among `squares`.
    pub fn from_fn(
        squares: impl IntoIterator<Item = Square>,
        keep: impl Fn(Square) -> bool,
    ) -> Self {
        let mut set = SquareSet::EMPTY;
        for square in squares {
            if keep(square) {
                set.insert(square);
            }
        }
        set
    }

    pub fn contains(&self, square: Square) -> bool {
        let (word, mask) = bit(square);
        self.0[word] & mask != 0
    }

    pub fn insert(&mut self, square: Square) {
        let (word, mask) = bit(square);
        self.0[word] |= mask;
    }

    pub fn remove(&mut self, square: Square) {
        let (word, mask) = bit(square);
        self.0[word] &= !mask;
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The squares, rank by rank from a1.
    /// (Each word's bits are taken lowest first, by count of trailing
    /// zeros: the set is walked in the number of its squares, not of the
    /// squares a board may have.)
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + i)
                })
            })
            .filter_map(|i| {
                Square::new((i % MAX_SIDE as usize) as u8, (i / MAX_SIDE as usize) as u8)
            })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

impl fmt::Display for SquareSet {
    /// The squares joined by commas, `-` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        f.write_str(&names.join(","))
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}
