//! One bracket's pairing: the heaviest matching by the criteria
//! (`weights.rs`), then, among the pairings that weigh as much, the one
//! the Dutch order picks (C.04.3 D), fixed step by step by nudging the
//! lowest bits of some edges and matching again:
//!
//! 1. which players moved down are paired here (the highest first, as
//!    many as the criteria allow), and with whom: each takes the highest
//!    resident it can (S2 in order);
//! 2. in the rest of the bracket (the remainder), as few exchanges between
//!    S1 and S2 as the criteria allow, the smallest difference of the
//!    exchanged sequence numbers, then the lowest of S1 and the highest of
//!    S2 exchanged (D.2);
//! 3. each player of S1 in turn takes the highest player of S2 it can
//!    (the transpositions' order, D.1).
//!
//! A pair once chosen is fixed in the bracket's matching and in the
//! round's (C4) one.

use integer_blossom::Weight;

use super::Round;
use super::matcher::Matcher;
use super::weights::{Bracket, Layout};
use super::wide::Wide;

/// The bracket's edge weights as first built, symmetric; steps remove
/// edges from it as choices are fixed.
struct Base<const N: usize> {
    size: usize,
    weights: Vec<Wide<N>>,
}

impl<const N: usize> Base<N> {
    fn get(&self, a: usize, b: usize) -> Wide<N> {
        self.weights[a * self.size + b]
    }

    fn remove(&mut self, a: usize, b: usize) {
        self.weights[a * self.size + b] = Wide::ZERO;
        self.weights[b * self.size + a] = Wide::ZERO;
    }
}

