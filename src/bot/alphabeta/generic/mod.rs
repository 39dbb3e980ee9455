//! Alpha-beta over any game without hidden information, through
//! [`Playable`] alone (Rebel Chess, Reflection Teammate, Superial Chess):
//! iterative deepening of a negamax principal-variation search on the
//! game's own states (each action played on a copy, [`Playable::advance`]),
//! scored at the leaves by the game's evaluation ([`Playable::evaluate`],
//! turned into centipawn-like units) after a quiescence search of its
//! noisy actions ([`Playable::noisy`]: captures, promotions, conversions),
//! and at the end of a game by its result, a win the sooner the better.
//!
//! - A transposition table keyed by the game's key of a position
//!   ([`Playable::search_key`], by default a hash of the position as the
//!   views show it): a result deep enough ends the node, and its best
//!   action is tried first, before the node's other children are played.
//! - Ordering: two plies or more from the leaves, every child is played
//!   and ranked by the evaluation, noisy actions and killers first; nearer,
//!   noisy actions, two killers a ply, then the history of cut-offs.
//! - Late quiet actions are searched a ply shallower first (late-move
//!   reductions), and again at full depth when they reach alpha.
//! - The root: its children played once, the best of each finished depth
//!   first; the next depth starts while the time left is at least twice
//!   what the last took.
//!
//! The search walks any [`Searchable`] position: every [`Playable`] game
//! is one (its own states, through the trait), and a game may hand it a
//! faster position of its own instead ([`choose`]: Superial Chess's
//! classic form searches a flat copy-made board).

#[cfg(test)]
mod tests;
mod tree;

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;
use rand::rngs::StdRng;

use self::tree::{MAX_PLY, Searcher};
use super::table::Table;
use super::{Limits, MATE, Watch};
use crate::bot::clock::{Clock, Deadline, Work};
use crate::bot::search::Searched;
use crate::bot::{BotError, Budget, Level, Playable, Standing};
use crate::rules::{Entropy, Seat};

/// An iteration budget of `n` allows `n` times this many positions once
/// the first depth is searched.
const NODES_PER_ITERATION: u64 = 10;
/// The transposition table's size, in powers of two.
const TABLE_BITS: u32 = 18;

/// A position the search walks: what it asks of a state, and no more (no
/// views, no notation). Every [`Playable`] game is one, by its own
/// methods of the same names.
pub(crate) trait Searchable: Sized {
    type Action: Clone + Debug;
    type Key: Clone + Eq + Hash + Debug;
    /// As [`Playable::QUIESCENCE_PLIES`].
    const QUIESCENCE_PLIES: u32;
    fn standing(&self) -> Standing;
    fn choices_into(&self, seat: Seat, into: &mut Vec<Self::Action>);
    fn advance(&self, seat: Seat, action: &Self::Action, entropy: &mut Entropy) -> Self;
    fn evaluate(&self, seat: Seat) -> f64;
    fn noisy(&self, action: &Self::Action) -> bool;
    fn urgency(&self, action: &Self::Action) -> u8;
    fn key(&self, observer: Seat, actor: Seat, action: &Self::Action) -> Self::Key;
    fn search_key(&self) -> u64;
}

impl<G: Playable> Searchable for G {
    type Action = G::Action;
    type Key = <G as Playable>::Key;
    const QUIESCENCE_PLIES: u32 = <G as Playable>::QUIESCENCE_PLIES;

    fn standing(&self) -> Standing {
        Playable::standing(self)
    }

    fn choices_into(&self, seat: Seat, into: &mut Vec<G::Action>) {
        Playable::choices_into(self, seat, into);
    }

    fn advance(&self, seat: Seat, action: &G::Action, entropy: &mut Entropy) -> G {
        Playable::advance(self, seat, action, entropy)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        Playable::evaluate(self, seat)
    }

    fn noisy(&self, action: &G::Action) -> bool {
        Playable::noisy(self, action)
    }

    fn urgency(&self, action: &G::Action) -> u8 {
        Playable::urgency(self, action)
    }

    fn key(&self, observer: Seat, actor: Seat, action: &G::Action) -> Self::Key {
        Playable::key(self, observer, actor, action)
    }

    fn search_key(&self) -> u64 {
        Playable::search_key(self)
    }
}

/// The search's choice for `seat` from `belief` (the one true state),
/// within `budget` on `clock` (its time from the clock's start).
pub(crate) fn run<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    level: Level,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Searched, BotError> {
    search::<G>(belief, seat, Limits::of(level), budget, clock, rng)
}

