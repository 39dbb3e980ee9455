//! The configuration file (TOML). Secrets are never in it: they come from
//! the environment (see each field's docs).

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

/// `config/arbiter.toml` and friends.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub database: DatabaseConfig,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file, created on first use. Relative paths are relative to
    /// the configuration file's directory.
    pub path: PathBuf,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: PathBuf::from("arbiter.db"),
        }
    }
}

impl Config {
    /// Reads a configuration file.
    pub fn load(path: &Path) -> anyhow::Result<Config> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut config: Config =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        if config.database.path.is_relative() {
            config.database.path = base.join(&config.database.path);
        }
        Ok(config)
    }
}
