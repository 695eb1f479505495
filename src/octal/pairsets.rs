//! Three-heap splits by pair sets: a convolution-style mex.
//!
//! Let `S₂(j) = {G(b) ⊕ G(j − b) : 1 ≤ b < j}`, the values of the splits
//! of `j` into two non-empty heaps, kept as a bit set per `j`. A split of
//! `m` into three heaps `c + b + b'` has value `G(c) ⊕ (G(b) ⊕ G(b'))`, so
//! the three-heap options of `m` are `⋃_c G(c) ⊕ S₂(m − c)`; taking `c` as
//! the smallest part, `c ≤ m / 3` already reaches every split (the other
//! `c` give the same values again). The union is grouped by value:
//! `A_x = ⋃_{G(c) = x} S₂(m − c)` costs one OR per word and per `c`, and
//! each `A_x` is moved by `⊕ x` once (a word permutation for the high bits
//! of `x`, a bit permutation within words for the low six, the latter once
//! per distinct low part). Per heap this is `O(m · W + V · W)` word
//! operations for values below `V = 64 · W`, against `O(m²)` options for
//! the plain mex. Two-heap splits read `S₂(n − k)` directly.
//!
//! The sets take `8 · W` bytes per heap; past [`MAX_WORDS`] words or
//! [`MAX_BYTES`] bytes the sequence goes on with the plain engine.

use super::marks::{bit_len, first_zero, words_for};
use super::moves::Moves;
use super::values::Val;

/// Widest sets kept (values below 64 · MAX_WORDS = 16 384; the `A_x`
/// accumulators then take 32 MB).
pub(super) const MAX_WORDS: usize = 256;
/// Most bytes the sets may take.
pub(super) const MAX_BYTES: usize = 1 << 30;

#[derive(Clone, Debug)]
pub(super) struct PairSets {
    /// Words per set (a power of two).
    words: usize,
    /// `sets[j·words .. (j + 1)·words]` = `S₂(j)`, for `j < len()`.
    sets: Vec<u64>,
    /// `A_x` accumulators, `64 · words` sets of `words` words.
    acc: Vec<u64>,
    /// Which `x` have a non-empty `A_x` this heap, in order of first use.
    xs: Vec<u32>,
    /// `B_s` (same layout as `acc`, 64 sets): the `A_x` with `x mod 64 = s`
    /// moved by `x − s`.
    low: Vec<u64>,
    /// A byte per value, for building `S₂(j)` with one store per pair.
    bytes: Vec<u8>,
}

impl PairSets {
    pub(super) fn new() -> Self {
        PairSets {
            words: 1,
            sets: Vec::new(),
            acc: Vec::new(),
            xs: Vec::new(),
            low: Vec::new(),
            bytes: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.sets.len() / self.words
    }

    /// Whether sets of `words` words for `n` heaps stay within the limits.
    pub(super) fn fits(words: usize, n: usize) -> bool {
        words <= MAX_WORDS && n.saturating_mul(words).saturating_mul(8) <= MAX_BYTES
    }

    /// Re-lays the sets out with `words` words each (zero-extended).
    fn resize(&mut self, words: usize) {
        if words == self.words && !self.acc.is_empty() {
            return;
        }
        if words != self.words {
            let n = self.len();
            let mut sets = vec![0u64; n * words];
            for (new, old) in sets
                .chunks_exact_mut(words)
                .zip(self.sets.chunks_exact(self.words))
            {
                new[..self.words].copy_from_slice(old);
            }
            self.sets = sets;
            self.words = words;
        }
        self.acc = vec![0; 64 * words * words];
        self.low = vec![0; 64 * words];
        self.bytes = vec![0; 64 * words];
    }

    /// Appends `S₂(n)`, `n = len()`, from `g[1 .. n]`.
    fn push_set<V: Val>(&mut self, g: &[V], n: usize) {
        let words = self.words;
        let start = self.sets.len();
        self.sets.resize(start + words, 0);
        if n < 2 {
            return;
        }
        let half = n / 2;
        let lo = &g[1..=half];
        let hi = &g[n - half..n];
        let out = &mut self.sets[start..];
        if words == 1 {
            let mut w = 0u64;
            for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
                w |= 1u64 << (a.xor(b).get() & 63);
            }
            out[0] = w;
            return;
        }
        let mask = self.bytes.len() - 1;
        for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
            self.bytes[a.xor(b).get() as usize & mask] = 1;
        }
        pack(&self.bytes, out);
        self.bytes.fill(0);
    }
}

