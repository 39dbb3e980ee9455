//! Outgoing mail: the referee's answers and notices as complete RFC 5322
//! messages (plain text plus HTML), threaded per game and per player.
//!
//! A game mail's HTML shows the board as a PNG picture carried in the mail
//! itself (`multipart/related`, referenced by `cid:`; never a `data:` URI,
//! which many mail programs do not show):
//!
//! ```text
//! multipart/alternative
//! ├── text/plain                   (enough to play on its own)
//! └── multipart/related
//!     ├── text/html                (<img src="cid:board....">, text board)
//!     └── image/png                (inline, Content-ID board....)
//! ```
//!
//! A mail is formatted once, when it is queued, so that every retry sends the
//! very same bytes and Message-ID; the picture is drawn then too.

use lettre::message::header::ContentType;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};

use crate::archive::{Archive, pgn};
use crate::config::RefereeConfig;
use crate::referee::{DailyDigest, Notice, NoticeKind, SpectatorNotice};
use crate::render;
use crate::rules::{Diagram, Duty, Seat, Status};
use crate::store::mail::Installation;

/// A mail ready to queue.
#[derive(Clone, Debug)]
pub struct Draft {
    pub to: String,
    pub subject: String,
    /// Where the player's reply should go (the tagged referee address).
    pub reply_to: Option<String>,
    /// A game mail's log length (see [`Notice::log_len`]).
    pub log_len: Option<i64>,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// Without angle brackets.
    pub message_id: String,
    pub text: String,
    pub html: String,
    pub game_id: Option<i64>,
    /// The board pictures the HTML part shows (game mails with a board: one;
    /// a digest: one per game).
    pub pictures: Vec<InlinePicture>,
    /// Files sent with the mail (a finished game's PGN and JSON).
    pub attachments: Vec<MailAttachment>,
}

/// A picture carried in a mail and shown by its HTML part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlinePicture {
    /// Without angle brackets; the HTML refers to it as `cid:...`.
    pub content_id: String,
    pub png: Vec<u8>,
}

impl InlinePicture {
    /// The board picture of a notice, named after the mail's Message-ID so
    /// that its Content-ID is as unique as the mail's.
    pub fn of_notice(notice: &Notice, message_id: &str) -> Option<InlinePicture> {
        render::notice_diagram(notice)
            .map(|diagram| InlinePicture::of(diagram, "board", message_id))
    }

    /// The picture of `diagram`, its Content-ID made of `name` and the
    /// mail's Message-ID.
    pub fn of(diagram: &Diagram, name: &str, message_id: &str) -> InlinePicture {
        InlinePicture {
            content_id: format!("{name}.{message_id}"),
            png: render::picture::png(diagram),
        }
    }
}

/// A file attached to a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailAttachment {
    pub filename: String,
    /// `text/plain; charset=utf-8`, `application/json`.
    pub content_type: &'static str,
    pub body: String,
}

impl MailAttachment {
    /// A finished game's files: its PGN (chess-based games) and its JSON.
    /// `site` is the referee's address, PGN's `Site`.
    pub fn of_archive(archive: &Archive, site: &str) -> Vec<MailAttachment> {
        let mut files = Vec::new();
        if let Some(pgn) = pgn::write(archive, site) {
            files.push(MailAttachment {
                filename: archive.file_name("pgn"),
                content_type: "text/plain; charset=utf-8",
                body: pgn,
            });
        }
        files.push(MailAttachment {
            filename: archive.file_name("json"),
            content_type: "application/json",
            body: archive.json(),
        });
        files
    }
}

/// A Message-ID for a new mail of this referee (without angle brackets).
pub fn new_message_id(referee: &RefereeConfig) -> String {
    let (_, domain) = referee.split_address();
    format!("arbiter.{}@{}", crate::referee::random_token(20), domain)
}

/// The Message-ID that starts a player's thread of one game. It carries the
/// database's own token, so that game 1 of a new database never reuses the
/// Message-IDs of game 1 of an old one; games started before the token
/// existed keep the roots their players already have.
pub fn thread_root(
    referee: &RefereeConfig,
    installation: &Installation,
    game_id: i64,
    seat: Seat,
) -> String {
    let (_, domain) = referee.split_address();
    if game_id <= installation.legacy_games {
        format!("arbiter.game{}.{}@{}", game_id, seat.name(), domain)
    } else {
        format!(
            "arbiter.{}.game{}.{}@{}",
            installation.token,
            game_id,
            seat.name(),
            domain
        )
    }
}

