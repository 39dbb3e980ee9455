//! `cargo bench`: speed as ratios against a baseline measured in the same
//! run (the machines are shared and noisy, so absolute times mean little).
//!
//! - rules: the generic trait path (legal_actions + apply, as the referee
//!   and the random-game tests use it) against the engine's own perft, on
//!   the same tree; Bluff Chess's rules against orthodox chess's through the
//!   same generic path.
//! - search: the computer's search road (`Playable::choices` and
//!   `Playable::advance`) as a perft against the engine's own perft on the
//!   same tree, and the search's actions per second (IS-MCTS) beside the
//!   engine's leaves and moves per second.
//! - layer: the chess-like layer's perft (any board, pieces as data)
//!   against the bitboard engine's on the same orthodox positions; Rebel
//!   Chess (on the layer, with its recruits; every version, from the start
//!   and Kiwipete with Recruiters) and Reflection Teammate (every setup's
//!   start) against the bitboard engine's orthodox positions at the same
//!   depth (sections `layer`, `rebel`, `reflection`).
//! - mail: our parsing (headers, quotes, HTML-only, tags) against
//!   mail-parser's bare parse of the same mails.
//! - clock: a clock round over 10,000 stored games with nothing due
//!   against one over 100 (the round reads only games with something due).
//! - referee: a move through the whole inbox path (parse, authenticate,
//!   apply, compose both mails, queue them, in one transaction) against the
//!   same move through `Referee::act` alone.
//! - pictures: the board picture (SVG drawn, rasterised, PNG encoded) of
//!   each game's largest board, and its size in bytes, against the 8x8
//!   chess picture; the chess picture against the text diagram.

use std::time::{Duration, Instant};

use arbiter::rules::bluff::BluffChess;
use arbiter::rules::chess::{Chess, Position};
use arbiter::rules::chesslike;
use arbiter::rules::rebel::{RebelPosition, Version};
use arbiter::rules::reflection::{Config, ReflectionPosition};
use arbiter::rules::{Entropy, Game, Options, Status};

/// The best of `rounds` timings of `f` (the least disturbed by the machine).
fn best<T>(rounds: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn generic_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Status::Ongoing(dues) = game.status() else {
        return 0;
    };
    let seat = dues[0].seat;
    let mut entropy = Entropy::for_perft();
    game.legal_actions(seat)
        .iter()
        .map(|a| generic_perft(&game.apply(seat, a, &mut entropy).unwrap().state, depth - 1))
        .sum()
}

fn report(name: &str, baseline: &str, measured: Duration, base: Duration) {
    println!(
        "{name:<48} {:>10.3} ms   baseline {baseline:<28} {:>10.3} ms   ratio {:>8.2}",
        measured.as_secs_f64() * 1e3,
        base.as_secs_f64() * 1e3,
        measured.as_secs_f64() / base.as_secs_f64()
    );
}

fn rules() {
    let start = Position::startpos();
    let chess = Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    let bluff = BluffChess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    assert_eq!(start.perft(3), generic_perft(&chess, 3));
    let engine = best(5, || start.perft(3));
    let generic = best(5, || generic_perft(&chess, 3));
    report(
        "chess perft 3, generic trait path",
        "engine perft 3",
        generic,
        engine,
    );
    let bluff_time = best(5, || generic_perft(&bluff, 3));
    report(
        "bluff-chess perft 3, generic trait path",
        "chess, same path",
        bluff_time,
        generic,
    );
}

fn layer() {
    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    ];
    for (name, fen, depth) in positions {
        let engine = Position::from_fen(fen).unwrap();
        let ours = chesslike::Position::from_fen(chesslike::Variant::orthodox(), fen).unwrap();
        assert_eq!(engine.perft(depth), ours.perft(depth));
        let base = best(3, || engine.perft(depth));
        let measured = best(3, || ours.perft(depth));
        report(
            &format!("layer perft {depth}, {name}"),
            "bitboard engine, same",
            measured,
            base,
        );
    }
}

