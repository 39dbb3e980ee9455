//! What a host announces a tournament with ([`TournamentSpec`], the rule
//! for its name) and why a tournament command is refused
//! ([`TournamentError`], in the player's terms).

use crate::rules::Options;
use crate::tournament::Format;

/// The smallest field a tournament starts with.
pub const MIN_PLAYERS: usize = 3;

/// A tournament the host announces.
pub struct TournamentSpec<'a> {
    pub name: &'a str,
    pub game: &'a str,
    pub options: &'a Options,
    pub format: Format,
    pub rated: bool,
}

impl<'a> TournamentSpec<'a> {
    /// A rated single round robin of `game` on its default options, in
    /// sections of `section` players: a club's usual event.
    pub fn round_robin(name: &'a str, game: &'a str, section: u32) -> Self {
        TournamentSpec {
            name,
            game,
            options: &crate::rules::NO_OPTIONS,
            format: Format::RoundRobin {
                double: false,
                section,
            },
            rated: true,
        }
    }
}

/// Why a tournament command was refused, in the player's terms.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TournamentError {
    #[error("there is no tournament called {0:?}; write `tournaments` for the list")]
    Unknown(String),
    #[error("a tournament called {0:?} already exists")]
    Taken(String),
    #[error(
        "{0:?} is not a tournament name: use 1 to 40 letters, digits, `-` or `_`, starting with a letter"
    )]
    BadName(String),
    #[error("tournament {0} has already started: entries are closed")]
    Started(String),
    #[error("tournament {0} has not started yet")]
    NotStarted(String),
    #[error("you have already joined tournament {0}")]
    AlreadyIn(String),
    #[error("you are not an entrant of tournament {0}")]
    NotIn(String),
    #[error("you have already withdrawn from tournament {0}")]
    AlreadyWithdrawn(String),
    #[error("tournament {name} has {count} entrants: it needs at least {MIN_PLAYERS} to start")]
    TooFew { name: String, count: usize },
    #[error(
        "tournament {name} has {count} entrants: a Swiss pairs at most {} players",
        crate::tournament::swiss::pairing::MAX_PLAYERS
    )]
    TooMany { name: String, count: usize },
    #[error("game #{game} is not a game of tournament {name}")]
    NotItsGame { name: String, game: i64 },
    #[error(
        "tournament {0} does not take the computer as an entrant: its host has not allowed it \
         (`arbiter tournament new ... --computers`)"
    )]
    NoComputers(String),
    #[error("tournament {name} takes one computer entrant, and {entered} has entered")]
    OneComputer { name: String, entered: String },
    #[error("{0:?} is not a level of the computer: write computer:1, computer:2 or computer:3")]
    BadLevel(String),
    #[error("a tournament's clock needs at least 1 day per move")]
    NoDays,
}

/// A name players can write in a mail: `join Autumn-2026`.
pub(super) fn check_name(name: &str) -> Result<(), TournamentError> {
    let ok = (1..=40).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(TournamentError::BadName(name.to_string()))
    }
}
