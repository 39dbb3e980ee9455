//! The tournaments' and ratings' data access, on each backend (see
//! [`super::on_both_backends`]).

use super::on_both_backends::new_game;
use super::ratings::{self, RatingRow};
use super::testing::stores;
use super::tournaments::{self, NewTournament, TournamentGame};
use crate::rules::Options;

#[tokio::test]
async fn tournaments_entrants_and_their_games() {
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let options = Options::parse(["version=2"]).unwrap();
        let new = |name| NewTournament {
            name,
            game: "bluff-chess",
            options: &options,
            format: "round-robin/7",
            rated: false,
        };
        let id = tournaments::insert(&mut tx, new("Autumn"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            tournaments::insert(&mut tx, new("Autumn")).await.unwrap(),
            None,
            "{backend:?}"
        );
        let t = tournaments::by_name(&mut tx, "autumn")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (t.id, t.name.as_str(), t.status.as_str()),
            (id, "Autumn", "open")
        );
        assert_eq!(
            (t.options, t.rated, t.started_at),
            (options.clone(), false, None)
        );
        assert!(tournaments::join(&mut tx, id, "a@x.test").await.unwrap());
        assert!(!tournaments::join(&mut tx, id, "a@x.test").await.unwrap());
        assert!(tournaments::join(&mut tx, id, "b@x.test").await.unwrap());
        assert!(tournaments::join(&mut tx, id, "c@x.test").await.unwrap());
        assert!(tournaments::leave(&mut tx, id, "b@x.test").await.unwrap());
        assert!(!tournaments::leave(&mut tx, id, "b@x.test").await.unwrap());
        assert!(tournaments::join(&mut tx, id, "b@x.test").await.unwrap());
        let order: Vec<(String, i64)> = tournaments::entrants(&mut tx, id)
            .await
            .unwrap()
            .into_iter()
            .map(|e| (e.address, e.joined))
            .collect();
        assert_eq!(
            order,
            [
                ("a@x.test".into(), 1),
                ("c@x.test".into(), 3),
                ("b@x.test".into(), 4)
            ],
            "{backend:?}"
        );
        tournaments::place(&mut tx, id, "c@x.test", 1, 2)
            .await
            .unwrap();
        assert!(
            tournaments::withdraw(&mut tx, id, "c@x.test")
                .await
                .unwrap()
        );
        let c = &tournaments::entrants(&mut tx, id).await.unwrap()[1];
        assert_eq!((c.section, c.number, c.withdrawn), (Some(1), Some(2), true));

        let game = new_game(&mut tx, "a@x.test", "c@x.test").await;
        let row = TournamentGame {
            section: 1,
            round: 3,
            white: 1,
            black: 2,
            game_id: game,
            result: None,
        };
        tournaments::add_game(&mut tx, id, &row).await.unwrap();
        assert_eq!(tournaments::of_game(&mut tx, game).await.unwrap(), Some(id));
        assert_eq!(
            tournaments::of_game(&mut tx, game + 100).await.unwrap(),
            None
        );
        tournaments::set_result(&mut tx, game, "+/-").await.unwrap();
        let games = tournaments::games(&mut tx, id).await.unwrap();
        assert_eq!(
            games,
            [TournamentGame {
                result: Some("+/-".into()),
                ..row
            }]
        );

        tournaments::set_status(&mut tx, id, "started")
            .await
            .unwrap();
        let t = tournaments::get(&mut tx, id).await.unwrap().unwrap();
        assert_eq!(t.status, "started");
        assert!(t.started_at.is_some());
        assert_eq!(tournaments::list(&mut tx).await.unwrap().len(), 1);
        tx.commit().await.unwrap();
    }
}

