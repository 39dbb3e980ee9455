//! The board, the start, and the aspect changes.

use super::{B, W, arrange, new_game, notations, on, play, play_events, refusal};
use crate::rules::geometry::Square;
use crate::rules::superial::{Colour, Superial};
use crate::rules::{ActionError, Game};

#[test]
pub(super) fn a1_is_black_and_a_square_is_black_when_file_and_rank_add_up_to_an_even_number() {
    let colour = |s: &str| Colour::of(Square::parse(s).unwrap());
    assert_eq!(colour("a1"), Colour::Black);
    assert_eq!(colour("b1"), Colour::White);
    assert_eq!(colour("a2"), Colour::White);
    assert_eq!(colour("f6"), Colour::Black);
    assert_eq!(colour("c3"), Colour::Black);
    assert_eq!(colour("d3"), Colour::White);
    let blacks = new_game("")
        .board()
        .squares()
        .filter(|s| Colour::of(*s) == Colour::Black)
        .count();
    assert_eq!(blacks, 18);
}

#[test]
pub(super) fn each_team_starts_with_six_pushers_on_its_home_colour_and_white_acts_first() {
    let game = new_game("");
    assert_eq!(game.position(), "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 0 1");
    assert_eq!(game.side(), W);
    for (team, squares) in [
        (W, ["b1", "d1", "f1", "a2", "c2", "e2"]),
        (B, ["a5", "c5", "e5", "b6", "d6", "f6"]),
    ] {
        for square in squares {
            let sq = Square::parse(square).unwrap();
            let cube = game.board().get(sq).unwrap();
            assert_eq!(
                (cube.team, cube.aspect),
                (team, super::super::Aspect::Pusher)
            );
            assert_eq!(Colour::of(sq), Colour::home(team), "{square}");
        }
    }
    assert_eq!(game.board().count(W) + game.board().count(B), 12);
    assert!(matches!(
        game.parse_action(B, "b6-b5"),
        Err(ActionError::NotYourTurn(_))
    ));
}

#[test]
pub(super) fn an_action_is_a_move_a_move_with_a_change_a_change_instead_or_a_random_move() {
    // White's pusher on c3 is off its home colour: it may change instead
    // of moving; its moves all end on white, its home, so none changes.
    // White's pusher on b1 steps onto black squares and may change there.
    let game = arrange(W, "Pc3 Pb1 pf6", "random-moves=1");
    let all = notations(&game);
    for action in [
        "c3-c4", "c3=+", "c3=X", "b1-b2", "b1-b2=+", "b1-b2=X", "random",
    ] {
        assert!(all.contains(&action.to_string()), "{action} in {all:?}");
    }
    assert!(!all.iter().any(|a| a.starts_with("c3-") && a.contains('=')));
    assert!(!all.iter().any(|a| a.starts_with("b1=")));
    assert_eq!(all.len(), 4 + 2 + 3 * 3 + 1);
}

#[test]
pub(super) fn only_a_cube_off_its_home_colour_changes_aspect_and_it_keeps_its_team() {
    let game = arrange(W, "Pc3 Pb1 pf6", "");
    let after = play(&game, "c3=X");
    assert_eq!(on(&after, "c3"), 'S');
    let refused = refusal(&game, "b1=X");
    assert_eq!(
        refused.to_string(),
        "Your pusher on b1 stands on white, your home colour: a cube changes aspect only off \
         its home colour. Your pusher on b1 can play b1-b2, b1-c1, b1-a1 (a move ending on \
         black may add =+ or =X)."
    );
    assert_eq!(
        refusal(&game, "c3=o").to_string(),
        "Your cube on c3 is already a pusher. Your pusher on c3 can play c3-c4, c3-d3, c3-c2, \
         c3-b3; or change aspect instead of moving: c3=+, c3=X."
    );
    // Black's cube on f6 (black) is at home; on a white square it may.
    let game = arrange(B, "Pa1 pf6 he4", "");
    assert!(
        refusal(&game, "f6=+")
            .to_string()
            .contains("stands on black")
    );
    assert_eq!(on(&play(&game, "e4=X"), "e4"), 's');
}

#[test]
pub(super) fn a_move_ending_off_the_home_colour_may_end_with_a_change() {
    let game = arrange(W, "Pc2 Pe3 pf6", "");
    let after = play(&game, "c2-c3=slasher");
    assert_eq!([on(&after, "c2"), on(&after, "c3")], ['.', 'S']);
    assert_eq!(after.history.last().unwrap().text, "c2-c3=X");
    // A pusher's step always changes colour: from e3 (black) every move
    // ends on white, White's home.
    assert_eq!(
        refusal(&game, "e3-e4=+").to_string(),
        "e3-e4 ends on white, your home colour: a cube changes aspect only off its home colour. \
         Your pusher on e3 can play e3-e4, e3-f3, e3-e2, e3-d3; or change aspect instead of \
         moving: e3=+, e3=X."
    );
}

#[test]
pub(super) fn a_change_instead_of_moving_is_the_whole_turn() {
    let game = arrange(W, "Pc3 pf6", "");
    let (after, events) = play_events(&game, "c3=+");
    assert_eq!(after.side(), B);
    assert_eq!(on(&after, "c3"), 'H');
    assert_eq!(events[0].text, "White played c3=+.");
    assert_eq!(after.history.len(), 1);
}

#[test]
pub(super) fn only_the_moving_cube_changes_aspect() {
    // The pusher ends on c3 (black) and turns hopper; the slasher it
    // pushes and the hopper it captures keep their aspects.
    let game = arrange(W, "Pb3 hc3 pd3 Se3 pf6", "");
    let after = play(&game, "b3-c3=+");
    assert_eq!(
        ["c3", "d3", "e3", "f3"].map(|s| on(&after, s)),
        ['H', 'H', 'p', 'S']
    );
}

#[test]
pub(super) fn aspect_changes_are_written_with_symbols_or_words_in_either_case() {
    let game = arrange(W, "Pc3 pf6", "");
    let read = |text: &str| game.parse_action(W, text).unwrap();
    let x = read("c3=X");
    for text in ["c3=x", "c3 = slasher", "C3=SLASHER"] {
        assert_eq!(read(text), x, "{text}");
    }
    assert_eq!(read("c3=hopper"), read("c3=+"));
    assert_eq!(game.notation(W, &read("c3=hopper")), "c3=+");
}

#[test]
pub(super) fn the_start_is_the_same_position_for_every_random_moves_option_but_the_counts() {
    let game: Superial = new_game("random-moves=4");
    assert_eq!(game.position(), "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 4/4 0 1");
}
