//! Every game plays by mail through the same, game-independent path: the
//! sealed Reality Check setup and a Rebel Chess recruit, through the inbox
//! handler on an in-memory database.

use crate::support::room::{Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;

const WHITE_SETUP: &str =
    "setup d1=R/R c2=N/N d2=B/B e2=N/R b3=P/B c3=P/P d3=B/R e3=P/N f3=P/R hand=NB";
const BLACK_SETUP: &str =
    "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR";

#[tokio::test]
async fn reality_check_setups_stay_sealed_in_the_mail() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "reality-check", "").await;
    assert_eq!(
        room.deliver(&mail(
            "alice@example.test",
            &alice,
            "Re",
            "s1@x",
            WHITE_SETUP
        ))
        .await,
        Handled::Applied
    );
    let to_bob = room.mails_to("bob@example.test").await;
    let told = to_bob.last().unwrap();
    assert!(told.contains("White's setup is in (commitment"), "{told}");
    // Nothing of Alice's setup reaches Bob: no down face of hers.
    for mail in &to_bob {
        for secret in [
            "e2=N/R", "b3=P/B", "e3=P/N", "f3=P/R", "hand=NB", "P/B", "P/N", "P/R",
        ] {
            assert!(!mail.contains(secret), "Bob was told {secret}: {mail}");
        }
    }
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "s2@x", BLACK_SETUP))
            .await,
        Handled::Applied
    );
    // Both in: each side sees the other's up faces and both commitments.
    let to_alice = room.mails_to("alice@example.test").await;
    let start = to_alice.last().unwrap();
    assert!(start.contains("Both setups are in"), "{start}");
    assert!(
        start.contains("[arbiter #1] Reality Check: your move"),
        "{start}"
    );
    let to_bob = room.mails_to("bob@example.test").await;
    let start_bob = to_bob.last().unwrap();
    assert!(start_bob.contains("Both setups are in"), "{start_bob}");
    // Her up faces only: on Bob's board White's ranks 1-3 show single
    // letters, never a down face; and her setup's text is nowhere.
    let white_ranks: Vec<&str> = start_bob
        .lines()
        .filter(|l| {
            ["1 ", "2 ", "3 "]
                .iter()
                .any(|r| l.trim_start().starts_with(r))
        })
        .collect();
    assert_eq!(white_ranks.len(), 3, "{start_bob}");
    for line in white_ranks {
        assert!(
            !line.contains('/'),
            "a down face of White's on Bob's board: {line}"
        );
    }
    for secret in ["e2=N/R", "b3=P/B", "e3=P/N", "f3=P/R", "hand=NB"] {
        assert!(
            !start_bob.contains(secret),
            "Bob was told {secret}: {start_bob}"
        );
    }
    // Alice moves and flips by mail.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "m1@x", "c3-c4"))
            .await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, 3);
}

/// The reply to the second setup tells its news once, with no "Last:"
/// lines repeating it; after a resignation right after the setups, the
/// last mail shows both setups as revealed, never as sealed, and carries
/// no line addressed to the other player.
#[tokio::test]
async fn reality_check_setup_news_once_and_the_archive_after_a_resignation() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "reality-check", "").await;
    for (from, to, id, text) in [
        ("alice@example.test", &alice, "s1@x", WHITE_SETUP),
        ("bob@example.test", &bob, "s2@x", BLACK_SETUP),
    ] {
        let handled = room.deliver(&mail(from, to, "Re", id, text)).await;
        assert_eq!(handled, Handled::Applied, "{text}");
    }
    let to_bob = room.mails_to("bob@example.test").await;
    let reply = to_bob.last().unwrap();
    for news in [
        "Your setup is in: ",
        "Black's setup is in",
        "Both setups are in",
    ] {
        assert_eq!(reply.matches(news).count(), 1, "{news}: {reply}");
    }
    assert!(!reply.contains("Last:"), "{reply}");
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "r@x", "resign"))
            .await,
        Handled::Applied
    );
    for (to, own) in [
        ("alice@example.test", "d1=R/R c2=N/N d2=B/B e2=N/R"),
        ("bob@example.test", "b7=P/P c7=P/N d7=B/R e7=P/R"),
    ] {
        let last = room.mails_to(to).await.pop().unwrap();
        assert!(last.contains("White resigned. Black wins."), "{last}");
        assert!(!last.contains("Your setup is in"), "{to}: {last}");
        assert!(!last.contains("sealed"), "{to}: {last}");
        for seat in ["White", "Black"] {
            assert!(last.contains(&format!("{seat}'s setup was: ")), "{last}");
        }
        assert!(last.contains(own), "{last}");
    }
}

