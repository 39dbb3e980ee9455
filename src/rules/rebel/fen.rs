//! The position string: FEN with `U`/`u` for the Recruiter, a `*` after a
//! converted piece's letter, and in Rebel III after a conversionmate a
//! seventh field `rebels:w` or `rebels:b`. Reading never panics, and says
//! which field is wrong.

use super::position::{RebelSetup, SetupError};
use super::{Piece, Role};
use crate::rules::Seat;
use crate::rules::chess::{FenState, read_placement, write_placement};

impl RebelSetup {
    /// Reads a position string (see the module docs). The two counters
    /// may be left out.
    ///
    /// ```
    /// use arbiter::rules::rebel::RebelSetup;
    /// let setup = RebelSetup::from_fen("4k3/8/8/3N*4/8/8/8/4K3 w - - 0 1").unwrap();
    /// let knight = setup.board[35].unwrap();
    /// assert!(knight.converted);
    /// assert_eq!(setup.fen(), "4k3/8/8/3N*4/8/8/8/4K3 w - - 0 1");
    /// ```
    pub fn from_fen(text: &str) -> Result<RebelSetup, SetupError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let mut setup = RebelSetup::empty();
        if let Some(last) = fields.last()
            && let Some(side) = last.strip_prefix("rebels:")
        {
            setup.rebels = Some(match side {
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
        if !(4..=6).contains(&fields.len()) {
            return Err(SetupError::Syntax(format!(
                "a position has 4 to 6 fields (and perhaps rebels:w or rebels:b) separated by \
                 spaces, this has {}",
                fields.len()
            )));
        }
        read_placement(fields[0], &mut setup.board, read_piece, Some(convert)).ok_or_else(
            || {
                SetupError::Syntax(format!(
                    "bad piece placement {:?}: 8 ranks of pieces (KQRBNPU kqrbnpu, a * after a \
                 converted one) and digits, separated by /",
                    fields[0]
                ))
            },
        )?;
        let state = FenState::read(&fields).map_err(|err| SetupError::Syntax(err.to_string()))?;
        setup.turn = state.turn;
        setup.castling = state.castling;
        setup.en_passant = state.en_passant;
        setup.halfmove_clock = state.halfmove_clock;
        setup.fullmove_number = state.fullmove_number;
        Ok(setup)
    }

    /// The position string, all fields (the teams field only when set).
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
        if let Some(rebels) = self.rebels {
            fen.push_str(match rebels {
                Seat::White => " rebels:w",
                Seat::Black => " rebels:b",
            });
        }
        fen
    }

    /// The first field.
    pub fn placement(&self) -> String {
        write_placement(&self.board, |text, piece| text.push_str(&piece.label()))
    }
}

/// A piece letter of the position string (the converted mark comes after).
fn read_piece(c: char) -> Option<Piece> {
    let role = Role::from_char(c)?;
    let color = if c.is_ascii_uppercase() {
        Seat::White
    } else {
        Seat::Black
    };
    Some(Piece::new(color, role))
}

fn convert(piece: &mut Piece) {
    piece.converted = true;
}
