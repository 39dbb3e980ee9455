//! Moving, flipping, dropping, capturing, Reality Checks, both boards.

use std::collections::BTreeSet;

use super::*;
use crate::rules::reality::board::{ChipId, Face, Kind, Place};
use crate::rules::{View, Viewer};

fn targets(game: &RealityCheck, seat: Seat, from: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut quiet = BTreeSet::new();
    let mut takes = BTreeSet::new();
    for action in game.legal_actions(seat) {
        match action {
            Action::Move { from: f, to, .. } if f == sq(from) => {
                quiet.insert(to.to_string());
            }
            Action::Capture { from: f, to, .. } if f == sq(from) => {
                takes.insert(to.to_string());
            }
            _ => {}
        }
    }
    (quiet, takes)
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn white_opens_with_a_quiet_move_and_no_flip_under_the_fixed_setup() {
    let game = started("");
    let moves = notations(&game, Seat::White);
    assert_eq!(moves.len(), 14);
    assert!(
        moves.iter().all(|m| !m.contains("flip") && m.contains('-')),
        "{moves:?}"
    );
    assert!(
        refusal(&game, Seat::White, "c3-c4 flip e7")
            .to_string()
            .contains("without a flip")
    );
    let game = play(&game, Seat::White, "c3-c4");
    // Black's first turn is an ordinary one: its quiet moves flip.
    assert!(
        refusal(&game, Seat::Black, "c7-c6")
            .to_string()
            .contains("must flip")
    );
    play(&game, Seat::Black, "c7-c6 flip c4");
}

#[test]
fn dice_do_not_roll_on_whites_fixed_first_turn() {
    let game = started("dice=1");
    let applied = game
        .apply(
            Seat::White,
            &game.parse_action(Seat::White, "c3-c4").unwrap(),
            &mut Entropy::new([3; 32], 9),
        )
        .unwrap();
    assert!(applied.state.roll.is_empty());
    assert_eq!(applied.state.side, Seat::Black);
    assert!(applied.events.iter().all(|e| !e.text.contains("roll")));
}

#[test]
fn with_the_free_setup_white_opens_with_a_move_and_its_flip_but_no_capture_or_drop() {
    let game = new_game("board=advanced");
    let game = play(
        &game,
        Seat::White,
        "setup d1=R/R e1=N/B f1=B/B g1=N/N e2=P/P f2=P/N g2=B/R f3=P/R g4=P/B hand=NR",
    );
    let game = play(
        &game,
        Seat::Black,
        "setup a4=r/r a5=n/b b5=b/b a6=n/n b6=p/p c6=p/n a7=b/r b7=p/r c7=p/b hand=nr",
    );
    // g3 is White's one empty zone square, but the first turn is a quiet move.
    let moves = notations(&game, Seat::White);
    assert!(moves.iter().all(|m| m.contains(" flip ")), "{moves:?}");
    assert!(
        refusal(&game, Seat::White, "g4-g5")
            .to_string()
            .contains("must flip")
    );
    assert!(
        refusal(&game, Seat::White, "drop N/R g3")
            .to_string()
            .contains("first turn")
    );
}

#[test]
fn on_the_free_basic_setup_white_may_not_capture_on_the_first_turn() {
    let game = new_game("setup=free");
    let game = play(
        &game,
        Seat::White,
        "setup d4=R/R b4=N/B c4=B/B e4=N/N f4=P/P g4=P/N a4=B/R d1=P/R c2=P/B hand=NR",
    );
    let game = play(
        &game,
        Seat::Black,
        "setup d6=r/r b6=n/b c6=b/b e6=n/n f6=p/p g6=p/n a6=b/r d9=p/r c8=p/b hand=nr",
    );
    assert!(
        refusal(&game, Seat::White, "d4xd6")
            .to_string()
            .contains("first turn")
    );
    assert!(
        refusal(&game, Seat::White, "d4xd6 check!")
            .to_string()
            .contains("first turn")
    );
    let moves = notations(&game, Seat::White);
    assert!(moves.iter().all(|m| !m.contains('x')));
    let game = play(&game, Seat::White, "d4-d5 flip d6");
    // Black may capture at once.
    assert!(
        notations(&game, Seat::Black)
            .iter()
            .any(|m| m.contains('x'))
    );
}

#[test]
fn pawn_faces_move_orthogonally_and_capture_diagonally() {
    let game = arrange(
        "",
        Seat::White,
        "d4=P/N d1=R/R",
        "d5=p/b e5=n/n c5=b/r d9=r/r",
    );
    let (quiet, takes) = targets(&game, Seat::White, "d4");
    assert_eq!(quiet, set(&["c4", "e4", "d3"]));
    assert_eq!(takes, set(&["c5", "e5"]));
    assert!(
        refusal(&game, Seat::White, "d4-d5 flip d1")
            .to_string()
            .contains("d5 is occupied")
    );
    assert!(
        refusal(&game, Seat::White, "d4xd5")
            .to_string()
            .contains("cannot capture on d5")
    );
    let err = refusal(&game, Seat::White, "d4-c3 flip d1").to_string();
    assert!(
        err.contains("cannot move to c3") && err.contains("c4, d3 and e4"),
        "{err}"
    );
}

#[test]
fn knights_bishops_and_rooks_move_as_in_chess_on_the_basic_board() {
    let game = arrange("", Seat::White, "d4=N/R b3=B/B d1=R/R", "d9=r/r f5=p/p");
    let (quiet, takes) = targets(&game, Seat::White, "d4");
    assert_eq!(quiet, set(&["b5", "c2", "c6", "e2", "e6", "f3"]));
    assert_eq!(takes, set(&["f5"]));
    // b3's diagonals: a4 and c4-d5-e6-f7 (b2/a2/c2 side: c2 exists).
    let (quiet, _) = targets(&game, Seat::White, "b3");
    assert_eq!(quiet, set(&["a4", "c2", "c4", "d5", "e6", "f7"]));
    // The rook on d1: d2, d3, then its own knight on d4 blocks.
    let (quiet, takes) = targets(&game, Seat::White, "d1");
    assert_eq!(quiet, set(&["d2", "d3"]));
    assert!(takes.is_empty());
}

#[test]
fn holes_stop_sliders_and_knights_jump_them_on_the_advanced_board() {
    let game = at(
        "rr5pp/6/5/1RR1/5/1BB4/NN6 w 3 -/- PPPNPBPRNBNRBR/pnpbprnnnbnrbbbr - -",
        "",
    );
    assert_eq!(
        game.settings().shape,
        crate::rules::reality::board::Shape::Advanced
    );
    // d6 and d2 are holes, c4 and e4 too: the rook sees only d5 and d3.
    assert_eq!(targets(&game, Seat::White, "d4").0, set(&["d3", "d5"]));
    // c3 is a hole: the bishop on b2 never reaches d4's diagonal.
    assert_eq!(targets(&game, Seat::White, "b2").0, set(&["a3", "c1"]));
    // The knight on a1 jumps to b3 and c2.
    assert_eq!(targets(&game, Seat::White, "a1").0, set(&["b3", "c2"]));
    // Six quiet moves, each with five possible flips, and nothing else.
    assert_eq!(game.perft(1), 30);
    let knight = at(
        "rr5pp/6/5/1NN1/5/1BB4/RR6 w 3 -/- PPPNPBPRNBNRBR/pnpbprnnnbnrbbbr - -",
        "",
    );
    assert_eq!(
        targets(&knight, Seat::White, "d4").0,
        set(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
}

#[test]
fn a_flip_names_the_square_after_the_move_and_shows_both_faces() {
    let game = started("");
    let game = play(&game, Seat::White, "c3-c4");
    // The flip of the moved chip names its new square.
    assert!(
        refusal(&game, Seat::Black, "c7-c6 flip c7")
            .to_string()
            .contains("no chip on c7")
    );
    assert!(
        refusal(&game, Seat::Black, "c7-c6 flip a5")
            .to_string()
            .contains("no chip on a5")
    );
    let game = play(&game, Seat::Black, "c7-c6 flip c4");
    let pn = ChipId {
        seat: Seat::White,
        kind: Kind::PN,
    };
    assert_eq!(game.chip(pn).up, Face::N);
    let black = game.view(Viewer::Seat(Seat::Black));
    let c4 = black.chips.iter().find(|c| c.square == sq("c4")).unwrap();
    assert_eq!((c4.up, c4.down, c4.public), (Face::N, Some(Face::P), true));
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(
        spectator
            .chips
            .iter()
            .find(|c| c.square == sq("c4"))
            .unwrap()
            .down,
        Some(Face::P)
    );
    // Black's moved chip stays hidden from White.
    assert_eq!(
        game.view(Viewer::Seat(Seat::White))
            .chips
            .iter()
            .find(|c| c.square == sq("c6"))
            .unwrap()
            .down,
        None
    );
    // White may not flip what Black just flipped.
    let err = refusal(&game, Seat::White, "b3-b4 flip c4").to_string();
    assert!(
        err.contains("Black flipped or dropped the chip on c4"),
        "{err}"
    );
    assert_eq!(game.view(Viewer::Seat(Seat::White)).no_flip, vec![sq("c4")]);
    let game = play(&game, Seat::White, "b3-b4 flip c6");
    // The bar follows the chip, wherever it moves (it now shows a knight).
    assert!(
        refusal(&game, Seat::Black, "c6-d4 flip d4")
            .to_string()
            .contains("White flipped or dropped")
    );
    let game = play(&game, Seat::Black, "c6-d4 flip c4");
    assert_eq!(game.chip(pn).up, Face::P);
}

#[test]
fn with_no_chip_to_flip_the_quiet_move_is_made_without_one() {
    // Black memory-flipped both of White's chips; Black has none on the board.
    let game = at(
        "1/3/5/7/7/3RR*3/5/3/NN* w 5 -/rr PPPNPBPRNBNRBBBR/pppnpbprnnnbnrbbbr d1,d4 -",
        "",
    );
    let moves = notations(&game, Seat::White);
    assert_eq!(moves.len(), 15, "{moves:?}");
    assert!(moves.iter().all(|m| !m.contains("flip")));
    assert!(
        refusal(&game, Seat::White, "d4-d5 flip d1")
            .to_string()
            .contains("may not be flipped")
    );
    let game = play(&game, Seat::White, "d4-d5");
    // Black's hand (one chip) is over its limit (0): it must drop.
    assert_eq!(notations(&game, Seat::Black).len(), 9);
    assert!(
        refusal(&game, Seat::Black, "memory d5 d1 forfeit RR")
            .to_string()
            .contains("must be a drop")
    );
}

#[test]
fn a_drop_shows_only_its_up_face_to_the_opponent() {
    let game = arrange("", Seat::Black, "d4=N/B d1=R/R", "d9=r/r hand=br hand=pn");
    assert!(
        refusal(&game, Seat::Black, "drop N/R d8")
            .to_string()
            .contains("no chip NR in hand")
    );
    assert!(
        refusal(&game, Seat::Black, "drop B/R d5")
            .to_string()
            .contains("not one of your drop squares")
    );
    assert!(
        refusal(&game, Seat::Black, "drop B/R d9")
            .to_string()
            .contains("occupied")
    );
    assert!(matches!(
        refusal(&game, Seat::Black, "drop BR d8"),
        ActionError::Syntax { .. }
    ));
    // Two chips, each either way up, on eight free home squares.
    assert_eq!(starting(&game, Seat::Black, "drop").len(), 2 * 2 * 8);
    let game = play(&game, Seat::Black, "drop r/b d8");
    let white = game.view(Viewer::Seat(Seat::White));
    let d8 = white.chips.iter().find(|c| c.square == sq("d8")).unwrap();
    assert_eq!((d8.up, d8.down), (Face::R, None));
    assert_eq!(white.hands[1].count, 1);
    assert_eq!(white.hands[1].chips, None);
    assert_eq!(white.history().last().unwrap().text, "drop r d8");
    let black = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(black.history().last().unwrap().text, "drop R/B d8");
    assert_eq!(
        black
            .chips
            .iter()
            .find(|c| c.square == sq("d8"))
            .unwrap()
            .down,
        Some(Face::B)
    );
    // A dropped chip may not be flipped by the opponent on the next turn.
    assert!(
        refusal(&game, Seat::White, "d4-c2 flip d8")
            .to_string()
            .contains("Black flipped or dropped")
    );
}

#[test]
fn a_capture_sends_the_chip_home_and_it_comes_back_anonymous() {
    let game = arrange(
        "",
        Seat::White,
        "c4=N/B d1=R/R",
        "d6=b/r* d9=r/r e8=n/n c8=p/p",
    );
    assert!(
        refusal(&game, Seat::White, "c4-d6 flip d1")
            .to_string()
            .contains("capture is written c4xd6")
    );
    assert!(
        refusal(&game, Seat::White, "c4xd5")
            .to_string()
            .contains("d5 is empty")
    );
    let applied = game
        .apply(
            Seat::White,
            &Action::Capture {
                from: sq("c4"),
                to: sq("d6"),
                check: false,
            },
            &mut Entropy::for_perft(),
        )
        .unwrap();
    let game = applied.state;
    let br = ChipId {
        seat: Seat::Black,
        kind: Kind::BR,
    };
    assert_eq!(game.chip(br).place, Place::Hand);
    assert!(!game.chip(br).public);
    let to_black: Vec<_> = applied
        .events
        .iter()
        .filter(|e| e.audience == crate::rules::Audience::Seat(Seat::Black))
        .collect();
    assert_eq!(to_black[0].text, "Your chip b/r from d6 is in your hand.");
    assert!(
        applied
            .events
            .iter()
            .filter(|e| e.audience.includes(Viewer::Seat(Seat::White)))
            .all(|e| !e.text.contains("b/r"))
    );
    let game = play(&game, Seat::Black, "drop B/R d8");
    let white = game.view(Viewer::Seat(Seat::White));
    assert_eq!(
        white
            .chips
            .iter()
            .find(|c| c.square == sq("d8"))
            .unwrap()
            .down,
        None
    );
}

#[test]
fn a_reality_check_of_two_true_chips_removes_the_captured_one() {
    let game = arrange("", Seat::White, "c4=N/N d1=R/R", "d6=b/b e8=n/r d9=r/r");
    assert_eq!(game.limit(Seat::Black), 1);
    let applied = game
        .apply(
            Seat::White,
            &game.parse_action(Seat::White, "rc c4xd6").unwrap(),
            &mut Entropy::for_perft(),
        )
        .unwrap();
    let game = applied.state;
    assert_eq!(
        game.chip(ChipId {
            seat: Seat::Black,
            kind: Kind::BB
        })
        .place,
        Place::Out
    );
    assert_eq!(game.limit(Seat::Black), 0);
    let text = &applied.events[0].text;
    assert!(
        text.contains("the capturer is N/N, the captured chip b/b") && text.contains("leaves play"),
        "{text}"
    );
    let black = game.view(Viewer::Seat(Seat::Black));
    let d6 = black.chips.iter().find(|c| c.square == sq("d6")).unwrap();
    assert_eq!(
        (d6.owner, d6.up, d6.down, d6.public),
        (Seat::White, Face::N, Some(Face::N), true)
    );
    assert_eq!(
        black.out[1],
        vec![
            Kind::PP,
            Kind::PN,
            Kind::PB,
            Kind::PR,
            Kind::NN,
            Kind::NB,
            Kind::BB,
            Kind::BR
        ]
    );
}

#[test]
fn a_failed_reality_check_shows_both_and_the_capturer_keeps_its_face() {
    let game = arrange("", Seat::White, "c4=N/B d1=R/R", "d6=b/b d9=r/r");
    let game = play(&game, Seat::White, "c4xd6 check!");
    let bb = ChipId {
        seat: Seat::Black,
        kind: Kind::BB,
    };
    assert_eq!(game.chip(bb).place, Place::Hand);
    let nb = ChipId {
        seat: Seat::White,
        kind: Kind::NB,
    };
    assert_eq!(game.chip(nb).up, Face::N);
    assert!(game.chip(nb).public);
    let black = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(
        black
            .chips
            .iter()
            .find(|c| c.square == sq("d6"))
            .unwrap()
            .down,
        Some(Face::B)
    );
    assert_eq!(
        black.history().last().unwrap().text.split(" (").next(),
        Some("c4xd6 check!")
    );
    // A true capturer with an untrue victim: the victim goes home too.
    let game = arrange("", Seat::White, "c4=N/N d1=R/R", "d6=b/r d9=r/r e8=n/n");
    let game = play(&game, Seat::White, "c4xd6 check");
    assert_eq!(
        game.chip(ChipId {
            seat: Seat::Black,
            kind: Kind::BR
        })
        .place,
        Place::Hand
    );
    // Never on one's own chip.
    let game = arrange("retreat=on", Seat::White, "c4=N/N d6=B/R d1=R/R", "d9=r/r");
    assert!(
        refusal(&game, Seat::White, "c4xd6 check!")
            .to_string()
            .contains("never declared on your own")
    );
}

#[test]
fn on_the_advanced_board_drops_go_anywhere_in_the_zone() {
    let game = arrange("board=advanced", Seat::White, "d1=R/R hand=NB", "a7=r/r");
    let drops = starting(&game, Seat::White, "drop");
    assert_eq!(drops.len(), 2 * 9);
    assert!(drops.contains(&"drop B/N g4".to_string()));
    assert!(
        refusal(&game, Seat::White, "drop N/B d4")
            .to_string()
            .contains("not one of your drop squares")
    );
}

/// A move to a hole, or to a square past the board's edge, is refused as
/// such (never read off another square, never a panic); a refusal that
/// comes with a hint ends its own sentence before it.
#[test]
fn holes_and_squares_off_the_board_are_named_and_reasons_end_before_hints() {
    let game = arrange(
        "board=advanced",
        Seat::White,
        "f3=P/N a1=R/R b1=B/B c1=N/N a2=P/P",
        "a7=r/r b7=b/b c7=n/n a6=p/p",
    );
    assert_eq!(
        refusal(&game, Seat::White, "f3-f4").to_string(),
        "the chip on f3 cannot move to f4: f4 is a hole in the board. From f3 it may move to f2 \
         and g3 and capture on none."
    );
    let game = arrange(
        "",
        Seat::White,
        "d4=P/N d1=R/R c2=B/B e2=N/N hand=NB",
        "d5=p/b d9=r/r",
    );
    for (text, says) in [
        (
            "d4-d10",
            "the chip on d4 cannot move to d10: there is no square d10 on the board. ",
        ),
        (
            "d4xh4",
            "the chip on d4 cannot capture on h4: there is no square h4 on the board. ",
        ),
        ("a1-a2", "there is no square a1 on the board"),
        ("drop N/B h9", "there is no square h9 on the board"),
    ] {
        let err = refusal(&game, Seat::White, text).to_string();
        assert!(err.starts_with(says), "{text}: {err}");
    }
    for (text, says) in [
        (
            "d4-c3",
            "which cannot move to c3. From d4 it may move to c4, d3 and e4",
        ),
        (
            "d4xd5",
            "which cannot capture on d5. From d4 it may move to",
        ),
        (
            "drop N/B d5",
            "d5 is not one of your drop squares. Your free drop squares:",
        ),
    ] {
        let err = refusal(&game, Seat::White, text).to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    // Over the hand limit (one true chip in play: a limit of none).
    let over = arrange("", Seat::White, "d4=P/N d1=R/R hand=NB", "d9=r/r");
    let err = refusal(&over, Seat::White, "d4-d3").to_string();
    assert!(
        err.starts_with(
            "your hand holds 1 chip, over your limit of 0: this turn must be a drop. Your free \
             drop squares: "
        ),
        "{err}"
    );
}
