//! Decisive and anti-decisive moves at the root, for games without hidden
//! information (F. Teytaud and O. Teytaud, "On the huge benefit of
//! decisive moves in Monte-Carlo Tree Search algorithms", IEEE CIG 2010).
//!
//! Within a move's time the search may walk a few hundred iterations over
//! a root of hundreds of actions (Reflection Teammate's larger boards): it
//! may never try the one action that wins at once, nor, below the action
//! it prefers, the one reply that wins at once against it. Both are cheap
//! to see directly, one or two actions deep, so the search does:
//! - before searching, it plays each of the root's actions once and takes
//!   one that wins ([`winning`]);
//! - after searching, it takes the actions in the order it prefers them,
//!   and passes over one after which the opponent has a reply that wins
//!   at once ([`loses_at_once`]), for as long as its time allows.
//!
//! Only where the seat's belief is the one true state
//! ([`Playable::PERFECT_INFORMATION`]): in a sampled state an opponent's
//! immediate win may be one it does not have.

use super::Playable;
use crate::rules::{Entropy, Seat};

/// The first of `actions` (the seat's choices in `state`) that wins the
/// game at once for `seat`, and how many actions it played to find it.
pub(super) fn winning<G: Playable>(
    state: &G,
    seat: Seat,
    actions: &[G::Action],
    entropy: &mut Entropy,
) -> (Option<usize>, u64) {
    for (i, action) in actions.iter().enumerate() {
        if state.advance(seat, action, entropy).standing().value(seat) == Some(1.0) {
            return (Some(i), i as u64 + 1);
        }
    }
    (None, actions.len() as u64)
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
    entropy: &mut Entropy,
) -> (bool, u64) {
    let after = state.advance(seat, action, entropy);
    let standing = after.standing();
    if let Some(value) = standing.value(seat) {
        return (value == 0.0, 1);
    }
    let them = seat.other();
    if standing.actor() != Some(them) {
        return (false, 1);
    }
    after.choices_into(them, replies);
    let mut played = 1u64;
    for reply in replies.iter() {
        played += 1;
        if after.advance(them, reply, entropy).standing().value(them) == Some(1.0) {
            return (true, played);
        }
    }
    (false, played)
}
