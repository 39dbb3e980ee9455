//! One reader of moves for every chess-like board, parameterised by the
//! variant's piece letters and board size: SAN (`Nf3`, `exd5`, `R1a3`,
//! `O-O`, `e8=Q`), coordinates (`g1f3`, `g1-f3`, `Ng1-f3`, `e7e8q`), and the
//! spaced form of Reflection Teammate's text (`N g1-f3`). What a text names
//! is a [`Notation`], matched against moves by their [`MoveFacts`]; the
//! writer and the typed errors (syntax, illegal with a hint, ambiguous,
//! shared with the orthodox engine) are in `san.rs`.

use super::pieces::Kind;
use super::step::{CastleSide, Step};
use super::variant::Variant;
use crate::rules::geometry::Square;

/// The forms a move may be written in, for syntax errors.
pub const FORMS: &str = "a move in algebraic notation (e4, Nf3, exd5, Nbd7, R1a3, O-O, O-O-O, \
     e8=Q), or from and to squares (g1f3, g1-f3, N g1-f3, Ng1xf3, e7e8q, e7-e8=Q)";

/// A move text as read, before looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Castle(CastleSide),
    Normal {
        /// `None`: any piece (coordinates without a letter).
        kind: Option<Kind>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        to: Square,
        /// `None`: not given (a promotion then needs it).
        promotion: Option<Kind>,
        /// A pawn move with no origin and no capture: a step straight
        /// ahead (`e4`).
        straight: bool,
    },
}

/// What a move is, for matching it against a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    pub from: Square,
    pub to: Square,
    pub kind: Kind,
    pub capture: bool,
    pub castle: Option<CastleSide>,
    pub straight: bool,
    pub promotion: Option<Kind>,
}

impl MoveFacts {
    /// The facts of a step of the piece `kind` with a promotion.
    pub fn of(step: &Step, kind: Kind, promotion: Option<Kind>) -> MoveFacts {
        MoveFacts {
            from: step.from,
            to: step.to,
            kind,
            capture: step.capture.is_some(),
            castle: step.castle_side(),
            straight: step.is_straight(),
            promotion,
        }
    }
}

impl Notation {
    /// The origin square when the text names it whole.
    pub fn origin(self) -> Option<Square> {
        match self {
            Notation::Normal {
                from_file: Some(f),
                from_rank: Some(r),
                ..
            } => Square::new(f, r),
            _ => None,
        }
    }

    /// Whether a move fits what was written; `check_capture` false ignores
    /// the capture mark (to explain a refusal).
    pub fn fits(self, facts: &MoveFacts, check_capture: bool) -> bool {
        match self {
            Notation::Castle(side) => facts.castle == Some(side),
            Notation::Normal {
                kind,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                straight,
            } => {
                facts.to == to
                    && from_file.is_none_or(|f| f == facts.from.file())
                    && from_rank.is_none_or(|r| r == facts.from.rank())
                    && kind.is_none_or(|k| k == facts.kind)
                    && promotion.is_none_or(|p| facts.promotion == Some(p))
                    && (!check_capture || !capture || facts.capture)
                    && (!straight || facts.straight)
                    // SAN names castling O-O; `Kg1` is not it.
                    && (facts.castle.is_none() || self.origin().is_some())
            }
        }
    }
}

/// Removes check marks, annotation glyphs and an `e.p.` mark from the end.
fn strip_suffixes(mut text: &str) -> &str {
    loop {
        let before = text.len();
        text = text.trim_end().trim_end_matches(['+', '#', '!', '?']);
        for mark in ["e.p.", "ep"] {
            let lower = text.to_ascii_lowercase();
            if lower.ends_with(mark) && text.len() > mark.len() + 1 {
                text = &text[..text.len() - mark.len()];
            }
        }
        if text.len() == before {
            return text;
        }
    }
}

