//! Options, the sealed setup and its commitments.

use super::*;
use crate::rules::entropy::commitment;
use crate::rules::{Duty, OptionError, Status, View, Viewer};

#[test]
fn options_have_defaults_and_refuse_what_they_do_not_know() {
    let game = new_game("");
    let s = game.settings();
    assert_eq!(
        (s.memory, s.retreat, s.memory_flips, s.free, s.dice),
        (false, false, false, false, 0)
    );
    let game = new_game("board=advanced memory=on retreat=on memory-flips=on dice=2");
    let s = game.settings();
    assert!(s.free && s.memory && s.retreat && s.memory_flips && s.dice == 2);
    let bad =
        |text: &str| RealityCheck::new(&options(text), &mut Entropy::new([0; 32], 0)).unwrap_err();
    assert!(matches!(bad("dice=3"), OptionError::BadValue { .. }));
    assert!(matches!(bad("colour=red"), OptionError::Unknown { .. }));
    // Settled: the advanced board has no diagram, so no fixed setup.
    assert!(matches!(
        bad("board=advanced setup=fixed"),
        OptionError::BadValue { .. }
    ));
}

#[test]
fn both_seats_owe_a_sealed_setup_and_nothing_else_is_accepted() {
    let game = new_game("");
    assert_eq!(game.status().owes(Seat::White), Some(Duty::Sealed));
    assert_eq!(game.status().owes(Seat::Black), Some(Duty::Sealed));
    assert!(matches!(
        refusal(&game, Seat::White, "c3-c4"),
        ActionError::NotYourTurn(_)
    ));
    // No setup is listed: there are far too many (documented).
    assert!(game.legal_actions(Seat::White).is_empty());
    let game = play(&game, Seat::Black, fixed_setup(Seat::Black));
    assert_eq!(
        game.status(),
        Status::Ongoing(vec![crate::rules::Due {
            seat: Seat::White,
            duty: Duty::Sealed
        }])
    );
    assert!(matches!(
        refusal(&game, Seat::Black, fixed_setup(Seat::Black)),
        ActionError::NotYourTurn(_)
    ));
}

#[test]
fn a_fixed_setup_must_match_the_diagram() {
    let game = new_game("");
    let wrong_face = "setup d1=N/R c2=R/R d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NB";
    assert!(
        refusal(&game, Seat::White, wrong_face)
            .to_string()
            .contains("must show")
    );
    let twice = "setup d1=R/R c2=N/B d2=B/B e2=N/B b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR";
    assert!(
        refusal(&game, Seat::White, twice)
            .to_string()
            .contains("twice")
    );
    let black_squares = fixed_setup(Seat::Black);
    assert!(
        refusal(&game, Seat::White, black_squares)
            .to_string()
            .contains("home square")
    );
    assert!(matches!(
        refusal(&game, Seat::White, "setup d1=R/R hand"),
        ActionError::Syntax { .. }
    ));
    // Order and separators are free.
    let shuffled = "setup hand=rn, f3=p/b e3=P/R,d3=B/R c3=P/N b3=P/P e2=N/N d2=B/B c2=N/B d1=R/R";
    play(&game, Seat::White, shuffled);
}

#[test]
fn a_free_setup_stays_in_the_half_or_the_zone() {
    let game = new_game("setup=free");
    let on_rank_four =
        "setup a4=R/R b4=N/B c4=B/B d4=N/N e4=P/P f4=P/N g4=B/R d1=P/R c2=P/B hand=NR";
    let white = play(&game, Seat::White, on_rank_four);
    let across = "setup a5=R/R b4=N/B c4=B/B d4=N/N e4=P/P f4=P/N g4=B/R d1=P/R c2=P/B hand=NR";
    assert!(
        refusal(&game, Seat::White, across)
            .to_string()
            .contains("your half")
    );
    let black = "setup a6=r/r b6=n/b c6=b/b d6=n/n e6=p/p f6=p/n g6=b/r d9=p/r c8=p/b hand=nr";
    let game = play(&white, Seat::Black, black);
    // Settled by the rulings: drops go to the squares set up on.
    assert_eq!(game.drops[0].len(), 9);
    assert!(game.drops[0].contains(&crate::rules::geometry::Square::parse("a4").unwrap()));
    let advanced = new_game("board=advanced");
    let out_of_zone =
        "setup d1=R/R e1=N/B f1=B/B g1=N/N e2=P/P f2=P/N g2=B/R f3=P/R a1=P/B hand=NR";
    assert!(
        refusal(&advanced, Seat::White, out_of_zone)
            .to_string()
            .contains("your zone")
    );
    play(
        &advanced,
        Seat::White,
        "setup d1=R/R e1=N/B f1=B/B g1=N/N e2=P/P f2=P/N g2=B/R f3=P/R g4=P/B hand=NR",
    );
}

