//! Every byte that leaves for a player is built from that player's view:
//! random Bluff Chess games through the referee, each notice formatted as the
//! real mail (headers, text and HTML parts), checked against the sealed
//! decisions of the opponent that are still sealed when it is sent; and the
//! board picture it carries is exactly the one drawn from that player's view
//! (the rules' tests check that such a picture is the same whatever the
//! player may not know).

use crate::support::picture::board_picture;
use arbiter::command::Command;
use arbiter::config::RefereeConfig;
use arbiter::mail::compose::Draft;
use arbiter::referee::Referee;
use arbiter::rules::{Entropy, Seat, Status};
use arbiter::store::Store;

/// The salts still sealed, by seat, from the host's position string
/// (`... ; sealed w:stay salt HEX, b:transfer d8 salt HEX ; ...`).
fn sealed_salts(position: &str) -> Vec<(Seat, String)> {
    let Some(part) = position
        .split(" ; ")
        .find_map(|p| p.strip_prefix("sealed "))
    else {
        return Vec::new();
    };
    part.split(", ")
        .filter_map(|entry| {
            let seat = if entry.starts_with("w:") {
                Seat::White
            } else {
                Seat::Black
            };
            entry
                .split_once(" salt ")
                .map(|(_, salt)| (seat, salt.trim().to_string()))
        })
        .collect()
}

/// Everything a mail carries that a reader can see: headers and decoded parts.
fn readable(raw: &[u8]) -> String {
    let parsed = mail_parser::MessageParser::default()
        .parse(raw)
        .expect("our mails parse");
    let headers =
        String::from_utf8_lossy(&raw[..parsed.root_part().raw_body_offset() as usize]).into_owned();
    let text = parsed.body_text(0).unwrap_or_default().into_owned();
    let html = parsed.body_html(0).unwrap_or_default().into_owned();
    format!("{headers}\n{text}\n{html}")
}

#[tokio::test]
async fn no_mail_carries_the_opponents_sealed_decision() {
    let config = RefereeConfig::default();
    let store = Store::open_in_memory().await.unwrap();
    let referee = Referee::new(store.clone());
    let mut picks = Entropy::new([42; 32], 0);
    let (mut checked, mut sealed_seen, mut pictures) = (0, 0, 0);
    for game in 0..25 {
        let mut tx = store.write().await.unwrap();
        let (id, _) = referee
            .create_game(
                &mut tx,
                "bluff-chess",
                "white@x.test",
                "black@x.test",
                &Default::default(),
                None,
            )
            .await
            .unwrap();
        tx.commit().await.unwrap();
        for _ in 0..60 {
            let mut tx = store.write().await.unwrap();
            let loaded = referee.load(&mut tx, id).await.unwrap();
            let Status::Ongoing(dues) = loaded.status() else {
                break;
            };
            let seat = dues[0].seat;
            let legal = loaded.legal_texts(seat);
            let text = legal[picks.below(legal.len() as u64) as usize].clone();
            let notices = referee
                .act(&mut tx, id, seat, &Command::Play(text.clone()), "test")
                .await
                .unwrap();
            let after = referee.load(&mut tx, id).await.unwrap();
            tx.commit().await.unwrap();
            let finished = after.status().is_finished();
            let sealed = sealed_salts(&after.host_position());
            sealed_seen += sealed.len();
            for notice in &notices {
                let raw = Draft::notice(&config, store.installation(), notice, Some("in@x.test"))
                    .format(&config)
                    .unwrap();
                let mail = readable(&raw);
                // The picture, one mail in five (drawing is the slow part).
                let picture = board_picture(&raw).expect("every game notice shows the board");
                if checked % 5 == 0 {
                    let own = after.seat_view(notice.seat);
                    let diagram = own.view().presentation().diagram.as_ref().unwrap();
                    assert!(
                        picture.png == arbiter::render::picture::png(diagram),
                        "game {game}: {}'s picture is not drawn from their view",
                        notice.seat
                    );
                    pictures += 1;
                }
                for (owner, salt) in &sealed {
                    if *owner != notice.seat && !finished {
                        assert!(
                            !mail.contains(salt.as_str()),
                            "game {game}: after {text:?}, {}'s mail carries {owner}'s sealed salt",
                            notice.seat
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked > 1000 && sealed_seen > 100 && pictures * 5 >= checked,
        "checked {checked} mails, {sealed_seen} sealed decisions, {pictures} pictures"
    );
}
