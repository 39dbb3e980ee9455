//! The referee as the host's configuration sets it up: the configuration
//! is data (`crate::config`, which names no room above it); this file
//! reads it into the referee's own settings, its clock and its computer
//! opponent.

use std::time::Duration;

use super::clock::Clock;
use super::{ComputerSettings, Referee};
use crate::config::RefereeConfig;
use crate::store::Store;

impl Referee {
    /// The referee as the host's configuration sets it up: its clock and
    /// its computer opponent.
    pub fn for_host(store: Store, config: &RefereeConfig) -> Referee {
        Referee::with_clock(store, Clock::from_config(config))
            .with_computer(ComputerSettings::from_config(config))
    }
}

impl Clock {
    /// The host's time control (`[referee]` `days_per_move`,
    /// `reminder_hours`, `vacation_days_per_year`).
    pub fn from_config(config: &RefereeConfig) -> Clock {
        Clock {
            days_per_move: config.days_per_move,
            reminder_hours: config.reminder_hours,
            vacation_days_per_year: config.vacation_days_per_year,
        }
    }
}

impl ComputerSettings {
    /// The host's settings for the computer opponent; its pseudo-address
    /// is `computer@` the referee's domain.
    pub fn from_config(config: &RefereeConfig) -> ComputerSettings {
        ComputerSettings {
            enabled: config.computer,
            budget: Duration::from_millis(config.computer_budget_ms),
            max_games: config.computer_max_games,
            address: format!("computer@{}", config.split_address().1).to_ascii_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn the_computer_settings_have_defaults_and_its_address_the_referees_domain() {
        let config: Config =
            toml::from_str("[referee]\naddress = \"Games@Club.example\"\n").unwrap();
        let computer = ComputerSettings::from_config(&config.referee);
        assert!(computer.enabled);
        assert_eq!(computer.budget, Duration::from_secs(1));
        assert_eq!(computer.max_games, 20);
        assert_eq!(computer.address, "computer@club.example");
        let config: Config = toml::from_str(
            "[referee]\naddress = \"r@x.example\"\ncomputer = false\ncomputer_budget_ms = 250\n\
             computer_max_games = 3\n",
        )
        .unwrap();
        let computer = ComputerSettings::from_config(&config.referee);
        assert!(!computer.enabled);
        assert_eq!(computer.budget, Duration::from_millis(250));
        assert_eq!(computer.max_games, 3);
    }

    #[test]
    fn the_clock_is_the_configured_one() {
        let config: Config = toml::from_str(
            "[referee]\naddress = \"r@x.example\"\ndays_per_move = 3\nreminder_hours = 12\n\
             vacation_days_per_year = 10\n",
        )
        .unwrap();
        assert_eq!(
            Clock::from_config(&config.referee),
            Clock {
                days_per_move: 3,
                reminder_hours: 12,
                vacation_days_per_year: 10,
            }
        );
        let off = Clock::from_config(&Config::default().referee);
        assert!(!off.is_on());
    }
}
