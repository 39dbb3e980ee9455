//! Why a move text fits no legal move: the reason and hint of
//! [`MoveError::Illegal`], in the mover's own terms (the piece named, the
//! square, the rule in the way), and what that piece, or the mover, can play.

use super::bitboard::{self, Squares, bit};
use super::movegen::CastleObstacle;
use super::position::{Position, home_rank};
use super::san::{IllegalHint, MoveError, Notation, read};
use super::{CastleSide, Move, Piece, Role};
use crate::rules::geometry::Square;

/// The refusal of a text that names no piece of the mover's: "You have no
/// knight on the g-file." (the kind it named, and the file or rank it
/// gave). Rebel Chess words it the same.
pub(crate) fn none_named(role_name: &str, from_file: Option<u8>, from_rank: Option<u8>) -> String {
    let place = match (from_file, from_rank) {
        (Some(f), None) => format!(" on the {}-file", (b'a' + f) as char),
        (None, Some(r)) => format!(" on rank {}", r + 1),
        _ => String::new(),
    };
    format!("You have no {role_name}{place}.")
}

impl Position {
    /// The error for a well-formed text that fits no legal move.
    pub(super) fn explain(&self, text: &str, notation: Notation, legal: &[Move]) -> MoveError {
        let us = self.turn();
        let all = || IllegalHint::All(self.display(legal.to_vec(), legal));
        let moves_from = |squares: &[Square]| -> Vec<String> {
            let mine: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| squares.contains(&m.from))
                .collect();
            self.display(mine, legal)
        };
        let illegal = |reason: String, hint: IllegalHint| MoveError::Illegal {
            text: text.to_string(),
            reason,
            hint,
        };

