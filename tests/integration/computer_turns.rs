//! The computer thinks outside the transaction of the player's move (issue
//! 28), through the mail room on a database file: the move commits with
//! the debt of an answer and the player's notice held; the answer commits
//! later with the one mail that carries both. A process stopped between
//! the two (here: the mail room dropped after the move's commit, and a new
//! one opened on the same file, as a restart does) answers exactly once,
//! with one mail; two answering at once record one answer; and other mail
//! is processed while the computer thinks.

use std::time::Duration;

use crate::support::room::{REFEREE, Room, mail};
use arbiter::config::RefereeConfig;
use arbiter::store::Store;
use arbiter::store::mail::Handled;
use sqlx::Row;

const ALICE: &str = "alice@example.test";

/// A host whose computer thinks `ms` a move at its strongest.
fn thinking(ms: u64) -> RefereeConfig {
    RefereeConfig {
        computer_budget_ms: ms,
        ..RefereeConfig::default()
    }
}

/// A mail room on the database file `path`, as a fresh process opens it.
async fn open(path: &std::path::Path, config: RefereeConfig) -> Room {
    Room::with_store(Store::open(path).await.unwrap(), config)
}

/// Game 1's log: (source, notation), in order.
async fn log(room: &Room) -> Vec<(String, String)> {
    sqlx::query("SELECT source, notation FROM log WHERE game_id = 1 ORDER BY idx")
        .fetch_all(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// The log length the computer owes an answer since in game 1, if any.
async fn owed(room: &Room) -> Option<i64> {
    sqlx::query("SELECT owes FROM computers WHERE game_id = 1")
        .fetch_one(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .get(0)
}

/// Alice starts a chess game against the computer as White; returns her
/// reply address.
async fn started(room: &mut Room) -> String {
    let challenge = mail(
        ALICE,
        REFEREE,
        "A game",
        "start@x",
        "challenge computer chess as white",
    );
    assert_eq!(room.deliver(&challenge).await, Handled::Applied);
    assert_eq!(room.mails_to(ALICE).await.len(), 1, "the start mail");
    room.reply_to(ALICE).await
}

#[tokio::test]
async fn a_stop_between_the_move_and_the_answer_answers_once_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.db");
    let mut room = open(&path, thinking(30)).await;
    let reply = started(&mut room).await;

    // Alice's move commits, and the process stops before the computer's
    // answer: the move is recorded with the debt, and her mail is held.
    let key = room.next_key();
    let moved = mail(ALICE, &reply, "Re", "e4@x", "e4");
    assert_eq!(room.process_only(key, &moved).await, Handled::Applied);
    assert_eq!(log(&room).await, [("mail:e4@x".into(), "e4".into())]);
    assert_eq!(owed(&room).await, Some(1));
    assert_eq!(room.mails_to(ALICE).await.len(), 1, "her notice is held");
    room.mailroom.referee.store().pool().close().await;
    drop(room);

    // The restart answers, once, in one mail that carries both moves and
    // answers hers.
    let room = open(&path, thinking(30)).await;
    assert_eq!(room.mailroom.computer_answers().await.unwrap(), 1);
    let entries = log(&room).await;
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[1].0, "computer");
    assert_eq!(owed(&room).await, None);
    let mails = room.mails_to(ALICE).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(mails[1].contains("accepted: e4"), "{}", mails[1]);
    assert!(
        mails[1].contains(&format!("Black played {}", entries[1].1)),
        "{}",
        mails[1]
    );
    let threading = room.threading().await;
    assert_eq!(
        threading.last().unwrap().in_reply_to.as_deref(),
        Some("e4@x")
    );
    // Nothing is owed any more: another round, or another restart, does
    // nothing.
    assert_eq!(room.mailroom.computer_answers().await.unwrap(), 0);
    room.mailroom.referee.store().pool().close().await;
    drop(room);
    let room = open(&path, thinking(30)).await;
    assert_eq!(room.mailroom.computer_answers().await.unwrap(), 0);
    assert_eq!(log(&room).await.len(), 2);
    assert_eq!(room.mails_to(ALICE).await.len(), 2);
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_answering_at_once_record_one_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.db");
    let mut room = open(&path, thinking(30)).await;
    let reply = started(&mut room).await;
    let key = room.next_key();
    let moved = mail(ALICE, &reply, "Re", "e4@x", "e4");
    assert_eq!(room.process_only(key, &moved).await, Handled::Applied);
    // Two processes on one database (a daemon and a host's command, say)
    // both think, and both try to record.
    let other = open(&path, thinking(30)).await;
    let (a, b) = tokio::join!(
        room.mailroom.computer_answers(),
        other.mailroom.computer_answers()
    );
    assert_eq!(a.unwrap() + b.unwrap(), 1, "one mail");
    let entries = log(&room).await;
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(room.mails_to(ALICE).await.len(), 2);
}

#[tokio::test]
async fn entries_before_the_answer_go_in_its_mail() {
    let mut room = Room::new(thinking(30)).await;
    let reply = started(&mut room).await;
    // Her move, and before the computer answers, a draw offer: the
    // computer still owes its move, and both of hers wait for it.
    let key = room.next_key();
    let moved = mail(ALICE, &reply, "Re", "e4@x", "e4");
    assert_eq!(room.process_only(key, &moved).await, Handled::Applied);
    let key = room.next_key();
    let offer = mail(ALICE, &reply, "Re", "draw@x", "draw");
    assert_eq!(room.process_only(key, &offer).await, Handled::Applied);
    assert_eq!(owed(&room).await, Some(2));
    assert_eq!(room.mails_to(ALICE).await.len(), 1, "both held");
    assert_eq!(room.mailroom.computer_answers().await.unwrap(), 1);
    let mails = room.mails_to(ALICE).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    let answer = &mails[1];
    for told in [
        "accepted: offer draw",
        "White played e4",
        "White offers a draw",
        "Black played ",
        "White's draw offer lapsed",
    ] {
        assert!(answer.contains(told), "{told}: {answer}");
    }
    assert_eq!(
        room.threading()
            .await
            .last()
            .unwrap()
            .in_reply_to
            .as_deref(),
        Some("draw@x")
    );
}

#[tokio::test]
async fn a_resignation_before_the_answer_ends_the_debt() {
    let mut room = Room::new(thinking(30)).await;
    let reply = started(&mut room).await;
    let key = room.next_key();
    let moved = mail(ALICE, &reply, "Re", "e4@x", "e4");
    assert_eq!(room.process_only(key, &moved).await, Handled::Applied);
    let key = room.next_key();
    let resign = mail(ALICE, &reply, "Re", "resign@x", "resign");
    assert_eq!(room.process_only(key, &resign).await, Handled::Applied);
    // Told at once, with her move; the computer owes nothing.
    assert_eq!(owed(&room).await, None);
    let mails = room.mails_to(ALICE).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(mails[1].contains("White played e4"), "{}", mails[1]);
    assert!(mails[1].contains("White resigned"), "{}", mails[1]);
    assert_eq!(room.mailroom.computer_answers().await.unwrap(), 0);
    assert_eq!(log(&room).await.len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_mail_is_processed_while_the_computer_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.db");
    // Three seconds a move (the whole budget, at level 3, which sets no
    // depth limit: the lower levels' alpha-beta may finish early): long
    // beside a mail's processing.
    let mut room = open(&path, thinking(3_000)).await;
    let challenge = mail(
        ALICE,
        REFEREE,
        "A game",
        "start@x",
        "challenge computer chess level=3 as white",
    );
    assert_eq!(room.deliver(&challenge).await, Handled::Applied);
    let reply = room.reply_to(ALICE).await;
    let key = room.next_key();
    let moved = mail(ALICE, &reply, "Re", "e4@x", "e4");
    assert_eq!(room.process_only(key, &moved).await, Handled::Applied);
    let answering = tokio::spawn({
        let mailroom = room.mailroom.clone();
        async move { mailroom.computer_answers().await }
    });
    // Once it thinks, another mail (Bob's challenge) is processed and
    // committed; the computer's answer is still to come.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let challenge = mail(
        "bob@example.test",
        REFEREE,
        "A game",
        "bob@x",
        "challenge carol@example.test chess",
    );
    let key = room.next_key();
    assert_eq!(room.process_only(key, &challenge).await, Handled::Applied);
    assert!(
        !answering.is_finished(),
        "the challenge waited for the computer"
    );
    assert_eq!(log(&room).await.len(), 1, "no answer yet");
    assert_eq!(answering.await.unwrap().unwrap(), 1);
    assert_eq!(log(&room).await.len(), 2);
}
