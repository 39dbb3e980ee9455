//! Information-Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), the
//! single-observer form.
//!
//! Each iteration draws a full state from the seat's belief (a
//! *determinization*, [`Playable::sample`]) and walks down one tree whose
//! edges are actions as the searching seat tells them apart
//! ([`Playable::key`]): at each node only the edges legal in this
//! determinization are available; an available edge never tried is
//! expanded (those the game ranks most urgent first, [`Playable::urgency`]:
//! with hundreds of actions a node, the replies that matter must not wait
//! their turn among the quiet ones), else the available child with the
//! best upper confidence bound
//! is followed, counting for each child how often it was *available*
//! rather than how often its parent was visited. The new leaf is scored by
//! the game's evaluation ([`Playable::evaluate`]) instead of a random
//! playout (random chess games say little), and the score goes back up
//! the path, each node keeping it from the point of view of the seat that
//! chose the edge into it. The move played is the root's most visited
//! child.
//!
//! A return to a position already seen ([`Playable::public_position`]), in the
//! game so far ([`Playable::seen`]) or along the walk, ends the walk
//! scored as even: a game going round in circles is drawn in effect, so a
//! side ahead looks for another way and a side behind is glad of it.
//!
//! A game may centre its evaluation on where the root stands
//! ([`Playable::centre`], Reality Check: the difference in true chips in
//! play): every score of the walk, the choices that only finish a turn
//! and the even score of a position come back are then read around it
//! ([`Playable::evaluate_around`], [`Playable::even_around`]), so that a
//! side far ahead or behind still tells a chip more from a chip less.
//! Other games keep the evaluation as it is.
//!
//! A game may ask for progressive widening ([`Playable::WIDENING`],
//! Reality Check): a node then tries a new child only as its visits earn it
//! one (2 + 2 * sqrt(visits) children), the most urgent first, and else
//! follows the best bound among those it has, so that a move whose threat
//! has one answer is judged by that answer.
//!
//! An action in two stages ([`Playable::stage`]: a quiet move, then the
//! chip it flips) is chosen in two steps, its stage and then the action
//! among those sharing the stage, each with its own statistics.
//!
//! A choice that only finishes a turn ([`Playable::finishes_turn`]:
//! Reality Check's flips owed to the dice, after a roll) gets no node below
//! the root: the walk takes the one the actor's evaluation likes best. The
//! enemy's reply then sits right below the move, and a new leaf is scored
//! at the end of its turn, not halfway through it.
//!
//! For a game without hidden information every determinization is the same
//! state, and this is plain UCT; there the root's actions are also played
//! one and two actions deep (`decisive`): an action that wins at once is
//! taken unsearched, and the choice is checked against a reply that wins
//! at once.
//!
//! The search keeps within its time ([`Budget::time`], read on the
//! [`Clock`] it is handed, from the clock's start): it looks at the clock
//! before each iteration and before each step of a walk (a walk abandoned
//! for want of time is not counted), the look for a win at once takes at
//! most a quarter of the time, and the check against replies that win at
//! once stops where the time ends, with the best answer found so far. A
//! search that has looked at nothing when its time is up plays the most
//! urgent of its actions ([`Playable::urgency`]).

use std::cmp::Ordering;
use std::collections::HashSet;

use rand::Rng;
use rand::rngs::StdRng;

mod tree;

use self::tree::{Node, Walk, descend};
use super::clock::{Clock, Deadline};
use super::decisive::{self, Verdict};
use super::{BotError, Budget, Playable};
use crate::rules::{Entropy, Seat};

/// How many of its preferred actions a search without hidden information
/// keeps the time to check against a reply that wins at once
/// (`decisive`): reckoned at its own rate, a list of replies as long as
/// the root's for each.
const CHECKED: u64 = 4;

/// The most of a move's time that the search without hidden information
/// gives to looking for an action that wins at once, before it searches.
const WINNING_SHARE: f64 = 0.25;

