//! Players' mail: parsing what comes in.

pub mod parse;
pub mod quote;
