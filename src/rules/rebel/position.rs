//! The raw [`RebelSetup`] and the validated, playable [`RebelPosition`],
//! with the position string (FEN with the Recruiter and converted marks).
//!
//! # The position string
//!
//! FEN, with these additions (read and written in `fen.rs`):
//! - `U`/`u` is the Recruiter;
//! - a `*` right after a piece's letter marks it converted: `N*` is a knight
//!   that started Black's and now serves White, `p*` a pawn that started
//!   White's and now serves Black (the letter's case is the side it serves);
//! - in Rebel III after a conversionmate, a seventh field `rebels:w` or
//!   `rebels:b` names the Rebels' side (the Spartans are the other). It may
//!   be left out while the Rebels have no king: the side with none is then
//!   the Rebels.
//!
//! The start: `rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1`.

use thiserror::Error;

use super::{CastleSide, CastlingRights, Piece, Play, Role, Version};
use crate::rules::chess::bitboard::{self, Bitboard, RANK_1, RANK_8, Squares, bit};
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

/// The start position's string.
pub const START: &str = "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1";

/// A position as written, not yet checked. Turn it into a
/// [`RebelPosition`] with [`RebelPosition::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RebelSetup {
    /// Index `rank * 8 + file`, a1 first.
    pub board: [Option<Piece>; 64],
    pub turn: Seat,
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
    /// Rebel III after a conversionmate: the Rebels' side.
    pub rebels: Option<Seat>,
}

/// Why a position string or setup is not a Rebel Chess position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{0}")]
    Syntax(String),
    #[error(
        "White has {white} kings and Black {black}: each side has one (in Rebel III after a \
         conversionmate, the Spartans two and the Rebels none)"
    )]
    KingCount { white: u32, black: u32 },
    #[error(
        "the converted king on {0} cannot be: only in Rebel III, after a conversionmate, is the \
         Spartans' second king converted"
    )]
    ConvertedKing(Square),
    #[error("the Recruiter on {0} is marked converted, but no one recruits a Recruiter")]
    ConvertedRecruiter(Square),
    #[error("{0}")]
    Teams(String),
    #[error("there is a pawn on {0}, a first or last rank")]
    PawnOnBackRank(Square),
    #[error("there are more than 32 pieces or more than 16 pawns")]
    TooManyPieces,
    #[error("{0} is in check but it is not {0}'s move")]
    OppositeCheck(Seat),
    #[error("castling right {right} needs an unconverted king on {king} and rook on {rook}")]
    BadCastling {
        right: char,
        king: Square,
        rook: Square,
    },
    #[error("en passant square {0} does not follow a double pawn step")]
    BadEnPassant(Square),
    #[error("the full-move number must be at least 1")]
    BadFullmoveNumber,
    #[error(
        "{0} is conversionmated, so its king should already be converted (write it as the \
         other side's, with *)"
    )]
    Conversionmated(Seat),
}

impl From<SetupError> for PositionError {
    fn from(err: SetupError) -> PositionError {
        PositionError::Illegal(err.to_string())
    }
}

impl RebelSetup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> RebelSetup {
        RebelSetup {
            board: [None; 64],
            turn: Seat::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            rebels: None,
        }
    }
}

/// A legal Rebel Chess position of one version: placement with converted
/// marks, side to move, castling rights, en passant square, the two
/// counters, and in Rebel III the teams once a conversionmate has made
/// them.
///
/// Serialises (inside the game) as its position string.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RebelPosition {
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_role: [Bitboard; 7],
    pub(super) converted: Bitboard,
    pub(super) turn: Seat,
    pub(super) castling: CastlingRights,
    pub(super) ep: Option<u8>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    pub(super) version: Version,
    pub(super) rebels: Option<Seat>,
}