/// The most of a move's time that the search keeps for the check against
/// replies that win at once, however slow its rate says the check is.
const CHECKING_SHARE: f64 = 0.5;

/// What a search did: its choice, and how much it looked.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The chosen action, in the game's notation.
    pub text: String,
    pub iterations: u32,
    /// Actions played over all iterations: the nodes the search walked.
    pub nodes: u64,
}

/// The action the search prefers for `seat`, in the game's notation.
pub fn best<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<String, BotError> {
    run::<G>(belief, seat, budget, clock, rng).map(|s| s.text)
}

/// Runs the search and says how much it looked. Its time, `budget.time`,
/// is read on `clock` from the clock's start (what was spent on `clock`
/// before, reading the views, counts against it); every phase looks at
/// the clock between any two of its steps, and a search whose time is up
/// before it has looked at all still plays: the most urgent of the
/// seat's actions.
pub fn run<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Searched, BotError> {
    let time = Deadline::new(clock, budget.time);
    let first: G = time.sample(belief, rng);
    if first.standing().actor() != Some(seat) {
        return Err(BotError::NothingToDo);
    }
    let mut actions = Vec::new();
    time.choices_into(&first, seat, &mut actions);
    match actions.as_slice() {
        [] => return Err(BotError::NothingToDo),
        [only] => {
            return Ok(Searched {
                text: time.notation(&first, seat, only),
                iterations: 0,
                nodes: 0,
            });
        }
        _ => {}
    }
    let ranked = by_urgency(&first, &actions);
    let mut tree: Vec<Node<G::Key>> = vec![Node::new(seat.other())];
    let mut entropy = Entropy::new(rng.random(), 0);
    let mut iterations = 0u32;
    let mut nodes = 0u64;
    // Without hidden information, an action that wins at once is taken
    // unsearched, and time is kept to check the choice (an action whose
    // stage is chosen first is not checked: the root's edges are stages).
    let guarded =
        G::PERFECT_INFORMATION && actions.iter().all(|a| first.stage(seat, seat, a).is_none());
    if guarded {
        let (win, played) = decisive::winning(
            &first,
            seat,
            &actions,
            &ranked,
            &time.share(WINNING_SHARE),
            &mut entropy,
        );
        if let Some(i) = win {
            return Ok(Searched {
                text: time.notation(&first, seat, &actions[i]),
                iterations: 0,
                nodes: played,
            });
        }
        nodes += played;
    }
    let checking = if guarded {
        CHECKED * (actions.len() as u64 + 1)
    } else {
        0
    };
    let most_kept = budget.time.mul_f64(CHECKING_SHARE);
    let mut walk = Walk {
        path: Vec::with_capacity(64),
        actions: Vec::with_capacity(64),
        line: Vec::with_capacity(64),
    };
    let seen: HashSet<u64> = G::seen(belief).into_iter().collect();
    loop {
        if budget.iterations.is_some_and(|n| iterations >= n) {
            break;
        }
        // The check's actions, at the rate the search plays them.
        let kept = time
            .elapsed()
            .mul_f64(checking as f64 / nodes.max(1) as f64)
            .min(most_kept);
        if time.left() <= kept {
            break;
        }
        let state = if iterations == 0 {
            first.clone()
        } else {
            time.sample(belief, rng)
        };
        let Some((value, walked)) = descend::<G>(
            &mut tree,
            &mut walk,
            &seen,
            state,
            seat,
            &time,
            rng,
            &mut entropy,
        ) else {
            // The time ran out in the walk: it is not counted.
            break;
        };
        iterations += 1;
        nodes += walked;
        for &index in &walk.path {
            let node = &mut tree[index as usize];
            node.visits += 1;
            node.reward += if node.actor == seat {
                value
            } else {
                1.0 - value
            };
        }
    }
    if guarded {
        let order = preferred(&tree, &first, seat, &actions, &ranked);
        let mut replies = Vec::new();
        // Not known to lose beats known to lose; with nothing but losses,
        // the search's choice.
        let mut chosen = order[0];
        for &i in &order {
            if time.passed() {
                chosen = i;
                break;
            }
            let (verdict, played) = decisive::loses_at_once(
                &first,
                seat,
                &actions[i],
                &mut replies,
                &time,
                &mut entropy,
            );
            nodes += played;
            if verdict != Verdict::Loses {
                chosen = i;
                break;
            }
        }
        return Ok(Searched {
            text: time.notation(&first, seat, &actions[chosen]),
            iterations,
            nodes,
        });
    }
    // The most visited of the root's children, the better mean on a tie;
    // below a stage, the most visited action of that stage. With nothing
    // searched, the most urgent action.
    let chosen = match most_visited(&tree, 0) {
        None => ranked[0],
        Some((key, child)) => {
            let staged: Vec<usize> = (0..actions.len())
                .filter(|&i| first.stage(seat, seat, &actions[i]).as_ref() == Some(key))
                .collect();
            let key = match staged.first() {
                None => Some(key),
                Some(_) => most_visited(&tree, child).map(|(key, _)| key),
            };
            // Written in a determinization where it is legal (the seat's own
            // actions are legal in every one).
            let found = key.and_then(|key| {
                (0..actions.len()).find(|&i| first.key(seat, seat, &actions[i]) == *key)
            });
            match (found, staged.first()) {
                (Some(i), _) => i,
                // A stage whose actions were never tried: its first.
                (None, Some(&i)) => i,
                (None, None) => {
                    return Err(BotError::Inconsistent(
                        "the chosen action is not legal".into(),
                    ));
                }
            }
        }
    };
    Ok(Searched {
        text: time.notation(&first, seat, &actions[chosen]),
        iterations,
        nodes,
    })
}

