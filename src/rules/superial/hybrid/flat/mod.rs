//! The hybrid as a small flat position, copy-made without allocating per
//! action: what the perft counter and the computer's search walk, instead
//! of the chess-like layer's position and the cube engine's board.
//!
//! A [`Node`] is 64 cells of one byte (`0` empty; the low three bits the
//! kind, `1`-`6` pawn knight bishop rook queen king and `7` a plain cube;
//! bit `8` Black's; bits `16`/`32` the aspect `1 2 3` of a cube or of
//! Black's king, which is a piece with an aspect), with sets of squares
//! kept beside them: occupied, Black's, each kind's, the men with an
//! aspect, the kings. Chess men move by attack tables and rays
//! ([`chess`]), cubes by the classic flat board's paths
//! ([`crate::rules::superial::flat`]), check is judged by attack sets and
//! the reverse reach ([`crate::rules::superial::reach`]).
//!
//! The parts: [`chess`] (tables, attacks, the chess men's moves),
//! [`cubes`] (the cubes' captures by flood fills),
//! [`plays`] (every legal play, made), [`count`] (perft).

pub mod chess;
pub mod count;
pub mod cubes;
pub mod plays;

use crate::rules::Seat;
use crate::rules::chesslike::{Kind, Piece, Position};
use crate::rules::geometry::Square;
use crate::rules::superial::board::Aspect;
use crate::rules::superial::flat::{Cells, bit};
use crate::rules::superial::reach::{Attackers, NONE, Tables};

use super::men::Man;

/// The kind codes of a cell's low three bits.
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
pub const CUBE: u8 = 7;
/// The team bit of a cell.
pub const BLACK: u8 = 8;
/// The aspect's place in a cell.
pub const ASPECT_SHIFT: u8 = 4;

/// The castling rights' bits: king's side (the rook of h1), queen's side.
pub const KING_SIDE: u8 = 1;
pub const QUEEN_SIDE: u8 = 2;

/// Squares of the castling men.
pub const E1: u8 = 4;
pub const A1: u8 = 0;
pub const H1: u8 = 7;

/// The kind code of a cell.
pub fn kind(cell: u8) -> u8 {
    cell & 7
}

/// The aspect code of a cell (0 for none).
pub fn aspect(cell: u8) -> u8 {
    (cell >> ASPECT_SHIFT) & 3
}

/// The cell of a man of the layer.
pub fn code(piece: Piece) -> u8 {
    let man = Man(piece);
    let kind = if man.is_cube() {
        CUBE
    } else {
        piece.kind.0 + 1
    };
    let team = if piece.owner == Seat::Black { BLACK } else { 0 };
    let aspect = match man.aspect() {
        None => 0,
        Some(Aspect::Pusher) => 1,
        Some(Aspect::Hopper) => 2,
        Some(Aspect::Slasher) => 3,
    };
    kind | team | aspect << ASPECT_SHIFT
}

/// A position of the hybrid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub cells: [u8; 64],
    pub occupied: u64,
    pub black: u64,
    /// The squares of each kind code (index 0 unused), either team.
    pub kinds: [u64; 8],
    /// The men with an aspect: Black's cubes and its king.
    pub aspected: u64,
    /// White's king and Black's.
    pub kings: u64,
    /// 0 White, 1 Black.
    pub side: usize,
    /// [`KING_SIDE`] and [`QUEEN_SIDE`]: White's castling rights.
    pub castling: u8,
    /// The square a pawn skipped with its double step last action, and
    /// where it stands, or [`NONE`].
    pub skipped: u8,
    pub ep_pawn: u8,
    /// Actions since the last capture or pawn move.
    pub halfmoves: u32,
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

/// The index of a square of the layer.
pub fn index(square: Square) -> u8 {
    square.rank() * 8 + square.file()
}

/// The square of an index.
pub fn square(index: u8) -> Square {
    Square::new(index % 8, index / 8).expect("on the board")
}

impl Node {
    /// The position of the layer, as a node.
    pub fn of(position: &Position) -> Node {
        let mut node = Node {
            cells: [0; 64],
            occupied: 0,
            black: 0,
            kinds: [0; 8],
            aspected: 0,
            kings: 0,
            side: position.turn().index(),
            castling: 0,
            skipped: NONE,
            ep_pawn: NONE,
            halfmoves: position.halfmove_clock(),
        };
        for (square, piece) in position.pieces() {
            node.put(index(square), code(piece));
        }
        let rights = position.castling();
        for (right, rook) in [(KING_SIDE, H1), (QUEEN_SIDE, A1)] {
            if rights.contains(square(rook)) && rights.contains(square(E1)) {
                node.castling |= right;
            }
        }
        node.keep_castling();
        if let Some(ep) = position.en_passant().first() {
            node.skipped = index(ep.skipped);
            node.ep_pawn = index(ep.pawn);
        }
        node
    }

