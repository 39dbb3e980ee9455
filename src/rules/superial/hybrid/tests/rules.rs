//! The rules page's hybrid section and the text's sentences on the hybrid,
//! pinned: every settled point is named here with the tests that pin it,
//! and those tests are run again from here.

use super::{W, at, notations, on, play, refusal, start};
use super::{check, cubes, end, king, notation, pawns, perft, views};
use crate::rules::superial::{Settings, SuperialChess};
use crate::rules::{Game, Options};

use crate::rules::pins::{Pin, assert_pinned, page_points, run_pins};

const SETTLED: &[Pin] = &[
    (
        "The hybrid's board is 8x8 with a1 black; White is an orthodox chess army on its usual squares and moves first.",
        &[
            the_start,
            views::the_text_board_shows_pieces_cubes_and_square_colours,
        ],
    ),
    (
        "Black starts with eight black pushers on the black squares of ranks 7-8: a7 c7 e7 g7 b8 d8 f8 h8.",
        &[the_start, perft::the_start_counts_are_the_rulings],
    ),
    (
        "Cubes follow the classic rules on 8x8 (slashers wrap around its edges) and push and jump chess pieces of both sides.",
        &[
            cubes::a_slasher_captures_anywhere_and_wraps_round_the_8x8_board,
            cubes::cubes_push_and_jump_chess_pieces_of_both_sides,
        ],
    ),
    (
        "For a cube's captures a white piece counts as an enemy cube: pushed onto a black square, hopped on a black square, slashed anywhere.",
        &[
            cubes::a_push_onto_a_black_square_turns_a_white_piece_black,
            cubes::a_push_onto_a_white_square_only_moves_a_white_piece,
            cubes::a_hopper_captures_a_white_piece_only_on_a_black_square,
            cubes::a_slasher_captures_anywhere_and_wraps_round_the_8x8_board,
        ],
    ),
    (
        "A white piece a cube captures turns into Black's piece of the same kind, on its square.",
        &[cubes::a_push_onto_a_black_square_turns_a_white_piece_black],
    ),
    (
        "A chess piece captures a cube by moving onto it and the cube leaves the game; a pawn takes a cube only diagonally.",
        &[
            cubes::a_chess_piece_captures_a_cube_by_moving_onto_it_and_the_cube_leaves,
            cubes::a_pawn_takes_a_cube_only_diagonally,
        ],
    ),
    (
        "Black's pieces move and capture as in chess; captured pieces leave the game.",
        &[
            cubes::black_pieces_move_and_capture_as_in_chess,
            cubes::a_captured_black_piece_leaves_the_game,
        ],
    ),
    (
        "The first white piece a cube action captures becomes Black's king, riding the capturing cube.",
        &[
            king::the_king_on_the_cubes_end_square,
            king::the_crowning_is_told,
        ],
    ),
    (
        "The player places the king's cube on the square it ended on or on the captured piece's square; each choice is a separate action (K@square).",
        &[
            king::the_first_capture_offers_both_squares_as_separate_actions,
            king::the_king_on_the_cubes_end_square,
            king::the_king_on_the_captured_pieces_square,
            king::the_first_capture_must_say_where_the_king_goes,
            king::a_later_capture_has_no_placement,
        ],
    ),
    (
        "Where one action captures several pieces, the player also chooses which becomes the king; the others turn black where they stand.",
        &[king::several_captured_pieces_one_king_the_rest_turn_black],
    ),
    (
        "An aspect change ending the capturing move is judged on the square the move ended on, before the king is placed.",
        &[king::an_aspect_change_is_judged_where_the_move_ended_before_the_king_is_placed],
    ),
    (
        "The king moves as its cube (aspect changes included) or as its piece (no aspect change); the two are different actions even where the results are the same.",
        &[
            king::the_king_moves_as_its_cube_or_as_its_piece_as_different_actions,
            king::the_king_as_its_cube_changes_aspect_but_not_as_its_piece,
        ],
    ),
    (
        "A king moving as a pawn moves as a black pawn and promotes on rank 1, staying the king.",
        &[king::a_pawn_king_moves_as_a_black_pawn_and_promotes_on_rank_1_staying_king],
    ),
    (
        "A king is in check when the opponent, to act, would have an action capturing it, pushes, hops and slashes included.",
        &[
            check::a_cube_that_could_push_the_white_king_onto_a_black_square_gives_check,
            check::a_slasher_checks_across_the_edge,
            check::the_check_is_announced,
        ],
    ),
    (
        "A white king pushed onto a white square is only moved.",
        &[check::a_white_king_pushed_onto_a_white_square_is_only_moved],
    ),
    (
        "No action may leave the mover's king in check, and Black's first capture may not place its king in check.",
        &[
            check::no_action_may_leave_blacks_king_in_check,
            the_first_capture_may_not_place_the_king_in_check,
        ],
    ),
    (
        "Black has no king, and no check, before its first capture.",
        &[check::black_has_no_check_before_its_first_capture],
    ),
    (
        "Castling is as in chess, never out of, through or into check, cube attacks included.",
        &[
            check::no_castling_through_a_square_a_cube_attacks,
            check::a_refused_castling_says_whether_out_of_through_or_into_check,
        ],
    ),
    (
        "The castling right is lost for good once the king or the rook leaves its square by any means, a push included.",
        &[check::a_pushed_king_loses_castling_for_good],
    ),
    (
        "Pawns step, double-step from their side's second rank, capture and take en passant as in chess; cubes never take or are taken en passant.",
        &[
            pawns::a_black_pawn_takes_en_passant,
            pawns::a_white_pawn_takes_a_black_pawn_en_passant,
            pawns::cubes_never_take_en_passant,
        ],
    ),
    (
        "Black's king moving as its pawn is a pawn for en passant both ways: it takes en passant, and its double step may be taken en passant (so it is refused where that would take the king).",
        &[
            pawns::blacks_pawn_king_takes_en_passant,
            king::a_pawn_king_may_not_double_step_where_a_pawn_takes_it_en_passant,
        ],
    ),
    (
        "A pawn promotes on its own move only: a pawn pushed to its last rank, or Black's pawn king carried there by its cube, stays a pawn.",
        &[
            pawns::a_pushed_pawn_does_not_promote,
            pawns::a_pawn_promotes_on_its_own_move,
            king::a_pawn_king_riding_its_cube_onto_rank_1_is_written_and_read_back,
        ],
    ),
    (
        "A pawn pushed onto its own first rank moves one step only.",
        &[pawns::a_pawn_pushed_onto_its_own_first_rank_moves_one_step_only],
    ),
    (
        "Checkmate of either king wins.",
        &[
            end::checkmate_of_blacks_king_wins,
            end::checkmate_of_whites_king_wins,
        ],
    ),
    (
        "White wins when Black's last cube is gone while Black has no king.",
        &[end::white_wins_when_the_last_cube_goes_before_a_first_capture],
    ),
    (
        "A player with no legal action who is not in check draws (stalemate).",
        &[end::no_legal_action_without_check_draws],
    ),
    (
        "Repetition and the 50 and 75 move rules are as in chess; any capture (a cube's included) and any pawn move restart the count.",
        &[
            end::threefold_repetition_may_be_claimed,
            end::a_cube_capture_resets_the_fifty_move_count,
        ],
    ),
    (
        "A push alone restarts no count, not even a push of a pawn: a pushed pawn has not moved.",
        &[end::a_push_alone_restarts_no_count],
    ),
    (
        "The hybrid has no random moves: random-moves above 0 with hybrid=on is refused.",
        &[
            random_moves_are_refused_with_the_hybrid,
            notation::random_moves_belong_to_the_classic_game,
        ],
    ),
    (
        "perft counts actions: each placement of the king, and each king's move as its cube and as its piece, counts once.",
        &[
            perft::the_start_counts_are_the_rulings,
            perft::perft_file_counts_hold,
            king::the_first_capture_offers_both_squares_as_separate_actions,
        ],
    ),
];

