//! The game `chess` through the `Game` trait and the referee's `AnyGame`.

use super::{Rng, sq, uci};
use crate::games::GameInfo;
use crate::rules::chess::{Chess, ChessAction, ChessView};
use crate::rules::presentation::Role;
use crate::rules::{
    ActionError, Cell, Due, Duty, Entropy, Event, Figure, Game, OptionError, Options, Seat, Status,
    View, Viewer,
};

fn new_game() -> Chess {
    Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap()
}

fn play(mut game: Chess, texts: &[&str]) -> (Chess, Vec<Event>) {
    let mut events = Vec::new();
    for text in texts {
        let seat = game.current().turn();
        let action = game
            .parse_action(seat, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let applied = game
            .apply(seat, &action, &mut Entropy::for_perft())
            .unwrap();
        events = applied.events;
        game = applied.state;
    }
    (game, events)
}

fn texts(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.text.as_str()).collect()
}

#[test]
fn options_are_refused() {
    let options = Options::parse(["version=2"]).unwrap();
    let err = Chess::new(&options, &mut Entropy::for_perft()).unwrap_err();
    assert!(
        matches!(err, OptionError::Unknown { ref key, ref known } if key == "version" && known.is_empty())
    );
    assert!(Chess::from_position("8/8/8/8/8/8/8/K6k w - - 0 1", &options).is_err());
    assert!(Chess::from_position("8/8/8/8/8/8/8/K7 w - - 0 1", &Options::default()).is_err());
}

#[test]
fn errors_for_players() {
    let game = new_game();
    assert_eq!(
        game.parse_action(Seat::Black, "e5"),
        Err(ActionError::NotYourTurn("It is White's move.".into()))
    );
    let Err(ActionError::Syntax { text, expected }) =
        game.parse_action(Seat::White, "pawn to king four")
    else {
        panic!("expected a syntax error");
    };
    assert_eq!(text, "pawn to king four");
    assert!(
        expected.contains("Nf3") && expected.contains("claim draw"),
        "{expected}"
    );
    assert_eq!(
        game.parse_action(Seat::White, "Nd5")
            .unwrap_err()
            .to_string(),
        "None of your knights can move to d5. Your knights: Na3, Nc3, Nf3, Nh3."
    );
    let (game, _) = play(game, &["d4", "e5", "Nd2", "a6"]);
    assert_eq!(
        game.parse_action(Seat::White, "Nf3"),
        Err(ActionError::Ambiguous {
            text: "Nf3".into(),
            candidates: vec!["Ndf3".into(), "Ngf3".into()]
        })
    );
    // A stored move that is not legal is refused by apply too.
    let err = game.apply(
        Seat::White,
        &ChessAction::Move(uci("d4d6")),
        &mut Entropy::for_perft(),
    );
    assert_eq!(
        err.unwrap_err().to_string(),
        "Your pawn on d4 cannot move to d6. Your pawn on d4: d5, dxe5."
    );
    assert!(matches!(
        game.apply(
            Seat::Black,
            &ChessAction::Move(uci("a6a5")),
            &mut Entropy::for_perft()
        ),
        Err(ActionError::NotYourTurn(_))
    ));
}

/// What players write wrongly reaches them with a reason, not "I could not
/// read": a promotion to a king, an `e.p.` on a plain move, a lower-case
/// bishop; `OO` and `castles` are read.
#[test]
fn misspelt_moves_are_answered_with_a_reason() {
    let game =
        Chess::from_position("4k3/1P6/8/8/8/8/8/R3K3 w Q - 0 1", &Options::default()).unwrap();
    assert_eq!(
        game.parse_action(Seat::White, "b8=K")
            .unwrap_err()
            .to_string(),
        "You cannot promote to a king: name a queen, rook, bishop or knight (Q, R, B or N). \
         Your pawn on b7: b8=Q+, b8=R+, b8=B, b8=N."
    );
    assert_eq!(
        game.parse_action(Seat::White, "castles"),
        Ok(ChessAction::Move(uci("e1c1")))
    );
    assert_eq!(
        game.parse_action(Seat::White, "OOO claim")
            .unwrap_err()
            .to_string(),
        "O-O-O would give no draw to claim: after it the position has occurred once (three \
         times are needed), and 0 moves by each side have been played since the last capture \
         or pawn move (50 are needed)."
    );
    let game = new_game();
    assert!(matches!(
        game.parse_action(Seat::White, "e3 e.p."),
        Err(ActionError::Illegal { .. })
    ));
    let (game, _) = play(game, &["e4", "e5"]);
    assert_eq!(
        game.parse_action(Seat::White, "bb5")
            .unwrap_err()
            .to_string(),
        "Your pawn on b2 cannot move to b5. Pieces take a capital letter: Bb5. Your pawn on b2: \
         b3, b4."
    );
}