/// The castling-right bits that survive a move from or to `sq`, or a
/// recruit of the piece on it (a king or rook leaving home, captured or
/// recruited there).
const fn castling_keep(sq: u8) -> u8 {
    match sq {
        0 => 0b1101,  // a1: White O-O-O
        7 => 0b1110,  // h1: White O-O
        4 => 0b1100,  // e1: both of White's
        56 => 0b0111, // a8: Black O-O-O
        63 => 0b1011, // h8: Black O-O
        60 => 0b0011, // e8: both of Black's
        _ => 0b1111,
    }
}

pub(super) fn home_rank(color: Seat) -> u8 {
    match color {
        Seat::White => 0,
        Seat::Black => 7,
    }
}

impl RebelPosition {
    /// The start position.
    pub fn startpos(version: Version) -> RebelPosition {
        RebelPosition::from_fen(START, version).expect("the start position is legal")
    }

    /// Reads and validates a position string.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// assert!(RebelPosition::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Version::One).is_ok());
    /// let err = RebelPosition::from_fen("4k3/8/8/8/8/8/8/4K*3 w - - 0 1", Version::One);
    /// assert!(err.unwrap_err().to_string().contains("converted king"));
    /// ```
    pub fn from_fen(text: &str, version: Version) -> Result<RebelPosition, PositionError> {
        let setup = RebelSetup::from_fen(text)?;
        Ok(RebelPosition::from_setup(setup, version)?)
    }

