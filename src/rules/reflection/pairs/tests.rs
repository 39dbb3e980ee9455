//! The judge against making each candidate, through the trees of every
//! position of the perft file (the data's counts pin the judge only
//! where a wrong answer changes a count), and a chosen turn's candidate
//! found from its own pieces against the full list.

use super::*;
use crate::rules::perft_data;
use crate::rules::reflection::config::Layout;

fn walk(config: &Config, position: &Position, depth: u32) {
    let mut judge = Judge::new(config, position);
    for candidate in candidates(config, position) {
        let (next, _) = make(config, position, &candidate);
        let made = kings_safe(config, &next, position.turn());
        let judged = judge.safe(config, position, &candidate);
        assert_eq!(judged, made, "{} {}", position.fen(), candidate.turn());
        if made && depth > 1 {
            walk(config, &next, depth - 1);
        }
    }
}

/// Every position of the perft file but the two-boards ones, with its
/// configuration.
fn cross_and_halves_positions() -> Vec<(Config, Position)> {
    let file = include_str!("../../../../tests/data/reflection.perft");
    perft_data::read(file)
        .into_iter()
        .filter_map(|case| {
            let config = Config::from_options(&case.options).expect("options");
            if config.layout == Layout::TwoBoards {
                return None;
            }
            let position = match &case.position {
                Some(text) => Position::from_fen(config.variant(), text).expect(&case.id),
                None => config.start(),
            };
            Some((config, position))
        })
        .collect()
}

/// A turn's candidate found from its own pieces is the one the full
/// list gives, for every candidate of every position of the file.
#[test]
fn a_turns_candidate_is_found_from_its_pieces() {
    for (config, position) in cross_and_halves_positions() {
        let listed = candidates(&config, &position);
        for candidate in &listed {
            let turn = candidate.turn();
            let first = listed.iter().find(|c| c.turn() == turn).copied();
            assert_eq!(candidate_of(&config, &position, &turn), first, "{turn}");
            if let Some(made) = make_first(&config, &position, candidate) {
                let turns = candidates(&config, &made);
                for next in turns.iter().take(40) {
                    let turn = next.turn();
                    let first = turns.iter().find(|c| c.turn() == turn).copied();
                    assert_eq!(candidate_of(&config, &made, &turn), first, "{turn}");
                }
            }
        }
    }
}

/// The position a candidate makes, if it leaves the mover's kings safe.
fn make_first(config: &Config, position: &Position, candidate: &Candidate) -> Option<Position> {
    let (next, _) = make(config, position, candidate);
    kings_safe(config, &next, position.turn()).then_some(next)
}

#[test]
fn the_judge_agrees_with_making_each_turn() {
    for (config, position) in cross_and_halves_positions() {
        walk(&config, &position, 2);
    }
}
