//! Writing and reading cube actions, for both forms (the classic game's
//! random moves and draw claims are read in `reading`):
//!
//! - a move by its landings: `b2-b3` (a pusher's step, pushing whatever is
//!   ahead), `b2-b4` (a hopper's two-square move), `b2-b4-d4` (a chain);
//! - a jumped cube in brackets after a landing, where the landings alone
//!   fit two chains: `b2-c3(b3)` hops over b3, `b2-c3(c2)` over c2;
//! - an aspect change: `=X` after a move (`c3-d3=+`) or alone (`d3=X`);
//!   `o + X`, either case, or the words `pusher hopper slasher`;
//! - `random`; `claim draw`, or a play followed by `claim`.

use super::board::{Aspect, Board, Colour, Cube, Token};
use super::faults;
use super::moves::{self, CubeAction, Move, Step};
use crate::rules::ActionError;
use crate::rules::geometry::Square;

/// The forms of an action, for answers to what could not be read.
pub const FORMS: &str = "a move such as b2-b3, a chain of hops or jumps such as b2-b4-d4 \
     (a jumped cube in brackets where needed: b2-c3(b3)), an aspect change such as c3-d3=X or \
     d3=+ (o + X, or pusher hopper slasher), random, or claim draw";

/// A cube's action in notation, the jumped cubes named where the landings
/// alone fit more than one path of that cube.
pub fn write_cube_action<T: Token>(board: &Board<T>, action: &CubeAction) -> String {
    match action {
        CubeAction::Move(mv) => write_move(mv, needs_names(board, mv)),
        CubeAction::Change { at, aspect } => format!("{at}={}", aspect.symbol()),
    }
}

/// Whether another path of the same cube has the same landings.
fn needs_names<T: Token>(board: &Board<T>, mv: &Move) -> bool {
    let Some(cube) = board.get(mv.from).and_then(Token::cube) else {
        return false;
    };
    let landings = |m: &Move| m.steps.iter().map(|s| s.to).collect::<Vec<_>>();
    let mine = landings(mv);
    moves::paths(board, mv.from, cube.aspect)
        .iter()
        .filter(|p| landings(p) == mine)
        .count()
        > 1
}

/// A move in notation; with `named`, each jumped cube in brackets.
pub(super) fn write_move(mv: &Move, named: bool) -> String {
    let mut text = mv.from.to_string();
    for step in &mv.steps {
        text.push('-');
        text.push_str(&step.to.to_string());
        if let (true, Some(over)) = (named, step.over) {
            text.push_str(&format!("({over})"));
        }
    }
    if let Some(aspect) = mv.aspect {
        text.push('=');
        text.push(aspect.symbol());
    }
    text
}

/// An action as written, before it is matched with the legal ones.
pub(super) enum Written {
    Random,
    Cube {
        from: Square,
        /// Each landing, with the jumped cube where one is named.
        legs: Vec<Step>,
        aspect: Option<Aspect>,
    },
}

/// Reads the shape of an action (squares must be on a board of `size`).
pub(super) fn read(text: &str, size: u8) -> Result<Written, ActionError> {
    let syntax = || ActionError::syntax(text, FORMS);
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if compact == "random" {
        return Ok(Written::Random);
    }
    let square = |s: &str| {
        Square::parse(s)
            .filter(|sq| sq.file() < size && sq.rank() < size)
            .ok_or_else(syntax)
    };
    let (body, aspect) = match compact.split_once('=') {
        Some((body, aspect)) => (body, Some(Aspect::parse(aspect).ok_or_else(syntax)?)),
        None => (compact.as_str(), None),
    };
    let mut parts = body.split('-');
    let from = square(parts.next().unwrap_or_default())?;
    let mut legs = Vec::new();
    for part in parts {
        let leg = match part.split_once('(') {
            Some((to, over)) => Step {
                to: square(to)?,
                over: Some(square(over.strip_suffix(')').ok_or_else(syntax)?)?),
            },
            None => Step {
                to: square(part)?,
                over: None,
            },
        };
        legs.push(leg);
    }
    if legs.is_empty() && aspect.is_none() {
        return Err(syntax());
    }
    Ok(Written::Cube { from, legs, aspect })
}

/// The moves of `cube` on `from` whose landings (and jumped cubes, where
/// named) are the written legs, ending with `aspect`.
pub(super) fn matching_moves<T: Token>(
    board: &Board<T>,
    from: Square,
    cube: Cube,
    legs: &[Step],
    aspect: Option<Aspect>,
) -> Vec<Move> {
    moves::paths(board, from, cube.aspect)
        .into_iter()
        .filter(|path| {
            path.steps.len() == legs.len()
                && path.steps.iter().zip(legs).all(|(step, leg)| {
                    step.to == leg.to && leg.over.is_none_or(|o| step.over == Some(o))
                })
        })
        .map(|path| Move { aspect, ..path })
        .collect()
}