/// The reply-address tag of a player in a game: `42.k3x9q`.
pub fn game_tag(game_id: i64, secret: &str) -> String {
    format!("{game_id}.{secret}")
}

/// The subject of a game's mails: `[arbiter #42] Bluff Chess: your move`.
pub fn game_subject(game_id: i64, title: &str, what: &str) -> String {
    format!("[arbiter #{game_id}] {title}: {what}")
}

fn what_now(notice: &Notice) -> String {
    if let NoticeKind::Refused { .. } = notice.kind {
        return "not accepted".to_string();
    }
    match &notice.status {
        Status::Finished(outcome) => format!("game over, {}", outcome.result.score()),
        Status::Ongoing(dues) => match notice.duty() {
            Some(Duty::Move) => "your move".to_string(),
            Some(Duty::Sealed) => "your sealed submission".to_string(),
            Some(Duty::Decision) => "your decision".to_string(),
            None => {
                let waiting: Vec<&str> = dues.iter().map(|d| d.seat.title()).collect();
                format!("waiting for {}", waiting.join(" and "))
            }
        },
    }
}

impl Draft {
    /// A player's notice about a game, threaded under that player's thread.
    pub fn notice(
        referee: &RefereeConfig,
        installation: &Installation,
        notice: &Notice,
        in_reply_to: Option<&str>,
    ) -> Draft {
        let root = thread_root(referee, installation, notice.game_id, notice.seat);
        let started = notice.kind == NoticeKind::Started;
        let message_id = if started {
            root.clone()
        } else {
            new_message_id(referee)
        };
        let mut references = Vec::new();
        if !started {
            references.push(root.clone());
        }
        if let Some(id) = in_reply_to {
            references.push(id.to_string());
        }
        let in_reply_to = in_reply_to
            .map(str::to_string)
            .or_else(|| (!started).then_some(root));
        let picture = InlinePicture::of_notice(notice, &message_id);
        let html = render::notice_html(notice, picture.as_ref().map(|p| p.content_id.as_str()));
        Draft {
            to: notice.address.clone(),
            subject: game_subject(notice.game_id, notice.game_title, &what_now(notice)),
            reply_to: Some(referee.reply_address(&game_tag(notice.game_id, &notice.secret))),
            in_reply_to,
            references,
            message_id,
            text: render::notice_text(notice),
            html,
            game_id: Some(notice.game_id),
            pictures: picture.into_iter().collect(),
            log_len: Some(notice.log_len),
            attachments: notice
                .archive
                .as_deref()
                .map(|archive| MailAttachment::of_archive(archive, &referee.address))
                .unwrap_or_default(),
        }
    }

    /// A plain answer to a mail (help, rules, refusals), threaded under it.
    pub fn answer(
        referee: &RefereeConfig,
        to: &str,
        subject: &str,
        text: String,
        in_reply_to: Option<&str>,
        game_id: Option<i64>,
    ) -> Draft {
        let html = render::plain_html(subject, &text);
        Draft {
            to: to.to_string(),
            subject: subject.to_string(),
            reply_to: None,
            in_reply_to: in_reply_to.map(str::to_string),
            references: in_reply_to
                .map(|id| vec![id.to_string()])
                .unwrap_or_default(),
            message_id: new_message_id(referee),
            text,
            html,
            game_id,
            log_len: None,
            pictures: Vec::new(),
            attachments: Vec::new(),
        }
    }

    /// A spectator's mail about a public game (its public view only).
    pub fn spectator(referee: &RefereeConfig, notice: &SpectatorNotice) -> Draft {
        let what = if notice.welcome {
            "you are watching".to_string()
        } else {
            match &notice.status {
                Status::Finished(outcome) => format!("game over, {}", outcome.result.score()),
                Status::Ongoing(_) => "a new move".to_string(),
            }
        };
        let message_id = new_message_id(referee);
        let diagram = notice.view.view().presentation().diagram.as_ref();
        let picture = diagram.map(|d| InlinePicture::of(d, "board", &message_id));
        let cid = picture.as_ref().map(|p| p.content_id.as_str());
        Draft {
            to: notice.address.clone(),
            subject: game_subject(notice.game_id, notice.game_title, &what),
            reply_to: None,
            in_reply_to: None,
            references: Vec::new(),
            text: render::spectator_text(notice, &referee.address),
            html: render::spectator_html(notice, &referee.address, cid),
            message_id,
            game_id: Some(notice.game_id),
            log_len: None,
            pictures: picture.into_iter().collect(),
            attachments: Vec::new(),
        }
    }

