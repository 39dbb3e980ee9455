//! A game's page, `games/ID.html`: the header, the moves (each a link to
//! its ply), the board of the selected ply with the buttons and keys that
//! step through them, what each entry told, the secrets with their
//! commitments and the seed, each checked here and again by the page's
//! script in the reader's browser.

use minijinja::context;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::{GAME_SCRIPT, STYLE, SiteGame, moves, news, render, result_words, trusted, when};
use crate::archive::{Archive, ArchivedEntry, Ply};
use crate::rules::{Audience, Diagram, Seat};

/// The files written beside the page, by name.
pub(super) struct Files {
    pub json: String,
    /// The PGN, for the chess-based games.
    pub pgn: Option<String>,
}

/// The board pictures of one ply (the mails' picture, as SVG): as the
/// game draws it, and turned round, for the button that turns the board.
fn boards(diagram: &Diagram) -> Boards {
    let mut turned = diagram.clone();
    turned.bottom = diagram.bottom.other();
    Boards {
        bottom: diagram.bottom.to_string().to_lowercase(),
        board: trusted(&crate::render::picture::svg(diagram)),
        turned: trusted(&crate::render::picture::svg(&turned)),
    }
}

#[derive(Serialize)]
struct Boards {
    /// The seat at the bottom of `board`.
    bottom: String,
    board: minijinja::Value,
    turned: minijinja::Value,
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
    boards: Option<Boards>,
    facts: Vec<String>,
    events: Vec<EventContext>,
    /// Whether some of what it told is left to the Commitments and Seed
    /// tables (hashes, salts).
    shortened: bool,
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
    // Every line any of its boards needs (a mark may show only at some
    // moves: Reality Check's padlocks, say, are gone at the end).
    let mut lines: Vec<String> = Vec::new();
    for ply in &game.plies {
        for line in &ply.view.presentation().legend {
            if !lines.contains(line) {
                lines.push(line.clone());
            }
        }
    }
    let legend = news::legend(&lines);
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
            moves => moves::lines(archive, &game.plies),
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
        moves: moves::count(&game.plies),
    }
}

fn ply_context(archive: &Archive, n: usize, ply: &Ply) -> PlyContext {
    let entry = moves::entry_of(archive, ply);
    let presentation = ply.view.presentation();
    let mut shortened = false;
    let mut plain = |text: &str| {
        let (text, dropped) = news::plain(text)?;
        shortened |= dropped;
        Some(text)
    };
    let events = ply
        .events
        .iter()
        .filter_map(|e| {
            Some(EventContext {
                to: match e.audience {
                    Audience::Everyone => None,
                    Audience::Seat(seat) => Some(seat.to_string()),
                },
                text: plain(&e.text)?,
            })
        })
        .collect();
    let facts = presentation.facts.iter().filter_map(|f| plain(f)).collect();
    PlyContext {
        n,
        label: entry.map_or_else(|| "Start".to_string(), |e| label(e, ply)),
        notation: entry.map(|e| e.notation.clone()),
        seat: entry.and_then(|e| e.seat).map(|s| s.to_string()),
        time: entry.map(|e| when(&e.time)),
        boards: presentation.diagram.as_ref().map(boards),
        facts,
        events,
        shortened,
    }
}

