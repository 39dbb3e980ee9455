//! The raw [`Setup`] and the checked [`Position`] of a chess-like game:
//! the pieces, the side to move, castling and en passant rights, the
//! counters; the position string is read and written (and a position
//! shown) in `fen.rs`, on top of this file.

use std::sync::Arc;

use thiserror::Error;

use super::attack::{BoardView, Occupancy};
use super::pieces::{CastlingRole, Kind, Piece};
use super::squares::SquareSet;
use super::variant::Variant;
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

/// A pawn's double step that may be answered en passant: the square it
/// skipped and the square it landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnPassant {
    pub skipped: Square,
    pub pawn: Square,
}

/// A position as written, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// By [`Geometry::index`](crate::rules::geometry::Geometry::index).
    pub cells: Vec<Option<Piece>>,
    pub turn: Seat,
    /// The kings and rooks that have not moved and may still castle.
    pub castling: SquareSet,
    pub en_passant: Vec<EnPassant>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// Why a position string or setup is not a position of its variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{0}")]
    Syntax(String),
    #[error("there is a pawn on {0}, where it would already have promoted")]
    PawnOnPromotionSquare(Square),
    #[error("the castling square {0} holds no king or rook that could castle")]
    BadCastling(Square),
    #[error("en passant square {0} does not follow a double pawn step")]
    BadEnPassant(Square),
    #[error("the full-move number must be at least 1")]
    BadFullmoveNumber,
}

impl From<SetupError> for PositionError {
    fn from(err: SetupError) -> PositionError {
        PositionError::Illegal(err.to_string())
    }
}

