//! The leaf evaluation's look past the captures on the board: a
//! quiescence search (captures only, alpha-beta, a few plies) on the
//! bitboard position of one sampled state, standing pat on material and
//! placement. The IS-MCTS scores each new leaf once, without playouts; a
//! static count there takes a queen that a pawn recaptures for a pawn won.
//!
//! Bluff Chess's own win is kept: taking the piece that carries the
//! opponent's alter ego ends the game. Only the alter egos of the sampled
//! state count; a side that has moved in the line may have transferred, so
//! its alter ego is no longer a known target there.

use super::super::chess::worth;
use crate::rules::Seat;
use crate::rules::chess::{Move, Position, Role};
use crate::rules::geometry::Square;

/// How many plies of captures the look follows.
const PLIES: u32 = 4;
/// The score of taking the opponent's alter ego (centipawns): the game.
const WON: f64 = 20_000.0;

/// The board for its side to move, in centipawns, once the captures worth
/// making are made: `egos` are where each side's alter ego is known to be
/// (by [`Seat::index`]), `committed` the piece the side to move must move.
pub(super) fn settled(
    position: &Position,
    egos: [Option<Square>; 2],
    committed: Option<Square>,
) -> f64 {
    search(position, egos, committed, -WON, WON, PLIES)
}

fn search(
    position: &Position,
    egos: [Option<Square>; 2],
    committed: Option<Square>,
    mut alpha: f64,
    beta: f64,
    plies: u32,
) -> f64 {
    let us = position.turn();
    let mut captures: Vec<(Move, Square, f64)> = Vec::new();
    let mut wins = false;
    position.for_each_legal_move(|mv| {
        if committed.is_some_and(|square| mv.from != square) {
            return;
        }
        if let Some(target) = position.captured_square(&mv) {
            if egos[us.other().index()] == Some(target) {
                wins = true;
            }
            let taken = position.piece_at(target).map_or(0.0, |p| worth(p.role));
            let taker = position.piece_at(mv.from).map_or(0.0, |p| worth(p.role));
            captures.push((mv, target, taken * 10.0 - taker));
        }
    });
    if wins {
        return WON;
    }
    let stand = material(position, us);
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    if plies == 0 {
        return alpha;
    }
    captures.sort_by(|a, b| b.2.total_cmp(&a.2));
    for (mv, _, _) in captures {
        let child = position.play(&mv);
        // The mover may have transferred: its alter ego is unknown now.
        let mut after = egos;
        after[us.index()] = None;
        let score = -search(&child, after, None, -beta, -alpha, plies - 1);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Material, pawns' advance and minor pieces towards the centre, for
/// `seat` against its opponent (centipawns).
fn material(position: &Position, seat: Seat) -> f64 {
    let mut score = [0.0f64; 2];
    for (square, piece) in position.pieces_on_board() {
        let (file, rank) = (square.file() as i32, square.rank() as i32);
        let advance = match piece.color {
            Seat::White => rank,
            Seat::Black => 7 - rank,
        };
        let central = 3 - (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2;
        score[piece.color.index()] += worth(piece.role)
            + match piece.role {
                Role::Pawn => 4.0 * advance as f64,
                Role::Knight | Role::Bishop => 8.0 * central as f64,
                _ => 0.0,
            };
    }
    score[seat.index()] - score[seat.other().index()]
}
