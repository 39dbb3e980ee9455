//! Reality Check's pages tell a visitor which down faces were still sealed
//! at the move shown: the host saw every face while the game was on, and
//! the page draws each down face that was then its owner's secret with a
//! padlock, and a face shown to both players (or any face once the game is
//! over) without one. Read from the exported page's HTML, no browser. And
//! the referee replays a game for the archive only once it has ended.

use crate::archive_site::{export, new_game, play};
use arbiter::command::Command as PlayerCommand;
use arbiter::referee::{Referee, RefereeError};
use arbiter::rules::{Options, Seat};
use arbiter::store::Store;

/// The board of ply `n` as the page draws it (the viewer's side).
fn board(page: &str, n: usize) -> &str {
    let start = page
        .find(&format!("<section class=\"ply\" id=\"ply-{n}\""))
        .unwrap_or_else(|| panic!("no ply {n} in the page"));
    let open = "<div class=\"side\"";
    let board = start + page[start..].find(open).unwrap();
    &page[board..board + page[board..].find("</div>").unwrap()]
}

/// What the board draws on `square`: its chip with its signs.
fn on<'a>(board: &'a str, square: &str) -> &'a str {
    let start = board
        .find(&format!("<g id=\"on-{square}\""))
        .unwrap_or_else(|| panic!("no chip on {square}"));
    &board[start..start + board[start..].find("</g>").unwrap()]
}

const SEALED: &str = "class=\"sealed\"";

fn sealed(board: &str, square: &str) -> bool {
    on(board, square).contains(SEALED)
}

#[test]
fn each_down_face_still_sealed_at_a_move_is_marked_and_only_then() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let (white, black) = ("kim@example.test", "lee@example.test");
    let id = new_game(&db, "reality-check", white, black, &[]);
    play(
        &db,
        &id,
        &[
            (
                white,
                "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR",
            ),
            (
                black,
                "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR",
            ),
            (white, "c3-c4"),
            // Black shows White's e3 (P up, R down) to both players.
            (black, "c7-c6 flip e3"),
            (white, "resign"),
        ],
    );
    let site = dir.path().join("site");
    export(&db, &site);
    let page = std::fs::read_to_string(site.join(format!("games/{id}.html"))).unwrap();

    // Ply 3, after c3-c4: every down face is still its owner's secret.
    let before = board(&page, 3);
    for square in ["e3", "d3", "c4", "d1", "c8", "e7"] {
        assert!(sealed(before, square), "ply 3: {square} is sealed");
    }
    // Ply 4, after the flip: e3's faces were shown, the others not.
    let after = board(&page, 4);
    assert!(!sealed(after, "e3"), "ply 4: e3 was shown to both");
    for square in ["d3", "c4", "d1", "c8", "e7", "c6"] {
        assert!(sealed(after, square), "ply 4: {square} is still sealed");
    }
    // Ply 5, the end: the setups are published, nothing is sealed.
    assert!(!board(&page, 5).contains(SEALED));
    // The page says what the padlock means.
    assert!(page.contains("padlock"), "the legend explains the padlock");
}

#[tokio::test]
async fn the_referee_replays_only_finished_games_for_the_archive() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    let mut tx = referee.store().write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "bluff-chess",
            "alice@example.test",
            "bob@example.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    referee
        .act(
            &mut tx,
            id,
            Seat::White,
            &PlayerCommand::Play("e4".into()),
            "test",
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut conn = referee.store().read().await.unwrap();
    let refused = referee.archive_plies(&mut conn, id).await.unwrap_err();
    assert!(
        matches!(refused, RefereeError::Unfinished(g) if g == id),
        "{refused}"
    );
    drop(conn);

    let mut tx = referee.store().write().await.unwrap();
    referee
        .act(&mut tx, id, Seat::Black, &PlayerCommand::Resign, "test")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut conn = referee.store().read().await.unwrap();
    let plies = referee.archive_plies(&mut conn, id).await.unwrap();
    assert_eq!(plies.len(), 3, "the start and two entries");
    assert_eq!(plies[0].index, None);
    assert_eq!((plies[1].index, plies[1].moves), (Some(0), 1));
    assert_eq!((plies[2].index, plies[2].moves), (Some(1), 1));
    // The finished state is the archive's own view: nothing still sealed.
    let facts = plies[2].view.presentation().facts.join("\n");
    assert!(!facts.contains("Sealed from"), "{facts}");
}
