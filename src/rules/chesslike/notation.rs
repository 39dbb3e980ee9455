//! One reader and writer of moves for every chess-like board, parameterised
//! by the variant's piece letters and board size: SAN (`Nf3`, `exd5`,
//! `R1a3`, `O-O`, `e8=Q`), coordinates (`g1f3`, `g1-f3`, `Ng1-f3`,
//! `e7e8q`), and the spaced form of Reflection Teammate's text
//! (`N g1-f3`), with typed errors: syntax, illegal with a hint, ambiguous
//! with the candidates ([`MoveError`], shared with the orthodox engine).

use super::movegen::{CastleSide, Move, Step, StepKind};
use super::pieces::Kind;
use super::position::Position;
use super::variant::Variant;
pub use crate::rules::chess::{IllegalHint, MoveError};
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

impl Position {
    /// The facts of a pseudo-legal move.
    pub fn facts(&self, step: &Step, promotion: Option<Kind>) -> MoveFacts {
        let kind = self.piece_at(step.from).map_or(Kind::PAWN, |p| p.kind);
        MoveFacts::of(step, kind, promotion)
    }

    /// A move in the spaced coordinate form of Reflection Teammate's text:
    /// `N g1-f3`, `P e7xd8=Q`, `K e1-g1` (castling is the king's move).
    pub fn coordinates(&self, mv: &Move) -> String {
        let letter = self
            .piece_at(mv.from)
            .map_or('?', |p| self.variant.kind(p.kind).letter);
        let capture = self.step_of(mv).is_some_and(|s| s.capture.is_some());
        let mut text = format!(
            "{letter} {}{}{}",
            mv.from,
            if capture { 'x' } else { '-' },
            mv.to
        );
        if let Some(kind) = mv.promotion {
            text.push('=');
            text.push(self.variant.kind(kind).letter);
        }
        text
    }

