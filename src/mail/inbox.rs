//! What the referee does with one incoming mail: recognise it, authenticate
//! its sender, run its command, and draft the answers. Everything happens in
//! the caller's transaction, which also records the mail as done and queues
//! the drafts, so a mail's effects and its answers commit together. A move
//! the computer answers is the exception: its answer is made after, outside
//! this transaction, and the player's mail goes with it (`room.rs`).

use crate::store::Tx;

use super::compose::Draft;
use super::parse::Inbound;
use crate::command::{self, Command, NotifyMode};
use crate::config::RefereeConfig;
use crate::games::{GameInfo, game_names};
use crate::referee::{
    ChallengeRequest, ComputerRequest, LoadedGame, Referee, RefereeError, normalize_address,
};
use crate::render;
use crate::store::StoreError;
use crate::store::mail::{self as mailstore, Handled};

/// The result of processing one mail.
#[derive(Debug)]
pub struct Processed {
    pub handled: Handled,
    /// Why, for the log and the inbound table.
    pub detail: String,
    pub game_id: Option<i64>,
    pub drafts: Vec<Draft>,
}

impl Processed {
    fn silent(handled: Handled, detail: impl Into<String>) -> Processed {
        Processed {
            handled,
            detail: detail.into(),
            game_id: None,
            drafts: Vec::new(),
        }
    }
}

/// Turns mails into referee actions and answers.
#[derive(Clone, Debug)]
pub struct Mailroom {
    pub referee: Referee,
    pub config: RefereeConfig,
}

/// What a reply-address tag names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tag {
    Game { id: i64, secret: String },
    Challenge { id: i64, secret: String },
}

fn parse_tag(tag: &str) -> Option<Tag> {
    let (head, secret) = tag.trim().split_once('.')?;
    let secret = secret.trim().to_ascii_lowercase();
    if secret.is_empty() || !secret.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    match head.strip_prefix(['c', 'C']) {
        Some(id) => Some(Tag::Challenge {
            id: id.parse().ok()?,
            secret,
        }),
        None => Some(Tag::Game {
            id: head.parse().ok()?,
            secret,
        }),
    }
}

/// Compares secrets in time independent of where they differ.
pub(super) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

const NEUTRAL_REFUSAL: &str = "The referee could not match this mail to a game or challenge of yours, \
so nothing was changed.\n\nTo act in a game, reply to the referee's latest mail for that game from \
the address you play with: the reply address carries your game's key. If your mail program drops \
it, copy the line `key: ...` from the referee's mail into yours.\n\nWrite `help` for the commands.\n";

impl Mailroom {
    pub fn new(referee: Referee, config: RefereeConfig) -> Mailroom {
        Mailroom { referee, config }
    }

    /// The same mail room, its work committed only while `lease` is held.
    pub fn under(&self, lease: std::sync::Arc<crate::store::lease::Lease>) -> Mailroom {
        Mailroom {
            referee: self.referee.under(lease),
            config: self.config.clone(),
        }
    }

    /// The database's own part of the Message-IDs.
    pub(super) fn installation(&self) -> &mailstore::Installation {
        self.referee.store().installation()
    }

    pub(super) async fn decide(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
    ) -> Result<Processed, StoreError> {
        if let Some(id) = &inbound.message_id
            && mailstore::message_id_seen(conn, id).await?
        {
            return Ok(Processed::silent(
                Handled::Duplicate,
                format!("Message-ID {id} was processed before"),
            ));
        }
        if let Some(why) = &inbound.automatic {
            return Ok(Processed::silent(
                Handled::Ignored,
                format!("automatic mail: {why:?}"),
            ));
        }
        let Some(from) = inbound.from.as_deref().map(normalize_address) else {
            return Ok(Processed::silent(Handled::Ignored, "no sender address"));
        };
        if mailstore::answered_last_hour(conn, &from).await? >= self.config.rate_limit_per_hour {
            return Ok(Processed::silent(
                Handled::RateLimited,
                format!("{from} is over the hourly limit"),
            ));
        }
        match self
            .referee
            .first_public_name(conn, &from, inbound.from_name.as_deref())
            .await
        {
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => tracing::warn!(error = %e, "cannot give a first public name"),
            Ok(()) => {}
        }
        let from = from.as_str();
        let tag = inbound.tag.as_deref().or(inbound.key.as_deref());
        match tag.map(|t| (t, parse_tag(t))) {
            Some((_, Some(Tag::Game { id, secret }))) => {
                self.in_game(conn, inbound, from, id, &secret).await
            }
            Some((_, Some(Tag::Challenge { id, secret }))) => {
                self.on_challenge(conn, inbound, from, id, &secret).await
            }
            Some((raw, None)) => {
                Ok(self.refuse_neutrally(inbound, from, format!("unreadable tag {raw:?}")))
            }
            None => self.untagged(conn, inbound, from).await,
        }
    }

