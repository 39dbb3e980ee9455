//! Why a well-formed action text fits no legal action: the reason in the
//! player's words, and what the pieces named (or all pieces) can do. What
//! the squares alone explain about a move is the layer's
//! ([`Position::why_not`](crate::rules::chesslike::Position::why_not));
//! what is Rebel's own (recruits, the Recruiter that never captures, kings
//! never captured, castling's reasons, whose piece stands where) is here.

use super::notation::{PlayError, Spec};
use super::position::RebelPosition;
use super::{CastleSide, Play, Role};
use crate::rules::Seat;
use crate::rules::chess::{self, IllegalHint};
use crate::rules::chesslike::Notation;
use crate::rules::geometry::Square;

impl RebelPosition {
    /// The mover's pieces that a spec names.
    fn named_pieces(&self, spec: Spec) -> Vec<Square> {
        self.board.named(spec.notation())
    }

    /// What the named pieces (or, if none, all pieces) can do.
    fn hint(&self, named: &[Square], legal: &[Play]) -> String {
        if named.is_empty() {
            return IllegalHint::All(self.display(legal.to_vec(), legal)).to_string();
        }
        let mine: Vec<Play> = legal
            .iter()
            .copied()
            .filter(|p| named.contains(&p.from()))
            .collect();
        let what = match named {
            [one] => {
                let piece = self.piece_at(*one).expect("a named piece");
                format!("Your {} on {one}", piece.describe())
            }
            _ => match spec_role_name(self, named) {
                Some(name) => format!("Your {name}s"),
                None => "Your pieces".to_string(),
            },
        };
        IllegalHint::Piece {
            what,
            moves: self.display(mine, legal),
        }
        .to_string()
    }

    pub(super) fn illegal(
        &self,
        text: &str,
        reason: String,
        spec: Spec,
        legal: &[Play],
    ) -> PlayError {
        let named = self.named_pieces(spec);
        PlayError::Illegal {
            text: text.to_string(),
            reason,
            hint: self.hint(&named, legal),
        }
    }

