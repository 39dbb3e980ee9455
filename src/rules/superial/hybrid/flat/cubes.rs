//! Whether Black's cubes could capture a white man on a square, on 8x8 by
//! flood fills of whole sets of squares: the reverse reach of
//! [`crate::rules::superial::reach`] (which says why a search over
//! squares is exact), each leg of every chain at once, the torus's
//! diagonals by rotations.

use crate::rules::superial::reach::{self, Attackers, Tables};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares one orthogonal step from `set` on the flat board.
fn orthogonal(set: u64) -> u64 {
    set << 8 | set >> 8 | (set & !FILE_H) << 1 | (set & !FILE_A) >> 1
}

/// The squares one diagonal step from `set` in direction `d` on the
/// torus (the files and ranks wrap around).
fn diagonal(set: u64, d: usize) -> u64 {
    match d {
        // Up and right: +9, or from file h to file a a rank up, +1.
        0 => (set & !FILE_H).rotate_left(9) | (set & FILE_H).rotate_left(1),
        // Down and right: -7, or from file h, -15.
        1 => (set & !FILE_H).rotate_right(7) | (set & FILE_H).rotate_right(15),
        // Down and left: -9, or from file a, -1.
        2 => (set & !FILE_A).rotate_right(9) | (set & FILE_A).rotate_right(1),
        // Up and left: +7, or from file a, +15.
        _ => (set & !FILE_A).rotate_left(7) | (set & FILE_A).rotate_left(15),
    }
}

/// Whether a hopper on one of `hoppers` could jump `target` in a chain.
fn hopped(hoppers: u64, occupied: u64, target: u64) -> bool {
    let around = orthogonal(target);
    let landings = around & !occupied;
    if landings == 0 {
        return false;
    }
    let mut rest = hoppers;
    while rest != 0 {
        let start = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let jumpable = occupied & !start;
        let mut reached = start;
        loop {
            // A hop from a square reached to an empty square beside the
            // man jumped (back where it came from is reached already).
            let new = orthogonal(orthogonal(reached) & jumpable) & !occupied & !reached;
            if new == 0 {
                break;
            }
            reached |= new;
        }
        let from = around & reached;
        // A jump of the target from one square beside it to another.
        if from != 0 && (landings & !from != 0 || (from & (from - 1)) != 0) {
            return true;
        }
    }
    false
}

/// Whether a slasher on one of `slashers` could jump `target` in a chain
/// (across the edges too).
fn slashed(slashers: u64, occupied: u64, target: u64) -> bool {
    // The directions in which the square beyond the target is empty.
    let mut beyond = [false; 4];
    let mut any = false;
    for (d, open) in beyond.iter_mut().enumerate() {
        *open = diagonal(target, d) & !occupied != 0;
        any |= *open;
    }
    if !any {
        return false;
    }
    let mut rest = slashers;
    while rest != 0 {
        let start = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let jumpable = occupied & !start;
        let mut reached = start;
        loop {
            let mut new = 0;
            for d in 0..4 {
                new |= diagonal(diagonal(reached, d) & jumpable, d);
            }
            new &= !occupied & !reached;
            if new == 0 {
                break;
            }
            reached |= new;
        }
        if (0..4).any(|d| beyond[d] && diagonal(reached, d) & target != 0) {
            return true;
        }
    }
    false
}

/// Whether one of Black's cubes `cubes` (home colour black) could capture
/// the white man on `target` with one action: [`reach::captures`] on 8x8.
pub fn captures(tables: &Tables, cubes: &Attackers, target: u8) -> bool {
    let bit = 1u64 << target;
    let on_home = tables.black & bit != 0;
    (!on_home && reach::pushed_onto_home(tables, cubes, target))
        || (on_home && hopped(cubes.hoppers, cubes.occupied, bit))
        || slashed(cubes.slashers, cubes.occupied, bit)
}
