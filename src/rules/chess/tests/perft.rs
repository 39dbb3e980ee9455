//! Perft from the data file `tests/data/chess.perft`.

use crate::rules::chess::{Chess, Position};
use crate::rules::{Game, Options};

const PERFT: &str = include_str!("../../../../tests/data/chess.perft");

struct Case {
    id: String,
    fen: String,
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
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => cases.last_mut().expect("epd after id").fen = value.to_string(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("perft DEPTH COUNT");
                let case = cases.last_mut().expect("perft after id");
                case.counts
                    .push((depth.parse().expect("depth"), count.parse().expect("count")));
            }
            other => panic!("line {}: unknown key {other:?}", n + 1),
        }
    }
    cases
}

#[test]
fn perft_file_counts_hold() {
    let cases = cases();
    assert!(cases.len() >= 6);
    for case in &cases {
        let position = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(position.fen(), case.fen, "{}: FEN round trip", case.id);
        for &(depth, count) in &case.counts {
            assert_eq!(position.perft(depth), count, "{} perft {depth}", case.id);
        }
    }
}

#[test]
fn game_perft_goes_through_the_engine() {
    // Through the `Game` trait (as `arbiter perft chess N` does): the same
    // numbers, the shallow ones checked against the trait's default walk.
    for case in cases() {
        let game = Chess::from_position(&case.fen, &Options::default()).expect("valid");
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                Game::perft(&game, depth),
                count,
                "{} perft {depth}",
                case.id
            );
        }
    }
}
