//! Perft: the numbers of `tests/data/superial.perft`, pinned, and checked a
//! second way by the independent mailbox count of `reference.rs`.

use super::reference::Mailbox;
use super::{W, arrange, at, new_game, play_all};
use crate::rules::Game;
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::superial::{Play, Superial, Throw};

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
    assert_eq!(cases.len(), 8);
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

/// Perft the long way: every play made by the game itself (notation,
/// history, repetition record and all), as the engine counted before its
/// counter of `count.rs`.
fn leaves_the_long_way(game: &Superial, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = game.side();
    let mut total = 0;
    for play in game.plays(seat) {
        let throws: Vec<Option<Throw>> = match play {
            Play::Random => Throw::all().map(Some).collect(),
            Play::Cube(_) => vec![None],
        };
        for throw in throws {
            total += if depth == 1 {
                1
            } else {
                leaves_the_long_way(&game.after(seat, &play, throw).0, depth - 1)
            };
        }
    }
    total
}

#[test]
fn the_counter_counts_the_games_own_tree() {
    let cycle = [
        "b3-c3", "e3-d3", "a6-b5", "d3-e3", "b3-c3", "e3-d3", "b5-a6", "d3-e3",
    ];
    let start = arrange(W, "Pb3 pc3 pe3 Sa6", "");
    let positions = [
        // Random moves on both sides, one left each.
        (new_game("random-moves=1"), 2),
        // Three random moves, then one: new positions and records.
        (
            at("1s1h1p/p1S1h1/2H1P1/1pP1s1/P1h1H1/1P1S1p w 3/1 0 1", ""),
            2,
        ),
        // The 75 turns run out inside the tree.
        (
            at("1s1h1p/p1S1h1/2H1P1/1pP1s1/P1h1H1/1P1S1p w 0/0 148 80", ""),
            3,
        ),
        // A fourth occurrence: the fifth ends the game inside the tree.
        (
            play_all(
                &start,
                &[&cycle[..], &cycle[..], &cycle[..], &cycle[..6]].concat(),
            ),
            3,
        ),
        // Cubes of one side few and capturable: the last is taken inside
        // the tree; a side walled in has no action.
        (arrange(W, "Hb2 pb3 pc2 pa1 Sf6", ""), 3),
        (at("PPPPPP/PPPPPP/PPPPPP/PPPPPP/PPPPP1/pPPPPP w 0/0", ""), 3),
    ];
    for (game, depth) in positions {
        for depth in 1..=depth {
            assert_eq!(
                game.perft(depth),
                leaves_the_long_way(&game, depth),
                "{} depth {depth}",
                game.position()
            );
        }
    }
}
