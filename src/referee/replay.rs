//! Replaying a game's log: the whole log from a new match, the entries
//! after a checkpoint, and what a seat was shown along the way (for the
//! computer player).

use super::{LogEntry, Match, MatchError};
use crate::bot::Correspondence;
use crate::games::GameInfo;
use crate::rules::{Options, Seat};

impl Match {
    /// Replays a whole log.
    pub fn replay<'a>(
        info: &GameInfo,
        options: &Options,
        seed: [u8; 32],
        entries: impl IntoIterator<Item = &'a LogEntry>,
    ) -> Result<Match, MatchError> {
        Match::replay_each(info, options, seed, entries, |_, _| {})
    }

    /// What `seat` was shown as the log went: its view of the new game
    /// (unless the log opens with a start position, which replaced it
    /// before anyone saw it) and after each entry, oldest first, as JSON;
    /// and what it wrote, its game actions in notation. This, with the
    /// game's public options, is all the computer player is given (see
    /// [`crate::bot`]).
    pub fn told<'a>(
        info: &GameInfo,
        options: &Options,
        seed: [u8; 32],
        entries: impl IntoIterator<Item = &'a LogEntry>,
        seat: Seat,
    ) -> Result<Correspondence, MatchError> {
        let entries: Vec<&LogEntry> = entries.into_iter().collect();
        let mut views = Vec::with_capacity(entries.len() + 1);
        let mut sent = Vec::new();
        let opens_with_position = matches!(entries.first(), Some(LogEntry::Position { .. }));
        if !opens_with_position {
            views.push(
                Match::new(info, options, seed)?
                    .seat_view(seat)
                    .view()
                    .json()
                    .clone(),
            );
        }
        Match::replay_each(info, options, seed, entries, |after, wrote| {
            views.push(after.seat_view(seat).view().json().clone());
            if let Some((actor, text)) = wrote
                && actor == seat
            {
                sent.push(text.to_string());
            }
        })?;
        Ok(Correspondence { views, sent })
    }

    /// Replays a whole log, handing `each` the match after every entry,
    /// and for a game action its actor and notation.
    fn replay_each<'a>(
        info: &GameInfo,
        options: &Options,
        seed: [u8; 32],
        entries: impl IntoIterator<Item = &'a LogEntry>,
        mut each: impl FnMut(&Match, Option<(Seat, &str)>),
    ) -> Result<Match, MatchError> {
        let entries: Vec<&LogEntry> = entries.into_iter().collect();
        let mut current = Match::new(info, options, seed)?;
        for (index, &entry) in entries.iter().enumerate() {
            let mut wrote = None;
            current = match entry {
                LogEntry::Action { seat, .. } => {
                    let step = current.replay_entry(entry, seed, index as u64)?;
                    wrote = Some((*seat, step.notation));
                    step.state
                }
                LogEntry::AcceptTakeback { seat, to } => {
                    let to = *to as usize;
                    if to >= index || current.takeback_offer != Some(seat.other()) {
                        return Err(MatchError::BadUndo(index as u64));
                    }
                    Match::replay(info, options, seed, entries[..to].iter().copied())?.taken_back()
                }
                LogEntry::Abort { seat }
                    if Match::has_acted(entries[..index].iter().copied(), *seat) =>
                {
                    return Err(MatchError::BadUndo(index as u64));
                }
                other => current.replay_one(info, options, seed, index as u64, other)?,
            };
            each(
                &current,
                wrote.as_ref().map(|(seat, text)| (*seat, text.as_str())),
            );
        }
        Ok(current)
    }

    /// Replays the log entries from index `first` on, starting from this
    /// match (the state after the first `first` entries: a checkpoint). A
    /// takeback or an abort among them needs the log before them
    /// ([`MatchError::NeedsWholeLog`]): replay the whole log instead.
    pub fn replay_on<'a>(
        self,
        info: &GameInfo,
        options: &Options,
        seed: [u8; 32],
        first: u64,
        entries: impl IntoIterator<Item = &'a LogEntry>,
    ) -> Result<Match, MatchError> {
        let mut current = self;
        for (index, entry) in (first..).zip(entries) {
            current = match entry {
                LogEntry::AcceptTakeback { .. } | LogEntry::Abort { .. } => {
                    return Err(MatchError::NeedsWholeLog(index));
                }
                other => current.replay_one(info, options, seed, index, other)?,
            };
        }
        Ok(current)
    }

    /// Replays entry `index` of a log, one that needs nothing before it.
    fn replay_one(
        self,
        info: &GameInfo,
        options: &Options,
        seed: [u8; 32],
        index: u64,
        entry: &LogEntry,
    ) -> Result<Match, MatchError> {
        Ok(match entry {
            LogEntry::Position { position } if index == 0 => {
                Match::from_position(info, options, position)?
            }
            LogEntry::Position { .. } => return Err(MatchError::LatePosition(index)),
            other => self.replay_entry(other, seed, index)?.state,
        })
    }
}
