//! One round of the Dutch system (C.04.3): each score bracket from the
//! top (the last one's unpaired player gets the bye), paired by a search over the Dutch candidates in
//! their documented order (S2 transposed, then S1 and S2 exchanged), each
//! candidate judged by the absolute criteria C1-C3 and the completion
//! criterion C4, then by the quality criteria in order; the first
//! candidate that meets every quality criterion as well as a bracket can
//! is taken, else the best one found.

use std::cmp::Reverse;
use std::collections::HashMap;

use super::colour::{Strength, absolute, allocate, difference, preference};
use super::{Board, Colour, Float, Pairing, Player};

/// The most players a Swiss pairs (the search keeps sets of players in a
/// 128-bit mask).
pub const MAX_PLAYERS: usize = 128;

/// How many steps (partial candidates extended, whole ones judged) a
/// bracket's search takes before it settles for the best candidate found.
const STEPS: usize = 200_000;

type Mask = u128;

/// The quality of a bracket's candidate, best first: pairs (C5), the
/// pairing score difference (C6: each pair's score difference and each
/// downfloater's score less one point below the bracket's lowest, highest
/// first), then C7 (the pairs the following bracket can make), then C8-C15
/// as counts, then C16-C19: the score differences of
/// the players who float as they did one and two rounds before, highest
/// first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Quality {
    pairs: Reverse<usize>,
    psd: Vec<u32>,
    /// C7: the pairs the following bracket (the downfloaters and the next
    /// score group) can make.
    next_pairs: Reverse<usize>,
    counts: [usize; 8],
    repeated_floats: [Vec<u32>; 4],
}

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

    /// The best a bracket could do: every player paired but one when odd,
    /// that one of the lowest score, each moved-down player paired with a
    /// resident, and no quality criterion broken.
    fn ideal(&self, bracket: &[usize]) -> Quality {
        let low = self.lowest(bracket);
        let mut psd: Vec<u32> = bracket
            .iter()
            .map(|&i| self.players[i].points - low)
            .filter(|&d| d > 0)
            .collect();
        if bracket.len() % 2 == 1 {
            psd.push(2);
        }
        psd.resize(bracket.len() - bracket.len() / 2, 0);
        psd.sort_by_key(|&d| Reverse(d));
        // C10 at best: the players who want White meet those who want
        // Black, then those without a preference; two who want the same
        // colour cost one preference.
        let (mut white, mut black, mut free) = (0usize, 0usize, 0usize);
        for &i in bracket {
            match preference(&self.players[i].colours).map(|p| p.colour) {
                Some(Colour::White) => white += 1,
                Some(Colour::Black) => black += 1,
                None => free += 1,
            }
        }
        let unpaired = bracket.len() % 2;
        let mut counts = [0; 8];
        counts[2] = white.abs_diff(black).saturating_sub(free + unpaired) / 2;
        Quality {
            pairs: Reverse(bracket.len() / 2),
            psd,
            next_pairs: Reverse(0),
            counts,
            repeated_floats: Default::default(),
        }
    }

    /// The lowest score of a bracket.
    fn lowest(&self, bracket: &[usize]) -> u32 {
        bracket
            .iter()
            .map(|&i| self.players[i].points)
            .min()
            .unwrap_or(0)
    }

    /// The heterogeneous part: each moved-down player, in ranking order,
    /// meets a player below it in the bracket (in ranking order: S2's
    /// transpositions) or floats on; the residents left are then paired as
    /// a homogeneous bracket.
    fn moved_down(
        &mut self,
        moved: &[usize],
        residents: &[usize],
        pairs: &mut Vec<(usize, usize)>,
        floaters: &mut Vec<usize>,
        search: &mut Search,
    ) {
        search.steps += 1;
        if search.done() {
            return;
        }
        let Some((&first, later)) = moved.split_first() else {
            let used: Vec<usize> = pairs.iter().map(|p| p.1).collect();
            let left: Vec<usize> = residents
                .iter()
                .copied()
                .filter(|i| !used.contains(i))
                .collect();
            self.homogeneous(&left, pairs, floaters, search);
            return;
        };
        let used: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        if used.contains(&first) {
            // Already paired with a moved-down player above it.
            return self.moved_down(later, residents, pairs, floaters, search);
        }
        let partners: Vec<usize> = later
            .iter()
            .chain(residents)
            .copied()
            .filter(|i| !used.contains(i))
            .collect();
        for j in partners {
            if self.compatible(first, j) {
                pairs.push((first, j));
                self.moved_down(later, residents, pairs, floaters, search);
                pairs.pop();
            }
        }
        floaters.push(first);
        self.moved_down(later, residents, pairs, floaters, search);
        floaters.pop();
    }

    /// A homogeneous bracket (or remainder): as many pairs as possible
    /// first; for each number of pairs, S1 the top half and S2 the rest,
    /// exchanges between them in C.04.3 D.2's order, and for each, S2's
    /// transpositions in lexicographic order.
    fn homogeneous(
        &mut self,
        players: &[usize],
        pairs: &mut Vec<(usize, usize)>,
        floaters: &mut Vec<usize>,
        search: &mut Search,
    ) {
        // A moved-down player paired with another moved-down player is
        // already in `pairs`; skip such players here.
        let paired: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let players: Vec<usize> = players
            .iter()
            .copied()
            .filter(|i| !paired.contains(i) && !floaters.contains(i))
            .collect();
        // What the moved-down players' pairs and floaters already cost.
        let mut base = [0usize; 8];
        let mut base_repeated: [Vec<u32>; 4] = Default::default();
        for &(h, l) in pairs.iter() {
            let (costs, difference) = self.pair_counts(h, l);
            add(&mut base, &costs);
            for k in 0..4 {
                if costs[4 + k] > 0 {
                    base_repeated[k].push(difference);
                }
            }
        }
        for &f in floaters.iter() {
            let difference = self.players[f].points + 2 - search.low;
            for (k, back) in [(0, 1), (2, 2)] {
                if last_float(self.players[f], back) == Float::Down {
                    base[4 + k] += 1;
                    base_repeated[k].push(difference);
                }
            }
        }
        for p in (0..=players.len() / 2).rev() {
            // Every candidate with `p` pairs here has the same C5 and C6
            // (the players here share one score): only C8 on tell them
            // apart, and those only grow as pairs are added.
            let mut psd: Vec<u32> = pairs
                .iter()
                .map(|&(a, b)| self.players[a].points.abs_diff(self.players[b].points))
                .chain(
                    floaters
                        .iter()
                        .map(|&f| self.players[f].points + 2 - search.low),
                )
                .chain(std::iter::repeat_n(0, p))
                .chain(std::iter::repeat_n(2, players.len() - 2 * p))
                .collect();
            psd.sort_by_key(|&d| Reverse(d));
            let key = (Reverse(pairs.len() + p), psd);
            let next_pairs = if search.rest == 0 {
                0
            } else {
                let floating = floaters.len() + players.len() - 2 * p;
                (search.next_group.count_ones() as usize + floating) / 2
            };
            for k in 0..=p.min(players.len() - p) {
                // The exchanges of `k` players are listed whole: past the
                // search's budget, a longer list could not be tried anyway.
                if search.done()
                    || choose(p, k).saturating_mul(choose(players.len() - p, k)) > STEPS
                {
                    break;
                }
                for (s1, s2) in exchanges(&players, p, k) {
                    let mut bound = Bound {
                        taken: vec![false; s2.len()],
                        key: key.clone(),
                        next_pairs,
                        counts: base,
                        repeated: base_repeated.clone(),
                    };
                    self.transpose(&s1, &s2, pairs, floaters, &mut bound, search);
                    if search.done() {
                        return;
                    }
                }
            }
            // Fewer pairs are worse whatever else (C5): stop once the best
            // found (perhaps with another choice for the players moved
            // down) has more than the next level could make.
            if search
                .best
                .as_ref()
                .is_some_and(|(q, ..)| q.pairs.0 >= pairs.len() + p)
            {
                return;
            }
        }
    }

    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        pairs: &mut Vec<(usize, usize)>,
        floaters: &mut Vec<usize>,
        bound: &mut Bound,
        search: &mut Search,
    ) {
        search.steps += 1;
        if search.done() || bound.beaten(search) {
            return;
        }
        let Some((&a, s1_rest)) = s1.split_first() else {
            let before = floaters.len();
            floaters.extend(
                s2.iter()
                    .zip(bound.taken.iter())
                    .filter(|(_, t)| !**t)
                    .map(|(i, _)| *i),
            );
            self.judge(pairs, floaters, search);
            floaters.truncate(before);
            return;
        };
        for k in 0..s2.len() {
            if !bound.taken[k] && self.compatible(a, s2[k]) {
                bound.taken[k] = true;
                let (h, l) = if a < s2[k] { (a, s2[k]) } else { (s2[k], a) };
                pairs.push((h, l));
                let before = bound.counts;
                let (costs, difference) = self.pair_counts(h, l);
                add(&mut bound.counts, &costs);
                for c in 0..4 {
                    if costs[4 + c] > 0 {
                        bound.repeated[c].push(difference);
                    }
                }
                self.transpose(s1_rest, s2, pairs, floaters, bound, search);
                for c in 0..4 {
                    if costs[4 + c] > 0 {
                        bound.repeated[c].pop();
                    }
                }
                bound.counts = before;
                pairs.pop();
                bound.taken[k] = false;
            }
        }
    }

    /// What one pair costs in C8-C15 (as counts: C8, C9, C10, C11, then
    /// the repeated floats C12-C15), and its score difference.
    fn pair_counts(&mut self, h: usize, l: usize) -> ([usize; 8], u32) {
        if let Some(&known) = self.pair_costs.get(&(h, l)) {
            return known;
        }
        let mut counts = [0usize; 8];
        let (ph, pl) = (self.players[h], self.players[l]);
        let colour = allocate(ph, pl, self.initial);
        let top = self.topscorer[h] || self.topscorer[l];
        for (p, got) in [(ph, colour), (pl, colour.other())] {
            let mut after = p.colours.clone();
            after.push(Some(got));
            let played: Vec<Colour> = after.iter().flatten().copied().collect();
            let three = played.len() >= 3 && played[played.len() - 3..].iter().all(|c| *c == got);
            if top && difference(&after).abs() > 2 {
                counts[0] += 1;
            }
            if top && three {
                counts[1] += 1;
            }
            if let Some(pref) = preference(&p.colours)
                && pref.colour != got
            {
                counts[2] += 1;
                if pref.strength >= Strength::Strong {
                    counts[3] += 1;
                }
            }
        }
        // Floats: the higher score floats down, the lower up.
        let difference = ph.points.abs_diff(pl.points);
        if difference > 0 {
            let (down, up) = if ph.points > pl.points {
                (ph, pl)
            } else {
                (pl, ph)
            };
            counts[4] += usize::from(last_float(down, 1) == Float::Down);
            counts[5] += usize::from(last_float(up, 1) == Float::Up);
            counts[6] += usize::from(last_float(down, 2) == Float::Down);
            counts[7] += usize::from(last_float(up, 2) == Float::Up);
        }
        self.pair_costs.insert((h, l), (counts, difference));
        (counts, difference)
    }

    /// Judges one whole candidate of the bracket.
    fn judge(&mut self, pairs: &[(usize, usize)], floaters: &[usize], search: &mut Search) {
        search.steps += 1;
        // C4: the downfloaters and the lower groups must still pair, but
        // the bye (the last bracket's one downfloater, C2).
        let next = floaters.iter().fold(search.rest, |m, &i| m | 1 << i);
        if search.rest == 0 {
            if floaters.len() > 1 || floaters.iter().any(|&f| self.players[f].no_bye) {
                return;
            }
        } else if !self.completable(next) {
            return;
        }
        let mut psd: Vec<u32> = floaters
            .iter()
            .map(|&i| self.players[i].points + 2 - search.low)
            .chain(
                pairs
                    .iter()
                    .map(|&(a, b)| self.players[a].points.abs_diff(self.players[b].points)),
            )
            .collect();
        psd.sort_by_key(|&s| Reverse(s));
        let mut counts = [0usize; 8];
        let mut repeated: [Vec<u32>; 4] = Default::default();
        for &(h, l) in pairs {
            let (pair_counts, difference) = self.pair_counts(h, l);
            for k in 0..8 {
                counts[k] += pair_counts[k];
            }
            for k in 0..4 {
                if pair_counts[4 + k] > 0 {
                    repeated[k].push(difference);
                }
            }
        }
        for &f in floaters {
            // A downfloater's difference, as for C6: to one point below
            // the bracket's lowest score.
            let difference = self.players[f].points + 2 - search.low;
            for (k, back) in [(0, 1), (2, 2)] {
                if last_float(self.players[f], back) == Float::Down {
                    counts[4 + k] += 1;
                    repeated[k].push(difference);
                }
            }
        }
        for list in &mut repeated {
            list.sort_by_key(|&d| Reverse(d));
        }
        let next_pairs = if search.rest == 0 {
            0
        } else {
            let following = floaters.iter().fold(search.next_group, |m, &i| m | 1 << i);
            self.most_pairs(following)
        };
        let quality = Quality {
            pairs: Reverse(pairs.len()),
            psd,
            next_pairs: Reverse(next_pairs),
            counts,
            repeated_floats: repeated,
        };
        if search.best.as_ref().is_none_or(|(q, ..)| quality < *q) {
            search.best = Some((quality, pairs.to_vec(), floaters.to_vec()));
        }
    }
}

