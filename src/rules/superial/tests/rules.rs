//! The rules page and the text, pinned: every settled point of the page and
//! every sentence of the text that says how to play is named here with the
//! tests that pin it, and those tests are run again from here.

use super::{aspects, end, game, moves, notation, perft, random};
use crate::rules::Game;
use crate::rules::superial::Superial;

use crate::rules::pins::{Pin, assert_pinned, page_points, run_pins};

/// The page's settled points, in order, each with its tests.
const SETTLED: &[Pin] = &[
    (
        "a1 is a black square: a square is black when its file and rank (a = 1) add up to an even number.",
        &[aspects::a1_is_black_and_a_square_is_black_when_file_and_rank_add_up_to_an_even_number],
    ),
    (
        "White's cubes play for White with white as home colour, Black's for Black with black; White acts first.",
        &[aspects::each_team_starts_with_six_pushers_on_its_home_colour_and_white_acts_first],
    ),
    (
        "The start: White's six pushers on b1 d1 f1 a2 c2 e2, Black's on a5 c5 e5 b6 d6 f6.",
        &[
            aspects::each_team_starts_with_six_pushers_on_its_home_colour_and_white_acts_first,
            perft::the_start_counts_are_the_rulings,
        ],
    ),
    (
        "An action is a move (which may end with an aspect change), an aspect change instead of moving, or a random move.",
        &[aspects::an_action_is_a_move_a_move_with_a_change_a_change_instead_or_a_random_move],
    ),
    (
        "Only a cube off its home colour changes aspect, to one of its two other aspects, keeping its team.",
        &[
            aspects::only_a_cube_off_its_home_colour_changes_aspect_and_it_keeps_its_team,
            aspects::a_move_ending_off_the_home_colour_may_end_with_a_change,
        ],
    ),
    (
        "Only the moving cube changes aspect: the cubes it captures or pushes never do.",
        &[aspects::only_the_moving_cube_changes_aspect],
    ),
    (
        "An aspect change instead of moving is the whole turn.",
        &[aspects::a_change_instead_of_moving_is_the_whole_turn],
    ),
    (
        "A capture turns the cube over at once, to the same aspect of the other team, on its square; only enemy cubes are captured.",
        &[
            moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour,
            moves::a_slasher_may_jump_the_same_cube_twice_and_captures_it_once,
        ],
    ),
    (
        "A push needs an empty square on the board at the far end of the line; pushes never wrap.",
        &[moves::a_push_with_no_empty_square_at_the_far_end_is_no_move_and_does_not_wrap],
    ),
    (
        "Every enemy cube of a pushed line that lands on the pusher's home colour is captured; the others only move.",
        &[
            moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour,
            moves::an_enemy_pushed_onto_its_own_home_colour_is_only_moved,
            moves::pushing_a_cube_of_ones_own_team_never_changes_it,
        ],
    ),
    (
        "A hopper's two-square move goes over an empty square to an empty square and is its whole move.",
        &[moves::a_hopper_moves_two_squares_straight_over_an_empty_square],
    ),
    (
        "A hop lands on an empty square beside the jumped cube, straight on or turning, never back; a chain may stop after any hop.",
        &[
            moves::a_hopper_hops_a_cube_and_lands_beside_it_anywhere_but_where_it_came_from,
            moves::a_hopper_chains_hops_over_either_team_never_over_an_empty_square_after_a_hop,
        ],
    ),
    (
        "A hopper never lands on a square it has stood on this turn (its start included) and never jumps the same cube twice.",
        &[moves::a_hopper_never_jumps_the_same_cube_twice_nor_doubles_back],
    ),
    (
        "A hopper captures a jumped enemy cube only if it stands on the hopper's home colour.",
        &[
            moves::a_hopper_captures_the_enemies_it_jumps_on_its_own_colour_only,
            moves::a_hopper_on_its_home_colour_captures_nothing,
        ],
    ),
    (
        "A slasher steps one square diagonally, never further, or jumps a diagonally adjacent cube to the square straight beyond.",
        &[
            moves::a_slasher_steps_one_square_diagonally_never_further,
            moves::a_slasher_jump_goes_straight_on_and_may_turn_only_between_jumps,
        ],
    ),
    (
        "A slasher never lands on a square it has stood on this turn, may jump the same cube again, and captures every enemy it jumps, once.",
        &[
            moves::a_slasher_may_jump_the_same_cube_twice_and_captures_it_once,
            moves::a_slasher_never_lands_twice_on_a_square,
            moves::a_slasher_captures_any_enemy_it_jumps_whatever_the_colour,
        ],
    ),
    (
        "Only slashers cross the edges: files and ranks wrap around (a torus), for steps and jumps alike.",
        &[
            moves::only_slashers_cross_the_edges,
            moves::a_slasher_steps_round_the_edges_and_the_corners,
            moves::a_slasher_jumps_across_an_edge,
            moves::a_slasher_jumps_across_a_corner,
        ],
    ),
    (
        "Where two chains of a cube have the same landings, the action names each jumped cube: b2-c3(b3).",
        &[notation::where_two_chains_have_the_same_landings_the_jumped_cube_is_named],
    ),
    (
        "A random move throws file (1-6 = a-f), rank (1-6) and face (1-3 white pusher, hopper, slasher; 4-6 black).",
        &[
            random::the_faces_are_white_pusher_hopper_slasher_then_black_pusher_hopper_slasher,
            random::the_throw_is_the_actions_three_dice_from_the_seed_and_repeats_with_it,
        ],
    ),
    (
        "A random move on an empty square adds a cube showing the face, of the face's team whoever threw.",
        &[random::an_empty_square_gets_a_new_cube_of_the_faces_team],
    ),
    (
        "A random move on a cube turns it to the face's aspect; it keeps its team.",
        &[random::a_cube_on_the_square_turns_to_the_faces_aspect_and_keeps_its_team],
    ),
    (
        "The throws come from the game's committed seed, the same on every replay, and both players are told them.",
        &[
            random::the_throw_is_the_actions_three_dice_from_the_seed_and_repeats_with_it,
            random::the_throw_is_told_to_both_players,
            random::a_random_move_is_replayed_from_the_log_with_the_same_throw,
        ],
    ),
    (
        "A random move starts the repetition and 50-turn counts afresh (no earlier position can return after it).",
        &[random::a_random_move_starts_the_repetition_and_fifty_turn_counts_afresh],
    ),
    (
        "A player whose action leaves the opponent no cube wins at once, whatever random moves the opponent has left.",
        &[
            end::capturing_the_last_enemy_cube_wins_at_once,
            end::random_moves_left_do_not_save_a_side_with_no_cube,
        ],
    ),
    (
        "A player with no legal action at their turn loses; a random move left is a legal action.",
        &[
            end::a_side_with_no_legal_action_at_its_turn_loses,
            end::a_random_move_left_is_a_legal_action,
            end::a_position_whose_side_to_act_cannot_act_is_over_from_the_start,
        ],
    ),
    (
        "The same position means the same cubes, side to act and random moves left; a capture does not forget earlier positions (a recapture can bring one back).",
        &[
            end::captures_do_not_forget_earlier_positions_and_threefold_repetition_may_be_claimed,
            random::the_random_moves_left_are_part_of_the_position,
        ],
    ),
    (
        "Threefold repetition and 50 turns each without a capture or random move may be claimed; fivefold and 75 turns draw by themselves.",
        &[
            end::captures_do_not_forget_earlier_positions_and_threefold_repetition_may_be_claimed,
            end::the_action_that_repeats_a_position_may_carry_the_claim,
            end::the_fifth_occurrence_draws_by_itself,
            end::fifty_turns_each_without_capture_or_random_move_may_be_claimed,
            end::seventy_five_turns_each_draw_by_themselves,
        ],
    ),
    (
        "An aspect change instead of moving counts as a turn for the 50 and 75 turn rules.",
        &[end::an_aspect_change_counts_as_a_turn_and_a_capture_starts_the_count_afresh],
    ),
    (
        "perft counts moves, aspect changes and random moves (each as its 216 throws), not draw claims.",
        &[
            perft::the_start_counts_are_the_rulings,
            perft::perft_file_counts_hold,
        ],
    ),
    (
        "Games for more than two players are not offered: the text gives them no board or setup.",
        &[game::games_for_more_players_are_not_offered],
    ),
];

