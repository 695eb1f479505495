//! The rare/common ("sparse space") method: state, mask choice, hot loop.

use super::marks::{Marks, bit_len, first_one, words_for};
use super::moves::Moves;
use super::values::Val;

/// Histogram and mask search stop growing past values of this many bits
/// (the mask in use is kept): beyond it the sparse method gains nothing.
const HIST_MAX_BITS: u32 = 16;

/// Rare/common state. Heap `a` has key `κ(a) = parity(G(a) & mask) ⊕ (pos ∧ a odd)`
/// and is common iff `κ(a) = gamma`. Two common parts never give a value
/// that would make the heap common (see `choose`), so common values only
/// come from take moves and splits with a rare part.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    pub(super) mask: u32,
    pub(super) pos: bool,
    pub(super) gamma: u32,
    /// Parity of the tokens every split removes, if they all agree.
    pub(super) split_parity: Option<u32>,
    /// Rare heaps `a ≥ 1` with their values, ascending (heaps < 2³², see
    /// `extend_to`; 8-byte entries keep the list in cache).
    pub(super) rare: Vec<(u32, u32)>,
    /// Counts of the extended values `G(a) << 1 | (a & 1)`, heaps `a ≥ 1`.
    pub(super) hist: Vec<u32>,
    pub(super) hist_total: u64,
    pub(super) frozen: bool,
    pub(super) next_check: usize,
    pub(super) rare_at_check: usize,
    /// Options looked at: in rare scans, in full scans.
    pub(super) work: (u64, u64),
}

impl Sparse {
    pub(super) fn new(moves: &Moves) -> Self {
        let mut parities = moves.split2.iter().map(|&k| (k & 1) as u32);
        let first = parities.next();
        let split_parity = first.filter(|&d| parities.all(|e| e == d));
        Sparse {
            mask: 0,
            pos: false,
            gamma: 1,
            split_parity,
            rare: Vec::new(),
            hist: vec![0; 2],
            hist_total: 0,
            frozen: false,
            next_check: 8,
            rare_at_check: 0,
            work: (0, 0),
        }
    }

    #[inline(always)]
    fn is_rare(&self, n: usize, v: u32) -> bool {
        let kappa = ((v & self.mask).count_ones() ^ (self.pos as u32 & n as u32)) & 1;
        kappa != self.gamma
    }

    /// Records heap `n` with value `v` (its bits are already covered by the
    /// histogram unless frozen).
    #[inline(always)]
    fn record(&mut self, n: usize, v: u32) {
        if n == 0 {
            return;
        }
        if !self.frozen {
            let x = ((v as usize) << 1) | (n & 1);
            if let Some(c) = self.hist.get_mut(x) {
                *c += 1;
                self.hist_total += 1;
            }
        }
        if self.is_rare(n, v) {
            self.rare.push((n as u32, v));
        }
    }

    /// Makes the histogram cover values of `bits` bits (or freezes it).
    fn grow(&mut self, bits: u32) {
        if self.frozen {
            return;
        }
        if bits > HIST_MAX_BITS {
            self.frozen = true;
            self.hist = Vec::new();
            return;
        }
        let size = 1usize << (bits + 1);
        if self.hist.len() < size {
            self.hist.resize(size, 0);
        }
    }

