//! End to end through the real Postfix and Dovecot: a whole game of Bluff
//! Chess against the computer, challenged by mail. The player mails her
//! moves and sealed decisions; every answer carries the computer's reply;
//! nothing is ever mailed to the computer's pseudo-address; the
//! computer's own sealed decisions reach the player only as commitments
//! until their reveal, and at the end each opens to its commitment, checked
//! here with SHA-256 independently of the referee.
//!
//! And the computer thinking outside the move's transaction: the daemon
//! processes other mail meanwhile, and killed (SIGKILL) while the computer
//! thinks, it answers once at its restart, in one mail.

use std::time::Duration;

use crate::support::{Harness, Reader, Setup};
use arbiter::games::GameInfo;
use arbiter::referee::Referee;
use arbiter::rules::{Seat, Status};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sha2::{Digest, Sha256};
use sqlx::Row;

const GAME: &str = "bluff-chess";
/// The most moves Alice plays before she resigns (random moves lose long
/// before, as a rule; the cap keeps the test's time bounded).
const MOST_MOVES: usize = 80;

/// The state of game 1 as the referee loads it.
async fn load(harness: &Harness) -> arbiter::referee::LoadedGame {
    let store = harness.store().await;
    let referee = Referee::new(store.clone());
    let mut tx = store.read().await.unwrap();
    referee.load(&mut tx, 1).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_by_mail() {
    // A host whose computer thinks 40 ms a move at its strongest.
    let harness =
        Harness::start_configured("computer", Setup::DEFAULT, Default::default(), |text| {
            text.replace(
                "[referee]\n",
                "[referee]\ncomputer_budget_ms = 40\nrate_limit_per_hour = 100000\n",
            )
        });
    let mut alice = Reader::new(harness.player("alice"));
    let referee = harness.referee.clone();
    alice
        .player
        .send(
            &referee,
            "A game",
            &format!("challenge computer {GAME} level=3 as white\n"),
            None,
        )
        .await
        .unwrap();
    let mut last = alice.one().await;
    assert!(
        last.text.contains(&format!(
            "You play White against computer@{}",
            "example.test"
        )),
        "{}",
        last.text
    );
    assert_eq!(
        load(&harness).await.computer.map(|c| c.seat),
        Some(Seat::Black)
    );

    let mut rng = StdRng::seed_from_u64(11);
    let mut played = 0;
    loop {
        let game = load(&harness).await;
        let Status::Ongoing(dues) = game.status() else {
            break;
        };
        assert_eq!(
            dues[0].seat,
            Seat::White,
            "the computer owes nothing: {dues:?}"
        );
        let text = if played == MOST_MOVES {
            "resign".to_string()
        } else {
            let legal: Vec<String> = game
                .legal_texts(Seat::White)
                .into_iter()
                .filter(|t| !t.contains("claim"))
                .collect();
            legal[rng.random_range(0..legal.len())].clone()
        };
        let id = alice.player.reply(&last, &text).await.unwrap();
        assert_eq!(harness.outcome_of(&id).await, "applied", "{text}");
        last = alice.one().await;
        assert!(
            last.text.contains(&format!("accepted: {text}")) || last.subject.contains("game over"),
            "{text}: {}",
            last.text
        );
        played += 1;
    }
    let end = last;
    assert!(end.subject.contains("game over"), "{:?}", end.subject);
    if GameInfo::find(GAME).unwrap().random {
        assert!(end.text.contains("The game's seed was"), "{}", end.text);
    }

    // The computer played, through the log like a person.
    let (code, log, _) = harness.cli(&["game", "log", "1"]);
    assert_eq!(code, 0);
    assert!(log.contains("Black"), "{log}");
    assert_eq!(harness.cli(&["game", "verify", "1"]).0, 0);

    // Every sealed decision opens to its commitment, by SHA-256 here; the
    // computer's were shown to Alice before the end only as commitments.
    let (code, json, err) = harness.cli(&["game", "export", "1", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let export: serde_json::Value = serde_json::from_str(&json).unwrap();
    let secrets = export["secrets"].as_array().unwrap();
    // Alice's mails in the order she got them; the first that shows a text.
    let first_with = |needle: &str| alice.all.iter().position(|m| m.text.contains(needle));
    let mut computers = 0;
    for secret in secrets {
        let (text, salt, commitment) = (
            secret["text"].as_str().unwrap(),
            secret["salt"].as_str().unwrap(),
            secret["commitment"].as_str().unwrap(),
        );
        let hash = hex::encode(Sha256::digest(format!("{text}|{salt}").as_bytes()));
        assert_eq!(hash, commitment, "{secret}");
        if secret["seat"] == "black" {
            computers += 1;
            let shown = first_with(&commitment[..12]).unwrap_or_else(|| {
                panic!("the computer's commitment {commitment} was never shown")
            });
            let opened = first_with(salt).expect("every salt is shown by the end");
            assert!(
                shown < opened,
                "the computer's decision {text:?} was opened (mail {opened}) no later than \
                 its commitment was shown (mail {shown})"
            );
        }
    }
    eprintln!(
        "{played} moves by Alice; {} sealed decisions, {computers} of them the computer's; ended: {}",
        secrets.len(),
        end.subject
    );

    // Nothing was ever mailed to the computer.
    let store = harness.store().await;
    let to_computer: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient LIKE 'computer@%'")
            .fetch_one(store.pool())
            .await
            .unwrap();
    assert_eq!(to_computer, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_while_the_computer_thinks_it_answers_once_after_the_restart() {
    // Four seconds a move: the kill lands while the computer thinks.
    let mut harness =
        Harness::start_configured("thinking", Setup::DEFAULT, Default::default(), |text| {
            text.replace(
                "[referee]\n",
                "[referee]\ncomputer_budget_ms = 4000\nrate_limit_per_hour = 100000\n",
            )
        });
    let mut alice = Reader::new(harness.player("alice"));
    let bob = harness.player("bob");
    let referee = harness.referee.clone();
    alice
        .player
        .send(
            &referee,
            "A game",
            "challenge computer chess level=3 as white\n",
            None,
        )
        .await
        .unwrap();
    let start = alice.one().await;
    let moved = alice.player.reply(&start, "e4").await.unwrap();
    assert_eq!(harness.outcome_of(&moved).await, "applied");

    // The move is committed and the computer thinks: other mail goes on.
    let challenge = bob
        .send(
            &referee,
            "A game",
            "challenge carol@example.test chess\n",
            None,
        )
        .await
        .unwrap();
    assert_eq!(harness.outcome_of(&challenge).await, "applied");
    assert_eq!(
        harness.log_len(1).await,
        1,
        "the computer has not answered yet"
    );

    // Killed before its answer; nothing went to Alice for her move.
    harness.kill_daemon();
    assert_eq!(harness.log_len(1).await, 1);
    alice.none_new().await;
    harness.start_daemon();

    // One answer, in one mail with both moves.
    let answer = alice.one().await;
    assert!(answer.text.contains("accepted: e4"), "{}", answer.text);
    assert!(answer.text.contains("Black played "), "{}", answer.text);
    harness.await_log_len(1, 2).await;
    let store = harness.store().await;
    let sources: Vec<String> = sqlx::query("SELECT source FROM log WHERE game_id = 1 ORDER BY idx")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(sources.len(), 2, "{sources:?}");
    assert_eq!(sources[1], "computer");
    harness.await_outbox_sent("").await;
    let to_alice: i64 = sqlx::query(
        "SELECT COUNT(*) FROM outbox WHERE game_id = 1 AND recipient = 'alice@example.test'",
    )
    .fetch_one(store.pool())
    .await
    .unwrap()
    .get(0);
    assert_eq!(to_alice, 2, "the start mail and the answer, each once");
    // Another restart answers nothing more.
    harness.kill_daemon();
    harness.start_daemon();
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(harness.log_len(1).await, 2);
    alice.none_new().await;
    assert_eq!(harness.cli(&["game", "verify", "1"]).0, 0);
}
