//! The attack test on bit sets: each side's occupied squares kept next to
//! the cells ([`Occupancy`]), and per square of the board the squares a
//! leaper could attack it from and the squares along each rider's line
//! from it ([`AttackTables`], built once with the variant). A leaper is
//! looked for only where the attacking side stands on one of its leap
//! squares, a rider only along the lines where the attacking side has a
//! piece at all.

use super::pieces::Piece;
use super::tables::{NONE, Tables};
use super::variant::Variant;
use crate::rules::Seat;
use crate::rules::geometry::Square;

/// A set of dense board indices (any board up to 16x16: 256 squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bits([u64; 4]);

impl Bits {
    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn meets(&self, other: &Bits) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    #[inline]
    pub fn union(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// The indices, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(w, word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(w * 64 + i)
            })
        })
    }
}

/// The squares each side's pieces stand on, by dense index: kept in step
/// with a board's cells by whoever writes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Occupancy([Bits; 2]);

impl Occupancy {
    /// The occupancy of a board of cells.
    pub fn of(cells: &[Option<Piece>]) -> Occupancy {
        let mut occupancy = Occupancy::default();
        for (index, cell) in cells.iter().enumerate() {
            occupancy.set(index, *cell);
        }
        occupancy
    }

    /// Records what a cell now holds.
    #[inline]
    pub fn set(&mut self, index: usize, piece: Option<Piece>) {
        self.0[0].remove(index);
        self.0[1].remove(index);
        if let Some(p) = piece {
            self.0[p.owner.index()].insert(index);
        }
    }

    /// The squares of `seat`'s pieces.
    #[inline]
    pub fn side(&self, seat: Seat) -> &Bits {
        &self.0[seat.index()]
    }

    /// Every occupied square.
    pub fn all(&self) -> Bits {
        self.0[0].union(&self.0[1])
    }
}

/// Per square, where attackers of it may stand: the leap squares (each
/// with the kinds that attack by that leap), and each ride-attack line
/// outward as a set (as a list, nearest first, it is [`Tables::ray`]).
#[derive(Clone, Default, PartialEq, Eq)]
pub(super) struct AttackTables {
    rides: usize,
    /// Per square: every square a leap attack comes from.
    leap_reach: Vec<Bits>,
    /// Per square, `leaps[leap_start[i]..leap_start[i + 1]]`: a leap
    /// attack's origin and its kinds bit mask, in the order of
    /// [`Tables::leap_attacks`].
    leap_start: Vec<u32>,
    leaps: Vec<(u16, u32)>,
    /// Per square: every square on one of its ride-attack lines.
    ride_reach: Vec<Bits>,
    /// Per square and ride-attack line (`square * rides + line`): the
    /// line's squares.
    ray_bits: Vec<Bits>,
}

impl std::fmt::Debug for AttackTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AttackTables({} squares)", self.leap_reach.len())
    }
}

impl AttackTables {
    pub fn new(tables: &Tables, area: usize) -> AttackTables {
        let rides = tables.ride_attacks.len();
        let mut out = AttackTables {
            rides,
            ..AttackTables::default()
        };
        for square in 0..area {
            let mut reach = Bits::default();
            out.leap_start.push(out.leaps.len() as u32);
            for &(vector, mask) in &tables.leap_attacks {
                let from = tables.next(vector, square);
                if from != NONE {
                    reach.insert(from as usize);
                    out.leaps.push((from, mask));
                }
            }
            out.leap_reach.push(reach);
            let mut all_rides = Bits::default();
            for &(vector, _) in &tables.ride_attacks {
                let mut line = Bits::default();
                for &at in tables.ray(vector, square) {
                    line.insert(at as usize);
                }
                all_rides = all_rides.union(&line);
                out.ray_bits.push(line);
            }
            out.ride_reach.push(all_rides);
        }
        out.leap_start.push(out.leaps.len() as u32);
        out
    }

    /// The leap attacks on `square`: origin and kinds.
    #[inline]
    fn leaps_to(&self, square: usize) -> &[(u16, u32)] {
        &self.leaps[self.leap_start[square] as usize..self.leap_start[square + 1] as usize]
    }
}

/// A board as the attack test reads it: its cells and their occupancy.
#[derive(Clone, Copy)]
pub(super) struct BoardView<'a> {
    pub cells: &'a [Option<Piece>],
    pub occupancy: &'a Occupancy,
}

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
