//! Correspondence time control through the mail path: deadlines in every
//! mail, one reminder per turn, a loss on time, vacations. The clock's time
//! is passed in, so the tests move it days ahead.

use crate::support::room::{Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;
use chrono::{Duration, Utc};

fn clocked() -> RefereeConfig {
    RefereeConfig {
        days_per_move: 3,
        reminder_hours: 24,
        vacation_days_per_year: 10,
        ..RefereeConfig::default()
    }
}

async fn last_to(room: &Room, to: &str) -> (String, String) {
    let (_, subject, text) = room
        .outbox()
        .await
        .into_iter()
        .rev()
        .find(|(r, _, _)| r == to)
        .unwrap();
    (subject, text)
}

#[tokio::test]
async fn a_reminder_then_a_loss_on_time() {
    let mut room = Room::new(clocked()).await;
    let start = Utc::now();
    let (alice, _) = started_game(&mut room, "chess", "").await;
    let (_, text) = last_to(&room, "alice@example.test").await;
    assert!(text.contains("White must answer by"), "{text}");

    let sent = room.outbox().await.len();
    assert_eq!(
        room.mailroom.tick(start + Duration::days(1)).await.unwrap(),
        0,
        "nothing due yet"
    );
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(49))
            .await
            .unwrap(),
        1,
        "White's reminder"
    );
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(50))
            .await
            .unwrap(),
        0,
        "one reminder a turn"
    );
    let (subject, text) = last_to(&room, "alice@example.test").await;
    assert_eq!(subject, "[arbiter #1] Chess: your move");
    assert!(text.contains("a reminder: your deadline is near"), "{text}");
    assert_eq!(room.outbox().await.len(), sent + 1);

    // White moves in time; now Black's clock runs, and Black lets it pass.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "e4@x", "e4"))
            .await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(text.contains("Black must answer by"), "{text}");
    // Black's turn began with e4, just after the start: the reminder is due
    // from hour 48, the deadline at hour 72.
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(50))
            .await
            .unwrap(),
        1,
        "Black's reminder"
    );
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(73))
            .await
            .unwrap(),
        2,
        "the end, to both"
    );
    let (subject, text) = last_to(&room, "bob@example.test").await;
    assert_eq!(subject, "[arbiter #1] Chess: game over, 1-0");
    assert!(
        text.contains("Black let the deadline pass and loses on time"),
        "{text}"
    );
    assert!(text.contains("the referee has ruled"), "{text}");
    assert_eq!(
        room.mailroom
            .tick(start + Duration::days(30))
            .await
            .unwrap(),
        0,
        "a finished game has no clock"
    );
    let mut conn = room.mailroom.referee.store().read().await.unwrap();
    room.mailroom
        .referee
        .verify(&mut conn, 1)
        .await
        .expect("the loss on time replays from the log");
}

#[tokio::test]
async fn a_vacation_stops_the_clock() {
    let mut room = Room::new(clocked()).await;
    let start = Utc::now();
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    // Bob books five days off with his game key; a second booking, and one
    // beyond the allowance, are refused.
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "v1@x", "vacation 5"))
            .await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(
        text.contains("Your vacation is booked: your clocks stop until"),
        "{text}"
    );
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "v2@x", "vacation 2"))
            .await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(text.contains("on vacation already"), "{text}");

    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "e4@x", "e4"))
            .await,
        Handled::Applied
    );
    // Three days per move plus five away: no loss on day four.
    room.mailroom.tick(start + Duration::days(4)).await.unwrap();
    assert_eq!(room.log_len().await, 1);
    room.mailroom
        .tick(start + Duration::days(8) + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(room.log_len().await, 2, "the loss on time is a log entry");
    let (subject, _) = last_to(&room, "bob@example.test").await;
    assert!(subject.ends_with("game over, 1-0"), "{subject}");
}

#[tokio::test]
async fn without_a_clock_there_is_no_deadline_and_no_vacation() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (_, bob) = started_game(&mut room, "chess", "").await;
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(!text.contains("must answer by"), "{text}");
    assert_eq!(
        room.mailroom
            .tick(Utc::now() + Duration::days(365))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "v1@x", "vacation 5"))
            .await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(text.contains("runs no clock"), "{text}");
}

#[tokio::test]
async fn the_vacation_allowance_is_enforced() {
    let mut room = Room::new(clocked()).await;
    let (_, bob) = started_game(&mut room, "chess", "").await;
    assert_eq!(
        room.deliver(&mail("bob@example.test", &bob, "Re", "v1@x", "vacation 11"))
            .await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, "bob@example.test").await;
    assert!(text.contains("10 vacation days left"), "{text}");
}

#[tokio::test]
async fn a_draw_offer_does_not_buy_time() {
    let mut room = Room::new(clocked()).await;
    let start = Utc::now();
    let (alice, _) = started_game(&mut room, "chess", "").await;
    // White, to move, offers a draw instead: White's clock keeps running.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "d1@x", "draw"))
            .await,
        Handled::Applied
    );
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(73))
            .await
            .unwrap(),
        2
    );
    let (subject, text) = last_to(&room, "alice@example.test").await;
    assert!(subject.ends_with("game over, 0-1"), "{subject}");
    assert!(text.contains("White let the deadline pass"), "{text}");
}

/// The clock's round reads only the games with something due: a game's next
/// check is its reminder, then its deadline; a move sets it again.
#[tokio::test]
async fn the_clock_reads_only_the_games_with_something_due() {
    use arbiter::store::clock::games_due;
    let mut room = Room::new(clocked()).await;
    let start = Utc::now();
    let (alice, _) = started_game(&mut room, "chess", "").await;
    let store = room.mailroom.referee.store().clone();
    let due = |at| {
        let store = store.clone();
        async move {
            let mut conn = store.read().await.unwrap();
            games_due(&mut conn, at).await.unwrap()
        }
    };
    // A new game's next check is not known yet: the first round looks.
    assert_eq!(due(start).await, [1]);
    assert_eq!(room.mailroom.tick(start).await.unwrap(), 0);
    // Then nothing until White's reminder (3 days less 24 hours).
    assert!(due(start + Duration::hours(47)).await.is_empty());
    assert_eq!(due(start + Duration::hours(49)).await, [1]);
    assert_eq!(
        room.mailroom
            .tick(start + Duration::hours(49))
            .await
            .unwrap(),
        1,
        "the reminder"
    );
    // After the reminder, nothing until the deadline.
    assert!(due(start + Duration::hours(71)).await.is_empty());
    assert_eq!(due(start + Duration::hours(73)).await, [1]);

    // A move starts Black's turn: the next check is Black's reminder.
    assert_eq!(
        room.deliver(&mail("alice@example.test", &alice, "Re", "d4@x", "d4"))
            .await,
        Handled::Applied
    );
    let moved = Utc::now();
    assert!(due(moved + Duration::hours(47)).await.is_empty());
    assert_eq!(due(moved + Duration::hours(49)).await, [1]);
}
