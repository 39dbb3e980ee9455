//! The hybrid's position string: `PLACEMENT SIDE CASTLING EN-PASSANT
//! HALFMOVES FULLMOVES`, as FEN, with Black's cubes and king in the
//! placement:
//!
//! - `P N B R Q K` White's pieces, `p n b r q` Black's (captured and turned);
//! - `o + x` Black's pusher, hopper, slasher;
//! - `(` a cube's symbol and a piece's letter `)`: Black's king, that piece
//!   riding that cube (`(on)`: a knight on a pusher);
//! - CASTLING `KQ`, `K`, `Q` or `-` (only White castles).
//!
//! The counters may be left out. The start is
//! `1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1`.

use crate::rules::chesslike::{EnPassant, Kind, Position, Setup, SquareSet};
use crate::rules::geometry::Square;
use crate::rules::superial::board::{Aspect, Token};
use crate::rules::{PositionError, Seat};

use super::men::{Man, variant};

/// The start: the orthodox army, and eight pushers on a7 c7 e7 g7 b8 d8
/// f8 h8.
pub const START: &str = "1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";

fn malformed(text: String) -> PositionError {
    PositionError::Malformed(text)
}

/// Reads a position string into a position of the layer (not yet judged
/// by the hybrid's rules: see [`super::Hybrid::from_position`]).
pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(malformed(format!(
            "{text:?} is not PLACEMENT SIDE CASTLING EN-PASSANT [HALFMOVES FULLMOVES], as in \
             {START}"
        )));
    }
    let variant = variant();
    let mut setup = Setup::empty(&variant);
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 8 {
        return Err(malformed(format!(
            "the placement has {} ranks; the hybrid's board has 8",
            rows.len()
        )));
    }
    // Pawns on their last rank that got there otherwise than by moving as
    // pawns (pushed there, or Black's king carried there by its cube) have
    // not promoted: they are put back after the layer's checks, which would
    // refuse them.
    let mut pushed_pawns = Vec::new();
    for (top, row) in rows.iter().enumerate() {
        let rank = 7 - top as u8;
        let mut file = 0u8;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            let man = if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as u8;
                continue;
            } else if c == '(' {
                let inner: String = chars.by_ref().take_while(|c| *c != ')').collect();
                let mut parts = inner.chars();
                let (Some(a), Some(p), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(malformed(format!(
                        "({inner}) in rank {} is not Black's king: a cube symbol and a piece \
                         letter in brackets, as (on)",
                        rank + 1
                    )));
                };
                let aspect = Aspect::parse(&a.to_string());
                let kind = Kind::from_standard_letter(p).filter(|k| *k != Kind::KING);
                match (aspect, kind) {
                    (Some(aspect), Some(kind)) => Man::king(aspect, kind),
                    _ => {
                        return Err(malformed(format!(
                            "({inner}) in rank {}: Black's king is a cube symbol (o + x) and a \
                             piece letter (p n b r q)",
                            rank + 1
                        )));
                    }
                }
            } else if let Some(aspect) = Aspect::parse(&c.to_string()) {
                Man::cube(aspect)
            } else if let Some(kind) = Kind::from_standard_letter(c) {
                if c == 'k' {
                    return Err(malformed(
                        "Black has no king of its own: its king is a piece riding a cube, \
                         written as (on)"
                            .to_string(),
                    ));
                }
                let owner = if c.is_ascii_uppercase() {
                    Seat::White
                } else {
                    Seat::Black
                };
                Man::piece(owner, kind)
            } else {
                return Err(malformed(format!(
                    "{c:?} in rank {} is no man of the hybrid (P N B R Q K White's pieces, \
                     p n b r q Black's, o + x Black's cubes, (on) Black's king, a digit for \
                     empty squares)",
                    rank + 1
                )));
            };
            if file < 8 {
                let square = Square::new(file, rank).expect("on the board");
                if man.0.kind == Kind::PAWN && variant.promotes(man.0.army, square) {
                    pushed_pawns.push((square, man));
                } else {
                    setup.cells[variant.geometry.index(square)] = Some(man.0);
                }
            }
            file += 1;
        }
        if file != 8 {
            return Err(malformed(format!(
                "rank {} ({row:?}) has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    setup.turn = match fields[1] {
        "w" => Seat::White,
        "b" => Seat::Black,
        other => {
            return Err(malformed(format!(
                "the side to act is w or b, not {other:?}"
            )));
        }
    };
    let mut castling = SquareSet::EMPTY;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let rook = match c {
                'K' => "h1",
                'Q' => "a1",
                _ => {
                    return Err(malformed(format!(
                        "castling {:?} is KQ, K, Q or - (only White castles)",
                        fields[2]
                    )));
                }
            };
            castling.insert(Square::parse("e1").expect("a square"));
            castling.insert(Square::parse(rook).expect("a square"));
        }
    }
    setup.castling = castling;
    if fields[3] != "-" {
        let skipped = Square::parse(fields[3])
            .filter(|s| s.rank() == 2 || s.rank() == 5)
            .ok_or_else(|| {
                malformed(format!(
                    "en passant {:?} is a square of rank 3 or 6, or -",
                    fields[3]
                ))
            })?;
        let pawn_rank = if skipped.rank() == 2 { 3 } else { 4 };
        let pawn = Square::new(skipped.file(), pawn_rank).expect("on the board");
        setup.en_passant.push(EnPassant { skipped, pawn });
    }
    let counter = |i: usize, least: u32| -> Result<u32, PositionError> {
        fields.get(i).map_or(Ok(least), |f| {
            f.parse::<u32>()
                .ok()
                .filter(|n| *n >= least && *n < 100_000)
                .ok_or_else(|| malformed(format!("{f:?} is not a move counter")))
        })
    };
    setup.halfmoves = counter(4, 0)?;
    setup.fullmoves = counter(5, 1)?;
    let mut position = Position::from_setup(variant, setup)?;
    for (square, man) in pushed_pawns {
        position.set(square, Some(man.0));
    }
    Ok(position)
}

