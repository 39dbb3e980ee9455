//! The mail server stopped and started again in the middle of a game by
//! mail: the referee sends over new connections by itself, the game goes
//! on, and nothing is lost or applied twice. (A dropped IMAP connection is
//! covered by the chess game's `doveadm kick`.)

mod support;

use std::time::Duration;

use sqlx::Row;
use support::{Harness, Setup};

const MOVES: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_the_mail_server_restarts() {
    let mut harness = Harness::start("restart", Setup::DEFAULT);
    let (game, white, black) = harness.chess_game().await;
    let alice = harness.player("alice");
    let bob = harness.player("bob");
    let mut sent = Vec::new();
    for (ply, mv) in MOVES.iter().enumerate() {
        if ply == 4 {
            // Both masters down for three seconds, then up again where they
            // were: Postfix's processes go with its master, so the referee's
            // pooled SMTP connections die; Dovecot's serving process may
            // outlive its master and keep the IMAP session.
            harness.stack.restart(Duration::from_secs(3)).unwrap();
        }
        let (player, to) = if ply % 2 == 0 {
            (&alice, &white)
        } else {
            (&bob, &black)
        };
        sent.push(player.send(to, "move", mv, None).await.unwrap());
        harness.await_log_len(game, ply as i64 + 1).await;
    }
    for id in &sent {
        assert_eq!(harness.outcomes_of(id).await, ["applied"], "{id}");
    }
    harness.await_outbox_sent("").await;
    let store = harness.store().await;
    let queued: i64 = sqlx::query("SELECT COUNT(*) FROM outbox WHERE game_id = ?")
        .bind(game)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(queued, 2 * MOVES.len() as i64);
}
