//! The referee's computer opponent through the mail path (the in-process
//! mail room) and the command line: a game against it from the challenge
//! to its end, one mail per move carrying the computer's answer, nothing
//! ever mailed to its pseudo-address, and the host's limits.

use crate::support::cli::arbiter;
use crate::support::room::{REFEREE, Room, mail};
use arbiter::config::RefereeConfig;
use arbiter::referee::{ComputerRequest, LoadedGame};
use arbiter::rules::{Seat, Status};
use arbiter::store::mail::Handled;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::Row;

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";
const COMPUTER: &str = "computer@example.test";

/// A host whose computer thinks 30 ms a move at its strongest.
fn quick() -> RefereeConfig {
    RefereeConfig {
        computer_budget_ms: 30,
        ..RefereeConfig::default()
    }
}

fn next_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

async fn send(room: &mut Room, from: &str, to: &str, body: &str) -> Handled {
    let id = format!("c{}@x", next_id());
    room.deliver(&mail(from, to, "Re", &id, body)).await
}

/// Every queued mail: (recipient, subject, text).
async fn mails(room: &Room) -> Vec<(String, String, String)> {
    room.outbox().await
}

async fn load(room: &Room, id: i64) -> LoadedGame {
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    room.mailroom.referee.load(&mut tx, id).await.unwrap()
}

/// The log's sources, in order.
async fn sources(room: &Room, id: i64) -> Vec<String> {
    sqlx::query("SELECT source FROM log WHERE game_id = ? ORDER BY idx")
        .bind(id)
        .fetch_all(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

#[tokio::test]
async fn a_game_against_the_computer_by_mail_one_mail_per_move() {
    let mut room = Room::new(quick()).await;
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge computer chess level=3 as white"
        )
        .await,
        Handled::Applied
    );
    let start = mails(&room).await;
    assert_eq!(start.len(), 1, "the player's start mail only: {start:?}");
    let (to, subject, text) = &start[0];
    assert_eq!(to, ALICE);
    assert!(subject.starts_with("[arbiter #1] Chess"), "{subject}");
    assert!(
        text.contains("You play White against computer@example.test"),
        "{text}"
    );
    let game = load(&room, 1).await;
    assert_eq!(
        game.computer.map(|c| (c.seat, c.level.number())),
        Some((Seat::Black, 3))
    );

    let mut rng = StdRng::seed_from_u64(7);
    let mut moves = 0;
    while moves < 30 && !load(&room, 1).await.status().is_finished() {
        let game = load(&room, 1).await;
        assert!(
            game.status().owes(Seat::White).is_some(),
            "White's turn after each answer"
        );
        let legal = game.legal_texts(Seat::White);
        let text = legal[rng.random_range(0..legal.len())].clone();
        let before = mails(&room).await.len();
        let reply = room.reply_to(ALICE).await;
        assert_eq!(
            send(&mut room, ALICE, &reply, &text).await,
            Handled::Applied
        );
        let after = mails(&room).await;
        assert_eq!(after.len(), before + 1, "one mail for {text}: {after:?}");
        let (to, _, mail) = after.last().unwrap();
        assert_eq!(to, ALICE);
        assert!(mail.contains(&format!("accepted: {text}")), "{mail}");
        let game = load(&room, 1).await;
        if !game.status().is_finished() {
            // The computer's answer is in the same mail.
            assert!(mail.contains("Black played "), "{mail}");
        }
        moves += 1;
    }
    if !load(&room, 1).await.status().is_finished() {
        let reply = room.reply_to(ALICE).await;
        assert_eq!(
            send(&mut room, ALICE, &reply, "resign").await,
            Handled::Applied
        );
    }
    let game = load(&room, 1).await;
    assert!(matches!(game.status(), Status::Finished(_)));
    assert!(
        mails(&room).await.iter().all(|(to, _, _)| to != COMPUTER),
        "nothing is ever mailed to the computer"
    );
    // The computer's moves are in the log like anyone's, and the log
    // replays to the stored game.
    let sources = sources(&room, 1).await;
    assert!(sources.iter().filter(|s| *s == "computer").count() >= moves.min(1));
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
}

#[tokio::test]
async fn the_computer_moves_first_as_white_in_the_start_mail() {
    let mut room = Room::new(quick()).await;
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge computer chess as black"
        )
        .await,
        Handled::Applied
    );
    let start = mails(&room).await;
    assert_eq!(start.len(), 1);
    let text = &start[0].2;
    assert!(
        text.contains("You play Black against computer@example.test"),
        "{text}"
    );
    assert!(
        text.contains("White played "),
        "the computer's first move: {text}"
    );
    assert!(load(&room, 1).await.status().owes(Seat::Black).is_some());
    assert_eq!(sources(&room, 1).await, ["computer"]);
}

