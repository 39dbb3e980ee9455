//! Replaying a game's log through the erased face (test builds only), as
//! the referee does on load: each stored action with the entropy stream of
//! its index.

use super::{AnyGame, Entropy, Seat};

/// The state after replaying `log` (seat and stored action, in order) on
/// `start` with the game's `seed`.
///
/// # Panics
/// If an action does not replay: the tests that call it check exactly that.
pub fn replay_log<'a>(
    start: Box<dyn AnyGame>,
    log: impl IntoIterator<Item = (Seat, &'a serde_json::Value)>,
    seed: [u8; 32],
) -> Box<dyn AnyGame> {
    let mut replayed = start;
    for (index, (seat, action)) in log.into_iter().enumerate() {
        replayed = replayed
            .replay(seat, action, &mut Entropy::new(seed, index as u64))
            .unwrap_or_else(|e| panic!("replay of {action} failed: {e}"))
            .state;
    }
    replayed
}
