//! The leaf evaluation: what each side's position is worth in true chips,
//! once the Reality Checks on the board are played out.
//!
//! The IS-MCTS scores each new leaf once, without playouts. A static count
//! there misses what the side to move does next: a known true chip that an
//! enemy true chip attacks, with the enemy to move, is as good as gone, and
//! a Reality Check that removes a true chip opens the capturer (shown both
//! faces) to one back. So the leaf looks a few plies deep at the Reality
//! Checks alone (a true capturer on a true target of the sampled state:
//! the only captures that remove a chip), alpha-beta, each side free to
//! stand pat on the static worth.
//!
//! A target's truth comes from the sampled state, where the actor would
//! only be guessing: a removal of a chip not known true to both (not
//! shown since it left a hand) counts for [`GUESSED`] of a chip. That is
//! the enemy's guess at the seat's own chips, which every sample shows
//! it, and it keeps the seat's own search from taking, in every sample, the
//! one check that happens to hit there.

use crate::rules::Seat;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::reality::RealityCheck;
use crate::rules::reality::board::{ChipId, Face, Grid};

/// How many plies of Reality Checks the look follows.
const PLIES: u32 = 3;

/// What a removal by Reality Check of a chip not known true is worth, in
/// true chips: the checker guesses, and a wrong guess shows its capturer.
pub(super) const GUESSED: f64 = 0.5;

/// The most a score can be (the search's window).
const BOUND: f64 = 100.0;

/// A chip on the board, as the look needs it.
#[derive(Clone, Copy, Debug)]
struct Piece {
    id: ChipId,
    square: Square,
    up: Face,
    public: bool,
}

/// The parts of a state the evaluation reads, cheap to copy and change.
#[derive(Clone, Debug)]
pub(super) struct Board {
    geometry: &'static Geometry,
    pieces: Vec<Piece>,
    /// Each side's true chips in play (board, hand or awaiting a keep).
    trues: [usize; 2],
    /// What each side keeps of true chips the look removed on a guess.
    kept: [f64; 2],
    /// Each side's chips in hand.
    hand: [usize; 2],
    /// Who acts.
    side: Seat,
}

impl Board {
    pub(super) fn of(game: &RealityCheck) -> Board {
        Board {
            geometry: game.settings().shape.geometry(),
            pieces: game
                .chips_on_board()
                .map(|(id, square)| {
                    let chip = game.chip_of(id);
                    Piece {
                        id,
                        square,
                        up: chip.up,
                        public: chip.public,
                    }
                })
                .collect(),
            trues: Seat::BOTH.map(|s| game.true_chips_in_play(s)),
            kept: [0.0; 2],
            hand: Seat::BOTH.map(|s| game.hand_of(s).len()),
            side: game.side(),
        }
    }

    fn grid(&self) -> Grid<'static> {
        Grid::new(self.geometry, self.pieces.iter().map(|p| (p.id, p.square)))
    }

    fn piece_on(&self, square: Square) -> Option<usize> {
        self.pieces.iter().position(|p| p.square == square)
    }

    /// The true chips left to `seat`, a chip removed on a guess counted for
    /// the share of it the guess may have missed.
    fn true_worth(&self, seat: Seat) -> f64 {
        self.trues[seat.index()] as f64 + self.kept[seat.index()]
    }
}

/// The position for `seat`, in true chips (positive: `seat` is ahead),
/// once the side to move has made the Reality Checks worth making.
pub(super) fn settled(board: &Board, seat: Seat) -> f64 {
    let score = search(board, -BOUND, BOUND, PLIES);
    if board.side == seat { score } else { -score }
}