/// The first letter in capitals: `Your`.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// Reads the written action `text` of `cube` on `from` (its `legs` and the
/// `aspect` it ends with) by the cube rules alone, or refuses it with the
/// rule it breaks and then `hint`: an aspect the cube already shows, a
/// change on its home colour, a path the cube cannot take, or landings
/// that fit two paths. `owner` names the cube's owner in the refusal
/// (`your`, `your king's`). Whether the action is legal in the position
/// (the hybrid's check) is the caller's to judge.
pub(super) fn read_cube_action<T: Token>(
    board: &Board<T>,
    text: &str,
    (from, cube): (Square, Cube),
    legs: &[Step],
    aspect: Option<Aspect>,
    owner: &str,
    hint: &dyn Fn() -> String,
) -> Result<CubeAction, ActionError> {
    let refuse = |reason: String| ActionError::illegal_with_hint(reason, hint());
    let home = Colour::home(cube.team).name();
    if aspect == Some(cube.aspect) {
        return Err(refuse(format!(
            "{} cube on {from} is already a {}.",
            capital(owner),
            cube.aspect
        )));
    }
    if legs.is_empty() {
        let aspect = aspect.expect("an aspect change when no landing is written");
        if !moves::may_change(cube.team, from) {
            return Err(refuse(format!(
                "{} {} on {from} stands on {home}, your home colour: a cube changes aspect only \
                 off its home colour.",
                capital(owner),
                cube.aspect
            )));
        }
        return Ok(CubeAction::Change { at: from, aspect });
    }
    let matching = matching_moves(board, from, cube, legs, aspect);
    let mv = match matching.as_slice() {
        [] => {
            let why = faults::why_not(board, from, cube.aspect, legs)
                .map_or_else(String::new, |why| format!(": {why}"));
            return Err(refuse(format!(
                "{text} is not a move of {owner} {} on {from}{why}.",
                cube.aspect
            )));
        }
        [mv] => mv.clone(),
        _ => {
            return Err(ActionError::Ambiguous {
                text: text.to_string(),
                candidates: matching.iter().map(|m| write_move(m, true)).collect(),
            });
        }
    };
    if aspect.is_some() && !moves::may_change(cube.team, mv.to()) {
        return Err(refuse(format!(
            "{} ends on {home}, your home colour: a cube changes aspect only off its home \
             colour.",
            write_move(&mv.path(), false)
        )));
    }
    Ok(CubeAction::Move(mv))
}

/// What the cube `cube` on `from` can do, for a refusal: the paths and
/// aspect changes among `legal`, its legal actions. `owner` names the
/// cube's owner (`your`, `your king's`).
pub(super) fn hint<T: Token>(
    board: &Board<T>,
    (from, cube): (Square, Cube),
    legal: &[CubeAction],
    owner: &str,
) -> String {
    let mut paths: Vec<Move> = Vec::new();
    let mut changes = Vec::new();
    let mut may_add = false;
    for action in legal {
        match action {
            CubeAction::Move(mv) => {
                may_add |= mv.aspect.is_some();
                if !paths.contains(&mv.path()) {
                    paths.push(mv.path());
                }
            }
            CubeAction::Change { at, aspect } => changes.push(format!("{at}={}", aspect.symbol())),
        }
    }
    let what = format!("{} {} on {from}", capital(owner), cube.aspect);
    let mut parts = Vec::new();
    if !paths.is_empty() {
        let written: Vec<String> = paths
            .iter()
            .map(|p| write_move(p, needs_names(board, p)))
            .collect();
        let mut text = format!("{what} can play {}", written.join(", "));
        if may_add {
            let others: Vec<String> = cube
                .aspect
                .others()
                .map(|a| format!("={}", a.symbol()))
                .collect();
            text.push_str(&format!(
                " (a move ending on {} may add {})",
                Colour::home(cube.team.other()).name(),
                others.join(" or ")
            ));
        }
        parts.push(text);
    }
    if !changes.is_empty() {
        parts.push(format!(
            "{} change aspect instead of moving: {}",
            if parts.is_empty() {
                format!("{what} can only")
            } else {
                "or".to_string()
            },
            changes.join(", ")
        ));
    }
    if parts.is_empty() {
        format!("{what} has no legal action.")
    } else {
        format!("{}.", parts.join("; "))
    }
}
