//! `arbiter bot-match`: games between two players in memory, each seeing
//! only its seat, through the erased face the referee uses (a player's text
//! goes through [`AnyGame::play_text`], as a mail's does), and the score
//! with its confidence interval.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use super::{BotError, Budget, Computer, ComputerInput, Level, Strategy};
use crate::rules::{
    ActionError, AnyGame, Entropy, GameResult, NewGame, OptionError, Options, Seat, Status,
};

/// Why a match could not be played.
#[derive(Debug, Error)]
pub enum ArenaError {
    #[error(transparent)]
    Options(#[from] OptionError),
    #[error("{player} could not choose in game {game}: {source}")]
    Bot {
        game: u32,
        player: String,
        source: BotError,
    },
    /// A player chose an action the rules refused: a defect.
    #[error("{player} played {text:?} in game {game}, which the rules refused: {source}")]
    Illegal {
        game: u32,
        player: String,
        text: String,
        source: ActionError,
    },
}

/// A player's description: `random`, `greedy`, `computer` or
/// `computer:LEVEL`.
///
/// ```
/// use arbiter::bot::{Level, Strategy, arena::parse_player};
/// assert_eq!(parse_player("greedy"), Some(Strategy::Greedy));
/// assert_eq!(parse_player("computer:3"), Some(Strategy::Search(Level::MAX)));
/// assert_eq!(parse_player("computer:9"), None);
/// ```
pub fn parse_player(text: &str) -> Option<Strategy> {
    match text.trim().to_ascii_lowercase().as_str() {
        "random" => Some(Strategy::Random),
        "greedy" => Some(Strategy::Greedy),
        "computer" => Some(Strategy::Search(Level::default())),
        other => {
            let level = other.strip_prefix("computer:")?;
            Level::parse(level).map(Strategy::Search)
        }
    }
}

/// The name of a player, as [`parse_player`] reads it.
pub fn player_name(strategy: Strategy) -> String {
    match strategy {
        Strategy::Random => "random".to_string(),
        Strategy::Greedy => "greedy".to_string(),
        Strategy::Search(level) => format!("computer:{}", level.number()),
    }
}

/// A match to play: the game by its constructor and its computer (as the
/// name table, `crate::games`, ties them).
#[derive(Clone, Debug)]
pub struct Arena {
    pub new: NewGame,
    pub computer: Computer,
    pub options: Options,
    pub games: u32,
    /// The player measured.
    pub player: Strategy,
    pub against: Strategy,
    /// Each player's budget per move.
    pub budget: Budget,
    pub seed: u64,
    /// A game still on after this many actions is scored as a draw.
    pub max_actions: u32,
}

/// How one game ended, for the measured player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Win,
    Draw,
    Loss,
    /// Stopped at the action cap: scored as a draw.
    Unfinished,
}

impl Ending {
    /// Points for the measured player.
    pub fn points(self) -> f64 {
        match self {
            Ending::Win => 1.0,
            Ending::Loss => 0.0,
            Ending::Draw | Ending::Unfinished => 0.5,
        }
    }
}

/// One game played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The measured player's seat.
    pub seat: Seat,
    pub ending: Ending,
    /// Actions played.
    pub actions: u32,
    /// The game's moves, as the archive shows them.
    pub moves: Vec<String>,
}

/// The games of a match, for the measured player.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: Vec<Played>,
}

impl Tally {
    pub fn count(&self, ending: Ending) -> usize {
        self.games.iter().filter(|g| g.ending == ending).count()
    }

    /// The share of the points, 0 to 1.
    pub fn score(&self) -> f64 {
        if self.games.is_empty() {
            return 0.0;
        }
        self.games.iter().map(|g| g.ending.points()).sum::<f64>() / self.games.len() as f64
    }

