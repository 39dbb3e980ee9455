//! The configuration file (TOML). Secrets are never in it: passwords come
//! from environment variables that the file names (`password_env`), OAuth
//! 2.0 access tokens from a command the file names (`token_command`).
//!
//! The configuration is data that the rooms above it read (the referee
//! turns its part into its clock and computer settings, `referee/host.rs`);
//! it names no other room of the crate.

pub mod folder;
mod location;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

pub use location::{Location, is_postgres_url, redact};

/// `config/arbiter.toml` and friends.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub database: DatabaseConfig,
    #[serde(default)]
    pub referee: RefereeConfig,
    pub imap: Option<ImapConfig>,
    pub smtp: Option<SmtpConfig>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file, created on first use. Relative paths are relative to
    /// the configuration file's directory.
    #[serde(default = "default_database_path")]
    pub path: PathBuf,
    /// A PostgreSQL database instead of the file, which several referees
    /// may share: `postgres://USER@HOST:PORT/DATABASE`, with libpq's
    /// parameters (`?sslmode=verify-full`). It wins over `path` (and over a
    /// file named by `--db`). No password here: see `password_env`.
    pub url: Option<String>,
    /// The environment variable that holds the PostgreSQL password (libpq's
    /// own `PGPASSWORD` and `~/.pgpass` work too).
    pub password_env: Option<String>,
}

fn default_database_path() -> PathBuf {
    PathBuf::from("arbiter.db")
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: default_database_path(),
            url: None,
            password_env: None,
        }
    }
}

impl DatabaseConfig {
    /// The database these settings name: the PostgreSQL URL (with the
    /// password from `password_env`), else the SQLite file.
    pub fn location(&self) -> anyhow::Result<Location> {
        let Some(url) = &self.url else {
            return Ok(Location::Sqlite(self.path.clone()));
        };
        let Some(name) = &self.password_env else {
            return Ok(Location::Postgres(url.clone()));
        };
        let password = secret_from_env(name)?;
        let mut parsed = url::Url::parse(url).context("database.url")?;
        if parsed.set_password(Some(&password)).is_err() {
            bail!("database.url has no host to log in to");
        }
        Ok(Location::Postgres(parsed.to_string()))
    }

    /// `--db` (or `ARBITER_DB`): a PostgreSQL URL replaces `url` (and
    /// `password_env`: such a URL carries its own); a file replaces `path`.
    pub fn override_with(&mut self, db: &Path) {
        let text = db.to_string_lossy();
        if is_postgres_url(&text) {
            self.url = Some(text.into_owned());
            self.password_env = None;
        } else {
            self.path = db.to_path_buf();
        }
    }

    /// The settings must name one database, and keep its password out of
    /// the file.
    fn check(&self) -> anyhow::Result<()> {
        match &self.url {
            Some(url) => {
                if !is_postgres_url(url) {
                    bail!("database.url {url:?} is not a postgres:// URL");
                }
                let parsed = url::Url::parse(url)
                    .with_context(|| format!("database.url {url:?} is not a URL"))?;
                if parsed.password().is_some() {
                    bail!(
                        "database.url holds a password: take it out, and name the environment \
                         variable that holds it in database.password_env"
                    );
                }
            }
            None if self.password_env.is_some() => {
                bail!(
                    "database.password_env is set but database.url is not (SQLite has no password)"
                )
            }
            None => {}
        }
        Ok(())
    }
}

/// Who may start games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StartPolicy {
    /// Anyone who mails the referee.
    #[default]
    Anyone,
    /// Only the addresses and domains in `allow`.
    Allowlist,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefereeConfig {
    /// The address players write to; replies carry `+TAG` after its local part.
    pub address: String,
    /// The display name on the referee's mails.
    #[serde(default = "default_name")]
    pub name: String,
    /// Who may challenge (start games).
    #[serde(default)]
    pub start_games: StartPolicy,
    /// With `start_games = "allowlist"`: addresses (`alice@club.example`) and
    /// domains (`@club.example`) allowed to challenge.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Mails from one sender answered per hour at most; beyond it the
    /// referee stays silent (stops mail loops with a misbehaving peer).
    #[serde(default = "default_rate_limit")]
    pub rate_limit_per_hour: i64,
    /// Days a player has for each move; 0 (the default) runs no clock.
    #[serde(default)]
    pub days_per_move: u32,
    /// Hours before a deadline that the reminder goes out.
    #[serde(default = "default_reminder_hours")]
    pub reminder_hours: u32,
    /// Vacation days a player may take in any 365 days (`vacation DAYS`).
    #[serde(default = "default_vacation_days")]
    pub vacation_days_per_year: u32,
    /// Whether the mail server delivers `referee+TAG@...` to the referee's
    /// mailbox. Without it, the referee's mails carry its bare address as
    /// the reply address, and players copy the `key:` line into their
    /// replies (`arbiter check` tells which applies).
    #[serde(default = "default_true")]
    pub plus_addressing: bool,
    /// Whether players may play the referee's computer
    /// (`challenge computer GAME`).
    #[serde(default = "default_true")]
    pub computer: bool,
    /// The computer's time for one move at its strongest level, in
    /// milliseconds (the weaker levels take a share of it).
    #[serde(default = "default_computer_budget_ms")]
    pub computer_budget_ms: u64,
    /// The most games the computer plays at once; a challenge beyond it is
    /// refused until one ends.
    #[serde(default = "default_computer_max_games")]
    pub computer_max_games: u32,
}

