//! `arbiter bot-match`: the computer against a simple player, in memory,
//! with the score and its confidence interval.

use std::time::Duration;

use super::{CliError, find_game};
use crate::bot::arena::{Arena, Ending, parse_player, player_name};
use crate::bot::{Budget, Level, Strategy};
use crate::rules::Options;

/// The arguments of `arbiter bot-match`.
#[derive(Debug, clap::Args)]
pub struct BotMatch {
    /// The game's name.
    pub game: String,
    /// How many games (the computer plays White in every other one).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// The opponent: random, greedy (the best action one action deep by
    /// the game's evaluation), computer or computer:LEVEL.
    #[arg(long, default_value = "random")]
    pub against: String,
    /// The measured computer's level, 1 to 3.
    #[arg(long, default_value_t = 3)]
    pub level: u8,
    /// Each player's time per move at level 3, in milliseconds.
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub budget_ms: u64,
    /// A fixed number of search iterations per move instead of a time
    /// (reproducible with --seed).
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// A game option, KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The seed of the games and the players' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still on after this many actions is scored as a draw.
    #[arg(long, default_value_t = 600)]
    pub max_actions: u32,
    /// Print each game's actions too, after its line.
    #[arg(long)]
    pub moves: bool,
}

/// Plays the match: a line per game on standard error, the tally on
/// standard output.
pub fn run(args: &BotMatch) -> Result<(), CliError> {
    let info = find_game(&args.game)?;
    let against = parse_player(&args.against).ok_or_else(|| {
        CliError::Refused(format!(
            "--against {:?}: write random, greedy, computer or computer:LEVEL (1 to 3)",
            args.against
        ))
    })?;
    let level = Level::new(args.level)
        .ok_or_else(|| CliError::Refused(format!("--level {}: write 1, 2 or 3", args.level)))?;
    let options = Options::parse(&args.options).map_err(|e| CliError::Refused(e.to_string()))?;
    let budget = Budget {
        time: Duration::from_millis(args.budget_ms),
        iterations: args.iterations,
    };
    let arena = Arena {
        new: info.new,
        computer: info.computer,
        options,
        games: args.games,
        player: Strategy::Search(level),
        against,
        budget,
        seed: args.seed,
        max_actions: args.max_actions,
    };
    let player = player_name(arena.player);
    eprintln!(
        "{} {}: {player} against {}, {} ms a move at level 3",
        args.games,
        info.title,
        player_name(against),
        args.budget_ms
    );
    let tally = arena
        .run(|number, played| {
            let ending = match played.ending {
                Ending::Win => "won",
                Ending::Draw => "drawn",
                Ending::Loss => "lost",
                Ending::Unfinished => "unfinished",
            };
            eprintln!(
                "game {}: {player} as {}: {ending} after {} actions",
                number + 1,
                played.seat,
                played.actions
            );
            if args.moves {
                eprintln!("  {}", played.moves.join(" "));
            }
        })
        .map_err(|e| CliError::Refused(e.to_string()))?;
    println!(
        "{} {player} against {}: {}",
        info.title,
        player_name(against),
        tally.summary()
    );
    Ok(())
}
