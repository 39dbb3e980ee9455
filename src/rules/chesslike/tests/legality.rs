//! The fast legality test (pins and checks from the royal pieces
//! outward, a scratch board for the rest) keeps exactly the steps that
//! playing each step on a copy keeps, on every board the layer carries:
//! several royals a side, zones, the capture split, pawns attacking
//! straight ahead, the Recruiter.

use crate::rules::chess::tests::Rng;
use crate::rules::chesslike::{Position, Step, Variant};
use crate::rules::options::Options;
use crate::rules::reflection::Config;

/// The steps kept by playing each pseudo-legal step on a copy.
fn by_copy(position: &Position) -> Vec<Step> {
    let mut steps = position.pseudo_steps();
    steps.retain(|s| position.is_legal_step(s));
    steps
}

fn key(step: &Step) -> String {
    format!("{step:?}")
}

/// Walks `games` random games of `plies` from `start`, comparing both
/// tests at every position; returns the positions seen.
fn walk(start: &Position, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let mut seen = 0;
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..plies {
            seen += 1;
            let mut fast: Vec<String> = position.legal_steps().iter().map(key).collect();
            let mut slow: Vec<String> = by_copy(&position).iter().map(key).collect();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{}", position.fen());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play(&moves[rng.below(moves.len())]);
        }
    }
    seen
}

fn reflection(words: &[&str]) -> Position {
    Config::from_options(&Options::parse(words.iter().copied()).unwrap())
        .unwrap()
        .start()
}

#[test]
fn the_fast_test_keeps_what_playing_on_a_copy_keeps() {
    let mut rng = Rng::new(30);
    let mut seen = 0;
    let orthodox = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in orthodox {
        let start = Position::from_fen(Variant::orthodox(), fen).unwrap();
        seen += walk(&start, 6, 80, &mut rng);
    }
    let rebel = [
        "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/1u6/8/2n*1b3/8/3U4/5P*2/R3K3 b Q - 0 1",
    ];
    for fen in rebel {
        let start = Position::from_fen(crate::rules::rebel::variant(), fen).unwrap();
        seen += walk(&start, 6, 80, &mut rng);
    }
    for setup in ["cross14", "cross12", "cross8", "halves"] {
        let option = format!("setup={setup}");
        seen += walk(&reflection(&[&option]), 6, 120, &mut rng);
    }
    assert!(seen > 3000, "{seen}");
}

/// Pins as the fast test finds them: a piece first along a line from the
/// king with an enemy rider next beyond it (held, or moving along the
/// line), a piece behind the mover's own piece on a line (free), and two
/// of the mover's pieces between the king and an enemy queen (neither
/// pinned). Counts from the bitboard engine.
#[test]
fn pinned_pieces_are_tried_and_the_rest_pass() {
    let orthodox = [
        // The e2 knight pinned by the rook: it has no step.
        ("4r2k/8/8/8/8/8/3BN3/2n1K3 w - - 0 1", 11),
        // The e2 rook pinned, moving along the file; the a1 bishop behind
        // its own bishop.
        ("4r3/7k/8/8/8/8/1B2R3/B3K3 w - - 0 1", 18),
        // Two knights between the king and the queen.
        ("4q2k/8/8/8/4N3/8/4N3/4K3 w - - 0 1", 18),
    ];
    for (fen, count) in orthodox {
        let position = Position::from_fen(Variant::orthodox(), fen).unwrap();
        let mut fast: Vec<String> = position.legal_steps().iter().map(key).collect();
        let mut slow: Vec<String> = by_copy(&position).iter().map(key).collect();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{fen}");
        assert_eq!(fast.len(), count, "{fen}");
    }
}

/// In check with one royal, only the royal's steps, captures of a single
/// checker and blocks of its line are tried: the same steps as playing
/// each on a copy, and as many as the bitboard engine counts. Double
/// check (rook and knight), a rider's check with blocks and a pinned
/// blocker, a pawn's check answered en passant, a knight's check.
#[test]
fn evasions_keep_what_playing_on_a_copy_keeps() {
    let positions = [
        "4k3/1R6/8/8/8/3n4/2B5/r3K3 w - - 0 1",
        "4k3/8/8/8/1b6/8/2BN4/r3K2R w K - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/8/8/8/8/3n4/2N1P3/4K3 w - - 0 1",
    ];
    for fen in positions {
        let position = Position::from_fen(Variant::orthodox(), fen).unwrap();
        assert!(position.is_check(), "{fen}");
        let mut fast: Vec<String> = position.legal_steps().iter().map(key).collect();
        let mut slow: Vec<String> = by_copy(&position).iter().map(key).collect();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{fen}");
        let engine = crate::rules::chess::Position::from_fen(fen).unwrap();
        assert_eq!(fast.len() as u64, engine.perft(1), "{fen}");
    }
}
