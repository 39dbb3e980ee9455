//! Tests of Reflection Teammate, with a table to play games on.

mod game;
mod perft;
mod simple;

use crate::rules::reflection::{Config, ReflectionPosition, ReflectionTeammate};
use crate::rules::{ActionError, AnyGame, Entropy, Game, Options, Seat};

pub(super) use crate::rules::chess::tests::sq;

/// The configuration of option words.
pub(super) fn config(words: &[&str]) -> Config {
    Config::from_options(&Options::parse(words).unwrap()).unwrap()
}

/// The start of a setup.
pub(super) fn start(words: &[&str]) -> ReflectionPosition {
    ReflectionPosition::start(config(words))
}

/// A game to play moves on by text, as players write them.
pub(super) struct Table {
    pub game: ReflectionTeammate,
    pub events: Vec<String>,
}

impl Table {
    pub fn new(words: &[&str]) -> Table {
        let options = Options::parse(words).unwrap();
        Table {
            game: ReflectionTeammate::new(&options, &mut Entropy::for_perft()).unwrap(),
            events: Vec::new(),
        }
    }

    pub fn turn(&self) -> Seat {
        self.game.current().turn()
    }

    /// Plays a text for the side to move; panics if refused.
    pub fn play(&mut self, text: &str) -> &mut Table {
        let seat = self.turn();
        let played = AnyGame::play_text(&self.game, seat, text, &mut Entropy::for_perft())
            .unwrap_or_else(|e| panic!("{text}: {e} in {}", Game::position(&self.game)));
        self.events = played.events.iter().map(|e| e.text.clone()).collect();
        self.game = serde_json::from_value(played.state.to_json()).expect("round trip");
        self
    }

    /// The error a text gets; panics if accepted.
    pub fn refuse(&self, text: &str) -> ActionError {
        match self.game.parse_action(self.turn(), text) {
            Ok(action) => panic!("{text} was accepted as {action:?}"),
            Err(err) => err,
        }
    }

    /// The refusal as a sentence.
    pub fn reason(&self, text: &str) -> String {
        self.refuse(text).to_string()
    }
}
