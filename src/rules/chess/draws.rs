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

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bitboard::{self, Bitboard, DARK_SQUARES};
use super::position::{Position, Setup};
use super::{CastlingRights, Piece, Role};
use crate::rules::Seat;
use crate::rules::shared::SharedList;

/// What makes two positions "the same" for the repetition rules: the
/// placement, the side to move, the castling rights, and the en passant
/// square only when an en passant capture is actually legal.
///
/// It is kept as the position's bitboards, so that recording a position
/// and comparing two costs a copy and a comparison of a few words (the
/// computer's search records every position it walks through), and it is
/// written, read and shown as the FEN without its counters (with `-` for
/// an en passant square no pawn can use): exact, readable in the stored
/// state, and deterministic.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Seat,
    castling: CastlingRights,
    en_passant: Option<u8>,
}

impl RepetitionKey {
    /// The setup the key stands for, with the counters at `0 1`.
    fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for (i, cell) in setup.board.iter_mut().enumerate() {
            let bit = 1u64 << i;
            let color = Seat::BOTH
                .into_iter()
                .find(|c| self.by_color[c.index()] & bit != 0);
            let role = Role::ALL
                .into_iter()
                .find(|r| self.by_role[r.index()] & bit != 0);
            if let (Some(color), Some(role)) = (color, role) {
                *cell = Some(Piece::new(color, role));
            }
        }
        setup.turn = self.turn;
        setup.castling = self.castling;
        setup.en_passant = self.en_passant.map(bitboard::square);
        setup
    }

    /// Reads the form [`RepetitionKey`]'s `Display` writes.
    fn parse(text: &str) -> Option<RepetitionKey> {
        if text.split_whitespace().count() != 4 {
            return None;
        }
        let setup = Setup::from_fen(text).ok()?;
        let mut key = RepetitionKey {
            by_color: [0; 2],
            by_role: [0; 6],
            turn: setup.turn,
            castling: setup.castling,
            en_passant: match setup.en_passant {
                Some(square) => Some(bitboard::index(square)?),
                None => None,
            },
        };
        for (i, piece) in setup.board.iter().enumerate() {
            if let Some(piece) = piece {
                key.by_color[piece.color.index()] |= 1 << i;
                key.by_role[piece.role.index()] |= 1 << i;
            }
        }
        Some(key)
    }
}

impl fmt::Display for RepetitionKey {
    /// The FEN without its two counters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.setup().fen();
        let end = fen.rmatch_indices(' ').nth(1).map_or(fen.len(), |(i, _)| i);
        f.write_str(&fen[..end])
    }
}

impl fmt::Debug for RepetitionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RepetitionKey({self})")
    }
}

impl Serialize for RepetitionKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RepetitionKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        RepetitionKey::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a repetition key")))
    }
}

impl Position {
    /// The repetition key of this position.
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// // After 1.e4 the en passant square e3 is useless to Black.
    /// let pos = Position::startpos().play(&"e2e4".parse().unwrap());
    /// assert_eq!(pos.repetition_key().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    /// ```
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            by_color: self.by_color,
            by_role: self.by_role,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.ep.filter(|_| self.legal_en_passant().is_some()),
        }
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
    /// Oldest first; the last one is the current position's. Shared
    /// between copies of the record (a copy costs nothing).
    keys: SharedList<RepetitionKey>,
}

impl DrawRecord {
    /// The record of a game starting at `position`.
    pub fn new(position: &Position) -> DrawRecord {
        let mut keys = SharedList::new();
        keys.push(position.repetition_key());
        DrawRecord { keys }
    }

    /// Records the position reached by a move (or a lost turn). A position
    /// whose half-move clock is 0 follows a capture or pawn move, and
    /// starts the record afresh.
    pub fn push(&mut self, position: &Position) {
        if position.halfmove_clock() == 0 {
            self.keys = SharedList::new();
        }
        self.keys.push(position.repetition_key());
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        match self.keys.last() {
            Some(current) => self.occurrences(current),
            None => 0,
        }
    }

    /// How many times `key` has occurred in the record.
    pub fn occurrences(&self, key: &RepetitionKey) -> usize {
        self.keys.newest_first().filter(|k| *k == key).count()
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
        self.automatic_known(position, dead, !position.has_legal_move())
    }

    /// [`DrawRecord::automatic_where`] for a position where it is known
    /// whether the side to move is `stuck` (has no legal move).
    pub(crate) fn automatic_known(
        &self,
        position: &Position,
        dead: fn(&Position) -> bool,
        stuck: bool,
    ) -> Option<DrawRule> {
        let check = position.is_check();
        if stuck && !check {
            Some(DrawRule::Stalemate)
        } else if dead(position) {
            Some(DrawRule::InsufficientMaterial)
        } else if self.repetitions() >= 5 {
            Some(DrawRule::FivefoldRepetition)
        } else if position.halfmove_clock() >= 150 && !(stuck && check) {
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
    pub fn keys(&self) -> Vec<RepetitionKey> {
        self.keys.to_vec()
    }

    /// How many positions are recorded: those since the last capture or
    /// pawn move, the current one included.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Never: a record holds at least the position it started from.
    pub fn is_empty(&self) -> bool {
        self.keys.len() == 0
    }
}
