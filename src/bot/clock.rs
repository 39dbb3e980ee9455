//! The computer's time: the clock it is handed, and the deadline every
//! phase of its choice keeps.
//!
//! The computer reads its time on a [`Clock`] it is given rather than on
//! the system's: the referee hands it the wall clock ([`Wall`]); a test
//! hands it a clock that advances by the work the computer reports
//! ([`Clock::worked`]), so that how far past its budget a search can run
//! is a property of the code, measured without a timed test. For that the
//! search does its work on the game through a [`Deadline`], which reports
//! each step as it makes it.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;

use super::Playable;
use crate::rules::{Entropy, Seat};

/// Where the computer reads its time.
pub trait Clock: Sync {
    /// The time since the computer began its choice.
    fn elapsed(&self) -> Duration;

    /// Told of each step of work as it is done: a real clock needs nothing
    /// (its time passes by itself), a test's clock advances by it.
    fn worked(&self, _work: Work) {}
}

/// A step of the computer's work, as it tells its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// One view read into the belief.
    Read,
    /// A state drawn from the belief.
    Sampled,
    /// A state's choices listed: this many.
    Listed(usize),
    /// An action applied to a state, and a look at where the game then
    /// stands (or the action written in the game's notation).
    Played,
    /// A state evaluated.
    Evaluated,
}

/// The wall clock, from the moment it is started.
#[derive(Clone, Copy, Debug)]
pub struct Wall {
    started: Instant,
}

impl Wall {
    pub fn start() -> Wall {
        Wall {
            started: Instant::now(),
        }
    }
}

impl Clock for Wall {
    fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// A time limit on a clock, and the steps of work done against it: every
/// phase of a choice asks it whether time is up between its steps, and
/// makes its steps through it.
#[derive(Clone, Copy)]
pub struct Deadline<'a> {
    clock: &'a dyn Clock,
    /// The time, on the clock, by which the work must be done.
    at: Duration,
}

impl<'a> Deadline<'a> {
    /// `time` from the clock's start.
    pub fn new(clock: &'a dyn Clock, time: Duration) -> Deadline<'a> {
        Deadline { clock, at: time }
    }

    /// The time on the clock.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    /// Whether the time is up.
    pub fn passed(&self) -> bool {
        self.clock.elapsed() >= self.at
    }

    /// The same clock with an earlier limit: `share` of the time left now
    /// (a phase that must leave time to those after it).
    pub fn share(&self, share: f64) -> Deadline<'a> {
        let now = self.clock.elapsed();
        let left = self.at.saturating_sub(now);
        Deadline {
            clock: self.clock,
            at: now + left.mul_f64(share.clamp(0.0, 1.0)),
        }
    }

    /// The time left before the limit.
    pub fn left(&self) -> Duration {
        self.at.saturating_sub(self.clock.elapsed())
    }

    /// Reports work done outside the steps below.
    pub fn worked(&self, work: Work) {
        self.clock.worked(work);
    }

    /// A state drawn from the belief.
    pub fn sample<G: Playable>(&self, belief: &G::Belief, rng: &mut StdRng) -> G {
        let state = G::sample(belief, rng);
        self.clock.worked(Work::Sampled);
        state
    }

    /// `seat`'s choices in `state`, into a list the caller keeps.
    pub fn choices_into<G: Playable>(&self, state: &G, seat: Seat, into: &mut Vec<G::Action>) {
        state.choices_into(seat, into);
        self.clock.worked(Work::Listed(into.len()));
    }

    /// The state after `seat` plays `action`.
    pub fn advance<G: Playable>(
        &self,
        state: &G,
        seat: Seat,
        action: &G::Action,
        entropy: &mut Entropy,
    ) -> G {
        let next = state.advance(seat, action, entropy);
        self.clock.worked(Work::Played);
        next
    }

    /// How good `state` is for `seat`.
    pub fn evaluate<G: Playable>(&self, state: &G, seat: Seat) -> f64 {
        let value = state.evaluate(seat);
        self.clock.worked(Work::Evaluated);
        value
    }

    /// How good `state` is for `seat`, in a search whose root gave
    /// `centre` ([`Playable::evaluate_around`]).
    pub fn evaluate_around<G: Playable>(&self, state: &G, seat: Seat, centre: f64) -> f64 {
        let value = state.evaluate_around(seat, centre);
        self.clock.worked(Work::Evaluated);
        value
    }

    /// `action` in the game's notation.
    pub fn notation<G: Playable>(&self, state: &G, seat: Seat, action: &G::Action) -> String {
        let text = state.notation(seat, action);
        self.clock.worked(Work::Played);
        text
    }
}

/// Where in every game and option set the computer's time is checked (the
/// budget test) and measured (`cargo bench --bench computer -- budget`):
/// each game, its options, and after how many random actions (ascending)
/// the seat to act asks for its choice.
#[allow(clippy::type_complexity)]
pub const BUDGET_POSITIONS: &[(&str, &[&str], &[usize])] = &[
    ("chess", &[], &[0, 5, 30, 80]),
    ("bluff-chess", &[], &[0, 3, 20, 60]),
    ("reality-check", &[], &[0, 1, 2, 10, 40, 120]),
    ("reality-check", &["memory=on"], &[0, 2, 20]),
    ("reality-check", &["retreat=on"], &[2, 30]),
    ("reality-check", &["memory-flips=on"], &[2, 30]),
    ("reality-check", &["setup=free"], &[0, 2, 30]),
    ("reality-check", &["board=advanced"], &[2, 30]),
    ("reality-check", &["dice=1"], &[2, 30]),
    ("reality-check", &["dice=2"], &[2, 3, 30]),
    (
        "reality-check",
        &[
            "memory=on",
            "retreat=on",
            "memory-flips=on",
            "setup=free",
            "dice=2",
        ],
        &[2, 30],
    ),
    ("rebel-chess", &["version=1"], &[0, 20]),
    ("rebel-chess", &["version=2"], &[0, 20]),
    ("rebel-chess", &["version=3"], &[0, 20]),
    ("superial-chess", &[], &[0, 10, 30]),
    ("superial-chess", &["random-moves=2"], &[0, 1, 10]),
    ("superial-chess", &["hybrid=on"], &[0, 1, 10, 30]),
    ("reflection-teammate", &[], &[0, 10]),
    ("reflection-teammate", &["setup=cross8"], &[0, 10]),
    ("reflection-teammate", &["setup=cross12"], &[0, 4]),
    ("reflection-teammate", &["setup=cross14"], &[0, 8]),
    ("reflection-teammate", &["setup=halves"], &[0, 10]),
    ("reflection-teammate", &["setup=two-boards"], &[0, 10]),
    (
        "reflection-teammate",
        &["symmetry=reverse", "capture-reflection=on", "win=kings"],
        &[0, 10],
    ),
];
