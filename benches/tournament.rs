//! `cargo bench --bench tournament`: tournaments, as ratios against a
//! baseline measured in the same run (issue 33).
//!
//! - start: a round robin of 100 players in sections of 7 (15 sections,
//!   285 games) started in one transaction (seeding by rating, the draw of
//!   lots, every game created with its tournament row) against creating
//!   the same 285 games alone; and its time against the one-second target.
//! - move: a move in a tournament game through `Referee::act` against the
//!   same move in an ordinary game (the tournament adds work only when a
//!   game ends); and a game's end (a resignation, which reads the result
//!   into the tournament and rates both players) against an ordinary,
//!   unrated game's.
//!
//! - swiss: a Swiss of 128 players (the most a Swiss pairs) over 11
//!   rounds, results drawn from a fixed seed, each round paired by the
//!   Dutch system (`pair_round`, pure): the slowest round's pairing, as a
//!   share of the round robin's start above.
//!
//! Each figure is the best of several rounds, on SQLite files in a
//! temporary folder.

use std::time::{Duration, Instant};

use arbiter::command::Command;
use arbiter::referee::{Referee, TournamentSpec};
use arbiter::rules::{Options, Seat};
use arbiter::store::Store;
use arbiter::tournament::swiss::{Bye, Colour, history, pair_round};
use arbiter::tournament::{Game, GameResult};

const PLAYERS: usize = 100;
const ROUNDS: usize = 5;

fn player(i: usize) -> String {
    format!("p{i:03}@x.test")
}

/// A fresh referee on a new SQLite file.
async fn referee(dir: &std::path::Path, name: &str) -> Referee {
    Referee::new(Store::open(&dir.join(format!("{name}.db"))).await.unwrap())
}

