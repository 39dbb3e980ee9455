//! A variant's precomputed tables, built once with it: every square's
//! neighbour along every vector a piece moves or attacks by, its zone and
//! side of the capture split, its square, and each kind's movements and
//! each army's pawn vectors as indices into them. The move generator and
//! the attack test walk these by dense board index instead of computing
//! offsets on the geometry.

use std::fmt;

use super::pieces::{KindDef, Mode, Reach};
use super::squares::SquareSet;
use crate::rules::geometry::{Geometry, Square};

/// No square: the edge, a missing square (see [`Geometry::offset`]).
pub(super) const NONE: u16 = u16::MAX;

/// No zone.
const NO_ZONE: u8 = u8::MAX;

/// One movement of a kind, by vector index.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Motion {
    pub vector: u16,
    pub ride: bool,
    pub moves: bool,
    pub captures: bool,
}

/// An army's pawn vectors, by vector index: ahead, the two diagonals
/// ahead, and the same three backwards (where an attacking pawn stands,
/// seen from the square it attacks).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct PawnVectors {
    pub forward: u16,
    pub diagonals: [u16; 2],
    pub back: u16,
    pub back_diagonals: [u16; 2],
}

#[derive(Clone, Default, PartialEq, Eq)]
pub(super) struct Tables {
    area: usize,
    /// The distinct vectors, in files and ranks.
    vectors: Vec<(i8, i8)>,
    /// `next[vector * area + index]`: the square one vector away, or NONE.
    next: Vec<u16>,
    /// `rays[ray_start[vector * area + index]..ray_start[.. + 1]]`: the
    /// squares a rider on `index` passes along `vector`, nearest first, up
    /// to the edge, a missing square or (around a wrapping board) `index`.
    ray_start: Vec<u32>,
    rays: Vec<u16>,
    squares: Vec<Square>,
    zone: Vec<u8>,
    split: Vec<bool>,
    has_zones: bool,
    has_split: bool,
    /// Per kind, its movements.
    pub motions: Vec<Vec<Motion>>,
    /// Per army.
    pub pawns: Vec<PawnVectors>,
    /// Capturing leaps and rides: the backward vector (from the attacked
    /// square toward the attacker) and the kinds bit mask.
    pub leap_attacks: Vec<(u16, u32)>,
    pub ride_attacks: Vec<(u16, u32)>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables({} vectors)", self.vectors.len())
    }
}

/// An army's pawn step ahead and its two capturing diagonals, in files
/// and ranks.
pub(super) type PawnSteps = ((i8, i8), [(i8, i8); 2]);

impl Tables {
    pub fn new(
        geometry: &Geometry,
        kinds: &[KindDef],
        pawn_steps: &[PawnSteps],
        zones: &[SquareSet],
        capture_split: Option<&SquareSet>,
        leap_attacks: &[(i8, i8, u32)],
        ride_attacks: &[(i8, i8, u32)],
    ) -> Tables {
        let area = geometry.area();
        let squares: Vec<Square> = (0..area).map(|i| geometry.square_at(i)).collect();
        let mut tables = Tables {
            area,
            vectors: Vec::new(),
            next: Vec::new(),
            ray_start: Vec::new(),
            rays: Vec::new(),
            zone: squares
                .iter()
                .map(|&sq| {
                    zones
                        .iter()
                        .position(|z| z.contains(sq))
                        .map_or(NO_ZONE, |z| z as u8)
                })
                .collect(),
            split: squares
                .iter()
                .map(|&sq| capture_split.is_some_and(|s| s.contains(sq)))
                .collect(),
            has_zones: !zones.is_empty(),
            has_split: capture_split.is_some(),
            squares,
            motions: Vec::new(),
            pawns: Vec::new(),
            leap_attacks: Vec::new(),
            ride_attacks: Vec::new(),
        };
        let id = |t: &mut Tables, df: i8, dr: i8| t.vector(geometry, df, dr);
        for def in kinds {
            let motions = def
                .movements
                .iter()
                .map(|m| Motion {
                    vector: id(&mut tables, m.df, m.dr),
                    ride: m.reach == Reach::Ride,
                    moves: m.mode != Mode::CaptureOnly,
                    captures: m.mode != Mode::MoveOnly,
                })
                .collect();
            tables.motions.push(motions);
        }
        for &((fx, fy), [(ax, ay), (bx, by)]) in pawn_steps {
            let pawn = PawnVectors {
                forward: id(&mut tables, fx, fy),
                diagonals: [id(&mut tables, ax, ay), id(&mut tables, bx, by)],
                back: id(&mut tables, -fx, -fy),
                back_diagonals: [id(&mut tables, -ax, -ay), id(&mut tables, -bx, -by)],
            };
            tables.pawns.push(pawn);
        }
        for &(df, dr, mask) in leap_attacks {
            let v = id(&mut tables, -df, -dr);
            tables.leap_attacks.push((v, mask));
        }
        for &(df, dr, mask) in ride_attacks {
            let v = id(&mut tables, -df, -dr);
            tables.ride_attacks.push((v, mask));
        }
        for vector in 0..tables.vectors.len() as u16 {
            for index in 0..area {
                tables.ray_start.push(tables.rays.len() as u32);
                let mut at = index;
                for _ in 0..area {
                    let next = tables.next(vector, at);
                    if next == NONE || next as usize == index {
                        break;
                    }
                    tables.rays.push(next);
                    at = next as usize;
                }
            }
        }
        tables.ray_start.push(tables.rays.len() as u32);
        tables
    }

    /// The squares a rider on `index` passes along `vector`, nearest
    /// first (see `rays`).
    #[inline]
    pub fn ray(&self, vector: u16, index: usize) -> &[u16] {
        let j = vector as usize * self.area + index;
        &self.rays[self.ray_start[j] as usize..self.ray_start[j + 1] as usize]
    }

    /// The index of a vector, its neighbour row built on first use.
    fn vector(&mut self, geometry: &Geometry, df: i8, dr: i8) -> u16 {
        if let Some(i) = self.vectors.iter().position(|&v| v == (df, dr)) {
            return i as u16;
        }
        self.vectors.push((df, dr));
        for &sq in &self.squares {
            let to = geometry
                .offset(sq, df, dr)
                .map_or(NONE, |to| geometry.index(to) as u16);
            self.next.push(to);
        }
        (self.vectors.len() - 1) as u16
    }

    /// The square one `vector` away from `index`, or [`NONE`].
    #[inline]
    pub fn next(&self, vector: u16, index: usize) -> u16 {
        self.next[vector as usize * self.area + index]
    }

    #[inline]
    pub fn square(&self, index: usize) -> Square {
        self.squares[index]
    }

    /// [`Variant::allows`](super::Variant::allows) by index.
    #[inline]
    pub fn allows(&self, from: usize, to: usize, capture: bool) -> bool {
        if self.has_zones {
            let (a, b) = (self.zone[from], self.zone[to]);
            if a != NO_ZONE && b != NO_ZONE && a != b {
                return false;
            }
        }
        !(capture && self.has_split && self.split[from] != self.split[to])
    }
}
