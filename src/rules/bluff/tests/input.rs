//! What players write, the notation, the host's position string, perft and
//! the registration.

use super::{Table, sq};
use crate::games::GameInfo;
use crate::rules::bluff::{BluffAction, BluffChess, Decision, is_death_move};
use crate::rules::chess::Move;
use crate::rules::{ActionError, Duty, Entropy, Game, Options, Seat, Status, View, Viewer};

fn mv(uci: &str) -> Move {
    uci.parse().unwrap()
}

#[test]
fn move_lines_and_their_decisions() {
    let t = Table::start();
    let with = |uci: &str, decision: Option<Decision>| BluffAction::Move {
        mv: mv(uci),
        decision,
    };
    let cases = [
        ("e4", with("e2e4", None)),
        ("Nf3 stay", with("g1f3", Some(Decision::Stay))),
        ("Nf3 -", with("g1f3", Some(Decision::Stay))),
        ("Nf3 \u{2013}", with("g1f3", Some(Decision::Stay))),
        ("Nf3 STAY", with("g1f3", Some(Decision::Stay))),
        (
            "Nf3 transfer d1",
            with("g1f3", Some(Decision::Transfer(sq("d1")))),
        ),
        ("Nf3 t d1", with("g1f3", Some(Decision::Transfer(sq("d1"))))),
        (
            "Nf3 transfer to d1",
            with("g1f3", Some(Decision::Transfer(sq("d1")))),
        ),
        (
            "Nf3, transfer D1",
            with("g1f3", Some(Decision::Transfer(sq("d1")))),
        ),
        ("e2e4 stay", with("e2e4", Some(Decision::Stay))),
        ("g1-f3 stay", with("g1f3", Some(Decision::Stay))),
        (
            "  Nf3   t   e1 ",
            with("g1f3", Some(Decision::Transfer(sq("e1")))),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(t.parse(text), Ok(expected), "{text}");
    }
    for text in [
        "Nf3 transfer",
        "Nf3 transfer z9",
        "Nf3 t d1 d2",
        "transfer",
        "hello",
    ] {
        assert!(
            matches!(t.parse(text), Err(ActionError::Syntax { .. })),
            "{text}: {:?}",
            t.parse(text)
        );
    }
    // A decision alone when a move is owed.
    assert!(matches!(t.parse("stay"), Err(ActionError::NotYourTurn(_))));
    assert!(matches!(t.parse("Nf4"), Err(ActionError::Illegal { .. })));
}

#[test]
fn decisions_alone() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5"]);
    for (text, decision) in [
        ("stay", Decision::Stay),
        ("-", Decision::Stay),
        ("transfer d8", Decision::Transfer(sq("d8"))),
        ("t d8", Decision::Transfer(sq("d8"))),
        ("Transfer to E8", Decision::Transfer(sq("e8"))),
    ] {
        assert_eq!(t.parse(text), Ok(BluffAction::Decide(decision)), "{text}");
    }
    assert!(matches!(
        t.game.parse_action(Seat::White, "stay"),
        Err(ActionError::NotYourTurn(_))
    ));
}

#[test]
fn notation_is_san_plus_the_decision() {
    let mut t = Table::start();
    let game = &t.game;
    let line = |text: &str| game.notation(Seat::White, &t.parse(text).unwrap());
    assert_eq!(line("g1f3"), "Nf3");
    assert_eq!(line("Nf3 -"), "Nf3 stay");
    assert_eq!(line("Nf3 t d1"), "Nf3 transfer d1");
    t.play_all(&["e4", "d5"]);
    let action = t.parse("t d8").unwrap();
    assert_eq!(t.game.notation(Seat::Black, &action), "transfer d8");
    assert_eq!(
        t.game.notation(Seat::White, &BluffAction::ClaimDraw),
        "claim draw"
    );
}

