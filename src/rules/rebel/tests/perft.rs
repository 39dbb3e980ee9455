//! Perft: the numbers of `tests/data/rebel.perft`, pinned, and checked a
//! second way by the independent mailbox count of `mailbox.rs`.

use super::mailbox::Board;
use super::pos;
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::rebel::{RebelAction, RebelChess, Version};
use crate::rules::{Entropy, Game, Status};

const PERFT: &str = include_str!("../../../../tests/data/rebel.perft");

fn version(n: u8) -> Version {
    match n {
        1 => Version::One,
        2 => Version::Two,
        _ => Version::Three,
    }
}

/// A case's Rebel Chess version (1 without the option).
fn version_of(case: &PerftCase) -> u8 {
    case.options
        .get("version")
        .map_or(1, |v| v.parse().expect("version"))
}

fn cases() -> Vec<PerftCase> {
    perft_data::read(PERFT)
}

#[test]
fn the_start_counts_are_pinned_for_every_version() {
    let start = cases();
    for v in [1u8, 2, 3] {
        let case = start
            .iter()
            .find(|c| c.id == format!("start-v{v}"))
            .expect("a start case per version");
        let counts: Vec<u64> = case
            .counts
            .iter()
            .filter(|(d, _)| *d <= 4)
            .map(|(_, n)| *n)
            .collect();
        assert_eq!(counts, [20, 400, 8780, 191_958], "version {v}");
    }
}

/// The most leaves a count may have to run in an unoptimised test build:
/// the depth-5 start counts (4.6 million leaves, seconds on the layer even
/// optimised) run under `cargo test --release` and `arbiter perft`.
const DEBUG_LEAVES: u64 = if cfg!(debug_assertions) {
    1_000_000
} else {
    u64::MAX
};

#[test]
fn perft_file_counts_hold() {
    let cases = cases();
    assert!(cases.len() >= 8);
    for case in &cases {
        let position = pos(case.position(), version(version_of(case)));
        assert_eq!(position.fen(), case.position(), "{}: round trip", case.id);
        for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= DEBUG_LEAVES) {
            assert_eq!(position.perft(depth), count, "{} perft {depth}", case.id);
        }
    }
}

/// The engine's counts with recruiting left out equal the mailbox's
/// orthodox count with the Recruiter as a non-capturing alfil that gives
/// no check; with recruiting, they equal the mailbox's count by the rule
/// text (Rebel I and II: the mailbox knows no conversionmate).
#[test]
fn counts_agree_with_an_independent_mailbox_generator() {
    for case in cases().iter().filter(|c| version_of(c) <= 2) {
        let position = pos(case.position(), version(version_of(case)));
        let board = Board::from_fen(case.position());
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(
                position.perft_without_recruits(depth),
                board.perft(depth),
                "{} without recruits, depth {depth}",
                case.id
            );
            assert_eq!(
                board.perft_recruiting(depth, version_of(case)),
                count,
                "{} with recruits, depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn the_start_without_recruiting_to_depth_4() {
    let board = Board::from_fen("rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1");
    for version in [Version::One, Version::Two, Version::Three] {
        let start = pos(
            "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1",
            version,
        );
        let counts: Vec<u64> = (1..=4).map(|d| start.perft_without_recruits(d)).collect();
        assert_eq!(counts, [20, 400, 8778, 191_733], "{version:?}");
    }
    assert_eq!(board.perft(4), 191_733);
}

#[test]
fn game_perft_goes_through_the_engine() {
    for case in cases() {
        let game = RebelChess::from_position(case.position(), &case.options).expect("valid");
        if game.status().is_finished() {
            // King and Recruiter against king: no one can ever give check.
            assert_eq!(case.id, "alfil-no-check");
            assert_eq!(Game::perft(&game, 1), 0);
            continue;
        }
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                Game::perft(&game, depth),
                count,
                "{} perft {depth}",
                case.id
            );
            assert_eq!(walk(&game, depth), count, "{} walk {depth}", case.id);
            let divide = crate::rules::AnyGame::divide(&game, depth);
            assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), count);
        }
    }
}

/// Perft the slow way, through the trait: every board action of
/// `legal_actions`, applied with `apply`.
fn walk(game: &RebelChess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Status::Ongoing(dues) = game.status() else {
        return 0;
    };
    let seat = dues[0].seat;
    game.legal_actions(seat)
        .iter()
        .filter(|a| matches!(a, RebelAction::Play(_)))
        .map(|action| {
            let applied = game
                .apply(seat, action, &mut Entropy::for_perft())
                .expect("a legal action applies");
            walk(&applied.state, depth - 1)
        })
        .sum()
}