/// [`run`] within `limits` rather than a level's.
fn search<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    limits: Limits,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Searched, BotError> {
    let time = Deadline::new(clock, budget.time);
    let state: G = time.sample(belief, rng);
    let chosen = walk(&state, seat, limits, budget, clock, rng)?;
    Ok(Searched {
        text: time.notation(&state, seat, &chosen.action),
        iterations: chosen.depth,
        nodes: chosen.nodes,
    })
}

/// What the search chose, the depth it finished and the positions it
/// visited.
pub(crate) struct Chosen<A> {
    pub action: A,
    pub depth: u32,
    pub nodes: u64,
}

/// The search's choice for `seat` in `state` (a position of the game's
/// own, one `seat` acts in), at `level` within `budget` on `clock`.
pub(crate) fn choose<N: Searchable>(
    state: &N,
    seat: Seat,
    level: Level,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Chosen<N::Action>, BotError> {
    walk(state, seat, Limits::of(level), budget, clock, rng)
}

/// [`choose`] within `limits` rather than a level's.
fn walk<N: Searchable>(
    state: &N,
    seat: Seat,
    limits: Limits,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Chosen<N::Action>, BotError> {
    let time = Deadline::new(clock, budget.time);
    if state.standing().actor() != Some(seat) {
        return Err(BotError::NothingToDo);
    }
    let mut actions = Vec::new();
    state.choices_into(seat, &mut actions);
    time.worked(Work::Listed(actions.len()));
    if actions.len() <= 1 {
        let Some(only) = actions.pop() else {
            return Err(BotError::NothingToDo);
        };
        return Ok(Chosen {
            action: only,
            depth: 0,
            nodes: 0,
        });
    }
    let mut searcher = Searcher::<N> {
        time,
        watch: Watch::silent(
            time,
            budget
                .iterations
                .map(|n| u64::from(n) * NODES_PER_ITERATION),
        ),
        table: Table::new(TABLE_BITS),
        killers: vec![[None, None]; MAX_PLY + 1],
        history: HashMap::new(),
        entropy: Entropy::new(rng.random(), 0),
        limits,
        seed: rng.random(),
        choices: Vec::new(),
    };
    // The root's children, played once (those the game ranks urgent
    // first, should the time end before all are), ranked by their
    // evaluation, so that a first depth cut short by the time has looked
    // at the likeliest first; then the best of each finished depth first.
    let mut root: Vec<(usize, N, i32)> = Vec::with_capacity(actions.len());
    let mut ranked: Vec<usize> = (0..actions.len()).collect();
    ranked.sort_by_key(|&i| std::cmp::Reverse(state.urgency(&actions[i])));
    for i in ranked {
        if time.passed() && !root.is_empty() {
            break;
        }
        let child = searcher.advance(state, seat, &actions[i]);
        let rank = searcher.score(&child, seat, 1);
        root.push((i, child, rank));
    }
    root.sort_by_key(|(_, _, rank)| std::cmp::Reverse(*rank));
    let started = time.elapsed();
    let mut chosen = root[0].0;
    let mut reached = 0;
    for depth in 1..=limits.max_depth.min(MAX_PLY as i32 / 2) {
        searcher.watch.arm_node_limit(depth > 1);
        let mut alpha = -MATE;
        let mut best: Option<(usize, i32)> = None;
        for (at, (_, child, _)) in root.iter().enumerate() {
            let score = if at == 0 {
                searcher.value(child, seat, depth - 1, 1, alpha, MATE)
            } else {
                let probe = searcher.value(child, seat, depth - 1, 1, alpha, alpha + 1);
                if probe > alpha && !searcher.watch.stopped() {
                    searcher.value(child, seat, depth - 1, 1, alpha, MATE)
                } else {
                    probe
                }
            };
            if searcher.watch.stopped() {
                break;
            }
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((at, score));
            }
            alpha = alpha.max(score);
        }
        let Some((at, score)) = best else { break };
        chosen = root[at].0;
        if searcher.watch.stopped() {
            break;
        }
        reached = depth;
        let first = root.remove(at);
        root.insert(0, first);
        if score.abs() >= super::MATE_BOUND {
            break;
        }
        let spent = time.elapsed().saturating_sub(started);
        if time.left() < spent * 2 {
            break;
        }
    }
    let nodes = searcher.watch.nodes();
    Ok(Chosen {
        action: actions.swap_remove(chosen),
        depth: reached as u32,
        nodes,
    })
}
