//! What correspondence players expect around their games, through the mail
//! path: spectators of public games, conditional moves, daily digests,
//! takeback by agreement and abort.

use crate::support::room::{REFEREE, Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;
use chrono::{Duration, Utc};

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";
const CAROL: &str = "carol@example.test";

/// The newest mail to `to`: (subject, headers and text).
async fn last_to(room: &Room, to: &str) -> (String, String) {
    let (_, subject, text) = room
        .outbox()
        .await
        .into_iter()
        .rev()
        .find(|(r, _, _)| r == to)
        .unwrap_or_else(|| panic!("no mail to {to}"));
    (subject, text)
}

/// The newest mail to `to`, as queued.
async fn last_raw(room: &Room, to: &str) -> Vec<u8> {
    use sqlx::Row;
    sqlx::query("SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
        .bind(to)
        .fetch_one(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .get(0)
}

async fn count_to(room: &Room, to: &str) -> usize {
    room.outbox()
        .await
        .iter()
        .filter(|(r, _, _)| r == to)
        .count()
}

/// Sends `body` from `from` to `to` with a fresh Message-ID.
async fn send(room: &mut Room, from: &str, to: &str, body: &str) -> Handled {
    let id = format!("m{}@x", rand_id());
    room.deliver(&mail(from, to, "Re", &id, body)).await
}

fn rand_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

// ---------------------------------------------------------------- spectators

#[tokio::test]
async fn a_spectator_of_a_public_game_gets_a_mail_after_each_move_until_unwatch() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "public=yes").await;
    assert_eq!(
        send(&mut room, CAROL, REFEREE, "watch 1").await,
        Handled::Answered
    );
    let (subject, text) = last_to(&room, CAROL).await;
    assert_eq!(subject, "[arbiter #1] Chess: you are watching");
    assert!(text.contains("You are watching game #1 of Chess"), "{text}");
    assert!(text.contains(" 8  r n b q k b n r"), "the board: {text}");
    assert!(text.contains("unwatch 1"), "{text}");
    {
        let mut tx = room.mailroom.referee.store().write().await.unwrap();
        assert_eq!(
            room.mailroom.referee.watchers(&mut tx, 1).await.unwrap(),
            [CAROL]
        );
    }

    assert_eq!(send(&mut room, ALICE, &alice, "e4").await, Handled::Applied);
    let (subject, text) = last_to(&room, CAROL).await;
    assert_eq!(subject, "[arbiter #1] Chess: a new move");
    assert!(text.contains("1. e4"), "the moves: {text}");
    assert!(text.contains("Waiting for Black."), "{text}");
    // A spectator's mail carries no player's key.
    assert!(!text.contains("key: 1."), "{text}");
    // It shows the public board as a picture, inline.
    let raw = last_raw(&room, CAROL).await;
    let picture = crate::support::picture::board_picture(&raw).expect("a picture");
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let loaded = room.mailroom.referee.load(&mut tx, 1).await.unwrap();
    let public = loaded.public_view();
    let diagram = public.view().presentation().diagram.as_ref().unwrap();
    assert_eq!(picture.png, arbiter::render::picture::png(diagram));
    drop(tx);

    let mails = count_to(&room, CAROL).await;
    assert_eq!(send(&mut room, BOB, &bob, "show").await, Handled::Answered);
    assert_eq!(
        count_to(&room, CAROL).await,
        mails,
        "a question changes nothing"
    );

    assert_eq!(
        send(&mut room, CAROL, REFEREE, "unwatch 1").await,
        Handled::Answered
    );
    let (_, text) = last_to(&room, CAROL).await;
    assert!(text.contains("You no longer watch game #1."), "{text}");
    let mails = count_to(&room, CAROL).await;
    assert_eq!(send(&mut room, BOB, &bob, "e5").await, Handled::Applied);
    assert_eq!(count_to(&room, CAROL).await, mails, "no mail after unwatch");

    // The host lists the watchers.
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    assert!(
        room.mailroom
            .referee
            .watchers(&mut tx, 1)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn only_public_games_can_be_watched_and_not_by_their_players() {
    let mut room = Room::new(RefereeConfig::default()).await;
    started_game(&mut room, "chess", "").await;
    assert_eq!(
        send(&mut room, CAROL, REFEREE, "watch 1").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, CAROL).await;
    assert!(text.contains("Game #1 is not public"), "{text}");
    assert!(text.contains("public=yes"), "{text}");
    assert_eq!(
        send(&mut room, CAROL, REFEREE, "watch 7").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, CAROL).await;
    assert!(text.contains("there is no game #7"), "{text}");
    // A bad value of the referee's option is refused at the challenge.
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge bob@example.test chess public=maybe"
        )
        .await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("public=yes|no"), "{text}");
}

#[tokio::test]
async fn a_spectator_of_bluff_chess_never_sees_a_sealed_alter_ego() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "bluff-chess", "public=yes").await;
    assert_eq!(send(&mut room, ALICE, &alice, "e4").await, Handled::Applied);
    assert_eq!(send(&mut room, BOB, &bob, "d5").await, Handled::Applied);
    // Black's sealed decision: its alter ego moves to d8, unseen.
    assert_eq!(
        send(&mut room, BOB, &bob, "transfer d8").await,
        Handled::Applied
    );
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let loaded = room.mailroom.referee.load(&mut tx, 1).await.unwrap();
    let secret_position = loaded.host_position();
    let spectator = room
        .mailroom
        .referee
        .watch(&mut tx, 1, CAROL)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // The spectator's notice is the public view: the same as anyone's.
    let public = arbiter::render::view_text("Bluff Chess", 1, loaded.public_view().view(), "");
    let watched = arbiter::render::view_text("Bluff Chess", 1, spectator.view.view(), "");
    assert_eq!(watched, public);
    // And the public view does not hold the host's position (the alter
    // egos are in it).
    assert!(!watched.contains(&secret_position), "{watched}");
    let host = arbiter::render::view_text("Bluff Chess", 1, loaded.host_view().view(), "");
    assert_ne!(watched, host, "the host sees more than a spectator");
    assert!(host.contains("d8"), "{host}");
    let black = arbiter::render::view_text(
        "Bluff Chess",
        1,
        loaded.seat_view(arbiter::rules::Seat::Black).view(),
        "",
    );
    assert!(
        black.contains("transfer") || black.contains("d8"),
        "{black}"
    );
    assert!(!watched.contains("transfer d8"), "{watched}");
}

