//! What players read in game mails: refusals with the board, a standing draw
//! offer, and the seed announcement that lets them check every random draw.

use crate::support::picture::board_picture;
use crate::support::room::{Room, mail};
use arbiter::config::RefereeConfig;
use sha2::{Digest, Sha256};

fn last_to<'a>(outbox: &'a [(String, String, String)], to: &str) -> &'a (String, String, String) {
    outbox.iter().rev().find(|(r, _, _)| r == to).unwrap()
}

#[tokio::test]
async fn a_refusal_shows_the_players_board_in_text_and_html() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = crate::support::room::started_game(&mut room, "chess", "").await;
    let before = room.log_len().await;
    room.deliver(&mail("alice@example.test", &alice, "Re", "r1@x", "e5"))
        .await;
    assert_eq!(room.log_len().await, before, "a refusal changes nothing");
    let outbox = room.outbox().await;
    let (_, subject, text) = last_to(&outbox, "alice@example.test");
    assert!(subject.contains("not accepted"), "{subject}");
    assert!(
        text.contains("your command \"e5\" was not accepted"),
        "{text}"
    );
    assert!(text.contains("cannot move to e5"), "{text}");
    assert!(text.contains("Nothing was changed."), "{text}");
    assert!(
        text.contains(" 2  P P P P P P P P") && text.contains(" 8  r n b q k b n r"),
        "the refusal carries the board: {text}"
    );
    assert!(text.contains("Your move."), "{text}");
    let raw = room.last_raw("alice@example.test").await;
    let picture = board_picture(&raw).expect("the refusal shows the board as a picture");
    let html = picture.html;
    assert!(
        html.contains(" 2  P P P P P P P P"),
        "and as text under it, for readers who block images: {html}"
    );
    assert!(html.contains("not accepted"), "{html}");
}

#[tokio::test]
async fn a_standing_draw_offer_is_in_both_players_mails() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = crate::support::room::started_game(&mut room, "chess", "").await;
    room.deliver(&mail("alice@example.test", &alice, "Re", "d1@x", "draw"))
        .await;
    // Later, Bob asks to see the game: the offer still stands and says so.
    room.deliver(&mail("bob@example.test", &bob, "Re", "d2@x", "show"))
        .await;
    let outbox = room.outbox().await;
    let (_, _, text) = last_to(&outbox, "bob@example.test");
    assert!(
        text.contains("White offers a draw: reply `draw` to accept it or `decline draw`"),
        "{text}"
    );
    room.deliver(&mail("alice@example.test", &alice, "Re", "d3@x", "show"))
        .await;
    let outbox = room.outbox().await;
    let (_, _, text) = last_to(&outbox, "alice@example.test");
    assert!(text.contains("Your draw offer stands"), "{text}");
    // Declined, it is gone.
    room.deliver(&mail(
        "bob@example.test",
        &bob,
        "Re",
        "d4@x",
        "decline draw",
    ))
    .await;
    let outbox = room.outbox().await;
    let (_, _, text) = last_to(&outbox, "bob@example.test");
    assert!(!text.contains("offers a draw:"), "{text}");
}

/// The hex after `marker` in `text`, up to the first non-hex character.
fn hex_after(text: &str, marker: &str) -> String {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"))
        + marker.len();
    text[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect()
}

#[tokio::test]
async fn the_published_seed_hashes_to_the_announced_hash() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = crate::support::room::started_game(&mut room, "bluff-chess", "").await;
    let outbox = room.outbox().await;
    let start = last_to(&outbox, "alice@example.test")
        .2
        .replace("\r\n", "\n");
    assert!(
        start.contains("Their SHA-256 (of the 32 bytes,\nnot of their hex text)"),
        "the start mail says exactly what is hashed: {start}"
    );
    let announced = hex_after(&start, "not of their hex text) is");
    assert_eq!(announced.len(), 64, "{start}");

    room.deliver(&mail("alice@example.test", &alice, "Re", "s1@x", "resign"))
        .await;
    let outbox = room.outbox().await;
    let (_, _, end) = last_to(&outbox, "alice@example.test");
    let seed = hex_after(end, "The game's seed was");
    let bytes = hex::decode(&seed).expect("the seed is hex");
    assert_eq!(bytes.len(), 32);
    assert_eq!(hex::encode(Sha256::digest(&bytes)), announced);
}

