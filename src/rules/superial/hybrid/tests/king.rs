//! Black's king: the first white piece a cube captures, riding the
//! capturing cube, placed where the player chooses; moving as its cube or
//! as its piece.

use super::{at, notations, on, play, refusal};
use crate::rules::superial::hybrid::actions;
use crate::rules::superial::hybrid::notation::write;

const FIRST: &str = "8/8/8/8/3o4/3N4/8/K7 b - - 0 1";

#[test]
pub(super) fn the_first_capture_offers_both_squares_as_separate_actions() {
    let game = at(FIRST);
    let of_d4: Vec<String> = notations(&game)
        .into_iter()
        .filter(|n| n.starts_with("d4-d3") && !n.contains('='))
        .collect();
    assert_eq!(of_d4, ["d4-d3 K@d3", "d4-d3 K@d2"]);
}

#[test]
pub(super) fn the_king_on_the_cubes_end_square() {
    let game = play(&at(FIRST), "d4-d3 K@d3");
    assert_eq!(
        (on(&game, "d3"), on(&game, "d2")),
        ("(on)".into(), ".".into())
    );
    assert_eq!(
        actions::black_king(game.position()).unwrap().to_string(),
        "d3"
    );
}

#[test]
pub(super) fn the_king_on_the_captured_pieces_square() {
    let game = play(&at(FIRST), "d4-d3 K@d2");
    assert_eq!(
        (on(&game, "d3"), on(&game, "d2")),
        (".".into(), "(on)".into())
    );
}

#[test]
pub(super) fn the_first_capture_must_say_where_the_king_goes() {
    let err = refusal(&at(FIRST), "d4-d3").to_string();
    assert!(
        err.contains("first capture") && err.contains("d4-d3 K@d3"),
        "{err}"
    );
    let err = refusal(&at(FIRST), "d4-d3 K@e4").to_string();
    assert!(
        err.contains("(d3) or on the captured piece's (d2)"),
        "{err}"
    );
}

#[test]
pub(super) fn a_later_capture_has_no_placement() {
    let game = at("7(or)/8/8/8/3o4/3N4/8/K7 b - - 0 1");
    let err = refusal(&game, "d4-d3 K@d3").to_string();
    assert!(err.contains("only with your first capture"), "{err}");
    assert_eq!(on(&play(&game, "d4-d3"), "d2"), "n");
}

#[test]
pub(super) fn an_aspect_change_is_judged_where_the_move_ended_before_the_king_is_placed() {
    // d3 is white (the cube may change there); d2 is black.
    let game = play(&at(FIRST), "d4-d3=X K@d2");
    assert_eq!(on(&game, "d2"), "(xn)");
}

#[test]
pub(super) fn several_captured_pieces_one_king_the_rest_turn_black() {
    // The slasher a1 jumps b2 and d4 and ends on e5.
    let game = at("8/8/8/8/3B4/8/1N6/x3K3 b - - 0 1");
    let chain: Vec<String> = notations(&game)
        .into_iter()
        .filter(|n| n.starts_with("a1-c3-e5") && !n.contains('='))
        .collect();
    assert_eq!(
        chain,
        [
            "a1-c3-e5 K@e5(b2)",
            "a1-c3-e5 K@b2",
            "a1-c3-e5 K@e5(d4)",
            "a1-c3-e5 K@d4"
        ]
    );
    let after = play(&game, "a1-c3-e5 K@e5(d4)");
    assert_eq!(
        (on(&after, "e5"), on(&after, "b2"), on(&after, "d4")),
        ("(xb)".into(), "n".into(), ".".into())
    );
    let after = play(&game, "a1-c3-e5 K@b2");
    assert_eq!(
        (on(&after, "e5"), on(&after, "b2"), on(&after, "d4")),
        (".".into(), "(xn)".into(), "b".into())
    );
    assert!(matches!(
        refusal(&game, "a1-c3-e5 K@e5"),
        crate::rules::ActionError::Ambiguous { .. }
    ));
}

#[test]
pub(super) fn the_king_moves_as_its_cube_or_as_its_piece_as_different_actions() {
    let game = at("8/8/8/8/3(or)4/8/8/K7 b - - 0 1");
    let all = notations(&game);
    // The same step as a cube (d4-d5) and as a rook (Rd5).
    assert!(all.contains(&"d4-d5".to_string()), "{all:?}");
    assert!(all.contains(&"Rd5".to_string()), "{all:?}");
    assert_eq!(
        on(&play(&game, "d4-d5"), "d5"),
        on(&play(&game, "Rd5"), "d5")
    );
    // As its piece it rides like a rook; as its cube it steps like a pusher.
    assert_eq!(on(&play(&game, "Rd8"), "d8"), "(or)");
    assert!(refusal(&game, "d4-d6").to_string().contains("Rd6"));
}

#[test]
pub(super) fn the_king_as_its_cube_changes_aspect_but_not_as_its_piece() {
    // d5 is white: the cube may change aspect there.
    let game = at("8/8/8/8/3(or)4/8/8/K7 b - - 0 1");
    assert_eq!(on(&play(&game, "d4-d5=+"), "d5"), "(+r)");
    assert!(
        refusal(&game, "Rd5=+")
            .to_string()
            .contains("could not read")
    );
}

#[test]
pub(super) fn a_pawn_king_moves_as_a_black_pawn_and_promotes_on_rank_1_staying_king() {
    let game = at("7K/8/8/8/8/8/3(op)4/8 b - - 0 1");
    let game = play(&game, "d1=Q");
    assert_eq!(on(&game, "d1"), "(oq)");
    assert!(actions::black_king(game.position()).is_some());
}

#[test]
pub(super) fn the_crowning_is_told() {
    let game = at(FIRST);
    let play = game
        .plays(game.side())
        .into_iter()
        .find(|p| write(game.position(), p) == "d4-d3 K@d2");
    let (_, events) = game.after(game.side(), &play.unwrap());
    assert!(
        events[0]
            .text
            .contains("crowning Black's king (a knight riding a pusher) on d2"),
        "{events:?}"
    );
}

#[test]
pub(super) fn a_pawn_king_may_not_double_step_where_a_pawn_takes_it_en_passant() {
    // From d7 to d5, past the pawn on e5: exd6 would capture the king.
    let game = at("8/3(op)4/8/4P3/8/8/8/K7 b - - 0 1");
    let err = refusal(&game, "d5").to_string();
    assert!(err.contains("would leave your king in check"), "{err}");
    // Without the pawn beside it, the double step is a move.
    let game = at("8/3(op)4/8/7P/8/8/8/K7 b - - 0 1");
    assert_eq!(on(&play(&game, "d5"), "d5"), "(op)");
}

#[test]
pub(super) fn a_pawn_king_riding_its_cube_onto_rank_1_is_written_and_read_back() {
    // As its cube the king steps from h2 to h1: a pawn there that did not
    // move as a pawn, so it has not promoted.
    let game = play(&at("4o3/8/8/8/8/8/7(op)/K7 b - - 0 1"), "h2-h1");
    let written = crate::rules::superial::hybrid::position::write(game.position());
    assert_eq!(written, "4o3/8/8/8/8/8/8/K6(op) w - - 1 2");
    let read = at(&written);
    assert_eq!(read.position(), game.position());
    assert_eq!(on(&read, "h1"), "(op)");
}
