//! Superial Chess (2014): a 6x6 board of cubes, each showing one of three
//! aspects (pusher `o`, hopper `+`, slasher `X`) in its team's colour.
//! Captured cubes are not removed: they turn over to the other team.
//!
//! The parts:
//! - [`board`]: square colours, aspects, cubes, and a board of [`Token`]s;
//! - [`moves`]: the cube engine (moves, pushes, hop and slash chains,
//!   aspect changes, captures), generic over the token type;
//! - [`random`]: the random move's throw;
//! - `game`: [`Superial`], the truth of one classic game (turns, random
//!   moves, the end, the draws);
//! - [`hybrid`]: the hybrid (`hybrid=on`), an orthodox army against cubes
//!   on 8x8;
//! - `form`: [`SuperialChess`], the game behind the
//!   [`Game`](crate::rules::Game) trait, which is one form or the other as
//!   the options say;
//! - [`notation`]: reading and writing actions;
//! - [`position`]: the position string;
//! - [`view`]: what a viewer sees (everything: the game hides nothing);
//! - `rules.txt`: the player-facing rules page, with every settled point
//!   pinned by a test in `tests` (the hybrid's in `hybrid/tests`).
//!
//! # The hybrid
//! The cube engine serves both forms: [`Board`] takes size 8 and any
//! [`Token`], and [`moves::actions`] and [`moves::play`] move the tokens
//! that are cubes and push, jump and turn over every other token. The
//! hybrid's truth is a position of the chess-like layer
//! ([`crate::rules::chesslike`]) whose cubes are a motionless kind owned by
//! Black, their aspects marks, so that the layer gives chess moves their
//! blocking and their captures of cubes; its token ([`hybrid::Man`]) is the
//! same piece seen by the cube engine, and a white piece turned over is the
//! black piece of the same kind. The hybrid adds check (cube captures
//! included), Black's first-capture king and its placement, and the end.

pub mod board;
mod end;
mod form;
mod game;
pub mod hybrid;
pub mod moves;
pub mod notation;
pub mod position;
pub mod random;
pub mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use board::{Aspect, Board, Colour, Cube, Token};
pub use form::{SuperialChess, SuperialChessAction, SuperialChessView};
pub use game::{Last, Play, Superial, SuperialAction};
pub use moves::{CubeAction, Move, Step};
pub use random::Throw;
pub use view::SuperialView;

use crate::rules::{Game, OptionError, Options};

/// The classic board's side.
pub const SIZE: u8 = 6;

/// The most random moves a game may give each player.
pub const MAX_RANDOM_MOVES: u8 = 9;

/// The game's options, typed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Random moves each player has for the game (`random-moves=N`, 0-9).
    pub random_moves: u8,
    /// The chess hybrid (`hybrid=on`): an orthodox army against cubes on
    /// 8x8.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hybrid: bool,
}

impl Settings {
    /// Reads `random-moves=0..9` and `hybrid=off|on`; random moves are the
    /// classic game's only, so `random-moves` above 0 with `hybrid=on` is
    /// refused. Any other key is refused.
    ///
    /// ```
    /// use arbiter::rules::Options;
    /// use arbiter::rules::superial::Settings;
    /// let options = Options::parse(["random-moves=2"]).unwrap();
    /// assert_eq!(Settings::read(&options).unwrap().random_moves, 2);
    /// assert!(Settings::read(&Options::parse(["random-moves=10"]).unwrap()).is_err());
    /// assert!(Settings::read(&Options::parse(["hybrid=on"]).unwrap()).unwrap().hybrid);
    /// assert!(Settings::read(&Options::parse(["hybrid=on", "random-moves=1"]).unwrap()).is_err());
    /// ```
    pub fn read(options: &Options) -> Result<Settings, OptionError> {
        options.read(Superial::OPTIONS, |r| {
            let n = r.choice(
                "random-moves",
                &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                "0",
            )?;
            let hybrid = r.flag("hybrid", false)?;
            if hybrid && n != "0" {
                return Err(OptionError::BadValue {
                    key: "random-moves".to_string(),
                    value: n.to_string(),
                    expected: "0 (random moves belong to the classic game: hybrid=on has none)"
                        .to_string(),
                });
            }
            Ok(Settings {
                random_moves: n.parse().expect("a digit"),
                hybrid,
            })
        })
    }
}
