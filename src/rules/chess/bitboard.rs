//! Bitboards: one `u64` per set of squares, bit `rank * 8 + file` (a1 is
//! bit 0, h8 bit 63), the same order as `Geometry::rectangle(8, 8).index`.
//!
//! Why bitboards rather than a mailbox: legality needs "is this square
//! attacked", "which pieces pin", "what lies between the king and the
//! checker"; with bitboards each is a few table look-ups and masks, so the
//! legal generator needs no make-and-unmake, and perft counts the last ply
//! with `count_ones` instead of playing it. Sliders use the classical ray
//! method (a ray table per direction, cut at the first blocker) instead of
//! magics: no start-up cost, no large tables, and fast enough for perft at
//! opt-level 1.
//!
//! Every table is computed at compile time by `const fn`s.

use crate::rules::geometry::Square;

/// A set of squares.
pub(crate) type Bitboard = u64;

/// The square index of a `Square` on the 8x8 board; `None` off the board.
pub(crate) fn index(square: Square) -> Option<u8> {
    (square.file() < 8 && square.rank() < 8).then(|| square.rank() * 8 + square.file())
}

/// The `Square` of an index `0..64`.
pub(crate) fn square(index: u8) -> Square {
    Square::new(index & 7, index >> 3).expect("an index below 64 is a square")
}

pub(crate) const fn bit(index: u8) -> Bitboard {
    1u64 << index
}

pub(crate) const RANK_1: Bitboard = 0xff;
pub(crate) const RANK_8: Bitboard = 0xff << 56;
pub(crate) const DARK_SQUARES: Bitboard = 0xaa55_aa55_aa55_aa55;

/// Iterates the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// The directions as (file step, rank step): N, NE, E, NW step to higher
/// indices (their first blocker is the lowest bit), SE, S, SW, W to lower.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
];
const NORTH: usize = 0;
const NORTH_EAST: usize = 1;
const EAST: usize = 2;
const NORTH_WEST: usize = 3;
const SOUTH_EAST: usize = 4;
const SOUTH: usize = 5;
const SOUTH_WEST: usize = 6;
const WEST: usize = 7;

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

/// The table of a leaper with the given steps (for variants' own leapers).
pub(crate) const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if on_board(f, r) {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn ray_table() -> [[Bitboard; 64]; 8] {
    let mut table = [[0; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut file, mut rank) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                file += DIRECTIONS[dir].0;
                rank += DIRECTIONS[dir].1;
                if !on_board(file, rank) {
                    break;
                }
                table[dir][sq] |= 1 << (rank * 8 + file);
            }
            sq += 1;
        }
        dir += 1;
    }
    table
}

pub(crate) static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub(crate) static KING: [Bitboard; 64] = leaper_table(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);
/// `PAWN_ATTACKS[color][sq]`: the squares a pawn of `color` on `sq` attacks.
/// Read the other way, `PAWN_ATTACKS[color][sq]` also holds the squares from
/// which a pawn of the *other* colour attacks `sq`.
pub(crate) static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    leaper_table(&[(1, 1), (-1, 1)]),
    leaper_table(&[(1, -1), (-1, -1)]),
];

static RAYS: [[Bitboard; 64]; 8] = ray_table();

const fn between_and_line() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let rays = ray_table();
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut dir = 0;
        while dir < 8 {
            let opposite = match dir {
                NORTH => SOUTH,
                NORTH_EAST => SOUTH_WEST,
                EAST => WEST,
                NORTH_WEST => SOUTH_EAST,
                SOUTH_EAST => NORTH_WEST,
                SOUTH => NORTH,
                SOUTH_WEST => NORTH_EAST,
                _ => EAST,
            };
            let mut b = 0;
            while b < 64 {
                if rays[dir][a] & (1 << b) != 0 {
                    between[a][b] = rays[dir][a] & !rays[dir][b] & !(1 << b);
                    line[a][b] = rays[dir][a] | rays[opposite][a] | (1 << a);
                }
                b += 1;
            }
            dir += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_AND_LINE: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = between_and_line();

/// The squares strictly between `a` and `b` when they share a line, else 0.
#[inline]
pub(crate) fn between(a: u8, b: u8) -> Bitboard {
    BETWEEN_AND_LINE.0[a as usize][b as usize]
}

/// The whole line (edge to edge) through `a` and `b` when they share one,
/// else 0.
#[inline]
pub(crate) fn line(a: u8, b: u8) -> Bitboard {
    BETWEEN_AND_LINE.1[a as usize][b as usize]
}

/// The ray from `sq` in a direction stepping to higher indices, up to and
/// including the first occupied square.
#[inline]
fn ray_up(dir: usize, sq: u8, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[dir][blockers.trailing_zeros() as usize]
    }
}

/// The same for a direction stepping to lower indices.
#[inline]
fn ray_down(dir: usize, sq: u8, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[dir][63 - blockers.leading_zeros() as usize]
    }
}

#[inline]
pub(crate) fn bishop_attacks(sq: u8, occupied: Bitboard) -> Bitboard {
    ray_up(NORTH_EAST, sq, occupied)
        | ray_up(NORTH_WEST, sq, occupied)
        | ray_down(SOUTH_EAST, sq, occupied)
        | ray_down(SOUTH_WEST, sq, occupied)
}

#[inline]
pub(crate) fn rook_attacks(sq: u8, occupied: Bitboard) -> Bitboard {
    ray_up(NORTH, sq, occupied)
        | ray_up(EAST, sq, occupied)
        | ray_down(SOUTH, sq, occupied)
        | ray_down(WEST, sq, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_hand_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(rook_attacks(0, 0).count_ones(), 14);
        assert_eq!(bishop_attacks(27, 0).count_ones(), 13);
        // a1-h8 diagonal, blocked on d4: b2, c3, d4.
        assert_eq!(bishop_attacks(0, bit(27)), bit(9) | bit(18) | bit(27));
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 10), 0);
        assert_eq!(line(0, 9), RAYS[NORTH_EAST][0] | 1);
        assert_eq!(PAWN_ATTACKS[0][12], bit(19) | bit(21));
        assert_eq!(PAWN_ATTACKS[1][8], bit(1));
        assert_eq!(DARK_SQUARES & 1, 1, "a1 is dark");
        assert_eq!(square(12).to_string(), "e2");
    }
}