#[test]
fn moves_are_told_with_check_and_mate() {
    let (game, events) = play(new_game(), &["e4"]);
    assert_eq!(texts(&events), ["White played e4"]);
    assert_eq!(
        game.status(),
        Status::Ongoing(vec![Due {
            seat: Seat::Black,
            duty: Duty::Move
        }])
    );
    let (_, events) = play(game, &["f5", "Qh5+"]);
    assert_eq!(texts(&events), ["White played Qh5+", "Check."]);
    let (game, events) = play(
        new_game(),
        &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"],
    );
    assert_eq!(
        texts(&events),
        ["White played Qxf7#", "Checkmate: White wins."]
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.to_string(), "White wins (checkmate), 1-0");
    assert!(game.legal_actions(Seat::Black).is_empty());
    assert!(matches!(
        game.parse_action(Seat::Black, "Kf7"),
        Err(ActionError::Finished(_))
    ));
    assert_eq!(
        game.notation(Seat::White, &ChessAction::ClaimDraw),
        "claim draw"
    );
}

#[test]
fn the_view_shows_the_board_and_the_facts() {
    let (game, _) = play(
        new_game(),
        &["e4", "e5", "Nf3", "Nc6", "Bb5", "Nd4", "Bxd7+"],
    );
    let view: ChessView = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(view.bottom, Seat::Black);
    let presentation = view.present();
    assert_eq!(
        presentation.facts,
        ["Black to move", "Black is in check", "Last move: 4.Bxd7+"]
    );
    let diagram = presentation.diagram.unwrap();
    assert_eq!(diagram.bottom, Seat::Black);
    assert_eq!(diagram.highlight, [sq("b5"), sq("d7")]);
    assert_eq!(
        diagram.cell(sq("d7")),
        &Cell::Piece {
            label: "B".into(),
            owner: Seat::White,
            figure: Figure::Orthodox(Role::Bishop),
            marks: vec![],
        }
    );
    assert_eq!(
        diagram.cell(sq("e8")),
        &Cell::Piece {
            label: "k".into(),
            owner: Seat::Black,
            figure: Figure::Orthodox(Role::King),
            marks: vec![],
        }
    );
    assert_eq!(diagram.cell(sq("e2")), &Cell::Empty);
    assert_eq!(presentation.legend.len(), 1);
    assert_eq!(game.view(Viewer::Spectator).bottom, Seat::White);
    assert_eq!(game.view(Viewer::Host).bottom, Seat::White);

    let history = view.history();
    assert_eq!(history.len(), 7);
    assert_eq!(
        (history[6].number, history[6].seat, history[6].text.as_str()),
        (4, Seat::White, "Bxd7+")
    );
    assert_eq!(
        (history[5].number, history[5].seat, history[5].text.as_str()),
        (3, Seat::Black, "Nd4")
    );

    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["position"],
        "r1bqkbnr/pppB1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4"
    );
    assert_eq!(json["castling"], "KQkq");
    assert_eq!(json["last_move"]["san"], "Bxd7+");
}

#[test]
fn numbering_follows_the_set_up_position() {
    let game = Chess::from_position(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12",
        &Options::default(),
    )
    .unwrap();
    let (game, _) = play(game, &["Nf6", "Nc3"]);
    let lines: Vec<(u32, Seat, String)> = game
        .view(Viewer::Spectator)
        .history()
        .into_iter()
        .map(|l| (l.number, l.seat, l.text))
        .collect();
    assert_eq!(
        lines,
        [
            (12, Seat::Black, "Nf6".to_string()),
            (13, Seat::White, "Nc3".to_string())
        ]
    );
    let (game, _) = play(game, &["Bb4"]);
    assert!(
        game.view(Viewer::Spectator)
            .present()
            .facts
            .contains(&"Last move: 13...Bb4".to_string())
    );
    assert_eq!(
        game.position(),
        "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 6 14"
    );
}

#[test]
fn claimable_draws_are_shown_to_the_player() {
    let (game, events) = play(
        new_game(),
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
    );
    assert_eq!(
        texts(&events),
        [
            "Black played Ng8",
            "White may claim a draw by threefold repetition."
        ]
    );
    let facts = game.view(Viewer::Seat(Seat::White)).present().facts;
    assert!(
        facts.contains(&"Draw claimable: threefold repetition (write: claim draw)".to_string()),
        "{facts:?}"
    );
    let (drawn, events) = play(game, &["claim"]);
    assert_eq!(
        texts(&events),
        ["White claimed a draw by threefold repetition. The game is drawn."]
    );
    assert_eq!(
        drawn.status().outcome().unwrap().to_string(),
        "draw (threefold repetition claimed), 1/2-1/2"
    );
    let facts = drawn.view(Viewer::Spectator).present().facts;
    assert!(
        !facts.iter().any(|f| f.contains("draw")),
        "the outcome is the referee's status line, not a fact: {facts:?}"
    );
}

