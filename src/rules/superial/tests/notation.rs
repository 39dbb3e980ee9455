//! Writing and reading actions: the forms, naming jumped cubes, and the
//! answers to what is not a legal action.

use super::{B, W, arrange, new_game, play, refusal};
use crate::rules::superial::notation::FORMS;
use crate::rules::{ActionError, Game};

#[test]
pub(super) fn every_legal_action_reads_back_from_its_notation() {
    for game in [
        new_game("random-moves=1"),
        arrange(W, "Hb2 pb3 pc2 Sa1 hf6 Pd4 pd5 Se3", "random-moves=2"),
        arrange(B, "Sc3 pd4 pf6 Pb6 pa4 sb1 hc4", ""),
    ] {
        let seat = game.side();
        for action in game.legal_actions(seat) {
            let text = game.notation(seat, &action);
            assert_eq!(game.parse_action(seat, &text), Ok(action), "{text}");
        }
    }
}

#[test]
pub(super) fn squares_aspects_and_spaces_are_read_in_any_case() {
    let game = new_game("");
    let b2 = game.parse_action(W, "b1-b2").unwrap();
    for text in ["B1-B2", " b1 - b2 ", "b1-B2"] {
        assert_eq!(game.parse_action(W, text).unwrap(), b2, "{text}");
    }
    assert_eq!(
        game.parse_action(W, "b1-b2 = Hopper").unwrap(),
        game.parse_action(W, "b1-b2=+").unwrap()
    );
}

#[test]
pub(super) fn where_two_chains_have_the_same_landings_the_jumped_cube_is_named() {
    // From b2, c3 is reached over b3 (turning right) or over c2 (turning
    // up): two different actions.
    let game = arrange(W, "Hb2 pb3 pc2 pf6", "");
    match game.parse_action(W, "b2-c3") {
        Err(ActionError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["b2-c3(b3)", "b2-c3(c2)"]);
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    let over_b3 = play(&game, "b2-c3(b3)");
    let over_c2 = play(&game, "b2-c3(C2)");
    assert_eq!(over_b3.history[0].text, "b2-c3(b3)");
    assert_ne!(over_b3.board(), over_c2.board(), "b3 (white) is captured");
    assert_eq!(super::on(&over_b3, "b3"), 'P');
    assert_eq!(super::on(&over_c2, "c2"), 'P');
    // Landings that fit one chain need no name, and may still have one.
    assert_eq!(
        game.parse_action(W, "b2-b4"),
        game.parse_action(W, "b2-b4(b3)")
    );
    assert!(
        refusal(&game, "b2-b4(c2)")
            .to_string()
            .contains("not a move")
    );
}

#[test]
pub(super) fn what_is_no_action_at_all_gets_the_forms() {
    let game = new_game("");
    for text in [
        "b1", "b1-", "b1-b9", "b1-g2", "b1-b2=q", "b1-b2(b3", "hello", "", "b1b2",
    ] {
        match game.parse_action(W, text) {
            Err(ActionError::Syntax { expected, .. }) => assert_eq!(expected, FORMS, "{text}"),
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
}

#[test]
pub(super) fn a_refusal_names_what_the_cube_could_do_instead() {
    let game = new_game("");
    assert_eq!(
        refusal(&game, "b1-b3").to_string(),
        "b1-b3 is not a move of your pusher on b1: a pusher steps one square up, down, left or \
         right. Your pusher on b1 can play b1-b2, b1-c1, b1-a1 (a move ending on black may add \
         =+ or =X)."
    );
    assert_eq!(
        refusal(&game, "c4-c3").to_string(),
        "There is no cube of yours on c4. Your cubes stand on b1, d1, f1, a2, c2, e2."
    );
    assert_eq!(
        refusal(&game, "b6-b5").to_string(),
        "There is no cube of yours on b6. Your cubes stand on b1, d1, f1, a2, c2, e2."
    );
    // A cube walled in on a square off its home colour can only change;
    // walled in at home, it can do nothing.
    let walls = "a2 a3 a4 a5 a6 b1 c1 d1 e1 f1";
    let cubes = |own: &str, other: char| {
        let mut cubes = own.to_string();
        for square in walls.split(' ') {
            cubes.push_str(&format!(" {other}{square}"));
        }
        cubes
    };
    let game = arrange(W, &cubes("Pa1 Hf6", 'p'), "");
    assert_eq!(
        refusal(&game, "a1-b1").to_string(),
        "a1-b1 is not a move of your pusher on a1: the line it would push (b1, c1, d1, e1, f1) \
         has no empty square at its far end, before the edge of the board, and a push needs \
         one. Your pusher on a1 can only change aspect instead of moving: a1=+, a1=X."
    );
    let game = arrange(B, &cubes("pa1 hf6", 'P'), "");
    assert_eq!(
        refusal(&game, "a1-b1").to_string(),
        "a1-b1 is not a move of your pusher on a1: the line it would push (b1, c1, d1, e1, f1) \
         has no empty square at its far end, before the edge of the board, and a push needs \
         one. Your pusher on a1 has no legal action."
    );
}

#[test]
pub(super) fn acting_out_of_turn_or_after_the_end_is_refused() {
    let game = new_game("");
    assert_eq!(
        game.parse_action(B, "b6-b5"),
        Err(ActionError::NotYourTurn("It is White's move.".to_string()))
    );
    let over = play(&arrange(W, "Sc3 pd4", ""), "c3-e5");
    assert!(matches!(
        over.parse_action(B, "random"),
        Err(ActionError::Finished(_))
    ));
}

#[test]
pub(super) fn an_illegal_stored_action_is_refused_on_apply_and_changes_nothing() {
    let game = new_game("");
    let other = arrange(W, "Sc3 pd4", "");
    let foreign = other.parse_action(W, "c3-e5").unwrap();
    let err = game
        .apply(W, &foreign, &mut crate::rules::Entropy::for_perft())
        .unwrap_err();
    assert_eq!(err.to_string(), "c3-e5 is not a legal action now.");
}

#[test]
pub(super) fn a_path_the_cube_cannot_take_is_refused_with_the_rule_it_breaks() {
    let reason = |game: &crate::rules::superial::Superial, text: &str| match refusal(game, text) {
        ActionError::Illegal { reason, .. } => reason,
        other => panic!("{text}: {other:?}"),
    };
    let game = arrange(W, "Pc1 Hb2 pb3 Pc4 Sd2 pf6", "");
    for (text, why) in [
        (
            "c1-c2-c3",
            "a pusher makes one step: one landing, not a chain",
        ),
        ("c1-c3", "a pusher steps one square up, down, left or right"),
        (
            "b2-b4-b6",
            "b5 is empty, and a chain never crosses an empty square: after a hop, it goes on \
             only by hops over cubes",
        ),
        (
            "b2-a1-a3",
            "a hop from b2 to a1 turns over a2 or b1, and both are empty",
        ),
        ("b2-b4(c2)", "from b2 to b4 it would jump b3, not c2"),
        ("d2-f4", "e3 is empty: a slasher jumps only a cube"),
        ("d2-e3-f4", "a slasher's one-square step is its whole move"),
        (
            "d2-d4",
            "a slasher steps one square diagonally, or jumps a cube diagonally beside it to the \
             square straight beyond (across the edges too)",
        ),
    ] {
        assert_eq!(
            reason(&game, text),
            format!(
                "{text} is not a move of your {} on {}: {why}.",
                match &text[..1] {
                    "c" => "pusher",
                    "b" => "hopper",
                    _ => "slasher",
                },
                &text[..2]
            )
        );
    }
}
