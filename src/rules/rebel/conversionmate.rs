//! Rebel III's conversionmate, and how every game ends on the board.
//!
//! The text leaves most of Rebel III open; `rules.txt` settles it, one line
//! each, and `tests/conversionmate.rs` pins each line. In short:
//!
//! - A *conversionmate* is a checkmate (the side to move is in check and
//!   has no legal action) in which every piece giving check is a converted
//!   piece and the mated king, once converted, would not stand attacked by
//!   its former side. The mated king is not captured: it changes side
//!   where it stands, as a converted king, and the game goes on with the
//!   mated side to move. Any other checkmate ends the game as in chess.
//! - The side with two kings is then the *Spartans*, the side with none the
//!   *Rebels*. The Spartans must keep both kings safe; the Rebels, with no
//!   king, are never in check. Kings are never captured.
//! - The Rebels win by checkmating the Spartans (in check, with no legal
//!   action), or by returning their king (their Recruiter recruits the
//!   converted king back) and then giving check. The Spartans win when the
//!   Rebels have no piece left, or by an ordinary checkmate of the
//!   returned king (a conversionmate converts it again). The Rebels may
//!   concede.

use serde::{Deserialize, Serialize};

use super::position::RebelPosition;
use crate::rules::geometry::Square;
use crate::rules::{DrawRule, Ending, Outcome, Seat};

/// How a position ends the game by itself (draws by the game's course,
/// repetition and the move counts, are the record's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardEnd {
    /// A checkmate that converts nothing: the winner.
    Checkmate(Seat),
    /// Rebel III: the Spartans are in check with no legal action.
    SpartansMated { rebels: Seat },
    /// Rebel III: the Rebels, their king returned, have given check.
    ReturnedAndChecked { rebels: Seat },
    /// Rebel III: the Rebels have no piece left.
    WipedOut { spartans: Seat },
    /// The side to move has no legal action and is not in check.
    Stalemate,
}

impl BoardEnd {
    /// The game's outcome.
    pub fn outcome(self) -> Outcome {
        match self {
            BoardEnd::Checkmate(winner) => Outcome::win(winner, Ending::Checkmate),
            BoardEnd::SpartansMated { rebels } => {
                Outcome::win(rebels, Ending::SpartanKingsCheckmated)
            }
            BoardEnd::ReturnedAndChecked { rebels } => {
                Outcome::win(rebels, Ending::RebelKingReturned)
            }
            BoardEnd::WipedOut { spartans } => Outcome::win(spartans, Ending::RebelsWipedOut),
            BoardEnd::Stalemate => Outcome::draw(Ending::Draw(DrawRule::Stalemate)),
        }
    }

    /// The announcement in players' words.
    pub fn announcement(self) -> String {
        match self {
            BoardEnd::Checkmate(winner) => format!("Checkmate: {winner} wins."),
            BoardEnd::SpartansMated { rebels } => format!(
                "Checkmate of the Spartans: {} cannot save both kings. {rebels} (the Rebels) wins.",
                rebels.other()
            ),
            BoardEnd::ReturnedAndChecked { rebels } => {
                format!("{rebels} (the Rebels) has its king back and gives check: {rebels} wins.")
            }
            BoardEnd::WipedOut { spartans } => format!(
                "{} (the Rebels) has no piece left: {spartans} (the Spartans) wins.",
                spartans.other()
            ),
            BoardEnd::Stalemate => "Stalemate: the game is drawn.".to_string(),
        }
    }
}

impl RebelPosition {
    /// The king of the side to move when it is conversionmated: in Rebel
    /// III, a side with exactly one king (and not the Spartans) in check
    /// from converted pieces only, with no legal action, whose king,
    /// once converted, would not stand attacked by its former side (such
    /// a mate is an ordinary checkmate: the Spartans never have a king
    /// attacked on the Rebels' turn).
    pub(super) fn conversionmated_king(&self) -> Option<Square> {
        let us = self.turn();
        if !self.version.conversionmate() || self.king_count(us) != 1 || self.spartans() == Some(us)
        {
            return None;
        }
        // Most positions are not check: answered without listing checkers.
        if !self.is_check() {
            return None;
        }
        let checkers = self.checkers(us);
        let converted = |sq: &Square| self.piece_at(*sq).is_some_and(|p| p.converted);
        if checkers.is_empty() || !checkers.iter().all(converted) || self.has_legal_play() {
            return None;
        }
        let king = *self.kings(us).first()?;
        let mut after = self.clone();
        after.convert_king(king);
        (!after.in_check(us.other())).then_some(king)
    }

    /// Applies a conversionmate if the side to move now suffers one.
    pub(super) fn apply_conversionmate(&mut self) {
        if let Some(king) = self.conversionmated_king() {
            self.convert_king(king);
        }
    }

    /// How this position ends the game by itself, if it does.
    ///
    /// ```
    /// use arbiter::rules::rebel::{BoardEnd, RebelPosition, Version};
    /// use arbiter::rules::Seat;
    /// let mate = RebelPosition::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Version::Three).unwrap();
    /// assert_eq!(mate.board_end(), Some(BoardEnd::Checkmate(Seat::White)));
    /// ```
    pub fn board_end(&self) -> Option<BoardEnd> {
        self.board_end_with(|| self.has_legal_play())
    }

    /// [`RebelPosition::board_end`], asking `has_play` whether the side to
    /// move has a legal action (when a caller already knows).
    pub(super) fn board_end_with(&self, has_play: impl FnOnce() -> bool) -> Option<BoardEnd> {
        if let Some(rebels) = self.rebels {
            let spartans = rebels.other();
            if !self.board.pieces().any(|(_, p)| p.owner == rebels) {
                return Some(BoardEnd::WipedOut { spartans });
            }
            if self.rebels_have_checked() {
                return Some(BoardEnd::ReturnedAndChecked { rebels });
            }
        }
        if has_play() {
            return None;
        }
        if !self.is_check() {
            return Some(BoardEnd::Stalemate);
        }
        Some(match self.rebels {
            Some(rebels) if rebels != self.turn() => BoardEnd::SpartansMated { rebels },
            _ => BoardEnd::Checkmate(self.turn().other()),
        })
    }

    /// Whether the last action conversionmated: the side to move's king
    /// count went from one to none. For announcements: compare with the
    /// position before.
    pub fn conversionmate_after(&self, before: &RebelPosition) -> Option<Square> {
        let mated = self.turn();
        if before.king_count(mated) == 1 && self.king_count(mated) == 0 {
            before.kings(mated).first().copied()
        } else {
            None
        }
    }
}
