//! The words of `arbiter game ...`: its subcommands and their arguments.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Create a game; prints its id.
    New {
        /// The game's name (`arbiter rules` lists them).
        game: String,
        /// White's address, or `computer` for the referee's computer.
        #[arg(long, value_name = "ADDR")]
        white: String,
        /// Black's address, or `computer` for the referee's computer.
        #[arg(long, value_name = "ADDR")]
        black: String,
        /// A game option, KEY=VALUE (repeatable); against the computer,
        /// level=1..3 sets its strength (2 by default).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this position instead of the game's start: any string
        /// `arbiter perft GAME --fen` reads (FEN for the chess games), to
        /// resume a game played elsewhere, replay a disputed position or set
        /// a study. It is validated and recorded as the log's first entry.
        #[arg(long, value_name = "STRING")]
        position: Option<String>,
        /// Let spectators watch the game (`watch ID` by mail), as the
        /// challenge option public=yes does.
        #[arg(long)]
        public: bool,
        /// Leave the game out of the ratings, as the challenge option
        /// rated=no does.
        #[arg(long)]
        unrated: bool,
        /// The game's seed, 64 hex digits, instead of a fresh random one:
        /// two referees given the same seed draw the same chance (setups,
        /// dice), so one game can be refereed twice (`scripts/versus`).
        #[arg(long, value_name = "HEX", value_parser = parse_seed)]
        seed: Option<[u8; 32]>,
    },
    /// Challenge a player to a game, with the same rules as the mail command
    /// `challenge`; prints the challenge's id. The opponent answers with
    /// `game accept` or `game decline` (or by mail, with the key).
    Challenge {
        /// The game's name (`arbiter rules` lists them).
        game: String,
        /// The challenger's address.
        #[arg(long = "from", value_name = "ADDR")]
        challenger: String,
        /// The opponent's address.
        #[arg(long = "to", value_name = "ADDR")]
        opponent: String,
        /// A game option, KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The challenger's side.
        #[arg(long, default_value = "random", value_parser = ["white", "black", "random"])]
        side: String,
    },
    /// Accept a challenge as the challenged player; the game starts and its
    /// id is printed.
    Accept {
        id: i64,
        /// The challenged player's address.
        #[arg(long = "as", value_name = "ADDR")]
        player: String,
    },
    /// Decline a challenge as the challenged player.
    Decline {
        id: i64,
        /// The challenged player's address.
        #[arg(long = "as", value_name = "ADDR")]
        player: String,
    },
    /// Apply what a player wrote, exactly as if they had mailed it; prints the
    /// reply that player would get.
    Play {
        id: i64,
        /// The player's mail address.
        #[arg(long = "as", value_name = "ADDR")]
        player: String,
        /// The command, in the player's words.
        text: String,
    },
    /// Print a player's view of a game (without --as: the host's full view,
    /// hidden parts marked).
    Show {
        id: i64,
        #[arg(long = "as", value_name = "ADDR")]
        player: Option<String>,
        /// Also write the board picture to FILE (PNG): the one that player's
        /// mails carry, or without --as the public view's, which shows
        /// nothing hidden (the picture a spectator would get).
        #[arg(long, value_name = "FILE")]
        png: Option<std::path::PathBuf>,
    },
    /// Print the history as it may be shown now (to the public, or to one
    /// player with --as).
    Log {
        id: i64,
        #[arg(long = "as", value_name = "ADDR")]
        player: Option<String>,
    },
    /// List the games, newest first (of one player with --player), a page
    /// at a time.
    List {
        #[arg(long, value_name = "ADDR")]
        player: Option<String>,
        /// Games per page.
        #[arg(long, default_value_t = 100)]
        limit: i64,
        /// Only games older than this one: the next page.
        #[arg(long, value_name = "ID")]
        before: Option<i64>,
    },
    /// Replay a game's log and check that it gives the stored state.
    Verify { id: i64 },
    /// List the spectators who watch a game.
    Watchers { id: i64 },
    /// Export a game: JSON (any game: the log, the result, the seed and
    /// every revealed secret with its commitment) or PGN (the chess-based
    /// games). An ongoing game with hidden information is refused unless
    /// --host is given. See docs/export.md.
    Export {
        id: i64,
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Write to FILE instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Export as the host, who sees everything: an ongoing game with
        /// hidden information too, sealed parts included.
        #[arg(long)]
        host: bool,
    },
    /// End a game by the host's ruling.
    Adjudicate {
        id: i64,
        /// `1-0`, `0-1` or `draw`.
        #[arg(long)]
        result: String,
        /// Why, in words the players will read.
        #[arg(long)]
        reason: String,
    },
}

/// A `--seed`: 32 bytes in hex.
pub(super) fn parse_seed(text: &str) -> Result<[u8; 32], String> {
    let bytes = hex::decode(text.trim()).map_err(|e| format!("not hex: {e}"))?;
    <[u8; 32]>::try_from(bytes.as_slice())
        .map_err(|_| format!("{} bytes, a seed has 32 (64 hex digits)", bytes.len()))
}

/// What `game export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    Pgn,
    Json,
}
