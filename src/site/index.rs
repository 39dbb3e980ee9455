//! The site's `index.html`: every finished game, newest first, in a table
//! whose rows carry what the filters (game, player, result, date range)
//! compare, so the page's script filters without any request.

use minijinja::context;
use serde::Serialize;

use super::{INDEX_SCRIPT, STYLE, SiteGame, moves, render, result_words, trusted, when};

/// A game's line in the index.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Row {
    id: i64,
    title: String,
    /// The game's name in commands, what the game filter compares.
    game: String,
    white: String,
    black: String,
    result: String,
    result_words: &'static str,
    reason: String,
    /// When it ended, for people (`2026-11-24 08:35:13 UTC`).
    finished: String,
    /// The day it ended, `YYYY-MM-DD`, what the date filter compares.
    date: String,
    /// Sorts the index: RFC 3339 in UTC sorts as time does.
    finished_at: String,
    /// As players count them (`moves::count`).
    moves: usize,
}

impl Row {
    pub(super) fn of(game: &SiteGame) -> Row {
        let archive = &game.archive;
        let result = archive.result.clone().unwrap_or_else(|| "*".into());
        Row {
            id: archive.id,
            title: archive.title.clone(),
            game: archive.game.clone(),
            white: archive.players.white.clone(),
            black: archive.players.black.clone(),
            result_words: result_words(&result),
            result,
            reason: archive.reason.clone().unwrap_or_default(),
            finished: when(&game.finished_at),
            date: game.finished_at.chars().take(10).collect(),
            finished_at: game.finished_at.clone(),
            moves: moves::count(&game.plies),
        }
    }
}

#[derive(Serialize)]
struct Choice {
    value: String,
    text: String,
}

/// The index over `rows` (sorted here, newest first).
pub(super) fn html(rows: &mut [Row]) -> String {
    rows.sort_by(|a, b| (&b.finished_at, b.id).cmp(&(&a.finished_at, a.id)));
    let mut games: Vec<Choice> = Vec::new();
    let mut titles: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r.title.as_str(), r.game.as_str()))
        .collect();
    titles.sort();
    titles.dedup();
    for (title, game) in titles {
        games.push(Choice {
            value: game.to_string(),
            text: title.to_string(),
        });
    }
    let results: Vec<Choice> = ["1-0", "0-1", "1/2-1/2", "*"]
        .into_iter()
        .filter(|r| rows.iter().any(|row| row.result == *r))
        .map(|r| Choice {
            value: r.to_string(),
            text: format!("{} ({r})", result_words(r)),
        })
        .collect();
    render(
        "index.html",
        context! {
            rows,
            games,
            results,
            style => trusted(STYLE),
            script => trusted(INDEX_SCRIPT),
        },
    )
}
