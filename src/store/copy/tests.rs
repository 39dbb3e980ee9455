//! `db copy` between the backends, every table filled.

use chrono::Duration;

use super::*;
use crate::rules::Seat;
use crate::store::clock::{self, Vacation, parse_time};
use crate::store::mail::{self, Handled, MailKey};
use crate::store::on_both_backends::new_game;
use crate::store::{
    challenges, computers, conditionals, digests, games, names, ratings, tournament_settings,
    tournaments, watchers,
};

/// A little of everything, in every table.
async fn fill(store: &Store) {
    let mut tx = store.write().await.unwrap();
    let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
    let other = new_game(&mut tx, "c@x.test", "computer@x.test").await;
    let action = serde_json::json!({"kind": "action", "text": "e4"});
    games::append_log(&mut tx, id, 0, Some(Seat::White), &action, "e4", "imap:1:2")
        .await
        .unwrap();
    computers::insert(&mut tx, other, Seat::Black, 3)
        .await
        .unwrap();
    conditionals::set(&mut tx, id, Seat::Black, &serde_json::json!({"e5": {}}), 1)
        .await
        .unwrap();
    watchers::add(&mut tx, id, "w@x.test", 1).await.unwrap();
    let options = crate::rules::Options::default();
    challenges::insert(
        &mut tx,
        challenges::NewChallenge {
            challenger: "a@x.test",
            opponent: "d@x.test",
            game: "chess",
            options: &options,
            color: "white",
            secret: "s",
            public: true,
            rated: false,
        },
    )
    .await
    .unwrap();
    let key = MailKey {
        mailbox: "INBOX".into(),
        uidvalidity: 3_000_000_000,
        uid: 9,
    };
    mail::record_inbound(
        &mut tx,
        &key,
        Some("<i@x>"),
        Some("a@x.test"),
        Handled::Applied,
        "",
        Some(id),
    )
    .await
    .unwrap();
    mail::enqueue(
        &mut tx,
        "b@x.test",
        "<o@r>",
        "Game 1",
        &[0, 159, 255, 10],
        Some(id),
        Some(1),
    )
    .await
    .unwrap();
    mail::set_mailbox_uidvalidity(&mut tx, "INBOX", 3_000_000_000)
        .await
        .unwrap();
    clock::record_reminder(&mut tx, id, "2030-01-01T00:00:00Z", Seat::Black)
        .await
        .unwrap();
    let starts = parse_time("2030-01-01T00:00:00Z").unwrap();
    clock::add_vacation(
        &mut tx,
        "b@x.test",
        Vacation {
            starts,
            ends: starts + Duration::days(2),
        },
    )
    .await
    .unwrap();
    clock::set_next_check(&mut tx, other, None).await.unwrap();
    digests::set(&mut tx, "c@x.test", true).await.unwrap();
    digests::sent(&mut tx, "c@x.test", starts, "2:0")
        .await
        .unwrap();
    let t = tournaments::insert(
        &mut tx,
        tournaments::NewTournament {
            name: "club",
            game: "chess",
            options: &options,
            format: "round-robin/7",
            rated: true,
        },
    )
    .await
    .unwrap()
    .unwrap();
    tournaments::join(&mut tx, t, "a@x.test").await.unwrap();
    let settings = tournament_settings::TournamentSettings {
        days_per_move: Some(5),
        vacation: false,
        starts_on: chrono::NaiveDate::from_ymd_opt(2030, 1, 2),
        computers: true,
    };
    tournament_settings::set(&mut tx, t, &settings)
        .await
        .unwrap();
    tournament_settings::set_start_missed(&mut tx, t)
        .await
        .unwrap();
    let own = clock::GameClock {
        days_per_move: 5,
        vacation: false,
    };
    clock::set_game_clock(&mut tx, id, own).await.unwrap();
    names::set(&mut tx, "a@x.test", "Alice Smith")
        .await
        .unwrap();
    let game = tournaments::TournamentGame {
        section: 1,
        round: 1,
        white: 1,
        black: 2,
        game_id: id,
        result: Some("1-0".into()),
    };
    tournaments::add_game(&mut tx, t, &game).await.unwrap();
    crate::store::swiss::add_bye(&mut tx, t, 1, 3)
        .await
        .unwrap();
    crate::store::swiss::add_unannounced(&mut tx, id)
        .await
        .unwrap();
    crate::store::swiss::add_unpairable(&mut tx, t, 2)
        .await
        .unwrap();
    let line = ratings::RatingRow {
        player: "a@x.test".into(),
        rating: 1_662.311_2,
        deviation: 290.2,
        volatility: 0.059_99,
        games: 1,
        last_day: 20_000,
    };
    ratings::set(&mut tx, "chess", &line).await.unwrap();
    ratings::set_unrated(&mut tx, other).await.unwrap();
    let change = ratings::Change {
        white: (1500.0, 1_662.311_2),
        black: (1500.0, 1_337.688_8),
    };
    ratings::record_change(&mut tx, id, change).await.unwrap();
    tx.commit().await.unwrap();
}

/// Every row of every table, as the copy reads them.
async fn everything(store: &Store) -> Vec<Vec<Vec<Value>>> {
    let mut tx = store.read().await.unwrap();
    let mut all = Vec::new();
    for table in TABLES {
        all.push(read_chunk(&mut tx, table, 0).await.unwrap());
    }
    all
}

#[tokio::test]
async fn sqlite_to_postgres_and_back_keeps_every_row() {
    let dir = tempfile::tempdir().unwrap();
    let source = Store::open(&dir.path().join("a.db")).await.unwrap();
    fill(&source).await;
    let server = crate::store::testing::postgres().await;
    let copied = copy(&source, &server).await.unwrap();
    assert!(copied.rows.iter().all(|(_, rows)| *rows > 0), "{copied:?}");
    let back = Store::open(&dir.path().join("b.db")).await.unwrap();
    copy(&server, &back).await.unwrap();
    let before = everything(&source).await;
    assert_eq!(before, everything(&server).await);
    assert_eq!(before, everything(&back).await);

    // New rows on the copies get new ids, after the copied ones.
    for store in [&server, &back] {
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "e@x.test", "f@x.test").await;
        assert_eq!(id, 3, "{:?}", store.backend());
        tx.commit().await.unwrap();
    }
    // A copy goes into an empty database only.
    let refused = copy(&source, &back).await.unwrap_err().to_string();
    assert!(refused.contains("not empty"), "{refused}");
}
