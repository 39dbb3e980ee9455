//! Superial Chess end to end: a game started and played by mail through
//! the inbox handler on an in-memory database, and one from the command
//! line as the real binary, random moves included.

mod support;

use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;
use support::cli::arbiter;
use support::room::{Room, mail, started_game};

#[tokio::test]
async fn a_game_by_mail_with_a_random_move() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "superial-chess", "random-moves=1").await;
    let start = room.mails_to("alice@example.test").await;
    let start = start.last().unwrap();
    assert!(start.contains("Superial Chess: your move"), "{start}");
    // The board shows each cube's team and aspect, and the square colours.
    assert!(start.contains(" 1  .  Wo .  Wo .  Wo"), "{start}");
    assert!(start.contains(" 1  # - # - # -"), "{start}");
    assert!(
        start.contains("Random moves left: White 1, Black 1"),
        "{start}"
    );

    // White moves and changes aspect; Black throws.
    for (who, to, id, text) in [
        ("alice", &alice, "m1@x", "c2-c3=X"),
        ("bob", &bob, "m2@x", "random"),
    ] {
        let handled = room
            .deliver(&mail(&format!("{who}@example.test"), to, "Re", id, text))
            .await;
        assert_eq!(handled, Handled::Applied, "{text}");
    }
    assert_eq!(room.log_len().await, 2);
    // Both players are told the same throw.
    let throw_told = |mail: &String| {
        mail.lines()
            .find(|l| l.contains("made a random move"))
            .map(str::to_string)
    };
    let to_alice = room.mails_to("alice@example.test").await;
    let to_bob = room.mails_to("bob@example.test").await;
    let told_alice = throw_told(to_alice.last().unwrap()).expect("Alice is told the throw");
    let told_bob = throw_told(to_bob.last().unwrap()).expect("Bob is told the throw");
    assert_eq!(told_alice, told_bob);
    assert!(
        told_alice.contains("Black made a random move. The cubes were thrown: "),
        "{told_alice}"
    );

    // A move the cube cannot make is refused with what it can do, and
    // nothing changes.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "m3@x", "c3-c5"))
            .await,
        Handled::Refused
    );
    let to_alice = room.mails_to("alice@example.test").await;
    let refusal = to_alice.last().unwrap();
    assert!(
        refusal.contains("c3-c5 is not a move of your slasher on c3")
            && refusal.contains("Your slasher on c3 can play"),
        "{refusal}"
    );
    assert_eq!(room.log_len().await, 2);
    // Alice throws her own random move; Bob has none left.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "m4@x", "random"))
            .await,
        Handled::Applied
    );
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "m5@x", "random"))
            .await,
        Handled::Refused
    );
    let to_bob = room.mails_to("bob@example.test").await;
    assert!(
        to_bob
            .last()
            .unwrap()
            .contains("You have no random move left (each player had 1)."),
        "{}",
        to_bob.last().unwrap()
    );
    assert_eq!(room.log_len().await, 3);
}

#[test]
fn a_game_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("superial.db");
    let run = arbiter(
        &db,
        &[
            "game",
            "new",
            "superial-chess",
            "--white",
            "alice@example.test",
            "--black",
            "bob@example.test",
            "--option",
            "random-moves=1",
        ],
    );
    assert_eq!((run.code, run.out.trim()), (0, "1"), "{}", run.err);
    let play = |who: &str, text: &str| {
        arbiter(
            &db,
            &[
                "game",
                "play",
                "1",
                "--as",
                &format!("{who}@example.test"),
                text,
            ],
        )
    };
    for (who, text) in [("alice", "c2-c3"), ("bob", "b6-b5=+"), ("alice", "random")] {
        let run = play(who, text);
        assert_eq!(run.code, 0, "{text}: {}", run.err);
        assert!(run.out.contains("accepted:"), "{text}: {}", run.out);
    }
    // Refused, changing nothing: out of turn, a word that is no action.
    for (who, text, reason) in [
        ("alice", "c3-c4", "Black's move"),
        ("bob", "hello", "could not read"),
    ] {
        let run = play(who, text);
        assert_eq!(run.code, 1, "{text}: {}", run.out);
        assert!(run.err.contains(reason), "{text}: {}", run.err);
    }
    assert_eq!(play("bob", "random").code, 0);
    let log = arbiter(&db, &["game", "log", "1"]).out;
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "1. c2-c3 b6-b5=+", "{log}");
    assert!(
        lines[1].starts_with("2. random ") && lines[1].matches("random").count() == 2,
        "{log}"
    );
    // The log, random moves and all, replays from the seed to the state.
    let verify = arbiter(&db, &["game", "verify", "1"]);
    assert_eq!(verify.code, 0, "{}{}", verify.out, verify.err);
    let show = arbiter(&db, &["game", "show", "1", "--as", "bob@example.test"]);
    assert!(
        show.out.contains("Square colours (# black, - white):"),
        "{}",
        show.out
    );
    assert!(show.out.contains("    f e d c b a"), "{}", show.out);
}

#[test]
fn perft_and_rules_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let perft = |args: &[&str]| {
        let mut all = vec!["perft", "superial-chess"];
        all.extend(args);
        arbiter(&db, &all).out.trim().to_string()
    };
    assert_eq!(perft(&["2"]), "3249");
    assert_eq!(perft(&["2", "--option", "random-moves=1"]), "78507");
    assert_eq!(
        perft(&["2", "--fen", "s4s/1S2p1/3S2/p1P3/1s2S1/S3h1 b 0/0 0 1"]),
        "1969"
    );
    let rules = arbiter(&db, &["rules", "superial-chess"]);
    assert!(
        rules.code == 0 && rules.out.contains("SETTLED POINTS"),
        "{}",
        rules.out
    );
}
