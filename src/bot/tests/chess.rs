//! The computer's properties for orthodox chess, and its search on
//! positions with one right answer.

use super::*;
use crate::bot::{Budget, ComputerInput, Level, Strategy, computer};
use crate::rules::chess::Chess;
use crate::rules::{Entropy, Game, Options, Seat};

#[test]
fn chess_advance_is_apply() {
    advance_is_apply(
        Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap(),
        4,
        120,
    );
}

#[test]
fn chess_sampler_gives_the_views_told() {
    let start = || Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    sampler_gives_the_views_told(start, 6, 80);
    // From a position set up by the host: the first view is that position.
    let study = || {
        Chess::from_position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &Options::default(),
        )
        .unwrap()
    };
    sampler_gives_the_views_told(study, 3, 40);
}

#[test]
fn chess_sampler_reaches_the_truth() {
    let start = || Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    sampler_reaches_the_truth(
        &Options::default(),
        start,
        3,
        60,
        1,
        &hidden_from::<Chess>,
        &listed,
    );
}

#[test]
fn views_that_contradict_each_other_are_refused() {
    let mut told = Told::new(Box::new(
        Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap(),
    ));
    told.play(Seat::White, "e4", 0);
    let mut views = told.views[Seat::Black.index()].clone();
    // The last view's board no longer fits its moves.
    views.last_mut().unwrap()["position"] =
        serde_json::json!("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    let mut input = refused_as_inconsistent::<Chess>(Seat::Black, Options::default(), views);
    input.told = vec![serde_json::json!({"board": 1})];
    assert!(computer::<Chess>(&input).is_err());
    input.told.clear();
    assert!(computer::<Chess>(&input).is_err());
}

#[test]
fn chess_choices_depend_only_on_what_the_seat_was_told() {
    let new = || Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    // Chess hides nothing: equal views mean equal games, so two games
    // reached alike (one replayed from a stored log, one played afresh)
    // stand in for two truths.
    let mut a = Told::new(Box::new(new()));
    let mut b = Told::new(Box::new(new()));
    let moves = [
        (Seat::White, "e4"),
        (Seat::Black, "e5"),
        (Seat::White, "Nf3"),
        (Seat::Black, "Nc6"),
        (Seat::White, "Bc4"),
    ];
    a.play_all(&moves);
    b.play_all(&moves);
    no_peeking::<Chess>(&a, &b, Seat::Black);
}

#[test]
fn the_search_takes_a_mate_in_one_and_stops_one() {
    let position = |fen: &str| {
        Told::new(Box::new(
            Chess::from_position(fen, &Options::default()).unwrap(),
        ))
    };
    let ask = |told: &Told, seat: Seat| {
        computer::<Chess>(&ComputerInput {
            seat,
            options: Options::default(),
            strategy: Strategy::Search(Level::MIN),
            budget: Budget::iterations(2000),
            seed: 3,
            told: told.views[seat.index()].clone(),
            sent: told.sent[seat.index()].clone(),
        })
        .unwrap()
    };
    // Back-rank mate: Re8#.
    let told = position("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(ask(&told, Seat::White), "Re8#");
    // Black to move must stop Qxf7#... or lose the queen: the search keeps
    // the mate off the board.
    let mut told = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4");
    let answer = ask(&told, Seat::Black);
    told.play(Seat::Black, &answer, 0);
    assert!(
        !told
            .game
            .legal_texts(Seat::White)
            .contains(&"Qxf7#".to_string()),
        "after {answer} White still mates"
    );
}

/// The decisive moves at the root (`bot::decisive`): with one iteration,
/// far too few for the search to tell the moves apart, it still mates in
/// one and still keeps the opponent's mate in one off the board, whatever
/// its seed.
#[test]
fn with_one_iteration_the_search_still_mates_and_stops_a_mate() {
    let ask = |fen: &str, seed: u64| {
        let told = Told::new(Box::new(
            Chess::from_position(fen, &Options::default()).unwrap(),
        ));
        let answer = computer::<Chess>(&ComputerInput {
            seat: Seat::White,
            options: Options::default(),
            strategy: Strategy::Search(Level::MAX),
            budget: Budget::iterations(1),
            seed,
            told: told.views[0].clone(),
            sent: Vec::new(),
        })
        .unwrap();
        let mut after = told;
        after.play(Seat::White, &answer, 0);
        (answer, after)
    };
    for seed in 0..12 {
        // Ra8# among some twenty moves.
        let (answer, _) = ask("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", seed);
        assert_eq!(answer, "Ra8#", "seed {seed}");
        // Black threatens Re1#: the knight's moves to a3 and c3, and most
        // of the queen's, allow it; Qd1, Qd2, the e-file, a pawn's step
        // (air for the king) and Nd2 (Re1+ Nf1) do not.
        let (answer, after) = ask("4r1k1/5ppp/8/8/3Q4/8/5PPP/1N4K1 w - - 0 1", seed);
        let mates: Vec<String> = after
            .game
            .legal_texts(Seat::Black)
            .into_iter()
            .filter(|text| text.ends_with('#'))
            .collect();
        assert!(mates.is_empty(), "seed {seed}: after {answer}, {mates:?}");
    }
}
