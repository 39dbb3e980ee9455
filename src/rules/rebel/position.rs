//! The validated, playable [`RebelPosition`]: the layer's board over
//! Rebel's [`variant`](super::variant), the version, and in Rebel III the
//! teams; its position string; playing an action.
//!
//! # The position string
//!
//! The layer's FEN (read and written by it), with:
//! - `U`/`u` for the Recruiter;
//! - a `*` right after a piece's letter marks it converted: `N*` is a knight
//!   that started Black's and now serves White, `p*` a pawn that started
//!   White's and now serves Black (the letter's case is the side it serves);
//! - in Rebel III after a conversionmate, a seventh field `rebels:w` or
//!   `rebels:b` naming the Rebels' side (the Spartans are the other). It may
//!   be left out while the Rebels have no king: the side with none is then
//!   the Rebels.
//!
//! The start: `rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1`.

use thiserror::Error;

use super::{Piece, Play, Role, Version, variant};
use crate::rules::chesslike::{self, Position, Setup, Step};
use crate::rules::geometry::Square;
use crate::rules::{PositionError, Seat};

/// The start position's string.
pub const START: &str = "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1";

/// Why a position string is not a Rebel Chess position.
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
    /// The board's own reading refused it (en passant, full-move number,
    /// castling squares), in the layer's words.
    #[error(transparent)]
    Board(chesslike::SetupError),
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

impl From<chesslike::SetupError> for SetupError {
    fn from(err: chesslike::SetupError) -> SetupError {
        match err {
            chesslike::SetupError::PawnOnPromotionSquare(sq) => SetupError::PawnOnBackRank(sq),
            other => SetupError::Board(other),
        }
    }
}

/// A legal Rebel Chess position of one version: the layer's board
/// (placement with converted marks, side to move, castling rights, en
/// passant, the two counters), and in Rebel III the teams once a
/// conversionmate has made them.
///
/// Serialises (inside the game) as its position string.
#[derive(Clone, PartialEq, Eq)]
pub struct RebelPosition {
    pub(super) board: Position,
    pub(super) version: Version,
    pub(super) rebels: Option<Seat>,
}

/// The castling letters: letter, owner, king's square, rook's square.
const CASTLINGS: [(char, Seat, &str, &str); 4] = [
    ('K', Seat::White, "e1", "h1"),
    ('Q', Seat::White, "e1", "a1"),
    ('k', Seat::Black, "e8", "h8"),
    ('q', Seat::Black, "e8", "a8"),
];

