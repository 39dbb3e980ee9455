//! The computer keeps within its time: over many positions of every game
//! and option set, the whole of one choice (the views read, the search,
//! the checks at the root, the samplers), measured on a clock that
//! advances by the work the computer does rather than by the wall (so the
//! test is not timed, and means the same on any machine), never runs past
//! its budget by more than a tenth and 50 ms.
//!
//! The clock's costs are those of the slowest game the computer plays
//! (Superial's hybrid: about 230 µs an action and the look at where the
//! game then stands, `cargo bench --bench computer`): a step that the
//! computer makes without looking at its clock is charged as it would be
//! there.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::Told;
use crate::bot::clock::{BUDGET_POSITIONS, Clock, Work};
use crate::bot::reality::random_setup;
use crate::bot::{BotError, Budget, ComputerInput, Level, Strategy, computer_on};
use crate::games::GameInfo;
use crate::rules::bluff::BluffChess;
use crate::rules::chess::Chess;
use crate::rules::reality::{RealityCheck, Settings};
use crate::rules::rebel::RebelChess;
use crate::rules::reflection::ReflectionTeammate;
use crate::rules::superial::SuperialChess;
use crate::rules::{AnyGame, Entropy, Options, Seat, Status};

/// A clock that advances by the work it is told of, and a little at each
/// look.
#[derive(Default)]
struct Ticking {
    nanos: AtomicU64,
}

impl Ticking {
    fn add(&self, time: Duration) {
        self.nanos
            .fetch_add(time.as_nanos() as u64, Ordering::Relaxed);
    }
}

impl Clock for Ticking {
    fn elapsed(&self) -> Duration {
        self.add(Duration::from_micros(1));
        Duration::from_nanos(self.nanos.load(Ordering::Relaxed))
    }

    fn worked(&self, work: Work) {
        self.add(cost(work));
    }
}

/// What each step of work costs on the [`Ticking`] clock.
fn cost(work: Work) -> Duration {
    let micros = match work {
        Work::Read => 100,
        Work::Sampled => 100,
        Work::Listed(n) => 20 + n as u64,
        Work::Played => 250,
        Work::Evaluated => 20,
    };
    Duration::from_micros(micros)
}

/// A game's computer on a clock of the caller's.
type Timed = fn(&ComputerInput, &dyn Clock) -> Result<String, BotError>;

fn timed(name: &str) -> Timed {
    match name {
        "chess" => computer_on::<Chess>,
        "bluff-chess" => computer_on::<BluffChess>,
        "reality-check" => computer_on::<RealityCheck>,
        "rebel-chess" => computer_on::<RebelChess>,
        "superial-chess" => computer_on::<SuperialChess>,
        "reflection-teammate" => computer_on::<ReflectionTeammate>,
        other => panic!("no computer for {other}"),
    }
}

/// The most a choice may take with `budget`: a tenth and 50 ms over.
fn allowed(budget: Duration) -> Duration {
    budget + budget / 10 + Duration::from_millis(50)
}

/// Asks the computer of game `name` for `seat`'s action in `told` at
/// `level` of a host's `budget`; checks that the clock shows no more than
/// [`allowed`] of the level's share when it answers, and that its answer is
/// one the seat may play. Returns the time it took.
fn choose_within(
    name: &str,
    options: &Options,
    told: &Told,
    seat: Seat,
    level: Level,
    budget: Duration,
    what: &str,
) -> Duration {
    let clock = Ticking::default();
    let input = ComputerInput {
        seat,
        options: options.clone(),
        strategy: Strategy::Search(level),
        budget: Budget::time(budget),
        seed: 5,
        told: told.views[seat.index()].clone(),
        sent: told.sent[seat.index()].clone(),
    };
    let text = timed(name)(&input, &clock).unwrap_or_else(|e| panic!("{what}: {e}"));
    let took = clock.elapsed();
    let share = level.share(budget);
    assert!(
        took <= allowed(share),
        "{what}: {took:?} on the clock for a budget of {share:?}"
    );
    told.game
        .play_text(seat, &text, &mut Entropy::for_perft())
        .unwrap_or_else(|e| panic!("{what}: the computer's {text:?} is refused: {e}"));
    took
}

