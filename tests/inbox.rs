//! The inbox handler on its own: raw mails in, game changes and queued mails
//! out, on an in-memory database. (The end-to-end tests do the same through
//! the real mail server.)

use arbiter::config::{RefereeConfig, StartPolicy};
use arbiter::mail::inbox::Mailroom;
use arbiter::referee::Referee;
use arbiter::store::Store;
use arbiter::store::mail::{Handled, MailKey};
use sqlx::Row;

struct Room {
    mailroom: Mailroom,
    next_uid: u32,
}

fn mail(from: &str, to: &str, subject: &str, message_id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n\
         Date: Sat, 21 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

impl Room {
    async fn new(config: RefereeConfig) -> Room {
        let store = Store::open_in_memory().await.unwrap();
        Room {
            mailroom: Mailroom::new(Referee::new(store), config),
            next_uid: 1,
        }
    }

    async fn deliver_at(&mut self, key: MailKey, raw: &[u8]) -> Handled {
        let mut tx = self.mailroom.referee.store().write().await.unwrap();
        let processed = self.mailroom.process(&mut tx, key, raw).await.unwrap();
        tx.commit().await.unwrap();
        processed.handled
    }

    async fn deliver(&mut self, raw: &[u8]) -> Handled {
        let key = MailKey {
            uidvalidity: 1,
            uid: self.next_uid,
        };
        self.next_uid += 1;
        self.deliver_at(key, raw).await
    }

    /// The queued mails: (recipient, subject, headers and decoded text).
    async fn outbox(&self) -> Vec<(String, String, String)> {
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

    async fn log_len(&self) -> i64 {
        sqlx::query("SELECT COUNT(*) FROM log")
            .fetch_one(self.mailroom.referee.store().pool())
            .await
            .unwrap()
            .get(0)
    }

    /// Reply address carried by the newest mail to `to`.
    async fn reply_to(&self, to: &str) -> String {
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

const REFEREE: &str = "referee@example.test";

async fn started_game(room: &mut Room) -> (String, String) {
    room.deliver(&mail(
        "alice@example.test",
        REFEREE,
        "hi",
        "c1@x",
        "challenge bob@example.test chess as white",
    ))
    .await;
    let invite = room.reply_to("bob@example.test").await;
    assert_eq!(
        room.deliver(&mail("bob@example.test", &invite, "Re", "a1@x", "accept"))
            .await,
        Handled::Applied
    );
    (
        room.reply_to("alice@example.test").await,
        room.reply_to("bob@example.test").await,
    )
}

#[tokio::test]
async fn a_new_uidvalidity_does_not_replay_a_processed_mail() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room).await;
    let raw = mail("alice@example.test", &alice, "Re", "m1@x", "e4");
    assert_eq!(
        room.deliver_at(
            MailKey {
                uidvalidity: 1,
                uid: 50
            },
            &raw
        )
        .await,
        Handled::Applied
    );
    // The server renumbered the mailbox; the same mail is still there.
    assert_eq!(
        room.deliver_at(
            MailKey {
                uidvalidity: 2,
                uid: 1
            },
            &raw
        )
        .await,
        Handled::Duplicate
    );
    assert_eq!(room.log_len().await, 1);
}

#[tokio::test]
async fn the_secret_and_the_sender_must_both_match() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room).await;
    let before = room.outbox().await.len();
    // Bob's own key with Alice's address, Alice's key with a wrong secret.
    let wrong_secret = alice.replace('.', ".x");
    for (from, to) in [
        ("alice@example.test", bob.as_str()),
        ("alice@example.test", wrong_secret.as_str()),
    ] {
        assert_eq!(
            room.deliver(&mail(from, to, "Re", &format!("f-{to}"), "e4"))
                .await,
            Handled::Refused
        );
    }
    assert_eq!(room.log_len().await, 0);
    let outbox = room.outbox().await;
    assert_eq!(outbox.len(), before + 2);
    for (to, subject, raw) in &outbox[before..] {
        assert_eq!(to, "alice@example.test");
        assert!(
            !subject.contains("#1") && raw.contains("could not match this mail"),
            "{subject}"
        );
    }
    // The key line of Alice's own mail works where the tag was dropped.
    let key = alice
        .split('+')
        .nth(1)
        .unwrap()
        .split('@')
        .next()
        .unwrap()
        .to_string();
    let to_alice = room
        .outbox()
        .await
        .into_iter()
        .rev()
        .find(|(to, subject, _)| to == "alice@example.test" && subject.starts_with("[arbiter #1]"))
        .unwrap();
    assert!(
        to_alice.2.contains(&format!("key: {key}")),
        "{}",
        to_alice.2
    );
    let body = format!("e4\nkey: {key}");
    assert_eq!(
        room.deliver(&mail("alice@example.test", REFEREE, "Re", "k1@x", &body))
            .await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, 1);
}

