//! Tests of Superial Chess: each file one concern.

use super::Superial;
use crate::rules::{ActionError, Entropy, Event, Game, Options, Seat};

mod aspects;
mod end;
mod game;
mod layers;
mod moves;
mod notation;
mod perft;
mod props;
mod random;
mod reach;
mod reference;
mod rules;
mod views;

pub fn options(text: &str) -> Options {
    Options::parse(text.split_whitespace()).expect("test options")
}

/// A new game with `opts`.
pub fn new_game(opts: &str) -> Superial {
    Superial::new(&options(opts), &mut Entropy::for_perft()).expect("test game")
}

/// A game from a position string.
pub fn at(position: &str, opts: &str) -> Superial {
    Superial::from_position(position, &options(opts)).unwrap_or_else(|e| panic!("{position}: {e}"))
}

/// A position built by hand: `cubes` lists letter and square (`Pb2 pc3`:
/// `P H S` White's pusher, hopper, slasher, `p h s` Black's); `side` acts
/// next; the random moves come from `opts`.
pub fn arrange(side: Seat, cubes: &str, opts: &str) -> Superial {
    use super::board::{Board, Cube};
    use super::position::Setup;
    use crate::rules::geometry::Square;
    let mut board = Board::empty(6);
    for word in cubes.split_whitespace() {
        let (letter, square) = word.split_at(1);
        let cube = Cube::from_letter(letter.chars().next().unwrap()).expect("a cube letter");
        board.set(Square::parse(square).expect("a square"), Some(cube));
    }
    let setup = Setup {
        board,
        side,
        random_left: None,
        quiet: 0,
        number: 10,
    };
    Superial::from_setup(super::Settings::read(&options(opts)).unwrap(), setup)
        .unwrap_or_else(|e| panic!("{cubes}: {e}"))
}

/// What stands on `square`: `P`, `h`, ... or `.` for nothing.
pub fn on(game: &Superial, square: &str) -> char {
    let square = crate::rules::geometry::Square::parse(square).unwrap();
    game.board().get(square).map_or('.', |c| c.letter())
}

/// Parses and applies `text` for the side to act, with a fixed seed; panics
/// with the refusal.
pub fn play_events(game: &Superial, text: &str) -> (Superial, Vec<Event>) {
    let seat = game.side();
    let action = game
        .parse_action(seat, text)
        .unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
    let applied = game
        .apply(
            seat,
            &action,
            &mut Entropy::new([5; 32], game.history.len() as u64),
        )
        .unwrap_or_else(|e| panic!("{text:?} not applied: {e}"));
    (applied.state, applied.events)
}

pub fn play(game: &Superial, text: &str) -> Superial {
    play_events(game, text).0
}

/// Plays several texts in turn.
pub fn play_all(game: &Superial, texts: &[&str]) -> Superial {
    texts.iter().fold(game.clone(), |g, t| play(&g, t))
}

/// The refusal of `text` for the side to act.
pub fn refusal(game: &Superial, text: &str) -> ActionError {
    match game.parse_action(game.side(), text) {
        Ok(action) => panic!("{text:?} was accepted as {action:?}"),
        Err(e) => e,
    }
}

/// The notations of every legal action of the side to act.
pub fn notations(game: &Superial) -> Vec<String> {
    let seat = game.side();
    game.legal_actions(seat)
        .iter()
        .map(|a| game.notation(seat, a))
        .collect()
}

/// The notations of the legal actions of the cube on `square`.
pub fn actions_from(game: &Superial, square: &str) -> Vec<String> {
    notations(game)
        .into_iter()
        .filter(|n| n.starts_with(square))
        .collect()
}

/// A seat shorthand.
pub const W: Seat = Seat::White;
pub const B: Seat = Seat::Black;
