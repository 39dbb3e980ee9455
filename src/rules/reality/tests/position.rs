//! The position string and perft.

use super::*;
use crate::games::GameInfo;
use crate::rules::Status;

const START: &str = "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - -";

#[test]
fn the_documented_example_is_the_position_after_the_test_setups() {
    assert_eq!(started("").position(), START);
    assert!(RealityCheck::rules_page().contains(START));
    assert_eq!(at(START, "").position(), START);
    assert_eq!(
        at(START, "").legal_actions(Seat::White),
        started("").legal_actions(Seat::White)
    );
}

#[test]
fn positions_in_the_setup_round_trip() {
    let game = new_game("");
    assert_eq!(game.position(), "setup - -");
    let game = play(&game, Seat::White, fixed_setup(Seat::White));
    let text = game.position();
    assert!(
        text.starts_with("setup d1=R/R,c2=N/B,") && text.ends_with(" -"),
        "{text}"
    );
    let back = at(&text, "");
    assert_eq!(back.position(), text);
    assert_eq!(back.setups[0], game.setups[0]);
    assert_eq!(
        back.status().owes(Seat::Black),
        Some(crate::rules::Duty::Sealed)
    );
}

#[test]
fn the_board_is_told_by_the_rank_count_unless_an_option_names_it() {
    let advanced = "rr5pp/6/5/1RR1/5/1BB4/NN6 w 3 -/- PPPNPBPRNBNRBR/pnpbprnnnbnrbbbr - -";
    assert_eq!(
        at(advanced, "memory=on").settings().shape,
        crate::rules::reality::board::Shape::Advanced
    );
    assert!(RealityCheck::from_position(advanced, &options("board=basic")).is_err());
    assert!(RealityCheck::from_position(START, &options("board=advanced")).is_err());
}

#[test]
fn bad_positions_are_refused_with_a_reason() {
    let bad = |text: &str, opts: &str, why: &str| {
        let err = RealityCheck::from_position(text, &options(opts))
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
    };
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN w 1 NR/nr -/- - -",
        "",
        "9 ranks",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR1 w 1 NR/nr -/- - -",
        "",
        "rank 1 is too long",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/6/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - -",
        "",
        "rank 6 is too short",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/rr -/- - -",
        "",
        "appears twice",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/- -/- - -",
        "",
        "missing: nr",
    );
    bad(
        "rR/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - -",
        "",
        "mixes",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR x 1 NR/nr -/- - -",
        "",
        "w or b",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 0 NR/nr -/- - -",
        "",
        "counts from 1",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/- -/- - keep:nr",
        "",
        "side to act",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - roll:3",
        "",
        "rolls 0 dice",
    );
    bad(
        "rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- e5 -",
        "",
        "no chip on e5",
    );
    bad(START, "setup=free", "drop squares");
    bad(
        "rr/3/5/7/7/7/5/3/RR w 5 -/- PPPNPBPRNNNBNRBBBR/pppnpbprnnnbnrbbbr - roll:3",
        "dice=1",
        "at most one chip",
    );
    bad("setup - x", "", "SETUP;SALT");
}

#[test]
fn free_setup_positions_carry_the_drop_squares() {
    let game = new_game("setup=free");
    let game = play(
        &game,
        Seat::White,
        "setup a4=R/R b4=N/B c4=B/B d4=N/N e4=P/P f4=P/N g4=B/R d1=P/R c2=P/B hand=NR",
    );
    let game = play(
        &game,
        Seat::Black,
        "setup a6=r/r b6=n/b c6=b/b d6=n/n e6=p/p f6=p/n g6=b/r d9=p/r c8=p/b hand=nr",
    );
    let text = game.position();
    assert!(
        text.ends_with(" d1,c2,a4,b4,c4,d4,e4,f4,g4/a6,b6,c6,d6,e6,f6,g6,c8,d9"),
        "{text}"
    );
    let back = at(&text, "setup=free");
    assert_eq!(back.position(), text);
    assert_eq!(back.drops, game.drops);
}

#[test]
fn perft_counts_each_action_and_each_flip_once() {
    // From the start: four pawn steps, four knight leaps, six bishop slides.
    assert_eq!(started("").perft(1), 14);
    // Black answers with 14 quiet moves, each flipping one of the 18 chips
    // on the board (252), except: after d3-b5 or d3-f5 Black's bishop loses
    // two slides and gains a capture, plain or checked (12*18+2); after
    // d3-a6 or d3-g6 a Black pawn may capture it (252+2).
    assert_eq!(
        started("").perft(2),
        10 * 252 + 2 * (12 * 18 + 2) + 2 * (252 + 2)
    );
    // Two lone rooks on the d-file. White: seven slides times two flips, and
    // the capture on d9 plain or as a Reality Check. Black then answers a
    // slide to dk with (8-k) slides, one flip each (the chip White flipped
    // is barred), plus two captures; the plain capture of d9 leaves Black
    // to keep or refuse; the Reality Check ends the game.
    let rooks = at(
        "rr/3/5/7/7/7/5/3/RR w 5 -/- PPPNPBPRNNNBNRBBBR/pppnpbprnnnbnrbbbr - -",
        "",
    );
    assert_eq!(rooks.perft(1), 16);
    assert_eq!(rooks.perft(2), 35 * 2 + 2);
    // With memory flips: nine quiet moves times four flips, two captures,
    // and one pair of Black chips with two possible forfeits.
    let small = "rr/3/2pn2/7/7/7/NN4/3/RR w 5 -/- PPPNPBPRNBNRBBBR/pppbprnnnbnrbbbr - -";
    assert_eq!(at(small, "memory-flips=on retreat=on").perft(1), 36 + 2 + 2);
    // With dice, a quiet move is one action whatever the roll.
    assert_eq!(at(small, "memory-flips=on dice=1").perft(1), 9 + 2 + 2);
}

#[test]
fn the_registered_game_reads_positions_and_divides_perft() {
    let info = GameInfo::find("Reality-Check").expect("registered");
    assert_eq!(info.title, "Reality Check");
    let game = (info.from_position)(START, &options("")).unwrap();
    let divide = game.divide(2);
    assert_eq!(divide.len(), 14);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), game.perft(2));
    assert!(divide.iter().any(|(text, _)| text == "c3-c4"));
    assert!(matches!(game.status(), Status::Ongoing(_)));
    let mut entropy = Entropy::new([0; 32], 0);
    let played = game.play_text(Seat::White, "C3-C4", &mut entropy).unwrap();
    assert_eq!(played.notation, "c3-c4");
    assert!((info.new)(&options("board=advanced"), &mut entropy).is_ok());
}
