//! The raw [`Setup`] and the validated, playable [`Position`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::bitboard::{
    self, Bitboard, KING, KNIGHT, PAWN_ATTACKS, RANK_1, RANK_8, Squares, bishop_attacks, bit,
    rook_attacks,
};
use super::{CastleSide, CastlingRights, Move, Piece, Role};
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

/// A position as written, not yet checked: what a FEN gives, or what a
/// variant builds by hand. Turn it into a [`Position`] with
/// [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Index `rank * 8 + file`, a1 first.
    pub board: [Option<Piece>; 64],
    pub turn: Seat,
    pub castling: CastlingRights,
    /// The square a pawn just skipped over, as FEN writes it (whether or not
    /// a capture there is possible).
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// Starts at 1, grows after each of Black's moves.
    pub fullmove_number: u32,
}

impl Setup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Seat::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on a square (`None` also off the 8x8 board).
    pub fn get(&self, square: Square) -> Option<Piece> {
        bitboard::index(square).and_then(|i| self.board[i as usize])
    }

    /// Puts a piece on (or clears) a square of the 8x8 board.
    ///
    /// # Panics
    /// If the square is off the 8x8 board.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        let i = bitboard::index(square).expect("a square of the 8x8 board");
        self.board[i as usize] = piece;
    }
}

/// Why a [`Setup`] is not a legal chess position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{0} has no king")]
    MissingKing(Seat),
    #[error("{0} has more than one king")]
    TooManyKings(Seat),
    #[error("there is a pawn on {0}, a first or last rank")]
    PawnOnBackRank(Square),
    #[error("{0} has more than 16 pieces or more than 8 pawns")]
    TooManyPieces(Seat),
    #[error("{0} is in check but it is not {0}'s move")]
    OppositeCheck(Seat),
    #[error("{0} is in check from more than two pieces at once")]
    ImpossibleCheck(Seat),
    #[error("castling right {right} needs the king on {king} and a rook on {rook}")]
    BadCastling {
        right: char,
        king: Square,
        rook: Square,
    },
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

/// A legal chess position: placement, side to move, castling rights, en
/// passant square and the two move counters of FEN.
///
/// `Eq` and `Hash` compare everything, counters and a not-capturable en
/// passant square included; for "the same position" in the sense of the
/// repetition rules use [`Position::repetition_key`].
///
/// Serialises as its FEN; reading it back validates it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_role: [Bitboard; 6],
    pub(super) turn: Seat,
    pub(super) castling: CastlingRights,
    /// As FEN has it: set after every double step.
    pub(super) ep: Option<u8>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
}

/// `CASTLING_KEEP[sq]`: the castling-right bits that survive a move from or
/// to `sq` (a king or rook leaving home, a rook captured at home).
const fn castling_keep() -> [u8; 64] {
    let mut keep = [0b1111u8; 64];
    keep[0] = !0b0010 & 0b1111; // a1: White O-O-O
    keep[7] = !0b0001 & 0b1111; // h1: White O-O
    keep[4] = 0b1100; // e1: both of White's
    keep[56] = !0b1000 & 0b1111; // a8: Black O-O-O
    keep[63] = !0b0100 & 0b1111; // h8: Black O-O
    keep[60] = 0b0011; // e8: both of Black's
    keep
}
static CASTLING_KEEP: [u8; 64] = castling_keep();

