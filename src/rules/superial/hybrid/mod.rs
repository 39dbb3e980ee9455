//! The hybrid (`hybrid=on`): an orthodox chess army (White) against eight
//! black cubes on 8x8.

pub mod actions;
mod game;
pub mod men;
pub mod notation;
pub mod position;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{Crown, HybridPlay};
pub use game::{Hybrid, HybridAction, describe};
pub use men::Man;
pub use view::HybridView;
