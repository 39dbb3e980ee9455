//! A mail in a game: its sender authenticated by the game's key, its
//! commands run (conditional moves set after the command they came with),
//! an old mail sent again refused, and the answers drafted.

use super::compose::Draft;
use super::inbox::{Mailroom, Processed, same_secret};
use super::parse::{Commands, Inbound, commands};
use crate::command::Command;
use crate::referee::{LoadedGame, Notice, Referee, RefereeError};
use crate::rules::{ActionError, Event, Seat};
use crate::store::StoreError;
use crate::store::Tx;
use crate::store::games;
use crate::store::mail::{self as mailstore, Handled};

impl Mailroom {
    /// A mail tagged with a game key: authenticate and run its command.
    pub(super) async fn in_game(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
        id: i64,
        secret: &str,
    ) -> Result<Processed, StoreError> {
        let loaded = match self.referee.load(conn, id).await {
            Ok(loaded) => loaded,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => return Ok(self.refuse_neutrally(inbound, from, format!("game {id}: {e}"))),
        };
        // Both must match: the address the game's records hold and the
        // secret only that player's mails carry.
        let Some(seat) = loaded
            .seats
            .iter()
            .find(|s| same_secret(&s.secret, secret) && s.address == from)
            .map(|s| s.seat)
        else {
            return Ok(self.refuse_neutrally(
                inbound,
                from,
                format!("game {id}: key or sender does not match"),
            ));
        };
        // The computer's seat takes no mail (its key is never sent; this
        // holds even if it leaked).
        if loaded.computer.is_some_and(|c| c.seat == seat) {
            return Ok(self.refuse_neutrally(
                inbound,
                from,
                format!("game {id}: mail for the computer's seat"),
            ));
        }
        // Conditional moves may follow the command they go with (usually
        // the player's own move) in the same mail: they are set after it.
        // The same split and order as `arbiter game play` (cli::game).
        let Commands {
            tries,
            conditionals,
        } = commands(&inbound.lines);
        let conditional_line = "if ...".to_string();
        let mut first_error: Option<(String, ActionError)> = None;
        for (line, command) in tries {
            let command = match command {
                Ok(command) => command,
                Err(e) => {
                    first_error.get_or_insert((
                        line.to_string(),
                        ActionError::syntax(line.to_string(), e.0),
                    ));
                    continue;
                }
            };
            if matches!(
                command,
                Command::Help
                    | Command::Rules(_)
                    | Command::Games
                    | Command::Challenge { .. }
                    | Command::ChallengeComputer { .. }
                    | Command::Watch(_)
                    | Command::Unwatch(_)
                    | Command::Notify(_)
                    | Command::Join(_)
                    | Command::Leave(_)
                    | Command::Standings(_)
                    | Command::Tournaments
                    | Command::Ratings(_)
                    | Command::Name(_)
            ) {
                return self
                    .general(conn, inbound, from, &command, Some(&loaded))
                    .await;
            }
            if matches!(command, Command::Play(_))
                && let Some(why) = self.stale(conn, inbound, id, seat, from).await?
            {
                return Ok(self.refusal(inbound, &loaded, seat, line, &ActionError::illegal(why)));
            }
            match self
                .referee
                .act(conn, id, seat, &command, &inbound_source(inbound))
                .await
            {
                Ok(mut notices) => {
                    if !conditionals.is_empty() {
                        conditionals_after(
                            &self.referee,
                            conn,
                            id,
                            seat,
                            &conditionals,
                            &mut notices,
                        )
                        .await?;
                    }
                    return self
                        .notices(conn, inbound, seat, id, &notices, &command)
                        .await;
                }
                Err(RefereeError::Refused(e @ ActionError::Syntax { .. })) => {
                    // Perhaps a greeting: try the next line.
                    first_error.get_or_insert((line.to_string(), e));
                }
                Err(RefereeError::Refused(e)) => {
                    return Ok(self.refusal(inbound, &loaded, seat, line, &e));
                }
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => {
                    return Ok(self.refusal(
                        inbound,
                        &loaded,
                        seat,
                        line,
                        &ActionError::illegal(e.to_string()),
                    ));
                }
            }
        }
        if !conditionals.is_empty() {
            if let Some(why) = self.stale(conn, inbound, id, seat, from).await? {
                return Ok(self.refusal(
                    inbound,
                    &loaded,
                    seat,
                    &conditional_line,
                    &ActionError::illegal(why),
                ));
            }
            let command = Command::Conditional(conditionals);
            return match self
                .referee
                .act(conn, id, seat, &command, &inbound_source(inbound))
                .await
            {
                Ok(notices) => {
                    self.notices(conn, inbound, seat, id, &notices, &command)
                        .await
                }
                Err(RefereeError::Refused(e)) => {
                    Ok(self.refusal(inbound, &loaded, seat, &conditional_line, &e))
                }
                Err(RefereeError::Store(e)) => Err(e),
                Err(e) => Ok(self.refusal(
                    inbound,
                    &loaded,
                    seat,
                    &conditional_line,
                    &ActionError::illegal(e.to_string()),
                )),
            };
        }
        Ok(match first_error {
            Some((line, e)) => self.refusal(inbound, &loaded, seat, &line, &e),
            None => self.refusal(
                inbound,
                &loaded,
                seat,
                "",
                &ActionError::syntax("", "the mail holds no command"),
            ),
        })
    }

