//! The tree of the Information-Set MCTS (`search`): its nodes, and one
//! iteration's walk down it (selection by the upper confidence bound over
//! available children, expansion of one new node, and its score), apart
//! from the root's work (the iterations, the checks at the root and the
//! choice), which `search.rs` does.

use std::collections::HashSet;

use rand::Rng;
use rand::rngs::StdRng;

use super::super::Playable;
use super::super::clock::Deadline;
use crate::rules::{Entropy, Seat};

/// With progressive widening ([`Playable::WIDENING`]), how many children
/// a node may have after `visits` visits: 2 + 2 * sqrt(visits) (Couetoux
/// et al.'s k * n^alpha, with alpha = 1/2).
fn widened(visits: u32) -> usize {
    2 + (2.0 * f64::from(visits).sqrt()) as usize
}

/// One node: the edge into it and its statistics.
pub(super) struct Node<K> {
    /// Who chose the edge into this node (the root's is unused).
    pub(super) actor: Seat,
    pub(super) visits: u32,
    /// How many iterations found this node's edge legal at its parent.
    pub(super) available: u32,
    /// The sum of the values of the iterations through this node, from
    /// `actor`'s point of view.
    pub(super) reward: f64,
    /// The actions seen legal here, in the order the game lists them the
    /// first time, each with its child once expanded.
    pub(super) edges: Vec<(K, Option<u32>)>,
}

impl<K> Node<K> {
    pub(super) fn new(actor: Seat) -> Node<K> {
        Node {
            actor,
            visits: 0,
            available: 0,
            reward: 0.0,
            edges: Vec::new(),
        }
    }
}

/// What one walk down the tree fills, kept from walk to walk so that no
/// walk allocates its own.
pub(super) struct Walk<A> {
    /// The nodes walked, the root first.
    pub(super) path: Vec<u32>,
    /// The choices at the current step.
    pub(super) actions: Vec<A>,
    /// The positions walked through ([`Playable::public_position`]).
    pub(super) line: Vec<u64>,
}

