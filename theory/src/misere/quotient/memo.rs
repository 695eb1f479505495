//! The learning stage's exact outcomes, kept lean: a position (a sorted
//! multiset of heaps, heaps without a move left out) is packed into one
//! `u128` whose top bit holds its outcome, in a hash set that hashes and
//! compares the position bits alone. A position too long for 127 bits
//! goes to a second map, keyed by its heaps.
//!
//! A packed position is its heaps, smallest first, in fields of `bits`
//! bits each, from the low end: `h₀ + h₁·2^bits + …`. Heaps are at least 1,
//! so the fields after the last heap are 0 and the packing is one to one.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxBuildHasher, FxHashMap};

/// The outcome bit (set: the position is P).
const P_BIT: u128 = 1 << 127;

/// A packed position with its outcome in the top bit; equal and hashed
/// by the position alone, so that a lookup finds the stored outcome.
#[derive(Debug, Clone, Copy)]
struct Packed(u128);

impl PartialEq for Packed {
    fn eq(&self, other: &Self) -> bool {
        (self.0 & !P_BIT) == (other.0 & !P_BIT)
    }
}

impl Eq for Packed {}

impl Hash for Packed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.0 & !P_BIT);
    }
}

/// Exact misère outcomes (true = P) of positions of heaps 1..=`max heap`.
#[derive(Debug, Clone)]
pub(super) struct Memo {
    bits: u32,
    packed: std::collections::HashSet<Packed, FxBuildHasher>,
    long: FxHashMap<Box<[u32]>, bool>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo::new(1)
    }
}

impl Memo {
    /// An empty memo for positions whose heaps are at most `max_heap`.
    pub(super) fn new(max_heap: u32) -> Memo {
        Memo {
            bits: (32 - max_heap.leading_zeros()).max(1),
            packed: Default::default(),
            long: Default::default(),
        }
    }

    /// The bits of a heap's field.
    pub(super) fn bits(&self) -> u32 {
        self.bits
    }

    fn pack(&self, pos: &[u32]) -> Option<u128> {
        if pos.len() as u32 * self.bits > 127 {
            return None;
        }
        let mut key = 0u128;
        for (i, &h) in pos.iter().enumerate() {
            if h >> self.bits != 0 {
                return None;
            }
            key |= u128::from(h) << (self.bits * i as u32);
        }
        Some(key)
    }

    /// The stored outcome of the sorted position `pos`.
    pub(super) fn get(&self, pos: &[u32]) -> Option<bool> {
        match self.pack(pos) {
            Some(k) => self.packed.get(&Packed(k)).map(|p| p.0 & P_BIT != 0),
            None => self.long.get(pos).copied(),
        }
    }

    /// Stores the outcome of the sorted position `pos`.
    pub(super) fn insert(&mut self, pos: &[u32], p: bool) {
        match self.pack(pos) {
            Some(k) => {
                self.packed.replace(Packed(if p { k | P_BIT } else { k }));
            }
            None => {
                self.long.insert(pos.into(), p);
            }
        }
    }

    /// The positions stored.
    pub(super) fn len(&self) -> usize {
        self.packed.len() + self.long.len()
    }

    /// The packed positions with their outcome bits, in no fixed order.
    pub(super) fn packed(&self) -> impl Iterator<Item = u128> + '_ {
        self.packed.iter().map(|p| p.0)
    }

    /// The positions too long to pack, with their outcomes.
    pub(super) fn long(&self) -> impl Iterator<Item = (&[u32], bool)> + '_ {
        self.long.iter().map(|(k, &v)| (&k[..], v))
    }

    /// Stores a packed position read back from a checkpoint; false when
    /// it is not a sorted position of heaps of at most `bits` bits.
    pub(super) fn insert_packed(&mut self, key: u128) -> bool {
        let pos = self.unpack(key & !P_BIT);
        let fine = pos.first().is_none_or(|&h| h >= 1)
            && pos.windows(2).all(|w| w[0] <= w[1])
            && self.pack(&pos) == Some(key & !P_BIT);
        if fine {
            self.packed.replace(Packed(key));
        }
        fine
    }

    fn unpack(&self, mut key: u128) -> Vec<u32> {
        let mask = (1u128 << self.bits) - 1;
        let mut pos = Vec::new();
        while key != 0 {
            pos.push((key & mask) as u32);
            key >>= self.bits;
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The memo answers exactly as a map keyed by the heaps would,
        /// packed or long, and a packed entry reads back through its bits.
        #[test]
        fn the_memo_is_a_map(
            max in 1u32..70,
            ops in proptest::collection::vec(
                (proptest::collection::vec(1u32..70, 0..30), any::<bool>()), 0..60),
        ) {
            let mut memo = Memo::new(max);
            let mut plain: FxHashMap<Vec<u32>, bool> = FxHashMap::default();
            for (mut pos, p) in ops {
                pos.iter_mut().for_each(|h| *h = 1 + *h % max);
                pos.sort_unstable();
                prop_assert_eq!(memo.get(&pos), plain.get(&pos).copied());
                memo.insert(&pos, p);
                plain.insert(pos.clone(), p);
                prop_assert_eq!(memo.get(&pos), Some(p));
            }
            prop_assert_eq!(memo.len(), plain.len());
            let mut again = Memo::new(max);
            for k in memo.packed() {
                prop_assert!(again.insert_packed(k));
            }
            for (pos, p) in memo.long() {
                again.insert(pos, p);
            }
            for (pos, p) in &plain {
                prop_assert_eq!(again.get(pos), Some(*p));
            }
        }
    }

    #[test]
    fn a_packed_key_out_of_order_is_refused() {
        let mut memo = Memo::new(34);
        // Heaps 5 then 3 (fields of 6 bits): not sorted.
        assert!(!memo.insert_packed(5 | 3 << 6));
        assert!(memo.insert_packed(3 | 5 << 6 | P_BIT));
        assert_eq!(memo.get(&[3, 5]), Some(true));
    }
}