#[test]
fn actions_serialise_for_the_log() {
    let action = BluffAction::Move {
        mv: mv("e7e8q"),
        decision: Some(Decision::Transfer(sq("d1"))),
    };
    let json = serde_json::to_string(&action).unwrap();
    assert_eq!(
        json,
        r#"{"move":{"move":"e7e8q","decision":{"transfer":"d1"}}}"#
    );
    assert_eq!(serde_json::from_str::<BluffAction>(&json).unwrap(), action);
    let json = serde_json::to_string(&BluffAction::Decide(Decision::Stay)).unwrap();
    assert_eq!(json, r#"{"decide":"stay"}"#);
}

#[test]
fn registered_without_options() {
    let info = GameInfo::find("bluff-chess").expect("registered");
    assert_eq!(info.title, "Bluff Chess");
    assert!((info.rules_page)().contains("empty mate"));
    let mut entropy = Entropy::new([0; 32], 0);
    let options = Options::parse(["variant=x"]).unwrap();
    assert!(BluffChess::new(&options, &mut entropy).is_err());
    assert!(BluffChess::from_position("8/8/8/8/8/8/8/K6k w - - 0 1", &options).is_err());
    let game = (info.new)(&Options::default(), &mut entropy).unwrap();
    assert_eq!(
        game.position(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; ae w:- b:- ; sealed - ; committed - ; deciding -"
    );
    // Through the object-safe face, as the referee drives it.
    let played = game
        .play_text(Seat::White, "e4 stay", &mut entropy)
        .unwrap();
    assert_eq!(played.notation, "e4 stay");
    assert!(played.state.public_view().view().json().is_object());
}

#[test]
fn position_string_round_trips() {
    let mut t = Table::start();
    t.play_all(&["e4", "d5 transfer d8"]);
    let text = t.game.position();
    let salt = &t.game.sealed(Seat::Black).unwrap().salt;
    assert_eq!(
        text,
        format!(
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 ; ae w:e4 b:d8 ; sealed b:transfer d8 salt {salt} ; committed b ; deciding -"
        )
    );
    let back = BluffChess::from_position(&text, &Options::default()).unwrap();
    assert_eq!(back.position(), text);
    assert_eq!(back.sealed(Seat::Black), t.game.sealed(Seat::Black));
    // It plays on the same: exd5 needs a decision, and Qxd5 is forced.
    let mut table = Table::from(&text);
    table.play("exd5");
    assert!(table.owes(Seat::White, Duty::Decision));
    assert_eq!(table.game.position(), {
        let mut t2 = Table::from(&text);
        t2.play("exd5");
        t2.game.position()
    });
    assert!(table.game.position().ends_with("; deciding w"));
    let deciding = table.game.position();
    assert_eq!(
        BluffChess::from_position(&deciding, &Options::default())
            .unwrap()
            .position(),
        deciding
    );
    // A plain FEN is a game where nobody has moved.
    let plain = BluffChess::from_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &Options::default());
    assert!(
        plain
            .unwrap()
            .position()
            .ends_with("ae w:- b:- ; sealed - ; committed - ; deciding -")
    );
}

#[test]
fn position_string_is_checked() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    let bad = [
        " ; ae w:e5",
        " ; ae w:d5",
        " ; ae x:e4",
        " ; committed w",
        " ; ae b:d8 ; sealed b:transfer d8 salt 00",
        " ; ae b:d5 ; sealed b:transfer d8 salt 00 ; committed b",
        " ; ae w:e4 ; sealed w:stay salt 00",
        " ; ae b:d5 ; sealed b:stay",
        " ; ae b:d5 ; deciding w",
        " ; ae b:d5 ; ae b:d5",
        " ; colour w",
    ];
    for suffix in bad {
        let text = format!("{fen}{suffix}");
        assert!(
            BluffChess::from_position(&text, &Options::default()).is_err(),
            "{text}"
        );
    }
    let good = format!("{fen} ; ae w:e4 b:d5 ; sealed b:stay salt 00 ; deciding -");
    let game = BluffChess::from_position(&good, &Options::default()).unwrap();
    assert!(game.sealed(Seat::Black).unwrap().verifies());
}

/// A committed piece that cannot move, set up by the host, is dealt with
/// as the turn comes: the turn is lost at once.
#[test]
fn position_with_an_immobile_committed_piece_passes() {
    let game = BluffChess::from_position(
        "k7/8/8/8/8/p7/P7/7K w - - 0 1 ; ae w:a2 b:a8 ; committed w",
        &Options::default(),
    )
    .unwrap();
    assert_eq!(game.status().owes(Seat::Black), Some(Duty::Move));
    assert_eq!(game.committed_to(Seat::White), None);
}

/// perft counts actions: after 1.e4 Black has 20 moves; six are death
/// moves (a6, Na6 and b5 to the bishop, d5 and f5 to the pawn, h5 to the
/// queen), each followed by 16 decisions (stay, or a transfer to one of
/// the 15 other pieces); the other moves are followed by White's moves.
#[test]
fn perft_counts_decisions_as_actions() {
    let mut t = Table::start();
    assert_eq!(t.game.perft(1), 20);
    assert_eq!(t.game.perft(2), 400);
    t.play("e4");
    let board = t.game.board().clone();
    let mut deaths: Vec<String> = t
        .game
        .legal_actions(Seat::Black)
        .into_iter()
        .filter(|a| matches!(a, BluffAction::Move { mv, .. } if is_death_move(&board, mv, None)))
        .map(|a| t.game.notation(Seat::Black, &a))
        .collect();
    deaths.sort();
    assert_eq!(deaths, ["Na6", "a6", "b5", "d5", "f5", "h5"]);
    let quiet: u64 = board
        .legal_moves()
        .iter()
        .filter(|m| !is_death_move(&board, m, None))
        .map(|m| board.play(m).count_legal_moves() as u64)
        .sum();
    assert_eq!(t.game.perft(2), quiet + 6 * 16);
}