/// A tournament of [`PLAYERS`] with its entries, not started.
async fn announced(referee: &Referee, name: &str) {
    let mut tx = referee.store().write().await.unwrap();
    let spec = TournamentSpec::round_robin(name, "chess", 7);
    referee.new_tournament(&mut tx, spec).await.unwrap();
    for i in 0..PLAYERS {
        referee
            .join_tournament(&mut tx, name, &player(i))
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
}

async fn start(dir: &std::path::Path, round: usize) -> (Duration, usize) {
    let referee = referee(dir, &format!("start{round}")).await;
    announced(&referee, "club").await;
    let begun = Instant::now();
    let mut tx = referee.store().write().await.unwrap();
    let notices = referee
        .start_tournament(&mut tx, "club", "bench")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    (begun.elapsed(), notices.len() / 2)
}

/// The same games as the tournament's, created alone.
async fn games_alone(dir: &std::path::Path, round: usize, games: usize) -> Duration {
    let referee = referee(dir, &format!("alone{round}")).await;
    let begun = Instant::now();
    let mut tx = referee.store().write().await.unwrap();
    for g in 0..games {
        let (w, b) = (player(g % PLAYERS), player((g * 7 + 1) % PLAYERS));
        let b = if w == b { player((g + 1) % PLAYERS) } else { b };
        referee
            .create_game(&mut tx, "chess", &w, &b, &Options::default(), None)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    begun.elapsed()
}

/// A game's id and its White's and Black's moves: a tournament's first
/// game, or an ordinary unrated one.
async fn one_game(referee: &Referee, tournament: bool) -> i64 {
    let mut tx = referee.store().write().await.unwrap();
    let id = if tournament {
        let spec = TournamentSpec::round_robin("small", "chess", 3);
        referee.new_tournament(&mut tx, spec).await.unwrap();
        for i in 0..3 {
            referee
                .join_tournament(&mut tx, "small", &player(i))
                .await
                .unwrap();
        }
        let notices = referee
            .start_tournament(&mut tx, "small", "bench")
            .await
            .unwrap();
        notices[0].game_id
    } else {
        let (id, _) = referee
            .create_game(
                &mut tx,
                "chess",
                &player(0),
                &player(1),
                &Options::default(),
                None,
            )
            .await
            .unwrap();
        arbiter::store::ratings::set_unrated(&mut tx, id)
            .await
            .unwrap();
        id
    };
    tx.commit().await.unwrap();
    id
}

const MOVES: [&str; 6] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];

/// Six moves, then a resignation: the time of the moves and of the end.
async fn play(dir: &std::path::Path, name: &str, tournament: bool) -> (Duration, Duration) {
    let referee = referee(dir, name).await;
    let id = one_game(&referee, tournament).await;
    let act = |seat: Seat, command: Command| {
        let referee = referee.clone();
        async move {
            let mut tx = referee.store().write().await.unwrap();
            referee
                .act(&mut tx, id, seat, &command, "bench")
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
    };
    let begun = Instant::now();
    for (i, text) in MOVES.iter().enumerate() {
        let seat = if i % 2 == 0 { Seat::White } else { Seat::Black };
        act(seat, Command::Play(text.to_string())).await;
    }
    let moves = begun.elapsed();
    let begun = Instant::now();
    act(Seat::White, Command::Resign).await;
    (moves, begun.elapsed())
}

/// The slowest round's pairing of a 128-player, 11-round Swiss whose
/// results come from a fixed seed.
fn swiss_slowest_round() -> Duration {
    let numbers: Vec<u32> = (1..=128).collect();
    let (mut games, mut byes): (Vec<Game>, Vec<Bye>) = (Vec::new(), Vec::new());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut slowest = Duration::ZERO;
    for round in 1..=11 {
        let players = history(&numbers, &games, &byes, round - 1);
        let clock = Instant::now();
        let pairing = pair_round(&players, round, 11, Colour::White).expect("a pairing");
        slowest = slowest.max(clock.elapsed());
        for board in pairing.boards {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let result = [
                GameResult::WhiteWins,
                GameResult::Draw,
                GameResult::BlackWins,
            ][(seed % 3) as usize];
            games.push(Game {
                round,
                white: board.white,
                black: board.black,
                result: Some(result),
            });
        }
        byes.extend(pairing.bye.map(|player| Bye { round, player }));
    }
    slowest
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let mut started = Duration::MAX;
    let mut alone = Duration::MAX;
    let mut games = 0;
    for round in 0..ROUNDS {
        let (time, count) = start(dir.path(), round).await;
        started = started.min(time);
        games = count;
        alone = alone.min(games_alone(dir.path(), round, count).await);
    }
    println!(
        "start: {PLAYERS} players, {games} games: {:.0} ms (target: under 1000 ms); the same games \
         created alone {:.0} ms; ratio {:.2}",
        started.as_secs_f64() * 1e3,
        alone.as_secs_f64() * 1e3,
        started.as_secs_f64() / alone.as_secs_f64()
    );

    let swiss = (0..ROUNDS).map(|_| swiss_slowest_round()).min().unwrap();
    println!(
        "swiss: 128 players, 11 rounds: the slowest round paired in {:.1} ms; {:.2} of the round robin's start",
        swiss.as_secs_f64() * 1e3,
        swiss.as_secs_f64() / started.as_secs_f64()
    );

    let (mut t_moves, mut t_end, mut o_moves, mut o_end) =
        (Duration::MAX, Duration::MAX, Duration::MAX, Duration::MAX);
    for round in 0..ROUNDS {
        let (m, e) = play(dir.path(), &format!("t{round}"), true).await;
        t_moves = t_moves.min(m);
        t_end = t_end.min(e);
        let (m, e) = play(dir.path(), &format!("o{round}"), false).await;
        o_moves = o_moves.min(m);
        o_end = o_end.min(e);
    }
    let per = |d: Duration| d.as_secs_f64() * 1e3 / MOVES.len() as f64;
    println!(
        "move: in a tournament game {:.2} ms, in an ordinary game {:.2} ms; ratio {:.2}",
        per(t_moves),
        per(o_moves),
        t_moves.as_secs_f64() / o_moves.as_secs_f64()
    );
    println!(
        "end (resignation): in a rated tournament game {:.2} ms, in an ordinary unrated game {:.2} ms; ratio {:.2}",
        t_end.as_secs_f64() * 1e3,
        o_end.as_secs_f64() * 1e3,
        t_end.as_secs_f64() / o_end.as_secs_f64()
    );
}
