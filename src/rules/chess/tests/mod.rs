//! Tests of the chess engine and game.

mod perft;