    /// Re-chooses `(mask, pos)` minimising the rare count over the values
    /// so far, by the Walsh–Hadamard transform of the histogram:
    /// `#{x : parity(x & M) = 0} = (N + H[M]) / 2`.
    ///
    /// Validity (THEORY.md §3): for a split of heap n removing k into a + b,
    /// `κ(a) ⊕ κ(b) = parity(w & m) ⊕ pos·((n − k) mod 2)`, w = G(a) ⊕ G(b).
    /// Both parts common makes the left side 0, so the option value w would
    /// give heap n the key `pos·(k mod 2)`. With `gamma = 1 ⊕ pos·d` that key
    /// is never `gamma`: heap n is rare whenever its value comes only from
    /// two common parts. `pos` is only allowed when every split removes
    /// tokens of one parity d (for mixed parities the key would vary).
    pub(super) fn choose<V: Val>(&mut self, values: &[V]) {
        let n = values.len();
        self.next_check = if n < 4096 {
            (2 * n).max(8)
        } else {
            n + (n / 16).max(4096)
        };
        self.rare_at_check = self.rare.len();
        if self.frozen || self.hist_total == 0 {
            return;
        }
        let mut h: Vec<i64> = self.hist.iter().map(|&c| i64::from(c)).collect();
        let mut len = 1;
        while len < h.len() {
            for block in h.chunks_exact_mut(2 * len) {
                let (lo, hi) = block.split_at_mut(len);
                for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                    let (x, y) = (*a, *b);
                    *a = x + y;
                    *b = x - y;
                }
            }
            len *= 2;
        }
        let total = self.hist_total as i64;
        let current_m = ((self.mask as usize) << 1) | self.pos as usize;
        let mut best = (self.rare.len() as i64, current_m);
        for (m, &hm) in h.iter().enumerate() {
            let gamma = match (m & 1, self.split_parity) {
                (0, _) => 1,
                (_, Some(d)) => 1 ^ d,
                (_, None) => continue,
            };
            let rare = if gamma == 1 {
                (total + hm) / 2
            } else {
                (total - hm) / 2
            };
            if rare < best.0 {
                best = (rare, m);
            }
        }
        if best.1 != current_m {
            let m = best.1;
            self.mask = (m >> 1) as u32;
            self.pos = m & 1 == 1;
            self.gamma = match (self.pos, self.split_parity) {
                (true, Some(d)) => 1 ^ d,
                _ => 1,
            };
            self.rare.clear();
            for (a, &v) in values.iter().enumerate().skip(1) {
                if self.is_rare(a, v.get()) {
                    self.rare.push((a as u32, v.get()));
                }
            }
            self.rare_at_check = self.rare.len();
        }
    }
}

/// The sparse method until `len` values, the next mask check, or a value
/// that needs more bits than `M` holds; a value too wide for `V` is
/// returned, not stored.
pub(super) fn sparse_run<M: Marks, V: Val>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<u32> {
    let mut pending = None;
    let words = words_for(*bits);
    let lim = 1u64 << *bits;
    // rare_words[par]: the values that make a heap of parity `par` rare.
    let mut rare_words = [vec![0u64; words], vec![0u64; words]];
    for (par, rw) in rare_words.iter_mut().enumerate() {
        for w in 0..(64 * words) as u32 {
            if sp.is_rare(par, w) {
                rw[w as usize >> 6] |= 1u64 << (w & 63);
            }
        }
    }
    let mut marks = M::with_words(words);
    let mut missing = M::with_words(words);
    let mut mw = vec![0u64; words];
    let mut table = vec![0u8; 64 * words];
    let stop = len.min(sp.next_check);
    let split = moves.split2.as_slice();
    let (mut w0, mut w1) = (0u64, 0u64);
    while g.len() < stop {
        let n = g.len();
        marks.clear();
        if moves.take_all.binary_search(&n).is_ok() {
            marks.set(0);
        }
        for &k in &moves.take {
            if k >= n {
                break;
            }
            marks.set(g[n - k].get());
        }
        // Splits with a rare part; two k at a time share one pass over the list.
        marks = rare_pass(marks, &sp.rare, g, n, split, &mut w0);
        let rb = &rare_words[n & 1];
        marks.get_words(&mut mw);
        // c: the least unmarked common value.
        let mut c = (64 * words) as u32;
        for (i, (&a, &b)) in mw.iter().zip(rb).enumerate() {
            let w = a | b;
            if w != u64::MAX {
                c = (i as u32) * 64 + (!w).trailing_zeros();
                break;
            }
        }
        // Rare values below c not yet seen among the options.
        let mut count = 0u32;
        for (i, (a, &b)) in mw.iter_mut().zip(rb).enumerate() {
            let lo = (i as u32) * 64;
            let below = if c >= lo + 64 {
                u64::MAX
            } else if c <= lo {
                0
            } else {
                (1u64 << (c - lo)) - 1
            };
            *a = b & !*a & below;
            count += a.count_ones();
        }
        let v = if count == 0 {
            c
        } else if count as usize <= FEW {
            // A few values: compare whole chunks of splits against them.
            let mut want = [0u32; FEW];
            let mut i = 0;
            for (wi, &w) in mw.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    want[i] = wi as u32 * 64 + w.trailing_zeros();
                    i += 1;
                    w &= w - 1;
                }
            }
            match scan_few(g, n, split, &want, count as usize, &mut w1) {
                Some(v) => v,
                None => c,
            }
        } else {
            if words >= 2 {
                // Many values: a byte per value tests faster than bits.
                for (i, &w) in mw.iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        table[i * 64 + w.trailing_zeros() as usize] = 1;
                        w &= w - 1;
                    }
                }
                let left = scan_splits_table(g, n, split, &mut table, &mw, count, &mut w1);
                let v = if left == 0 {
                    c
                } else {
                    table.iter().position(|&b| b != 0).unwrap_or(0) as u32
                };
                if left != 0 {
                    table.fill(0);
                }
                v
            } else {
                missing.set_words(&mw);
                let left = scan_splits(g, n, split, &mut missing, count, &mut w1);
                if left == 0 {
                    c
                } else {
                    missing.get_words(&mut mw);
                    first_one(&mw)
                }
            }
        };
        if u64::from(v) >= lim {
            *bits = bit_len(v);
            sp.grow(*bits);
            sp.record(n, v);
            sp.next_check = n + 1;
            if *bits > V::BITS {
                pending = Some(v);
            } else {
                g.push(V::of(v));
            }
            break;
        }
        g.push(V::of(v));
        sp.record(n, v);
        if sp.rare.len() > 2 * sp.rare_at_check + 64 {
            sp.next_check = n + 1;
            break;
        }
    }
    sp.work.0 += w0;
    sp.work.1 += w1;
    pending
}

