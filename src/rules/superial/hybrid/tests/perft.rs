//! Perft: the hybrid's numbers of `tests/data/superial.perft`, pinned.

use super::reference::Reference;
use super::start;
use crate::rules::Game;
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::superial::SuperialChess;

const PERFT: &str = include_str!("../../../../../tests/data/superial.perft");

/// Counts up to this many leaves run here (the rest with `arbiter perft`).
const LIMIT: u64 = 1_000_000;

fn cases() -> Vec<PerftCase> {
    perft_data::read(PERFT)
        .into_iter()
        .filter(|c| c.options.get("hybrid") == Some("on"))
        .collect()
}

#[test]
pub(super) fn the_start_counts_are_the_rulings() {
    assert_eq!(start().perft(1), 20);
    assert_eq!(start().perft(2), 1_560);
}

#[test]
pub(super) fn perft_file_counts_hold() {
    let cases = cases();
    assert!(cases.len() >= 5, "{}", cases.len());
    for case in &cases {
        let game = SuperialChess::from_position(case.position(), &case.options)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= LIMIT) {
            assert_eq!(game.perft(depth), count, "{} depth {depth}", case.id);
        }
    }
}

/// The independent count runs up to this many leaves.
const REFERENCE_LIMIT: u64 = 500_000;

#[test]
fn the_independent_count_agrees() {
    for case in &cases() {
        let reference = Reference::read(case.position());
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= REFERENCE_LIMIT) {
            assert_eq!(reference.perft(depth), count, "{} depth {depth}", case.id);
        }
    }
}
