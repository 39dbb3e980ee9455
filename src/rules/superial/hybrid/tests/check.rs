//! Check: what the opponent could capture, cube actions included; no
//! action may leave the mover's king in check; castling.

use super::{W, at, notations, on, play, refusal};
use crate::rules::superial::hybrid::actions::in_check;

#[test]
pub(super) fn a_cube_that_could_push_the_white_king_onto_a_black_square_gives_check() {
    // d5 is white, d4 black: the pusher on d6 could push the king to d4.
    let game = at("8/8/3o4/3K4/8/8/8/8 w - - 0 1");
    assert!(in_check(game.position(), W));
    // Every answer ends the check.
    for text in notations(&game) {
        assert!(!in_check(play(&game, &text).position(), W), "{text}");
    }
}

#[test]
pub(super) fn a_white_king_pushed_onto_a_white_square_is_only_moved() {
    let game = at("8/8/8/3o4/3K4/8/8/8 b - - 0 1");
    assert!(!in_check(game.position(), W));
    let game = play(&game, "d5-d4");
    assert_eq!(on(&game, "d3"), "K");
}

#[test]
pub(super) fn a_slasher_checks_across_the_edge() {
    // The slasher on h2 could jump a1 (its diagonal neighbour across the
    // edge) and land on b8.
    let game = at("8/8/8/8/8/8/7x/K7 w - - 0 1");
    assert!(in_check(game.position(), W));
}

#[test]
pub(super) fn black_has_no_check_before_its_first_capture() {
    let game = at("8/8/8/8/3o4/8/8/K2R4 b - - 0 1");
    // The rook attacks d4, but a plain cube is no king.
    assert!(!in_check(game.position(), super::B));
    assert!(notations(&game).contains(&"d4-d3".to_string()));
}

#[test]
pub(super) fn no_action_may_leave_blacks_king_in_check() {
    let game = at("8/8/8/8/3(on)4/8/8/K3R3 b - - 0 1");
    let err = refusal(&game, "d4-e4").to_string();
    assert!(err.contains("would leave your king in check"), "{err}");
    let err = refusal(&game, "Ne2").to_string();
    assert!(err.contains("would leave your king in check"), "{err}");
}

#[test]
pub(super) fn no_castling_through_a_square_a_cube_attacks() {
    // The slasher on e2 could jump f1 (landing on g8 across the edge).
    let game = at("8/8/8/8/8/8/4x3/4K2R w K - 0 1");
    let err = refusal(&game, "O-O").to_string();
    assert!(
        err.contains("castling through check is not allowed"),
        "{err}"
    );
    // Without it, castling is legal.
    let game = at("o7/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(on(&play(&game, "O-O"), "g1"), "K");
}

#[test]
pub(super) fn a_pushed_king_loses_castling_for_good() {
    let game = play(&at("8/8/8/8/8/8/8/R2oK2R b KQ - 0 1"), "d1-e1");
    assert_eq!(on(&game, "f1"), "K");
    assert!(crate::rules::superial::hybrid::position::write(game.position()).contains(" w - "));
}

#[test]
pub(super) fn the_check_is_announced() {
    let (_, events) = super::play_events(&at("8/3o4/8/3K4/8/8/8/8 b - - 0 1"), "d7-d6");
    assert!(
        events.iter().any(|e| e.text == "White is in check."),
        "{events:?}"
    );
}

#[test]
pub(super) fn a_refused_castling_says_whether_out_of_through_or_into_check() {
    // The hopper on e2 could jump the king on e1 (a black square) and land
    // on d1: White is in check, and may not castle out of it.
    let game = at("8/8/8/8/8/8/4+3/R3K2R w KQ - 0 1");
    assert!(in_check(game.position(), W));
    let err = refusal(&game, "O-O-O").to_string();
    assert!(
        err.starts_with("You are in check, and castling out of check is not allowed."),
        "{err}"
    );
    // The slasher on c2 could jump d1 (landing on e8 across the edge), but
    // not e1: the king would cross d1 in check.
    let game = at("8/8/8/8/8/8/2x5/R3K3 w Q - 0 1");
    assert!(!in_check(game.position(), W));
    let err = refusal(&game, "O-O-O").to_string();
    assert!(
        err.starts_with(
            "O-O-O would take your king across d1, where it would be in check: castling \
             through check is not allowed."
        ),
        "{err}"
    );
    // The slasher on b2 could jump a king on c1 (landing on d8 across the
    // edge), not one on e1 or d1.
    let game = at("8/8/8/8/8/8/1x6/R3K3 w Q - 0 1");
    let err = refusal(&game, "O-O-O").to_string();
    assert!(
        err.starts_with(
            "O-O-O would put your king in check on c1: castling into check is not allowed."
        ),
        "{err}"
    );
}
