//! One round of the Dutch system (C.04.3): each score bracket from the
//! top (the last one's unpaired player gets the bye), paired by a search
//! over the Dutch candidates in their documented order (`candidates.rs`:
//! S2 transposed, then S1 and S2 exchanged), each candidate judged by the
//! absolute criteria C1-C3 and the completion criterion C4 (here), then
//! by the quality criteria in order (`quality.rs`); the first candidate
//! that meets every quality criterion as well as a bracket can is taken,
//! else the best one found.

use std::cmp::Reverse;
use std::collections::HashMap;

use super::colour::{absolute, allocate};
use super::{Board, Colour, Pairing, Player};

/// The most players a Swiss pairs (the search keeps sets of players in a
/// 128-bit mask).
pub const MAX_PLAYERS: usize = 128;

/// How many steps (partial candidates extended, whole ones judged) a
/// bracket's search takes before it settles for the best candidate found.
const STEPS: usize = 200_000;

type Mask = u128;

mod candidates;
mod quality;

use self::quality::Search;

struct Round<'a> {
    /// In ranking order (score, then pairing number).
    players: Vec<&'a Player>,
    topscorer: Vec<bool>,
    absolute: Vec<Option<Colour>>,
    initial: Colour,
    memo: HashMap<Mask, bool>,
    completable: HashMap<Mask, bool>,
    most_pairs: HashMap<Mask, usize>,
    /// Each pair's cost, once worked out (the search meets the same pairs
    /// in many candidates).
    pair_costs: HashMap<(usize, usize), ([usize; 8], u32)>,
}

/// Pairs round `round` of `rounds` for `players` (those to be paired:
/// not withdrawn), `initial` the colour drawn by lot for the top seed.
/// `None` when no pairing satisfies the absolute criteria (C1-C3) and no
/// bye can be given (C2).
pub fn pair_round(players: &[Player], round: u32, rounds: u32, initial: Colour) -> Option<Pairing> {
    if players.len() > MAX_PLAYERS {
        return None;
    }
    let mut ranked: Vec<&Player> = players.iter().collect();
    ranked.sort_by_key(|p| (Reverse(p.points), p.number));
    let topscorer = ranked
        .iter()
        .map(|p| round == rounds && p.points > round.saturating_sub(1))
        .collect();
    let absolute = ranked.iter().map(|p| absolute(p)).collect();
    let mut r = Round {
        players: ranked,
        topscorer,
        absolute,
        initial,
        memo: HashMap::new(),
        completable: HashMap::new(),
        most_pairs: HashMap::new(),
        pair_costs: HashMap::new(),
    };
    let n = r.players.len();
    let all: Mask = if n == 0 { 0 } else { Mask::MAX >> (128 - n) };
    // The bye is left by the last bracket, as its one downfloater (C.04.3
    // A.1 and C5-C6); C2 only says who may have it.
    if !r.completable(all) {
        return None;
    }
    let pool = all;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    let mut scores: Vec<u32> = (0..n)
        .filter(|i| pool & (1 << i) != 0)
        .map(|i| r.players[i].points)
        .collect();
    scores.dedup();
    for &score in &scores {
        let mut bracket = carried.clone();
        bracket.extend((0..n).filter(|&i| pool & (1 << i) != 0 && r.players[i].points == score));
        let rest: Mask = (0..n)
            .filter(|&i| pool & (1 << i) != 0 && r.players[i].points < score)
            .fold(0, |m, i| m | 1 << i);
        let (found, floaters) = r.bracket(&bracket, rest);
        pairs.extend(found);
        carried = floaters;
    }
    debug_assert!(carried.len() == n % 2);
    let bye = carried.first().copied();
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (h, l) = (r.players[a], r.players[b]);
            match allocate(h, l, r.initial) {
                Colour::White => Board {
                    white: h.number,
                    black: l.number,
                },
                Colour::Black => Board {
                    white: l.number,
                    black: h.number,
                },
            }
        })
        .collect();
    let points = |n: u32| {
        players
            .iter()
            .find(|p| p.number == n)
            .map_or(0, |p| p.points)
    };
    boards.sort_by_key(|b| {
        let (pw, pb) = (points(b.white), points(b.black));
        (Reverse(pw.max(pb)), Reverse(pw + pb), b.white.min(b.black))
    });
    Some(Pairing {
        boards,
        bye: bye.map(|i| r.players[i].number),
    })
}

