//! The hand limit, keep and refuse, own captures, memory flips, winning.

use super::*;
use crate::rules::reality::board::{ChipId, Face, Kind, Place};
use crate::rules::{Duty, Ending, GameResult, Status, View, Viewer};

fn winner(game: &RealityCheck) -> Option<(Seat, Ending)> {
    match game.status() {
        Status::Finished(o) => match o.result {
            GameResult::Win(seat) => Some((seat, o.reason)),
            GameResult::Draw | GameResult::Aborted => None,
        },
        Status::Ongoing(_) => None,
    }
}

const AT_LIMIT: &str = "rr/ppbbnn/5/3nr3/7/2NB4/PP4/NNBB1/RR w 5 -/pnpbpr PNPBPRNRBR/nbbr - -";

#[test]
fn a_capture_into_a_full_hand_asks_its_owner_to_keep_or_refuse() {
    let game = at(AT_LIMIT, "");
    assert_eq!(
        (game.hand(Seat::Black).len(), game.limit(Seat::Black)),
        (3, 3)
    );
    let game = play(&game, Seat::White, "c4xd6");
    let nr = ChipId {
        seat: Seat::Black,
        kind: Kind::NR,
    };
    assert_eq!(game.chip(nr).place, Place::Limbo);
    assert_eq!(game.status().owes(Seat::Black), Some(Duty::Decision));
    assert_eq!(notations(&game, Seat::Black), vec!["keep", "refuse"]);
    assert!(
        matches!(refusal(&game, Seat::Black, "drop P/N b7"), ActionError::NotYourTurn(m) if m.contains("keep"))
    );
    assert!(matches!(
        refusal(&game, Seat::White, "keep"),
        ActionError::NotYourTurn(_)
    ));
    // Black knows its chip; White saw only its up face.
    let black = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(
        black.limbo.as_ref().map(|l| (l.up, l.down)),
        Some((Face::N, Some(Face::R)))
    );
    let white = game.view(Viewer::Seat(Seat::White));
    assert_eq!(
        white.limbo.as_ref().map(|l| (l.up, l.down)),
        Some((Face::N, None))
    );
    assert!(game.position().ends_with(" keep:nr"), "{}", game.position());
    assert_eq!(at(&game.position(), "").position(), game.position());

    // Keep: the chip joins the hand, and this turn must be a drop.
    let kept = play(&game, Seat::Black, "keep");
    assert_eq!(kept.chip(nr).place, Place::Hand);
    assert_eq!(kept.status().owes(Seat::Black), Some(Duty::Move));
    assert!(
        refusal(&kept, Seat::Black, "c8-c7 flip c7")
            .to_string()
            .contains("must be a drop")
    );
    let drops = notations(&kept, Seat::Black);
    assert_eq!(drops.len(), 4 * 2 * 5, "{drops:?}");
    assert!(drops.iter().all(|d| d.starts_with("drop")));
    let dropped = play(&kept, Seat::Black, "drop R/N e7");
    assert_eq!(dropped.side, Seat::White);
    assert!(!dropped.over_limit(Seat::Black));

    // Refuse: the chip leaves play, both faces shown; the turn goes on.
    let refused = play(&game, Seat::Black, "refuse");
    assert_eq!(refused.chip(nr).place, Place::Out);
    assert_eq!(refused.status().owes(Seat::Black), Some(Duty::Move));
    let white = refused.view(Viewer::Seat(Seat::White));
    assert!(white.out[1].contains(&Kind::NR));
    assert!(
        white
            .reveals
            .iter()
            .any(|r| r == "Black: refuse (n/r leaves play)."),
        "{:?}",
        white.reveals
    );
    assert!(white.history().last().unwrap().text == "refuse (n/r leaves play)");
}

