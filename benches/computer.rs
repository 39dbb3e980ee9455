//! The computer's search in every game: actions played a second by the
//! search each game's computer uses (alpha-beta for the games without
//! hidden information, `bot::alphabeta`: positions visited; IS-MCTS for
//! the others: a sample of the seat's belief, the choices, each action's
//! key, the state after it, an evaluation per leaf) in the middle of a
//! game, against orthodox chess's rate in the same run. The alpha-beta
//! searches run for [`SEARCH_TIME`] at the strongest level, the IS-MCTS
//! for [`ITERATIONS`] iterations.
//!
//! `cargo bench --bench computer [-- WORD]` (WORD: only the rows whose
//! name contains it). The strength of each game's computer is measured by
//! `arbiter bot-match`; see BENCHMARKS.md.
//!
//! `cargo bench --bench computer -- budget`: how far past its time the
//! computer runs, on the wall clock, through the referee's own entry (the
//! game's `computer` in the name table): over positions of every game and
//! option set, the worst time a choice took as a ratio to its budget, at
//! 100 ms and at the default 1 s (the strongest level, which takes the
//! whole budget).

use std::time::{Duration, Instant};

use arbiter::bot::clock::{BUDGET_POSITIONS, Wall};
use arbiter::bot::{Budget, Playable, search};
use arbiter::bot::{ComputerInput, Level, Strategy};
use arbiter::games::GameInfo;
use arbiter::rules::bluff::BluffChess;
use arbiter::rules::chess::Chess;
use arbiter::rules::reality::RealityCheck;
use arbiter::rules::rebel::RebelChess;
use arbiter::rules::reflection::ReflectionTeammate;
use arbiter::rules::superial::SuperialChess;
use arbiter::rules::{AnyGame, Entropy, Options, Seat, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Iterations of one IS-MCTS search.
const ITERATIONS: u32 = 4_000;

/// The time of one alpha-beta search.
const SEARCH_TIME: Duration = Duration::from_millis(500);

/// Reality Check's fixed setups for the random games below, on the basic
/// board (its setups are not listed among the legal texts).
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
    let game = (info.new)(options, &mut Entropy::new([7; 32], 0)).unwrap();
    let told = Correspondence::random(game, options, plies, 1).unwrap_or_else(|| {
        panic!("{name}: the game ended within {plies} plies; pick another seed")
    });
    let seat = told.actor().unwrap();
    (told.views[seat.index()].clone(), seat)
}

/// A game and what each seat was told along it and wrote.
struct Correspondence {
    game: Box<dyn AnyGame>,
    options: Options,
    views: [Vec<serde_json::Value>; 2],
    sent: [Vec<String>; 2],
}

impl Correspondence {
    fn new(game: Box<dyn AnyGame>, options: &Options) -> Correspondence {
        let mut told = Correspondence {
            game,
            options: options.clone(),
            views: [Vec::new(), Vec::new()],
            sent: [Vec::new(), Vec::new()],
        };
        told.record();
        told
    }

    fn record(&mut self) {
        for seat in Seat::BOTH {
            let view = self.game.seat_view(seat).view().json().clone();
            self.views[seat.index()].push(view);
        }
    }

    /// Plays `text` for `seat`, as action `index`.
    fn play(&mut self, seat: Seat, text: &str, index: usize) {
        let played = self
            .game
            .play_text(seat, text, &mut Entropy::new([7; 32], index as u64 + 1))
            .unwrap();
        self.game = played.state;
        self.sent[seat.index()].push(played.notation);
        self.record();
    }

