//! The hybrid (`hybrid=on`): an orthodox chess army (White) against eight
//! black cubes on 8x8, as RULINGS.md settles it.
//!
//! The parts, each importing only those listed before it:
//! - [`men`]: the hybrid's variant of the chess-like layer (the orthodox
//!   kinds and a motionless cube kind owned by Black; aspects and Black's
//!   king are marks) and [`Man`], the same piece as the cube engine's
//!   token;
//! - [`actions`]: every legal action (chess moves from the layer's steps,
//!   cube actions from the cube engine, each placement of the king at
//!   Black's first capture), check, making an action, perft;
//! - [`flat`]: the hybrid as a flat copy-made position, its legal plays
//!   and perft, for the counter and the computer's search;
//! - [`position`]: the position string (FEN with cubes and Black's king);
//! - [`notation`]: SAN and coordinates for pieces, paths for cubes, `K@`
//!   for the king's placement;
//! - `game`: [`Hybrid`], one game's truth and course (the end, the draws);
//! - [`view`]: the boards.

pub mod actions;
pub mod flat;
pub(crate) mod game;
pub mod men;
pub mod notation;
pub mod position;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{Crown, HybridPlay};
pub use game::{Hybrid, HybridAction};
pub use men::{Man, describe};
pub use view::HybridView;
