//! The games' rules: pure, deterministic, no I/O.
//!
//! Every game is one module implementing [`Game`]. The type implementing it
//! is the *truth*: it holds every hidden thing. What a seat, a spectator or
//! the host may see is a separate type, [`Game::View`], built by
//! [`Game::view`]; everything that leaves the referee is rendered from a view,
//! never from the state.
//!
//! The referee drives games through [`AnyGame`], an object-safe mirror of
//! [`Game`] that every game gets for free, and finds them by name in
//! [`crate::games`], the room above both the rules and the computer player.
//! The rules are the ground floor: they name nothing above them.
//!
//! The core types each have a file: [`seat`], [`outcome`] (status and how a
//! game ends), [`event`], [`options`], [`error`], the trait in [`game`] and
//! the erased face in [`any`]. This file only declares and re-exports.

pub mod any;
pub mod entropy;
pub mod error;
pub mod event;
pub mod game;
pub mod geometry;
pub mod options;
pub mod outcome;
#[cfg(test)]
pub(crate) mod perft_data;
#[cfg(test)]
pub(crate) mod pins;
pub mod presentation;
#[cfg(test)]
pub(crate) mod replay_log;
#[cfg(test)]
mod round_trip;
pub mod score;
pub mod seat;
pub mod shared;

pub mod bluff;
pub mod chess;
pub mod chesslike;
pub mod reality;
pub mod rebel;
pub mod reflection;
pub mod superial;

pub use any::{
    AnyGame, AnyView, FromPosition, HostView, NewGame, Played, PlayedAction, PublicView,
    ReplayError, SeatView,
};
pub use entropy::Entropy;
pub use error::{ActionError, PositionError};
pub use event::{Audience, Event};
pub use game::{Applied, Game, HistoryLine, View};
pub use options::{NO_OPTIONS, OptionError, OptionReader, Options};
pub use outcome::{DrawRule, Due, Duty, Ending, GameResult, Outcome, Status};
pub use presentation::{Cell, Diagram, Figure, Mark, Presentation, Shade};
pub use score::{Score, ScoreTurn, Secret};
pub use seat::{Seat, Viewer};
