//! Moves in players' notation: Standard Algebraic Notation out, and SAN or
//! coordinates in, with typed errors (syntax, illegal with a hint,
//! ambiguous with the candidates).

use std::fmt;

use thiserror::Error;

use super::bitboard;
use super::position::Position;
use super::{CastleSide, Move, Role};
use crate::rules::geometry::Square;

/// A move's SAN as a game records it, kept inline rather than on the heap
/// (a game's copy in the computer's search records one at every step): the
/// longest SAN is seven characters (`Qa1xb2#`, `exd8=Q+`).
pub type San = arrayvec::ArrayString<8>;

/// The forms a move may be written in, for syntax errors.
pub const MOVE_FORMS: &str = "a move in algebraic notation (e4, Nf3, exd5, Nbd7, R1a3, O-O, O-O-O, e8=Q) \
     or from and to squares (g1f3, g1-f3, Ng1-f3, e7e8q, e7-e8=Q); castling may also be written \
     OO, OOO, castles short, castles long, or castles when only one is possible";

/// What a move text names when no legal move fits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalHint {
    /// The legal moves, in SAN, of the piece or pieces the text named
    /// (`what`: "Your knight on g1", "Your rooks"); empty if they have none.
    Piece { what: String, moves: Vec<String> },
    /// The text named no piece of the mover's: every legal move, in SAN.
    All(Vec<String>),
}

impl fmt::Display for IllegalHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalHint::Piece { what, moves } if moves.is_empty() => {
                write!(f, "{what}: no legal move.")
            }
            IllegalHint::Piece { what, moves } => write!(f, "{what}: {}.", moves.join(", ")),
            IllegalHint::All(moves) if moves.is_empty() => f.write_str("You have no legal move."),
            IllegalHint::All(moves) => write!(f, "Your legal moves: {}.", moves.join(", ")),
        }
    }
}

/// Why a text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a move in any accepted form ([`MOVE_FORMS`]).
    #[error("{text:?} is not a move: expected {MOVE_FORMS}")]
    Syntax { text: String },
    /// A well-formed move that no legal move fits; `reason` is a sentence.
    #[error("{reason} {hint}")]
    Illegal {
        text: String,
        reason: String,
        hint: IllegalHint,
    },
    /// More than one legal move fits; the candidates in SAN.
    #[error("{text:?} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

/// A move text as read, before looking at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Notation {
    Castle(CastleSide),
    /// `castles` without a side: whichever castling is legal.
    AnyCastle,
    Normal {
        /// `None`: any piece (coordinates without a letter).
        role: Option<Role>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        to: Square,
        /// `None`: not given (a promotion then needs it). Read as written,
        /// a king or pawn included, so that the refusal can say why.
        promotion: Option<Role>,
        /// Marked `e.p.`: the move must be a capture en passant.
        en_passant: bool,
    },
}

impl Notation {
    /// The square a move was written from, when given whole.
    pub(super) fn origin(self) -> Option<Square> {
        match self {
            Notation::Normal {
                from_file: Some(f),
                from_rank: Some(r),
                ..
            } => Square::new(f, r),
            _ => None,
        }
    }
}

/// Removes check marks, annotation glyphs and an `e.p.` mark from the end;
/// the flag says whether an `e.p.` mark was there.
fn strip_suffixes(mut text: &str) -> (&str, bool) {
    let mut en_passant = false;
    loop {
        let before = text.len();
        text = text.trim_end().trim_end_matches(['+', '#', '!', '?']);
        for mark in ["e.p.", "ep"] {
            let lower = text.to_ascii_lowercase();
            if lower.ends_with(mark) && text.len() > mark.len() + 1 {
                text = &text[..text.len() - mark.len()];
                en_passant = true;
            }
        }
        if text.len() == before {
            return (text, en_passant);
        }
    }
}

