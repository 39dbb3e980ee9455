//! Tests of Bluff Chess: every example and rule of the text and of
//! `RULINGS.md` ([`rules`] while the game goes on, [`endings`] for how it
//! ends), what players write and the host's position string ([`input`]),
//! and random games for leaks and replay ([`property`]).

mod endings;
mod input;
mod property;
mod rules;
mod score;

use super::{BluffAction, BluffChess};
use crate::rules::{
    ActionError, Applied, Ending, Event, Game, GameResult, Options, Seat, Status, Viewer,
};
use crate::rules::{Duty, Entropy};

/// A game being played in a test: the state, and a count of actions so
/// that each gets its own entropy stream, as the referee does.
pub(super) struct Table {
    pub game: BluffChess,
    pub actions: u64,
    /// The events of the last action.
    pub events: Vec<Event>,
}

impl Table {
    pub fn start() -> Table {
        let game = BluffChess::new(&Options::default(), &mut Entropy::new([3; 32], 0)).unwrap();
        Table::with(game)
    }

    pub fn from(position: &str) -> Table {
        Table::with(BluffChess::from_position(position, &Options::default()).unwrap())
    }

    fn with(game: BluffChess) -> Table {
        Table {
            game,
            actions: 0,
            events: Vec::new(),
        }
    }

    /// The seat that owes an action now.
    pub fn due(&self) -> Seat {
        match self.game.status() {
            Status::Ongoing(dues) => dues[0].seat,
            Status::Finished(outcome) => panic!("the game is over: {outcome}"),
        }
    }

    /// What the due seat writing `text` would give, without keeping it.
    pub fn try_play(&self, text: &str) -> Result<Applied<BluffChess>, ActionError> {
        self.try_play_as(self.due(), text)
    }

    pub fn try_play_as(&self, seat: Seat, text: &str) -> Result<Applied<BluffChess>, ActionError> {
        let action = self.game.parse_action(seat, text)?;
        let mut entropy = Entropy::new([3; 32], self.actions + 1);
        self.game.apply(seat, &action, &mut entropy)
    }

    /// Plays `text` for the due seat; panics if refused.
    pub fn play(&mut self, text: &str) -> &mut Table {
        let applied = self
            .try_play(text)
            .unwrap_or_else(|e| panic!("{text:?} was refused: {e}"));
        self.game = applied.state;
        self.events = applied.events;
        self.actions += 1;
        self
    }

    /// Plays several lines in turn.
    pub fn play_all(&mut self, texts: &[&str]) -> &mut Table {
        for text in texts {
            self.play(text);
        }
        self
    }

    /// The action the due seat's text parses to.
    pub fn parse(&self, text: &str) -> Result<BluffAction, ActionError> {
        self.game.parse_action(self.due(), text)
    }

    pub fn status(&self) -> Status {
        self.game.status()
    }

    /// Whether `seat` owes `duty` now.
    pub fn owes(&self, seat: Seat, duty: Duty) -> bool {
        self.game.status().owes(seat) == Some(duty)
    }

    /// The texts of the last action's events that `viewer` is told.
    pub fn told(&self, viewer: Viewer) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e.audience.includes(viewer))
            .map(|e| e.text.clone())
            .collect()
    }

    /// The view of `viewer` as JSON text.
    pub fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&self.game.view(viewer)).unwrap()
    }
}

/// The square named `text`.
pub(super) fn sq(text: &str) -> crate::rules::geometry::Square {
    crate::rules::geometry::Square::parse(text).unwrap()
}

/// How a finished game ended: the result and the reason; panics if it goes on.
pub(super) fn finished_with(table: &Table) -> (GameResult, Ending) {
    match table.status() {
        Status::Finished(outcome) => (outcome.result, outcome.reason),
        Status::Ongoing(_) => panic!("the game goes on"),
    }
}