/// The side to move's score: the better of standing pat and each Reality
/// Check that removes a chip, the enemy then answering alike.
fn search(board: &Board, mut alpha: f64, beta: f64, plies: u32) -> f64 {
    let us = board.side;
    let grid = board.grid();
    let stand = worth(board, &grid, us) - worth(board, &grid, us.other());
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    if plies == 0 {
        return alpha;
    }
    for checker in 0..board.pieces.len() {
        let piece = board.pieces[checker];
        if piece.id.seat != us || !piece.id.kind.is_true() {
            continue;
        }
        let (_, takes) = grid.reach(piece.square, piece.up);
        for to in takes {
            let Some(target) = grid.at(to) else { continue };
            if target.seat == us || !target.kind.is_true() {
                continue;
            }
            let child = removed(board, checker, to);
            let score = -search(&child, -beta, -alpha, plies - 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
    }
    alpha
}

/// `board` after the chip `checker` removes the true chip on `to` by a
/// Reality Check: the target leaves play, the capturer stands on its square
/// shown both faces, and the other side acts.
fn removed(board: &Board, checker: usize, to: Square) -> Board {
    let mut child = board.clone();
    let target = child.piece_on(to).expect("a target on the square");
    let victim = child.pieces[target];
    let owner = victim.id.seat.index();
    child.trues[owner] -= 1;
    if !victim.public {
        child.kept[owner] += 1.0 - GUESSED;
    }
    child.pieces[checker].square = to;
    child.pieces[checker].public = true;
    child.pieces.swap_remove(target);
    child.side = board.side.other();
    child
}

/// A face's reach, roughly: what a chip showing it is worth on the board.
fn reach(face: Face) -> f64 {
    match face {
        Face::P => 1.0,
        Face::N => 3.0,
        Face::B => 3.0,
        Face::R => 5.0,
    }
}

/// `seat`'s side of the position, in true chips: those in play, the
/// threats among true chips (a true chip attacking an enemy true chip can
/// remove it with a Reality Check), less for each true chip the enemy
/// knows is true (a target), a little for the faces' reach, and a little
/// against a hand at or over its limit. With the enemy to move, the best
/// chip it can take counts as taken (back in the hand, its reach gone): a
/// chip dropped or moved where it is taken at once gains nothing.
fn worth(board: &Board, grid: &Grid, seat: Seat) -> f64 {
    let trues = board.true_worth(seat);
    let enemy_moves = board.side != seat;
    let mut threats = 0.0f64;
    let mut faces = 0.0;
    let mut known = 0.0;
    let mut exposed = 0.0f64;
    for piece in &board.pieces {
        let id = piece.id;
        if id.seat == seat {
            faces += reach(piece.up);
            if !id.kind.is_true() {
                continue;
            }
            if piece.public {
                known += 1.0;
            }
        } else if !enemy_moves {
            continue;
        }
        let (_, takes) = grid.reach(piece.square, piece.up);
        for to in takes {
            let Some(target) = grid.at(to) else { continue };
            if id.seat == seat {
                if target.seat != seat && target.kind.is_true() {
                    threats += 1.0;
                }
            } else if target.seat == seat {
                let up = board.pieces[board.piece_on(to).expect("a chip on it")].up;
                exposed = exposed.max(reach(up));
            }
        }
    }
    let taken = if exposed > 0.0 { 1.0 } else { 0.0 };
    let press = if trues > board.true_worth(seat.other()) {
        pressure(board, seat)
    } else {
        0.0
    };
    let hand = board.hand[seat.index()] as f64 + taken;
    let limit = board.trues[seat.index()].saturating_sub(1) as f64;
    let crowded = (hand - limit + 1.0).max(0.0);
    trues + 0.25 * threats.min(2.0) + 0.02 * (faces - exposed) - 0.1 * crowded - 0.15 * known
        + press
}

/// For the side ahead in true chips, how close its true chips on the board
/// come to the enemy's (0 to 0.1): the lead is pressed home rather than
/// left to the move cap.
fn pressure(board: &Board, seat: Seat) -> f64 {
    let trues = |side: Seat| {
        board
            .pieces
            .iter()
            .filter(move |p| p.id.seat == side && p.id.kind.is_true())
            .map(|p| p.square)
    };
    let nearest = trues(seat)
        .flat_map(|a| {
            trues(seat.other()).map(move |b| {
                let file = (i32::from(a.file()) - i32::from(b.file())).abs();
                let rank = (i32::from(a.rank()) - i32::from(b.rank())).abs();
                file.max(rank)
            })
        })
        .min();
    match nearest {
        Some(distance) => 0.1 * (8 - distance.min(8)) as f64 / 8.0,
        None => 0.0,
    }
}
