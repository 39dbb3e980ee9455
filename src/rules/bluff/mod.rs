//! Bluff Chess: orthodox chess plus an alter ego that rides in the piece
//! last moved, sealed stay-or-transfer decisions after a "death move", and a
//! second way to win: capturing the piece that carries the opponent's alter
//! ego.
//!
//! The rule text is `seeds/001_8deec2bf890d41f9.txt`; `RULINGS.md` settles
//! its open points, and the player-facing page (`rules.txt`) states every
//! ruling this module follows, each pinned by a test in `tests/`.
//!
//! - [`BluffChess`] is the truth: the board (the orthodox engine's
//!   [`Position`](crate::rules::chess::Position)), where each alter ego
//!   really is, the sealed decisions with their salts, the commitments.
//! - [`BluffView`] is what one viewer may see; it is built from the truth
//!   with the hidden fields already filtered out ([`SealedView`]'s opening
//!   is `None` for a viewer who may not see it).
//! - [`BluffAction`] is what a player writes: a move with an optional
//!   decision (`Nf3 stay`, `Nf3 transfer d1`), a decision alone, or a draw
//!   claim (alone, or with the move that makes it: `Ng8 claim`).
//!
//! ```
//! use arbiter::rules::bluff::{BluffAction, BluffChess, Decision};
//! use arbiter::rules::{Entropy, Game, Options, Seat};
//! let mut entropy = Entropy::new([1; 32], 0);
//! let game = BluffChess::new(&Options::default(), &mut entropy).unwrap();
//! let action = game.parse_action(Seat::White, "e4 stay").unwrap();
//! assert!(matches!(action, BluffAction::Move { decision: Some(Decision::Stay), .. }));
//! ```

mod fen;
mod game;
mod notation;
mod resealed;
mod score;
mod state;
#[cfg(test)]
mod tests;
mod turn;
mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::chess::{Move, Position};
use crate::rules::entropy::commitment;
use crate::rules::geometry::Square;

pub use state::BluffChess;

/// "the knight on f3": a piece named by where it stands.
pub(super) fn piece_name(position: &Position, square: Square) -> String {
    match position.piece_at(square) {
        Some(piece) => format!("the {} on {square}", piece.role.name()),
        None => format!("the piece on {square}"),
    }
}

pub use turn::is_death_move;
pub use view::{AlterEgo, BluffView, DecisionView, Opened, SealedView, SideView};

/// What a player decides after a death move: where their alter ego spends
/// the opponent's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// The alter ego stays in the turn piece (the text's dash).
    Stay,
    /// The alter ego moves at once into the own piece on this square, which
    /// must then be moved next turn.
    Transfer(Square),
}

impl fmt::Display for Decision {
    /// `stay` or `transfer d1`: also the text the commitment is made of.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Stay => f.write_str("stay"),
            Decision::Transfer(square) => write!(f, "transfer {square}"),
        }
    }
}

/// What a player may do in Bluff Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BluffAction {
    /// A move, with the decision sent blind in the same line (used only if
    /// the move turns out to be a death move) or without it.
    Move {
        #[serde(rename = "move")]
        mv: Move,
        decision: Option<Decision>,
    },
    /// The decision owed after a death move sent without one.
    Decide(Decision),
    /// A claim of a draw by threefold repetition or the 50-move rule.
    ClaimDraw,
    /// A move with a claim that holds once it is played (`Ng8 claim`, as
    /// in FIDE 9.2): the claim ends the game, so no decision goes with it.
    MoveAndClaim(Move),
}

/// A decision as made: the decision, its salt and the SHA-256 commitment
/// the opponent is given while it is sealed. Part of the truth only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    pub decision: Decision,
    pub salt: String,
    pub commitment: String,
}

impl Sealed {
    /// Seals a decision with a salt.
    pub fn new(decision: Decision, salt: String) -> Sealed {
        let commitment = commitment(&decision.to_string(), &salt);
        Sealed {
            decision,
            salt,
            commitment,
        }
    }

    /// Whether the commitment matches the decision and salt.
    pub fn verifies(&self) -> bool {
        commitment(&self.decision.to_string(), &self.salt) == self.commitment
    }
}
