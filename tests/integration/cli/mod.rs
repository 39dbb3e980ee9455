//! The referee from the command line: `arbiter game ...`, `perft`, `rules`,
//! run as the real binary on a fresh database.

use std::path::Path;
use std::process::Command;

use crate::support::cli::arbiter;

fn new_game(db: &Path, game: &str, options: &[&str]) -> String {
    let mut args = vec![
        "game",
        "new",
        game,
        "--white",
        "alice@example.test",
        "--black",
        "Bob@Example.test",
    ];
    for option in options {
        args.push("--option");
        args.push(option);
    }
    let run = arbiter(db, &args);
    assert_eq!(run.code, 0, "{}", run.err);
    run.out.trim().to_string()
}

#[test]
fn a_game_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sub/dir/arbiter.db");
    let id = new_game(&db, "chess", &[]);
    assert_eq!(id, "1");
    assert!(
        db.exists(),
        "the database file is created on first use, with its directory"
    );

    let run = arbiter(
        &db,
        &["game", "play", "1", "--as", "alice@example.test", "e4"],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("accepted: e4"), "{}", run.out);
    assert!(run.out.contains("Waiting for Black."), "{}", run.out);

    // Out of turn, illegal, ambiguous-free syntax error, stranger: exit 1,
    // the reason printed, nothing changed.
    for (who, text, reason) in [
        ("alice@example.test", "d4", "Black's move"),
        ("bob@example.test", "Ke7", "king"),
        ("bob@example.test", "hello there", "could not read"),
        ("carol@example.test", "e5", "does not play in game #1"),
    ] {
        let run = arbiter(&db, &["game", "play", "1", "--as", who, text]);
        assert_eq!(run.code, 1, "{text}: {}", run.out);
        assert!(
            run.err.to_lowercase().contains(&reason.to_lowercase()),
            "{text}: {}",
            run.err
        );
    }
    let log = arbiter(&db, &["game", "log", "1"]);
    assert_eq!(log.out, "1. e4\n");

    // Addresses are matched whatever their case; --db may follow the subcommand.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "game",
            "play",
            "1",
            "--as",
            "BOB@example.TEST",
            "e5",
            "--db",
        ])
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let show = arbiter(&db, &["game", "show", "1", "--as", "bob@example.test"]);
    assert_eq!(show.code, 0);
    // Black sees the board from Black's side: rank 1 at the top.
    let first_rank_line = show
        .out
        .lines()
        .find(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .unwrap();
    assert!(
        first_rank_line.trim_start().starts_with('1'),
        "{}",
        show.out
    );
    let host = arbiter(&db, &["game", "show", "1"]);
    assert!(
        host.out
            .contains("White: alice@example.test. Black: bob@example.test."),
        "{}",
        host.out
    );

    let list = arbiter(&db, &["game", "list"]);
    assert_eq!(
        list.out,
        "#1 chess alice@example.test vs bob@example.test playing\n"
    );
    assert_eq!(arbiter(&db, &["game", "verify", "1"]).code, 0);
}

