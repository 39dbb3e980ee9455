//! Tests of the hybrid: each file one concern.

use super::{Hybrid, HybridAction};
use crate::rules::geometry::Square;
use crate::rules::superial::SuperialChess;
use crate::rules::{ActionError, Entropy, Event, Game, Options, Seat};

mod check;
mod cubes;
mod end;
mod flat;
mod king;
mod notation;
mod pawns;
mod perft;
mod props;
mod reference;
mod rules;
mod views;

/// The hybrid's options.
pub fn options() -> Options {
    Options::parse(["hybrid=on"]).expect("test options")
}

/// A hybrid game from a position string, through the registered game.
pub fn at(position: &str) -> Hybrid {
    match SuperialChess::from_position(position, &options()) {
        Ok(SuperialChess::Hybrid(game)) => *game,
        Ok(other) => panic!("not a hybrid: {other:?}"),
        Err(e) => panic!("{position}: {e}"),
    }
}

/// The start.
pub fn start() -> Hybrid {
    match SuperialChess::new(&options(), &mut Entropy::for_perft()) {
        Ok(SuperialChess::Hybrid(game)) => *game,
        other => panic!("not a hybrid: {other:?}"),
    }
}

/// Parses and applies `text` for the side to act; panics with the refusal.
pub fn play_events(game: &Hybrid, text: &str) -> (Hybrid, Vec<Event>) {
    let seat = game.side();
    let action = game
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
    game.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{text:?} not applied: {e}"))
}

pub fn play(game: &Hybrid, text: &str) -> Hybrid {
    play_events(game, text).0
}

/// Plays several texts in turn.
pub fn play_all(game: &Hybrid, texts: &[&str]) -> Hybrid {
    texts.iter().fold(game.clone(), |g, t| play(&g, t))
}

/// The refusal of `text` for the side to act.
pub fn refusal(game: &Hybrid, text: &str) -> ActionError {
    match game.parse(game.side(), text) {
        Ok(action) => panic!("{text:?} was accepted as {action:?}"),
        Err(e) => e,
    }
}

/// The notations of every play of the side to act.
pub fn notations(game: &Hybrid) -> Vec<String> {
    game.legal_actions(game.side())
        .iter()
        .filter(|a| matches!(a, HybridAction::Play(_)))
        .map(|a| game.notation(a))
        .collect()
}

/// What stands on `square`, as the position string writes it (`.` for
/// nothing).
pub fn on(game: &Hybrid, square: &str) -> String {
    let square = Square::parse(square).unwrap();
    game.position()
        .piece_at(square)
        .map_or(".".to_string(), |p| {
            super::position::write_man(super::Man(p))
        })
}

pub const W: Seat = Seat::White;
pub const B: Seat = Seat::Black;