// --------------------------------------------------------- conditional moves

#[tokio::test]
async fn conditional_moves_are_secret_played_when_matched_and_follow_a_line() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    let bob_mails = count_to(&room, BOB).await;
    assert_eq!(
        send(
            &mut room,
            ALICE,
            &alice,
            "e4\nif e5 then Nf3 if Nc6 then Bb5\nif c5 then Nf3"
        )
        .await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("accepted: e4"), "{text}");
    assert!(text.contains("Your conditional moves are set"), "{text}");
    assert!(text.contains("if e5 then Nf3 if Nc6 then Bb5"), "{text}");
    assert!(text.contains("if c5 then Nf3"), "{text}");
    assert_eq!(count_to(&room, BOB).await, bob_mails + 1);
    let (_, text) = last_to(&room, BOB).await;
    assert!(
        !text.contains("Nf3") && !text.contains("conditional"),
        "{text}"
    );

    // Bob plays e5: Nf3 is played at once, and Bob is to move again.
    let before = room.log_len().await;
    assert_eq!(send(&mut room, BOB, &bob, "e5").await, Handled::Applied);
    assert_eq!(room.log_len().await, before + 2);
    let (_, text) = last_to(&room, BOB).await;
    assert!(
        text.contains("White answered e5 with Nf3, a conditional move played at once."),
        "{text}"
    );
    assert!(text.contains("Your move."), "{text}");
    assert!(
        !text.contains("Bb5"),
        "the rest of the line stays secret: {text}"
    );
    // The line goes on: Nc6 is answered with Bb5.
    assert_eq!(send(&mut room, BOB, &bob, "Nc6").await, Handled::Applied);
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("answered Nc6 with Bb5"), "{text}");
    assert!(text.contains("3. Bb5") || text.contains("Bb5"), "{text}");
    // The tree is used up: Bob's next move waits for Alice.
    let before = room.log_len().await;
    assert_eq!(send(&mut room, BOB, &bob, "a6").await, Handled::Applied);
    assert_eq!(room.log_len().await, before + 1);
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
}

#[tokio::test]
async fn conditional_moves_that_do_not_match_are_cancelled_and_only_their_owner_is_told() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    send(&mut room, ALICE, &alice, "e4").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "if e5 then Nf3").await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("accepted: conditional moves"), "{text}");
    let before = room.log_len().await;
    assert_eq!(send(&mut room, BOB, &bob, "d5").await, Handled::Applied);
    assert_eq!(room.log_len().await, before + 1, "no answer was due");
    let (_, text) = last_to(&room, ALICE).await;
    assert!(
        text.contains("Your conditional moves were cancelled: your opponent played d5"),
        "{text}"
    );
    let (_, text) = last_to(&room, BOB).await;
    assert!(!text.contains("conditional"), "{text}");
}