pub(super) fn home_rank(color: Seat) -> u8 {
    match color {
        Seat::White => 0,
        Seat::Black => 7,
    }
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("the start position is legal")
    }

    /// Reads and validates a FEN (the two counters may be left out).
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").is_ok());
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid position: Black has no king");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        let setup = Setup::from_fen(fen).map_err(|e| PositionError::Malformed(e.to_string()))?;
        Ok(Position::from_setup(setup)?)
    }

    /// Checks a setup: one king each, no pawn on a back rank, at most 16
    /// pieces and 8 pawns a side, the side not to move not in check (and
    /// the side to move by at most two pieces), castling rights matching a
    /// king and rook at home, an en passant square just behind a pawn that
    /// could have made a double step.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let mut pos = Position {
            by_color: [0; 2],
            by_role: [0; 6],
            turn: setup.turn,
            castling: setup.castling,
            ep: None,
            halfmoves: setup.halfmove_clock,
            fullmoves: setup.fullmove_number,
        };
        for (i, piece) in setup.board.iter().enumerate() {
            if let Some(piece) = piece {
                pos.put(i as u8, *piece);
            }
        }
        for color in Seat::BOTH {
            let kings = pos.pieces(color, Role::King).count_ones();
            if kings == 0 {
                return Err(SetupError::MissingKing(color));
            }
            if kings > 1 {
                return Err(SetupError::TooManyKings(color));
            }
            if pos.by_color[color.index()].count_ones() > 16
                || pos.pieces(color, Role::Pawn).count_ones() > 8
            {
                return Err(SetupError::TooManyPieces(color));
            }
        }
        if let Some(sq) = Squares(pos.by_role[Role::Pawn.index()] & (RANK_1 | RANK_8)).next() {
            return Err(SetupError::PawnOnBackRank(bitboard::square(sq)));
        }
        let them = pos.turn.other();
        if pos.attackers(pos.king(them), pos.turn, pos.occupied()) != 0 {
            return Err(SetupError::OppositeCheck(them));
        }
        if pos.checkers().count_ones() > 2 {
            return Err(SetupError::ImpossibleCheck(pos.turn));
        }
        for color in Seat::BOTH {
            for side in CastleSide::BOTH {
                if !pos.castling.has(color, side) {
                    continue;
                }
                let rank = home_rank(color);
                let king = rank * 8 + 4;
                let rook = rank * 8 + side.rook_files().0;
                if pos.piece_at_index(king) != Some(Piece::new(color, Role::King))
                    || pos.piece_at_index(rook) != Some(Piece::new(color, Role::Rook))
                {
                    let letter = match side {
                        CastleSide::King => 'K',
                        CastleSide::Queen => 'Q',
                    };
                    return Err(SetupError::BadCastling {
                        right: if color == Seat::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        },
                        king: bitboard::square(king),
                        rook: bitboard::square(rook),
                    });
                }
            }
        }
        if let Some(ep) = setup.en_passant {
            let i = bitboard::index(ep).ok_or(SetupError::BadEnPassant(ep))?;
            // White to move: Black's pawn went from rank 7 over rank 6 to 5.
            let (ep_rank, step): (u8, i8) = match pos.turn {
                Seat::White => (5, -8),
                Seat::Black => (2, 8),
            };
            let pawn = (i as i8 + step) as u8;
            let origin = (i as i8 - step) as u8;
            let ok = ep.rank() == ep_rank
                && pos.piece_at_index(pawn) == Some(Piece::new(them, Role::Pawn))
                && pos.piece_at_index(i).is_none()
                && pos.piece_at_index(origin).is_none();
            if !ok {
                return Err(SetupError::BadEnPassant(ep));
            }
            pos.ep = Some(i);
        }
        if pos.fullmoves == 0 {
            return Err(SetupError::BadFullmoveNumber);
        }
        Ok(pos)
    }

    /// The raw setup of this position.
    pub fn setup(&self) -> Setup {
        let mut board = [None; 64];
        for (i, cell) in board.iter_mut().enumerate() {
            *cell = self.piece_at_index(i as u8);
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.ep.map(bitboard::square),
            halfmove_clock: self.halfmoves,
            fullmove_number: self.fullmoves,
        }
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        self.setup().fen()
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square as FEN writes it: after every double step,
    /// whether or not a pawn can capture there. See
    /// [`Position::legal_en_passant`].
    pub fn en_passant(&self) -> Option<Square> {
        self.ep.map(bitboard::square)
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on a square (`None` off the 8x8 board too).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        bitboard::index(square).and_then(|i| self.piece_at_index(i))
    }

    /// Every piece with its square, a1 first, rank by rank.
    pub fn pieces_on_board(&self) -> Vec<(Square, Piece)> {
        Squares(self.occupied())
            .map(|i| {
                (
                    bitboard::square(i),
                    self.piece_at_index(i).expect("occupied"),
                )
            })
            .collect()
    }

    /// The king of `color`.
    pub fn king_square(&self, color: Seat) -> Square {
        bitboard::square(self.king(color))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Whether a piece of `by` attacks `square` (pinned pieces count).
    pub fn is_attacked(&self, square: Square, by: Seat) -> bool {
        bitboard::index(square).is_some_and(|i| self.attackers(i, by, self.occupied()) != 0)
    }

    /// The side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// The side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// Which castling a move is, if it is one: the king's two-square step.
    pub fn is_castle(&self, mv: &Move) -> Option<CastleSide> {
        let piece = self.piece_at(mv.from)?;
        if piece.role != Role::King || mv.from.rank() != mv.to.rank() || mv.from.file() != 4 {
            return None;
        }
        match mv.to.file() {
            6 => Some(CastleSide::King),
            2 => Some(CastleSide::Queen),
            _ => None,
        }
    }

    /// Whether a move is an en passant capture.
    pub fn is_en_passant(&self, mv: &Move) -> bool {
        self.piece_at(mv.from).is_some_and(|p| p.role == Role::Pawn)
            && mv.from.file() != mv.to.file()
            && bitboard::index(mv.to) == self.ep
            && self.piece_at(mv.to).is_none()
    }

    /// The square of the piece a move captures (behind the destination for
    /// en passant), or `None` for a quiet move.
    pub fn captured_square(&self, mv: &Move) -> Option<Square> {
        if self.is_en_passant(mv) {
            let rank = mv.from.rank();
            return Square::new(mv.to.file(), rank);
        }
        let target = self.piece_at(mv.to)?;
        (target.color != self.turn).then_some(mv.to)
    }

    pub fn is_capture(&self, mv: &Move) -> bool {
        self.captured_square(mv).is_some()
    }

    /// Whether a move resets the half-move clock (a capture or pawn move).
    pub fn is_zeroing(&self, mv: &Move) -> bool {
        self.is_capture(mv) || self.piece_at(mv.from).is_some_and(|p| p.role == Role::Pawn)
    }

    /// Plays a move that is legal in this position.
    ///
    /// The caller guarantees legality (the move came from
    /// [`Position::legal_moves`] or [`Position::parse_move`], or was checked
    /// when first stored); an illegal move gives a nonsense position or
    /// panics. Use [`Position::try_play`] for unchecked input.
    pub fn play(&self, mv: &Move) -> Position {
        let (from, to) = (
            bitboard::index(mv.from).expect("a legal move is on the board"),
            bitboard::index(mv.to).expect("a legal move is on the board"),
        );
        let us = self.turn;
        let them = us.other();
        let role = self.role_at(from).expect("a legal move moves a piece");
        let mut next = self.clone();
        next.ep = None;
        next.halfmoves += 1;
        if let Some(captured) = self.role_at(to) {
            next.remove(to, them, captured);
            next.halfmoves = 0;
        }
        next.remove(from, us, role);
        next.put(to, Piece::new(us, mv.promotion.unwrap_or(role)));
        match role {
            Role::Pawn => {
                next.halfmoves = 0;
                if Some(to) == self.ep && (from & 7) != (to & 7) {
                    // En passant: the captured pawn stands beside the mover.
                    let captured = (to & 7) | (from & !7);
                    next.remove(captured, them, Role::Pawn);
                } else if from.abs_diff(to) == 16 {
                    next.ep = Some((from + to) / 2);
                }
            }
            Role::King if from.abs_diff(to) == 2 => {
                let side = if to > from {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let (rook_from, rook_to) = side.rook_files();
                let rank = from & !7;
                next.remove(rank | rook_from, us, Role::Rook);
                next.put(rank | rook_to, Piece::new(us, Role::Rook));
            }
            _ => {}
        }
        next.castling = CastlingRights::from_bits(
            self.castling.bits() & CASTLING_KEEP[from as usize] & CASTLING_KEEP[to as usize],
        );
        if us == Seat::Black {
            next.fullmoves += 1;
        }
        next.turn = them;
        next
    }

    /// Plays a move if it is legal.
    pub fn try_play(&self, mv: &Move) -> Option<Position> {
        self.legal_moves().contains(mv).then(|| self.play(mv))
    }

    /// The same position with the other side to move and no en passant
    /// square, the counters going on as after a move.
    ///
    /// Only for variants where a turn can be lost (Bluff Chess): orthodox
    /// chess has no pass. Returns `None` when the side to move is in check,
    /// since then the opponent could capture the king.
    pub fn passed(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.ep = None;
        next.halfmoves += 1;
        if self.turn == Seat::Black {
            next.fullmoves += 1;
        }
        next.turn = self.turn.other();
        Some(next)
    }

    // ---- internals (the computer's search, `bot::alphabeta`, reads the
    // bitboards and attacks through the pub(crate) ones) -------------------

    pub(crate) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    pub(crate) fn pieces(&self, color: Seat, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    pub(crate) fn king(&self, color: Seat) -> u8 {
        self.pieces(color, Role::King).trailing_zeros() as u8
    }

    pub(crate) fn role_at(&self, sq: u8) -> Option<Role> {
        let b = bit(sq);
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()] & b != 0)
    }

    pub(super) fn piece_at_index(&self, sq: u8) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0] & bit(sq) != 0 {
            Seat::White
        } else {
            Seat::Black
        };
        Some(Piece::new(color, role))
    }

    fn put(&mut self, sq: u8, piece: Piece) {
        self.by_color[piece.color.index()] |= bit(sq);
        self.by_role[piece.role.index()] |= bit(sq);
    }

    fn remove(&mut self, sq: u8, color: Seat, role: Role) {
        self.by_color[color.index()] &= !bit(sq);
        self.by_role[role.index()] &= !bit(sq);
    }

    /// The pieces of `by` that attack `sq`, sliders seen through `occupied`.
    pub(crate) fn attackers(&self, sq: u8, by: Seat, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let diagonal = self.by_role[Role::Bishop.index()] | queens;
        let straight = self.by_role[Role::Rook.index()] | queens;
        let attackers = (KNIGHT[sq as usize] & self.by_role[Role::Knight.index()])
            | (KING[sq as usize] & self.by_role[Role::King.index()])
            | (PAWN_ATTACKS[by.other().index()][sq as usize] & self.by_role[Role::Pawn.index()])
            | (bishop_attacks(sq, occupied) & diagonal)
            | (rook_attacks(sq, occupied) & straight);
        attackers & self.by_color[by.index()]
    }

    /// The pieces giving check to the side to move.
    pub(crate) fn checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), self.turn.other(), self.occupied())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fen = String::deserialize(deserializer)?;
        Position::from_fen(&fen).map_err(serde::de::Error::custom)
    }
}
