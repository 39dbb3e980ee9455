//! The mail path: parsing, a move through the whole inbox path,
//! checkpoints on load, and the clock's round.

use std::time::{Duration, Instant};

use arbiter::rules::{Options, Status};

use super::{best, report};

pub fn mail() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/eml");
    let mails: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
        .map(|e| std::fs::read(e.path()).unwrap())
        .collect();
    let bare = best(20, || {
        mails
            .iter()
            .filter_map(|m| mail_parser::MessageParser::default().parse(m))
            .map(|p| p.body_text(0).map_or(0, |t| t.len()))
            .sum::<usize>()
    });
    let ours = best(20, || {
        mails
            .iter()
            .map(|m| {
                arbiter::mail::parse::parse(m, "referee@example.test")
                    .lines
                    .len()
            })
            .sum::<usize>()
    });
    report(
        &format!("parse {} sample mails (arbiter)", mails.len()),
        "mail-parser alone",
        ours,
        bare,
    );
}

pub async fn referee() {
    use arbiter::command::Command;
    use arbiter::config::RefereeConfig;
    use arbiter::mail::inbox::Mailroom;
    use arbiter::referee::Referee;
    use arbiter::rules::Seat;
    use arbiter::store::Store;
    use arbiter::store::mail::MailKey;

    // The Breyer Ruy Lopez: 24 plies without a repetition.
    const MOVES: [&str; 24] = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5",
    ];
    let rounds = MOVES.len();

    // Baseline: the referee alone.
    let store = Store::open_in_memory().await.unwrap();
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "chess",
            "a@x.test",
            "b@x.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let start = Instant::now();
    for (i, text) in MOVES.iter().enumerate() {
        let seat = if i % 2 == 0 { Seat::White } else { Seat::Black };
        let mut tx = store.write().await.unwrap();
        referee
            .act(&mut tx, id, seat, &Command::Play(text.to_string()), "bench")
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    let base = start.elapsed();

    // The whole inbox path, on a second game.
    let store = Store::open_in_memory().await.unwrap();
    let room = Mailroom::new(Referee::new(store.clone()), RefereeConfig::default());
    let mut tx = store.write().await.unwrap();
    let (id, _) = room
        .referee
        .create_game(
            &mut tx,
            "chess",
            "a@x.test",
            "b@x.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut conn = store.read().await.unwrap();
    let seats = arbiter::store::games::seats(&mut conn, id).await.unwrap();
    drop(conn);
    let start = Instant::now();
    for (i, text) in MOVES.iter().enumerate() {
        let seat = &seats[i % 2];
        let raw = format!(
            "From: {}\r\nTo: referee+{}.{}@example.test\r\nSubject: Re: move\r\nMessage-ID: <m{i}@x.test>\r\n\
             Content-Type: text/plain\r\n\r\n{}\r\n\r\nOn Sat, Arbiter wrote:\r\n> Your move.\r\n",
            seat.address, id, seat.secret, text
        );
        let mut tx = store.write().await.unwrap();
        let processed = room
            .process(
                &mut tx,
                MailKey {
                    mailbox: "INBOX".to_string(),
                    uidvalidity: 1,
                    uid: i as u32 + 1,
                },
                raw.as_bytes(),
            )
            .await
            .unwrap();
        assert_eq!(processed.drafts.len(), 2);
        tx.commit().await.unwrap();
    }
    let whole = start.elapsed();
    report(
        &format!("{rounds} moves by mail (inbox path)"),
        "Referee::act alone",
        whole,
        base,
    );
}

/// What checkpoints cost a load: a 63-ply chess game whose checkpoint is
/// 15 entries behind (as the referee leaves it: the last one at 48), to
/// replay on each load, against the same game with a checkpoint at its
/// last entry.
pub async fn checkpoints() {
    use arbiter::command::Command;
    use arbiter::games::GameInfo;
    use arbiter::referee::{Match, Referee};
    use arbiter::rules::Seat;
    use arbiter::store::Store;
    use arbiter::store::games::{self, Checkpoint};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    const PLIES: usize = 63;
    let info = GameInfo::find("chess").unwrap();
    let mut line = Vec::new();
    let mut current = Match::new(info, &Options::default(), [0; 32]).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    while line.len() < PLIES {
        let seat = [Seat::White, Seat::Black][line.len() % 2];
        let mut legal = current.legal_texts(seat);
        legal.shuffle(&mut rng);
        let (text, next) = legal
            .into_iter()
            .filter(|t| !t.contains("claim"))
            .find_map(|t| {
                let step = current.play(seat, &t, [0; 32], line.len() as u64).ok()?;
                matches!(step.state.status(), Status::Ongoing(_)).then_some((t, step.state))
            })
            .unwrap();
        line.push(text);
        current = next;
    }
    let store = Store::open_in_memory().await.unwrap();
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "chess",
            "a@x.test",
            "b@x.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    for (ply, text) in line.iter().enumerate() {
        let seat = [Seat::White, Seat::Black][ply % 2];
        referee
            .act(&mut tx, id, seat, &Command::Play(text.clone()), "bench")
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let time_loads = || async {
        let mut tx = store.read().await.unwrap();
        let mut times = Vec::new();
        for _ in 0..200 {
            let start = Instant::now();
            std::hint::black_box(referee.load(&mut tx, id).await.unwrap());
            times.push(start.elapsed());
        }
        times.into_iter().min().unwrap()
    };
    let behind = time_loads().await;
    let full = {
        let mut conn = store.read().await.unwrap();
        referee.verify(&mut conn, id).await.unwrap()
    };
    let mut tx = store.write().await.unwrap();
    games::save_checkpoint(
        &mut tx,
        id,
        &Checkpoint {
            log_len: PLIES as i64,
            state: full.snapshot(),
            draw_offer: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let current = time_loads().await;
    report(
        "load, 63 plies, checkpoint 15 behind",
        "checkpoint at the last entry",
        behind,
        current,
    );
}

/// A clock's round over a database of `games` ongoing games with nothing
/// due (their next checks days ahead), as after the first round.
async fn clock_round(games: usize) -> Duration {
    use arbiter::config::RefereeConfig;
    use arbiter::mail::inbox::Mailroom;
    use arbiter::referee::Referee;
    use arbiter::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("clock.db")).await.unwrap();
    let mut tx = store.pool().begin().await.unwrap();
    for _ in 0..games {
        sqlx::query(
            "INSERT INTO games (game, options, seed, seed_hash, next_check_at) \
             VALUES ('chess', '{}', '00', '00', '2999-01-01T00:00:00Z')",
        )
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let config = RefereeConfig {
        days_per_move: 3,
        ..RefereeConfig::default()
    };
    let room = Mailroom::new(Referee::for_host(store, &config), config);
    let now = chrono::Utc::now();
    let mut times = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        assert_eq!(room.tick(now).await.unwrap(), 0);
        times.push(start.elapsed());
    }
    times.into_iter().min().unwrap()
}

/// The clock's round costs the same whatever the number of games with
/// nothing due.
pub async fn clock() {
    let few = clock_round(100).await;
    let many = clock_round(10_000).await;
    report(
        "clock round, 10,000 games nothing due",
        "the same, 100 games",
        many,
        few,
    );
}