#[tokio::test]
async fn conditional_moves_are_checked_when_set() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room, "chess", "").await;
    // While it is one's own move: refused.
    assert_eq!(
        send(&mut room, ALICE, &alice, "if e5 then Nf3").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("while your opponent is to move"), "{text}");
    send(&mut room, ALICE, &alice, "e4").await;
    for (body, reason) in [
        ("if e5 then Ke3", "\"Ke3\" (you)"),
        ("if e4 then Nf3", "\"e4\" (your opponent)"),
        (
            "if e5 then Nf3; if e5 then Nc3",
            "Two answers to e5: Nf3 and Nc3",
        ),
    ] {
        let before = room.log_len().await;
        assert_eq!(
            send(&mut room, ALICE, &alice, body).await,
            Handled::Refused,
            "{body}"
        );
        let (_, text) = last_to(&room, ALICE).await;
        assert!(text.contains(reason), "{body}: {text}");
        assert!(text.contains("Nothing was changed."), "{text}");
        assert_eq!(room.log_len().await, before);
    }
    // Games with hidden information have none.
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room, "bluff-chess", "").await;
    send(&mut room, ALICE, &alice, "e4 stay").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "if e5 then Nf3").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(
        text.contains("Bluff Chess has no conditional moves"),
        "{text}"
    );
}

// ------------------------------------------------------------------ digests

#[tokio::test]
async fn a_digest_player_gets_one_mail_a_day_listing_every_game_that_waits() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room, "chess", "").await;
    assert_eq!(
        send(&mut room, BOB, REFEREE, "notify digest").await,
        Handled::Answered
    );
    let (_, text) = last_to(&room, BOB).await;
    assert!(text.contains("at most one mail a day"), "{text}");

    let bob_mails = count_to(&room, BOB).await;
    assert_eq!(send(&mut room, ALICE, &alice, "e4").await, Handled::Applied);
    assert_eq!(count_to(&room, BOB).await, bob_mails, "no mail per move");
    assert!(count_to(&room, ALICE).await > 0);

    let now = Utc::now();
    assert_eq!(room.mailroom.digests(now).await.unwrap(), 1);
    let (subject, text) = last_to(&room, BOB).await;
    assert_eq!(subject, "[arbiter] Your daily digest: 1 game waits for you");
    assert!(
        text.contains("Game #1 (Chess): you play Black against alice@example.test"),
        "{text}"
    );
    assert!(text.contains("key: 1."), "{text}");
    assert!(
        text.contains(" 4  . . . P . . . ."),
        "Black's board: {text}"
    );
    assert!(text.contains("Last move: 1.e4"), "{text}");
    // Not again within the day, nor a day later with nothing new.
    assert_eq!(
        room.mailroom
            .digests(now + Duration::hours(1))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        room.mailroom
            .digests(now + Duration::hours(25))
            .await
            .unwrap(),
        0
    );

    // A second game waits for Bob: the next day's digest lists both.
    assert_eq!(
        send(
            &mut room,
            ALICE,
            REFEREE,
            "challenge bob@example.test chess as black"
        )
        .await,
        Handled::Applied
    );
    let invite = room.reply_to(BOB).await;
    send(&mut room, BOB, &invite, "accept").await;
    assert_eq!(
        room.mailroom
            .digests(now + Duration::hours(26))
            .await
            .unwrap(),
        1
    );
    let (subject, text) = last_to(&room, BOB).await;
    assert_eq!(subject, "[arbiter] Your daily digest: 2 games wait for you");
    assert!(
        text.contains("Game #1") && text.contains("Game #2"),
        "{text}"
    );

    // Bob answers the digest with game 1's key line and a move.
    let key = text
        .lines()
        .find(|l| l.starts_with("key: 1."))
        .unwrap()
        .to_string();
    let before = room.log_len().await;
    assert_eq!(
        send(&mut room, BOB, REFEREE, &format!("{key}\ne5")).await,
        Handled::Applied
    );
    assert_eq!(room.log_len().await, before + 1);
    // His own move's answer comes at once.
    let (subject, _) = last_to(&room, BOB).await;
    assert!(subject.starts_with("[arbiter #1]"), "{subject}");

    // Back to a mail per move.
    send(&mut room, BOB, REFEREE, "notify each").await;
    let bob_mails = count_to(&room, BOB).await;
    send(&mut room, ALICE, &alice, "Nf3").await;
    assert_eq!(count_to(&room, BOB).await, bob_mails + 1);
}

