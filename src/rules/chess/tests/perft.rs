//! Perft from the data file `tests/data/chess.perft`.

use crate::rules::chess::{Chess, Position};
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::{Game, Options};

const PERFT: &str = include_str!("../../../../tests/data/chess.perft");

fn cases() -> Vec<PerftCase> {
    perft_data::read(PERFT)
}

#[test]
fn perft_file_counts_hold() {
    let cases = cases();
    assert!(cases.len() >= 6);
    for case in &cases {
        let position =
            Position::from_fen(case.position()).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(
            position.fen(),
            case.position(),
            "{}: FEN round trip",
            case.id
        );
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
        let game = Chess::from_position(case.position(), &Options::default()).expect("valid");
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
