//! Conditional moves: "if my opponent plays Nf6, answer Bg5", set while the
//! opponent is to move, kept from the opponent, played the moment the
//! opponent's move matches, and dropped the moment it does not.
//!
//! They are offered where the game has nothing hidden and draws nothing at
//! random (see [`super::takeback_allowed`]): there, a move is one action
//! that reveals nothing, and the position after the opponent's move is
//! known in advance, so each answer can be checked when it is set.

use serde::{Deserialize, Serialize};

use tracing::info;

use super::{LoadedGame, LogEntry, Match, Referee, RefereeError, Step};
use crate::command::ConditionalLine;
use crate::rules::{ActionError, Duty, Event, Seat};
use crate::store::Tx;
use crate::store::conditionals as store;

/// One branch of a tree of conditional moves: if the opponent plays
/// `theirs`, the owner answers `ours`, and then `next` applies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Branch {
    /// The opponent's move in the game's notation.
    pub theirs: String,
    /// That move as the log stores it: what the opponent's move must equal.
    pub their_action: serde_json::Value,
    /// The answer, in the game's notation (what is played).
    pub ours: String,
    pub next: Vec<Branch>,
}

/// The tree as lines of text: `if Nf6 then Bg5 if Be7 then Bxf6`.
pub fn describe(tree: &[Branch]) -> Vec<String> {
    let mut lines = Vec::new();
    for branch in tree {
        let head = format!("if {} then {}", branch.theirs, branch.ours);
        if branch.next.is_empty() {
            lines.push(head);
        } else {
            lines.extend(
                describe(&branch.next)
                    .into_iter()
                    .map(|rest| format!("{head} {rest}")),
            );
        }
    }
    lines
}

impl Referee {
    /// After `actor`'s entry (`action`, written `notation`) is recorded in
    /// the game `after`: plays the opponent's conditional answer to it, or
    /// drops the opponent's conditional moves that it did not match; tells
    /// what happened in `events`. Returns the game as it then stands.
    pub(super) async fn answer_conditionally(
        &self,
        conn: &mut Tx,
        after: LoadedGame,
        actor: Seat,
        action: &LogEntry,
        notation: &str,
        events: &mut Vec<Event>,
    ) -> Result<LoadedGame, RefereeError> {
        let id = after.row.id;
        match self.conditional_answer(conn, id, actor, action).await? {
            Answer::None => Ok(after),
            Answer::Cancelled { owner } => {
                events.push(cancelled_event(owner, notation));
                Ok(after)
            }
            Answer::Play { owner, ours, rest } => {
                let index = after.row.log_len as u64;
                match after.current.play(owner, &ours, after.row.seed, index) {
                    Ok(answer) => {
                        info!(game = id, seat = owner.name(), "conditional move played");
                        let after = self
                            .record(conn, &after, Some(owner), &answer, "conditional")
                            .await?;
                        events.push(Event::public(format!(
                            "{owner} answered {notation} with {}, a conditional move played at once.",
                            answer.notation
                        )));
                        events.extend(answer.events);
                        self.keep_conditionals(conn, &after, owner, &rest).await?;
                        Ok(after)
                    }
                    // Cannot happen in the games that allow them (the
                    // answer was checked in this very position), but a
                    // refused answer must never block the game.
                    Err(e) => {
                        events.push(Event::private(
                            owner,
                            format!("Your conditional answer {ours} could not be played ({e}); your conditional moves are cancelled."),
                        ));
                        Ok(after)
                    }
                }
            }
        }
    }
}

/// What the opponent's move did to the owner's conditional moves.
pub(super) enum Answer {
    /// The owner had none.
    None,
    /// None of them answered it: they are gone.
    Cancelled { owner: Seat },
    /// This answer is due, and then the rest of its tree.
    Play {
        owner: Seat,
        ours: String,
        rest: Vec<Branch>,
    },
}

fn merge(tree: &mut Vec<Branch>, line: Vec<Branch>) -> Result<(), ActionError> {
    let mut line = line.into_iter();
    let Some(mut head) = line.next() else {
        return Ok(());
    };
    // A line is a chain: each branch's `next` holds the following one.
    let rest: Vec<Branch> = line.collect();
    head.next.clear();
    match tree
        .iter_mut()
        .find(|b| b.their_action == head.their_action)
    {
        Some(existing) if existing.ours != head.ours => Err(ActionError::illegal(format!(
            "Two answers to {}: {} and {}. Give one answer to each move.",
            head.theirs, existing.ours, head.ours
        ))),
        Some(existing) => merge(&mut existing.next, rest),
        None => {
            merge(&mut head.next, rest)?;
            tree.push(head);
            Ok(())
        }
    }
}