/// The float a player had `back` rounds ago.
fn last_float(p: &Player, back: usize) -> Float {
    p.floats
        .len()
        .checked_sub(back)
        .map_or(Float::None, |i| p.floats[i])
}

fn add(counts: &mut [usize; 8], more: &[usize; 8]) {
    for (c, m) in counts.iter_mut().zip(more) {
        *c += m;
    }
}

/// A partial candidate of a homogeneous bracket: the players of S2 taken
/// so far, and what every completion of it will at least cost: its C5
/// and C6 (fixed for a given number of pairs) and the C8-C15 counts of the
/// pairs made so far (later pairs only add to them).
struct Bound {
    taken: Vec<bool>,
    key: (Reverse<usize>, Vec<u32>),
    /// The most pairs the following bracket could make (C7).
    next_pairs: usize,
    counts: [usize; 8],
    /// The score differences of the repeated floats so far (C16-C19).
    repeated: [Vec<u32>; 4],
}

impl Bound {
    fn sorted_repeated(&self) -> [Vec<u32>; 4] {
        let mut lists = self.repeated.clone();
        for list in &mut lists {
            list.sort_by_key(|&d| Reverse(d));
        }
        lists
    }

    /// Whether no completion can be better than the best candidate found
    /// (an equal one would come later in the order, so is not better).
    fn beaten(&self, search: &Search) -> bool {
        let Some((best, ..)) = &search.best else {
            return false;
        };
        match self
            .key
            .0
            .cmp(&best.pairs)
            .then_with(|| self.key.1.cmp(&best.psd))
        {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            // With equal counts, a completion can only keep them equal
            // by adding no repeated float, so its C16-C19 are the ones
            // so far.
            std::cmp::Ordering::Equal => {
                best.next_pairs.0 >= self.next_pairs
                    && (self.counts > best.counts
                        || (self.counts == best.counts
                            && self.sorted_repeated() >= best.repeated_floats))
            }
        }
    }
}

