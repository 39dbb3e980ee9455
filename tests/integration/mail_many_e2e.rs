//! Many games at once by mail, through the real Postfix and Dovecot: 200
//! games (chess, and Bluff Chess for hidden information), each move a
//! random legal one (fixed seed) mailed by its player, all games' moves of
//! a round in flight together. At the end every game's stored log and
//! position equal the same actions replayed through the rules offline,
//! every move mail was applied exactly once, and every notice went out.
//!
//! `ARBITER_MANY_GAMES=N` plays N games instead of 200.

use std::collections::HashMap;
use std::time::Instant;

use crate::support::games::many_games;
use crate::support::{Harness, Setup};
use arbiter::demo::mailstack::StackOptions;
use arbiter::games::GameInfo;
use arbiter::referee::{Match, Referee};
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::games;
use futures_util::{StreamExt, stream};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use sqlx::Row;

/// Moves each game gets (fewer if it ends before).
const PLIES: usize = 4;

/// One game as the test plays it: the offline match beside the stored one.
struct Played {
    id: i64,
    info: &'static GameInfo,
    seed: [u8; 32],
    offline: Match,
    players: [(&'static str, String); 2],
    entries: Vec<serde_json::Value>,
    notations: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_by_mail_equal_their_replay_offline() {
    let count: usize = std::env::var("ARBITER_MANY_GAMES")
        .ok()
        .map(|n| n.parse().expect("ARBITER_MANY_GAMES is a number"))
        .unwrap_or(200);
    let started = Instant::now();
    let harness = Harness::start_configured(
        "many",
        Setup::DEFAULT,
        StackOptions::default(),
        // The players each send a hundred mails or more within the hour.
        |text| text.replace("[referee]\n", "[referee]\nrate_limit_per_hour = 100000\n"),
    );
    harness.await_log("watching the mailbox", 1);

    // The games, made by the host beside the running daemon.
    let store = harness.store().await;
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let ids: Vec<_> = many_games(&referee, &mut tx, count)
        .await
        .into_iter()
        .map(|made| (made.id, made.game, made.white, made.black))
        .collect();
    tx.commit().await.unwrap();
    let seeds: HashMap<i64, String> = sqlx::query("SELECT id, seed FROM games")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let secrets: HashMap<(i64, String), String> =
        sqlx::query("SELECT game_id, seat, secret FROM seats")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| ((r.get(0), r.get(1)), r.get(2)))
            .collect();
    let address = |id: i64, seat: &str| {
        format!(
            "referee+{id}.{}@example.test",
            secrets[&(id, seat.to_string())]
        )
    };
    let mut played: Vec<Played> = ids
        .into_iter()
        .map(|(id, game, white, black)| {
            let info = GameInfo::find(game).unwrap();
            let seed: [u8; 32] = hex::decode(&seeds[&id]).unwrap().try_into().unwrap();
            Played {
                id,
                info,
                seed,
                offline: Match::new(info, &Options::default(), seed).unwrap(),
                players: [(white, address(id, "white")), (black, address(id, "black"))],
                entries: Vec::new(),
                notations: Vec::new(),
            }
        })
        .collect();

    // Round by round: each game's next action, all mailed at once.
    let mut rng = StdRng::seed_from_u64(20261124);
    let mut moves = 0;
    for _ in 0..PLIES {
        let mut mails = Vec::new();
        for game in &mut played {
            let Status::Ongoing(dues) = game.offline.status() else {
                continue;
            };
            let seat = dues[0].seat;
            let legal: Vec<String> = game
                .offline
                .legal_texts(seat)
                .into_iter()
                .filter(|t| !t.contains("claim"))
                .collect();
            let text = legal.choose(&mut rng).unwrap().clone();
            let index = game.entries.len() as u64;
            let step = game
                .offline
                .play(seat, &text, game.seed, index)
                .unwrap_or_else(|e| panic!("game {}: {text}: {e}", game.id));
            game.entries
                .push(serde_json::to_value(&step.action).unwrap());
            game.notations.push(step.notation);
            game.offline = step.state;
            let (user, to) = &game.players[if seat == Seat::White { 0 } else { 1 }];
            mails.push((harness.player(user), to.clone(), text));
        }
        moves += mails.len();
        stream::iter(mails)
            .map(|(player, to, text)| async move {
                player.send(&to, "move", &text, None).await.unwrap();
            })
            .buffer_unordered(8)
            .collect::<Vec<_>>()
            .await;
        let wanted: Vec<(i64, i64)> = played
            .iter()
            .map(|g| (g.id, g.entries.len() as i64))
            .collect();
        harness.await_log_lengths(&wanted).await;
    }
    harness.await_outbox_sent("").await;

    // Every game as the offline replay has it.
    let mut tx = store.read().await.unwrap();
    for game in &played {
        let rows = games::log(&mut tx, game.id).await.unwrap();
        let stored: Vec<_> = rows.iter().map(|r| r.entry.clone()).collect();
        assert_eq!(
            stored, game.entries,
            "game {} ({})",
            game.id, game.info.name
        );
        let notations: Vec<_> = rows.iter().map(|r| r.notation.clone()).collect();
        assert_eq!(notations, game.notations, "game {}", game.id);
        let loaded = referee.load(&mut tx, game.id).await.unwrap();
        assert_eq!(loaded.host_position(), game.offline.host_position());
        assert_eq!(
            format!("{:?}", loaded.status()),
            format!("{:?}", game.offline.status())
        );
        referee.verify(&mut tx, game.id).await.unwrap();
    }
    drop(tx);
    // Exactly once: a record per move mail, each applied; two notices a
    // move, all sent.
    let outcomes: Vec<(String, i64)> =
        sqlx::query("SELECT outcome, COUNT(*) FROM inbound GROUP BY outcome")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
    assert_eq!(outcomes, [("applied".to_string(), moves as i64)]);
    let (queued, sent): (i64, i64) =
        sqlx::query("SELECT COUNT(*), COUNT(sent_at) FROM outbox WHERE game_id IS NOT NULL")
            .fetch_one(store.pool())
            .await
            .map(|r| (r.get(0), r.get(1)))
            .unwrap();
    assert_eq!((queued, sent), (2 * moves as i64, 2 * moves as i64));
    println!(
        "{count} games, {moves} moves by mail, equal to their offline replay, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
