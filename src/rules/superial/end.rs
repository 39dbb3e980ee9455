//! How a classic game ends: by itself (no cube left, no legal action,
//! fivefold repetition, 75 turns) or on a claim (threefold repetition, 50
//! turns), and the counts behind the draws, judged from the board, the
//! side to act, the random moves left and the draw counts.

use super::board::Board;
use super::moves;
use crate::rules::chess::DrawRule;
use crate::rules::{ActionError, Outcome, Seat};

/// How a game of Superial Chess ends by itself: the one place where its
/// outcomes and their announcements are worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// The loser has no cube left.
    Captured,
    /// The loser, to act, has no legal action.
    Immobilised,
    /// Fivefold repetition or the 75-turn rule.
    Drawn(DrawRule),
}

impl Ending {
    pub(super) fn outcome(self, winner: Seat) -> Outcome {
        match self {
            Ending::Captured => Outcome::win(
                winner,
                crate::rules::Ending::AllCubesCaptured(winner.other()),
            ),
            Ending::Immobilised => {
                Outcome::win(winner, crate::rules::Ending::NoLegalAction(winner.other()))
            }
            Ending::Drawn(rule) => Outcome::draw(crate::rules::Ending::Draw(rule)),
        }
    }

    pub(super) fn announcement(self, winner: Seat) -> String {
        let loser = winner.other();
        match self {
            Ending::Captured => format!("{loser} has no cube left: {winner} wins."),
            Ending::Immobilised => format!("{loser} has no legal action: {winner} wins."),
            Ending::Drawn(reason) => format!("Draw by {reason}."),
        }
    }
}

/// The draw counts of a position: how many times it has occurred (1 the
/// first time), and the actions since the last capture or random move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts {
    pub(super) repetitions: usize,
    pub(super) quiet: u32,
}

impl Counts {
    /// The counts of the last position of `record` (the repetition keys
    /// since the last random move), `quiet` actions after a capture.
    pub(super) fn of(record: &[String], quiet: u32) -> Counts {
        let current = record.last();
        Counts {
            repetitions: record.iter().filter(|k| Some(*k) == current).count(),
            quiet,
        }
    }

    /// The draw the side to act may claim.
    pub(super) fn claimable(self) -> Option<DrawRule> {
        if self.repetitions >= 3 {
            Some(DrawRule::ThreefoldRepetition)
        } else if self.quiet >= 100 {
            Some(DrawRule::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Why no draw can be claimed.
    pub(super) fn no_claim(self) -> ActionError {
        ActionError::illegal_with_hint(
            format!("There is no draw to claim: {}", self.describe()),
            "To claim with the action that repeats a position, write the action followed by \
             \"claim\" (for example: c3-c4 claim).",
        )
    }

    /// Where the claimable draws stand, as the end of a sentence.
    pub(super) fn describe(self) -> String {
        let times = match self.repetitions {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        format!(
            "the position has occurred {times} (three times are needed), and {} turns by each \
             side have been played since the last capture or random move (50 are needed).",
            self.quiet / 2
        )
    }
}

/// Whether some position of `record` has occurred twice or more.
pub(super) fn some_position_twice(record: &[String]) -> bool {
    let mut seen = std::collections::HashSet::new();
    record.iter().any(|key| !seen.insert(key))
}

/// Whether `side` has any legal action: a random move left, or a cube that
/// can act.
fn can_act(board: &Board, side: Seat, random_left: u8) -> bool {
    random_left > 0
        || board.tokens().any(|(square, cube)| {
            cube.team == side && !moves::actions_of(board, square, cube).is_empty()
        })
}

/// How the game ends with `side` to act, and who wins, if it does.
pub(super) fn ending(
    board: &Board,
    side: Seat,
    random_left: u8,
    counts: Counts,
) -> Option<(Ending, Seat)> {
    let mover = side.other();
    if board.count(side) == 0 {
        Some((Ending::Captured, mover))
    } else if !can_act(board, side, random_left) {
        Some((Ending::Immobilised, mover))
    } else if counts.repetitions >= 5 {
        Some((Ending::Drawn(DrawRule::FivefoldRepetition), mover))
    } else if counts.quiet >= 150 {
        Some((Ending::Drawn(DrawRule::SeventyFiveMoveRule), mover))
    } else {
        None
    }
}
