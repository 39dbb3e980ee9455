//! How a bracket's candidate is judged: the quality criteria (C5-C19) as
//! one ordered value, the best a bracket could do, what each pair costs,
//! and the bound that lets the search skip what cannot beat the best found.

use std::cmp::Reverse;

use super::{Mask, Round, STEPS};
use crate::tournament::swiss::colour::{Strength, allocate, difference, preference};
use crate::tournament::swiss::{Colour, Float, Player};

/// The quality of a bracket's candidate, best first: pairs (C5), the
/// pairing score difference (C6: each pair's score difference and each
/// downfloater's score less one point below the bracket's lowest, highest
/// first), then C7 (the pairs the following bracket can make), then C8-C15
/// as counts, then C16-C19: the score differences of
/// the players who float as they did one and two rounds before, highest
/// first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Quality {
    pub(super) pairs: Reverse<usize>,
    pub(super) psd: Vec<u32>,
    /// C7: the pairs the following bracket (the downfloaters and the next
    /// score group) can make.
    pub(super) next_pairs: Reverse<usize>,
    pub(super) counts: [usize; 8],
    pub(super) repeated_floats: [Vec<u32>; 4],
}

impl Round<'_> {
    /// The best a bracket could do: every player paired but one when odd,
    /// that one of the lowest score, each moved-down player paired with a
    /// resident, and no quality criterion broken.
    pub(super) fn ideal(&self, bracket: &[usize]) -> Quality {
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
    pub(super) fn lowest(&self, bracket: &[usize]) -> u32 {
        bracket
            .iter()
            .map(|&i| self.players[i].points)
            .min()
            .unwrap_or(0)
    }

    /// What one pair costs in C8-C15 (as counts: C8, C9, C10, C11, then
    /// the repeated floats C12-C15), and its score difference.
    pub(super) fn pair_counts(&mut self, h: usize, l: usize) -> ([usize; 8], u32) {
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
    pub(super) fn judge(
        &mut self,
        pairs: &[(usize, usize)],
        floaters: &[usize],
        search: &mut Search,
    ) {
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
pub(super) fn last_float(p: &Player, back: usize) -> Float {
    p.floats
        .len()
        .checked_sub(back)
        .map_or(Float::None, |i| p.floats[i])
}

pub(super) fn add(counts: &mut [usize; 8], more: &[usize; 8]) {
    for (c, m) in counts.iter_mut().zip(more) {
        *c += m;
    }
}

/// A partial candidate of a homogeneous bracket: the players of S2 taken
/// so far, and what every completion of it will at least cost: its C5
/// and C6 (fixed for a given number of pairs) and the C8-C15 counts of the
/// pairs made so far (later pairs only add to them).
pub(super) struct Bound {
    pub(super) taken: Vec<bool>,
    pub(super) key: (Reverse<usize>, Vec<u32>),
    /// The most pairs the following bracket could make (C7).
    pub(super) next_pairs: usize,
    pub(super) counts: [usize; 8],
    /// The score differences of the repeated floats so far (C16-C19).
    pub(super) repeated: [Vec<u32>; 4],
}

impl Bound {
    pub(super) fn sorted_repeated(&self) -> [Vec<u32>; 4] {
        let mut lists = self.repeated.clone();
        for list in &mut lists {
            list.sort_by_key(|&d| Reverse(d));
        }
        lists
    }

    /// Whether no completion can be better than the best candidate found
    /// (an equal one would come later in the order, so is not better).
    pub(super) fn beaten(&self, search: &Search) -> bool {
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
pub(super) type Candidate = (Quality, Vec<(usize, usize)>, Vec<usize>);

pub(super) struct Search {
    pub(super) best: Option<Candidate>,
    pub(super) steps: usize,
    pub(super) ideal: Quality,
    pub(super) rest: Mask,
    /// The bracket's lowest score.
    pub(super) low: u32,
    /// The players of the next score group (none for the last bracket).
    pub(super) next_group: Mask,
}

impl Search {
    pub(super) fn done(&self) -> bool {
        self.steps >= STEPS || self.best.as_ref().is_some_and(|(q, ..)| *q == self.ideal)
    }
}
