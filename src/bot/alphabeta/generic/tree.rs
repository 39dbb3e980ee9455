//! The tree below the root: a principal-variation negamax with a
//! transposition table, move ordering and late-move reductions, and a
//! quiescence search on the game's noisy actions at its leaves.

use std::collections::HashMap;

use super::super::table::{Bound, Table};
use super::super::{Limits, MATE, MATE_BOUND, Watch};
use super::Searchable;
use crate::bot::Standing;
use crate::bot::clock::{Deadline, Work};
use crate::rules::{Entropy, GameResult, Seat};

/// The deepest line, the quiescence search included.
pub(super) const MAX_PLY: usize = 48;
/// The evaluation's [0, 1] stretched to these units either side of even.
pub(super) const SCALE: f64 = 2000.0;
/// The key of the same position with the other seat to act.
const OTHER_ACTOR: u64 = 0x5bd1_e995_3c6e_f372;
/// Late-move reductions: from this depth, after this many actions tried.
const REDUCE_FROM_DEPTH: i32 = 3;
const REDUCE_AFTER: usize = 4;

/// Ranks in the move ordering (bigger first): above any evaluation.
const KILLER_RANK: i32 = 4 * SCALE as i32;
const NOISY_RANK: i32 = 8 * SCALE as i32;

pub(super) struct Searcher<'a, G: Searchable> {
    pub time: Deadline<'a>,
    pub watch: Watch<'a>,
    pub table: Table,
    pub killers: Vec<[Option<G::Key>; 2]>,
    /// How often each action cut a search off, weighted by depth.
    pub history: HashMap<G::Key, i32>,
    pub entropy: Entropy,
    pub limits: Limits,
    /// Mixed into a position's key for its noise (weaker levels).
    pub seed: u64,
    pub choices: Vec<Vec<G::Action>>,
}