    pub(super) fn answer(
        &self,
        inbound: &Inbound,
        to: &str,
        subject: &str,
        text: String,
        game_id: Option<i64>,
    ) -> Draft {
        Draft::answer(
            &self.config,
            to,
            subject,
            text,
            inbound.message_id.as_deref(),
            game_id,
        )
    }

    pub(super) fn re_subject(inbound: &Inbound) -> String {
        let subject = inbound.subject.trim();
        if subject.is_empty() {
            "Re: your mail to the referee".to_string()
        } else if subject.to_ascii_lowercase().starts_with("re:") {
            subject.to_string()
        } else {
            format!("Re: {subject}")
        }
    }

    pub(super) fn refuse_neutrally(
        &self,
        inbound: &Inbound,
        from: &str,
        detail: String,
    ) -> Processed {
        Processed {
            handled: Handled::Refused,
            detail,
            game_id: None,
            drafts: vec![self.answer(
                inbound,
                from,
                &Self::re_subject(inbound),
                NEUTRAL_REFUSAL.to_string(),
                None,
            )],
        }
    }

    /// A mail with no game or challenge key: general commands only.
    async fn untagged(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
    ) -> Result<Processed, StoreError> {
        let mut first_error = None;
        for line in &inbound.lines {
            match command::parse(line) {
                Ok(Command::Play(_)) => {
                    first_error.get_or_insert_with(|| {
                        format!("{line:?} is not a command I know outside a game.")
                    });
                }
                Ok(command) => return self.general(conn, inbound, from, &command, None).await,
                Err(e) => {
                    first_error.get_or_insert(e.0);
                }
            }
        }
        let reason = first_error.unwrap_or_else(|| "The mail holds no command.".to_string());
        if inbound
            .lines
            .iter()
            .any(|l| matches!(command::parse(l), Ok(Command::Play(_))))
        {
            // Probably a move without its game key: answer neutrally.
            return Ok(self.refuse_neutrally(inbound, from, reason));
        }
        let text = format!(
            "{reason}\nNothing was changed.\n\n{}",
            render::help_text(&self.config.address)
        );
        Ok(Processed {
            handled: Handled::Refused,
            detail: reason,
            game_id: None,
            drafts: vec![self.answer(inbound, from, &Self::re_subject(inbound), text, None)],
        })
    }