fn square(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

impl RebelPosition {
    /// The start position.
    pub fn startpos(version: Version) -> RebelPosition {
        RebelPosition::from_fen(START, version).expect("the start position is legal")
    }

    /// Reads and validates a position string for `version`: kings (one
    /// each; in Rebel III after a conversionmate two, one of them
    /// converted, and none), no converted Recruiter, no pawn on a back
    /// rank, the side not to move not in check (a conversionmate never
    /// leaves the new king attacked), castling rights matching an
    /// unconverted king and rook at home, a sound en passant square, and
    /// the side to move not conversionmated.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// assert!(RebelPosition::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Version::One).is_ok());
    /// let err = RebelPosition::from_fen("4k3/8/8/8/8/8/8/4K*3 w - - 0 1", Version::One);
    /// assert!(err.unwrap_err().to_string().contains("converted king"));
    /// ```
    pub fn from_fen(text: &str, version: Version) -> Result<RebelPosition, PositionError> {
        Ok(RebelPosition::read(text, version)?)
    }

    fn read(text: &str, version: Version) -> Result<RebelPosition, SetupError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let mut rebels = None;
        if let Some(last) = fields.last()
            && let Some(side) = last.strip_prefix("rebels:")
        {
            rebels = Some(match side {
                "w" | "white" => Seat::White,
                "b" | "black" => Seat::Black,
                _ => {
                    return Err(SetupError::Syntax(format!(
                        "bad teams field {last:?}: expected rebels:w or rebels:b"
                    )));
                }
            });
            fields.pop();
        }
        let variant = variant();
        let setup = Setup::read(&variant, &fields.join(" "))?;
        check_pieces(&setup, &variant)?;
        let board = Position::from_setup(variant, setup)?;
        let mut pos = RebelPosition {
            board,
            version,
            rebels: None,
        };
        pos.rebels = pos.check_kings(rebels)?;
        let them = pos.turn().other();
        if pos.in_check(them) {
            return Err(SetupError::OppositeCheck(them));
        }
        if pos.conversionmated_king().is_some() {
            return Err(SetupError::Conversionmated(pos.turn()));
        }
        Ok(pos)
    }

    /// The kings' rules of [`RebelPosition::from_fen`]; returns the
    /// Rebels' side.
    fn check_kings(&self, rebels: Option<Seat>) -> Result<Option<Seat>, SetupError> {
        let counts = Seat::BOTH.map(|c| self.king_count(c));
        let converted_king = |seat: Seat| {
            self.kings(seat)
                .into_iter()
                .find(|sq| self.piece_at(*sq).is_some_and(|p| p.converted))
        };
        let teams = |message: &str| Err(SetupError::Teams(message.to_string()));
        if rebels.is_some() && self.version != Version::Three {
            return teams("only Rebel III (version=3) has Spartans and Rebels");
        }
        match counts {
            [1, 1] => {
                if let Some(sq) = Seat::BOTH.into_iter().find_map(converted_king) {
                    return Err(SetupError::ConvertedKing(sq));
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
                let unconverted = self
                    .kings(spartans)
                    .into_iter()
                    .filter(|sq| self.piece_at(*sq).is_some_and(|p| !p.converted))
                    .count();
                if unconverted != 1 {
                    return teams(
                        "of the Spartans' two kings, one is their own and one is converted (K and K*)",
                    );
                }
                Ok(Some(kingless))
            }
            [white, black] => Err(SetupError::KingCount { white, black }),
        }
    }

    /// The position string.
    pub fn fen(&self) -> String {
        let mut fen = self.board.fen();
        if let Some(rebels) = self.rebels {
            fen.push_str(teams_field(rebels));
        }
        fen
    }

    /// The first field of the position string.
    pub fn placement(&self) -> String {
        self.board.placement()
    }

    pub fn version(&self) -> Version {
        self.version
    }

    /// The layer's board under Rebel's variant (read-only: the computer's
    /// evaluation reads the pieces from it).
    pub fn layer(&self) -> &Position {
        &self.board
    }

    pub fn turn(&self) -> Seat {
        self.board.turn()
    }

    /// Rebel III after a conversionmate: the side of the Rebels.
    pub fn rebels(&self) -> Option<Seat> {
        self.rebels
    }

    /// Rebel III after a conversionmate: the side of the Spartans.
    pub fn spartans(&self) -> Option<Seat> {
        self.rebels.map(Seat::other)
    }

    /// The castling field: `KQkq`, some of it, or `-`.
    pub fn castling_rights(&self) -> String {
        self.board.castling_text()
    }

    /// The en passant square as written after every double step.
    pub fn en_passant(&self) -> Option<Square> {
        self.board.en_passant().first().map(|ep| ep.skipped)
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.board.halfmove_clock()
    }

    pub fn fullmove_number(&self) -> u32 {
        self.board.fullmove_number()
    }

    /// The piece on a square (`None` off the board too).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square).map(Piece::of_layer)
    }

    /// Every piece with its square, a1 first.
    pub fn pieces_on_board(&self) -> Vec<(Square, Piece)> {
        self.board
            .pieces()
            .map(|(sq, p)| (sq, Piece::of_layer(p)))
            .collect()
    }

    /// The squares of `color`'s kings (none, one, or the Spartans' two).
    pub fn kings(&self, color: Seat) -> Vec<Square> {
        self.board.royals(color)
    }

    pub(super) fn king_count(&self, color: Seat) -> u32 {
        // Counted, not listed: perft asks it of every position in Rebel III.
        self.board
            .pieces()
            .filter(|(_, p)| p.owner == color && p.kind == Role::KING.kind())
            .count() as u32
    }

    /// Whether a piece of `by` attacks `square` (Recruiters attack
    /// nothing).
    pub fn is_attacked(&self, square: Square, by: Seat) -> bool {
        self.board.is_attacked(square, by)
    }

    /// Whether one of `color`'s kings is attacked (never, for a side with
    /// no king).
    pub fn in_check(&self, color: Seat) -> bool {
        self.board.in_check(color)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.board.is_check()
    }

    /// The step a move makes here, if the piece on its origin has one.
    pub(super) fn step_of(&self, mv: &super::Move) -> Option<Step> {
        self.board.step_of(mv)
    }

    /// Which castling a move is: the king's two-square step.
    pub fn is_castle(&self, mv: &super::Move) -> Option<super::CastleSide> {
        self.step_of(mv)?.castle_side()
    }

    /// Whether a move is an en passant capture.
    pub fn is_en_passant(&self, mv: &super::Move) -> bool {
        self.step_of(mv)
            .is_some_and(|s| s.kind == chesslike::StepKind::EnPassant)
    }

    /// Whether a play captures.
    pub fn is_capture(&self, play: &Play) -> bool {
        match play {
            Play::Move(mv) => self.step_of(mv).is_some_and(|s| s.capture.is_some()),
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
        match *play {
            Play::Move(mv) => {
                let step = self.step_of(&mv).expect("a legal move has a step");
                self.play_step(&step, mv.promotion)
            }
            Play::Recruit { target, .. } => self.recruit(target),
        }
    }

    /// A move's step made, the turn ended.
    pub(super) fn play_step(
        &self,
        step: &Step,
        promotion: Option<chesslike::Kind>,
    ) -> RebelPosition {
        let mut board = self.board.begin_turn();
        board.make(step, promotion);
        board.end_turn(self.board.is_zeroing(step));
        self.with_board(board)
    }

    /// [`RebelPosition::play_step`] into a position the caller keeps
    /// (overwritten; its buffers reused).
    pub(super) fn play_step_in(
        &self,
        step: &Step,
        promotion: Option<chesslike::Kind>,
        next: &mut RebelPosition,
    ) {
        self.board.begin_turn_in(&mut next.board);
        next.board.make(step, promotion);
        next.board.end_turn(self.board.is_zeroing(step));
        next.version = self.version;
        next.rebels = self.rebels;
    }

    /// The recruit of the piece on `target` by the side to move: it changes
    /// side where it stands, its converted mark flipped (a return takes
    /// the mark off), and loses its castling right for good.
    pub(super) fn recruit(&self, target: Square) -> RebelPosition {
        let mut board = self.board.begin_turn();
        let piece = Piece::of_layer(board.piece_at(target).expect("a recruit has a target"));
        board.set(target, Some(flipped(piece).on_layer()));
        board.revoke_castling(target);
        board.end_turn(false);
        self.with_board(board)
    }

    fn with_board(&self, board: Position) -> RebelPosition {
        RebelPosition {
            board,
            version: self.version,
            rebels: self.rebels,
        }
    }

    /// Turns the king on `sq` to the other side (a conversionmate), making
    /// its former side the Rebels.
    pub(super) fn convert_king(&mut self, sq: Square) {
        let king = self.piece_at(sq).expect("a king to convert");
        self.board.set(sq, Some(flipped(king).on_layer()));
        self.board.revoke_castling(sq);
        self.rebels = Some(king.color);
    }
}

/// A piece after it changes side: the other side's, its mark flipped.
fn flipped(piece: Piece) -> Piece {
    Piece {
        color: piece.color.other(),
        role: piece.role,
        converted: !piece.converted,
    }
}

/// The position string's seventh field, with its leading space.
pub(super) fn teams_field(rebels: Seat) -> &'static str {
    match rebels {
        Seat::White => " rebels:w",
        Seat::Black => " rebels:b",
    }
}

