//! Perft: the numbers of `tests/data/superial.perft`, pinned, and checked a
//! second way by the independent mailbox count of `reference.rs`.

use super::reference::Mailbox;
use super::{new_game, options};
use crate::rules::Game;
use crate::rules::superial::Superial;

const PERFT: &str = include_str!("../../../../tests/data/superial.perft");

/// The counts checked here: up to this many leaves (the rest run with
/// `arbiter perft`).
const LIMIT: u64 = 1_000_000;

struct Case {
    id: String,
    options: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in PERFT.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("line {}: {line:?}", n + 1));
        let case = cases.last_mut();
        match (key, case) {
            ("id", _) => cases.push(Case {
                id: value.to_string(),
                options: String::new(),
                position: String::new(),
                counts: Vec::new(),
            }),
            ("options", Some(case)) => case.options = value.to_string(),
            ("epd", Some(case)) => case.position = value.to_string(),
            ("perft", Some(case)) => {
                let (depth, count) = value.split_once(' ').expect("perft DEPTH COUNT");
                case.counts
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            (other, _) => panic!("line {}: unexpected {other:?}", n + 1),
        }
    }
    cases
}

fn game(case: &Case) -> Superial {
    Superial::from_position(&case.position, &options(&case.options))
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
        let mailbox = Mailbox::read(&case.position);
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= LIMIT) {
            assert_eq!(mailbox.perft(depth), count, "{} depth {depth}", case.id);
        }
    }
}