#[tokio::test]
async fn a_game_without_randomness_announces_and_publishes_no_seed() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = crate::support::room::started_game(&mut room, "chess", "").await;
    room.deliver(&mail("alice@example.test", &alice, "Re", "n1@x", "resign"))
        .await;
    for (to, subject, text) in room.outbox().await {
        if subject.contains("#1") {
            assert!(!text.contains("seed"), "mail to {to}: {text}");
        }
    }
}

#[tokio::test]
async fn the_end_of_a_game_is_told_once_per_mail() {
    for game in [
        "chess",
        "bluff-chess",
        "reality-check",
        "rebel-chess",
        "superial-chess",
    ] {
        let mut room = Room::new(RefereeConfig::default()).await;
        let (alice, _) = crate::support::room::started_game(&mut room, game, "").await;
        room.deliver(&mail("alice@example.test", &alice, "Re", "g1@x", "resign"))
            .await;
        let outbox = room.outbox().await;
        for to in ["alice@example.test", "bob@example.test"] {
            let (_, _, text) = last_to(&outbox, to);
            assert_eq!(
                text.matches("Game over").count(),
                1,
                "{game}, mail to {to}: {text}"
            );
            assert!(
                !text.contains(" to move"),
                "a game that has ended owes no move: {game}, mail to {to}: {text}"
            );
        }
    }
}

#[tokio::test]
async fn a_resignation_reveals_every_sealed_decision() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = crate::support::room::started_game(&mut room, "bluff-chess", "").await;
    room.deliver(&mail("alice@example.test", &alice, "Re", "b1@x", "e4"))
        .await;
    // d5 can be taken by exd5: a death move, decided blind and sealed.
    room.deliver(&mail("bob@example.test", &bob, "Re", "b2@x", "d5 stay"))
        .await;
    let outbox = room.outbox().await;
    let (_, _, before) = last_to(&outbox, "alice@example.test");
    assert!(!before.contains("decision was"), "still sealed: {before}");
    room.deliver(&mail("alice@example.test", &alice, "Re", "b3@x", "resign"))
        .await;
    let outbox = room.outbox().await;
    for to in ["alice@example.test", "bob@example.test"] {
        let (_, _, text) = last_to(&outbox, to);
        assert!(
            text.contains("Black's sealed decision was: stay"),
            "the end reveals it to {to}: {text}"
        );
    }
}

#[tokio::test]
async fn look_alike_letters_are_named_and_fullwidth_forms_read() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = crate::support::room::started_game(&mut room, "chess", "").await;
    let before = room.log_len().await;
    // A Cyrillic "е": the refusal would otherwise look like "e4" refused.
    room.deliver(&mail(
        "alice@example.test",
        &alice,
        "Re",
        "l1@x",
        "\u{0435}4",
    ))
    .await;
    assert_eq!(room.log_len().await, before);
    let outbox = room.outbox().await;
    let (_, _, text) = last_to(&outbox, "alice@example.test");
    assert!(
        text.contains("U+0435, a Cyrillic letter"),
        "the odd letter is named: {text}"
    );
    // Fullwidth forms, as East Asian keyboards type them, are read.
    room.deliver(&mail("alice@example.test", &alice, "Re", "l2@x", "ｅ４"))
        .await;
    assert_eq!(room.log_len().await, before + 1);
    let outbox = room.outbox().await;
    let (_, _, text) = last_to(&outbox, "alice@example.test");
    assert!(text.contains("accepted: e4"), "{text}");
}
