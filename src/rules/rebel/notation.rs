//! Actions in players' notation: SAN out (with `U` for the Recruiter and
//! `*` for a recruit), and SAN, coordinates or the recruit forms in, with
//! typed errors (syntax, illegal with a hint, ambiguous with the
//! candidates).
//!
//! A recruit is written like a capture with `*` instead of `x`: `U*d4`
//! (`Ub2*d4` when two Recruiters could), `N*e5`, `Nf3*e5`, `d*e5` for a
//! converted pawn; or as coordinates `b2*d4`; or in words, `recruit d4`,
//! `recruit d4 with b2`.

use thiserror::Error;

use super::position::RebelPosition;
use super::{Move, Play, Role, variant};
use crate::rules::chesslike::{Notation, read_move};
use crate::rules::geometry::Square;

/// The forms an action may be written in, for syntax errors.
pub const ACTION_FORMS: &str = "a move in algebraic notation (e4, Nf3, Uc4, exd5, O-O, e8=Q) \
     or from and to squares (g1f3, e2c4, e7e8q), or a recruit (U*d4, Ub2*d4, b2*d4, recruit d4, \
     recruit d4 with b2; in versions 2 and 3 also a converted piece's N*e5, Nf3*e5, d*e5, \
     recruit e5 with f3)";

/// Why a text is not a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// Not an action in any accepted form ([`ACTION_FORMS`]).
    #[error("{text:?} is not a move or recruit: expected {ACTION_FORMS}")]
    Syntax { text: String },
    /// A well-formed action that no legal one fits: the reason, and what
    /// the pieces named (or all pieces) can do.
    #[error("{reason} {hint}")]
    Illegal {
        text: String,
        reason: String,
        hint: String,
    },
    /// More than one legal action fits; the candidates in SAN.
    #[error("{text:?} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

/// An action text as read, before looking at the position: a move as the
/// layer reads it (with `U` among the letters), or a recruit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spec {
    Move(Notation),
    Recruit {
        role: Option<Role>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        target: Square,
    },
}

impl Spec {
    pub(super) fn origin(self) -> Option<Square> {
        match self {
            Spec::Move(notation) => notation.origin(),
            Spec::Recruit {
                from_file: Some(f),
                from_rank: Some(r),
                ..
            } => Square::new(f, r),
            Spec::Recruit { .. } => None,
        }
    }

    /// The piece a text names: its role, file and rank where written.
    pub(super) fn named(self) -> (Option<Role>, Option<u8>, Option<u8>) {
        match self {
            Spec::Move(Notation::Castle(_)) => (Some(Role::King), None, None),
            Spec::Move(Notation::Normal {
                kind,
                from_file,
                from_rank,
                ..
            }) => (kind.map(Role::of_kind), from_file, from_rank),
            Spec::Recruit {
                role,
                from_file,
                from_rank,
                ..
            } => (role, from_file, from_rank),
        }
    }
}

fn square_of(file: u8, rank: u8) -> Option<Square> {
    let file = file.to_ascii_lowercase();
    ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
        .then(|| Square::new(file - b'a', rank - b'1'))
        .flatten()
}

/// A piece letter at the start of a recruit: upper case, or lower case
/// when it cannot be a file (`b` is always the file).
fn role_letter(c: u8) -> Option<Role> {
    match c {
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'U' | b'k' | b'q' | b'r' | b'n' | b'p'
        | b'u' => Role::from_char(c as char),
        _ => None,
    }
}

/// The origin part of a recruit: nothing, a file, a rank or both.
fn read_origin(head: &[u8]) -> Option<(Option<u8>, Option<u8>)> {
    Some(match head {
        [] => (None, None),
        [c] if (b'a'..=b'h').contains(c) => (Some(c - b'a'), None),
        [c] if (b'1'..=b'8').contains(c) => (None, Some(c - b'1')),
        [f, r] => {
            let sq = square_of(*f, *r)?;
            (Some(sq.file()), Some(sq.rank()))
        }
        _ => return None,
    })
}

