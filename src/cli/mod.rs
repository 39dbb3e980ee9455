//! The `arbiter` command line: the referee without mail (`game`, `archive`,
//! `perft`, `rules`), and the mail daemon.

mod archive;
mod botmatch;
mod game;
mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use crate::config::{Config, ConfigFile};
use crate::games::{GameInfo, game_names};
use crate::referee::Referee;
use crate::rules::Options;
use crate::store::{Location, Store};

/// A play-by-email referee for chess variants.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about)]
pub struct Cli {
    /// The SQLite database file (created on first use), or a PostgreSQL
    /// database's URL (`postgres://...`). A file overrides the
    /// configuration's `database.path` (its `database.url`, if set, still
    /// wins); a URL overrides `database.url`.
    #[arg(long, global = true, env = "ARBITER_DB", value_name = "PATH|URL")]
    pub db: Option<PathBuf>,

    /// The configuration file.
    #[arg(long, global = true, env = "ARBITER_CONFIG", value_name = "PATH")]
    pub config: Option<PathBuf>,

    /// How log lines are written (on stderr): readable text, or one JSON
    /// object a line for log collectors.
    #[arg(
        long,
        global = true,
        env = "ARBITER_LOG_FORMAT",
        value_enum,
        default_value_t = LogFormat::Text
    )]
    pub log_format: LogFormat,

    #[command(subcommand)]
    pub command: TopCommand,
}

