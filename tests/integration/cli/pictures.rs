//! `arbiter game show --png`: the picture a player's mail carries.

use std::path::Path;

use super::new_game;
use crate::support::cli::arbiter;

/// The PNG's width and height, read back with the decoder.
fn png_size(png: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let info = reader.info();
    (info.width, info.height)
}

/// The board picture the mail of `show` to `player` would carry.
async fn mailed_picture(db: &Path, player: &str) -> Vec<u8> {
    use arbiter::command::Command;
    use arbiter::config::RefereeConfig;
    use arbiter::mail::compose::Draft;
    let store = arbiter::store::Store::open(db).await.unwrap();
    let referee = arbiter::referee::Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let seat = referee
        .load(&mut tx, 1)
        .await
        .unwrap()
        .seat_of(player)
        .unwrap();
    let notices = referee
        .act(&mut tx, 1, seat, &Command::Show, "test")
        .await
        .unwrap();
    let config = RefereeConfig::default();
    let raw = Draft::notice(&config, store.installation(), &notices[0], None)
        .format(&config)
        .unwrap();
    crate::support::picture::board_picture(&raw).unwrap().png
}

#[tokio::test]
async fn game_show_writes_the_picture_the_players_mail_carries() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    new_game(&db, "bluff-chess", &[]);
    for (who, text) in [
        ("alice@example.test", "e4"),
        ("bob@example.test", "e5"),
        ("alice@example.test", "Nf3"),
    ] {
        let run = arbiter(&db, &["game", "play", "1", "--as", who, text]);
        assert_eq!(run.code, 0, "{text}: {}", run.err);
    }
    let file = |name: &str| dir.path().join(name);
    let show = |player: Option<&str>, out: &Path| {
        let mut args = vec!["game", "show", "1", "--png", out.to_str().unwrap()];
        if let Some(player) = player {
            args.extend(["--as", player]);
        }
        let run = arbiter(&db, &args);
        assert_eq!(run.code, 0, "{}", run.err);
        assert!(
            run.out.contains("Game #1"),
            "the text view still prints: {}",
            run.out
        );
        std::fs::read(out).unwrap()
    };
    let white = show(Some("alice@example.test"), &file("white.png"));
    let black = show(Some("bob@example.test"), &file("black.png"));
    let public = show(None, &file("public.png"));
    for png in [&white, &black, &public] {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (width, height) = png_size(png);
        assert!((300..500).contains(&width) && (300..500).contains(&height));
    }
    assert_eq!(white, mailed_picture(&db, "alice@example.test").await);
    assert_eq!(black, mailed_picture(&db, "bob@example.test").await);
    assert_ne!(white, black, "each from its own side");
    // Without --as: the public view's picture (what a spectator may see),
    // never the host's, and from White's side.
    let store = arbiter::store::Store::open(&db).await.unwrap();
    let referee = arbiter::referee::Referee::new(store.clone());
    let loaded = referee
        .load(&mut store.write().await.unwrap(), 1)
        .await
        .unwrap();
    let view = loaded.public_view();
    let diagram = view.view().presentation().diagram.as_ref().unwrap();
    assert_eq!(public, arbiter::render::picture::png(diagram));
    assert_ne!(public, black, "White at the bottom");

    let run = arbiter(
        &db,
        &[
            "game",
            "show",
            "9",
            "--png",
            file("x.png").to_str().unwrap(),
        ],
    );
    assert_eq!(run.code, 1, "{}", run.out);
    assert!(
        !file("x.png").exists(),
        "nothing written for a missing game"
    );
}
