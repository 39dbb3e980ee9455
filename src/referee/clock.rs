//! Correspondence time control: so many days per move, a reminder before the
//! deadline, vacations that stop a player's clocks. Pure: the time is always
//! passed in, so tests move it at will.
//!
//! A seat's turn begins when the entry before it was accepted (or the game
//! was created) and lasts `days_per_move` days, plus every day of the
//! player's vacations that falls inside it. A seat that lets the deadline
//! pass loses on time; if both seats owe a sealed submission and both are
//! late, the game is drawn.

use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;

/// The host's time control (`[referee]` in the configuration).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Clock {
    /// Days a player has for each move; 0 turns the clock off.
    pub days_per_move: u32,
    /// How long before the deadline the reminder goes out.
    pub reminder_hours: u32,
    /// Vacation days a player may take in any 365 days.
    pub vacation_days_per_year: u32,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            days_per_move: 0,
            reminder_hours: 24,
            vacation_days_per_year: 30,
        }
    }
}

pub use crate::store::clock::{Vacation, format_time, parse_time};

/// A timestamp for players: `2026-11-28 22:09 UTC`.
pub fn show_time(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%d %H:%M UTC").to_string()
}

impl Clock {
    pub fn is_on(&self) -> bool {
        self.days_per_move > 0
    }

    /// When a turn that began at `start` must be answered, given the
    /// player's vacations.
    ///
    /// ```
    /// use arbiter::referee::clock::{Clock, Vacation, parse_time};
    /// let clock = Clock { days_per_move: 3, ..Clock::default() };
    /// let start = parse_time("2026-11-01T12:00:00Z").unwrap();
    /// assert_eq!(clock.deadline(start, &[]), parse_time("2026-11-04T12:00:00Z").unwrap());
    /// // Two days away in the middle of the turn give two more days.
    /// let away = Vacation { starts: parse_time("2026-11-02T12:00:00Z").unwrap(),
    ///                       ends: parse_time("2026-11-04T12:00:00Z").unwrap() };
    /// assert_eq!(clock.deadline(start, &[away]), parse_time("2026-11-06T12:00:00Z").unwrap());
    /// ```
    pub fn deadline(&self, start: DateTime<Utc>, vacations: &[Vacation]) -> DateTime<Utc> {
        let mut sorted = vacations.to_vec();
        sorted.sort_by_key(|v| v.starts);
        let mut deadline = start + Duration::days(self.days_per_move as i64);
        // Each vacation that begins before the (growing) deadline and ends
        // after the turn began stops the clock for its overlap.
        let mut counted_until = start;
        for vacation in sorted {
            if vacation.starts >= deadline {
                break;
            }
            let from = vacation.starts.max(counted_until);
            if vacation.ends > from {
                deadline += vacation.ends - from;
                counted_until = vacation.ends;
            }
        }
        deadline
    }

    /// When the reminder for that deadline is due.
    pub fn reminder_at(&self, deadline: DateTime<Utc>) -> DateTime<Utc> {
        deadline - Duration::hours(self.reminder_hours as i64)
    }

    /// Whether `days` more vacation fit in the yearly allowance, given the
    /// vacations taken in the last 365 days.
    pub fn vacation_allowed(
        &self,
        now: DateTime<Utc>,
        taken: &[Vacation],
        days: u32,
    ) -> Result<(), String> {
        if days == 0 {
            return Err("Write the number of days: vacation 7".to_string());
        }
        if taken.iter().any(|v| v.ends > now) {
            return Err(
                "You are on vacation already; it must end before you take another.".to_string(),
            );
        }
        let year_ago = now - Duration::days(365);
        let used: i64 = taken
            .iter()
            .filter(|v| v.ends > year_ago)
            .map(|v| (v.ends - v.starts.max(year_ago)).num_hours())
            .sum::<i64>()
            .div_euclid(24);
        let left = self.vacation_days_per_year as i64 - used;
        if days as i64 > left {
            return Err(format!(
                "You have {} vacation days left in these 365 days; {days} is too many.",
                left.max(0)
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> DateTime<Utc> {
        parse_time(text).unwrap()
    }

    fn away(from: &str, to: &str) -> Vacation {
        Vacation {
            starts: t(from),
            ends: t(to),
        }
    }

    const CLOCK: Clock = Clock {
        days_per_move: 3,
        reminder_hours: 24,
        vacation_days_per_year: 10,
    };

    #[test]
    fn vacations_stop_the_clock_only_where_they_overlap_the_turn() {
        let start = t("2026-11-01T00:00:00Z");
        // Over before the turn began: no effect.
        assert_eq!(
            CLOCK.deadline(
                start,
                &[away("2026-10-01T00:00:00Z", "2026-10-05T00:00:00Z")]
            ),
            t("2026-11-04T00:00:00Z")
        );
        // Begun before the turn, ending a day into it: one day more.
        assert_eq!(
            CLOCK.deadline(
                start,
                &[away("2026-10-30T00:00:00Z", "2026-11-02T00:00:00Z")]
            ),
            t("2026-11-05T00:00:00Z")
        );
        // Starting after the deadline: no effect.
        assert_eq!(
            CLOCK.deadline(
                start,
                &[away("2026-11-05T00:00:00Z", "2026-11-09T00:00:00Z")]
            ),
            t("2026-11-04T00:00:00Z")
        );
        // Starting inside the extended deadline of an earlier one: both count.
        let two = [
            away("2026-11-02T00:00:00Z", "2026-11-04T00:00:00Z"),
            away("2026-11-05T00:00:00Z", "2026-11-06T00:00:00Z"),
        ];
        assert_eq!(CLOCK.deadline(start, &two), t("2026-11-07T00:00:00Z"));
        assert_eq!(
            CLOCK.reminder_at(t("2026-11-07T00:00:00Z")),
            t("2026-11-06T00:00:00Z")
        );
    }

    #[test]
    fn the_yearly_vacation_allowance() {
        let now = t("2026-11-21T00:00:00Z");
        assert!(CLOCK.vacation_allowed(now, &[], 10).is_ok());
        assert!(CLOCK.vacation_allowed(now, &[], 11).is_err());
        assert!(CLOCK.vacation_allowed(now, &[], 0).is_err());
        let taken = [away("2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z")];
        assert!(CLOCK.vacation_allowed(now, &taken, 3).is_ok());
        assert!(CLOCK.vacation_allowed(now, &taken, 4).is_err());
        // Over a year ago: forgotten.
        let old = [away("2025-06-01T00:00:00Z", "2025-06-11T00:00:00Z")];
        assert!(CLOCK.vacation_allowed(now, &old, 10).is_ok());
        let current = [away("2026-11-20T00:00:00Z", "2026-11-22T00:00:00Z")];
        assert!(CLOCK.vacation_allowed(now, &current, 1).is_err());
    }

    #[test]
    fn timestamps_round_trip() {
        let time = t("2026-11-21T22:09:10Z");
        assert_eq!(format_time(time), "2026-11-21T22:09:10Z");
        assert_eq!(show_time(time), "2026-11-21 22:09 UTC");
        assert!(parse_time("yesterday").is_none());
    }
}
