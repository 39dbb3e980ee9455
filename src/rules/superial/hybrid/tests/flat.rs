//! The flat position (`hybrid::flat`) against the layer's: the same plays
//! leaving the same positions, along walks from every perft position.

use super::super::actions::{legal_plays, make, perft_by_plays};
use super::super::flat::{Node, count, cubes, plays};
use crate::rules::chesslike::Position;
use crate::rules::perft_data;
use crate::rules::superial::board::{Aspect, Colour};
use crate::rules::superial::hybrid::position;
use crate::rules::superial::reach::{self, Attackers};

const PERFT: &str = include_str!("../../../../../tests/data/superial.perft");

fn file_positions() -> Vec<Position> {
    perft_data::read(PERFT)
        .into_iter()
        .filter(|c| c.options.get("hybrid") == Some("on"))
        .map(|c| position::read(c.position()).expect("a hybrid position"))
        .collect()
}

/// What tells two nodes apart, sortable.
type Shape = ([u8; 64], usize, u8, u8, u8, u32);

fn shape(node: &Node) -> Shape {
    (
        node.cells,
        node.side,
        node.castling,
        node.skipped,
        node.ep_pawn,
        node.halfmoves,
    )
}

/// The positions the layer's plays leave, and the flat position's.
fn children(position: &Position) -> (Vec<Shape>, Vec<Shape>) {
    let mut layer: Vec<Shape> = legal_plays(position)
        .iter()
        .map(|play| shape(&Node::of(&make(position, play).0)))
        .collect();
    let mut flat = Vec::new();
    let _ = plays::visit(&Node::of(position), &mut |_, next| {
        flat.push(shape(next));
        std::ops::ControlFlow::Continue(())
    });
    layer.sort_unstable();
    flat.sort_unstable();
    (layer, flat)
}

#[test]
fn the_flat_position_plays_what_the_layer_plays() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for start in file_positions() {
        for walk in 0..8 {
            let mut position = start.clone();
            for ply in 0..60 {
                let (layer, flat) = children(&position);
                let only_layer: Vec<_> = layer.iter().filter(|s| !flat.contains(s)).collect();
                let only_flat: Vec<_> = flat.iter().filter(|s| !layer.contains(s)).collect();
                assert!(
                    layer == flat,
                    "walk {walk} ply {ply} from {}: {} and {} plays; only the layer's: \
                     {only_layer:?}; only the flat's: {only_flat:?}",
                    position::write(&position),
                    layer.len(),
                    flat.len(),
                );
                checked += 1;
                let plays = legal_plays(&position);
                if plays.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let play = &plays[(seed % plays.len() as u64) as usize];
                position = make(&position, play).0;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn the_flat_count_is_the_layers() {
    for position in file_positions() {
        for depth in 1..=2 {
            assert_eq!(
                count::perft(&Node::of(&position), depth),
                perft_by_plays(&position, depth),
                "{} depth {depth}",
                position::write(&position)
            );
        }
    }
}

/// Every square, with Black's cubes of `node` as attackers.
fn attackers(node: &Node) -> Attackers {
    let mut cubes = Attackers {
        occupied: node.occupied,
        ..Attackers::default()
    };
    for square in 0..64u8 {
        let aspect = match super::super::flat::aspect(node.cells[square as usize]) {
            0 => continue,
            1 => Aspect::Pusher,
            2 => Aspect::Hopper,
            _ => Aspect::Slasher,
        };
        cubes.add(square, aspect);
    }
    cubes
}

#[test]
fn the_flood_fills_find_the_reverse_reachs_captures() {
    let tables = reach::tables(8);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (mut checked, mut found) = (0, 0);
    for start in file_positions() {
        for _ in 0..6 {
            let mut position = start.clone();
            for _ in 0..60 {
                let node = Node::of(&position);
                let cubes = attackers(&node);
                let mut white = node.occupied & !node.black;
                while white != 0 {
                    let target = white.trailing_zeros() as u8;
                    white &= white - 1;
                    let expected = reach::captures(tables, &cubes, Colour::Black, target);
                    assert_eq!(
                        cubes::captures(tables, &cubes, target),
                        expected,
                        "{} on {target}",
                        position::write(&position)
                    );
                    checked += 1;
                    found += usize::from(expected);
                }
                let plays = legal_plays(&position);
                if plays.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position = make(&position, &plays[(seed % plays.len() as u64) as usize]).0;
            }
        }
    }
    assert!(checked > 5_000 && found > 200, "{checked} {found}");
}
