//! What the host and a challenge set for the computer: its level, its
//! budget a move, and how it chooses.

use std::time::Duration;

/// How strong the computer plays: 1 (weakest) to 3. The level is the share
/// of the host's time budget it takes for each move and, for the
/// alpha-beta search of the games without hidden information, a depth and
/// a noise on its evaluation (`alphabeta::Limits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(3);

    /// `1`, `2` or `3`.
    ///
    /// ```
    /// use arbiter::bot::Level;
    /// assert_eq!(Level::parse("2").unwrap().number(), 2);
    /// assert!(Level::parse("4").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Level> {
        match text.trim() {
            "1" => Some(Level(1)),
            "2" => Some(Level(2)),
            "3" => Some(Level(3)),
            _ => None,
        }
    }

    /// The level numbered `number`, if there is one.
    pub fn new(number: u8) -> Option<Level> {
        (1..=3).contains(&number).then_some(Level(number))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The share of the host's budget this level spends on a move: a
    /// tenth, a third, all of it.
    pub fn share(self, budget: Duration) -> Duration {
        match self.0 {
            1 => budget / 10,
            2 => budget / 3,
            _ => budget,
        }
    }
}

impl Default for Level {
    /// The middle level.
    fn default() -> Level {
        Level(2)
    }
}

/// How much the search may spend on one move: stop at whichever limit
/// comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub time: Duration,
    /// A fixed number of search iterations: what makes a choice
    /// reproducible (tests, and comparing levels), since the iterations a
    /// time budget allows depend on the machine.
    pub iterations: Option<u32>,
}

impl Budget {
    /// A time budget.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time,
            iterations: None,
        }
    }

    /// A fixed number of iterations, whatever the time.
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            time: Duration::from_secs(3600),
            iterations: Some(iterations),
        }
    }
}

/// How a player chooses its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The computer opponent: a search at a level.
    Search(Level),
    /// Any legal action, uniformly at random (a benchmark's opponent).
    Random,
    /// The action whose outcome, one action deep, the game's evaluation
    /// likes best (a benchmark's opponent).
    Greedy,
}

impl Default for Strategy {
    fn default() -> Strategy {
        Strategy::Search(Level::default())
    }
}
