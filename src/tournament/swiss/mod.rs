//! Swiss tournaments by the FIDE Dutch system (FIDE Handbook C.04.3, the
//! 2017 rules, with C.04.1's basic rules): one round paired at a time from
//! the players' scores, colours, opponents and byes so far. Pure: the
//! referee gives the results, this module gives the next round.
//!
//! - [`history`]: each player's record (score, colours by round, opponents,
//!   floats, byes) from the games and byes so far.
//! - [`colour`]: colour preferences (C.04.3 A.6) and the colour allocation
//!   rules E1-E5.
//! - [`pairing`]: one round: the score brackets top down, each by
//!   maximum-weight matchings whose weights hold the quality criteria in
//!   their order; the last bracket leaves the bye.
//! - [`standings`]: points, then Buchholz Cut 1, Buchholz and
//!   Sonneborn-Berger (FIDE C.07's tiebreaks for a Swiss).
//!
//! `docs/tournaments.md` says how the Dutch rules are implemented; the
//! tests of `replay` check the pairing against bbpPairings, an independent
//! engine, in every round of the tournaments it generated.

pub mod colour;
pub mod history;
pub mod pairing;
pub mod standings;

#[cfg(test)]
mod replay;
#[cfg(test)]
mod tests;

pub use history::history;
pub use pairing::pair_round;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a player was paired in a past round against a player of another
/// score (C.04.3 A.4): the higher of the two floats down, the lower up; a
/// round without a game played over the board (a bye, a forfeit, a round
/// before a late entry) counts as a downfloat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    Down,
    Up,
}

/// One player as the pairing of the next round sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The pairing number: the starting rank, 1 the highest.
    pub number: u32,
    /// Points so far, in half points.
    pub points: u32,
    /// The colour of each past round (index 0 is round 1); `None` for a
    /// round without a game played over the board (a bye, a forfeit, a
    /// round before a late entry).
    pub colours: Vec<Option<Colour>>,
    /// Each past round's float (a round without a game played over the
    /// board is a downfloat).
    pub floats: Vec<Float>,
    /// Everyone this player has played over the board (C1: a forfeited
    /// game is no meeting).
    pub opponents: Vec<u32>,
    /// Has had a pairing-allocated bye or a win by forfeit, so may not get
    /// the bye (C.04.3 C.2).
    pub no_bye: bool,
}

/// A pairing-allocated bye: `player` rests in `round` and scores a win's
/// point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bye {
    pub round: u32,
    pub player: u32,
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub white: u32,
    pub black: u32,
}

/// A round's pairing: the boards, best first, and the bye's player if the
/// number of players is odd.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub boards: Vec<Board>,
    pub bye: Option<u32>,
}

/// The Swiss system's points for a pairing-allocated bye: a win's, as
/// C.04.1 c says unless the regulations say otherwise (ours do not).
pub const BYE_POINTS: u32 = 2;
