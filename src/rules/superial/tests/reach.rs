//! The reverse reach against the long way round: on random boards of both
//! sizes, a square is captured by the reach exactly when one of the
//! attacking team's cube actions, played on a copy, captures it.

use crate::rules::Entropy;
use crate::rules::Seat;
use crate::rules::geometry::Square;
use crate::rules::superial::board::{Aspect, Board, Colour, Cube, Token};
use crate::rules::superial::moves::{self, CubeAction};
use crate::rules::superial::reach::{self, Attackers};

/// A cube that can be told apart from the others: the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tagged {
    cube: Cube,
    target: bool,
}

impl Token for Tagged {
    fn team(self) -> Seat {
        self.cube.team
    }
    fn cube(self) -> Option<Cube> {
        Some(self.cube)
    }
    fn with_aspect(self, aspect: Aspect) -> Tagged {
        Tagged {
            cube: self.cube.with_aspect(aspect),
            ..self
        }
    }
    fn turned(self) -> Tagged {
        Tagged {
            cube: self.cube.turned(),
            ..self
        }
    }
}

/// Whether some action of `team`'s cubes captures the token on `target`
/// (wherever a push takes it), every path played on a copy of the board.
fn captured_the_long_way(board: &Board, team: Seat, target: Square) -> bool {
    let mut tagged = Board::<Tagged>::empty(board.size());
    for (square, cube) in board.tokens() {
        let target = square == target;
        tagged.set(square, Some(Tagged { cube, target }));
    }
    board.tokens().any(|(from, cube)| {
        cube.team() == team
            && moves::paths(&tagged, from, cube.aspect)
                .into_iter()
                .any(|path| {
                    let mut after = tagged.clone();
                    moves::play(&mut after, &CubeAction::Move(path));
                    after
                        .tokens()
                        .any(|(_, token)| token.target && token.team() == team)
                })
    })
}

fn random_board(rng: &mut Entropy, size: u8, density: u64) -> Board {
    let mut board = Board::empty(size);
    for square in Board::<Cube>::empty(size).squares() {
        if rng.below(100) < density {
            let team = if rng.below(2) == 0 {
                Seat::White
            } else {
                Seat::Black
            };
            let aspect = Aspect::ALL[rng.below(3) as usize];
            board.set(square, Some(Cube::new(team, aspect)));
        }
    }
    board
}

#[test]
fn the_reverse_reach_finds_exactly_the_captures_of_every_path() {
    let mut rng = Entropy::new([7; 32], 30);
    let mut found = 0;
    for round in 0..3_000 {
        let size = if round % 2 == 0 { 6 } else { 8 };
        let density = 20 + rng.below(60);
        let board = random_board(&mut rng, size, density);
        let tables = reach::tables(size);
        for team in [Seat::White, Seat::Black] {
            let mut cubes = Attackers::default();
            for (square, cube) in board.tokens() {
                let index = square.rank() * size + square.file();
                cubes.occupied |= 1 << index;
                if cube.team == team {
                    cubes.add(index, cube.aspect);
                }
            }
            for (target, cube) in board.tokens().filter(|(_, c)| c.team != team) {
                let expected = captured_the_long_way(&board, team, target);
                let index = target.rank() * size + target.file();
                let got = reach::captures(tables, &cubes, Colour::home(team), index);
                assert_eq!(
                    got,
                    expected,
                    "{cube:?} on {target}, {team} to capture, {}",
                    crate::rules::superial::position::write_placement(&board)
                );
                found += usize::from(got);
            }
        }
    }
    assert!(found > 1_000, "{found} captures seen");
}
