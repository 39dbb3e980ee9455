//! Superial Chess (2014): a 6x6 board of cubes, each showing one of three
//! aspects (pusher `o`, hopper `+`, slasher `X`) in its team's colour.
//! Captured cubes are not removed: they turn over to the other team.
//!
//! The parts, each importing only those listed before it (no two files
//! import each other; this file only declares and re-exports them):
//! - `settings`: the options, typed, and the constants they are judged by;
//! - [`board`]: square colours, aspects, cubes, and a board of [`Token`]s;
//! - [`moves`]: the cube engine (moves, pushes, hop and slash chains,
//!   aspect changes, captures), generic over the token type;
//! - [`reach`]: the boards as flat indices with neighbour tables built
//!   at compile time, and the reverse reach (whether a cube could capture
//!   a square, judged from that square);
//! - [`random`]: the random move's throw;
//! - [`position`]: the position string;
//! - `flat`: the classic board as a copy-made flat position and its
//!   generator, for the perft counter and the computer's search;
//! - `faults`: why a written path is no move of its cube, for a refusal;
//! - [`notation`]: writing and reading cube actions (both forms), and what
//!   a cube can do, for a refusal;
//! - `display`: what both forms' views share (the last action, the faces
//!   and square colours, the draw facts);
//! - `end`: how a classic game ends, and its draw counts;
//! - `count`: perft of the classic game on the flat board, the same tree
//!   as `game` plays, counted without allocating per play;
//! - `game`: [`Superial`], the truth of one classic game (turns, random
//!   moves, the end, the draws);
//! - `reading`: a classic player's text read into a legal action;
//! - [`view`]: what a viewer sees (everything: the game hides nothing);
//! - `classic`: the classic game behind the [`Game`](crate::rules::Game)
//!   trait;
//! - [`hybrid`]: the hybrid (`hybrid=on`), an orthodox army against cubes
//!   on 8x8 (its own parts, in the same order);
//! - `form`: [`SuperialChess`], the game registered, which is one form or
//!   the other as the options say;
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
mod classic;
mod count;
mod display;
mod end;
mod faults;
pub(crate) mod flat;
mod form;
mod game;
pub mod hybrid;
pub mod moves;
pub mod notation;
pub mod position;
pub mod random;
pub mod reach;
mod reading;
mod settings;
pub mod view;

#[cfg(test)]
mod tests;

pub use board::{Aspect, Board, Colour, Cube, Token};
pub use display::Last;
pub use form::{SuperialChess, SuperialChessAction, SuperialChessView};
pub use game::{Play, Superial, SuperialAction};
pub use moves::{CubeAction, Move, Step};
pub use random::Throw;
pub use settings::{MAX_RANDOM_MOVES, SIZE, Settings};
pub use view::SuperialView;
