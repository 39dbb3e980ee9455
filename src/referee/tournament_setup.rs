//! A tournament's settings as the referee applies them: its own clock in
//! each of its games (days per move, vacations or not), the day it starts
//! itself, and the computer as an entrant.
//!
//! The clock: a tournament that sets days per move, or forbids vacations,
//! gives each of its games its own clock when it creates them
//! ([`crate::store::clock::GameClock`]); a game without one runs the
//! host's. A game's own clock runs even when the host runs none, and in a
//! game without vacations a player's vacations do not stop it (asking for
//! one in such a game is refused).
//!
//! The start day: the clock's round ([`Referee::start_due_tournaments`])
//! starts an open tournament on its day (UTC) if it has at least
//! [`MIN_PLAYERS`] entrants. Otherwise its entrants are told once, and it
//! stays open: it starts at the first round after enough have joined (or
//! when the host starts it).
//!
//! The computer: where the host allows it (`--computers`), the host enters
//! the computer at a level (`computer:3`; `computer` is the middle level).
//! A tournament takes one computer entrant; its games are computer games
//! like any other, and it is rated as the computer at its level.

use chrono::{DateTime, NaiveDate, Utc};

use super::tournament_spec::{MIN_PLAYERS, TournamentError};
use super::{ComputerSeat, Notice, Referee, RefereeError, Source, check_address};
use crate::bot::Level;
use crate::rules::Seat;
use crate::store::Tx;
use crate::store::clock::GameClock;
use crate::store::tournament_settings::{self, TournamentSettings};
use crate::store::tournaments::{self, Tournament};

/// The entrant name of the computer at `level`, as its rating list keeps
/// it.
fn computer_entrant(level: Level) -> String {
    format!("computer:{}", level.number())
}

/// What a tournament's due start did.
#[derive(Debug)]
pub enum DueStart {
    /// It started: the start notices of its games.
    Started(Vec<Notice>),
    /// Too few entrants on its day: what to tell each of them (once).
    TooFew {
        name: String,
        told: Vec<String>,
        words: String,
    },
    /// Still too few, and its entrants were told already.
    Waiting,
}

impl Referee {
    /// Sets a tournament's clock, start day and whether the computer may
    /// enter, while it is open.
    pub async fn set_tournament_settings(
        &self,
        conn: &mut Tx,
        name: &str,
        settings: &TournamentSettings,
    ) -> Result<(), RefereeError> {
        let t = self.tournament(conn, name).await?;
        if t.status != "open" {
            return Err(TournamentError::Started(t.name).into());
        }
        if settings.days_per_move == Some(0) {
            return Err(TournamentError::NoDays.into());
        }
        tournament_settings::set(conn, t.id, settings).await?;
        Ok(())
    }

    /// The clock, start day and computer of a tournament, in words: `3
    /// days per move, no vacations, starts 2026-12-01, the computer may
    /// enter`.
    pub(super) async fn settings_words(
        &self,
        conn: &mut Tx,
        t: &Tournament,
    ) -> Result<String, RefereeError> {
        let s = tournament_settings::get(conn, t.id).await?;
        let days = s.days_per_move.unwrap_or(self.clock.days_per_move);
        let mut words = vec![match days {
            0 => "no clock".to_string(),
            1 => "1 day per move".to_string(),
            n => format!("{n} days per move"),
        }];
        if days > 0 {
            words.push(
                if s.vacation {
                    "vacations allowed"
                } else {
                    "no vacations"
                }
                .to_string(),
            );
        }
        if let Some(day) = s.starts_on
            && t.status == "open"
        {
            words.push(format!("starts {day}"));
        }
        if s.computers {
            words.push("the computer may enter".to_string());
        }
        Ok(words.join(", "))
    }

    /// The entrant an address or `computer[:LEVEL]` names in tournament
    /// `t`: a player's address as it is kept, or the computer at its level
    /// (refused where the host has not allowed it).
    pub(super) async fn entrant_name(
        &self,
        conn: &mut Tx,
        t: &Tournament,
        address: &str,
    ) -> Result<String, RefereeError> {
        let word = address.trim().to_ascii_lowercase();
        let level = match word.split_once(':') {
            Some(("computer", level)) => Some(
                Level::parse(level).ok_or_else(|| TournamentError::BadLevel(level.to_string()))?,
            ),
            _ if self.is_computer(&word) => Some(Level::default()),
            _ => None,
        };
        let Some(level) = level else {
            return check_address(address);
        };
        if !tournament_settings::get(conn, t.id).await?.computers {
            return Err(TournamentError::NoComputers(t.name.clone()).into());
        }
        Ok(computer_entrant(level))
    }

