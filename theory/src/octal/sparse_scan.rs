//! The sparse method's split scans: the values of the splits of a heap
//! with two common parts looked for among the pairs, as a byte table of
//! missing values, by vector compares on the last few (`scan_few`,
//! `scan_splits_table`, `scan_splits`), with the AVX2 copies of the
//! one-size scan (`one_table_avx2`, `few_pairs_avx2`).
//!
//! Which scan runs: at most [`FEW`] values missing, whole chunks of
//! [`CHUNK`] splits compared with them at once (`scan_few`); more, with
//! values past 63, a byte table of the missing values, eight or sixteen
//! splits a branch (`scan_splits_table`); more, with values below 64,
//! the mark set (`scan_splits`). The AVX2 copies (`u16` values below 512)
//! are taken when `is_x86_feature_detected!("avx2")` says the CPU has the
//! instructions. They are the octal engine's only `unsafe` code: vector
//! loads and stores and the calls of `target_feature` functions, each
//! with its `SAFETY` reason; `sparse_tests.rs` tests them equal to the
//! portable loops and to the pairs by definition.

use super::*;

/// Most values `scan_few` looks for at once.
pub(super) const FEW: usize = 4;
/// Splits `scan_few` tests per vector compare.
pub(super) const CHUNK: usize = 32;

/// Looks at the splits of heap `n`, smallest part first (by chunks of
/// `CHUNK`, every split size in turn), for the `count ≤ FEW` values
/// `want[..count]`; returns the least of them not seen, `None` when all
/// were seen. A chunk is first tested as a whole (`chunk_hits`, which the
/// compiler turns into vector compares), then pair by pair on a hit.
pub(super) fn scan_few<V: Val>(
    g: &[V],
    n: usize,
    split: &[usize],
    want: &[u32; FEW],
    mut count: usize,
    work: &mut u64,
) -> Option<u32> {
    // Live targets first; the rest repeat t[0] so the chunk test needs no count.
    let mut t = [V::of(want[0]); FEW];
    for (ti, &w) in t.iter_mut().zip(want).take(count) {
        *ti = V::of(w);
    }
    let mut a0 = 1;
    loop {
        let mut any = false;
        for &k in split {
            // Splits (a, m − a) of m = n − k with a0 ≤ a ≤ m / 2.
            if n < k + 2 * a0 {
                break;
            }
            any = true;
            let m = n - k;
            let end = (a0 + CHUNK - 1).min(m / 2);
            let lo = &g[a0..=end];
            let hi = &g[m - end..=m - a0];
            let len = lo.len();
            if chunk_hits(lo, hi, &t) {
                for j in 0..len {
                    let x = lo[j].xor(hi[len - 1 - j]);
                    if let Some(p) = t[..count].iter().position(|&y| y == x) {
                        count -= 1;
                        if count == 0 {
                            *work += j as u64 + 1;
                            return None;
                        }
                        t[p] = t[count];
                        let first = t[0];
                        for y in &mut t[count..] {
                            *y = first;
                        }
                    }
                }
            }
            *work += len as u64;
        }
        if !any {
            return t[..count].iter().map(|y| y.get()).min();
        }
        a0 += CHUNK;
    }
}

/// Whether some pair `(lo[j], hi[len − 1 − j])` XORs to a value in `t`
/// (always true for a short chunk: the caller then looks pair by pair).
#[inline(always)]
pub(super) fn chunk_hits<V: Val>(lo: &[V], hi: &[V], t: &[V; FEW]) -> bool {
    let (Ok(lo), Ok(hi)) = (<&[V; CHUNK]>::try_from(lo), <&[V; CHUNK]>::try_from(hi)) else {
        return true;
    };
    let mut acc = false;
    for j in 0..CHUNK {
        let x = lo[j].xor(hi[CHUNK - 1 - j]);
        acc |= (x == t[0]) | (x == t[1]) | (x == t[2]) | (x == t[3]);
    }
    acc
}

