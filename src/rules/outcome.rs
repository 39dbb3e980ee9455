//! Where a game stands: what each seat owes, or how it ended.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Seat;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    Win(Seat),
    Draw,
}

impl GameResult {
    /// PGN-style score: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::Win(Seat::White) => "1-0",
            GameResult::Win(Seat::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// The result of a finished game and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    /// In players' words: `checkmate`, `alter ego captured`, `stalemate`.
    pub reason: String,
}

impl Outcome {
    pub fn win(seat: Seat, reason: impl Into<String>) -> Outcome {
        Outcome {
            result: GameResult::Win(seat),
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result {
            GameResult::Win(seat) => write!(
                f,
                "{} wins ({}), {}",
                seat,
                self.reason,
                self.result.score()
            ),
            GameResult::Draw => write!(f, "draw ({}), {}", self.reason, self.result.score()),
        }
    }
}

/// What a seat owes the game now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Duty {
    /// An ordinary turn.
    Move,
    /// A sealed submission that both seats make without seeing the other's,
    /// such as a simultaneous setup.
    Sealed,
    /// A decision owed after a move (Bluff Chess's stay or transfer, Reality
    /// Check's keep or refuse).
    Decision,
}

/// A seat and what it owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    pub seat: Seat,
    pub duty: Duty,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Play goes on; these seats owe an action now (one, or both in a sealed
    /// phase).
    Ongoing(Vec<Due>),
    Finished(Outcome),
}

impl Status {
    /// Whether `seat` owes an action now.
    pub fn owes(&self, seat: Seat) -> Option<Duty> {
        match self {
            Status::Ongoing(dues) => dues.iter().find(|d| d.seat == seat).map(|d| d.duty),
            Status::Finished(_) => None,
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Finished(outcome) => Some(outcome),
            Status::Ongoing(_) => None,
        }
    }

    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
}