    /// A legal move in SAN, with `+` or `#` (orthodox rule).
    pub fn san(&self, mv: &Move) -> String {
        let legal = self.legal_moves();
        let mut san = self.san_plain(mv, &legal);
        let next = self.play(mv);
        if next.is_check() {
            san.push(if next.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    /// SAN without the check mark; `legal` are this position's moves.
    fn san_plain(&self, mv: &Move, legal: &[Move]) -> String {
        let (Some(step), Some(piece)) = (self.step_of(mv), self.piece_at(mv.from)) else {
            return mv.to_string();
        };
        if let Some(side) = step.castle_side() {
            return side.san().to_string();
        }
        let capture = step.capture.is_some();
        let mut san = String::with_capacity(8);
        if self.is_pawn(piece) {
            if step.kind != StepKind::PawnStraight
                && !matches!(step.kind, StepKind::PawnDouble { .. })
            {
                let (fx, _) = self.variant.army(piece.army).forward;
                if fx == 0 {
                    san.push(mv.from.file_char());
                } else {
                    san.push_str(&(mv.from.rank() + 1).to_string());
                }
            }
        } else {
            san.push(self.variant.kind(piece.kind).letter);
            let rivals: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    m.to == mv.to
                        && m.from != mv.from
                        && self.piece_at(m.from).map(|p| p.kind) == Some(piece.kind)
                })
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|m| m.from.file() != mv.from.file()) {
                    san.push(mv.from.file_char());
                } else if rivals.iter().all(|m| m.from.rank() != mv.from.rank()) {
                    san.push_str(&(mv.from.rank() + 1).to_string());
                } else {
                    san.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&mv.to.to_string());
        if let Some(kind) = mv.promotion {
            san.push('=');
            san.push(self.variant.kind(kind).letter);
        }
        san
    }

    /// Moves in SAN, ordered by piece (royal first, pawns last), then
    /// squares.
    pub fn san_list(&self, mut moves: Vec<Move>) -> Vec<String> {
        let legal = self.legal_moves();
        let order = |mv: &Move| {
            let kind = self.piece_at(mv.from).map(|p| p.kind);
            let rank = match kind {
                Some(k) if self.variant.kind(k).royal => 0,
                Some(k) if self.variant.kind(k).pawn => 99,
                Some(k) => 10 - k.0 as i32,
                None => 100,
            };
            (rank, mv.from, mv.to, mv.promotion)
        };
        moves.sort_by_key(order);
        moves.iter().map(|m| self.san_plain(m, &legal)).collect()
    }

    /// Reads a move in any accepted form and finds the one legal move
    /// (orthodox rule) it names.
    ///
    /// ```
    /// use arbiter::rules::chesslike::{MoveError, Position, Variant};
    /// let pos = Position::from_fen(
    ///     Variant::orthodox(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    /// ).unwrap();
    /// assert_eq!(pos.parse_move("N g1-f3").unwrap(), pos.parse_move("Nf3").unwrap());
    /// assert!(matches!(pos.parse_move("Nf4"), Err(MoveError::Illegal { .. })));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let notation = read_move(&self.variant, text).ok_or_else(|| MoveError::Syntax {
            text: text.to_string(),
        })?;
        let legal = self.legal_moves();
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                self.step_of(m)
                    .is_some_and(|s| notation.fits(&self.facts(&s, m.promotion), true))
            })
            .collect();
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(self.explain(text, notation, &legal)),
            many => Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates: self.san_list(many.to_vec()),
            }),
        }
    }

    /// The pieces of the side to move that a text names.
    pub fn named(&self, notation: Notation) -> Vec<Square> {
        let us = self.turn;
        self.pieces()
            .filter(|(sq, p)| {
                p.owner == us
                    && match notation {
                        Notation::Castle(_) => {
                            self.variant.kind(p.kind).castling
                                == Some(super::pieces::CastlingRole::King)
                        }
                        Notation::Normal {
                            kind,
                            from_file,
                            from_rank,
                            ..
                        } => {
                            kind.is_none_or(|k| k == p.kind)
                                && from_file.is_none_or(|f| f == sq.file())
                                && from_rank.is_none_or(|r| r == sq.rank())
                        }
                    }
            })
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Why no step of the named pieces fits a text, judged on the squares
    /// alone (not on check), or `None` if one does. `relaxed` as in
    /// [`Position::steps_from`].
    pub fn why_not(&self, notation: Notation, relaxed: bool) -> Option<String> {
        let named = self.named(notation);
        let mut steps = Vec::new();
        for &sq in &named {
            self.steps_from(sq, relaxed, &mut steps);
            self.castling_steps(sq, &mut steps);
        }
        let fits = |check_capture: bool| {
            steps.iter().any(|s| {
                self.promotions(s)
                    .into_iter()
                    .any(|p| notation.fits(&self.facts(s, p), check_capture))
            })
        };
        if fits(true) {
            return None;
        }
        let variant = &*self.variant;
        let name = |sq: Square| {
            self.piece_at(sq)
                .map_or("piece", |p| variant.kind(p.kind).name)
        };
        let (kind, from_file, from_rank, to, promotion, capture) = match notation {
            Notation::Castle(side) => return Some(self.castle_obstacle(&named, side)),
            Notation::Normal {
                kind,
                from_file,
                from_rank,
                to,
                promotion,
                capture,
                ..
            } => (kind, from_file, from_rank, to, promotion, capture),
        };
        if !variant.geometry.contains(to) {
            return Some(format!("There is no square {to} on this board."));
        }
        if named.is_empty() {
            let what = kind.map_or("piece", |k| variant.kind(k).name);
            let place = match (from_file, from_rank) {
                (Some(f), Some(r)) => {
                    Square::new(f, r).map_or(String::new(), |s| format!(" on {s}"))
                }
                (Some(f), None) => format!(" on the {}-file", (b'a' + f) as char),
                (None, Some(r)) => format!(" on rank {}", r + 1),
                (None, None) => String::new(),
            };
            return Some(format!("You have no {what}{place}."));
        }
        if capture && fits(false) {
            return Some(format!("There is nothing to capture on {to}."));
        }
        if let Some(p) = promotion {
            let without = Notation::Normal {
                kind,
                from_file,
                from_rank,
                capture,
                to,
                promotion: None,
                straight: false,
            };
            let reaches = steps.iter().any(|s| {
                self.promotions(s)
                    .into_iter()
                    .any(|q| without.fits(&self.facts(s, q), true))
            });
            if reaches {
                return Some(if variant.promotions.contains(&p) {
                    format!(
                        "A pawn promotes only where it can go no further; {to} is not such a square."
                    )
                } else {
                    let names: Vec<&str> = variant
                        .promotions
                        .iter()
                        .map(|k| variant.kind(*k).name)
                        .collect();
                    format!(
                        "A pawn may not promote to a {} here, only to a {}.",
                        variant.kind(p).name,
                        names.join(", ")
                    )
                });
            }
        }
        let barred = match named.as_slice() {
            [one] if !variant.allows(*one, to, self.piece_at(to).is_some()) => {
                if variant.zones.is_empty() {
                    " (no capture may cross the line between the two halves of the board)"
                } else {
                    " (no move may leave one player's home zone for the other's)"
                }
            }
            _ => "",
        };
        Some(match (named.as_slice(), kind) {
            ([one], _) => format!("Your {} on {one} cannot move to {to}{barred}.", name(*one)),
            (_, Some(k)) => format!("None of your {}s can move to {to}.", variant.kind(k).name),
            (_, None) => format!("None of your pieces can move to {to}."),
        })
    }

    /// Why a castling fits no step of the kings named (judged on the
    /// squares: whether the king and the rook on that side are unmoved,
    /// and the squares between them empty).
    fn castle_obstacle(&self, kings: &[Square], side: CastleSide) -> String {
        let wing = match side {
            CastleSide::Short => "short (O-O, with the rook three squares away)",
            CastleSide::Long => "long (O-O-O, with the rook four squares away)",
        };
        let unmoved: Vec<Square> = kings
            .iter()
            .copied()
            .filter(|k| self.castling.contains(*k))
            .collect();
        if unmoved.is_empty() {
            return "You can no longer castle: your king has moved.".to_string();
        }
        let rook_there = unmoved.iter().any(|king| {
            self.castling.iter().any(|rook| {
                let distance =
                    king.file().abs_diff(rook.file()) + king.rank().abs_diff(rook.rank());
                rook != *king
                    && (king.file() == rook.file() || king.rank() == rook.rank())
                    && match side {
                        CastleSide::Short => distance == 3,
                        CastleSide::Long => distance >= 4,
                    }
            })
        });
        if rook_there {
            format!("You cannot castle {wing} now: there are pieces between your king and rook.")
        } else {
            format!("You cannot castle {wing}: there is no unmoved rook on that side.")
        }
    }

    /// The error for a well-formed text that fits no legal move.
    fn explain(&self, text: &str, notation: Notation, legal: &[Move]) -> MoveError {
        let named = self.named(notation);
        let of = |squares: &[Square]| {
            self.san_list(
                legal
                    .iter()
                    .copied()
                    .filter(|m| squares.contains(&m.from))
                    .collect(),
            )
        };
        let hint = match named.as_slice() {
            [] => IllegalHint::All(self.san_list(legal.to_vec())),
            [one] => IllegalHint::Piece {
                what: format!(
                    "Your {} on {one}",
                    self.piece_at(*one)
                        .map_or("piece", |p| self.variant.kind(p.kind).name)
                ),
                moves: of(&named),
            },
            _ => IllegalHint::Piece {
                what: match notation {
                    Notation::Normal { kind: Some(k), .. } => {
                        format!("Your {}s", self.variant.kind(k).name)
                    }
                    _ => "Your pieces".to_string(),
                },
                moves: of(&named),
            },
        };
        let reason = match self.why_not(notation, false) {
            Some(reason) => reason,
            None if self.is_check() => {
                format!("You are in check, and {text} does not end the check.")
            }
            None if matches!(notation, Notation::Castle(_)) => {
                "You cannot castle out of or through check.".to_string()
            }
            None => format!("{text} would leave your king in check."),
        };
        MoveError::Illegal {
            text: text.to_string(),
            reason,
            hint,
        }
    }
}
