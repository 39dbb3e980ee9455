//! The classic board as a small flat position, and its generator: what
//! the perft counter (`count`) and the computer's search walk, copy-made
//! without allocating per play.
//!
//! A [`Node`] is 36 cells of one byte each (`0` empty, the low two bits
//! the aspect `1 2 3`, bit `4` Black's team), the occupied squares and
//! Black's as `u64` sets, the side to act, the random moves left and the
//! quiet count. Paths are walked with the neighbour tables of
//! [`super::reach`], chains with `u64` sets of the squares landed on and
//! jumped.

use super::board::{Aspect, Board, Cube};
use super::position::read_placement;
use super::reach::{NONE, Tables, opposite};
use super::settings::SIZE;
use crate::rules::Seat;

pub const AREA: usize = (SIZE as usize) * (SIZE as usize);
/// The team bit of a cell.
pub const BLACK: u8 = 4;

/// A position of the counted tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub cells: [u8; AREA],
    pub occupied: u64,
    pub black: u64,
    /// 0 White, 1 Black.
    pub side: usize,
    pub random_left: [u8; 2],
    pub quiet: u32,
}

pub fn code(cube: Cube) -> u8 {
    let aspect = match cube.aspect {
        Aspect::Pusher => 1,
        Aspect::Hopper => 2,
        Aspect::Slasher => 3,
    };
    match cube.team {
        Seat::White => aspect,
        Seat::Black => aspect | BLACK,
    }
}

pub fn bit(square: u8) -> u64 {
    1 << square
}

impl Node {
    pub fn new(board: &Board, side: Seat, random_left: [u8; 2], quiet: u32) -> Node {
        let mut node = Node {
            cells: [0; AREA],
            occupied: 0,
            black: 0,
            side: side.index(),
            random_left,
            quiet,
        };
        for (square, cube) in board.tokens() {
            node.put(square.rank() * SIZE + square.file(), code(cube));
        }
        node
    }

    pub fn put(&mut self, square: u8, cell: u8) {
        let b = bit(square);
        self.cells[square as usize] = cell;
        if cell == 0 {
            self.occupied &= !b;
            self.black &= !b;
        } else {
            self.occupied |= b;
            if cell & BLACK != 0 {
                self.black |= b;
            } else {
                self.black &= !b;
            }
        }
    }

    /// The squares of the side to act's team.
    pub fn own(&self) -> u64 {
        if self.side == 1 {
            self.black
        } else {
            self.occupied & !self.black
        }
    }

    /// The repetition key: the cells, the side, the random moves left.
    pub fn key(&self) -> u128 {
        let mut key = 0u128;
        for &cell in &self.cells {
            key = key << 3 | u128::from(cell);
        }
        key = key << 1 | self.side as u128;
        key = key << 4 | u128::from(self.random_left[0]);
        key << 4 | u128::from(self.random_left[1])
    }

    /// The side to act's home colour's squares: where its cubes may not
    /// change aspect, and where its pushers and hoppers capture.
    pub fn home(&self, tables: &Tables) -> u64 {
        if self.side == 1 {
            tables.black
        } else {
            tables.all() & !tables.black
        }
    }

    /// The position after the side to act's play, `captured` whether it
    /// captured.
    pub fn handed_over(mut self, captured: bool) -> Node {
        self.side ^= 1;
        self.quiet = if captured { 0 } else { self.quiet + 1 };
        self
    }
}

/// How a path changes the board besides moving its cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// A step or two-square move: nothing else changes.
    Plain,
    /// A pusher's step in direction `d`, pushing the line ahead.
    Push(usize),
    /// A chain: the squares it captures.
    Chain(u64),
}

/// Calls `found` with the landing square of each path of the cube on
/// `from` (every prefix of a chain is a path).
pub fn paths(node: &Node, tables: &Tables, from: u8, found: &mut impl FnMut(u8, Path)) {
    let cell = node.cells[from as usize];
    let enemy = if cell & BLACK != 0 {
        node.occupied & !node.black
    } else {
        node.black
    };
    let men = Men {
        occupied: node.occupied,
        enemy,
        home: node.home(tables),
    };
    cube_paths(tables, cell & 3, from, men, found);
}

/// What a cube's paths are judged by: every occupied square, the enemy's,
/// and the cube's home colour's (where its pushers and hoppers capture).
#[derive(Clone, Copy, Debug)]
pub struct Men {
    pub occupied: u64,
    pub enemy: u64,
    pub home: u64,
}

/// Calls `found` with the landing square of each path of a cube of
/// `aspect` (1 pusher, 2 hopper, 3 slasher) on `from`, among `men`: the
/// classic board's and the hybrid's alike.
pub fn cube_paths(
    tables: &Tables,
    aspect: u8,
    from: u8,
    men: Men,
    found: &mut impl FnMut(u8, Path),
) {
    // The start is empty while the cube is under way.
    let occupied = men.occupied & !bit(from);
    let at = from as usize;
    match aspect {
        1 => {
            for d in 0..4 {
                let to = tables.orth[at][d];
                let mut end = to;
                while end != NONE && occupied & bit(end) != 0 {
                    end = tables.orth[end as usize][d];
                }
                if end != NONE {
                    found(to, Path::Push(d));
                }
            }
        }
        2 => {
            for d in 0..4 {
                let middle = tables.orth[at][d];
                if middle == NONE || occupied & bit(middle) != 0 {
                    continue;
                }
                let to = tables.orth[middle as usize][d];
                if to != NONE && occupied & bit(to) == 0 {
                    found(to, Path::Plain);
                }
            }
            let captures = men.enemy & men.home;
            let chain = Chain {
                tables,
                leg: Leg::Hop,
                occupied,
                captures,
            };
            chain.on(from, bit(from), 0, found);
        }
        _ => {
            for d in 0..4 {
                let to = tables.diag[at][d];
                if occupied & bit(to) == 0 {
                    found(to, Path::Plain);
                }
            }
            let chain = Chain {
                tables,
                leg: Leg::Slash,
                occupied,
                captures: men.enemy,
            };
            chain.on(from, bit(from), 0, found);
        }
    }
}

