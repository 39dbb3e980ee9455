//! Tournaments, pure: who plays whom, how they stand, and the FIDE report.
//! Nothing here reads a clock, a store or a mail; the referee creates each
//! game as an ordinary game and gives this module the results back.
//!
//! - [`berger`]: round robin pairings by Berger tables (single or double).
//! - [`standings`]: points, then ICCF's tiebreaks; the withdrawal rule.
//! - [`swiss`]: Swiss pairings by the FIDE Dutch system, one round at a
//!   time, and a Swiss's standings (Buchholz and Sonneborn-Berger).
//! - [`trf`]: the TRF-16 report that FIDE's pairing checkers read.
//!
//! Players are known here by their starting number in their section, from
//! 1; the caller keeps the names.

pub mod berger;
pub mod standings;
pub mod swiss;
pub mod trf;

#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// How a tournament game ended, as the tournament counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
    /// White lost without the game being decided on the board (withdrew).
    WhiteForfeits,
    BlackForfeits,
    /// Both withdrew: nobody scores.
    DoubleForfeit,
}

impl GameResult {
    /// The word stored for this result.
    pub fn word(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteForfeits => "-/+",
            GameResult::BlackForfeits => "+/-",
            GameResult::DoubleForfeit => "-/-",
        }
    }

    pub fn from_word(word: &str) -> Option<GameResult> {
        [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
            GameResult::WhiteForfeits,
            GameResult::BlackForfeits,
            GameResult::DoubleForfeit,
        ]
        .into_iter()
        .find(|r| r.word() == word)
    }
}

/// One game of a section: its round, the two starting numbers and its
/// result once it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub round: u32,
    pub white: u32,
    pub black: u32,
    pub result: Option<GameResult>,
}

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every player of a section meets every other (twice when `double`,
    /// colours reversed), every game started at once; sections of at most
    /// `section` players.
    RoundRobin { double: bool, section: u32 },
    /// A Swiss by the FIDE Dutch system over `rounds` rounds, each paired
    /// when the one before has ended.
    Swiss { rounds: u32 },
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Format::RoundRobin {
                double: false,
                section,
            } => write!(f, "round-robin/{section}"),
            Format::RoundRobin {
                double: true,
                section,
            } => write!(f, "double-round-robin/{section}"),
            Format::Swiss { rounds } => write!(f, "swiss/{rounds}"),
        }
    }
}

/// A format the host wrote that this referee does not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "unknown format {0:?}: write round-robin/N or double-round-robin/N, N the most players in a section (3 to 64), or swiss/N, N the number of rounds (1 to 30)"
)]
pub struct BadFormat(pub String);

impl FromStr for Format {
    type Err = BadFormat;

    fn from_str(s: &str) -> Result<Format, BadFormat> {
        let bad = || BadFormat(s.to_string());
        let (kind, size) = s.split_once('/').ok_or_else(bad)?;
        let n: u32 = size.parse().map_err(|_| bad())?;
        match kind {
            "swiss" if (1..=30).contains(&n) => Ok(Format::Swiss { rounds: n }),
            "round-robin" | "rr" if (3..=64).contains(&n) => Ok(Format::RoundRobin {
                double: false,
                section: n,
            }),
            "double-round-robin" | "drr" if (3..=64).contains(&n) => Ok(Format::RoundRobin {
                double: true,
                section: n,
            }),
            _ => Err(bad()),
        }
    }
}

/// Splits `count` entrants, listed best first, into sections of at most
/// `size`: as few sections as that allows, sizes differing by at most one,
/// the entrants dealt out snake-wise (1 2 3 3 2 1 ...) so that each
/// section gets a like share of the strong and the weak. Returns each
/// section's entrants as indices into the list.
pub fn sections(count: usize, size: u32) -> Vec<Vec<usize>> {
    if count == 0 {
        return Vec::new();
    }
    let k = count.div_ceil(size.max(2) as usize);
    let mut out = vec![Vec::new(); k];
    for i in 0..count {
        let (lap, pos) = (i / k, i % k);
        let s = if lap % 2 == 0 { pos } else { k - 1 - pos };
        out[s].push(i);
    }
    out
}

/// Draws the starting numbers of a section by lot, as ICCF does: the same
/// `seed` gives the same draw, so a tournament's numbers can be checked.
pub fn draw_lots<T>(section: &mut [T], seed: u64) {
    section.shuffle(&mut StdRng::seed_from_u64(seed));
}

/// The games of one round robin section of `players`, as [`Game`]s
/// without results.
pub fn round_robin_games(players: u32, double: bool) -> Vec<Game> {
    berger::rounds(players, double)
        .into_iter()
        .flatten()
        .map(|p| Game {
            round: p.round,
            white: p.white,
            black: p.black,
            result: None,
        })
        .collect()
}
