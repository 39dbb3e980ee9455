//! The dice variant: rolls from the committed entropy, flips that meet them.

use super::*;
use crate::rules::reality::board::{ChipId, Face, Kind};
use crate::rules::{Duty, Viewer};

/// An entropy stream whose first rolls are `dice`.
fn rolling(dice: &[u8]) -> Entropy {
    (0..100_000u64)
        .map(|stream| Entropy::new([7; 32], stream))
        .find(|e| {
            let mut probe = e.clone();
            dice.iter().all(|d| probe.die() == *d)
        })
        .expect("some stream rolls these dice")
}

fn roll(game: &RealityCheck, text: &str, dice: &[u8]) -> (RealityCheck, Vec<crate::rules::Event>) {
    let action = game
        .parse_action(game.side, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let applied = game.apply(game.side, &action, &mut rolling(dice)).unwrap();
    (applied.state, applied.events)
}

fn dice_game(dice: u8) -> RealityCheck {
    arrange(
        &format!("dice={dice}"),
        Seat::White,
        "d4=N/R d1=R/R",
        "d9=r/r e6=b/p",
    )
}

#[test]
fn each_die_asks_for_its_own_kind_of_chip() {
    let game = dice_game(1);
    assert!(
        refusal(&game, Seat::White, "d4-b5 flip d1")
            .to_string()
            .contains("with dice")
    );
    // 1: nothing shows P, no flip; 2: only the moved knight; 3: only e6.
    let (after, events) = roll(&game, "d4-b5", &[1]);
    assert_eq!(after.side, Seat::Black);
    assert!(
        events[0].text.contains("rolls 1") && events[0].text.contains("no chip qualifies"),
        "{}",
        events[0].text
    );
    let (after, _) = roll(&game, "d4-b5", &[2]);
    assert_eq!(
        after
            .chip(ChipId {
                seat: Seat::White,
                kind: Kind::NR
            })
            .up,
        Face::R
    );
    assert_eq!(after.side, Seat::Black);
    let (after, events) = roll(&game, "d4-b5", &[3]);
    assert_eq!(
        after
            .chip(ChipId {
                seat: Seat::Black,
                kind: Kind::PB
            })
            .up,
        Face::P
    );
    assert!(
        events[0].text.contains("only e6 qualifies"),
        "{}",
        events[0].text
    );
    assert!(events[0].audience.includes(Viewer::Spectator));
    // 4, 5, 6: two chips qualify each time; White is asked.
    for (die, squares) in [(4, ["d1", "d9"]), (5, ["d1", "b5"]), (6, ["e6", "d9"])] {
        let (after, _) = roll(&game, "d4-b5", &[die]);
        assert_eq!(after.side, Seat::White);
        assert_eq!(after.status().owes(Seat::White), Some(Duty::Decision));
        let mut expected: Vec<String> = squares.iter().map(|s| format!("flip {s}")).collect();
        expected.sort_by_key(|t| {
            let s = sq(&t[5..]);
            (s.rank(), s.file())
        });
        assert_eq!(notations(&after, Seat::White), expected, "die {die}");
    }
}

#[test]
fn the_mover_chooses_among_several_and_nothing_else_is_accepted_meanwhile() {
    let (game, _) = roll(&dice_game(1), "d4-b5", &[6]);
    let view = game.view(Viewer::Seat(Seat::White));
    assert_eq!(
        view.roll.as_ref().map(|r| r.candidates.clone()),
        Some(vec![sq("e6"), sq("d9")])
    );
    assert!(crate::rules::View::present(&view).facts[0].contains("flip for the die 6"));
    assert!(game.position().ends_with(" roll:6"), "{}", game.position());
    assert_eq!(at(&game.position(), "dice=1").position(), game.position());
    assert!(matches!(
        refusal(&game, Seat::White, "b5-c3"),
        ActionError::NotYourTurn(_)
    ));
    assert!(matches!(
        refusal(&game, Seat::Black, "flip e6"),
        ActionError::NotYourTurn(_)
    ));
    assert!(
        refusal(&game, Seat::White, "flip d1")
            .to_string()
            .contains("any of Black's chips")
    );
    let game = play(&game, Seat::White, "flip e6");
    assert_eq!(game.side, Seat::Black);
    assert_eq!(
        game.chip(ChipId {
            seat: Seat::Black,
            kind: Kind::PB
        })
        .up,
        Face::P
    );
    // Black may not flip it back with its own roll.
    let (after, _) = roll(&game, "d9-d8", &[2]);
    assert_eq!(
        after
            .chip(ChipId {
                seat: Seat::Black,
                kind: Kind::PB
            })
            .up,
        Face::P
    );
}

#[test]
fn a_chip_the_opponent_just_flipped_does_not_qualify() {
    let mut game = dice_game(1);
    game.touched[1] = vec![ChipId {
        seat: Seat::Black,
        kind: Kind::PB,
    }];
    let (after, events) = roll(&game, "d4-b5", &[3]);
    assert_eq!(
        after
            .chip(ChipId {
                seat: Seat::Black,
                kind: Kind::PB
            })
            .up,
        Face::B
    );
    assert!(events[0].text.contains("no chip qualifies"));
}

#[test]
fn two_dice_are_met_in_order_by_two_different_chips() {
    let game = dice_game(2);
    // 4 then 4: White picks d1 for the first; the second can only be d9.
    let (after, events) = roll(&game, "d4-b5", &[4, 4]);
    assert!(
        events[0].text.contains("rolls 4 and 4"),
        "{}",
        events[0].text
    );
    assert_eq!(notations(&after, Seat::White), vec!["flip d1", "flip d9"]);
    let applied = after
        .apply(
            Seat::White,
            &Action::Flip { square: sq("d1") },
            &mut Entropy::for_perft(),
        )
        .unwrap();
    assert!(
        applied.events[0].text.contains("only d9 qualifies"),
        "{}",
        applied.events[0].text
    );
    assert_eq!(applied.state.side, Seat::Black);
    assert!(
        applied
            .state
            .chip(ChipId {
                seat: Seat::Black,
                kind: Kind::RR
            })
            .public
    );
    // 2 then 2: the knight is flipped for the first (now R up); none for the second.
    let (after, events) = roll(&game, "d4-b5", &[2, 2]);
    assert_eq!(
        after
            .chip(ChipId {
                seat: Seat::White,
                kind: Kind::NR
            })
            .up,
        Face::R
    );
    assert!(
        events[0].text.contains("2: no chip qualifies"),
        "{}",
        events[0].text
    );
    // 5 then 4: the second die is judged after the first flip.
    let (after, _) = roll(&game, "d4-b5", &[5, 4]);
    let after = play(&after, Seat::White, "flip b5");
    assert_eq!(
        after.side,
        Seat::White,
        "b5 now shows R: d1, d9 and b5 were candidates, b5 already flipped"
    );
    assert_eq!(notations(&after, Seat::White), vec!["flip d1", "flip d9"]);
    assert!(
        after.position().ends_with(" roll:4@b5"),
        "{}",
        after.position()
    );
    assert_eq!(at(&after.position(), "dice=2").position(), after.position());
}