/// Reads a move text for `variant`; `None` when it is no move in any
/// accepted form.
///
/// ```
/// use arbiter::rules::chesslike::{Notation, Variant, read_move};
/// let variant = Variant::orthodox();
/// assert!(matches!(read_move(&variant, "N g1-f3"), Some(Notation::Normal { .. })));
/// assert_eq!(read_move(&variant, "Nf3"), read_move(&variant, "nf3"));
/// assert!(read_move(&variant, "hello").is_none());
/// ```
pub fn read_move(variant: &Variant, text: &str) -> Option<Notation> {
    let normalised: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{d7}' => 'x',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            other => other,
        })
        .collect();
    let mut text = strip_suffixes(&normalised).to_string();
    // The text's spaced form: `N e3-d5`.
    if let [letter, b' ', ..] = text.as_bytes()
        && letter.is_ascii_alphabetic()
    {
        text.remove(1);
    }
    let text = text.as_str();
    if !text.is_ascii() || text.is_empty() || text.contains(char::is_whitespace) {
        return None;
    }
    // Coordinates in capitals (`B2B3`): the `B` is a file there.
    if text.bytes().any(|b| b.is_ascii_uppercase()) && !text.bytes().any(|b| b.is_ascii_lowercase())
    {
        let lower = read_move(variant, &text.to_ascii_lowercase());
        if let Some(Notation::Normal { kind: None, .. }) = lower {
            return lower;
        }
    }
    match text.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" => return Some(Notation::Castle(CastleSide::Short)),
        "O-O-O" => return Some(Notation::Castle(CastleSide::Long)),
        _ => {}
    }
    let width = variant.geometry.width();
    let is_file = |c: u8| c.is_ascii_lowercase() && c - b'a' < width;
    let bytes = text.as_bytes();
    // A piece letter: upper case, or lower case when it cannot be a file.
    let letter_kind = |c: u8| {
        variant
            .kind_of_letter(c as char)
            .filter(|_| c.is_ascii_alphabetic())
    };
    let (mut kind, mut rest) = match bytes[0] {
        c if c.is_ascii_uppercase() => (Some(letter_kind(c)?), &bytes[1..]),
        c if c.is_ascii_lowercase() && !is_file(c) => (Some(letter_kind(c)?), &bytes[1..]),
        _ => (None, bytes),
    };
    // The promotion at the end: `=Q`, `/Q`, `(Q)`, or a letter after the rank.
    let mut promotion = None;
    if let [head @ .., b'(', p, b')'] = rest {
        promotion = Some(*p);
        rest = head;
    } else if let [head @ .., b'=' | b'/', p] = rest {
        promotion = Some(*p);
        rest = head;
    } else if let [.., d, p] = rest
        && d.is_ascii_digit()
        && p.is_ascii_alphabetic()
    {
        promotion = Some(*p);
        rest = &rest[..rest.len() - 1];
    }
    let promotion = match promotion {
        None => None,
        Some(p) => Some(letter_kind(p).filter(|k| {
            let def = variant.kind(*k);
            !def.pawn && !def.royal
        })?),
    };
    // The destination square: a file and one or two digits.
    let (to, head) = split_square_back(rest, width)?;
    let (capture, head) = match head {
        [h @ .., b'x' | b'X' | b':'] => (true, h),
        [h @ .., b'-'] => (false, h),
        h => (false, h),
    };
    let (from_file, from_rank) = match head {
        [] => (None, None),
        [c] if is_file(*c) => (Some(c - b'a'), None),
        digits if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) => {
            (None, Some(rank_of(digits)?))
        }
        square => {
            let (sq, left) = split_square_back(square, width)?;
            if !left.is_empty() {
                return None;
            }
            (Some(sq.file()), Some(sq.rank()))
        }
    };
    if kind.is_none() && !(from_file.is_some() && from_rank.is_some()) {
        kind = Some(
            variant
                .kinds
                .iter()
                .position(|k| k.pawn)
                .map(|i| Kind(i as u8))?,
        );
    }
    let pawn = kind.is_some_and(|k| variant.kind(k).pawn);
    Some(Notation::Normal {
        kind,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
        straight: pawn && from_file.is_none() && from_rank.is_none() && !capture,
    })
}

/// A rank number of one or two digits (no leading zero), 0-based.
fn rank_of(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
        return None;
    }
    let n: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    n.checked_sub(1)
}

/// The square at the end of `bytes` (a file within `width` and a rank)
/// and what comes before it.
fn split_square_back(bytes: &[u8], width: u8) -> Option<(Square, &[u8])> {
    let digits = bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 2 || digits >= bytes.len() {
        return None;
    }
    let file_at = bytes.len() - digits - 1;
    let file = bytes[file_at].to_ascii_lowercase();
    if !file.is_ascii_lowercase() || file - b'a' >= width {
        return None;
    }
    let rank = rank_of(&bytes[file_at + 1..])?;
    Some((Square::new(file - b'a', rank)?, &bytes[..file_at]))
}