#[test]
fn a_captured_chip_counts_as_in_play_until_kept_or_refused_and_refusing_the_last_true_chip_loses() {
    let game = arrange("", Seat::White, "c4=N/B d1=R/R", "d6=b/b e8=n/r");
    assert_eq!(game.limit(Seat::Black), 0);
    let game = play(&game, Seat::White, "c4xd6");
    assert_eq!(game.status().owes(Seat::Black), Some(Duty::Decision));
    assert_eq!(game.limit(Seat::Black), 0);
    assert_eq!(game.trues_in_play(Seat::Black), 1);
    let refused = play(&game, Seat::Black, "refuse");
    let (seat, reason) = winner(&refused).expect("over");
    assert_eq!(seat, Seat::White);
    assert!(reason == Ending::TrueChipsGone(Seat::Black), "{reason}");
    // Keeping it instead: over the limit, Black must drop at once.
    let kept = play(&game, Seat::Black, "keep");
    assert!(
        notations(&kept, Seat::Black)
            .iter()
            .all(|n| n == &format!("drop B/B {}", n.rsplit(' ').next().unwrap()))
    );
}

#[test]
fn keeping_with_no_free_drop_square_loses_and_refusing_does_not() {
    let game = at(
        "rr/prnbnr/brNNBBPNPR/bb6/3bp3/7/5/3/RR w 9 -/pn PPPBNBNRBR/ppnn - -",
        "",
    );
    assert_eq!(
        (game.hand(Seat::Black).len(), game.limit(Seat::Black)),
        (1, 1)
    );
    let game = play(&game, Seat::White, "d1xd5");
    let kept = play(&game, Seat::Black, "keep");
    let (seat, reason) = winner(&kept).expect("over");
    assert_eq!(
        (seat, reason),
        (Seat::White, Ending::NoDropSquare(Seat::Black))
    );
    let refused = play(&game, Seat::Black, "refuse");
    assert_eq!(refused.status().owes(Seat::Black), Some(Duty::Move));
    assert!(!notations(&refused, Seat::Black).is_empty());
}

#[test]
fn a_hand_over_its_limit_must_drop_and_loses_with_nowhere_to_drop() {
    let full = "rr/prnbnr/brNNBBPNPR/7/7/7/5/3/RR b 9 -/pnpb PPPBNBNRBR/ppnnbb - -";
    let game = at(full, "");
    let (seat, reason) = winner(&game).expect("over at once");
    assert_eq!(
        (seat, reason),
        (Seat::White, Ending::NoDropSquare(Seat::Black))
    );
    let one_free = "rr/prnbnr/brNNBBPN1/5PR1/7/7/5/3/RR b 9 -/pnpb PPPBNBNRBR/ppnnbb - -";
    let game = at(one_free, "");
    assert_eq!(
        notations(&game, Seat::Black),
        vec!["drop P/N f7", "drop N/P f7", "drop P/B f7", "drop B/P f7"]
    );
    let err = refusal(&game, Seat::Black, "d9xd7");
    assert!(err.to_string().contains("over your limit of 0"), "{err}");
    assert_eq!(
        game.view(Viewer::Seat(Seat::Black)).limits,
        [Some(2), Some(0)]
    );
}

#[test]
fn a_player_with_no_legal_action_loses() {
    let game = at(
        "pp/1NN1/5/7/7/7/5/3/RR b 9 -/- PPPNPBPRNBNRBBBR/pnpbprnnnbnrbbbrrr - -",
        "",
    );
    let (seat, reason) = winner(&game).expect("over");
    assert_eq!(
        (seat, reason),
        (Seat::White, Ending::NoLegalAction(Seat::Black))
    );
}

#[test]
fn removing_all_four_true_chips_wins() {
    let game = arrange("", Seat::White, "c4=N/N d1=R/R", "d6=b/b d9=n/r hand=pr");
    assert_eq!(game.trues_in_play(Seat::Black), 1);
    let applied = game
        .apply(
            Seat::White,
            &game.parse_action(Seat::White, "c4xd6 check!").unwrap(),
            &mut Entropy::for_perft(),
        )
        .unwrap();
    let (seat, reason) = winner(&applied.state).expect("over");
    assert_eq!(
        (seat, reason),
        (Seat::White, Ending::TrueChipsGone(Seat::Black))
    );
    assert!(
        !applied.events.iter().any(|e| e.text.contains("wins")),
        "the referee's status line tells the end, once"
    );
    assert!(matches!(
        refusal(&applied.state, Seat::Black, "drop P/R d8"),
        ActionError::Finished(_)
    ));
    assert!(applied.state.legal_actions(Seat::Black).is_empty());
}