/// The log's format (`--log-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum TopCommand {
    /// Create, play, inspect and repair games from the command line.
    #[command(subcommand)]
    Game(game::GameCommand),
    /// The archive of finished games as a static web site.
    #[command(subcommand)]
    Archive(archive::ArchiveCommand),
    /// Count the leaves of a game's legal-action tree (rules check).
    Perft {
        /// The game's name.
        game: String,
        depth: u32,
        /// Start from this position (FEN for the chess games) instead of the
        /// game's start.
        #[arg(long)]
        fen: Option<String>,
        /// A game option, KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Print each first action's count before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Play the computer against a simple player in memory and print wins,
    /// draws, losses and a 95% confidence interval of its score.
    BotMatch(botmatch::BotMatch),
    /// Run the referee by mail: watch the IMAP mailbox, answer over SMTP.
    Serve,
    /// Check the host's setup before `serve`: the IMAP and SMTP servers
    /// (address, TLS, login, folders), a test mail to the referee's own
    /// plus address, and the database; one line a step, the fix for each
    /// failure, exit 1 when any step fails.
    Check {
        /// Seconds to wait for the test mail to arrive.
        #[arg(long, default_value_t = 60, value_name = "SECONDS")]
        wait: u64,
    },
    /// The host's report on the mail: what came in and how it ended, what
    /// waits to be sent (with the last error), mails set aside.
    MailStatus,
    /// The database: a consistent copy while the referee runs.
    #[command(subcommand)]
    Db(DbCommand),
    /// Start the local mail server and the referee, and play the opening of
    /// a game by mail between two local users; then keep serving.
    Demo {
        /// Where the demo keeps its mail server and database (short path:
        /// unix socket paths are limited).
        #[arg(long, default_value = "/tmp/arbiter-demo")]
        dir: PathBuf,
        /// Stop after the scripted opening instead of serving on.
        #[arg(long)]
        exit: bool,
    },
    /// Tournaments: announce, start, read, adjudicate, export.
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
    /// A game's rating list (Glicko-2), or every game's.
    Ratings {
        /// The game's name.
        game: Option<String>,
    },
    /// Print a game's rules page; without a game, list the games.
    Rules {
        /// The game's name.
        game: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Write a consistent copy of the SQLite database to PATH (a new file),
    /// safe while `serve` runs; the copy's integrity is checked. (For
    /// PostgreSQL, use `pg_dump`: see docs/scaling.md.)
    Backup { path: PathBuf },
    /// Copy the whole database into a new, empty one, SQLite to PostgreSQL
    /// or back, then replay every game there against its stored state.
    /// Stop `serve` first: mail it processes meanwhile would be missing.
    Copy {
        /// The new database: a `postgres://` URL (an empty database, made
        /// with `createdb`) or the path of a SQLite file not made yet.
        #[arg(long, value_name = "URL|PATH")]
        to: String,
    },
}

/// An error that ends the command: `Refused` is the player-facing answer of
/// a rejected command (exit 1), anything else is a failure (exit 2).
#[derive(Debug)]
pub enum CliError {
    Refused(String),
    Failed(anyhow::Error),
}

impl From<anyhow::Error> for CliError {
    fn from(e: anyhow::Error) -> Self {
        CliError::Failed(e)
    }
}

/// Parses the arguments and runs the command.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // The daemon logs every decision it takes; the one-shot commands only
    // warnings, so their output stays the referee's answer.
    let daemon = matches!(cli.command, TopCommand::Serve | TopCommand::Demo { .. });
    init_tracing(if daemon { "info" } else { "warn" }, cli.log_format);
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Refused(reason)) => {
            eprintln!("refused: {reason}");
            ExitCode::from(1)
        }
        Err(CliError::Failed(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Logs to stderr at `ARBITER_LOG`'s levels (else `default`).
fn init_tracing(default: &str, format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("ARBITER_LOG").unwrap_or_else(|_| EnvFilter::new(default));
    let logger = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => logger.try_init(),
        // One object a line: timestamp, level, target and the event's
        // fields (its message among them).
        LogFormat::Json => logger.json().try_init(),
    };
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match &cli.command {
        TopCommand::Rules { game: Some(game) } => {
            let info = find_game(game)?;
            print!("{}", (info.rules_page)());
            Ok(())
        }
        TopCommand::Rules { game: None } => {
            print!("{}", games_list());
            Ok(())
        }
        TopCommand::Perft {
            game,
            depth,
            fen,
            options,
            divide,
        } => perft(game, *depth, fen.as_deref(), options, *divide),
        TopCommand::BotMatch(args) => botmatch::run(args),
        TopCommand::Serve => {
            let path = cli.config.clone().ok_or_else(|| {
                CliError::Failed(anyhow::anyhow!(
                    "serve needs --config PATH (see config/arbiter.toml)"
                ))
            })?;
            let file = ConfigFile {
                path,
                database: cli.db.clone(),
            };
            let config = file.load()?;
            let logins = crate::mail::login::Logins::from_config(&config)?;
            Ok(run_async(crate::mail::daemon::serve(file, config, logins))?)
        }
        TopCommand::Check { wait } => check(&cli, *wait),
        TopCommand::Db(DbCommand::Copy { to }) => {
            local_runtime()?.block_on(copy_database(&cli, to))
        }
        TopCommand::Db(DbCommand::Backup { path }) => {
            let source = match effective_config(&cli)?.database.location()? {
                Location::Sqlite(path) => path,
                Location::Postgres(_) => {
                    return Err(CliError::Failed(anyhow::anyhow!(
                        "db backup copies a SQLite file; back up a PostgreSQL database with \
                         pg_dump (see docs/scaling.md)"
                    )));
                }
            };
            local_runtime()?.block_on(async {
                crate::store::health::backup(&source, path)
                    .await
                    .context("backing up the database")?;
                println!("{} copied to {}", source.display(), path.display());
                Ok(())
            })
        }
        TopCommand::Archive(command) => archive::run(&cli, command),
        TopCommand::Demo { dir, exit } => Ok(run_async(crate::demo::run(dir, *exit))?),
        TopCommand::MailStatus => local_runtime()?.block_on(async {
            let referee = open_referee(&cli).await?;
            mail_status(&referee).await
        }),
        TopCommand::Tournament(command) => local_runtime()?.block_on(async {
            let referee = open_referee(&cli).await?;
            let config = match &cli.config {
                Some(_) => Some(effective_config(&cli)?.referee),
                None => None,
            };
            let site = config
                .as_ref()
                .map_or("?".to_string(), |c| c.address.clone());
            let mailroom = config.map(|c| crate::mail::inbox::Mailroom::new(referee.clone(), c));
            tournament::run(&referee, mailroom.as_ref(), command, &site).await
        }),
        TopCommand::Ratings { game } => local_runtime()?.block_on(async {
            let referee = open_referee(&cli).await?;
            tournament::ratings(&referee, game.as_deref()).await
        }),
        TopCommand::Game(command) => local_runtime()?.block_on(async {
            let referee = open_referee(&cli).await?;
            // PGN's Site: the referee's address, when a configuration names it.
            let site = match &cli.config {
                Some(_) => effective_config(&cli)?.referee.address,
                None => "?".to_string(),
            };
            game::run(&referee, command, &site).await
        }),
    }
}

/// `arbiter check`: the report on stdout; a failed step is exit 1.
fn check(cli: &Cli, wait: u64) -> Result<(), CliError> {
    let path = cli.config.clone().ok_or_else(|| {
        CliError::Failed(anyhow::anyhow!(
            "check needs --config PATH (the file `serve` will use)"
        ))
    })?;
    let mut config = Config::load(&path)?;
    if let Some(db) = &cli.db {
        config.database.override_with(db);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let limits = crate::check::Limits {
        arrival: std::time::Duration::from_secs(wait),
    };
    let steps = crate::check::run(
        runtime.handle(),
        &config,
        &path,
        limits,
        &mut std::io::stdout(),
    );
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    let failed = steps
        .iter()
        .filter(|s| matches!(s.outcome, crate::check::Outcome::Fail { .. }))
        .count();
    match failed {
        0 => Ok(()),
        n => Err(CliError::Refused(format!("{n} check steps failed"))),
    }
}

/// A one-thread runtime for the one-shot commands.
fn local_runtime() -> Result<tokio::runtime::Runtime, CliError> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?)
}

