//! A tournament's settings (its clock, start day, computer entrants) and a
//! game's own clock, on each backend (see [`super::on_both_backends`]).

use chrono::NaiveDate;

use super::clock::{self, GameClock};
use super::on_both_backends::new_game;
use super::testing::stores;
use super::tournament_settings::{self, TournamentSettings};
use super::tournaments::{self, NewTournament};
use crate::rules::Options;

#[tokio::test]
async fn a_tournaments_clock_start_day_and_computers_and_a_games_own_clock() {
    let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).unwrap();
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let options = Options::default();
        let new = |name| NewTournament {
            name,
            game: "chess",
            options: &options,
            format: "round-robin/7",
            rated: true,
        };
        let a = tournaments::insert(&mut tx, new("a"))
            .await
            .unwrap()
            .unwrap();
        let b = tournaments::insert(&mut tx, new("b"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            tournament_settings::get(&mut tx, a).await.unwrap(),
            TournamentSettings::default(),
            "{backend:?}: the host's clock, vacations, no start day, no computer"
        );
        let settings = TournamentSettings {
            days_per_move: Some(5),
            vacation: false,
            starts_on: Some(day(2)),
            computers: true,
        };
        tournament_settings::set(&mut tx, a, &settings)
            .await
            .unwrap();
        assert_eq!(
            tournament_settings::get(&mut tx, a).await.unwrap(),
            settings
        );
        let later = TournamentSettings {
            starts_on: Some(day(9)),
            ..TournamentSettings::default()
        };
        tournament_settings::set(&mut tx, b, &later).await.unwrap();

        // Due from its day on, while open; told once.
        assert!(
            tournament_settings::due_to_start(&mut tx, day(1))
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            tournament_settings::due_to_start(&mut tx, day(2))
                .await
                .unwrap(),
            [(a, false)],
            "{backend:?}"
        );
        tournament_settings::set_start_missed(&mut tx, a)
            .await
            .unwrap();
        assert_eq!(
            tournament_settings::due_to_start(&mut tx, day(10))
                .await
                .unwrap(),
            [(a, true), (b, false)],
            "{backend:?}"
        );
        tournaments::set_status(&mut tx, a, "started")
            .await
            .unwrap();
        assert_eq!(
            tournament_settings::due_to_start(&mut tx, day(10))
                .await
                .unwrap(),
            [(b, false)],
            "{backend:?}: a started tournament is not due"
        );

        let game = new_game(&mut tx, "a@x.test", "b@x.test").await;
        assert_eq!(clock::game_clock(&mut tx, game).await.unwrap(), None);
        let own = GameClock {
            days_per_move: 5,
            vacation: false,
        };
        clock::set_game_clock(&mut tx, game, own).await.unwrap();
        assert_eq!(
            clock::game_clock(&mut tx, game).await.unwrap(),
            Some(own),
            "{backend:?}"
        );
        tx.commit().await.unwrap();
    }
}

#[tokio::test]
async fn public_names_unique_without_regard_to_case() {
    use super::names;
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        assert_eq!(names::get(&mut tx, "a@x.test").await.unwrap(), None);
        assert!(
            names::set(&mut tx, "a@x.test", "Alice Smith")
                .await
                .unwrap()
        );
        assert!(
            !names::set(&mut tx, "b@x.test", "alice SMITH")
                .await
                .unwrap(),
            "{backend:?}: taken, in another case"
        );
        assert!(
            !names::set_first(&mut tx, "b@x.test", "ALICE smith")
                .await
                .unwrap(),
            "{backend:?}"
        );
        assert!(names::set_first(&mut tx, "b@x.test", "Bob").await.unwrap());
        assert!(
            !names::set_first(&mut tx, "b@x.test", "Robert")
                .await
                .unwrap(),
            "{backend:?}: only the first"
        );
        // One's own name in another case, then another name.
        assert!(
            names::set(&mut tx, "a@x.test", "ALICE SMITH")
                .await
                .unwrap()
        );
        assert!(names::set(&mut tx, "a@x.test", "Alice").await.unwrap());
        assert!(
            names::set(&mut tx, "c@x.test", "alice smith")
                .await
                .unwrap()
        );
        let all = names::all(&mut tx).await.unwrap();
        assert_eq!(all.len(), 3, "{backend:?}");
        assert_eq!(all["a@x.test"], "Alice");
        assert_eq!(all["b@x.test"], "Bob");
        assert_eq!(
            names::get(&mut tx, "c@x.test").await.unwrap().as_deref(),
            Some("alice smith")
        );
        tx.commit().await.unwrap();
    }
}