    /// The error for a well-formed text that fits no legal action.
    pub(super) fn explain(&self, text: &str, spec: Spec, legal: &[Play]) -> PlayError {
        let us = self.turn();
        let mut named = self.named_pieces(spec);
        // A text that names no piece (`recruit d4`, `*d4`) is answered
        // with every legal action, not "your pieces".
        let general = spec.named() == (None, None, None);
        let fail = |reason: String, named: &[Square]| PlayError::Illegal {
            text: text.to_string(),
            reason,
            hint: self.hint(if general { &[] } else { named }, legal),
        };
        let (capture, to) = match spec.notation() {
            Notation::Castle(side) => return self.explain_castle(text, side, legal),
            Notation::Normal { capture, to, .. } => (capture, to),
        };
        if let Some(from) = spec.origin() {
            if let Spec::Move(_) = spec
                && let Some(side) = self.king_castle_to(from, to)
            {
                return self.explain_castle(text, side, legal);
            }
            let written = spec.named().0;
            match self.piece_at(from) {
                None => return fail(format!("There is no piece on {from}."), &[]),
                Some(piece) if piece.color != us => {
                    return fail(
                        format!("The {} on {from} is {}'s.", piece.describe(), piece.color),
                        &[],
                    );
                }
                Some(piece) if written.is_some_and(|w| w != piece.role) => {
                    let written = written.expect("checked");
                    return fail(
                        format!(
                            "The piece on {from} is a {}, not a {}.",
                            piece.role.name(),
                            written.name()
                        ),
                        &[from],
                    );
                }
                _ => {}
            }
        }
        let (role, from_file, from_rank) = spec.named();
        if named.is_empty() {
            let role_name = role.map_or("piece", Role::name);
            return fail(chess::none_named(role_name, from_file, from_rank), &[]);
        }
        let who = |named: &[Square], verb: &str, to: Square| match named {
            [one] => {
                let piece = self.piece_at(*one).expect("named");
                format!("Your {} on {one} cannot {verb} {to}.", piece.describe())
            }
            _ => match spec_role_name(self, named) {
                Some(name) => format!("None of your {name}s can {verb} {to}."),
                None => format!("None of your pieces can {verb} {to}."),
            },
        };
        let safety = |named: &[Square]| {
            if self.is_check() {
                fail(
                    format!("You are in check, and {text} does not end the check."),
                    named,
                )
            } else {
                fail(format!("{text} would leave your king in check."), named)
            }
        };
        if let Spec::Move(notation) = spec {
            let written = (notation, capture, to);
            return self.explain_move(written, legal, &named, fail, who, safety);
        }
        let target = to;
        let piece = match self.piece_at(target) {
            None => {
                return fail(format!("There is no piece on {target} to recruit."), &named);
            }
            Some(piece) if piece.color == us => {
                return fail(
                    format!("The {} on {target} is already yours.", piece.describe()),
                    &named,
                );
            }
            Some(piece) => piece,
        };
        if piece.role == Role::Recruiter {
            return fail("No one recruits a Recruiter.".to_string(), &named);
        }
        // The named pieces that recruit at all.
        let recruiters: Vec<Square> = named
            .iter()
            .copied()
            .filter(|sq| {
                self.piece_at(*sq).is_some_and(|p| {
                    p.role == Role::Recruiter || (p.converted && self.version.converted_recruit())
                })
            })
            .collect();
        if recruiters.is_empty() {
            let reason = if self.version.converted_recruit() {
                match named.as_slice() {
                    [one] => format!(
                        "Only a Recruiter or a converted piece recruits; your {} on {one} \
                         is neither.",
                        self.piece_at(*one).expect("named").role.name()
                    ),
                    _ => "Only a Recruiter or a converted piece recruits.".to_string(),
                }
            } else {
                "In Rebel Chess I only a Recruiter recruits (converted pieces recruit in \
                 versions 2 and 3)."
                    .to_string()
            };
            return fail(reason, &named);
        }
        named = recruiters;
        let only_recruiters = named.iter().all(|sq| {
            self.piece_at(*sq)
                .is_some_and(|p| p.role == Role::Recruiter)
        });
        let only_converted = named.iter().all(|sq| {
            self.piece_at(*sq)
                .is_some_and(|p| p.role != Role::Recruiter)
        });
        if piece.role == Role::KING && (!piece.converted || only_converted) {
            let reason = if piece.converted {
                "Only a Recruiter returns a converted king.".to_string()
            } else {
                "No one recruits a king.".to_string()
            };
            return fail(reason, &named);
        }
        if piece.role == Role::QUEEN && only_recruiters {
            return fail("A Recruiter does not recruit a queen.".to_string(), &named);
        }
        if piece.converted && only_converted {
            return fail(
                "A converted piece cannot recruit a converted piece: only a Recruiter \
                 returns it to its side."
                    .to_string(),
                &named,
            );
        }
        let reachable = named.iter().any(|sq| {
            let mut targets = Vec::new();
            self.recruit_targets(*sq, &mut targets);
            targets.contains(&target)
        });
        if reachable {
            return safety(&named);
        }
        let reason = match named.as_slice() {
            [one] if only_recruiters => format!(
                "Your Recruiter on {one} cannot reach {target}: it recruits an alfil's \
                 leap away (two squares diagonally)."
            ),
            [one] => format!(
                "Your {} on {one} could not capture on {target}, so it cannot recruit \
                 there.",
                self.piece_at(*one).expect("named").describe()
            ),
            _ => who(&named, "recruit on", target),
        };
        fail(reason, &named)
    }

