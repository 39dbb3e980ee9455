//! Writing and reading the hybrid's actions.
//!
//! - chess moves, White's and Black's pieces', in SAN or coordinates as in
//!   chess (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, `g1-f3`, `N g1-f3`);
//! - cube actions as in the classic game (`b7-b6`, `b7-b5-d5`, `c7-c6=X`,
//!   `d5=+`), a text that starts with a cube's square being that cube's;
//! - Black's king: from its square, a path (`d5-d6`) moves it as its cube,
//!   and a chess move naming its piece (`Nf6`, `N d5-f6`; a pawn as in
//!   SAN, `d4`) as its piece;
//! - the king's placement at Black's first capture: ` K@SQUARE` after the
//!   action, the square its cube stands on (`d4-d3 K@d3`, `d4-d3 K@d2`);
//!   where several pieces are captured and the king stays on the cube's
//!   square, the piece's square in brackets: `a1-c3-e5 K@e5(d4)`;
//! - `+` or `#` after an action giving check or mate (optional in input).

use super::actions::{self, CastlingFault, Crown, HybridPlay};
use super::men::{self, Man, board_of};
use crate::rules::chesslike::{Move, Notation, Position, read_move};
use crate::rules::geometry::Square;
use crate::rules::superial::board::Token;
use crate::rules::superial::moves::{self, CubeAction};
use crate::rules::superial::notation::{
    self as cube_notation, Written, hint, read_cube_action, write_cube_action,
};
use crate::rules::{ActionError, Seat};

/// The forms of an action, for answers to what could not be read.
pub const FORMS: &str = "a chess move in algebraic notation or coordinates (e4, Nf3, exd5, O-O, \
     e8=Q, g1-f3), a cube action such as b7-b6, b7-b5-d5, c7-c6=X or d5=+, a first capture \
     with the king's square (d4-d3 K@d2), or claim draw";

