//! `arbiter tournament ...` and `arbiter ratings`: the host's side of
//! tournaments (players join, leave and read standings by mail).

use anyhow::Context;
use clap::{Subcommand, ValueEnum};

use super::{CliError, connection};
use crate::archive::pgn;
use crate::mail::inbox::Mailroom;
use crate::referee::{Reader, Referee, RefereeError, TournamentSpec};
use crate::rules::{GameResult, Options, Seat};
use crate::store::tournament_settings::TournamentSettings;
use crate::tournament::{Format, trf};

#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Announce a tournament, open for entries (`join NAME` by mail, or
    /// `tournament join`).
    New {
        /// Its short name, what players write: letters, digits, `-`, `_`.
        name: String,
        /// The game (`arbiter rules` lists them).
        game: String,
        /// round-robin/N or double-round-robin/N: sections of at most N
        /// players, every game started at once.
        #[arg(long, default_value = "round-robin/7")]
        format: String,
        /// A game option, KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Its games are not rated.
        #[arg(long)]
        unrated: bool,
        /// Days per move in its games (else the host's clock).
        #[arg(long, value_name = "N")]
        days_per_move: Option<u32>,
        /// Vacations do not stop the clocks of its games.
        #[arg(long)]
        no_vacation: bool,
        /// The day (UTC) it starts itself, YYYY-MM-DD, if it has enough
        /// entrants by then (else it stays open and says so to them).
        #[arg(long, value_name = "YYYY-MM-DD")]
        start: Option<String>,
        /// The computer may enter (`tournament join NAME --as computer:LEVEL`).
        #[arg(long)]
        computers: bool,
    },
    /// Enter a player, as `join NAME` by mail does, or the computer at a
    /// level (`--as computer:3`) where the tournament allows it.
    Join {
        name: String,
        #[arg(long = "as", value_name = "ADDR")]
        player: String,
    },
    /// Take back an entry before the start, or withdraw a player after it
    /// (their unfinished games are lost by forfeit), as `leave NAME` does.
    Leave {
        name: String,
        #[arg(long = "as", value_name = "ADDR")]
        player: String,
    },
    /// Every tournament: game, format, entrants, state.
    List,
    /// A tournament's standings: each section's crosstable and tiebreaks.
    Show { name: String },
    /// Start it: sections, starting numbers by lot, every game created.
    /// With --config, the start mails are queued for `serve` to send.
    Start { name: String },
    /// The host's ruling on one of its games: the standings follow.
    Adjudicate {
        name: String,
        /// The game's id.
        game: i64,
        #[arg(value_parser = ["1-0", "0-1", "1/2-1/2"])]
        result: String,
    },
    /// Print the tournament as FIDE's TRF-16 report (one a section), or
    /// its finished games as one PGN file.
    Export {
        name: String,
        #[arg(long, value_enum, default_value = "trf")]
        format: TournamentExport,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TournamentExport {
    Trf,
    Pgn,
}

fn refused(e: RefereeError) -> CliError {
    match e {
        RefereeError::Store(_) | RefereeError::Damaged { .. } => CliError::Failed(e.into()),
        other => CliError::Refused(other.to_string()),
    }
}

/// Runs a tournament command; `mailroom` (with a configuration) queues
/// the mails a start or a withdrawal causes.
pub async fn run(
    referee: &Referee,
    mailroom: Option<&Mailroom>,
    command: &TournamentCommand,
    site: &str,
) -> Result<(), CliError> {
    let write = || async {
        referee
            .store()
            .write()
            .await
            .context("opening a transaction")
    };
    match command {
        TournamentCommand::New {
            name,
            game,
            format,
            options,
            unrated,
            days_per_move,
            no_vacation,
            start,
            computers,
        } => {
            let starts_on = start
                .as_deref()
                .map(crate::referee::parse_start_day)
                .transpose()
                .map_err(CliError::Refused)?;
            let settings = TournamentSettings {
                days_per_move: *days_per_move,
                vacation: !no_vacation,
                starts_on,
                computers: *computers,
            };
            let format: Format = format
                .parse()
                .map_err(|e: crate::tournament::BadFormat| CliError::Refused(e.to_string()))?;
            let options = Options::parse(options).map_err(|e| CliError::Refused(e.to_string()))?;
            let mut tx = write().await?;
            let spec = TournamentSpec {
                name,
                game,
                options: &options,
                format,
                rated: !unrated,
            };
            let id = referee
                .new_tournament(&mut tx, spec)
                .await
                .map_err(refused)?;
            referee
                .set_tournament_settings(&mut tx, name, &settings)
                .await
                .map_err(refused)?;
            tx.commit().await.context("saving the tournament")?;
            println!("tournament {name} (#{id}) is open for entries");
        }
        TournamentCommand::Join { name, player } => {
            let mut tx = write().await?;
            let words = referee
                .join_tournament(&mut tx, name, player)
                .await
                .map_err(refused)?;
            tx.commit().await.context("saving the entry")?;
            print!("{words}");
        }
        TournamentCommand::Leave { name, player } => {
            let mut tx = write().await?;
            let left = referee
                .leave_tournament(&mut tx, name, player, "cli")
                .await
                .map_err(refused)?;
            if let Some(room) = mailroom {
                room.queue_notices(&mut tx, &left.notices)
                    .await
                    .context("queueing the mails")?;
            }
            tx.commit().await.context("saving the withdrawal")?;
            print!("{}", left.words);
        }
        TournamentCommand::List => {
            let mut tx = connection(referee).await?;
            print!(
                "{}",
                referee.tournaments_text(&mut tx).await.map_err(refused)?
            );
        }
        TournamentCommand::Show { name } => {
            let mut tx = connection(referee).await?;
            print!(
                "{}",
                referee
                    .standings_text(&mut tx, name)
                    .await
                    .map_err(refused)?
            );
        }
        TournamentCommand::Start { name } => {
            let mut tx = write().await?;
            let notices = referee
                .start_tournament(&mut tx, name, "cli")
                .await
                .map_err(refused)?;
            if let Some(room) = mailroom {
                room.queue_notices(&mut tx, &notices)
                    .await
                    .context("queueing the start mails")?;
            }
            tx.commit().await.context("saving the tournament's games")?;
            let games = notices
                .iter()
                .map(|n| n.game_id)
                .collect::<std::collections::BTreeSet<_>>();
            println!("tournament {name} started: {} games", games.len());
        }
        TournamentCommand::Adjudicate { name, game, result } => {
            let result = match result.as_str() {
                "1-0" => GameResult::Win(Seat::White),
                "0-1" => GameResult::Win(Seat::Black),
                _ => GameResult::Draw,
            };
            let mut tx = write().await?;
            let notices = referee
                .adjudicate_tournament_game(&mut tx, name, *game, result, "cli")
                .await
                .map_err(refused)?;
            if let Some(room) = mailroom {
                room.queue_notices(&mut tx, &notices)
                    .await
                    .context("queueing the mails")?;
            }
            tx.commit().await.context("saving the game")?;
            println!("game #{game} adjudicated");
        }
        TournamentCommand::Export { name, format } => {
            let mut tx = connection(referee).await?;
            let (t, sections) = referee
                .tournament_sections(&mut tx, name)
                .await
                .map_err(refused)?;
            // Published reports: players by their public names.
            let names = referee.public_names(&mut tx).await.map_err(refused)?;
            match format {
                TournamentExport::Trf => {
                    let start = t
                        .started_at
                        .map(|s| s.0.format("%Y/%m/%d").to_string())
                        .unwrap_or_default();
                    let format = t.format.parse::<Format>();
                    let kind = match format {
                        Ok(Format::RoundRobin { double: true, .. }) => "Double round robin",
                        Ok(Format::Swiss { .. }) => "Swiss (FIDE Dutch system)",
                        _ => "Round robin",
                    };
                    for s in &sections {
                        let mut ratings = Vec::new();
                        for e in &s.players {
                            let row = crate::store::ratings::get(&mut tx, &t.game, &e.address)
                                .await
                                .context("reading the ratings")?;
                            ratings.push(row.map(|r| r.rating.round() as i64));
                        }
                        let shown: Vec<String> =
                            // TRF's columns are counted in ASCII characters.
                            s.players
                                .iter()
                                .map(|e| names.of(&e.address).replace('…', "..."))
                                .collect();
                        let entrants: Vec<trf::Entrant> = shown
                            .iter()
                            .zip(&ratings)
                            .map(|(name, r)| trf::Entrant { name, rating: *r })
                            .collect();
                        let title = format!("{}, section {}", t.name, s.number);
                        let header = trf::Header {
                            name: &title,
                            start: &start,
                            end: None,
                            kind,
                            time_control: "correspondence",
                            arbiter: site,
                        };
                        match (&s.swiss, &format) {
                            (Some((byes, _)), Ok(Format::Swiss { rounds })) => {
                                let rounds = *rounds;
                                let header = trf::Header {
                                    name: &t.name,
                                    ..header
                                };
                                print!(
                                    "{}",
                                    trf::swiss_report(&header, &entrants, &s.games, byes, rounds)
                                );
                            }
                            _ => print!("{}", trf::report(&header, &entrants, &s.games)),
                        }
                    }
                }
                TournamentExport::Pgn => {
                    for s in &sections {
                        for g in s.stored.iter().filter(|g| g.result.is_some()) {
                            let archive = referee.archive(&mut tx, g.game_id, Reader::Public).await;
                            // A game lost by forfeit before it was finished is
                            // still an ordinary game: exported as it ended.
                            let mut archive = match archive {
                                Ok(a) => a,
                                Err(
                                    RefereeError::HiddenOngoing { .. }
                                    | RefereeError::Unfinished(_),
                                ) => continue,
                                Err(e) => return Err(refused(e)),
                            };
                            archive.players = crate::archive::Players {
                                white: names.of(&archive.players.white),
                                black: names.of(&archive.players.black),
                            };
                            if let Some(text) = pgn::write(&archive, site) {
                                println!("{text}");
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// `arbiter ratings [GAME]`.
pub async fn ratings(referee: &Referee, game: Option<&str>) -> Result<(), CliError> {
    let mut tx = connection(referee).await?;
    print!(
        "{}",
        referee.ratings_text(&mut tx, game).await.map_err(refused)?
    );
    Ok(())
}