    /// The seat that acts next, if the game is on.
    fn actor(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Ongoing(dues) => Some(dues[0].seat),
            Status::Finished(_) => None,
        }
    }

    /// `game` after `plies` random legal actions from seed `seed`; `None`
    /// if it ends before.
    fn random(
        game: Box<dyn AnyGame>,
        options: &Options,
        plies: usize,
        seed: u64,
    ) -> Option<Correspondence> {
        let mut picks = StdRng::seed_from_u64(seed);
        let mut told = Correspondence::new(game, options);
        for index in 0..plies {
            let actor = told.actor()?;
            let legal = told.game.legal_texts(actor);
            let text = if legal.is_empty() {
                // The fixed setups where they fit (the rows measured
                // before), else one the computer writes.
                let fixed = reality_setup(actor);
                let fits = told
                    .game
                    .play_text(actor, fixed, &mut Entropy::for_perft())
                    .is_ok();
                if fits {
                    fixed.to_string()
                } else {
                    told.unlisted(actor)
                }
            } else {
                use rand::Rng;
                legal[picks.random_range(0..legal.len())].clone()
            };
            told.play(actor, &text, index);
        }
        told.actor().map(|_| told)
    }

    /// An action the rules do not list (Reality Check's setups, of any
    /// form), as the computer writes its own.
    fn unlisted(&self, seat: Seat) -> String {
        let info = GameInfo::find(self.game.name()).expect("a game of the table");
        let input = ComputerInput {
            seat,
            options: self.options.clone(),
            strategy: Strategy::Random,
            budget: Budget::iterations(1),
            seed: self.views[0].len() as u64,
            told: self.views[seat.index()].clone(),
            sent: self.sent[seat.index()].clone(),
        };
        (info.computer)(&input).unwrap()
    }

    /// How long the computer took to choose `seat`'s action at its
    /// strongest with `budget`, through the name table's entry (the wall
    /// clock, the views read included), as a share of the budget.
    fn choice_over_budget(&self, seat: Seat, budget: Duration) -> f64 {
        let info = GameInfo::find(self.game.name()).expect("a game of the table");
        let input = ComputerInput {
            seat,
            options: self.options.clone(),
            strategy: Strategy::Search(Level::MAX),
            budget: Budget::time(budget),
            seed: 5,
            told: self.views[seat.index()].clone(),
            sent: self.sent[seat.index()].clone(),
        };
        let start = Instant::now();
        (info.computer)(&input).unwrap();
        start.elapsed().as_secs_f64() / budget.as_secs_f64()
    }
}

/// The position: Superial's hybrid, White to move and then Black
/// after White's `Bf6` (some three thousand actions for Black's cubes).
const HYBRID: &str = "1o1o1o(+q)o/2o1o1ob/3N4/P4P2/4P2P/RPB5/2PP1R2/1N2K3 w - - 13 34";

/// `cargo bench --bench computer -- budget [WORD]`: the worst time a
/// choice took as a ratio to its budget, for each game and option set
/// (those whose name contains WORD) and over all, at 100 ms and at 1 s.
fn budget_rows(filter: &[String]) {
    for budget in [Duration::from_millis(100), Duration::from_secs(1)] {
        println!("budget {budget:?}, the computer at its strongest level (all of the budget):");
        let mut worst_of_all = (0.0f64, String::new());
        let mut measure = |row: String, ratios: Vec<f64>| {
            let worst = ratios.iter().copied().fold(0.0f64, f64::max);
            let mean = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
            println!(
                "  {row:<56} {:>3} choices  mean {mean:>5.2}  worst {worst:>5.2} of the budget",
                ratios.len()
            );
            if worst > worst_of_all.0 {
                worst_of_all = (worst, row);
            }
        };
        let wanted =
            |row: &str| filter.is_empty() || filter.iter().any(|f| row.contains(f.as_str()));
        for (name, words, plies) in BUDGET_POSITIONS {
            if !wanted(&format!("{name} {}", words.join(" "))) {
                continue;
            }
            let info = GameInfo::find(name).unwrap();
            let options = Options::parse(words.iter().copied()).unwrap();
            let mut ratios = Vec::new();
            for &ply in *plies {
                for seed in [1, 2] {
                    let game = (info.new)(&options, &mut Entropy::new([7; 32], 0)).unwrap();
                    let Some(told) = Correspondence::random(game, &options, ply, seed) else {
                        continue;
                    };
                    let seat = told.actor().unwrap();
                    ratios.push(told.choice_over_budget(seat, budget));
                }
            }
            measure(format!("{name} {}", words.join(" ")), ratios);
        }
        if wanted("superial-chess hybrid=on, the issue's position") {
            let info = GameInfo::find("superial-chess").unwrap();
            let options = Options::parse(["hybrid=on"]).unwrap();
            let game = (info.from_position)(HYBRID, &options).unwrap();
            let mut told = Correspondence::new(game, &options);
            let white = told.choice_over_budget(Seat::White, budget);
            told.play(Seat::White, "Bf6", 0);
            let black = told.choice_over_budget(Seat::Black, budget);
            measure(
                "superial-chess hybrid=on, the issue's position, White".into(),
                vec![white],
            );
            measure(
                "superial-chess hybrid=on, the issue's position, Black after Bf6".into(),
                vec![black],
            );
        }
        println!(
            "  worst of all: {:.2} of the budget ({})",
            worst_of_all.0, worst_of_all.1
        );
    }
}