#[test]
fn retreat_captures_ones_own_chip_within_the_limit() {
    let white = "c4=N/B d6=P/R b5=P/B d1=R/R e2=N/N";
    let off = arrange("", Seat::White, white, "d9=r/r");
    assert!(
        refusal(&off, Seat::White, "c4xd6")
            .to_string()
            .contains("retreat=on")
    );
    assert!(starting(&off, Seat::White, "c4x").is_empty());
    let game = arrange("retreat=on", Seat::White, white, "d9=r/r");
    assert_eq!(game.limit(Seat::White), 1);
    assert_eq!(starting(&game, Seat::White, "c4x"), vec!["c4xd6"]);
    let applied = game
        .apply(
            Seat::White,
            &game.parse_action(Seat::White, "c4xd6").unwrap(),
            &mut Entropy::for_perft(),
        )
        .unwrap();
    let game = applied.state;
    assert_eq!(
        game.chip(ChipId {
            seat: Seat::White,
            kind: Kind::PR
        })
        .place,
        Place::Hand
    );
    assert_eq!(
        game.grid().at(sq("d6")),
        Some(ChipId {
            seat: Seat::White,
            kind: Kind::NB
        })
    );
    let to_black: Vec<_> = applied
        .events
        .iter()
        .filter(|e| e.audience.includes(Viewer::Seat(Seat::Black)))
        .collect();
    assert!(
        to_black
            .iter()
            .all(|e| !e.text.contains("P/R") && !e.text.contains("R/P")),
        "{to_black:?}"
    );
    assert!(
        to_black[0]
            .text
            .contains("takes back its own chip showing P")
    );
    // A second one would put the hand over its limit of 1.
    let game = play(&game, Seat::Black, "d9-d8 flip d8");
    let err = refusal(&game, Seat::White, "d6xb5");
    assert!(err.to_string().contains("over its limit of 1"), "{err}");
}

#[test]
fn a_memory_flip_with_matching_faces_sends_both_home_without_keep_or_refuse() {
    let game = arrange(
        "memory-flips=on",
        Seat::White,
        "d1=R/R c4=N/B hand=BB",
        "d9=r/r d6=b/n e6=p/n",
    );
    assert_eq!(game.limit(Seat::Black), 0);
    let applied = game
        .apply(
            Seat::White,
            &game
                .parse_action(Seat::White, "memory e6 d6 forfeit d1")
                .unwrap(),
            &mut Entropy::for_perft(),
        )
        .unwrap();
    let game = applied.state;
    assert_eq!(game.hand(Seat::Black), vec![Kind::PN, Kind::NB]);
    assert_eq!(
        game.chip(ChipId {
            seat: Seat::White,
            kind: Kind::RR
        })
        .place,
        Place::Board(sq("d1"))
    );
    // The forfeit is not told when the faces match.
    for e in applied
        .events
        .iter()
        .filter(|e| e.audience.includes(Viewer::Seat(Seat::Black)))
    {
        assert!(!e.text.contains("forfeit"), "{}", e.text);
    }
    assert_eq!(
        game.view(Viewer::Seat(Seat::Black))
            .history()
            .last()
            .unwrap()
            .text
            .split(" (")
            .next(),
        Some("memory d6 e6")
    );
    assert!(
        game.view(Viewer::Seat(Seat::White))
            .history()
            .last()
            .unwrap()
            .text
            .starts_with("memory d6 e6 forfeit d1")
    );
    // Two over the limit: a drop now, and another next turn.
    assert_eq!(game.status().owes(Seat::Black), Some(Duty::Move));
    assert!(
        notations(&game, Seat::Black)
            .iter()
            .all(|n| n.starts_with("drop"))
    );
    let game = play(&game, Seat::Black, "drop N/P e8");
    let game = play(&game, Seat::White, "c4-e3 flip e3");
    assert!(
        notations(&game, Seat::Black)
            .iter()
            .all(|n| n.starts_with("drop"))
    );
}