/// perft 3 from the start, counted independently with the engine alone:
/// a death move of Black's is followed by its 16 decisions, any other
/// move by White's orthodox moves (no one is committed yet).
#[test]
fn perft_three_from_the_start() {
    let start = crate::rules::chess::Position::startpos();
    let mut expected = 0;
    for w in start.legal_moves() {
        let after_w = start.play(&w);
        assert!(!is_death_move(&start, &w, None));
        for b in after_w.legal_moves() {
            expected += if is_death_move(&after_w, &b, None) {
                16
            } else {
                after_w.play(&b).count_legal_moves() as u64
            };
        }
    }
    assert_eq!(expected, 8577);
    assert_eq!(Table::start().game.perft(3), expected);
}

#[test]
fn finished_games_refuse_everything() {
    let mut t = Table::start();
    t.play_all(&["f3", "e5", "g4", "Qh4#"]);
    assert!(matches!(t.game.status(), Status::Finished(_)));
    for seat in Seat::BOTH {
        assert!(t.game.legal_actions(seat).is_empty());
        assert!(matches!(
            t.game.parse_action(seat, "e4"),
            Err(ActionError::Finished(_))
        ));
    }
    assert!(
        t.game
            .status()
            .outcome()
            .unwrap()
            .to_string()
            .starts_with("Black wins (checkmate)")
    );
    let facts = t.game.view(Viewer::Seat(Seat::White)).present().facts;
    assert!(!facts.iter().any(|f| f.contains("wins")), "{facts:?}");
}

/// The reveal of a side's decision is shown while it concerns that side's
/// last move.
#[test]
fn revealed_fact_follows_the_last_move() {
    let revealed = |t: &Table| -> Vec<String> {
        let facts = t.game.view(Viewer::Spectator).present().facts;
        facts
            .into_iter()
            .filter(|f| f.starts_with("Revealed:"))
            .collect()
    };
    let mut t = Table::start();
    t.play_all(&["e4", "e6", "Ba6 t e1"]);
    assert!(revealed(&t).is_empty());
    t.play("Nf6");
    assert_eq!(revealed(&t).len(), 1);
    assert!(revealed(&t)[0].starts_with("Revealed: White transferred to e1 after Ba6 (salt "));
    t.play("Ke2");
    assert!(revealed(&t).is_empty());
}

/// The chess engine's readings and refusals reach Bluff players: `OO` and
/// `castles short` with a decision, the reason for `b8=K`, the hint for a
/// lower-case bishop, the refusal of a stray `e.p.`.
#[test]
fn chess_readings_and_refusals_reach_bluff_players() {
    let t = Table::from("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        t.parse("castles short stay"),
        Ok(BluffAction::Move {
            mv: mv("e1g1"),
            decision: Some(Decision::Stay)
        })
    );
    assert_eq!(
        t.parse("OOO t h1"),
        Ok(BluffAction::Move {
            mv: mv("e1c1"),
            decision: Some(Decision::Transfer(sq("h1")))
        })
    );
    match t.parse("b8=K stay") {
        Err(ActionError::Illegal { reason, .. }) => {
            assert!(
                reason.starts_with("You cannot promote to a king"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    let mut t = Table::start();
    assert!(matches!(
        t.parse("e3 e.p."),
        Err(ActionError::Illegal { .. })
    ));
    t.play_all(&["e4", "e5"]);
    match t.parse("bb5 stay") {
        Err(ActionError::Illegal { reason, .. }) => {
            assert!(
                reason.ends_with("Pieces take a capital letter: Bb5."),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
}

/// The rules page states the host's clock (the text's rule 10 by mail),
/// not "there is no clock", and the rulings changed here.
#[test]
fn rules_page_states_the_clock_and_the_rulings() {
    let page = BluffChess::rules_page();
    assert!(!page.contains("no clock"), "{page}");
    assert!(page.contains("days per move") && page.contains("vacation DAYS"));
    for needle in [
        "insufficient material draws only king against king",
        "with the move that makes it (Ng8 claim)",
        "A claim with a move is judged after the move",
        "or that ends the game, is ignored",
    ] {
        assert!(page.contains(needle), "{needle}");
    }
}