/// A position of a chess-like variant: the pieces, the side to move, the
/// castling rights, the en passant chances and the two counters. It knows
/// how pieces move (`movegen`) but not how a game puts moves together into
/// turns: [`Position::legal_moves`] is orthodox chess's rule (one move, no
/// royal piece left attacked); other games build their own turns from
/// [`Position::steps_from`], [`Position::make`] and
/// [`Position::end_turn`].
pub struct Position {
    pub(super) variant: Arc<Variant>,
    pub(super) cells: Vec<Option<Piece>>,
    /// Each side's squares, kept in step with `cells` (`attack.rs`).
    pub(super) occupancy: Occupancy,
    pub(super) turn: Seat,
    pub(super) castling: SquareSet,
    /// Whether a square with a castling right was written since the
    /// rights were last normalised (at the end of a turn they are then).
    pub(super) castling_dirty: bool,
    pub(super) en_passant: Vec<EnPassant>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            variant: self.variant.clone(),
            cells: self.cells.clone(),
            occupancy: self.occupancy,
            turn: self.turn,
            castling: self.castling,
            castling_dirty: self.castling_dirty,
            en_passant: self.en_passant.clone(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Copies into the buffers already held: a search that copies and
    /// makes reuses one position a ply, with no allocation per move.
    fn clone_from(&mut self, source: &Position) {
        if !Arc::ptr_eq(&self.variant, &source.variant) {
            self.variant = source.variant.clone();
        }
        self.cells.clone_from(&source.cells);
        self.occupancy = source.occupancy;
        self.turn = source.turn;
        self.castling = source.castling;
        self.castling_dirty = source.castling_dirty;
        self.en_passant.clone_from(&source.en_passant);
        self.halfmoves = source.halfmoves;
        self.fullmoves = source.fullmoves;
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.turn == other.turn
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.variant == other.variant
    }
}

impl Eq for Position {}

impl Setup {
    /// An empty board of `variant`, White to move.
    pub fn empty(variant: &Variant) -> Setup {
        Setup {
            cells: vec![None; variant.geometry.area()],
            turn: Seat::White,
            castling: SquareSet::EMPTY,
            en_passant: Vec::new(),
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The pawn that made the double step over `skipped`: a pawn of the
    /// side not to move, one step beyond it in its army's direction, its
    /// origin empty.
    pub(super) fn en_passant_pawn(&self, variant: &Variant, skipped: Square) -> Option<Square> {
        let geometry = &variant.geometry;
        let them = self.turn.other();
        if self.cells[geometry.index(skipped)].is_some() {
            return None;
        }
        variant.armies_of(them).find_map(|(index, army)| {
            let (fx, fy) = army.forward;
            let pawn = geometry.offset(skipped, fx, fy)?;
            let origin = geometry.offset(skipped, -fx, -fy)?;
            let piece = self.cells[geometry.index(pawn)]?;
            let ok = piece.army == index
                && variant.kind(piece.kind).pawn
                && self.cells[geometry.index(origin)].is_none()
                && army.double_step.contains(origin);
            ok.then_some(pawn)
        })
    }
}

impl Position {
    /// Reads and checks a position string of `variant`.
    pub fn from_fen(variant: Arc<Variant>, text: &str) -> Result<Position, SetupError> {
        let setup = Setup::read(&variant, text)?;
        Position::from_setup(variant, setup)
    }

    /// Checks a setup: no pawn on a square where it would have promoted,
    /// castling rights on unmoved kings and rooks that can castle with each
    /// other, en passant squares just behind a pawn that could have
    /// stepped over them. (Kings and check are the game's business.)
    pub fn from_setup(variant: Arc<Variant>, setup: Setup) -> Result<Position, SetupError> {
        if setup.cells.len() != variant.geometry.area() {
            return Err(SetupError::Syntax("the board has the wrong size".into()));
        }
        let mut position = Position {
            occupancy: Occupancy::of(&setup.cells),
            cells: setup.cells.clone(),
            turn: setup.turn,
            castling: setup.castling,
            castling_dirty: false,
            en_passant: Vec::new(),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            variant,
        };
        for (square, piece) in position.pieces() {
            if position.variant.kind(piece.kind).pawn
                && position.variant.promotes(piece.army, square)
            {
                return Err(SetupError::PawnOnPromotionSquare(square));
            }
        }
        for square in setup.castling.iter() {
            let castles = position
                .piece_at(square)
                .and_then(|p| position.variant.kind(p.kind).castling);
            if castles.is_none() {
                return Err(SetupError::BadCastling(square));
            }
        }
        position.normalise_castling();
        if position.castling != setup.castling {
            let lost = setup
                .castling
                .iter()
                .find(|s| !position.castling.contains(*s))
                .expect("a dropped square");
            return Err(SetupError::BadCastling(lost));
        }
        for ep in &setup.en_passant {
            if setup.en_passant_pawn(&position.variant, ep.skipped) != Some(ep.pawn) {
                return Err(SetupError::BadEnPassant(ep.skipped));
            }
        }
        position.en_passant = setup.en_passant;
        if position.fullmoves == 0 {
            return Err(SetupError::BadFullmoveNumber);
        }
        Ok(position)
    }

    /// The raw setup of this position.
    pub fn setup(&self) -> Setup {
        Setup {
            cells: self.cells.clone(),
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant.clone(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    pub fn castling(&self) -> SquareSet {
        self.castling
    }

    pub fn en_passant(&self) -> &[EnPassant] {
        &self.en_passant
    }

    /// Half-moves (turns) since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on a square (`None` for a missing square too).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let geometry = &self.variant.geometry;
        if geometry.contains(square) {
            self.cells[geometry.index(square)]
        } else {
            None
        }
    }

    /// Every piece with its square, a1 first, rank by rank.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let geometry = &self.variant.geometry;
        self.occupancy
            .all()
            .iter()
            .filter_map(|i| self.cells[i].map(|p| (geometry.square_at(i), p)))
    }

    /// The pieces of `seat` with their squares, a1 first, rank by rank.
    pub fn pieces_of(&self, seat: Seat) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let geometry = &self.variant.geometry;
        self.occupancy
            .side(seat)
            .iter()
            .filter_map(|i| self.cells[i].map(|p| (geometry.square_at(i), p)))
    }

    /// A 64-bit key of the position for a search's transposition table:
    /// the pieces, the side to move, the castling rights and the en
    /// passant chances (not the counters). Equal for equal positions,
    /// different otherwise but by rare accident; built from the occupied
    /// squares alone, with no text written.
    pub fn search_key(&self) -> u64 {
        // A multiply-xor fold (the constants: odd, well spread bits).
        fn mix(key: u64, word: u64) -> u64 {
            (key ^ word)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29)
        }
        let mut key = mix(0x2545_F491_4F6C_DD1D, self.turn.index() as u64);
        for index in self.occupancy.all().iter() {
            if let Some(p) = self.cells[index] {
                let piece = u64::from(p.owner.index() as u8)
                    | u64::from(p.kind.0) << 8
                    | u64::from(p.army) << 16
                    | u64::from(p.marks.0) << 24;
                key = mix(key, (index as u64) << 32 | piece);
            }
        }
        for square in self.castling.iter() {
            key = mix(
                key,
                1 << 48 | u64::from(square.file()) << 8 | u64::from(square.rank()),
            );
        }
        for ep in &self.en_passant {
            let squares =
                [ep.skipped, ep.pawn].map(|sq| u64::from(sq.file()) << 8 | u64::from(sq.rank()));
            key = mix(key, 2 << 48 | squares[0] << 16 | squares[1]);
        }
        key
    }

    /// The board as the attack test reads it.
    pub(super) fn view(&self) -> BoardView<'_> {
        BoardView {
            cells: &self.cells,
            occupancy: &self.occupancy,
        }
    }