/// Rebel Chess on the layer, every version, from the start (191,958
/// leaves at depth 4, against orthodox chess's 197,281 on the bitboard
/// engine) and from a mid-game position of `tests/data/rebel.perft`.
fn rebel() {
    let chess = Position::startpos();
    let base = best(3, || chess.perft(4));
    for version in [Version::One, Version::Two, Version::Three] {
        let rebel = RebelPosition::startpos(version);
        assert_eq!(rebel.perft(4), 191_958);
        let measured = best(3, || rebel.perft(4));
        report(
            &format!("rebel-chess perft 4, start, version {}", version.number()),
            "bitboard chess engine perft 4",
            measured,
            base,
        );
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let chess = Position::from_fen(kiwipete).unwrap();
    let base = best(3, || chess.perft(3));
    let fen = "r3k2r/p1upqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBUPPP/R3K2R w KQkq - 0 1";
    for version in [Version::One, Version::Two, Version::Three] {
        let rebel = RebelPosition::from_fen(fen, version).unwrap();
        let measured = best(3, || rebel.perft(3));
        report(
            &format!(
                "rebel-chess perft 3, kiwipete-u, version {}",
                version.number()
            ),
            "bitboard engine perft 3, Kiwipete",
            measured,
            base,
        );
    }
}

/// Reflection Teammate on the layer, every setup from its start at depth
/// 3, against the bitboard engine's orthodox start at depth 3 (8,902
/// leaves; the setups have 4,000 to 9,400).
fn reflection() {
    let chess = Position::startpos();
    let base = best(5, || chess.perft(3));
    for setup in ["cross14", "cross12", "cross8", "halves", "two-boards"] {
        let options = Options::parse([format!("setup={setup}")]).unwrap();
        let start = ReflectionPosition::start(Config::from_options(&options).unwrap());
        let measured = best(5, || start.perft(3));
        report(
            &format!("reflection perft 3, {setup} start"),
            "bitboard chess engine perft 3",
            measured,
            base,
        );
    }
}

fn mail() {
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

async fn referee() {
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
async fn checkpoints() {
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
async fn clock() {
    let few = clock_round(100).await;
    let many = clock_round(10_000).await;
    report(
        "clock round, 10,000 games nothing due",
        "the same, 100 games",
        many,
        few,
    );
}

/// A game after `plies` random legal actions (Reality Check's fixed setups
/// first), from a fixed seed.
fn played(name: &str, options: &[&str], plies: usize) -> Box<dyn arbiter::rules::AnyGame> {
    use arbiter::games::GameInfo;
    use arbiter::rules::Seat;
    let info = GameInfo::find(name).unwrap();
    let options = Options::parse(options.iter().copied()).unwrap();
    let mut entropy = Entropy::new([7; 32], 0);
    let mut picks = Entropy::new([7; 32], 1);
    let mut game = (info.new)(&options, &mut entropy).unwrap();
    for _ in 0..plies {
        let Status::Ongoing(dues) = game.status() else {
            break;
        };
        let seat = dues[0].seat;
        let legal = game.legal_texts(seat);
        let text = if legal.is_empty() {
            match seat {
                Seat::White => {
                    "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR"
                }
                Seat::Black => {
                    "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR"
                }
            }
            .to_string()
        } else {
            legal[picks.below(legal.len() as u64) as usize].clone()
        };
        game = game.play_text(seat, &text, &mut entropy).unwrap().state;
    }
    game
}

fn pictures() {
    use arbiter::render::{diagram, picture};
    use arbiter::rules::Seat;
    let boards: [(&str, &str, &[&str], usize); 9] = [
        ("chess 8x8", "chess", &[], 12),
        ("bluff-chess 8x8", "bluff-chess", &[], 12),
        ("reality-check 7x9 (basic), chips", "reality-check", &[], 12),
        ("rebel-chess 8x8", "rebel-chess", &[], 12),
        ("superial-chess 6x6", "superial-chess", &[], 12),
        ("superial hybrid 8x8", "superial-chess", &["hybrid=on"], 12),
        (
            "reflection cross14 (14x14)",
            "reflection-teammate",
            &["setup=cross14"],
            6,
        ),
        (
            "reflection cross12 (12x12)",
            "reflection-teammate",
            &["setup=cross12"],
            6,
        ),
        (
            "reflection two-boards (16x8)",
            "reflection-teammate",
            &["setup=two-boards"],
            6,
        ),
    ];
    let diagram_of = |game: &dyn arbiter::rules::AnyGame| {
        game.seat_view(Seat::Black)
            .view()
            .presentation()
            .diagram
            .clone()
            .unwrap()
    };
    let chess = diagram_of(&*played("chess", &[], 12));
    let base = best(20, || picture::png(&chess));
    let text = best(20, || diagram::text(&chess));
    report("chess picture 8x8 (PNG)", "the text diagram", base, text);
    for (name, game, options, plies) in boards {
        let d = diagram_of(&*played(game, options, plies));
        let bytes = picture::png(&d).len();
        let size = picture::size(&d);
        let measured = best(20, || picture::png(&d));
        report(
            &format!("{name}: {}x{} px, {bytes} B", size.width, size.height),
            "chess picture 8x8",
            measured,
            base,
        );
    }
}

/// The engine's perft without bulk counting: every move played, as a
/// search plays its moves.
fn played_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|mv| played_perft(&position.play(mv), depth - 1))
        .sum()
}

/// Perft through the search's road (`Playable::standing`,
/// `Playable::choices` and `Playable::advance`), the last ply counted in bulk as the engine's own
/// perft counts it: the same tree, only the machinery differs.
fn search_perft<G: arbiter::bot::Playable>(
    state: &G,
    depth: u32,
    lists: &mut [Vec<G::Action>],
) -> u64 {
    let Some(seat) = state.standing().actor() else {
        return 0;
    };
    let (choices, deeper) = lists.split_first_mut().expect("a list per level");
    state.choices_into(seat, choices);
    if depth == 1 {
        return choices.len() as u64;
    }
    let mut entropy = Entropy::for_perft();
    choices
        .iter()
        .map(|a| search_perft(&state.advance(seat, a, &mut entropy), depth - 1, deeper))
        .sum()
}

/// The computer's search over the `Game` trait (IS-MCTS through
/// `Playable`: a sample, the choices, each action's key, the state after
/// it, an evaluation per leaf), in actions played per second, against the
/// chess engine's own perft on the same position: its leaves per second
/// (the last ply counted in bulk, not played) and the moves per second it
/// plays when every move is played.
fn search() {
    use arbiter::bot::{Budget, Playable, search};
    use arbiter::rules::{Seat, Viewer};
    use rand::SeedableRng;

    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
    ];
    for (name, fen) in positions {
        let game = Chess::from_position(fen, &Options::default()).unwrap();
        let told = serde_json::to_value(game.view(Viewer::Seat(Seat::White))).unwrap();
        let told = vec![serde_json::from_value(told).unwrap()];
        let belief = Chess::believe(Seat::White, &Options::default(), &told).unwrap();
        let mut nodes = 0;
        let searched = best(3, || {
            let mut rng = rand::rngs::StdRng::seed_from_u64(1);
            let run = search::run::<Chess>(
                &belief,
                Seat::White,
                Budget::iterations(20_000),
                &arbiter::bot::clock::Wall::start(),
                &mut rng,
            )
            .unwrap();
            nodes = run.nodes;
        });
        let search_rate = nodes as f64 / searched.as_secs_f64();
        let engine = Position::from_fen(fen).unwrap();
        let depth = 4;
        let leaves = engine.perft(depth);
        let perft = best(3, || engine.perft(depth));
        let perft_rate = leaves as f64 / perft.as_secs_f64();
        let played = best(3, || played_perft(&engine, depth));
        let played_rate = leaves as f64 / played.as_secs_f64();
        let mut lists = vec![Vec::new(); depth as usize];
        assert_eq!(search_perft(&game, depth, &mut lists), leaves);
        let road = best(3, || search_perft(&game, depth, &mut lists));
        report(
            &format!("chess perft {depth}, {name}, the search's road"),
            &format!("engine perft {depth}"),
            road,
            perft,
        );
        println!(
            "chess search, {name}: {:>10.0} actions/s ({nodes} in 20,000 iterations); engine perft {depth}: \
             {:>11.0} leaves/s (ratio {:>6.1}), every move played: {:>10.0} moves/s (ratio {:>5.1})",
            search_rate,
            perft_rate,
            perft_rate / search_rate,
            played_rate,
            played_rate / search_rate,
        );
    }
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` would pass nothing
    // we need: run either way, it is quick. Words after `--` pick sections:
    // `cargo bench --bench referee -- search`.
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let run = |section: &str| picked.is_empty() || picked.iter().any(|p| p == section);
    if run("rules") {
        rules();
    }
    if run("search") {
        search();
    }
    if run("layer") {
        layer();
    }
    if run("rebel") {
        rebel();
    }
    if run("reflection") {
        reflection();
    }
    if run("mail") {
        mail();
    }
    if run("pictures") {
        pictures();
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if run("referee") {
        runtime.block_on(referee());
    }
    if run("checkpoints") {
        runtime.block_on(checkpoints());
    }
    if run("clock") {
        runtime.block_on(clock());
    }
}
