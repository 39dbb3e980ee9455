//! Why a written path is no move of its cube: the rule of the page it
//! breaks, for the refusal ("c2-c4-b3 is not a move of your hopper on c2:
//! it would jump c3 a second time, and a hopper never jumps the same cube
//! twice").
//!
//! The written legs are followed one by one as the cube engine would take
//! them; the first rule a leg breaks is the answer. Where a leg may be
//! taken two ways (a hop turning onto a diagonal neighbour, over either of
//! two cubes), each way is followed, and the one that goes furthest gives
//! the answer.

use super::board::{Aspect, Board, Token};
use super::moves::{Step, push_line};
use crate::rules::geometry::Square;

/// Why the legs written after `from` are no path of a cube of `aspect`
/// there, as the end of a sentence ("a push needs ..."); `None` if they
/// break no rule (they are a path).
pub fn why_not<T: Token>(
    board: &Board<T>,
    from: Square,
    aspect: Aspect,
    legs: &[Step],
) -> Option<String> {
    match aspect {
        Aspect::Pusher => pusher(board, from, legs),
        Aspect::Hopper | Aspect::Slasher => {
            let walk = Walk {
                board,
                from,
                aspect,
                legs,
            };
            walk.follow(0, from, &mut vec![from], &mut Vec::new())
                .err()
                .map(|(_, reason)| reason)
        }
    }
}

/// The offset from one square to another, in files and ranks.
fn offset(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

fn pusher<T: Token>(board: &Board<T>, from: Square, legs: &[Step]) -> Option<String> {
    let [leg] = legs else {
        return Some("a pusher makes one step: one landing, not a chain".to_string());
    };
    if leg.over.is_some() {
        return Some("a pusher jumps nothing, so no square goes in brackets".to_string());
    }
    let (df, dr) = offset(from, leg.to);
    if df.abs() + dr.abs() != 1 {
        return Some("a pusher steps one square up, down, left or right".to_string());
    }
    if push_line(board, from, leg.to).is_none() {
        let line: Vec<String> =
            std::iter::successors(Some(leg.to), |&sq| board.flat().offset(sq, df, dr))
                .map(|sq| sq.to_string())
                .collect();
        return Some(format!(
            "the line it would push ({}) has no empty square at its far end, before the edge \
             of the board, and a push needs one",
            line.join(", ")
        ));
    }
    None
}

/// A written chain of a hopper or a slasher, followed leg by leg.
struct Walk<'a, T> {
    board: &'a Board<T>,
    from: Square,
    aspect: Aspect,
    legs: &'a [Step],
}

/// How far the legs were followed before a rule broke, and the rule.
type Broken = (usize, String);