impl<G: Searchable> Searcher<'_, G> {
    /// The state after `actor` plays `action`, told to the clock.
    pub fn advance(&mut self, state: &G, actor: Seat, action: &G::Action) -> G {
        let next = state.advance(actor, action, &mut self.entropy);
        self.time.worked(Work::Played);
        next
    }

    /// `actor`'s choices in `state`, into `into`, told to the clock.
    fn choices_into(&self, state: &G, actor: Seat, into: &mut Vec<G::Action>) {
        state.choices_into(actor, into);
        self.time.worked(Work::Listed(into.len()));
    }

    /// The table's key of `state` with `actor` to act.
    pub fn key(&self, state: &G, actor: Seat) -> u64 {
        let key = state.search_key();
        match actor {
            Seat::White => key,
            Seat::Black => key ^ OTHER_ACTOR,
        }
    }

    /// `state` for `actor`, in the search's units: the game's result, or
    /// its evaluation (with the level's noise, fixed for the position).
    pub fn score(&mut self, state: &G, actor: Seat, ply: usize) -> i32 {
        match state.standing() {
            Standing::Over(result) => terminal(result, actor, ply),
            Standing::Acts(_) | Standing::Waiting => {
                let value = state.evaluate(actor);
                self.time.worked(Work::Evaluated);
                let noise = if self.limits.noise == 0 {
                    0
                } else {
                    self.limits.noise_for(self.key(state, actor) ^ self.seed)
                };
                ((value - 0.5) * SCALE) as i32 + noise
            }
        }
    }

    /// The value for `actor` of `child` (a state after `actor`'s action),
    /// searched `depth` plies more within (alpha, beta) for `actor`; at
    /// depth 0, its quiescence.
    #[allow(clippy::too_many_arguments)]
    pub fn value(
        &mut self,
        child: &G,
        actor: Seat,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match child.standing() {
            Standing::Acts(next) => {
                let search = |this: &mut Self, alpha, beta| {
                    if depth > 0 && ply < MAX_PLY {
                        this.negamax(child, next, depth, ply, alpha, beta)
                    } else {
                        this.quiesce(child, next, ply, alpha, beta, 0)
                    }
                };
                if next == actor {
                    search(self, alpha, beta)
                } else {
                    -search(self, -beta, -alpha)
                }
            }
            _ => self.score(child, actor, ply),
        }
    }

    /// The value for `actor`, who acts in `state`, searched `depth` plies.
    pub fn negamax(
        &mut self,
        state: &G,
        actor: Seat,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.watch.tick() {
            return 0;
        }
        let key = self.key(state, actor);
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best.checked_sub(1).map(|i| i as usize);
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut actions = self.choices.pop().unwrap_or_default();
        self.choices_into(state, actor, &mut actions);
        if actions.is_empty() {
            self.choices.push(actions);
            return self.score(state, actor, ply);
        }
        let table_move = table_move.filter(|&i| i < actions.len());
        let alpha_before = alpha;
        let mut best = -MATE;
        let mut best_move = None;
        let mut tried = 0usize;
        // The table's move first, before the others are played at all:
        // it often cuts the node off alone.
        if let Some(i) = table_move {
            let child = self.advance(state, actor, &actions[i]);
            let score = self.value(&child, actor, depth - 1, ply + 1, alpha, beta);
            if self.watch.stopped() {
                self.choices.push(actions);
                return 0;
            }
            tried = 1;
            best = score;
            best_move = Some(i);
            alpha = alpha.max(score);
            if alpha >= beta {
                self.cut_off(state, actor, &actions[i], depth, ply);
                self.store(key, i, best, depth, ply, alpha_before, beta);
                self.choices.push(actions);
                return best;
            }
        }
        let order = self.order(state, actor, &actions, table_move, depth, ply);
        if self.watch.stopped() {
            self.choices.push(actions);
            return 0;
        }
        for (i, child, rank) in order {
            let child = match child {
                Some(child) => child,
                None => {
                    if tried > 0 && self.watch.tick() {
                        break;
                    }
                    self.advance(state, actor, &actions[i])
                }
            };
            let score = if tried == 0 {
                self.value(&child, actor, depth - 1, ply + 1, alpha, beta)
            } else {
                // Late quiet actions are searched shallower first.
                let reduced = depth >= REDUCE_FROM_DEPTH
                    && tried >= REDUCE_AFTER
                    && rank < KILLER_RANK
                    && best > -MATE_BOUND;
                let mut probe = if reduced {
                    self.value(&child, actor, depth - 2, ply + 1, alpha, alpha + 1)
                } else {
                    alpha + 1
                };
                if probe > alpha {
                    probe = self.value(&child, actor, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if probe > alpha && probe < beta {
                    self.value(&child, actor, depth - 1, ply + 1, alpha, beta)
                } else {
                    probe
                }
            };
            if self.watch.stopped() {
                break;
            }
            tried += 1;
            if score > best {
                best = score;
                best_move = Some(i);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.cut_off(state, actor, &actions[i], depth, ply);
                break;
            }
        }
        if !self.watch.stopped()
            && let Some(i) = best_move
        {
            self.store(key, i, best, depth, ply, alpha_before, beta);
        }
        self.choices.push(actions);
        best
    }

    /// The actions of a node but the table's move, best first, each with
    /// its child when it was played to rank it: two plies or more from the
    /// leaves every child is played and ranked by its evaluation, noisy
    /// actions and killers above the rest; nearer, noisy actions, killers,
    /// then the history's.
    fn order(
        &mut self,
        state: &G,
        actor: Seat,
        actions: &[G::Action],
        skip: Option<usize>,
        depth: i32,
        ply: usize,
    ) -> Vec<(usize, Option<G>, i32)> {
        let killers = self.killers[ply].clone();
        let mut order: Vec<(usize, Option<G>, i32)> = Vec::with_capacity(actions.len());
        for (i, action) in actions.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            let key = state.key(actor, actor, action);
            let mut rank = if killers.iter().any(|k| k.as_ref() == Some(&key)) {
                KILLER_RANK
            } else {
                self.history
                    .get(&key)
                    .copied()
                    .unwrap_or(0)
                    .min(SCALE as i32)
            };
            if state.noisy(action) {
                rank += NOISY_RANK;
            }
            if depth >= 2 {
                if self.watch.tick() {
                    break;
                }
                let child = self.advance(state, actor, action);
                rank += self.score(&child, actor, ply + 1);
                order.push((i, Some(child), rank));
            } else {
                order.push((i, None, rank));
            }
        }
        order.sort_by_key(|(_, _, rank)| std::cmp::Reverse(*rank));
        order
    }

    /// `action` cut the search off: a killer (when quiet) and the history.
    fn cut_off(&mut self, state: &G, actor: Seat, action: &G::Action, depth: i32, ply: usize) {
        let key = state.key(actor, actor, action);
        *self.history.entry(key.clone()).or_insert(0) += depth * depth;
        if state.noisy(action) {
            return;
        }
        let slot = &mut self.killers[ply];
        if slot[0].as_ref() != Some(&key) {
            slot[1] = slot[0].take();
            slot[0] = Some(key);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u64,
        best_move: usize,
        best: i32,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table
            .store(key, best_move as u32 + 1, to_table(best, ply), depth, bound);
    }

    /// The value for `actor`, who acts in `state`, once the depth is
    /// spent: the evaluation if `actor` stands on it, else the best of its
    /// noisy actions (captures, promotions, conversions), each searched
    /// the same way, for at most [`Searchable::QUIESCENCE_PLIES`].
    pub fn quiesce(
        &mut self,
        state: &G,
        actor: Seat,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        plies: u32,
    ) -> i32 {
        if self.watch.tick() {
            return 0;
        }
        let stand = self.score(state, actor, ply);
        if stand >= beta || plies >= G::QUIESCENCE_PLIES || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut actions = self.choices.pop().unwrap_or_default();
        self.choices_into(state, actor, &mut actions);
        let mut noisy: Vec<(G, i32)> = Vec::new();
        for action in actions.iter().filter(|a| state.noisy(a)) {
            if self.watch.tick() {
                break;
            }
            let child = self.advance(state, actor, action);
            let rank = self.score(&child, actor, ply + 1);
            // An action the other seat answers can be worth no more to
            // `actor` than the other seat standing on it: one below alpha
            // cannot raise it.
            let answered = matches!(child.standing(), Standing::Acts(next) if next != actor);
            if answered && rank <= alpha {
                continue;
            }
            noisy.push((child, rank));
        }
        self.choices.push(actions);
        noisy.sort_by_key(|(_, rank)| std::cmp::Reverse(*rank));
        let mut best = stand;
        for (child, _) in noisy {
            if self.watch.stopped() {
                break;
            }
            let score = match child.standing() {
                Standing::Acts(next) if next == actor => {
                    self.quiesce(&child, next, ply + 1, alpha, beta, plies + 1)
                }
                Standing::Acts(next) => {
                    -self.quiesce(&child, next, ply + 1, -beta, -alpha, plies + 1)
                }
                _ => self.score(&child, actor, ply + 1),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A finished game's score for `actor`, `ply` plies from the root.
pub(super) fn terminal(result: GameResult, actor: Seat, ply: usize) -> i32 {
    match result {
        GameResult::Win(winner) if winner == actor => MATE - ply as i32,
        GameResult::Win(_) => -MATE + ply as i32,
        GameResult::Draw | GameResult::Aborted => 0,
    }
}

/// A score as the table keeps it: a mate counted from the node, not the
/// root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, a mate counted from the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