/// Marks the values of the splits of heap `n` with a rare part: for each
/// split size `k`, `G(r) ⊕ G(n − k − r)` for every rare heap `r < n − k`
/// (two sizes share one pass over the list). Out of line and taking the
/// marks by value, so the loop keeps its pointers in registers and the
/// register-sized mark sets (`u64`, `Two`) stay in registers.
#[inline(never)]
fn rare_pass<M: Marks, V: Val>(
    mut marks: M,
    rare: &[(u32, u32)],
    g: &[V],
    n: usize,
    split: &[usize],
    work: &mut u64,
) -> M {
    let mut set = marks.setter();
    let mut ks = split;
    while let [k1, rest @ ..] = ks {
        let k1 = *k1;
        if n < k1 + 2 {
            break;
        }
        let m1 = n - k1;
        let cnt1 = rare.partition_point(|&(r, _)| (r as usize) < m1);
        let (cnt2, m2) = match rest.first() {
            Some(&k2) if n >= k2 + 2 => {
                let m2 = n - k2;
                (rare.partition_point(|&(r, _)| (r as usize) < m2), m2)
            }
            _ => (0, 0),
        };
        let (g1, g2) = (&g[..m1], &g[..m2]);
        for &(r, gr) in &rare[..cnt2] {
            set(gr ^ g1[m1 - r as usize].get());
            set(gr ^ g2[m2 - r as usize].get());
        }
        // Four at a time: less loop overhead per option.
        let one = &rare[cnt2..cnt1];
        let mut quads = one.chunks_exact(4);
        for q in &mut quads {
            let [(r0, v0), (r1, v1), (r2, v2), (r3, v3)] = [q[0], q[1], q[2], q[3]];
            set(v0 ^ g1[m1 - r0 as usize].get());
            set(v1 ^ g1[m1 - r1 as usize].get());
            set(v2 ^ g1[m1 - r2 as usize].get());
            set(v3 ^ g1[m1 - r3 as usize].get());
        }
        for &(r, gr) in quads.remainder() {
            set(gr ^ g1[m1 - r as usize].get());
        }
        *work += (cnt1 + cnt2) as u64;
        ks = rest.get(1..).unwrap_or(&[]);
    }
    drop(set);
    marks
}

/// Most values `scan_few` looks for at once.
const FEW: usize = 4;
/// Splits `scan_few` tests per vector compare.
const CHUNK: usize = 32;

