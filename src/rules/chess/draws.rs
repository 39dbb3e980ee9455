//! The draws that depend on the game's course (repetition, the 50 and 75
//! move rules) and the position's own (stalemate, insufficient material),
//! kept in a [`DrawRecord`] that the chess variants share.
//!
//! The rules followed are FIDE's Laws of Chess (2023), articles 9.2, 9.3
//! and 9.6:
//! - a player may *claim* a draw when the same position has occurred three
//!   times, or after 50 moves by each side without a capture or pawn move;
//! - the game is drawn *automatically* at the fifth occurrence, or after
//!   75 moves by each side (unless the last move mated), and by stalemate
//!   or when no checkmate is possible with the material left.

use serde::{Deserialize, Serialize};

use super::Role;
use super::bitboard::DARK_SQUARES;
use super::position::Position;

/// What makes two positions "the same" for the repetition rules: the
/// placement, the side to move, the castling rights, and the en passant
/// square only when an en passant capture is actually legal.
///
/// It is the FEN without its counters (and with `-` for an en passant
/// square no pawn can use): exact, readable in the stored state, and
/// deterministic.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RepetitionKey(String);

impl RepetitionKey {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Position {
    /// The repetition key of this position.
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// // After 1.e4 the en passant square e3 is useless to Black.
    /// let pos = Position::startpos().play(&"e2e4".parse().unwrap());
    /// assert_eq!(pos.repetition_key().as_str(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    /// ```
    pub fn repetition_key(&self) -> RepetitionKey {
        let mut setup = self.setup();
        setup.en_passant = self.legal_en_passant();
        let fen = setup.fen();
        // Drop the two counters.
        let end = fen.rmatch_indices(' ').nth(1).map_or(fen.len(), |(i, _)| i);
        RepetitionKey(fen[..end].to_string())
    }

    /// Neither side can ever checkmate, whatever is played: no pawns, rooks
    /// or queens, and either at most one minor piece on the board, or only
    /// bishops all standing on squares of one colour (kings aside). This
    /// covers K v K, K+B v K, K+N v K and K+B v K+B with same-coloured
    /// bishops; K+N v K+N or K+B v K+B on opposite colours can still end in
    /// mate and are played on.
    pub fn is_insufficient_material(&self) -> bool {
        let major_or_pawn = self.by_role[Role::Pawn.index()]
            | self.by_role[Role::Rook.index()]
            | self.by_role[Role::Queen.index()];
        if major_or_pawn != 0 {
            return false;
        }
        let knights = self.by_role[Role::Knight.index()];
        let bishops = self.by_role[Role::Bishop.index()];
        if (knights | bishops).count_ones() <= 1 {
            return true;
        }
        knights == 0 && (bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0)
    }
}

pub use crate::rules::DrawRule;

/// The positions of a game since its last capture or pawn move, for the
/// repetition rules (with the position's own half-move clock, for the move
/// count rules).
///
/// Positions before a capture or pawn move can never occur again, so only
/// the positions since the last one are kept: the record stays small.
///
/// ```
/// use arbiter::rules::chess::{DrawRule, DrawRecord, Position};
/// let mut pos = Position::startpos();
/// let mut record = DrawRecord::new(&pos);
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         pos = pos.play(&uci.parse().unwrap());
///         record.push(&pos);
///     }
/// }
/// assert_eq!(record.repetitions(), 3);
/// assert_eq!(record.claimable(&pos), Some(DrawRule::ThreefoldRepetition));
/// assert_eq!(record.automatic(&pos), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DrawRecord {
    /// Oldest first; the last one is the current position's.
    keys: Vec<RepetitionKey>,
}

impl DrawRecord {
    /// The record of a game starting at `position`.
    pub fn new(position: &Position) -> DrawRecord {
        DrawRecord {
            keys: vec![position.repetition_key()],
        }
    }

    /// Records the position reached by a move (or a lost turn). A position
    /// whose half-move clock is 0 follows a capture or pawn move, and
    /// starts the record afresh.
    pub fn push(&mut self, position: &Position) {
        if position.halfmove_clock() == 0 {
            self.keys.clear();
        }
        self.keys.push(position.repetition_key());
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        match self.keys.last() {
            Some(current) => self.keys.iter().filter(|k| *k == current).count(),
            None => 0,
        }
    }

    /// How many times `key` has occurred in the record.
    pub fn occurrences(&self, key: &RepetitionKey) -> usize {
        self.keys.iter().filter(|k| *k == key).count()
    }

    /// The draw that ends the game by itself in `position` (the record's
    /// current position), if any. Checkmate takes precedence: the caller
    /// checks it first.
    pub fn automatic(&self, position: &Position) -> Option<DrawRule> {
        self.automatic_where(position, Position::is_insufficient_material)
    }

    /// [`DrawRecord::automatic`] with a variant's own test of a dead
    /// position, drawn as insufficient material (Bluff Chess: only king
    /// against king, since any other piece may still be captured).
    pub fn automatic_where(
        &self,
        position: &Position,
        dead: fn(&Position) -> bool,
    ) -> Option<DrawRule> {
        if position.is_stalemate() {
            Some(DrawRule::Stalemate)
        } else if dead(position) {
            Some(DrawRule::InsufficientMaterial)
        } else if self.repetitions() >= 5 {
            Some(DrawRule::FivefoldRepetition)
        } else if position.halfmove_clock() >= 150 && !position.is_checkmate() {
            Some(DrawRule::SeventyFiveMoveRule)
        } else {
            None
        }
    }

    /// The draw the side to move may claim in `position` (the record's
    /// current position), if any: threefold repetition before the 50-move
    /// rule when both hold.
    pub fn claimable(&self, position: &Position) -> Option<DrawRule> {
        if self.repetitions() >= 3 {
            Some(DrawRule::ThreefoldRepetition)
        } else if position.halfmove_clock() >= 100 {
            Some(DrawRule::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The record as it would be after `position` is reached, without
    /// changing this one: for claims made with the move that completes a
    /// repetition.
    pub fn after(&self, position: &Position) -> DrawRecord {
        let mut next = self.clone();
        next.push(position);
        next
    }

    /// The recorded keys, oldest first.
    pub fn keys(&self) -> &[RepetitionKey] {
        &self.keys
    }
}
