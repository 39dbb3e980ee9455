//! An in-memory referee fed raw mails through the inbox handler, for tests
//! that need the mail path without the mail server.

use arbiter::config::RefereeConfig;
use arbiter::mail::inbox::Mailroom;
use arbiter::referee::Referee;
use arbiter::store::Store;
use arbiter::store::mail::{Handled, MailKey};
use sqlx::Row;

pub const REFEREE: &str = "referee@example.test";

/// How a queued mail is threaded (Message-IDs without angle brackets).
#[derive(Clone, Debug)]
pub struct Threading {
    pub to: String,
    pub subject: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
}

pub struct Room {
    pub mailroom: Mailroom,
    next_uid: u32,
}

pub fn mail(from: &str, to: &str, subject: &str, message_id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n\
         Date: Sat, 21 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// A reply to the referee's mail `answered` (its Message-ID, without `<>`).
pub fn reply(from: &str, to: &str, message_id: &str, answered: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: <{message_id}>\r\n\
         In-Reply-To: <{answered}>\r\nDate: Sat, 21 Nov 2026 10:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

impl Room {
    /// The Message-ID of the newest mail to `to`.
    pub async fn latest_id(&self, to: &str) -> String {
        let threading = self.threading().await;
        let newest = threading.iter().rev().find(|t| t.to == to).unwrap();
        newest.message_id.clone()
    }

    pub async fn new(config: RefereeConfig) -> Room {
        Room::with_store(Store::open_in_memory().await.unwrap(), config)
    }

    /// The same on a store of the caller's (a database file, say).
    pub fn with_store(store: Store, config: RefereeConfig) -> Room {
        let referee = Referee::for_host(store, &config);
        Room {
            mailroom: Mailroom::new(referee, config),
            next_uid: 1,
        }
    }

    /// Processes a mail as the daemon does, and then, as its computer's
    /// part does, makes the computer's answers the mail left owed.
    pub async fn deliver_at(&mut self, key: MailKey, raw: &[u8]) -> Handled {
        let handled = self.process_only(key, raw).await;
        self.mailroom.computer_answers().await.unwrap();
        handled
    }

    /// Processes a mail and commits, and nothing more: a daemon stopped
    /// right after (before the computer's answer, if one is owed).
    pub async fn process_only(&mut self, key: MailKey, raw: &[u8]) -> Handled {
        let mut tx = self.mailroom.referee.store().write().await.unwrap();
        let processed = self.mailroom.process(&mut tx, key, raw).await.unwrap();
        tx.commit().await.unwrap();
        processed.handled
    }

    /// The key of the next mail delivered.
    pub fn next_key(&mut self) -> MailKey {
        let key = MailKey {
            mailbox: "INBOX".to_string(),
            uidvalidity: 1,
            uid: self.next_uid,
        };
        self.next_uid += 1;
        key
    }

    pub async fn deliver(&mut self, raw: &[u8]) -> Handled {
        let key = self.next_key();
        self.deliver_at(key, raw).await
    }

    /// The queued mails: (recipient, subject, headers and decoded text).
    pub async fn outbox(&self) -> Vec<(String, String, String)> {
        sqlx::query("SELECT recipient, subject, raw FROM outbox ORDER BY id")
            .fetch_all(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .iter()
            .map(|r| {
                let raw: Vec<u8> = r.get(2);
                let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
                let headers =
                    String::from_utf8_lossy(&raw[..parsed.root_part().raw_body_offset() as usize])
                        .into_owned();
                let text = parsed.body_text(0).unwrap_or_default().into_owned();
                (r.get(0), r.get(1), format!("{headers}{text}"))
            })
            .collect()
    }

    /// The text of every queued mail of game #1 to `to` (subject and body).
    pub async fn mails_to(&self, to: &str) -> Vec<String> {
        self.outbox()
            .await
            .into_iter()
            .filter(|(r, subject, _)| r == to && subject.starts_with("[arbiter #1]"))
            .map(|(_, s, text)| format!("{s}\n{text}"))
            .collect()
    }

    /// The HTML part of the newest mail to `to`.
    #[allow(dead_code)]
    pub async fn last_html(&self, to: &str) -> String {
        let raw = self.last_raw(to).await;
        let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
        parsed.body_html(0).unwrap_or_default().into_owned()
    }

    /// Every queued mail: its recipient and its bytes, in order.
    #[allow(dead_code)]
    pub async fn raws(&self) -> Vec<(String, Vec<u8>)> {
        sqlx::query("SELECT recipient, raw FROM outbox ORDER BY id")
            .fetch_all(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    }

    /// The newest mail to `to`, as queued.
    #[allow(dead_code)]
    pub async fn last_raw(&self, to: &str) -> Vec<u8> {
        sqlx::query("SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
            .bind(to)
            .fetch_one(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .get(0)
    }

    /// The threading headers of the queued mails, in order.
    pub async fn threading(&self) -> Vec<Threading> {
        sqlx::query("SELECT recipient, raw FROM outbox ORDER BY id")
            .fetch_all(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .iter()
            .map(|r| {
                let raw: Vec<u8> = r.get(1);
                let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
                let list = |value: &mail_parser::HeaderValue| -> Vec<String> {
                    value
                        .as_text_list()
                        .unwrap_or_default()
                        .iter()
                        .map(|id| id.to_string())
                        .collect()
                };
                Threading {
                    to: r.get(0),
                    subject: parsed.subject().unwrap_or_default().to_string(),
                    message_id: parsed.message_id().unwrap().to_string(),
                    in_reply_to: list(parsed.in_reply_to()).into_iter().next(),
                    references: list(parsed.references()),
                }
            })
            .collect()
    }

    pub async fn log_len(&self) -> i64 {
        sqlx::query("SELECT COUNT(*) FROM log")
            .fetch_one(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .get(0)
    }

    /// Reply address carried by the newest mail to `to`.
    pub async fn reply_to(&self, to: &str) -> String {
        let outbox = self.outbox().await;
        let raw = &outbox.iter().rev().find(|(r, _, _)| r == to).unwrap().2;
        let parsed = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap();
        parsed
            .reply_to()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .unwrap()
            .to_string()
    }
}

/// Challenges and accepts a game of `game` with `options` between alice
/// (White) and bob; returns their reply addresses.
pub async fn started_game(room: &mut Room, game: &str, options: &str) -> (String, String) {
    let body = format!("challenge bob@example.test {game} {options} as white");
    assert_eq!(
        room.deliver(&mail(
            "alice@example.test",
            REFEREE,
            "hi",
            &format!("c-{game}@x"),
            &body
        ))
        .await,
        Handled::Applied
    );
    let invite = room.reply_to("bob@example.test").await;
    assert_eq!(
        room.deliver(&mail(
            "bob@example.test",
            &invite,
            "Re",
            &format!("a-{game}@x"),
            "accept"
        ))
        .await,
        Handled::Applied
    );
    (
        room.reply_to("alice@example.test").await,
        room.reply_to("bob@example.test").await,
    )
}