/// How the ply's heading names an entry: a game action with the turn
/// number the game gave it (`1. e4`, `1… e5`), anything else with who did
/// it (`White: resign`, or the referee's `out of time`).
fn label(entry: &ArchivedEntry, ply: &Ply) -> String {
    match (moves::turn(entry, ply), entry.seat) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Geometry;
    use crate::rules::{AnyView, Event, HistoryLine, Presentation};

    /// A finished one-move game whose seed, hash and secret are as given.
    fn game(seed: &str, seed_hash: &str, secret_verified: bool) -> SiteGame {
        let archive: Archive = serde_json::from_value(serde_json::json!({
            "format": "arbiter-game/1", "id": 7, "game": "bluff-chess", "title": "Bluff Chess",
            "options": {}, "players": {"white": "a@example.test", "black": "b@example.test"},
            "created": "2026-11-24T08:00:00Z", "start_position": null,
            "log": [{"index": 0, "seat": "white", "notation": "e4",
                     "time": "2026-11-24T08:01:00Z", "entry": {"kind": "action"}}],
            "finished": true, "result": "0-1", "reason": "White resigned", "position": "",
            "seed_hash": seed_hash, "seed": seed,
            "secrets": [{"seat": "white", "what": "setup", "text": "stay", "salt": "00",
                         "commitment": "c0ffee", "verified": secret_verified}],
            "host_only": false,
        }))
        .unwrap();
        let view = |history: Vec<HistoryLine>| {
            let diagram = Diagram::empty(&Geometry::rectangle(2, 2), Seat::White);
            AnyView::sample(
                Presentation {
                    diagram: Some(diagram),
                    legend: vec![],
                    facts: vec![],
                },
                history,
            )
        };
        let e4 = HistoryLine {
            number: 1,
            seat: Seat::White,
            text: "e4".into(),
        };
        SiteGame {
            archive,
            plies: vec![
                Ply {
                    index: None,
                    events: vec![],
                    view: view(vec![]),
                    moves: 0,
                },
                Ply {
                    index: Some(0),
                    events: vec![Event::private(Seat::White, "Your decision, sealed: stay")],
                    view: view(vec![e4]),
                    moves: 1,
                },
            ],
            finished_at: "2026-11-24T08:02:00Z".into(),
        }
    }

    fn files() -> Files {
        Files {
            json: "7.json".into(),
            pgn: None,
        }
    }

    #[test]
    fn a_seed_that_matches_its_hash_is_verified_and_one_that_does_not_is_not() {
        let seed = "11".repeat(32);
        let hash = hex::encode(Sha256::digest([0x11; 32]));
        let good = html(&game(&seed, &hash, true), &files());
        let (seed_yes, secret_yes) = (
            "<td class=\"verified\">yes</td>",
            "<td class=\"verified\" data-label=\"Verified\">yes</td>",
        );
        assert!(good.contains(seed_yes) && good.contains(secret_yes));
        let tampered = html(&game(&seed, &"0".repeat(64), false), &files());
        assert!(tampered.contains("<td class=\"verified\">NO</td>"));
        assert!(tampered.contains("<td class=\"verified\" data-label=\"Verified\">NO</td>"));
        assert!(!tampered.contains(seed_yes) && !tampered.contains(secret_yes));
    }

    #[test]
    fn entries_are_numbered_as_the_game_counts_turns_and_private_events_say_to_whom() {
        let page = html(&game("", "", true), &files());
        assert!(
            page.contains(
                "<li class=\"turn\"><span class=\"number\">1.</span><span class=\"white\">\
                 <a href=\"#ply=1\" data-ply=\"1\">e4</a></span><span class=\"black\"></span></li>"
            ),
            "{page}"
        );
        assert!(page.contains(">Start</a></li>"));
        assert!(page.contains("(to White only)</span> Your decision, sealed: stay"));
        assert!(page.contains("Ply 1 of 1: 1. e4"));
    }

    #[test]
    fn every_ply_has_its_board_and_the_board_turned_round() {
        let page = html(&game("", "", true), &files());
        assert_eq!(
            page.matches("<div class=\"side\" data-bottom=\"white\"><svg")
                .count(),
            2
        );
        assert_eq!(
            page.matches("<div class=\"side turned\" hidden><svg")
                .count(),
            2
        );
        assert!(page.contains("<button type=\"button\" data-turn"));
    }

    #[test]
    fn the_step_buttons_are_drawn_and_their_words_are_plain_ascii() {
        let page = html(&game("", "", true), &files());
        let toolbar = &page[page.find("<div class=\"steps\"").unwrap()..];
        let toolbar = &toolbar[..toolbar.find("</div>").unwrap()];
        assert_eq!(toolbar.matches("<button").count(), 5, "{toolbar}");
        assert_eq!(toolbar.matches("<svg class=\"icon\"").count(), 5);
        assert!(
            toolbar.is_ascii(),
            "no character a font may lack: {toolbar}"
        );
    }
}
