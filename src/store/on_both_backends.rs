//! Every data access function of the store, on each backend: SQLite in
//! memory and a new PostgreSQL database (see [`super::testing`]). What a
//! function gives back must not depend on where the data lives.

use chrono::{Duration, Utc};

use super::clock::{Vacation, parse_time};
use super::mail::{Handled, MailKey};
use super::testing::stores;
use super::{Backend, Store, Tx, clock, digests, finished, games, mail};
use crate::rules::{GameResult, Options, Seat};

pub(super) async fn new_game(tx: &mut Tx, white: &str, black: &str) -> i64 {
    let seats = [
        games::SeatRow {
            seat: Seat::White,
            address: white.to_string(),
            secret: "w1".to_string(),
        },
        games::SeatRow {
            seat: Seat::Black,
            address: black.to_string(),
            secret: "b1".to_string(),
        },
    ];
    games::insert(
        tx,
        games::NewGame {
            game: "chess",
            options: &Options::default(),
            seed: [7; 32],
            seed_hash: "hash",
            state: &serde_json::json!({"board": "start"}),
            seats: &seats,
        },
    )
    .await
    .unwrap()
}

fn key(mailbox: &str, uid: u32) -> MailKey {
    MailKey {
        mailbox: mailbox.to_string(),
        uidvalidity: 7,
        uid,
    }
}

#[tokio::test]
async fn games_seats_logs_and_checkpoints() {
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
        let other = new_game(&mut tx, "c@x.test", "a@x.test").await;
        let row = games::get(&mut tx, id).await.unwrap().unwrap();
        assert_eq!(
            (row.game.as_str(), row.seed, row.log_len),
            ("chess", [7; 32], 0)
        );
        assert!(!row.finished && row.draw_offer.is_none());
        assert!(
            parse_time(&row.created_at).is_some(),
            "{backend:?}: {row:?}"
        );
        let seats = games::seats(&mut tx, id).await.unwrap();
        assert_eq!(seats[0].seat, Seat::White);
        assert_eq!(seats[1].address, "b@x.test");
        assert!(games::get(&mut tx, 999).await.unwrap().is_none());

        let draw = serde_json::json!({"kind": "draw-offer"});
        let action = serde_json::json!({"kind": "action", "text": "e4"});
        games::append_log(&mut tx, id, 0, Some(Seat::White), &draw, "draw?", "cli")
            .await
            .unwrap();
        games::append_log(&mut tx, id, 1, Some(Seat::White), &action, "e4", "imap:7:1")
            .await
            .unwrap();
        let log = games::log(&mut tx, id).await.unwrap();
        assert_eq!(log.len(), 2);
        assert_eq!((log[1].idx, log[1].entry.clone()), (1, action.clone()));
        assert_eq!(games::log_since(&mut tx, id, 1).await.unwrap().len(), 1);
        let first = games::first_action_since(&mut tx, id, Seat::White, 0)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((first.0, first.1.as_str()), (1, "e4"), "{backend:?}");
        assert!(
            games::first_action_since(&mut tx, id, Seat::Black, 0)
                .await
                .unwrap()
                .is_none()
        );
        // The log's (game, index) key refuses a second writer of an index.
        tx.commit().await.unwrap();
        let mut tx = store.write().await.unwrap();
        assert!(
            games::append_log(&mut tx, id, 1, None, &action, "e4", "cli")
                .await
                .is_err()
        );
        drop(tx);

        let mut tx = store.write().await.unwrap();
        games::save(
            &mut tx,
            id,
            games::Progress {
                log_len: 2,
                draw_offer: Some(Seat::Black),
                result: Some((GameResult::Win(Seat::White), "mate")),
            },
        )
        .await
        .unwrap();
        let checkpoint = games::Checkpoint {
            log_len: 2,
            state: serde_json::json!({"board": "after"}),
            draw_offer: Some(Seat::Black),
        };
        games::save_checkpoint(&mut tx, id, &checkpoint)
            .await
            .unwrap();
        tx.commit().await.unwrap();

        let mut tx = store.read().await.unwrap();
        let row = games::get(&mut tx, id).await.unwrap().unwrap();
        assert!(row.finished);
        assert_eq!(row.result.as_deref(), Some("1-0"));
        assert_eq!(row.draw_offer, Some(Seat::Black));
        assert_eq!(
            games::checkpoint(&mut tx, id).await.unwrap(),
            Some(checkpoint)
        );
        let listed = games::list(&mut tx, None).await.unwrap();
        assert_eq!(listed.iter().map(|g| g.id).collect::<Vec<_>>(), [other, id]);
        let mine = games::list_page(&mut tx, Some("a@x.test"), Some(other), 10)
            .await
            .unwrap();
        assert_eq!(mine.len(), 1);
        assert!(mine[0].finished && mine[0].computer.is_none());
        let ended = finished::finished(&mut tx).await.unwrap();
        assert_eq!(ended.len(), 1);
        assert_eq!(ended[0].id, id);
        assert!(parse_time(&ended[0].finished_at).is_some());
    }
}

