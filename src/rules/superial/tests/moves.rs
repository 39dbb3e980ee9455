//! How each aspect moves and captures: the text's sentences on pushers,
//! hoppers and slashers, and the rulings on them.

use super::{W, actions_from, arrange, on, play, play_events, refusal};
use crate::rules::superial::Superial;

/// The moves (without aspect changes) of the cube on `square`, sorted.
fn paths(game: &Superial, square: &str) -> Vec<String> {
    let mut paths: Vec<String> = actions_from(game, square)
        .into_iter()
        .filter(|n| !n.contains('='))
        .collect();
    paths.sort();
    paths
}

// Pushers

#[test]
pub(super) fn a_pusher_steps_one_square_orthogonally() {
    let game = arrange(W, "Pc3 pf6", "");
    assert_eq!(paths(&game, "c3"), ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]);
    assert!(refusal(&game, "c3-d4").to_string().contains("not a move"));
    assert!(refusal(&game, "c3-c5").to_string().contains("not a move"));
}

#[test]
pub(super) fn a_push_with_no_empty_square_at_the_far_end_is_no_move_and_does_not_wrap() {
    let game = arrange(W, "Pc1 Pd3 pd4 pd5 pd6 pa6", "");
    // d3 pushing up: d4-d6 are full up to the edge.
    assert!(!paths(&game, "d3").contains(&"d3-d4".to_string()));
    let refused = refusal(&game, "d3-d4").to_string();
    assert!(
        refused.contains(
            "d3-d4 is not a move of your pusher on d3: the line it would push (d4, d5, d6) has \
             no empty square at its far end, before the edge of the board, and a push needs one."
        ),
        "{refused}"
    );
    assert!(
        refused.contains("can play d3-e3, d3-d2, d3-c3"),
        "{refused}"
    );
    // No pusher crosses an edge: c1 has no move down.
    assert_eq!(paths(&game, "c1"), ["c1-b1", "c1-c2", "c1-d1"]);
}

#[test]
pub(super) fn a_multi_cube_push_captures_the_enemies_that_land_on_the_pushers_colour() {
    // White's pusher pushes c3 d3 e3 one square right: the hopper from c3
    // lands on d3 (white: captured, still a hopper), the pusher from d3 on
    // e3 (black: only moved), White's own slasher from e3 on f3 (own team:
    // unchanged).
    let game = arrange(W, "Pb3 hc3 pd3 Se3 pf6", "");
    let (after, events) = play_events(&game, "b3-c3");
    assert_eq!(
        ["b3", "c3", "d3", "e3", "f3"].map(|s| on(&after, s)),
        ['.', 'P', 'H', 'p', 'S']
    );
    assert_eq!(
        events[0].text,
        "White played b3-c3, pushing the cubes now on d3, e3, f3; capturing d3 (now White's \
         hopper)."
    );
    assert_eq!(
        after.quiet(),
        0,
        "a capture starts the 50-turn count afresh"
    );
}

#[test]
pub(super) fn an_enemy_pushed_onto_its_own_home_colour_is_only_moved() {
    // Black's pusher on c2 (white) is pushed onto c3, a black square.
    let game = arrange(W, "Pc1 pc2 pf6", "");
    let (after, events) = play_events(&game, "c1-c2");
    assert_eq!([on(&after, "c2"), on(&after, "c3")], ['P', 'p']);
    assert_eq!(
        events[0].text,
        "White played c1-c2, pushing the cube now on c3."
    );
    assert_eq!(after.quiet(), 1);
}

#[test]
pub(super) fn pushing_a_cube_of_ones_own_team_never_changes_it() {
    // Black's pusher pushes Black's own hopper onto c3, a black square,
    // where it would capture an enemy: its own cube stays Black's.
    let game = arrange(crate::rules::Seat::Black, "Pa1 pc5 hc4", "");
    let after = play(&game, "c5-c4");
    assert_eq!([on(&after, "c4"), on(&after, "c3")], ['p', 'h']);
}

// Hoppers

#[test]
pub(super) fn a_hopper_moves_two_squares_straight_over_an_empty_square() {
    let game = arrange(W, "Hc3 pf6", "");
    assert_eq!(paths(&game, "c3"), ["c3-a3", "c3-c1", "c3-c5", "c3-e3"]);
    // The two-square move is the whole move: no hop may follow it.
    let game = arrange(W, "Hc1 pd3 pf6", "");
    assert!(!paths(&game, "c1").iter().any(|p| p.starts_with("c1-c3-")));
    // And it is never diagonal, or one square.
    assert!(refusal(&game, "c1-c2").to_string().contains("not a move"));
}