    /// The squares of `seat`'s royal pieces.
    pub fn royals(&self, seat: Seat) -> Vec<Square> {
        self.pieces()
            .filter(|(_, p)| p.owner == seat && self.variant.kind(p.kind).royal)
            .map(|(s, _)| s)
            .collect()
    }

    /// Puts a piece on (or clears) a square of the board, as a game's own
    /// rules need (a swap, a recruit, a promotion outside a move).
    ///
    /// # Panics
    /// If the square is not on the board.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        let geometry = &self.variant.geometry;
        assert!(geometry.contains(square), "{square} is not on the board");
        let index = geometry.index(square);
        self.castling_dirty |= self.castling.contains(square);
        self.cells[index] = piece;
        self.occupancy.set(index, piece);
    }

    pub(super) fn take(&mut self, square: Square) -> Option<Piece> {
        let index = self.variant.geometry.index(square);
        self.castling_dirty |= self.castling.contains(square);
        self.occupancy.set(index, None);
        self.cells[index].take()
    }

    /// Drops the en passant chances whose pawn no longer stands where it
    /// landed (the game moved it).
    pub fn retain_en_passant(&mut self, keep: impl Fn(&EnPassant) -> bool) {
        self.en_passant.retain(keep);
    }

    /// Takes away the castling right of the piece on `square` for good (a
    /// game's own rule changed it: Rebel Chess's recruit), and with it the
    /// rights that no longer have a partner.
    pub fn revoke_castling(&mut self, square: Square) {
        self.castling.remove(square);
        self.normalise_castling();
    }

    /// The castling rights, kept only for kings and rooks that still stand
    /// where they can castle with each other.
    pub(super) fn normalise_castling(&mut self) {
        self.castling_dirty = false;
        if self.castling.is_empty() {
            return;
        }
        let variant = &self.variant;
        // Kings and rooks paired, with no list (this runs every turn).
        let castler = |sq: Square, role: CastlingRole| {
            self.piece_at(sq)
                .filter(|p| variant.kind(p.kind).castling == Some(role))
        };
        let mut keep = SquareSet::EMPTY;
        for king_sq in self.castling.iter() {
            let Some(king) = castler(king_sq, CastlingRole::King) else {
                continue;
            };
            for rook_sq in self.castling.iter() {
                let pairs = castler(rook_sq, CastlingRole::Rook).is_some_and(|rook| {
                    rook.owner == king.owner
                        && rook.army == king.army
                        && on_castling_line(variant, king.army, king_sq, rook_sq)
                });
                if pairs {
                    keep.insert(king_sq);
                    keep.insert(rook_sq);
                }
            }
        }
        self.castling = keep;
    }

    /// The move of `piece` is a pawn's.
    pub fn is_pawn(&self, piece: Piece) -> bool {
        self.variant.kind(piece.kind).pawn
    }

    /// A piece's kind's name: `knight`.
    pub fn kind_name(&self, kind: Kind) -> &'static str {
        self.variant.kind(kind).name
    }
}

/// Whether `rook` stands on the line along which the king of `army` on
/// `king` castles: its home edge, across the pawns' direction.
pub(super) fn on_castling_line(variant: &Variant, army: u8, king: Square, rook: Square) -> bool {
    let (fx, _) = variant.army(army).forward;
    if fx == 0 {
        king.rank() == rook.rank()
    } else {
        king.file() == rook.file()
    }
}
