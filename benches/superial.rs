//! `cargo bench --bench superial`: Superial Chess's perft (classic, random
//! moves, hybrid; the start and mid-game positions of
//! `tests/data/superial.perft`) as time per leaf, a ratio against the
//! bitboard chess engine's time per leaf at `perft 5` from the start,
//! measured in the same run (the machines are shared and noisy, so
//! absolute times mean little). The ratio against commit b0a6055 is taken
//! with its release binary (BENCHMARKS.md has the command).

use std::time::{Duration, Instant};

use arbiter::rules::chess::Position;
use arbiter::rules::superial::SuperialChess;
use arbiter::rules::{Game, Options};

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

/// Name, options, position, depth, the leaves (from the perft file).
const CASES: &[(&str, &str, &str, u32, u64)] = &[
    (
        "start",
        "",
        "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 0 1",
        4,
        26_453_442,
    ),
    (
        "mixed",
        "",
        "1s1h1p/p1S1h1/2H1P1/1pP1s1/P1h1H1/1P1S1p w 0/0 0 1",
        3,
        9_372_862,
    ),
    (
        "hoppers",
        "",
        "h1P1h1/1HpH2/hP1p1H/2Hh1P/P1h1Hp/1H3h w 0/0 0 1",
        3,
        72_440_836,
    ),
    (
        "start-random-moves-1",
        "random-moves=1",
        "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 1/1 0 1",
        3,
        10_528_830,
    ),
    (
        "random-moves-midgame",
        "",
        "1s1h1p/p1S1h1/2H1P1/1pP1s1/P1h1H1/1P1S1p b 1/2 0 1",
        3,
        79_444_060,
    ),
    (
        "hybrid-start",
        "hybrid=on",
        "1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        4,
        6_792_527,
    ),
    (
        "hybrid-midgame",
        "hybrid=on",
        "1o2o2o/o1N1o1o1/3+4/1P1x4/3P4/2N5/PP3PPP/R1BQKB1R b KQ - 0 8",
        3,
        455_760,
    ),
];

fn main() {
    let chess = Position::startpos();
    let chess_leaves = 4_865_609.0;
    let base = best(3, || chess.perft(5)).as_secs_f64() / chess_leaves;
    println!(
        "baseline: bitboard chess perft 5 from the start, {:.1} ns a leaf",
        base * 1e9
    );
    for &(name, options, position, depth, leaves) in CASES {
        let options = Options::parse(options.split_whitespace()).unwrap();
        let game = SuperialChess::from_position(position, &options).unwrap();
        assert_eq!(game.perft(depth), leaves, "{name}");
        let time = best(3, || game.perft(depth));
        let per_leaf = time.as_secs_f64() / leaves as f64;
        println!(
            "superial perft {depth}, {name:<24} {:>10.1} ms {:>8.1} ns a leaf   ratio to chess {:>6.2}",
            time.as_secs_f64() * 1e3,
            per_leaf * 1e9,
            per_leaf / base
        );
    }
}