#[test]
pub(super) fn a_hopper_hops_a_cube_and_lands_beside_it_anywhere_but_where_it_came_from() {
    // Over b3 from b2: to b4, a3 or c3, never back to b2.
    let game = arrange(W, "Hb2 pb3 pf6", "");
    assert_eq!(paths(&game, "b2"), ["b2-a3", "b2-b4", "b2-c3", "b2-d2"]);
}

#[test]
pub(super) fn a_hopper_chains_hops_over_either_team_never_over_an_empty_square_after_a_hop() {
    // b2 over b3 (Black's) to b4, then over c4 (White's own) to d4; after a
    // hop it may not go on over the empty b5.
    let game = arrange(W, "Hb2 pb3 Pc4 pf6", "");
    let chains = paths(&game, "b2");
    assert!(chains.contains(&"b2-b4-d4".to_string()), "{chains:?}");
    assert!(
        chains.contains(&"b2-b4".to_string()),
        "a chain may stop after any hop"
    );
    assert!(!chains.contains(&"b2-b4-b6".to_string()), "{chains:?}");
    assert!(
        refusal(&game, "b2-b4-b6")
            .to_string()
            .contains("not a move")
    );
}

#[test]
pub(super) fn a_hopper_never_jumps_the_same_cube_twice_nor_doubles_back() {
    // Around b3: b2 over b3 to c3 could go on to a3 only by jumping b3
    // again, and over c2 from c3 it would land on b2, where it started.
    let game = arrange(W, "Hb2 pb3 pc2 pf6", "");
    let chains = paths(&game, "b2");
    for chain in &chains {
        let squares: Vec<&str> = chain.split('-').collect();
        let mut seen = squares.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(
            seen.len(),
            squares.len(),
            "{chain} stands twice on a square"
        );
    }
    // Over c2 to c3, then over b3 to a3: two cubes, each jumped once.
    assert!(chains.contains(&"b2-c3-a3".to_string()), "{chains:?}");
    // The refusal says which rule the chain breaks.
    let refused = refusal(&game, "b2-c3(b3)-a3").to_string();
    assert!(
        refused.starts_with(
            "b2-c3(b3)-a3 is not a move of your hopper on b2: it would jump b3 a second time, \
             and a hopper never jumps the same cube twice."
        ),
        "{refused}"
    );
    let refused = refusal(&game, "b2-c3(b3)-b2(c2)").to_string();
    assert!(
        refused.starts_with(
            "b2-c3(b3)-b2(c2) is not a move of your hopper on b2: it would land on b2 a second \
             time, and a hopper never lands on a square it has stood on this turn (its start \
             included)."
        ),
        "{refused}"
    );
}

#[test]
pub(super) fn a_hopper_captures_the_enemies_it_jumps_on_its_own_colour_only() {
    // White's hopper on b2 (black) jumps squares of White's colour: Black's
    // pusher on b3 is captured, White's own pusher on c4 stays White's.
    let game = arrange(W, "Hb2 pb3 Pc4 pf6", "");
    let (after, events) = play_events(&game, "b2-b4-d4");
    assert_eq!(
        ["b2", "b3", "b4", "c4", "d4"].map(|s| on(&after, s)),
        ['.', 'P', '.', 'P', 'H']
    );
    assert_eq!(
        events[0].text,
        "White played b2-b4-d4, capturing b3 (now White's pusher)."
    );
}

#[test]
pub(super) fn a_hopper_on_its_home_colour_captures_nothing() {
    // White's hopper on c2 (white) jumps Black's cubes on c3 and d4, both
    // on black squares: neither is captured.
    let game = arrange(W, "Hc2 pc3 pd4 pf6", "");
    let after = play(&game, "c2-d3-d5");
    assert_eq!(
        [on(&after, "c3"), on(&after, "d4"), on(&after, "d5")],
        ['p', 'p', 'H']
    );
}

#[test]
pub(super) fn only_slashers_cross_the_edges() {
    // A hopper at the edge does not come round, neither hopping nor by its
    // two-square move.
    let game = arrange(W, "Hb3 pa3 pf6", "");
    assert!(!paths(&game, "b3").iter().any(|p| p.contains('f')));
    let game = arrange(W, "Ha3 pf6", "");
    assert_eq!(paths(&game, "a3"), ["a3-a1", "a3-a5", "a3-c3"]);
}

