//! A game's options as written (`KEY=VALUE`), read into each game's own
//! typed options.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// No options at all: every game on its defaults, borrowable for as long
/// as anything needs (a `&Options::default()` lives one statement).
pub static NO_OPTIONS: Options = Options(BTreeMap::new());

/// Options as the host or a challenger wrote them: `KEY=VALUE` pairs.
/// Each game turns them into its own typed options and rejects what it does
/// not know.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options(BTreeMap<String, String>);

impl Options {
    /// Parses `KEY=VALUE` words. Keys are case-insensitive; a key given twice
    /// is an error.
    ///
    /// ```
    /// use arbiter::rules::Options;
    /// let options = Options::parse(["version=2"]).unwrap();
    /// assert_eq!(options.get("version"), Some("2"));
    /// assert!(Options::parse(["version"]).is_err());
    /// ```
    pub fn parse<I, S>(words: I) -> Result<Options, OptionError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut map = BTreeMap::new();
        for word in words {
            let word = word.as_ref();
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| OptionError::Malformed(word.to_string()))?;
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim().to_ascii_lowercase();
            if key.is_empty() || value.is_empty() {
                return Err(OptionError::Malformed(word.to_string()));
            }
            if map.insert(key.clone(), value).is_some() {
                return Err(OptionError::Repeated(key));
            }
        }
        Ok(Options(map))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Reads the options with a reader that takes each key it knows; any key
    /// left over is an error naming the keys the game does know.
    pub fn read<T>(
        &self,
        known: &[&str],
        read: impl FnOnce(&mut OptionReader<'_>) -> Result<T, OptionError>,
    ) -> Result<T, OptionError> {
        for (key, _) in self.iter() {
            if !known.contains(&key) {
                return Err(OptionError::Unknown {
                    key: key.to_string(),
                    known: known.iter().map(|k| k.to_string()).collect(),
                });
            }
        }
        read(&mut OptionReader { options: self })
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&words.join(" "))
    }
}

/// Typed access to [`Options`] inside [`Options::read`].
pub struct OptionReader<'a> {
    options: &'a Options,
}

impl OptionReader<'_> {
    /// One of `choices`, or `default` when absent.
    pub fn choice(
        &mut self,
        key: &str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Result<&'static str, OptionError> {
        match self.options.get(key) {
            None => Ok(default),
            Some(value) => choices
                .iter()
                .copied()
                .find(|c| *c == value)
                .ok_or_else(|| OptionError::BadValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    expected: choices.join("|"),
                }),
        }
    }

    /// `on` or `off` (also `yes`/`no`, `true`/`false`).
    pub fn flag(&mut self, key: &str, default: bool) -> Result<bool, OptionError> {
        match self.options.get(key) {
            None => Ok(default),
            Some("on" | "yes" | "true" | "1") => Ok(true),
            Some("off" | "no" | "false" | "0") => Ok(false),
            Some(value) => Err(OptionError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                expected: "on|off".to_string(),
            }),
        }
    }
}

/// A game's options could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("option {0:?} is not of the form KEY=VALUE")]
    Malformed(String),
    #[error("option {0:?} is given twice")]
    Repeated(String),
    #[error("this game has no option {key:?} (its options: {})", if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    Unknown { key: String, known: Vec<String> },
    #[error("option {key}={value} is not allowed (expected {key}={expected})")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
}
