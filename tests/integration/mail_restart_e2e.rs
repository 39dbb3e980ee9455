//! The mail server stopped and started again in the middle of a game by
//! mail: both of the referee's connections drop (its IMAP session and its
//! pooled SMTP ones), it opens new ones by itself, the game goes on, and
//! nothing is lost or applied twice.

use std::time::Duration;

use crate::support::{Harness, Setup};
use sqlx::Row;

/// What the daemon logs when its IMAP session drops.
const DROPPED: &str = "IMAP session ended; reconnecting";

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
            // The whole server down for three seconds, then up again where
            // it was, with every connection dropped: the referee's IMAP
            // session ends, and it logs in again once the server is back.
            assert_eq!(harness.daemon_log().matches(DROPPED).count(), 0);
            harness.stack.restart(Duration::from_secs(3)).unwrap();
            // The session dropped with the server, not later.
            assert_eq!(
                harness.daemon_log().matches(DROPPED).count(),
                1,
                "{}",
                harness.daemon_log()
            );
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