/// Reality Check's setups, which the rules do not list.
fn fallback(options: &Options) -> impl Fn(&dyn AnyGame, Seat, &mut StdRng) -> String + '_ {
    move |game, seat, rng| match Settings::read(options) {
        Ok(settings) if game.legal_texts(seat).is_empty() => {
            format!("setup {}", random_setup(&settings, seat, rng).text())
        }
        _ => super::listed(game, seat, rng),
    }
}

/// Along a random game of `name` with `options`, at each of `plies`
/// (ascending), the seat that owes an action asks its computer for one
/// within `budget` at the strongest level.
fn along_a_random_game(name: &str, options: &[&str], plies: &[usize], budget: Duration) {
    let info = GameInfo::find(name).unwrap();
    let options = Options::parse(options.iter().copied()).unwrap();
    let mut told = Told::new((info.new)(&options, &mut Entropy::for_perft()).unwrap());
    let mut rng = StdRng::seed_from_u64(plies.len() as u64);
    let write = fallback(&options);
    let mut played = 0;
    for &ply in plies {
        while played < ply {
            let Some(actor) = told.actor() else { return };
            let text = super::random_text(&told, actor, &mut rng, &write);
            told.play(actor, &text, played as u64);
            played += 1;
        }
        let Status::Ongoing(dues) = told.game.status() else {
            return;
        };
        let seat = dues[rng.random_range(0..dues.len())].seat;
        let what = format!("{name} {options} after {ply} actions, {seat}");
        choose_within(name, &options, &told, seat, Level::MAX, budget, &what);
    }
}

/// Every game, every option set, positions from the start to late in a
/// game, at a 100 ms budget.
#[test]
fn every_game_keeps_within_a_tenth_of_a_second() {
    let budget = Duration::from_millis(100);
    for (name, options, plies) in BUDGET_POSITIONS {
        along_a_random_game(name, options, plies, budget);
    }
}

/// The position (Superial's hybrid, after White's `Bf6`: Black's
/// cubes have some three thousand actions, and each one played is a look
/// at every reply of White's), and the same position for White; at each
/// level, at 100 ms and at the default 1 s.
#[test]
fn the_hybrid_with_thousands_of_actions_keeps_within_its_time() {
    let options = Options::parse(["hybrid=on"]).unwrap();
    let position = "1o1o1o(+q)o/2o1o1ob/3N4/P4P2/4P2P/RPB5/2PP1R2/1N2K3 w - - 13 34";
    let game = <SuperialChess as crate::rules::Game>::from_position(position, &options).unwrap();
    let mut told = Told::new(Box::new(game));
    for budget in [Duration::from_millis(100), Duration::from_secs(1)] {
        choose_within(
            "superial-chess",
            &options,
            &told,
            Seat::White,
            Level::MAX,
            budget,
            "the hybrid, White",
        );
    }
    told.play(Seat::White, "Bf6", 0);
    for level in [Level::MIN, Level::default(), Level::MAX] {
        for budget in [Duration::from_millis(100), Duration::from_secs(1)] {
            choose_within(
                "superial-chess",
                &options,
                &told,
                Seat::Black,
                level,
                budget,
                &format!("the hybrid after Bf6, level {}", level.number()),
            );
        }
    }
}

/// Positions with few actions (a king in check with two moves) and many
/// (Reflection's largest board), at the default 1 s.
#[test]
fn few_and_many_actions_keep_within_the_default_second() {
    let budget = Duration::from_secs(1);
    let chess = |fen: &str| {
        Told::new(Box::new(
            <Chess as crate::rules::Game>::from_position(fen, &Options::default()).unwrap(),
        ))
    };
    // Two moves, and a mate in one.
    let few = chess("7k/8/8/8/1B6/3R4/5PPP/r5K1 w - - 0 1");
    assert_eq!(few.game.legal_texts(Seat::White).len(), 2);
    choose_within(
        "chess",
        &Options::default(),
        &few,
        Seat::White,
        Level::MAX,
        budget,
        "chess, two moves",
    );
    let mate = chess("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    choose_within(
        "chess",
        &Options::default(),
        &mate,
        Seat::White,
        Level::MAX,
        budget,
        "chess, a mate in one",
    );
    along_a_random_game("reflection-teammate", &["setup=cross12"], &[0, 3], budget);
    along_a_random_game("reality-check", &["dice=2"], &[2, 20], budget);
}