#[test]
fn draws_resignation_and_adjudication() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    new_game(&db, "chess", &[]);
    new_game(&db, "chess", &[]);
    let play = |who: &str, text: &str| arbiter(&db, &["game", "play", "1", "--as", who, text]);
    assert!(
        play("alice@example.test", "draw")
            .out
            .contains("White offers a draw.")
    );
    let again = play("alice@example.test", "draw");
    assert_eq!(again.code, 1, "offering twice is refused");
    assert!(
        play("bob@example.test", "decline draw")
            .out
            .contains("Black declined the draw.")
    );
    assert!(
        play("alice@example.test", "draw")
            .out
            .contains("White offers a draw.")
    );
    // Playing on instead of answering lets the offer lapse.
    let lapsed = play("alice@example.test", "e4");
    assert_eq!(lapsed.code, 0, "{}", lapsed.err);
    let reply = play("bob@example.test", "e5");
    assert!(
        reply.out.contains("White's draw offer lapsed."),
        "{}",
        reply.out
    );
    assert!(
        play("bob@example.test", "draw")
            .out
            .contains("Black offers a draw.")
    );
    let accepted = play("alice@example.test", "draw");
    assert!(
        accepted.out.contains("Game over: draw (agreed), 1/2-1/2."),
        "{}",
        accepted.out
    );
    assert_eq!(
        play("bob@example.test", "Nf6").code,
        1,
        "a finished game takes no moves"
    );
    assert_eq!(arbiter(&db, &["game", "verify", "1"]).code, 0);

    let resign = arbiter(
        &db,
        &["game", "play", "2", "--as", "bob@example.test", "resign"],
    );
    assert!(
        resign.out.contains("Black resigned. White wins."),
        "{}",
        resign.out
    );
    assert!(
        !resign.out.contains("seed"),
        "chess draws nothing random, so no seed is published: {}",
        resign.out
    );

    new_game(&db, "chess", &[]);
    let ruled = arbiter(
        &db,
        &[
            "game",
            "adjudicate",
            "3",
            "--result",
            "0-1",
            "--reason",
            "White lost on time",
        ],
    );
    assert_eq!(ruled.code, 0, "{}", ruled.err);
    let log = arbiter(&db, &["game", "log", "3"]);
    assert!(
        log.out.contains("Black wins (White lost on time), 0-1"),
        "{}",
        log.out
    );
    let list = arbiter(&db, &["game", "list", "--player", "BOB@example.test"]);
    assert_eq!(list.out.lines().count(), 3);
    assert!(
        list.out
            .contains("#3 chess alice@example.test vs bob@example.test 0-1"),
        "{}",
        list.out
    );
}

#[test]
fn bad_requests_are_refused_without_creating_anything() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.db");
    for (args, reason) in [
        (
            vec![
                "game", "new", "go", "--white", "a@x.test", "--black", "b@x.test",
            ],
            "no game called",
        ),
        (
            vec![
                "game", "new", "chess", "--white", "a@x.test", "--black", "a@x.test",
            ],
            "two different players",
        ),
        (
            vec![
                "game", "new", "chess", "--white", "nobody", "--black", "b@x.test",
            ],
            "not a mail address",
        ),
        (
            vec![
                "game", "new", "chess", "--white", "a@x.test", "--black", "b@x.test", "--option",
                "x=1",
            ],
            "no option",
        ),
        (
            vec!["game", "play", "7", "--as", "a@x.test", "e4"],
            "no game #7",
        ),
    ] {
        let run = arbiter(&db, &args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(run.err.contains(reason), "{args:?}: {}", run.err);
    }
    assert_eq!(arbiter(&db, &["game", "list"]).out, "");
}

#[test]
fn perft_and_rules() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let run = arbiter(&db, &["perft", "chess", "3"]);
    assert_eq!(run.out.lines().last(), Some("8902"));
    let divide = arbiter(&db, &["perft", "chess", "2", "--divide"]);
    let lines: Vec<&str> = divide.out.lines().collect();
    assert_eq!(lines.last(), Some(&"400"));
    assert_eq!(
        lines.iter().filter(|l| l.ends_with(": 20")).count(),
        20,
        "{}",
        divide.out
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        arbiter(&db, &["perft", "chess", "2", "--fen", kiwipete])
            .out
            .trim(),
        "2039"
    );
    let bad = arbiter(&db, &["perft", "chess", "2", "--fen", "not a fen"]);
    assert_eq!(bad.code, 2);
    let rules = arbiter(&db, &["rules", "chess"]);
    assert!(rules.code == 0 && rules.out.len() > 500, "{}", rules.out);
}