fn default_true() -> bool {
    true
}

fn default_reminder_hours() -> u32 {
    24
}

fn default_vacation_days() -> u32 {
    30
}

fn default_computer_budget_ms() -> u64 {
    1000
}

fn default_computer_max_games() -> u32 {
    20
}

fn default_name() -> String {
    "Arbiter".to_string()
}

fn default_rate_limit() -> i64 {
    60
}

impl Default for RefereeConfig {
    fn default() -> Self {
        RefereeConfig {
            address: "referee@example.test".to_string(),
            name: default_name(),
            start_games: StartPolicy::Anyone,
            allow: Vec::new(),
            rate_limit_per_hour: default_rate_limit(),
            days_per_move: 0,
            reminder_hours: default_reminder_hours(),
            vacation_days_per_year: default_vacation_days(),
            plus_addressing: true,
            computer: true,
            computer_budget_ms: default_computer_budget_ms(),
            computer_max_games: default_computer_max_games(),
        }
    }
}

impl RefereeConfig {
    /// The local part and domain of the referee's address.
    pub fn split_address(&self) -> (&str, &str) {
        self.address
            .split_once('@')
            .unwrap_or((&self.address, "localhost"))
    }

    /// The reply address carrying `tag`: `referee+TAG@domain`.
    pub fn tagged_address(&self, tag: &str) -> String {
        let (local, domain) = self.split_address();
        format!("{local}+{tag}@{domain}")
    }

    /// The reply address of a player's game mails: the tagged address, or
    /// the bare one where the server does not deliver plus addresses (the
    /// mail's `key:` line then carries the tag).
    pub fn reply_address(&self, tag: &str) -> String {
        if self.plus_addressing {
            self.tagged_address(tag)
        } else {
            self.address.clone()
        }
    }

    /// Whether `address` may start games.
    pub fn may_start_games(&self, address: &str) -> bool {
        match self.start_games {
            StartPolicy::Anyone => true,
            StartPolicy::Allowlist => {
                let address = address.to_ascii_lowercase();
                self.allow.iter().any(|entry| {
                    let entry = entry.trim().to_ascii_lowercase();
                    if entry.starts_with('@') {
                        address.ends_with(&entry)
                    } else {
                        address == entry
                    }
                })
            }
        }
    }
}

/// How a connection is secured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// A plain connection upgraded with STARTTLS.
    Starttls,
    /// No encryption: allowed only to a loopback address.
    Plain,
}

/// How the referee logs in to a mail server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Auth {
    /// A password (or app password) from `password_env`.
    #[default]
    Password,
    /// OAuth 2.0 access tokens printed by `token_command` (SASL XOAUTH2 or
    /// OAUTHBEARER): Microsoft's mail takes nothing else from programs.
    Oauth2,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapConfig {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub username: String,
    #[serde(default)]
    pub auth: Auth,
    /// With `auth = "password"`: the environment variable holding it.
    pub password_env: Option<String>,
    /// With `auth = "oauth2"`: a shell command that prints a fresh access
    /// token (as mbsync's `PassCmd` or msmtp's `passwordeval`).
    pub token_command: Option<String>,
    /// A PEM file of certificates to trust: private authorities, or the
    /// server's own certificate, pinned (docs/hosting.md, `mail::tls`).
    pub ca_file: Option<PathBuf>,
    #[serde(default = "default_mailbox")]
    pub mailbox: String,
    /// Where processed mail is moved (created if missing). `/` and `.` both
    /// separate levels: written with the server's own separator.
    #[serde(default = "default_done")]
    pub done_folder: String,
    /// Seconds between polls when the server has no IDLE.
    #[serde(default = "default_poll")]
    pub poll_seconds: u64,
    /// Seconds an IDLE lasts before it is renewed (under RFC 2177's 29 min).
    #[serde(default = "default_idle")]
    pub idle_seconds: u64,
}

fn default_mailbox() -> String {
    "INBOX".to_string()
}
fn default_done() -> String {
    "Arbiter/Done".to_string()
}
fn default_poll() -> u64 {
    30
}
fn default_idle() -> u64 {
    300
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// Login for SMTP AUTH; none for an open relay on loopback.
    pub username: Option<String>,
    #[serde(default)]
    pub auth: Auth,
    pub password_env: Option<String>,
    pub token_command: Option<String>,
    pub ca_file: Option<PathBuf>,
    /// Seconds one send may take before it is abandoned and retried.
    #[serde(default = "default_send_timeout")]
    pub timeout_seconds: u64,
}

