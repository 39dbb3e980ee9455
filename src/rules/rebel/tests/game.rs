//! The game `rebel-chess` through the `Game` trait and the referee's
//! `AnyGame`: options, errors for players, views, the store, and random
//! games that replay exactly.

use super::{Rng, game_at, new_game, options, play_game, sq, texts};
use crate::games::GameInfo;
use crate::rules::rebel::{RebelAction, RebelChess, RebelView};
use crate::rules::{ActionError, Entropy, Game, OptionError, Options, Seat, Status, View, Viewer};

#[test]
fn options_and_registration() {
    let info = GameInfo::find("Rebel-Chess").expect("registered");
    assert_eq!((info.name, info.title), ("rebel-chess", "Rebel Chess"));
    assert_eq!(info.options, ["version"]);
    let page = (info.rules_page)();
    for line in [
        "version=1|2|3",
        "U*d4",
        "recruit d4 with b2",
        "- A conversionmate is a checkmate in which every piece giving check is converted",
        "concede",
    ] {
        assert!(page.contains(line), "{line}");
    }
    assert_eq!(new_game(1).version(), crate::rules::rebel::Version::One);
    assert_eq!(
        RebelChess::new(&Options::default(), &mut Entropy::for_perft())
            .unwrap()
            .version(),
        crate::rules::rebel::Version::One
    );
    let err = RebelChess::new(&options(4), &mut Entropy::for_perft()).unwrap_err();
    assert_eq!(
        err,
        OptionError::BadValue {
            key: "version".into(),
            value: "4".into(),
            expected: "1|2|3".into()
        }
    );
    let other = Options::parse(["colour=red"]).unwrap();
    assert!(matches!(
        RebelChess::new(&other, &mut Entropy::for_perft()),
        Err(OptionError::Unknown { .. })
    ));
    assert!(RebelChess::from_position("8/8/8/8/8/8/8/K6k w - - 0 1", &other).is_err());
}

