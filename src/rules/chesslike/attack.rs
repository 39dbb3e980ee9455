//! The attack test on bit sets: each side's occupied squares kept next to
//! the cells ([`Occupancy`]), and per square of the board the squares a
//! leaper could attack it from and the squares along each rider's line
//! from it ([`AttackTables`](super::bits::AttackTables), built once with
//! the variant). A leaper is looked for only where the attacking side
//! stands on one of its leap squares, a rider only along the lines where
//! the attacking side has a piece at all.

pub(super) use super::bits::{Bits, BoardView, Occupancy};
use super::tables::NONE;
use super::variant::Variant;
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// The attackers of the square at `target` (as
/// [`Position::is_attacked`](super::Position::is_attacked) judges it),
/// collected into `out`, leaps first, then rides, then pawns; with
/// `first`, stops at the first one found. Whether there is one.
pub(super) fn attackers_on(
    variant: &Variant,
    board: BoardView,
    target: usize,
    by: Seat,
    first: bool,
    out: &mut Vec<Square>,
) -> bool {
    let tables = &variant.tables;
    let attack = &variant.attack;
    let cells = board.cells;
    let theirs = board.occupancy.side(by);
    let attacker = |from: usize, mask: u32| {
        cells[from].is_some_and(|p| {
            p.owner == by && mask & (1 << p.kind.0) != 0 && tables.allows(from, target, true)
        })
    };
    let mut found = false;
    let mut hit = |from: usize, out: &mut Vec<Square>| {
        found = true;
        if !first {
            out.push(tables.square(from));
        }
        first
    };
    if attack.leap_reach[target].meets(theirs) {
        for &(from, mask) in attack.leaps_to(target) {
            let from = from as usize;
            if theirs.contains(from) && attacker(from, mask) && hit(from, out) {
                return true;
            }
        }
    }
    if attack.ride_reach[target].meets(theirs) {
        for (line, &(vector, mask)) in tables.ride_attacks.iter().enumerate() {
            if !attack.ray_bits[target * attack.rides + line].meets(theirs) {
                continue;
            }
            for &from in tables.ray(vector, target) {
                let from = from as usize;
                if cells[from].is_some() {
                    if attacker(from, mask) && hit(from, out) {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    for (index, army) in variant.armies.iter().enumerate() {
        if army.owner != by {
            continue;
        }
        let vectors = tables.pawns[index];
        let pawn_at = |vector: u16| {
            let from = tables.next(vector, target);
            (from != NONE && theirs.contains(from as usize))
                .then_some(from as usize)
                .and_then(|from| cells[from].map(|p| (from, p)))
                .filter(|(from, p)| {
                    p.owner == by
                        && p.army as usize == index
                        && variant.kind(p.kind).pawn
                        && tables.allows(*from, target, true)
                })
        };
        for vector in vectors.back_diagonals {
            if let Some((from, _)) = pawn_at(vector)
                && hit(from, out)
            {
                return true;
            }
        }
        if let Some((from, p)) = pawn_at(vectors.back)
            && variant.attacks_straight(p)
            && hit(from, out)
        {
            return true;
        }
    }
    found
}

/// Adds to `pinned` the pieces of `seat` that pin lines run through from
/// its royal piece at `royal`: a piece first along one of the variant's
/// ride-attack lines from the royal, with an enemy piece next beyond it
/// that attacks along that line. Leaving any other square cannot expose
/// the royal to a rider (leapers and pawns attack over whatever stands
/// between, and a piece landing only blocks).
pub(super) fn pins_on(
    variant: &Variant,
    board: BoardView,
    royal: usize,
    seat: Seat,
    pinned: &mut Bits,
) {
    let tables = &variant.tables;
    let attack = &variant.attack;
    let theirs = board.occupancy.side(seat.other());
    let occupied = board.occupancy.all();
    if !attack.ride_reach[royal].meets(theirs) {
        return;
    }
    for (line, &(vector, mask)) in tables.ride_attacks.iter().enumerate() {
        if !attack.ray_bits[royal * attack.rides + line].meets(theirs) {
            continue;
        }
        let mut blockers = tables
            .ray(vector, royal)
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| occupied.contains(i));
        let (Some(first), Some(beyond)) = (blockers.next(), blockers.next()) else {
            continue;
        };
        let pins = board.occupancy.side(seat).contains(first)
            && board.cells[beyond].is_some_and(|p| {
                p.owner != seat && mask & (1 << p.kind.0) != 0 && tables.allows(beyond, royal, true)
            });
        if pins {
            pinned.insert(first);
        }
    }
}
