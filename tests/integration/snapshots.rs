//! What a move costs the database as a game grows: the pages SQLite writes
//! for one accepted move (its WAL frames), at move 10 and at move 200 of a
//! long chess game played through the referee, as the command line plays
//! it. The log is the source of truth and the stored state a checkpoint
//! (see `src/store/games.rs`), so a move writes its log entry and a few
//! small columns, and only now and then a checkpoint: the bytes per move
//! do not grow with the game's length.
//!
//! `cargo test --test snapshots -- --nocapture` prints the figures.

use arbiter::command::Command;
use arbiter::games::GameInfo;
use arbiter::referee::{Match, Referee};
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::Store;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sqlx::Row;

/// Plies of the measured game.
const PLIES: usize = 256;

/// `plies` legal chess moves chosen at random with a fixed seed, none of
/// them ending the game.
fn long_game(plies: usize) -> Vec<String> {
    let info = GameInfo::find("chess").unwrap();
    let options = Options::default();
    let seed = [7u8; 32];
    let mut current = Match::new(info, &options, seed).unwrap();
    let mut rng = StdRng::seed_from_u64(20261124);
    let mut moves = Vec::new();
    while moves.len() < plies {
        let seat = if moves.len() % 2 == 0 {
            Seat::White
        } else {
            Seat::Black
        };
        let mut legal = current.legal_texts(seat);
        legal.shuffle(&mut rng);
        let (text, next) = legal
            .into_iter()
            .filter(|t| !t.contains("claim"))
            .find_map(|text| {
                let step = current.play(seat, &text, seed, moves.len() as u64).ok()?;
                matches!(step.state.status(), Status::Ongoing(_)).then_some((text, step.state))
            })
            .expect("a move that keeps the game going");
        moves.push(text);
        current = next;
    }
    moves
}

/// Frames in the WAL now (each one page and a 24-byte header).
async fn wal_frames(store: &Store) -> i64 {
    sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(1)
}

async fn empty_wal(store: &Store) {
    let row = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(row.get::<i64, _>(0), 0, "the checkpoint was not blocked");
}

#[tokio::test]
async fn bytes_written_per_move_do_not_grow_with_the_game() {
    let moves = long_game(PLIES);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("long.db")).await.unwrap();
    let page: i64 = sqlx::query("PRAGMA page_size")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "chess",
            "alice@example.test",
            "bob@example.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let mut frames = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        let seat = if ply % 2 == 0 {
            Seat::White
        } else {
            Seat::Black
        };
        empty_wal(&store).await;
        let mut tx = store.write().await.unwrap();
        referee
            .act(&mut tx, id, seat, &Command::Play(text.clone()), "cli")
            .await
            .unwrap();
        tx.commit().await.unwrap();
        frames.push(wal_frames(&store).await);
    }
    let bytes = |frames: i64| frames * (page + 24);
    let mean = |range: std::ops::Range<usize>| {
        let n = range.len() as f64;
        frames[range].iter().sum::<i64>() as f64 * (page + 24) as f64 / n
    };
    let (early, late) = (mean(0..64), mean(PLIES - 64..PLIES));
    println!(
        "bytes written per move (WAL frames of {page}-byte pages): move 10 {} ({} frames), \
         move 200 {} ({} frames); mean over moves 1-64 {early:.0}, over moves {}-{PLIES} {late:.0}",
        bytes(frames[9]),
        frames[9],
        bytes(frames[199]),
        frames[199],
        PLIES - 63,
    );
    println!("frames per move: {frames:?}");

    // The game replays to what is stored, and goes on from a fresh load.
    let mut tx = store.read().await.unwrap();
    referee.verify(&mut tx, id).await.unwrap();
    drop(tx);

    assert!(
        frames[199] <= frames[9],
        "move 200 wrote {} frames, move 10 {}",
        frames[199],
        frames[9]
    );
    assert!(
        late <= early * 1.25,
        "the mean bytes per move grew from {early:.0} to {late:.0}"
    );
}