impl Round<'_> {
    /// C1 and C3: not met before, and not two non-topscorers with the same
    /// absolute colour preference.
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.players[a], self.players[b]);
        if pa.opponents.contains(&pb.number) {
            return false;
        }
        let both_absolute =
            matches!((self.absolute[a], self.absolute[b]), (Some(x), Some(y)) if x == y);
        !(both_absolute && !self.topscorer[a] && !self.topscorer[b])
    }

    /// Whether the players of `mask` can all be paired but, when they are
    /// odd, one who may have the bye (C4's test, with C2).
    fn completable(&mut self, mask: Mask) -> bool {
        if mask.count_ones().is_multiple_of(2) {
            return self.matchable(mask);
        }
        if let Some(&known) = self.completable.get(&mask) {
            return known;
        }
        let ok = (0..self.players.len()).rev().any(|i| {
            mask & (1 << i) != 0 && !self.players[i].no_bye && self.matchable(mask & !(1 << i))
        });
        self.completable.insert(mask, ok);
        ok
    }

    /// The most pairs the players of `mask` can make (C1 and C3).
    fn most_pairs(&mut self, mask: Mask) -> usize {
        let most = mask.count_ones() as usize / 2;
        if most == 0 {
            return 0;
        }
        if let Some(&known) = self.most_pairs.get(&mask) {
            return known;
        }
        let first = mask.trailing_zeros() as usize;
        let others = mask & !(1 << first);
        // The first player unpaired, or paired with each partner in turn;
        // stop once every player but at most one is paired.
        let mut best = self.most_pairs(others);
        for j in (first + 1)..self.players.len() {
            if best == most {
                break;
            }
            if others & (1 << j) != 0 && self.compatible(first, j) {
                best = best.max(1 + self.most_pairs(others & !(1 << j)));
            }
        }
        self.most_pairs.insert(mask, best);
        best
    }

    /// Whether the players of `mask` can all be paired.
    fn matchable(&mut self, mask: Mask) -> bool {
        if mask == 0 {
            return true;
        }
        if mask.count_ones() % 2 == 1 {
            return false;
        }
        if let Some(&known) = self.memo.get(&mask) {
            return known;
        }
        let first = mask.trailing_zeros() as usize;
        let others = mask & !(1 << first);
        let mut ok = false;
        for j in (first + 1)..self.players.len() {
            if others & (1 << j) != 0
                && self.compatible(first, j)
                && self.matchable(others & !(1 << j))
            {
                ok = true;
                break;
            }
        }
        self.memo.insert(mask, ok);
        ok
    }

    /// One pairing of every player of `mask` (which must be matchable).
    fn any_matching(&mut self, mask: Mask) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        let mut left = mask;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            let others = left & !(1 << first);
            let j = ((first + 1)..self.players.len())
                .find(|&j| {
                    others & (1 << j) != 0
                        && self.compatible(first, j)
                        && self.matchable(others & !(1 << j))
                })
                .expect("a matchable set pairs");
            pairs.push((first, j));
            left = others & !(1 << j);
        }
        pairs
    }

    /// Pairs one bracket (`bracket` in ranking order: the players moved
    /// down first, then the score group's), `rest` the players of the lower
    /// score groups. Returns the pairs and the downfloaters.
    fn bracket(&mut self, bracket: &[usize], rest: Mask) -> (Vec<(usize, usize)>, Vec<usize>) {
        // The next score group, which C7 looks at.
        let next_score = (0..self.players.len())
            .filter(|&i| rest & (1 << i) != 0)
            .map(|i| self.players[i].points)
            .max();
        let next_group: Mask = (0..self.players.len())
            .filter(|&i| rest & (1 << i) != 0 && Some(self.players[i].points) == next_score)
            .fold(0, |m, i| m | 1 << i);
        let mut ideal = self.ideal(bracket);
        if rest != 0 {
            ideal.next_pairs = Reverse((next_group.count_ones() as usize + bracket.len() % 2) / 2);
        }
        let mut search = Search {
            best: None,
            steps: 0,
            ideal,
            rest,
            low: self.lowest(bracket),
            next_group,
        };
        let score = bracket
            .iter()
            .map(|&i| self.players[i].points)
            .min()
            .unwrap_or(0);
        let moved: Vec<usize> = bracket
            .iter()
            .copied()
            .filter(|&i| self.players[i].points > score)
            .collect();
        let residents: Vec<usize> = bracket
            .iter()
            .copied()
            .filter(|&i| self.players[i].points == score)
            .collect();
        self.moved_down(
            &moved,
            &residents,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut search,
        );
        if let Some((_, pairs, floaters)) = search.best {
            return (pairs, floaters);
        }
        // No candidate within the search's bound: every player of the
        // bracket floats on, or, in the last bracket, any pairing (C4
        // guarantees one) and the lowest who may have the bye.
        let mask: Mask = bracket.iter().fold(0, |m, &i| m | 1 << i);
        if rest == 0 {
            let bye = (mask.count_ones() % 2 == 1).then(|| {
                (0..self.players.len())
                    .rev()
                    .find(|&i| {
                        mask & (1 << i) != 0
                            && !self.players[i].no_bye
                            && self.matchable(mask & !(1 << i))
                    })
                    .expect("C4 leaves a bye")
            });
            let mask = mask & !bye.map_or(0, |i| 1 << i);
            (self.any_matching(mask), bye.into_iter().collect())
        } else {
            (Vec::new(), bracket.to_vec())
        }
    }
}
