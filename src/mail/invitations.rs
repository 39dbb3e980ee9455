//! Challenges by mail: the `challenge` command, the invitation it sends, and
//! the opponent's `accept` or `decline` (a mail tagged with the challenge's
//! key). The referee decides; this room only reads the mail and words the
//! answers.

use crate::store::Tx;

use super::compose::Draft;
use super::inbox::{Mailroom, Processed, same_secret};
use super::parse::Inbound;
use crate::command::{self, Command};
use crate::referee::{
    Answered, ChallengeRequest, ComputerRequest, RefereeError, normalize_address,
};
use crate::store::StoreError;
use crate::store::mail::Handled;

/// An error as a sentence: capitalised, ending with a full stop.
fn sentence(e: &RefereeError) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return text,
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

impl Mailroom {
    /// `challenge ADDRESS GAME [KEY=VALUE ...] [as SIDE]`: invites the
    /// opponent and tells the challenger it is sent.
    pub(super) async fn challenge(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
        request: ChallengeRequest<'_>,
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
        // Who may start games by mail is the club's policy; the host on the
        // command line is not bound by it.
        if !self.config.may_start_games(from) {
            return Ok(refuse(
                "This referee starts games only for its club's members.".into(),
            ));
        }
        let opponent = normalize_address(request.opponent);
        if opponent == normalize_address(&self.config.address)
            || opponent.starts_with(&format!("{}+", self.config.split_address().0))
        {
            return Ok(refuse("The referee does not play.".into()));
        }
        let issued = match self.referee.challenge(conn, request).await {
            Ok(issued) => issued,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(RefereeError::SamePlayer) => {
                return Ok(refuse("You cannot challenge yourself.".into()));
            }
            Err(e) => return Ok(refuse(sentence(&e))),
        };
        let mut options_text = if issued.options.iter().next().is_some() {
            format!(" with {}", issued.options)
        } else {
            String::new()
        };
        if issued.public {
            options_text.push_str(", open to spectators (public=yes)");
        }
        if !issued.rated {
            options_text.push_str(", not rated (rated=no)");
        }
        let invitation = format!(
            "{from} challenges you to a game of {title}{options_text}. {sides}\n\n\
             Reply to this mail with `accept` or `decline` on the first line.\n\
             key: {key}\n\nThe rules: reply `rules {name}`, or see below.\n\n{rules}",
            title = issued.info.title,
            sides = issued.sides_for_opponent(),
            key = issued.key,
            name = issued.info.name,
            rules = (issued.info.rules_page)(),
        );
        let mut invite = Draft::answer(
            &self.config,
            &issued.opponent,
            &format!("[arbiter] {from} challenges you to {}", issued.info.title),
            invitation,
            None,
            None,
        );
        invite.reply_to = Some(self.config.reply_address(&issued.key));
        let ack = self.answer(
            inbound,
            from,
            &subject,
            format!(
                "Your challenge to {} ({}{options_text}) is sent. You will hear when they answer.\n",
                issued.opponent, issued.info.title
            ),
            None,
        );
        Ok(Processed {
            handled: Handled::Applied,
            detail: format!("challenge #{} to {}", issued.id, issued.opponent),
            game_id: None,
            drafts: vec![invite, ack],
        })
    }

    /// A mail tagged with a challenge key: accept or decline it.
    /// `challenge computer GAME [KEY=VALUE ...] [level=N] [as SIDE]`: the
    /// game against the referee's computer starts at once; the player's
    /// start mail answers the challenge (with the computer's first move,
    /// when it plays White).
    pub(super) async fn computer_game(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
        request: ComputerRequest<'_>,
    ) -> Result<Processed, StoreError> {
        if !self.config.may_start_games(from) {
            return Ok(self.refuse_challenge(
                inbound,
                from,
                "This referee starts games only for its club's members.".into(),
            ));
        }
        let source = super::in_game::inbound_source(inbound);
        let started = self.referee.new_computer_game(conn, request, &source).await;
        let (game_id, notices) = match started {
            Ok(started) => started,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(e) => return Ok(self.refuse_challenge(inbound, from, sentence(&e))),
        };
        let drafts = self
            .game_drafts(
                conn,
                game_id,
                &notices,
                inbound.message_id.as_deref().map(|id| (from, id)),
            )
            .await?;
        Ok(Processed {
            handled: Handled::Applied,
            detail: format!("game {game_id} against the computer started"),
            game_id: Some(game_id),
            drafts,
        })
    }

    /// The answer to a challenge that could not be made: why, and that
    /// nothing changed.
    fn refuse_challenge(&self, inbound: &Inbound, from: &str, reason: String) -> Processed {
        Processed {
            handled: Handled::Refused,
            detail: reason.clone(),
            game_id: None,
            drafts: vec![self.answer(
                inbound,
                from,
                &Self::re_subject(inbound),
                format!("{reason}\nNothing was changed.\n"),
                None,
            )],
        }
    }

    pub(super) async fn on_challenge(
        &self,
        conn: &mut Tx,
        inbound: &Inbound,
        from: &str,
        id: i64,
        secret: &str,
    ) -> Result<Processed, StoreError> {
        let challenge = match self.referee.open_challenge(conn, id).await {
            Ok(challenge) => challenge,
            Err(RefereeError::Store(e)) => return Err(e),
            Err(_) => {
                return Ok(self.refuse_neutrally(inbound, from, format!("no challenge {id}")));
            }
        };
        if !same_secret(&challenge.secret, secret) || challenge.opponent != from {
            return Ok(self.refuse_neutrally(
                inbound,
                from,
                format!("challenge {id}: key or sender does not match"),
            ));
        }
        let subject = Self::re_subject(inbound);
        let refused = |detail: String, text: String| Processed {
            handled: Handled::Refused,
            detail,
            game_id: challenge.game_id,
            drafts: vec![self.answer(inbound, from, &subject, text, None)],
        };
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
        let accept = match command {
            Some(Command::Accept) => true,
            Some(Command::Decline) => false,
            Some(other) => return self.general(conn, inbound, from, &other, None).await,
            None => {
                return Ok(refused(
                    "no accept/decline".into(),
                    "Reply `accept` or `decline` on the first line of your mail. Nothing was changed.\n"
                        .into(),
                ));
            }
        };
        match self.referee.answer_challenge(conn, id, from, accept).await {
            Ok(Answered::Accepted {
                game_id, notices, ..
            }) => Ok(Processed {
                handled: Handled::Applied,
                detail: format!("challenge {id} accepted: game {game_id}"),
                game_id: Some(game_id),
                drafts: notices
                    .iter()
                    .map(|n| Draft::notice(&self.config, self.installation(), n, None))
                    .collect(),
            }),
            Ok(Answered::Declined { challenge }) => {
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
            Err(RefereeError::Store(e)) => Err(e),
            Err(RefereeError::ChallengeClosed { status, .. }) => Ok(refused(
                format!("challenge {id} already {status}"),
                format!("This challenge was already {status}; nothing was changed.\n"),
            )),
            Err(e) => Ok(refused(
                e.to_string(),
                format!("The game could not start: {e}. Nothing was changed.\n"),
            )),
        }
    }
}
