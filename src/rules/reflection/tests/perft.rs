//! Perft from the data file `tests/data/reflection.perft`, through the
//! engine and through the `Game` trait.

use crate::games::GameInfo;
use crate::rules::perft_data::{self, PerftCase};
use crate::rules::reflection::{Config, ReflectionPosition};

const PERFT: &str = include_str!("../../../../tests/data/reflection.perft");

fn cases() -> Vec<PerftCase> {
    perft_data::read(PERFT)
}

fn position(case: &PerftCase) -> ReflectionPosition {
    let config = Config::from_options(&case.options).expect("options");
    match &case.position {
        None => ReflectionPosition::start(config),
        Some(text) => ReflectionPosition::from_text(config, text)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id)),
    }
}

#[test]
fn perft_file_counts_hold() {
    let cases = cases();
    assert!(cases.len() >= 9);
    for case in &cases {
        let position = position(case);
        if let Some(text) = &case.position {
            assert_eq!(&position.text(), text, "{}: round trip", case.id);
        }
        for &(depth, count) in &case.counts {
            assert_eq!(position.perft(depth), count, "{} perft {depth}", case.id);
        }
    }
}

/// The RULINGS counts, from the start of every setup, are in the file.
#[test]
fn the_file_holds_the_rulings_counts() {
    let rulings: &[(&str, u64, u64)] = &[
        ("cross14", 20, 388),
        ("cross14-reverse", 20, 398),
        ("cross12", 20, 396),
        ("cross12-reverse", 20, 392),
        ("cross8", 9, 75),
        ("cross8-reverse", 9, 74),
        ("halves", 10, 100),
        ("halves-reverse", 10, 100),
        ("two-boards", 20, 400),
    ];
    let cases = cases();
    for (id, one, two) in rulings {
        let case = cases.iter().find(|c| c.id == *id).expect(id);
        assert!(case.position.is_none(), "{id} starts from the start");
        assert!(case.counts.contains(&(1, *one)) && case.counts.contains(&(2, *two)));
        assert!(case.counts.iter().any(|(d, _)| *d == 3), "{id}: depth 3");
    }
}
#[test]
fn perft_through_the_game_and_its_name() {
    // As `arbiter perft reflection-teammate N --option ...` does it: the
    // registered constructor and position reader, the trait's perft.
    let info = GameInfo::find("reflection-teammate").expect("registered");
    for case in cases() {
        let game = match &case.position {
            None => (info.new)(&case.options, &mut crate::rules::Entropy::for_perft()),
            Some(text) => (info.from_position)(text, &case.options).map_err(|e| panic!("{e}")),
        }
        .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(game.perft(depth), count, "{} perft {depth}", case.id);
        }
    }
}