    /// A 95% confidence interval of the score (normal approximation over
    /// the games' points, clipped to [0, 1]; the whole range for fewer
    /// than two games).
    ///
    /// ```
    /// use arbiter::bot::arena::{Ending, Played, Tally};
    /// use arbiter::rules::Seat;
    /// let game = |ending| Played { seat: Seat::White, ending, actions: 1, moves: vec![] };
    /// let tally = Tally { games: vec![game(Ending::Win), game(Ending::Loss)] };
    /// assert_eq!(tally.score(), 0.5);
    /// let (low, high) = tally.interval();
    /// assert!(low == 0.0 && high == 1.0);
    /// ```
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games.len();
        if n < 2 {
            return (0.0, 1.0);
        }
        let mean = self.score();
        let variance = self
            .games
            .iter()
            .map(|g| (g.ending.points() - mean).powi(2))
            .sum::<f64>()
            / (n - 1) as f64;
        let half = 1.96 * (variance / n as f64).sqrt();
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// One line: wins, draws, losses, the score and its interval.
    pub fn summary(&self) -> String {
        let (low, high) = self.interval();
        format!(
            "{} games: {} wins, {} draws, {} losses ({} unfinished, scored as draws); score {:.3}, 95% interval {:.3} to {:.3}",
            self.games.len(),
            self.count(Ending::Win),
            self.count(Ending::Draw) + self.count(Ending::Unfinished),
            self.count(Ending::Loss),
            self.count(Ending::Unfinished),
            self.score(),
            low,
            high
        )
    }
}

impl Arena {
    /// Plays the match; `each` is told of every game as it ends. The
    /// measured player plays White in the even games, Black in the odd.
    pub fn run(&self, mut each: impl FnMut(u32, &Played)) -> Result<Tally, ArenaError> {
        let computer = self.computer;
        (self.new)(&self.options, &mut Entropy::for_perft())?;
        let mut rng = StdRng::seed_from_u64(self.seed);
        let mut tally = Tally::default();
        for number in 0..self.games {
            let seat = if number % 2 == 0 {
                Seat::White
            } else {
                Seat::Black
            };
            let played = self.game(number, seat, computer, &mut rng)?;
            each(number, &played);
            tally.games.push(played);
        }
        Ok(tally)
    }

    fn game(
        &self,
        number: u32,
        seat: Seat,
        computer: Computer,
        rng: &mut StdRng,
    ) -> Result<Played, ArenaError> {
        let game_seed: [u8; 32] = rng.random();
        let mut game: Box<dyn AnyGame> =
            (self.new)(&self.options, &mut Entropy::new(game_seed, u64::MAX))?;
        let mut told: [Vec<serde_json::Value>; 2] = Seat::BOTH.map(|s| vec![view_json(&*game, s)]);
        let mut sent: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        let mut actions = 0u32;
        let ending = loop {
            let actor = match game.status() {
                Status::Finished(outcome) => {
                    break match outcome.result {
                        GameResult::Win(winner) if winner == seat => Ending::Win,
                        GameResult::Win(_) => Ending::Loss,
                        _ => Ending::Draw,
                    };
                }
                Status::Ongoing(dues) => dues[0].seat,
            };
            if actions >= self.max_actions {
                break Ending::Unfinished;
            }
            let strategy = if actor == seat {
                self.player
            } else {
                self.against
            };
            let player = format!("{} ({actor})", player_name(strategy));
            let input = ComputerInput {
                seat: actor,
                options: self.options.clone(),
                strategy,
                budget: self.budget,
                seed: rng.random(),
                told: told[actor.index()].clone(),
                sent: sent[actor.index()].clone(),
            };
            let text = computer(&input).map_err(|source| ArenaError::Bot {
                game: number,
                player: player.clone(),
                source,
            })?;
            let played = game
                .play_text(actor, &text, &mut Entropy::new(game_seed, actions as u64))
                .map_err(|source| ArenaError::Illegal {
                    game: number,
                    player,
                    text: text.clone(),
                    source,
                })?;
            game = played.state;
            actions += 1;
            sent[actor.index()].push(text);
            for s in Seat::BOTH {
                told[s.index()].push(view_json(&*game, s));
            }
        };
        let moves = game
            .public_view()
            .view()
            .history()
            .iter()
            .map(|line| line.text.clone())
            .collect();
        Ok(Played {
            seat,
            ending,
            actions,
            moves,
        })
    }
}

/// What `seat` is shown of `game` now, as the referee would show it.
fn view_json(game: &dyn AnyGame, seat: Seat) -> serde_json::Value {
    game.seat_view(seat).view().json().clone()
}
