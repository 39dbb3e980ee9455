//! The game through the `Game` trait: registration, reading and writing
//! turns, refusals, views, storage, draws.

use super::{Table, cross8, sq};
use crate::games::GameInfo;
use crate::render::{diagram, picture};
use crate::rules::reflection::{ReflectionAction, ReflectionTeammate};
use crate::rules::{
    ActionError, AnyGame, Cell, DrawRule, Ending, Game, GameResult, Options, Seat, Status, View,
    Viewer,
};

#[test]
fn the_game_is_registered_with_its_options_and_rules() {
    let info = GameInfo::find("Reflection-Teammate").expect("registered");
    assert_eq!(info.title, "Reflection Teammate");
    assert_eq!(
        info.options,
        [
            "setup",
            "symmetry",
            "capture-reflection",
            "win",
            "queen-promotion"
        ]
    );
    let page = (info.rules_page)();
    for n in 1..=41 {
        assert!(
            page.contains(&format!("\n[{n}] ")),
            "ruling [{n}] is on the page"
        );
    }
    // Each ruling has its test: its number is in a test's doc comment.
    let sources = [
        include_str!("rules.rs"),
        include_str!("rules_end.rs"),
        include_str!("rules_two_boards.rs"),
    ];
    let docs: Vec<&str> = sources
        .iter()
        .flat_map(|s| s.lines())
        .filter(|l| l.trim_start().starts_with("///") || l.trim_start().starts_with("//"))
        .collect();
    for n in 1..=41 {
        let tag = format!("[{n}]");
        assert!(
            docs.iter().any(|l| l.contains(&tag)),
            "ruling {tag} has a test"
        );
    }
    for line in page.lines().filter(|l| l.starts_with('[')) {
        assert!(line.len() > 40, "one whole ruling a line: {line}");
    }
    let bad = Options::parse(["setup=cross10"]).unwrap();
    let err = (info.new)(&bad, &mut crate::rules::Entropy::for_perft())
        .err()
        .unwrap();
    assert!(
        err.to_string()
            .contains("cross14|cross12|cross8|halves|two-boards"),
        "{err}"
    );
}

#[test]
fn every_legal_turn_reads_back_from_its_notation() {
    for words in [
        &["setup=cross14"][..],
        &["setup=cross12", "symmetry=reverse"],
        &["setup=cross8"],
        &["setup=halves"],
        &["setup=two-boards"],
    ] {
        let t = Table::new(words);
        let seat = t.turn();
        for action in t.game.legal_actions(seat) {
            let text = t.game.notation(seat, &action);
            assert_eq!(
                t.game.parse_action(seat, &text),
                Ok(action),
                "{words:?} {text}"
            );
        }
    }
}

#[test]
fn a_turn_is_read_in_every_form() {
    let t = Table::new(&["setup=cross8"]);
    let turn = t
        .game
        .parse_action(Seat::White, "N c1-d3, N c8-d6")
        .unwrap();
    for text in [
        "N c1-d3, N c8-d6",
        "N c8-d6, N c1-d3",
        "Nd3, Nd6",
        "c1d3 c8d6",
        "c1-d3; c8-d6",
        "Nc1-d3 Nc8-d6",
        "N c1-d3",
        "Nd6",
        "  n c1-d3 and n c8-d6 ",
    ] {
        assert_eq!(t.game.parse_action(Seat::White, text), Ok(turn), "{text}");
    }
    assert_eq!(
        t.game.notation(Seat::White, &turn),
        "N c1-d3, N c8-d6",
        "the text's form, the South army's move first"
    );
    // Syntax, ambiguity and refusals are different answers.
    assert!(matches!(t.refuse("hello"), ActionError::Syntax { .. }));
    assert!(matches!(t.refuse("e4 e5 d4"), ActionError::Syntax { .. }));
    // A pawn's push alone: its reflection completes it.
    let push = t.game.parse_action(Seat::White, "c3").unwrap();
    assert_eq!(t.game.notation(Seat::White, &push), "P c2-c3, P c7-c6");
}