#[tokio::test]
async fn inbound_mail_is_keyed_by_mailbox_uidvalidity_and_uid() {
    for store in stores().await {
        let mut tx = store.write().await.unwrap();
        mail::record_inbound(
            &mut tx,
            &key("INBOX", 5),
            Some("<m1@x>"),
            Some("a@x.test"),
            Handled::Answered,
            "help",
            None,
        )
        .await
        .unwrap();
        // The same UID and UIDVALIDITY in another mailbox is another mail.
        assert!(!mail::seen(&mut tx, &key("Referee", 5)).await.unwrap());
        mail::record_inbound(
            &mut tx,
            &key("Referee", 5),
            Some("<m2@x>"),
            None,
            Handled::Failed,
            "boom",
            None,
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        let mut tx = store.write().await.unwrap();
        assert!(mail::seen(&mut tx, &key("INBOX", 5)).await.unwrap());
        assert!(mail::message_id_seen(&mut tx, "<m1@x>").await.unwrap());
        assert!(!mail::message_id_seen(&mut tx, "<m3@x>").await.unwrap());
        assert_eq!(
            mail::answered_last_hour(&mut tx, "a@x.test").await.unwrap(),
            1
        );
        // One key, one record: a second one is refused.
        let again = mail::record_inbound(
            &mut tx,
            &key("INBOX", 5),
            None,
            None,
            Handled::Duplicate,
            "",
            None,
        )
        .await;
        assert!(again.is_err(), "{:?}", store.backend());
        drop(tx);
        let mut tx = store.read().await.unwrap();
        let counts = mail::inbound_counts(&mut tx).await.unwrap();
        assert_eq!(
            counts,
            [("answered".to_string(), 1), ("failed".to_string(), 1)]
        );
        let failed = mail::failed_inbound(&mut tx).await.unwrap();
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].0, key("Referee", 5));
        assert_eq!(failed[0].1, "boom");
    }
}

#[tokio::test]
async fn the_outbox_and_the_mailbox_position() {
    for store in stores().await {
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
        mail::enqueue(
            &mut tx,
            "a@x.test",
            "<o1@r>",
            "s1",
            b"raw1",
            Some(id),
            Some(3),
        )
        .await
        .unwrap();
        mail::enqueue(&mut tx, "b@x.test", "<o2@r>", "s2", b"raw2", None, None)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let mut tx = store.write().await.unwrap();
        assert_eq!(
            mail::notice_log_len(&mut tx, "<o1@r>", id, "a@x.test")
                .await
                .unwrap(),
            Some(3)
        );
        assert_eq!(
            mail::notice_log_len(&mut tx, "<o2@r>", id, "b@x.test")
                .await
                .unwrap(),
            None
        );
        let due = mail::due(&mut tx, 10).await.unwrap();
        assert_eq!(due.len(), 2);
        assert_eq!(due[0].raw, b"raw1");
        assert_eq!(mail::seconds_to_next(&mut tx).await.unwrap(), Some(0));
        mail::mark_sent(&mut tx, due[0].id).await.unwrap();
        mail::mark_failed(&mut tx, due[1].id, "451 later", 600, false)
            .await
            .unwrap();
        assert!(mail::due(&mut tx, 10).await.unwrap().is_empty());
        let wait = mail::seconds_to_next(&mut tx).await.unwrap().unwrap();
        assert!((595..=600).contains(&wait), "{:?}: {wait}", store.backend());
        let unsent = mail::unsent(&mut tx).await.unwrap();
        assert_eq!(unsent.len(), 1);
        let next = parse_time(&unsent[0].next_attempt_at).unwrap();
        assert!(next > Utc::now() + Duration::seconds(590));
        assert_eq!(unsent[0].last_error.as_deref(), Some("451 later"));

        assert_eq!(
            mail::mailbox_uidvalidity(&mut tx, "INBOX").await.unwrap(),
            None
        );
        mail::set_mailbox_uidvalidity(&mut tx, "INBOX", 4_000_000_000)
            .await
            .unwrap();
        mail::set_mailbox_uidvalidity(&mut tx, "INBOX", 4_000_000_001)
            .await
            .unwrap();
        assert_eq!(
            mail::mailbox_uidvalidity(&mut tx, "INBOX").await.unwrap(),
            Some(4_000_000_001)
        );
        tx.commit().await.unwrap();
    }
}