fn default_send_timeout() -> u64 {
    30
}

/// Reads a password from the environment variable `name`.
pub fn secret_from_env(name: &str) -> anyhow::Result<String> {
    std::env::var(name)
        .with_context(|| format!("the environment variable {name} (a password) is not set"))
}

/// Whether `host` is a loopback address or name.
pub fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .map(|ip| ip.is_loopback())
            .unwrap_or(false)
}

impl Config {
    /// Reads a configuration file.
    pub fn load(path: &Path) -> anyhow::Result<Config> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut config: Config =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        let resolve = |p: &mut PathBuf| {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        };
        resolve(&mut config.database.path);
        if let Some(imap) = &mut config.imap {
            imap.ca_file.as_mut().map(resolve);
        }
        if let Some(smtp) = &mut config.smtp {
            smtp.ca_file.as_mut().map(resolve);
        }
        config.check()?;
        Ok(config)
    }

    /// Refuses settings that would be unsafe or cannot work.
    pub fn check(&self) -> anyhow::Result<()> {
        self.database.check()?;
        if !self.referee.address.contains('@') {
            bail!(
                "referee.address {:?} is not a mail address",
                self.referee.address
            );
        }
        if let Some(imap) = &self.imap
            && imap.security == Security::Plain
            && !is_loopback(&imap.host)
        {
            bail!(
                "imap.security = \"plain\" is only allowed to a loopback host, not {}",
                imap.host
            );
        }
        if let Some(imap) = &self.imap {
            for (setting, name) in [
                ("mailbox", &imap.mailbox),
                ("done_folder", &imap.done_folder),
            ] {
                if let Err(e) = folder::levels(name) {
                    bail!("imap.{setting} {name:?} names no folder: it {e}");
                }
            }
            if folder::same_folder(&imap.mailbox, &imap.done_folder) {
                bail!(
                    "imap.done_folder {:?} is the watched mailbox itself; name another folder",
                    imap.done_folder
                );
            }
        }
        if let Some(imap) = &self.imap {
            check_login(
                "imap",
                Some(&imap.username),
                imap.auth,
                &imap.password_env,
                &imap.token_command,
            )?;
        }
        if let Some(smtp) = &self.smtp {
            check_login(
                "smtp",
                smtp.username.as_deref(),
                smtp.auth,
                &smtp.password_env,
                &smtp.token_command,
            )?;
        }
        if let Some(smtp) = &self.smtp
            && smtp.security == Security::Plain
            && !is_loopback(&smtp.host)
        {
            bail!(
                "smtp.security = \"plain\" is only allowed to a loopback host, not {}",
                smtp.host
            );
        }
        Ok(())
    }
}

/// The login settings of one server must fit its `auth`: a password
/// variable for `password`, a token command for `oauth2`, not both.
fn check_login(
    section: &str,
    username: Option<&str>,
    auth: Auth,
    password_env: &Option<String>,
    token_command: &Option<String>,
) -> anyhow::Result<()> {
    match auth {
        Auth::Password => {
            if token_command.is_some() {
                bail!(
                    "{section}.token_command is set but {section}.auth is \"password\"; set auth = \"oauth2\" to use it"
                );
            }
            if section == "imap" && password_env.is_none() {
                bail!(
                    "imap.password_env is missing: name the environment variable that holds the password (or set imap.auth = \"oauth2\" and a token_command)"
                );
            }
            if username.is_none() && password_env.is_some() {
                bail!("{section}.password_env is set but {section}.username is not");
            }
        }
        Auth::Oauth2 => {
            if password_env.is_some() {
                bail!(
                    "{section}.password_env is set but {section}.auth is \"oauth2\": the login uses token_command only"
                );
            }
            match token_command {
                Some(command) if !command.trim().is_empty() => {}
                _ => bail!(
                    "{section}.auth is \"oauth2\" but {section}.token_command is missing: name a command that prints an access token"
                ),
            }
            if username.is_none() {
                bail!(
                    "{section}.auth is \"oauth2\" but {section}.username is missing: the token is presented for that user"
                );
            }
        }
    }
    Ok(())
}

/// Where the daemon's configuration comes from, read at the start and
/// again on every reload: the file, with `--db` over its database.
#[derive(Clone, Debug)]
pub struct ConfigFile {
    pub path: PathBuf,
    /// `--db` (or `ARBITER_DB`), over the file's database (see
    /// [`DatabaseConfig::override_with`]).
    pub database: Option<PathBuf>,
}

impl ConfigFile {
    pub fn load(&self) -> anyhow::Result<Config> {
        let mut config = Config::load(&self.path)?;
        if let Some(db) = &self.database {
            config.database.override_with(db);
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests;