#[test]
fn the_first_setup_stays_sealed_and_both_commitments_are_told() {
    let game = new_game("");
    let mut entropy = Entropy::new([5; 32], 0);
    let action = game
        .parse_action(Seat::White, fixed_setup(Seat::White))
        .unwrap();
    let applied = game.apply(Seat::White, &action, &mut entropy).unwrap();
    let sealed = applied.state.setups[0].clone().unwrap();
    let text = "d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR";
    assert_eq!(sealed.setup.text(), text);
    assert_eq!(sealed.commitment, commitment(text, &sealed.salt));
    // The salt comes from the entropy passed in.
    assert_eq!(sealed.salt, Entropy::new([5; 32], 0).salt());
    // Black learns that White's setup is in and its commitment, nothing more.
    let public: Vec<_> = applied
        .events
        .iter()
        .filter(|e| e.audience.includes(Viewer::Seat(Seat::Black)))
        .collect();
    assert_eq!(public.len(), 1);
    assert_eq!(
        public[0].text,
        format!("White's setup is in (commitment {}).", sealed.commitment)
    );
    let black = applied.state.view(Viewer::Seat(Seat::Black));
    assert!(black.chips.is_empty());
    assert_eq!(black.setups[0].text, None);
    assert_eq!(
        black.setups[0].commitment.as_deref(),
        Some(sealed.commitment.as_str())
    );
    let json = serde_json::to_string(&black).unwrap();
    assert!(
        !json.contains("R/R") && !json.contains(&sealed.salt),
        "{json}"
    );
    let black_history = black.history();
    assert_eq!(
        black_history[0].text,
        format!("setup (sealed; commitment {})", sealed.commitment)
    );
    let facts = black.present().facts;
    assert!(
        facts[0].starts_with("Setup: White's setup is in (commitment"),
        "{facts:?}"
    );
    assert!(!facts.iter().any(|f| f.contains("hand")), "{facts:?}");
    // White sees its own sealed setup.
    let white = applied.state.view(Viewer::Seat(Seat::White));
    assert_eq!(white.setups[0].text.as_deref(), Some(text));
    // When Black's arrives, both commitments are told to both, and the up faces appear.
    let done = applied
        .state
        .apply(
            Seat::Black,
            &game
                .parse_action(Seat::Black, fixed_setup(Seat::Black))
                .unwrap(),
            &mut entropy,
        )
        .unwrap();
    let start = done
        .events
        .iter()
        .find(|e| e.text.starts_with("Both setups are in"))
        .unwrap();
    assert!(start.audience.includes(Viewer::Spectator));
    assert!(start.text.contains(&sealed.commitment));
    assert!(
        start
            .text
            .contains(&done.state.setups[1].as_ref().unwrap().commitment)
    );
    assert_eq!(done.state.view(Viewer::Seat(Seat::Black)).chips.len(), 18);
    assert_eq!(done.state.status().owes(Seat::White), Some(Duty::Move));
}

#[test]
fn setups_and_salts_are_revealed_when_the_game_ends() {
    let game = started("");
    let salt = game.setups[1].as_ref().unwrap().salt.clone();
    let spectator = serde_json::to_string(&game.view(Viewer::Spectator)).unwrap();
    assert!(!spectator.contains(&salt));
    // Play to an end quickly from this state: Black's true chips all leave.
    let mut over = game.clone();
    for kind in [
        super::super::board::Kind::PP,
        super::super::board::Kind::NN,
        super::super::board::Kind::BB,
        super::super::board::Kind::RR,
    ] {
        over.chip_mut(super::super::board::ChipId {
            seat: Seat::Black,
            kind,
        })
        .place = super::super::board::Place::Out;
    }
    over.conclude();
    let view = over.view(Viewer::Spectator);
    assert!(view.status.is_finished());
    assert_eq!(view.setups[1].salt.as_deref(), Some(salt.as_str()));
    assert!(view.setups[0].text.is_some());
    assert!(view.chips.iter().all(|c| c.down.is_some()));
    assert!(view.hands.iter().all(|h| h.chips.is_some()));
}
