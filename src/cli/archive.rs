//! `arbiter archive ...`: the archive of finished games as a static web
//! site (see `docs/archive.md`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Subcommand;

use super::{Cli, CliError, connection, effective_config, local_runtime, open_referee};
use crate::referee::{PublicNames, Reader, Referee};
use crate::site::{SiteGame, SiteWriter};
use crate::store::finished;

#[derive(Debug, Subcommand)]
pub enum ArchiveCommand {
    /// Write every finished game as a static web site into DIR: an index
    /// with filters, a page per game (moves, a board per move to step
    /// through, what was hidden, every commitment and the seed checked),
    /// and each game's JSON and PGN; a page per started tournament (its
    /// crosstables) and the rating lists. No ongoing game appears. Running
    /// it again updates DIR, writing only what changed.
    Export {
        /// The site's folder (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

/// Runs an `archive` command.
pub fn run(cli: &Cli, command: &ArchiveCommand) -> Result<(), CliError> {
    // PGN's Site: the referee's address, when a configuration names it.
    let pgn_site = match &cli.config {
        Some(_) => effective_config(cli)?.referee.address,
        None => "?".to_string(),
    };
    local_runtime()?.block_on(async {
        let referee = open_referee(cli).await?;
        match command {
            ArchiveCommand::Export { out } => export(&referee, out, &pgn_site).await,
        }
    })
}

/// `archive export`: one read transaction for the list, then one per game,
/// each game written before the next is read.
async fn export(referee: &Referee, out: &Path, pgn_site: &str) -> Result<(), CliError> {
    let mut conn = connection(referee).await?;
    let games = finished::finished(&mut conn)
        .await
        .context("listing the finished games")?;
    // Players are shown by their public names, never by their addresses.
    let names = referee
        .public_names(&mut conn)
        .await
        .context("reading the players' names")?;
    drop(conn);
    let mut writer = SiteWriter::new(out, pgn_site).context("preparing the site's folder")?;
    for game in games {
        let id = game.id;
        let mut conn = connection(referee).await?;
        let mut archive = referee
            .archive(&mut conn, id, Reader::Public)
            .await
            .with_context(|| format!("reading game #{id}"))?;
        archive.players = crate::archive::Players {
            white: names.of(&archive.players.white),
            black: names.of(&archive.players.black),
        };
        let plies = referee
            .archive_plies(&mut conn, id)
            .await
            .with_context(|| format!("replaying game #{id}"))?;
        drop(conn);
        writer
            .game(&SiteGame {
                archive,
                plies,
                finished_at: game.finished_at,
            })
            .with_context(|| format!("writing game #{id}"))?;
    }
    tournament_pages(referee, &mut writer, &names).await?;
    let report = writer.finish().context("writing the index")?;
    for path in &report.written {
        println!("wrote {}", path.display());
    }
    println!(
        "{} finished game{} in {}: {} file{} written, {} unchanged",
        report.games,
        if report.games == 1 { "" } else { "s" },
        out.display(),
        report.written.len(),
        if report.written.len() == 1 { "" } else { "s" },
        report.unchanged
    );
    Ok(())
}

/// Every started tournament's page, and the rating lists with the list of
/// tournaments.
async fn tournament_pages(
    referee: &Referee,
    writer: &mut SiteWriter,
    names: &PublicNames,
) -> Result<(), CliError> {
    use crate::site::{SiteRatings, SiteSection, SiteTournament};
    let mut conn = connection(referee).await?;
    let title = |game: &str| {
        crate::games::GameInfo::find(game).map_or(game.to_string(), |i| i.title.to_string())
    };
    let mut listed = Vec::new();
    for t in crate::store::tournaments::list(&mut conn)
        .await
        .context("listing the tournaments")?
    {
        if t.status == "open" {
            continue;
        }
        let (t, sections) = referee
            .tournament_sections(&mut conn, &t.name)
            .await
            .with_context(|| format!("reading tournament {}", t.name))?;
        let sections = sections
            .into_iter()
            .map(|s| SiteSection {
                number: s.number,
                players: s.players.iter().map(|e| names.of(&e.address)).collect(),
                pages: s
                    .stored
                    .iter()
                    .map(|g| g.result.is_some().then_some(g.game_id))
                    .collect(),
                games: s.games,
                swiss: s.swiss,
            })
            .collect();
        writer
            .tournament(&SiteTournament {
                name: t.name.clone(),
                title: title(&t.game),
                format: t.format.clone(),
                rated: t.rated,
                status: t.status.clone(),
                sections,
            })
            .with_context(|| format!("writing tournament {}", t.name))?;
        listed.push((t.name, title(&t.game), t.format, t.status));
    }
    let mut lists = Vec::new();
    for game in crate::store::ratings::games(&mut conn)
        .await
        .context("listing the ratings")?
    {
        let rows = crate::store::ratings::list(&mut conn, &game)
            .await
            .context("reading the ratings")?
            .into_iter()
            .map(|r| (names.of(&r.player), r.rating, r.deviation, r.games))
            .collect();
        lists.push(SiteRatings {
            title: title(&game),
            rows,
        });
    }
    writer
        .ratings(&lists, &listed)
        .context("writing the ratings")?;
    Ok(())
}
