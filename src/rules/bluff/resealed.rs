//! The same game under another seal.
//!
//! A decision is known to the opponent only by its seal (a commitment);
//! two games whose histories differ only in a seal, or in the decision
//! still sealed after its maker's last move, are the same to the seat that
//! did not make it. [`BluffChess::resealed`] gives that other game, and it
//! belongs to the rules because it changes the truth the way only the rules
//! may: a decision made otherwise is checked as any decision is, and the
//! alter ego and the commitment to a piece follow it.
//!
//! Its user is the computer player (`crate::bot`, a room above this one):
//! it rebuilds a game from what its seat was told by replaying the public
//! history (so the decisions it replays carry salts of its own), puts back
//! the seals the seat was shown, and draws the decision still hidden from
//! it among those it cannot rule out. That drawing is the bot's sampling,
//! and lives there.

use super::state::Turn;
use super::{BluffChess, Decision, Sealed};
use crate::rules::{ActionError, PositionError, Seat};

impl BluffChess {
    /// The same game with the decision sealed under the commitment `old`
    /// sealed as `sealed` instead. A decision already revealed keeps what
    /// it decided (only its salt and commitment change); the decision still
    /// sealed after its maker's last move may change too, and the alter ego
    /// and the commitment to a piece then follow it. The new seal is taken
    /// as given: its commitment need not be that of its decision and salt
    /// (a seat that does not know the salt cannot make it so).
    pub fn resealed(&self, old: &str, sealed: Sealed) -> Result<BluffChess, PositionError> {
        let illegal = |text: String| Err(PositionError::Illegal(text));
        let current = Seat::BOTH.into_iter().find(|seat| {
            self.sealed[seat.index()]
                .as_ref()
                .is_some_and(|s| s.commitment == old)
        });
        let made = self.turns.iter().position(
            |turn| matches!(turn, Turn::Move { decision: Some(s), .. } if s.commitment == old),
        );
        let before = match (current, made) {
            (Some(seat), _) => self.sealed[seat.index()].as_ref(),
            (None, Some(index)) => match &self.turns[index] {
                Turn::Move { decision, .. } => decision.as_ref(),
                Turn::Lost { .. } => None,
            },
            (None, None) => None,
        };
        let Some(before) = before else {
            return illegal(format!("no decision was sealed as {old}"));
        };
        let mut game = self.clone();
        if sealed.decision != before.decision {
            // Only the decision still sealed after its maker's last move
            // may be made otherwise: the board is the one it was made on.
            let (Some(seat), Some(index)) = (current, made) else {
                return illegal(format!(
                    "the decision sealed as {old} is revealed or has no move: it cannot change"
                ));
            };
            let (
                Turn::Move {
                    mv, seat: mover, ..
                },
                true,
            ) = (&self.turns[index], index + 1 == self.turns.len())
            else {
                return illegal(format!(
                    "the decision sealed as {old} is not the last turn's"
                ));
            };
            if *mover != seat {
                return illegal(format!(
                    "the decision sealed as {old} is not {seat}'s last turn"
                ));
            }
            BluffChess::check_decision(&self.position, seat, mv.to, sealed.decision)
                .map_err(|e: ActionError| PositionError::Illegal(e.to_string()))?;
            let i = seat.index();
            match sealed.decision {
                Decision::Stay => {
                    game.alter[i] = Some(mv.to);
                    game.committed[i] = false;
                }
                Decision::Transfer(square) => {
                    game.alter[i] = Some(square);
                    game.committed[i] = true;
                }
            }
        }
        if let Some(seat) = current {
            game.sealed[seat.index()] = Some(sealed.clone());
        }
        if let Some(index) = made
            && let Turn::Move { decision, .. } = &mut game.turns[index]
        {
            *decision = Some(sealed);
        }
        Ok(game)
    }
}
