//! Players' public names: the first From header's display name, else the
//! address with its domain hidden; `name NAME` by mail, a name taken
//! refused; and standings and rating lists that show no player's address.

use crate::support::room::{REFEREE, Room, mail};
use arbiter::config::RefereeConfig;
use arbiter::referee::TournamentSpec;
use arbiter::rules::GameResult;
use arbiter::store::mail::Handled;
use arbiter::store::tournaments;

/// The body of the newest mail to `to`, without its headers.
async fn last_body(room: &Room, to: &str) -> String {
    let (_, _, text) = room
        .outbox()
        .await
        .into_iter()
        .rev()
        .find(|(r, _, _)| r == to)
        .unwrap();
    text.split_once("\r\n\r\n")
        .map_or(text.clone(), |(_, body)| body.to_string())
}

#[tokio::test]
async fn players_are_shown_by_name_and_a_name_taken_is_refused() {
    let mut room = Room::new(RefereeConfig::default()).await;
    {
        let referee = &room.mailroom.referee;
        let mut tx = referee.store().write().await.unwrap();
        let spec = TournamentSpec::round_robin("club", "chess", 7);
        referee.new_tournament(&mut tx, spec).await.unwrap();
        tx.commit().await.unwrap();
    }
    let alice = "Alice Smith <alice@example.test>";
    assert_eq!(
        room.deliver(&mail(alice, REFEREE, "join", "a1@x", "join club"))
            .await,
        Handled::Answered
    );
    for (who, id) in [("bob@example.test", "b1@x"), ("carol@example.test", "c1@x")] {
        room.deliver(&mail(who, REFEREE, "join", id, "join club"))
            .await;
    }
    // Bob asks for Alice's name, in another case: refused, nothing changed.
    room.deliver(&mail(
        "bob@example.test",
        REFEREE,
        "name",
        "b2@x",
        "name ALICE smith",
    ))
    .await;
    let refused = last_body(&room, "bob@example.test").await;
    assert!(
        refused.contains("the name \"ALICE smith\" is taken by another player: choose another")
            && refused.contains("Nothing was changed"),
        "{refused}"
    );
    room.deliver(&mail(
        "bob@example.test",
        REFEREE,
        "name",
        "b3@x",
        "name bob@home",
    ))
    .await;
    let refused = last_body(&room, "bob@example.test").await;
    assert!(refused.contains("may not be a mail address"), "{refused}");
    room.deliver(&mail(
        "bob@example.test",
        REFEREE,
        "name",
        "b4@x",
        "name Bob  Brown",
    ))
    .await;
    let named = last_body(&room, "bob@example.test").await;
    assert!(
        named.contains("Your public name is now Bob Brown"),
        "{named}"
    );

    // The open tournament's entrants, then its crosstable, by name.
    room.deliver(&mail(
        "carol@example.test",
        REFEREE,
        "s",
        "c2@x",
        "standings club",
    ))
    .await;
    let open = last_body(&room, "carol@example.test").await;
    for shown in ["Alice Smith", "Bob Brown", "carol@…"] {
        assert!(open.contains(shown), "{shown}: {open}");
    }
    assert!(!open.contains("@example.test"), "{open}");
    let referee = &room.mailroom.referee;
    let mut tx = referee.store().write().await.unwrap();
    referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap();
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    for g in tournaments::games(&mut tx, t.id).await.unwrap() {
        referee
            .adjudicate_tournament_game(&mut tx, "club", g.game_id, GameResult::Draw, "test")
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    room.deliver(&mail(
        "carol@example.test",
        REFEREE,
        "s",
        "c3@x",
        "standings club",
    ))
    .await;
    let table = last_body(&room, "carol@example.test").await;
    assert!(table.contains("Section 1"), "{table}");
    room.deliver(&mail(
        "carol@example.test",
        REFEREE,
        "r",
        "c4@x",
        "ratings chess",
    ))
    .await;
    let ratings = last_body(&room, "carol@example.test").await;
    assert!(ratings.contains("Alice Smith"), "{ratings}");
    for text in [&table, &ratings] {
        for shown in ["Alice Smith", "Bob Brown", "carol@…"] {
            assert!(text.contains(shown), "{shown}: {text}");
        }
        assert!(!text.contains("@example.test"), "{text}");
    }
}