/// The text's sentences on the hybrid (seeds/003_8882771689551687.txt).
const TEXT: &[Pin] = &[
    (
        "Shortly after the Superial arrival on Earth, Ninzeem (Superial Chess) was combined with traditional Earth chess.",
        &[the_start],
    ),
    (
        "The chess pieces begin in their standard arrangement, and the cubes are arranged opposite them, filling all eight black or white squares of their starting side.",
        &[the_start],
    ),
    (
        "When the chess pieces capture a cube it is removed from the table.",
        &[cubes::a_chess_piece_captures_a_cube_by_moving_onto_it_and_the_cube_leaves],
    ),
    (
        "When the cubes capture a chess piece, it is exchanged for one of the opposite color.",
        &[cubes::a_push_onto_a_black_square_turns_a_white_piece_black],
    ),
    (
        "However, the first chess piece captured by the cubes becomes the king piece for the cubes.",
        &[king::the_king_on_the_cubes_end_square],
    ),
    (
        "This first king will be placed on the cube that captured it, and combines the abilities of that piece, and the cube.",
        &[king::the_king_moves_as_its_cube_or_as_its_piece_as_different_actions],
    ),
    (
        "The cube can still change aspect and move normally, with the new piece on top of it.",
        &[king::the_king_as_its_cube_changes_aspect_but_not_as_its_piece],
    ),
    (
        "The new cube king can appear either on the square of the captured chess piece, or on the square where the capturing cube ended its turn.",
        &[
            king::the_king_on_the_cubes_end_square,
            king::the_king_on_the_captured_pieces_square,
        ],
    ),
    (
        "The game is won when the king of either side is check-mated, or if all of the cubes are eliminated without capturing a first piece to become their king.",
        &[
            end::checkmate_of_blacks_king_wins,
            end::checkmate_of_whites_king_wins,
            end::white_wins_when_the_last_cube_goes_before_a_first_capture,
        ],
    ),
];