#[tokio::test]
async fn a_rebel_chess_recruit_by_mail() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "rebel-chess", "version=2").await;
    let to_alice = room.mails_to("alice@example.test").await;
    assert!(to_alice.last().unwrap().contains("Rebel Chess: your move"));
    for (who, to, id, text) in [
        ("alice", &alice, "r1@x", "Uc4"),
        ("bob", &bob, "r2@x", "a6"),
        ("alice", &alice, "r3@x", "U*a6"),
    ] {
        let handled = room
            .deliver(&mail(&format!("{who}@example.test"), to, "Re", id, text))
            .await;
        assert_eq!(handled, Handled::Applied, "{text}");
    }
    let to_bob = room.mails_to("bob@example.test").await;
    let told = to_bob.last().unwrap();
    assert!(told.contains("your move"), "{told}");
    assert!(told.contains("a6"), "{told}");
    // A Recruiter does not recruit a queen: refused with the reason.
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "r4@x", "U*d1"))
            .await,
        Handled::Refused
    );
    assert_eq!(room.log_len().await, 3);
}

#[tokio::test]
async fn a_reflection_teammate_game_by_mail() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "reflection-teammate", "setup=cross8").await;
    let to_alice = room.mails_to("alice@example.test").await;
    let start = to_alice.last().unwrap();
    assert!(start.contains("Reflection Teammate: your move"), "{start}");
    // The cut corners are blank on the board: rank 8 holds c8-f8 only.
    assert!(start.contains(" 8        N' B' K' R'"), "{start}");
    // The text's form, a first move completed by its reflection, SAN.
    for (who, to, id, text) in [
        ("alice", &alice, "t1@x", "N c1-d3, N c8-d6"),
        ("bob", &bob, "t2@x", "N h3-f4"),
        ("alice", &alice, "t3@x", "e4, e5"),
    ] {
        let handled = room
            .deliver(&mail(&format!("{who}@example.test"), to, "Re", id, text))
            .await;
        assert_eq!(handled, Handled::Applied, "{text}");
    }
    let to_bob = room.mails_to("bob@example.test").await;
    let told = to_bob.last().unwrap();
    assert!(told.contains("White played P e2-e4, P e7-e5"), "{told}");
    assert!(
        told.contains("White's pawns on e4 and e5 swapped squares."),
        "{told}"
    );
    // A refusal names the move that failed; nothing changes.
    assert_eq!(
        room.deliver(&mail(
            "bob@example.test",
            &bob,
            "Re",
            "t4@x",
            "N f4-d5, N c4-e3"
        ))
        .await,
        Handled::Refused
    );
    let refusal = room.mails_to("bob@example.test").await;
    let refusal = refusal.last().unwrap();
    assert!(refusal.contains("Second move (N c4-e3)"), "{refusal}");
    assert!(refusal.contains("reflected move N c4-e5"), "{refusal}");
    assert_eq!(room.log_len().await, 3);
}

/// A move mail sent again later (a mail program re-sending an old draft,
/// with a new Message-ID) answers a notice its sender has already acted
/// on: it is refused, even where its move would be legal again, and the
/// same move answering the latest mail is played.
#[tokio::test]
async fn an_old_move_mail_sent_again_is_refused_not_replayed() {
    use crate::support::room::reply;
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    let alice_addr = "alice@example.test";
    let bob_addr = "bob@example.test";
    let start = room.latest_id(alice_addr).await;
    let play = |from: &str, to: &str, id: &str, answered: &str, body: &str| {
        reply(from, to, id, answered, body)
    };
    assert_eq!(
        room.deliver(&play(alice_addr, &alice, "m1@x", &start, "Nc3"))
            .await,
        Handled::Applied
    );
    let n = room.latest_id(bob_addr).await;
    assert_eq!(
        room.deliver(&play(bob_addr, &bob, "m2@x", &n, "Nc6")).await,
        Handled::Applied
    );
    let n = room.latest_id(alice_addr).await;
    assert_eq!(
        room.deliver(&play(alice_addr, &alice, "m3@x", &n, "Nb1"))
            .await,
        Handled::Applied
    );
    let n = room.latest_id(bob_addr).await;
    assert_eq!(
        room.deliver(&play(bob_addr, &bob, "m4@x", &n, "Nb8")).await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, 4);

    // The first mail again, with a new Message-ID: Nc3 is legal again.
    assert_eq!(
        room.deliver(&play(alice_addr, &alice, "m1-again@x", &start, "Nc3"))
            .await,
        Handled::Refused
    );
    assert_eq!(room.log_len().await, 4, "nothing was applied");
    let told = room.mails_to(alice_addr).await;
    let refusal = told.last().unwrap();
    assert!(
        refusal.contains("you have played since (Nc3, accepted"),
        "{refusal}"
    );
    assert!(
        refusal.contains("reply to the referee's latest mail"),
        "{refusal}"
    );

    // Meant after all: as a reply to the latest mail, it is played.
    let latest = room.latest_id(alice_addr).await;
    assert_eq!(
        room.deliver(&play(alice_addr, &alice, "m5@x", &latest, "Nc3"))
            .await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, 5);
}
