//! `arbiter archive ...`: the archive of finished games as a static web
//! site (see `docs/archive.md`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Subcommand;

use super::{Cli, CliError, connection, effective_config, local_runtime, open_referee};
use crate::referee::{Reader, Referee};
use crate::site::{SiteGame, SiteWriter};
use crate::store::finished;

#[derive(Debug, Subcommand)]
pub enum ArchiveCommand {
    /// Write every finished game as a static web site into DIR: an index
    /// with filters, a page per game (moves, a board per move to step
    /// through, what was hidden, every commitment and the seed checked),
    /// and each game's JSON and PGN. No ongoing game appears. Running it
    /// again updates DIR, writing only what changed.
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
    let games = finished::finished(&mut connection(referee).await?)
        .await
        .context("listing the finished games")?;
    let mut writer = SiteWriter::new(out, pgn_site).context("preparing the site's folder")?;
    for game in games {
        let id = game.id;
        let mut conn = connection(referee).await?;
        let archive = referee
            .archive(&mut conn, id, Reader::Public)
            .await
            .with_context(|| format!("reading game #{id}"))?;
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