#[tokio::test]
async fn automatic_mail_and_loops_are_never_answered() {
    let config = RefereeConfig {
        rate_limit_per_hour: 3,
        ..RefereeConfig::default()
    };
    let mut room = Room::new(config).await;
    let bounce = "From: MAILER-DAEMON@example.test\r\nTo: referee@example.test\r\nSubject: Undelivered\r\n\
                  Message-ID: <b1@x>\r\nContent-Type: text/plain\r\n\r\nhelp\r\n";
    assert_eq!(room.deliver(bounce.as_bytes()).await, Handled::Ignored);
    let own = mail(REFEREE, REFEREE, "help", "o1@x", "help");
    assert_eq!(room.deliver(&own).await, Handled::Ignored);
    // A peer that answers every mail: three answers, then silence.
    for i in 0..5 {
        let handled = room
            .deliver(&mail(
                "robot@example.test",
                REFEREE,
                "help",
                &format!("r{i}@x"),
                "help",
            ))
            .await;
        assert_eq!(
            handled,
            if i < 3 {
                Handled::Answered
            } else {
                Handled::RateLimited
            }
        );
    }
    assert_eq!(room.outbox().await.len(), 3);
}

#[tokio::test]
async fn who_may_start_games_is_the_hosts_choice() {
    let config = RefereeConfig {
        start_games: StartPolicy::Allowlist,
        allow: vec!["@club.example".into()],
        ..RefereeConfig::default()
    };
    let mut room = Room::new(config).await;
    let outsider = mail(
        "eve@elsewhere.example",
        REFEREE,
        "x",
        "e1@x",
        "challenge bob@club.example chess",
    );
    assert_eq!(room.deliver(&outsider).await, Handled::Refused);
    let member = mail(
        "amy@club.example",
        REFEREE,
        "x",
        "m1@x",
        "challenge bob@club.example chess",
    );
    assert_eq!(room.deliver(&member).await, Handled::Applied);
    let bad_option = mail(
        "amy@club.example",
        REFEREE,
        "x",
        "m2@x",
        "challenge bob@club.example chess colour=red",
    );
    assert_eq!(room.deliver(&bad_option).await, Handled::Refused);
    let outbox = room.outbox().await;
    assert!(outbox[0].2.contains("only for its club"), "{}", outbox[0].2);
    assert!(
        outbox.last().unwrap().2.contains("no option"),
        "{}",
        outbox.last().unwrap().2
    );
}

#[tokio::test]
async fn questions_and_moves_outside_a_game() {
    let mut room = Room::new(RefereeConfig::default()).await;
    assert_eq!(
        room.deliver(&mail("zed@example.test", REFEREE, "Help", "h1@x", ""))
            .await,
        Handled::Answered
    );
    assert_eq!(
        room.deliver(&mail(
            "zed@example.test",
            REFEREE,
            "x",
            "h2@x",
            "rules chess"
        ))
        .await,
        Handled::Answered
    );
    assert_eq!(
        room.deliver(&mail("zed@example.test", REFEREE, "x", "h3@x", "games"))
            .await,
        Handled::Answered
    );
    // A move with no game key: refused neutrally, nothing created.
    assert_eq!(
        room.deliver(&mail("zed@example.test", REFEREE, "x", "h4@x", "e4"))
            .await,
        Handled::Refused
    );
    let outbox = room.outbox().await;
    assert!(
        outbox[0].2.contains("challenge ADDRESS GAME"),
        "the help text"
    );
    assert!(outbox[1].2.contains("CHESS"), "the rules page");
    assert!(outbox[2].2.contains("no games"), "{}", outbox[2].2);
    assert!(outbox[3].2.contains("could not match"));
    for (_, _, raw) in &outbox {
        assert!(
            raw.contains("Auto-Submitted: auto-replied"),
            "RFC 3834 marker"
        );
    }
}

#[tokio::test]
async fn every_game_mail_is_threaded_per_player() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room).await;
    room.deliver(&mail("alice@example.test", &alice, "Re", "mv1@x", "e4"))
        .await;
    let outbox = room.outbox().await;
    let (_, subject, raw) = outbox
        .iter()
        .rev()
        .find(|(to, _, _)| to == "bob@example.test")
        .unwrap();
    assert_eq!(subject, "[arbiter #1] Chess: your move");
    assert!(
        raw.contains("References: <arbiter.game1.black@example.test>"),
        "{raw}"
    );
    let (_, _, raw) = outbox
        .iter()
        .rev()
        .find(|(to, _, _)| to == "alice@example.test")
        .unwrap();
    assert!(raw.contains("In-Reply-To: <mv1@x>"), "{raw}");
    assert!(
        !raw.contains("bob@example.test>") || !raw.contains("Cc:"),
        "never Cc"
    );
}