impl super::Referee {
    /// Sets the conditional moves of `seat` in a game, replacing any it had.
    /// Returns them in words. Each move is checked in the position where it
    /// would be played.
    pub async fn set_conditionals(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        seat: Seat,
        lines: &[ConditionalLine],
    ) -> Result<Vec<String>, RefereeError> {
        let info = loaded.info;
        if !super::takeback_allowed(info) {
            return Err(ActionError::illegal(format!(
                "{} has no conditional moves: {}",
                info.title,
                if info.hidden {
                    "an answer there could depend on what you may not know"
                } else {
                    "the position after your opponent's move can depend on chance"
                }
            ))
            .into());
        }
        let status = loaded.status();
        if status.is_finished() {
            return Err(ActionError::illegal("The game is over.").into());
        }
        if status.owes(seat).is_some() || status.owes(seat.other()) != Some(Duty::Move) {
            return Err(ActionError::illegal(
                "Conditional moves are set while your opponent is to move: they say what you \
                 answer to your opponent's next move. Make your own move first (in the same \
                 mail if you like, above the `if` lines).",
            )
            .into());
        }
        let row = &loaded.row;
        let mut tree: Vec<Branch> = Vec::new();
        for line in lines {
            let mut state = loaded.current.clone();
            let mut index = row.log_len as u64;
            let mut chain = Vec::new();
            for (theirs, ours) in line {
                let their_step = play(
                    &state,
                    seat.other(),
                    theirs,
                    row.seed,
                    index,
                    "your opponent",
                )?;
                let LogEntry::Action { action, .. } = &their_step.action else {
                    unreachable!("Match::play makes game actions")
                };
                let our_step = play(&their_step.state, seat, ours, row.seed, index + 1, "you")?;
                chain.push(Branch {
                    theirs: their_step.notation.clone(),
                    their_action: action.clone(),
                    ours: our_step.notation.clone(),
                    next: Vec::new(),
                });
                if our_step.state.status().is_finished() && chain.len() < line.len() {
                    return Err(ActionError::illegal(format!(
                        "The game would be over after {}; the line cannot go on.",
                        our_step.notation
                    ))
                    .into());
                }
                state = our_step.state;
                index += 2;
            }
            merge(&mut tree, chain)?;
        }
        let json = serde_json::to_value(&tree).expect("trees serialise");
        store::set(conn, row.id, seat, &json, row.log_len).await?;
        Ok(describe(&tree))
    }

    /// Cancels the conditional moves of `seat`; whether there were any.
    pub async fn cancel_conditionals(
        &self,
        conn: &mut Tx,
        id: i64,
        seat: Seat,
    ) -> Result<bool, RefereeError> {
        Ok(store::clear(conn, id, Some(seat)).await?)
    }

    /// The conditional moves `seat` has set, in words.
    pub async fn conditionals(
        &self,
        conn: &mut Tx,
        id: i64,
        seat: Seat,
    ) -> Result<Vec<String>, RefereeError> {
        Ok(match load_tree(conn, id, seat).await? {
            Some(tree) => describe(&tree),
            None => Vec::new(),
        })
    }

    /// What the game action `entry` of `actor` does to the opponent's
    /// conditional moves: the answer due, or their end.
    pub(super) async fn conditional_answer(
        &self,
        conn: &mut Tx,
        id: i64,
        actor: Seat,
        entry: &LogEntry,
    ) -> Result<Answer, RefereeError> {
        let owner = actor.other();
        let Some(tree) = load_tree(conn, id, owner).await? else {
            return Ok(Answer::None);
        };
        let LogEntry::Action { action, .. } = entry else {
            return Ok(Answer::None);
        };
        store::clear(conn, id, Some(owner)).await?;
        Ok(match tree.into_iter().find(|b| &b.their_action == action) {
            Some(branch) => Answer::Play {
                owner,
                ours: branch.ours,
                rest: branch.next,
            },
            None => Answer::Cancelled { owner },
        })
    }

    /// Keeps the rest of a tree after its answer was played.
    pub(super) async fn keep_conditionals(
        &self,
        conn: &mut Tx,
        after: &LoadedGame,
        owner: Seat,
        rest: &[Branch],
    ) -> Result<(), RefereeError> {
        if !rest.is_empty() && !after.status().is_finished() {
            let json = serde_json::to_value(rest).expect("trees serialise");
            store::set(conn, after.row.id, owner, &json, after.row.log_len).await?;
        }
        Ok(())
    }
}

async fn load_tree(
    conn: &mut Tx,
    id: i64,
    seat: Seat,
) -> Result<Option<Vec<Branch>>, RefereeError> {
    let Some((json, _)) = store::get(conn, id, seat).await? else {
        return Ok(None);
    };
    serde_json::from_value(json)
        .map(Some)
        .map_err(|e| RefereeError::Damaged {
            game: id,
            reason: format!("conditional moves do not decode: {e}"),
        })
}

/// Plays `text` for `seat` while checking a conditional line, naming who
/// would play it in a refusal.
fn play(
    state: &Match,
    seat: Seat,
    text: &str,
    seed: [u8; 32],
    index: u64,
    who: &str,
) -> Result<Step, ActionError> {
    state.play(seat, text, seed, index).map_err(|e| {
        ActionError::illegal(format!("In your conditional moves, {text:?} ({who}): {e}"))
    })
}

/// The private word to the owner when their conditional moves end unplayed.
pub(super) fn cancelled_event(owner: Seat, played: &str) -> Event {
    Event::private(
        owner,
        format!(
            "Your conditional moves were cancelled: your opponent played {played}, which none \
             of them answered."
        ),
    )
}
