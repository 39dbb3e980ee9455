//! Writing and reading actions.
//!
//! - a move by its landings: `b2-b3` (a pusher's step, pushing whatever is
//!   ahead), `b2-b4` (a hopper's two-square move), `b2-b4-d4` (a chain);
//! - a jumped cube in brackets after a landing, where the landings alone
//!   fit two chains: `b2-c3(b3)` hops over b3, `b2-c3(c2)` over c2;
//! - an aspect change: `=X` after a move (`c3-d3=+`) or alone (`d3=X`);
//!   `o + X`, either case, or the words `pusher hopper slasher`;
//! - `random`; `claim draw`, or a play followed by `claim`.

use super::board::{Aspect, Board, Colour, Cube, Token};
use super::game::{Play, Superial, SuperialAction};
use super::moves::{self, CubeAction, Move};
use crate::rules::chess::{is_claim, strip_claim};
use crate::rules::geometry::Square;
use crate::rules::{ActionError, Seat};

/// The forms of an action, for answers to what could not be read.
pub const FORMS: &str = "a move such as b2-b3, a chain of hops or jumps such as b2-b4-d4 \
     (a jumped cube in brackets where needed: b2-c3(b3)), an aspect change such as c3-d3=X or \
     d3=+ (o + X, or pusher hopper slasher), random, or claim draw";

/// A play in notation, the jumped cubes named where the landings alone fit
/// more than one chain of that cube.
pub fn write_play(board: &Board, play: &Play) -> String {
    match play {
        Play::Cube(action) => write_cube_action(board, action),
        Play::Random => "random".to_string(),
    }
}

/// A cube's action in notation (see [`write_play`]).
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

/// One leg as written: the landing, and the jumped cube if named.
pub(super) struct Leg {
    pub(super) to: Square,
    pub(super) over: Option<Square>,
}

