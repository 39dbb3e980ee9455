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

/// The cube actions a refusal's hint names: each word that starts with a
/// square followed by `-` or `=` (`c6-c5`, `c6=+`), without punctuation.
fn hinted_cube_actions(hint: &str) -> Vec<String> {
    hint.split([' ', ','])
        .map(|w| w.trim_end_matches(['.', ';', ')']).trim_start_matches('('))
        .filter(|w| {
            let b = w.as_bytes();
            b.len() > 3
                && b[0].is_ascii_lowercase()
                && b[1].is_ascii_digit()
                && matches!(b[2], b'-' | b'=')
        })
        .map(str::to_string)
        .collect()
}

/// Every cube action the hint of a refusal of `text` names is a legal
/// action; the refusal, whole.
fn assert_hints_legal(game: &super::super::Hybrid, text: &str) -> String {
    let legal: Vec<String> = notations(game)
        .iter()
        .map(|n| {
            let n = n.split(" K@").next().unwrap();
            n.trim_end_matches(['+', '#']).to_string()
        })
        .collect();
    let err = refusal(game, text);
    let ActionError::Illegal {
        hint: Some(hint), ..
    } = &err
    else {
        panic!("{text}: no hint in {err:?}");
    };
    for hinted in hinted_cube_actions(hint) {
        assert!(
            legal.contains(&hinted),
            "{hinted} is no legal action: {err}"
        );
    }
    err.to_string()
}

#[test]
pub(super) fn a_cubes_hint_names_only_legal_actions() {
    // Black is in check from the rook on e7: the pusher on c6 can do
    // nothing about it, and the king's cube can only push the rook away.
    let game = at("8/4Ro2/2o1(on)3/8/P7/8/1PPPPPP1/R1BQKBN1 b Q - 0 11");
    let err = assert_hints_legal(&game, "c6-c5");
    assert!(
        err.contains("does not end the check") && err.contains("Your pusher on c6 has no legal"),
        "{err}"
    );
    assert_hints_legal(&game, "f7-f5");
    assert_hints_legal(&game, "e6-e4");
    // The pusher on a7 shields its king from the rook on a1: it may step
    // along the file only.
    let game = at("(on)7/o7/8/8/8/8/8/R3K3 b - - 0 1");
    let err = assert_hints_legal(&game, "a7-b7");
    assert!(
        err.contains("would leave your king in check") && err.contains("can play a7-a6"),
        "{err}"
    );
}
