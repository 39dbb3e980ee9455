//! The computer's properties for Reflection Teammate, in every setup and
//! with every option's values.

use super::*;
use crate::rules::reflection::ReflectionTeammate;
use crate::rules::{Entropy, Game, Options, Seat};

/// Option sets in which every value of every option appears.
const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["symmetry=reverse", "capture-reflection=on"],
    &["setup=cross12", "win=kings"],
    &["setup=cross12", "symmetry=reverse"],
    &["setup=cross8", "queen-promotion=on", "win=kings"],
    &["setup=cross8", "symmetry=reverse", "capture-reflection=on"],
    &["setup=halves", "queen-promotion=off"],
    &[
        "setup=halves",
        "symmetry=reverse",
        "win=kings",
        "capture-reflection=on",
    ],
    &["setup=two-boards"],
];

fn options(set: &[&str]) -> Options {
    Options::parse(set.iter().copied()).unwrap()
}

fn start(options: &Options) -> ReflectionTeammate {
    ReflectionTeammate::new(options, &mut Entropy::for_perft()).unwrap()
}

#[test]
fn reflection_sampler_gives_the_views_told() {
    for set in OPTION_SETS {
        let options = options(set);
        sampler_gives_the_views_told_with(&options, || start(&options), 1, 30, &listed);
    }
}

#[test]
fn reflection_sampler_reaches_the_truth() {
    for set in OPTION_SETS {
        let options = options(set);
        sampler_reaches_the_truth(
            &options,
            || start(&options),
            1,
            30,
            1,
            &hidden_from::<ReflectionTeammate>,
            &listed,
        );
    }
}

#[test]
fn reflection_choices_depend_only_on_what_the_seat_was_told() {
    // Nothing is hidden: two games reached alike, one replayed from the
    // first's stored turns, one played afresh, stand in for two truths.
    let options = options(&["setup=cross8"]);
    let mut a = Told::new(Box::new(start(&options)));
    let mut rng = StdRng::seed_from_u64(3);
    for index in 0..6 {
        let seat = a.actor().unwrap();
        let text = random_text(&a, seat, &mut rng, &listed);
        a.play(seat, &text, index);
    }
    let stored: ReflectionTeammate = serde_json::from_value(a.game.to_json()).unwrap();
    let mut b = Told::new(Box::new(start(&options)));
    for (index, played) in stored.turns().iter().enumerate() {
        let seat = b.actor().unwrap();
        b.play(seat, &played.turn.to_string(), index as u64);
    }
    no_peeking_with::<ReflectionTeammate>(&options, &a, &b, Seat::White);
}

#[test]
fn under_win_kings_the_search_takes_a_king() {
    // win=kings, halves: White's unpaired rook on a1 takes Black's last
    // king on a8 (the only way to win at once) rather than a pawn.
    let options = options(&["setup=halves", "win=kings"]);
    let told = Told::new(Box::new(
        ReflectionTeammate::from_position("k*7/8/8/8/8/8/7p*/R*6K* w - - 0 1", &options).unwrap(),
    ));
    // At 300 iterations the search finds it; at one, far too few to try
    // each of the rook's and king's turns, the decisive check at the root
    // does, whatever the seed.
    for (iterations, seed) in [(300, 5), (1, 0), (1, 1), (1, 2), (1, 3)] {
        let answer = crate::bot::computer::<ReflectionTeammate>(&crate::bot::ComputerInput {
            seat: Seat::White,
            options: options.clone(),
            strategy: Strategy::Search(Level::MIN),
            budget: Budget::iterations(iterations),
            seed,
            told: told.views[0].clone(),
            sent: told.sent[0].clone(),
        })
        .unwrap();
        let mut after = Told::new(told.game.clone_box());
        after.play(Seat::White, &answer, 0);
        assert!(
            after.game.status().is_finished(),
            "{iterations} iterations, seed {seed}: {answer}"
        );
    }
}

#[test]
fn a_turn_that_takes_or_promotes_is_tried_first() {
    // Over random games on the pair boards and on two boards, a turn
    // ranks above the quiet ones exactly when one of its moves captures
    // or promotes (its notation has an `x` or an `=`).
    for set in [
        &["setup=cross8"][..],
        &["setup=two-boards"],
        &["setup=halves"],
    ] {
        let options = options(set);
        let mut game = start(&options);
        let mut rng = StdRng::seed_from_u64(11);
        let mut forcing_seen = 0;
        for _ in 0..40 {
            let Some(seat) = game.standing().actor() else {
                break;
            };
            let choices = game.choices(seat);
            for action in &choices {
                let text = game.notation(seat, action);
                let forcing = text.contains('x') || text.contains('=');
                assert_eq!(
                    game.urgency(action) > 0,
                    forcing,
                    "{set:?}: {text} in {}",
                    Game::position(&game)
                );
                forcing_seen += usize::from(forcing);
            }
            let action = &choices[rng.random_range(0..choices.len())];
            game = game.advance(seat, action, &mut Entropy::for_perft());
        }
        assert!(forcing_seen > 0, "{set:?}: no capture met");
    }
}

/// The search's road (the turn made alone, no events; on two boards the
/// legal turns listed and only the one played made) is the rules' `apply`,
/// in every option set.
#[test]
fn reflection_advance_is_apply() {
    for set in OPTION_SETS {
        advance_is_apply(start(&options(set)), 1, 12);
    }
}
