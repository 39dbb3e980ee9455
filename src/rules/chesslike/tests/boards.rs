//! The layer off the orthodox board: holes and cut corners, several armies
//! a side with their own pawn directions, marks, barriers, and castling
//! along a file.

use std::sync::Arc;

use crate::rules::Seat;
use crate::rules::chess::tests::sq;
use crate::rules::chesslike::{
    Army, KindDef, Marks, Move, Position, SquareSet, StepKind, StraightAttack, Variant,
};
use crate::rules::geometry::Geometry;

const MARK: Marks = Marks(1);

/// An 8x8 board without its 2x2 corners; White has a South army (pawns
/// up from rank 2) and an East one (pawns left from the g-file), Black one
/// army going down.
fn cut_variant() -> Variant {
    let geometry = Geometry::with_cut_corners(8, 2);
    let line =
        |f: fn(crate::rules::geometry::Square) -> bool| SquareSet::from_fn(geometry.squares(), f);
    let armies = vec![
        Army::new(Seat::White, "South", "", (0, 1), line(|s| s.rank() == 1)),
        Army::new(Seat::White, "East", "'", (-1, 0), line(|s| s.file() == 6)),
        Army::new(Seat::Black, "North", "", (0, -1), line(|s| s.rank() == 6)),
    ];
    Variant::new(
        geometry,
        KindDef::orthodox(),
        armies,
        vec![crate::rules::chesslike::Kind::QUEEN],
    )
    .with_mark_suffixes(vec![(MARK, '*')])
}

fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(Arc::new(variant), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn targets(position: &Position, from: &str) -> Vec<String> {
    let mut steps = Vec::new();
    position.steps_from(sq(from), false, &mut steps);
    let mut names: Vec<String> = steps.iter().map(|s| s.to.to_string()).collect();
    names.sort();
    names
}

#[test]
fn promotion_squares_follow_from_the_board() {
    let variant = cut_variant();
    let south = variant.army(0).promotion_squares();
    // The last rank, and a6 and h6 below the cut corners: from there no
    // square ahead exists.
    let expected: SquareSet = ["c8", "d8", "e8", "f8", "a6", "h6"]
        .iter()
        .map(|s| sq(s))
        .collect();
    assert_eq!(south, expected);
    let east = variant.army(1).promotion_squares();
    assert!(east.contains(sq("a5")) && east.contains(sq("c1")) && east.contains(sq("c8")));
    assert!(!east.contains(sq("b5")));
}

#[test]
fn position_strings_carry_armies_and_marks() {
    // Ranks list only the squares that exist: 4 on ranks 1, 2, 7 and 8.
    let fen = "4/1p2/5P'*2/8/8/2N5/1P2/2K1 w - - 0 1";
    let pos = position(cut_variant(), fen);
    assert_eq!(pos.fen(), fen);
    let east = pos.piece_at(sq("f6")).unwrap();
    assert_eq!((east.owner, east.army, east.marks), (Seat::White, 1, MARK));
    assert!(
        pos.piece_at(sq("a1")).is_none(),
        "a cut corner holds nothing"
    );
    // The East pawn goes left; the South pawn up, two squares from rank 2.
    assert_eq!(targets(&pos, "f6"), ["e6"]);
    assert_eq!(targets(&pos, "d2"), ["d3", "d4"]);
    for bad in [
        "4/4/8/8/8/8/4/4 w -",        // a field missing
        "4/4/8/8/8/8/4/3 w - - 0 1",  // rank 1 has four squares
        "4/4/8/8/8/8/4/4 x - - 0 1",  // no side to move
        "4/4/8/8/8/8/4/P3 w - - 0 1", // fine so far: pawn on c1 ...
        "P3/4/8/8/8/8/4/4 w - - 0 1", // ... but on c8 it has promoted
    ] {
        let result = Position::from_fen(Arc::new(cut_variant()), bad);
        assert_eq!(result.is_ok(), bad.starts_with("4/4/8/8/8/8/4/P3"), "{bad}");
    }
}

#[test]
fn sliders_stop_at_cut_corners_and_leapers_jump_them() {
    let pos = position(cut_variant(), "4/4/8/8/8/8/4/B1N1 w - - 0 1");
    // The bishop on c1 cannot go to b2 (cut) and rides the other way.
    assert_eq!(targets(&pos, "c1"), ["d2", "e3", "f4", "g5", "h6"]);
    // The knight on e1 leaps to c2, d3 and f3; g2 is cut away.
    assert_eq!(targets(&pos, "e1"), ["c2", "d3", "f3"]);
}

#[test]
fn zones_and_the_capture_split_bar_moves() {
    let geometry = Geometry::rectangle(8, 8);
    let files = |range: std::ops::RangeInclusive<u8>| {
        SquareSet::from_fn(geometry.squares(), move |s| range.contains(&s.file()))
    };
    let split = Variant::new(
        geometry.clone(),
        KindDef::orthodox(),
        Variant::orthodox().armies.clone(),
        vec![],
    )
    .with_capture_split(files(0..=3));
    // The rook on d4 may move across to e4..h4 but not capture on g4.
    let pos = position(split, "8/8/8/8/3R2r1/8/8/8 w - - 0 1");
    assert_eq!(
        targets(&pos, "d4"),
        [
            "a4", "b4", "c4", "d1", "d2", "d3", "d5", "d6", "d7", "d8", "e4", "f4"
        ]
    );
    // What it may not capture it does not attack.
    assert!(!pos.is_attacked(sq("f4"), Seat::White));
    assert!(pos.is_attacked(sq("c4"), Seat::White));
    let zoned = Variant::new(
        geometry.clone(),
        KindDef::orthodox(),
        Variant::orthodox().armies.clone(),
        vec![],
    )
    .with_zones(vec![files(0..=1), files(6..=7)]);
    let pos = position(zoned, "8/8/8/8/8/8/8/1N6 w - - 0 1");
    // From the a-b zone to the g-h zone no move goes; into the middle, yes.
    let mut steps = Vec::new();
    pos.steps_from(sq("b1"), false, &mut steps);
    assert!(steps.iter().all(|s| s.to.file() <= 5));
}

#[test]
fn relaxed_pawns_and_straight_attacks() {
    let variant = cut_variant().with_straight_attack(StraightAttack::UnlessMarked(MARK));
    let pos = position(variant, "4/4/8/8/3p4/3P4/4/4 w - - 0 1");
    let mut strict = Vec::new();
    pos.steps_from(sq("d3"), false, &mut strict);
    assert!(strict.is_empty(), "blocked, nothing to capture");
    let mut relaxed = Vec::new();
    pos.steps_from(sq("d3"), true, &mut relaxed);
    let kinds: Vec<(String, bool)> = relaxed
        .iter()
        .map(|s| (s.to.to_string(), s.capture.is_some()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("d4".into(), true),
            ("e4".into(), false),
            ("c4".into(), false)
        ]
    );
    // An unmarked pawn attacks straight ahead too; a marked one does not.
    assert!(pos.is_attacked(sq("d4"), Seat::White));
    let marked = position(
        cut_variant().with_straight_attack(StraightAttack::UnlessMarked(MARK)),
        "4/4/8/8/3p4/3P*4/4/4 w - - 0 1",
    );
    assert!(!marked.is_attacked(sq("d4"), Seat::White));
    assert!(marked.is_attacked(sq("c4"), Seat::White));
}

#[test]
fn castling_along_a_file_and_from_a_king_on_d1() {
    // Orthodox pieces, but White's king on d1 (Reflection's second board):
    // it castles two squares toward either rook, which lands on the square
    // the king crossed.
    let pos = Position::from_fen(
        Variant::orthodox(),
        "r3k2r/8/8/8/8/8/8/R2K3R w a1,d1,h1,a8,e8,h8 - 0 1",
    )
    .unwrap();
    assert_eq!(pos.castling_text(), "a1,d1,h1,a8,e8,h8");
    let mut castles: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("d1") && m.from.file().abs_diff(m.to.file()) == 2)
        .map(|m| pos.san(m))
        .collect();
    castles.sort();
    // The long castling's rook lands on e1, checking the king on e8.
    assert_eq!(castles, ["O-O", "O-O-O+"]);
    let after = pos.play(&pos.parse_move("O-O").unwrap());
    assert_eq!(after.piece_at(sq("b1")).unwrap().kind.0, 5);
    assert_eq!(after.piece_at(sq("c1")).unwrap().kind.0, 3);
    let after = pos.play(&pos.parse_move("Kd1-f1").unwrap());
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R3RK2 b kq - 1 1");

    // An army whose pawns go right castles along its a-file edge.
    let geometry = Geometry::rectangle(8, 8);
    let armies = vec![
        Army::new(Seat::White, "West", "", (1, 0), SquareSet::EMPTY),
        Army::new(Seat::Black, "East", "", (-1, 0), SquareSet::EMPTY),
    ];
    let variant = Variant::new(geometry, KindDef::orthodox(), armies, vec![]);
    let pos = position(variant, "R7/8/8/8/K6k/8/8/8 w a8,a4 - 0 1");
    let castling: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            pos.step_of(m)
                .is_some_and(|s| matches!(s.kind, StepKind::Castle { .. }))
        })
        .collect();
    assert_eq!(castling.len(), 1);
    assert_eq!(pos.coordinates(&castling[0]), "K a4-a6");
    assert_eq!(pos.san(&castling[0]), "O-O-O");
    assert_eq!(pos.play(&castling[0]).placement(), "8/8/K7/R7/7k/8/8/8");
}
