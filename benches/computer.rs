//! The computer's search in every game: actions played a second by the
//! search (IS-MCTS through `Playable`: a sample of the seat's belief, the
//! choices, each action's key, the state after it, an evaluation per leaf)
//! in the middle of a game, against orthodox chess's rate in the same run.
//!
//! `cargo bench --bench computer [-- WORD]` (WORD: only the rows whose
//! name contains it). The strength of each game's computer is measured by
//! `arbiter bot-match`; see BENCHMARKS.md.

use std::time::{Duration, Instant};

use arbiter::bot::clock::Wall;
use arbiter::bot::{Budget, Playable, search};
use arbiter::rules::bluff::BluffChess;
use arbiter::rules::chess::Chess;
use arbiter::rules::reality::RealityCheck;
use arbiter::rules::rebel::RebelChess;
use arbiter::rules::reflection::ReflectionTeammate;
use arbiter::rules::superial::SuperialChess;
use arbiter::rules::{Entropy, GameInfo, Options, Seat, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Iterations of one search.
const ITERATIONS: u32 = 4_000;

/// Reality Check's fixed setups for the random games below (its setups are
/// not listed among the legal texts).
fn reality_setup(seat: Seat) -> &'static str {
    match seat {
        Seat::White => {
            "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR"
        }
        Seat::Black => {
            "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR"
        }
    }
}

/// What the seat to move was told along a game of `plies` random legal
/// actions from a fixed seed: its views, oldest first, and the seat.
fn told_after(name: &str, options: &Options, plies: usize) -> (Vec<serde_json::Value>, Seat) {
    let info = GameInfo::find(name).unwrap();
    let mut entropy = Entropy::new([7; 32], 0);
    let mut picks = StdRng::seed_from_u64(1);
    let mut game = (info.new)(options, &mut entropy).unwrap();
    let mut views = [Vec::new(), Vec::new()];
    let record = |game: &dyn arbiter::rules::AnyGame, views: &mut [Vec<serde_json::Value>; 2]| {
        for seat in Seat::BOTH {
            views[seat.index()].push(game.seat_view(seat).view().json().clone());
        }
    };
    record(&*game, &mut views);
    for index in 0..plies {
        let Status::Ongoing(dues) = game.status() else {
            break;
        };
        let actor = dues[0].seat;
        let legal = game.legal_texts(actor);
        let text = if legal.is_empty() {
            reality_setup(actor).to_string()
        } else {
            use rand::Rng;
            legal[picks.random_range(0..legal.len())].clone()
        };
        game = game
            .play_text(actor, &text, &mut Entropy::new([7; 32], index as u64 + 1))
            .unwrap()
            .state;
        record(&*game, &mut views);
    }
    let Status::Ongoing(dues) = game.status() else {
        panic!("{name}: the game ended within {plies} plies; pick another seed")
    };
    let seat = dues[0].seat;
    (views[seat.index()].clone(), seat)
}

/// The search's actions a second in game `G` after `plies` random plies,
/// and the time of one search.
fn rate<G: Playable>(name: &str, options: &[&str], plies: usize) -> (f64, Duration) {
    let options = Options::parse(options.iter().copied()).unwrap();
    let (told, seat) = told_after(name, &options, plies);
    let told: Vec<G::Told> = told
        .into_iter()
        .map(|v| serde_json::from_value(v).unwrap())
        .collect();
    let belief = G::believe(seat, &options, &told).unwrap();
    let mut best = (0.0f64, Duration::MAX);
    for _ in 0..3 {
        let mut rng = StdRng::seed_from_u64(1);
        let start = Instant::now();
        let run =
            search::run::<G>(
                &belief,
                seat,
                Budget::iterations(ITERATIONS),
                &Wall::start(),
                &mut rng,
            )
            .unwrap();
        let took = start.elapsed();
        // A seat that wins at once (or has one action) takes it unsearched.
        assert!(
            run.iterations > 0,
            "{name} after {plies} plies: nothing to search; measure another position"
        );
        let rate = run.nodes as f64 / took.as_secs_f64();
        if took < best.1 {
            best = (rate, took);
        }
    }
    best
}