fn the_start() {
    let game = start();
    assert_eq!(game.side(), W);
    for square in ["a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8"] {
        assert_eq!(on(&game, square), "o", "{square}");
    }
    assert_eq!(game.position().pieces().count(), 24);
    assert_eq!(on(&game, "e1"), "K");
    assert_eq!(notations(&game).len(), 20);
}

fn the_first_capture_may_not_place_the_king_in_check() {
    // On d2 the knight-king would stand beside White's king.
    let game = at("8/8/8/8/3o4/3N4/8/4K3 b - - 0 1");
    let err = refusal(&game, "d4-d3 K@d2").to_string();
    assert!(err.contains("your king on d2 would be in check"), "{err}");
    assert_eq!(on(&play(&game, "d4-d3 K@d3"), "d3"), "(on)");
}

fn random_moves_are_refused_with_the_hybrid() {
    let options = Options::parse(["hybrid=on", "random-moves=1"]).unwrap();
    let err = Settings::read(&options).unwrap_err().to_string();
    assert!(err.contains("hybrid=on has none"), "{err}");
    let err = SuperialChess::new(&options, &mut crate::rules::Entropy::for_perft()).unwrap_err();
    assert!(err.to_string().contains("random-moves"), "{err}");
}

#[test]
fn every_settled_point_of_the_hybrid_is_pinned() {
    let page = SuperialChess::rules_page();
    assert_pinned(
        &page_points(page, "SETTLED POINTS OF THE HYBRID", None),
        SETTLED,
    );
}

#[test]
fn every_sentence_of_the_text_on_the_hybrid_is_pinned() {
    run_pins(TEXT);
}

#[test]
fn the_page_documents_the_hybrid() {
    let page = SuperialChess::rules_page();
    for form in [
        "hybrid=on",
        "THE HYBRID (hybrid=on)",
        "d4-d3 K@d3",
        "K@e5(d4)",
        "1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "(on)",
        "o/n",
        "Bo B+ BX",
    ] {
        assert!(page.contains(form), "{form}");
    }
    assert!(!page.contains("not offered yet"));
}

#[test]
fn the_pages_examples_of_the_hybrid_are_legal() {
    let page = SuperialChess::rules_page();
    let hybrid = &page[page.find("THE HYBRID").unwrap()..];
    // A cube's move with a change, after 1.e4: c6 is a white square.
    assert!(hybrid.contains("c7-c6=X"));
    assert_eq!(on(&play(&play(&start(), "e4"), "c7-c6=X"), "c6"), "x");
    // The first capture: the pusher on d4 pushes the knight onto d2, a
    // black square, and the king goes on either square.
    assert!(hybrid.contains("d4-d3 K@d3 or d4-d3 K@d2"));
    let first = at("8/8/8/8/3o4/3N4/8/K7 b - - 0 1");
    assert_eq!(on(&play(&first, "d4-d3 K@d3"), "d3"), "(on)");
    assert_eq!(on(&play(&first, "d4-d3 K@d2"), "d2"), "(on)");
    // Two pieces captured: the slasher jumps b2 and d4, and the bishop of
    // d4 becomes the king on e5.
    assert!(hybrid.contains("K@e5(d4)"));
    let two = at("8/8/8/8/3B4/8/1N6/x3K3 b - - 0 1");
    assert_eq!(on(&play(&two, "a1-c3-e5 K@e5(d4)"), "e5"), "(xb)");
    // The king, a knight riding a pusher on d5 (a white square), moves as
    // its cube or as its piece; a pawn king as a pawn.
    assert!(hybrid.contains("d5-d6,\nd5=X") && hybrid.contains("Nf6, N d5-f6"));
    let king = at("8/8/8/3(on)4/8/8/8/K7 b - - 0 1");
    assert_eq!(on(&play(&king, "d5-d6"), "d6"), "(on)");
    assert_eq!(on(&play(&king, "d5=X"), "d5"), "(xn)");
    for text in ["Nf6", "N d5-f6"] {
        assert_eq!(on(&play(&king, text), "f6"), "(on)", "{text}");
    }
    assert!(hybrid.contains("a pawn as in chess: d4"));
    let pawn = at("8/8/8/3(op)4/8/8/8/K7 b - - 0 1");
    assert_eq!(on(&play(&pawn, "d4"), "d4"), "(op)");
}
