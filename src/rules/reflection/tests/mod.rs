//! Tests of Reflection Teammate.

mod perft;
mod simple;

use crate::rules::Options;
use crate::rules::reflection::{Config, ReflectionPosition};

/// The configuration of option words.
pub(super) fn config(words: &[&str]) -> Config {
    Config::from_options(&Options::parse(words).unwrap()).unwrap()
}

/// The start of a setup.
pub(super) fn start(words: &[&str]) -> ReflectionPosition {
    ReflectionPosition::start(config(words))
}
