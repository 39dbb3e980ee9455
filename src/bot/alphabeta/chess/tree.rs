//! The chess search below the root: the negamax with its table, ordering,
//! extensions and pruning, and the quiescence search at its leaves.

use super::super::chess_eval::{evaluate, worth};
use super::super::table::{Bound, Table};
use super::super::{Limits, MATE, MATE_BOUND, Watch};
use super::{MAX_PLY, Moves, code, index, is_quiet, victim, zobrist_key};
use crate::rules::chess::{Move, Position, Role};

pub(super) struct Searcher<'a> {
    pub(super) table: Table,
    pub(super) killers: [[u32; 2]; MAX_PLY],
    /// Quiet moves' cut-offs: by side, from-square and to-square.
    pub(super) history: Vec<i32>,
    /// The keys of the positions of the game (since its last capture or
    /// pawn move) and of the line searched, the current one last.
    pub(super) line: Vec<u64>,
    pub(super) watch: Watch<'a>,
    pub(super) limits: Limits,
    /// The seed of the evaluation's noise (weaker levels).
    pub(super) seed: u64,
}

impl Searcher<'_> {
    pub(super) fn evaluate(&self, position: &Position, key: u64) -> i32 {
        evaluate(position) + self.limits.noise_for(key ^ self.seed)
    }

    /// Whether the current position (the line's last) stands earlier in
    /// the line, with the same side to move, since `since`.
    pub(super) fn repeats(&self, since: usize) -> bool {
        let last = self.line.len() - 1;
        let key = self.line[last];
        let mut at = last;
        while at >= since + 2 {
            at -= 2;
            if self.line[at] == key {
                return true;
            }
        }
        false
    }

    /// The moves of `position` ordered: best first is left to the caller
    /// (it picks the highest score each time).
    pub(super) fn ordered(&self, position: &Position, best: u32, ply: usize) -> Moves {
        let mut moves = Moves::new();
        position.for_each_legal_move(|mv| moves.push((mv, 0)));
        let side = position.turn().index();
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        for (mv, score) in moves.iter_mut() {
            let coded = code(mv);
            *score = if coded == best {
                1 << 30
            } else if let Some(taken) = victim(position, mv) {
                let mover = position.role_at(index(mv.from)).unwrap_or(Role::Pawn);
                1_000_000 + 8 * worth(taken) - worth(mover) / 8
            } else if mv.promotion == Some(Role::Queen) {
                900_000
            } else if mv.promotion.is_some() {
                -1_000_000
            } else if coded == killers[0] {
                800_000
            } else if coded == killers[1] {
                790_000
            } else {
                self.history[(side * 64 + index(mv.from) as usize) * 64 + index(mv.to) as usize]
            };
        }
        moves
    }

    pub(super) fn reward(&mut self, position: &Position, mv: &Move, depth: i32, ply: usize) {
        let coded = code(mv);
        let killers = &mut self.killers[ply.min(MAX_PLY - 1)];
        if killers[0] != coded {
            killers[1] = killers[0];
            killers[0] = coded;
        }
        let side = position.turn().index();
        let slot = (side * 64 + index(mv.from) as usize) * 64 + index(mv.to) as usize;
        self.history[slot] += depth * depth;
        if self.history[slot] > 400_000 {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// The negamax value of the line's last position, `position`, searched
    /// `depth` plies deep within (alpha, beta).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        position: &Position,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        since: usize,
        null_allowed: bool,
    ) -> i32 {
        if self.watch.tick() {
            return 0;
        }
        if self.repeats(since)
            || position.halfmove_clock() >= 100
            || position.is_insufficient_material()
        {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, key);
        }
        let in_check = position.checkers() != 0;
        if depth <= 0 && !in_check {
            return self.quiescence(position, key, ply, alpha, beta);
        }
        let depth = depth.max(1);
        let pv = beta - alpha > 1;
        let stored = self.table.probe(key);
        if let Some(entry) = stored
            && !pv
            && i32::from(entry.depth) >= depth
        {
            let score = from_table(entry.score, ply);
            let cuts = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cuts {
                return score;
            }
        }
        let side = position.turn();
        if !in_check && !pv && beta.abs() < MATE_BOUND {
            let standing = self.evaluate(position, key);
            // Reverse futility: far above beta near the leaves.
            if depth <= 3 && standing - 120 * depth >= beta {
                return standing;
            }
            let pieces = position.pieces(side, Role::Knight)
                | position.pieces(side, Role::Bishop)
                | position.pieces(side, Role::Rook)
                | position.pieces(side, Role::Queen);
            if null_allowed
                && depth >= 3
                && standing >= beta
                && pieces != 0
                && let Some(passed) = position.passed()
            {
                let reduction = if depth >= 6 { 3 } else { 2 };
                let passed_key = zobrist_key(&passed);
                self.line.push(passed_key);
                let since = self.line.len() - 1;
                let score = -self.negamax(
                    &passed,
                    passed_key,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    since,
                    false,
                );
                self.line.pop();
                if self.watch.stopped() {
                    return 0;
                }
                if score >= beta {
                    return beta;
                }
            }
        }
        let mut moves = self.ordered(position, stored.map_or(0, |e| e.best), ply);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let original_alpha = alpha;
        let mut best_score = -MATE;
        let mut best_move = 0;
        for tried in 0..moves.len() {
            let (mv, _) = take_best(&mut moves, tried);
            let quiet = is_quiet(position, &mv);
            let child = position.play(&mv);
            let child_key = zobrist_key(&child);
            let gives_check = child.checkers() != 0;
            let extension = i32::from(gives_check);
            let new_depth = depth - 1 + extension;
            self.line.push(child_key);
            let child_since = if quiet && position.role_at(index(mv.from)) != Some(Role::Pawn) {
                since
            } else {
                self.line.len() - 1
            };
            let search = |me: &mut Self, depth: i32, alpha: i32, beta: i32| {
                -me.negamax(
                    &child,
                    child_key,
                    depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    child_since,
                    true,
                )
            };
            let score = if tried == 0 {
                search(self, new_depth, alpha, beta)
            } else {
                let killer = self.killers[ply.min(MAX_PLY - 1)].contains(&code(&mv));
                let reduction =
                    if depth >= 3 && tried >= 3 && quiet && !in_check && !gives_check && !killer {
                        (1 + i32::from(tried >= 8) + i32::from(depth >= 8)).min(new_depth - 1)
                    } else {
                        0
                    };
                let mut score = search(self, new_depth - reduction, alpha, alpha + 1);
                if score > alpha && reduction > 0 {
                    score = search(self, new_depth, alpha, alpha + 1);
                }
                if score > alpha && score < beta {
                    score = search(self, new_depth, alpha, beta);
                }
                score
            };
            self.line.pop();
            if self.watch.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = code(&mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.reward(position, &mv, depth, ply);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, best_move, to_table(best_score, ply), depth, bound);
        best_score
    }

    /// Captures (all moves in check) until the position is quiet.
    pub(super) fn quiescence(
        &mut self,
        position: &Position,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.watch.tick() {
            return 0;
        }
        if position.is_insufficient_material() {
            return 0;
        }
        let in_check = position.checkers() != 0;
        let standing = self.evaluate(position, key);
        if ply >= MAX_PLY - 1 {
            return standing;
        }
        if !in_check {
            if standing >= beta {
                return standing;
            }
            alpha = alpha.max(standing);
        }
        let mut moves = self.ordered(position, 0, ply);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let enemy = position.turn().other();
        let mut best = if in_check {
            -MATE + ply as i32
        } else {
            standing
        };
        for tried in 0..moves.len() {
            let (mv, _) = take_best(&mut moves, tried);
            if !in_check {
                let taken = victim(position, &mv);
                // Captures and queen promotions only.
                if taken.is_none() && mv.promotion != Some(Role::Queen) {
                    continue;
                }
                if let Some(taken) = taken
                    && mv.promotion.is_none()
                {
                    // Cannot reach alpha even if it wins the piece.
                    if standing + worth(taken) + 200 < alpha {
                        continue;
                    }
                    // A defended piece taken by a worthier one: likely a loss.
                    let mover = position.role_at(index(mv.from)).unwrap_or(Role::Pawn);
                    if worth(mover) > worth(taken)
                        && position.attackers(index(mv.to), enemy, position.occupied()) != 0
                    {
                        continue;
                    }
                }
            }
            let child = position.play(&mv);
            let child_key = zobrist_key(&child);
            let score = -self.quiescence(&child, child_key, ply + 1, -beta, -alpha);
            if self.watch.stopped() {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// Swaps the best-scored of `moves[from..]` into `from` and returns it.
pub(super) fn take_best(moves: &mut Moves, from: usize) -> (Move, i32) {
    let mut best = from;
    for i in from + 1..moves.len() {
        if moves[i].1 > moves[best].1 {
            best = i;
        }
    }
    moves.swap(from, best);
    moves[from]
}

/// A mate score as the table keeps it: counted from the position, not the
/// root.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