/// The letter or bracket a man is written with: `N`, `p`, `o`, `(on)`.
pub fn write_man(man: Man) -> String {
    let letter = |kind: Kind, owner: Seat| {
        let c = kind.standard_letter().expect("an orthodox kind");
        match owner {
            Seat::White => c,
            Seat::Black => c.to_ascii_lowercase(),
        }
    };
    match man.aspect() {
        Some(aspect) if man.is_king() => format!(
            "({}{})",
            aspect.symbol().to_ascii_lowercase(),
            letter(man.0.kind, Seat::Black)
        ),
        Some(aspect) => aspect.symbol().to_ascii_lowercase().to_string(),
        None => letter(man.0.kind, man.team()).to_string(),
    }
}

/// The placement field.
pub fn placement(position: &Position) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            let square = Square::new(file, rank).expect("on the board");
            match position.piece_at(square) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&write_man(Man(piece)));
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The castling field: `KQ`, `K`, `Q` or `-`.
pub fn castling(position: &Position) -> String {
    let rights = position.castling();
    let mut text = String::new();
    for (c, rook) in [('K', "h1"), ('Q', "a1")] {
        if rights.contains(Square::parse(rook).expect("a square")) {
            text.push(c);
        }
    }
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// What makes two positions the same for repetition: the men, the side to
/// act, castling and en passant.
pub fn key(position: &Position) -> String {
    format!(
        "{} {} {} {}",
        placement(position),
        position.turn_char(),
        castling(position),
        position.en_passant_text()
    )
}

/// The whole position string.
pub fn write(position: &Position) -> String {
    format!(
        "{} {} {}",
        key(position),
        position.halfmove_clock(),
        position.fullmove_number()
    )
}