impl<T: Token> Walk<'_, T> {
    /// Whether a square holds a token (the start is empty while the cube
    /// is under way).
    fn occupied(&self, square: Square) -> bool {
        square != self.from && !self.board.is_empty(square)
    }

    /// Follows the legs from the `index`th, the cube on `at`, having stood
    /// on `visited` and jumped `jumped`.
    fn follow(
        &self,
        index: usize,
        at: Square,
        visited: &mut Vec<Square>,
        jumped: &mut Vec<Square>,
    ) -> Result<(), Broken> {
        let Some(leg) = self.legs.get(index) else {
            return Ok(());
        };
        let broken = |reason: String| Err((index, reason));
        let ways = match self.aspect {
            Aspect::Hopper => self.hop_ways(index, at, leg)?,
            _ => self.slash_ways(index, at, leg)?,
        };
        let mut deepest: Option<Broken> = None;
        for over in ways {
            let result = if jumped.contains(&over) && self.aspect == Aspect::Hopper {
                broken(format!(
                    "it would jump {over} a second time, and a hopper never jumps the same cube \
                     twice"
                ))
            } else if self.occupied(leg.to) {
                broken(format!(
                    "{} is not empty: a jump lands on an empty square",
                    leg.to
                ))
            } else if visited.contains(&leg.to) {
                broken(format!(
                    "it would land on {} a second time, and a {} never lands on a square it has \
                     stood on this turn (its start included)",
                    leg.to, self.aspect
                ))
            } else {
                visited.push(leg.to);
                jumped.push(over);
                let result = self.follow(index + 1, leg.to, visited, jumped);
                visited.pop();
                jumped.pop();
                result
            };
            match result {
                Ok(()) => return Ok(()),
                Err(b) if deepest.as_ref().is_none_or(|d| b.0 > d.0) => deepest = Some(b),
                Err(_) => {}
            }
        }
        Err(deepest.expect("every leg has a way, or is refused before"))
    }

    /// The cubes a hopper's leg from `at` may jump; a plain two-square
    /// move, or a leg no hopper makes, is judged here.
    fn hop_ways(&self, index: usize, at: Square, leg: &Step) -> Result<Vec<Square>, Broken> {
        let broken = |reason: String| Err((index, reason));
        let flat = self.board.flat();
        let (df, dr) = offset(at, leg.to);
        let candidates: Vec<Square> = match (df.abs(), dr.abs()) {
            (2, 0) | (0, 2) => {
                let middle = flat
                    .offset(at, df / 2, dr / 2)
                    .expect("between two squares");
                if !self.occupied(middle) {
                    return broken(if index > 0 {
                        format!(
                            "{middle} is empty, and a chain never crosses an empty square: after \
                             a hop, it goes on only by hops over cubes"
                        )
                    } else if self.legs.len() > 1 {
                        format!(
                            "{at}-{} over the empty {middle} is a two-square move, which is the \
                             hopper's whole move",
                            leg.to
                        )
                    } else if let Some(over) = leg.over {
                        format!("{over} is not jumped: {middle} is empty")
                    } else {
                        format!(
                            "{} is not empty: a two-square move ends on an empty square",
                            leg.to
                        )
                    });
                }
                vec![middle]
            }
            (1, 1) => {
                let beside = [
                    flat.offset(at, df, 0).expect("beside it"),
                    flat.offset(at, 0, dr).expect("beside it"),
                ];
                let cubes: Vec<Square> =
                    beside.into_iter().filter(|&sq| self.occupied(sq)).collect();
                if cubes.is_empty() {
                    return broken(format!(
                        "a hop from {at} to {} turns over {} or {}, and both are empty",
                        leg.to, beside[0], beside[1]
                    ));
                }
                cubes
            }
            _ => {
                return broken(
                    "a hopper moves two squares straight, or hops a cube beside it (up, down, \
                     left or right) and lands beside that cube, straight on or turning"
                        .to_string(),
                );
            }
        };
        self.named(index, at, leg, candidates)
    }

    /// The cube a slasher's leg from `at` jumps; a plain step, or a leg no
    /// slasher makes, is judged here.
    fn slash_ways(&self, index: usize, at: Square, leg: &Step) -> Result<Vec<Square>, Broken> {
        let broken = |reason: String| Err((index, reason));
        let torus = self.board.torus();
        for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
            let Some(near) = torus.offset(at, df, dr) else {
                continue;
            };
            if near == leg.to {
                return broken(if index > 0 {
                    "a slasher's one-square step is its whole move: after a jump, the chain \
                     goes on only by jumps"
                        .to_string()
                } else if self.legs.len() > 1 {
                    "a slasher's one-square step is its whole move".to_string()
                } else if leg.over.is_some() {
                    "a step jumps nothing, so no square goes in brackets".to_string()
                } else {
                    format!("{} is not empty: a step ends on an empty square", leg.to)
                });
            }
            if torus.offset(near, df, dr) == Some(leg.to) {
                if !self.occupied(near) {
                    return broken(format!("{near} is empty: a slasher jumps only a cube"));
                }
                return self.named(index, at, leg, vec![near]);
            }
        }
        broken(
            "a slasher steps one square diagonally, or jumps a cube diagonally beside it to the \
             square straight beyond (across the edges too)"
                .to_string(),
        )
    }

    /// The ways that jump the cube named in brackets, if one is.
    fn named(
        &self,
        index: usize,
        at: Square,
        leg: &Step,
        ways: Vec<Square>,
    ) -> Result<Vec<Square>, Broken> {
        match leg.over {
            Some(over) if !ways.contains(&over) => {
                let jumps: Vec<String> = ways.iter().map(|s| s.to_string()).collect();
                Err((
                    index,
                    format!(
                        "from {at} to {} it would jump {}, not {over}",
                        leg.to,
                        jumps.join(" or ")
                    ),
                ))
            }
            Some(over) => Ok(vec![over]),
            None => Ok(ways),
        }
    }
}
