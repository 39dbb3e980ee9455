//! A tournament's own clock (days per move, no vacations) in its games,
//! even where the host runs no clock; its start day, on which the clock's
//! round starts it, or tells its entrants it has too few and stays open;
//! and the computer as an entrant, its games played by the computer.

use crate::support::room::{REFEREE, Room, mail};
use arbiter::command::Command;
use arbiter::config::RefereeConfig;
use arbiter::referee::{Referee, RefereeError, TournamentSpec};
use arbiter::rules::Seat;
use arbiter::store::Store;
use arbiter::store::clock as clockstore;
use arbiter::store::mail::Handled;
use arbiter::store::tournament_settings::TournamentSettings;
use arbiter::store::tournaments;
use chrono::{Duration, Utc};

fn player(i: usize) -> String {
    format!("p{i}@x.test")
}

/// Announces tournament `club` with `settings` and enters `entrants`.
async fn announced(referee: &Referee, settings: TournamentSettings, entrants: &[String]) {
    let mut tx = referee.store().write().await.unwrap();
    let spec = TournamentSpec::round_robin("club", "chess", 7);
    referee.new_tournament(&mut tx, spec).await.unwrap();
    referee
        .set_tournament_settings(&mut tx, "club", &settings)
        .await
        .unwrap();
    for e in entrants {
        referee.join_tournament(&mut tx, "club", e).await.unwrap();
    }
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_tournaments_clock_runs_its_games_without_vacations() {
    // The host runs no clock; the tournament gives its games two days a
    // move, and no vacations.
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    assert!(!referee.clock().is_on());
    let settings = TournamentSettings {
        days_per_move: Some(2),
        vacation: false,
        ..TournamentSettings::default()
    };
    let players: Vec<String> = (0..3).map(player).collect();
    announced(&referee, settings, &players).await;
    let mut tx = referee.store().write().await.unwrap();
    let listed = referee.tournaments_text(&mut tx).await.unwrap();
    assert!(listed.contains("2 days per move, no vacations"), "{listed}");
    let started = Utc::now();
    let notices = referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap();
    assert!(
        notices
            .iter()
            .all(|n| n.deadlines.iter().any(|d| d.contains("must answer by"))),
        "every start mail tells the deadline"
    );
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    let game = tournaments::games(&mut tx, t.id).await.unwrap()[0].game_id;
    let loaded = referee.load(&mut tx, game).await.unwrap();
    let deadlines = referee.deadlines(&mut tx, &loaded).await.unwrap();
    assert_eq!(deadlines.len(), 1);
    let (seat, when) = deadlines[0];
    assert_eq!(seat, Seat::White);
    assert!(
        when > started + Duration::days(2) - Duration::minutes(1)
            && when <= Utc::now() + Duration::days(2),
        "{when}"
    );

    // A vacation asked for in that game is refused and booked nowhere.
    let white = loaded.address(Seat::White).to_string();
    let refused = referee
        .act(&mut tx, game, Seat::White, &Command::Vacation(5), "test")
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, RefereeError::Refused(_))
            && refused.to_string().contains("played without vacations"),
        "{refused}"
    );
    assert!(
        clockstore::vacations(&mut tx, &white)
            .await
            .unwrap()
            .is_empty()
    );
    // Nor does one booked elsewhere stop that game's clock.
    let away = clockstore::Vacation {
        starts: started,
        ends: started + Duration::days(10),
    };
    clockstore::add_vacation(&mut tx, &white, away)
        .await
        .unwrap();
    assert_eq!(
        referee.deadlines(&mut tx, &loaded).await.unwrap(),
        deadlines
    );

    // Past the deadline: White loses on time, and the tournament counts it.
    assert!(
        referee
            .tick(&mut tx, game, started + Duration::hours(12))
            .await
            .unwrap()
            .is_empty()
    );
    let ended = referee
        .tick(
            &mut tx,
            game,
            Utc::now() + Duration::days(2) + Duration::hours(1),
        )
        .await
        .unwrap();
    assert_eq!(ended.len(), 2, "the end, to both");
    assert!(
        referee
            .load(&mut tx, game)
            .await
            .unwrap()
            .status()
            .is_finished()
    );
    let row = tournaments::games(&mut tx, t.id)
        .await
        .unwrap()
        .into_iter()
        .find(|g| g.game_id == game)
        .unwrap();
    assert_eq!(row.result.as_deref(), Some("0-1"));
}

