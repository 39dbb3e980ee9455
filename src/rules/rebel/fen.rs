//! The position string: FEN with `U`/`u` for the Recruiter, a `*` after a
//! converted piece's letter, and in Rebel III after a conversionmate a
//! seventh field `rebels:w` or `rebels:b`. Reading never panics, and says
//! which field is wrong.

use std::fmt::Write as _;

use super::position::{RebelSetup, SetupError};
use super::{CastleSide, CastlingRights, Piece, Role};
use crate::rules::Seat;
use crate::rules::geometry::Square;

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
        read_placement(fields[0], &mut setup).ok_or_else(|| {
            SetupError::Syntax(format!(
                "bad piece placement {:?}: 8 ranks of pieces (KQRBNPU kqrbnpu, a * after a \
                 converted one) and digits, separated by /",
                fields[0]
            ))
        })?;
        setup.turn = match fields[1] {
            "w" | "W" => Seat::White,
            "b" | "B" => Seat::Black,
            other => {
                return Err(SetupError::Syntax(format!(
                    "bad side to move {other:?}: expected w or b"
                )));
            }
        };
        setup.castling = read_castling(fields[2]).ok_or_else(|| {
            SetupError::Syntax(format!(
                "bad castling rights {:?}: expected - or some of KQkq",
                fields[2]
            ))
        })?;
        setup.en_passant = match fields[3] {
            "-" => None,
            text => Some(
                Square::parse(text)
                    .filter(|sq| sq.file() < 8 && (sq.rank() == 2 || sq.rank() == 5))
                    .ok_or_else(|| {
                        SetupError::Syntax(format!(
                            "bad en passant square {text:?}: expected - or a square on rank 3 or 6"
                        ))
                    })?,
            ),
        };
        if let Some(text) = fields.get(4) {
            setup.halfmove_clock = text
                .parse()
                .map_err(|_| SetupError::Syntax(format!("bad half-move clock {text:?}")))?;
        }
        if let Some(text) = fields.get(5) {
            setup.fullmove_number = text
                .parse()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| SetupError::Syntax(format!("bad full-move number {text:?}")))?;
        }
        Ok(setup)
    }

    /// The position string, all fields (the teams field only when set).
    pub fn fen(&self) -> String {
        let mut fen = self.placement();
        let turn = match self.turn {
            Seat::White => 'w',
            Seat::Black => 'b',
        };
        let ep = self.en_passant.map_or("-".to_string(), |sq| sq.to_string());
        write!(
            fen,
            " {turn} {} {ep} {} {}",
            self.castling, self.halfmove_clock, self.fullmove_number
        )
        .expect("writing to a String");
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
        let mut text = String::with_capacity(80);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push_str(&piece.label());
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
}

fn read_placement(text: &str, setup: &mut RebelSetup) -> Option<()> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        // The square of the last piece read, for a `*` after it.
        let mut last: Option<usize> = None;
        for c in row.chars() {
            if c == '*' {
                let piece = setup.board[last.take()?].as_mut()?;
                piece.converted = true;
                continue;
            }
            last = None;
            if let Some(n) = c.to_digit(10) {
                if !(1..=8).contains(&n) {
                    return None;
                }
                file += n as usize;
            } else {
                let role = Role::from_char(c)?;
                let color = if c.is_ascii_uppercase() {
                    Seat::White
                } else {
                    Seat::Black
                };
                if file >= 8 {
                    return None;
                }
                setup.board[rank * 8 + file] = Some(Piece::new(color, role));
                last = Some(rank * 8 + file);
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