        let (role, from_file, from_rank, capture, to, promotion, en_passant) = match notation {
            Notation::Castle(side) => return self.explain_castle(text, Some(side), legal),
            Notation::AnyCastle => return self.explain_castle(text, None, legal),
            Notation::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                en_passant,
            } => (
                role, from_file, from_rank, capture, to, promotion, en_passant,
            ),
        };

        // The pieces of the mover's that the text names.
        let named: Vec<Square> = Squares(self.by_color[us.index()])
            .map(bitboard::square)
            .filter(|sq| {
                from_file.is_none_or(|f| f == sq.file()) && from_rank.is_none_or(|r| r == sq.rank())
            })
            .filter(|sq| role.is_none_or(|r| self.piece_at(*sq).is_some_and(|p| p.role == r)))
            .collect();
        let what = match (named.as_slice(), role) {
            ([one], _) => {
                let name = self.piece_at(*one).map_or("piece", |p| p.role.name());
                format!("Your {name} on {one}")
            }
            (_, Some(role)) => format!("Your {}s", role.name()),
            (_, None) => "Your pieces".to_string(),
        };
        // What the named pieces can play, or everything when none is named.
        let piece_hint = || {
            if named.is_empty() {
                all()
            } else {
                IllegalHint::Piece {
                    what: what.clone(),
                    moves: moves_from(&named),
                }
            }
        };

        // A promotion to a piece no pawn becomes.
        if let Some(wrong) = promotion.filter(|r| !Role::PROMOTIONS.contains(r)) {
            return illegal(
                format!(
                    "You cannot promote to a {}: name a queen, rook, bishop or knight (Q, R, B or N).",
                    wrong.name()
                ),
                piece_hint(),
            );
        }

        if let Some(from) = notation.origin() {
            // A king's two-square step from home is castling.
            let home = Square::new(4, home_rank(us)).expect("e1 or e8");
            if from == home
                && to.rank() == home.rank()
                && self
                    .piece_at(from)
                    .is_some_and(|p| p.color == us && p.role == Role::King)
            {
                match to.file() {
                    6 => return self.explain_castle(text, Some(CastleSide::King), legal),
                    2 => return self.explain_castle(text, Some(CastleSide::Queen), legal),
                    _ => {}
                }
            }
            match (self.piece_at(from), role) {
                (None, _) => return illegal(format!("There is no piece on {from}."), all()),
                (Some(piece), _) if piece.color != us => {
                    return illegal(
                        format!("The {} on {from} is {}'s.", piece.role.name(), piece.color),
                        all(),
                    );
                }
                (Some(piece), Some(written)) if written != piece.role => {
                    return illegal(
                        format!(
                            "The piece on {from} is a {}, not a {}.",
                            piece.role.name(),
                            written.name()
                        ),
                        IllegalHint::Piece {
                            what: format!("Your {} on {from}", piece.role.name()),
                            moves: moves_from(&[from]),
                        },
                    );
                }
                _ => {}
            }
        }
        if named.is_empty() {
            let role_name = role.map_or("piece", Role::name);
            return illegal(none_named(role_name, from_file, from_rank), all());
        }

        let cannot = match (named.as_slice(), role) {
            ([one], _) => {
                let name = self.piece_at(*one).map_or("piece", |p| p.role.name());
                format!("Your {name} on {one} cannot move to {to}.")
            }
            (_, Some(role)) => format!("None of your {}s can move to {to}.", role.name()),
            (_, None) => format!("None of your pieces can move to {to}."),
        };

        // Only the en passant mark is wrong: the move is legal but not one.
        if en_passant {
            let plain = Notation::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                en_passant: false,
            };
            if let Some(mv) = legal.iter().find(|m| self.fits(plain, m, true)) {
                let possible: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| self.is_en_passant(m))
                    .collect();
                let now = if possible.is_empty() {
                    "no capture en passant is possible now".to_string()
                } else {
                    format!(
                        "the one possible now is {}",
                        self.display(possible, legal).join(" or ")
                    )
                };
                return illegal(
                    format!(
                        "{} is not a capture en passant: {now}.",
                        self.san_with(mv, legal)
                    ),
                    piece_hint(),
                );
            }
        }
        // Only the capture mark is wrong.
        if capture && legal.iter().any(|m| self.fits(notation, m, false)) {
            return illegal(
                format!("There is nothing to capture on {to}."),
                piece_hint(),
            );
        }
        // A promotion written for a move that is not one.
        if promotion.is_some() {
            let without = Notation::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion: None,
                en_passant,
            };
            if legal.iter().any(|m| self.fits(without, m, true)) {
                return illegal(
                    format!("Only a pawn reaching the last rank promotes; {to} is not one."),
                    piece_hint(),
                );
            }
        }
        // The piece could go there but for the king's safety.
        let target = bitboard::index(to).map_or(0, bit);
        let reachable = named
            .iter()
            .any(|sq| bitboard::index(*sq).is_some_and(|i| self.pseudo_targets(i) & target != 0));
        if reachable {
            if self.is_check() {
                return illegal(
                    format!("You are in check, and {text} does not end the check."),
                    all(),
                );
            }
            return illegal(
                format!("{text} would leave your king in check."),
                piece_hint(),
            );
        }
        illegal(cannot, piece_hint())
    }

    /// Why castling (to `side`, or `None` for `castles`, either side) is
    /// not legal now.
    fn explain_castle(&self, text: &str, side: Option<CastleSide>, legal: &[Move]) -> MoveError {
        let king = self.king_square(self.turn());
        let mine: Vec<Move> = legal.iter().copied().filter(|m| m.from == king).collect();
        let hint = IllegalHint::Piece {
            what: "Your king".to_string(),
            moves: self.display(mine, legal),
        };
        let reason = match side {
            Some(side) => self.castle_reason(side),
            None => {
                let [kingside, queenside] = CastleSide::BOTH.map(|side| self.castle_obstacle(side));
                let gone = Some(CastleObstacle::NoRight);
                match (kingside == gone, queenside == gone) {
                    // Only the castling still allowed says something.
                    (true, false) => self.castle_reason(CastleSide::Queen),
                    (false, true) => self.castle_reason(CastleSide::King),
                    _ if kingside == Some(CastleObstacle::InCheck) => {
                        self.castle_reason(CastleSide::King)
                    }
                    _ => {
                        let [k, q] = CastleSide::BOTH.map(|side| self.castle_detail(side));
                        if k == q {
                            format!("You cannot castle now: {k}.")
                        } else {
                            format!("You cannot castle now: kingside, {k}; queenside, {q}.")
                        }
                    }
                }
            }
        };
        MoveError::Illegal {
            text: text.to_string(),
            reason,
            hint,
        }
    }

    /// The sentence saying why castling to `side` is not legal now.
    fn castle_reason(&self, side: CastleSide) -> String {
        let wing = match side {
            CastleSide::King => "kingside",
            CastleSide::Queen => "queenside",
        };
        let detail = self.castle_detail(side);
        match self.castle_obstacle(side) {
            Some(CastleObstacle::NoRight) => format!("You can no longer castle {wing}: {detail}."),
            Some(CastleObstacle::InCheck) => "You cannot castle out of check.".to_string(),
            _ => format!("You cannot castle {wing} now: {detail}."),
        }
    }

    /// Why castling to `side` is not legal now, as the end of a sentence.
    fn castle_detail(&self, side: CastleSide) -> String {
        match self.castle_obstacle(side) {
            Some(CastleObstacle::NoRight) => self.lost_right(side),
            Some(CastleObstacle::Blocked) => {
                "there are pieces between your king and rook".to_string()
            }
            Some(CastleObstacle::InCheck) => "you are in check".to_string(),
            Some(CastleObstacle::Attacked(sq)) if sq.file() == side.king_to_file() => {
                format!("your king would be in check on {sq}")
            }
            Some(CastleObstacle::Attacked(sq)) => {
                format!("your king would pass through {sq}, which is attacked")
            }
            None => "it would leave your king in check".to_string(),
        }
    }

    /// Whether the side to move has its king on its home square.
    fn king_at_home(&self) -> bool {
        let us = self.turn();
        let home = Square::new(4, home_rank(us)).expect("e1 or e8");
        self.piece_at(home) == Some(Piece::new(us, Role::King))
    }

    /// Why the right to castle to `side` is gone, as far as the board
    /// shows: the king left home, the rook is not in its corner (it moved,
    /// or was captured there), or one of them moved and came back.
    fn lost_right(&self, side: CastleSide) -> String {
        let us = self.turn();
        let corner = Square::new(side.rook_files().0, home_rank(us)).expect("a corner");
        if !self.king_at_home() {
            "your king has moved".to_string()
        } else if self.piece_at(corner) != Some(Piece::new(us, Role::Rook)) {
            format!("the rook from {corner} has moved or was captured")
        } else {
            "your king or that rook has moved".to_string()
        }
    }

    /// A text such as `bb5` or `bxc6` that reads as a b-pawn move but was
    /// meant for the bishop: the legal bishop moves it names, in SAN, when
    /// the `b` is read as `B`.
    pub(super) fn capital_reading(
        &self,
        text: &str,
        notation: Notation,
        legal: &[Move],
    ) -> Option<String> {
        let rest = text.trim().strip_prefix('b')?;
        if !matches!(
            notation,
            Notation::Normal {
                role: Some(Role::Pawn),
                ..
            }
        ) {
            return None;
        }
        let bishop = read(&format!("B{rest}"))?;
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| self.fits(bishop, m, true))
            .collect();
        (!found.is_empty()).then(|| self.display(found, legal).join(" or "))
    }
}