#[test]
fn the_referee_finds_and_drives_chess() {
    let info = GameInfo::find("Chess").expect("registered");
    assert_eq!((info.name, info.title), ("chess", "Chess"));
    assert!((info.rules_page)().contains("claim draw"));
    let game = (info.new)(&Options::default(), &mut Entropy::for_perft()).unwrap();
    let played = game
        .play_text(Seat::White, "e2-e4", &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(played.notation, "e4");
    assert_eq!(played.action, serde_json::json!({ "move": "e2e4" }));
    let replayed = game
        .replay(Seat::White, &played.action, &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(replayed.state.to_json(), played.state.to_json());
    let loaded = (info.load)(played.state.to_json()).unwrap();
    assert_eq!(
        loaded.position(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(loaded.legal_texts(Seat::Black).len(), 20);
    let divide = loaded.divide(3);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), loaded.perft(3));
    assert_eq!(loaded.perft(3), 13160);
    let positioned =
        (info.from_position)("8/8/8/8/8/8/8/K6k w - - 0 1", &Options::default()).unwrap();
    assert!(positioned.status().is_finished(), "bare kings");
    // An illegal stored action is refused on replay.
    let bad = serde_json::json!({ "move": "e2e5" });
    assert!(
        game.replay(Seat::White, &bad, &mut Entropy::for_perft())
            .is_err()
    );
    assert!(
        game.replay(
            Seat::White,
            &serde_json::json!("nonsense"),
            &mut Entropy::for_perft()
        )
        .is_err()
    );
}

#[test]
fn the_stored_state_is_compact_and_reads_back() {
    let (game, _) = play(new_game(), &["e4", "c5"]);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","#,
            r#""position":"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2","#,
            r#""moves":[{"move":"e2e4","san":"e4"},{"move":"c7c5","san":"c5"}],"#,
            r#""record":["rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"],"#,
            r#""outcome":null}"#
        )
    );
    let back: Chess = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    // A corrupt stored position is an error, never a half-loaded game.
    let corrupt = json.replace("RNBQKBNR w KQkq c6", "RNBQ1BNR w KQkq c6");
    assert!(serde_json::from_str::<Chess>(&corrupt).is_err());
}

/// Random games through the trait: the notation of every chosen action
/// reads back as that action, `apply` accepts every legal action, and
/// replaying the actions from the start rebuilds the same state.
#[test]
fn random_games_replay_exactly() {
    let mut rng = Rng::new(7);
    let mut finished = 0;
    for _ in 0..40 {
        let mut game = new_game();
        let mut log: Vec<(Seat, ChessAction)> = Vec::new();
        for _ in 0..300 {
            let Status::Ongoing(dues) = game.status() else {
                finished += 1;
                break;
            };
            let seat = dues[0].seat;
            assert!(game.legal_actions(seat.other()).is_empty());
            let actions = game.legal_actions(seat);
            assert!(!actions.is_empty());
            // Claims are rare among the moves; take one now and then.
            let action = match actions.iter().find(|a| !matches!(a, ChessAction::Move(_))) {
                Some(claim) if rng.below(3) == 0 => *claim,
                _ => actions[rng.below(actions.len())],
            };
            let text = game.notation(seat, &action);
            assert_eq!(game.parse_action(seat, &text), Ok(action), "{text}");
            let applied = game.apply(seat, &action, &mut Entropy::for_perft());
            game = applied
                .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
                .state;
            log.push((seat, action));
        }
        let mut replay = new_game();
        for (seat, action) in &log {
            replay = replay
                .apply(*seat, action, &mut Entropy::for_perft())
                .unwrap()
                .state;
        }
        assert_eq!(
            serde_json::to_value(&replay).unwrap(),
            serde_json::to_value(&game).unwrap()
        );
        let stored: Chess = serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
        assert_eq!(stored, game);
    }
    assert!(finished > 0, "some random game should finish");
}

/// The rules page states the host's clock (no longer "There is no clock")
/// and the notation rulings.
#[test]
fn rules_page_states_the_clock_and_the_notation_rulings() {
    let page = Chess::rules_page();
    assert!(!page.contains("no clock"), "{page}");
    assert!(page.contains("days per move") && page.contains("vacation DAYS"));
    for needle in [
        "OOO",
        "castles long",
        "a king or pawn is refused",
        "\"e.p.\" is allowed only",
    ] {
        assert!(page.contains(needle), "{needle}");
    }
}

/// The stored state keeps each move with its SAN, check and mate marks
/// included, as it always has (the game keeps only the moves and writes
/// the SANs when asked): stored games load, and read on their own.
#[test]
fn the_stored_state_lists_each_move_with_its_san() {
    let (game, events) = play(new_game(), &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(events[0].text, "Black played Qh4#");
    let json = serde_json::to_value(&game).unwrap();
    let moves: Vec<(String, String)> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["san"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            ("f2f3", "f3"),
            ("e7e5", "e5"),
            ("g2g4", "g4"),
            ("d8h4", "Qh4#")
        ]
        .map(|(m, s)| (m.to_string(), s.to_string()))
    );
    let stored: Chess = serde_json::from_value(json).unwrap();
    assert_eq!(stored, game);
    assert_eq!(stored.history()[3].text, "Qh4#");
}