/// Bit `j` set when the pair `(lo[j], hi[len − 1 − j])` XORs to a value in
/// `t` (every pair's bit for a chunk shorter than `CHUNK`).
#[inline(always)]
pub(super) fn chunk_mask<V: Val>(lo: &[V], hi: &[V], t: &[V; FEW]) -> u32 {
    let (Ok(l), Ok(h)) = (<&[V; CHUNK]>::try_from(lo), <&[V; CHUNK]>::try_from(hi)) else {
        return u32::MAX >> (CHUNK - lo.len().clamp(1, CHUNK));
    };
    let mut m = 0u32;
    for j in 0..CHUNK {
        let x = l[j].xor(h[CHUNK - 1 - j]);
        m |= u32::from((x == t[0]) | (x == t[1]) | (x == t[2]) | (x == t[3])) << j;
    }
    m
}

/// `scan_splits` with the missing values as a byte table (all zero again
/// when it returns 0): every split size in turn, by chunks of eight
/// smallest parts, one branch per chunk.
pub(super) fn scan_splits_table<V: Val>(
    g: &[V],
    n: usize,
    split: &[usize],
    table: &mut [u8],
    want: &[u64],
    mut count: u32,
    work: &mut u64,
) -> u32 {
    const STEP: usize = 8;
    let mask = table.len() - 1; // a power of two above every value
    match *split {
        [k] => return scan_one_table(g, n, k, table, want, mask, count, work),
        [k1, k2] => return scan_two_table(g, n, k1, k2, table, mask, count, work),
        _ => {}
    }
    let mut a0 = 1;
    loop {
        let mut any = false;
        for &k in split {
            // Splits (a, m − a) of m = n − k with a0 ≤ a ≤ m / 2.
            if n < k + 2 * a0 {
                break;
            }
            any = true;
            let m = n - k;
            let end = (a0 + STEP - 1).min(m / 2);
            let lo = &g[a0..=end];
            let hi = &g[m - end..=m - a0];
            let hit = match (<&[V; STEP]>::try_from(lo), <&[V; STEP]>::try_from(hi)) {
                (Ok(l), Ok(h)) => {
                    let mut hit = 0u8;
                    for j in 0..STEP {
                        hit |= table[l[j].xor(h[STEP - 1 - j]).get() as usize & mask];
                    }
                    hit != 0
                }
                _ => true,
            };
            let len = lo.len();
            if hit {
                for j in 0..len {
                    let t = &mut table[lo[j].xor(hi[len - 1 - j]).get() as usize & mask];
                    // Branch-free: most of these bytes are 0, but which is
                    // unpredictable.
                    count -= u32::from(*t);
                    *t = 0;
                    if count == 0 {
                        *work += j as u64 + 1;
                        return 0;
                    }
                }
            }
            *work += len as u64;
        }
        if !any {
            return count;
        }
        a0 += STEP;
    }
}

/// `scan_splits_table` for two split sizes `k1 < k2`: the parts
/// `(a, n − k1 − a)` and `(a, n − k2 − a)` for each smallest part `a` in
/// turn (eight `a` per branch), then the remaining splits of size `k1`.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn scan_two_table<V: Val>(
    g: &[V],
    n: usize,
    k1: usize,
    k2: usize,
    table: &mut [u8],
    mask: usize,
    mut count: u32,
    work: &mut u64,
) -> u32 {
    const STEP: usize = 8;
    if n < k1 + 2 {
        return count;
    }
    let (m1, m2) = (n - k1, n.saturating_sub(k2));
    let both = if n >= k2 + 2 { m2 / 2 } else { 0 };
    // lo[i] = G(1 + i), h1[both − 1 − i] = G(m1 − 1 − i), likewise h2.
    let lo = &g[1..=both];
    let h1 = &g[m1 - both..m1];
    let h2 = &g[m2 - both..m2];
    let mut i = 0;
    while i < both {
        let len = STEP.min(both - i);
        let l = &lo[i..i + len];
        let x1 = &h1[both - i - len..both - i];
        let x2 = &h2[both - i - len..both - i];
        let hit = if len == STEP {
            let mut hit = 0u8;
            for j in 0..STEP {
                hit |= table[l[j].xor(x1[STEP - 1 - j]).get() as usize & mask];
                hit |= table[l[j].xor(x2[STEP - 1 - j]).get() as usize & mask];
            }
            hit != 0
        } else {
            true
        };
        if hit {
            for j in 0..len {
                let a = l[j];
                for (o, x) in [a.xor(x1[len - 1 - j]), a.xor(x2[len - 1 - j])]
                    .into_iter()
                    .enumerate()
                {
                    let t = &mut table[x.get() as usize & mask];
                    // Branch-free: most of these bytes are 0, but which is
                    // unpredictable.
                    count -= u32::from(*t);
                    *t = 0;
                    if count == 0 {
                        *work += (2 * (i + j) + o + 1) as u64;
                        return 0;
                    }
                }
            }
        }
        i += len;
    }
    *work += 2 * both as u64;
    // Splits of size k1 with a > both: lo = G(both + 1 ..= m1 / 2).
    let half = m1 / 2;
    scan_pairs_table(
        &g[both + 1..=half],
        &g[m1.div_ceil(2)..m1 - both],
        table,
        mask,
        count,
        work,
    )
}