/// One iteration's walk from the root with a determinization: selection,
/// then expansion of one new node, scored by the evaluation (or the
/// outcome). Fills `walk.path` with the nodes walked; returns the value for
/// `seat` and the number of actions played, or `None` if the time was up
/// before the walk's end (a walk may list and play thousands of actions
/// in a game like Superial's hybrid: it looks at the clock before each
/// step).
///
/// An action in two stages ([`Playable::stage`]) takes two edges: its
/// stage at the node, then the action among those sharing the stage, at a
/// node of the same actor below it.
#[allow(clippy::too_many_arguments)]
pub(super) fn descend<G: Playable>(
    tree: &mut Vec<Node<G::Key>>,
    walk: &mut Walk<G::Action>,
    seen: &HashSet<u64>,
    mut state: G,
    seat: Seat,
    time: &Deadline,
    rng: &mut StdRng,
    entropy: &mut Entropy,
) -> Option<(f64, u64)> {
    let Walk {
        path,
        actions,
        line,
    } = walk;
    path.clear();
    path.push(0);
    line.clear();
    // The state at the root: every determinization agrees on what the
    // game centres its evaluation on, for either seat.
    let centres = Seat::BOTH.map(|s| state.centre(s));
    let centre = centres[seat.index()];
    let mut node = 0u32;
    let mut walked = 0u64;
    let mut keys: Vec<G::Key> = Vec::new();
    let mut staged: Vec<usize> = Vec::new();
    loop {
        if time.passed() {
            return None;
        }
        let standing = state.standing();
        if let Some(value) = standing.value(seat) {
            return Some((value, walked));
        }
        let Some(actor) = standing.actor() else {
            return Some((time.evaluate_around(&state, seat, centre), walked));
        };
        time.choices_into(&state, actor, actions);
        if actions.is_empty() {
            return Some((time.evaluate_around(&state, seat, centre), walked));
        }
        if walked > 0 && state.finishes_turn(actor) {
            state = finish(
                &state,
                actor,
                actions,
                centres[actor.index()],
                time,
                entropy,
            );
            walked += 1;
            if repeats(&state, seen, line) {
                return Some((G::even_around(centre), walked));
            }
            continue;
        }
        keys.clear();
        keys.extend(actions.iter().map(|a| {
            state
                .stage(seat, actor, a)
                .unwrap_or_else(|| state.key(seat, actor, a))
        }));
        let (mut chosen, mut child, mut fresh) = pick::<G>(
            tree,
            node,
            &keys,
            |i| state.urgency(&actions[i]),
            actor,
            rng,
        );
        if state.stage(seat, actor, &actions[chosen]).is_some() {
            path.push(child);
            let stage = keys[chosen].clone();
            staged.clear();
            staged.extend((0..actions.len()).filter(|&i| keys[i] == stage));
            keys.clear();
            keys.extend(staged.iter().map(|&i| state.key(seat, actor, &actions[i])));
            let second;
            (second, child, fresh) = pick::<G>(
                tree,
                child,
                &keys,
                |i| state.urgency(&actions[staged[i]]),
                actor,
                rng,
            );
            chosen = staged[second];
        }
        state = time.advance(&state, actor, &actions[chosen], entropy);
        walked += 1;
        path.push(child);
        if repeats(&state, seen, line) {
            return Some((G::even_around(centre), walked));
        }
        if fresh {
            // A new leaf is scored at the end of its turn.
            loop {
                let standing = state.standing();
                if let Some(value) = standing.value(seat) {
                    return Some((value, walked));
                }
                match standing.actor() {
                    Some(actor) if state.finishes_turn(actor) => {
                        if time.passed() {
                            return None;
                        }
                        time.choices_into(&state, actor, actions);
                        if actions.is_empty() {
                            break;
                        }
                        state = finish(
                            &state,
                            actor,
                            actions,
                            centres[actor.index()],
                            time,
                            entropy,
                        );
                        walked += 1;
                    }
                    _ => break,
                }
            }
            return Some((time.evaluate_around(&state, seat, centre), walked));
        }
        node = child;
    }
}

/// Whether `state` is a position already seen, in the game or along the
/// walk (`line`, to which it is added if not).
fn repeats<G: Playable>(state: &G, seen: &HashSet<u64>, line: &mut Vec<u64>) -> bool {
    let Some(position) = state.public_position() else {
        return false;
    };
    if seen.contains(&position) || line.contains(&position) {
        return true;
    }
    line.push(position);
    false
}

/// `state` after the choice among `actions` (not empty) that `actor`'s
/// evaluation likes best, one action deep: a choice that only finishes a
/// turn ([`Playable::finishes_turn`]), its evaluation centred on
/// `centre` (the actor's, [`Playable::centre`]). The best of those tried
/// when the time is up.
fn finish<G: Playable>(
    state: &G,
    actor: Seat,
    actions: &[G::Action],
    centre: f64,
    time: &Deadline,
    entropy: &mut Entropy,
) -> G {
    let mut best: Option<(f64, G)> = None;
    for action in actions {
        if best.is_some() && time.passed() {
            break;
        }
        let next = time.advance(state, actor, action, entropy);
        let value = match next.standing().value(actor) {
            Some(value) => value,
            None => time.evaluate_around(&next, actor, centre),
        };
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, next));
        }
    }
    best.expect("finish is given at least one action").1
}

