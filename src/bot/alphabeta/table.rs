//! The transposition table: what the search learnt of a position, under
//! its 64-bit key, in a table of fixed size allocated once per choice (no
//! allocation per node). A slot holds one position; a newer result always
//! takes it (simple, and the search is short).

/// A score that says how it bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// What the table holds of one position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    key: u64,
    /// The best move found, as the game codes moves (0: none).
    pub(super) best: u32,
    pub(super) score: i32,
    pub(super) depth: i16,
    pub(super) bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    best: 0,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(super) fn new(bits: u32) -> Table {
        Table {
            slots: vec![EMPTY; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.slots[key as usize & self.mask];
        (entry.key == key && entry.depth >= 0).then_some(entry)
    }

    pub(super) fn store(&mut self, key: u64, best: u32, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        // Keep a deeper result of the same position when this one has no
        // move to add.
        if slot.key == key && best == 0 && i32::from(slot.depth) > depth {
            return;
        }
        *slot = Entry {
            key,
            best,
            score,
            depth: depth.clamp(0, i16::MAX as i32) as i16,
            bound,
        };
    }
}

/// Pseudo-random 64-bit numbers for Zobrist keys, fixed at compile time
/// (splitmix64 from a constant seed).
pub(super) const fn zobrist<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_is_found_under_its_key_only() {
        let mut table = Table::new(4);
        table.store(0x1234_5678_9abc_def1, 7, 42, 3, Bound::Lower);
        let entry = table.probe(0x1234_5678_9abc_def1).unwrap();
        assert_eq!((entry.best, entry.score, entry.depth), (7, 42, 3));
        assert_eq!(entry.bound, Bound::Lower);
        // The same slot, another position.
        assert!(table.probe(0x1234_5678_9abc_def1 ^ (1 << 40)).is_none());
    }

    #[test]
    fn zobrist_keys_differ() {
        let keys: [u64; 800] = zobrist(1);
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 800);
    }
}
