//! The hybrid (`hybrid=on`): an orthodox chess army (White) against eight
//! black cubes on 8x8.

pub mod actions;
pub mod men;
pub mod position;

pub use actions::{Crown, HybridPlay};
pub use men::Man;

#[cfg(test)]
mod tests;
