//! The computer's turns: owed with the entry that makes them due, thought
//! outside any transaction, recorded in a transaction of their own.
//!
//! An entry after which the computer's seat owes an action (the player's
//! move, or the start of a game in which the computer moves first) records
//! the debt with it, in the entry's own transaction, and holds back the
//! player's notice of it (`store::computers::hold`): the player's notice is
//! [`Notice::held`], for the caller not to send. The computer then thinks,
//! on what its seat was shown, in no transaction at all, so no other mail
//! waits for it ([`Referee::computer_answer`]). Its answer is recorded in a
//! write transaction of its own, which first checks that the game has not
//! moved on (the log still has the length the computer thought on, and the
//! debt is still there): the player's notice then goes out with the answer,
//! one notice carrying both. A game that moved on meanwhile (the player
//! offered a draw, say) is thought again; another entry while the notice
//! is held takes the held events into its own notice.
//!
//! A crash between the two only delays the answer: the debt is in the
//! database ([`Referee::computer_owing`]), and whoever makes the answers
//! (the daemon when it starts and after each mail, the command line after
//! its own entry) makes it. Two of them making the same answer at once
//! record it once: the second finds the game moved on, and the log's
//! unique (game, index) key is the backstop.

use serde::{Deserialize, Serialize};
use tracing::{info, warn};

use super::{ComputerSeat, LoadedGame, Notice, NoticeKind, Referee, RefereeError, Source};
use crate::bot::BotError;
use crate::rules::Event;
use crate::store::{Tx, computers, conditionals};

/// The most actions the computer plays in a row after one entry (a game
/// whose rules let one seat act several times running), with the times it
/// thinks again because the game moved on; the rest waits for the next
/// round of answers.
const MOST_THOUGHTS: usize = 16;

/// The player's notice, held back while the computer owes its answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Held {
    kind: NoticeKind,
    /// What happened since the player's last notice, for every audience
    /// (the notice is built when the answer is made, for the game as it
    /// then stands).
    events: Vec<Event>,
    /// Where the entry came from: `cli`, or a mail's key.
    source: String,
}

/// The computer's answer made in a game: the player's notice, with what
/// the player did and what the computer answered.
#[derive(Debug)]
pub struct Answer {
    pub game: i64,
    /// The player's notice (none to the computer's seat).
    pub notices: Vec<Notice>,
    /// Where the entry it answers came from: `cli`, or a mail's key.
    pub source: String,
}

/// What the computer chose in a game, on what it was shown then.
struct Thought {
    game: i64,
    /// The log's length it thought on.
    log_len: i64,
    /// Its choice; `None` where it turned out to owe nothing.
    choice: Option<Result<String, BotError>>,
}

/// What recording a thought did.
enum Recorded {
    /// The answer is made: the player's notice goes out.
    Answered(Answer),
    /// One action is recorded, and the computer owes another.
    Again,
    /// The game moved on, or another made the answer: nothing recorded.
    Moved,
}

impl Referee {
    /// After an entry that leaves the computer's seat owing an action in
    /// `after` (or a game's start): records the debt with the player's
    /// notice among `notices`, of `kind` with `events`, and marks that
    /// notice held.
    pub(super) async fn hold_for_computer(
        &self,
        conn: &mut Tx,
        after: &LoadedGame,
        notices: &mut [Notice],
        kind: NoticeKind,
        events: Vec<Event>,
        source: Source<'_>,
    ) -> Result<(), RefereeError> {
        let Some(computer) = after.computer else {
            return Ok(());
        };
        if after.status().owes(computer.seat).is_none() {
            return Ok(());
        }
        let held = Held {
            kind,
            events,
            source: source.to_string(),
        };
        let held = serde_json::to_value(&held).expect("a held notice serialises");
        computers::hold(conn, after.row.id, after.row.log_len, &held).await?;
        for notice in notices.iter_mut().filter(|n| n.seat != computer.seat) {
            notice.held = true;
        }
        Ok(())
    }

    /// Takes back the events of a notice held in game `id`, if there is
    /// one: a new entry before the computer's answer tells them with its
    /// own, and holds them again if the computer still owes.
    pub(super) async fn take_held(
        &self,
        conn: &mut Tx,
        id: i64,
    ) -> Result<Vec<Event>, RefereeError> {
        let Some((_, held)) = computers::owed_in(conn, id).await? else {
            return Ok(Vec::new());
        };
        computers::clear(conn, id).await?;
        Ok(read_held(id, held)?.events)
    }

    /// Adds `events` to the notice held in game `id` (what the player's
    /// own mail did after its entry: its conditional moves set).
    pub async fn add_to_held(
        &self,
        conn: &mut Tx,
        id: i64,
        events: Vec<Event>,
    ) -> Result<(), RefereeError> {
        let Some((owes, held)) = computers::owed_in(conn, id).await? else {
            return Ok(());
        };
        let mut held = read_held(id, held)?;
        held.events.extend(events);
        let held = serde_json::to_value(&held).expect("a held notice serialises");
        computers::hold(conn, id, owes, &held).await?;
        Ok(())
    }

    /// The games where the computer owes an action, read now.
    pub async fn computer_owing(&self) -> Result<Vec<i64>, RefereeError> {
        let mut conn = self.store.read().await?;
        Ok(computers::owing(&mut conn).await?)
    }

