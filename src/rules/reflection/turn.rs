//! A turn as stored in the log: one or two moves.

use std::fmt;

use crate::rules::chesslike::Move;

/// One turn: a pair's two moves (the first army's piece first), an unpaired
/// piece's one move, or on two boards the board-1 and board-2 moves.
/// Stored as text: `e3d5,e6d4`, `g1f3`, `e7e8q,e2e1q`.
///
/// ```
/// use arbiter::rules::reflection::Turn;
/// let turn: Turn = "e3d5,e6d4".parse().unwrap();
/// assert_eq!(turn.to_string(), "e3d5,e6d4");
/// assert_eq!(serde_json::to_string(&turn).unwrap(), "\"e3d5,e6d4\"");
/// assert!("e3d5,".parse::<Turn>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn {
    pub first: Move,
    pub second: Option<Move>,
}

impl Turn {
    pub fn single(mv: Move) -> Turn {
        Turn {
            first: mv,
            second: None,
        }
    }

    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        std::iter::once(&self.first).chain(self.second.as_ref())
    }

    /// Reads the stored form.
    pub fn from_text(text: &str) -> Option<Turn> {
        match text.split_once(',') {
            None => Some(Turn::single(Move::from_text(text)?)),
            Some((a, b)) => Some(Turn {
                first: Move::from_text(a)?,
                second: Some(Move::from_text(b)?),
            }),
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        if let Some(second) = self.second {
            write!(f, ",{second}")?;
        }
        Ok(())
    }
}

/// A string that is not a stored turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a stored turn (such as e3d5,e6d4 or g1f3)")]
pub struct TurnTextError(pub String);

crate::rules::chess::text_form!(Turn, Turn::from_text, TurnTextError);
