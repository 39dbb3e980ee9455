//! The raw [`Setup`] and the checked [`Position`] of a chess-like game,
//! with the position string (FEN generalised to any board) and the making
//! of single steps, from which games build their turns.
//!
//! # The position string
//!
//! `placement turn castling en-passant halfmoves fullmoves`, as FEN, with:
//! - each rank, top first, listing only the squares that exist, from the
//!   a-file on (a number counts empty squares and may have two digits);
//! - a piece written as its letter (upper case White), then its army's
//!   suffix (`'`), then its marks' suffixes (`*`);
//! - castling as `KQkq` on an orthodox 8x8 board, otherwise the squares of
//!   the kings and rooks that may still castle (`d1,g1,k1`), or `-`;
//! - en passant as the squares skipped by the last turn's double steps
//!   (`e3`, or `e3,e6` after a pair of them), or `-`.

use std::fmt;
use std::sync::Arc;

use thiserror::Error;

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
#[derive(Clone)]
pub struct Position {
    pub(super) variant: Arc<Variant>,
    pub(super) cells: Vec<Option<Piece>>,
    pub(super) turn: Seat,
    pub(super) castling: SquareSet,
    pub(super) en_passant: Vec<EnPassant>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
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

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

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

    /// Reads a position string of `variant` (the counters may be left out).
    pub fn read(variant: &Variant, text: &str) -> Result<Setup, SetupError> {
        let syntax = |what: String| SetupError::Syntax(what);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(syntax(format!(
                "expected 4 to 6 fields (placement, turn, castling, en passant, counters), found {}",
                fields.len()
            )));
        }
        let mut setup = Setup::empty(variant);
        read_placement(variant, fields[0], &mut setup.cells)?;
        setup.turn = match fields[1] {
            "w" => Seat::White,
            "b" => Seat::Black,
            other => return Err(syntax(format!("the side to move is w or b, not {other:?}"))),
        };
        setup.castling = read_castling(variant, fields[2])?;
        if fields[3] != "-" {
            for name in fields[3].split(',') {
                let skipped = variant
                    .geometry
                    .parse_square(name)
                    .ok_or_else(|| syntax(format!("{name:?} is not a square of this board")))?;
                let pawn = en_passant_pawn(variant, &setup, skipped)
                    .ok_or(SetupError::BadEnPassant(skipped))?;
                setup.en_passant.push(EnPassant { skipped, pawn });
            }
        }
        let counter = |i: usize, default: u32| -> Result<u32, SetupError> {
            fields.get(i).map_or(Ok(default), |f| {
                f.parse()
                    .map_err(|_| syntax(format!("{f:?} is not a move counter")))
            })
        };
        setup.halfmoves = counter(4, 0)?;
        setup.fullmoves = counter(5, 1)?;
        Ok(setup)
    }
}

/// The pawn that made the double step over `skipped`: a pawn of the side
/// not to move, one step beyond it in its army's direction, its origin
/// empty.
fn en_passant_pawn(variant: &Variant, setup: &Setup, skipped: Square) -> Option<Square> {
    let geometry = &variant.geometry;
    let them = setup.turn.other();
    if setup.cells[geometry.index(skipped)].is_some() {
        return None;
    }
    variant.armies_of(them).find_map(|(index, army)| {
        let (fx, fy) = army.forward;
        let pawn = geometry.offset(skipped, fx, fy)?;
        let origin = geometry.offset(skipped, -fx, -fy)?;
        let piece = setup.cells[geometry.index(pawn)]?;
        let ok = piece.army == index
            && variant.kind(piece.kind).pawn
            && setup.cells[geometry.index(origin)].is_none()
            && army.double_step.contains(origin);
        ok.then_some(pawn)
    })
}

fn read_placement(
    variant: &Variant,
    text: &str,
    cells: &mut [Option<Piece>],
) -> Result<(), SetupError> {
    let geometry = &variant.geometry;
    let syntax = |what: String| SetupError::Syntax(what);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != geometry.height() as usize {
        return Err(syntax(format!(
            "the placement has {} ranks, the board {}",
            rows.len(),
            geometry.height()
        )));
    }
    for (top, row) in rows.iter().enumerate() {
        let rank = geometry.height() - 1 - top as u8;
        let squares: Vec<Square> = (0..geometry.width())
            .filter_map(|file| Square::new(file, rank))
            .filter(|sq| geometry.contains(*sq))
            .collect();
        let mut next = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(digit) = c.to_digit(10) {
                let mut count = digit as usize;
                if let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    count = count * 10 + d as usize;
                }
                if count == 0 {
                    return Err(syntax(format!("rank {}: an empty run of 0", rank + 1)));
                }
                next += count;
                continue;
            }
            let kind = variant
                .kind_of_letter(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or_else(|| syntax(format!("{c:?} is not a piece of this game")))?;
            let owner = if c.is_ascii_uppercase() {
                Seat::White
            } else {
                Seat::Black
            };
            // The army whose suffix follows (the longest that matches),
            // else the owner's army without one.
            let rest: String = chars.clone().collect();
            let (army, suffix_len) = variant
                .armies_of(owner)
                .filter(|(_, a)| rest.starts_with(a.suffix))
                .max_by_key(|(_, a)| a.suffix.len())
                .map(|(i, a)| (i, a.suffix.chars().count()))
                .ok_or_else(|| syntax(format!("{c:?}: no army of {owner} fits")))?;
            for _ in 0..suffix_len {
                chars.next();
            }
            let mut piece = Piece::new(owner, kind, army);
            while let Some(&s) = chars.peek() {
                match variant.mark_suffixes.iter().find(|(_, m)| *m == s) {
                    Some((mark, _)) => {
                        piece.marks = piece.marks.with(*mark);
                        chars.next();
                    }
                    None => break,
                }
            }
            let square = *squares
                .get(next)
                .ok_or_else(|| syntax(format!("rank {} is too long", rank + 1)))?;
            cells[geometry.index(square)] = Some(piece);
            next += 1;
        }
        if next != squares.len() {
            return Err(syntax(format!(
                "rank {} has {next} squares, the board {}",
                rank + 1,
                squares.len()
            )));
        }
    }
    Ok(())
}

