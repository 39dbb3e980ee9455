//! Exactly once under SIGKILL: a 20-move chess game by mail through the
//! real Postfix and Dovecot, with the daemon killed (no chance to tidy up)
//! after every move at a different moment, landing while it fetches, while
//! it applies and commits, while it sends, and while it moves mail to the
//! done folder, and restarted at once. At the end every move was applied
//! exactly once, in order, the log replays, and SQLite's integrity check
//! passes.

use std::time::Duration;

use crate::support::{Harness, Setup};
use sqlx::Row;

const MOVES: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_is_applied_exactly_once_through_repeated_sigkills() {
    let mut harness = Harness::start("kill", Setup::DEFAULT);
    let (game, white, black) = harness.chess_game().await;
    assert_eq!(game, 1);
    let store = harness.store().await;
    let alice = harness.player("alice");
    let bob = harness.player("bob");

    let mut sent = Vec::new();
    for (ply, mv) in MOVES.iter().enumerate() {
        let (player, to) = if ply % 2 == 0 {
            (&alice, &white)
        } else {
            (&bob, &black)
        };
        sent.push(player.send(to, "move", mv, None).await.unwrap());
        // Kill at a different moment after each move: 0 to 570 ms, in
        // steps of 30 ms.
        tokio::time::sleep(Duration::from_millis((ply as u64 * 30) % 600)).await;
        harness.kill_daemon();
        harness.start_daemon();
        harness.await_log_len(1, ply as i64 + 1).await;
    }

    // Exactly once: every move mail recorded once, applied, in order.
    assert_eq!(harness.log_len(1).await, MOVES.len() as i64);
    for id in &sent {
        assert_eq!(harness.outcomes_of(id).await, ["applied"], "{id}");
    }
    let notations: Vec<String> =
        sqlx::query("SELECT notation FROM log WHERE game_id = 1 ORDER BY idx")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
    assert_eq!(notations, MOVES);
    let (code, out, err) = harness.cli(&["game", "verify", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    let integrity: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(integrity, "ok");

    // Every answer goes out in the end (at least once), none is lost.
    harness.await_outbox_sent("").await;
    let queued: i64 = sqlx::query("SELECT COUNT(*) FROM outbox WHERE game_id = 1")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        queued,
        2 * MOVES.len() as i64,
        "two notices a move, queued once"
    );
    // The referee's INBOX is empty: every mail was moved to the done folder.
    assert!(harness.player("referee").inbox().await.unwrap().is_empty());
}
