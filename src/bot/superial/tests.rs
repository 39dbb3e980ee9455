//! The classic game's flat search position against the game itself.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::classic::{Flat, FlatPlay};
use crate::bot::alphabeta::generic::Searchable;
use crate::bot::clock::Wall;
use crate::bot::{Budget, Level, Playable, Standing};
use crate::rules::superial::{Play, SuperialAction, SuperialChess, SuperialChessAction};
use crate::rules::{Entropy, Game, Options, Seat};

/// Classic games of random plays (random moves among them), every
/// position along them.
fn positions() -> Vec<SuperialChess> {
    let mut rng = StdRng::seed_from_u64(5);
    let mut entropy = Entropy::for_perft();
    let mut found = Vec::new();
    for options in [&[][..], &["random-moves=2"][..]] {
        let options = Options::parse(options.iter().copied()).unwrap();
        for _ in 0..3 {
            let state = SuperialChess::new(&options, &mut entropy).unwrap();
            random_walk(state, 60, &mut rng, &mut entropy, &mut found);
        }
    }
    found
}

/// Plays up to `plies` random actions from `state`, keeping every position
/// met with a seat to act.
pub(super) fn random_walk(
    mut state: SuperialChess,
    plies: usize,
    rng: &mut StdRng,
    entropy: &mut Entropy,
    found: &mut Vec<SuperialChess>,
) {
    for _ in 0..plies {
        let Some(seat) = Playable::standing(&state).actor() else {
            break;
        };
        found.push(state.clone());
        let actions = Playable::choices(&state, seat);
        let action = &actions[rng.random_range(0..actions.len())];
        state = Playable::advance(&state, seat, action, entropy);
    }
}

/// The boards (as the flat position's key) after each cube play of `seat`
/// in `state`, each with where the game then stands, sorted.
fn game_children(state: &SuperialChess, seat: Seat) -> Vec<(u64, Standing)> {
    let mut children: Vec<(u64, Standing)> = Playable::choices(state, seat)
        .iter()
        .filter(|action| {
            matches!(
                action,
                SuperialChessAction::Classic(SuperialAction::Play(Play::Cube(_)))
            )
        })
        .map(|action| {
            let after = Playable::advance(state, seat, action, &mut Entropy::for_perft());
            let classic = after.classic().unwrap();
            (Flat::of(classic).search_key(), Playable::standing(&after))
        })
        .collect();
    children.sort_by_key(|(key, _)| *key);
    children
}

#[test]
fn the_flat_position_plays_what_the_classic_game_plays() {
    let positions = positions();
    assert!(positions.len() > 200);
    for state in positions {
        let seat = Playable::standing(&state).actor().unwrap();
        let game = state.classic().unwrap();
        let flat = Flat::of(game);
        let mut plays = Vec::new();
        flat.choices_into(seat, &mut plays);
        let mut children: Vec<(u64, Standing)> = plays
            .iter()
            .filter(|play| matches!(play, FlatPlay::Cube { .. } | FlatPlay::Change { .. }))
            .map(|play| {
                let child = flat.advance(seat, play, &mut Entropy::for_perft());
                (child.search_key(), child.standing())
            })
            .collect();
        children.sort_by_key(|(key, _)| *key);
        let position = Game::position(&state);
        assert_eq!(children, game_children(&state, seat), "{position}");
        // The random move and the claim, as the game lists them.
        let listed = Playable::choices(&state, seat);
        let has = |action: SuperialAction| listed.contains(&SuperialChessAction::Classic(action));
        assert_eq!(
            plays.contains(&FlatPlay::Random),
            has(SuperialAction::Play(Play::Random)),
            "{position}"
        );
        assert_eq!(
            plays.contains(&FlatPlay::Claim),
            has(SuperialAction::ClaimDraw),
            "{position}"
        );
        for play in &plays {
            // Noisy exactly when the actor gains cubes (a capture turns
            // an enemy cube over); every play is the game's, by its board.
            let child = flat.advance(seat, play, &mut Entropy::for_perft());
            if matches!(play, FlatPlay::Cube { .. } | FlatPlay::Change { .. }) {
                assert_eq!(
                    flat.noisy(play),
                    child.cubes(seat) > flat.cubes(seat),
                    "{play:?} in {position}"
                );
                let action = SuperialChessAction::Classic(flat.action_of(game, *play));
                let after = Playable::advance(&state, seat, &action, &mut Entropy::for_perft());
                assert_eq!(
                    Flat::of(after.classic().unwrap()).search_key(),
                    child.search_key()
                );
            }
        }
    }
}

#[test]
fn the_classic_search_answers_a_legal_action() {
    search_answers_legal_actions(positions().into_iter().step_by(17));
}

/// The search, at each level in turn, answers an action the rules accept
/// in each of `states`.
pub(super) fn search_answers_legal_actions(states: impl Iterator<Item = SuperialChess>) {
    for (i, state) in states.enumerate() {
        let seat = Playable::standing(&state).actor().unwrap();
        let searched = SuperialChess::searched(
            &state,
            seat,
            Level::new(1 + (i % 3) as u8).unwrap(),
            Budget::iterations(20),
            &Wall::start(),
            &mut StdRng::seed_from_u64(i as u64),
        )
        .unwrap()
        .unwrap();
        let position = Game::position(&state);
        assert!(
            state.parse_action(seat, &searched.text).is_ok(),
            "{} in {position}",
            searched.text
        );
    }
}
