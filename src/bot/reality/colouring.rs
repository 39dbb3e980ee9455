//! The draw of the unknown chips of one side: a list colouring of the
//! interval graph of its segments (see `belief`), depth first with the
//! choices in random order.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::track::{Segment, bad, bit};
use crate::bot::BotError;
use crate::rules::Seat;
use crate::rules::reality::board::Kind;

/// The segments of one side whose kind is unknown, and what ties them.
#[derive(Default)]
pub(super) struct Csp {
    /// Unknown segments, in the order they began.
    pub(super) vars: Vec<usize>,
    /// The kinds each may be (a bit per kind), given the known segments.
    pub(super) domains: Vec<u16>,
    /// For each, the later unknown segments alive at the same time.
    pub(super) later: Vec<Vec<usize>>,
    /// For each, all the unknown segments alive at the same time.
    pub(super) near: Vec<Vec<usize>>,
}

impl Csp {
    /// `hands`: the side's hand at some steps, where it was shown (a chip
    /// in hand then is no segment's alive then).
    pub(super) fn new(
        seat: Seat,
        segments: &[Segment],
        hands: &[(u32, u16)],
    ) -> Result<Csp, BotError> {
        let own: Vec<usize> = (0..segments.len())
            .filter(|&i| segments[i].seat == seat)
            .collect();
        for (n, &i) in own.iter().enumerate() {
            for &j in &own[n + 1..] {
                let (a, b) = (&segments[i], &segments[j]);
                if a.known.is_some() && a.known == b.known && a.overlaps(b) {
                    return Err(bad(format!("two chips {:?} at once", a.known)));
                }
            }
        }
        let mut vars: Vec<usize> = own
            .iter()
            .copied()
            .filter(|&i| segments[i].known.is_none())
            .collect();
        vars.sort_by_key(|&i| (segments[i].start, i));
        let domains = vars
            .iter()
            .map(|&v| {
                let segment = &segments[v];
                let mut domain = Kind::ALL
                    .into_iter()
                    .filter(|k| segment.entry.is_none_or(|f| k.has(f)))
                    .fold(0u16, |d, k| d | bit(k));
                for &(time, hand) in hands {
                    if segment.start <= time && time < segment.end.unwrap_or(u32::MAX) {
                        domain &= !hand;
                    }
                }
                for &o in &own {
                    if let Some(kind) = segments[o].known
                        && segments[o].overlaps(segment)
                    {
                        domain &= !bit(kind);
                    }
                }
                domain
            })
            .collect();
        let later = (0..vars.len())
            .map(|n| {
                (n + 1..vars.len())
                    .filter(|&m| segments[vars[n]].overlaps(&segments[vars[m]]))
                    .collect()
            })
            .collect();
        let near = (0..vars.len())
            .map(|n| {
                (0..vars.len())
                    .filter(|&m| m != n && segments[vars[n]].overlaps(&segments[vars[m]]))
                    .collect()
            })
            .collect();
        Ok(Csp {
            vars,
            domains,
            later,
            near,
        })
    }

    /// A kind for every unknown segment, drawn as the module says; `None`
    /// if there is none.
    pub(super) fn draw(&self, rng: &mut StdRng) -> Option<Vec<Kind>> {
        let mut domains = self.domains.clone();
        let mut chosen = vec![Kind::PP; self.vars.len()];
        if !self.assign(0, &mut domains, &mut chosen, rng) {
            return None;
        }
        self.shuffle(&mut chosen, rng);
        Some(chosen)
    }

    /// Random steps among the consistent assignments, each proposal as
    /// likely as its reverse and taken when it keeps the assignment
    /// consistent: a segment's kind changed to one no segment alive with
    /// it has, or two segments' kinds swapped. The depth-first draw favours
    /// some assignments; these steps spread the draws towards all of them
    /// alike.
    pub(super) fn shuffle(&self, chosen: &mut [Kind], rng: &mut StdRng) {
        let n = self.vars.len();
        if n == 0 {
            return;
        }
        let free = |chosen: &[Kind], v: usize, kind: Kind, except: usize| {
            self.domains[v] & bit(kind) != 0
                && self.near[v]
                    .iter()
                    .all(|&m| m == except || chosen[m] != kind)
        };
        for _ in 0..(6 * n).max(24) {
            let u = rng.random_range(0..n);
            if rng.random_bool(0.5) {
                let kind = Kind::ALL[rng.random_range(0..Kind::ALL.len())];
                if free(chosen, u, kind, usize::MAX) {
                    chosen[u] = kind;
                }
            } else {
                let v = rng.random_range(0..n);
                let (ku, kv) = (chosen[u], chosen[v]);
                if u != v && free(chosen, u, kv, v) && free(chosen, v, ku, u) {
                    chosen.swap(u, v);
                }
            }
        }
    }

    pub(super) fn assign(
        &self,
        n: usize,
        domains: &mut [u16],
        chosen: &mut [Kind],
        rng: &mut StdRng,
    ) -> bool {
        if n == self.vars.len() {
            return true;
        }
        let mut options: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| domains[n] & bit(*k) != 0)
            .collect();
        options.shuffle(rng);
        for kind in options {
            let saved: Vec<u16> = self.later[n].iter().map(|&m| domains[m]).collect();
            let mut alive = true;
            for &m in &self.later[n] {
                domains[m] &= !bit(kind);
                alive &= domains[m] != 0;
            }
            if alive {
                chosen[n] = kind;
                if self.assign(n + 1, domains, chosen, rng) {
                    return true;
                }
            }
            for (&m, d) in self.later[n].iter().zip(saved) {
                domains[m] = d;
            }
        }
        false
    }
}