/// A legal play in notation, with `+` or `#` when it checks or mates.
pub fn write(position: &Position, play: &HybridPlay) -> String {
    let mut text = match play {
        HybridPlay::Piece(mv) => position.san_list(vec![*mv]).remove(0),
        HybridPlay::Cube { action, crown } => {
            let board = board_of(position);
            let mut text = write_cube_action(&board, action);
            if let Some(crown) = crown {
                text.push_str(&format!(" K@{}", crown.on));
                let mut after = board.clone();
                let several = moves::play(&mut after, action).captured.len() > 1;
                if several && crown.on != crown.piece {
                    text.push_str(&format!("({})", crown.piece));
                }
            }
            text
        }
    };
    let next = actions::make(position, play).0;
    if actions::in_check(&next, position.turn().other()) {
        text.push(if !actions::has_legal_play(&next) {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// The placement written after ` K@`: a square, and a piece's square in
/// brackets.
fn read_crown(text: &str, whole: &str) -> Result<(Square, Option<Square>), ActionError> {
    let syntax = || ActionError::syntax(whole, FORMS);
    let text = text.trim();
    let (on, piece) = match text.split_once('(') {
        Some((on, piece)) => (
            on,
            Some(Square::parse(piece.strip_suffix(')').ok_or_else(syntax)?).ok_or_else(syntax)?),
        ),
        None => (text, None),
    };
    Ok((Square::parse(on).ok_or_else(syntax)?, piece))
}

/// Reads what the side to act wrote into one of its legal plays, or says
/// why not.
pub(crate) fn read_play(position: &Position, text: &str) -> Result<HybridPlay, ActionError> {
    let seat = position.turn();
    // Check marks at the end; a `+` after `=` is the hopper's aspect.
    let mut body = text.trim();
    while let Some(head) = body
        .strip_suffix('#')
        .or_else(|| body.strip_suffix('+').filter(|head| !head.ends_with('=')))
    {
        body = head.trim_end();
    }
    let lower = body.to_ascii_lowercase();
    if lower == "random" {
        return Err(ActionError::illegal(
            "The hybrid has no random moves (they belong to the classic game).",
        ));
    }
    let (body, crown) = match lower.find("k@") {
        Some(i) => (body[..i].trim(), Some(read_crown(&body[i + 2..], text)?)),
        None => (body, None),
    };
    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let cube_on = Square::parse(compact.get(..2).unwrap_or_default())
        .filter(|_| matches!(compact.as_bytes().get(2), Some(b'-' | b'=')))
        .filter(|sq| {
            position
                .piece_at(*sq)
                .is_some_and(|p| p.owner == seat && Man(p).aspect().is_some())
        });
    match cube_on {
        Some(from) => read_cube(position, seat, body, from, crown),
        None if crown.is_some() => Err(ActionError::illegal(
            "K@ places Black's king after a cube's first capture; a chess move takes no K@.",
        )),
        None => read_chess(position, seat, body),
    }
}

/// The legal moves of the pieces on `squares`, in SAN.
fn moves_of(position: &Position, squares: &[Square]) -> Vec<String> {
    let moves: Vec<Move> = actions::legal_plays(position)
        .into_iter()
        .filter_map(|p| match p {
            HybridPlay::Piece(mv) if squares.contains(&mv.from) => Some(mv),
            _ => None,
        })
        .collect();
    position.san_list(moves)
}

/// What the piece on `square` can do, as a sentence.
fn piece_hint(position: &Position, square: Square, what: &str) -> String {
    let moves = moves_of(position, &[square]);
    if moves.is_empty() {
        format!("{what} on {square} has no legal move.")
    } else {
        format!("{what} on {square} can play {}.", moves.join(", "))
    }
}

/// Why the castling `notation` names is refused, if it names one the
/// squares allow.
fn castling_fault(position: &Position, notation: Notation) -> Option<CastlingFault> {
    if !matches!(notation, Notation::Castle(_)) {
        return None;
    }
    let mut steps = Vec::new();
    for (from, piece) in position.pieces() {
        if piece.owner == position.turn() {
            position.castling_steps(from, &mut steps);
        }
    }
    steps
        .iter()
        .find(|s| notation.fits(&position.facts(s, None), true))
        .and_then(|s| actions::castling_fault(position, s))
}

fn read_chess(position: &Position, seat: Seat, body: &str) -> Result<HybridPlay, ActionError> {
    let notation =
        read_move(&men::variant(), body).ok_or_else(|| ActionError::syntax(body, FORMS))?;
    let found: Vec<Move> = actions::legal_plays(position)
        .into_iter()
        .filter_map(|p| match p {
            HybridPlay::Piece(mv) => Some(mv),
            HybridPlay::Cube { .. } => None,
        })
        .filter(|mv| {
            position
                .step_of(mv)
                .is_some_and(|s| notation.fits(&position.facts(&s, mv.promotion), true))
        })
        .collect();
    match found.as_slice() {
        [mv] => Ok(HybridPlay::Piece(*mv)),
        [] => {
            let reason = position
                .why_not(notation, false)
                .unwrap_or_else(|| match castling_fault(position, notation) {
                    Some(CastlingFault::OutOfCheck) => {
                        "You are in check, and castling out of check is not allowed.".to_string()
                    }
                    Some(CastlingFault::Through(square)) => format!(
                        "{body} would take your king across {square}, where it would be in \
                         check: castling through check is not allowed."
                    ),
                    Some(CastlingFault::Into(square)) => format!(
                        "{body} would put your king in check on {square}: castling into check \
                         is not allowed."
                    ),
                    None if actions::in_check(position, seat) => {
                        format!("You are in check, and {body} does not end the check.")
                    }
                    None => format!("{body} would leave your king in check."),
                });
            let named: Vec<Square> = position
                .named(notation)
                .into_iter()
                .filter(|sq| position.piece_at(*sq).is_some_and(|p| Man(p).is_piece()))
                .collect();
            let hint = match named.as_slice() {
                [one] => {
                    let man = Man(position.piece_at(*one).expect("named"));
                    let what = if man.is_king() {
                        "As its piece, your king".to_string()
                    } else {
                        format!("Your {}", position.kind_name(man.0.kind))
                    };
                    piece_hint(position, *one, &what)
                }
                [] => {
                    let own: Vec<Square> = position
                        .pieces()
                        .filter(|(_, p)| p.owner == seat && Man(*p).is_piece())
                        .map(|(s, _)| s)
                        .collect();
                    let all = moves_of(position, &own);
                    if all.is_empty() {
                        "None of your chess pieces has a legal move.".to_string()
                    } else {
                        format!("Your chess pieces can play {}.", all.join(", "))
                    }
                }
                _ => {
                    let all = moves_of(position, &named);
                    if all.is_empty() {
                        "None of those pieces has a legal move.".to_string()
                    } else {
                        format!("Those pieces can play {}.", all.join(", "))
                    }
                }
            };
            Err(ActionError::illegal_with_hint(reason, hint))
        }
        many => Err(ActionError::Ambiguous {
            text: body.to_string(),
            candidates: position.san_list(many.to_vec()),
        }),
    }
}

fn read_cube(
    position: &Position,
    seat: Seat,
    body: &str,
    from: Square,
    crown: Option<(Square, Option<Square>)>,
) -> Result<HybridPlay, ActionError> {
    let board = board_of(position);
    let man = board.get(from).expect("a cube there");
    let cube = man.cube().expect("a cube");
    let owner = if man.is_king() { "your king's" } else { "your" };
    let legal = actions::legal_plays(position);
    let hint = || {
        let of_cube: Vec<CubeAction> = legal
            .iter()
            .filter_map(|p| match p {
                HybridPlay::Cube { action, .. } if action.from() == from => Some(action.clone()),
                _ => None,
            })
            .collect();
        let mut text = hint(&board, (from, cube), &of_cube, owner);
        if man.is_king() {
            text.push(' ');
            text.push_str(&piece_hint(position, from, "As its piece, your king"));
        }
        text
    };
    let Written::Cube { legs, aspect, .. } = cube_notation::read(body, 8)? else {
        return Err(ActionError::syntax(body, FORMS));
    };
    let action = read_cube_action(&board, body, (from, cube), &legs, aspect, owner, &hint)?;
    let crowns: Vec<Option<Crown>> = legal
        .iter()
        .filter_map(|p| match p {
            HybridPlay::Cube { action: a, crown } if *a == action => Some(*crown),
            _ => None,
        })
        .collect();
    if crowns.is_empty() {
        let reason = if actions::in_check(position, seat) {
            format!("You are in check, and {body} does not end the check.")
        } else {
            format!("{body} would leave your king in check.")
        };
        return Err(ActionError::illegal_with_hint(reason, hint()));
    }
    let written = |crown: Option<Crown>| {
        write(
            position,
            &HybridPlay::Cube {
                action: action.clone(),
                crown,
            },
        )
    };
    let options: Vec<String> = crowns.iter().map(|c| written(*c)).collect();
    let chosen: Vec<Option<Crown>> = match crown {
        None if crowns == [None] => {
            return Ok(HybridPlay::Cube {
                action,
                crown: None,
            });
        }
        None => {
            return Err(ActionError::illegal_with_hint(
                format!(
                    "{body} makes your first capture: say where your king stands, on the \
                     square the cube ends on or on the captured piece's."
                ),
                format!("Write one of: {}.", options.join(", ")),
            ));
        }
        Some(_) if crowns == [None] => {
            return Err(ActionError::illegal(format!(
                "K@ places your king only with your first capture, and {body} is not one."
            )));
        }
        Some((on, piece)) => crowns
            .into_iter()
            .filter(|c| c.is_some_and(|c| c.on == on && piece.is_none_or(|p| c.piece == p)))
            .collect(),
    };
    match chosen.as_slice() {
        [one] => Ok(HybridPlay::Cube {
            action,
            crown: *one,
        }),
        [] => {
            let (on, _) = crown.expect("a placement was written");
            let mut after = board.clone();
            let captured = moves::play(&mut after, &action).captured;
            let end = match &action {
                CubeAction::Move(mv) => mv.to(),
                CubeAction::Change { at, .. } => *at,
            };
            let reason = if on == end || captured.contains(&on) {
                format!("After {body}, your king on {on} would be in check.")
            } else {
                let pieces: Vec<String> = captured.iter().map(|s| s.to_string()).collect();
                format!(
                    "After {body}, your king stands on the square the cube ends on ({end}) or \
                     on the captured piece's ({}).",
                    pieces.join(" or ")
                )
            };
            Err(ActionError::illegal_with_hint(
                reason,
                format!("Write one of: {}.", options.join(", ")),
            ))
        }
        many => Err(ActionError::Ambiguous {
            text: body.to_string(),
            candidates: many.iter().map(|c| written(*c)).collect(),
        }),
    }
}