#[test]
fn a_memory_flip_with_different_faces_costs_the_forfeit() {
    let black = "d9=r/r d6=b/n e6=p/r";
    let game = arrange(
        "memory-flips=on",
        Seat::White,
        "d1=R/R c4=N/B e2=N/N hand=BB",
        black,
    );
    let before = game.clone();
    assert!(
        refusal(&game, Seat::White, "memory d6 e6 forfeit c4")
            .to_string()
            .contains("not a true chip")
    );
    assert!(
        refusal(&game, Seat::White, "memory d6 e6 forfeit NB")
            .to_string()
            .contains("no chip NB in hand")
    );
    assert!(
        refusal(&game, Seat::White, "memory d6 c4 forfeit d1")
            .to_string()
            .contains("no chip of Black's on c4")
    );
    assert!(
        refusal(&game, Seat::White, "memory d6 d6 forfeit d1")
            .to_string()
            .contains("two different")
    );
    assert_eq!(game, before);
    let game2 = play(&game, Seat::White, "memory d6 e6 forfeit d1");
    assert_eq!(
        game2
            .chip(ChipId {
                seat: Seat::White,
                kind: Kind::RR
            })
            .place,
        Place::Out
    );
    assert_eq!(game2.limit(Seat::White), 1);
    // Both flipped chips stay flipped, known to both, and Black may not flip them back.
    let white = game2.view(Viewer::Seat(Seat::White));
    let d6 = white.chips.iter().find(|c| c.square == sq("d6")).unwrap();
    assert_eq!((d6.up, d6.down, d6.public), (Face::N, Some(Face::B), true));
    assert_eq!(
        game2.view(Viewer::Seat(Seat::Black)).no_flip,
        vec![sq("d6"), sq("e6")]
    );
    assert!(
        refusal(&game2, Seat::Black, "d9-d8 flip e6")
            .to_string()
            .contains("White flipped or dropped")
    );
    // The forfeit may be a true chip in hand.
    let game3 = play(&game, Seat::White, "memory d6 e6 forfeit bb");
    assert_eq!(
        game3
            .chip(ChipId {
                seat: Seat::White,
                kind: Kind::BB
            })
            .place,
        Place::Out
    );
    // Off by default.
    let off = arrange("", Seat::White, "d1=R/R c4=N/B", black);
    assert!(
        refusal(&off, Seat::White, "memory d6 e6 forfeit d1")
            .to_string()
            .contains("memory-flips=off")
    );
}

#[test]
fn a_memory_flip_may_name_the_chips_the_opponent_just_flipped() {
    let mut game = arrange(
        "memory-flips=on",
        Seat::White,
        "d1=R/R c4=N/B",
        "d9=r/r d6=b/n e6=p/r",
    );
    game.touched[1] = vec![ChipId {
        seat: Seat::Black,
        kind: Kind::NB,
    }];
    assert!(
        refusal(&game, Seat::White, "c4-e3 flip d6")
            .to_string()
            .contains("Black flipped or dropped")
    );
    play(&game, Seat::White, "memory d6 e6 forfeit d1");
}

#[test]
fn with_memory_on_a_forfeit_that_is_not_true_is_still_refused() {
    let game = arrange(
        "memory=on memory-flips=on",
        Seat::White,
        "d1=R/R c4=N/B",
        "d9=r/r d6=b/n e6=p/r",
    );
    assert!(
        game.view(Viewer::Seat(Seat::White))
            .chips
            .iter()
            .all(|c| c.down.is_none())
    );
    assert!(
        refusal(&game, Seat::White, "memory d6 e6 forfeit c4")
            .to_string()
            .contains("not a true chip")
    );
}

#[test]
fn there_is_no_automatic_draw() {
    let mut game = arrange("", Seat::White, "d1=R/R", "d9=r/r");
    for _ in 0..60 {
        game = play(&game, Seat::White, "d1-d2 flip d2");
        game = play(&game, Seat::Black, "d9-d8 flip d8");
        game = play(&game, Seat::White, "d2-d1 flip d1");
        game = play(&game, Seat::Black, "d8-d9 flip d9");
    }
    assert_eq!(game.status().owes(Seat::White), Some(Duty::Move));
}
