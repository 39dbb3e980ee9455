//! The generic search's parts: quiescence, the transposition table, the
//! position keys it is built on.

use std::collections::HashMap;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::tree::{MAX_PLY, Searcher};
use super::{Limits, TABLE_BITS, Watch, search};
use crate::bot::clock::{Deadline, Wall};
use crate::bot::{Budget, Playable};
use crate::rules::rebel::RebelChess;
use crate::rules::{Entropy, Game, Options, Seat};

fn rebel(position: &str) -> RebelChess {
    RebelChess::from_position(position, &Options::default()).unwrap()
}

/// The search's choice for White at a fixed depth, without noise.
fn chosen_at_depth(state: &RebelChess, depth: i32) -> String {
    let limits = Limits {
        max_depth: depth,
        noise: 0,
    };
    search::<RebelChess>(
        state,
        Seat::White,
        limits,
        Budget::iterations(1_000_000),
        &Wall::start(),
        &mut StdRng::seed_from_u64(3),
    )
    .unwrap()
    .text
}

#[test]
fn quiescence_sees_the_recapture_past_the_depth() {
    // The queen could take the pawn on d5, which the pawn on e6 retakes:
    // one ply deep, only the recapture after the depth tells.
    let state = rebel("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
    let chosen = chosen_at_depth(&state, 1);
    assert!(!chosen.starts_with("Qxd5"), "{chosen}");
}

#[test]
fn quiescence_takes_what_is_left_hanging() {
    // The rook on d5 is defended by nothing: one ply deep, taking it is
    // the choice (the quiescence after it finds no recapture).
    let state = rebel("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1");
    let chosen = chosen_at_depth(&state, 1);
    assert!(chosen.starts_with("Qxd5"), "{chosen}");
}

fn searcher<'a>(time: Deadline<'a>) -> Searcher<'a, RebelChess> {
    Searcher {
        time,
        watch: Watch::silent(time, None),
        table: super::Table::new(TABLE_BITS),
        killers: vec![[None, None]; MAX_PLY + 1],
        history: HashMap::new(),
        entropy: Entropy::new([1; 32], 0),
        limits: Limits {
            max_depth: 64,
            noise: 0,
        },
        seed: 0,
        choices: Vec::new(),
    }
}

#[test]
fn a_position_searched_again_is_answered_from_the_table() {
    let state = rebel("r3k3/1p6/2n5/8/3P4/2N5/1P6/R3K3 w - - 0 1");
    let clock = Wall::start();
    let time = Deadline::new(&clock, std::time::Duration::from_secs(3600));
    let mut searcher = searcher(time);
    let first = searcher.negamax(&state, Seat::White, 3, 0, -super::MATE, super::MATE);
    let visited = searcher.watch.nodes();
    assert!(visited > 100, "{visited}");
    let again = searcher.negamax(&state, Seat::White, 3, 0, -super::MATE, super::MATE);
    assert_eq!(again, first);
    // One look at the table, nothing searched below it.
    assert_eq!(searcher.watch.nodes(), visited + 1);
}

#[test]
fn a_transposition_has_the_same_key_and_another_position_another() {
    let start = RebelChess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    let play = |texts: &[&str]| {
        let mut game = start.clone();
        for (i, text) in texts.iter().enumerate() {
            let seat = if i % 2 == 0 { Seat::White } else { Seat::Black };
            let action = game.parse_action(seat, text).unwrap();
            game = game
                .apply(seat, &action, &mut Entropy::for_perft())
                .unwrap()
                .state;
        }
        game
    };
    let one = play(&["c3", "c6", "d3", "d6"]);
    let other = play(&["d3", "d6", "c3", "c6"]);
    let third = play(&["d3", "c6", "c3", "d6", "Nf3"]);
    assert_eq!(one.search_key(), other.search_key());
    assert_ne!(one.search_key(), start.search_key());
    assert_ne!(one.search_key(), third.search_key());
}