/// The text's sentences on how to play (seeds/003_8882771689551687.txt),
/// each with its tests.
const TEXT: &[Pin] = &[
    (
        "The classic version of Superial Chess is played on a 6 x 6 checkers board with identical cubes as pieces.",
        &[aspects::a1_is_black_and_a_square_is_black_when_file_and_rank_add_up_to_an_even_number],
    ),
    (
        "The objective is to capture all cubes on the board or immobilize all opposing cubes.",
        &[
            end::capturing_the_last_enemy_cube_wins_at_once,
            end::a_side_with_no_legal_action_at_its_turn_loses,
        ],
    ),
    (
        "Each team starts with six cubes in the pusher aspect (dot) on their team's color (black or white).",
        &[aspects::each_team_starts_with_six_pushers_on_its_home_colour_and_white_acts_first],
    ),
    (
        "Captured pieces are not removed from the board, but instead change to their equivalent aspect of the other team.",
        &[
            moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour,
            moves::a_slasher_jumps_across_a_corner,
        ],
    ),
    (
        "The color determines the team and the aspect determines how the piece moves and captures.",
        &[
            moves::a_pusher_steps_one_square_orthogonally,
            moves::a_hopper_moves_two_squares_straight_over_an_empty_square,
            moves::a_slasher_steps_one_square_diagonally_never_further,
        ],
    ),
    (
        "To change aspect, a piece must be off its home color (white on black squares or black on white squares).",
        &[aspects::only_a_cube_off_its_home_colour_changes_aspect_and_it_keeps_its_team],
    ),
    (
        "A piece that ends its move on its opposite color can also change aspect as part of ending its move.",
        &[aspects::a_move_ending_off_the_home_colour_may_end_with_a_change],
    ),
    (
        "A piece that starts its turn on the opposite color can change its aspect instead of moving, but if it changes its aspect without moving it must wait for another turn to move.",
        &[aspects::a_change_instead_of_moving_is_the_whole_turn],
    ),
    (
        "A piece that is captured cannot change aspect as part of the move where it is captured.",
        &[aspects::only_the_moving_cube_changes_aspect],
    ),
    (
        "Pushers (dots) move only one square per turn horizontally or vertically.",
        &[moves::a_pusher_steps_one_square_orthogonally],
    ),
    (
        "Pushers can push any other piece on the board, including those of their own team.",
        &[
            moves::pushing_a_cube_of_ones_own_team_never_changes_it,
            moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour,
        ],
    ),
    (
        "Pushers can move any number of other pieces in a row or column as long as there is an empty space at the far end.",
        &[
            moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour,
            moves::a_push_with_no_empty_square_at_the_far_end_is_no_move_and_does_not_wrap,
        ],
    ),
    (
        "They capture by pushing a piece onto their color (black or white).",
        &[moves::a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour],
    ),
    (
        "Pushing other pieces on your team will not change them to the other team.",
        &[moves::pushing_a_cube_of_ones_own_team_never_changes_it],
    ),
    (
        "If an opposing piece is pushed onto its home color (i.e., white pushed onto white or black onto black) it is only moved and not captured.",
        &[moves::an_enemy_pushed_onto_its_own_home_colour_is_only_moved],
    ),
    (
        "A hopper moves by hopping onto adjacent pieces and forming a chain of jumps. It can only move horizontally or vertically.",
        &[moves::a_hopper_chains_hops_over_either_team_never_over_an_empty_square_after_a_hop],
    ),
    (
        "When it jumps on a piece, it can complete the jump in any horizontal or vertical direction adjacent to the piece that it jumped, except for the side that it came from, assuming that the adjacent square is unoccupied.",
        &[moves::a_hopper_hops_a_cube_and_lands_beside_it_anywhere_but_where_it_came_from],
    ),
    (
        "From that square the hopper can make additional jumps, but cannot double back on its path while on the same turn.",
        &[moves::a_hopper_never_jumps_the_same_cube_twice_nor_doubles_back],
    ),
    (
        "Hoppers can move over any piece, their team or of an opponent.",
        &[moves::a_hopper_captures_the_enemies_it_jumps_on_its_own_colour_only],
    ),
    (
        "A hopper may move two spaces, horizontally or vertically, without hopping over another piece, but if it does so then that is the end of its turn and it cannot do so after starting a move by hopping over a piece.",
        &[
            moves::a_hopper_moves_two_squares_straight_over_an_empty_square,
            moves::a_hopper_chains_hops_over_either_team_never_over_an_empty_square_after_a_hop,
        ],
    ),
    (
        "If a jump is made over a piece, successive jumps over other pieces are allowed, but the hopper cannot jump over the same piece twice in one turn and cannot jump over an empty square after jumping over one or more pieces.",
        &[
            moves::a_hopper_never_jumps_the_same_cube_twice_nor_doubles_back,
            moves::a_hopper_chains_hops_over_either_team_never_over_an_empty_square_after_a_hop,
        ],
    ),
    (
        "Hoppers capture pieces they jump over only if that piece is on the hopper's color.",
        &[moves::a_hopper_captures_the_enemies_it_jumps_on_its_own_colour_only],
    ),
    (
        "Thus, a hopper on its home color can not capture other pieces, since they will always be on the opposite color.",
        &[moves::a_hopper_on_its_home_colour_captures_nothing],
    ),
    (
        "Slashers (X) move much like a king in normal checkers.",
        &[moves::a_slasher_steps_one_square_diagonally_never_further],
    ),
    (
        "Like the hopper aspect, they can make multiple jumps over any piece but unlike hoppers, slashers can jump the same piece twice in a single turn.",
        &[moves::a_slasher_may_jump_the_same_cube_twice_and_captures_it_once],
    ),
    (
        "They always captures the opposing pieces they jump over, regardless of color.",
        &[moves::a_slasher_captures_any_enemy_it_jumps_whatever_the_colour],
    ),
    (
        "Unlike the hopper, they cannot change direction as part of their jump.",
        &[moves::a_slasher_jump_goes_straight_on_and_may_turn_only_between_jumps],
    ),
    (
        "Most notably, slashers can move around the edges of the board, always moving to the square equivalent to the one that they would have landed on had there been a square there.",
        &[
            moves::a_slasher_steps_round_the_edges_and_the_corners,
            moves::a_slasher_jumps_across_an_edge,
            moves::a_slasher_jumps_across_a_corner,
        ],
    ),
    (
        "Only slashers can do this.",
        &[
            moves::only_slashers_cross_the_edges,
            moves::a_push_with_no_empty_square_at_the_far_end_is_no_move_and_does_not_wrap,
        ],
    ),
    (
        "One common variant of the game allows each player to have one or more random moves.",
        &[random::each_player_has_the_random_moves_of_the_option_zero_to_nine],
    ),
    (
        "In a random move, a player throws three cubes as dice (or one cube three times). The first throw represents the X axis of the board, the second throw represents the Y axis, and the third throw represents the piece that will appear or be changed on the board.",
        &[
            random::the_throw_is_the_actions_three_dice_from_the_seed_and_repeats_with_it,
            random::the_faces_are_white_pusher_hopper_slasher_then_black_pusher_hopper_slasher,
        ],
    ),
    (
        "If there is no piece on the board at the coordinates indicated by the first two throws, then a new piece is added.",
        &[random::an_empty_square_gets_a_new_cube_of_the_faces_team],
    ),
    (
        "If there is a piece there, then it is changed to the aspect indicated by the third throw.",
        &[random::a_cube_on_the_square_turns_to_the_faces_aspect_and_keeps_its_team],
    ),
    (
        "Games with more than two players can be played by using colored paper squares to indicated which player owns which pieces.",
        &[game::games_for_more_players_are_not_offered],
    ),
];