/// Castling in words: `castles` (either side), `castles short`, `castle
/// long`, `castles kingside`, `castles queenside`.
fn read_castles(lower: &str) -> Option<Notation> {
    let words: Vec<&str> = lower.split_whitespace().collect();
    let (first, side) = words.split_first()?;
    if !matches!(*first, "castles" | "castle") {
        return None;
    }
    match side {
        [] => Some(Notation::AnyCastle),
        ["short" | "kingside"] => Some(Notation::Castle(CastleSide::King)),
        ["long" | "queenside"] => Some(Notation::Castle(CastleSide::Queen)),
        _ => None,
    }
}

/// Reads a move text; `None` when it is no move in any accepted form.
pub(super) fn read(text: &str) -> Option<Notation> {
    let normalised: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{d7}' => 'x',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            other => other,
        })
        .collect();
    let (text, en_passant) = strip_suffixes(&normalised);
    if !text.is_ascii() || text.is_empty() {
        return None;
    }
    if let Some(castles) = read_castles(&text.to_ascii_lowercase()) {
        return (!en_passant).then_some(castles);
    }
    // Coordinates in capitals (`B2B3`, `E7E8Q`): the `B` is a file there,
    // not a bishop.
    if text.bytes().any(|b| b.is_ascii_uppercase()) && !text.bytes().any(|b| b.is_ascii_lowercase())
    {
        let lower = read(&text.to_ascii_lowercase());
        if let Some(Notation::Normal { role: None, .. }) = lower {
            return lower;
        }
    }
    match text.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" | "OO" if !en_passant => return Some(Notation::Castle(CastleSide::King)),
        "O-O-O" | "OOO" if !en_passant => return Some(Notation::Castle(CastleSide::Queen)),
        _ => {}
    }
    let bytes = text.as_bytes();
    // A piece letter: upper case, or lower case when it cannot be a file.
    let (role, mut rest) = match bytes[0] {
        c @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'n' | b'p') => {
            (Role::from_char(c as char), &bytes[1..])
        }
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
    // Any piece letter is read here; a king or pawn is refused with a reason.
    let promotion = match promotion {
        None => None,
        Some(p) => Some(Role::from_char(p as char)?),
    };
    // The destination square.
    let [head @ .., f, r] = rest else {
        return None;
    };
    let to = square_of(*f, *r)?;
    // A separator, then nothing, a file, a rank, or both.
    let (capture, head) = match head {
        [h @ .., b'x' | b'X' | b':'] => (true, h),
        [h @ .., b'-'] => (false, h),
        h => (false, h),
    };
    let (mut from_file, from_rank) = match head {
        [] => (None, None),
        [c] if (b'a'..=b'h').contains(c) => (Some(c - b'a'), None),
        [c] if (b'1'..=b'8').contains(c) => (None, Some(c - b'1')),
        [f, r] => {
            let sq = square_of(*f, *r)?;
            (Some(sq.file()), Some(sq.rank()))
        }
        _ => return None,
    };
    let role = match role {
        Some(role) => Some(role),
        None if from_file.is_some() && from_rank.is_some() => None,
        None => Some(Role::Pawn),
    };
    // A pawn move written without a file (`e5`) is the push on that file.
    if role == Some(Role::Pawn) && from_file.is_none() && !capture {
        from_file = Some(to.file());
    }
    Some(Notation::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
        en_passant,
    })
}

fn square_of(file: u8, rank: u8) -> Option<Square> {
    let file = file.to_ascii_lowercase();
    ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
        .then(|| Square::new(file - b'a', rank - b'1'))
        .flatten()
}

impl Position {
    /// A legal move in Standard Algebraic Notation, with `+` or `#`.
    ///
    /// ```
    /// use arbiter::rules::chess::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// assert_eq!(pos.san(&"a1a8".parse().unwrap()), "Ra8#");
    /// ```
    pub fn san(&self, mv: &Move) -> String {
        self.san_with(mv, &self.legal_moves())
    }

