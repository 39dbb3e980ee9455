//! Actions and their notation: what players write and what the log stores.
//!
//! | action | notation |
//! |---|---|
//! | setup (sealed) | `setup d1=R/R c2=N/B ... hand=PN` |
//! | quiet move and its flip | `c3-c4 flip e6` (`c3-c4` alone where no flip is made or the dice choose) |
//! | flip owed to the dice | `flip e6` |
//! | drop | `drop N/R d1` (the chip by its faces, up face first) |
//! | capture (own chip too, with retreat=on) | `c4xd5` |
//! | Reality Check | `c4xd5 check!` or `rc c4xd5` |
//! | keep or refuse a captured chip | `keep`, `refuse` |
//! | memory flip (memory-flips=on) | `memory d7 e7 forfeit d1` or `... forfeit RR` (a true chip in hand) |
//!
//! Parsing here is syntax only; the rules are checked in `apply`.

use serde::{Deserialize, Serialize};

use super::board::{Face, Kind};
use super::setup::{SETUP_FORM, Setup};
use crate::rules::ActionError;
use crate::rules::geometry::Square;

/// The forfeit named by a memory flip: one of the actor's true chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forfeit {
    Square(Square),
    Hand(Kind),
}

/// An action as the log stores it (a setup's squares and faces included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "type")]
pub enum Action {
    Setup {
        setup: Setup,
    },
    /// A quiet move; `flip` names the square of the chip flipped after the
    /// move (None on White's first turn with the fixed setup, with dice, or
    /// when no chip may be flipped).
    Move {
        from: Square,
        to: Square,
        flip: Option<Square>,
    },
    /// The flip owed to a die that more than one chip meets.
    Flip {
        square: Square,
    },
    Drop {
        up: Face,
        down: Face,
        to: Square,
    },
    /// A capture; `check` declares a Reality Check.
    Capture {
        from: Square,
        to: Square,
        check: bool,
    },
    Keep,
    Refuse,
    /// A memory flip of two opponent chips (`first` < `second` in the log).
    Memory {
        first: Square,
        second: Square,
        forfeit: Forfeit,
    },
}

/// What every action looks like, for syntax errors.
pub const FORMS: &str = "write one of: `c3-c4 flip e6` (a quiet move and its flip), `drop N/R d1`, `c4xd5` (a capture), `c4xd5 check!` or `rc c4xd5` (a Reality Check), `keep`, `refuse`, `flip e6` (when the dice ask), `memory d7 e7 forfeit d1`, or `setup ...`";

fn square(word: &str, text: &str) -> Result<Square, ActionError> {
    Square::parse(word)
        .ok_or_else(|| ActionError::syntax(text, format!("{word:?} is not a square; {FORMS}")))
}

fn pair(word: &str, sep: char) -> Option<(&str, &str)> {
    word.split_once(sep)
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
}

/// Reads an action's text (case-insensitive, extra spaces allowed).
pub fn parse(text: &str) -> Result<Action, ActionError> {
    let original = text.trim();
    let lower = original.to_ascii_lowercase().replace(',', " ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let syntax = |why: &str| ActionError::syntax(original, format!("{why}{FORMS}"));
    match words.as_slice() {
        [] => Err(syntax("")),
        ["setup", ..] => {
            let rest = original["setup".len()..].trim();
            Setup::parse(rest)
                .map(|setup| Action::Setup { setup })
                .map_err(|why| ActionError::syntax(original, format!("{why}; {SETUP_FORM}")))
        }
        ["keep"] => Ok(Action::Keep),
        ["refuse"] => Ok(Action::Refuse),
        ["flip", sq] => Ok(Action::Flip {
            square: square(sq, original)?,
        }),
        ["drop", chip, sq] => {
            let (up, down) = pair(chip, '/')
                .and_then(|(u, d)| Some((one_face(u)?, one_face(d)?)))
                .ok_or_else(|| syntax(&format!("{chip:?} is not UP/DOWN (as N/R); ")))?;
            Ok(Action::Drop {
                up,
                down,
                to: square(sq, original)?,
            })
        }
        ["rc", capture] => capture_of(capture, true, original),
        [capture, "check!" | "check" | "rc"] => capture_of(capture, true, original),
        ["memory", a, b, "forfeit", f] => {
            let (a, b) = (square(a, original)?, square(b, original)?);
            let forfeit =
                match Square::parse(f) {
                    Some(sq) => Forfeit::Square(sq),
                    None => Forfeit::Hand(Kind::parse(f).ok_or_else(|| {
                        syntax(&format!("{f:?} is neither a square nor a chip; "))
                    })?),
                };
            let (first, second) = if (a.rank(), a.file()) <= (b.rank(), b.file()) {
                (a, b)
            } else {
                (b, a)
            };
            Ok(Action::Memory {
                first,
                second,
                forfeit,
            })
        }
        ["memory", ..] => Err(syntax("a memory flip names two squares and a forfeit; ")),
        [mv] => move_of(mv, None, original),
        [mv, "flip", sq] => move_of(mv, Some(square(sq, original)?), original),
        _ => Err(syntax("")),
    }
}

fn one_face(text: &str) -> Option<Face> {
    let mut chars = text.chars();
    let face = Face::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(face)
}

fn move_of(word: &str, flip: Option<Square>, text: &str) -> Result<Action, ActionError> {
    if let Some((from, to)) = pair(word, '-') {
        return Ok(Action::Move {
            from: square(from, text)?,
            to: square(to, text)?,
            flip,
        });
    }
    if flip.is_none() {
        return capture_of(word, false, text);
    }
    Err(ActionError::syntax(
        text,
        format!("a flip follows a quiet move such as c3-c4; {FORMS}"),
    ))
}

fn capture_of(word: &str, check: bool, text: &str) -> Result<Action, ActionError> {
    let (from, to) = pair(word, 'x').ok_or_else(|| {
        ActionError::syntax(
            text,
            format!("{word:?} is not a move or a capture; {FORMS}"),
        )
    })?;
    Ok(Action::Capture {
        from: square(from, text)?,
        to: square(to, text)?,
        check,
    })
}

/// The action as its actor writes it (it may show the actor's own secrets,
/// as a drop's down face).
pub fn notation(action: &Action) -> String {
    match action {
        Action::Setup { setup } => format!("setup {}", setup.text()),
        Action::Move {
            from,
            to,
            flip: None,
        } => format!("{from}-{to}"),
        Action::Move {
            from,
            to,
            flip: Some(f),
        } => format!("{from}-{to} flip {f}"),
        Action::Flip { square } => format!("flip {square}"),
        Action::Drop { up, down, to } => format!("drop {up}/{down} {to}"),
        Action::Capture {
            from,
            to,
            check: false,
        } => format!("{from}x{to}"),
        Action::Capture {
            from,
            to,
            check: true,
        } => format!("{from}x{to} check!"),
        Action::Keep => "keep".to_string(),
        Action::Refuse => "refuse".to_string(),
        Action::Memory {
            first,
            second,
            forfeit,
        } => {
            let forfeit = match forfeit {
                Forfeit::Square(sq) => sq.to_string(),
                Forfeit::Hand(kind) => kind.name(),
            };
            format!("memory {first} {second} forfeit {forfeit}")
        }
    }
}