#[tokio::test]
async fn a_given_up_mail_is_never_due_again_and_a_success_brings_retries_forward() {
    for store in stores().await {
        given_up_and_brought_forward(&store).await;
    }
}

async fn given_up_and_brought_forward(store: &Store) {
    let mut tx = store.write().await.unwrap();
    for i in 0..3 {
        let id = format!("m{i}@x");
        mail::enqueue(&mut tx, "a@x.test", &id, "s", b"raw", None, None)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let mut conn = store.read().await.unwrap();
    let ids: Vec<i64> = mail::due(&mut conn, 10)
        .await
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    drop(conn);
    assert_eq!(ids.len(), 3);
    let mut tx = store.write().await.unwrap();
    mail::mark_given_up(&mut tx, ids[0], "554 relay denied")
        .await
        .unwrap();
    mail::mark_failed(&mut tx, ids[1], "connection refused", 600, true)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut conn = store.read().await.unwrap();
    let due_now: Vec<i64> = mail::due(&mut conn, 10)
        .await
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(due_now, [ids[2]]);
    assert_eq!(mail::unsent_count(&mut conn).await.unwrap(), 2);
    drop(conn);

    let mut tx = store.write().await.unwrap();
    assert_eq!(mail::bring_retries_forward(&mut tx).await.unwrap(), 1);
    // A 4xx answer keeps its delay.
    mail::mark_failed(&mut tx, ids[2], "451 greylisted", 600, false)
        .await
        .unwrap();
    assert_eq!(mail::bring_retries_forward(&mut tx).await.unwrap(), 0);
    tx.commit().await.unwrap();
    let mut conn = store.read().await.unwrap();
    let due_now: Vec<i64> = mail::due(&mut conn, 10)
        .await
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(
        due_now,
        [ids[1]],
        "the given-up and the greylisted mail stay out"
    );
    let listed = mail::unsent(&mut conn).await.unwrap();
    assert_eq!(listed.len(), 3);
    assert!(listed[0].given_up_at.is_some() && listed[1].given_up_at.is_none());
}

#[tokio::test]
async fn the_clock_reminders_vacations_and_digests() {
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
        let now = parse_time("2030-01-02T03:04:05Z").unwrap();
        assert_eq!(clock::games_due(&mut tx, now).await.unwrap(), [id]);
        clock::set_next_check(&mut tx, id, Some(now + Duration::hours(1)))
            .await
            .unwrap();
        assert!(clock::games_due(&mut tx, now).await.unwrap().is_empty());
        assert_eq!(
            clock::games_due(&mut tx, now + Duration::hours(1))
                .await
                .unwrap(),
            [id]
        );
        clock::set_next_check(&mut tx, id, None).await.unwrap();
        let far = parse_time("9999-01-01T00:00:00Z").unwrap();
        assert!(
            clock::games_due(&mut tx, far).await.unwrap().is_empty(),
            "{backend:?}"
        );
        clock::forget_next_checks(&mut tx, Some("b@x.test"))
            .await
            .unwrap();
        assert_eq!(clock::games_due(&mut tx, now).await.unwrap(), [id]);
        clock::set_next_check(&mut tx, id, None).await.unwrap();
        clock::forget_next_checks(&mut tx, None).await.unwrap();
        assert_eq!(clock::games_due(&mut tx, now).await.unwrap(), [id]);

        let created = games::get(&mut tx, id).await.unwrap().unwrap().created_at;
        assert_eq!(clock::turn_started(&mut tx, id).await.unwrap(), created);
        let action = serde_json::json!({"kind": "action"});
        games::append_log(&mut tx, id, 0, Some(Seat::White), &action, "e4", "cli")
            .await
            .unwrap();
        let turn = clock::turn_started(&mut tx, id).await.unwrap();
        assert!(parse_time(&turn).is_some());

        assert!(
            clock::record_reminder(&mut tx, id, &turn, Seat::Black)
                .await
                .unwrap()
        );
        assert!(
            !clock::record_reminder(&mut tx, id, &turn, Seat::Black)
                .await
                .unwrap()
        );

        let away = Vacation {
            starts: now,
            ends: now + Duration::days(3),
        };
        clock::add_vacation(&mut tx, "a@x.test", away)
            .await
            .unwrap();
        assert_eq!(clock::vacations(&mut tx, "a@x.test").await.unwrap(), [away]);
        assert!(
            clock::vacations(&mut tx, "b@x.test")
                .await
                .unwrap()
                .is_empty()
        );

        assert!(!digests::wants_digest(&mut tx, "a@x.test").await.unwrap());
        digests::set(&mut tx, "a@x.test", true).await.unwrap();
        digests::set(&mut tx, "a@x.test", true).await.unwrap();
        assert!(digests::wants_digest(&mut tx, "a@x.test").await.unwrap());
        digests::sent(&mut tx, "a@x.test", now, &format!("{id}:1"))
            .await
            .unwrap();
        let subscribers = digests::subscribers(&mut tx).await.unwrap();
        assert_eq!(subscribers.len(), 1);
        assert_eq!(subscribers[0].last_sent, Some(now));
        assert_eq!(subscribers[0].last_list, format!("{id}:1"));
        assert_eq!(
            digests::ongoing_games(&mut tx, "a@x.test").await.unwrap(),
            [id]
        );
        digests::set(&mut tx, "a@x.test", false).await.unwrap();
        assert!(digests::subscribers(&mut tx).await.unwrap().is_empty());
        tx.commit().await.unwrap();
    }
}

