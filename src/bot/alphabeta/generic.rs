//! Alpha-beta over any game without hidden information, through
//! [`Playable`] alone (Rebel Chess, Reflection Teammate, Superial Chess):
//! iterative deepening of a negamax principal-variation search on the
//! game's own states (each action played on a copy, [`Playable::advance`]),
//! scored at the leaves by the game's evaluation ([`Playable::evaluate`],
//! turned into centipawn-like units) and at the end of a game by its
//! result, a win the sooner the better.
//!
//! Ordering, since these games offer no cheap test of a capture: at a node
//! two plies or more from the leaves, every child is played and ordered by
//! the evaluation (the game's captures and threats come first by
//! themselves); the move of the previous depth first at the root; two
//! killer moves a ply. The engines of these games are far slower than
//! chess's, so the search reaches a few plies, not a dozen: there is no
//! transposition table (the games give no key of a position) and no
//! quiescence.

use rand::Rng;
use rand::rngs::StdRng;

use super::{Limits, MATE, Watch};
use crate::bot::clock::{Clock, Deadline};
use crate::bot::search::Searched;
use crate::bot::{BotError, Budget, Level, Playable, Standing};
use crate::rules::{Entropy, GameResult, Seat};

/// The deepest line.
const MAX_PLY: usize = 32;
/// The evaluation's [0, 1] stretched to these units either side of even.
const SCALE: f64 = 2000.0;
/// An iteration budget of `n` allows `n` times this many positions once
/// the first depth is searched.
const NODES_PER_ITERATION: u64 = 10;

struct Searcher<'a, G: Playable> {
    time: Deadline<'a>,
    watch: Watch<'a>,
    killers: Vec<[Option<G::Key>; 2]>,
    entropy: Entropy,
    limits: Limits,
    /// The state of the evaluation's noise (weaker levels).
    noise: u64,
    choices: Vec<Vec<G::Action>>,
}

impl<G: Playable> Searcher<'_, G> {
    /// `state` for `actor`, in the search's units: the game's result, or
    /// its evaluation (with the level's noise).
    fn score(&mut self, state: &G, actor: Seat, ply: usize) -> i32 {
        match state.standing() {
            Standing::Over(result) => terminal(result, actor, ply),
            Standing::Acts(_) | Standing::Waiting => {
                let value = self.time.evaluate(state, actor);
                self.noise = self
                    .noise
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((value - 0.5) * SCALE) as i32 + self.limits.noise_for(self.noise)
            }
        }
    }

    /// The value for `actor` of `child` (a state after `actor`'s action),
    /// searched `depth` plies more within (alpha, beta) for `actor`.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        child: &G,
        actor: Seat,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match child.standing() {
            Standing::Acts(next) if depth > 0 && ply < MAX_PLY => {
                if next == actor {
                    self.negamax(child, next, depth, ply, alpha, beta)
                } else {
                    -self.negamax(child, next, depth, ply, -beta, -alpha)
                }
            }
            _ => self.score(child, actor, ply),
        }
    }

    /// The value for `actor`, who acts in `state`, searched `depth` plies.
    fn negamax(
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
        let mut actions = self.choices.pop().unwrap_or_default();
        self.time.choices_into(state, actor, &mut actions);
        if actions.is_empty() {
            self.choices.push(actions);
            return self.score(state, actor, ply);
        }
        let killers = self.killers[ply].clone();
        let is_killer = |state: &G, action: &G::Action| {
            let key = state.key(actor, actor, action);
            killers.iter().any(|k| k.as_ref() == Some(&key))
        };
        // Two plies or more from the leaves, every child played first and
        // ordered; nearer, killers first and the rest as listed.
        let mut order: Vec<(usize, Option<G>, i32)> = Vec::with_capacity(actions.len());
        if depth >= 2 {
            for (i, action) in actions.iter().enumerate() {
                if self.watch.tick() {
                    break;
                }
                let child = self.time.advance(state, actor, action, &mut self.entropy);
                let rank = self.score(&child, actor, ply + 1)
                    + if is_killer(state, action) {
                        5 * SCALE as i32
                    } else {
                        0
                    };
                order.push((i, Some(child), rank));
            }
        } else {
            for (i, action) in actions.iter().enumerate() {
                order.push((i, None, i32::from(is_killer(state, action))));
            }
        }
        if self.watch.stopped() {
            self.choices.push(actions);
            return 0;
        }
        order.sort_by_key(|(_, _, rank)| std::cmp::Reverse(*rank));
        let mut best = -MATE;
        for (tried, (i, child, _)) in order.into_iter().enumerate() {
            let child = match child {
                Some(child) => child,
                None => {
                    if tried > 0 && self.watch.tick() {
                        break;
                    }
                    self.time
                        .advance(state, actor, &actions[i], &mut self.entropy)
                }
            };
            let score = if tried == 0 {
                self.value(&child, actor, depth - 1, ply + 1, alpha, beta)
            } else {
                let probe = self.value(&child, actor, depth - 1, ply + 1, alpha, alpha + 1);
                if probe > alpha && probe < beta {
                    self.value(&child, actor, depth - 1, ply + 1, alpha, beta)
                } else {
                    probe
                }
            };
            if self.watch.stopped() {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                let key = Some(state.key(actor, actor, &actions[i]));
                let slot = &mut self.killers[ply];
                if slot[0] != key {
                    slot[1] = slot[0].take();
                    slot[0] = key;
                }
                break;
            }
        }
        self.choices.push(actions);
        best
    }
}

