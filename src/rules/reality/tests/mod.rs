//! Tests of Reality Check: each file one concern.

use super::RealityCheck;
use super::actions::Action;
use crate::rules::{ActionError, Entropy, Game, Options, Seat};

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

mod setup;

/// A position built by hand: `white` and `black` list `SQUARE=UP/DOWN`
/// (a trailing `*`: both faces public) and `hand=CHIP`; every chip not
/// named is out of play. Move 5, so no first-turn rule applies.
pub fn arrange(opts: &str, side: Seat, white: &str, black: &str) -> RealityCheck {
    use super::board::{Chip, ChipId, Face, Kind, Place, Shape};
    let settings = super::Settings::read(&options(opts)).expect("test options");
    let mut game = RealityCheck::fresh(settings);
    game.started = true;
    game.side = side;
    game.number = 5;
    for seat in Seat::BOTH {
        for kind in Kind::ALL {
            *game.chip_mut(ChipId { seat, kind }) = Chip {
                up: kind.faces().0,
                place: Place::Out,
                public: true,
            };
        }
        game.drops[seat.index()] = match settings.shape {
            Shape::Basic => Shape::home(seat).into_iter().map(|(s, _)| s).collect(),
            Shape::Advanced => Shape::zone(seat),
        };
        game.drops[seat.index()].sort_by_key(|s| (s.rank(), s.file()));
    }
    for (seat, text) in [(Seat::White, white), (Seat::Black, black)] {
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').expect("KEY=VALUE");
            if key == "hand" {
                let kind = Kind::parse(value).expect("a chip");
                *game.chip_mut(ChipId { seat, kind }) = Chip {
                    up: kind.faces().0,
                    place: Place::Hand,
                    public: false,
                };
                continue;
            }
            let public = value.ends_with('*');
            let value = value.trim_end_matches('*');
            let (up, down) = value.split_once('/').expect("UP/DOWN");
            let up = Face::from_letter(up.chars().next().unwrap()).unwrap();
            let down = Face::from_letter(down.chars().next().unwrap()).unwrap();
            let square = crate::rules::geometry::Square::parse(key).expect("a square");
            let id = ChipId {
                seat,
                kind: Kind::of(up, down),
            };
            *game.chip_mut(id) = Chip {
                up,
                place: Place::Board(square),
                public,
            };
        }
    }
    game.conclude();
    game
}

pub fn sq(name: &str) -> crate::rules::geometry::Square {
    crate::rules::geometry::Square::parse(name).unwrap()
}

/// The notations of the legal actions that start with `prefix`.
pub fn starting(game: &RealityCheck, seat: Seat, prefix: &str) -> Vec<String> {
    notations(game, seat)
        .into_iter()
        .filter(|n| n.starts_with(prefix))
        .collect()
}

mod dice;
mod hand;
mod moves;
mod position;
mod props;
pub(crate) use props::random_setup;
mod views;
