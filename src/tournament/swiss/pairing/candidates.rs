//! The Dutch candidates of a bracket in their documented order (C.04.3
//! D.1-D.2): the players moved down first, then S1 and S2 with S2's
//! transpositions, then exchanges between S1 and S2.

use std::cmp::Reverse;

use super::quality::{Bound, Search, add, last_float};
use super::{Round, STEPS};
use crate::tournament::swiss::Float;

impl Round<'_> {
    /// The heterogeneous part: each moved-down player, in ranking order,
    /// meets a player below it in the bracket (in ranking order: S2's
    /// transpositions) or floats on; the residents left are then paired as
    /// a homogeneous bracket.
    pub(super) fn moved_down(
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
    pub(super) fn homogeneous(
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

    pub(super) fn transpose(
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
}

/// The (S1, S2) splits of a homogeneous bracket for `p` pairs with `k`
/// players exchanged between S1 (the top `p`) and S2 (the rest), in
/// C.04.3 D.2's order: the smallest difference between the sums of the
/// bracket sequence numbers moved up and moved down, then the highest
/// numbers moved out of S1, then the lowest moved out of S2. No exchange
/// (`k` = 0) is the one split S1, S2.
pub(super) fn exchanges(players: &[usize], p: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
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
pub(super) fn choose(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Every `k`-subset of `0..n`, in lexicographic order.
pub(super) fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    pub(super) fn go(
        start: usize,
        n: usize,
        k: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
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
