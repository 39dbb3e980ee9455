//! Why an action or a position was refused.

use thiserror::Error;

/// Why a player's action was not accepted. Every variant is shown to the
/// player who wrote it, so a game must build it from what that player may
/// know (never confirm or deny a hidden thing).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ActionError {
    /// The text is not an action of this game at all.
    #[error("I could not read {text:?}: {expected}")]
    Syntax { text: String, expected: String },
    /// A well-formed action that the rules forbid now; `hint` names what is
    /// allowed (the legal moves of that piece, for example).
    #[error("{reason}{}", hint.as_ref().map(|h| format!(" {h}")).unwrap_or_default())]
    Illegal {
        reason: String,
        hint: Option<String>,
    },
    /// The text fits more than one legal action.
    #[error("{text:?} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
    /// The seat owes nothing now, or owes something else.
    #[error("{0}")]
    NotYourTurn(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    Finished(String),
}

impl ActionError {
    pub fn illegal(reason: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            reason: reason.into(),
            hint: None,
        }
    }

    pub fn illegal_with_hint(reason: impl Into<String>, hint: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            reason: reason.into(),
            hint: Some(hint.into()),
        }
    }

    pub fn syntax(text: impl Into<String>, expected: impl Into<String>) -> ActionError {
        ActionError::Syntax {
            text: text.into(),
            expected: expected.into(),
        }
    }
}

/// A position string (FEN or a game's own) was refused, and why.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not one of the game's position strings: a field is
    /// missing, unknown or unreadable.
    #[error("invalid position: {0}")]
    Malformed(String),
    /// The text reads, but the position breaks the game's rules (a side
    /// without its king, a pawn on its last rank, the side not to move in
    /// check, a sealed decision that does not fit its commitment...).
    #[error("invalid position: {0}")]
    Illegal(String),
    /// The options given with the position are not the game's.
    #[error("invalid position: {0}")]
    Options(#[from] super::OptionError),
}
