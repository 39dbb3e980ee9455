//! The board picture in game mails, through the inbox handler on an
//! in-memory database: every mail that shows a board carries it inline
//! (and its HTML keeps the text board), the mails without a board carry
//! none, and the largest boards' mails stay well under 100 KB.

use crate::support::picture::board_picture;
use crate::support::room::{Room, mail, started_game};
use arbiter::config::RefereeConfig;
use arbiter::store::mail::Handled;

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

/// The subject and bytes of the mails queued since `from` (an index into
/// the outbox).
async fn since(room: &Room, from: usize) -> Vec<(String, Vec<u8>)> {
    room.raws().await.split_off(from)
}

fn subject(raw: &[u8]) -> String {
    mail_parser::MessageParser::default()
        .parse(raw)
        .unwrap()
        .subject()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn every_game_mail_with_a_board_shows_it_as_a_picture() {
    let mut room = Room::new(RefereeConfig::default()).await;
    // The challenge's answers have no board yet; the started mails do.
    let (alice, bob) = started_game(&mut room, "chess", "").await;
    let all = room.raws().await;
    let started: Vec<&(String, Vec<u8>)> = all
        .iter()
        .filter(|(_, raw)| subject(raw).starts_with("[arbiter #1]"))
        .collect();
    assert_eq!(started.len(), 2, "one started mail each");
    for (to, raw) in &started {
        let picture = board_picture(raw).unwrap_or_else(|| panic!("{to}: no picture"));
        assert!(picture.html.contains("<pre"), "the text board too");
        assert!(picture.content_id.contains('@'), "{}", picture.content_id);
    }
    for (_, raw) in all
        .iter()
        .filter(|(_, raw)| !subject(raw).starts_with("[arbiter #1]"))
    {
        assert!(board_picture(raw).is_none(), "{}", subject(raw));
    }

    // Accepted (to the mover), opponent (to the other), refused, show: each
    // with its own picture, from its reader's side.
    let mut count = room.raws().await.len();
    let mut play = async |room: &mut Room, from: &str, to: &str, id: &str, text: &str| {
        let handled = room.deliver(&mail(from, to, "Re", id, text)).await;
        let mails = since(room, count).await;
        count += mails.len();
        (handled, mails)
    };
    let (handled, mails) = play(&mut room, ALICE, &alice, "m1@x", "e4").await;
    assert_eq!(handled, Handled::Applied);
    assert_eq!(mails.len(), 2);
    let accepted = board_picture(&mails[0].1).expect("accepted: a picture");
    let opponent = board_picture(&mails[1].1).expect("opponent: a picture");
    assert_ne!(
        accepted.png, opponent.png,
        "White's board from White's side, Black's from Black's"
    );
    assert_ne!(accepted.content_id, opponent.content_id);

    let (_, mails) = play(&mut room, BOB, &bob, "m2@x", "Ke7").await;
    assert!(subject(&mails[0].1).contains("not accepted"));
    let refused = board_picture(&mails[0].1).expect("refused: a picture");
    assert_eq!(
        refused.png, opponent.png,
        "the same board, from Black's side"
    );

    let (_, mails) = play(&mut room, BOB, &bob, "m3@x", "show").await;
    assert_eq!(board_picture(&mails[0].1).unwrap().png, opponent.png);

    // The history answer shows no board, so carries no picture.
    let (_, mails) = play(&mut room, BOB, &bob, "m4@x", "history").await;
    assert!(board_picture(&mails[0].1).is_none());
    assert!(!String::from_utf8_lossy(&mails[0].1).contains("cid:"));

    // The end: both get the final board.
    let (_, mails) = play(&mut room, BOB, &bob, "m5@x", "resign").await;
    assert_eq!(mails.len(), 2);
    for (to, raw) in &mails {
        assert!(subject(raw).contains("game over"), "{to}");
        assert!(board_picture(raw).is_some(), "{to}: the final board");
    }
}

/// The largest boards: Reflection Teammate's 14x14 cross and a Reality
/// Check board full of two-faced chips. Every mail stays under 100 KB,
/// picture included.
#[tokio::test]
async fn the_largest_boards_mails_stay_under_100_kb() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = started_game(&mut room, "reflection-teammate", "setup=cross14").await;
    let handled = room
        .deliver(&mail(ALICE, &alice, "Re", "r1@x", "N e1-f3"))
        .await;
    assert_eq!(handled, Handled::Applied);
    let mut largest = 0;
    for (to, raw) in room.raws().await {
        if subject(&raw).starts_with("[arbiter #1]") {
            let picture = board_picture(&raw).unwrap_or_else(|| panic!("{to}: no picture"));
            assert!(picture.png.len() < 40_000, "{} bytes", picture.png.len());
        }
        assert!(raw.len() < 100_000, "{to}: {} bytes", raw.len());
        largest = largest.max(raw.len());
    }

    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "reality-check", "").await;
    for (from, to, id, text) in [
        (
            ALICE,
            &alice,
            "s1@x",
            "setup d1=R/R c2=N/N d2=B/B e2=N/R b3=P/B c3=P/P d3=B/R e3=P/N f3=P/R hand=NB",
        ),
        (
            BOB,
            &bob,
            "s2@x",
            "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR",
        ),
    ] {
        assert_eq!(
            room.deliver(&mail(from, to, "Re", id, text)).await,
            Handled::Applied
        );
    }
    let mails = room.raws().await;
    let (to, last) = mails.last().unwrap();
    let picture = board_picture(last).expect("the chips' board");
    assert!(picture.png.len() < 40_000, "{} bytes", picture.png.len());
    for (to, raw) in &mails {
        assert!(raw.len() < 100_000, "{to}: {} bytes", raw.len());
        largest = largest.max(raw.len());
    }
    eprintln!(
        "largest mail: {largest} bytes; {to}'s last picture {} bytes",
        picture.png.len()
    );
}