    /// SAN of a legal move, given the position it leads to and whether the
    /// side to move there is `stuck` without a legal move (which playing
    /// the move tells anyway): the same text as [`Position::san`], without
    /// generating this position's moves unless another piece of the same
    /// kind may reach the square.
    pub(crate) fn san_after(&self, mv: &Move, next: &Position, stuck: bool) -> San {
        let mut san = San::new();
        if self.may_have_rivals(mv) {
            self.write_san(mv, &self.legal_moves(), &mut san)
        } else {
            self.write_san(mv, &[], &mut san)
        }
        .expect("a SAN fits in eight characters");
        if next.is_check() {
            san.push(if stuck { '#' } else { '+' });
        }
        san
    }

    /// Whether another piece of the kind `mv` moves could reach its square
    /// by its movement alone (checks and pins aside): only then may its SAN
    /// need the square it comes from.
    fn may_have_rivals(&self, mv: &Move) -> bool {
        let (Some(from), Some(to)) = (bitboard::index(mv.from), bitboard::index(mv.to)) else {
            return true;
        };
        let Some(role) = self.role_at(from) else {
            return true;
        };
        let same = self.pieces(self.turn(), role) & !bitboard::bit(from);
        let occupied = self.occupied();
        let reach = match role {
            Role::Pawn | Role::King => 0,
            Role::Knight => bitboard::KNIGHT[to as usize],
            Role::Bishop => bitboard::bishop_attacks(to, occupied),
            Role::Rook => bitboard::rook_attacks(to, occupied),
            Role::Queen => {
                bitboard::bishop_attacks(to, occupied) | bitboard::rook_attacks(to, occupied)
            }
        };
        reach & same != 0
    }

    /// SAN of several legal moves of this position.
    pub fn san_list(&self, moves: &[Move]) -> Vec<String> {
        let legal = self.legal_moves();
        moves.iter().map(|mv| self.san_with(mv, &legal)).collect()
    }

    /// SAN without the check mark, `legal` being this position's legal moves.
    fn san_plain(&self, mv: &Move, legal: &[Move]) -> String {
        let mut san = String::with_capacity(8);
        self.write_san(mv, legal, &mut san)
            .expect("writing to a String cannot fail");
        san
    }