#[tokio::test]
async fn the_computer_cannot_be_mailed_or_invited() {
    let mut room = Room::new(quick()).await;
    // An ordinary challenge to its pseudo-address.
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge computer@example.test chess"
        )
        .await,
        Handled::Refused
    );
    let (_, _, text) = mails(&room).await.pop().unwrap();
    assert!(text.contains("challenge computer GAME"), "{text}");
    // A mail from its address with its seat's key is refused like a stranger's.
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge computer chess as black"
        )
        .await,
        Handled::Applied
    );
    let secret = load(&room, 1)
        .await
        .seats
        .iter()
        .find(|s| s.seat == Seat::White)
        .unwrap()
        .secret
        .clone();
    let log = room.log_len().await;
    assert_eq!(
        send(
            &mut room,
            COMPUTER,
            &format!("referee+1.{secret}@example.test"),
            "e5"
        )
        .await,
        Handled::Refused
    );
    assert_eq!(room.log_len().await, log, "nothing changed");
}

#[tokio::test]
async fn a_host_turns_the_computer_off_or_limits_its_games() {
    let mut room = Room::new(RefereeConfig {
        computer: false,
        ..quick()
    })
    .await;
    assert_eq!(
        send(&mut room, ALICE, REFEREE, "challenge computer chess").await,
        Handled::Refused
    );
    let (_, _, text) = mails(&room).await.pop().unwrap();
    assert!(text.contains("turned the computer opponent off"), "{text}");
    assert!(text.contains("Nothing was changed."), "{text}");

    let mut room = Room::new(RefereeConfig {
        computer_max_games: 1,
        ..quick()
    })
    .await;
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge computer chess as white"
        )
        .await,
        Handled::Applied
    );
    assert_eq!(
        send(&mut room, BOB, REFEREE, "challenge computer chess").await,
        Handled::Refused
    );
    let (to, _, text) = mails(&room).await.pop().unwrap();
    assert_eq!(to, BOB);
    assert!(text.contains("already plays 1 games"), "{text}");
    // Once the first game ends, another may start.
    let reply = room.reply_to(ALICE).await;
    assert_eq!(
        send(&mut room, ALICE, &reply, "resign").await,
        Handled::Applied
    );
    assert_eq!(
        send(&mut room, BOB, REFEREE, "challenge computer chess").await,
        Handled::Applied
    );
}

#[tokio::test]
async fn bad_levels_options_and_games_are_refused() {
    let mut room = Room::new(quick()).await;
    for (body, words) in [
        ("challenge computer chess level=4", "level"),
        ("challenge computer chess colour=red", "colour"),
        ("challenge computer checkers", "no game called"),
    ] {
        assert_eq!(
            send(&mut room, ALICE, REFEREE, body).await,
            Handled::Refused
        );
        let (_, _, text) = mails(&room).await.pop().unwrap();
        assert!(text.contains(words), "{body}: {text}");
    }
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    assert!(
        arbiter::store::games::list(&mut tx, None)
            .await
            .unwrap()
            .is_empty(),
        "no game was started"
    );
}

#[tokio::test]
async fn a_computer_game_from_a_position_near_mate() {
    // The host sets up a position in which the computer, as White, mates
    // at once: the game ends with its first move.
    let room = Room::new(quick()).await;
    let referee = &room.mailroom.referee;
    let mut tx = referee.store().write().await.unwrap();
    let options = ["level=1".to_string()];
    let (id, notices) = referee
        .new_computer_game(
            &mut tx,
            ComputerRequest {
                player: BOB,
                game: "chess",
                options: &options,
                color: arbiter::command::ColorChoice::Black,
                position: Some("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"),
            },
            "cli",
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // The player's notice waits for the computer's first move, thought
    // outside the game's transaction.
    assert_eq!(notices.len(), 1, "the player's only");
    assert!(notices[0].held);
    let notices = referee.computer_answer_now(id).await.unwrap();
    assert_eq!(notices.len(), 1, "the player's only");
    assert_eq!(notices[0].address, BOB);
    assert!(
        notices[0].events.iter().any(|e| e == "White played Re8#"),
        "{:?}",
        notices[0].events
    );
    assert!(load(&room, id).await.status().is_finished());
}

#[test]
fn the_command_line_starts_and_lists_computer_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let run = arbiter(
        &db,
        &[
            "game", "new", "chess", "--white", "computer", "--black", ALICE, "--option", "level=1",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out.trim(), "1");
    let list = arbiter(&db, &["game", "list"]);
    assert_eq!(list.code, 0, "{}", list.err);
    assert_eq!(
        list.out.trim(),
        "#1 chess computer@example.test vs alice@example.test playing (computer: White, level 1)"
    );
    // The computer moved at creation; Black answers, and it moves again.
    let log = arbiter(&db, &["game", "log", "1"]);
    assert_eq!(log.out.lines().count(), 1, "{}", log.out);
    let show = arbiter(&db, &["game", "show", "1", "--as", ALICE]);
    assert!(show.out.contains("Black to move"), "{}", show.out);
    let game = arbiter(&db, &["game", "play", "1", "--as", ALICE, "resign"]);
    assert_eq!(game.code, 0, "{}", game.err);
    // Both seats the computer: refused.
    let both = arbiter(
        &db,
        &[
            "game", "new", "chess", "--white", "computer", "--black", "computer",
        ],
    );
    assert_eq!(both.code, 1, "{}", both.out);
}