#[test]
fn reflection_teammate_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    // Perft of every setup through the registered game.
    for (setup, count) in [
        ("cross14", "388"),
        ("cross12", "396"),
        ("cross8", "75"),
        ("halves", "100"),
        ("two-boards", "400"),
    ] {
        let option = format!("setup={setup}");
        let run = arbiter(
            &db,
            &["perft", "reflection-teammate", "2", "--option", &option],
        );
        assert_eq!(run.out.lines().last(), Some(count), "{setup}: {}", run.err);
    }
    let reverse = arbiter(
        &db,
        &[
            "perft",
            "reflection-teammate",
            "2",
            "--option",
            "setup=cross8",
            "--option",
            "symmetry=reverse",
        ],
    );
    assert_eq!(reverse.out.trim(), "74");
    let bad = arbiter(
        &db,
        &[
            "perft",
            "reflection-teammate",
            "1",
            "--option",
            "setup=two-boards",
            "--option",
            "win=kings",
        ],
    );
    assert_eq!(bad.code, 2, "{}", bad.out);

    // A game: the host makes it, the players move, the log keeps the text.
    let id = new_game(&db, "reflection-teammate", &["setup=halves"]);
    let run = arbiter(
        &db,
        &["game", "play", &id, "--as", "alice@example.test", "N b1-c3"],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(
        run.out.contains("accepted: N b1-c3, N b8-c6"),
        "{}",
        run.out
    );
    let refused = arbiter(
        &db,
        &[
            "game",
            "play",
            &id,
            "--as",
            "bob@example.test",
            "N g1-f3, N g8-f5",
        ],
    );
    assert_eq!(refused.code, 1);
    assert!(refused.err.contains("Second move"), "{}", refused.err);
    let run = arbiter(
        &db,
        &["game", "play", &id, "--as", "bob@example.test", "Nf3, Nf6"],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let log = arbiter(&db, &["game", "log", &id]);
    assert_eq!(log.out, "1. N b1-c3, N b8-c6 N g1-f3, N g8-f6\n");
    let show = arbiter(&db, &["game", "show", &id, "--as", "alice@example.test"]);
    assert!(show.out.contains("Options: "), "{}", show.out);
    assert_eq!(arbiter(&db, &["game", "verify", &id]).code, 0);
    let rules = arbiter(&db, &["rules", "reflection-teammate"]);
    assert!(rules.out.contains("[41]"), "{}", rules.out);
}

#[test]
fn rules_alone_lists_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let run = arbiter(&dir.path().join("r.db"), &["rules"]);
    assert_eq!(run.code, 0, "{}", run.err);
    for info in arbiter::games::GAMES {
        assert!(
            run.out.contains(info.name) && run.out.contains(info.title),
            "{} missing from {}",
            info.name,
            run.out
        );
    }
}

#[test]
fn a_game_started_from_a_position_plays_on_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pos.db");
    // A study: White mates in one with Qh5xf7.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let new = |position: &str| {
        arbiter(
            &db,
            &[
                "game",
                "new",
                "chess",
                "--white",
                "a@x.test",
                "--black",
                "b@x.test",
                "--position",
                position,
            ],
        )
    };
    let run = new(fen);
    assert_eq!(run.code, 0, "{}", run.err);
    let id = run.out.trim().to_string();
    let show = arbiter(&db, &["game", "show", &id, "--as", "a@x.test"]);
    assert!(show.out.contains(" 5  . . . . p . . Q"), "{}", show.out);
    let mate = arbiter(&db, &["game", "play", &id, "--as", "a@x.test", "Qxf7#"]);
    assert_eq!(mate.code, 0, "{}", mate.err);
    assert!(mate.out.contains("White wins (checkmate)"), "{}", mate.out);
    let verify = arbiter(&db, &["game", "verify", &id]);
    assert_eq!(verify.code, 0, "the position opens the log: {}", verify.err);

    // Reality Check from its own position string.
    let reality = "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - -";
    let run = arbiter(
        &db,
        &[
            "game",
            "new",
            "reality-check",
            "--white",
            "a@x.test",
            "--black",
            "b@x.test",
            "--position",
            reality,
        ],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let rid = run.out.trim().to_string();
    assert_eq!(arbiter(&db, &["game", "verify", &rid]).code, 0);

    // A position that does not read, or where the game is over, creates nothing.
    let before = arbiter(&db, &["game", "list"]).out;
    let bad = new("not a position");
    assert_eq!(bad.code, 1, "{}", bad.err);
    assert!(bad.err.contains("invalid position"), "{}", bad.err);
    let over = new("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    assert_eq!(over.code, 1, "{}", over.err);
    assert!(over.err.contains("already over"), "{}", over.err);
    assert_eq!(arbiter(&db, &["game", "list"]).out, before);
}

#[test]
fn a_refused_move_prints_the_players_board() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ref.db");
    new_game(&db, "chess", &[]);
    let run = arbiter(
        &db,
        &["game", "play", "1", "--as", "alice@example.test", "e5"],
    );
    assert_eq!(run.code, 1);
    assert!(
        run.out.contains("not accepted") && run.out.contains(" 1  R N B Q K B N R"),
        "{}",
        run.out
    );
    let offer = arbiter(
        &db,
        &["game", "play", "1", "--as", "alice@example.test", "draw"],
    );
    assert_eq!(offer.code, 0, "{}", offer.err);
    let show = arbiter(&db, &["game", "show", "1", "--as", "bob@example.test"]);
    assert!(show.out.contains("White offers a draw"), "{}", show.out);
}