/// Packs a byte per value (0 or 1) into bit words.
fn pack(bytes: &[u8], out: &mut [u64]) {
    for (w, chunk) in out.iter_mut().zip(bytes.chunks_exact(64)) {
        let mut word = 0u64;
        for (i, eight) in chunk.chunks_exact(8).enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(eight);
            // Bytes 0/1 → one bit each: byte j lands on bit 56 + j.
            word |= (u64::from_le_bytes(b).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        *w = word;
    }
}

/// Bit `i` of `w` moved to bit `i ⊕ s` (`s < 64`).
#[inline(always)]
fn xor_bits(mut w: u64, s: u32) -> u64 {
    const M: [u64; 5] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
    ];
    for (i, &m) in M.iter().enumerate() {
        if s >> i & 1 != 0 {
            let d = 1u32 << i;
            w = ((w & m) << d) | ((w >> d) & m);
        }
    }
    if s & 32 != 0 {
        w = w.rotate_left(32);
    }
    w
}

/// The pair-set method until `len` values or a value needing more bits
/// than the sets hold (then `bits` grows and the caller calls again); a
/// value too wide for `V` is returned, not stored.
pub(super) fn pairs_run<V: Val>(
    moves: &Moves,
    ps: &mut PairSets,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<u32> {
    let words = words_for(*bits);
    ps.resize(words);
    let mut u = vec![0u64; words];
    let mut lows = 0u64;
    while g.len() < len {
        let n = g.len();
        if ps.len() == n {
            ps.push_set(g, n);
        }
        u.fill(0);
        if moves.take_all.binary_search(&n).is_ok() {
            u[0] |= 1;
        }
        for &k in &moves.take {
            if k >= n {
                break;
            }
            let x = g[n - k].get();
            u[x as usize >> 6] |= 1u64 << (x & 63);
        }
        for &k in &moves.split2 {
            if n < k + 2 {
                break;
            }
            let s = &ps.sets[(n - k) * words..(n - k + 1) * words];
            for (a, &b) in u.iter_mut().zip(s) {
                *a |= b;
            }
        }
        for &k in &moves.split3 {
            if n < k + 3 {
                break;
            }
            let m = n - k;
            // A_x ∪= S₂(m − c), x = G(c), c = 1 ..= m / 3.
            for (c, &gc) in g.iter().enumerate().take(m / 3 + 1).skip(1) {
                let x = gc.get() as usize;
                let a = &mut ps.acc[x * words..(x + 1) * words];
                let s = &ps.sets[(m - c) * words..(m - c + 1) * words];
                if a.iter().all(|&w| w == 0) {
                    ps.xs.push(x as u32);
                }
                for (a, &b) in a.iter_mut().zip(s) {
                    *a |= b;
                }
            }
        }
        // ⊕ x: words by x's high bits into B_{x mod 64}, then bits.
        for &x in &ps.xs {
            let (hi, lo) = ((x >> 6) as usize, (x & 63) as usize);
            lows |= 1 << lo;
            let a = &mut ps.acc[x as usize * words..(x as usize + 1) * words];
            let b = &mut ps.low[lo * words..(lo + 1) * words];
            for (w, aw) in a.iter_mut().enumerate() {
                b[w ^ hi] |= *aw;
                *aw = 0;
            }
        }
        ps.xs.clear();
        while lows != 0 {
            let lo = lows.trailing_zeros();
            lows &= lows - 1;
            let b = &mut ps.low[lo as usize * words..(lo as usize + 1) * words];
            for (a, bw) in u.iter_mut().zip(b.iter_mut()) {
                *a |= xor_bits(*bw, lo);
                *bw = 0;
            }
        }
        let v = first_zero(&u);
        if bit_len(v) > *bits {
            *bits = bit_len(v);
            if *bits > V::BITS {
                return Some(v);
            }
            g.push(V::of(v));
            return None;
        }
        g.push(V::of(v));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bits_moves_every_bit() {
        for s in 0..64u32 {
            for i in 0..64u32 {
                assert_eq!(xor_bits(1u64 << i, s), 1u64 << (i ^ s), "s={s} i={i}");
            }
        }
    }

    #[test]
    fn pack_reads_bytes_as_bits() {
        let mut bytes = vec![0u8; 128];
        for i in [0usize, 7, 8, 63, 64, 100, 127] {
            bytes[i] = 1;
        }
        let mut out = [0u64; 2];
        pack(&bytes, &mut out);
        assert_eq!(out[0], 1 | 1 << 7 | 1 << 8 | 1 << 63);
        assert_eq!(out[1], 1 | 1 << 36 | 1 << 63);
    }
}
