//! How the hybrid ends: checkmate, the last cube gone before a first
//! capture, stalemate, and the draws of chess.

use super::{B, W, at, on, play, play_all, play_events, start};
use crate::rules::chesslike::DrawRule;
use crate::rules::{Ending, Outcome};

#[test]
pub(super) fn checkmate_of_blacks_king_wins() {
    let (game, events) = play_events(&at("(on)7/8/8/8/8/8/1Q6/7K w - - 0 1"), "Qb7");
    assert_eq!(game.outcome(), Some(&Outcome::win(W, Ending::Checkmate)));
    assert_eq!(game.history().last().unwrap().text, "Qb7#");
    assert!(
        events.iter().any(|e| e.text == "Checkmate: White wins."),
        "{events:?}"
    );
}

#[test]
pub(super) fn checkmate_of_whites_king_wins() {
    // The slasher on a2 could jump h1 (across the corner) and land on g8;
    // the king has no square, and nothing takes the slasher or fills g8.
    let (game, events) = play_events(&at("8/8/8/8/8/1x6/6PP/6RK b - - 0 1"), "b3-a2");
    assert_eq!(game.outcome(), Some(&Outcome::win(B, Ending::Checkmate)));
    assert_eq!(game.history().last().unwrap().text, "b3-a2#");
    assert!(
        events.iter().any(|e| e.text == "Checkmate: Black wins."),
        "{events:?}"
    );
}

#[test]
pub(super) fn white_wins_when_the_last_cube_goes_before_a_first_capture() {
    let (game, events) = play_events(&at("8/8/8/8/8/8/3o4/3QK3 w - - 0 1"), "Qxd2");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(
            W,
            Ending::AllCubesCaptured(crate::rules::Seat::Black)
        ))
    );
    assert!(
        events.iter().any(|e| e.text.contains("White wins")),
        "{events:?}"
    );
}

#[test]
pub(super) fn no_legal_action_without_check_draws() {
    // The hopper on h8 (a black square) can neither move nor change.
    let game = at("5RN+/6BP/7N/8/8/8/8/K7 b - - 0 1");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::draw(Ending::Draw(DrawRule::Stalemate)))
    );
}

#[test]
pub(super) fn threefold_repetition_may_be_claimed() {
    let moves = ["Nf3", "a7-a6", "Ng1", "a6-a7"];
    let game = play_all(&start(), &[moves, moves].concat());
    assert_eq!(game.claimable(), Some(DrawRule::ThreefoldRepetition));
    let (game, _) = play_events(&game, "claim draw");
    assert!(game.outcome().is_some());
    // Or with the action that repeats the position for the third time.
    let game = play_all(&start(), &[&moves[..], &moves[..3]].concat());
    assert!(notations_and_claims(&game).contains(&"a6-a7 claim".to_string()));
    let (game, events) = play_events(&game, "a6-a7 claim");
    assert!(game.outcome().is_some(), "{events:?}");
}

fn notations_and_claims(game: &crate::rules::superial::hybrid::Hybrid) -> Vec<String> {
    game.legal_actions(game.side())
        .iter()
        .map(|a| game.notation(a))
        .collect()
}

#[test]
pub(super) fn a_cube_capture_resets_the_fifty_move_count() {
    let game = at("7(or)/8/8/8/3oo3/3NP3/8/K7 b - - 40 30");
    assert_eq!(play(&game, "d4-d3").position().halfmove_clock(), 0);
    assert_eq!(play(&game, "d4-c4").position().halfmove_clock(), 41);
}

#[test]
pub(super) fn a_push_alone_restarts_no_count() {
    let game = at("7(or)/8/8/8/3oo3/3NP3/8/K7 b - - 40 30");
    // A pawn pushed (onto e2, a white square: not captured) made no move.
    let pushed = play(&game, "e4-e3");
    assert_eq!(on(&pushed, "e2"), "P");
    assert_eq!(pushed.position().halfmove_clock(), 41);
    // Nor does a piece's push that captures nothing: the knight pushed
    // onto e2, a white square, is only moved.
    let game = at("7(or)/8/8/8/4o3/4N3/8/K7 b - - 40 30");
    let pushed = play(&game, "e4-e3");
    assert_eq!(on(&pushed, "e2"), "N");
    assert_eq!(pushed.position().halfmove_clock(), 41);
}