    /// Checks a setup for `version`: kings (one each; in Rebel III after a
    /// conversionmate two, one of them converted, and none), no converted
    /// Recruiter, no pawn on a back rank, the side not to move not in check
    /// (a conversionmate never leaves the new king attacked), castling
    /// rights matching an unconverted king and rook at home, a sound en
    /// passant square, and the side to move not conversionmated.
    pub fn from_setup(setup: RebelSetup, version: Version) -> Result<RebelPosition, SetupError> {
        let mut pos = RebelPosition {
            by_color: [0; 2],
            by_role: [0; 7],
            converted: 0,
            turn: setup.turn,
            castling: setup.castling,
            ep: None,
            halfmoves: setup.halfmove_clock,
            fullmoves: setup.fullmove_number,
            version,
            rebels: None,
        };
        for (i, piece) in setup.board.iter().enumerate() {
            if let Some(piece) = piece {
                pos.put(i as u8, *piece);
            }
        }
        if pos.occupied().count_ones() > 32 || pos.by_role[Role::Pawn.index()].count_ones() > 16 {
            return Err(SetupError::TooManyPieces);
        }
        if let Some(sq) = Squares(pos.by_role[Role::Recruiter.index()] & pos.converted).next() {
            return Err(SetupError::ConvertedRecruiter(bitboard::square(sq)));
        }
        if let Some(sq) = Squares(pos.by_role[Role::Pawn.index()] & (RANK_1 | RANK_8)).next() {
            return Err(SetupError::PawnOnBackRank(bitboard::square(sq)));
        }
        pos.rebels = pos.check_kings(setup.rebels)?;
        let them = pos.turn.other();
        if pos.king_attacked(them) {
            return Err(SetupError::OppositeCheck(them));
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
            let (ep_rank, step): (u8, i8) = match pos.turn {
                Seat::White => (5, -8),
                Seat::Black => (2, 8),
            };
            let pawn = (i as i8 + step) as u8;
            let origin = (i as i8 - step) as u8;
            let ok = ep.rank() == ep_rank
                && pos
                    .piece_at_index(pawn)
                    .is_some_and(|p| p.color == them && p.role == Role::Pawn)
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
        if pos.conversionmated_king().is_some() {
            return Err(SetupError::Conversionmated(pos.turn));
        }
        Ok(pos)
    }

    /// The kings' rules of [`RebelPosition::from_setup`]; returns the
    /// Rebels' side.
    fn check_kings(&self, rebels: Option<Seat>) -> Result<Option<Seat>, SetupError> {
        let counts = Seat::BOTH.map(|c| self.pieces(c, Role::King).count_ones());
        let converted_kings = self.by_role[Role::King.index()] & self.converted;
        let teams = |message: &str| Err(SetupError::Teams(message.to_string()));
        if rebels.is_some() && self.version != Version::Three {
            return teams("only Rebel III (version=3) has Spartans and Rebels");
        }
        match counts {
            [1, 1] => {
                if let Some(sq) = Squares(converted_kings).next() {
                    return Err(SetupError::ConvertedKing(bitboard::square(sq)));
                }
                Ok(rebels)
            }
            [0, 2] | [2, 0] if self.version == Version::Three => {
                let kingless = if counts[0] == 0 {
                    Seat::White
                } else {
                    Seat::Black
                };
                if rebels.is_some_and(|r| r != kingless) {
                    return teams("the Rebels are the side with no king while it has none");
                }
                let spartans = kingless.other();
                let unconverted = self.pieces(spartans, Role::King) & !self.converted;
                if unconverted.count_ones() != 1 {
                    return teams(
                        "of the Spartans' two kings, one is their own and one is converted (K and K*)",
                    );
                }
                Ok(Some(kingless))
            }
            [white, black] => Err(SetupError::KingCount { white, black }),
        }
    }

    /// The raw setup of this position.
    pub fn setup(&self) -> RebelSetup {
        let mut board = [None; 64];
        for (i, cell) in board.iter_mut().enumerate() {
            *cell = self.piece_at_index(i as u8);
        }
        RebelSetup {
            board,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.ep.map(bitboard::square),
            halfmove_clock: self.halfmoves,
            fullmove_number: self.fullmoves,
            rebels: self.rebels,
        }
    }

    /// The position string.
    pub fn fen(&self) -> String {
        self.setup().fen()
    }

    pub fn version(&self) -> Version {
        self.version
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Rebel III after a conversionmate: the side of the Rebels.
    pub fn rebels(&self) -> Option<Seat> {
        self.rebels
    }

    /// Rebel III after a conversionmate: the side of the Spartans.
    pub fn spartans(&self) -> Option<Seat> {
        self.rebels.map(Seat::other)
    }

    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square as written after every double step.
    pub fn en_passant(&self) -> Option<Square> {
        self.ep.map(bitboard::square)
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on a square (`None` off the board too).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        bitboard::index(square).and_then(|i| self.piece_at_index(i))
    }

    /// Every piece with its square, a1 first.
    pub fn pieces_on_board(&self) -> Vec<(Square, Piece)> {
        Squares(self.occupied())
            .map(|i| {
                let piece = self.piece_at_index(i).expect("occupied");
                (bitboard::square(i), piece)
            })
            .collect()
    }

    /// The squares of `color`'s kings (none, one, or the Spartans' two).
    pub fn kings(&self, color: Seat) -> Vec<Square> {
        Squares(self.pieces(color, Role::King))
            .map(bitboard::square)
            .collect()
    }

    /// Whether a piece of `by` attacks `square` (Recruiters attack
    /// nothing).
    pub fn is_attacked(&self, square: Square, by: Seat) -> bool {
        bitboard::index(square).is_some_and(|i| self.attackers(i, by, self.occupied()) != 0)
    }

    /// Whether one of `color`'s kings is attacked (never, for a side with
    /// no king).
    pub fn in_check(&self, color: Seat) -> bool {
        self.king_attacked(color)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// Which castling a move is: the king's two-square step.
    pub fn is_castle(&self, mv: &super::Move) -> Option<CastleSide> {
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
    pub fn is_en_passant(&self, mv: &super::Move) -> bool {
        self.piece_at(mv.from).is_some_and(|p| p.role == Role::Pawn)
            && mv.from.file() != mv.to.file()
            && bitboard::index(mv.to) == self.ep
            && self.piece_at(mv.to).is_none()
    }

    /// Whether a play captures.
    pub fn is_capture(&self, play: &Play) -> bool {
        match play {
            Play::Move(mv) => {
                self.is_en_passant(mv) || self.piece_at(mv.to).is_some_and(|p| p.color != self.turn)
            }
            Play::Recruit { .. } => false,
        }
    }

    /// Plays a legal action, applying Rebel III's conversionmate when the
    /// action gives one. The caller guarantees legality (the action came
    /// from [`RebelPosition::legal_plays`] or was checked when stored).
    pub fn play(&self, play: &Play) -> RebelPosition {
        let mut next = self.play_raw(play);
        if self.version.conversionmate() {
            next.apply_conversionmate();
        }
        next
    }

    /// The action alone, without the conversionmate.
    pub(super) fn play_raw(&self, play: &Play) -> RebelPosition {
        let us = self.turn;
        let them = us.other();
        let mut next = self.clone();
        next.ep = None;
        next.halfmoves += 1;
        match *play {
            Play::Move(mv) => {
                let from = bitboard::index(mv.from).expect("a legal move is on the board");
                let to = bitboard::index(mv.to).expect("a legal move is on the board");
                let piece = self
                    .piece_at_index(from)
                    .expect("a legal move moves a piece");
                if let Some(captured) = self.piece_at_index(to) {
                    next.remove(to, captured);
                    next.halfmoves = 0;
                }
                next.remove(from, piece);
                let role = mv.promotion.map_or(piece.role, Role::from_orthodox);
                // A promoted pawn's piece keeps its converted mark.
                next.put(to, Piece { role, ..piece });
                match piece.role {
                    Role::Pawn => {
                        next.halfmoves = 0;
                        if Some(to) == self.ep && (from & 7) != (to & 7) {
                            let captured = (to & 7) | (from & !7);
                            if let Some(pawn) = self.piece_at_index(captured) {
                                next.remove(captured, pawn);
                            }
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
                        if let Some(rook) = self.piece_at_index(rank | rook_from) {
                            next.remove(rank | rook_from, rook);
                            next.put(rank | rook_to, rook);
                        }
                    }
                    _ => {}
                }
                next.castling = CastlingRights::from_bits(
                    self.castling.bits() & castling_keep(from) & castling_keep(to),
                );
            }
            Play::Recruit { target, .. } => {
                let t = bitboard::index(target).expect("a legal recruit is on the board");
                let piece = self
                    .piece_at_index(t)
                    .expect("a legal recruit has a target");
                next.remove(t, piece);
                next.put(
                    t,
                    Piece {
                        color: us,
                        role: piece.role,
                        converted: !piece.converted,
                    },
                );
                next.castling = CastlingRights::from_bits(self.castling.bits() & castling_keep(t));
            }
        }
        if us == Seat::Black {
            next.fullmoves += 1;
        }
        next.turn = them;
        next
    }

    /// Turns the king on `sq` to the other side (a conversionmate), making
    /// its former side the Rebels.
    pub(super) fn convert_king(&mut self, sq: u8) {
        let king = self.piece_at_index(sq).expect("a king to convert");
        self.remove(sq, king);
        self.put(
            sq,
            Piece {
                color: king.color.other(),
                role: Role::King,
                converted: !king.converted,
            },
        );
        self.castling = CastlingRights::from_bits(self.castling.bits() & castling_keep(sq));
        self.rebels = Some(king.color);
    }

    // ---- internals -------------------------------------------------------

    pub(super) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    pub(super) fn pieces(&self, color: Seat, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    pub(super) fn king_count(&self, color: Seat) -> u32 {
        self.pieces(color, Role::King).count_ones()
    }

    pub(super) fn role_at(&self, sq: u8) -> Option<Role> {
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
        Some(Piece {
            color,
            role,
            converted: self.converted & bit(sq) != 0,
        })
    }

    fn put(&mut self, sq: u8, piece: Piece) {
        self.by_color[piece.color.index()] |= bit(sq);
        self.by_role[piece.role.index()] |= bit(sq);
        if piece.converted {
            self.converted |= bit(sq);
        }
    }

    fn remove(&mut self, sq: u8, piece: Piece) {
        self.by_color[piece.color.index()] &= !bit(sq);
        self.by_role[piece.role.index()] &= !bit(sq);
        self.converted &= !bit(sq);
    }
}

impl std::fmt::Debug for RebelPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RebelPosition({}, {})", self.version.title(), self.fen())
    }
}
