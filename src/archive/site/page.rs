//! A game's page, `games/ID.html`: the header, the moves (each a link to
//! its ply), the board of the selected ply with the buttons and keys that
//! step through them, what each entry told, the secrets with their
//! commitments and the seed, each checked here and again by the page's
//! script in the reader's browser.

use minijinja::context;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::{GAME_SCRIPT, Ply, STYLE, SiteGame, render, result_words, trusted, when};
use crate::archive::{Archive, ArchivedEntry};
use crate::rules::{Audience, Diagram, Seat};

/// The files written beside the page, by name.
pub(super) struct Files {
    pub json: String,
    /// The PGN, for the chess-based games.
    pub pgn: Option<String>,
}

/// The board picture of one ply. The one place that draws a board for the
/// site: switch it to the SVG picture here.
fn board(diagram: &Diagram) -> String {
    crate::render::diagram::html(diagram)
}

#[derive(Serialize)]
struct Header {
    id: i64,
    title: String,
    game: String,
    options: String,
    white: String,
    black: String,
    result: String,
    result_words: &'static str,
    reason: String,
    created: String,
    finished: String,
    moves: usize,
}

#[derive(Serialize)]
struct PlyContext {
    /// 0 for the start, then the log entry's index plus one.
    n: usize,
    /// How the move list names it: `Start`, `1. e4`, `2… Nc6`, `White: resign`.
    label: String,
    /// The log entry as its maker wrote it (none for the start).
    notation: Option<String>,
    seat: Option<String>,
    time: Option<String>,
    board: minijinja::Value,
    facts: Vec<String>,
    events: Vec<EventContext>,
}

#[derive(Serialize)]
struct EventContext {
    /// The seat it was told to alone, if it was not told to everyone.
    to: Option<String>,
    text: String,
}

#[derive(Serialize)]
struct SecretContext {
    seat: String,
    what: String,
    text: String,
    salt: String,
    commitment: String,
    verified: bool,
}

#[derive(Serialize)]
struct SeedContext {
    seed: String,
    hash: String,
    /// SHA-256 of the seed's 32 bytes equals the hash the players were
    /// given at the start.
    verified: bool,
}

/// The page of `game`.
pub(super) fn html(game: &SiteGame, files: &Files) -> String {
    let archive = &game.archive;
    let plies: Vec<PlyContext> = game
        .plies
        .iter()
        .enumerate()
        .map(|(n, ply)| ply_context(archive, n, ply))
        .collect();
    let legend = game
        .plies
        .last()
        .map(|p| p.view.presentation().legend.clone())
        .unwrap_or_default();
    let secrets: Vec<SecretContext> = archive
        .secrets
        .iter()
        .map(|s| SecretContext {
            seat: s.seat.to_string(),
            what: s.what.clone(),
            text: s.text.clone(),
            salt: s.salt.clone(),
            commitment: s.commitment.clone(),
            verified: s.verified,
        })
        .collect();
    render(
        "game.html",
        context! {
            game => header(game),
            plies,
            last => game.plies.len().saturating_sub(1),
            legend,
            secrets,
            seed => seed(archive),
            json => files.json,
            pgn => files.pgn,
            style => trusted(STYLE),
            script => trusted(GAME_SCRIPT),
        },
    )
}

fn header(game: &SiteGame) -> Header {
    let archive = &game.archive;
    let options: Vec<String> = archive
        .options
        .iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect();
    let result = archive.result.clone().unwrap_or_else(|| "*".into());
    Header {
        id: archive.id,
        title: archive.title.clone(),
        game: archive.game.clone(),
        options: if options.is_empty() {
            "none".into()
        } else {
            options.join(" ")
        },
        white: archive.players.white.clone(),
        black: archive.players.black.clone(),
        result_words: result_words(&result),
        result,
        reason: archive.reason.clone().unwrap_or_default(),
        created: when(&archive.created),
        finished: when(&game.finished_at),
        moves: game.plies.last().map_or(0, |p| p.moves),
    }
}

fn ply_context(archive: &Archive, n: usize, ply: &Ply) -> PlyContext {
    let entry = ply
        .index
        .and_then(|i| archive.log.iter().find(|e| e.index == i));
    let presentation = ply.view.presentation();
    PlyContext {
        n,
        label: entry.map_or_else(|| "Start".to_string(), |e| label(e, ply)),
        notation: entry.map(|e| e.notation.clone()),
        seat: entry.and_then(|e| e.seat).map(|s| s.to_string()),
        time: entry.map(|e| when(&e.time)),
        board: trusted(&presentation.diagram.as_ref().map(board).unwrap_or_default()),
        facts: presentation.facts.clone(),
        events: ply
            .events
            .iter()
            .map(|e| EventContext {
                to: match e.audience {
                    Audience::Everyone => None,
                    Audience::Seat(seat) => Some(seat.to_string()),
                },
                text: e.text.clone(),
            })
            .collect(),
    }
}

/// How the move list names an entry: a game action with the turn number
/// the game gave it (`1. e4`, `1… e5`), anything else with who did it
/// (`White: resign`, or the referee's `out of time`).
fn label(entry: &ArchivedEntry, ply: &Ply) -> String {
    let action = entry.entry.get("kind").and_then(|k| k.as_str()) == Some("action");
    let turn = ply
        .view
        .history()
        .last()
        .filter(|line| action && Some(line.seat) == entry.seat);
    match (turn, entry.seat) {
        (Some(line), _) => match line.seat {
            Seat::White => format!("{}. {}", line.number, entry.notation),
            Seat::Black => format!("{}… {}", line.number, entry.notation),
        },
        (None, Some(seat)) => format!("{seat}: {}", entry.notation),
        (None, None) => entry.notation.clone(),
    }
}

/// The seed and its check, for the games that draw from one.
fn seed(archive: &Archive) -> Option<SeedContext> {
    let (seed, hash) = (archive.seed.as_ref()?, archive.seed_hash.as_ref()?);
    let verified = hex::decode(seed)
        .is_ok_and(|bytes| bytes.len() == 32 && hex::encode(Sha256::digest(&bytes)) == *hash);
    Some(SeedContext {
        seed: seed.clone(),
        hash: hash.clone(),
        verified,
    })
}
