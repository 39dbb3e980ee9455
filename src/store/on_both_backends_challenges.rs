//! Challenges, spectators, conditional moves and the computer's seats, on
//! each backend (see [`super::on_both_backends`]).

use super::on_both_backends::new_game;
use super::testing::stores;
use super::{challenges, computers, conditionals, games, watchers};
use crate::rules::{Options, Seat};

#[tokio::test]
async fn challenges_watchers_conditionals_and_the_computer() {
    for store in stores().await {
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
        let options = Options::default();
        let challenge = challenges::insert(
            &mut tx,
            challenges::NewChallenge {
                challenger: "a@x.test",
                opponent: "b@x.test",
                game: "chess",
                options: &options,
                color: "random",
                secret: "s3",
                public: true,
                rated: false,
            },
        )
        .await
        .unwrap();
        let open = challenges::get(&mut tx, challenge).await.unwrap().unwrap();
        assert_eq!(
            (open.status.as_str(), open.public, open.rated),
            ("open", true, false)
        );
        challenges::close(&mut tx, challenge, "accepted", Some(id))
            .await
            .unwrap();
        let closed = challenges::get(&mut tx, challenge).await.unwrap().unwrap();
        assert_eq!(
            (closed.status.as_str(), closed.game_id),
            ("accepted", Some(id))
        );
        assert!(challenges::get(&mut tx, 999).await.unwrap().is_none());

        assert!(!watchers::is_public(&mut tx, id).await.unwrap());
        watchers::set_public(&mut tx, id, true).await.unwrap();
        assert!(watchers::is_public(&mut tx, id).await.unwrap());
        assert!(watchers::add(&mut tx, id, "w@x.test", 0).await.unwrap());
        assert!(!watchers::add(&mut tx, id, "w@x.test", 0).await.unwrap());
        watchers::told(&mut tx, id, "w@x.test", 4).await.unwrap();
        assert_eq!(
            watchers::of_game(&mut tx, id).await.unwrap(),
            [("w@x.test".to_string(), 4)]
        );
        assert!(watchers::remove(&mut tx, id, "w@x.test").await.unwrap());
        assert!(!watchers::remove(&mut tx, id, "w@x.test").await.unwrap());

        let tree = serde_json::json!({"e5": {"Nf3": {}}});
        conditionals::set(&mut tx, id, Seat::Black, &tree, 1)
            .await
            .unwrap();
        assert_eq!(
            conditionals::get(&mut tx, id, Seat::Black).await.unwrap(),
            Some((tree, 1))
        );
        assert!(conditionals::clear(&mut tx, id, None).await.unwrap());
        assert!(
            !conditionals::clear(&mut tx, id, Some(Seat::Black))
                .await
                .unwrap()
        );

        let versus = new_game(&mut tx, "a@x.test", "computer@x.test").await;
        computers::insert(&mut tx, versus, Seat::Black, 2)
            .await
            .unwrap();
        assert_eq!(
            computers::of_game(&mut tx, versus).await.unwrap(),
            Some((Seat::Black, 2))
        );
        assert_eq!(computers::of_game(&mut tx, id).await.unwrap(), None);
        assert_eq!(computers::ongoing(&mut tx).await.unwrap(), 1);
        let listed = games::list(&mut tx, Some("a@x.test")).await.unwrap();
        assert_eq!(listed[0].computer, Some((Seat::Black, 2)));
        tx.commit().await.unwrap();
    }
}