#[tokio::test]
async fn a_tournament_starts_on_its_day_or_says_it_has_too_few() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let now = Utc::now();
    let settings = TournamentSettings {
        starts_on: Some(now.date_naive() + Duration::days(1)),
        ..TournamentSettings::default()
    };
    announced(&room.mailroom.referee, settings, &[player(0), player(1)]).await;
    assert_eq!(room.mailroom.tick(now).await.unwrap(), 0, "not its day yet");

    // Its day, with two entrants: both are told, once, and it stays open.
    let day = now + Duration::days(1);
    assert_eq!(room.mailroom.tick(day).await.unwrap(), 2);
    let told = room.outbox().await;
    for (i, (to, subject, text)) in told.iter().enumerate() {
        assert_eq!(to, &player(i));
        assert_eq!(subject, "Tournament club: not started");
        assert!(
            text.contains("it has 2 entrants and needs at least 3. It stays open"),
            "{text}"
        );
    }
    assert_eq!(room.mailroom.tick(day).await.unwrap(), 0, "told once");
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let listed = room
        .mailroom
        .referee
        .tournaments_text(&mut tx)
        .await
        .unwrap();
    assert!(
        listed.contains("open (write `join club` to enter)"),
        "{listed}"
    );
    drop(tx);

    // A third joins by mail: the next round starts it.
    assert_eq!(
        room.deliver(&mail(&player(2), REFEREE, "join", "j@x", "join club"))
            .await,
        Handled::Answered
    );
    let before = room.outbox().await.len();
    assert_eq!(
        room.mailroom.tick(day).await.unwrap(),
        6,
        "three games' start mails"
    );
    let starts = &room.outbox().await[before..];
    assert!(
        starts
            .iter()
            .all(|(_, _, text)| text.contains("This is a game of tournament club")),
        "{starts:?}"
    );
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(t.status, "started");
}

#[tokio::test]
async fn the_computer_enters_where_the_host_allows_it_and_plays_its_games() {
    use arbiter::referee::ComputerSettings;
    use arbiter::store::ratings;
    let settings = ComputerSettings {
        budget: std::time::Duration::from_millis(30),
        ..ComputerSettings::default()
    };
    let referee = Referee::new(Store::open_in_memory().await.unwrap()).with_computer(settings);
    announced(&referee, TournamentSettings::default(), &[player(0)]).await;
    let mut tx = referee.store().write().await.unwrap();
    let refused = referee
        .join_tournament(&mut tx, "club", "computer:1")
        .await
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "tournament club does not take the computer as an entrant: its host has not allowed it \
         (`arbiter tournament new ... --computers`)"
    );
    let allowed = TournamentSettings {
        computers: true,
        ..TournamentSettings::default()
    };
    referee
        .set_tournament_settings(&mut tx, "club", &allowed)
        .await
        .unwrap();
    referee
        .join_tournament(&mut tx, "club", "computer:1")
        .await
        .unwrap();
    let second = referee
        .join_tournament(&mut tx, "club", "computer")
        .await
        .unwrap_err();
    assert!(
        second.to_string().contains("takes one computer entrant"),
        "{second}"
    );
    referee
        .join_tournament(&mut tx, "club", &player(1))
        .await
        .unwrap();
    let notices = referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap();
    assert!(
        notices.iter().all(|n| n.address != "computer@example.test"),
        "nothing is mailed to the computer"
    );
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    let games = tournaments::games(&mut tx, t.id).await.unwrap();
    tx.commit().await.unwrap();

    // Its two games are computer games at its level: it answers each move,
    // and its opponent resigns after a few.
    let mut played = 0;
    for g in &games {
        let id = g.game_id;
        let computer = {
            let mut tx = referee.store().write().await.unwrap();
            referee.load(&mut tx, id).await.unwrap().computer
        };
        let Some(computer) = computer else { continue };
        assert_eq!(computer.level.number(), 1);
        played += 1;
        for _ in 0..4 {
            referee.computer_answer_now(id).await.unwrap();
            let mut tx = referee.store().write().await.unwrap();
            let game = referee.load(&mut tx, id).await.unwrap();
            let me = computer.seat.other();
            assert!(game.status().owes(me).is_some(), "the computer answered");
            let text = game.legal_texts(me)[0].clone();
            referee
                .act(&mut tx, id, me, &Command::Play(text), "test")
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
        referee.computer_answer_now(id).await.unwrap();
        let mut tx = referee.store().write().await.unwrap();
        let game = referee.load(&mut tx, id).await.unwrap();
        assert!(game.status().owes(computer.seat).is_none());
        referee
            .act(&mut tx, id, computer.seat.other(), &Command::Resign, "test")
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    assert_eq!(played, 2, "the computer plays both its games");
    let mut tx = referee.store().write().await.unwrap();
    let rated = ratings::get(&mut tx, "chess", "computer:1")
        .await
        .unwrap()
        .expect("the computer at level 1 is rated");
    assert_eq!(rated.games, 2);
    let standings = referee.standings_text(&mut tx, "club").await.unwrap();
    assert!(standings.contains("computer"), "{standings}");
}