// ------------------------------------------------------- takeback and abort

#[tokio::test]
async fn a_takeback_by_agreement_restores_the_position() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    send(&mut room, ALICE, &alice, "e4").await;
    send(&mut room, BOB, &bob, "e5").await;
    send(&mut room, ALICE, &alice, "Qh5").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "takeback").await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, BOB).await;
    assert!(
        text.contains("White asks to take back their last move."),
        "{text}"
    );
    // Asking twice is refused.
    assert_eq!(
        send(&mut room, ALICE, &alice, "takeback").await,
        Handled::Refused
    );
    assert_eq!(
        send(&mut room, BOB, &bob, "takeback").await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("Black agreed to White's takeback"), "{text}");
    assert!(text.contains("Your move."), "{text}");
    assert!(
        text.contains(" 1  R N B Q K B N R"),
        "the queen is home: {text}"
    );
    assert_eq!(
        send(&mut room, ALICE, &alice, "Nf3").await,
        Handled::Applied
    );
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let replayed = room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
    assert_eq!(
        replayed.host_position(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[tokio::test]
async fn a_takeback_can_be_declined_lapses_with_a_move_and_is_not_in_hidden_games() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "takeback").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("no move to take back"), "{text}");
    send(&mut room, ALICE, &alice, "e4").await;
    send(&mut room, ALICE, &alice, "takeback").await;
    assert_eq!(
        send(&mut room, BOB, &bob, "decline takeback").await,
        Handled::Applied
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("Black declined the takeback."), "{text}");
    send(&mut room, ALICE, &alice, "takeback").await;
    send(&mut room, BOB, &bob, "e5").await;
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("White's takeback request lapsed."), "{text}");
    assert_eq!(
        send(&mut room, BOB, &bob, "decline takeback").await,
        Handled::Refused
    );

    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room, "bluff-chess", "").await;
    send(&mut room, ALICE, &alice, "e4 stay").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "takeback").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("Bluff Chess has no takebacks"), "{text}");
}

#[tokio::test]
async fn abort_ends_a_game_with_no_result_only_before_ones_first_move() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    send(&mut room, ALICE, &alice, "e4").await;
    assert_eq!(
        send(&mut room, ALICE, &alice, "abort").await,
        Handled::Refused
    );
    let (_, text) = last_to(&room, ALICE).await;
    assert!(text.contains("only before your first move"), "{text}");
    assert_eq!(send(&mut room, BOB, &bob, "abort").await, Handled::Applied);
    let (subject, text) = last_to(&room, ALICE).await;
    assert_eq!(subject, "[arbiter #1] Chess: game over, *");
    assert!(
        text.contains("Black aborted the game before their first move: it ends with no result."),
        "{text}"
    );
    assert!(
        text.contains("Game over: no result (Black aborted the game)."),
        "{text}"
    );
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
    let summary = &room
        .mailroom
        .referee
        .games_of(&mut tx, ALICE)
        .await
        .unwrap()[0];
    assert_eq!(summary.result.as_deref(), Some("*"));
}

#[tokio::test]
async fn a_takeback_after_a_checkpoint_loads_and_replays() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    let white = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4"];
    let black = ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a5", "b5"];
    for (w, b) in white.iter().zip(black) {
        assert_eq!(send(&mut room, ALICE, &alice, w).await, Handled::Applied);
        assert_eq!(send(&mut room, BOB, &bob, b).await, Handled::Applied);
    }
    assert_eq!(
        send(&mut room, BOB, &bob, "takeback").await,
        Handled::Applied
    );
    assert_eq!(
        send(&mut room, ALICE, &alice, "takeback").await,
        Handled::Applied
    );
    // Black's b5 is undone: Black is to move, and may play something else.
    assert_eq!(send(&mut room, BOB, &bob, "c5").await, Handled::Applied);
    let mut tx = room.mailroom.referee.store().write().await.unwrap();
    let replayed = room.mailroom.referee.verify(&mut tx, 1).await.unwrap();
    let loaded = room.mailroom.referee.load(&mut tx, 1).await.unwrap();
    assert_eq!(replayed.host_position(), loaded.host_position());
    assert!(
        loaded
            .host_position()
            .starts_with("rnbqkbnr/8/1p1ppppp/p1p5/PP6/2PPPPPP/8/RNBQKBNR w"),
        "{}",
        loaded.host_position()
    );
}