#[test]
fn the_referee_drives_rebel_chess() {
    let info = GameInfo::find("rebel-chess").unwrap();
    let game = (info.new)(&options(2), &mut Entropy::for_perft()).unwrap();
    let played = game
        .play_text(Seat::White, "e2-c4", &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(played.notation, "Uc4");
    assert_eq!(played.action, serde_json::json!({ "play": "e2c4" }));
    let replayed = game
        .replay(Seat::White, &played.action, &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(replayed.state.to_json(), played.state.to_json());
    let loaded = (info.load)(played.state.to_json()).unwrap();
    assert_eq!(
        loaded.position(),
        "rnbqkbnr/ppppuppp/8/8/2U5/8/PPPP1PPP/RNBQKBNR b KQkq - 1 1"
    );
    assert_eq!(loaded.legal_texts(Seat::Black).len(), 20);
    let played = loaded
        .play_text(Seat::Black, "a6", &mut Entropy::for_perft())
        .unwrap();
    let played = played
        .state
        .play_text(Seat::White, "recruit a6", &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(played.notation, "U*a6");
    assert_eq!(played.action, serde_json::json!({ "play": "c4*a6" }));
    assert!(
        played.events.iter().any(|e| e.text
            == "White recruited Black's pawn on a6: it now serves White, marked converted.")
    );
    let positioned = (info.from_position)(
        "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1",
        &options(3),
    )
    .unwrap();
    assert_eq!(positioned.perft(3), 8780);
    let divide = positioned.divide(2);
    assert_eq!(divide.len(), 20);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 400);
    // A stored action that is not legal is refused on replay.
    let bad = serde_json::json!({ "play": "e2e4" });
    assert!(
        game.replay(Seat::White, &bad, &mut Entropy::for_perft())
            .is_err()
    );
}

#[test]
fn errors_for_players() {
    let game = new_game(1);
    assert_eq!(
        game.parse_action(Seat::Black, "Uc5"),
        Err(ActionError::NotYourTurn("It is White's move.".into()))
    );
    let Err(ActionError::Syntax { expected, .. }) = game.parse_action(Seat::White, "leap c4")
    else {
        panic!("expected a syntax error");
    };
    assert!(
        expected.contains("U*d4") && expected.contains("claim draw"),
        "{expected}"
    );
    assert_eq!(
        game.parse_action(Seat::White, "Ud3")
            .unwrap_err()
            .to_string(),
        "Your Recruiter on e2 cannot move to d3. Your Recruiter on e2: Uc4, Ug4."
    );
    let err = game.apply(
        Seat::White,
        &RebelAction::Play("e2e4".parse().unwrap()),
        &mut Entropy::for_perft(),
    );
    assert_eq!(
        err.unwrap_err().to_string(),
        "Your Recruiter on e2 cannot move to e4. Your Recruiter on e2: Uc4, Ug4."
    );
    assert!(matches!(
        game.parse_action(Seat::White, "claim draw"),
        Err(ActionError::Illegal { .. })
    ));
}

#[test]
fn the_view_shows_board_facts_and_history() {
    let (game, _) = play_game(new_game(1), &["Uc4", "a6", "U*a6", "Uc5"]);
    let view: RebelView = game.view(Viewer::Seat(Seat::Black));
    assert_eq!(view.bottom, Seat::Black);
    let presentation = view.present();
    assert_eq!(
        presentation.facts,
        [
            "Rebel Chess I",
            "White to move",
            "Last move: 2...Uc5",
            "Converted pieces serving White: a6"
        ]
    );
    let diagram = presentation.diagram.unwrap();
    assert_eq!(diagram.highlight, [sq("e7"), sq("c5")]);
    assert_eq!(
        diagram.cell(sq("a6")),
        &crate::rules::Cell::Piece {
            label: "P*".into(),
            owner: Seat::White,
            figure: crate::rules::Figure::Orthodox(crate::rules::presentation::Role::Pawn),
            marks: vec![crate::rules::Mark::Converted],
        }
    );
    assert_eq!(
        diagram.cell(sq("c5")),
        &crate::rules::Cell::Piece {
            label: "u".into(),
            owner: Seat::Black,
            figure: crate::rules::Figure::Recruiter,
            marks: vec![],
        }
    );
    assert_eq!(presentation.legend.len(), 3, "no II legend line in I");
    let lines: Vec<String> = view.history().iter().map(|l| l.text.clone()).collect();
    assert_eq!(lines, ["Uc4", "a6", "U*a6 (pawn converted)", "Uc5"]);
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["position"],
        "rnbqkbnr/1ppp1ppp/P*7/2u5/2U5/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3"
    );
    assert_eq!(json["version"], "1");
    // Roles in JSON: chess's words for the orthodox six, and the Recruiter.
    let role_at = |square: &str| {
        let placed = json["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|placed| placed["square"] == square)
            .unwrap();
        (
            placed["piece"]["role"].clone(),
            placed["piece"]["converted"].clone(),
        )
    };
    assert_eq!(role_at("a6"), ("pawn".into(), true.into()));
    assert_eq!(role_at("c4"), ("recruiter".into(), false.into()));
    assert_eq!(role_at("e1"), ("king".into(), false.into()));
    // Nothing is hidden: every viewer sees the same, but for the bottom.
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(spectator.bottom, Seat::White);
    assert_eq!(spectator.present().facts, view.present().facts);
    assert_eq!(game.view(Viewer::Host).position, view.position);
    // A text rendering shows the marks.
    let text = crate::render::diagram::text(&spectator.present().diagram.unwrap());
    assert!(text.contains("P*") && text.contains('U'), "{text}");
}

#[test]
fn numbering_follows_the_set_up_position() {
    let game = game_at("4k3/8/4u3/8/2n5/8/4U3/4K3 b - - 3 12", 1);
    let (game, _) = play_game(game, &["Ug4", "U*c4"]);
    let lines: Vec<(u32, Seat, String)> = game
        .view(Viewer::Spectator)
        .history()
        .into_iter()
        .map(|l| (l.number, l.seat, l.text))
        .collect();
    assert_eq!(
        lines,
        [
            (12, Seat::Black, "Ug4".to_string()),
            (13, Seat::White, "U*c4 (knight converted)".to_string())
        ]
    );
    assert_eq!(game.position(), "4k3/8/8/8/2N*3u1/8/4U3/4K3 b - - 5 13");
}

#[test]
fn the_stored_state_reads_back_and_refuses_corruption() {
    let (game, _) = play_game(new_game(2), &["Uc4", "a6", "U*a6"]);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"version":"2","start":"rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1","#,
            r#""position":"rnbqkbnr/1pppuppp/P*7/8/2U5/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2","#,
            r#""moves":[{"play":"e2c4","san":"Uc4"},{"play":"a7a6","san":"a6"},"#,
            r#"{"play":"c4*a6","san":"U*a6","note":"pawn converted"}],"#,
            r#""record":["rnbqkbnr/1pppuppp/p7/8/2U5/8/PPPP1PPP/RNBQKBNR w KQkq -","#,
            r#""rnbqkbnr/1pppuppp/P*7/8/2U5/8/PPPP1PPP/RNBQKBNR b KQkq -"],"#,
            r#""outcome":null}"#
        )
    );
    let back: RebelChess = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    let corrupt = json.replace("RNBQKBNR b KQkq - 1 2", "RNBQ1BNR b KQkq - 1 2");
    assert!(serde_json::from_str::<RebelChess>(&corrupt).is_err());
    let bad_version = json.replace(r#""version":"2""#, r#""version":"7""#);
    assert!(serde_json::from_str::<RebelChess>(&bad_version).is_err());
}

#[test]
fn a_draw_claimed_with_a_move() {
    let game = game_at("4k3/8/4u3/8/2n5/8/4U3/4K3 w - - 0 1", 1);
    let (game, _) = play_game(game, &["U*c4", "U*c4", "U*c4"]);
    let seat = Seat::Black;
    let action = game.parse_action(seat, "U*c4 claim").unwrap();
    assert!(matches!(action, RebelAction::PlayAndClaim(_)));
    assert!(game.legal_actions(seat).contains(&action));
    let (drawn, events) = play_game(game, &["U*c4 claim"]);
    assert_eq!(
        drawn.outcome().unwrap().to_string(),
        "draw (threefold repetition claimed), 1/2-1/2"
    );
    assert_eq!(
        texts(&events).last().copied(),
        Some("Black claimed a draw by threefold repetition. The game is drawn.")
    );
}

/// Random games through the trait, every version: each chosen action's
/// notation reads back as it, `apply` accepts it, the other seat owes
/// nothing, and replaying the log rebuilds the same state.
#[test]
fn random_games_replay_exactly() {
    let mut rng = Rng::new(17);
    let mut finished = 0;
    let mut recruits = 0;
    for round in 0..45 {
        let version = 1 + (round % 3) as u8;
        let mut game = new_game(version);
        let mut log: Vec<(Seat, RebelAction)> = Vec::new();
        for _ in 0..200 {
            let Status::Ongoing(dues) = game.status() else {
                finished += 1;
                break;
            };
            let seat = dues[0].seat;
            assert!(game.legal_actions(seat.other()).is_empty());
            let actions = game.legal_actions(seat);
            assert!(!actions.is_empty());
            let recruiting: Vec<&RebelAction> = actions
                .iter()
                .filter(|a| matches!(a, RebelAction::Play(p) if p.is_recruit()))
                .collect();
            let action = if !recruiting.is_empty() && rng.below(2) == 0 {
                recruits += 1;
                *recruiting[rng.below(recruiting.len())]
            } else {
                actions[rng.below(actions.len())]
            };
            let text = game.notation(seat, &action);
            assert_eq!(game.parse_action(seat, &text), Ok(action), "{text}");
            game = game
                .apply(seat, &action, &mut Entropy::for_perft())
                .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
                .state;
            log.push((seat, action));
        }
        let mut replay = new_game(version);
        for (seat, action) in &log {
            replay = replay
                .apply(*seat, action, &mut Entropy::for_perft())
                .unwrap()
                .state;
        }
        assert_eq!(replay, game);
        let stored: RebelChess =
            serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
        assert_eq!(stored, game);
        let _ = game.view(Viewer::Seat(Seat::White)).present();
    }
    assert!(finished > 0, "some random game should finish");
    assert!(recruits > 20, "random games recruit");
}

/// The search's road ([`RebelChess::successor`]: the SAN among the legal
/// actions unsorted, the position's legal actions generated once for the
/// mark and the board's end) records what the rules write: along random
/// games of every version, each action's SAN is the position's own
/// [`san`](crate::rules::rebel::RebelPosition::san), and the state is the
/// one `apply` makes.
#[test]
fn the_successor_writes_the_san_the_rules_write() {
    let mut rng = Rng::new(11);
    for version in [1, 2, 3] {
        for _ in 0..3 {
            let mut game = new_game(version);
            for _ in 0..80 {
                if game.outcome().is_some() {
                    break;
                }
                let plays = game.current().legal_plays();
                let play = plays[rng.below(plays.len())];
                let next = game.successor(&play);
                let played = next.moves().last().unwrap();
                assert_eq!(
                    *played.san,
                    game.current().san(&play),
                    "{}",
                    game.current().fen()
                );
                let seat = game.current().turn();
                let applied = game
                    .apply(seat, &RebelAction::Play(play), &mut Entropy::for_perft())
                    .unwrap()
                    .state;
                assert_eq!(next, applied);
                game = next;
            }
        }
    }
}