/// The search's actions a second in game `G` after `plies` random plies,
/// the time of one search and, for the alpha-beta, the depth it finished.
fn rate<G: Playable>(name: &str, options: &[&str], plies: usize) -> (f64, Duration, Option<u32>) {
    let options = Options::parse(options.iter().copied()).unwrap();
    let (told, seat) = told_after(name, &options, plies);
    let told: Vec<G::Told> = told
        .into_iter()
        .map(|v| serde_json::from_value(v).unwrap())
        .collect();
    let belief = G::believe(seat, &options, &told).unwrap();
    let mut best = (0.0f64, Duration::MAX, None);
    for _ in 0..3 {
        let mut rng = StdRng::seed_from_u64(1);
        let start = Instant::now();
        let mut depth = None;
        let run = match G::searched(
            &belief,
            seat,
            Level::MAX,
            Budget::time(SEARCH_TIME),
            &Wall::start(),
            &mut rng,
        ) {
            Some(searched) => {
                let searched = searched.unwrap();
                depth = Some(searched.iterations);
                searched
            }
            None => search::run::<G>(
                &belief,
                seat,
                Budget::iterations(ITERATIONS),
                &Wall::start(),
                &mut rng,
            )
            .unwrap(),
        };
        let took = start.elapsed();
        // A seat that wins at once (or has one action) takes it unsearched
        // (for the alpha-beta, `iterations` is the depth it finished).
        assert!(
            run.nodes > 0,
            "{name} after {plies} plies: nothing to search; measure another position"
        );
        let rate = run.nodes as f64 / took.as_secs_f64();
        if took < best.1 {
            best = (rate, took, depth);
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

/// The depth an alpha-beta search finished ("IS-MCTS" for the others).
fn depth_text(depth: Option<u32>) -> String {
    depth.map_or("IS-MCTS".into(), |d| format!("depth {d}"))
}

/// One row's measure: actions a second, the time of one search, the depth.
type Measure = fn() -> (f64, Duration, Option<u32>);

fn main() {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if words.first().is_some_and(|w| w == "budget") {
        budget_rows(&words[1..]);
        return;
    }
    let (chess, chess_time, chess_depth) = rate::<Chess>("chess", &[], 12);
    println!(
        "{:<44} {:>10.0} actions/s  {:>8.1} ms a search  {:>8}   (baseline)",
        "chess, after 12 plies",
        chess,
        chess_time.as_secs_f64() * 1e3,
        depth_text(chess_depth)
    );
    // Each row's name and its measure; `cargo bench --bench computer --
    // WORD` measures only the rows whose name contains WORD.
    let rows: [(&str, Measure); 14] = [
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
        ("reflection-teammate halves", || {
            rate::<ReflectionTeammate>("reflection-teammate", &["setup=halves"], 8)
        }),
        ("reflection-teammate two-boards", || {
            rate::<ReflectionTeammate>("reflection-teammate", &["setup=two-boards"], 8)
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
            let (rate, took, depth) = measure();
            (name, rate, took, depth)
        });
    // The rate as a share of chess's (the target: at least a fifth, 0.20).
    for (name, rate, took, depth) in rows {
        println!(
            "{name:<44} {rate:>10.0} actions/s  {:>8.1} ms a search  {:>8}   of chess's rate {:>5.2}",
            took.as_secs_f64() * 1e3,
            depth_text(depth),
            rate / chess,
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