/// A read transaction on the database.
pub(crate) async fn connection(referee: &Referee) -> Result<crate::store::Tx, CliError> {
    Ok(referee
        .store()
        .read()
        .await
        .context("opening the database")?)
}

/// Runs the daemon (or the demo) on a multi-threaded runtime. When it
/// returns, the IMAP thread may still be blocked in IDLE: it is not waited
/// for (everything it did is committed; a mail it was reading is simply read
/// again next time).
fn run_async<F: std::future::Future<Output = anyhow::Result<()>>>(future: F) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let result = runtime.block_on(future);
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    result
}

/// The games, one line each: name, title and options (`arbiter rules`).
fn games_list() -> String {
    let mut out = String::from("The games (`arbiter rules GAME` prints one's rules page):\n");
    for info in crate::games::GAMES {
        let options = if info.options.is_empty() {
            "no options".to_string()
        } else {
            format!("options: {}", info.options.join(", "))
        };
        out.push_str(&format!("  {:<22} {} ({options})\n", info.name, info.title));
    }
    out
}

fn find_game(name: &str) -> Result<&'static GameInfo, CliError> {
    GameInfo::find(name).ok_or_else(|| {
        CliError::Failed(anyhow::anyhow!(
            "there is no game {name:?}; the games are: {}",
            game_names().join(", ")
        ))
    })
}

fn perft(
    game: &str,
    depth: u32,
    fen: Option<&str>,
    options: &[String],
    divide: bool,
) -> Result<(), CliError> {
    let info = find_game(game)?;
    let options = Options::parse(options).map_err(anyhow::Error::from)?;
    let start = match fen {
        Some(fen) => (info.from_position)(fen, &options).map_err(anyhow::Error::from)?,
        None => {
            let mut entropy = crate::rules::Entropy::for_perft();
            (info.new)(&options, &mut entropy).map_err(anyhow::Error::from)?
        }
    };
    if let crate::rules::Status::Ongoing(dues) = start.status()
        && dues.iter().any(|d| d.duty == crate::rules::Duty::Sealed)
        && depth > 0
    {
        return Err(CliError::Failed(anyhow::anyhow!(
            "{} starts with a sealed setup, whose choices are not counted; give a position after it with --fen",
            info.title
        )));
    }
    if divide {
        let mut total = 0;
        for (action, count) in start.divide(depth) {
            println!("{action}: {count}");
            total += count;
        }
        println!();
        println!("{total}");
    } else {
        println!("{}", start.perft(depth));
    }
    Ok(())
}