#[test]
fn every_settled_point_on_the_page_is_pinned() {
    // The classic game's points; the hybrid's are pinned in
    // `hybrid/tests/rules.rs`.
    let page = Superial::rules_page();
    let listed = page_points(page, "SETTLED POINTS", Some("SETTLED POINTS OF THE HYBRID"));
    assert_pinned(&listed, SETTLED);
}

#[test]
fn every_sentence_of_the_text_on_play_is_pinned() {
    run_pins(TEXT);
}

#[test]
fn the_page_documents_the_notation_the_position_string_and_the_board() {
    let page = Superial::rules_page();
    for form in [
        "b2-b3",
        "b2-b4-d4",
        "b2-c3(b3)",
        "c2-c3=X",
        "d4=+",
        "random",
        "claim draw",
        "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P",
        "Wo W+ WX",
        "# black, - white",
    ] {
        assert!(page.contains(form), "{form}");
    }
    // Every line fits a mail: the settled points are one line each, the
    // rest wraps at 80 columns.
    let settled = page_points(page, "SETTLED POINTS", None);
    for line in page.lines() {
        assert!(
            line.chars().count() <= 80 || settled.contains(&line.trim_start_matches("- ")),
            "{line}"
        );
    }
}

#[test]
fn the_pages_examples_of_an_aspect_change_are_legal() {
    let page = Superial::rules_page();
    // A move ending with a change: White's pusher on c2 steps onto c3, a
    // black square, from the start.
    for example in ["(c2-c3=X)", "c2-c3=X ", "c2-c3=slasher"] {
        assert!(page.contains(example), "{example}");
    }
    let start = super::new_game("");
    for text in ["c2-c3=X", "c2-c3=slasher"] {
        assert_eq!(super::on(&super::play(&start, text), "c3"), 'S', "{text}");
    }
    // A change instead of moving: a white cube on d4, a black square.
    for example in ["(d4=+)", "d4=+  d4=hopper"] {
        assert!(page.contains(example), "{example}");
    }
    let game = super::arrange(super::W, "Pd4 pf6", "");
    for text in ["d4=+", "d4=hopper"] {
        assert_eq!(super::on(&super::play(&game, text), "d4"), 'H', "{text}");
    }
}