    /// [`Position::san_plain`] written into `out`.
    fn write_san(&self, mv: &Move, legal: &[Move], out: &mut impl fmt::Write) -> fmt::Result {
        if let Some(side) = self.is_castle(mv) {
            return out.write_str(side.san());
        }
        let Some(piece) = self.piece_at(mv.from) else {
            return write!(out, "{mv}");
        };
        let capture = self.is_capture(mv);
        if piece.role == Role::Pawn {
            if capture {
                out.write_char(mv.from.file_char())?;
            }
        } else {
            out.write_char(piece.role.char())?;
            let rivals: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    m.to == mv.to
                        && m.from != mv.from
                        && self.piece_at(m.from).map(|p| p.role) == Some(piece.role)
                })
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|m| m.from.file() != mv.from.file()) {
                    out.write_char(mv.from.file_char())?;
                } else if rivals.iter().all(|m| m.from.rank() != mv.from.rank()) {
                    out.write_char((b'1' + mv.from.rank()) as char)?;
                } else {
                    write!(out, "{}", mv.from)?;
                }
            }
        }
        if capture {
            out.write_char('x')?;
        }
        write!(out, "{}", mv.to)?;
        if let Some(role) = mv.promotion {
            out.write_char('=')?;
            out.write_char(role.char())?;
        }
        Ok(())
    }

    /// Moves in SAN in the order players list them: king (castling last),
    /// queens, rooks, bishops, knights, pawns; by square within each.
    pub(super) fn display(&self, mut moves: Vec<Move>, legal: &[Move]) -> Vec<String> {
        let rank = |role: Option<Role>| match role {
            Some(Role::King) => 0,
            Some(Role::Queen) => 1,
            Some(Role::Rook) => 2,
            Some(Role::Bishop) => 3,
            Some(Role::Knight) => 4,
            _ => 5,
        };
        moves.sort_by_key(|m| {
            let promotion = m
                .promotion
                .map(|p| Role::PROMOTIONS.iter().position(|r| *r == p));
            (
                rank(self.piece_at(m.from).map(|p| p.role)),
                self.is_castle(m).is_some(),
                m.from,
                m.to,
                promotion,
            )
        });
        moves.iter().map(|m| self.san_with(m, legal)).collect()
    }

    pub(super) fn san_with(&self, mv: &Move, legal: &[Move]) -> String {
        let mut san = self.san_plain(mv, legal);
        let next = self.play(mv);
        if next.is_check() {
            san.push(if next.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    /// Reads a move written in SAN or as coordinates and finds the one legal
    /// move it names.
    ///
    /// Accepted: `Nf3`, `exd6`, `ed6`, `O-O`, `0-0-0`, `OO`, `e8=Q`, `e8Q`,
    /// `Nbd7`, `R1a3`, `Ng1f3`, with or without `x`, `+`, `#`, `!?` and
    /// `e.p.` marks; `g1f3`, `g1-f3`, `Ng1-f3`, `e7e8q`, `e7-e8=Q`;
    /// `castles short`, `castles long`, and `castles` when only one
    /// castling is legal. A capture mark on a move that captures nothing,
    /// and an `e.p.` mark on a move that is not en passant, are refused; a
    /// missing one is forgiven. A promotion without its piece is ambiguous;
    /// one to a king or pawn is refused with that reason. A refused b-pawn
    /// move that reads as a legal bishop move with a capital `B` says so.
    ///
    /// ```
    /// use arbiter::rules::chess::{MoveError, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_move("g1-f3").unwrap(), pos.parse_move("Nf3").unwrap());
    /// assert!(matches!(pos.parse_move("Nf4"), Err(MoveError::Illegal { .. })));
    /// assert!(matches!(pos.parse_move("hello"), Err(MoveError::Syntax { .. })));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let notation = read(text).ok_or_else(|| MoveError::Syntax {
            text: text.trim().to_string(),
        })?;
        let legal = self.legal_moves();
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| self.fits(notation, m, true))
            .collect();
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => {
                let mut err = self.explain(text.trim(), notation, &legal);
                if let MoveError::Illegal { reason, .. } = &mut err
                    && let Some(meant) = self.capital_reading(text, notation, &legal)
                {
                    reason.push_str(&format!(" Pieces take a capital letter: {meant}."));
                }
                Err(err)
            }
            many => {
                let candidates = if notation == Notation::AnyCastle {
                    // O-O before O-O-O, as players say them.
                    CastleSide::BOTH
                        .iter()
                        .filter_map(|side| many.iter().find(|m| self.is_castle(m) == Some(*side)))
                        .map(|m| self.san_with(m, &legal))
                        .collect()
                } else {
                    self.display(many.to_vec(), &legal)
                };
                Err(MoveError::Ambiguous {
                    text: text.trim().to_string(),
                    candidates,
                })
            }
        }
    }

    /// Whether the legal move `mv` fits what was written; `strict` false
    /// ignores the capture and en passant marks (to explain a refusal).
    pub(super) fn fits(&self, notation: Notation, mv: &Move, strict: bool) -> bool {
        match notation {
            Notation::Castle(side) => self.is_castle(mv) == Some(side),
            Notation::AnyCastle => self.is_castle(mv).is_some(),
            Notation::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                en_passant,
            } => {
                mv.to == to
                    && from_file.is_none_or(|f| f == mv.from.file())
                    && from_rank.is_none_or(|r| r == mv.from.rank())
                    && role.is_none_or(|r| self.piece_at(mv.from).is_some_and(|p| p.role == r))
                    && promotion.is_none_or(|p| mv.promotion == Some(p))
                    && (!strict || !capture || self.is_capture(mv))
                    && (!strict || !en_passant || self.is_en_passant(mv))
                    // SAN names castling O-O; `Kg1` is not it.
                    && (self.is_castle(mv).is_none() || notation.origin().is_some())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compact picture of what was read: piece (`*` any), from file and
    /// rank (`.` not given), `x` or `-`, destination, `=` promotion, `ep`
    /// for an en passant mark; `O-O?` for castling to either side.
    fn show(text: &str) -> String {
        match read(text) {
            None => "syntax".to_string(),
            Some(Notation::Castle(side)) => side.san().to_string(),
            Some(Notation::AnyCastle) => "O-O?".to_string(),
            Some(Notation::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                en_passant,
            }) => {
                format!(
                    "{}{}{}{}{to}{}{}",
                    role.map_or('*', Role::char),
                    from_file.map_or('.', |f| (b'a' + f) as char),
                    from_rank.map_or('.', |r| (b'1' + r) as char),
                    if capture { 'x' } else { '-' },
                    promotion.map_or(String::new(), |p| format!("={}", p.char())),
                    if en_passant { " ep" } else { "" },
                )
            }
        }
    }

    #[test]
    fn reads_the_accepted_forms() {
        let cases = [
            ("Nf3", "N..-f3"),
            ("exd6 e.p.", "Pe.xd6 ep"),
            ("exd6ep+", "Pe.xd6 ep"),
            ("e3 e.p.", "Pe.-e3 ep"),
            ("ed6", "Pe.-d6"),
            ("e8=Q+", "Pe.-e8=Q"),
            ("e8Q", "Pe.-e8=Q"),
            ("e8", "Pe.-e8"),
            ("Nbd7", "Nb.-d7"),
            ("R1a3!?", "R.1-a3"),
            ("Rxa3??", "R..xa3"),
            ("g1f3", "*g1-f3"),
            ("g1-f3", "*g1-f3"),
            ("Ng1-f3", "Ng1-f3"),
            ("Ng1xf3", "Ng1xf3"),
            ("e7e8q", "*e7-e8=Q"),
            ("e7-e8=Q", "*e7-e8=Q"),
            ("bxc8(N)#", "Pb.xc8=N"),
            ("b:c8/R", "Pb.xc8=R"),
            ("Bb8", "B..-b8"),
            ("bb8", "Pb.-b8"),
            ("e7e8b", "*e7-e8=B"),
            ("nf3", "N..-f3"),
            ("Pe4", "Pe.-e4"),
            ("Qh4\u{d7}e1", "Qh4xe1"),
            ("  e2\u{2013}e4 ", "*e2-e4"),
            ("0-0-0+", "O-O-O"),
            ("O-O", "O-O"),
            ("o-o!", "O-O"),
            ("OO", "O-O"),
            ("oo", "O-O"),
            ("00", "O-O"),
            ("OOO", "O-O-O"),
            ("ooo+", "O-O-O"),
            ("castles", "O-O?"),
            ("Castle", "O-O?"),
            ("CASTLES", "O-O?"),
            ("castles short", "O-O"),
            ("castles  kingside", "O-O"),
            ("castles long", "O-O-O"),
            ("castle queenside", "O-O-O"),
            ("castles sideways", "syntax"),
            ("castles e.p.", "syntax"),
            ("OO e.p.", "syntax"),
            ("OOOO", "syntax"),
            ("", "syntax"),
            ("hello", "syntax"),
            ("e9", "syntax"),
            ("i4", "syntax"),
            ("Nf", "syntax"),
            ("e8=K", "Pe.-e8=K"),
            ("e8=P", "Pe.-e8=P"),
            ("e7e8k", "*e7-e8=K"),
            ("e8=X", "syntax"),
            ("Nbb1d2", "syntax"),
            ("x", "syntax"),
            ("++", "syntax"),
            ("e2e4e5", "syntax"),
            ("Zf3", "syntax"),
            ("\u{e9}4", "syntax"),
            ("O-O-O-O", "syntax"),
        ];
        for (text, expected) in cases {
            assert_eq!(show(text), expected, "{text:?}");
        }
    }
}