/// Chooses one of the candidates at `node`, given by their `keys` (several
/// may share an edge): an edge never tried, among those of the highest
/// `urgency`, else the tried edge with the best upper confidence bound;
/// counts each available child's availability once. The bound explores by
/// the game's [`Playable::EXPLORATION`]; with [`Playable::WIDENING`], an
/// untried edge is taken only while the node has fewer children than its
/// visits allow ([`widened`]), or when none of its children is available.
/// Returns the chosen candidate, its edge's child (made now if new) and
/// whether it is new.
fn pick<G: Playable>(
    tree: &mut Vec<Node<G::Key>>,
    node: u32,
    keys: &[G::Key],
    urgency: impl Fn(usize) -> u8,
    actor: Seat,
    rng: &mut StdRng,
) -> (usize, u32, bool) {
    let slots = edge_slots(&mut tree[node as usize], keys);
    let mut counted = match &slots {
        Slots::Aligned => Vec::new(),
        Slots::Mapped(_) => vec![false; tree[node as usize].edges.len()],
    };
    // Every available child counts this availability; an untried edge is
    // picked uniformly among the most urgent (reservoir sampling, no list).
    let mut untried = None;
    let mut seen = 0usize;
    let mut rank = 0u8;
    let mut tried = 0usize;
    for i in 0..keys.len() {
        let slot = slots.get(i);
        if !counted.is_empty() {
            if counted[slot] {
                continue;
            }
            counted[slot] = true;
        }
        match tree[node as usize].edges[slot].1 {
            Some(child) => {
                tree[child as usize].available += 1;
                tried += 1;
            }
            None => {
                let this = urgency(i);
                if this > rank || untried.is_none() {
                    (rank, seen) = (this, 0);
                } else if this < rank {
                    continue;
                }
                seen += 1;
                if rng.random_range(0..seen) == 0 {
                    untried = Some(i);
                }
            }
        }
    }
    if G::WIDENING && tried > 0 {
        let children = tree[node as usize]
            .edges
            .iter()
            .filter(|(_, child)| child.is_some())
            .count();
        if children >= widened(tree[node as usize].visits) {
            untried = None;
        }
    }
    let (best, fresh) = match untried {
        Some(i) => (i, true),
        None => {
            // Selection by the upper confidence bound over available
            // children.
            let mut best = 0usize;
            let mut best_score = f64::NEG_INFINITY;
            for i in 0..keys.len() {
                let Some(child) = tree[node as usize].edges[slots.get(i)].1 else {
                    continue;
                };
                let c = &tree[child as usize];
                let visits = c.visits.max(1) as f64;
                let score = c.reward / visits
                    + G::EXPLORATION * ((c.available.max(1) as f64).ln() / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = i;
                }
            }
            (best, false)
        }
    };
    // Candidates sharing an edge (the opponent's sealed choices, the
    // actions of one stage): which of them this walk takes is drawn at
    // random, not always the first listed.
    let mut chosen = best;
    if let Slots::Mapped(map) = &slots {
        let edge = map[best];
        let sharing = map.iter().enumerate().filter(|(_, e)| **e == edge);
        for (seen, (i, _)) in sharing.enumerate() {
            if rng.random_range(0..=seen) == 0 {
                chosen = i;
            }
        }
    }
    let slot = slots.get(chosen);
    let child = match tree[node as usize].edges[slot].1 {
        Some(child) => child,
        None => {
            let child = tree.len() as u32;
            tree.push(Node::new(actor));
            tree[node as usize].edges[slot].1 = Some(child);
            child
        }
    };
    (chosen, child, fresh)
}

/// Where each action's edge is at a node.
enum Slots {
    /// The actions are the edges, in order.
    Aligned,
    /// The edge of each action.
    Mapped(Vec<usize>),
}

impl Slots {
    fn get(&self, action: usize) -> usize {
        match self {
            Slots::Aligned => action,
            Slots::Mapped(slots) => slots[action],
        }
    }
}

/// For each key, the index of its edge at `node`, adding edges for keys
/// not seen there before. When the keys are those of the first visit in
/// the same order (always, in a game without hidden information) the edges
/// line up with them and no key is searched for.
fn edge_slots<K: Clone + Eq>(node: &mut Node<K>, keys: &[K]) -> Slots {
    if node.edges.len() == keys.len() && node.edges.iter().zip(keys).all(|((k, _), key)| k == key) {
        return Slots::Aligned;
    }
    Slots::Mapped(
        keys.iter()
            .map(|key| match node.edges.iter().position(|(k, _)| k == key) {
                Some(slot) => slot,
                None => {
                    node.edges.push((key.clone(), None));
                    node.edges.len() - 1
                }
            })
            .collect(),
    )
}
