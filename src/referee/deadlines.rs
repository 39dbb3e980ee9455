//! The referee's work with the clock: each seat's deadline, the deadlines
//! in every notice, reminders, losses on time, and vacations. A game runs
//! its own clock if it has one (a tournament's, see `tournament_setup.rs`),
//! else the host's.

use chrono::{DateTime, Utc};
use tracing::info;

use super::clock::{self, Clock, show_time};
use super::{LoadedGame, LogEntry, Notice, NoticeKind, Referee, RefereeError};
use crate::rules::{ActionError, Seat, Status};
use crate::store::Tx;
use crate::store::clock as clockstore;

impl Referee {
    /// The clock game `id` runs: its own (days per move, and whether
    /// vacations stop it) if it has one, else the host's, which vacations
    /// stop.
    pub async fn clock_of(&self, conn: &mut Tx, id: i64) -> Result<(Clock, bool), RefereeError> {
        Ok(match clockstore::game_clock(conn, id).await? {
            Some(own) => (
                Clock {
                    days_per_move: own.days_per_move,
                    ..self.clock
                },
                own.vacation,
            ),
            None => (self.clock, true),
        })
    }

    /// When each seat that owes an action must have answered, while the
    /// game runs a clock.
    pub async fn deadlines(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
    ) -> Result<Vec<(Seat, DateTime<Utc>)>, RefereeError> {
        let Status::Ongoing(dues) = loaded.current.status() else {
            return Ok(Vec::new());
        };
        let id = loaded.row.id;
        let (clock, vacations_count) = self.clock_of(conn, id).await?;
        if !clock.is_on() {
            return Ok(Vec::new());
        }
        let started = self.turn_start(conn, id).await?;
        let mut deadlines = Vec::new();
        for due in dues {
            let vacations = match vacations_count {
                true => clockstore::vacations(conn, loaded.address(due.seat)).await?,
                false => Vec::new(),
            };
            deadlines.push((due.seat, clock.deadline(started, &vacations)));
        }
        Ok(deadlines)
    }

    pub(super) async fn turn_start(
        &self,
        conn: &mut Tx,
        id: i64,
    ) -> Result<DateTime<Utc>, RefereeError> {
        let started = clockstore::turn_started(conn, id).await?;
        clock::parse_time(&started).ok_or_else(|| RefereeError::Damaged {
            game: id,
            reason: format!("bad time {started:?}"),
        })
    }

    /// Adds the deadlines, in words, to notices about a game, and drops
    /// those to the seat the computer plays: its pseudo-address is never
    /// mailed.
    pub(super) async fn with_deadlines(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        mut notices: Vec<Notice>,
    ) -> Result<Vec<Notice>, RefereeError> {
        if let Some(computer) = loaded.computer {
            notices.retain(|n| n.seat != computer.seat);
        }
        let deadlines = self.deadlines(conn, loaded).await?;
        let lines: Vec<String> = deadlines
            .iter()
            .map(|(seat, when)| format!("{seat} must answer by {}.", show_time(*when)))
            .collect();
        // A finished game's end: its tournament and its rating change.
        let mut ending = Vec::new();
        ending.extend(self.tournament_line(conn, loaded).await?);
        ending.extend(self.rating_line(conn, loaded).await?);
        for notice in &mut notices {
            notice.deadlines = lines.clone();
            notice.events.extend(ending.iter().cloned());
        }
        Ok(notices)
    }

    /// The clock's work on one game at `now`: a loss on time for a seat past
    /// its deadline (a draw if both are), else a reminder to a seat whose
    /// deadline is near (once per turn). Returns the notices to send.
    pub async fn tick(
        &self,
        conn: &mut Tx,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let loaded = self.load(conn, id).await?;
        let deadlines = self.deadlines(conn, &loaded).await?;
        let (clock, _) = self.clock_of(conn, id).await?;
        let turn = match deadlines.is_empty() {
            true => {
                clockstore::set_next_check(conn, id, None).await?;
                return Ok(Vec::new());
            }
            false => self.turn_start(conn, id).await?,
        };
        let late: Vec<Seat> = deadlines
            .iter()
            .filter(|(_, when)| *when <= now)
            .map(|(seat, _)| *seat)
            .collect();
        if !late.is_empty() {
            info!(game = id, late = ?late, "deadline passed");
            let step = loaded
                .current
                .apply_meta(LogEntry::Timeout { seats: late })?;
            return self.commit_step(conn, &loaded, None, step, "clock").await;
        }
        // Once this round is done, every reminder due by now is recorded:
        // a seat's next milestone is its reminder if still ahead, else its
        // deadline.
        let next = deadlines
            .iter()
            .map(|&(_, when)| match clock.reminder_at(when) {
                reminder if reminder > now => reminder,
                _ => when,
            })
            .min();
        clockstore::set_next_check(conn, id, next).await?;
        let mut notices = Vec::new();
        for (seat, when) in deadlines {
            if clock.reminder_at(when) <= now
                && clockstore::record_reminder(conn, id, &clock::format_time(turn), seat).await?
            {
                info!(game = id, seat = seat.name(), "reminder");
                notices.push(Notice::build(
                    &loaded,
                    seat,
                    NoticeKind::Reminder,
                    Vec::new(),
                ));
            }
        }
        self.with_deadlines(conn, &loaded, notices).await
    }

    /// Records when the clock next has work in a game that just changed:
    /// the earliest reminder of the seats that owe an action (a new turn
    /// has had none yet).
    pub(super) async fn note_next_check(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
    ) -> Result<(), RefereeError> {
        let (clock, _) = self.clock_of(conn, loaded.row.id).await?;
        if !clock.is_on() {
            return Ok(());
        }
        let next = self
            .deadlines(conn, loaded)
            .await?
            .iter()
            .map(|&(_, when)| clock.reminder_at(when))
            .min();
        clockstore::set_next_check(conn, loaded.row.id, next).await?;
        Ok(())
    }

    /// Forgets every game's next check, for a clock whose settings may
    /// have changed: the next round looks at every ongoing game once.
    pub async fn forget_next_checks(&self) -> Result<(), RefereeError> {
        let mut tx = self.store().write().await?;
        clockstore::forget_next_checks(&mut tx, None).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Books a vacation for `address` from `now`, asked for in game `id`:
    /// their clocks stop in all their games that allow vacations. Refused
    /// in a game that runs no clock or allows none. Returns when it ends.
    pub async fn vacation(
        &self,
        conn: &mut Tx,
        id: i64,
        address: &str,
        days: u32,
        now: DateTime<Utc>,
    ) -> Result<DateTime<Utc>, RefereeError> {
        let (clock, allowed) = self.clock_of(conn, id).await?;
        if !clock.is_on() {
            return Err(ActionError::illegal(
                "This referee runs no clock, so there is no vacation to take.",
            )
            .into());
        }
        if !allowed {
            return Err(ActionError::illegal(format!(
                "Game #{id} is a game of a tournament played without vacations: a vacation would \
                 not stop its clock, so none was booked."
            ))
            .into());
        }
        let taken = clockstore::vacations(conn, address).await?;
        clock
            .vacation_allowed(now, &taken, days)
            .map_err(ActionError::illegal)?;
        let vacation = clock::Vacation {
            starts: now,
            ends: now + chrono::Duration::days(days as i64),
        };
        clockstore::add_vacation(conn, address, vacation).await?;
        clockstore::forget_next_checks(conn, Some(address)).await?;
        info!(address, days, "vacation booked");
        Ok(vacation.ends)
    }
}
