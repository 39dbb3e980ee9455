//! Moves written and read against a position: SAN and the text's spaced
//! coordinates out, any accepted form in (orthodox rule) with the one legal
//! move it names, and why a text fits no move ([`Position::why_not`], also
//! used by games with turns of their own).

use super::notation::{MoveFacts, Notation, read_move};
use super::pieces::{CastlingRole, Kind, Piece, Reach};
use super::position::Position;
use super::step::{CastleSide, Move, Step, StepKind};
pub use crate::rules::chess::{IllegalHint, MoveError};
use crate::rules::geometry::Square;

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
        let mut text = format!(
            "{letter} {}{}{}",
            mv.from,
            if self.takes(mv) { 'x' } else { '-' },
            mv.to
        );
        if let Some(kind) = mv.promotion {
            text.push('=');
            text.push(self.variant.kind(kind).letter);
        }
        text
    }

    /// Whether a move takes a piece: it goes onto an opponent's piece, or
    /// takes en passant. Read from the board, not from the move's chess
    /// step: a paired pawn's capture straight ahead (Reflection Teammate)
    /// is no chess step. A pawn that cannot capture straight ahead takes
    /// nothing there (an illegal move, as a refusal writes it).
    pub fn takes(&self, mv: &Move) -> bool {
        let Some(mover) = self.piece_at(mv.from) else {
            return false;
        };
        match self.piece_at(mv.to) {
            Some(target) => {
                let (fx, fy) = self.variant.army(mover.army).forward;
                let geometry = &self.variant.geometry;
                let straight = [1, 2]
                    .iter()
                    .any(|&n| geometry.offset(mv.from, n * fx, n * fy) == Some(mv.to));
                let straight_capture = self.variant.attacks_straight(mover)
                    && geometry.offset(mv.from, fx, fy) == Some(mv.to);
                target.owner != mover.owner
                    && !(self.is_pawn(mover) && straight && !straight_capture)
            }
            None => {
                self.en_passant.iter().any(|e| e.skipped == mv.to)
                    && self.step_of(mv).is_some_and(|s| s.capture.is_some())
            }
        }
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

    /// SAN without the check mark; `legal` are this position's moves (a
    /// game with its own rule of legality passes its own: they decide
    /// which rivals the origin must be told from).
    pub fn san_plain(&self, mv: &Move, legal: &[Move]) -> String {
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
                            self.variant.kind(p.kind).castling == Some(CastlingRole::King)
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

    /// Why the piece on `from` has no step to `to` on the squares alone, as
    /// a clause for the end of a sentence (`d6 holds your own pawn`), or
    /// `None` if it has one (or the move is a castling, which
    /// [`Position::why_not`] explains). `relaxed` as in
    /// [`Position::steps_from`].
    pub fn obstacle(&self, from: Square, to: Square, relaxed: bool) -> Option<String> {
        let piece = self.piece_at(from)?;
        let variant = &*self.variant;
        let def = variant.kind(piece.kind);
        if !variant.geometry.contains(to) {
            return Some(format!("there is no square {to} on this board"));
        }
        let target = self.piece_at(to);
        if let Some(own) = target.filter(|t| t.owner == piece.owner) {
            return Some(format!(
                "{to} holds your own {}",
                variant.kind(own.kind).name
            ));
        }
        let mut steps = Vec::new();
        self.steps_from(from, relaxed, &mut steps);
        if steps.iter().any(|s| s.to == to) {
            return None;
        }
        let (df, dr) = (
            i16::from(to.file()) - i16::from(from.file()),
            i16::from(to.rank()) - i16::from(from.rank()),
        );
        let castling = def.castling == Some(CastlingRole::King)
            && self.castling.contains(from)
            && ((df.abs() == 2 && dr == 0) || (dr.abs() == 2 && df == 0));
        if castling {
            return None;
        }
        let shape = if def.pawn {
            self.pawn_obstacle(from, piece, to, relaxed)
        } else {
            self.piece_obstacle(from, to)
        };
        shape.or_else(|| {
            if !variant.allows(from, to, false) {
                Some("no move may leave one player's home zone for the other's".to_string())
            } else if target.is_some() && !variant.allows(from, to, true) {
                Some(
                    "no capture may cross the line between the two halves of the board".to_string(),
                )
            } else {
                None
            }
        })
    }

    /// Why a pawn cannot go from `from` to `to`, or `None` if only a
    /// barrier of the variant may stop it.
    fn pawn_obstacle(
        &self,
        from: Square,
        pawn: Piece,
        to: Square,
        relaxed: bool,
    ) -> Option<String> {
        let variant = &*self.variant;
        let army = variant.army(pawn.army);
        let (fx, fy) = army.forward;
        let ahead = |n: i8| variant.geometry.offset(from, n * fx, n * fy);
        let name = variant.kind(pawn.kind).name;
        let occupied = self.piece_at(to).is_some();
        if ahead(1) == Some(to) {
            return (occupied && !relaxed)
                .then(|| format!("a {name} captures only diagonally, and {to} is taken"));
        }
        if ahead(2) == Some(to) {
            return if !army.double_step.contains(from) {
                Some(format!(
                    "a {name} steps two squares only from its starting line"
                ))
            } else if let Some((skipped, blocker)) =
                ahead(1).and_then(|sq| Some((sq, self.piece_at(sq)?)))
            {
                Some(format!(
                    "the {} on {skipped} stands in the way",
                    variant.kind(blocker.kind).name
                ))
            } else {
                occupied
                    .then(|| format!("a {name}'s double step never captures, and {to} is taken"))
            };
        }
        if army
            .diagonals()
            .iter()
            .any(|&(df, dr)| variant.geometry.offset(from, df, dr) == Some(to))
        {
            return (!occupied && !relaxed)
                .then(|| format!("a {name} moves diagonally only to capture, and {to} is empty"));
        }
        Some(format!("a {name} does not move that way"))
    }

    /// Why a piece that is no pawn cannot go from `from` to `to`, or `None`
    /// if only a barrier of the variant may stop it.
    fn piece_obstacle(&self, from: Square, to: Square) -> Option<String> {
        let variant = &*self.variant;
        let geometry = &variant.geometry;
        let piece = self.piece_at(from)?;
        let def = variant.kind(piece.kind);
        let captures = self.piece_at(to).is_some();
        let square_at = |file: i16, rank: i16| {
            let inside = (0..i16::from(geometry.width())).contains(&file)
                && (0..i16::from(geometry.height())).contains(&rank);
            inside
                .then(|| Square::new(file as u8, rank as u8))
                .flatten()
        };
        // The first reason a movement that reaches `to` gives; none if one
        // reaches it freely (then only a barrier may stop it).
        let mut reason = None;
        for m in &def.movements {
            let (mut file, mut rank) = (i16::from(from.file()), i16::from(from.rank()));
            let mut blocked = None;
            loop {
                file += i16::from(m.df);
                rank += i16::from(m.dr);
                let Some(at) = square_at(file, rank) else {
                    break;
                };
                if at == to {
                    let why = match blocked {
                        Some(why) => why,
                        None if captures && !m.mode.captures() => {
                            format!("a {} never captures, and {to} is taken", def.name)
                        }
                        None if !captures && !m.mode.moves() => {
                            format!(
                                "a {} moves there only to capture, and {to} is empty",
                                def.name
                            )
                        }
                        None => return None,
                    };
                    reason.get_or_insert(why);
                    break;
                }
                if m.reach == Reach::Leap {
                    break;
                }
                if blocked.is_none() {
                    if !geometry.contains(at) {
                        blocked = Some(format!("the way crosses {at}, which is not on the board"));
                    } else if let Some(blocker) = self.piece_at(at) {
                        blocked = Some(format!(
                            "the {} on {at} stands in the way",
                            variant.kind(blocker.kind).name
                        ));
                    }
                }
            }
        }
        Some(reason.unwrap_or_else(|| format!("a {} does not move that way", def.name)))
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
