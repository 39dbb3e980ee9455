//! Cubes on the 8x8 board against chess pieces: pushes, hops and slashes
//! that capture white pieces (turning them black), and chess pieces that
//! capture cubes off the board.

use super::{at, notations, on, play, play_events, refusal};
use crate::rules::superial::hybrid::actions;

#[test]
pub(super) fn a_push_onto_a_black_square_turns_a_white_piece_black() {
    // d2 is black: the knight pushed there turns into Black's knight.
    let game = play(&at("7(on)/8/8/8/3o4/3N4/8/K7 b - - 0 1"), "d4-d3");
    assert_eq!((on(&game, "d3"), on(&game, "d2")), ("o".into(), "n".into()));
}

#[test]
pub(super) fn a_push_onto_a_white_square_only_moves_a_white_piece() {
    // e2 is white: the knight is only moved.
    let game = play(&at("7(on)/8/8/8/4o3/4N3/8/K7 b - - 0 1"), "e4-e3");
    assert_eq!((on(&game, "e3"), on(&game, "e2")), ("o".into(), "N".into()));
}

#[test]
pub(super) fn a_hopper_captures_a_white_piece_only_on_a_black_square() {
    // d4 is black: captured; c4 is white: only jumped.
    let game = play(&at("7(on)/8/8/3+4/3N4/8/8/K7 b - - 0 1"), "d5-d3");
    assert_eq!(on(&game, "d4"), "n");
    let game = play(&at("7(on)/8/8/2+5/2N5/8/8/K7 b - - 0 1"), "c5-c3");
    assert_eq!(on(&game, "c4"), "N");
}

#[test]
pub(super) fn a_slasher_captures_anywhere_and_wraps_round_the_8x8_board() {
    // h4 jumps a5 across the edge and lands on b6.
    let game = play(&at("7(on)/8/8/N7/7x/8/8/4K3 b - - 0 1"), "h4-b6");
    assert_eq!((on(&game, "a5"), on(&game, "b6")), ("n".into(), "x".into()));
    // A plain step across the corner: a1 and h8 are diagonal neighbours.
    let game = at("8/8/8/8/8/8/8/x3K3 b - - 0 1");
    assert!(notations(&game).contains(&"a1-h8".to_string()));
}

#[test]
pub(super) fn cubes_push_and_jump_chess_pieces_of_both_sides() {
    // Black's own knight is pushed and never captured.
    let game = play(&at("7(or)/8/8/8/3o4/3n4/8/K7 b - - 0 1"), "d4-d3");
    assert_eq!(on(&game, "d2"), "n");
}

#[test]
pub(super) fn a_chess_piece_captures_a_cube_by_moving_onto_it_and_the_cube_leaves() {
    let game = at("7(on)/8/8/3o4/8/8/8/K2R4 w - - 0 1");
    assert_eq!(actions::cubes(game.position()), 2);
    let (after, events) = play_events(&game, "Rxd5");
    assert_eq!(on(&after, "d5"), "R");
    assert_eq!(actions::cubes(after.position()), 1);
    assert!(
        events[0].text.contains("taking Black's pusher on d5"),
        "{events:?}"
    );
}

#[test]
pub(super) fn a_pawn_takes_a_cube_only_diagonally() {
    let game = at("7(on)/8/8/3oo3/4P3/8/8/K7 w - - 0 1");
    assert!(refusal(&game, "e5").to_string().contains("e5"));
    let game = play(&game, "exd5");
    assert_eq!(on(&game, "d5"), "P");
}

#[test]
pub(super) fn a_captured_black_piece_leaves_the_game() {
    let game = play(&at("7(on)/8/8/3n4/8/8/8/K2R4 w - - 0 1"), "Rxd5");
    assert_eq!(on(&game, "d5"), "R");
    assert_eq!(game.position().pieces().count(), 3);
}

#[test]
pub(super) fn black_pieces_move_and_capture_as_in_chess() {
    let game = at("7(on)/8/8/3b4/8/8/6N1/K7 b - - 0 1");
    let game = play(&game, "Bxg2");
    assert_eq!(on(&game, "g2"), "b");
}
