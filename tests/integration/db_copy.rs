//! `arbiter db copy`: a club's SQLite database moved to PostgreSQL and
//! back with the real binary, every game replayed on arrival; the referee
//! then plays on against PostgreSQL (`--db postgres://...`).

use std::path::Path;

use arbiter::store::cluster::Cluster;

use crate::support::cli::arbiter;

fn new_game(db: &Path, game: &str) -> String {
    let run = arbiter(
        db,
        &[
            "game",
            "new",
            game,
            "--white",
            "alice@example.test",
            "--black",
            "bob@example.test",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    run.out.trim().to_string()
}

fn play(db: &Path, id: &str, who: &str, text: &str) {
    let run = arbiter(db, &["game", "play", id, "--as", who, text]);
    assert_eq!(run.code, 0, "{text}: {}{}", run.out, run.err);
}

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

#[test]
fn a_club_moves_to_postgres_and_back_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = dir.path().join("club.db");
    // Chess, a finished game, and Bluff Chess (hidden information, a seed).
    let chess = new_game(&sqlite, "chess");
    for (who, text) in [(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nf3"), (BOB, "draw")] {
        play(&sqlite, &chess, who, text);
    }
    let resigned = new_game(&sqlite, "chess");
    play(&sqlite, &resigned, ALICE, "resign");
    let bluff = new_game(&sqlite, "bluff-chess");
    play(&sqlite, &bluff, ALICE, "e4");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = runtime.block_on(Cluster::shared().new_database()).unwrap();
    let copy = arbiter(&sqlite, &["db", "copy", "--to", &url]);
    assert_eq!(copy.code, 0, "{}{}", copy.out, copy.err);
    assert!(
        copy.out
            .contains("all 3 games replay to their stored state"),
        "{}",
        copy.out
    );
    assert!(copy.out.contains("log "), "{}", copy.out);

    // The same games, told the same way, from PostgreSQL.
    let pg = Path::new(&url);
    for id in [&chess, &resigned, &bluff] {
        for args in [
            vec!["game", "log", id.as_str()],
            vec!["game", "show", id.as_str(), "--as", BOB],
        ] {
            let there = arbiter(pg, &args);
            assert_eq!(there.code, 0, "{}", there.err);
            assert_eq!(there.out, arbiter(&sqlite, &args).out, "{args:?}");
        }
    }
    assert_eq!(
        arbiter(pg, &["game", "list"]).out,
        arbiter(&sqlite, &["game", "list"]).out
    );

    // Play goes on there: the offer answered, a new game numbered after
    // the copied ones.
    play(pg, &chess, ALICE, "decline draw");
    play(pg, &chess, BOB, "Nc6");
    assert_eq!(new_game(pg, "chess"), "4");
    assert_eq!(arbiter(pg, &["game", "verify", &chess]).code, 0);

    // A copy goes only into an empty database, or a new file.
    let again = arbiter(&sqlite, &["db", "copy", "--to", &url]);
    assert_eq!(again.code, 2);
    assert!(again.err.contains("not empty"), "{}", again.err);
    let onto = arbiter(pg, &["db", "copy", "--to", sqlite.to_str().unwrap()]);
    assert_eq!(onto.code, 2);
    assert!(onto.err.contains("exists already"), "{}", onto.err);

    // And back to a SQLite file, where the moves made on PostgreSQL are.
    let back = dir.path().join("back.db");
    let copy = arbiter(pg, &["db", "copy", "--to", back.to_str().unwrap()]);
    assert_eq!(copy.code, 0, "{}{}", copy.out, copy.err);
    assert!(copy.out.contains("all 4 games replay"), "{}", copy.out);
    let log = arbiter(&back, &["game", "log", &chess]);
    assert!(log.out.contains("Nc6"), "{}", log.out);
    assert_eq!(log.out, arbiter(pg, &["game", "log", &chess]).out);
}

/// A game whose log no longer replays to its stored state is named after
/// the copy, which fails.
#[test]
fn a_copy_names_the_games_that_do_not_replay() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = dir.path().join("club.db");
    let id = new_game(&sqlite, "chess");
    play(&sqlite, &id, ALICE, "e4");
    play(&sqlite, &id, BOB, "e5");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = arbiter::store::Store::open(&sqlite).await.unwrap();
        sqlx::query("UPDATE games SET log_len = 7 WHERE id = 1")
            .execute(store.pool())
            .await
            .unwrap();
    });
    let url = runtime.block_on(Cluster::shared().new_database()).unwrap();
    let copy = arbiter(&sqlite, &["db", "copy", "--to", &url]);
    assert_eq!(copy.code, 2, "{}{}", copy.out, copy.err);
    assert!(
        copy.err.contains("1 of its 1 games do not replay") && copy.err.contains("game #1"),
        "{}",
        copy.err
    );
}
