//! The game behind the referee: registration, options, the position
//! string, the stored state, and play through [`AnyGame`].

use super::{B, W, at, new_game, options, play_all};
use crate::games::GameInfo;
use crate::rules::replay_log::replay_log;
use crate::rules::superial::Superial;
use crate::rules::{AnyGame, Entropy, Game, OptionError};

#[test]
pub(super) fn registered_with_its_two_options() {
    let info = GameInfo::find("Superial-Chess").expect("registered");
    assert_eq!(
        (info.name, info.title),
        ("superial-chess", "Superial Chess")
    );
    assert_eq!(info.options, ["random-moves", "hybrid"]);
    let page = (info.rules_page)();
    assert!(page.starts_with("SUPERIAL CHESS\n"));
    let game = (info.new)(&options("random-moves=3"), &mut Entropy::for_perft()).unwrap();
    assert_eq!(game.name(), "superial-chess");
    assert_eq!(game.position(), "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 3/3 0 1");
    let hybrid = (info.new)(&options("hybrid=on"), &mut Entropy::for_perft()).unwrap();
    assert_eq!(
        hybrid.position(),
        "1o1o1o1o/o1o1o1o1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    );
}

#[test]
pub(super) fn games_for_more_players_are_not_offered() {
    let err = Superial::new(&options("players=3"), &mut Entropy::for_perft()).unwrap_err();
    assert!(
        matches!(&err, OptionError::Unknown { known, .. } if known == &["random-moves", "hybrid"]),
        "{err:?}"
    );
    let page = Superial::rules_page();
    assert!(page.contains(
        "Games for more than two players are not offered: the text gives them no\nboard and no \
         setup"
    ));
}

#[test]
pub(super) fn the_position_string_round_trips() {
    let game = play_all(
        &new_game("random-moves=2"),
        &["c2-c3=X", "random", "c3-d4", "b6-b5=+"],
    );
    let text = Game::position(&game);
    let back = at(&text, "");
    assert_eq!(Game::position(&back), text);
    assert_eq!(back.board(), game.board());
    assert_eq!((back.random_left(W), back.random_left(B)), (2, 1));
    // Left out, the random moves come from the options and the counts
    // start afresh.
    let short = at("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P b", "random-moves=2");
    assert_eq!(
        Game::position(&short),
        "1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P b 2/2 0 1"
    );
    // A game's last position reads back too: Black, to act, has no cube
    // left, and has lost.
    let over = at("6/6/6/6/P1P1P1/1P1P1P b 0/0 0 40", "");
    assert_eq!(
        over.outcome(),
        Some(&crate::rules::Outcome::win(
            W,
            crate::rules::Ending::AllCubesCaptured(B)
        ))
    );
    assert_eq!(Game::position(&over), "6/6/6/6/P1P1P1/1P1P1P b 0/0 0 40");
}

#[test]
pub(super) fn bad_position_strings_are_refused_with_the_reason() {
    for (text, reason) in [
        ("1p1p1p/p1p1p1/6/6/P1P1P1 w", "has 5 ranks"),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P1 w", "rank 1"),
        (
            "1p1p1p/p1p1p1/6/6/P1P1Q1/1P1P1P w",
            "'Q' in rank 2 is no cube",
        ),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P x", "w or b"),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 1-1", "WHITE/BLACK"),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 10/1", "WHITE/BLACK"),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 x", "quiet count"),
        ("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w 0/0 0 0", "turn number"),
        (
            "6/6/6/6/P1P1P1/1P1P1P w",
            "Black has no cube, and Black has just acted",
        ),
        ("8/8/8/8/8/8/8/p6P w", "8x8 hybrid is not offered"),
        ("1p1p1p w", "has 1 ranks"),
        ("", "is not PLACEMENT SIDE"),
    ] {
        let err = Superial::from_position(text, &options("")).unwrap_err();
        assert!(err.to_string().contains(reason), "{text:?}: {err}");
    }
    assert!(
        Superial::from_position("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w", &options("hybrid=on"))
            .is_err()
    );
}

#[test]
pub(super) fn the_stored_state_reads_back_and_refuses_corruption() {
    let game = play_all(&new_game("random-moves=1"), &["c2-c3", "random", "c3=X"]);
    let json = serde_json::to_value(&game).unwrap();
    let info = GameInfo::find("superial-chess").unwrap();
    let loaded = (info.load)(json.clone()).unwrap();
    assert_eq!(loaded.to_json(), json);
    let mut bad = json.clone();
    bad["board"] = serde_json::json!("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1Q");
    assert!((info.load)(bad).is_err());
}

#[test]
pub(super) fn played_and_replayed_through_the_referees_interface() {
    let info = GameInfo::find("superial-chess").unwrap();
    let game = (info.new)(&options("random-moves=1"), &mut Entropy::for_perft()).unwrap();
    let mut state: Box<dyn AnyGame> = game.clone_box();
    let mut log = Vec::new();
    for (index, (seat, text)) in [(W, "C2-C3 = x"), (B, "random"), (W, "c3=+")]
        .into_iter()
        .enumerate()
    {
        let played = state
            .play_text(seat, text, &mut Entropy::new([8; 32], index as u64))
            .unwrap();
        log.push((seat, played.action, played.notation));
        state = played.state;
    }
    assert_eq!(log[0].2, "c2-c3=X");
    assert_eq!(log[1].2, "random");
    let replayed = replay_log(game, log.iter().map(|(s, a, _)| (*s, a)), [8; 32]);
    assert_eq!(replayed.to_json(), state.to_json());
    // Black has used its random move; White, with one left, is not to act.
    assert!(!state.legal_texts(B).contains(&"random".to_string()));
    assert!(state.legal_texts(W).is_empty());
}

#[test]
pub(super) fn the_history_is_numbered_by_turns_from_the_position() {
    let game = play_all(&new_game(""), &["c2-c3", "b6-b5", "c3-c4"]);
    let numbers: Vec<(u32, crate::rules::Seat)> =
        game.history.iter().map(|h| (h.number, h.seat)).collect();
    assert_eq!(numbers, [(1, W), (1, B), (2, W)]);
    let game = play_all(
        &at("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P b 0/0 0 10", ""),
        &["b6-b5", "c2-c3"],
    );
    let numbers: Vec<(u32, crate::rules::Seat)> =
        game.history.iter().map(|h| (h.number, h.seat)).collect();
    assert_eq!(numbers, [(10, B), (11, W)]);
    assert!(Game::position(&game).ends_with(" 11"));
}
