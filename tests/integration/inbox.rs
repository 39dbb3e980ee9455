//! The inbox handler on its own: raw mails in, game changes and queued mails
//! out, on an in-memory database. (The end-to-end tests do the same through
//! the real mail server.)

use crate::support::room::{REFEREE, Room, mail};
use arbiter::config::{RefereeConfig, StartPolicy};
use arbiter::store::mail::{Handled, MailKey};

async fn started_game(room: &mut Room) -> (String, String) {
    crate::support::room::started_game(room, "chess", "").await
}

#[tokio::test]
async fn a_new_uidvalidity_does_not_replay_a_processed_mail() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room).await;
    let raw = mail("alice@example.test", &alice, "Re", "m1@x", "e4");
    assert_eq!(
        room.deliver_at(
            MailKey {
                mailbox: "INBOX".to_string(),
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
                mailbox: "INBOX".to_string(),
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
    let root = &room
        .threading()
        .await
        .into_iter()
        .find(|m| m.to == "bob@example.test" && m.subject.contains("#1"))
        .unwrap()
        .message_id;
    assert!(raw.contains(&format!("References: <{root}>")), "{raw}");
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

/// Every mail of a player's game goes into the thread begun by that
/// player's first mail of the game.
fn assert_threads_chain(mails: &[crate::support::room::Threading], player: &str) -> String {
    let mut game_mails = mails
        .iter()
        .filter(|m| m.to == player && m.subject.starts_with("[arbiter #1]"));
    let root = game_mails.next().expect("a first game mail");
    assert!(root.references.is_empty(), "{root:?}");
    let mut later = 0;
    for mail in game_mails {
        assert_eq!(mail.references.first(), Some(&root.message_id), "{mail:?}");
        assert!(mail.in_reply_to.is_some(), "{mail:?}");
        later += 1;
    }
    assert!(later >= 2, "{player}: {later} later mails in game 1");
    root.message_id.clone()
}

#[tokio::test]
async fn a_new_database_never_reuses_message_ids_and_threads_still_chain() {
    let mut ids = Vec::new();
    let mut roots = Vec::new();
    for _ in 0..2 {
        // The same club starting over: a fresh database, the same game 1.
        let mut room = Room::new(RefereeConfig::default()).await;
        let (alice, bob) = started_game(&mut room).await;
        room.deliver(&mail("alice@example.test", &alice, "Re", "e4@x", "e4"))
            .await;
        room.deliver(&mail("bob@example.test", &bob, "Re", "e5@x", "e5"))
            .await;
        room.deliver(&mail("bob@example.test", &bob, "Re", "x@x", "Ke7"))
            .await;
        let mails = room.threading().await;
        roots.push((
            assert_threads_chain(&mails, "alice@example.test"),
            assert_threads_chain(&mails, "bob@example.test"),
        ));
        ids.push(mails.into_iter().map(|m| m.message_id).collect::<Vec<_>>());
    }
    assert_ne!(roots[0].0, roots[0].1, "one thread per player");
    assert_ne!(
        roots[0], roots[1],
        "game 1's threads differ between databases"
    );
    for id in &ids[0] {
        assert!(!ids[1].contains(id), "{id} in both databases");
    }
}