    /// A player's daily digest: every game that waits for them, each with
    /// the address (and `key:` line) to act in it.
    pub fn digest(referee: &RefereeConfig, digest: &DailyDigest) -> Draft {
        let message_id = new_message_id(referee);
        let pictures: Vec<Option<InlinePicture>> = digest
            .games
            .iter()
            .map(|notice| {
                render::notice_diagram(notice)
                    .map(|d| InlinePicture::of(d, &format!("board{}", notice.game_id), &message_id))
            })
            .collect();
        let games: Vec<render::DigestGame<'_>> = digest
            .games
            .iter()
            .zip(&pictures)
            .map(|(notice, picture)| render::DigestGame {
                notice,
                reply_to: referee.reply_address(&game_tag(notice.game_id, &notice.secret)),
                picture_cid: picture.as_ref().map(|p| p.content_id.clone()),
            })
            .collect();
        let subject = match games.len() {
            1 => "[arbiter] Your daily digest: 1 game waits for you".to_string(),
            n => format!("[arbiter] Your daily digest: {n} games wait for you"),
        };
        Draft {
            to: digest.address.clone(),
            subject,
            reply_to: None,
            in_reply_to: None,
            references: Vec::new(),
            message_id,
            text: render::digest_text(&games),
            html: render::digest_html(&games),
            game_id: None,
            log_len: None,
            pictures: pictures.into_iter().flatten().collect(),
            attachments: Vec::new(),
        }
    }

    /// The formatted message.
    pub fn format(&self, referee: &RefereeConfig) -> Result<Vec<u8>, ComposeError> {
        let from = Mailbox::new(
            Some(referee.name.clone()),
            referee
                .address
                .parse()
                .map_err(|_| ComposeError::Address(referee.address.clone()))?,
        );
        let to: Mailbox = self
            .to
            .parse()
            .map_err(|_| ComposeError::Address(self.to.clone()))?;
        let mut builder = Message::builder()
            .from(from)
            .to(to)
            .subject(&self.subject)
            .date_now()
            .message_id(Some(format!("<{}>", self.message_id)));
        if let Some(reply_to) = &self.reply_to {
            builder = builder.reply_to(
                reply_to
                    .parse()
                    .map_err(|_| ComposeError::Address(reply_to.clone()))?,
            );
        }
        if let Some(id) = &self.in_reply_to {
            builder = builder.in_reply_to(format!("<{id}>"));
        }
        if !self.references.is_empty() {
            let refs: Vec<String> = self.references.iter().map(|r| format!("<{r}>")).collect();
            builder = builder.references(refs.join(" "));
        }
        let body = if self.pictures.is_empty() {
            MultiPart::alternative_plain_html(self.text.clone(), self.html.clone())
        } else {
            let mut related = MultiPart::related().singlepart(SinglePart::html(self.html.clone()));
            for picture in &self.pictures {
                related = related.singlepart(
                    Attachment::new_inline_with_name(
                        picture.content_id.clone(),
                        "board.png".to_string(),
                    )
                    .body(
                        picture.png.clone(),
                        ContentType::parse("image/png").expect("a valid content type"),
                    ),
                );
            }
            MultiPart::alternative()
                .singlepart(SinglePart::plain(self.text.clone()))
                .multipart(related)
        };
        let body = if self.attachments.is_empty() {
            body
        } else {
            let mut mixed = MultiPart::mixed().multipart(body);
            for file in &self.attachments {
                let content_type = ContentType::parse(file.content_type)
                    .expect("the attachments' content types are valid");
                mixed = mixed.singlepart(
                    Attachment::new(file.filename.clone()).body(file.body.clone(), content_type),
                );
            }
            mixed
        };
        let mut message = builder.multipart(body)?;
        // RFC 3834: mark every mail as automatic so that well-behaved
        // responders never answer it, and ask Exchange not to either.
        let headers = message.headers_mut();
        headers.insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            "auto-replied".to_string(),
        ));
        headers.insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str("X-Auto-Response-Suppress"),
            "All".to_string(),
        ));
        Ok(message.formatted())
    }
}

/// A mail could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("{0:?} is not a valid mail address")]
    Address(String),
    #[error(transparent)]
    Build(#[from] lettre::error::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_roots_carry_the_token_except_for_older_games() {
        let referee = RefereeConfig::default();
        let installation = Installation {
            token: "0123456789abcdef".into(),
            legacy_games: 3,
        };
        assert_eq!(
            thread_root(&referee, &installation, 3, Seat::White),
            "arbiter.game3.white@example.test"
        );
        assert_eq!(
            thread_root(&referee, &installation, 4, Seat::Black),
            "arbiter.0123456789abcdef.game4.black@example.test"
        );
    }
}