    /// Whether the computer may join tournament `t` as `entrant`: the host
    /// runs it, and no other level of it has entered.
    pub(super) async fn check_computer_entry(
        &self,
        conn: &mut Tx,
        t: &Tournament,
        entrant: &str,
    ) -> Result<(), RefereeError> {
        if computer_level(entrant).is_none() {
            return Ok(());
        }
        if !self.computer.enabled {
            return Err(RefereeError::ComputerOff);
        }
        let entrants = tournaments::entrants(conn, t.id).await?;
        if let Some(other) = entrants
            .iter()
            .find(|e| computer_level(&e.address).is_some() && e.address != entrant)
        {
            return Err(TournamentError::OneComputer {
                name: t.name.clone(),
                entered: other.address.clone(),
            }
            .into());
        }
        Ok(())
    }

    /// The address an entrant plays under in its games: a player's own, or
    /// the computer's pseudo-address.
    pub(super) fn seat_address<'a>(&'a self, entrant: &'a str) -> &'a str {
        match computer_level(entrant) {
            Some(_) => &self.computer.address,
            None => entrant,
        }
    }

    /// Creates one game of tournament `t` between two entrants, with the
    /// tournament's clock and, if one is the computer, played by it.
    pub(super) async fn create_tournament_game(
        &self,
        conn: &mut Tx,
        t: &Tournament,
        settings: &TournamentSettings,
        white: &str,
        black: &str,
        source: Source<'_>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        let clock = (settings.days_per_move.is_some() || !settings.vacation).then(|| GameClock {
            days_per_move: settings.days_per_move.unwrap_or(self.clock.days_per_move),
            vacation: settings.vacation,
        });
        let computer = match (computer_level(white), computer_level(black)) {
            (Some(level), _) => Some(ComputerSeat {
                seat: Seat::White,
                level,
            }),
            (_, Some(level)) => Some(ComputerSeat {
                seat: Seat::Black,
                level,
            }),
            _ => None,
        };
        self.create(
            conn,
            &t.game,
            self.seat_address(white),
            self.seat_address(black),
            &t.options,
            None,
            computer.map(|c| (c, source)),
            clock,
            None,
        )
        .await
    }

    /// The clock's work on tournaments at `now`: each open tournament whose
    /// start day has come is started if it has enough entrants; else its
    /// entrants are told, once, and it stays open. Each in the caller's
    /// transaction; the ids come from [`Referee::tournaments_due`].
    pub async fn start_due_tournament(
        &self,
        conn: &mut Tx,
        id: i64,
        told: bool,
        source: Source<'_>,
    ) -> Result<DueStart, RefereeError> {
        let Some(t) = tournaments::get(conn, id).await? else {
            return Ok(DueStart::Waiting);
        };
        let entrants = tournaments::entrants(conn, id).await?;
        if entrants.len() >= MIN_PLAYERS {
            return Ok(DueStart::Started(
                self.start_tournament(conn, &t.name, source).await?,
            ));
        }
        if told {
            return Ok(DueStart::Waiting);
        }
        tournament_settings::set_start_missed(conn, id).await?;
        let words = format!(
            "Tournament {} was to start today, but it has {} entrants and needs at least \
             {MIN_PLAYERS}. It stays open: it starts as soon as enough players have joined (write \
             `join {}`), or when its host starts it.\n",
            t.name,
            entrants.len(),
            t.name
        );
        let told = entrants
            .into_iter()
            .map(|e| e.address)
            .filter(|a| computer_level(a).is_none())
            .collect();
        Ok(DueStart::TooFew {
            name: t.name,
            told,
            words,
        })
    }

    /// The open tournaments whose start day has come at `now`, each with
    /// whether its entrants were told it had too few.
    pub async fn tournaments_due(
        &self,
        conn: &mut Tx,
        now: DateTime<Utc>,
    ) -> Result<Vec<(i64, bool)>, RefereeError> {
        Ok(tournament_settings::due_to_start(conn, now.date_naive()).await?)
    }
}

/// The computer's level, if `entrant` is the computer.
pub(super) fn computer_level(entrant: &str) -> Option<Level> {
    entrant.strip_prefix("computer:").and_then(Level::parse)
}

/// A start day as the host writes it: `2026-12-01`.
pub fn parse_start_day(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| format!("{text:?} is not a day: write it as 2026-12-01"))
}