#[test]
fn refusals_say_which_move_failed_and_why() {
    let t = Table::new(&["setup=cross8"]);
    let reason = t.reason("N c1-d3, N c8-d5");
    assert!(
        reason.starts_with("Second move (N c8-d5)") && reason.contains("reflected move N c8-d6"),
        "{reason}"
    );
    let reason = t.reason("N c1-e2, N c8-e7");
    assert!(reason.starts_with("First move (N c1-e2)"), "{reason}");
    let reason = t.reason("B d1-c2");
    assert!(
        reason.contains("bishop on d1 cannot move to c2"),
        "{reason}"
    );
    let reason = t.reason("Q d1-d2");
    assert!(reason.contains("You have no queen"), "{reason}");
    // The legal turns of the piece named come with the refusal.
    match t.refuse("N c1-b3") {
        ActionError::Illegal { reason, hint } => {
            assert!(reason.contains("home zone"), "{reason}");
            assert_eq!(
                hint.as_deref(),
                Some("Legal turns with your knight on c1: N c1-d3, N c8-d6.")
            );
        }
        other => panic!("{other:?}"),
    }
    // Out of turn, and after the end.
    assert!(matches!(
        t.game.parse_action(Seat::Black, "N h3-f4"),
        Err(ActionError::NotYourTurn(_))
    ));
}

/// An `x` on a move that captures nothing is named as the fault, the
/// second move's too.
#[test]
fn a_capture_mark_on_a_move_that_captures_nothing_is_the_refusal() {
    let t = cross8("w", &[("d3", "R"), ("d6", "R'"), ("c3", "n*")]);
    let reason = t.reason("R d3xc3, R d6xc6");
    assert!(
        reason.starts_with(
            "Second move (R d6xc6): there is nothing to capture on c6, so the reflected move is \
             written without x: R d6-c6. Legal turns with your rook on d3: "
        ),
        "{reason}"
    );
    let reason = t.reason("R d3xd4, R d6xd5");
    assert!(
        reason.starts_with("First move (R d3xd4): There is nothing to capture on d4."),
        "{reason}"
    );
    let mut ok = cross8("w", &[("d3", "R"), ("d6", "R'"), ("c3", "n*")]);
    ok.play("R d3xc3, R d6-c6");
}

/// A reflection that cannot make the reflected move is told why: a piece
/// of one's own on its target, a piece in its way.
#[test]
fn a_blocked_reflection_is_told_why() {
    let t = cross8("w", &[("e3", "N"), ("e6", "N'"), ("d4", "P*")]);
    let reason = t.reason("N e3-d5");
    assert!(
        reason.starts_with(
            "Your knight on e3 moves with its reflection, which cannot make the reflected move \
             N e6-d4: d4 holds your own pawn. Legal turns with your knight on e3: "
        ),
        "{reason}"
    );
    let t = cross8("w", &[("c2", "R"), ("c7", "R'"), ("c6", "n*")]);
    for text in ["R c2-c4", "R c2-c4, R c7-c5"] {
        let reason = t.reason(text);
        assert!(
            reason.contains("reflected move R c7-c5: the knight on c6 stands in the way."),
            "{reason}"
        );
    }
}

