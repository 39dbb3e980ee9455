//! Tests of the chess-like layer: it plays orthodox chess exactly as the
//! bitboard engine does.

mod boards;
mod legality;
mod orthodox;
