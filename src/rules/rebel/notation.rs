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
use crate::rules::chesslike::{MoveFacts, Notation, read_move};
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

/// An action text as read, before looking at the position, in the layer's
/// terms (with `U` among the letters): a move, or a recruit, whose
/// notation names the recruiting piece and, as its destination, the
/// target (marked a capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spec {
    Move(Notation),
    Recruit(Notation),
}

impl Spec {
    pub(super) fn notation(self) -> Notation {
        match self {
            Spec::Move(notation) | Spec::Recruit(notation) => notation,
        }
    }

    pub(super) fn origin(self) -> Option<Square> {
        self.notation().origin()
    }

    /// The piece a text names: its role, file and rank where written.
    pub(super) fn named(self) -> (Option<Role>, Option<u8>, Option<u8>) {
        match self.notation() {
            Notation::Castle(_) => (Some(Role::KING), None, None),
            Notation::Normal {
                kind,
                from_file,
                from_rank,
                ..
            } => (kind.map(Role::of_kind), from_file, from_rank),
        }
    }
}

/// A recruit of the piece on `target` by the piece named.
fn recruit(role: Option<Role>, from: Option<Square>, target: Square) -> Spec {
    Spec::Recruit(Notation::Normal {
        kind: role.map(Role::kind),
        from_file: from.map(|sq| sq.file()),
        from_rank: from.map(|sq| sq.rank()),
        capture: true,
        to: target,
        promotion: None,
        straight: false,
    })
}

/// A square of the 8x8 board.
fn board_square(text: &str) -> Option<Square> {
    Square::parse(text).filter(|sq| sq.file() < 8 && sq.rank() < 8)
}

/// Reads `recruit d4`, `recruit d4 with b2`, `recruit d4 with U`.
fn read_words(text: &str) -> Option<Spec> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let (target, by) = match words.as_slice() {
        ["recruit", target] => (board_square(target)?, None),
        ["recruit", target, "with" | "by" | "from", by] => (board_square(target)?, Some(*by)),
        _ => return None,
    };
    Some(match by {
        None => recruit(None, None, target),
        Some("recruiter") => recruit(Some(Role::Recruiter), None, target),
        Some(by) if by.len() == 2 => recruit(None, Some(board_square(by)?), target),
        Some(by) if by.len() == 1 => {
            recruit(Some(Role::from_char(by.chars().next()?)?), None, target)
        }
        Some(_) => return None,
    })
}

/// Reads a recruit written with `*` (`U*d4`, `Ub2*d4`, `b2*d4`, `d*e5`,
/// `*d4`) as the layer reads the capture written with `x` in its place.
fn read_star(text: &str) -> Option<Spec> {
    let (left, right) = text.split_once('*')?;
    if left.is_empty() {
        return read_words(&format!(
            "recruit {}",
            right.trim_end_matches(['+', '#', '!', '?'])
        ));
    }
    // Coordinates in capitals (`E2*C4`) stay capitals.
    let mark = if text.bytes().any(|b| b.is_ascii_lowercase()) {
        'x'
    } else {
        'X'
    };
    match read_move(&variant(), &format!("{left}{mark}{right}"))? {
        Notation::Normal {
            kind,
            from_file,
            from_rank,
            to,
            promotion: None,
            ..
        } if board_square(&to.to_string()).is_some() => Some(Spec::Recruit(Notation::Normal {
            kind,
            from_file,
            from_rank,
            capture: true,
            to,
            promotion: None,
            straight: false,
        })),
        _ => None,
    }
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
    // A pawn's step straight ahead (`e4`) names the pawns of its file, so
    // that a refusal speaks of them ("You have no pawn on the e-file").
    read_move(&variant(), trimmed).map(|notation| match notation {
        Notation::Normal {
            kind,
            from_file: None,
            from_rank: None,
            capture,
            to,
            promotion,
            straight: true,
        } => Spec::Move(Notation::Normal {
            kind,
            from_file: Some(to.file()),
            from_rank: None,
            capture,
            to,
            promotion,
            straight: true,
        }),
        _ => Spec::Move(notation),
    })
}

/// The order actions are listed in: king (castling last), queens, rooks,
/// bishops, knights, Recruiters, pawns; moves before recruits.
fn role_order(role: Option<Role>) -> u8 {
    match role {
        Some(Role::KING) => 0,
        Some(Role::QUEEN) => 1,
        Some(Role::ROOK) => 2,
        Some(Role::BISHOP) => 3,
        Some(Role::KNIGHT) => 4,
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
        let after = self.play_raw(play);
        self.san_marked(play, legal, after.is_check(), || after.has_legal_play())
    }

    /// SAN with the mark of the position the action alone makes (in
    /// check, and whether the side to move then has a legal action),
    /// `legal` the legal actions here in any order.
    pub(super) fn san_marked(
        &self,
        play: &Play,
        legal: &[Play],
        check: bool,
        has_play: impl FnOnce() -> bool,
    ) -> String {
        let mut san = self.san_plain(play, legal);
        if check {
            san.push(if has_play() { '+' } else { '#' });
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
        if piece.role == Role::PAWN {
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
            (Spec::Recruit(notation), Play::Recruit { from, target }) => {
                self.board.piece_at(*from).is_some_and(|piece| {
                    let facts = MoveFacts {
                        from: *from,
                        to: *target,
                        kind: piece.kind,
                        capture: true,
                        castle: None,
                        straight: false,
                        promotion: None,
                    };
                    notation.fits(&facts, true)
                })
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
            Some(Spec::Recruit(Notation::Normal {
                kind,
                from_file,
                from_rank,
                to,
                ..
            })) => format!(
                "{}{}*{to}",
                kind.map_or('*', |k| Role::of_kind(k).char()),
                origin(from_file, from_rank)
            ),
            Some(Spec::Recruit(Notation::Castle(_))) => "castle recruit".to_string(),
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
            ("e8=U", "Pe.-e8=U"),
            ("e8=Q", "Pe.-e8=Q"),
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