/// `scan_splits_table` for one split size `k`: the pairs `(a, n − k − a)`,
/// `a = 1 ..= (n − k) / 2`, smallest `a` first.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn scan_one_table<V: Val>(
    g: &[V],
    n: usize,
    k: usize,
    table: &mut [u8],
    want: &[u64],
    mask: usize,
    count: u32,
    work: &mut u64,
) -> u32 {
    if n < k + 2 {
        return count;
    }
    let m = n - k;
    let half = m / 2;
    // Pairs (a, m − a), a = 1 ..= half: lo[i] = G(1 + i), hi[i] = G(m − 1 − i).
    let lo = &g[1..=half];
    let hi = &g[m - half..m];
    #[cfg(target_arch = "x86_64")]
    if let (Some(lo), Some(hi)) = (V::as_u16(lo), V::as_u16(hi))
        && table.len() <= 512
        && std::arch::is_x86_feature_detected!("avx2")
    {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { one_table_avx2(lo, hi, table, want, mask, count, work, &mut |_, _| {}) };
    }
    one_table_portable(lo, hi, table, want, mask, count, work, &mut |_, _| {})
}

/// Clears from `table` the values of the pairs `(lo[j], hi[len − 1 − j])`
/// (`lo` and `hi` of one length `len`) in turn until `count` of them have
/// been seen; returns how many are still missing (still set in `table`).
/// `want` holds the values missing at the start, `work` counts the pairs
/// looked at. Sixteen pairs per branch against the byte table; once no
/// more than `FEW` values are missing (most of the scan's length: the last
/// values are the hardest to find), the rest of the pairs are compared
/// against them in vectors (`few_pairs`).
///
/// The loop is `scan_pairs_table`'s, written out: calling that one here
/// (its re-slicing to a common length) made 0.6 to 2^20 43 % slower
/// (perf stat task-clock 2.54 s → 3.64 s), so the two copies stay.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn one_table_portable<V: Val>(
    lo: &[V],
    hi: &[V],
    table: &mut [u8],
    want: &[u64],
    mask: usize,
    mut count: u32,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    let half = lo.len();
    assert_eq!(half, hi.len());
    let mut i = 0;
    while i + 16 <= half {
        let l = &lo[i..i + 16];
        let h = &hi[half - i - 16..half - i];
        let x: [V; 16] = std::array::from_fn(|j| l[j].xor(h[15 - j]));
        let (mut h0, mut h1) = (0u8, 0u8);
        for j in 0..8 {
            h0 |= table[x[2 * j].get() as usize & mask];
            h1 |= table[x[2 * j + 1].get() as usize & mask];
        }
        if h0 | h1 != 0 {
            for (j, &xj) in x.iter().enumerate() {
                let t = &mut table[xj.get() as usize & mask];
                if *t != 0 {
                    *t = 0;
                    found(i + j, xj.get());
                    count -= 1;
                    if count == 0 {
                        *work += (i + j + 1) as u64;
                        return 0;
                    }
                }
            }
            if count as usize <= FEW {
                *work += (i + 16) as u64;
                let t = still_missing(want, table);
                return few_pairs(lo, hi, i + 16, t, count as usize, table, mask, work, found);
            }
        }
        i += 16;
    }
    tail_pairs(lo, hi, i, table, mask, count, work, found)
}

