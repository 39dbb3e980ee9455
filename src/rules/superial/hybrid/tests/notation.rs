//! Notation by mail: SAN and coordinates for chess pieces, paths for
//! cubes, the king's placement; refusals that say what could be done.

use super::{at, notations, on, play, refusal, start};
use crate::rules::ActionError;

#[test]
fn white_writes_san_or_coordinates() {
    for text in ["Nf3", "g1f3", "g1-f3", "N g1-f3", "Ng1-f3"] {
        assert_eq!(on(&play(&start(), text), "f3"), "N", "{text}");
    }
}

#[test]
fn black_writes_cube_paths_and_chess_moves() {
    let game = play(&start(), "e4");
    assert_eq!(on(&play(&game, "e7-e6"), "e6"), "o");
    let game = at("7(on)/8/8/3b4/8/8/8/K7 b - - 0 1");
    for text in ["Bf3", "d5-f3", "B d5-f3", "d5f3"] {
        assert_eq!(on(&play(&game, text), "f3"), "b", "{text}");
    }
}

#[test]
fn every_play_reads_back_from_its_notation() {
    for position in [
        "8/8/8/8/3B4/8/1N6/x3K3 b - - 0 1",
        "8/8/8/8/3(or)4/8/8/K7 b - - 0 1",
        "7(on)/8/8/8/3p4/8/4P3/K7 w - - 0 1",
    ] {
        let game = at(position);
        for text in notations(&game) {
            let action = game
                .parse(game.side(), &text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(game.notation(&action), text);
        }
    }
}

#[test]
fn a_refused_chess_move_names_what_the_piece_can_do() {
    let err = refusal(&start(), "Nf4").to_string();
    assert!(err.contains("Nf3") && err.contains("Nh3"), "{err}");
}

#[test]
fn a_refused_cube_move_names_what_the_cube_can_do() {
    let game = play(&start(), "e4");
    let err = refusal(&game, "e7-e5").to_string();
    assert!(
        err.contains("is not a move of your pusher on e7") && err.contains("e7-e6"),
        "{err}"
    );
    let err = refusal(&game, "e4-e3").to_string();
    assert!(
        err.contains("You have no piece on e4") || err.contains("e4"),
        "{err}"
    );
}

#[test]
pub(super) fn random_moves_belong_to_the_classic_game() {
    let err = refusal(&start(), "random").to_string();
    assert!(err.contains("no random moves"), "{err}");
}

#[test]
fn an_ambiguous_text_lists_the_readings() {
    let game = at("7(on)/8/8/8/8/8/8/N1N1K3 w - - 0 1");
    assert!(matches!(
        refusal(&game, "Nb3"),
        ActionError::Ambiguous { .. }
    ));
}
