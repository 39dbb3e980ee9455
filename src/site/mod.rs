//! The archive as a static web site (`arbiter archive export --out DIR`):
//! `index.html`, every finished game with filters that work in the
//! browser, and `games/ID.html` per game, its moves with the board after
//! each and a way to step through them, what each move revealed, every
//! commitment and the seed checked; beside each page the game's JSON and,
//! for the chess-based games, its PGN (the archive's own writers).
//!
//! Everything is in the files: no external resource, no network, so the
//! site works from `file://` and from any static host. Pages are rendered
//! from the templates in `templates/site/` with HTML autoescape, so every
//! text a player or the host wrote is escaped. Only finished games are ever
//! given to it (the referee refuses to replay an ongoing one).
//!
//! Writing is idempotent: a file is written only when its content changed,
//! and a second export of the same games writes nothing.
//!
//! A room of its own above `render` (its pages are rendered as the mails
//! are): the archive it publishes is data below the referee
//! (`crate::archive`), which the referee builds, so the referee never
//! names the site.

mod index;
mod moves;
mod news;
mod page;
mod tournaments;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use minijinja::Environment;
use thiserror::Error;

use crate::archive::{Archive, Ply, pgn};
pub use tournaments::{SiteRatings, SiteSection, SiteTournament};

/// A finished game, ready for its page.
#[derive(Clone, Debug)]
pub struct SiteGame {
    pub archive: Archive,
    /// The start, then one per log entry.
    pub plies: Vec<Ply>,
    /// When the game ended (UTC, RFC 3339).
    pub finished_at: String,
}

/// A file of the site could not be written.
#[derive(Debug, Error)]
pub enum SiteError {
    #[error("writing {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What an export did.
#[derive(Debug, Default)]
pub struct Report {
    /// The files written (new or changed), in the order written.
    pub written: Vec<PathBuf>,
    /// How many files already held what they would have been given.
    pub unchanged: usize,
    /// How many games the index lists.
    pub games: usize,
}

/// Writes a site into a directory: the games one by one
/// ([`SiteWriter::game`]), then the index ([`SiteWriter::finish`]).
pub struct SiteWriter {
    dir: PathBuf,
    /// PGN's `Site` tag: the referee's address, or `?`.
    pgn_site: String,
    rows: Vec<index::Row>,
    report: Report,
}

impl SiteWriter {
    /// A writer into `dir` (created with its `games/` folder if missing).
    pub fn new(dir: &Path, pgn_site: &str) -> Result<SiteWriter, SiteError> {
        let games = dir.join("games");
        std::fs::create_dir_all(&games).map_err(|source| SiteError::Write {
            path: games,
            source,
        })?;
        Ok(SiteWriter {
            dir: dir.to_path_buf(),
            pgn_site: pgn_site.to_string(),
            rows: Vec::new(),
            report: Report::default(),
        })
    }

    /// Writes one finished game's page, JSON and PGN, and lists it in the
    /// index to come.
    pub fn game(&mut self, game: &SiteGame) -> Result<(), SiteError> {
        let archive = &game.archive;
        let id = archive.id;
        let pgn = pgn::write(archive, &self.pgn_site);
        let files = page::Files {
            json: format!("{id}.json"),
            pgn: pgn.as_ref().map(|_| format!("{id}.pgn")),
        };
        let html = page::html(game, &files);
        self.put(&format!("games/{id}.html"), &html)?;
        self.put(&format!("games/{}", files.json), &archive.json())?;
        if let (Some(name), Some(text)) = (&files.pgn, &pgn) {
            self.put(&format!("games/{name}"), text)?;
        }
        self.rows.push(index::Row::of(game));
        Ok(())
    }

    /// Writes a tournament's page, `tournaments/NAME.html`.
    pub fn tournament(&mut self, tournament: &SiteTournament) -> Result<(), SiteError> {
        let folder = self.dir.join("tournaments");
        std::fs::create_dir_all(&folder).map_err(|source| SiteError::Write {
            path: folder,
            source,
        })?;
        let html = tournaments::tournament_html(tournament);
        self.put(&format!("tournaments/{}.html", tournament.name), &html)
    }

    /// Writes `ratings.html`: every game's rating list and the tournaments
    /// (name, game, format, status).
    pub fn ratings(
        &mut self,
        lists: &[SiteRatings],
        tournaments: &[(String, String, String, String)],
    ) -> Result<(), SiteError> {
        let html = tournaments::ratings_html(lists, tournaments);
        self.put("ratings.html", &html)
    }

    /// Writes `index.html` over the games given; returns what was done.
    pub fn finish(mut self) -> Result<Report, SiteError> {
        let html = index::html(&mut self.rows);
        self.put("index.html", &html)?;
        self.report.games = self.rows.len();
        Ok(self.report)
    }

    /// Writes `text` to `name` under the site's folder unless it holds it
    /// already.
    fn put(&mut self, name: &str, text: &str) -> Result<(), SiteError> {
        let path = self.dir.join(name);
        if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
            self.report.unchanged += 1;
            return Ok(());
        }
        std::fs::write(&path, text).map_err(|source| SiteError::Write {
            path: path.clone(),
            source,
        })?;
        self.report.written.push(path);
        Ok(())
    }
}

/// The site's templates and static parts, compiled into the binary.
const TEMPLATES: &[(&str, &str)] = &[
    (
        "index.html",
        include_str!("../../templates/site/index.html"),
    ),
    ("game.html", include_str!("../../templates/site/game.html")),
    (
        "tournament.html",
        include_str!("../../templates/site/tournament.html"),
    ),
    (
        "ratings.html",
        include_str!("../../templates/site/ratings.html"),
    ),
];

/// The stylesheet and scripts, inlined into the pages (no separate file to
/// lose, nothing to fetch).
const STYLE: &str = include_str!("../../templates/site/site.css");
const GAME_SCRIPT: &str = include_str!("../../templates/site/game.js");
const INDEX_SCRIPT: &str = include_str!("../../templates/site/index.js");

/// The templates, with HTML autoescape (the names end in `.html`).
fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| crate::render::environment_of(TEMPLATES))
}

fn render(name: &str, ctx: minijinja::Value) -> String {
    environment()
        .get_template(name)
        .and_then(|t| t.render(ctx))
        .unwrap_or_else(|e| panic!("template site/{name} does not render: {e:#}"))
}

/// Our own text for a page, not escaped again (the stylesheet, the scripts
/// and the boards, built by our code with every label escaped).
fn trusted(text: &str) -> minijinja::Value {
    minijinja::Value::from_safe_string(text.to_string())
}

/// `2026-11-24T08:35:13Z` as `2026-11-24 08:35:13 UTC`.
fn when(time: &str) -> String {
    match time.strip_suffix('Z') {
        Some(time) => format!("{} UTC", time.replacen('T', " ", 1)),
        None => time.to_string(),
    }
}

/// A result in words: `1-0` is `White won`.
fn result_words(result: &str) -> &'static str {
    match result {
        "1-0" => "White won",
        "0-1" => "Black won",
        "1/2-1/2" => "Draw",
        _ => "No result",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc() {
        assert_eq!(when("2026-11-24T08:35:13Z"), "2026-11-24 08:35:13 UTC");
        assert_eq!(when("yesterday"), "yesterday");
    }

    #[test]
    fn results_in_words() {
        assert_eq!(result_words("1-0"), "White won");
        assert_eq!(result_words("0-1"), "Black won");
        assert_eq!(result_words("1/2-1/2"), "Draw");
        assert_eq!(result_words("*"), "No result");
    }
}
