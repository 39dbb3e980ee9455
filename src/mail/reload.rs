//! Rereading the configuration in a running daemon (SIGHUP): what takes
//! effect at once and what needs a restart.
//!
//! The `[referee]` section applies from the next mail and the clock's next
//! round: name, who may start games (`start_games`, `allow`), the rate
//! limit and the time control. `referee.address` does not: it is the
//! mailbox the daemon watches and the sender of every mail it sends, and
//! replies already out carry it. Nor do `[imap]`, `[smtp]` and
//! `[database]`: they are the open connections and the open database,
//! and the secrets their settings name were read at the start. Each of
//! those is reported as changed but kept until the daemon restarts.

use std::fmt::Debug;

use crate::config::{Config, RefereeConfig};

/// What a reread configuration changes.
#[derive(Debug)]
pub struct Reload {
    /// The `[referee]` settings to run with from now on.
    pub referee: RefereeConfig,
    /// What changed in the file but is kept until a restart, as the host
    /// writes it (`[imap]`, `referee.address`).
    pub need_restart: Vec<&'static str>,
}

/// Compares the configuration in force with the one just read.
pub fn compare(running: &Config, read: &Config) -> Reload {
    let mut need_restart = Vec::new();
    // The sections compare by their Debug form: every field, and nothing
    // for these structs to derive as they grow (none holds a secret).
    for (section, changed) in [
        ("[imap]", differs(&running.imap, &read.imap)),
        ("[smtp]", differs(&running.smtp, &read.smtp)),
        ("[database]", differs(&running.database, &read.database)),
        (
            "referee.address",
            running.referee.address != read.referee.address,
        ),
    ] {
        if changed {
            need_restart.push(section);
        }
    }
    Reload {
        referee: RefereeConfig {
            address: running.referee.address.clone(),
            ..read.referee.clone()
        },
        need_restart,
    }
}

fn differs<T: Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") != format!("{b:?}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::StartPolicy;
    use crate::referee::clock::Clock;

    fn config(extra_referee: &str, imap_port: u16) -> Config {
        let text = format!(
            "[referee]\naddress = \"referee@club.example\"\n{extra_referee}\n\
             [imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\n\
             username = \"r\"\npassword_env = \"P\"\n"
        );
        let config: Config = toml::from_str(&text).unwrap();
        config.check().unwrap();
        config
    }

    #[test]
    fn the_referee_section_applies_at_once() {
        let running = config("", 143);
        let read = config(
            "name = \"Club referee\"\nstart_games = \"allowlist\"\nallow = [\"@club.example\"]\n\
             rate_limit_per_hour = 5\ndays_per_move = 3\n",
            143,
        );
        let reload = compare(&running, &read);
        assert!(reload.need_restart.is_empty(), "{reload:?}");
        assert_eq!(reload.referee.name, "Club referee");
        assert_eq!(reload.referee.start_games, StartPolicy::Allowlist);
        assert!(reload.referee.may_start_games("alice@club.example"));
        assert!(!reload.referee.may_start_games("mallory@elsewhere.example"));
        assert_eq!(reload.referee.rate_limit_per_hour, 5);
        assert!(Clock::from_config(&reload.referee).is_on());
    }

    #[test]
    fn connections_database_and_address_wait_for_a_restart() {
        let running = config("", 143);
        let mut read = config("", 1143);
        read.referee.address = "games@club.example".into();
        read.database.path = "/elsewhere/arbiter.db".into();
        read.referee.rate_limit_per_hour = 7;
        let reload = compare(&running, &read);
        assert_eq!(
            reload.need_restart,
            ["[imap]", "[database]", "referee.address"]
        );
        assert_eq!(reload.referee.address, "referee@club.example", "kept");
        assert_eq!(reload.referee.rate_limit_per_hour, 7, "the rest applies");
    }

    #[test]
    fn an_unchanged_file_changes_nothing() {
        let reload = compare(&config("", 143), &config("", 143));
        assert!(reload.need_restart.is_empty());
        assert_eq!(
            format!("{:?}", reload.referee),
            format!("{:?}", config("", 143).referee)
        );
    }
}
