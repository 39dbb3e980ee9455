//! Random hybrid games: only legal actions are played, every legal action
//! reads back from its notation and the independent count agrees, every
//! position string reads back to the same position, the log replays to the
//! state, and every game ends or reaches the cap.

use super::options;
use super::reference::Reference;
use crate::rules::chesslike::DrawRule;
use crate::rules::replay_log::replay_log;
use crate::rules::superial::hybrid::HybridAction;
use crate::rules::superial::{SuperialChess, SuperialChessAction};
use crate::rules::{Ending, Entropy, Game, Seat, Status};

const SEED: [u8; 32] = [23; 32];
/// Actions per game at most.
const CAP: usize = 300;

/// Plays one random game from `position` chosen by the stream `game_no`;
/// whether it ended.
fn random_game(position: &str, game_no: u64) -> bool {
    let start = SuperialChess::from_position(position, &options()).unwrap();
    let mut rng = Entropy::new(SEED, 1_000 + game_no);
    let mut game = start.clone();
    let mut log: Vec<(Seat, serde_json::Value)> = Vec::new();
    while log.len() < CAP {
        let Status::Ongoing(dues) = Game::status(&game) else {
            break;
        };
        let seat = dues[0].seat;
        let actions = game.legal_actions(seat);
        assert!(!actions.is_empty(), "an ongoing game with no action");
        if log.len().is_multiple_of(8) {
            // The independent count finds as many plays.
            let plays = actions
                .iter()
                .filter(|a| matches!(a, SuperialChessAction::Hybrid(HybridAction::Play(_))))
                .count() as u64;
            let position = Game::position(&game);
            assert_eq!(plays, Reference::read(&position).perft(1), "{position}");
            for action in &actions {
                let text = game.notation(seat, action);
                assert_eq!(
                    game.parse_action(seat, &text).as_ref(),
                    Ok(action),
                    "{text} in {}",
                    Game::position(&game)
                );
            }
        }
        round_trip(&game);
        let action = &actions[rng.below(actions.len() as u64) as usize];
        assert!(matches!(action, SuperialChessAction::Hybrid(_)));
        let applied = game
            .apply(seat, action, &mut Entropy::new(SEED, log.len() as u64))
            .unwrap_or_else(|e| panic!("legal {action:?} refused: {e}"));
        log.push((seat, serde_json::to_value(action).unwrap()));
        game = applied.state;
    }
    // The last position too, if the position alone ended the game.
    if matches!(
        Game::status(&game).outcome().map(|o| &o.reason),
        Some(
            Ending::Checkmate
                | Ending::AllCubesCaptured(_)
                | Ending::Draw(DrawRule::Stalemate | DrawRule::SeventyFiveMoveRule)
        )
    ) {
        round_trip(&game);
    }
    let replayed = replay_log(Box::new(start), log.iter().map(|(s, a)| (*s, a)), SEED);
    assert_eq!(replayed.to_json(), serde_json::to_value(&game).unwrap());
    // The stored form reads back to the same game.
    let stored: SuperialChess =
        serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
    assert_eq!(stored, game);
    Game::status(&game).outcome().is_some()
}

/// The position string of `game` reads back into a game with the same
/// position string, status and plays. (Claims of a repetition may differ:
/// which positions came before is the game's history, not its position.)
fn round_trip(game: &SuperialChess) {
    let written = Game::position(game);
    let read = SuperialChess::from_position(&written, &options())
        .unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(Game::position(&read), written);
    assert_eq!(Game::status(&read), Game::status(game), "{written}");
    let plays = |game: &SuperialChess| {
        let seat = game.hybrid().expect("a hybrid").side();
        game.hybrid().expect("a hybrid").plays(seat)
    };
    assert_eq!(plays(&read), plays(game), "{written}");
}

#[test]
fn random_hybrid_games() {
    let mut ended = 0;
    for game_no in 0..6 {
        ended += usize::from(random_game(super::super::position::START, game_no));
    }
    // From an open middle game with Black's king, most games end.
    for game_no in 0..6 {
        ended += usize::from(random_game(
            "1o2o2o/o1N1o1o1/3+4/1P1x4/3P4/2N5/PP3PPP/R1BQKB1R b KQ - 0 8",
            100 + game_no,
        ));
    }
    assert!(ended > 0, "no random game ended");
}