    /// Commands that need no game: help, rules, games, challenge, the
    /// tournaments' and the ratings'.
    pub(super) async fn general(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
        command: &Command,
        game: Option<&LoadedGame>,
    ) -> Result<Processed, StoreError> {
        let subject = Self::re_subject(inbound);
        let answered = |text: String, detail: &str| Processed {
            handled: Handled::Answered,
            detail: detail.to_string(),
            game_id: game.map(|g| g.id()),
            drafts: vec![self.answer(inbound, from, &subject, text, game.map(|g| g.id()))],
        };
        match command {
            Command::Help => Ok(answered(render::help_text(&self.config.address), "help")),
            Command::Rules(name) => {
                let info = match (name, game) {
                    (Some(name), _) => GameInfo::find(name),
                    (None, Some(game)) => Some(game.info),
                    (None, None) => None,
                };
                let text = match info {
                    Some(info) => (info.rules_page)().to_string(),
                    None => format!(
                        "Name a game: `rules GAME`. The games are: {}.\n",
                        game_names().join(", ")
                    ),
                };
                Ok(answered(text, "rules"))
            }
            Command::Games => {
                let list = self.referee.games_of(conn, from).await?;
                let mut text = String::new();
                if list.is_empty() {
                    text.push_str("You have no games with this referee.\n");
                }
                for g in list {
                    let state = if g.finished {
                        g.result.unwrap_or_default()
                    } else {
                        "playing".to_string()
                    };
                    text.push_str(&format!(
                        "#{} {}: {} (White) vs {} (Black), {}\n",
                        g.id, g.game, g.white, g.black, state
                    ));
                }
                Ok(answered(text, "games"))
            }
            Command::Challenge {
                opponent,
                game: name,
                options,
                color,
            } => {
                let request = ChallengeRequest {
                    challenger: from,
                    opponent,
                    game: name,
                    options,
                    color: *color,
                };
                self.challenge(conn, inbound, from, request).await
            }
            Command::ChallengeComputer {
                game: name,
                options,
                color,
            } => {
                let request = ComputerRequest {
                    player: from,
                    game: name,
                    options,
                    color: *color,
                    position: None,
                };
                self.computer_game(conn, inbound, from, request).await
            }
            Command::Watch(id) => {
                let id = *id;
                match self.referee.watch(conn, id, from).await {
                    Ok(notice) => Ok(Processed {
                        handled: Handled::Answered,
                        detail: format!("watch {id}"),
                        game_id: Some(id),
                        drafts: vec![Draft::spectator(&self.config, &notice)],
                    }),
                    Err(RefereeError::Store(e)) => Err(e),
                    Err(e) => Ok(Processed {
                        handled: Handled::Refused,
                        detail: format!("watch {id}: {e}"),
                        game_id: None,
                        drafts: vec![self.answer(
                            inbound,
                            from,
                            &subject,
                            format!("{e}\nNothing was changed.\n"),
                            None,
                        )],
                    }),
                }
            }
            Command::Unwatch(id) => {
                let text = match self.referee.unwatch(conn, *id, from).await {
                    Ok(true) => format!("You no longer watch game #{id}.\n"),
                    Ok(false) => format!("You were not watching game #{id}.\n"),
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}\n"),
                };
                Ok(answered(text, "unwatch"))
            }
            Command::Notify(mode) => {
                match self.referee.set_notify(conn, from, *mode).await {
                    Ok(()) => {}
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => return Ok(answered(format!("{e}\n"), "notify")),
                }
                let text = match mode {
                    NotifyMode::Each => {
                        "You will get a mail after each move of your opponents.\n".to_string()
                    }
                    NotifyMode::Digest => format!(
                        "You will get at most one mail a day, listing every game that waits for \
                         you, instead of a mail after each move of your opponents. Answers to your \
                         own commands, reminders of deadlines and the end of a game still come at \
                         once. Write `notify each` to go back.\n\nOne day is {} hours.\n",
                        crate::referee::DIGEST_INTERVAL.num_hours()
                    ),
                };
                Ok(answered(text, "notify"))
            }
            Command::Join(name) => {
                let text = match self.referee.join_tournament(conn, name, from).await {
                    Ok(words) => words,
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}.\nNothing was changed.\n"),
                };
                Ok(answered(text, "join"))
            }
            Command::Leave(name) => {
                let source = match &inbound.message_id {
                    Some(id) => format!("mail:{id}"),
                    None => "mail".to_string(),
                };
                match self
                    .referee
                    .leave_tournament(conn, name, from, &source)
                    .await
                {
                    Ok(left) => {
                        let mut drafts =
                            vec![self.answer(inbound, from, &subject, left.words, None)];
                        drafts.extend(
                            left.notices
                                .iter()
                                .map(|n| Draft::notice(&self.config, self.installation(), n, None)),
                        );
                        Ok(Processed {
                            handled: Handled::Applied,
                            detail: format!("leave {name}"),
                            game_id: None,
                            drafts,
                        })
                    }
                    Err(RefereeError::Store(e)) => Err(e),
                    Err(e) => Ok(answered(format!("{e}.\nNothing was changed.\n"), "leave")),
                }
            }
            Command::Standings(name) => {
                let text = match self.referee.standings_text(conn, name).await {
                    Ok(text) => text,
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}.\n"),
                };
                Ok(answered(text, "standings"))
            }
            Command::Tournaments => {
                let text = match self.referee.tournaments_text(conn).await {
                    Ok(text) => text,
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}.\n"),
                };
                Ok(answered(text, "tournaments"))
            }
            Command::Name(name) => {
                let text = match self.referee.set_public_name(conn, from, name).await {
                    Ok(words) => words,
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}.\nNothing was changed.\n"),
                };
                Ok(answered(text, "name"))
            }
            Command::Ratings(game) => {
                let text = match self.referee.ratings_text(conn, game.as_deref()).await {
                    Ok(text) => text,
                    Err(RefereeError::Store(e)) => return Err(e),
                    Err(e) => format!("{e}.\n"),
                };
                Ok(answered(text, "ratings"))
            }
            Command::Accept | Command::Decline => Ok(self.refuse_neutrally(
                inbound,
                from,
                "accept/decline without a challenge key".into(),
            )),
            _ => Ok(self.refuse_neutrally(inbound, from, "game command without a game key".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags() {
        assert_eq!(
            parse_tag("42.k3x9q"),
            Some(Tag::Game {
                id: 42,
                secret: "k3x9q".into()
            })
        );
        assert_eq!(
            parse_tag("c17.AB3DE"),
            Some(Tag::Challenge {
                id: 17,
                secret: "ab3de".into()
            })
        );
        assert_eq!(parse_tag("42"), None);
        assert_eq!(parse_tag("x.k3"), None);
        assert_eq!(parse_tag("42.k3 x"), None);
        assert_eq!(parse_tag("42."), None);
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "ab"));
    }
}
