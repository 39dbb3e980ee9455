//! Tests of Reflection Teammate, with a table to play games on.

mod game;
mod perft;
mod property;
mod rules;
mod rules_end;
mod rules_two_boards;
mod simple;

use crate::rules::chesslike::{Piece, Position, Setup};
use crate::rules::reflection::{Board, Config, ReflectionPosition, ReflectionTeammate, UNPAIRED};
use crate::rules::{
    ActionError, AnyGame, Ending, Entropy, Game, GameResult, Options, Seat, Status,
};

pub(super) use crate::rules::chess::tests::{Rng, sq};

/// The four kings of the cross8 start, paired.
pub(super) const CROSS8_KINGS: [(&str, &str); 4] =
    [("e1", "K"), ("e8", "K'"), ("a5", "k"), ("h5", "k'")];

/// A cross8 (mirror) position: the four kings of the start and `pieces`.
pub(super) fn cross8(turn: &str, pieces: &[(&str, &str)]) -> Table {
    let mut all = CROSS8_KINGS.to_vec();
    all.extend_from_slice(pieces);
    place(&["setup=cross8"], turn, &all, "-", "-")
}

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

    pub fn from(words: &[&str], position: &str) -> Table {
        let options = Options::parse(words).unwrap();
        Table {
            game: ReflectionTeammate::from_position(position, &options)
                .unwrap_or_else(|e| panic!("{position}: {e}")),
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
    /// The legal turns in notation.
    pub fn texts(&self) -> Vec<String> {
        AnyGame::legal_texts(&self.game, self.turn())
    }

    pub fn position(&self) -> String {
        Game::position(&self.game)
    }

    /// The outcome, once finished.
    pub fn outcome(&self) -> Option<(GameResult, Ending)> {
        match Game::status(&self.game) {
            Status::Finished(o) => Some((o.result, o.reason)),
            Status::Ongoing(_) => None,
        }
    }

    /// The piece label on a square (`N'*`), or `.`.
    pub fn at(&self, square: &str) -> String {
        match self.game.current().board() {
            Board::Pairs(p) => p
                .piece_at(sq(square))
                .map_or(".".to_string(), |piece| p.variant().label(piece)),
            Board::Two(_) => panic!("one board only"),
        }
    }
}

/// A position of a paired setup from its pieces: labels as in position
/// strings (`N`, `n'`, `P*`: case the owner, ' the second army, * unpaired),
/// with the side to move, the castling squares and the en passant field.
pub(super) fn place(
    words: &[&str],
    turn: &str,
    pieces: &[(&str, &str)],
    castling: &str,
    en_passant: &str,
) -> Table {
    let variant = config(words).variant();
    let mut setup = Setup::empty(&variant);
    for (square, label) in pieces {
        let letter = label.chars().next().unwrap();
        let owner = if letter.is_ascii_uppercase() {
            Seat::White
        } else {
            Seat::Black
        };
        let second = u8::from(label.contains('\''));
        let army = 2 * owner.index() as u8 + second;
        let mut piece = Piece::new(owner, variant.kind_of_letter(letter).unwrap(), army);
        if label.contains('*') {
            piece.marks = UNPAIRED;
        }
        setup.cells[variant.geometry.index(sq(square))] = Some(piece);
    }
    let placement = Position::from_setup(variant, setup).unwrap().placement();
    Table::from(
        words,
        &format!("{placement} {turn} {castling} {en_passant} 0 1"),
    )
}