/// Reads `recruit d4`, `recruit d4 with b2`, `recruit d4 with U`.
fn read_words(text: &str) -> Option<Spec> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let (target, by) = match words.as_slice() {
        ["recruit", target] => (*target, None),
        ["recruit", target, "with" | "by" | "from", by] => (*target, Some(*by)),
        _ => return None,
    };
    let target = square_of(*target.as_bytes().first()?, *target.as_bytes().get(1)?)
        .filter(|_| target.len() == 2)?;
    let (role, from_file, from_rank) = match by {
        None => (None, None, None),
        Some("recruiter") => (Some(Role::Recruiter), None, None),
        Some(by) if by.len() == 2 => {
            let sq = square_of(by.as_bytes()[0], by.as_bytes()[1])?;
            (None, Some(sq.file()), Some(sq.rank()))
        }
        Some(by) if by.len() == 1 => (Some(Role::from_char(by.chars().next()?)?), None, None),
        Some(_) => return None,
    };
    Some(Spec::Recruit {
        role,
        from_file,
        from_rank,
        target,
    })
}

/// Reads a recruit written with `*` (`U*d4`, `Ub2*d4`, `b2*d4`, `d*e5`,
/// check marks and glyphs after it allowed).
fn read_star(text: &str) -> Option<Spec> {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !text.is_ascii() || text.contains(char::is_whitespace) {
        return None;
    }
    // Coordinates in capitals (`E2*C4`): the `E` is a file there.
    if text.bytes().any(|b| b.is_ascii_uppercase()) && !text.bytes().any(|b| b.is_ascii_lowercase())
    {
        let lower = read_star(&text.to_ascii_lowercase());
        if let Some(Spec::Recruit { role: None, .. }) = lower {
            return lower;
        }
    }
    let (left, right) = text.split_once('*')?;
    let [f, r] = right.as_bytes() else {
        return None;
    };
    let target = square_of(*f, *r)?;
    let left = left.as_bytes();
    let (role, rest) = match left.first().copied().and_then(role_letter) {
        Some(role) => (Some(role), &left[1..]),
        None => (None, left),
    };
    let (from_file, from_rank) = read_origin(rest)?;
    // `d*e5`: a lone file is a pawn's, as in `dxe5`.
    let role = match (role, from_file, from_rank) {
        (None, Some(_), None) => Some(Role::Pawn),
        (role, _, _) => role,
    };
    Some(Spec::Recruit {
        role,
        from_file,
        from_rank,
        target,
    })
}

/// Reads an action text; `None` when it is none in any accepted form.
/// Moves are the layer's reading; the recruit forms are Rebel's.
fn read(text: &str) -> Option<Spec> {
    let trimmed = text.trim();
    if trimmed.to_ascii_lowercase().starts_with("recruit") {
        return read_words(trimmed);
    }
    if trimmed.contains('*') {
        return read_star(trimmed);
    }
    read_move(&variant(), trimmed).map(Spec::Move)
}

/// The order actions are listed in: king (castling last), queens, rooks,
/// bishops, knights, Recruiters, pawns; moves before recruits.
fn role_order(role: Option<Role>) -> u8 {
    match role {
        Some(Role::King) => 0,
        Some(Role::Queen) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        Some(Role::Knight) => 4,
        Some(Role::Recruiter) => 5,
        _ => 6,
    }
}

impl RebelPosition {
    /// A legal action in SAN with `+` or `#`: `Uc4`, `U*a6`, `Nf3*e5`,
    /// `d*e5`, `O-O`, `e8=Q`.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// let pos = RebelPosition::from_fen("4k3/8/p7/8/2U5/8/8/4K3 w - - 0 1", Version::One).unwrap();
    /// assert_eq!(pos.san(&"c4*a6".parse().unwrap()), "U*a6");
    /// assert_eq!(pos.san(&"c4e6".parse().unwrap()), "Ue6");
    /// ```
    pub fn san(&self, play: &Play) -> String {
        self.san_with(play, &self.legal_plays())
    }