/// How one leg of a chain jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leg {
    /// Orthogonally over an occupied square not yet jumped, on in any
    /// direction but back, on the flat board.
    Hop,
    /// Diagonally over an occupied square (jumped before or not), straight
    /// on, across the edges.
    Slash,
}

/// A hopper's or slasher's chains: `captures` are the jumps that capture.
struct Chain<'a> {
    tables: &'a Tables,
    leg: Leg,
    occupied: u64,
    captures: u64,
}

impl Chain<'_> {
    /// The chains on from `at`, having landed on `visited` and jumped
    /// `jumped`: each leg lands on an empty square not yet landed on.
    fn on(&self, at: u8, visited: u64, jumped: u64, found: &mut impl FnMut(u8, Path)) {
        let neighbours = match self.leg {
            Leg::Hop => &self.tables.orth,
            Leg::Slash => &self.tables.diag,
        };
        for d in 0..4 {
            let over = neighbours[at as usize][d];
            if over == NONE
                || self.occupied & bit(over) == 0
                || (self.leg == Leg::Hop && jumped & bit(over) != 0)
            {
                continue;
            }
            for (e, &to) in neighbours[over as usize].iter().enumerate() {
                let turns = match self.leg {
                    Leg::Hop => e == opposite(d),
                    Leg::Slash => e != d,
                };
                if turns || to == NONE || (self.occupied | visited) & bit(to) != 0 {
                    continue;
                }
                let jumped = jumped | bit(over);
                found(to, Path::Chain(jumped & self.captures));
                self.on(to, visited | bit(to), jumped, found);
            }
        }
    }
}

/// A flat board the cube engine's plays are made on: the classic game's
/// [`Node`] and the hybrid's.
pub trait Cells: Copy {
    /// The team bit of a cell: set for Black's men.
    const TEAM: u8;
    fn cell(&self, square: u8) -> u8;
    fn put(&mut self, square: u8, cell: u8);
    fn occupied(&self) -> u64;
}

impl Cells for Node {
    const TEAM: u8 = BLACK;

    fn cell(&self, square: u8) -> u8 {
        self.cells[square as usize]
    }

    fn put(&mut self, square: u8, cell: u8) {
        Node::put(self, square, cell);
    }

    fn occupied(&self) -> u64 {
        self.occupied
    }
}

/// The board after the cube on `from` takes `path` to `to` (its aspect
/// unchanged, the side not yet handed over), `home` the mover's home
/// colour's squares, and the squares of the men it captured (turned over
/// to its team).
pub fn moved<N: Cells>(
    node: &N,
    tables: &Tables,
    home: u64,
    from: u8,
    to: u8,
    path: Path,
) -> (N, u64) {
    let mut next = *node;
    let cell = node.cell(from);
    next.put(from, 0);
    let captured = match path {
        Path::Plain => 0,
        Path::Chain(captures) => {
            let mut rest = captures;
            while rest != 0 {
                let square = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                next.put(square, next.cell(square) ^ N::TEAM);
            }
            captures
        }
        Path::Push(d) => {
            // The far end first, so that no man is overwritten.
            let mut end = to;
            while next.occupied() & bit(end) != 0 {
                end = tables.orth[end as usize][d];
            }
            let back = opposite(d);
            let mut captured = 0;
            while end != to {
                let behind = tables.orth[end as usize][back];
                let mut pushed = next.cell(behind);
                if home & bit(end) != 0 && (pushed & N::TEAM) != (cell & N::TEAM) {
                    pushed ^= N::TEAM;
                    captured |= bit(end);
                }
                next.put(end, pushed);
                end = behind;
            }
            captured
        }
    };
    next.put(to, cell);
    (next, captured)
}

/// Whether the side to act has a legal action (a random move left, a cube
/// off its home colour, or a cube with a path).
pub fn can_act(node: &Node, tables: &Tables) -> bool {
    if node.random_left[node.side] > 0 || node.own() & !node.home(tables) != 0 {
        return true;
    }
    let mut own = node.own();
    while own != 0 {
        let from = own.trailing_zeros() as u8;
        own &= own - 1;
        let mut any = false;
        paths(node, tables, from, &mut |_, _| any = true);
        if any {
            return true;
        }
    }
    false
}

impl Node {
    /// The side to act.
    pub fn side(&self) -> Seat {
        if self.side == 1 {
            Seat::Black
        } else {
            Seat::White
        }
    }
}

/// A repetition key as the game writes it (`PLACEMENT SIDE WHITE/BLACK`),
/// as a node's key.
///
/// # Panics
/// On a key the game did not write.
pub fn read_key(text: &str) -> u128 {
    let fields: Vec<&str> = text.split(' ').collect();
    let [placement, side, random] = fields[..] else {
        panic!("a repetition key: {text:?}");
    };
    let board = read_placement(placement).expect("a key's placement");
    let side = if side == Seat::White.name() {
        Seat::White
    } else {
        Seat::Black
    };
    let (white, black) = random.split_once('/').expect("a key's random moves");
    let random_left = [
        white.parse().expect("a count"),
        black.parse().expect("a count"),
    ];
    Node::new(&board, side, random_left, 0).key()
}
