//! A game's archive, for export: everything the log and the game hold, as
//! one versioned JSON document (`arbiter game export --format json`, the
//! `history` mail's attachment) and, for the chess-based games, as PGN
//! ([`pgn`]). The referee builds it (`Referee::archive`) and hands it out
//! only where nothing in it is still hidden from the reader: a finished
//! game, an ongoing game without hidden information, or the host.
//!
//! The schema is described in `docs/export.md`; a change that breaks a
//! reader bumps [`FORMAT`]. The archive is data below the referee; the
//! static site that publishes it is a room above `render` (`crate::site`).

pub mod pgn;

use serde::{Deserialize, Serialize};

use crate::rules::{AnyView, Ending, Event, Options, Score, Seat, Secret};

/// The schema's name and version, the document's `format` field.
pub const FORMAT: &str = "arbiter-game/1";

/// One game, exported.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Archive {
    /// Always [`FORMAT`].
    pub format: String,
    pub id: i64,
    /// The game's name in commands (`bluff-chess`).
    pub game: String,
    /// The game's title (`Bluff Chess`).
    pub title: String,
    pub options: Options,
    pub players: Players,
    /// When the game was created (UTC, RFC 3339).
    pub created: String,
    /// The position the game started from, when the host gave one (the log's
    /// first entry then says so too).
    pub start_position: Option<String>,
    /// Every accepted entry of the log, in order.
    pub log: Vec<ArchivedEntry>,
    pub finished: bool,
    /// `1-0`, `0-1` or `1/2-1/2`, once finished.
    pub result: Option<String>,
    /// Why it ended, in words (`checkmate`, `Black resigned`).
    pub reason: Option<String>,
    /// The game's position string now (FEN for the chess games).
    pub position: String,
    /// The SHA-256 of the seed, for games that draw from one.
    pub seed_hash: Option<String>,
    /// The seed (hex), once the game has ended (or for the host).
    pub seed: Option<String>,
    /// Every sealed secret of the game, opened, with its commitment.
    pub secrets: Vec<ArchivedSecret>,
    /// Whether the document holds what the players may not know yet (the
    /// host's export of an ongoing game with hidden information).
    pub host_only: bool,
    /// The game as a chess score, for PGN (not in the JSON).
    #[serde(skip)]
    pub score: Option<Score>,
    /// The FEN of the start position, when the game started from one.
    #[serde(skip)]
    pub start_fen: Option<String>,
    /// How the game ended, for PGN's `Termination`.
    #[serde(skip)]
    pub ending: Option<Ending>,
}

/// The two players' addresses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    pub white: String,
    pub black: String,
}

/// One log entry as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchivedEntry {
    pub index: i64,
    /// The seat that made it (none for the referee's and the host's).
    pub seat: Option<Seat>,
    /// In the game's notation, as its maker wrote it (sealed parts included).
    pub notation: String,
    /// When it was accepted (UTC, RFC 3339).
    pub time: String,
    /// The entry exactly as the log stores it (`referee::LogEntry`).
    pub entry: serde_json::Value,
}

/// A secret with its opening and whether the commitment checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchivedSecret {
    pub seat: Seat,
    pub what: String,
    pub text: String,
    pub salt: String,
    pub commitment: String,
    /// SHA-256(text `|` salt) equals the commitment.
    pub verified: bool,
}

impl From<Secret> for ArchivedSecret {
    fn from(secret: Secret) -> ArchivedSecret {
        ArchivedSecret {
            verified: secret.verifies(),
            seat: secret.seat,
            what: secret.what,
            text: secret.text,
            salt: secret.salt,
            commitment: secret.commitment,
        }
    }
}

impl Archive {
    /// The JSON document, pretty-printed, with a final newline.
    pub fn json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("archives serialise");
        text.push('\n');
        text
    }

    /// The file name of an export: `arbiter-42.pgn`.
    pub fn file_name(&self, extension: &str) -> String {
        format!("arbiter-{}.{extension}", self.id)
    }

    /// The files this game exports to, as mailed: the PGN (chess-based
    /// games only), then the JSON.
    pub fn file_names(&self) -> Vec<String> {
        let pgn = self.score.is_some().then(|| self.file_name("pgn"));
        pgn.into_iter().chain([self.file_name("json")]).collect()
    }
}

/// One step of a finished game: the start, or a log entry and the whole
/// truth after it (built by `Referee::archive_plies`, for the archive
/// site's pages: `crate::site`).
#[derive(Clone, Debug)]
pub struct Ply {
    /// The log entry's index; `None` for the start.
    pub index: Option<i64>,
    /// What the entry told, to whom (everything is public now).
    pub events: Vec<Event>,
    /// Everything after the entry.
    pub view: AnyView,
    /// The game actions that stand after it (a takeback removes some).
    pub moves: usize,
}
