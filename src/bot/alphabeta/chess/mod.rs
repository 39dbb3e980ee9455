//! The alpha-beta search of orthodox chess, on the bitboard engine of
//! `rules::chess` (copy-make: [`Position::play`] gives the next position;
//! moves are generated legal, into a list on the stack).
//!
//! Iterative deepening of a negamax principal-variation search:
//!
//! - a transposition table under Zobrist keys (`table.rs`), whose best move
//!   is tried first and whose bounds cut where the depth suffices;
//! - move ordering: the table's move, captures by most valuable victim and
//!   least valuable attacker, queen promotions, two killer moves a ply, and
//!   the history of quiet moves that cut;
//! - quiescence on captures (and on every move out of check) at the
//!   leaves, standing pat on the evaluation, skipping captures that cannot
//!   reach alpha and those of a defended piece by a worthier one;
//! - a check extends the line by one ply;
//! - null-move pruning (not in check, not with pawns and king alone: the
//!   zugzwang cases), reverse futility near the leaves, and late-move
//!   reductions of quiet moves tried late, searched again in full when
//!   they surprise;
//! - a position that repeats one earlier in the game or the line (since
//!   the last capture or pawn move), the fifty-move mark and a dead
//!   position score as a draw; mates are scored by their distance, so the
//!   nearer is preferred.
//!
//! The evaluation is `chess_eval.rs`. At a losing score the search claims
//! a draw when the rules allow one.

mod tree;

use self::tree::Searcher;

use arrayvec::ArrayVec;
use rand::Rng;
use rand::rngs::StdRng;

use super::table::{Bound, Table, zobrist};
use super::{Limits, MATE, MATE_BOUND, Watch};
use crate::bot::clock::{Clock, Deadline};
use crate::bot::search::Searched;
use crate::bot::{BotError, Budget, Level};
use crate::rules::Seat;
use crate::rules::chess::bitboard::{self, Squares};
use crate::rules::chess::{Chess, ChessAction, Move, Position, Role};

/// The deepest line the search follows (extensions and quiescence
/// included).
const MAX_PLY: usize = 96;
/// The transposition table's size: 2^20 slots of 24 bytes.
const TABLE_BITS: u32 = 20;
/// Below this score the search claims a draw when it may.
const CLAIM_BELOW: i32 = -25;

/// Zobrist keys: a piece of a colour and role on a square; then the side
/// to move, the castling rights (16) and the en passant file (8).
static PIECE_KEYS: [u64; 768] = zobrist(0x00c0_ffee);
static STATE_KEYS: [u64; 25] = zobrist(0x0bad_cafe);

fn zobrist_key(position: &Position) -> u64 {
    let mut key = 0;
    for color in [Seat::White, Seat::Black] {
        for role in Role::ALL {
            let base = (color.index() * 6 + role.index()) * 64;
            for sq in Squares(position.pieces(color, role)) {
                key ^= PIECE_KEYS[base + sq as usize];
            }
        }
    }
    if position.turn() == Seat::Black {
        key ^= STATE_KEYS[0];
    }
    key ^= STATE_KEYS[1 + position.castling_rights().bits() as usize];
    if let Some(ep) = position.en_passant() {
        key ^= STATE_KEYS[17 + ep.file() as usize];
    }
    key
}

fn index(square: crate::rules::chess::Square) -> u8 {
    bitboard::index(square).expect("a chess move stays on the board")
}

/// A move as the table keeps it (never 0).
fn code(mv: &Move) -> u32 {
    let promotion = mv.promotion.map_or(0, |role| role.index() as u32 + 1);
    1 << 16 | promotion << 12 | (index(mv.to) as u32) << 6 | index(mv.from) as u32
}

/// A list of moves with their ordering scores, on the stack.
type Moves = ArrayVec<(Move, i32), 256>;

/// What a move takes, if anything (en passant takes a pawn).
fn victim(position: &Position, mv: &Move) -> Option<Role> {
    let to = index(mv.to);
    position.role_at(to).or_else(|| {
        let pawn = position.role_at(index(mv.from)) == Some(Role::Pawn);
        (pawn && mv.from.file() != mv.to.file()).then_some(Role::Pawn)
    })
}

fn is_quiet(position: &Position, mv: &Move) -> bool {
    mv.promotion.is_none() && victim(position, mv).is_none()
}

/// The keys of the game's positions since its last capture or pawn move,
/// the current one last.
fn game_line(game: &Chess) -> Vec<u64> {
    let mut position = game.start().clone();
    let mut line = vec![zobrist_key(&position)];
    for played in game.moves() {
        let zeroing = position.is_zeroing(&played.mv);
        position = position.play(&played.mv);
        if zeroing {
            line.clear();
        }
        line.push(zobrist_key(&position));
    }
    line
}