/// Looks at the splits of heap `n`, smallest part first (by chunks of
/// `CHUNK`, every split size in turn), for the `count ≤ FEW` values
/// `want[..count]`; returns the least of them not seen, `None` when all
/// were seen. A chunk is first tested as a whole (`chunk_hits`, which the
/// compiler turns into vector compares), then pair by pair on a hit.
fn scan_few<V: Val>(
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
fn chunk_hits<V: Val>(lo: &[V], hi: &[V], t: &[V; FEW]) -> bool {
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
fn chunk_mask<V: Val>(lo: &[V], hi: &[V], t: &[V; FEW]) -> u32 {
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
fn scan_splits_table<V: Val>(
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
fn scan_two_table<V: Val>(
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
fn scan_one_table<V: Val>(
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
        return unsafe { one_table_avx2(lo, hi, table, want, mask, count, work) };
    }
    one_table_portable(lo, hi, table, want, mask, count, work)
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
#[inline(always)]
fn one_table_portable<V: Val>(
    lo: &[V],
    hi: &[V],
    table: &mut [u8],
    want: &[u64],
    mask: usize,
    mut count: u32,
    work: &mut u64,
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
                return few_pairs(lo, hi, i + 16, t, count as usize, table, mask, work);
            }
        }
        i += 16;
    }
    tail_pairs(lo, hi, i, table, mask, count, work)
}

/// The pairs `j = from ..` of `lo`, `hi` (one length; pair `j` is
/// `(lo[j], hi[len − 1 − j])`) one at a time, after a scan's chunked loop:
/// clears each value found from `table` until `count` have been seen;
/// returns how many are still missing, and adds the pairs looked at (all
/// of them when some value is still missing) to `work`.
#[inline(always)]
fn tail_pairs<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    table: &mut [u8],
    mask: usize,
    mut count: u32,
    work: &mut u64,
) -> u32 {
    let half = lo.len();
    for j in from..half {
        let t = &mut table[lo[j].xor(hi[half - 1 - j]).get() as usize & mask];
        if *t != 0 {
            *t = 0;
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
fn still_missing<V: Val>(want: &[u64], table: &[u8]) -> [V; FEW] {
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
fn set_members(bits: &[u8; 64]) -> [u16; FEW] {
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
fn one_table_avx2(
    lo: &[u16],
    hi: &[u16],
    table: &mut [u8],
    want: &[u64],
    mask: usize,
    mut count: u32,
    work: &mut u64,
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
                return few_pairs(lo, hi, i + 32, t, count as usize, table, mask, work);
            }
            set = load(&bits);
        }
        i += 32;
    }
    tail_pairs(lo, hi, i, table, mask, count, work)
}

/// The pairs `(lo[j], hi[len − 1 − j])`, `j ≥ from` (`lo` and `hi` of one
/// length), against the `count ≤ FEW` values `t[..count]`: each value seen
/// is cleared from `table`; returns how many are still missing. `work`
/// counts the pairs looked at. With AVX2 (checked at run time) the same
/// loop is compiled for it: 32 pairs per test are two vectors.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn few_pairs<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    t: [V; FEW],
    count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { few_pairs_avx2(lo, hi, from, t, count, table, mask, work) };
    }
    few_pairs_body(lo, hi, from, t, count, table, mask, work)
}

/// `few_pairs_body` compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
fn few_pairs_avx2<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    t: [V; FEW],
    count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
) -> u32 {
    few_pairs_body(lo, hi, from, t, count, table, mask, work)
}

/// The loop of `few_pairs`, for any instruction set.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn few_pairs_body<V: Val>(
    lo: &[V],
    hi: &[V],
    from: usize,
    mut t: [V; FEW],
    mut count: usize,
    table: &mut [u8],
    mask: usize,
    work: &mut u64,
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
fn scan_pairs_table<V: Val>(
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
    tail_pairs(lo, hi, i, table, mask, count, work)
}

/// Looks at the splits of heap `n`, smallest part first, clearing their
/// values from `missing` until `count` of them have been seen or the splits
/// run out; returns how many are still missing.
#[inline(always)]
fn scan_splits<M: Marks, V: Val>(
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

#[cfg(test)]
mod tests {
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
            one_table_portable(lo, hi, t, set, mask, c, w)
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
                unsafe { one_table_avx2(lo, hi, t, set, mask, c, w) }
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
            few_pairs_body(lo, hi, 0, t, count, tb, mask, w)
        });
        check(g, m, want, words, |tb, _, mask, _, w| {
            few_pairs(lo, hi, 0, t, count, tb, mask, w)
        });
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            check(g, m, want, words, |tb, _, mask, _, w| {
                // SAFETY: the CPU has AVX2 (checked just above).
                unsafe { few_pairs_avx2(lo, hi, 0, t, count, tb, mask, w) }
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
}