/// The pairs `j = from ..` of `lo`, `hi` (one length; pair `j` is
/// `(lo[j], hi[len − 1 − j])`) one at a time, after a scan's chunked loop:
/// clears each value found from `table` until `count` have been seen;
/// returns how many are still missing, and adds the pairs looked at (all
/// of them when some value is still missing) to `work`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn tail_pairs<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    table: &mut [u8],
    mask: usize,
    mut count: u32,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    let half = lo.len();
    for j in from..half {
        let x = lo[j].xor(hi[half - 1 - j]).get();
        let t = &mut table[x as usize & mask];
        if *t != 0 {
            *t = 0;
            found(j, x);
            count -= 1;
            if count == 0 {
                *work += (j + 1) as u64;
                return 0;
            }
        }
    }
    *work += half as u64;
    count
}

/// The values of `want` (a bit set) still set in `table`, when no more
/// than `FEW` are.
#[inline(never)]
pub(super) fn still_missing<V: Val>(want: &[u64], table: &[u8]) -> [V; FEW] {
    let mut t = [V::default(); FEW];
    let mut c = 0;
    for (wi, &w) in want.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            let v = wi * 64 + w.trailing_zeros() as usize;
            if table[v] != 0 {
                t[c] = V::of(v as u32);
                c += 1;
            }
            w &= w - 1;
        }
    }
    t
}

/// The members of a set of at most `FEW` values below 512, as bits.
#[cfg(target_arch = "x86_64")]
pub(super) fn set_members(bits: &[u8; 64]) -> [u16; FEW] {
    let mut t = [0u16; FEW];
    let mut c = 0;
    for (wi, b) in bits.chunks_exact(8).enumerate() {
        let mut w = u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
        while w != 0 && c < FEW {
            t[c] = (wi * 64) as u16 + w.trailing_zeros() as u16;
            c += 1;
            w &= w - 1;
        }
    }
    t
}

/// `scan_one_table` on `u16` values below 512 with AVX2, 32 pairs per
/// step: the missing values are a 512-bit set, 64 bytes held in four
/// vector registers, looked up with byte shuffles (`vpshufb`: byte
/// `x >> 3` of the set, then bit `x & 7` of it), so a step costs about
/// thirty vector instructions and one branch, and only the pairs whose
/// value is in the set are looked at one by one. `lo` and `hi` have one
/// length; pair `j` is `(lo[j], hi[len − 1 − j])`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
pub(super) fn one_table_avx2(
    lo: &[u16],
    hi: &[u16],
    table: &mut [u8],
    want: &[u64],
    mask: usize,
    mut count: u32,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    use std::arch::x86_64::*;
    assert!(lo.len() == hi.len() && table.len() <= 512 && want.len() * 64 <= 512);
    let half = lo.len();
    // The set, from the table (which holds exactly `want` now).
    let mut bits = [0u8; 64];
    for (b, &w) in bits.chunks_exact_mut(8).zip(want) {
        b.copy_from_slice(&w.to_le_bytes());
    }
    let load = |bits: &[u8; 64]| -> [__m256i; 4] {
        // SAFETY: each load reads 16 bytes inside the 64-byte array.
        std::array::from_fn(|q| unsafe {
            _mm256_broadcastsi128_si256(_mm_loadu_si128(bits.as_ptr().add(16 * q).cast()))
        })
    };
    let mut set = load(&bits);
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, //
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
    );
    let pow2 = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, //
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let seven = _mm256_set1_epi16(7);
    let zero = _mm256_setzero_si256();
    let mut i = 0;
    while i + 32 <= half {
        let hb = half - i - 32;
        // SAFETY: i + 32 ≤ half and hb + 32 = half − i ≤ half: every load
        // is inside `lo` or `hi`.
        let (l0, l1, ha, hb) = unsafe {
            (
                _mm256_loadu_si256(lo.as_ptr().add(i).cast()),
                _mm256_loadu_si256(lo.as_ptr().add(i + 16).cast()),
                _mm256_loadu_si256(hi.as_ptr().add(hb + 16).cast()),
                _mm256_loadu_si256(hi.as_ptr().add(hb).cast()),
            )
        };
        // Pair j < 16 is lo[i + j] with hi[hb + 31 − j]: `ha` reversed.
        let x0 = _mm256_xor_si256(
            l0,
            _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(ha, rev)),
        );
        let x1 = _mm256_xor_si256(
            l1,
            _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(hb, rev)),
        );
        // Bytes, in the order of pairs 0–7, 16–23, 8–15, 24–31.
        let byte = _mm256_packus_epi16(_mm256_srli_epi16::<3>(x0), _mm256_srli_epi16::<3>(x1));
        let bit = _mm256_packus_epi16(_mm256_and_si256(x0, seven), _mm256_and_si256(x1, seven));
        // Byte `byte` of the set: bit 4 of it picks set[1] over set[0]
        // (set[3] over set[2]), bit 5 the upper pair.
        let b4 = _mm256_slli_epi16::<3>(byte);
        let b5 = _mm256_slli_epi16::<2>(byte);
        let s01 = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(set[0], byte),
            _mm256_shuffle_epi8(set[1], byte),
            b4,
        );
        let s23 = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(set[2], byte),
            _mm256_shuffle_epi8(set[3], byte),
            b4,
        );
        let s = _mm256_blendv_epi8(s01, s23, b5);
        let hit = _mm256_and_si256(s, _mm256_shuffle_epi8(pow2, bit));
        let m = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, zero)) as u32);
        if m != 0 {
            let mut xs = [0u16; 32];
            // SAFETY: two 32-byte stores into the 64-byte array.
            unsafe {
                _mm256_storeu_si256(xs.as_mut_ptr().cast(), x0);
                _mm256_storeu_si256(xs.as_mut_ptr().add(16).cast(), x1);
            }
            // Bit j for pair j.
            let mut m = (m & 0xFF00_00FF) | ((m & 0x0000_FF00) << 8) | ((m & 0x00FF_0000) >> 8);
            while m != 0 {
                let j = m.trailing_zeros() as usize;
                m &= m - 1;
                let x = xs[j] as usize & mask;
                if table[x] != 0 {
                    table[x] = 0;
                    found(i + j, x as u32);
                    bits[x >> 3] &= !(1u8 << (x & 7));
                    count -= 1;
                    if count == 0 {
                        *work += (i + j + 1) as u64;
                        return 0;
                    }
                }
            }
            if count as usize <= FEW {
                *work += (i + 32) as u64;
                let t = set_members(&bits);
                return few_pairs(lo, hi, i + 32, t, count as usize, table, mask, work, found);
            }
            set = load(&bits);
        }
        i += 32;
    }
    tail_pairs(lo, hi, i, table, mask, count, work, found)
}