/// The search's choice for `seat` in `game`, within `budget` on `clock`
/// (its time from the clock's start; `budget.iterations`, when set, allows
/// that many thousand nodes once two plies are searched, for a choice
/// that does not depend on the machine).
pub(crate) fn run(
    game: &Chess,
    seat: Seat,
    level: Level,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Searched, BotError> {
    let time = Deadline::new(clock, budget.time);
    let position = game.current().clone();
    if game.outcome().is_some() || position.turn() != seat {
        return Err(BotError::NothingToDo);
    }
    let limits = Limits::of(level);
    let mut searcher = Searcher {
        table: Table::new(TABLE_BITS),
        killers: [[0; 2]; MAX_PLY],
        history: vec![0; 2 * 64 * 64],
        line: game_line(game),
        watch: Watch::new(time, budget.iterations.map(|n| u64::from(n) * 1000)),
        limits,
        seed: rng.random(),
    };
    let root_key = zobrist_key(&position);
    let mut moves = searcher.ordered(&position, 0, 0);
    if moves.is_empty() {
        return Err(BotError::NothingToDo);
    }
    // Ordered once as the table would (captures first); then the best of
    // each finished depth goes first.
    moves.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
    // A mate at once is played whatever the clock says: a budget too short
    // for the first depth (a tenth of a few milliseconds at level 1, on a
    // busy machine) must not cost a won game. The test is one move and one
    // reply list per move, counted on the clock like any position.
    if let Some(mate) = moves.iter().position(|(mv, _)| {
        searcher.watch.tick();
        let child = position.play(mv);
        child.checkers() != 0 && !child.has_legal_move()
    }) {
        return Ok(Searched {
            text: time.notation(game, seat, &ChessAction::Move(moves[mate].0)),
            iterations: 0,
            nodes: searcher.watch.nodes(),
        });
    }
    let started = time.elapsed();
    let mut chosen = 0;
    let mut chosen_score = -MATE;
    let mut reached = 0;
    for depth in 1..=limits.max_depth {
        // Past two plies, the node limit of an iteration budget applies.
        searcher.watch.arm_node_limit(depth > 2);
        let Some((best, score, finished)) = searcher.root(&position, root_key, &moves, depth)
        else {
            break;
        };
        chosen = best;
        chosen_score = score;
        if !finished {
            break;
        }
        reached = depth;
        let first = moves.remove(best);
        moves.insert(0, first);
        chosen = 0;
        if score >= MATE_BOUND {
            break;
        }
        // The next depth takes several times this one: do not start it
        // where it cannot finish.
        let spent = time.elapsed().saturating_sub(started);
        if time.left() < spent * 2 {
            break;
        }
    }
    let action = if chosen_score < CLAIM_BELOW && game.claimable().is_some() {
        ChessAction::ClaimDraw
    } else {
        ChessAction::Move(moves[chosen].0)
    };
    Ok(Searched {
        text: time.notation(game, seat, &action),
        iterations: reached as u32,
        nodes: searcher.watch.nodes(),
    })
}

impl Searcher<'_> {
    /// One depth of the root: the index of the best move, its score, and
    /// whether every move was searched. `None`: stopped before the first
    /// move's score.
    fn root(
        &mut self,
        position: &Position,
        root_key: u64,
        moves: &Moves,
        depth: i32,
    ) -> Option<(usize, i32, bool)> {
        let mut alpha = -MATE;
        let beta = MATE;
        let mut best: Option<(usize, i32)> = None;
        let since = self.line.len() - 1;
        for (i, (mv, _)) in moves.iter().enumerate() {
            let child = position.play(mv);
            let child_key = zobrist_key(&child);
            let gives_check = child.checkers() != 0;
            let new_depth = depth - 1 + i32::from(gives_check);
            self.line.push(child_key);
            let child_since = if position.is_zeroing(mv) {
                self.line.len() - 1
            } else {
                since
            };
            let mut score = if i == 0 {
                -self.negamax(
                    &child,
                    child_key,
                    new_depth,
                    1,
                    -beta,
                    -alpha,
                    child_since,
                    true,
                )
            } else {
                -self.negamax(
                    &child,
                    child_key,
                    new_depth,
                    1,
                    -alpha - 1,
                    -alpha,
                    child_since,
                    true,
                )
            };
            if i > 0 && score > alpha && !self.watch.stopped() {
                score = -self.negamax(
                    &child,
                    child_key,
                    new_depth,
                    1,
                    -beta,
                    -alpha,
                    child_since,
                    true,
                );
            }
            self.line.pop();
            if self.watch.stopped() {
                return best.map(|(i, score)| (i, score, false));
            }
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((i, score));
            }
            alpha = alpha.max(score);
        }
        self.table.store(
            root_key,
            best.map_or(0, |(i, _)| code(&moves[i].0)),
            best.map_or(0, |(_, s)| s),
            depth,
            Bound::Exact,
        );
        best.map(|(i, score)| (i, score, true))
    }
}