    fn san_with(&self, play: &Play, legal: &[Play]) -> String {
        let mut san = self.san_plain(play, legal);
        let after = self.play_raw(play);
        if after.is_check() {
            san.push(if after.has_legal_play() { '+' } else { '#' });
        }
        san
    }

    /// SAN without the check mark: moves as the layer writes them (its
    /// rivals are the legal moves), recruits as `U*a6`, `Nf3*e5`, `d*e5`.
    pub(super) fn san_plain(&self, play: &Play, legal: &[Play]) -> String {
        let Some(piece) = self.piece_at(play.from()) else {
            return play.to_string();
        };
        let (from, target) = match *play {
            Play::Move(mv) => {
                let moves: Vec<Move> = legal
                    .iter()
                    .filter_map(|p| match p {
                        Play::Move(mv) => Some(*mv),
                        Play::Recruit { .. } => None,
                    })
                    .collect();
                return self.board.san_plain(&mv, &moves);
            }
            Play::Recruit { from, target } => (from, target),
        };
        let mut san = String::with_capacity(8);
        if piece.role == Role::Pawn {
            san.push(from.file_char());
        } else {
            san.push(piece.role.char());
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|p| {
                    p.is_recruit()
                        && p.to() == target
                        && p.from() != from
                        && self.piece_at(p.from()).map(|q| q.role) == Some(piece.role)
                })
                .map(|p| p.from())
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|sq| sq.file() != from.file()) {
                    san.push(from.file_char());
                } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
                    san.push((b'1' + from.rank()) as char);
                } else {
                    san.push_str(&from.to_string());
                }
            }
        }
        san.push('*');
        san.push_str(&target.to_string());
        san
    }

    /// Actions in SAN in the order players list them.
    pub(super) fn display(&self, mut plays: Vec<Play>, legal: &[Play]) -> Vec<String> {
        plays.sort_by_key(|p| {
            let castle = matches!(p, Play::Move(mv) if self.is_castle(mv).is_some());
            // Queen, rook, bishop, knight.
            let promotion = match p {
                Play::Move(mv) => mv.promotion.map(|k| std::cmp::Reverse(k.0)),
                Play::Recruit { .. } => None,
            };
            (
                role_order(self.piece_at(p.from()).map(|q| q.role)),
                castle,
                p.is_recruit(),
                p.from(),
                p.to(),
                promotion,
            )
        });
        plays.iter().map(|p| self.san_with(p, legal)).collect()
    }

    /// Every legal action in SAN, listed as players list them.
    pub fn legal_sans(&self) -> Vec<String> {
        let legal = self.legal_plays();
        self.display(legal.clone(), &legal)
    }

    /// Reads an action in SAN, coordinates or a recruit form and finds the
    /// one legal action it names.
    ///
    /// ```
    /// use arbiter::rules::rebel::{PlayError, RebelPosition, Version};
    /// let pos = RebelPosition::startpos(Version::One);
    /// assert_eq!(pos.parse_play("e2-c4").unwrap(), pos.parse_play("Uc4").unwrap());
    /// assert!(matches!(pos.parse_play("Ue4"), Err(PlayError::Illegal { .. })));
    /// assert!(matches!(pos.parse_play("hello"), Err(PlayError::Syntax { .. })));
    /// ```
    pub fn parse_play(&self, text: &str) -> Result<Play, PlayError> {
        let text = text.trim();
        let spec = read(text).ok_or_else(|| PlayError::Syntax {
            text: text.to_string(),
        })?;
        let legal = self.legal_plays();
        if let Spec::Move(Notation::Normal {
            promotion: Some(kind),
            ..
        }) = spec
            && Role::of_kind(kind) == Role::Recruiter
        {
            return Err(self.illegal(
                text,
                "Pawns do not promote to Recruiters: promote to a queen, rook, bishop or knight."
                    .to_string(),
                spec,
                &legal,
            ));
        }
        let found: Vec<Play> = legal
            .iter()
            .copied()
            .filter(|p| self.fits(spec, p, true))
            .collect();
        match found.as_slice() {
            [play] => Ok(*play),
            [] => Err(self.explain(text, spec, &legal)),
            many => Err(PlayError::Ambiguous {
                text: text.to_string(),
                candidates: self.display(many.to_vec(), &legal),
            }),
        }
    }

    /// Whether the legal action `play` fits what was written;
    /// `check_capture` false ignores the capture mark.
    pub(super) fn fits(&self, spec: Spec, play: &Play, check_capture: bool) -> bool {
        match (spec, play) {
            (Spec::Move(notation), Play::Move(mv)) => self.step_of(mv).is_some_and(|step| {
                notation.fits(&self.board.facts(&step, mv.promotion), check_capture)
            }),
            (
                Spec::Recruit {
                    role,
                    from_file,
                    from_rank,
                    target,
                },
                Play::Recruit { from, target: t },
            ) => {
                *t == target
                    && from_file.is_none_or(|f| f == from.file())
                    && from_rank.is_none_or(|r| r == from.rank())
                    && role.is_none_or(|r| self.piece_at(*from).is_some_and(|p| p.role == r))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        let origin = |f: Option<u8>, r: Option<u8>| {
            format!(
                "{}{}",
                f.map_or('.', |f| (b'a' + f) as char),
                r.map_or('.', |r| (b'1' + r) as char)
            )
        };
        match read(text) {
            None => "syntax".to_string(),
            Some(Spec::Move(Notation::Castle(side))) => side.san().to_string(),
            Some(Spec::Move(Notation::Normal {
                kind,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                ..
            })) => format!(
                "{}{}{}{to}{}",
                kind.map_or('*', |k| Role::of_kind(k).char()),
                origin(from_file, from_rank),
                if capture { 'x' } else { '-' },
                promotion.map_or(String::new(), |k| format!("={}", Role::of_kind(k).char()))
            ),
            Some(Spec::Recruit {
                role,
                from_file,
                from_rank,
                target,
            }) => format!(
                "{}{}*{target}",
                role.map_or('*', Role::char),
                origin(from_file, from_rank)
            ),
        }
    }

    #[test]
    fn reads_the_accepted_forms() {
        let cases = [
            ("Uc4", "U..-c4"),
            ("uc4", "U..-c4"),
            ("e2c4", "*e2-c4"),
            ("Ue2-c4", "Ue2-c4"),
            ("E2C4", "*e2-c4"),
            ("U*d4", "U..*d4"),
            ("Ub2*d4", "Ub2*d4"),
            ("Ub*d4", "Ub.*d4"),
            ("b2*d4", "*b2*d4"),
            ("B2*D4", "*b2*d4"),
            ("N*e5", "N..*e5"),
            ("Nf3*e5+", "Nf3*e5"),
            ("d*e5", "Pd.*e5"),
            ("*e5", "*..*e5"),
            ("recruit d4", "*..*d4"),
            ("Recruit d4 with b2", "*b2*d4"),
            ("recruit e5 with N", "N..*e5"),
            ("recruit d4 with recruiter", "U..*d4"),
            ("recruit d4 by b2", "*b2*d4"),
            ("e8=U", "P..-e8=U"),
            ("e8=Q", "P..-e8=Q"),
            ("Nf3", "N..-f3"),
            ("exd5", "Pe.xd5"),
            ("O-O", "O-O"),
            ("recruit", "syntax"),
            ("recruit d9", "syntax"),
            ("recruit d4 with", "syntax"),
            ("U*", "syntax"),
            ("U*d", "syntax"),
            ("Z*d4", "syntax"),
            ("hello", "syntax"),
            ("", "syntax"),
            ("e8=K", "syntax"),
        ];
        for (text, expected) in cases {
            assert_eq!(show(text), expected, "{text:?}");
        }
    }
}