async fn mail_status(referee: &Referee) -> Result<(), CliError> {
    use crate::store::mail as mailstore;
    let mut conn = connection(referee).await?;
    println!("Mail received, by outcome:");
    for (outcome, count) in mailstore::inbound_counts(&mut conn)
        .await
        .context("reading the inbound mail")?
    {
        println!("  {outcome:<13} {count}");
    }
    let unsent = mailstore::unsent(&mut conn)
        .await
        .context("reading the outbox")?;
    let (refused, waiting): (Vec<_>, Vec<_>) =
        unsent.into_iter().partition(|m| m.given_up_at.is_some());
    println!("Mail waiting to be sent: {}", waiting.len());
    for mail in waiting {
        println!(
            "  #{} to {} ({}): {} attempts, next at {}{}",
            mail.id,
            mail.recipient,
            mail.subject,
            mail.attempts,
            mail.next_attempt_at,
            mail.last_error
                .map(|e| format!("; last error: {e}"))
                .unwrap_or_default()
        );
    }
    if !refused.is_empty() {
        println!("Mail the server refused for good (not tried again):");
        for mail in refused {
            println!(
                "  #{} to {} ({}) at {}: {}",
                mail.id,
                mail.recipient,
                mail.subject,
                mail.given_up_at.unwrap_or_default(),
                mail.last_error.unwrap_or_default()
            );
        }
    }
    let failed = mailstore::failed_inbound(&mut conn)
        .await
        .context("reading the inbound mail")?;
    if !failed.is_empty() {
        println!("Mail set aside after an internal error (still in the Done folder):");
        for (key, detail, at) in failed {
            println!("  {key} at {at}: {detail}");
        }
    }
    Ok(())
}

/// The configuration (`--config`), with `--db` over its database path;
/// defaults (`arbiter.db`, no clock) without one.
pub fn effective_config(cli: &Cli) -> Result<Config, CliError> {
    let mut config = match &cli.config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(db) = &cli.db {
        config.database.override_with(db);
    }
    Ok(config)
}

async fn open_referee(cli: &Cli) -> Result<Referee, CliError> {
    let config = effective_config(cli)?;
    let location = config.database.location()?;
    let store = Store::open_at(&location)
        .await
        .with_context(|| format!("opening the database {location}"))?;
    Ok(Referee::for_host(store, &config.referee))
}

/// `arbiter db copy --to`: the database the configuration names into a new
/// one, then every game of the copy replayed (`game verify` on each).
async fn copy_database(cli: &Cli, to: &str) -> Result<(), CliError> {
    let config = effective_config(cli)?;
    let from = config.database.location()?;
    let to = Location::parse(to);
    if from == to {
        return Err(CliError::Failed(anyhow::anyhow!(
            "the source and the target are the same database"
        )));
    }
    if let Location::Sqlite(path) = &from
        && !path.exists()
    {
        return Err(CliError::Failed(anyhow::anyhow!(
            "there is no database at {}",
            path.display()
        )));
    }
    if let Location::Sqlite(path) = &to
        && path.exists()
    {
        return Err(CliError::Failed(anyhow::anyhow!(
            "{} exists already: name a new file",
            path.display()
        )));
    }
    let source = Store::open_at(&from)
        .await
        .with_context(|| format!("opening the database {from}"))?;
    let target = Store::open_at(&to)
        .await
        .with_context(|| format!("opening the database {to}"))?;
    let copied = crate::store::copy::copy(&source, &target)
        .await
        .with_context(|| format!("copying {from} to {to}"))?;
    source.close().await;
    for (table, rows) in &copied.rows {
        println!("{table:<13} {rows} rows");
    }
    let referee = Referee::for_host(target.clone(), &config.referee);
    let mut conn = connection(&referee).await?;
    let games = crate::store::games::list(&mut conn, None)
        .await
        .context("listing the copied games")?;
    drop(conn);
    let mut damaged = Vec::new();
    for game in games.iter().rev() {
        let mut conn = connection(&referee).await?;
        if let Err(e) = referee.verify(&mut conn, game.id).await {
            damaged.push(format!("game #{}: {e}", game.id));
        }
    }
    target.close().await;
    if !damaged.is_empty() {
        return Err(CliError::Failed(anyhow::anyhow!(
            "the copy at {to} is written, but {} of its {} games do not replay to their stored \
             state:\n{}",
            damaged.len(),
            games.len(),
            damaged.join("\n")
        )));
    }
    println!(
        "{from} copied to {to}; all {} games replay to their stored state",
        games.len()
    );
    Ok(())
}