/// Pairs `bracket`: which of its players (positions up to `residents_end`)
/// are paired here, and each position's partner.
pub(super) fn pair<const N: usize>(
    r: &Round,
    bracket: &Bracket,
    layout: &Layout,
    whole: &mut Matcher<i64>,
) -> (Vec<bool>, Vec<usize>) {
    let size = bracket.players.len();
    let (moved, end) = (bracket.moved, bracket.residents_end);
    let score = |p: usize| r.players[bracket.players[p]].points;
    let mut base = Base::<N> {
        size,
        weights: vec![Wide::ZERO; size * size],
    };
    let mut m = Matcher::<Wide<N>>::new(size);
    // Two players moved down do not meet here: each is paired with a
    // resident or floats on.
    for l in moved..size {
        for h in 0..l {
            let w = layout.edge::<N>(r, bracket, h, l);
            base.weights[h * size + l] = w;
            base.weights[l * size + h] = w;
            m.set(h, l, w);
        }
    }
    let heaviest = layout.heaviest::<N>();
    let small = |v: usize| Wide::<N>::from_u64(v as u64);
    m.solve();
    let mut matched = vec![false; end];

    // 1. The players moved down, a score at a time: as many of each score
    // as the best pairing pairs, the highest first where there is a choice.
    let mut group_score = None;
    let (mut left, mut left_paired) = (0, 0);
    // Positions index the matching as well as `matched`.
    #[allow(clippy::needless_range_loop)]
    for p in 0..moved {
        if group_score.is_none_or(|s| score(p) < s) {
            let s = score(p);
            group_score = Some(s);
            let group = (p..moved).take_while(|&q| score(q) >= s);
            left = group.clone().count();
            left_paired = group.filter(|&q| bracket.resident(m.mate(q))).count();
        }
        if left_paired == 0 {
            continue;
        }
        if left <= left_paired {
            matched[p] = true;
            continue;
        }
        left -= 1;
        if !bracket.resident(m.mate(p)) {
            for o in moved..end {
                let w = base.get(p, o);
                if !w.is_zero() {
                    m.set(p, o, w + Wide::ONE);
                }
            }
            m.solve();
        }
        if bracket.resident(m.mate(p)) {
            matched[p] = true;
            left_paired -= 1;
            for o in moved..end {
                let w = base.get(p, o);
                if !w.is_zero() {
                    m.set(p, o, w + small(end - moved) + Wide::ONE);
                }
            }
        }
    }
    // ... and each one's opponent: the highest resident it can have.
    for p in 0..moved {
        if !matched[p] {
            continue;
        }
        let candidates: Vec<usize> = (moved..end).rev().filter(|&o| !matched[o]).collect();
        let q = take_highest(&mut m, &base, p, &candidates, size, Gaps::Skipped);
        debug_assert!(
            bracket.resident(q),
            "a moved-down player's opponent is a resident"
        );
        matched[q] = true;
        m.fix_pair(p, q, heaviest);
        whole.fix_pair(bracket.players[p], bracket.players[q], 1);
    }

    // 2. The remainder: S1 its players paired to one below them in the
    // best pairing, as many as there are such pairs.
    let remainder: Vec<usize> = (moved..end).filter(|&p| m.mate(p) >= moved).collect();
    let s1 = remainder.iter().filter(|&&p| m.mate(p) < p).count();
    let in_s1 = |m: &Matcher<Wide<N>>, p: usize| m.mate(p) > p && m.mate(p) < end;
    // The exchanges' order in the lowest bits: fewer players moved out of
    // S1 first, then the smallest sum of the sequence numbers moved out.
    let ordered = |w: Wide<N>, index: usize| {
        if w.is_zero() {
            return w;
        }
        let in_first_half = Wide::<N>::from_u64(u64::from(index < s1));
        w + (in_first_half.shl(2 * layout.player_bits) - small(index)).shl(1)
    };
    for (ia, &a) in remainder.iter().enumerate() {
        for &b in &remainder[ia + 1..] {
            m.set(a, b, ordered(base.get(a, b), ia));
        }
    }
    m.solve();
    let exchanges = remainder[..s1].iter().filter(|&&p| !in_s1(&m, p)).count();
    // The lowest of S1 moved out where the order allows...
    let mut remaining = exchanges;
    for index in (0..s1).rev() {
        if remaining == 0 {
            break;
        }
        let p = remainder[index];
        let later = &remainder[index + 1..];
        if in_s1(&m, p) {
            for &o in later {
                let w = ordered(base.get(p, o), index);
                if !w.is_zero() {
                    m.set(p, o, w - Wide::ONE);
                }
            }
            m.solve();
        }
        let exchanged = !in_s1(&m, p);
        remaining -= usize::from(exchanged);
        for &o in later {
            if exchanged {
                base.remove(p, o);
            }
            m.set(p, o, ordered(base.get(p, o), index));
        }
    }
    // ... and the highest of S2 moved in.
    let mut remaining = exchanges;
    for index in s1..remainder.len() {
        if remaining <= 1 {
            break;
        }
        let p = remainder[index];
        let later = &remainder[index + 1..];
        let already = in_s1(&m, p);
        if !already {
            for &o in later {
                let w = ordered(base.get(p, o), index);
                if !w.is_zero() {
                    m.set(p, o, w + Wide::ONE);
                }
            }
            m.solve();
        }
        if in_s1(&m, p) {
            remaining -= 1;
            for &o in remainder[..index]
                .iter()
                .chain(&(end..size).collect::<Vec<_>>())
            {
                base.remove(p, o);
                m.set(p, o, Wide::ZERO);
            }
        }
        if !already {
            for &o in later {
                m.set(p, o, ordered(base.get(p, o), index));
            }
        }
    }
    // S1 and S2 are settled: keep only the edges from S1 down to S2.
    for (ia, &a) in remainder.iter().enumerate() {
        for &b in &remainder[ia + 1..] {
            if !in_s1(&m, a) || in_s1(&m, b) {
                base.remove(a, b);
            }
            m.set(a, b, base.get(a, b));
        }
    }

    // 3. Each player of S1 in turn takes the highest of S2 it can.
    for &p in &remainder {
        if !in_s1(&m, p) {
            continue;
        }
        let candidates: Vec<usize> = remainder
            .iter()
            .rev()
            .copied()
            .filter(|&o| o > p && !matched[o])
            .collect();
        let q = take_highest(&mut m, &base, p, &candidates, 0, Gaps::Counted);
        debug_assert!(q > p && q < end, "a player of S1 is paired in the bracket");
        matched[p] = true;
        matched[q] = true;
        m.fix_pair(p, q, heaviest);
        whole.fix_pair(bracket.players[p], bracket.players[q], 1);
    }
    let mates = (0..size).map(|v| m.mate(v)).collect();
    (matched, mates)
}

/// Whether a candidate `p` may not meet still takes a preference step.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gaps {
    Skipped,
    Counted,
}

/// `p` takes the highest of `candidates` (given lowest first) that the
/// best pairing allows: each later candidate's edge is nudged one more
/// above the base, from `first`; returns the partner the matching gives.
fn take_highest<const N: usize>(
    m: &mut Matcher<Wide<N>>,
    base: &Base<N>,
    p: usize,
    candidates: &[usize],
    first: usize,
    gaps: Gaps,
) -> usize {
    let mut preference = first as u64;
    for &o in candidates {
        let w = base.get(p, o);
        if !w.is_zero() {
            m.set(p, o, w + Wide::from_u64(preference));
        }
        if !w.is_zero() || gaps == Gaps::Counted {
            preference += 1;
        }
    }
    m.solve();
    m.mate(p)
}
