//! The position string: FEN generalised to any board.
//!
//! `placement turn castling en-passant halfmoves fullmoves`, as FEN, with:
//! - each rank, top first, listing only the squares that exist, from the
//!   a-file on (a number counts empty squares and may have two digits);
//! - a piece written as its letter (upper case White), then its army's
//!   suffix (`'`), then its marks' suffixes (`*`);
//! - castling as `KQkq` where the board and armies are orthodox chess's
//!   (one army a side, White's moving up) and the rights are White's and
//!   Black's own on their home squares; otherwise the squares of the kings
//!   and rooks that may still castle (`d1,g1,k1`), or `-` (Reflection
//!   Teammate's halves has Black's kings on e1 and e8: letters would say
//!   White's);
//! - en passant as the squares skipped by the last turn's double steps
//!   (`e3`, or `e3,e6` after a pair of them), or `-`.

use std::fmt;

use super::pieces::Piece;
use super::position::{EnPassant, Position, Setup, SetupError};
use super::squares::SquareSet;
use super::variant::Variant;
use crate::rules::Seat;
use crate::rules::geometry::Square;

impl Setup {
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
                let pawn = setup
                    .en_passant_pawn(variant, skipped)
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

/// The orthodox castling letters: the letter's owner, its king's and
/// rook's squares.
const LETTERS: [(char, Seat, &str, &str); 4] = [
    ('K', Seat::White, "e1", "h1"),
    ('Q', Seat::White, "e1", "a1"),
    ('k', Seat::Black, "e8", "h8"),
    ('q', Seat::Black, "e8", "a8"),
];

/// Whether castling rights may be written as letters: orthodox chess's
/// board and armies (one a side, White's pawns moving up), where `K` can
/// only mean White's king on e1 and rook on h1.
fn letters_apply(variant: &Variant) -> bool {
    let geometry = &variant.geometry;
    let orthodox_armies = match variant.armies.as_slice() {
        [white, black] => {
            (white.owner, white.forward, black.owner, black.forward)
                == (Seat::White, (0, 1), Seat::Black, (0, -1))
        }
        _ => false,
    };
    geometry.width() == 8 && geometry.height() == 8 && geometry.len() == 64 && orthodox_armies
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
    if !letters_apply(variant) {
        return Err(SetupError::Syntax(format!(
            "castling rights on this board are written as the squares of the kings and rooks \
             that may still castle (as e1,h1), not as {text:?}"
        )));
    }
    for c in text.chars() {
        let (_, _, king, rook) = LETTERS
            .iter()
            .find(|(l, ..)| *l == c)
            .ok_or_else(|| SetupError::Syntax(format!("{c:?} is not a castling right")))?;
        for name in [king, rook] {
            set.insert(Square::parse(name).expect("a square"));
        }
    }
    Ok(set)
}

/// A position shows as its position string.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl Position {
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
        use std::fmt::Write;
        let geometry = &self.variant.geometry;
        let mut out = String::with_capacity(2 * geometry.area());
        // A run of empty squares as its count (no text made for it).
        let run = |out: &mut String, empty: u32| {
            if empty > 0 {
                write!(out, "{empty}").expect("writing to a string");
            }
        };
        for rank in (0..geometry.height()).rev() {
            let mut empty = 0;
            for file in 0..geometry.width() {
                let Some(square) = Square::new(file, rank).filter(|s| geometry.contains(*s)) else {
                    continue;
                };
                match self.cells[geometry.index(square)] {
                    None => empty += 1,
                    Some(piece) => {
                        run(&mut out, empty);
                        empty = 0;
                        self.variant.write_label(piece, &mut out);
                    }
                }
            }
            run(&mut out, empty);
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The castling field: `KQkq` where the letters can only mean what
    /// they say (see the module doc), else the squares.
    pub fn castling_text(&self) -> String {
        if self.castling.is_empty() {
            return "-".to_string();
        }
        if letters_apply(&self.variant) {
            let mut letters = String::new();
            let mut covered = SquareSet::EMPTY;
            for (c, owner, king, rook) in LETTERS {
                let pair = [king, rook].map(|n| Square::parse(n).expect("a square"));
                let owned = pair.iter().all(|s| {
                    self.castling.contains(*s)
                        && self.piece_at(*s).is_some_and(|p| p.owner == owner)
                });
                if owned {
                    letters.push(c);
                    for s in pair {
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
}
