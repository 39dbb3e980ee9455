//! Public games and their watchers, and `game play` reading a mail's body.

use super::new_game;
use crate::support::cli::arbiter;

#[test]
fn a_public_game_and_its_watchers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let run = arbiter(
        &db,
        &[
            "game",
            "new",
            "chess",
            "--white",
            "a@example.test",
            "--black",
            "b@example.test",
            "--public",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let run = arbiter(&db, &["game", "watchers", "1"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out, "game #1: no one watches\n");
    let run = arbiter(&db, &["game", "watchers", "9"]);
    assert_ne!(run.code, 0);
    assert!(run.err.contains("there is no game #9"), "{}", run.err);
    // Takeback and abort from the command line, as by mail.
    let run = arbiter(&db, &["game", "play", "1", "--as", "a@example.test", "e4"]);
    assert_eq!(run.code, 0, "{}", run.err);
    let run = arbiter(
        &db,
        &["game", "play", "1", "--as", "b@example.test", "abort"],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("no result"), "{}", run.out);
}

/// The body shapes of the mail corpus (tests/data/eml): each says `e4`,
/// and `game play` must read it as a mail's body is read.
const BODIES: &[(&str, &str)] = &[
    ("mobile footer", "e4\n\nSent from my iPad"),
    (
        "signature",
        "e4\n\n-- \nAlice Smith\nSpringfield Chess Club",
    ),
    (
        "quoted reply, top-posted",
        "e4\n\nOn Sat, 21 Nov 2026 at 10:00, Arbiter <referee@example.test> wrote:\n\
         > Game 1, Chess. Your move, Alice.\n>\n>    a b c d e f g h",
    ),
    (
        "quoted reply, bottom-posted",
        "On Sat, 21 Nov 2026, Arbiter wrote:\n> Your move, Alice.\n>\n\ne4\n\n-- \nAlice",
    ),
    ("a greeting first", "Hi Bob,\ne4\nthanks for the game"),
    (
        "Outlook's original message",
        "e4\n\n-----Original Message-----\nFrom: Arbiter\nSent: Saturday\nd4",
    ),
    (
        "German client",
        "e4\n\nAm 21.11.2026 um 10:00 schrieb Arbiter:\n> Zug",
    ),
];

/// The notation of the last move of `game` in the database at `db`.
async fn last_move(store: &arbiter::store::Store, game: i64) -> Option<String> {
    use sqlx::Row;
    sqlx::query(
        "SELECT notation FROM log WHERE game_id = ? AND seat IS NOT NULL ORDER BY idx DESC LIMIT 1",
    )
    .bind(game)
    .fetch_optional(store.pool())
    .await
    .unwrap()
    .map(|row| row.get(0))
}

#[tokio::test]
async fn game_play_reads_a_body_as_the_mail_path_does() {
    use crate::support::room::{REFEREE, Room, mail, started_game};
    use arbiter::config::RefereeConfig;
    use arbiter::store::mail::Handled;

    for (shape, body) in BODIES {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("arbiter.db");
        let store = arbiter::store::Store::open(&db).await.unwrap();
        // Game 1 by mail: alice's reply with this body.
        let mut room = Room::with_store(store.clone(), RefereeConfig::default());
        let (alice, _bob) = started_game(&mut room, "chess", "").await;
        let raw = mail("alice@example.test", &alice, "Re: your move", "m1@x", body);
        assert_eq!(room.deliver(&raw).await, Handled::Applied, "{shape}");
        let by_mail = last_move(&store, 1).await;

        // Game 2 from the command line: the same text, as the host types it.
        let id = new_game(&db, "chess", &[]);
        assert_eq!(id, "2");
        let run = arbiter(
            &db,
            &["game", "play", "2", "--as", "alice@example.test", body],
        );
        assert_eq!(run.code, 0, "{shape}: {}{}", run.out, run.err);
        assert!(run.out.contains("accepted: e4"), "{shape}: {}", run.out);
        let by_cli = last_move(&store, 2).await;

        assert_eq!(by_cli, by_mail, "{shape}");
        assert_eq!(by_cli.as_deref(), Some("e4"), "{shape}");
        // The reading itself, shared: the same lines from both.
        let parsed = arbiter::mail::parse::parse(&raw, REFEREE);
        assert_eq!(
            arbiter::mail::parse::read_body(body).lines,
            parsed.lines,
            "{shape}"
        );
    }
}

#[test]
fn game_play_refuses_a_body_without_a_command_as_a_mail_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    new_game(&db, "chess", &[]);
    let run = arbiter(
        &db,
        &[
            "game",
            "play",
            "1",
            "--as",
            "alice@example.test",
            "Sent from my iPhone",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.out);
    assert!(run.err.contains("holds no command"), "{}", run.err);
    // The refusal mail alice would get, her board included; nothing changed.
    assert!(run.out.contains("a b c d e f g h"), "{}", run.out);
    let run = arbiter(
        &db,
        &["game", "play", "1", "--as", "bob@example.test", "e5"],
    );
    assert_eq!(run.code, 1, "still White's move: {}", run.err);
}