/// The indices of `actions` (choices in `state`), the most urgent first
/// ([`Playable::urgency`]), as listed among equals.
fn by_urgency<G: Playable>(state: &G, actions: &[G::Action]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..actions.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(state.urgency(&actions[i])));
    order
}

/// The root's `actions` (the seat's choices in `state`), as indices, in
/// the order the search prefers them: its children by visits, the better
/// mean on a tie, then the actions it never tried, in the order `ranked`
/// gives.
fn preferred<G: Playable>(
    tree: &[Node<G::Key>],
    state: &G,
    seat: Seat,
    actions: &[G::Action],
    ranked: &[usize],
) -> Vec<usize> {
    let mut tried: Vec<(&G::Key, &Node<G::Key>)> = tree[0]
        .edges
        .iter()
        .filter_map(|(key, child)| child.map(|c| (key, &tree[c as usize])))
        .collect();
    tried.sort_by(|(_, a), (_, b)| {
        b.visits
            .cmp(&a.visits)
            .then(mean(b).partial_cmp(&mean(a)).unwrap_or(Ordering::Equal))
    });
    let keys: Vec<G::Key> = actions.iter().map(|a| state.key(seat, seat, a)).collect();
    let mut order: Vec<usize> = tried
        .iter()
        .filter_map(|(key, _)| keys.iter().position(|k| k == *key))
        .collect();
    let mut listed = vec![false; actions.len()];
    for &i in &order {
        listed[i] = true;
    }
    order.extend(ranked.iter().copied().filter(|&i| !listed[i]));
    order
}

/// The key and child of `node`'s most visited child, the better mean on a
/// tie.
fn most_visited<K>(tree: &[Node<K>], node: u32) -> Option<(&K, u32)> {
    tree[node as usize]
        .edges
        .iter()
        .filter_map(|(key, child)| child.map(|c| (key, c)))
        .max_by(|(_, a), (_, b)| {
            let (a, b) = (&tree[*a as usize], &tree[*b as usize]);
            a.visits
                .cmp(&b.visits)
                .then(mean(a).partial_cmp(&mean(b)).unwrap_or(Ordering::Equal))
        })
}

fn mean<K>(node: &Node<K>) -> f64 {
    if node.visits == 0 {
        0.0
    } else {
        node.reward / node.visits as f64
    }
}