    /// Makes the computer's answer owed in game `id`: it thinks on what
    /// its seat was shown, outside any transaction, then records its
    /// action in a write transaction of its own (thinking again if the
    /// game moved on meanwhile, and again for each further action it owes).
    /// Returns that transaction, uncommitted, with the answer recorded in
    /// it (the caller queues the player's mail in it and commits); `None`
    /// if nothing is owed there (or no longer: another made the answer).
    pub async fn computer_answer(&self, id: i64) -> Result<Option<(Tx, Answer)>, RefereeError> {
        for _ in 0..MOST_THOUGHTS {
            let Some(thought) = self.computer_think(id).await? else {
                return Ok(None);
            };
            let mut tx = self.store.write().await?;
            match self.computer_record(&mut tx, thought).await? {
                Recorded::Answered(answer) => return Ok(Some((tx, answer))),
                Recorded::Again => tx.commit().await?,
                // Rolled back: nothing was written.
                Recorded::Moved => {}
            }
        }
        warn!(
            game = id,
            "the computer still owes an action after {MOST_THOUGHTS} thoughts; it goes on at the next round"
        );
        Ok(None)
    }

    /// [`Referee::computer_answer`], committed: the answer's notices
    /// (none if nothing was owed).
    pub async fn computer_answer_now(&self, id: i64) -> Result<Vec<Notice>, RefereeError> {
        match self.computer_answer(id).await? {
            Some((tx, answer)) => {
                tx.commit().await?;
                Ok(answer.notices)
            }
            None => Ok(Vec::new()),
        }
    }

    /// The computer's next action in game `id`, thought on what its seat
    /// was shown (read in a transaction closed before it thinks); `None`
    /// if it owes nothing there.
    async fn computer_think(&self, id: i64) -> Result<Option<Thought>, RefereeError> {
        let (log_len, input, choose) = {
            let mut conn = self.store.read().await?;
            if computers::owed_in(&mut conn, id).await?.is_none() {
                return Ok(None);
            }
            let game = self.load(&mut conn, id).await?;
            let computer = computer_of(&game)?;
            let log_len = game.row.log_len;
            if game.status().owes(computer.seat).is_none() {
                return Ok(Some(Thought {
                    game: id,
                    log_len,
                    choice: None,
                }));
            }
            let input = self.computer_input(&mut conn, &game, computer).await?;
            (log_len, input, game.info.computer)
        };
        // The search is CPU work: off the async threads.
        let choice = tokio::task::spawn_blocking(move || choose(&input))
            .await
            .unwrap_or_else(|e| {
                Err(BotError::Inconsistent(format!(
                    "the computer's search failed: {e}"
                )))
            });
        Ok(Some(Thought {
            game: id,
            log_len,
            choice: Some(choice),
        }))
    }

    /// Records `thought` in `tx` if the game has not moved on since, with
    /// the player's conditional answer to it, if any.
    async fn computer_record(
        &self,
        tx: &mut Tx,
        thought: Thought,
    ) -> Result<Recorded, RefereeError> {
        let id = thought.game;
        let Some((_, held)) = computers::owed_in(tx, id).await? else {
            return Ok(Recorded::Moved);
        };
        let mut game = self.load(tx, id).await?;
        if game.row.log_len != thought.log_len {
            info!(
                game = id,
                "the game moved on while the computer thought; it thinks again"
            );
            return Ok(Recorded::Moved);
        }
        let computer = computer_of(&game)?;
        let mut held = read_held(id, held)?;
        if let Some(choice) = thought.choice {
            let step = self.computer_step(&game, computer, choice)?;
            game = self
                .record(tx, &game, Some(computer.seat), &step, "computer")
                .await?;
            held.events.extend(step.events);
            game = self
                .answer_conditionally(
                    tx,
                    game,
                    computer.seat,
                    &step.action,
                    &step.notation,
                    &mut held.events,
                )
                .await?;
        }
        self.note_next_check(tx, &game).await?;
        if game.status().owes(computer.seat).is_some() {
            let value = serde_json::to_value(&held).expect("a held notice serialises");
            computers::hold(tx, id, game.row.log_len, &value).await?;
            return Ok(Recorded::Again);
        }
        computers::clear(tx, id).await?;
        if game.status().is_finished() {
            conditionals::clear(tx, id, None).await?;
        }
        let notice = Notice::build(&game, computer.seat.other(), held.kind, held.events);
        let notices = self.with_deadlines(tx, &game, vec![notice]).await?;
        Ok(Recorded::Answered(Answer {
            game: id,
            notices,
            source: held.source,
        }))
    }
}

/// The computer's seat in a game it owes an action in.
fn computer_of(game: &LoadedGame) -> Result<ComputerSeat, RefereeError> {
    game.computer.ok_or_else(|| RefereeError::Damaged {
        game: game.row.id,
        reason: "the computer owes an action in a game it does not play".into(),
    })
}

fn read_held(id: i64, held: serde_json::Value) -> Result<Held, RefereeError> {
    serde_json::from_value(held).map_err(|e| RefereeError::Damaged {
        game: id,
        reason: format!("the notice held for the computer's answer does not read: {e}"),
    })
}
