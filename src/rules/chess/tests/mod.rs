//! Tests of the chess engine and game, with shared helpers (`Rng` and `sq`
//! serve the variants' tests too).

mod draws;
mod game;
mod notation;
mod perft;
mod position;

use crate::rules::chess::{Move, Position};
use crate::rules::geometry::Square;

/// A tiny deterministic PRNG (xorshift64*), so random tests repeat exactly.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub(crate) fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name:?}"))
}

pub(super) fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub(super) fn uci(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Positions the tests start random walks from: the start and the perft
/// positions (castling, en passant, promotions, pins).
pub(super) const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// `count` positions met on random legal walks from [`STARTS`].
pub(super) fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut position = pos(STARTS[rng.below(STARTS.len())]);
        let plies = 1 + rng.below(120);
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play(&moves[rng.below(moves.len())]);
            if rng.below(4) == 0 {
                out.push(position.clone());
            }
        }
        out.push(position);
    }
    out.truncate(count);
    out
}