    /// Why a game action in this mail is stale, if it is: the mail answers
    /// a game mail of the referee's, and its sender has acted in the game
    /// since that mail went out (an old mail sent again, a draft re-sent by
    /// a mail program). Then it is not applied, whatever it says.
    async fn stale(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        id: i64,
        seat: Seat,
        from: &str,
    ) -> Result<Option<String>, StoreError> {
        let Some(answered) = inbound.in_reply_to.as_deref() else {
            return Ok(None);
        };
        let Some(log_len) = mailstore::notice_log_len(conn, answered, id, from).await? else {
            return Ok(None);
        };
        let since = games::first_action_since(conn, id, seat, log_len).await?;
        Ok(since.map(|(_, notation, at)| {
            format!(
                "this mail answers an earlier mail of the referee's, and you have played since \
                 ({notation}, accepted {at} UTC), so it may be an old mail sent again and was not \
                 applied. If you mean it as your next action, send it again as a reply to the \
                 referee's latest mail in this game"
            )
        }))
    }

    async fn notices(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        seat: Seat,
        id: i64,
        notices: &[Notice],
        command: &Command,
    ) -> Result<Processed, StoreError> {
        let question = matches!(command, Command::Show | Command::History);
        let sender = notices
            .iter()
            .find(|n| n.seat == seat)
            .map(|n| n.address.clone())
            .unwrap_or_default();
        let in_reply_to = inbound
            .message_id
            .as_deref()
            .map(|message_id| (sender.as_str(), message_id));
        let drafts = self.game_drafts(conn, id, notices, in_reply_to).await?;
        Ok(Processed {
            handled: if question {
                Handled::Answered
            } else {
                Handled::Applied
            },
            detail: format!("game {id}: {} {command:?}", seat.name()),
            game_id: Some(id),
            drafts,
        })
    }

    /// A refused command: the player's own view of the game (board included,
    /// as in every game mail), the reason, and that nothing changed.
    fn refusal(
        &self,
        inbound: &Inbound,
        loaded: &LoadedGame,
        seat: Seat,
        line: &str,
        error: &ActionError,
    ) -> Processed {
        let id = loaded.id();
        let notice = self.referee.refusal(loaded, seat, line, error);
        let draft = Draft::notice(
            &self.config,
            self.installation(),
            &notice,
            inbound.message_id.as_deref(),
        );
        Processed {
            handled: Handled::Refused,
            detail: format!("game {id}: {error}"),
            game_id: Some(id),
            drafts: vec![draft],
        }
    }
}

/// Where an entry made by `inbound` came from, for the log: its
/// Message-ID ([`answered_mail`] reads it back).
pub(super) fn inbound_source(inbound: &Inbound) -> String {
    match &inbound.message_id {
        Some(id) => format!("mail:{id}"),
        None => "mail".to_string(),
    }
}

/// Sets the conditional moves that came with a command, once the command
/// is done, and tells the sender (only) in their notice.
pub(crate) async fn conditionals_after(
    referee: &Referee,
    conn: &mut Tx,
    id: i64,
    seat: Seat,
    lines: &[crate::command::ConditionalLine],
    notices: &mut [Notice],
) -> Result<(), StoreError> {
    let loaded = match referee.load(conn, id).await {
        Ok(loaded) => loaded,
        Err(RefereeError::Store(e)) => return Err(e),
        Err(e) => {
            tracing::warn!(game = id, error = %e, "cannot reload a game for conditional moves");
            return Ok(());
        }
    };
    let words = match referee.set_conditionals(conn, &loaded, seat, lines).await {
        Ok(set) => {
            let mut words = vec![
                "Your conditional moves are set (your opponent is not told of them):".to_string(),
            ];
            words.extend(set);
            words
        }
        Err(RefereeError::Store(e)) => return Err(e),
        Err(e) => vec![format!("Your conditional moves were not set: {e}")],
    };
    if let Some(notice) = notices.iter_mut().find(|n| n.seat == seat) {
        if notice.held {
            // Told with the computer's answer.
            let events = words.iter().map(|w| Event::private(seat, w)).collect();
            match referee.add_to_held(conn, id, events).await {
                Ok(()) => {}
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => {
                    tracing::warn!(game = id, error = %e, "cannot add to a held notice");
                }
            }
        }
        notice.events.extend(words);
    }
    Ok(())
}

/// The Message-ID of the mail an entry came from, by its source
/// ([`inbound_source`]); `None` for an entry from elsewhere or from a mail
/// without one.
pub(super) fn answered_mail(source: &str) -> Option<&str> {
    source.strip_prefix("mail:")
}