/// How long the computer takes to read what it was told before it
/// searches, in game `G` after `plies` random plies: the views decoded from
/// their JSON and the belief formed from them (done afresh for each move).
fn reading<G: Playable>(name: &str, options: &[&str], plies: usize) -> Duration {
    let options = Options::parse(options.iter().copied()).unwrap();
    let (told, seat) = told_after(name, &options, plies);
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let views: Vec<G::Told> = told
                .iter()
                .map(|v| serde_json::from_value(v.clone()).unwrap())
                .collect();
            G::believe(seat, &options, &views).unwrap();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// One row's measure: actions a second, and the time of one search.
type Measure = fn() -> (f64, Duration);

fn main() {
    let (chess, chess_time) = rate::<Chess>("chess", &[], 12);
    println!(
        "{:<40} {:>10.0} actions/s  {:>8.1} ms a search of {ITERATIONS} iterations   (baseline)",
        "chess, after 12 plies",
        chess,
        chess_time.as_secs_f64() * 1e3
    );
    // Each row's name and its measure; `cargo bench --bench computer --
    // WORD` measures only the rows whose name contains WORD.
    let rows: [(&str, Measure); 12] = [
        ("bluff-chess", || rate::<BluffChess>("bluff-chess", &[], 12)),
        ("reality-check (basic)", || {
            rate::<RealityCheck>("reality-check", &[], 14)
        }),
        // Late in a long game, where the endings are decided.
        ("reality-check (basic), after 300 plies", || {
            rate::<RealityCheck>("reality-check", &[], 300)
        }),
        ("rebel-chess version=1", || {
            rate::<RebelChess>("rebel-chess", &["version=1"], 12)
        }),
        ("rebel-chess version=2", || {
            rate::<RebelChess>("rebel-chess", &["version=2"], 12)
        }),
        ("rebel-chess version=3", || {
            rate::<RebelChess>("rebel-chess", &["version=3"], 12)
        }),
        ("reflection-teammate cross14", || {
            rate::<ReflectionTeammate>("reflection-teammate", &["setup=cross14"], 8)
        }),
        ("reflection-teammate cross12, after 4 plies", || {
            // After 6, 8 or 10 random plies White wins at once (taken
            // unsearched, so nothing would be measured).
            rate::<ReflectionTeammate>("reflection-teammate", &["setup=cross12"], 4)
        }),
        ("reflection-teammate cross8", || {
            rate::<ReflectionTeammate>("reflection-teammate", &["setup=cross8"], 8)
        }),
        ("superial-chess", || {
            rate::<SuperialChess>("superial-chess", &[], 8)
        }),
        ("superial-chess random-moves=1", || {
            rate::<SuperialChess>("superial-chess", &["random-moves=1"], 8)
        }),
        ("superial-chess hybrid=on", || {
            rate::<SuperialChess>("superial-chess", &["hybrid=on"], 8)
        }),
    ];
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rows = rows
        .into_iter()
        .filter(|(name, _)| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str())))
        .map(|(name, measure)| {
            let (rate, took) = measure();
            (name, rate, took)
        });
    for (name, rate, took) in rows {
        println!(
            "{name:<40} {rate:>10.0} actions/s  {:>8.1} ms a search of {ITERATIONS} iterations   ratio to chess {:>6.2}",
            took.as_secs_f64() * 1e3,
            chess / rate,
        );
    }
    // The views are read afresh for each move: late in a long game that
    // is the most there is to read, against the default 1 s a move.
    if filter.is_empty()
        || filter
            .iter()
            .any(|f| "reality-check reading".contains(f.as_str()))
    {
        for plies in [14, 300] {
            let took = reading::<RealityCheck>("reality-check", &[], plies);
            println!(
                "{:<40} {:>8.1} ms to read the views, {:.2}% of a 1 s move",
                format!("reality-check, reading {plies} plies"),
                took.as_secs_f64() * 1e3,
                took.as_secs_f64() * 100.0
            );
        }
    }
}
