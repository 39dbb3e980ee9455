//! Random games, classic and with random moves: only legal actions are
//! played, every legal action reads back from its notation and the
//! independent count agrees at every position, every position string reads
//! back to the same position, the log replays to the state, and every game
//! ends or reaches the cap.

use super::new_game;
use super::reference::Mailbox;
use crate::rules::replay_log::replay_log;
use crate::rules::superial::{Play, Superial, SuperialAction};
use crate::rules::{Ending, Entropy, Game, Status};

const SEED: [u8; 32] = [11; 32];
/// Actions per game at most: the 75-turn rule ends a game by 150 actions
/// without a capture, so most end well before.
const CAP: usize = 400;

struct Played {
    finished: bool,
    length: usize,
}

/// Plays one random game of `opts` chosen by the stream `game_no`.
fn random_game(opts: &str, game_no: u64) -> Played {
    let start = new_game(opts);
    let mut rng = Entropy::new(SEED, 1_000 + game_no);
    let mut game = start.clone();
    let mut log: Vec<(crate::rules::Seat, serde_json::Value)> = Vec::new();
    while log.len() < CAP {
        let Status::Ongoing(dues) = Game::status(&game) else {
            break;
        };
        let seat = dues[0].seat;
        let actions = game.legal_actions(seat);
        assert!(!actions.is_empty(), "an ongoing game with no action");
        check_position(&game, seat, &actions, log.len().is_multiple_of(8));
        round_trip(&game, opts);
        let action = &actions[rng.below(actions.len() as u64) as usize];
        let stream = log.len() as u64;
        let applied = game
            .apply(seat, action, &mut Entropy::new(SEED, stream))
            .unwrap_or_else(|e| panic!("legal {action:?} refused: {e}"));
        log.push((seat, serde_json::to_value(action).unwrap()));
        game = applied.state;
    }
    // The log replays to the state, from the stored start.
    let replayed = replay_log(Box::new(start), log.iter().map(|(s, a)| (*s, a)), SEED);
    assert_eq!(replayed.to_json(), serde_json::to_value(&game).unwrap());
    // The last position too, if the position alone ended the game (a team
    // with no cube, or with no legal action).
    if matches!(
        game.outcome().map(|o| &o.reason),
        Some(Ending::AllCubesCaptured(_) | Ending::NoLegalAction(_))
    ) {
        round_trip(&game, opts);
    }
    Played {
        finished: game.outcome().is_some(),
        length: log.len(),
    }
}

/// The invariants of one position; with `notation`, that every action
/// reads back from its notation (at every eighth position: it is the slow
/// part).
fn check_position(
    game: &Superial,
    seat: crate::rules::Seat,
    actions: &[SuperialAction],
    notation: bool,
) {
    for action in actions.iter().filter(|_| notation) {
        let text = game.notation(seat, action);
        assert_eq!(
            game.parse_action(seat, &text).as_ref(),
            Ok(action),
            "{text} in {}",
            Game::position(game)
        );
    }
    let plays = actions
        .iter()
        .filter(|a| matches!(a, SuperialAction::Play(_)))
        .count() as u64;
    let throws = if game.plays(seat).contains(&Play::Random) {
        215
    } else {
        0
    };
    let position = Game::position(game);
    assert_eq!(
        plays + throws,
        Mailbox::read(&position).perft(1),
        "{position}"
    );
}

/// The position string of `game` reads back into a game with the same
/// position string, status and plays. (Draw claims may differ: which
/// positions came before is the game's history, not its position.)
fn round_trip(game: &Superial, opts: &str) {
    let written = Game::position(game);
    let read = Superial::from_position(&written, &super::options(opts))
        .unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(Game::position(&read), written);
    assert_eq!(Game::status(&read), Game::status(game), "{written}");
    let seat = game.side();
    assert_eq!(read.plays(seat), game.plays(seat), "{written}");
}

fn run(opts: &str, games: u64) {
    let mut finished = 0;
    let mut total = 0;
    for game_no in 0..games {
        let played = random_game(opts, game_no);
        finished += usize::from(played.finished);
        total += played.length;
    }
    assert!(total > 0);
    // Most random games end: a side is wiped out or immobilised, or a
    // draw comes by itself.
    assert!(
        finished * 2 > games as usize,
        "{finished} of {games} games of {opts:?} ended"
    );
}

#[test]
pub(super) fn random_classic_games() {
    run("", 12);
}

#[test]
pub(super) fn random_games_with_random_moves() {
    run("random-moves=3", 12);
}
