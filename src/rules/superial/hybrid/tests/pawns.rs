//! Pawns: double steps, en passant (never by or on a cube), promotion on
//! the pawn's own move only.

use super::{at, notations, on, play, play_all, refusal};

#[test]
pub(super) fn a_black_pawn_takes_en_passant() {
    let game = play(&at("7(on)/8/8/8/3p4/8/4P3/K7 w - - 0 1"), "e4");
    let game = play(&game, "dxe3");
    assert_eq!((on(&game, "e3"), on(&game, "e4")), ("p".into(), ".".into()));
}

#[test]
pub(super) fn a_white_pawn_takes_a_black_pawn_en_passant() {
    let game = play(&at("7(on)/3p4/8/4P3/8/8/8/K7 b - - 0 1"), "d5");
    let game = play(&game, "exd6");
    assert_eq!((on(&game, "d6"), on(&game, "d5")), ("P".into(), ".".into()));
}

#[test]
pub(super) fn cubes_never_take_en_passant() {
    // A slasher beside the pawn that double-stepped may step behind it,
    // which takes nothing.
    let game = play(&at("7(on)/8/8/8/3x4/8/4P3/K7 w - - 0 1"), "e4");
    let game = play(&game, "d4-e3");
    assert_eq!(on(&game, "e4"), "P");
}

#[test]
pub(super) fn a_pushed_pawn_does_not_promote() {
    // g8 is white: the pawn is only moved, and stays a pawn.
    let game = play(&at("(on)7/6P1/6o1/8/8/8/8/K7 b - - 0 1"), "g6-g7");
    assert_eq!(on(&game, "g8"), "P");
    // It can make no move from there.
    assert!(!notations(&game).iter().any(|n| n.starts_with('g')));
}

#[test]
pub(super) fn a_pawn_promotes_on_its_own_move() {
    let game = at("(on)7/6P1/8/8/8/8/8/K7 w - - 0 1");
    let err = refusal(&game, "g8").to_string();
    assert!(err.contains("g8=Q") && err.contains("g8=N"), "{err}");
    assert_eq!(on(&play(&game, "g8=N"), "g8"), "N");
}

#[test]
pub(super) fn blacks_pawn_king_takes_en_passant() {
    // White's pawn steps two squares past the king on d4, which takes it
    // as a pawn would.
    let game = play(&at("8/8/8/8/3(op)4/8/4P3/K7 w - - 0 1"), "e4");
    let game = play(&game, "dxe3");
    assert_eq!(
        (on(&game, "e3"), on(&game, "e4")),
        ("(op)".into(), ".".into())
    );
}

#[test]
pub(super) fn a_pawn_pushed_onto_its_own_first_rank_moves_one_step_only() {
    // Black's pusher pushes White's pawn from b2 onto b1 (a white square:
    // it is only moved), then steps aside.
    let game = at("7(on)/8/8/8/8/1o6/1P6/K7 b - - 0 1");
    let game = play_all(&game, &["b3-b2", "Ka2", "b2-c2"]);
    assert_eq!(on(&game, "b1"), "P");
    let pawn: Vec<String> = notations(&game)
        .into_iter()
        .filter(|n| n.starts_with('b'))
        .collect();
    // One step (or a capture of the pusher beside it), never two.
    assert_eq!(pawn, ["b2", "bxc2"]);
    // Black's pawn on rank 8, where Black's pushers push it, likewise.
    let game = at("2p4(on)/8/8/8/8/8/8/K7 b - - 0 1");
    let pawn: Vec<String> = notations(&game)
        .into_iter()
        .filter(|n| n.starts_with('c'))
        .collect();
    assert_eq!(pawn, ["c7"]);
}
