//! What a game gives the archive beyond its views: its score in chess terms
//! (for PGN) and its secrets with their commitments (for the JSON export).
//!
//! Both are read from the truth, so they may hold what is still hidden: the
//! referee hands them out only for a finished game (when everything is
//! public, `RULINGS.md`) or to the host.

use serde::Serialize;

use super::Seat;

/// A game as a chess score: the board's FEN now and every turn in SAN.
/// Only games whose board and moves are chess's give one (see
/// [`Game::score`](super::Game::score)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// PGN's `Variant` tag; `None` for orthodox chess.
    pub variant: Option<&'static str>,
    /// The FEN of the position now (six fields).
    pub fen: String,
    /// Every turn in order.
    pub turns: Vec<ScoreTurn>,
}

/// One turn of a [`Score`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreTurn {
    /// The full-move number, as chess counts it.
    pub number: u32,
    pub seat: Seat,
    /// The move in SAN, or `None` for a turn without a chess move (a lost
    /// turn, a recruit), which PGN writes as a null move `--`.
    pub san: Option<String>,
    /// What the move alone does not say: sealed decisions and their
    /// reveals, recruits, conversions.
    pub comments: Vec<String>,
}

/// A secret of the game, sealed with a SHA-256 commitment while play went
/// on (see [`entropy::commitment`](super::entropy::commitment)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Secret {
    pub seat: Seat,
    /// What it is: `setup`, `decision after 12. Nf3`.
    pub what: String,
    /// The committed text.
    pub text: String,
    pub salt: String,
    pub commitment: String,
}

impl Secret {
    /// Whether the commitment is the hash of the text and the salt.
    pub fn verifies(&self) -> bool {
        super::entropy::commitment(&self.text, &self.salt) == self.commitment
    }
}
