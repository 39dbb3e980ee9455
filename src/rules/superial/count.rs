//! Perft of the classic game on the flat board of `flat`: the same tree
//! of plays as [`Superial::after`](super::Superial) makes, counted without
//! allocating per play, notation or history.
//!
//! The repetition record is a stack of 117-bit keys (three bits a cell,
//! the side, the random moves left) since the last random move. At the
//! last depth a node's plays are counted, not played.

use super::board::Board;
use super::flat::{AREA, BLACK, Node, bit, can_act, moved, paths, read_key};
use super::reach::{Tables, tables};
use super::settings::SIZE;
use crate::rules::Seat;

/// Throws of a random move: file, rank, face.
const THROWS: u64 = 216;

/// The plays of the side to act of `node` (not over): how many, at the
/// last depth.
fn plays(node: &Node, tables: &Tables) -> u64 {
    let changes = !node.home(tables);
    let mut count = 0;
    let mut own = node.own();
    while own != 0 {
        let from = own.trailing_zeros() as u8;
        own &= own - 1;
        paths(node, tables, from, &mut |to, _| {
            count += if changes & bit(to) != 0 { 3 } else { 1 };
        });
        if changes & bit(from) != 0 {
            count += 2;
        }
    }
    if node.random_left[node.side] > 0 {
        count += THROWS;
    }
    count
}

/// The counter: the repetition record of the walk (keys since the last
/// random move, the current position's last) above the root's.
pub(super) struct Counter {
    tables: &'static Tables,
    record: Vec<u128>,
    /// Where the record since the last random move starts.
    base: usize,
}

impl Counter {
    /// Whether the game is over in `node`, its key last on the record: no
    /// cube, no legal action, fivefold repetition or 75 turns.
    fn over(&self, node: &Node) -> bool {
        let record = &self.record[self.base..];
        let current = record[record.len() - 1];
        node.own() == 0
            || !can_act(node, self.tables)
            || (record.len() >= 5 && record.iter().filter(|k| **k == current).count() >= 5)
            || node.quiet >= 150
    }

    /// The leaves `depth` plays below `node`, which the record ends with.
    fn below(&mut self, node: &Node, depth: u32) -> u64 {
        if depth == 1 {
            return plays(node, self.tables);
        }
        let tables = self.tables;
        let home = node.home(tables);
        let changes = !home;
        let mut total = 0;
        let mut own = node.own();
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let cell = node.cells[from as usize];
            paths(node, tables, from, &mut |to, path| {
                let (next, captured) = moved(node, tables, home, from, to, path);
                let captured = captured != 0;
                total += self.after(next.handed_over(captured), false, depth - 1);
                if changes & bit(to) != 0 {
                    for aspect in [1, 2, 3].into_iter().filter(|a| *a != cell & 3) {
                        let mut changed = next;
                        changed.cells[to as usize] = cell & BLACK | aspect;
                        total += self.after(changed.handed_over(captured), false, depth - 1);
                    }
                }
            });
            if changes & bit(from) != 0 {
                for aspect in [1, 2, 3].into_iter().filter(|a| *a != cell & 3) {
                    let mut changed = *node;
                    changed.cells[from as usize] = cell & BLACK | aspect;
                    total += self.after(changed.handed_over(false), false, depth - 1);
                }
            }
        }
        if node.random_left[node.side] > 0 {
            for square in 0..AREA as u8 {
                for face in 0..6u8 {
                    let mut next = *node;
                    let aspect = face % 3 + 1;
                    let cell = match node.cells[square as usize] {
                        0 if face < 3 => aspect,
                        0 => aspect | BLACK,
                        cell => cell & BLACK | aspect,
                    };
                    next.put(square, cell);
                    next.random_left[node.side] -= 1;
                    let mut next = next.handed_over(true);
                    next.quiet = 0;
                    total += self.after(next, true, depth - 1);
                }
            }
        }
        total
    }

    /// The leaves `depth` plays below the position `next` a play made;
    /// `random` when it was a random move (which starts a new record).
    fn after(&mut self, next: Node, random: bool, depth: u32) -> u64 {
        let base = self.base;
        if random {
            self.base = self.record.len();
        }
        self.record.push(next.key());
        let leaves = if self.over(&next) {
            0
        } else {
            self.below(&next, depth)
        };
        self.record.pop();
        self.base = base;
        leaves
    }
}

/// Perft of a classic game's position: the leaves `depth` plays deep below
/// `board` with `side` to act, `random_left` random moves left, `quiet`
/// actions since the last capture or random move and `record` the
/// repetition keys since the last random move (as the game writes them,
/// the current position's last). The position must not be over.
pub(super) fn perft(
    board: &Board,
    side: Seat,
    random_left: [u8; 2],
    quiet: u32,
    record: &[String],
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut counter = Counter {
        tables: tables(SIZE),
        record: record.iter().map(|key| read_key(key)).collect(),
        base: 0,
    };
    let root = Node::new(board, side, random_left, quiet);
    if counter.record.is_empty() {
        counter.record.push(root.key());
    }
    counter.below(&root, depth)
}
