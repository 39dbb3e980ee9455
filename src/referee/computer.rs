//! The referee's computer opponent: games a player starts against it
//! (`challenge computer GAME` by mail, `game new --black computer` from the
//! command line), and its answers.
//!
//! The computer plays a seat like a person, through the same path: the
//! referee replays the game's log to collect what that seat was shown
//! after each entry ([`Match::told`]), hands only that to the game's
//! computer player ([`GameInfo::computer`], which takes no state and no
//! seed, see [`crate::bot`]), and plays the text it returns with
//! [`Match::play`], as a mail's move. The entry that makes it owe an
//! action records that debt and holds the player's notice back; it thinks
//! outside any transaction and records its answer in a transaction of its
//! own, with the player's notice (see `turns.rs`): other mail never waits
//! for it, and a crash in between only delays its answer. Its seat's
//! address is a pseudo-address that is never mailed: notices to it are
//! dropped ([`Referee::with_deadlines`]), and no mail can act for it (its
//! key is never sent anywhere).

use std::time::Duration;

use tracing::{info, warn};

use super::{
    LoadedGame, Match, Notice, Referee, RefereeError, Source, Step, check_address, decode_entries,
    normalize_address,
};
use crate::bot::{BotError, Budget, ComputerInput, Level, Strategy};
use crate::command::ColorChoice;
use crate::games::GameInfo;
use crate::rules::{ActionError, OptionError, Options, Seat};
use crate::store::Tx;
use crate::store::{computers, games};

/// What the host allows the computer (`[referee]` `computer`,
/// `computer_budget_ms`, `computer_max_games`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerSettings {
    /// Whether players may start games against it; games already on go on
    /// when the host turns it off.
    pub enabled: bool,
    /// Its time for one move at the strongest level.
    pub budget: Duration,
    /// The most games it plays at once.
    pub max_games: u32,
    /// Its seat's pseudo-address, never mailed: `computer@` the referee's
    /// domain.
    pub address: String,
}

impl Default for ComputerSettings {
    fn default() -> ComputerSettings {
        ComputerSettings {
            enabled: true,
            budget: Duration::from_secs(1),
            max_games: 20,
            address: "computer@example.test".to_string(),
        }
    }
}

/// The computer's seat in a game, and its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerSeat {
    pub seat: Seat,
    pub level: Level,
}

/// A game against the computer, as a player or the host asks for it.
#[derive(Clone, Copy, Debug)]
pub struct ComputerRequest<'a> {
    /// The player's address.
    pub player: &'a str,
    /// The game's name.
    pub game: &'a str,
    /// `KEY=VALUE` words: the game's options, `level=1..3`,
    /// `public=yes|no` and `rated=yes|no`.
    pub options: &'a [String],
    /// The player's side.
    pub color: ColorChoice,
    /// A start position (the host's `game new --position`).
    pub position: Option<&'a str>,
}

/// Takes `level=1..3` out of a request's options (the rest are the
/// game's and the referee's): the computer's strength.
fn level_option(words: &[String]) -> Result<(Level, Vec<String>), RefereeError> {
    let mut level = Level::default();
    let mut rest = Vec::new();
    for word in words {
        match word.split_once('=') {
            Some((key, value)) if key.trim().eq_ignore_ascii_case("level") => {
                level = Level::parse(value).ok_or_else(|| {
                    RefereeError::Options(OptionError::BadValue {
                        key: "level".into(),
                        value: value.into(),
                        expected: "1, 2 or 3".into(),
                    })
                })?;
            }
            _ => rest.push(word.clone()),
        }
    }
    Ok((level, rest))
}

impl Referee {
    /// This referee with the host's settings for the computer.
    pub fn with_computer(mut self, settings: ComputerSettings) -> Referee {
        self.computer = settings;
        self
    }

    /// The host's settings for the computer.
    pub fn computer_settings(&self) -> &ComputerSettings {
        &self.computer
    }

    /// Whether `address` names the computer: its pseudo-address, or the
    /// word `computer` (the command line's `--black computer`).
    pub fn is_computer(&self, address: &str) -> bool {
        let address = normalize_address(address);
        address == "computer" || address == self.computer.address
    }

    /// Starts a game of `request.player` against the computer, inside the
    /// caller's transaction, asked for from `source` (`cli`, or a mail's
    /// key); returns its id and the player's start notice. When the
    /// computer plays White that notice is held ([`Notice::held`]) until
    /// the computer's first move ([`Referee::computer_answer`]), which it
    /// then carries. Refused when the computer does not play the game, the
    /// host has turned it off, or it already plays as many games as the
    /// host allows.
    pub async fn new_computer_game(
        &self,
        conn: &mut Tx,
        request: ComputerRequest<'_>,
        source: Source<'_>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        self.new_computer_game_seeded(conn, request, source, None)
            .await
    }

