//! A test for every ruling of the two-board game (its number in brackets).

use super::Table;
use crate::rules::{DrawRule, Ending, GameResult, Seat};

const TWO: [&str; 1] = ["setup=two-boards"];

/// [29] Board 1 as in chess, board 2 with White's king and queen exchanged.
#[test]
fn two_boards_start() {
    assert_eq!(
        Table::new(&TWO).position(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w a1,d1,h1,a8,e8,h8 - 0 1"
    );
}

/// [30] One move on each board by pieces of one kind: mirrored for White,
/// the same for Black.
#[test]
fn two_boards_moves() {
    let mut t = Table::new(&TWO);
    t.play("e4");
    assert_eq!(t.events[0], "White played P e2-e4, P d2-d4");
    t.play("e5");
    assert_eq!(t.events[0], "Black played P e7-e5, P e7-e5");
    t.play("Qh5");
    assert_eq!(t.events[0], "White played Q d1-h5, Q e1-a5");
    t.play("Nc6");
    assert_eq!(t.events[0], "Black played N b8-c6, N b8-c6");
}

/// [31] Each move legal on its own board; both promotions to one kind.
#[test]
fn two_boards_each_move_legal() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 | 4k3/7P/8/8/8/8/8/3K4 w - - 0 1";
    let t = Table::from(&TWO, fen);
    let texts = t.texts();
    assert!(
        texts.contains(&"P a7-a8=Q, P h7-h8=Q+".to_string()),
        "{texts:?}"
    );
    assert!(t.reason("a8=Q, h8=N").contains("On board 2"));
}

/// [32] On board 2 White's king on d1 castles to b1 or f1.
#[test]
fn two_boards_castling() {
    let fen =
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | r3k2r/8/8/8/8/8/8/R2K3R w a1,d1,h1,a8,e8,h8 - 0 1";
    let mut short = Table::from(&TWO, fen);
    short.play("O-O");
    assert_eq!(short.events[0], "White played K e1-g1, K d1-b1");
    let mut long = Table::from(&TWO, fen);
    long.play("O-O-O");
    assert_eq!(long.events[0], "White played K e1-c1, K d1-f1+");
}

/// [33] No pairs on two boards: no quiet diagonal pawn steps, no swaps.
#[test]
fn two_boards_have_no_pairs() {
    let t = Table::new(&TWO);
    assert!(t.reason("P e2-d3, P d2-e3").starts_with("On board 1"));
    assert!(!t.position().contains('*'));
}

/// [34] No legal turn: a loss with a king in check on either board, else a
/// draw.
#[test]
fn two_boards_end() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 | \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w a1,d1,h1,a8,e8,h8 - 1 3";
    assert_eq!(
        Table::from(&TWO, mated).outcome(),
        Some((GameResult::Win(Seat::Black), Ending::Checkmate))
    );
    let stuck = "k7/8/8/8/8/8/5q2/7K w - - 0 40 | k7/8/8/8/8/8/8/K7 w - - 0 40";
    assert_eq!(
        Table::from(&TWO, stuck).outcome(),
        Some((GameResult::Draw, Ending::Draw(DrawRule::Stalemate)))
    );
}
