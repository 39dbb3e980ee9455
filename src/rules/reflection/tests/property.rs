//! Random legal games of every setup and option, through the `Game` trait,
//! checking after every turn that:
//!
//! - the position string round-trips (and so pairs stand on reflected
//!   squares: reading checks it), and so does the stored game;
//! - the legal turns are the perft(1) count, and a sample of them read back
//!   from their notation;
//! - no two paired pawns face each other (the swap happened), and under
//!   `win=checkmate` the mover's kings are not in check;
//! - pieces leave a paired board only by capture or capture-reflection;
//! - and at the end, replaying the log from the start gives the same game.

use super::Rng;
use crate::rules::chesslike::Position;
use crate::rules::reflection::{
    Board, Config, ReflectionAction, ReflectionPosition, ReflectionTeammate, UNPAIRED, Win,
};
use crate::rules::{AnyGame, Entropy, Game, Options, Status};

const SETUPS: &[&[&str]] = &[
    &["setup=cross14"],
    &["setup=cross14", "symmetry=reverse", "capture-reflection=on"],
    &["setup=cross12", "win=kings"],
    &["setup=cross12", "symmetry=reverse"],
    &[
        "setup=cross8",
        "queen-promotion=on",
        "capture-reflection=on",
    ],
    &["setup=cross8", "symmetry=reverse", "win=kings"],
    &["setup=halves"],
    &[
        "setup=halves",
        "symmetry=reverse",
        "win=kings",
        "capture-reflection=on",
    ],
    &["setup=two-boards"],
];

fn pieces(position: &ReflectionPosition) -> usize {
    match position.board() {
        Board::Pairs(p) => p.pieces().count(),
        Board::Two(two) => two.boards.iter().map(|b| b.pieces().count()).sum(),
    }
}

/// No two paired pawns each stand on the square straight ahead of the other.
fn no_facing_pairs(config: &Config, p: &Position) -> bool {
    p.pieces().all(|(square, piece)| {
        if !p.is_pawn(piece) || piece.marks.has(UNPAIRED) {
            return true;
        }
        let (fx, fy) = p.variant().army(piece.army).forward;
        let ahead = p.variant().geometry.offset(square, fx, fy);
        ahead != Some(config.reflect(piece.owner, square))
            || !p
                .piece_at(config.reflect(piece.owner, square))
                .is_some_and(|m| p.is_pawn(m))
    })
}

fn check_position(game: &ReflectionTeammate, rng: &mut Rng) {
    let position = game.current();
    let config = *position.config();
    let text = position.text();
    let back =
        ReflectionPosition::from_text(config, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.text(), text);
    if let Board::Pairs(p) = position.board() {
        assert!(no_facing_pairs(&config, p), "{text}");
    }
    let seat = position.turn();
    let legal = position.legal_turns();
    if game.outcome().is_none() {
        assert_eq!(position.perft(1), legal.len() as u64, "{text}");
        for _ in 0..3.min(legal.len()) {
            let turn = legal[rng.below(legal.len())];
            let action = ReflectionAction::Turn(turn);
            let written = game.notation(seat, &action);
            assert_eq!(
                game.parse_action(seat, &written),
                Ok(action),
                "{written} in {text}"
            );
        }
    }
}

#[test]
fn random_games_of_every_setup_keep_the_rules() {
    let mut rng = Rng::new(2010);
    let mut turns = 0;
    for words in SETUPS {
        let options = Options::parse(words.iter()).unwrap();
        let config = Config::from_options(&options).unwrap();
        for _ in 0..4 {
            let start = ReflectionTeammate::new(&options, &mut Entropy::for_perft()).unwrap();
            let mut game = start.clone();
            let mut log = Vec::new();
            for _ in 0..60 {
                check_position(&game, &mut rng);
                let Status::Ongoing(dues) = Game::status(&game) else {
                    break;
                };
                let seat = dues[0].seat;
                let played = game.current().legal();
                let pick = &played[rng.below(played.len())];
                let before = pieces(game.current());
                let action = ReflectionAction::Turn(pick.turn);
                let applied = game
                    .apply(seat, &action, &mut Entropy::for_perft())
                    .unwrap();
                let next = applied.state;
                let gone = pick.effects.captured.len() + pick.effects.removed.len();
                let two_boards = matches!(game.current().board(), Board::Two(_));
                assert!(
                    two_boards || pieces(next.current()) == before - gone,
                    "{} in {} gives {} ({:?})",
                    pick.turn,
                    game.current().text(),
                    next.current().text(),
                    pick.effects
                );
                if config.win == Win::Checkmate {
                    assert!(!next.current().in_check(seat), "{}", pick.turn);
                }
                log.push(serde_json::to_value(action).unwrap());
                game = next;
                turns += 1;
            }
            // The stored game reads back, and the log replays to it.
            let stored: ReflectionTeammate =
                serde_json::from_value(AnyGame::to_json(&game)).unwrap();
            assert_eq!(stored, game);
            let mut replay: Box<dyn AnyGame> = Box::new(start);
            for action in &log {
                let Status::Ongoing(dues) = replay.status() else {
                    panic!("the game goes on while there are actions");
                };
                let seat = dues[0].seat;
                replay = replay
                    .replay(seat, action, &mut Entropy::for_perft())
                    .unwrap()
                    .state;
            }
            assert_eq!(replay.to_json(), AnyGame::to_json(&game));
        }
    }
    assert!(turns > 1500, "{turns}");
}
