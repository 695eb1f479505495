//! Tests of the rare/common engine (`sparse.rs`, `sparse_scan.rs`).

use super::*;
use proptest::prelude::*;

/// The pairs `(a, m − a)`, `a = 1 ..= m / 2` in turn, from the
/// definition: the values of `want` not seen (ascending) and the pairs
/// looked at (up to the one that saw the last value).
fn by_pairs(g: &[u32], m: usize, want: &[u32]) -> (Vec<u32>, u64) {
    let mut left: Vec<u32> = want.to_vec();
    for a in 1..=m / 2 {
        let x = g[a] ^ g[m - a];
        left.retain(|&y| y != x);
        if left.is_empty() {
            return (left, a as u64);
        }
    }
    (left, (m / 2) as u64)
}

/// Values of `bits` bits, drawn from `range` of them (few distinct
/// values make some XORs rare or absent), from a seed.
fn values(seed: u64, len: usize, bits: u32, range: u32) -> Vec<u32> {
    let mut s = seed | 1;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let top = 1u64 << bits;
    let range = u64::from(range).clamp(1, top);
    let shift = next() % top;
    (0..len)
        .map(|_| ((next() % range + shift) % top) as u32)
        .collect()
}

/// Runs `scan` on the table of `want` and checks it against `by_pairs`.
fn check(
    g: &[u32],
    m: usize,
    want: &[u32],
    words: usize,
    scan: impl FnOnce(&mut [u8], &[u64], usize, u32, &mut u64) -> u32,
) {
    let mut table = vec![0u8; 64 * words];
    let mut set = vec![0u64; words];
    for &w in want {
        table[w as usize] = 1;
        set[w as usize / 64] |= 1 << (w % 64);
    }
    let mask = table.len() - 1;
    let mut work = 0;
    let left = scan(&mut table, &set, mask, want.len() as u32, &mut work);
    let (expect, expect_work) = by_pairs(g, m, want);
    let now: Vec<u32> = (0..table.len() as u32)
        .filter(|&v| table[v as usize] != 0)
        .collect();
    assert_eq!(left as usize, expect.len(), "count left");
    assert_eq!(now, expect, "values left in the table");
    assert_eq!(work, expect_work, "pairs looked at");
}

/// The missing values: `count` distinct values of `bits` bits.
fn wanted(seed: u64, bits: u32, count: usize) -> Vec<u32> {
    let mut w = values(seed ^ 0x9e37_79b9, 4 * count + 8, bits, 1 << bits);
    w.sort_unstable();
    w.dedup();
    w.truncate(count);
    w
}

fn narrow<V: Val>(g: &[u32]) -> Vec<V> {
    g.iter().map(|&v| V::of(v)).collect()
}

/// The one-size table scan (portable, and with AVX2 when the CPU has
/// it) on `V` values, against the definition.
fn one_size<V: Val>(g: &[u32], m: usize, want: &[u32], bits: u32) {
    let words = words_for(bits);
    let gv: Vec<V> = narrow(g);
    let half = m / 2;
    let (lo, hi) = (&gv[1..=half], &gv[m - half..m]);
    check(g, m, want, words, |t, set, mask, c, w| {
        one_table_portable(lo, hi, t, set, mask, c, w, &mut |_, _| {})
    });
    check(g, m, want, words, |t, set, mask, c, w| {
        scan_one_table(&gv, m + 1, 1, t, set, mask, c, w)
    });
    #[cfg(target_arch = "x86_64")]
    if let (Some(lo), Some(hi)) = (V::as_u16(lo), V::as_u16(hi))
        && words <= 8
        && std::arch::is_x86_feature_detected!("avx2")
    {
        check(g, m, want, words, |t, set, mask, c, w| {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { one_table_avx2(lo, hi, t, set, mask, c, w, &mut |_, _| {}) }
        });
    }
}

/// `few_pairs` from pair 0 (portable, and with AVX2 when the CPU has it).
fn few<V: Val>(g: &[u32], m: usize, want: &[u32], bits: u32) {
    let words = words_for(bits);
    let gv: Vec<V> = narrow(g);
    let half = m / 2;
    let (lo, hi) = (&gv[1..=half], &gv[m - half..m]);
    let mut t = [V::default(); FEW];
    for (ti, &w) in t.iter_mut().zip(want) {
        *ti = V::of(w);
    }
    let count = want.len();
    check(g, m, want, words, |tb, _, mask, _, w| {
        few_pairs_body(lo, hi, 0, t, count, tb, mask, w, &mut |_, _| {})
    });
    check(g, m, want, words, |tb, _, mask, _, w| {
        few_pairs(lo, hi, 0, t, count, tb, mask, w, &mut |_, _| {})
    });
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        check(g, m, want, words, |tb, _, mask, _, w| {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { few_pairs_avx2(lo, hi, 0, t, count, tb, mask, w, &mut |_, _| {}) }
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every scan of one split size sees exactly the values the pairs
    /// give, stops at the same pair and leaves the same values.
    #[test]
    fn one_size_scans_equal_the_pairs(
        seed in any::<u64>(),
        m in 2usize..1500,
        bits in 1u32..=9,
        range in 1u32..512,
        count in 1usize..80,
    ) {
        let g = values(seed, m + 1, bits, range);
        let want = wanted(seed, bits, count);
        one_size::<u16>(&g, m, &want, bits);
        one_size::<u32>(&g, m, &want, bits);
        if bits <= 8 {
            one_size::<u8>(&g, m, &want, bits);
        }
    }

    #[test]
    fn few_pairs_equals_the_pairs(
        seed in any::<u64>(),
        m in 2usize..1500,
        bits in 1u32..=9,
        range in 1u32..512,
        count in 1usize..=FEW,
    ) {
        let g = values(seed, m + 1, bits, range);
        let want = wanted(seed, bits, count);
        few::<u16>(&g, m, &want, bits);
        few::<u32>(&g, m, &want, bits);
        if bits <= 8 {
            few::<u8>(&g, m, &want, bits);
        }
    }
}
