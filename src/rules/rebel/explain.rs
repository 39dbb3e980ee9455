//! Why a well-formed action text fits no legal action: the reason in the
//! player's words, and what the pieces named (or all pieces) can do.

use super::movegen::CastleObstacle;
use super::notation::{PlayError, Spec};
use super::position::{RebelPosition, home_rank};
use super::{CastleSide, Play, Role};
use crate::rules::chess::bitboard::{self, Squares, bit};
use crate::rules::geometry::Square;

impl RebelPosition {
    /// The mover's pieces that a spec names.
    fn named_pieces(&self, spec: Spec) -> Vec<Square> {
        let (role, from_file, from_rank) = spec.named();
        Squares(self.by_color[self.turn.index()])
            .map(bitboard::square)
            .filter(|sq| {
                from_file.is_none_or(|f| f == sq.file()) && from_rank.is_none_or(|r| r == sq.rank())
            })
            .filter(|sq| role.is_none_or(|r| self.piece_at(*sq).is_some_and(|p| p.role == r)))
            .collect()
    }

    /// What the named pieces (or, if none, all pieces) can do.
    fn hint(&self, named: &[Square], legal: &[Play]) -> String {
        let all = || {
            let list = self.display(legal.to_vec(), legal);
            if list.is_empty() {
                "You have no legal move.".to_string()
            } else {
                format!("Your legal moves: {}.", list.join(", "))
            }
        };
        if named.is_empty() {
            return all();
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
        let list = self.display(mine, legal);
        if list.is_empty() {
            format!("{what}: no legal move.")
        } else {
            format!("{what}: {}.", list.join(", "))
        }
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
        let us = self.turn;
        let mut named = self.named_pieces(spec);
        // A text that names no piece (`recruit d4`, `*d4`) is answered
        // with every legal action, not "your pieces".
        let general = spec.named() == (None, None, None);
        let fail = |reason: String, named: &[Square]| PlayError::Illegal {
            text: text.to_string(),
            reason,
            hint: self.hint(if general { &[] } else { named }, legal),
        };
        if let Spec::Castle(side) = spec {
            return self.explain_castle(text, side, legal);
        }
        if let Some(from) = spec.origin() {
            let home = Square::new(4, home_rank(us)).expect("e1 or e8");
            if let Spec::Move { to, .. } = spec
                && from == home
                && to.rank() == home.rank()
                && self
                    .piece_at(from)
                    .is_some_and(|p| p.color == us && p.role == Role::King)
            {
                match to.file() {
                    6 => return self.explain_castle(text, CastleSide::King, legal),
                    2 => return self.explain_castle(text, CastleSide::Queen, legal),
                    _ => {}
                }
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
            let place = match (from_file, from_rank) {
                (Some(f), None) => format!(" on the {}-file", (b'a' + f) as char),
                (None, Some(r)) => format!(" on rank {}", r + 1),
                _ => String::new(),
            };
            return fail(format!("You have no {role_name}{place}."), &[]);
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
        match spec {
            Spec::Castle(_) => unreachable!("handled above"),
            Spec::Move {
                capture,
                to,
                promotion,
                ..
            } => {
                let recruiters: Vec<Square> = named
                    .iter()
                    .copied()
                    .filter(|sq| {
                        self.piece_at(*sq)
                            .is_some_and(|p| p.role == Role::Recruiter)
                    })
                    .collect();
                let target = self.piece_at(to);
                if !recruiters.is_empty()
                    && recruiters.len() == named.len()
                    && (capture || target.is_some_and(|p| p.color != us))
                {
                    let recruit = legal
                        .iter()
                        .find(|p| p.is_recruit() && p.to() == to && named.contains(&p.from()));
                    let reason = match (target.filter(|p| p.color != us), recruit) {
                        (Some(piece), Some(recruit)) => format!(
                            "A Recruiter never captures. To recruit the {} on {to} instead, \
                             write {}.",
                            piece.describe(),
                            self.san_plain(recruit, legal)
                        ),
                        _ => "A Recruiter never captures.".to_string(),
                    };
                    return fail(reason, &named);
                }
                if capture && legal.iter().any(|p| self.fits(spec, p, false)) {
                    return fail(format!("There is nothing to capture on {to}."), &named);
                }
                if promotion.is_some() {
                    let without = match spec {
                        Spec::Move {
                            role,
                            from_file,
                            from_rank,
                            capture,
                            to,
                            ..
                        } => Spec::Move {
                            role,
                            from_file,
                            from_rank,
                            capture,
                            to,
                            promotion: None,
                        },
                        other => other,
                    };
                    if legal.iter().any(|p| self.fits(without, p, true)) {
                        return fail(
                            format!(
                                "Only a pawn reaching its last rank promotes; {to} is not one."
                            ),
                            &named,
                        );
                    }
                }
                let target_bit = bitboard::index(to).map_or(0, bit);
                let reachable = named.iter().any(|sq| {
                    bitboard::index(*sq)
                        .is_some_and(|i| self.pseudo_move_targets(i) & target_bit != 0)
                });
                if reachable {
                    return safety(&named);
                }
                if target.is_some_and(|p| p.color != us && p.role == Role::King) {
                    return fail("Kings are never captured.".to_string(), &named);
                }
                fail(who(&named, "move to", to), &named)
            }
            Spec::Recruit { target, .. } => {
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
                            p.role == Role::Recruiter
                                || (p.converted && self.version.converted_recruit())
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
                if piece.role == Role::King && (!piece.converted || only_converted) {
                    let reason = if piece.converted {
                        "Only a Recruiter returns a converted king.".to_string()
                    } else {
                        "No one recruits a king.".to_string()
                    };
                    return fail(reason, &named);
                }
                if piece.role == Role::Queen && only_recruiters {
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
                let target_bit = bitboard::index(target).map_or(0, bit);
                let reachable = named.iter().any(|sq| {
                    bitboard::index(*sq)
                        .is_some_and(|i| self.pseudo_recruit_targets(i) & target_bit != 0)
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
        }
    }

    fn explain_castle(&self, text: &str, side: CastleSide, legal: &[Play]) -> PlayError {
        let wing = match side {
            CastleSide::King => "kingside",
            CastleSide::Queen => "queenside",
        };
        let reason = match self.castle_obstacle(side) {
            Some(CastleObstacle::NoRight) => format!(
                "You can no longer castle {wing}: your king or that rook has moved, or was \
                 captured or recruited."
            ),
            Some(CastleObstacle::Blocked) => {
                format!(
                    "You cannot castle {wing} now: there are pieces between your king and rook."
                )
            }
            Some(CastleObstacle::InCheck) => "You cannot castle out of check.".to_string(),
            Some(CastleObstacle::Attacked(sq)) if sq.file() == side.king_to_file() => {
                format!("You cannot castle {wing} now: your king would be in check on {sq}.")
            }
            Some(CastleObstacle::Attacked(sq)) => format!(
                "You cannot castle {wing} now: your king would pass through {sq}, which is \
                 attacked."
            ),
            None => format!("You cannot castle {wing} now: it would leave a king in check."),
        };
        let king = Square::new(4, home_rank(self.turn)).expect("e1 or e8");
        let named: Vec<Square> = if self
            .piece_at(king)
            .is_some_and(|p| p.role == Role::King && p.color == self.turn)
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
