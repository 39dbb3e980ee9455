//! Random games: no leak, and replay.