/// The pairs `(lo[j], hi[len − 1 − j])`, `j ≥ from` (`lo` and `hi` of one
/// length), against the `count ≤ FEW` values `t[..count]`: each value seen
/// is cleared from `table`; returns how many are still missing. `work`
/// counts the pairs looked at. With AVX2 (checked at run time) the same
/// loop is compiled for it: 32 pairs per test are two vectors.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn few_pairs<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    t: [V; FEW],
    count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { few_pairs_avx2(lo, hi, from, t, count, table, mask, work, found) };
    }
    few_pairs_body(lo, hi, from, t, count, table, mask, work, found)
}

/// `few_pairs_body` compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
pub(super) fn few_pairs_avx2<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    t: [V; FEW],
    count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    few_pairs_body(lo, hi, from, t, count, table, mask, work, found)
}

/// The loop of `few_pairs`, for any instruction set.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn few_pairs_body<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    mut t: [V; FEW],
    mut count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
    found: &mut impl FnMut(usize, u32),
) -> u32 {
    let half = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..half], &hi[hi.len() - half..]);
    // Live targets first; the rest repeat t[0] so the test needs no count.
    let first = t[0];
    for y in &mut t[count..] {
        *y = first;
    }
    let mut i = from;
    while count > 0 && i < half {
        let len = CHUNK.min(half - i);
        let l = &lo[i..i + len];
        let h = &hi[half - i - len..half - i];
        let mut hits = chunk_mask(l, h, &t);
        while hits != 0 {
            let j = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            let x = l[j].xor(h[len - 1 - j]);
            // A value seen earlier in the chunk is no longer in `t`.
            if let Some(p) = t[..count].iter().position(|&y| y == x) {
                table[x.get() as usize & mask] = 0;
                found(i + j, x.get());
                count -= 1;
                if count == 0 {
                    *work += (j + 1) as u64;
                    return 0;
                }
                t[p] = t[count];
                let first = t[0];
                for y in &mut t[count..] {
                    *y = first;
                }
            }
        }
        *work += len as u64;
        i += len;
    }
    count as u32
}