/// A bracket's candidate: its quality, its pairs and its downfloaters.
type Candidate = (Quality, Vec<(usize, usize)>, Vec<usize>);

struct Search {
    best: Option<Candidate>,
    steps: usize,
    ideal: Quality,
    rest: Mask,
    /// The bracket's lowest score.
    low: u32,
    /// The players of the next score group (none for the last bracket).
    next_group: Mask,
}

impl Search {
    fn done(&self) -> bool {
        self.steps >= STEPS || self.best.as_ref().is_some_and(|(q, ..)| *q == self.ideal)
    }
}

/// The (S1, S2) splits of a homogeneous bracket for `p` pairs with `k`
/// players exchanged between S1 (the top `p`) and S2 (the rest), in
/// C.04.3 D.2's order: the smallest difference between the sums of the
/// bracket sequence numbers moved up and moved down, then the highest
/// numbers moved out of S1, then the lowest moved out of S2. No exchange
/// (`k` = 0) is the one split S1, S2.
fn exchanges(players: &[usize], p: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let s2_len = players.len() - p;
    let mut swaps: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for out_of_s1 in combinations(p, k) {
        for out_of_s2 in combinations(s2_len, k) {
            swaps.push((out_of_s1.clone(), out_of_s2.iter().map(|j| j + p).collect()));
        }
    }
    // Positions in the bracket are its sequence numbers, from 0.
    swaps.sort_by_key(|(down, up)| {
        let diff = up.iter().sum::<usize>() - down.iter().sum::<usize>();
        let mut down_desc = down.clone();
        down_desc.sort_by_key(|&d| Reverse(d));
        (diff, Reverse(down_desc), up.clone())
    });
    swaps
        .into_iter()
        .map(|(down, up)| {
            let s1 = (0..p)
                .filter(|i| !down.contains(i))
                .chain(up.iter().copied());
            let s2 = (p..players.len())
                .filter(|i| !up.contains(i))
                .chain(down.iter().copied());
            let mut s1: Vec<usize> = s1.collect();
            let mut s2: Vec<usize> = s2.collect();
            s1.sort_unstable();
            s2.sort_unstable();
            (
                s1.iter().map(|&i| players[i]).collect(),
                s2.iter().map(|&i| players[i]).collect(),
            )
        })
        .collect()
}

/// The number of `k`-subsets of an `n`-set (saturating).
fn choose(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Every `k`-subset of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    go(0, n, k, &mut current, &mut out);
    out
}