/// On two boards, the board-2 move a refusal names is written as it is: a
/// straight pawn step onto a piece is no capture, and it says why it fails.
#[test]
fn two_boards_refusals_write_the_partner_move_as_it_is() {
    let t = Table::from(
        &["setup=two-boards"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | \
         rnbqkb1r/pppppppp/8/8/8/5n2/PPPPPPPP/RNBKQBNR w a1,d1,h1,a8,e8,h8 - 0 1",
    );
    let reason = t.reason("c3");
    assert!(
        reason
            .contains("(P f2-f3) is not legal: a pawn captures only diagonally, and f3 is taken."),
        "{reason}"
    );
    assert!(!reason.contains("f2xf3"), "{reason}");
}

#[test]
fn two_boards_refusals_name_the_board() {
    let t = Table::new(&["setup=two-boards"]);
    assert_eq!(
        t.game.notation(
            Seat::White,
            &t.game.parse_action(Seat::White, "Nf3").unwrap()
        ),
        "N g1-f3, N b1-c3"
    );
    let reason = t.reason("Nf3, Nf3");
    assert!(
        reason.contains("On board 2 you must play the mirror image") && reason.contains("N b1-c3"),
        "{reason}"
    );
    let reason = t.reason("Nf4");
    assert!(reason.starts_with("On board 1:"), "{reason}");
    let reason = t.reason("e4, Nc3");
    assert!(reason.contains("On board 2 you must play"), "{reason}");
}

#[test]
fn the_state_is_stored_as_strings_and_read_back() {
    let mut t = Table::new(&["setup=cross12", "capture-reflection=on"]);
    t.play("P e2-e4, P e11-e9").play("N a4-c5, N l4-j5");
    let json = AnyGame::to_json(&t.game);
    let text = json.to_string();
    assert!(
        text.contains("\"setup\"") || text.contains("cross12"),
        "{text}"
    );
    let back: ReflectionTeammate = serde_json::from_value(json).unwrap();
    assert_eq!(back, t.game);
    // A stored position that is not valid is refused, not half-loaded.
    let mut broken = AnyGame::to_json(&t.game);
    broken["position"] = serde_json::Value::String("8/8 w - - 0 1".into());
    assert!(serde_json::from_value::<ReflectionTeammate>(broken).is_err());
}

/// A halves game stored while castling could still be written as FEN's
/// letters (`Kk`: Black's kings and rooks on e1, h1, e8 and h8) loads, and
/// is written with squares from then on.
#[test]
fn a_halves_game_stored_with_castling_letters_loads() {
    let kings = [("d1", "K"), ("d8", "K'"), ("e1", "k"), ("e8", "k'")];
    let rooks = [("h1", "r"), ("h8", "r'")];
    let t = super::place(
        &["setup=halves"],
        "w",
        &[&kings[..], &rooks[..]].concat(),
        "e1,h1,e8,h8",
        "-",
    );
    let mut stored = AnyGame::to_json(&t.game);
    for field in ["start", "position"] {
        let text = stored[field].as_str().unwrap().replace("e1,h1,e8,h8", "Kk");
        stored[field] = serde_json::Value::String(text);
    }
    let back: ReflectionTeammate = serde_json::from_value(stored).unwrap();
    assert_eq!(back, t.game);
    assert!(Game::position(&back).contains(" w e1,h1,e8,h8 - "));
}

#[test]
fn the_cross14_board_reads_in_a_fixed_width_font() {
    let t = Table::new(&["setup=cross14"]);
    let view = AnyGame::seat_view(&t.game, Seat::White).view().clone();
    let picture = view.presentation().diagram.as_ref().unwrap();
    let text = diagram::text(picture);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 16, "{text}");
    // Every cell takes the same width: the e-file's pieces stand in one
    // column, the cut corners are blank.
    assert_eq!(lines[0], "14           R' N' B' K' Q' B' N' R'");
    assert_eq!(lines[3], "11  r  p  .  .  .  .  .  .  .  .  .  .  p' r'");
    assert_eq!(lines[13], " 1           R  N  B  K  Q  B  N  R");
    assert_eq!(lines[15], "    a  b  c  d  e  f  g  h  i  j  k  l  m  n");
    let column = |line: &str, c: char| line.find(c);
    assert_eq!(column(lines[0], 'K'), column(lines[13], 'K'));
    assert!(picture.cell(sq("a1")) == &Cell::Missing && picture.cell(sq("c3")) == &Cell::Missing);
    let cross12 = Table::new(&["setup=cross12"]);
    let view = AnyGame::public_view(&cross12.game).view().clone();
    let text = diagram::text(view.presentation().diagram.as_ref().unwrap());
    assert!(
        text.starts_with("12        R' N' B' Q' K' B' N' R'\n"),
        "{text}"
    );
    assert!(
        view.presentation()
            .legend
            .iter()
            .any(|l| l.contains("reflections"))
    );
}

