//! The weight of a possible pair in a bracket's matching: the Dutch quality
//! criteria (C.04.3 C5-C19) as the fields of one wide number, the most
//! important highest, so that the heaviest matching is the best pairing
//! by the criteria in their order. Each field is wide enough to hold its
//! sum over every pair of a matching, so no field spills into the next.
//!
//! From the top: C4 and C2 in the last brackets (pair everyone, leave the
//! bye to one who may have it); C5 (pairs in the bracket); C6 (the pairing
//! score difference); C7 (pairs, then score differences, of the next
//! bracket); C8-C11 (colours); C12-C15 (floats repeated from one and two
//! rounds before); C16-C19 (their score differences); last, room for the
//! choices among equal pairings (which players are exchanged, which
//! transposition), which the bracket's steps (`bracket.rs`) write there.
//!
//! A score difference field has one digit for each score difference the
//! bracket can show, larger differences higher, each digit as wide as the
//! number of times its difference can occur: so a smaller list of
//! differences, compared from the largest, weighs more.

use super::Round;
use super::wide::Wide;
use crate::tournament::swiss::Float;

/// The players a bracket's matching is over, by position: the players moved
/// down into the bracket (`0..moved`), its own score group
/// (`moved..residents_end`), then the next score group, or in the last
/// brackets every player still unpaired.
pub(super) struct Bracket<'p> {
    pub(super) players: &'p [usize],
    pub(super) moved: usize,
    pub(super) residents_end: usize,
    /// The last bracket, or the one before it that could not leave the
    /// rest a legal pairing (C.04.3 A.9, the collapsed last bracket): every
    /// unpaired player is in this matching.
    pub(super) special: bool,
    /// The next score group is the last.
    pub(super) next_is_last: bool,
}

impl Bracket<'_> {
    pub(super) fn resident(&self, position: usize) -> bool {
        position >= self.moved && position < self.residents_end
    }
}

/// The number of bits `value` takes.
fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// A half point, the unit of `Player::points`.
const POINT: u32 = 2;

/// Where each field of a bracket's weights sits.
pub(super) struct Layout {
    special: bool,
    next_is_last: bool,
    /// Bits for a count of the bracket's own score group.
    pub(super) player_bits: u32,
    /// Bits for a count of the next score group.
    next_bits: u32,
    /// Each score difference's digit: `shifts[difference]` is its lowest
    /// bit within a score difference field.
    shifts: Vec<Option<u32>>,
    difference_bits: u32,
    /// The lowest score among the matching's players.
    low: u32,
    played: usize,
}

impl Layout {
    pub(super) fn new(round: &Round, bracket: &Bracket) -> Self {
        let score = |position: usize| round.players[bracket.players[position]].points;
        let low = bracket
            .players
            .iter()
            .map(|&i| round.players[i].points)
            .min()
            .unwrap_or(0);
        // Every difference a bracket's player can show: its own as a
        // downfloater (to one point below the lowest score), and each
        // distinct one against the residents below it.
        let mut keys = Vec::new();
        for i in 0..bracket.residents_end {
            keys.push(score(i) - low + POINT);
            let first = bracket.moved.max(i + 1);
            for j in first..bracket.residents_end {
                if j == first || score(j) < score(j - 1) {
                    keys.push(score(i) - score(j));
                }
            }
        }
        keys.sort_unstable();
        let mut shifts = vec![None; keys.last().map_or(0, |&k| k as usize + 1)];
        let mut difference_bits = 0;
        for run in keys.chunk_by(|a, b| a == b) {
            shifts[run[0] as usize] = Some(difference_bits);
            difference_bits += bits(run.len());
        }
        Layout {
            special: bracket.special,
            next_is_last: bracket.next_is_last,
            player_bits: bits(bracket.residents_end - bracket.moved).max(1),
            next_bits: bits(bracket.players.len() - bracket.residents_end).max(1),
            shifts,
            difference_bits,
            low,
            played: round.played,
        }
    }

    /// The widths of the fields below the top one, top first.
    fn widths(&self) -> Vec<u32> {
        let (p, d) = (self.player_bits, self.difference_bits);
        let mut widths = Vec::new();
        if self.special {
            widths.push(p);
        }
        widths.push(d);
        if !self.special {
            widths.push(if self.next_is_last {
                p.max(self.next_bits) + 3
            } else {
                self.next_bits
            });
            widths.push(d);
        }
        widths.extend([p; 4]);
        for back in 1..=2 {
            if self.played >= back {
                widths.extend([p, p]);
            }
        }
        for back in 1..=2 {
            if self.played >= back {
                widths.extend([d, d]);
            }
        }
        widths.extend([p, p, p, 1]);
        widths
    }

    /// The bits of the heaviest possible edge.
    pub(super) fn bits(&self) -> u32 {
        self.widths().iter().sum::<u32>() + if self.special { 2 } else { 1 }
    }

