//! SAN out, the accepted forms in, typed errors with hints; and the
//! invariants over many positions: every legal action's notation reads
//! back as it, and the generator agrees with the mailbox's reading of the
//! rules.

use std::collections::BTreeSet;

use super::mailbox::Board;
use super::{play, pos, random_positions};
use crate::rules::rebel::{Play, PlayError, RebelPosition, Version};

fn illegal(position: &RebelPosition, text: &str) -> String {
    match position.parse_play(text) {
        Err(err @ PlayError::Illegal { .. }) => err.to_string(),
        other => panic!("{text}: expected an illegal action, got {other:?}"),
    }
}

#[test]
fn san_of_moves_and_recruits() {
    let start = RebelPosition::startpos(Version::One);
    assert_eq!(start.san(&play("e2c4")), "Uc4");
    assert_eq!(start.san(&play("g1f3")), "Nf3");
    // Two converted knights could recruit on e5: the file tells them apart.
    let p = pos("4k3/8/8/4p3/8/3N*1N*2/8/4K3 w - - 0 1", Version::Two);
    assert_eq!(p.san(&play("d3*e5")), "Nd*e5");
    assert_eq!(p.san(&play("f3*e5")), "Nf*e5");
    assert_eq!(p.san(&play("f3e5")), "Nfxe5");
    // A converted pawn's recruit names its file, as a pawn capture does.
    let p = pos("4k3/8/8/4p3/3P*4/8/8/4K3 w - - 0 1", Version::Two);
    assert_eq!(p.san(&play("d4*e5")), "d*e5");
    assert_eq!(p.san(&play("d4e5")), "dxe5");
    // Castling, promotion with check.
    let p = pos("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1", Version::One);
    assert_eq!(p.san(&play("e1g1")), "O-O");
    assert_eq!(p.san(&play("a7a8q")), "a8=Q+");
    assert_eq!(p.legal_sans()[0], "Kd1");
}

#[test]
fn every_form_reads_the_same_action() {
    let p = pos("4k3/8/8/3n4/8/1U6/8/4K3 w - - 0 1", Version::One);
    for text in [
        "U*d5",
        "Ub3*d5",
        "Ub*d5",
        "U3*d5",
        "b3*d5",
        "B3*D5",
        "recruit d5",
        "Recruit d5 with b3",
        "recruit d5 with U",
        "U*d5+!",
        "*d5",
    ] {
        assert_eq!(p.parse_play(text), Ok(play("b3*d5")), "{text}");
    }
    for text in ["Ud1", "b3d1", "Ub3-d1", "Ub3d1", "B3D1"] {
        assert_eq!(p.parse_play(text), Ok(play("b3d1")), "{text}");
    }
}

#[test]
fn errors_say_why_and_what_is_possible() {
    let start = RebelPosition::startpos(Version::One);
    assert_eq!(
        illegal(&start, "Ud3"),
        "Your Recruiter on e2 cannot move to d3. Your Recruiter on e2: Uc4, Ug4."
    );
    assert_eq!(
        illegal(&start, "recruit e4"),
        "There is no piece on e4 to recruit. Your legal moves: Na3, Nc3, Nf3, Nh3, Uc4, Ug4, \
         a3, a4, b3, b4, c3, c4, d3, d4, f3, f4, g3, g4, h3, h4."
    );
    assert_eq!(
        illegal(&start, "U*d7"),
        "Your Recruiter on e2 cannot reach d7: it recruits an alfil's leap away (two squares \
         diagonally). Your Recruiter on e2: Uc4, Ug4."
    );
    assert_eq!(
        illegal(&start, "U*d2"),
        "The pawn on d2 is already yours. Your Recruiter on e2: Uc4, Ug4."
    );
    assert_eq!(
        illegal(&start, "e7*c5"),
        "The Recruiter on e7 is Black's. Your legal moves: Na3, Nc3, Nf3, Nh3, Uc4, Ug4, a3, \
         a4, b3, b4, c3, c4, d3, d4, f3, f4, g3, g4, h3, h4."
    );
    // A pawn's step names the pawns of its file (the e-pawn is a
    // Recruiter here), as a capture names its origin's file.
    assert_eq!(
        illegal(&start, "e4"),
        "You have no pawn on the e-file. Your legal moves: Na3, Nc3, Nf3, Nh3, Uc4, Ug4, a3, \
         a4, b3, b4, c3, c4, d3, d4, f3, f4, g3, g4, h3, h4."
    );
    let p = pos("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", Version::One);
    assert_eq!(
        illegal(&p, "e4"),
        "Your pawn on e2 cannot move to e4. Your pawn on e2: e3."
    );
    assert_eq!(
        illegal(&start, "Bb5"),
        "None of your bishops can move to b5. Your bishops: no legal move."
    );
    assert!(matches!(
        start.parse_play("U to c4"),
        Err(PlayError::Syntax { .. })
    ));
    let err = start.parse_play("hello").unwrap_err().to_string();
    assert!(
        err.contains("U*d4") && err.contains("recruit d4 with b2"),
        "{err}"
    );
    // Ambiguity lists the candidates in SAN.
    let p = pos("4k3/8/8/4p3/8/3N*1N*2/8/4K3 w - - 0 1", Version::Two);
    assert_eq!(
        p.parse_play("N*e5"),
        Err(PlayError::Ambiguous {
            text: "N*e5".into(),
            candidates: vec!["Nd*e5".into(), "Nf*e5".into()]
        })
    );
}

/// Every legal action's SAN and stored form read back as that action.
#[test]
fn notation_round_trips_over_many_positions() {
    for version in [Version::One, Version::Two, Version::Three] {
        for position in random_positions(60, 11 + version.number() as u64, version) {
            let legal = position.legal_plays();
            for p in &legal {
                let san = position.san(p);
                assert_eq!(position.parse_play(&san), Ok(*p), "{san} in {position:?}");
                assert_eq!(
                    position.parse_play(&p.to_string()),
                    Ok(*p),
                    "{p} in {position:?}"
                );
                if let Play::Recruit { from, target } = p {
                    let words = format!("recruit {target} with {from}");
                    assert_eq!(position.parse_play(&words), Ok(*p), "{words}");
                }
            }
        }
    }
}

/// Every generated action is legal by the mailbox's reading of the rules,
/// and every such action is generated, recruits included, in positions of
/// every version (teams and converted kings too).
#[test]
fn the_generator_agrees_with_the_mailbox_everywhere() {
    let mut teams = 0;
    for version in [Version::One, Version::Two, Version::Three] {
        for position in random_positions(150, 3 + version.number() as u64, version) {
            teams += usize::from(position.rebels().is_some());
            let board = Board::from_fen(&position.fen());
            let engine: BTreeSet<String> =
                position.legal_plays().iter().map(Play::to_string).collect();
            let mut mailbox: BTreeSet<String> = BTreeSet::new();
            let name = |i: usize| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
            for (from, to, promotion) in board.legal() {
                let promotion = promotion.map_or(String::new(), |p| {
                    (p as char).to_ascii_lowercase().to_string()
                });
                mailbox.insert(format!("{}{}{promotion}", name(from), name(to)));
            }
            for (from, target) in board.recruits(version.number()) {
                mailbox.insert(format!("{}*{}", name(from), name(target)));
            }
            assert_eq!(engine, mailbox, "{position:?}");
        }
    }
    assert!(teams > 0, "some positions have Spartans and Rebels");
}
