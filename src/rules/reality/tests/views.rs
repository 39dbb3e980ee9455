//! What each viewer sees: seats, spectators, the host, memory=on, the archive.

use super::*;
use crate::rules::reality::board::Face;
use crate::rules::{Cell, Entropy, View, Viewer};

#[test]
fn each_seat_sees_its_own_down_faces_and_only_the_up_faces_of_the_other() {
    let game = started("");
    for seat in Seat::BOTH {
        let view = game.view(Viewer::Seat(seat));
        for chip in &view.chips {
            assert_eq!(chip.down.is_some(), chip.owner == seat, "{chip:?}");
        }
        assert_eq!(
            view.hands[seat.index()].chips.as_ref().map(Vec::len),
            Some(1)
        );
        assert_eq!(view.hands[seat.other().index()].chips, None);
        assert_eq!(view.hands[seat.other().index()].count, 1);
        assert_eq!(view.limits, [Some(3), Some(3)]);
    }
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.chips.iter().all(|c| c.down.is_none()));
    assert!(spectator.hands.iter().all(|h| h.chips.is_none()));
    assert!(
        spectator
            .setups
            .iter()
            .all(|s| s.text.is_none() && s.commitment.is_some())
    );
    let history = spectator.history();
    assert!(
        history
            .iter()
            .all(|h| h.text.starts_with("setup (sealed; commitment")),
        "{history:?}"
    );
    let host = game.view(Viewer::Host);
    assert!(host.chips.iter().all(|c| c.down.is_some()));
    assert!(host.setups.iter().all(|s| s.salt.is_some()));
}

#[test]
fn the_diagram_labels_known_faces_and_draws_the_viewer_at_the_bottom() {
    let game = started("");
    let game = play(&game, Seat::White, "c3-c4");
    let game = play(&game, Seat::Black, "c7-c6 flip c4");
    let black = game.view(Viewer::Seat(Seat::Black)).present();
    let diagram = black.diagram.unwrap();
    assert_eq!(diagram.bottom, Seat::Black);
    let label = |name: &str| match diagram.cell(sq(name)) {
        Cell::Piece { label, .. } => label.clone(),
        other => format!("{other:?}"),
    };
    assert_eq!(label("d1"), "R");
    assert_eq!(label("c4"), "N/P");
    assert_eq!(label("d9"), "r/r");
    assert_eq!(label("c6"), "p/n");
    assert_eq!(label("a1"), "Missing");
    assert_eq!(label("a4"), "Empty");
    // The picture's figures carry the same knowledge as the labels: White's
    // rook on d1 has its down face hidden from Black, the chip shown on c4
    // and Black's own do not.
    use crate::rules::Figure;
    use crate::rules::presentation::Role;
    let figure = |name: &str| match diagram.cell(sq(name)) {
        Cell::Piece { figure, .. } => *figure,
        other => panic!("{other:?}"),
    };
    let chip = |up, down| Figure::Chip { up, down };
    assert_eq!(figure("d1"), chip(Role::Rook, None));
    assert_eq!(figure("c4"), chip(Role::Knight, Some(Role::Pawn)));
    assert_eq!(figure("d9"), chip(Role::Rook, Some(Role::Rook)));
    assert_eq!(figure("c6"), chip(Role::Pawn, Some(Role::Knight)));
    assert_eq!(diagram.highlight, vec![sq("c7"), sq("c6"), sq("c4")]);
    assert!(
        black
            .facts
            .iter()
            .any(|f| f == "Shown to both sides: c4 N/P."),
        "{:?}",
        black.facts
    );
    assert!(
        black
            .facts
            .iter()
            .any(|f| f == "Black's hand: 1 chip (nr); limit 3."),
        "{:?}",
        black.facts
    );
    assert!(
        black
            .facts
            .iter()
            .any(|f| f.starts_with("Last: Black: c7-c6 flip c4 (c4 P->N)")),
        "{:?}",
        black.facts
    );
    let white = game.view(Viewer::Seat(Seat::White)).present();
    assert!(
        white
            .facts
            .iter()
            .any(|f| f == "Not to be flipped this turn: c4."),
        "{:?}",
        white.facts
    );
    assert!(
        white
            .facts
            .iter()
            .any(|f| f == "Black's hand: 1 chip; limit 3."),
        "{:?}",
        white.facts
    );
}