/// A database written by the build before checkpoints (migrations 1 to 6,
/// `tests/data/db/main-0006.sql`) opens, each game's stored state becomes
/// its checkpoint, every game verifies and loads as it stood, and the
/// games under way play on.
#[tokio::test]
async fn a_database_from_before_checkpoints_loads_and_plays_on() {
    use sqlx::Connection;
    use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let dump = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/db/main-0006.sql"),
    )
    .unwrap();
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let mut conn = SqliteConnection::connect_with(&options).await.unwrap();
    sqlx::raw_sql(&dump).execute(&mut conn).await.unwrap();
    // Each game as the old build stored it.
    let old: Vec<(i64, String, String, Option<String>)> =
        sqlx::query("SELECT id, game, state, draw_offer FROM games ORDER BY id")
            .fetch_all(&mut conn)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
            .collect();
    conn.close().await.unwrap();
    assert_eq!(old.len(), 5);

    let store = Store::open(&path).await.unwrap();
    let referee = Referee::new(store.clone());
    let mut played = 0;
    for (id, game, state, draw_offer) in &old {
        let info = GameInfo::find(game).unwrap();
        let draw_offer = draw_offer.as_deref().and_then(Seat::parse);
        let before =
            Match::from_snapshot(info, &serde_json::from_str(state).unwrap(), draw_offer).unwrap();
        let mut tx = store.read().await.unwrap();
        referee.verify(&mut tx, *id).await.unwrap();
        let loaded = referee.load(&mut tx, *id).await.unwrap();
        assert_eq!(loaded.host_position(), before.host_position(), "game {id}");
        assert_eq!(loaded.draw_offer(), draw_offer, "game {id}");
        drop(tx);
        // Whoever owes an action plays one, and the game still verifies.
        let Status::Ongoing(dues) = loaded.status() else {
            continue;
        };
        let seat = dues[0].seat;
        let text = loaded.legal_texts(seat).remove(0);
        let mut tx = store.write().await.unwrap();
        referee
            .act(&mut tx, *id, seat, &Command::Play(text.clone()), "cli")
            .await
            .unwrap_or_else(|e| panic!("game {id}: {text}: {e}"));
        tx.commit().await.unwrap();
        let mut tx = store.read().await.unwrap();
        let after = referee.verify(&mut tx, *id).await.unwrap();
        assert_ne!(after.host_position(), before.host_position(), "game {id}");
        played += 1;
    }
    assert_eq!(played, 3, "games #1, #4 and #5 are under way");
}

/// A game is stored as a checkpoint and the log after it: after 20 moves
/// the checkpoint holds the first 16, a load replays the other four, and
/// `verify` finds a checkpoint that does not match the log.
#[tokio::test]
async fn a_game_loads_from_its_checkpoint_and_the_log_after_it() {
    let moves = long_game(20);
    let store = Store::open_in_memory().await.unwrap();
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "chess",
            "alice@example.test",
            "bob@example.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let start: String = sqlx::query("SELECT state FROM checkpoints WHERE game_id = ?")
        .bind(id)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let mut tx = store.write().await.unwrap();
    for (ply, text) in moves.iter().enumerate() {
        let seat = [Seat::White, Seat::Black][ply % 2];
        referee
            .act(&mut tx, id, seat, &Command::Play(text.clone()), "cli")
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let checkpoint: i64 = sqlx::query("SELECT log_len FROM checkpoints WHERE game_id = ?")
        .bind(id)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(checkpoint, 16);
    let info = GameInfo::find("chess").unwrap();
    let seed: String = sqlx::query("SELECT seed FROM games WHERE id = ?")
        .bind(id)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let mut tx = store.read().await.unwrap();
    let loaded = referee.load(&mut tx, id).await.unwrap();
    let seed: [u8; 32] = hex::decode(seed).unwrap().try_into().unwrap();
    let mut offline = Match::new(info, &Options::default(), seed).unwrap();
    for (ply, text) in moves.iter().enumerate() {
        offline = offline
            .play([Seat::White, Seat::Black][ply % 2], text, seed, ply as u64)
            .unwrap()
            .state;
    }
    assert_eq!(loaded.host_position(), offline.host_position());
    referee.verify(&mut tx, id).await.unwrap();
    drop(tx);

    // The start position in place of the state after 16 moves: the log
    // after it does not replay.
    let at_16: String = sqlx::query("SELECT state FROM checkpoints WHERE game_id = ?")
        .bind(id)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let tamper = |state: &str, draw_offer: Option<&str>| {
        sqlx::query("UPDATE checkpoints SET state = ?, draw_offer = ? WHERE game_id = ?")
            .bind(state.to_string())
            .bind(draw_offer.map(str::to_string))
            .bind(id)
            .execute(store.pool())
    };
    tamper(&start, None).await.unwrap();
    let mut tx = store.read().await.unwrap();
    let error = referee.verify(&mut tx, id).await.err().unwrap().to_string();
    assert!(
        error.starts_with("game #1 is damaged: log entry 16 does not replay"),
        "{error}"
    );
    drop(tx);
    // A draw offer the log never made: the game still loads (Black's move
    // after it lapses it), but the checkpoint is not the log's.
    tamper(&at_16, Some("white")).await.unwrap();
    let mut tx = store.read().await.unwrap();
    referee.load(&mut tx, id).await.unwrap();
    let error = referee.verify(&mut tx, id).await.err().unwrap().to_string();
    assert!(error.contains("the checkpoint differs"), "{error}");
}