#[test]
fn the_picture_shows_every_setup_and_both_boards() {
    for words in [
        &["setup=cross14"][..],
        &["setup=cross12"],
        &["setup=cross8"],
        &["setup=halves"],
        &["setup=two-boards"],
    ] {
        let t = Table::new(words);
        let view = AnyGame::seat_view(&t.game, Seat::Black).view().clone();
        let diagram = view.presentation().diagram.as_ref().unwrap();
        let svg = picture::svg(diagram);
        // Four kings, two a side; the second army's marked where the text
        // primes them (K', k').
        let kings: Vec<(&String, &str)> = diagram
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                Cell::Piece { label, .. } if label.to_ascii_uppercase().starts_with('K') => {
                    Some((i, label))
                }
                _ => None,
            })
            .map(|(i, label)| {
                let square = crate::rules::geometry::Square::new(
                    (i % diagram.width as usize) as u8,
                    (i / diagram.width as usize) as u8,
                )
                .unwrap();
                (label, picture::drawn_on(&svg, &square.to_string()))
            })
            .collect();
        assert_eq!(kings.len(), 4, "{words:?}: four kings");
        for seat in ["#white-king", "#black-king"] {
            let drawn = kings.iter().filter(|(_, k)| k.contains(seat)).count();
            assert_eq!(drawn, 2, "{words:?}: two a side");
        }
        for (label, drawn) in &kings {
            assert_eq!(
                label.contains('\''),
                drawn.contains(picture::SECOND_ARMY_INK),
                "{words:?}: {label} drawn as {drawn}"
            );
        }
        if words == ["setup=two-boards"] {
            assert!(
                picture::fill_of(&svg, "p1").is_some(),
                "board 2 drawn on files i-p"
            );
            assert!(
                view.presentation()
                    .legend
                    .iter()
                    .any(|l| l.contains("board 2 on the right, each lettered a-h"))
            );
        }
    }
}

#[test]
fn the_view_tells_the_turn_the_last_turn_and_the_options() {
    let mut t = Table::new(&["setup=cross8"]);
    t.play("N c1-d3");
    assert_eq!(t.events, ["White played N c1-d3, N c8-d6"]);
    let view = Game::view(&t.game, Viewer::Spectator);
    let facts = view.present().facts;
    assert_eq!(facts[0], "Black to move");
    assert_eq!(facts[1], "Last turn: 1.N c1-d3, N c8-d6");
    assert!(facts.last().unwrap().starts_with("Options: "), "{facts:?}");
    assert!(facts.last().unwrap().contains("setup=cross8"));
    assert_eq!(view.history()[0].text, "N c1-d3, N c8-d6");
    let highlight = &view.present().diagram.unwrap().highlight;
    assert_eq!(highlight, &[sq("c1"), sq("d3"), sq("c8"), sq("d6")]);
}

#[test]
fn a_repetition_is_claimed_with_a_turn_or_after_it() {
    let mut t = Table::new(&["setup=cross8"]);
    let shuffle = ["N c1-d3", "N h3-f4", "N d3-c1", "N f4-h3"];
    for text in shuffle.iter().chain(&shuffle).take(7) {
        t.play(text);
    }
    // The eighth turn brings the start position back a third time.
    assert!(t.reason("claim draw").contains("There is no draw to claim"));
    let seat = t.turn();
    let claim = t.game.parse_action(seat, "N f4-h3 claim").unwrap();
    assert!(matches!(claim, ReflectionAction::TurnAndClaim(_)));
    assert!(t.game.legal_actions(seat).contains(&claim));
    t.play("N f4-h3");
    assert!(
        t.events
            .iter()
            .any(|e| e == "White may claim a draw by threefold repetition.")
    );
    t.play("claim draw");
    match Game::status(&t.game) {
        Status::Finished(outcome) => {
            assert_eq!(outcome.result, GameResult::Draw);
            assert_eq!(
                outcome.reason,
                Ending::Claimed(DrawRule::ThreefoldRepetition)
            );
        }
        other => panic!("{other:?}"),
    }
}
