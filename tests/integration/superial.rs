//! Superial Chess end to end: a game started and played by mail through
//! the inbox handler on an in-memory database, and one from the command
//! line as the real binary, random moves included.

use crate::support::cli::arbiter;
use crate::support::room::{Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;

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
    assert_eq!(perft(&["1", "--option", "hybrid=on"]), "20");
    assert_eq!(perft(&["2", "--option", "hybrid=on"]), "1560");
    assert_eq!(
        perft(&[
            "2",
            "--option",
            "hybrid=on",
            "--fen",
            "8/8/8/8/3B4/8/1N6/x3K3 b - - 0 1"
        ]),
        "71"
    );
    assert_eq!(
        perft(&["2", "--fen", "s4s/1S2p1/3S2/p1P3/1s2S1/S3h1 b 0/0 0 1"]),
        "1969"
    );
    // Black's king, a pawn riding its cube to rank 1, has not promoted:
    // the position reads (White's king has a2, b1 and b2).
    assert_eq!(
        perft(&[
            "1",
            "--option",
            "hybrid=on",
            "--fen",
            "4o3/8/8/8/8/8/8/K6(op) w - - 1 2"
        ]),
        "3"
    );
    let rules = arbiter(&db, &["rules", "superial-chess"]);
    assert!(
        rules.code == 0 && rules.out.contains("SETTLED POINTS"),
        "{}",
        rules.out
    );
}

#[tokio::test]
async fn a_hybrid_game_by_mail_to_the_first_capture() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "superial-chess", "hybrid=on").await;
    let start = room.mails_to("alice@example.test").await;
    let start = start.last().unwrap();
    // The board shows the chess army, the cubes and the square colours.
    assert!(start.contains(" 8  .  Bo .  Bo .  Bo .  Bo"), "{start}");
    assert!(start.contains(" 1  R  N  B  Q  K  B  N  R"), "{start}");
    assert!(start.contains(" 1  # - # - # - # -"), "{start}");
    let moves = [
        ("alice", &alice, "e4"),
        ("bob", &bob, "e7-e6"),
        ("alice", &alice, "Nc3"),
        ("bob", &bob, "e6-e5"),
        ("alice", &alice, "Nd5"),
        ("bob", &bob, "c7-c6"),
        ("alice", &alice, "a3"),
    ];
    for (n, (who, to, text)) in moves.iter().enumerate() {
        let handled = room
            .deliver(&mail(
                &format!("{who}@example.test"),
                to,
                "Re",
                &format!("h{n}@x"),
                text,
            ))
            .await;
        assert_eq!(handled, Handled::Applied, "{text}");
    }
    // The pusher on e5 pushes the knight on d5 onto c5, a black square:
    // Black's first capture, which must say where the king stands; d5,
    // where the pawn on e4 would take it, is refused.
    for (n, text, reason) in [
        (9, "e5-d5", "first capture"),
        (10, "e5-d5 K@d5", "your king on d5 would be in check"),
    ] {
        let refused = room
            .deliver(&mail(
                "bob@example.test",
                &bob,
                "Re",
                &format!("h{n}@x"),
                text,
            ))
            .await;
        assert_eq!(refused, Handled::Refused, "{text}");
        let to_bob = room.mails_to("bob@example.test").await;
        let refusal = to_bob.last().unwrap();
        assert!(refusal.contains(reason), "{refusal}");
        assert!(refusal.contains("e5-d5 K@c5"), "{refusal}");
    }
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "h11@x", "e5-d5 K@c5"))
            .await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, 8);
    let to_alice = room.mails_to("alice@example.test").await;
    let told = to_alice.last().unwrap();
    assert!(told.contains("crowning Black's king"), "{told}");
    assert!(told.contains("o/n"), "{told}");
}

#[test]
fn a_hybrid_game_from_the_command_line_to_checkmate() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hybrid.db");
    let new = |position: &str| {
        let mut args = vec![
            "game",
            "new",
            "superial-chess",
            "--white",
            "alice@example.test",
            "--black",
            "bob@example.test",
            "--option",
            "hybrid=on",
        ];
        if !position.is_empty() {
            args.extend(["--position", position]);
        }
        arbiter(&db, &args)
    };
    let play = |id: &str, who: &str, text: &str| {
        arbiter(
            &db,
            &[
                "game",
                "play",
                id,
                "--as",
                &format!("{who}@example.test"),
                text,
            ],
        )
    };
    // From the start: a few moves, a refusal that changes nothing.
    assert_eq!(new("").out.trim(), "1");
    for (who, text) in [("alice", "d4"), ("bob", "d8-d7"), ("alice", "Bf4")] {
        let run = play("1", who, text);
        assert_eq!(run.code, 0, "{text}: {}", run.err);
    }
    let run = play("1", "bob", "Qd5");
    assert_eq!(run.code, 1, "{}", run.out);
    assert!(run.err.contains("You have no queen"), "{}", run.err);
    let run = play("1", "bob", "random");
    assert!(run.err.contains("no random moves"), "{}", run.err);
    // From a position near the end: Black's king (a knight riding a
    // pusher) is mated in one.
    let run = new("(on)7/8/8/8/8/8/1Q6/7K w - - 0 1");
    assert_eq!((run.code, run.out.trim()), (0, "2"), "{}", run.err);
    let run = play("2", "alice", "Qb7");
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("Checkmate: White wins."), "{}", run.out);
    let log = arbiter(&db, &["game", "log", "2"]).out;
    assert!(log.contains("1. Qb7#"), "{log}");
    for id in ["1", "2"] {
        let verify = arbiter(&db, &["game", "verify", id]);
        assert_eq!(verify.code, 0, "{}{}", verify.out, verify.err);
    }
    let show = arbiter(&db, &["game", "show", "2", "--as", "bob@example.test"]);
    assert!(show.out.contains("o/n"), "{}", show.out);
}
