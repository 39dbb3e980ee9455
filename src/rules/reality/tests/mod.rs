//! Tests of Reality Check: each file one concern.

use super::RealityCheck;
use super::actions::Action;
use crate::rules::{ActionError, Entropy, Game, Options, Seat};

mod probe;

/// A fixed setup for `seat` on the basic board.
pub fn fixed_setup(seat: Seat) -> &'static str {
    match seat {
        Seat::White => {
            "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR"
        }
        Seat::Black => {
            "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR"
        }
    }
}

pub fn options(text: &str) -> Options {
    Options::parse(text.split_whitespace()).expect("test options")
}

pub fn new_game(opts: &str) -> RealityCheck {
    RealityCheck::new(&options(opts), &mut Entropy::new([1; 32], 0)).expect("test game")
}

/// Parses and applies; panics with the refusal.
pub fn play(game: &RealityCheck, seat: Seat, text: &str) -> RealityCheck {
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
    game.apply(
        seat,
        &action,
        &mut Entropy::new([2; 32], game.log.len() as u64),
    )
    .unwrap_or_else(|e| panic!("{text:?} not applied: {e}"))
    .state
}

pub fn refusal(game: &RealityCheck, seat: Seat, text: &str) -> ActionError {
    match game.parse_action(seat, text) {
        Ok(action) => panic!("{text:?} was accepted as {action:?}"),
        Err(e) => e,
    }
}

pub fn started(opts: &str) -> RealityCheck {
    let game = new_game(opts);
    let game = play(&game, Seat::White, fixed_setup(Seat::White));
    play(&game, Seat::Black, fixed_setup(Seat::Black))
}

pub fn at(text: &str, opts: &str) -> RealityCheck {
    RealityCheck::from_position(text, &options(opts)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn notations(game: &RealityCheck, seat: Seat) -> Vec<String> {
    game.legal_actions(seat)
        .iter()
        .map(super::actions::notation)
        .collect()
}

#[allow(dead_code)]
pub fn is(action: &Action) -> String {
    super::actions::notation(action)
}
