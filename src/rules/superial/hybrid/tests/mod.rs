//! Tests of the hybrid.

mod perft;
