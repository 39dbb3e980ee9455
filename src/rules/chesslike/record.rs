//! The draws that depend on a game's course, for any chess-like game: the
//! positions since the last capture or pawn move (repetition) and the
//! half-move clock (the 50 and 75 turn rules), with the orthodox engine's
//! [`DrawRule`]s.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::rules::DrawRule;

/// The repetition keys of the positions since the last capture or pawn
/// move, oldest first (the current position's last). A key is what makes
/// two positions "the same": a game builds it (pieces, side to move,
/// castling and en passant rights).
///
/// ```
/// use arbiter::rules::chesslike::DrawRecord;
/// use arbiter::rules::chess::DrawRule;
/// let mut record = DrawRecord::new("a".into());
/// for (key, clock) in [("b", 1), ("a", 2), ("b", 3), ("a", 4)] {
///     record.push(key.into(), clock);
/// }
/// assert_eq!(record.repetitions(), 3);
/// assert_eq!(record.claimable(4), Some(DrawRule::ThreefoldRepetition));
/// assert_eq!(record.automatic(4), None);
/// ```
///
/// The keys are shared texts: a search copies a game's record at every
/// step, without copying each key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DrawRecord {
    keys: Vec<Arc<str>>,
}

impl DrawRecord {
    pub fn new(key: String) -> DrawRecord {
        DrawRecord {
            keys: vec![key.into()],
        }
    }

    /// Records the position a turn reached; a half-move clock of 0 (a
    /// capture or pawn move) starts the record afresh.
    pub fn push(&mut self, key: String, halfmove_clock: u32) {
        if halfmove_clock == 0 {
            self.keys.clear();
        }
        self.keys.push(key.into());
    }

    /// The record after one more position, this one unchanged.
    pub fn after(&self, key: String, halfmove_clock: u32) -> DrawRecord {
        let mut next = self.clone();
        next.push(key, halfmove_clock);
        next
    }

    /// How many times the current position has occurred.
    pub fn repetitions(&self) -> usize {
        self.keys
            .last()
            .map_or(0, |last| self.keys.iter().filter(|k| *k == last).count())
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The draw that may be claimed now: threefold repetition, or 50 turns
    /// of each player without capture or pawn move.
    pub fn claimable(&self, halfmove_clock: u32) -> Option<DrawRule> {
        if self.repetitions() >= 3 {
            Some(DrawRule::ThreefoldRepetition)
        } else if halfmove_clock >= 100 {
            Some(DrawRule::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The draw that ends the game by itself: fivefold repetition, or 75
    /// turns of each. (A mate on the last turn comes first: the caller
    /// checks it.)
    pub fn automatic(&self, halfmove_clock: u32) -> Option<DrawRule> {
        if self.repetitions() >= 5 {
            Some(DrawRule::FivefoldRepetition)
        } else if halfmove_clock >= 150 {
            Some(DrawRule::SeventyFiveMoveRule)
        } else {
            None
        }
    }
}