// Slashers

#[test]
pub(super) fn a_slasher_steps_one_square_diagonally_never_further() {
    let game = arrange(W, "Sc3 pf6", "");
    assert_eq!(paths(&game, "c3"), ["c3-b2", "c3-b4", "c3-d2", "c3-d4"]);
    assert!(refusal(&game, "c3-e5").to_string().contains("not a move"));
    assert!(refusal(&game, "c3-c4").to_string().contains("not a move"));
}

#[test]
pub(super) fn a_slasher_steps_round_the_edges_and_the_corners() {
    let game = arrange(W, "Sa1 pc5", "");
    assert_eq!(paths(&game, "a1"), ["a1-b2", "a1-b6", "a1-f2", "a1-f6"]);
}

#[test]
pub(super) fn a_slasher_jumps_across_an_edge() {
    // From a3 up and to the left: over f4, round the a-f edge, to e5.
    let game = arrange(W, "Sa3 pf4 pc1", "");
    let (after, events) = play_events(&game, "a3-e5");
    assert_eq!(
        [on(&after, "a3"), on(&after, "f4"), on(&after, "e5")],
        ['.', 'P', 'S']
    );
    assert_eq!(
        events[0].text,
        "White played a3-e5, capturing f4 (now White's pusher)."
    );
}

#[test]
pub(super) fn a_slasher_jumps_across_a_corner() {
    // From a1 down and to the left: over f6, the opposite corner, to e5.
    let game = arrange(W, "Sa1 hf6 pc3", "");
    let after = play(&game, "a1-e5");
    assert_eq!([on(&after, "f6"), on(&after, "e5")], ['H', 'S']);
}

#[test]
pub(super) fn a_slasher_jump_goes_straight_on_and_may_turn_only_between_jumps() {
    // Over d4 from c3 the only landing is e5; from there it turns to jump
    // f4 and comes round to a3.
    let game = arrange(W, "Sc3 pd4 pf4 pb1", "");
    let chains = paths(&game, "c3");
    let over_d4: Vec<&String> = chains.iter().filter(|c| c.starts_with("c3-e5")).collect();
    assert!(over_d4.iter().all(|c| c.starts_with("c3-e5")));
    assert!(!chains.contains(&"c3-e3".to_string()) && !chains.contains(&"c3-c5".to_string()));
    let after = play(&game, "c3-e5-a3");
    assert_eq!(
        [on(&after, "d4"), on(&after, "f4"), on(&after, "a3")],
        ['P', 'P', 'S']
    );
}

#[test]
pub(super) fn a_slasher_may_jump_the_same_cube_twice_and_captures_it_once() {
    // c3 over d4 to e5, over f6 round the corner to a1, over b6 round the
    // edge to c5, and over d4 again to e3. Black's d4 and f6 are captured;
    // White's own b6 is jumped and stays White's.
    let game = arrange(W, "Sc3 pd4 pf6 Pb6 pa4", "");
    let (after, events) = play_events(&game, "c3-e5-a1-c5-e3");
    assert_eq!(
        ["d4", "f6", "b6", "e3"].map(|s| on(&after, s)),
        ['P', 'P', 'P', 'S']
    );
    assert_eq!(
        events[0].text,
        "White played c3-e5-a1-c5-e3, capturing d4 (now White's pusher), f6 (now White's \
         pusher)."
    );
}

#[test]
pub(super) fn a_slasher_never_lands_twice_on_a_square() {
    // Round d4 and back: c3 over d4 to e5, and over d4 again to c3, where
    // it started, is no move.
    let game = arrange(W, "Sc3 pd4 pa1", "");
    assert!(
        refusal(&game, "c3-e5-c3")
            .to_string()
            .contains("not a move")
    );
}

#[test]
pub(super) fn a_slasher_captures_any_enemy_it_jumps_whatever_the_colour() {
    // Black's slasher captures White's pusher on d4 (a black square) and,
    // in another game, on c4 (a white one).
    let black = crate::rules::Seat::Black;
    let game = arrange(black, "Pd4 sc3 Pa6", "");
    let after = play(&game, "c3-e5");
    assert_eq!(on(&after, "d4"), 'p');
    let game = arrange(black, "Pc4 sb3 Pa6", "");
    let after = play(&game, "b3-d5");
    assert_eq!(on(&after, "c4"), 'p');
}
