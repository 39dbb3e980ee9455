//! The cube boards as flat indices, with their neighbour tables built once
//! at compile time, and the reverse reach: whether some cube could capture
//! the token on a square, judged from that square outwards instead of by
//! listing every path of every cube.
//!
//! A square is an index `rank * size + file` (at most 64 squares, so a set
//! of squares is a `u64`). Pushers and hoppers see the flat board
//! ([`Tables::orth`], `NONE` past the edge); slashers the torus
//! ([`Tables::diag`], always a square).
//!
//! # Why the reverse reach is exact
//! A hop or slash chain is a sequence of legs, each valid by itself (its
//! jumped square occupied, not the start; its landing empty, not the
//! start; a hop not back where it came from), and every prefix of a chain
//! is an action. Of the chains that capture a square, the shortest lands
//! on no square twice (a loop cut out leaves a shorter chain) and, for a
//! hopper, jumps no square twice (two jumps of one square, from `a` and to
//! `t`, are one jump from `a` to `t`), and jumps the square last. So a
//! capture exists exactly when the square is jumped by one leg out of a
//! square the cube reaches by legs: a search over squares, not chains.

use super::board::{Aspect, Colour};

/// No square: past the flat board's edge.
pub const NONE: u8 = u8::MAX;

/// The orthogonal directions, in the cube engine's order (up, right, down,
/// left): a direction's opposite is two further on.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The diagonal directions, in the cube engine's order, opposites two
/// apart as well.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The opposite of direction `d` (of either table).
pub const fn opposite(d: usize) -> usize {
    (d + 2) % 4
}

/// The neighbour tables of one board size.
#[derive(Debug)]
pub struct Tables {
    pub size: u8,
    /// The orthogonal neighbour in each direction, or [`NONE`].
    pub orth: [[u8; 4]; 64],
    /// The diagonal neighbour in each direction, across the edges.
    pub diag: [[u8; 4]; 64],
    /// The black squares (a1 is black).
    pub black: u64,
}

const fn build(size: u8) -> Tables {
    let n = size as i8;
    let mut orth = [[NONE; 4]; 64];
    let mut diag = [[NONE; 4]; 64];
    let mut black = 0u64;
    let mut i = 0;
    while i < (size as usize) * (size as usize) {
        let file = (i % size as usize) as i8;
        let rank = (i / size as usize) as i8;
        if (file + rank) % 2 == 0 {
            black |= 1 << i;
        }
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONAL[d];
            let (f, r) = (file + df, rank + dr);
            if f >= 0 && f < n && r >= 0 && r < n {
                orth[i][d] = (r * n + f) as u8;
            }
            let (df, dr) = DIAGONAL[d];
            let (f, r) = ((file + df + n) % n, (rank + dr + n) % n);
            diag[i][d] = (r * n + f) as u8;
            d += 1;
        }
        i += 1;
    }
    Tables {
        size,
        orth,
        diag,
        black,
    }
}

static SIX: Tables = build(6);
static EIGHT: Tables = build(8);

/// The tables of a board side (6 or 8).
///
/// # Panics
/// On another side: sizes are constants of the games.
pub fn tables(size: u8) -> &'static Tables {
    match size {
        6 => &SIX,
        8 => &EIGHT,
        _ => panic!("a {size}x{size} cube board"),
    }
}

impl Tables {
    /// The squares of `colour`.
    pub fn colour(&self, colour: Colour) -> u64 {
        match colour {
            Colour::Black => self.black,
            Colour::White => !self.black & self.all(),
        }
    }

    /// Every square of the board.
    pub fn all(&self) -> u64 {
        let area = u32::from(self.size) * u32::from(self.size);
        if area == 64 {
            u64::MAX
        } else {
            (1 << area) - 1
        }
    }
}

/// Where one team's cubes stand, by aspect, and every occupied square.
#[derive(Clone, Copy, Debug, Default)]
pub struct Attackers {
    pub occupied: u64,
    pub pushers: u64,
    pub hoppers: u64,
    pub slashers: u64,
}

impl Attackers {
    /// Records a cube of `aspect` on `square` (already in `occupied`).
    pub fn add(&mut self, square: u8, aspect: Aspect) {
        let bit = 1u64 << square;
        match aspect {
            Aspect::Pusher => self.pushers |= bit,
            Aspect::Hopper => self.hoppers |= bit,
            Aspect::Slasher => self.slashers |= bit,
        }
    }
}

fn has(set: u64, square: u8) -> bool {
    square != NONE && set & (1 << square) != 0
}

/// Whether one of the cubes `cubes` (of a team whose home colour is
/// `home`) could capture the other team's token on `target` with one
/// action as the board stands.
pub fn captures(tables: &Tables, cubes: &Attackers, home: Colour, target: u8) -> bool {
    let on_home = has(tables.colour(home), target);
    // A pushed token lands on the next square, of the other colour; a
    // hopper captures on its home colour, a slasher anywhere.
    (!on_home && pushed_onto_home(tables, cubes, target))
        || (on_home && hopped(tables, cubes, target))
        || slashed(tables, cubes, target)
}

/// Whether a pusher could push `target` one square on: a line of tokens
/// from the pusher's neighbour through `target`, ending at an empty
/// square on the board.
pub fn pushed_onto_home(tables: &Tables, cubes: &Attackers, target: u8) -> bool {
    (0..4).any(|d| {
        let mut ahead = tables.orth[target as usize][d];
        while has(cubes.occupied, ahead) {
            ahead = tables.orth[ahead as usize][d];
        }
        if ahead == NONE {
            return false;
        }
        let back = opposite(d);
        let mut behind = tables.orth[target as usize][back];
        while has(cubes.occupied, behind) {
            if has(cubes.pushers, behind) {
                return true;
            }
            behind = tables.orth[behind as usize][back];
        }
        false
    })
}

/// Whether a hopper's chain could jump `target`.
fn hopped(tables: &Tables, cubes: &Attackers, target: u8) -> bool {
    let mut hoppers = cubes.hoppers;
    while hoppers != 0 {
        let start = hoppers.trailing_zeros() as u8;
        hoppers &= hoppers - 1;
        let jumpable = cubes.occupied & !(1 << start);
        let mut reached = 1u64 << start;
        let mut frontier = reached;
        while frontier != 0 {
            let at = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for d in 0..4 {
                let over = tables.orth[at][d];
                if !has(jumpable, over) {
                    continue;
                }
                for e in (0..4).filter(|e| *e != opposite(d)) {
                    let to = tables.orth[over as usize][e];
                    if to == NONE || has(cubes.occupied, to) {
                        continue;
                    }
                    if over == target {
                        return true;
                    }
                    if !has(reached, to) {
                        reached |= 1 << to;
                        frontier |= 1 << to;
                    }
                }
            }
        }
    }
    false
}

/// Whether a slasher's chain could jump `target` (across the edges too).
fn slashed(tables: &Tables, cubes: &Attackers, target: u8) -> bool {
    let mut slashers = cubes.slashers;
    while slashers != 0 {
        let start = slashers.trailing_zeros() as u8;
        slashers &= slashers - 1;
        let jumpable = cubes.occupied & !(1 << start);
        let mut reached = 1u64 << start;
        let mut frontier = reached;
        while frontier != 0 {
            let at = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for d in 0..4 {
                let over = tables.diag[at][d];
                let to = tables.diag[over as usize][d];
                if !has(jumpable, over) || has(cubes.occupied, to) {
                    continue;
                }
                if over == target {
                    return true;
                }
                if !has(reached, to) {
                    reached |= 1 << to;
                    frontier |= 1 << to;
                }
            }
        }
    }
    false
}
