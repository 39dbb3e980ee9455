//! Alpha-beta search for the games without hidden information.
//!
//! Where the belief is the one true state, a game tree searched to a depth
//! with a good evaluation plays far better than sampling it: this is the
//! classical iterative-deepening negamax with alpha-beta, and what a level
//! means is its depth, its time and the noise on its evaluation
//! ([`Limits`]).
//!
//! - `chess`: orthodox chess on the bitboard engine, with a transposition
//!   table, move ordering, quiescence, extensions and pruning; its
//!   evaluation in `chess_eval`.
//! - `generic`: any other game without hidden information, through
//!   [`Playable`](super::Playable) alone (Rebel Chess, Reflection Teammate,
//!   Superial Chess).
//! - `table`: the transposition table and Zobrist keys.
//!
//! The search keeps within its time like every phase of a choice: it
//! reports each position it visits to the clock (one action played) and
//! looks at the clock every few of them ([`Watch`]); a search stopped in
//! the middle of a depth keeps what the depths before it found.

pub(crate) mod chess;
mod chess_eval;
pub(crate) mod generic;
mod table;

use super::Level;
use super::clock::{Deadline, Work};

/// A mate now, in the negamax scores (centipawns); a mate `n` plies away
/// scores `MATE - n`.
pub(super) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(super) const MATE_BOUND: i32 = MATE - 1_000;

/// How many positions the search visits between two looks at the clock.
const LOOK_EVERY: u64 = 16;

/// What a level allows the alpha-beta search (its time is the level's
/// share of the budget, [`Level::share`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// The deepest iteration, in plies.
    pub max_depth: i32,
    /// The evaluation is off by up to this many centipawns, by a noise
    /// fixed for each position (so the search stays consistent).
    pub noise: i32,
}

impl Limits {
    /// Level 1: two plies and a noisy eye (a beginner's blunders); level 2:
    /// four plies, a little noise (a casual player); level 3: as deep as
    /// the time allows, no noise.
    pub fn of(level: Level) -> Limits {
        match level.number() {
            1 => Limits {
                max_depth: 2,
                noise: 120,
            },
            2 => Limits {
                max_depth: 4,
                noise: 30,
            },
            _ => Limits {
                max_depth: 64,
                noise: 0,
            },
        }
    }

    /// The noise for a position of `mixed` key (the position's key mixed
    /// with the search's seed): within `[-noise, noise]`.
    pub fn noise_for(&self, mixed: u64) -> i32 {
        if self.noise == 0 {
            return 0;
        }
        let spread = 2 * self.noise as u64 + 1;
        let bits = mixed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        (bits % spread) as i32 - self.noise
    }
}

/// The search's look at its time: counts the positions visited, reports
/// each to the clock, and says when to stop (the time is up, or an
/// iteration budget's node limit, once armed, is reached).
pub(super) struct Watch<'a> {
    time: Deadline<'a>,
    nodes: u64,
    node_limit: Option<u64>,
    limit_armed: bool,
    stopped: bool,
    /// Whether each position counts as an action played on the clock (the
    /// chess search plays its own moves; the generic one plays them
    /// through the deadline, which reports them).
    reports: bool,
}

impl<'a> Watch<'a> {
    pub fn new(time: Deadline<'a>, node_limit: Option<u64>) -> Watch<'a> {
        Watch {
            time,
            nodes: 0,
            node_limit,
            limit_armed: false,
            stopped: false,
            reports: true,
        }
    }

    /// A watch that reports nothing to the clock (the work is reported
    /// where it is done).
    pub fn silent(time: Deadline<'a>, node_limit: Option<u64>) -> Watch<'a> {
        Watch {
            reports: false,
            ..Watch::new(time, node_limit)
        }
    }

    /// Whether the node limit applies from now on.
    pub fn arm_node_limit(&mut self, armed: bool) {
        self.limit_armed = armed;
    }

    /// One more position visited; whether the search must stop.
    pub fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.reports {
            self.time.worked(Work::Played);
        }
        if self.nodes.is_multiple_of(LOOK_EVERY) {
            let over_nodes = self.limit_armed && self.node_limit.is_some_and(|n| self.nodes >= n);
            if over_nodes || self.time.passed() {
                self.stopped = true;
            }
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