#[tokio::test]
async fn rating_lists_one_per_game_and_unrated_games() {
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let line = |player: &str, rating: f64| RatingRow {
            player: player.to_string(),
            rating,
            deviation: 151.516_524_123_857_27,
            volatility: 0.059_995_984_286_488_495,
            games: 3,
            last_day: 20_419,
        };
        ratings::set(&mut tx, "chess", &line("a@x.test", 1_464.050_670_539_301_3))
            .await
            .unwrap();
        ratings::set(&mut tx, "chess", &line("computer:2", 1700.0))
            .await
            .unwrap();
        ratings::set(&mut tx, "bluff-chess", &line("a@x.test", 1400.0))
            .await
            .unwrap();
        // A second write replaces the line.
        ratings::set(&mut tx, "chess", &line("a@x.test", 1500.25))
            .await
            .unwrap();
        let chess = ratings::list(&mut tx, "chess").await.unwrap();
        assert_eq!(
            chess,
            [line("computer:2", 1700.0), line("a@x.test", 1500.25)],
            "{backend:?}"
        );
        // Doubles come back bit for bit.
        ratings::set(&mut tx, "chess", &line("d@x.test", 1_464.050_670_539_301_3))
            .await
            .unwrap();
        let d = ratings::get(&mut tx, "chess", "d@x.test")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(d, line("d@x.test", 1_464.050_670_539_301_3), "{backend:?}");
        assert_eq!(
            ratings::get(&mut tx, "reality-check", "a@x.test")
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            ratings::games(&mut tx).await.unwrap(),
            ["bluff-chess", "chess"]
        );

        let game = new_game(&mut tx, "a@x.test", "b@x.test").await;
        assert!(ratings::is_rated(&mut tx, game).await.unwrap());
        ratings::set_unrated(&mut tx, game).await.unwrap();
        ratings::set_unrated(&mut tx, game).await.unwrap();
        assert!(!ratings::is_rated(&mut tx, game).await.unwrap());
        assert_eq!(ratings::change(&mut tx, game).await.unwrap(), None);
        let change = ratings::Change {
            white: (1500.0, 1_662.311_166_777),
            black: (1400.5, 1_337.688_833_222),
        };
        ratings::record_change(&mut tx, game, change).await.unwrap();
        assert_eq!(
            ratings::change(&mut tx, game).await.unwrap(),
            Some(change),
            "{backend:?}"
        );
        tx.commit().await.unwrap();
    }
}

#[tokio::test]
async fn swiss_byes_and_unannounced_games() {
    use super::swiss::{self, StoredBye};
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let options = Options::default();
        let id = tournaments::insert(
            &mut tx,
            NewTournament {
                name: "Open",
                game: "chess",
                options: &options,
                format: "swiss/5",
                rated: true,
            },
        )
        .await
        .unwrap()
        .unwrap();
        swiss::add_bye(&mut tx, id, 2, 9).await.unwrap();
        swiss::add_bye(&mut tx, id, 1, 7).await.unwrap();
        let bye = |round, number| StoredBye {
            tournament_id: id,
            round,
            number,
        };
        let all = vec![bye(1, 7), bye(2, 9)];
        assert_eq!(swiss::byes(&mut tx, id).await.unwrap(), all, "{backend:?}");
        // Each bye's mail is taken once.
        assert_eq!(swiss::take_unannounced_byes(&mut tx).await.unwrap(), all);
        assert!(
            swiss::take_unannounced_byes(&mut tx)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(swiss::byes(&mut tx, id).await.unwrap(), all);
        let (a, b) = (
            new_game(&mut tx, "a@x.test", "b@x.test").await,
            new_game(&mut tx, "c@x.test", "d@x.test").await,
        );
        swiss::add_unannounced(&mut tx, b).await.unwrap();
        swiss::add_unannounced(&mut tx, a).await.unwrap();
        assert_eq!(swiss::take_unannounced(&mut tx).await.unwrap(), [a, b]);
        assert!(swiss::take_unannounced(&mut tx).await.unwrap().is_empty());
        tx.commit().await.unwrap();
    }
}