/// Clears from `table` the values `lo[j] ⊕ hi[len − 1 − j]` of the pairs in
/// turn (16 per branch) until `count` of them have been seen; returns how
/// many are still missing.
#[inline(always)]
pub(super) fn scan_pairs_table<V: Val>(
    lo: &[V],
    hi: &[V],
    table: &mut [u8],
    mask: usize,
    mut count: u32,
    work: &mut u64,
) -> u32 {
    let half = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..half], &hi[hi.len() - half..]);
    let mut i = 0;
    while i + 16 <= half {
        let l = &lo[i..i + 16];
        let h = &hi[half - i - 16..half - i];
        let x: [V; 16] = std::array::from_fn(|j| l[j].xor(h[15 - j]));
        let (mut h0, mut h1) = (0u8, 0u8);
        for j in 0..8 {
            h0 |= table[x[2 * j].get() as usize & mask];
            h1 |= table[x[2 * j + 1].get() as usize & mask];
        }
        if h0 | h1 != 0 {
            for (j, &xj) in x.iter().enumerate() {
                let t = &mut table[xj.get() as usize & mask];
                if *t != 0 {
                    *t = 0;
                    count -= 1;
                    if count == 0 {
                        *work += (i + j + 1) as u64;
                        return 0;
                    }
                }
            }
        }
        i += 16;
    }
    tail_pairs(lo, hi, i, table, mask, count, work, &mut |_, _| {})
}

/// Looks at the splits of heap `n`, smallest part first, clearing their
/// values from `missing` until `count` of them have been seen or the splits
/// run out; returns how many are still missing.
#[inline(always)]
pub(super) fn scan_splits<M: Marks, V: Val>(
    g: &[V],
    n: usize,
    split: &[usize],
    missing: &mut M,
    mut count: u32,
    work: &mut u64,
) -> u32 {
    let mut look = |x: V, count: &mut u32| -> bool {
        if missing.take(x.get()) {
            *count -= 1;
            *count == 0
        } else {
            false
        }
    };
    match *split {
        [k] => {
            if n < k + 2 {
                return count;
            }
            let m = n - k;
            let (lo, hi) = (&g[1..=m / 2], &g[m.div_ceil(2)..m]);
            for (i, (&a, &b)) in lo.iter().zip(hi.iter().rev()).enumerate() {
                if look(a.xor(b), &mut count) {
                    *work += i as u64 + 1;
                    return 0;
                }
            }
            *work += lo.len() as u64;
            count
        }
        [k1, k2] => {
            // k1 < k2: parts (a, m1 − a) and (a, m2 − a), smallest a first.
            if n < k1 + 2 {
                return count;
            }
            let (m1, m2) = (n - k1, n.saturating_sub(k2));
            let both = if n >= k2 + 2 { m2 / 2 } else { 0 };
            let lo = &g[1..=both];
            let h1 = &g[m1 - both..m1];
            let h2 = &g[m2 - both..m2];
            for (i, ((&a, &b1), &b2)) in lo
                .iter()
                .zip(h1.iter().rev())
                .zip(h2.iter().rev())
                .enumerate()
            {
                if look(a.xor(b1), &mut count) || look(a.xor(b2), &mut count) {
                    *work += 2 * i as u64 + 2;
                    return 0;
                }
            }
            *work += 2 * both as u64;
            let lo = &g[both + 1..=m1 / 2];
            let hi = &g[m1.div_ceil(2)..m1 - both];
            for (i, (&a, &b)) in lo.iter().zip(hi.iter().rev()).enumerate() {
                if look(a.xor(b), &mut count) {
                    *work += i as u64 + 1;
                    return 0;
                }
            }
            *work += lo.len() as u64;
            count
        }
        _ => {
            let Some(&k_min) = split.first() else {
                return count;
            };
            if n < k_min + 2 {
                return count;
            }
            for a in 1..=(n - k_min) / 2 {
                let ga = g[a];
                for &k in split {
                    if n < k + 2 * a {
                        break;
                    }
                    *work += 1;
                    if look(ga.xor(g[n - k - a]), &mut count) {
                        return 0;
                    }
                }
            }
            count
        }
    }
}
