//! End to end through the real Postfix and Dovecot: a complete Bluff Chess
//! game by mail, both sides sealing decisions, with an HTML-only reply, a
//! top-posted reply and a restart of the daemon in the middle. Each player's
//! mailbox is checked for what that player may not see.

use crate::support::{Harness, Reader, Setup};
use lettre::message::{Mailbox, Message, SinglePart, header::ContentType};

/// The salt a player was told for their own sealed decision.
fn salt_in(text: &str) -> String {
    let at = text
        .find("salt ")
        .unwrap_or_else(|| panic!("no salt in: {text}"))
        + 5;
    let salt: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    assert_eq!(salt.len(), 32, "{text}");
    salt
}

fn mentions(mails: &[arbiter::demo::player::Received], needle: &str) -> Vec<String> {
    mails
        .iter()
        .filter(|m| m.text.contains(needle) || m.html.as_deref().unwrap_or("").contains(needle))
        .map(|m| m.subject.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bluff_chess_game_by_mail_to_the_end() {
    // Implicit TLS, a server separating folder levels with `/`, and the
    // done folder written with `.` (the chess game has it the other way).
    let mut harness = Harness::start(
        "bluff",
        Setup {
            starttls: false,
            separator: '/',
            done_folder: "Arbiter.Done",
            ..Setup::DEFAULT
        },
    );
    let mut alice = Reader::new(harness.player("alice"));
    let mut bob = Reader::new(harness.player("bob"));
    let referee = harness.referee.clone();

    alice
        .player
        .send(
            &referee,
            "New game",
            "Hello referee,\nchallenge bob@example.test bluff-chess as white\n",
            None,
        )
        .await
        .unwrap();
    let invitation = bob.one().await;
    alice.one().await;

    // Bob accepts with an HTML-only mail, quoting the invitation as Gmail does.
    let html = format!(
        "<div dir=\"ltr\"><div>accept</div><div>Bob</div></div><br><div class=\"gmail_quote\">\
         <div class=\"gmail_attr\">On Sat, Nov 21, 2026 Arbiter &lt;{referee}&gt; wrote:</div>\
         <blockquote class=\"gmail_quote\">resign<br>{}</blockquote></div>",
        invitation.text.replace('\n', "<br>")
    );
    let message = Message::builder()
        .from("bob@example.test".parse::<Mailbox>().unwrap())
        .to(invitation
            .reply_to
            .clone()
            .unwrap()
            .parse::<Mailbox>()
            .unwrap())
        .subject(format!("Re: {}", invitation.subject))
        .message_id(Some("<bob-accept@example.test>".into()))
        .singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_HTML)
                .body(html),
        )
        .unwrap();
    bob.player.send_message(message).await.unwrap();
    assert_eq!(
        harness.outcome_of("bob-accept@example.test").await,
        "applied"
    );
    let to_alice = alice.one().await;
    let to_bob = bob.one().await;
    assert_eq!(to_alice.subject, "[arbiter #1] Bluff Chess: your move");
    assert!(
        to_alice
            .text
            .contains("You play White against bob@example.test"),
        "{}",
        to_alice.text
    );

    // 1. e4 d5: a death move (exd5), sent without a decision.
    alice.player.reply(&to_alice, "e4").await.unwrap();
    alice.one().await;
    let to_bob = {
        let _ = to_bob;
        bob.one().await
    };
    bob.player.reply(&to_bob, "d5").await.unwrap();
    let ask = bob.one().await;
    assert_eq!(ask.subject, "[arbiter #1] Bluff Chess: your decision");
    assert!(ask.text.contains("death move"), "{}", ask.text);
    let told = alice.one().await;
    assert!(
        told.subject.contains("waiting for Black"),
        "{}",
        told.subject
    );

    // The daemon dies; Bob decides meanwhile; a new daemon picks it up.
    harness.kill_daemon();
    let decision_id = bob.player.reply(&ask, "transfer d8").await.unwrap();
    harness.start_daemon();
    assert_eq!(harness.outcome_of(&decision_id).await, "applied");
    let bob_sealed = bob.one().await;
    let bob_salt = salt_in(&bob_sealed.text);
    let alice_turn = alice.one().await;
    assert!(alice_turn.text.contains("sealed"), "{}", alice_turn.text);
    assert!(
        !alice_turn.text.contains("d8") || !alice_turn.text.contains("transfer"),
        "{}",
        alice_turn.text
    );
    assert!(
        mentions(&alice.all, &bob_salt).is_empty(),
        "Bob's salt reached Alice before the reveal"
    );

    // 2. exd5 stay, top-posted above the quoted mail: no win (Bob moved his
    // alter ego to the queen), the reveal, and Alice's own sealed decision.
    let quoted: String = alice_turn
        .text
        .lines()
        .map(|l| format!("> {l}\n"))
        .collect();
    let body = format!("exd5 stay\n\nOn Sat, 21 Nov 2026, Arbiter <{referee}> wrote:\n{quoted}");
    alice.player.reply(&alice_turn, &body).await.unwrap();
    let alice_sealed = alice.one().await;
    assert!(
        alice_sealed.text.contains(&bob_salt),
        "the reveal carries the salt: {}",
        alice_sealed.text
    );
    assert!(
        alice_sealed.text.contains("transfer d8"),
        "{}",
        alice_sealed.text
    );
    let alice_salt =
        salt_in(&alice_sealed.text[alice_sealed.text.find("Your decision").unwrap_or(0)..]);
    assert_ne!(alice_salt, bob_salt);
    let bob_turn = bob.one().await;
    assert!(
        bob_turn.subject.contains("your move"),
        "{}",
        bob_turn.subject
    );
    assert!(
        mentions(&bob.all, &alice_salt).is_empty(),
        "Alice's salt reached Bob before the reveal"
    );

    // Bob must move the queen he transferred into; another piece is refused.
    let refused_id = bob.player.reply(&bob_turn, "Nf6").await.unwrap();
    assert_eq!(harness.outcome_of(&refused_id).await, "refused");
    let refusal = bob.one().await;
    assert!(refusal.text.contains("not accepted"), "{}", refusal.text);

    // 2... Qxd5 takes the pawn carrying Alice's alter ego: Black wins.
    bob.player.reply(&bob_turn, "Qxd5").await.unwrap();
    let bob_end = bob.one().await;
    let alice_end = alice.one().await;
    for end in [&bob_end, &alice_end] {
        assert!(end.subject.ends_with("game over, 0-1"), "{}", end.subject);
        assert!(end.text.contains("The game's seed was"), "{}", end.text);
        assert!(
            end.text.contains(&alice_salt),
            "the end reveals every sealed decision: {}",
            end.text
        );
    }
    // Before the end, Bob never saw Alice's salt.
    assert_eq!(
        mentions(&bob.all, &alice_salt),
        vec![bob_end.subject.clone()]
    );
    assert_eq!(
        harness.log_len(1).await,
        5,
        "e4, d5, transfer d8, exd5 stay, Qxd5 and nothing else"
    );
    let (code, log, _) = harness.cli(&["game", "log", "1"]);
    assert_eq!(code, 0);
    assert!(log.contains("Black wins"), "{log}");
    assert_eq!(harness.cli(&["game", "verify", "1"]).0, 0);

    // Every mail to the referee ended in the folder Done under Arbiter.
    let referee_box = harness.player("referee");
    let deadline = std::time::Instant::now() + crate::support::WAIT;
    while !referee_box.inbox().await.unwrap().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "mail left in the referee's inbox\n{}",
            harness.daemon_log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let done = referee_box.folder("Arbiter/Done").await.unwrap();
    assert_eq!(done.len(), 8, "mails in Arbiter/Done");
}
