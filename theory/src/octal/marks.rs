//! Small bit sets of option values, sized to the values' bit length.

/// A bit set of option values below `64 · words`. `u64` and `Two` live in
/// registers (no store-to-load chains in the hot loops); arrays and `Vec`
/// serve larger values.
pub(super) trait Marks: Clone {
    fn with_words(words: usize) -> Self;
    fn clear(&mut self);
    fn set(&mut self, x: u32);
    /// Clears `x`, returning whether it was set.
    fn take(&mut self, x: u32) -> bool;
    /// Copies the words into `out` (as many as fit).
    fn get_words(&self, out: &mut [u64]);
    fn set_words(&mut self, words: &[u64]);
    /// A closure setting values, for a hot loop of `set`s: `Bytes` hands
    /// out its slice, so its byte stores cannot make the compiler reload
    /// the vector's pointer and length after every store.
    #[inline(always)]
    fn setter(&mut self) -> impl FnMut(u32) + '_ {
        move |x| self.set(x)
    }
}

impl Marks for u64 {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        0
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = 0;
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        *self |= 1u64 << (x & 63);
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let bit = 1u64 << (x & 63);
        let hit = *self & bit != 0;
        *self &= !bit;
        hit
    }
    fn get_words(&self, out: &mut [u64]) {
        if let Some(w) = out.first_mut() {
            *w = *self;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        *self = words.first().copied().unwrap_or(0);
    }
}

/// Two words in two registers; the word is chosen without a branch or a
/// memory round trip (a `[u64; 2]` on the stack chains store→load when
/// consecutive values hit the same word; a `u128` shift costs more).
#[derive(Clone, Copy)]
pub(super) struct Two(u64, u64);

impl Marks for Two {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        Two(0, 0)
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = Two(0, 0);
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        let bit = 1u64 << (x & 63);
        let hi = u64::from((x >> 6) & 1).wrapping_neg();
        self.0 |= bit & !hi;
        self.1 |= bit & hi;
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let w = if x & 64 == 0 {
            &mut self.0
        } else {
            &mut self.1
        };
        let bit = 1u64 << (x & 63);
        if *w & bit != 0 {
            *w &= !bit;
            true
        } else {
            false
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, v) in out.iter_mut().zip([self.0, self.1]) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        self.0 = words.first().copied().unwrap_or(0);
        self.1 = words.get(1).copied().unwrap_or(0);
    }
}

impl<const W: usize> Marks for [u64; W] {
    #[inline(always)]
    fn with_words(_: usize) -> Self {
        [0; W]
    }
    #[inline(always)]
    fn clear(&mut self) {
        *self = [0; W];
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        // W is a power of two and x < 64·W: the mask only drops the bounds check.
        self[(x as usize >> 6) & (W - 1)] |= 1u64 << (x & 63);
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        // Store only on a hit: a store per look would chain through memory.
        let w = &mut self[(x as usize >> 6) & (W - 1)];
        let bit = 1u64 << (x & 63);
        if *w & bit != 0 {
            *w &= !bit;
            true
        } else {
            false
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, &v) in out.iter_mut().zip(self.iter()) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        for (a, &b) in self.iter_mut().zip(words) {
            *a = b;
        }
    }
}

impl Marks for Vec<u64> {
    fn with_words(words: usize) -> Self {
        vec![0; words]
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        if let Some(w) = self.get_mut(x as usize >> 6) {
            *w |= 1u64 << (x & 63);
        }
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        let bit = 1u64 << (x & 63);
        match self.get_mut(x as usize >> 6) {
            Some(w) if *w & bit != 0 => {
                *w &= !bit;
                true
            }
            _ => false,
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, &v) in out.iter_mut().zip(self.iter()) {
            *w = v;
        }
    }
    fn set_words(&mut self, words: &[u64]) {
        for (a, &b) in self.iter_mut().zip(words) {
            *a = b;
        }
    }
}

/// A byte per value: setting is one store, with no load and no chain
/// through memory when consecutive values fall in the same word. Pays off
/// when a heap sets many values (long rare lists): reading the words back
/// packs eight bytes per multiply.
#[derive(Clone)]
pub(super) struct Bytes(Vec<u8>);

impl Marks for Bytes {
    fn with_words(words: usize) -> Self {
        Bytes(vec![0; 64 * words])
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.0.fill(0);
    }
    #[inline(always)]
    fn set(&mut self, x: u32) {
        // The length is a power of two above every value: the mask only
        // drops the bounds check.
        let mask = self.0.len() - 1;
        self.0[x as usize & mask] = 1;
    }
    #[inline(always)]
    fn take(&mut self, x: u32) -> bool {
        match self.0.get_mut(x as usize) {
            Some(b) if *b != 0 => {
                *b = 0;
                true
            }
            _ => false,
        }
    }
    fn get_words(&self, out: &mut [u64]) {
        for (w, bytes) in out.iter_mut().zip(self.0.chunks_exact(64)) {
            let mut word = 0u64;
            for (i, eight) in bytes.chunks_exact(8).enumerate() {
                let mut b = [0u8; 8];
                b.copy_from_slice(eight);
                // Bytes 0/1 → one bit each: byte j lands on bit 56 + j.
                let packed = u64::from_le_bytes(b).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                word |= packed << (8 * i);
            }
            *w = word;
        }
    }
    #[inline(always)]
    fn setter(&mut self) -> impl FnMut(u32) + '_ {
        let t = &mut self.0[..];
        let mask = t.len() - 1;
        move |x| t[x as usize & mask] = 1
    }
    fn set_words(&mut self, words: &[u64]) {
        for (bytes, &w) in self.0.chunks_exact_mut(64).zip(words) {
            for (j, b) in bytes.iter_mut().enumerate() {
                *b = (w >> j & 1) as u8;
            }
        }
    }
}

/// Words of a bit set holding every value below `1 << bits`.
pub(super) fn words_for(bits: u32) -> usize {
    if bits <= 6 { 1 } else { 1 << (bits - 6) }
}

pub(super) fn bit_len(v: u32) -> u32 {
    32 - v.leading_zeros()
}

/// The least value not in the set (may be `64 · words`).
#[inline(always)]
pub(super) fn first_zero(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    (words.len() as u32) * 64
}

/// The least value in the set (the set is non-empty).
pub(super) fn first_one(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != 0 {
            return (i as u32) * 64 + w.trailing_zeros();
        }
    }
    (words.len() as u32) * 64
}