/// The orthodox castling letters' squares: king, rook.
const LETTERS: [(char, &str, &str); 4] = [
    ('K', "e1", "h1"),
    ('Q', "e1", "a1"),
    ('k', "e8", "h8"),
    ('q', "e8", "a8"),
];

fn orthodox_board(variant: &Variant) -> bool {
    variant.geometry.width() == 8 && variant.geometry.height() == 8
}

fn read_castling(variant: &Variant, text: &str) -> Result<SquareSet, SetupError> {
    let mut set = SquareSet::EMPTY;
    if text == "-" {
        return Ok(set);
    }
    if text.bytes().any(|b| b.is_ascii_digit()) {
        for name in text.split(',') {
            let square = variant.geometry.parse_square(name).ok_or_else(|| {
                SetupError::Syntax(format!("{name:?} is not a square of this board"))
            })?;
            set.insert(square);
        }
        return Ok(set);
    }
    for c in text.chars() {
        let (_, king, rook) = LETTERS
            .iter()
            .find(|(l, _, _)| *l == c)
            .filter(|_| orthodox_board(variant))
            .ok_or_else(|| SetupError::Syntax(format!("{c:?} is not a castling right")))?;
        for name in [king, rook] {
            set.insert(Square::parse(name).expect("a square"));
        }
    }
    Ok(set)
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
            cells: setup.cells.clone(),
            turn: setup.turn,
            castling: setup.castling,
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
            if en_passant_pawn(&position.variant, &setup, ep.skipped) != Some(ep.pawn) {
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
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| cell.map(|p| (geometry.square_at(i), p)))
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
        self.cells[index] = piece;
    }

    /// The piece on a square known to be on the board.
    #[inline]
    pub(super) fn cell(&self, square: Square) -> Option<Piece> {
        self.cells[self.variant.geometry.index(square)]
    }

    pub(super) fn take(&mut self, square: Square) -> Option<Piece> {
        let index = self.variant.geometry.index(square);
        self.cells[index].take()
    }

    /// Drops the en passant chances whose pawn no longer stands where it
    /// landed (the game moved it).
    pub fn retain_en_passant(&mut self, keep: impl Fn(&EnPassant) -> bool) {
        self.en_passant.retain(keep);
    }

    /// The castling rights, kept only for kings and rooks that still stand
    /// where they can castle with each other.
    pub(super) fn normalise_castling(&mut self) {
        let variant = self.variant.clone();
        let castles = |sq: Square, role: CastlingRole| {
            self.piece_at(sq)
                .filter(|p| variant.kind(p.kind).castling == Some(role))
        };
        let mut keep = SquareSet::EMPTY;
        for king_sq in self.castling.iter() {
            let Some(king) = castles(king_sq, CastlingRole::King) else {
                continue;
            };
            for rook_sq in self.castling.iter() {
                let paired = castles(rook_sq, CastlingRole::Rook).is_some_and(|rook| {
                    rook.owner == king.owner
                        && rook.army == king.army
                        && on_castling_line(&variant, king.army, king_sq, rook_sq)
                });
                if paired {
                    keep.insert(king_sq);
                    keep.insert(rook_sq);
                }
            }
        }
        self.castling = keep;
    }

    /// The position string.
    pub fn fen(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.placement(),
            self.turn_char(),
            self.castling_text(),
            self.en_passant_text(),
            format_args!("{} {}", self.halfmoves, self.fullmoves)
        )
    }

    /// `w` or `b`.
    pub fn turn_char(&self) -> char {
        match self.turn {
            Seat::White => 'w',
            Seat::Black => 'b',
        }
    }

    /// The placement field.
    pub fn placement(&self) -> String {
        let geometry = &self.variant.geometry;
        let mut out = String::new();
        for rank in (0..geometry.height()).rev() {
            let mut empty = 0;
            for file in 0..geometry.width() {
                let Some(square) = Square::new(file, rank).filter(|s| geometry.contains(*s)) else {
                    continue;
                };
                match self.piece_at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&self.variant.label(piece));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The castling field: `KQkq` on an orthodox board, else the squares.
    pub fn castling_text(&self) -> String {
        if self.castling.is_empty() {
            return "-".to_string();
        }
        let squares = |names: [&str; 2]| -> SquareSet {
            names
                .iter()
                .map(|n| Square::parse(n).expect("a square"))
                .collect()
        };
        if orthodox_board(&self.variant) {
            let mut letters = String::new();
            let mut covered = SquareSet::EMPTY;
            for (c, king, rook) in LETTERS {
                let pair = squares([king, rook]);
                if pair.iter().all(|s| self.castling.contains(s)) {
                    letters.push(c);
                    for s in pair.iter() {
                        covered.insert(s);
                    }
                }
            }
            if covered == self.castling {
                return letters;
            }
        }
        self.castling.to_string()
    }

    /// The en passant field: the skipped squares, or `-`.
    pub fn en_passant_text(&self) -> String {
        if self.en_passant.is_empty() {
            return "-".to_string();
        }
        let names: Vec<String> = self
            .en_passant
            .iter()
            .map(|e| e.skipped.to_string())
            .collect();
        names.join(",")
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