    /// Why a move text fits no legal move: the Recruiter never captures,
    /// kings are never captured, then what the layer finds on the squares,
    /// else the king's safety.
    fn explain_move(
        &self,
        (notation, capture, to): (Notation, bool, Square),
        legal: &[Play],
        named: &[Square],
        fail: impl Fn(String, &[Square]) -> PlayError,
        who: impl Fn(&[Square], &str, Square) -> String,
        safety: impl Fn(&[Square]) -> PlayError,
    ) -> PlayError {
        let us = self.turn();
        let is_recruiter = |sq: &Square| {
            self.piece_at(*sq)
                .is_some_and(|p| p.role == Role::Recruiter)
        };
        let target = self.piece_at(to).filter(|p| p.color != us);
        if named.iter().all(is_recruiter) && (capture || target.is_some()) {
            let recruit = legal
                .iter()
                .find(|p| p.is_recruit() && p.to() == to && named.contains(&p.from()));
            let reason = match (target, recruit) {
                (Some(piece), Some(recruit)) => format!(
                    "A Recruiter never captures. To recruit the {} on {to} instead, write {}.",
                    piece.describe(),
                    self.san_plain(recruit, legal)
                ),
                _ => "A Recruiter never captures.".to_string(),
            };
            return fail(reason, named);
        }
        if target.is_some_and(|p| p.role == Role::KING) {
            return fail("Kings are never captured.".to_string(), named);
        }
        match self.board.why_not(notation, false) {
            None => safety(named),
            // The layer names kinds; a converted piece is described.
            Some(reason) if reason.starts_with("Your ") && named.len() == 1 => {
                fail(who(named, "move to", to), named)
            }
            Some(reason) => fail(reason, named),
        }
    }

    /// The castling a king's two-square step from home is, if it is one.
    fn king_castle_to(&self, from: Square, to: Square) -> Option<CastleSide> {
        let king = self.piece_at(from)?;
        let home = if king.color == Seat::White { 0 } else { 7 };
        let castles = king.color == self.turn()
            && king.role == Role::KING
            && from.file() == 4
            && from.rank() == home
            && to.rank() == home;
        match to.file() {
            6 if castles => Some(CastleSide::Short),
            2 if castles => Some(CastleSide::Long),
            _ => None,
        }
    }

    fn explain_castle(&self, text: &str, side: CastleSide, legal: &[Play]) -> PlayError {
        let us = self.turn();
        let wing = match side {
            CastleSide::Short => "kingside",
            CastleSide::Long => "queenside",
        };
        let home = if us == Seat::White { 0 } else { 7 };
        let king = Square::new(4, home).expect("e1 or e8");
        let rook =
            Square::new(if side == CastleSide::Short { 7 } else { 0 }, home).expect("a corner");
        let mut steps = Vec::new();
        self.board.castling_steps(king, &mut steps);
        let step = steps.into_iter().find(|s| s.castle_side() == Some(side));
        let rights = self.board.castling();
        let reason = match step {
            None if !rights.contains(king) || !rights.contains(rook) => format!(
                "You can no longer castle {wing}: your king or that rook has moved, or was \
                 captured or recruited."
            ),
            None => {
                format!(
                    "You cannot castle {wing} now: there are pieces between your king and rook."
                )
            }
            Some(_) if self.is_check() => "You cannot castle out of check.".to_string(),
            Some(step) => match step.path().first() {
                Some(&cross) if self.is_attacked(cross, us.other()) => format!(
                    "You cannot castle {wing} now: your king would pass through {cross}, which \
                     is attacked."
                ),
                _ if self.is_attacked(step.to, us.other()) => {
                    let to = step.to;
                    format!("You cannot castle {wing} now: your king would be in check on {to}.")
                }
                _ => format!("You cannot castle {wing} now: it would leave a king in check."),
            },
        };
        let named: Vec<Square> = if self
            .piece_at(king)
            .is_some_and(|p| p.role == Role::KING && p.color == us)
        {
            vec![king]
        } else {
            Vec::new()
        };
        PlayError::Illegal {
            text: text.to_string(),
            reason,
            hint: self.hint(&named, legal),
        }
    }
}

/// The role name shared by several named pieces, if they share one.
fn spec_role_name(pos: &RebelPosition, named: &[Square]) -> Option<&'static str> {
    let roles: Vec<Role> = named
        .iter()
        .filter_map(|sq| pos.piece_at(*sq).map(|p| p.role))
        .collect();
    let first = *roles.first()?;
    roles.iter().all(|r| *r == first).then(|| first.name())
}
