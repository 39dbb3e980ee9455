//! Forsyth-Edwards Notation for [`Setup`]: reading never panics, and says
//! which field is wrong.

use std::fmt::Write as _;

use thiserror::Error;

use super::position::Setup;
use super::{CastleSide, CastlingRights, Piece};
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// A FEN that cannot be read (before any legality check).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("a FEN has 4 to 6 fields separated by spaces, this has {0}")]
    FieldCount(usize),
    #[error(
        "bad piece placement {0:?}: 8 ranks of pieces (KQRBNP kqrbnp) and digits, separated by /"
    )]
    Placement(String),
    #[error("bad side to move {0:?}: expected w or b")]
    Turn(String),
    #[error("bad castling rights {0:?}: expected - or some of KQkq")]
    Castling(String),
    #[error("bad en passant square {0:?}: expected - or a square on rank 3 or 6")]
    EnPassant(String),
    #[error("bad half-move clock {0:?}")]
    HalfmoveClock(String),
    #[error("bad full-move number {0:?}")]
    FullmoveNumber(String),
}

impl Setup {
    /// Reads a FEN. The half-move clock and full-move number may be left
    /// out (they default to `0 1`).
    ///
    /// ```
    /// use arbiter::rules::chess::{FenError, Setup};
    /// assert!(Setup::from_fen("8/8/8/8/8/8/8/8 w - -").is_ok());
    /// assert!(matches!(Setup::from_fen("8/8/8 w - -"), Err(FenError::Placement(_))));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = Setup::empty();
        read_placement(fields[0], &mut setup.board)
            .ok_or_else(|| FenError::Placement(fields[0].to_string()))?;
        let state = FenState::read(&fields)?;
        setup.turn = state.turn;
        setup.castling = state.castling;
        setup.en_passant = state.en_passant;
        setup.halfmove_clock = state.halfmove_clock;
        setup.fullmove_number = state.fullmove_number;
        Ok(setup)
    }

    /// Writes the FEN, all six fields.
    pub fn fen(&self) -> String {
        let mut fen = self.placement();
        FenState {
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
        .write(&mut fen);
        fen
    }

    /// FEN's first field.
    pub fn placement(&self) -> String {
        write_placement(&self.board)
    }
}

/// FEN's fields after the placement: the side to move, the castling rights,
/// the en passant square and the two counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FenState {
    pub turn: Seat,
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
}

impl FenState {
    /// Reads fields 2 to 6 of `fields` (4 to 6 of them, checked by the
    /// caller); the counters left out are `0 1`.
    pub fn read(fields: &[&str]) -> Result<FenState, FenError> {
        let turn = match fields[1] {
            "w" | "W" => Seat::White,
            "b" | "B" => Seat::Black,
            other => return Err(FenError::Turn(other.to_string())),
        };
        let castling =
            read_castling(fields[2]).ok_or_else(|| FenError::Castling(fields[2].to_string()))?;
        let en_passant = match fields[3] {
            "-" => None,
            text => Some(
                Square::parse(text)
                    .filter(|sq| sq.file() < 8 && (sq.rank() == 2 || sq.rank() == 5))
                    .ok_or_else(|| FenError::EnPassant(text.to_string()))?,
            ),
        };
        let mut state = FenState {
            turn,
            castling,
            en_passant,
            halfmove_clock: 0,
            fullmove_number: 1,
        };
        if let Some(text) = fields.get(4) {
            state.halfmove_clock = text
                .parse()
                .map_err(|_| FenError::HalfmoveClock(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            state.fullmove_number = text
                .parse()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| FenError::FullmoveNumber(text.to_string()))?;
        }
        Ok(state)
    }

    /// Appends the five fields, each after a space.
    pub fn write(&self, fen: &mut String) {
        let ep = self.en_passant.map_or("-".to_string(), |sq| sq.to_string());
        write!(
            fen,
            " {} {} {ep} {} {}",
            turn_char(self.turn),
            self.castling,
            self.halfmove_clock,
            self.fullmove_number
        )
        .expect("writing to a String");
    }
}

/// FEN's side to move: `w` or `b`.
fn turn_char(turn: Seat) -> char {
    match turn {
        Seat::White => 'w',
        Seat::Black => 'b',
    }
}

/// Writes a placement field: ranks 8 to 1, runs of empty squares as
/// digits.
fn write_placement(board: &[Option<Piece>; 64]) -> String {
    let mut text = String::with_capacity(80);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(piece.char());
                }
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// Reads a placement field onto an empty `board`: 8 ranks separated by
/// `/`, each 8 squares of piece letters and digits. `None` when the field
/// is bad.
fn read_placement(text: &str, board: &mut [Option<Piece>; 64]) -> Option<()> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                if !(1..=8).contains(&n) {
                    return None;
                }
                file += n as usize;
            } else {
                let piece = Piece::from_char(c)?;
                if file >= 8 {
                    return None;
                }
                board[rank * 8 + file] = Some(piece);
                file += 1;
            }
            if file > 8 {
                return None;
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some(())
}

fn read_castling(text: &str) -> Option<CastlingRights> {
    if text == "-" {
        return Some(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in text.chars() {
        let (color, side) = match c {
            'K' => (Seat::White, CastleSide::King),
            'Q' => (Seat::White, CastleSide::Queen),
            'k' => (Seat::Black, CastleSide::King),
            'q' => (Seat::Black, CastleSide::Queen),
            _ => return None,
        };
        if rights.has(color, side) {
            return None;
        }
        rights = rights.with(color, side);
    }
    Some(rights)
}
