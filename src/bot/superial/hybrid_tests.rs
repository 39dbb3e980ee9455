//! The hybrid's flat search position against the game itself.

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::hybrid::{HybridChoice, HybridFlat};
use super::tests::random_walk;
use crate::bot::alphabeta::generic::Searchable;
use crate::bot::{Playable, Standing};
use crate::rules::perft_data;
use crate::rules::superial::hybrid::HybridAction;
use crate::rules::superial::{SuperialChess, SuperialChessAction};
use crate::rules::{Entropy, Game, Seat};

const PERFT: &str = include_str!("../../../tests/data/superial.perft");

/// Hybrid games of random plays from the perft file's positions, every
/// position along them.
fn positions() -> Vec<SuperialChess> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut entropy = Entropy::for_perft();
    let mut found = Vec::new();
    let cases = perft_data::read(PERFT);
    for case in cases
        .iter()
        .filter(|c| c.options.get("hybrid") == Some("on"))
    {
        for _ in 0..2 {
            let state = SuperialChess::from_position(case.position(), &case.options).unwrap();
            random_walk(state, 30, &mut rng, &mut entropy, &mut found);
        }
    }
    found
}

fn hybrid_of(state: &SuperialChess) -> &crate::rules::superial::hybrid::Hybrid {
    match state {
        SuperialChess::Hybrid(game) => game,
        SuperialChess::Classic(_) => panic!("not a hybrid"),
    }
}

/// The positions (as the flat position's key) after each play of `seat`
/// in `state`, each with where the game then stands, sorted.
fn game_children(state: &SuperialChess, seat: Seat) -> Vec<(u64, Standing)> {
    let mut children: Vec<(u64, Standing)> = Playable::choices(state, seat)
        .iter()
        .filter(|a| matches!(a, SuperialChessAction::Hybrid(HybridAction::Play(_))))
        .map(|action| {
            let after = Playable::advance(state, seat, action, &mut Entropy::for_perft());
            let key = HybridFlat::of(hybrid_of(&after)).search_key();
            (key, Playable::standing(&after))
        })
        .collect();
    children.sort_by_key(|(key, _)| *key);
    children
}

#[test]
fn the_flat_position_plays_what_the_hybrid_game_plays() {
    let positions = positions();
    assert!(positions.len() > 200, "{}", positions.len());
    for state in positions {
        let seat = Playable::standing(&state).actor().unwrap();
        let game = hybrid_of(&state);
        let flat = HybridFlat::of(game);
        let position = Game::position(&state);
        let mut choices = Vec::new();
        flat.choices_into(seat, &mut choices);
        let mut children: Vec<(u64, Standing)> = choices
            .iter()
            .filter(|c| matches!(c, HybridChoice::Play(_)))
            .map(|choice| {
                let child = flat.advance(seat, choice, &mut Entropy::for_perft());
                (child.search_key(), child.standing())
            })
            .collect();
        children.sort_by_key(|(key, _)| *key);
        assert_eq!(children, game_children(&state, seat), "{position}");
        let claims = Playable::choices(&state, seat)
            .contains(&SuperialChessAction::Hybrid(HybridAction::ClaimDraw));
        assert_eq!(choices.contains(&HybridChoice::Claim), claims, "{position}");
        // The evaluation is the game's.
        let (flat_value, game_value) = (flat.evaluate(seat), Playable::evaluate(&state, seat));
        assert!(
            (flat_value - game_value).abs() < 1e-9,
            "{flat_value} against {game_value} in {position}"
        );
        for choice in &choices {
            let HybridChoice::Play(play) = choice else {
                continue;
            };
            let child = flat.advance(seat, choice, &mut Entropy::for_perft());
            let action = SuperialChessAction::Hybrid(flat.action_of(game, *choice));
            let after = Playable::advance(&state, seat, &action, &mut Entropy::for_perft());
            assert_eq!(
                HybridFlat::of(hybrid_of(&after)).search_key(),
                child.search_key(),
                "{play:?} in {position}"
            );
            // Noisy exactly when the opponent loses a man (taken, or
            // turned over) or a pawn promotes.
            let men = |state: &SuperialChess| {
                let game = hybrid_of(state);
                game.position()
                    .pieces()
                    .filter(|(_, p)| p.owner == seat.other())
                    .count()
            };
            let promotes = matches!(
                play,
                crate::rules::superial::hybrid::flat::plays::FlatPlay::Piece(mv)
                    if mv.promotion != 0
            );
            assert_eq!(
                flat.noisy(choice),
                men(&after) < men(&state) || promotes,
                "{play:?} in {position}"
            );
        }
    }
}

#[test]
fn the_hybrid_search_answers_a_legal_action() {
    super::tests::search_answers_legal_actions(positions().into_iter().step_by(23));
}