#[test]
fn with_memory_on_nobody_is_reminded_of_down_faces_or_moves_until_the_end() {
    let game = started("memory=on");
    let game = play(&game, Seat::White, "c3-c4");
    let game = play(&game, Seat::Black, "c7-c6 flip c4");
    for viewer in [
        Viewer::Seat(Seat::White),
        Viewer::Seat(Seat::Black),
        Viewer::Spectator,
    ] {
        let view = game.view(viewer);
        assert!(
            view.chips.iter().all(|c| c.down.is_none() && !c.public),
            "{viewer:?}"
        );
        assert!(view.history().is_empty(), "{viewer:?}");
    }
    // Your own hand you may still look at, and the latest turn's news is told.
    let white = game.view(Viewer::Seat(Seat::White));
    assert_eq!(
        white.reveals,
        vec!["Black: c7-c6 flip c4 (c4 P->N).".to_string()]
    );
    assert_eq!(white.hands[0].chips.as_ref().map(Vec::len), Some(1));
    assert!(
        !white
            .present()
            .facts
            .iter()
            .any(|f| f.starts_with("Shown to both sides"))
    );
    // The host and the archive see it all.
    assert!(
        game.view(Viewer::Host)
            .chips
            .iter()
            .all(|c| c.down.is_some())
    );
    assert_eq!(game.view(Viewer::Host).history().len(), 4);
}

#[test]
fn the_archive_of_a_finished_game_shows_everything_to_everyone() {
    let game = arrange(
        "memory=on",
        Seat::White,
        "c4=N/N d1=R/R hand=PB",
        "d6=b/b d9=n/r hand=pr",
    );
    let game = play(&game, Seat::White, "c4xd6 check!");
    assert!(game.outcome.is_some());
    for viewer in [Viewer::Seat(Seat::Black), Viewer::Spectator] {
        let view = game.view(viewer);
        assert!(view.chips.iter().all(|c| c.down.is_some()));
        assert!(view.hands.iter().all(|h| h.chips.is_some()));
        assert_eq!(view.history().len(), 1);
    }
    let black = game.view(Viewer::Seat(Seat::Black));
    let d9 = black.chips.iter().find(|c| c.square == sq("d9")).unwrap();
    assert_eq!(d9.down, Some(Face::R));
}

#[test]
fn refusals_speak_only_of_what_the_sender_may_know() {
    // White's knight on c4 faces a Black chip showing b whose down face is
    // hidden; nothing White is told depends on it.
    let hidden_r = arrange(
        "memory-flips=on",
        Seat::White,
        "c4=N/B d1=R/R",
        "d6=b/r d5=p/n d9=r/r",
    );
    let hidden_n = arrange(
        "memory-flips=on",
        Seat::White,
        "c4=N/B d1=R/R",
        "d6=b/n d5=p/r d9=r/r",
    );
    for text in [
        "c4xd5",
        "c4-d6 flip d1",
        "d6xc4",
        "c4xd6 check",
        "memory d6 d5 forfeit c4",
        "memory d6 d5 forfeit d9",
        "flip d6",
        "keep",
        "drop B/N d2",
        "c4-b6 flip d7",
    ] {
        assert_eq!(
            hidden_r.parse_action(Seat::White, text),
            hidden_n.parse_action(Seat::White, text),
            "{text}"
        );
        let Err(err) = hidden_r.parse_action(Seat::White, text) else {
            continue;
        };
        let err = err.to_string();
        assert!(
            !err.to_lowercase().contains("rook") && !err.contains("/r"),
            "{text}: {err}"
        );
    }
}

/// The setups are news of the notices that carry them, not of a turn:
/// once both are in, no view repeats them as "Last:" lines. A turn's news
/// is.
#[test]
fn the_setup_news_is_not_repeated_as_the_last_turn() {
    let game = new_game("");
    let game = play(&game, Seat::White, fixed_setup(Seat::White));
    let action = game
        .parse_action(Seat::Black, fixed_setup(Seat::Black))
        .unwrap();
    let applied = game
        .apply(Seat::Black, &action, &mut Entropy::new([2; 32], 1))
        .unwrap();
    assert!(
        applied
            .events
            .iter()
            .any(|e| e.text.starts_with("Both setups are in")),
        "the notice tells it"
    );
    let game = applied.state;
    for viewer in [
        Viewer::Seat(Seat::White),
        Viewer::Seat(Seat::Black),
        Viewer::Spectator,
        Viewer::Host,
    ] {
        let view = game.view(viewer);
        assert!(view.reveals.is_empty(), "{viewer:?}: {:?}", view.reveals);
        let facts = view.present().facts;
        assert!(
            !facts.iter().any(|f| f.starts_with("Last:")),
            "{viewer:?}: {facts:?}"
        );
    }
    let game = play(&game, Seat::White, "c3-c4");
    let facts = game.view(Viewer::Seat(Seat::Black)).present().facts;
    assert!(
        facts.contains(&"Last: White: c3-c4.".to_string()),
        "{facts:?}"
    );
}