/// A write transaction dropped without a commit leaves nothing behind.
#[tokio::test]
async fn an_uncommitted_write_is_rolled_back() {
    for store in stores().await {
        let mut tx = store.write().await.unwrap();
        new_game(&mut tx, "a@x.test", "b@x.test").await;
        drop(tx);
        let mut tx = store.read().await.unwrap();
        assert!(games::list(&mut tx, None).await.unwrap().is_empty());
        assert_eq!(tx.backend(), store.backend());
    }
}

/// Each due mail goes to one sender at a time; a claim that lapses (its
/// sender died) lets another take the mail; sending it ends the claim.
#[tokio::test]
async fn outbox_mails_are_claimed_by_one_sender_at_a_time() {
    for store in stores().await {
        let backend = store.backend();
        let mut tx = store.write().await.unwrap();
        for i in 0..3 {
            mail::enqueue(
                &mut tx,
                "a@x.test",
                &format!("<c{i}@r>"),
                "s",
                b"r",
                None,
                None,
            )
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
        let claim = |holder: &'static str, seconds: i64, limit: i64| {
            let store = store.clone();
            async move {
                let mut tx = store.write().await.unwrap();
                let claimed = mail::claim_due(&mut tx, holder, seconds, limit)
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                claimed.iter().map(|m| m.id).collect::<Vec<i64>>()
            }
        };
        let first = claim("a", 60, 2).await;
        assert_eq!(first.len(), 2, "{backend:?}");
        let second = claim("b", 60, 10).await;
        assert_eq!(second.len(), 1, "only the unclaimed one: {backend:?}");
        assert!(claim("c", 60, 10).await.is_empty());
        // A sender renews only what it holds: not another's claim.
        let renew = |ids: Vec<i64>| {
            let store = store.clone();
            async move {
                let mut tx = store.write().await.unwrap();
                let renewed = mail::renew_claims(&mut tx, "a", &ids, 60).await.unwrap();
                tx.commit().await.unwrap();
                renewed
            }
        };
        let every: Vec<i64> = first.iter().chain(&second).copied().collect();
        assert_eq!(renew(every.clone()).await, 2, "{backend:?}");
        let mut tx = store.read().await.unwrap();
        let wait = mail::seconds_to_next(&mut tx).await.unwrap().unwrap();
        assert!((55..=60).contains(&wait), "until a claim lapses: {wait}");
        drop(tx);

        // a sends one and dies; its other claim lapses and goes to c.
        let mut tx = store.write().await.unwrap();
        mail::mark_sent(&mut tx, first[0]).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(
            renew(every).await,
            1,
            "a sent mail is not held: {backend:?}"
        );
        match backend {
            Backend::Sqlite => {
                sqlx::query(
                    "UPDATE outbox SET claimed_until = '2000-01-01T00:00:00Z' WHERE id = $1",
                )
                .bind(first[1])
                .execute(store.pool())
                .await
                .unwrap();
            }
            Backend::Postgres => {
                sqlx::query(
                    "UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE id = $1",
                )
                .bind(first[1])
                .execute(store.pg_pool().unwrap())
                .await
                .unwrap();
            }
        };
        assert_eq!(claim("c", 60, 10).await, [first[1]], "{backend:?}");
        let mut tx = store.read().await.unwrap();
        assert_eq!(mail::unsent_count(&mut tx).await.unwrap(), 2);
    }
}
