//! What happened as an action was applied, and who may be told.

use serde::{Deserialize, Serialize};

use super::{Seat, Viewer};

/// Who is told of an [`Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Both players and spectators.
    Everyone,
    /// One player only (and the host).
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` may be told.
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Host) | (Audience::Everyone, _) => true,
            (Audience::Seat(seat), Viewer::Seat(v)) => seat == v,
            (Audience::Seat(_), Viewer::Spectator) => false,
        }
    }
}

/// Something that happened as an action was applied, told in players' words
/// to its audience only: "Black played Nf6", "White's sealed decision was:
/// stay (salt 3f2a...)".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub text: String,
}

impl Event {
    pub fn public(text: impl Into<String>) -> Event {
        Event {
            audience: Audience::Everyone,
            text: text.into(),
        }
    }

    pub fn private(seat: Seat, text: impl Into<String>) -> Event {
        Event {
            audience: Audience::Seat(seat),
            text: text.into(),
        }
    }
}
