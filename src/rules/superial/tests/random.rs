//! Random moves: the option, the throw from the committed seed, what a
//! throw does, and how the counts and the history take it.

use super::{B, W, arrange, new_game, on, options, refusal};
use crate::rules::superial::{Aspect, Cube, Play, Superial, Throw};
use crate::rules::{AnyGame, Entropy, Game, OptionError};

/// Plays a random move of the side to act with the stream `stream` of
/// `seed`.
fn random(game: &Superial, seed: [u8; 32], stream: u64) -> (Superial, Vec<String>) {
    let seat = game.side();
    let action = game.parse_action(seat, "random").expect("random is legal");
    let applied = game
        .apply(seat, &action, &mut Entropy::new(seed, stream))
        .expect("applied");
    (
        applied.state,
        applied.events.into_iter().map(|e| e.text).collect(),
    )
}

#[test]
pub(super) fn each_player_has_the_random_moves_of_the_option_zero_to_nine() {
    assert_eq!(new_game("").random_left(W), 0);
    let game = new_game("random-moves=9");
    assert_eq!((game.random_left(W), game.random_left(B)), (9, 9));
    for bad in ["random-moves=10", "random-moves=-1", "random-moves=two"] {
        let err = Superial::new(&options(bad), &mut Entropy::for_perft()).unwrap_err();
        assert!(
            matches!(err, OptionError::BadValue { .. }),
            "{bad}: {err:?}"
        );
    }
}

#[test]
pub(super) fn random_is_refused_without_random_moves_and_once_they_are_used() {
    let game = new_game("");
    assert_eq!(
        refusal(&game, "random").to_string(),
        "This game has no random moves (it was started without random-moves=N)."
    );
    let game = new_game("random-moves=1");
    let (after, _) = random(&game, [1; 32], 0);
    assert_eq!((after.random_left(W), after.random_left(B)), (0, 1));
    let after = super::play(&after, "b6-b5");
    assert_eq!(
        refusal(&after, "random").to_string(),
        "You have no random move left (each player had 1)."
    );
}

#[test]
pub(super) fn the_throw_is_the_actions_three_dice_from_the_seed_and_repeats_with_it() {
    let game = new_game("random-moves=2");
    let seed = [42; 32];
    let mut dice = Entropy::new(seed, 7);
    let expected = Throw {
        file: dice.die(),
        rank: dice.die(),
        face: dice.die(),
    };
    let (first, told) = random(&game, seed, 7);
    let (again, told_again) = random(&game, seed, 7);
    assert_eq!(first, again, "same seed and stream, same throw");
    assert_eq!(told, told_again);
    assert!(
        told[0].starts_with(&format!(
            "White made a random move. The cubes were thrown: {expected};"
        )),
        "{told:?}"
    );
    assert_eq!(
        first.history.last().unwrap().text,
        format!("random {expected}")
    );
    // Other streams give other throws: of twenty, not all alike.
    let throws: std::collections::HashSet<String> = (0..20)
        .map(|stream| random(&game, seed, stream).1[0].clone())
        .collect();
    assert!(throws.len() > 1);
}

#[test]
pub(super) fn the_throw_is_told_to_both_players() {
    let game = new_game("random-moves=1");
    let applied = game
        .apply(
            W,
            &game.parse_action(W, "random").unwrap(),
            &mut Entropy::new([3; 32], 0),
        )
        .unwrap();
    assert!(
        applied
            .events
            .iter()
            .all(|e| e.audience == crate::rules::Audience::Everyone)
    );
}

#[test]
pub(super) fn a_random_move_is_replayed_from_the_log_with_the_same_throw() {
    let game = new_game("random-moves=1");
    let boxed: Box<dyn AnyGame> = Box::new(game);
    let played = boxed
        .play_text(W, "random", &mut Entropy::new([9; 32], 0))
        .unwrap();
    let replayed = boxed
        .replay(W, &played.action, &mut Entropy::new([9; 32], 0))
        .unwrap();
    assert_eq!(played.action, serde_json::json!({ "play": "random" }));
    assert_eq!(played.state.position(), replayed.state.position());
    assert_eq!(played.events, replayed.events);
}

#[test]
pub(super) fn the_faces_are_white_pusher_hopper_slasher_then_black_pusher_hopper_slasher() {
    let faces: Vec<Cube> = (1..=6)
        .map(|face| {
            Throw {
                file: 1,
                rank: 1,
                face,
            }
            .face_cube()
        })
        .collect();
    let expected: Vec<Cube> = [W, B]
        .into_iter()
        .flat_map(|team| Aspect::ALL.map(|aspect| Cube::new(team, aspect)))
        .collect();
    assert_eq!(faces, expected);
    assert_eq!(Throw::all().count(), 216);
    let squares: std::collections::HashSet<_> = Throw::all().map(|t| t.square()).collect();
    assert_eq!(squares.len(), 36, "the throws cover the board");
}

#[test]
pub(super) fn an_empty_square_gets_a_new_cube_of_the_faces_team() {
    // White's throw of a black face puts a cube of Black's on the board.
    let game = arrange(W, "Pa1 pf6", "random-moves=1");
    let throw = Throw {
        file: 3,
        rank: 4,
        face: 6,
    };
    let (after, events) = game.after(W, &Play::Random, Some(throw));
    assert_eq!(on(&after, "c4"), 's');
    assert_eq!(
        events[0].text,
        "White made a random move. The cubes were thrown: 3 4 6 (c4, black slasher); a new \
         cube, Black's slasher, stands on c4."
    );
}

#[test]
pub(super) fn a_cube_on_the_square_turns_to_the_faces_aspect_and_keeps_its_team() {
    let game = arrange(W, "Pa1 pc4", "random-moves=1");
    let throw = Throw {
        file: 3,
        rank: 4,
        face: 2,
    };
    let (after, events) = game.after(W, &Play::Random, Some(throw));
    assert_eq!(
        on(&after, "c4"),
        'h',
        "a white face, but the cube stays Black's"
    );
    assert!(
        events[0]
            .text
            .ends_with("Black's pusher on c4 turns to a hopper."),
        "{events:?}"
    );
}

#[test]
pub(super) fn a_random_move_starts_the_repetition_and_fifty_turn_counts_afresh() {
    let game = Superial::from_position("p5/6/6/6/6/5P w 1/1 60 40", &options("")).unwrap();
    assert_eq!(game.quiet(), 60);
    let (after, _) = random(&game, [4; 32], 0);
    assert_eq!((after.quiet(), after.repetitions()), (0, 1));
    assert_eq!(after.record.len(), 1);
}

#[test]
pub(super) fn a_random_move_is_an_action_instead_of_any_other() {
    let game = new_game("random-moves=1");
    let seat = game.side();
    let actions = game.legal_actions(seat);
    assert_eq!(actions.len(), 58, "57 cube actions and one random move");
    assert_eq!(game.notation(seat, actions.last().unwrap()), "random");
}

#[test]
pub(super) fn the_random_moves_left_are_part_of_the_position() {
    // Both players throw a face their square already shows: the cubes and
    // the side to act are as at the start, but not the random moves left,
    // so the start has not come back.
    let game = new_game("random-moves=1");
    let same = |file, rank, face| Throw { file, rank, face };
    let (after, _) = game.after(W, &Play::Random, Some(same(2, 1, 1)));
    let (after, _) = after.after(B, &Play::Random, Some(same(1, 5, 4)));
    assert_eq!(after.board(), game.board());
    assert_eq!(after.side(), game.side());
    assert_eq!(after.repetitions(), 1);
    assert_ne!(after.key(), game.key());
}
