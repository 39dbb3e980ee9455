//! Bit sets over a board's dense square indices ([`Bits`]), each side's
//! occupied squares ([`Occupancy`]), and per square where its attackers
//! may stand ([`AttackTables`], built once with the variant): the data the
//! attack test (`attack.rs`) reads.

use super::pieces::Piece;
use super::tables::{NONE, Tables};
use crate::rules::Seat;

/// A set of dense board indices (any board up to 16x16: 256 squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bits([u64; 4]);

impl Bits {
    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn meets(&self, other: &Bits) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    #[inline]
    pub fn union(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// The indices, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(w, word)| {
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
    }
}

/// The squares each side's pieces stand on, by dense index: kept in step
/// with a board's cells by whoever writes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Occupancy([Bits; 2]);

impl Occupancy {
    /// The occupancy of a board of cells.
    pub fn of(cells: &[Option<Piece>]) -> Occupancy {
        let mut occupancy = Occupancy::default();
        for (index, cell) in cells.iter().enumerate() {
            occupancy.set(index, *cell);
        }
        occupancy
    }

    /// Records what a cell now holds.
    #[inline]
    pub fn set(&mut self, index: usize, piece: Option<Piece>) {
        self.0[0].remove(index);
        self.0[1].remove(index);
        if let Some(p) = piece {
            self.0[p.owner.index()].insert(index);
        }
    }

    /// The squares of `seat`'s pieces.
    #[inline]
    pub fn side(&self, seat: Seat) -> &Bits {
        &self.0[seat.index()]
    }

    /// Every occupied square.
    pub fn all(&self) -> Bits {
        self.0[0].union(&self.0[1])
    }
}

/// Per square, where attackers of it may stand: the leap squares (each
/// with the kinds that attack by that leap), and each ride-attack line
/// outward as a set (as a list, nearest first, it is [`Tables::ray`]).
#[derive(Clone, Default, PartialEq, Eq)]
pub(super) struct AttackTables {
    pub(super) rides: usize,
    /// Per square: every square a leap attack comes from.
    pub(super) leap_reach: Vec<Bits>,
    /// Per square, `leaps[leap_start[i]..leap_start[i + 1]]`: a leap
    /// attack's origin and its kinds bit mask, in the order of
    /// [`Tables::leap_attacks`].
    leap_start: Vec<u32>,
    leaps: Vec<(u16, u32)>,
    /// Per square: every square on one of its ride-attack lines.
    pub(super) ride_reach: Vec<Bits>,
    /// Per square and ride-attack line (`square * rides + line`): the
    /// line's squares.
    pub(super) ray_bits: Vec<Bits>,
}

impl std::fmt::Debug for AttackTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AttackTables({} squares)", self.leap_reach.len())
    }
}

impl AttackTables {
    pub fn new(tables: &Tables, area: usize) -> AttackTables {
        let rides = tables.ride_attacks.len();
        let mut out = AttackTables {
            rides,
            ..AttackTables::default()
        };
        for square in 0..area {
            let mut reach = Bits::default();
            out.leap_start.push(out.leaps.len() as u32);
            for &(vector, mask) in &tables.leap_attacks {
                let from = tables.next(vector, square);
                if from != NONE {
                    reach.insert(from as usize);
                    out.leaps.push((from, mask));
                }
            }
            out.leap_reach.push(reach);
            let mut all_rides = Bits::default();
            for &(vector, _) in &tables.ride_attacks {
                let mut line = Bits::default();
                for &at in tables.ray(vector, square) {
                    line.insert(at as usize);
                }
                all_rides = all_rides.union(&line);
                out.ray_bits.push(line);
            }
            out.ride_reach.push(all_rides);
        }
        out.leap_start.push(out.leaps.len() as u32);
        out
    }

    /// The leap attacks on `square`: origin and kinds.
    #[inline]
    pub(super) fn leaps_to(&self, square: usize) -> &[(u16, u32)] {
        &self.leaps[self.leap_start[square] as usize..self.leap_start[square + 1] as usize]
    }
}

/// A board as the attack test reads it: its cells and their occupancy.
#[derive(Clone, Copy)]
pub(super) struct BoardView<'a> {
    pub cells: &'a [Option<Piece>],
    pub occupancy: &'a Occupancy,
}
