//! The name table: every game the referee runs.

use std::fmt;

use crate::bot::{Computer, Playable};

use super::{
    AnyGame, Entropy, OptionError, Options, PositionError, bluff, chess, reality, rebel,
    reflection, superial,
};

/// A game's constructor, as stored in the name table.
pub type NewGame = fn(&Options, &mut Entropy) -> Result<Box<dyn AnyGame>, OptionError>;
/// A game's position reader, as stored in the name table.
pub type FromPosition = fn(&str, &Options) -> Result<Box<dyn AnyGame>, PositionError>;

/// A game's entry in the name table.
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub options: &'static [&'static str],
    /// Whether the game draws from its seed (see [`Game::RANDOM`]).
    pub random: bool,
    /// Whether a seat may not know everything while it is on (see
    /// [`Game::HIDDEN`]).
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
