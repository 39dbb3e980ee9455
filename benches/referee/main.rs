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

mod engines;
mod mail_path;
mod pictures;

use std::time::{Duration, Instant};

/// The best of `rounds` timings of `f` (the least disturbed by the machine).
pub fn best<T>(rounds: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap()
}

pub fn report(name: &str, baseline: &str, measured: Duration, base: Duration) {
    println!(
        "{name:<48} {:>10.3} ms   baseline {baseline:<28} {:>10.3} ms   ratio {:>8.2}",
        measured.as_secs_f64() * 1e3,
        base.as_secs_f64() * 1e3,
        measured.as_secs_f64() / base.as_secs_f64()
    );
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
        engines::rules();
    }
    if run("search") {
        engines::search();
    }
    if run("layer") {
        engines::layer();
    }
    if run("rebel") {
        engines::rebel();
    }
    if run("reflection") {
        engines::reflection();
    }
    if run("mail") {
        mail_path::mail();
    }
    if run("pictures") {
        pictures::pictures();
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if run("referee") {
        runtime.block_on(mail_path::referee());
    }
    if run("checkpoints") {
        runtime.block_on(mail_path::checkpoints());
    }
    if run("clock") {
        runtime.block_on(mail_path::clock());
    }
}
