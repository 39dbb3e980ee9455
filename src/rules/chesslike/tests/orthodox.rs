//! The layer plays orthodox chess: the perft file `tests/data/chess.perft`
//! runs through it and through the bitboard engine with the same counts,
//! and on random games the two agree move for move (legal moves, FEN, SAN,
//! check, reading SAN back).

use crate::rules::Seat;
use crate::rules::chess::{self, tests::Rng, tests::sq};
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

/// `attackers` names every piece `is_attacked` counts: leapers, riders
/// (the first piece of each line only) and pawns.
#[test]
fn attackers_are_the_pieces_is_attacked_counts() {
    let position = layer("4k3/8/8/3p4/8/2N5/6B1/3RK2Q b - - 0 1");
    let mut attackers = position.attackers(sq("d5"), Seat::White);
    attackers.sort();
    let mut expected = [sq("c3"), sq("d1"), sq("g2")];
    expected.sort();
    assert_eq!(attackers, expected, "the queen on h1 is behind the bishop");
    assert!(position.is_attacked(sq("d5"), Seat::White));
    assert!(position.attackers(sq("e8"), Seat::White).is_empty());
    assert!(!position.is_attacked(sq("e8"), Seat::White));
    assert_eq!(position.attackers(sq("e4"), Seat::Black), [sq("d5")]);
}

/// A game's own rule takes a castling right away: the square's, and the
/// partner's that is left without one.
#[test]
fn revoking_a_castling_right_drops_the_unpaired_partner() {
    let mut position = layer("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    position.revoke_castling(sq("h1"));
    assert_eq!(position.castling_text(), "Qkq");
    position.revoke_castling(sq("a1"));
    assert_eq!(position.castling_text(), "kq");
    position.revoke_castling(sq("e8"));
    assert_eq!(position.castling_text(), "-");
}

/// Why a piece cannot go to a square, on the squares alone: a piece of its
/// own there, a piece in the way, the way its kind moves; none when it can.
#[test]
fn obstacles_say_why_a_piece_cannot_go_there() {
    let p = layer("rnbqkbnr/pppp1ppp/8/8/8/3Pp3/PPP1PPPP/RNBQKBNR w KQkq - 0 1");
    let why = |from: &str, to: &str| p.obstacle(sq(from), sq(to), false);
    let said = |text: &str| Some(text.to_string());
    assert_eq!(why("c1", "d2"), None);
    assert_eq!(why("d1", "d3"), said("d3 holds your own pawn"));
    assert_eq!(why("a1", "a3"), said("the pawn on a2 stands in the way"));
    assert_eq!(why("b1", "b3"), said("a knight does not move that way"));
    assert_eq!(
        why("e2", "e3"),
        said("a pawn captures only diagonally, and e3 is taken")
    );
    assert_eq!(why("e2", "e4"), said("the pawn on e3 stands in the way"));
    assert_eq!(why("f2", "e3"), None);
    assert_eq!(
        why("g2", "h3"),
        said("a pawn moves diagonally only to capture, and h3 is empty")
    );
    assert_eq!(
        why("d3", "d5"),
        said("a pawn steps two squares only from its starting line")
    );
    assert_eq!(why("g2", "g1"), said("g1 holds your own knight"));
    assert_eq!(why("h2", "h5"), said("a pawn does not move that way"));
    assert_eq!(why("g1", "f3"), None);
    // A straight step onto a piece is written as no capture.
    let step = crate::rules::chesslike::Move::new(sq("e2"), sq("e3"), None);
    assert_eq!(p.coordinates(&step), "P e2-e3");
    let take = crate::rules::chesslike::Move::new(sq("f2"), sq("e3"), None);
    assert_eq!(p.coordinates(&take), "P f2xe3");
}

/// The search's key: equal for one position reached by two move orders,
/// different for another side to move, other castling rights or an en
/// passant chance.
#[test]
fn the_search_key_follows_the_position() {
    let start = layer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let play = |position: &Position, moves: &[&str]| {
        moves.iter().fold(position.clone(), |p, text| {
            let mv = p.parse_move(text).unwrap();
            p.play(&mv)
        })
    };
    let one = play(&start, &["Nf3", "Nf6", "Nc3"]);
    let other = play(&start, &["Nc3", "Nf6", "Nf3"]);
    assert_eq!(one.search_key(), other.search_key());
    let keys = [
        start.search_key(),
        one.search_key(),
        layer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").search_key(),
        layer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").search_key(),
        play(&start, &["e4"]).search_key(),
        layer("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").search_key(),
    ];
    for (i, a) in keys.iter().enumerate() {
        for b in &keys[i + 1..] {
            assert_ne!(a, b);
        }
    }
}