    /// [`Referee::new_computer_game`] with the host's seed instead of a
    /// fresh one (see [`Referee::create_game_seeded`]).
    pub async fn new_computer_game_seeded(
        &self,
        conn: &mut Tx,
        request: ComputerRequest<'_>,
        source: Source<'_>,
        seed: Option<[u8; 32]>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        let info = GameInfo::find(request.game).ok_or_else(|| RefereeError::UnknownGame {
            name: request.game.to_string(),
        })?;
        if !self.computer.enabled {
            return Err(RefereeError::ComputerOff);
        }
        let player = check_address(request.player)?;
        if self.is_computer(&player) {
            return Err(RefereeError::SamePlayer);
        }
        let playing = computers::ongoing(conn).await?;
        if playing >= i64::from(self.computer.max_games) {
            return Err(RefereeError::ComputerBusy(self.computer.max_games));
        }
        let (level, words) = level_option(request.options)?;
        let (choices, words) = super::challenges::referee_options(&words)?;
        let options = Options::parse(words)?;
        let player_white = match request.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => rand::random::<bool>(),
        };
        let computer = ComputerSeat {
            seat: if player_white {
                Seat::Black
            } else {
                Seat::White
            },
            level,
        };
        let (white, black) = if player_white {
            (player.as_str(), self.computer.address.as_str())
        } else {
            (self.computer.address.as_str(), player.as_str())
        };
        let (id, notices) = self
            .create(
                conn,
                info.name,
                white,
                black,
                &options,
                request.position,
                Some((computer, source)),
                None,
                seed,
            )
            .await?;
        if choices.public {
            crate::store::watchers::set_public(conn, id, true).await?;
        }
        if !choices.rated {
            crate::store::ratings::set_unrated(conn, id).await?;
        }
        info!(
            game = id,
            seat = computer.seat.name(),
            level = level.number(),
            "computer game started"
        );
        Ok((id, notices))
    }

    /// What the computer's seat in `game` is given to choose its next
    /// action: what that seat was shown after each entry of the log, what
    /// it wrote, and the host's budget.
    pub(super) async fn computer_input(
        &self,
        conn: &mut Tx,
        game: &LoadedGame,
        computer: ComputerSeat,
    ) -> Result<ComputerInput, RefereeError> {
        let id = game.row.id;
        let log = decode_entries(id, &games::log(conn, id).await?)?;
        let told = Match::told(
            game.info,
            &game.row.options,
            game.row.seed,
            &log,
            computer.seat,
        )
        .map_err(|e| RefereeError::Damaged {
            game: id,
            reason: e.to_string(),
        })?;
        Ok(ComputerInput {
            seat: computer.seat,
            options: game.row.options.clone(),
            strategy: Strategy::Search(computer.level),
            budget: Budget::time(self.computer.budget),
            seed: rand::random(),
            told: told.views,
            sent: told.sent,
        })
    }

    /// The computer's `chosen` action in `game`, played as a player's text.
    pub(super) fn computer_step(
        &self,
        game: &LoadedGame,
        computer: ComputerSeat,
        chosen: Result<String, BotError>,
    ) -> Result<Step, RefereeError> {
        let id = game.row.id;
        let index = game.row.log_len as u64;
        let played = match chosen {
            Ok(text) => game
                .current
                .play(computer.seat, &text, game.row.seed, index),
            Err(e) => Err(ActionError::illegal(e.to_string())),
        };
        match played {
            Ok(step) => {
                info!(game = id, seat = computer.seat.name(), action = %step.notation, "computer played");
                Ok(step)
            }
            // A defect of the computer's: it must never block the game.
            // Its seat may write any of its legal actions; it plays the
            // first.
            Err(e) => {
                warn!(game = id, error = %e, "the computer's choice failed; it plays its first legal action");
                let text = game
                    .current
                    .legal_texts(computer.seat)
                    .into_iter()
                    .next()
                    .ok_or_else(|| RefereeError::Damaged {
                        game: id,
                        reason: format!("the computer has no legal action: {e}"),
                    })?;
                Ok(game
                    .current
                    .play(computer.seat, &text, game.row.seed, index)?)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GAMES;

    /// Every game's rules page tells how to play the computer.
    #[test]
    fn rules_pages_say_how_to_play_the_computer() {
        for info in GAMES {
            let page = (info.rules_page)();
            assert!(
                page.contains(&format!("challenge computer {}", info.name)),
                "{}",
                info.name
            );
        }
    }

    #[test]
    fn the_level_is_taken_out_of_the_options() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (level, rest) = level_option(&words(&["Level=3", "public=yes"])).unwrap();
        assert_eq!(level, Level::MAX);
        assert_eq!(rest, ["public=yes"]);
        let (level, rest) = level_option(&[]).unwrap();
        assert_eq!((level, rest.len()), (Level::default(), 0));
        let error = level_option(&words(&["level=0"])).unwrap_err();
        assert!(error.to_string().contains("1, 2 or 3"), "{error}");
    }
}
