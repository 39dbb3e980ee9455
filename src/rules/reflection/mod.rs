//! Reflection Teammate (Daniil Frolov, 2010): four-player chess for two.
//! Each player commands two armies, and each turn moves a piece and its
//! reflection, the same kind of piece of the other army on the reflected
//! square, making the reflected move. Pieces that lose their reflection
//! move alone until two of a kind meet on reflected squares again.
//!
//! The text's open points are settled in `RULINGS.md`, and on the rules
//! page (`rules.txt`, one line each, each pinned by a test in `tests/`).
//!
//! - [`Config`]: the options (`setup`, `symmetry`, `capture-reflection`,
//!   `win`, `queen-promotion`), the boards, armies and start positions,
//!   and the reflection of a square.
//! - `pairs`: the paired setups' turns, built from the chess-like layer's
//!   steps ([`crate::rules::chesslike`]): pairs judged on the position
//!   before the turn, the pawns' rule, paths, castling pairs; the end of a
//!   turn (capture-reflection, promotion, re-pairing, the swap).
//! - `two_boards`: the two-board game on two layer positions.
//! - [`ReflectionPosition`]: either, with its legal turns, perft, and how
//!   the board ends a game.
//!
//! ```
//! use arbiter::rules::reflection::{Config, ReflectionPosition};
//! let start = ReflectionPosition::start(Config::default());
//! assert_eq!(start.perft(2), 388);
//! ```

mod config;
mod game;
mod notation;
mod pairs;
mod position;
#[cfg(test)]
mod tests;
mod turn;
mod two_boards;
mod view;

pub use config::{Config, Layout, OPTIONS, Symmetry, UNPAIRED, Win};
pub use game::{PlayedTurn, ReflectionAction, ReflectionTeammate};
pub use notation::TURN_FORMS;
pub use pairs::{Candidate, Effects};
pub use position::{Board, BoardEnd, Played, ReflectionPosition};
pub use turn::{Turn, TurnTextError};
pub use two_boards::TwoBoards;
pub use view::{LastTurn, ReflectionView};