    /// Puts `cell` on `square`, the sets kept.
    pub fn put(&mut self, square: u8, cell: u8) {
        let b = bit(square);
        let old = self.cells[square as usize];
        if old != 0 {
            self.kinds[kind(old) as usize] &= !b;
        }
        self.cells[square as usize] = cell;
        self.occupied &= !b;
        self.black &= !b;
        self.aspected &= !b;
        self.kings &= !b;
        if cell == 0 {
            return;
        }
        self.occupied |= b;
        self.kinds[kind(cell) as usize] |= b;
        if cell & BLACK != 0 {
            self.black |= b;
        }
        if aspect(cell) != 0 {
            self.aspected |= b;
            if kind(cell) != CUBE {
                self.kings |= b;
            }
        } else if kind(cell) == KING {
            self.kings |= b;
        }
    }

    /// The side to act.
    pub fn turn(&self) -> Seat {
        if self.side == 1 {
            Seat::Black
        } else {
            Seat::White
        }
    }

    /// The squares of `seat`'s men.
    pub fn team(&self, seat: Seat) -> u64 {
        match seat {
            Seat::White => self.occupied & !self.black,
            Seat::Black => self.black,
        }
    }

    /// The square of `seat`'s king, if it has one.
    pub fn king(&self, seat: Seat) -> Option<u8> {
        let kings = self.kings & self.team(seat);
        (kings != 0).then(|| kings.trailing_zeros() as u8)
    }

    /// How many men with an aspect Black has (its cubes and its king).
    pub fn cubes(&self) -> u32 {
        self.aspected.count_ones()
    }

    /// Drops the castling rights whose king or rook no longer stands at
    /// home: a right is lost for good once either leaves its square by any
    /// means, and nothing else ever puts a white king or rook there
    /// without one of them having left it.
    pub fn keep_castling(&mut self) {
        let white_king = KING;
        let white_rook = ROOK;
        if self.cells[E1 as usize] != white_king {
            self.castling = 0;
        }
        if self.cells[H1 as usize] != white_rook {
            self.castling &= !KING_SIDE;
        }
        if self.cells[A1 as usize] != white_rook {
            self.castling &= !QUEEN_SIDE;
        }
    }

    /// Ends the side to act's action: the clock (`zeroing` a capture or a
    /// pawn's move), the castling rights, the side.
    pub fn hand_over(&mut self, zeroing: bool) {
        self.halfmoves = if zeroing { 0 } else { self.halfmoves + 1 };
        self.keep_castling();
        self.side ^= 1;
    }

    /// Whether `seat`'s king is in check: the other side, to act, could
    /// capture it.
    pub fn in_check(&self, seat: Seat, tables: &Tables) -> bool {
        let Some(king) = self.king(seat) else {
            return false;
        };
        let enemy = self.team(seat.other());
        if chess::attacked(self, king, enemy, seat.other()) {
            return true;
        }
        match seat {
            Seat::White => {
                let mut cubes = Attackers {
                    occupied: self.occupied,
                    ..Attackers::default()
                };
                let mut aspected = self.aspected;
                while aspected != 0 {
                    let square = aspected.trailing_zeros() as u8;
                    aspected &= aspected - 1;
                    let aspect = match aspect(self.cells[square as usize]) {
                        1 => Aspect::Pusher,
                        2 => Aspect::Hopper,
                        _ => Aspect::Slasher,
                    };
                    cubes.add(square, aspect);
                }
                self::cubes::captures(tables, &cubes, king)
            }
            // Black's king moving as its pawn has just stepped two
            // squares past a white pawn, which could take it en passant.
            Seat::Black => {
                self.ep_pawn == king
                    && kind(self.cells[king as usize]) == PAWN
                    && chess::pawns_beside(self, king) != 0
            }
        }
    }

    /// A 64-bit key of the position: the men, the side, the castling
    /// rights, the en passant square.
    pub fn key(&self) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for chunk in self.cells.chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight cells"));
            hash = (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3);
            hash ^= hash >> 29;
        }
        let extra = self.side as u64 | u64::from(self.castling) << 1 | u64::from(self.skipped) << 3;
        (hash ^ extra).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The kind code of a layer's kind.
pub fn kind_code(kind: Kind) -> u8 {
    kind.0 + 1
}

/// The layer's kind of a kind code (not a cube's).
pub fn layer_kind(code: u8) -> Kind {
    Kind(code - 1)
}