    /// More than any edge weighs: a pair fixed with it stays.
    pub(super) fn heaviest<const N: usize>(&self) -> Wide<N> {
        Wide::power_of_two(self.bits()) - Wide::from_u64(1)
    }

    fn digit<const N: usize>(&self, difference: u32) -> Wide<N> {
        let shift = self.shifts[difference as usize].expect("a difference the layout counted");
        Wide::power_of_two(shift)
    }

    /// The weight of pairing the bracket's players at positions `h` < `l`
    /// (zero: they may not meet).
    pub(super) fn edge<const N: usize>(
        &self,
        round: &Round,
        bracket: &Bracket,
        h: usize,
        l: usize,
    ) -> Wide<N> {
        let (hi, li) = (bracket.players[h], bracket.players[l]);
        if !round.compatible(hi, li) {
            return Wide::ZERO;
        }
        let (ph, pl) = (round.players[hi], round.players[li]);
        let (sh, sl) = (ph.points, pl.points);
        let (h_in, l_in) = (h < bracket.residents_end, l < bracket.residents_end);
        let one = |yes: bool| Wide::from_u64(u64::from(yes));
        let bye_rank =
            || 1 + u64::from(!round.may_have_bye(hi)) + u64::from(!round.may_have_bye(li));
        let float_key = |s: u32| s - self.low + POINT;
        let floated = |p: usize, back: usize| round.float(p, back);
        let mut widths = self.widths().into_iter();
        let mut weight: Wide<N>;
        let mut push = |weight: &mut Wide<N>, field: Wide<N>| {
            *weight = weight.shl(widths.next().expect("a field")) + field;
        };

        // C4 with C2, in the last brackets: pair every one, and prefer to
        // pair those who may not have the bye.
        if self.special {
            weight = Wide::from_u64(bye_rank());
            push(&mut weight, one(l_in));
        } else {
            weight = one(l_in);
        }
        // C6: each downfloater's difference, less the pair's.
        let mut psd = Wide::ZERO;
        if l_in {
            psd = self.digit(float_key(sh)) + self.digit(float_key(sl)) - self.digit(sh - sl);
        }
        push(&mut weight, psd);
        if !self.special {
            // C7: the pairs the next bracket can make (when it is the
            // last, every player's, the bye to one who may have it).
            let next = if self.next_is_last {
                Wide::from_u64(bye_rank())
            } else {
                one(!l_in)
            };
            push(&mut weight, next);
            // ... and the score differences it takes over.
            let mut taken = Wide::ZERO;
            if h_in {
                taken += self.digit(float_key(sh));
            }
            if l_in {
                taken += self.digit(float_key(sl));
            }
            push(&mut weight, taken);
        }
        // C8-C11: colours (only within the bracket).
        let (cl, ch) = (round.colours[li], round.colours[hi]);
        let same = cl.preference == ch.preference;
        let c8 = !(cl.absolute_imbalance && ch.absolute_imbalance && same);
        let c9 = !(cl.absolute && ch.absolute && same)
            || if cl.imbalance == ch.imbalance {
                cl.repeated.is_none() || cl.repeated != ch.repeated
            } else {
                let lesser = if cl.imbalance > ch.imbalance { ch } else { cl };
                lesser.repeated != cl.preference.map(|c| c.other())
            };
        let c10 = cl.preference.is_none() || ch.preference.is_none() || !same;
        let c11 = !(cl.strong || cl.absolute)
            || !(ch.strong || ch.absolute)
            || (cl.absolute && ch.absolute)
            || !same;
        for criterion in [c8, c9, c10, c11] {
            push(&mut weight, one(l_in && criterion));
        }
        // C12-C15: downfloaters and upfloaters repeated from one and two
        // rounds before.
        for back in 1..=2 {
            if self.played < back {
                continue;
            }
            let mut down = Wide::ZERO;
            if l_in {
                down = one(floated(li, back) == Float::Down)
                    + one(sh <= sl && floated(hi, back) == Float::Down);
            }
            push(&mut weight, down);
            let up = l_in && sh > sl && floated(li, back) == Float::Up;
            push(&mut weight, Wide::ZERO - one(up));
        }
        // C16-C19: their score differences.
        for back in 1..=2 {
            if self.played < back {
                continue;
            }
            let mut down = Wide::ZERO;
            if l_in {
                if floated(li, back) == Float::Down {
                    down += self.digit(float_key(sl));
                }
                if floated(hi, back) == Float::Down {
                    down += self.digit(float_key(sh));
                    if sh > sl {
                        down -= self.digit(sh - sl);
                    }
                }
            }
            push(&mut weight, down);
            let mut up = Wide::ZERO;
            if l_in && floated(li, back) == Float::Up && sh > sl {
                up -= self.digit(sh - sl);
            }
            push(&mut weight, up);
        }
        // Room for the bracket's choices among equal pairings.
        for _ in 0..4 {
            push(&mut weight, Wide::ZERO);
        }
        weight
    }
}
