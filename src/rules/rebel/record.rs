//! The draws of the game's course (repetition, the 50 and 75 move rules)
//! and insufficient material, as the orthodox engine's
//! [`DrawRecord`](crate::rules::chess::DrawRecord) has them: that record is
//! typed on the orthodox position, so this is its twin for
//! [`RebelPosition`], with a repetition key that includes the converted
//! marks and the teams.

use serde::{Deserialize, Serialize};

use super::position::RebelPosition;
use super::{DrawRule, Role};
use crate::rules::chess::bitboard::DARK_SQUARES;
use crate::rules::chess::turn_char;

impl RebelPosition {
    /// What makes two positions "the same" for the repetition rules: the
    /// position string without its counters, the en passant square only
    /// when a capture there is legal. Converted marks and the teams are in
    /// it, so a recruit and its return give the same key again.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// let pos = RebelPosition::startpos(Version::One);
    /// assert_eq!(pos.repetition_key(), "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn repetition_key(&self) -> String {
        let setup = self.setup();
        let turn = turn_char(setup.turn);
        let ep = self
            .legal_en_passant()
            .map_or("-".to_string(), |sq| sq.to_string());
        let mut key = format!("{} {turn} {} {ep}", setup.placement(), setup.castling);
        if let Some(rebels) = setup.rebels {
            key.push_str(match rebels {
                crate::rules::Seat::White => " rebels:w",
                crate::rules::Seat::Black => " rebels:b",
            });
        }
        key
    }

    /// No checkmate is possible whatever is played, counting every piece
    /// whoever owns it (recruiting changes owners, never the pieces): no
    /// pawn, rook or queen, and at most one knight or bishop, or bishops
    /// only, all on squares of one colour; and no Recruiter, which could
    /// block its own king's flight square, unless only kings and Recruiters
    /// are left (then no one can ever give check). Never once there are
    /// Spartans and Rebels: the Spartans' kings may hunt down a lone
    /// Recruiter.
    pub fn is_insufficient_material(&self) -> bool {
        if self.rebels.is_some() {
            return false;
        }
        let role = |r: Role| self.by_role[r.index()];
        if role(Role::Pawn) | role(Role::Rook) | role(Role::Queen) != 0 {
            return false;
        }
        let knights = role(Role::Knight);
        let bishops = role(Role::Bishop);
        if role(Role::Recruiter) != 0 {
            return knights | bishops == 0;
        }
        if (knights | bishops).count_ones() <= 1 {
            return true;
        }
        knights == 0 && (bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0)
    }
}

/// The positions since the last capture or pawn move, for the repetition
/// rules (recruiting is neither, and a recruit can be undone by a return,
/// so positions before a recruit may come back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub(super) struct Record {
    keys: Vec<String>,
}

impl Record {
    pub(super) fn new(position: &RebelPosition) -> Record {
        Record {
            keys: vec![position.repetition_key()],
        }
    }

    pub(super) fn from_keys(keys: Vec<String>) -> Record {
        Record { keys }
    }

    pub(super) fn keys(&self) -> &[String] {
        &self.keys
    }

    /// Records the position reached by an action.
    pub(super) fn push(&mut self, position: &RebelPosition) {
        if position.halfmove_clock() == 0 {
            self.keys.clear();
        }
        self.keys.push(position.repetition_key());
    }

    /// The record after `position` is reached, this one unchanged.
    pub(super) fn after(&self, position: &RebelPosition) -> Record {
        let mut next = self.clone();
        next.push(position);
        next
    }

    /// How many times the current position has occurred.
    pub(super) fn repetitions(&self) -> usize {
        match self.keys.last() {
            Some(current) => self.keys.iter().filter(|k| *k == current).count(),
            None => 0,
        }
    }

    /// The draw that ends the game by itself, board endings aside
    /// (checkmate and stalemate come first).
    pub(super) fn automatic(&self, position: &RebelPosition) -> Option<DrawRule> {
        if position.is_insufficient_material() {
            Some(DrawRule::InsufficientMaterial)
        } else if self.repetitions() >= 5 {
            Some(DrawRule::FivefoldRepetition)
        } else if position.halfmove_clock() >= 150 {
            Some(DrawRule::SeventyFiveMoveRule)
        } else {
            None
        }
    }

    /// The draw the side to move may claim.
    pub(super) fn claimable(&self, position: &RebelPosition) -> Option<DrawRule> {
        if self.repetitions() >= 3 {
            Some(DrawRule::ThreefoldRepetition)
        } else if position.halfmove_clock() >= 100 {
            Some(DrawRule::FiftyMoveRule)
        } else {
            None
        }
    }
}