/// Rebel's own checks of the pieces, before the layer's: at most 32
/// pieces and 16 pawns, no converted Recruiter, no pawn on a back rank,
/// castling rights on an unconverted king and rook of their side at home.
fn check_pieces(setup: &Setup, variant: &chesslike::Variant) -> Result<(), SetupError> {
    let placed: Vec<(Square, Piece)> = setup
        .cells
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| cell.map(|p| (variant.geometry.square_at(i), Piece::of_layer(p))))
        .collect();
    let pawns = placed.iter().filter(|(_, p)| p.role == Role::PAWN).count();
    if placed.len() > 32 || pawns > 16 {
        return Err(SetupError::TooManyPieces);
    }
    for &(sq, piece) in &placed {
        if piece.role == Role::Recruiter && piece.converted {
            return Err(SetupError::ConvertedRecruiter(sq));
        }
    }
    for &(sq, piece) in &placed {
        if piece.role == Role::PAWN && (sq.rank() == 0 || sq.rank() == 7) {
            return Err(SetupError::PawnOnBackRank(sq));
        }
    }
    let at = |sq: Square| setup.cells[variant.geometry.index(sq)].map(Piece::of_layer);
    for (right, color, king, rook) in CASTLINGS {
        let (king, rook) = (square(king), square(rook));
        if !setup.castling.contains(rook) {
            continue;
        }
        if at(king) != Some(Piece::new(color, Role::KING))
            || at(rook) != Some(Piece::new(color, Role::ROOK))
        {
            return Err(SetupError::BadCastling { right, king, rook });
        }
    }
    Ok(())
}

impl std::fmt::Debug for RebelPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RebelPosition({}, {})", self.version.title(), self.fen())
    }
}