#[test]
fn challenges_from_the_command_line_follow_the_mail_rules() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ch.db");
    let challenge = |args: &[&str]| {
        let mut all = vec!["game", "challenge"];
        all.extend_from_slice(args);
        arbiter(&db, &all)
    };
    // The same refusals as by mail, and nothing recorded.
    for (args, reason) in [
        (
            vec!["go", "--from", "a@x.test", "--to", "b@x.test"],
            "no game called",
        ),
        (
            vec!["chess", "--from", "a@x.test", "--to", "A@x.test"],
            "two different players",
        ),
        (
            vec![
                "rebel-chess",
                "--from",
                "a@x.test",
                "--to",
                "b@x.test",
                "--option",
                "version=7",
            ],
            "version=7",
        ),
    ] {
        let run = challenge(&args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(run.err.contains(reason), "{args:?}: {}", run.err);
    }
    let run = challenge(&[
        "rebel-chess",
        "--from",
        "a@x.test",
        "--to",
        "b@x.test",
        "--option",
        "version=2",
        "--side",
        "black",
    ]);
    assert_eq!(run.code, 0, "{}", run.err);
    let id = run.out.trim().to_string();
    // Only the challenged player may answer.
    let wrong = arbiter(&db, &["game", "accept", &id, "--as", "a@x.test"]);
    assert_eq!(wrong.code, 1);
    assert!(
        wrong.err.contains("not addressed to a@x.test"),
        "{}",
        wrong.err
    );
    let accepted = arbiter(&db, &["game", "accept", &id, "--as", "B@x.test"]);
    assert_eq!(accepted.code, 0, "{}", accepted.err);
    let game = accepted.out.trim().to_string();
    // The challenger asked for Black.
    let list = arbiter(&db, &["game", "list"]).out;
    assert!(
        list.contains(&format!("#{game} rebel-chess b@x.test vs a@x.test playing")),
        "{list}"
    );
    let again = arbiter(&db, &["game", "decline", &id, "--as", "b@x.test"]);
    assert_eq!(again.code, 1);
    assert!(again.err.contains("already accepted"), "{}", again.err);

    let second = challenge(&["chess", "--from", "a@x.test", "--to", "c@x.test"]);
    let declined = arbiter(
        &db,
        &["game", "decline", second.out.trim(), "--as", "c@x.test"],
    );
    assert_eq!(declined.code, 0, "{}", declined.err);
    assert_eq!(
        arbiter(&db, &["game", "list"]).out,
        list,
        "a decline starts nothing"
    );
}

#[test]
fn game_list_pages_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    for (white, black) in [("a", "b"), ("c", "d"), ("a", "e")] {
        let made = arbiter(
            &db,
            &[
                "game",
                "new",
                "chess",
                "--white",
                &format!("{white}@x.test"),
                "--black",
                &format!("{black}@x.test"),
            ],
        );
        assert_eq!(made.code, 0, "{}", made.err);
    }
    let first = arbiter(&db, &["game", "list", "--limit", "2"]).out;
    assert_eq!(
        first,
        "#3 chess a@x.test vs e@x.test playing\n#2 chess c@x.test vs d@x.test playing\n\
         (more: add --before 2)\n"
    );
    let next = arbiter(&db, &["game", "list", "--limit", "2", "--before", "2"]).out;
    assert_eq!(next, "#1 chess a@x.test vs b@x.test playing\n");
    let mine = arbiter(
        &db,
        &["game", "list", "--player", "A@x.test", "--limit", "1"],
    )
    .out;
    assert_eq!(
        mine,
        "#3 chess a@x.test vs e@x.test playing\n(more: add --before 3)\n"
    );
    assert_eq!(arbiter(&db, &["game", "list", "--limit", "0"]).code, 1);
}

mod pictures;
mod public_and_bodies;
