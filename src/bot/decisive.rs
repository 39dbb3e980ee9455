//! Decisive and anti-decisive moves at the root, for games without hidden
//! information (F. Teytaud and O. Teytaud, "On the huge benefit of
//! decisive moves in Monte-Carlo Tree Search algorithms", IEEE CIG 2010).
//!
//! Within a move's time the search may walk a few hundred iterations over
//! a root of hundreds of actions (Reflection Teammate's larger boards): it
//! may never try the one action that wins at once, nor, below the action
//! it prefers, the one reply that wins at once against it. Both are cheap
//! to see directly, one or two actions deep, so the search does:
//! - before searching, it plays the root's actions once each, the most
//!   urgent first, and takes one that wins ([`winning`]);
//! - after searching, it takes the actions in the order it prefers them,
//!   and passes over one after which the opponent has a reply that wins
//!   at once ([`loses_at_once`]).
//!
//! Both look at the clock between any two actions they play and stop when
//! their time is up: a root of thousands of actions (Superial's hybrid,
//! where each action played costs a look at every reply) is not played
//! through at any cost. What they did not reach is not known to win, or
//! not known to lose.
//!
//! Only where the seat's belief is the one true state
//! ([`Playable::PERFECT_INFORMATION`]): in a sampled state an opponent's
//! immediate win may be one it does not have.

use super::Playable;
use super::clock::Deadline;
use crate::rules::{Entropy, Seat};

/// The first of `actions` (the seat's choices in `state`), taken in the
/// order `order` gives their indices, that wins the game at once for
/// `seat`, if one is found before `time` is up; and how many actions it
/// played.
pub(super) fn winning<G: Playable>(
    state: &G,
    seat: Seat,
    actions: &[G::Action],
    order: &[usize],
    time: &Deadline,
    entropy: &mut Entropy,
) -> (Option<usize>, u64) {
    let mut played = 0u64;
    for &i in order {
        if time.passed() {
            break;
        }
        played += 1;
        if time
            .advance(state, seat, &actions[i], entropy)
            .standing()
            .value(seat)
            == Some(1.0)
        {
            return (Some(i), played);
        }
    }
    (None, played)
}

/// What [`loses_at_once`] found of an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The game is then lost, or the opponent has a reply that wins it.
    Loses,
    /// No reply wins at once.
    Holds,
    /// The time was up before every reply was played.
    Unknown,
}

/// Whether `seat` loses at once after `action`: the game is then lost, or
/// the opponent acts next and one of its choices wins the game. (A seat
/// that acts again after its own action is not judged: its turn is not
/// over.) Also says how many actions it played; `replies` is a list the
/// caller keeps.
pub(super) fn loses_at_once<G: Playable>(
    state: &G,
    seat: Seat,
    action: &G::Action,
    replies: &mut Vec<G::Action>,
    time: &Deadline,
    entropy: &mut Entropy,
) -> (Verdict, u64) {
    let after = time.advance(state, seat, action, entropy);
    let standing = after.standing();
    if let Some(value) = standing.value(seat) {
        let verdict = if value == 0.0 {
            Verdict::Loses
        } else {
            Verdict::Holds
        };
        return (verdict, 1);
    }
    let them = seat.other();
    if standing.actor() != Some(them) {
        return (Verdict::Holds, 1);
    }
    if time.passed() {
        return (Verdict::Unknown, 1);
    }
    time.choices_into(&after, them, replies);
    let mut played = 1u64;
    for reply in replies.iter() {
        if time.passed() {
            return (Verdict::Unknown, played);
        }
        played += 1;
        if time
            .advance(&after, them, reply, entropy)
            .standing()
            .value(them)
            == Some(1.0)
        {
            return (Verdict::Loses, played);
        }
    }
    (Verdict::Holds, played)
}
