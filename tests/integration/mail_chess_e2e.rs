//! End to end through the real Postfix and Dovecot: a chess game by mail,
//! with the mistakes players make and the mail that must never be answered.

use crate::support::{Harness, Reader, Setup};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_game_by_mail_with_refusals_forgeries_and_automatic_mail() {
    // This game's daemon reads its mailbox over IMAP with STARTTLS from a
    // server that separates folder levels with `.`, as Dovecot's stock
    // Maildir setting does, with the done folder written with `/` (the
    // Bluff Chess one: implicit TLS, `/`, the folder written with `.`).
    let harness = Harness::start(
        "chess",
        Setup {
            starttls: true,
            separator: '.',
            done_folder: "Arbiter/Done",
            ..Setup::DEFAULT
        },
    );
    let mut alice = Reader::new(harness.player("alice"));
    let mut bob = Reader::new(harness.player("bob"));
    let mut carol = Reader::new(harness.player("carol"));
    let referee = harness.referee.clone();

    // A challenge in the subject of a new mail, with an empty body.
    alice
        .player
        .send(
            &referee,
            "challenge bob@example.test chess as black",
            "",
            None,
        )
        .await
        .unwrap();
    let invitation = bob.one().await;
    assert!(
        invitation
            .text
            .contains("alice@example.test challenges you"),
        "{}",
        invitation.text
    );
    let ack = alice.one().await;
    assert!(
        ack.text.contains("Your challenge to bob@example.test"),
        "{}",
        ack.text
    );

    // Bob accepts with a top-posted reply quoting the invitation.
    let quoted: String = invitation
        .text
        .lines()
        .map(|l| format!("> {l}\n"))
        .collect();
    let body =
        format!("accept\n\nOn Sat, 21 Nov 2026 at 10:00, Arbiter <{referee}> wrote:\n{quoted}");
    bob.player.reply(&invitation, &body).await.unwrap();
    let start_bob = bob.one().await;
    let start_alice = alice.one().await;
    assert!(
        start_bob
            .subject
            .starts_with("[arbiter #1] Chess: your move"),
        "{}",
        start_bob.subject
    );
    assert!(
        start_alice.subject.contains("waiting for White"),
        "{}",
        start_alice.subject
    );
    // The board as a picture, delivered intact: an inline image/png part
    // whose Content-ID the HTML shows by `cid:` (no `data:` URI), beside
    // the text; the same board for both players, each from their side.
    let picture = crate::support::picture::board_picture(&start_bob.raw)
        .expect("the started mail shows the board as a picture");
    let decoded = png::Decoder::new(std::io::Cursor::new(&picture.png))
        .read_info()
        .expect("the delivered picture decodes");
    assert!(decoded.info().width > 300 && decoded.info().height > 300);
    assert!(
        picture
            .html
            .contains(&format!("src=\"cid:{}\"", picture.content_id)),
        "{}",
        picture.html
    );
    let alices = crate::support::picture::board_picture(&start_alice.raw).expect("Alice's too");
    assert_ne!(
        alices.png, picture.png,
        "Alice's board is drawn from Black's side"
    );

    // Bob (White) plays; Alice tries to move out of turn first... no: Bob
    // moves, then moves again out of turn.
    bob.player.reply(&start_bob, "e4").await.unwrap();
    let bob_ack = bob.one().await;
    assert!(bob_ack.text.contains("accepted: e4"), "{}", bob_ack.text);
    let alice_turn = alice.one().await;
    assert!(
        alice_turn.subject.contains("your move"),
        "{}",
        alice_turn.subject
    );
    let id = bob.player.reply(&bob_ack, "d4").await.unwrap();
    assert_eq!(harness.outcome_of(&id).await, "refused");
    let refusal = bob.one().await;
    assert!(
        refusal.text.contains("not accepted") && refusal.text.contains("Black's move"),
        "{}",
        refusal.text
    );
    assert_eq!(
        harness.log_len(1).await,
        1,
        "a refused move changes nothing"
    );

    // An illegal move gets the legal moves of that piece.
    let id = alice.player.reply(&alice_turn, "Ke7").await.unwrap();
    assert_eq!(harness.outcome_of(&id).await, "refused");
    let refusal = alice.one().await;
    assert!(refusal.text.contains("not accepted"), "{}", refusal.text);

    // Carol forges a mail to Alice's reply address: a neutral answer to
    // Carol, nothing about the game, nothing changed.
    let tagged = alice_turn.reply_to.clone().unwrap();
    let id = carol
        .player
        .send(&tagged, "Re: game", "resign", None)
        .await
        .unwrap();
    assert_eq!(harness.outcome_of(&id).await, "refused");
    let neutral = carol.one().await;
    assert!(
        neutral.text.contains("could not match this mail"),
        "{}",
        neutral.text
    );
    assert!(
        !neutral.text.contains("Chess") && !neutral.text.contains("#1"),
        "{}",
        neutral.text
    );
    assert_eq!(harness.log_len(1).await, 1);

    // An auto-reply to the referee is never answered.
    let mut message = crate::support::plain_mail(
        "alice@example.test",
        &tagged,
        "Out of office",
        "ooo-1@example.test",
        "I am away until Monday.\nresign",
    );
    message
        .headers_mut()
        .insert_raw(arbiter::demo::player::raw_header(
            "Auto-Submitted",
            "auto-replied",
        ));
    alice
        .player
        .send_raw(&tagged, &message.formatted())
        .await
        .unwrap();
    assert_eq!(harness.outcome_of("ooo-1@example.test").await, "ignored");
    alice.none_new().await;
    assert_eq!(harness.log_len(1).await, 1);

    // Alice answers; a duplicate delivery of the same mail changes nothing.
    let move_mail = crate::support::plain_mail(
        "alice@example.test",
        &tagged,
        "Re: my move",
        "move-e5@example.test",
        "Hi Bob,\ne5\nCheers, Alice\n",
    );
    let raw = move_mail.formatted();
    let move_id = "move-e5@example.test";
    alice.player.send_raw(&tagged, &raw).await.unwrap();
    alice.player.send_raw(&tagged, &raw).await.unwrap();
    let accepted = alice.one().await;
    assert!(accepted.text.contains("accepted: e5"), "{}", accepted.text);
    bob.one().await;
    let deadline = std::time::Instant::now() + crate::support::WAIT;
    while harness.outcomes_of(move_id).await.len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the duplicate was never processed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        harness.outcomes_of(move_id).await,
        vec!["applied", "duplicate"]
    );
    assert_eq!(harness.log_len(1).await, 2);
    alice.none_new().await;

    // The server drops the daemon's connection: it reconnects and goes on.
    harness.kick_referee();
    let bob_turn = bob
        .all
        .iter()
        .rev()
        .find(|m| m.subject.contains("your move"))
        .unwrap()
        .clone();
    let id = bob.player.reply(&bob_turn, "Nf3").await.unwrap();
    assert_eq!(harness.outcome_of(&id).await, "applied");
    bob.one().await;
    alice.one().await;
    assert!(
        harness
            .daemon_log()
            .contains("IMAP session ended; reconnecting"),
        "{}",
        harness.daemon_log()
    );

    // Every processed mail was moved out of the inbox, flagged seen.
    let referee_box = harness.player("referee");
    let deadline = std::time::Instant::now() + crate::support::WAIT;
    while !referee_box.inbox().await.unwrap().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "mail left in the referee's inbox"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let done = referee_box.folder("Arbiter.Done").await.unwrap();
    // Every mail sent to the referee, the ignored and the duplicate included.
    assert_eq!(done.len(), 10, "mails in Arbiter.Done");

    // The host's view from the command line agrees.
    let (code, out, _) = harness.cli(&["game", "log", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("1. e4 e5"), "{out}");
    let (code, _, _) = harness.cli(&["game", "verify", "1"]);
    assert_eq!(code, 0);

    // The host's mail report counts every mail by how it ended.
    let (code, report, _) = harness.cli(&["mail-status"]);
    assert_eq!(code, 0);
    for line in [
        "applied       5",
        "duplicate     1",
        "ignored       1",
        "refused       3",
    ] {
        assert!(report.contains(line), "{line:?} in:\n{report}");
    }
    assert!(report.contains("Mail waiting to be sent:"), "{report}");
}