/// An action as written, before it is matched with the legal ones.
pub(super) enum Written {
    Random,
    Cube {
        from: Square,
        legs: Vec<Leg>,
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
            Some((to, over)) => Leg {
                to: square(to)?,
                over: Some(square(over.strip_suffix(')').ok_or_else(syntax)?)?),
            },
            None => Leg {
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

/// Reads what `seat` wrote into a legal action, or says why not: what the
/// cube could do instead, or the legal readings of an ambiguous text.
pub(super) fn parse(
    game: &Superial,
    seat: Seat,
    text: &str,
) -> Result<SuperialAction, ActionError> {
    let text = text.trim();
    if is_claim(&text.to_ascii_lowercase()) {
        return match game.claimable() {
            Some(_) => Ok(SuperialAction::ClaimDraw),
            None => Err(game.no_claim()),
        };
    }
    if let Some(head) = strip_claim(text) {
        let play = resolve(game, seat, head, read(head, game.board.size())?)?;
        if play == Play::Random {
            return Err(ActionError::illegal(
                "A random move starts the repetition and 50-turn counts afresh: there is no draw \
                 to claim after it.",
            ));
        }
        let (next, _) = game.after(seat, &play, None);
        if next.outcome.is_some() || next.claimable().is_some() {
            return Ok(SuperialAction::PlayAndClaim(play));
        }
        return Err(ActionError::illegal(format!(
            "{} would give no draw to claim: after it {}",
            write_play(&game.board, &play),
            next.draw_counts()
        )));
    }
    let written = read(text, game.board.size())?;
    Ok(SuperialAction::Play(resolve(game, seat, text, written)?))
}

/// Matches a written action with `seat`'s legal plays.
fn resolve(game: &Superial, seat: Seat, text: &str, written: Written) -> Result<Play, ActionError> {
    let board = &game.board;
    let (from, legs, aspect) = match written {
        Written::Random => {
            let had = game.settings.random_moves;
            return if game.random_left[seat.index()] > 0 {
                Ok(Play::Random)
            } else if had == 0 && game.random_left == [0, 0] {
                Err(ActionError::illegal(
                    "This game has no random moves (it was started without random-moves=N).",
                ))
            } else if had == 0 {
                Err(ActionError::illegal("You have no random move left."))
            } else {
                Err(ActionError::illegal(format!(
                    "You have no random move left (each player had {had})."
                )))
            };
        }
        Written::Cube { from, legs, aspect } => (from, legs, aspect),
    };
    let cube = match board.get(from) {
        Some(cube) if cube.team == seat => cube,
        _ => {
            let mine: Vec<String> = board
                .tokens()
                .filter(|(_, c)| c.team == seat)
                .map(|(sq, _)| sq.to_string())
                .collect();
            return Err(ActionError::illegal_with_hint(
                format!("There is no cube of yours on {from}."),
                format!("Your cubes stand on {}.", mine.join(", ")),
            ));
        }
    };
    let refuse = |reason: String| ActionError::illegal_with_hint(reason, hint(board, from, cube));
    let home = Colour::home(seat).name();
    let already = |aspect: Aspect| format!("Your cube on {from} is already a {aspect}.");
    if legs.is_empty() {
        let aspect = aspect.expect("an aspect change when no landing is written");
        if aspect == cube.aspect {
            return Err(refuse(already(aspect)));
        }
        if !moves::may_change(seat, from) {
            return Err(refuse(format!(
                "Your {} on {from} stands on {home}, your home colour: a cube changes aspect only \
                 off its home colour.",
                cube.aspect
            )));
        }
        return Ok(Play::Cube(CubeAction::Change { at: from, aspect }));
    }
    let matching = matching_moves(board, from, cube, &legs, aspect);
    let mv = match matching.as_slice() {
        [] => {
            return Err(refuse(format!(
                "{text} is not a move of your {} on {from}.",
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
    if let Some(aspect) = aspect {
        if aspect == cube.aspect {
            return Err(refuse(already(aspect)));
        }
        if !moves::may_change(seat, mv.to()) {
            return Err(refuse(format!(
                "{} ends on {home}, your home colour: a cube changes aspect only off its home \
                 colour.",
                write_move(&mv.path(), false)
            )));
        }
    }
    Ok(Play::Cube(CubeAction::Move(mv)))
}

/// The moves of `cube` on `from` whose landings (and jumped cubes, where
/// named) are the written legs, ending with `aspect`.
pub(super) fn matching_moves<T: Token>(
    board: &Board<T>,
    from: Square,
    cube: Cube,
    legs: &[Leg],
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

/// What the cube on `from` can do, for a refusal.
pub(super) fn hint<T: Token>(board: &Board<T>, from: Square, cube: Cube) -> String {
    let paths = moves::paths(board, from, cube.aspect);
    let mut parts = Vec::new();
    if !paths.is_empty() {
        let written: Vec<String> = paths
            .iter()
            .map(|p| write_move(p, needs_names(board, p)))
            .collect();
        let mut text = format!(
            "Your {} on {from} can play {}",
            cube.aspect,
            written.join(", ")
        );
        let others: Vec<String> = cube
            .aspect
            .others()
            .map(|a| format!("={}", a.symbol()))
            .collect();
        let away = Colour::home(cube.team.other()).name();
        if paths.iter().any(|p| moves::may_change(cube.team, p.to())) {
            text.push_str(&format!(
                " (a move ending on {away} may add {})",
                others.join(" or ")
            ));
        }
        parts.push(text);
    }
    if moves::may_change(cube.team, from) {
        let changes: Vec<String> = cube
            .aspect
            .others()
            .map(|a| format!("{from}={}", a.symbol()))
            .collect();
        parts.push(format!(
            "{} change aspect instead of moving: {}",
            if parts.is_empty() {
                format!("Your {} on {from} can only", cube.aspect)
            } else {
                "or".to_string()
            },
            changes.join(", ")
        ));
    }
    if parts.is_empty() {
        format!("Your {} on {from} has no legal action.", cube.aspect)
    } else {
        format!("{}.", parts.join("; "))
    }
}
