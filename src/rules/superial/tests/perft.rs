//! Perft: the numbers of `tests/data/superial.perft`, pinned, and checked a
//! second way by the independent mailbox count of `reference.rs`.

use super::new_game;
use super::reference::Mailbox;
use crate::rules::Game;
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::superial::Superial;

const PERFT: &str = include_str!("../../../../tests/data/superial.perft");

/// The counts checked here: up to this many leaves (the rest run with
/// `arbiter perft`).
const LIMIT: u64 = 1_000_000;

/// The classic cases (the hybrid's are `hybrid/tests/perft.rs`'s).
fn cases() -> Vec<PerftCase> {
    perft_data::read(PERFT)
        .into_iter()
        .filter(|c| c.options.get("hybrid") != Some("on"))
        .collect()
}

fn game(case: &PerftCase) -> Superial {
    Superial::from_position(case.position(), &case.options)
        .unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

#[test]
pub(super) fn the_start_counts_are_the_rulings() {
    assert_eq!(new_game("").perft(1), 57);
    assert_eq!(new_game("").perft(2), 3_249);
    assert_eq!(new_game("random-moves=1").perft(1), 273);
    assert_eq!(new_game("random-moves=1").perft(2), 78_507);
    // The file's start positions are the new games'.
    let cases = cases();
    for (id, opts) in [("start", ""), ("start-random-moves-1", "random-moves=1")] {
        let case = cases.iter().find(|c| c.id == id).unwrap();
        assert_eq!(game(case), new_game(opts), "{id}");
    }
}

#[test]
pub(super) fn perft_file_counts_hold() {
    let cases = cases();
    assert_eq!(cases.len(), 7);
    for case in &cases {
        let game = game(case);
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= LIMIT) {
            assert_eq!(game.perft(depth), count, "{} depth {depth}", case.id);
        }
    }
}

#[test]
pub(super) fn the_independent_count_agrees() {
    for case in &cases() {
        let mailbox = Mailbox::read(case.position());
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= LIMIT) {
            assert_eq!(mailbox.perft(depth), count, "{} depth {depth}", case.id);
        }
    }
}

#[test]
fn divide_counts_a_random_move_as_its_throws() {
    for options in ["", "random-moves=1"] {
        let game = new_game(options);
        for depth in 1..=2 {
            let split = crate::rules::Game::divide(&game, depth);
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            assert_eq!(total, game.perft(depth), "{options:?} depth {depth}");
        }
    }
    let split = crate::rules::Game::divide(&new_game("random-moves=1"), 1);
    assert!(split.contains(&("random".to_string(), 216)), "{split:?}");
}
