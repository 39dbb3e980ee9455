//! The game's options, typed: `random-moves=0..9` and `hybrid=off|on`, and
//! the constants they are judged by.

use serde::{Deserialize, Serialize};

use crate::rules::{OptionError, Options};

/// The classic board's side.
pub const SIZE: u8 = 6;

/// The most random moves a game may give each player.
pub const MAX_RANDOM_MOVES: u8 = 9;

/// The options a game of Superial Chess takes.
pub const OPTIONS: &[&str] = &["random-moves", "hybrid"];

/// The game's options, typed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Random moves each player has for the game (`random-moves=N`, 0-9).
    pub random_moves: u8,
    /// The chess hybrid (`hybrid=on`): an orthodox army against cubes on
    /// 8x8.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hybrid: bool,
}

impl Settings {
    /// Reads `random-moves=0..9` and `hybrid=off|on`; random moves are the
    /// classic game's only, so `random-moves` above 0 with `hybrid=on` is
    /// refused. Any other key is refused.
    ///
    /// ```
    /// use arbiter::rules::Options;
    /// use arbiter::rules::superial::Settings;
    /// let options = Options::parse(["random-moves=2"]).unwrap();
    /// assert_eq!(Settings::read(&options).unwrap().random_moves, 2);
    /// assert!(Settings::read(&Options::parse(["random-moves=10"]).unwrap()).is_err());
    /// assert!(Settings::read(&Options::parse(["hybrid=on"]).unwrap()).unwrap().hybrid);
    /// assert!(Settings::read(&Options::parse(["hybrid=on", "random-moves=1"]).unwrap()).is_err());
    /// ```
    pub fn read(options: &Options) -> Result<Settings, OptionError> {
        options.read(OPTIONS, |r| {
            let n = r.choice(
                "random-moves",
                &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                "0",
            )?;
            let hybrid = r.flag("hybrid", false)?;
            if hybrid && n != "0" {
                return Err(OptionError::BadValue {
                    key: "random-moves".to_string(),
                    value: n.to_string(),
                    expected: "0 (random moves belong to the classic game: hybrid=on has none)"
                        .to_string(),
                });
            }
            Ok(Settings {
                random_moves: n.parse().expect("a digit"),
                hybrid,
            })
        })
    }

    /// The classic game's settings: `hybrid=on` is the other form, refused
    /// here (the registered game plays it).
    pub fn classic(options: &Options) -> Result<Settings, OptionError> {
        let settings = Settings::read(options)?;
        if settings.hybrid {
            return Err(OptionError::BadValue {
                key: "hybrid".to_string(),
                value: "on".to_string(),
                expected: "off (the classic game)".to_string(),
            });
        }
        Ok(settings)
    }
}
