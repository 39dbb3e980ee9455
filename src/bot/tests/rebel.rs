//! The computer's properties for Rebel Chess I, II and III.

use super::*;
use crate::bot::{Budget, ComputerInput, Strategy, computer};
use crate::rules::rebel::RebelChess;
use crate::rules::{Entropy, Game, Options, Seat};

fn options(version: &str) -> Options {
    Options::parse([format!("version={version}")]).unwrap()
}

fn start(options: &Options) -> RebelChess {
    RebelChess::new(options, &mut Entropy::for_perft()).unwrap()
}

#[test]
fn rebel_advance_is_apply() {
    for version in ["1", "3"] {
        advance_is_apply(start(&options(version)), 2, 60);
    }
}

#[test]
fn rebel_sampler_gives_the_views_told() {
    for version in ["1", "2", "3"] {
        let options = options(version);
        sampler_gives_the_views_told_with(&options, || start(&options), 3, 60, &listed);
    }
    // From a position set up by the host, Rebel III after a
    // conversionmate: the Spartans' two kings against the Rebels.
    let options = options("3");
    let set_up = || {
        RebelChess::from_position(
            "8/pppp1ppp/8/8/8/8/PPPP1PPP/K*3K3 b - - 0 1 rebels:b",
            &options,
        )
        .unwrap()
    };
    sampler_gives_the_views_told_with(&options, set_up, 2, 30, &listed);
}

#[test]
fn rebel_sampler_reaches_the_truth() {
    for version in ["1", "2", "3"] {
        let options = options(version);
        sampler_reaches_the_truth(
            &options,
            || start(&options),
            2,
            50,
            1,
            &hidden_from::<RebelChess>,
            &listed,
        );
    }
}

/// A recruit's history line carries a note of what changed sides; the
/// belief replays the recruit without it, and is the game.
fn recruited() -> Told {
    let mut told = Told::new(Box::new(start(&options("2"))));
    told.play_all(&[
        (Seat::White, "Uc4"),
        (Seat::Black, "a6"),
        (Seat::White, "U*a6"),
    ]);
    told
}

#[test]
fn a_recruit_and_its_note_are_replayed() {
    let told = recruited();
    let history = &told.views[0].last().unwrap()["history"];
    assert_eq!(history[2]["text"], "U*a6 (pawn converted)");
    let belief = belief_of::<RebelChess>(&told, Seat::Black, &options("2"));
    assert_eq!(Game::position(&belief), told.game.position());
    assert!(Game::position(&belief).starts_with("rnbqkbnr/1pppuppp/P*7/"));
}

#[test]
fn rebel_views_that_contradict_each_other_are_refused() {
    let told = recruited();
    let mut views = told.views[Seat::Black.index()].clone();
    // The recruit shown as a plain move of the Recruiter.
    views.last_mut().unwrap()["history"][2]["text"] = serde_json::json!("Ua6");
    refused_as_inconsistent::<RebelChess>(Seat::Black, options("2"), views);
}

#[test]
fn rebel_choices_depend_only_on_what_the_seat_was_told() {
    // Rebel Chess hides nothing: equal views mean equal games, so two
    // games reached alike (one replayed from the first's stored log, one
    // played afresh) stand in for two truths.
    let a = recruited();
    let mut b = Told::new(Box::new(start(&options("2"))));
    let stored: RebelChess = serde_json::from_value(a.game.to_json()).unwrap();
    for (index, played) in stored.moves().iter().enumerate() {
        let (_, seat) = stored.move_number(index);
        b.play(seat, &played.play.to_string(), index as u64);
    }
    no_peeking_with::<RebelChess>(&options("2"), &a, &b, Seat::Black);
}

#[test]
fn the_search_wins_a_queen_by_recruiting_it() {
    // Rebel II: the queen on b6 attacks White's converted bishop on d4,
    // which may take it or recruit it.
    let options = options("2");
    let told = Told::new(Box::new(
        RebelChess::from_position("4k3/8/1q6/8/3B*4/8/8/4K3 w - - 0 1", &options).unwrap(),
    ));
    let answer = computer::<RebelChess>(&ComputerInput {
        seat: Seat::White,
        options,
        strategy: Strategy::Search(crate::bot::Level::MIN),
        budget: Budget::iterations(500),
        seed: 5,
        told: told.views[0].clone(),
        sent: told.sent[0].clone(),
    })
    .unwrap();
    assert!(
        answer.starts_with("B*b6") || answer.starts_with("Bxb6"),
        "{answer}"
    );
}

#[test]
fn every_capture_and_recruit_is_noisy() {
    // Along random games, every action after which the other side has
    // fewer pieces (a capture or a recruit) is one the quiescence search
    // plays; and the quiet ones are not noisy.
    use crate::bot::Playable;
    use rand::{Rng, SeedableRng};
    let pieces = |state: &RebelChess, seat: Seat| {
        state
            .current()
            .layer()
            .pieces()
            .filter(|(_, piece)| piece.owner == seat)
            .count()
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut entropy = Entropy::for_perft();
    let (mut noisy, mut quiet) = (0, 0);
    for version in ["1", "2"] {
        let mut state = start(&options(version));
        for _ in 0..60 {
            let Some(seat) = state.standing().actor() else {
                break;
            };
            let actions = state.choices(seat);
            for action in &actions {
                let after = state.advance(seat, action, &mut entropy);
                let taken = pieces(&after, seat.other()) < pieces(&state, seat.other());
                assert_eq!(
                    state.noisy(action),
                    taken
                        || matches!(action, crate::rules::rebel::RebelAction::Play(crate::rules::rebel::Play::Move(mv)) if mv.promotion.is_some()),
                    "{action:?} in {}",
                    Game::position(&state)
                );
                if taken {
                    noisy += 1;
                } else {
                    quiet += 1;
                }
            }
            let pick = &actions[rng.random_range(0..actions.len())];
            state = state.advance(seat, pick, &mut entropy);
        }
    }
    assert!(noisy > 0 && quiet > 0, "{noisy} noisy, {quiet} quiet");
}
