//! A fixed-width signed integer of `N` 64-bit limbs (two's complement,
//! least significant limb first): the edge weights of the pairing's
//! matchings, which hold every quality criterion as one number and need
//! hundreds to thousands of bits. It does what the matching solver asks of a
//! weight (add, subtract, compare, double, halve) and what the weights are
//! built with (shift left, add a small number); nothing more. Kept on the
//! stack: the solver's inner loop adds weights O(n³) times.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    pub const BITS: u32 = 64 * N as u32;

    pub const ZERO: Self = Wide([0; N]);

    pub fn from_u64(value: u64) -> Self {
        let mut limbs = [0; N];
        limbs[0] = value;
        Wide(limbs)
    }

    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn negative(&self) -> bool {
        (self.0[N - 1] as i64) < 0
    }

    /// `self · 2^bits` (bits shifted out at the top are lost).
    pub fn shl(self, bits: u32) -> Self {
        let (limbs, within) = ((bits / 64) as usize, bits % 64);
        let mut out = [0u64; N];
        for i in (limbs..N).rev() {
            let from = i - limbs;
            out[i] = self.0[from] << within;
            if within > 0 && from > 0 {
                out[i] |= self.0[from - 1] >> (64 - within);
            }
        }
        Wide(out)
    }

    /// `self / 2`, rounding towards minus infinity (an arithmetic shift).
    fn shr1(self) -> Self {
        let mut out = [0u64; N];
        for (i, limb) in out.iter_mut().enumerate() {
            *limb = self.0[i] >> 1;
            if i + 1 < N {
                *limb |= self.0[i + 1] << 63;
            }
        }
        if self.negative() {
            out[N - 1] |= 1 << 63;
        }
        Wide(out)
    }

    /// `2^bit`.
    pub fn power_of_two(bit: u32) -> Self {
        Self::from_u64(1).shl(bit)
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *limb = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .negative()
            .cmp(&self.negative())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> std::fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> integer_blossom::Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const ONE: Self = {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    };

    fn inf() -> Self {
        Self::power_of_two(Self::BITS - 3)
    }

    fn double(self) -> Self {
        self.shl(1)
    }

    fn half(self) -> Self {
        self.shr1()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use integer_blossom::Weight;

    fn wide(v: i128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    /// On two limbs the type must do what i128 does.
    #[test]
    fn two_limbs_agree_with_i128() {
        let values: [i128; 9] = [
            0,
            1,
            -1,
            7,
            -7,
            1 << 70,
            -(1 << 70),
            i128::MAX / 8,
            i128::MIN / 8,
        ];
        for &a in &values {
            assert_eq!(wide(a).half(), wide(a >> 1), "{a} / 2");
            assert_eq!(wide(a).double(), wide(a.wrapping_mul(2)), "{a} * 2");
            for shift in [0, 1, 63, 64, 65, 100] {
                assert_eq!(
                    wide(a).shl(shift),
                    wide(a.wrapping_shl(shift)),
                    "{a} << {shift}"
                );
            }
            for &b in &values {
                assert_eq!(wide(a) + wide(b), wide(a.wrapping_add(b)), "{a} + {b}");
                assert_eq!(wide(a) - wide(b), wide(a.wrapping_sub(b)), "{a} - {b}");
                assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a} cmp {b}");
            }
        }
    }

    #[test]
    fn a_high_bit_outweighs_every_lower_one() {
        let high = Wide::<8>::power_of_two(400);
        let below = Wide::<8>::power_of_two(400) - Wide::<8>::ONE;
        assert!(high > below && below > Wide::ZERO);
        assert!(Wide::<8>::inf() > high && Wide::<8>::ZERO - high < Wide::ZERO);
    }
}
