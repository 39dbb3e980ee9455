//! A maximum-weight matching over a weight matrix that the pairing edits
//! between solves: the `integer-blossom` crate's O(n³) blossom algorithm
//! does the solving.

use integer_blossom::{Weight, max_weight_matching};

pub(super) struct Matcher<W> {
    size: usize,
    /// Row-major `size` × `size`; zero (or less) is no edge.
    weights: Vec<W>,
    /// Each vertex's partner in the last solve; an unmatched vertex is its
    /// own.
    mates: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    pub(super) fn new(size: usize) -> Self {
        Matcher {
            size,
            weights: vec![W::ZERO; size * size],
            mates: (0..size).collect(),
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, weight: W) {
        self.weights[a * self.size + b] = weight;
        self.weights[b * self.size + a] = weight;
    }

    pub(super) fn solve(&mut self) {
        let found = max_weight_matching(&self.weights, self.size);
        self.mates = found
            .iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect();
    }

    /// The partner of `v` in the last solve (`v` itself when unmatched).
    pub(super) fn mate(&self, v: usize) -> usize {
        self.mates[v]
    }

    /// Every vertex has a partner.
    pub(super) fn complete(&self) -> bool {
        self.mates.iter().enumerate().all(|(v, &m)| m != v)
    }

    /// Fixes `a` with `b`: their edge gets `weight` (at least any other
    /// edge's) and every other edge of either goes.
    pub(super) fn fix_pair(&mut self, a: usize, b: usize, weight: W) {
        for v in 0..self.size {
            for (from, to) in [(a, b), (b, a)] {
                if v != from {
                    self.set(from, v, if v == to { weight } else { W::ZERO });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::wide::Wide;
    use super::*;

    /// The best total over every matching, by trying them all.
    fn brute_force(weights: &[i64], n: usize, used: u32) -> i64 {
        let Some(first) = (0..n).find(|&v| used & (1 << v) == 0) else {
            return 0;
        };
        let used = used | 1 << first;
        let mut best = brute_force(weights, n, used);
        for v in (first + 1)..n {
            let w = weights[first * n + v];
            if used & (1 << v) == 0 && w > 0 {
                best = best.max(w + brute_force(weights, n, used | 1 << v));
            }
        }
        best
    }

    /// Random graphs of up to 9 vertices, weights shifted high into a wide
    /// number: the solver's matching is valid and as heavy as the best.
    #[test]
    fn the_matching_is_as_heavy_as_the_best_on_random_graphs() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..300 {
            let n = 2 + (case % 8);
            let mut plain = vec![0i64; n * n];
            let mut matcher = Matcher::<Wide<4>>::new(n);
            for a in 0..n {
                for b in (a + 1)..n {
                    let w = (next() % 7) as i64 - 2;
                    plain[a * n + b] = w;
                    plain[b * n + a] = w;
                    let wide = if w > 0 {
                        Wide::from_u64(w as u64).shl(150)
                    } else {
                        Wide::ZERO
                    };
                    matcher.set(a, b, wide);
                }
            }
            matcher.solve();
            let mut total = 0;
            for v in 0..n {
                let m = matcher.mate(v);
                assert_eq!(matcher.mate(m), v, "case {case}: a matching");
                if m > v {
                    assert!(plain[v * n + m] > 0, "case {case}: only edges");
                    total += plain[v * n + m];
                }
            }
            assert_eq!(total, brute_force(&plain, n, 0), "case {case}");
        }
    }
}
