//! The games the referee runs: each game's rules tied to its computer.
//!
//! The name table stands above both the rules and the computer player: the
//! rules know nothing of the bot, the bot knows the rules, and this room
//! knows both, so that a game found by its name comes with the rules that
//! make, read and load it and the computer that plays it. Adding a game is
//! its rules module, its [`Playable`] reading, and one line in [`GAMES`].

use std::fmt;

use crate::bot::{Computer, Playable};
use crate::rules::{
    AnyGame, FromPosition, NewGame, bluff, chess, reality, rebel, reflection, superial,
};

/// A game's entry in the name table.
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub options: &'static [&'static str],
    /// Whether the game draws from its seed (see [`Game::RANDOM`]).
    ///
    /// [`Game::RANDOM`]: crate::rules::Game::RANDOM
    pub random: bool,
    /// Whether a seat may not know everything while it is on (see
    /// [`Game::HIDDEN`]).
    ///
    /// [`Game::HIDDEN`]: crate::rules::Game::HIDDEN
    pub hidden: bool,
    pub rules_page: fn() -> &'static str,
    pub new: NewGame,
    pub from_position: FromPosition,
    pub load: fn(serde_json::Value) -> Result<Box<dyn AnyGame>, serde_json::Error>,
    /// The game's computer player: a function of what its seat was told
    /// (see [`crate::bot`]), which by its type cannot be handed the game's
    /// state. Every game has one: a game enters this table only once the
    /// computer can play it.
    pub computer: Computer,
}

impl GameInfo {
    const fn of<G: Playable>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            options: G::OPTIONS,
            random: G::RANDOM,
            hidden: G::HIDDEN,
            rules_page: G::rules_page,
            new: |options, entropy| Ok(Box::new(G::new(options, entropy)?)),
            from_position: |position, options| Ok(Box::new(G::from_position(position, options)?)),
            load: |json| Ok(Box::new(serde_json::from_value::<G>(json)?)),
            computer: crate::bot::computer::<G>,
        }
    }

    /// Finds a game by name (case-insensitive).
    pub fn find(name: &str) -> Option<&'static GameInfo> {
        let name = name.trim().to_ascii_lowercase();
        GAMES.iter().find(|g| g.name == name)
    }
}

impl fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameInfo")
            .field("name", &self.name)
            .finish()
    }
}

/// Every game the referee runs. A new game adds one line here.
#[rustfmt::skip]
pub static GAMES: &[GameInfo] = &[
    GameInfo::of::<chess::Chess>(),
    GameInfo::of::<bluff::BluffChess>(),
    GameInfo::of::<reality::RealityCheck>(),
    GameInfo::of::<rebel::RebelChess>(),
    GameInfo::of::<superial::SuperialChess>(),
    GameInfo::of::<reflection::ReflectionTeammate>(),
];

/// The names of every game, for error messages.
pub fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::arena::Arena;
    use crate::bot::{Budget, Level, Strategy};
    use crate::rules::{Entropy, Options, Seat, Status};

    #[test]
    fn every_game_is_found_by_its_name_in_any_case_and_plays_by_it() {
        for info in GAMES {
            let found = GameInfo::find(&format!(" {} ", info.name.to_ascii_uppercase()));
            assert!(
                found.is_some_and(|found| std::ptr::eq(found, info)),
                "{}",
                info.name
            );
            let game = (info.new)(&Options::default(), &mut Entropy::for_perft()).unwrap();
            assert_eq!(game.name(), info.name);
            assert!(matches!(game.status(), Status::Ongoing(_)), "{}", info.name);
            let loaded = (info.load)(game.to_json()).unwrap();
            assert_eq!(loaded.to_json(), game.to_json(), "{}", info.name);
        }
        assert_eq!(game_names().len(), GAMES.len());
        assert!(GameInfo::find("checkers").is_none());
    }

    /// Each game's computer plays it: short matches against every simple
    /// player, each side's text played through the rules like a mail's.
    #[test]
    fn short_matches_play_only_legal_actions() {
        for info in GAMES {
            for against in [
                Strategy::Random,
                Strategy::Greedy,
                Strategy::Search(Level::MIN),
            ] {
                let arena = Arena {
                    new: info.new,
                    computer: info.computer,
                    options: Options::default(),
                    games: 2,
                    player: Strategy::Search(Level::MAX),
                    against,
                    budget: Budget::iterations(40),
                    seed: 9,
                    max_actions: 60,
                };
                let tally = arena
                    .run(|_, _| {})
                    .unwrap_or_else(|e| panic!("{}: {e}", info.name));
                assert_eq!(tally.games.len(), 2);
                assert!(tally.games.iter().all(|g| g.actions > 0));
                assert_eq!(tally.games[0].seat, Seat::White);
                assert_eq!(tally.games[1].seat, Seat::Black);
            }
        }
    }
}