/// A finished game's score for `actor`, `ply` plies from the root.
fn terminal(result: GameResult, actor: Seat, ply: usize) -> i32 {
    match result {
        GameResult::Win(winner) if winner == actor => MATE - ply as i32,
        GameResult::Win(_) => -MATE + ply as i32,
        GameResult::Draw | GameResult::Aborted => 0,
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
    let time = Deadline::new(clock, budget.time);
    let state: G = time.sample(belief, rng);
    if state.standing().actor() != Some(seat) {
        return Err(BotError::NothingToDo);
    }
    let mut actions = Vec::new();
    time.choices_into(&state, seat, &mut actions);
    if actions.len() <= 1 {
        let Some(only) = actions.first() else {
            return Err(BotError::NothingToDo);
        };
        return Ok(Searched {
            text: time.notation(&state, seat, only),
            iterations: 0,
            nodes: 0,
        });
    }
    let limits = Limits::of(level);
    let mut searcher = Searcher::<G> {
        time,
        watch: Watch::silent(
            time,
            budget
                .iterations
                .map(|n| u64::from(n) * NODES_PER_ITERATION),
        ),
        killers: vec![[None, None]; MAX_PLY + 1],
        entropy: Entropy::new(rng.random(), 0),
        limits,
        noise: rng.random(),
        choices: Vec::new(),
    };
    // The root's children, played once, in the order of the urgency the
    // game gives them; then the best of each finished depth first.
    let mut root: Vec<(usize, G)> = Vec::with_capacity(actions.len());
    let mut ranked: Vec<usize> = (0..actions.len()).collect();
    ranked.sort_by_key(|&i| std::cmp::Reverse(state.urgency(&actions[i])));
    for i in ranked {
        if time.passed() && !root.is_empty() {
            break;
        }
        let child = time.advance(&state, seat, &actions[i], &mut searcher.entropy);
        root.push((i, child));
    }
    let started = time.elapsed();
    let mut chosen = root[0].0;
    let mut reached = 0;
    for depth in 1..=limits.max_depth.min(MAX_PLY as i32) {
        searcher.watch.arm_node_limit(depth > 1);
        let mut alpha = -MATE;
        let mut best: Option<(usize, i32)> = None;
        for (at, (_, child)) in root.iter().enumerate() {
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
    Ok(Searched {
        text: time.notation(&state, seat, &actions[chosen]),
        iterations: reached as u32,
        nodes: searcher.watch.nodes(),
    })
}
