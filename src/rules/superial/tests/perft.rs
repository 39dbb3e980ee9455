//! Perft: the numbers of `tests/data/superial.perft`.

use super::{at, new_game};
use crate::rules::Game;

#[test]
fn classic_start() {
    let game = new_game("");
    assert_eq!(game.perft(1), 57);
    assert_eq!(game.perft(2), 3_249);
}

#[test]
fn random_moves_start() {
    let game = new_game("random-moves=1");
    assert_eq!(game.perft(1), 273);
    assert_eq!(game.perft(2), 78_507);
    let _ = at("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w", "");
}
