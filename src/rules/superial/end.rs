//! How a classic game ends: by itself (no cube left, no legal action,
//! fivefold repetition, 75 turns) or on a claim (threefold repetition, 50
//! turns), and the counts behind the draws.

use super::game::Superial;
use super::moves;
use crate::rules::chess::{DrawRule, settle_claim};
use crate::rules::{ActionError, Event, Outcome, Seat};

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

impl Superial {
    /// How many times the position now has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let current = self.record.last();
        self.record.iter().filter(|k| Some(*k) == current).count()
    }

    /// Whether some position of the record has occurred twice or more.
    pub(super) fn some_position_twice(&self) -> bool {
        let mut seen = std::collections::HashSet::new();
        self.record.iter().any(|key| !seen.insert(key))
    }

    /// Actions since the last capture or random move.
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The draw the side to act may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() {
            None
        } else if self.repetitions() >= 3 {
            Some(DrawRule::ThreefoldRepetition)
        } else if self.quiet >= 100 {
            Some(DrawRule::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Whether the side to act has any legal action.
    fn can_act(&self) -> bool {
        self.random_left[self.side.index()] > 0
            || self.board.tokens().any(|(square, cube)| {
                cube.team == self.side && !moves::actions_of(&self.board, square, cube).is_empty()
            })
    }

    /// How the game ends in this position, and who wins, if it does.
    pub(super) fn ending(&self) -> Option<(Ending, Seat)> {
        let (next, mover) = (self.side, self.side.other());
        if self.board.count(next) == 0 {
            Some((Ending::Captured, mover))
        } else if !self.can_act() {
            Some((Ending::Immobilised, mover))
        } else if self.repetitions() >= 5 {
            Some((Ending::Drawn(DrawRule::FivefoldRepetition), mover))
        } else if self.quiet >= 150 {
            Some((Ending::Drawn(DrawRule::SeventyFiveMoveRule), mover))
        } else {
            None
        }
    }

    /// Ends the game on `seat`'s claim of `reason`.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>, seat: Seat, reason: DrawRule) {
        settle_claim(&mut self.outcome, events, seat, reason);
    }

    /// Why no draw can be claimed now.
    pub(super) fn no_claim(&self) -> ActionError {
        ActionError::illegal_with_hint(
            format!("There is no draw to claim: {}", self.draw_counts()),
            "To claim with the action that repeats a position, write the action followed by \
             \"claim\" (for example: c3-c4 claim).",
        )
    }

    /// Where the claimable draws stand, as the end of a sentence.
    pub(super) fn draw_counts(&self) -> String {
        let times = match self.repetitions() {
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
