//! The layer plays orthodox chess: the perft file `tests/data/chess.perft`
//! runs through it and through the bitboard engine with the same counts,
//! and on random games the two agree move for move (legal moves, FEN, SAN,
//! check, reading SAN back).

use crate::rules::chess::{self, tests::Rng};
use crate::rules::chesslike::{Position, Variant};

const PERFT: &str = include_str!("../../../../tests/data/chess.perft");

/// One position of the perft file: id, FEN, and (depth, count) pairs.
type Case = (String, String, Vec<(u32, u64)>);

fn perft_cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in PERFT.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("KEY VALUE");
        match key {
            "id" => cases.push((value.to_string(), String::new(), Vec::new())),
            "epd" => cases.last_mut().expect("id first").1 = value.to_string(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("DEPTH COUNT");
                cases
                    .last_mut()
                    .expect("id first")
                    .2
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

fn layer(fen: &str) -> Position {
    Position::from_fen(Variant::orthodox(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every count of the file, through the layer (the bitboard engine runs
/// the same file in `chess::tests::perft`); about 4 s of CPU unoptimised.
#[test]
fn the_perft_file_runs_through_the_layer() {
    let cases = perft_cases();
    assert!(cases.len() >= 6);
    for (id, fen, counts) in &cases {
        let position = layer(fen);
        assert_eq!(position.fen(), *fen, "{id}: FEN round trip");
        for &(depth, count) in counts {
            assert_eq!(position.perft(depth), count, "{id}: layer perft {depth}");
        }
    }
}

#[test]
fn layer_and_engine_agree_on_random_games() {
    let mut rng = Rng::new(7);
    let starts: Vec<String> = perft_cases().into_iter().map(|(_, fen, _)| fen).collect();
    let mut positions = 0;
    for game in 0..40 {
        let fen = &starts[game % starts.len()];
        let mut engine = chess::Position::from_fen(fen).unwrap();
        let mut ours = layer(fen);
        for _ in 0..60 {
            positions += 1;
            assert_eq!(ours.fen(), engine.fen());
            assert_eq!(ours.is_check(), engine.is_check(), "{}", engine.fen());
            let mut theirs: Vec<String> =
                engine.legal_moves().iter().map(|m| m.to_string()).collect();
            let mut mine: Vec<String> = ours.legal_moves().iter().map(|m| m.to_string()).collect();
            theirs.sort();
            mine.sort();
            assert_eq!(mine, theirs, "{}", engine.fen());
            if mine.is_empty() {
                break;
            }
            let uci = &mine[rng.below(mine.len())];
            let their_move: chess::Move = uci.parse().unwrap();
            let our_move = ours
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == *uci)
                .unwrap();
            let san = engine.san(&their_move);
            assert_eq!(ours.san(&our_move), san, "{}", engine.fen());
            assert_eq!(
                ours.parse_move(&san),
                Ok(our_move),
                "{san} in {}",
                engine.fen()
            );
            assert_eq!(ours.parse_move(uci), Ok(our_move), "{uci}");
            engine = engine.play(&their_move);
            ours = ours.play(&our_move);
        }
    }
    assert!(positions > 1000, "{positions}");
}