/// A line told to one seat reaches only that seat: not the opponent, not
/// a spectator, not the host's view or the archive, not even once the
/// game is over.
#[test]
fn a_line_told_to_one_seat_never_reaches_another() {
    let game = arrange(
        "",
        Seat::Black,
        "c4=N/B d1=R/R e2=N/N c2=P/P",
        "d5=p/n d9=r/r",
    );
    let game = play(&game, Seat::Black, "d5xc4");
    let private = "Your chip N/B from c4 is in your hand.";
    assert!(
        game.view(Viewer::Seat(Seat::White))
            .reveals
            .contains(&private.to_string())
    );
    let mut finished = game.clone();
    finished.outcome = Some(crate::rules::Outcome::win(
        Seat::Black,
        crate::rules::Ending::Resigned(Seat::White),
    ));
    for (game, viewer) in [
        (&game, Viewer::Seat(Seat::Black)),
        (&game, Viewer::Spectator),
        (&game, Viewer::Host),
        (&finished, Viewer::Seat(Seat::Black)),
        (&finished, Viewer::Spectator),
    ] {
        let view = game.view(viewer);
        assert!(
            view.reveals.iter().all(|r| !r.starts_with("Your")),
            "{viewer:?}: {:?}",
            view.reveals
        );
        assert!(view.reveals.iter().any(|r| r.starts_with("Black: d5xc4")));
    }
    assert!(
        game.archive()
            .reveals
            .iter()
            .all(|r| !r.starts_with("Your"))
    );
    assert!(
        finished
            .view(Viewer::Seat(Seat::White))
            .reveals
            .contains(&private.to_string())
    );
}

/// The archive of a match that ended outside the rules (a resignation
/// right after the setups) shows both setups as revealed, not sealed; the
/// host's view of a game in play still marks them sealed.
#[test]
fn the_archive_shows_the_setups_revealed() {
    let game = started("");
    let host = game.view(Viewer::Host).present().facts;
    assert!(
        host.iter()
            .any(|f| f.starts_with("White's setup (sealed): ")),
        "{host:?}"
    );
    let archive = game.archive();
    let facts = archive.present().facts;
    for seat in ["White", "Black"] {
        assert!(
            facts
                .iter()
                .any(|f| f.starts_with(&format!("{seat}'s setup was: ")) && f.contains("(salt ")),
            "{facts:?}"
        );
    }
    assert!(!facts.iter().any(|f| f.contains("sealed")), "{facts:?}");
    assert!(archive.chips.iter().all(|c| c.down.is_some()));
    assert!(archive.hands.iter().all(|h| h.chips.is_some()));
    assert_eq!(facts[0], "Play stopped at move 1, with White to play.");
}

/// A side with no true chip left has no hand limit to show.
#[test]
fn a_side_with_no_true_chip_left_shows_no_limit() {
    let game = arrange(
        "",
        Seat::White,
        "c4=N/N d1=R/R hand=PB",
        "d6=b/b d9=n/r hand=pr",
    );
    assert_eq!(
        game.view(Viewer::Seat(Seat::Black)).limits,
        [Some(1), Some(0)]
    );
    let game = play(&game, Seat::White, "c4xd6 check!");
    assert!(game.outcome.is_some());
    let view = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(view.limits, [Some(1), None]);
    let facts = view.present().facts;
    assert!(
        facts.contains(&"Black's hand: 1 chip (pr); no true chip left.".to_string()),
        "{facts:?}"
    );
    assert!(facts.contains(&"White's hand: 1 chip (PB); limit 1.".to_string()));
}

/// The rules page says what these views and refusals do.
#[test]
fn the_rules_page_states_it() {
    let page = RealityCheck::rules_page();
    for line in [
        "A Reality Check is never declared on your own\n   chip (not even with retreat=on); the referee refuses it.",
        "(\"Last:\", from White's first move on: the setups are told in their own\nmails)",
        "shown to that player only",
        "the setups as revealed",
        "- A side with no true chip left has lost, and has no hand limit",
        "The host may set a clock of so many days per move",
    ] {
        assert!(page.contains(line), "{line}");
    }
    assert!(!page.contains("There is no clock"));
    // The refusal the page promises, with retreat=on and without.
    for opts in ["", "retreat=on"] {
        let game = arrange(opts, Seat::White, "c4=N/N d6=B/R d1=R/R", "d9=r/r");
        assert!(
            refusal(&game, Seat::White, "c4xd6 check!")
                .to_string()
                .contains("never declared on your own chip"),
            "{opts}"
        );
    }
}
