//! The computer's properties for Superial Chess: classic, with random
//! moves, and the hybrid.

use super::*;
use crate::rules::superial::SuperialChess;
use crate::rules::{Entropy, Game, Options, Seat};

/// The option sets: classic, with random moves, the hybrid.
const OPTION_SETS: &[&[&str]] = &[&[], &["random-moves=9"], &["hybrid=on"]];

fn options(set: &[&str]) -> Options {
    Options::parse(set.iter().copied()).unwrap()
}

fn start(options: &Options) -> SuperialChess {
    SuperialChess::new(options, &mut Entropy::for_perft()).unwrap()
}

#[test]
fn superial_advance_is_apply() {
    advance_is_apply(start(&options(&["hybrid=on"])), 2, 40);
    advance_is_apply(start(&options(&["random-moves=2"])), 2, 40);
}

#[test]
fn superial_sampler_gives_the_views_told() {
    for set in OPTION_SETS {
        let options = options(set);
        sampler_gives_the_views_told_with(&options, || start(&options), 2, 50, &listed);
    }
}

#[test]
fn superial_sampler_reaches_the_truth() {
    for set in OPTION_SETS {
        let options = options(set);
        sampler_reaches_the_truth(
            &options,
            || start(&options),
            2,
            40,
            1,
            &hidden_from::<SuperialChess>,
            &listed,
        );
    }
}

/// A classic game with random moves in which each side has made one.
fn thrown() -> Told {
    let options = options(&["random-moves=2"]);
    let mut told = Told::new(Box::new(start(&options)));
    told.play_all(&[
        (Seat::White, "random"),
        (Seat::Black, "random"),
        (Seat::White, "c2-c3"),
    ]);
    told
}

#[test]
fn a_random_move_is_replayed_from_the_throw_it_shows() {
    let told = thrown();
    let history = &told.views[1].last().unwrap()["history"];
    assert!(history[0]["text"].as_str().unwrap().starts_with("random "));
    let belief = belief_of::<SuperialChess>(&told, Seat::Black, &options(&["random-moves=2"]));
    assert_eq!(Game::position(&belief), told.game.position());
    // The throw is the view's, not a draw of the computer's own: a view
    // whose throw was changed is a different board, and is refused.
    let mut views = told.views[1].clone();
    let line = &mut views.last_mut().unwrap()["history"][0]["text"];
    let changed = match line.as_str().unwrap().split_whitespace().nth(1) {
        Some("1") => line.as_str().unwrap().replacen("random 1", "random 2", 1),
        _ => "random 1 1 1".to_string() + &line.as_str().unwrap()[12..],
    };
    *line = serde_json::json!(changed);
    refused_as_inconsistent::<SuperialChess>(Seat::Black, options(&["random-moves=2"]), views);
}

#[test]
fn superial_choices_depend_only_on_what_the_seat_was_told() {
    // Nothing is hidden but the seed, which the state does not hold (a
    // throw is drawn when its move is applied): two games reached alike,
    // one read back from the first's stored form, one played afresh, stand
    // in for two truths. The computer may make a random move itself (it
    // has one left), whose throw it cannot know.
    let played = thrown();
    let stored: SuperialChess = serde_json::from_value(played.game.to_json()).unwrap();
    let a = Told {
        game: Box::new(stored),
        views: played.views.clone(),
        sent: played.sent.clone(),
    };
    let b = thrown();
    no_peeking_with::<SuperialChess>(&options(&["random-moves=2"]), &a, &b, Seat::Black);
    // The hybrid likewise.
    let hybrid = options(&["hybrid=on"]);
    let play = |told: &mut Told| {
        told.play_all(&[(Seat::White, "e4"), (Seat::Black, "c7-c6")]);
    };
    let mut a = Told::new(Box::new(start(&hybrid)));
    let mut b = Told::new(Box::new(start(&hybrid)));
    play(&mut a);
    play(&mut b);
    no_peeking_with::<SuperialChess>(&hybrid, &a, &b, Seat::White);
}

#[test]
fn every_capture_of_the_classic_game_is_noisy() {
    // Along random games, every action after which the actor has more
    // cubes (a capture turns an enemy cube over) is one the quiescence
    // search plays; and some quiet ones are not noisy.
    use rand::{Rng, SeedableRng};
    let cubes = |state: &SuperialChess, seat: Seat| match state {
        SuperialChess::Classic(game) => game
            .board()
            .tokens()
            .filter(|(_, cube)| cube.team == seat)
            .count(),
        SuperialChess::Hybrid(_) => unreachable!("a classic game"),
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut entropy = Entropy::for_perft();
    let (mut captures, mut quiet) = (0, 0);
    for _ in 0..4 {
        let mut state = start(&options(&[]));
        for _ in 0..40 {
            let Some(seat) = state.standing().actor() else {
                break;
            };
            let actions = state.choices(seat);
            for action in &actions {
                let after = state.advance(seat, action, &mut entropy);
                if cubes(&after, seat) > cubes(&state, seat) {
                    captures += 1;
                    assert!(
                        state.noisy(action),
                        "{action:?} in {}",
                        Game::position(&state)
                    );
                } else if !state.noisy(action) {
                    quiet += 1;
                }
            }
            let pick = &actions[rng.random_range(0..actions.len())];
            state = state.advance(seat, pick, &mut entropy);
        }
    }
    assert!(
        captures > 0 && quiet > 0,
        "{captures} captures, {quiet} quiet"
    );
}
