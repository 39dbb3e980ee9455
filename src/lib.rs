//! Arbiter: a play-by-email referee for chess variants.
//!
//! - [`rules`]: the games, pure and deterministic.

pub mod rules;
