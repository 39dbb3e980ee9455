//! What the referee does with one incoming mail: recognise it, authenticate
//! its sender, run its command, and draft the answers. Everything happens in
//! the caller's transaction, which also records the mail as done and queues
//! the drafts, so a mail's effects and its answers commit together.

use sqlx::SqliteConnection;
use tracing::{info, warn};

use super::compose::{Draft, game_subject};
use super::parse::{self, Inbound};
use crate::command::{self, ColorChoice, Command};
use crate::config::RefereeConfig;
use crate::referee::{LoadedGame, Notice, Referee, RefereeError, normalize_address, random_token};
use crate::render;
use crate::rules::{ActionError, Entropy, GameInfo, Options, Seat, game_names};
use crate::store::StoreError;
use crate::store::games;
use crate::store::mail::{self as mailstore, Handled, MailKey};

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
fn same_secret(a: &str, b: &str) -> bool {
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

    /// The database's own part of the Message-IDs.
    fn installation(&self) -> &mailstore::Installation {
        self.referee.store().installation()
    }

    /// Processes one raw mail found at `key`, inside `conn`'s transaction,
    /// and records it as done there.
    pub async fn process(
        &self,
        conn: &mut SqliteConnection,
        key: MailKey,
        raw: &[u8],
    ) -> Result<Processed, StoreError> {
        let inbound = parse::parse(raw, &self.config.address);
        let processed = self.decide(conn, &inbound).await?;
        info!(
            %key,
            message_id = inbound.message_id.as_deref().unwrap_or(""),
            from = inbound.from.as_deref().unwrap_or(""),
            outcome = processed.handled.as_str(),
            detail = %processed.detail,
            "mail processed"
        );
        mailstore::record_inbound(
            conn,
            key,
            inbound.message_id.as_deref(),
            inbound.from.as_deref(),
            processed.handled,
            &processed.detail,
            processed.game_id,
        )
        .await?;
        self.queue(conn, &processed.drafts).await?;
        Ok(processed)
    }

    /// Formats and queues mails in the caller's transaction.
    async fn queue(&self, conn: &mut SqliteConnection, drafts: &[Draft]) -> Result<(), StoreError> {
        for draft in drafts {
            let raw = match draft.format(&self.config) {
                Ok(raw) => raw,
                Err(e) => {
                    warn!(to = %draft.to, error = %e, "cannot format a mail; it is dropped");
                    continue;
                }
            };
            mailstore::enqueue(
                conn,
                &draft.to,
                &draft.message_id,
                &draft.subject,
                &raw,
                draft.game_id,
            )
            .await?;
        }
        Ok(())
    }

    /// The clock's round over every game at `now`, each game in its own
    /// transaction: losses on time and reminders, mailed. Returns how many
    /// mails it queued.
    pub async fn tick(&self, now: chrono::DateTime<chrono::Utc>) -> Result<usize, StoreError> {
        if !self.referee.clock().is_on() {
            return Ok(0);
        }
        let ids = {
            let mut conn = self.referee.store().pool().acquire().await?;
            crate::store::clock::ongoing_games(&mut conn).await?
        };
        let mut queued = 0;
        for id in ids {
            let mut tx = self.referee.store().write().await?;
            match self.referee.tick(&mut tx, id, now).await {
                Ok(notices) => {
                    let drafts: Vec<Draft> = notices
                        .iter()
                        .map(|n| Draft::notice(&self.config, self.installation(), n, None))
                        .collect();
                    self.queue(&mut tx, &drafts).await?;
                    queued += drafts.len();
                    tx.commit().await?;
                }
                Err(RefereeError::Store(e)) => return Err(e),
                Err(e) => warn!(game = id, error = %e, "the clock could not act on a game"),
            }
        }
        Ok(queued)
    }

    async fn decide(
        &self,
        conn: &mut SqliteConnection,
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

    fn answer(
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

    fn re_subject(inbound: &Inbound) -> String {
        let subject = inbound.subject.trim();
        if subject.is_empty() {
            "Re: your mail to the referee".to_string()
        } else if subject.to_ascii_lowercase().starts_with("re:") {
            subject.to_string()
        } else {
            format!("Re: {subject}")
        }
    }

    fn refuse_neutrally(&self, inbound: &Inbound, from: &str, detail: String) -> Processed {
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
        conn: &mut SqliteConnection,
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

    /// Commands that need no game: help, rules, games, challenge.
    async fn general(
        &self,
        conn: &mut SqliteConnection,
        inbound: &Inbound,
        from: &str,
        command: &Command,
        game: Option<&LoadedGame>,
    ) -> Result<Processed, StoreError> {
        let subject = Self::re_subject(inbound);
        let answered = |text: String, detail: &str| Processed {
            handled: Handled::Answered,
            detail: detail.to_string(),
            game_id: game.map(|g| g.row.id),
            drafts: vec![self.answer(inbound, from, &subject, text, game.map(|g| g.row.id))],
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
                let list = games::list(conn, Some(from)).await?;
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
                self.challenge(conn, inbound, from, opponent, name, options, *color)
                    .await
            }
            Command::Accept | Command::Decline => Ok(self.refuse_neutrally(
                inbound,
                from,
                "accept/decline without a challenge key".into(),
            )),
            _ => Ok(self.refuse_neutrally(inbound, from, "game command without a game key".into())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn challenge(
        &self,
        conn: &mut SqliteConnection,
        inbound: &Inbound,
        from: &str,
        opponent: &str,
        name: &str,
        options: &[String],
        color: ColorChoice,
    ) -> Result<Processed, StoreError> {
        let subject = Self::re_subject(inbound);
        let refuse = |reason: String| Processed {
            handled: Handled::Refused,
            detail: reason.clone(),
            game_id: None,
            drafts: vec![self.answer(
                inbound,
                from,
                &subject,
                format!("{reason}\nNothing was changed.\n"),
                None,
            )],
        };
        if !self.config.may_start_games(from) {
            return Ok(refuse(
                "This referee starts games only for its club's members.".into(),
            ));
        }
        let Some(info) = GameInfo::find(name) else {
            return Ok(refuse(format!(
                "There is no game called {name:?}. The games are: {}.",
                game_names().join(", ")
            )));
        };
        let opponent = normalize_address(opponent);
        if opponent == from {
            return Ok(refuse("You cannot challenge yourself.".into()));
        }
        if opponent == normalize_address(&self.config.address)
            || opponent.starts_with(&format!("{}+", self.config.split_address().0))
        {
            return Ok(refuse("The referee does not play.".into()));
        }
        let options = match Options::parse(options) {
            Ok(options) => options,
            Err(e) => return Ok(refuse(format!("{e}."))),
        };
        // Check the options now, so the opponent is never invited to a game
        // that cannot start.
        if let Err(e) = (info.new)(&options, &mut Entropy::for_perft()) {
            return Ok(refuse(format!("{e}.")));
        }
        let color_name = match color {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        };
        let secret = random_token(6);
        let id = mailstore::insert_challenge(
            conn, from, &opponent, info.name, &options, color_name, &secret,
        )
        .await?;
        let options_text = if options.iter().next().is_some() {
            format!(" with {options}")
        } else {
            String::new()
        };
        let sides = match color {
            ColorChoice::White => "They play White, you Black.".to_string(),
            ColorChoice::Black => "They play Black, you White.".to_string(),
            ColorChoice::Random => "Sides are drawn at random.".to_string(),
        };
        let invitation = format!(
            "{from} challenges you to a game of {title}{options_text}. {sides}\n\n\
             Reply to this mail with `accept` or `decline` on the first line.\n\
             key: c{id}.{secret}\n\nThe rules: reply `rules {name}`, or see below.\n\n{rules}",
            title = info.title,
            name = info.name,
            rules = (info.rules_page)(),
        );
        let mut invite = Draft::answer(
            &self.config,
            &opponent,
            &format!("[arbiter] {from} challenges you to {}", info.title),
            invitation,
            None,
            None,
        );
        invite.reply_to = Some(self.config.tagged_address(&format!("c{id}.{secret}")));
        let ack = self.answer(
            inbound,
            from,
            &subject,
            format!("Your challenge to {opponent} ({}{options_text}) is sent. You will hear when they answer.\n", info.title),
            None,
        );
        Ok(Processed {
            handled: Handled::Applied,
            detail: format!("challenge #{id} to {opponent}"),
            game_id: None,
            drafts: vec![invite, ack],
        })
    }

    /// A mail tagged with a challenge key: accept or decline it.
    async fn on_challenge(
        &self,
        conn: &mut SqliteConnection,
        inbound: &Inbound,
        from: &str,
        id: i64,
        secret: &str,
    ) -> Result<Processed, StoreError> {
        let Some(challenge) = mailstore::challenge(conn, id).await? else {
            return Ok(self.refuse_neutrally(inbound, from, format!("no challenge {id}")));
        };
        if !same_secret(&challenge.secret, secret) || challenge.opponent != from {
            return Ok(self.refuse_neutrally(
                inbound,
                from,
                format!("challenge {id}: key or sender does not match"),
            ));
        }
        let subject = Self::re_subject(inbound);
        let command = inbound.lines.iter().find_map(|l| match command::parse(l) {
            Ok(
                c @ (Command::Accept
                | Command::Decline
                | Command::Help
                | Command::Rules(_)
                | Command::Games),
            ) => Some(c),
            _ => None,
        });
        match command {
            Some(Command::Accept | Command::Decline) if challenge.status != "open" => {
                let text = format!(
                    "This challenge was already {}; nothing was changed.\n",
                    challenge.status
                );
                Ok(Processed {
                    handled: Handled::Refused,
                    detail: format!("challenge {id} already {}", challenge.status),
                    game_id: challenge.game_id,
                    drafts: vec![self.answer(inbound, from, &subject, text, None)],
                })
            }
            Some(Command::Accept) => {
                let challenger_white = match challenge.color.as_str() {
                    "white" => true,
                    "black" => false,
                    _ => rand::random::<bool>(),
                };
                let (white, black) = if challenger_white {
                    (challenge.challenger.as_str(), challenge.opponent.as_str())
                } else {
                    (challenge.opponent.as_str(), challenge.challenger.as_str())
                };
                match self
                    .referee
                    .create_game(conn, &challenge.game, white, black, &challenge.options)
                    .await
                {
                    Ok((game_id, notices)) => {
                        mailstore::close_challenge(conn, id, "accepted", Some(game_id)).await?;
                        let drafts = notices
                            .iter()
                            .map(|n| Draft::notice(&self.config, self.installation(), n, None))
                            .collect();
                        Ok(Processed {
                            handled: Handled::Applied,
                            detail: format!("challenge {id} accepted: game {game_id}"),
                            game_id: Some(game_id),
                            drafts,
                        })
                    }
                    Err(RefereeError::Store(e)) => Err(e),
                    Err(e) => Ok(Processed {
                        handled: Handled::Refused,
                        detail: e.to_string(),
                        game_id: None,
                        drafts: vec![self.answer(
                            inbound,
                            from,
                            &subject,
                            format!("The game could not start: {e}. Nothing was changed.\n"),
                            None,
                        )],
                    }),
                }
            }
            Some(Command::Decline) => {
                mailstore::close_challenge(conn, id, "declined", None).await?;
                let to_challenger = Draft::answer(
                    &self.config,
                    &challenge.challenger,
                    &format!("[arbiter] {} declined your challenge", challenge.opponent),
                    format!(
                        "{} declined your challenge to a game of {}.\n",
                        challenge.opponent, challenge.game
                    ),
                    None,
                    None,
                );
                let ack = self.answer(
                    inbound,
                    from,
                    &subject,
                    "You declined the challenge.\n".into(),
                    None,
                );
                Ok(Processed {
                    handled: Handled::Applied,
                    detail: format!("challenge {id} declined"),
                    game_id: None,
                    drafts: vec![to_challenger, ack],
                })
            }
            Some(other) => self.general(conn, inbound, from, &other, None).await,
            None => {
                let text = "Reply `accept` or `decline` on the first line of your mail. Nothing was changed.\n".to_string();
                Ok(Processed {
                    handled: Handled::Refused,
                    detail: "no accept/decline".into(),
                    game_id: None,
                    drafts: vec![self.answer(inbound, from, &subject, text, None)],
                })
            }
        }
    }

    /// A mail tagged with a game key: authenticate and run its command.
    async fn in_game(
        &self,
        conn: &mut SqliteConnection,
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
        let mut first_error: Option<(String, ActionError)> = None;
        for line in &inbound.lines {
            let command = match command::parse(line) {
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
                Command::Help | Command::Rules(_) | Command::Games | Command::Challenge { .. }
            ) {
                return self
                    .general(conn, inbound, from, &command, Some(&loaded))
                    .await;
            }
            match self
                .referee
                .act(conn, id, seat, &command, &inbound_source(inbound))
                .await
            {
                Ok(notices) => return Ok(self.notices(inbound, seat, id, &notices, &command)),
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

    fn notices(
        &self,
        inbound: &Inbound,
        seat: Seat,
        id: i64,
        notices: &[Notice],
        command: &Command,
    ) -> Processed {
        let question = matches!(command, Command::Show | Command::History);
        let drafts = notices
            .iter()
            .map(|n| {
                let in_reply_to = if n.seat == seat {
                    inbound.message_id.as_deref()
                } else {
                    None
                };
                Draft::notice(&self.config, self.installation(), n, in_reply_to)
            })
            .collect();
        Processed {
            handled: if question {
                Handled::Answered
            } else {
                Handled::Applied
            },
            detail: format!("game {id}: {} {command:?}", seat.name()),
            game_id: Some(id),
            drafts,
        }
    }

    fn refusal(
        &self,
        inbound: &Inbound,
        loaded: &LoadedGame,
        seat: Seat,
        line: &str,
        error: &ActionError,
    ) -> Processed {
        let id = loaded.row.id;
        let status = Referee::duty_words(&loaded.current.status(), seat);
        let text = format!(
            "Your command {line:?} in game #{id} ({}) was not accepted:\n{error}\n\nNothing was changed. {status}\n",
            loaded.info.title
        );
        let mut draft = self.answer(
            inbound,
            loaded.address(seat),
            &game_subject(id, loaded.info.title, "not accepted"),
            text,
            Some(id),
        );
        draft.reply_to = Some(
            self.config.tagged_address(&super::compose::game_tag(
                id,
                &loaded
                    .seats
                    .iter()
                    .find(|s| s.seat == seat)
                    .expect("seat")
                    .secret,
            )),
        );
        draft.references.insert(
            0,
            super::compose::thread_root(&self.config, self.installation(), id, seat),
        );
        Processed {
            handled: Handled::Refused,
            detail: format!("game {id}: {error}"),
            game_id: Some(id),
            drafts: vec![draft],
        }
    }
}

fn inbound_source(inbound: &Inbound) -> String {
    match &inbound.message_id {
        Some(id) => format!("mail:{id}"),
        None => "mail".to_string(),
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
