//! Three-heap splits by pair sets: an early-exit mex or a whole union.
//!
//! Let `S₂(j) = {G(b) ⊕ G(j − b) : 1 ≤ b < j}`, the values of the splits
//! of `j` into two non-empty heaps, kept as a bit set per `j`. A split of
//! `m` into three heaps `c + b + b'` has value `G(c) ⊕ (G(b) ⊕ G(b'))`, so
//! the three-heap options of `m` are `⋃_c G(c) ⊕ S₂(m − c)`; taking `c` as
//! the smallest part, `c ≤ m / 3` already reaches every split (the other
//! `c` give the same values again). So `v` is an option iff some
//! `c ≤ m / 3` has bit `v ⊕ G(c)` set in `S₂(m − c)`.
//!
//! The mex of heap `n` starts from the cheap options (taking, taking all,
//! two-heap splits: `S₂(n − k)` itself). Then one of two methods:
//!
//! - **Witness search** (early exit): from the bottom, each missing value
//!   `z` looks for a witness `c` — one bit test each, the `c` visited in a
//!   scattered order (blocks of 16 consecutive `c`, the blocks by a stride
//!   prime to their number: the witnesses of a value bunch together in
//!   `c`), stopping at the first; the first `z` without
//!   a witness is the mex. A heap costs about `Σ_z (m/3) / witnesses(z)`
//!   bit tests: cheap when every value has many witnesses (0.9, 0.f7).
//! - **Whole union**: `⋃_c G(c) ⊕ S₂(m − c)` as word operations, grouped
//!   by value: `A_x = ⋃_{G(c) = x} S₂(m − c)` is one OR per word and per
//!   `c`, and each `A_x` is moved by `⊕ x` once (a word permutation for
//!   the high bits of `x`, a bit permutation within words for the low
//!   six, the latter once per distinct low part). `O(m · W)` words a heap
//!   for values below `64 · W`: cheap when values repeat (0.8, where
//!   `G(n) = ⌊(n − 1)/3⌋`, has few witnesses per value). Past
//!   [`GROUP_MAX`] words the sets are OR-ed in aligned blocks of
//!   [`SPREAD`] words into accumulators by `G(c) mod 512`.
//!
//! Which is cheaper is measured as the heaps go ([`Pick`]). Both are exact
//! and give the same values.
//!
//! Only `S₂(j)` for `j ≥ ⌈2(n − k)/3⌉` (the largest three-heap `k`) and
//! `j ≥ n − k` (the largest two-heap `k`) are read again, so the sets live
//! in a window that slides with `n`: about `n / 3` sets of `8 · W` bytes.
//! Past [`MAX_BYTES`] the sequence goes on with the plain engine.
//!
//! `S₂(n)` needs only `G(1 .. n)`, and the mex of `G(n)` never reads
//! `S₂(n)` unless the code splits into two heaps removing nothing (a
//! pre-point digit 4 or c): the two run side by side (`rayon::join`), and
//! the mex itself is shared — the witness search takes alternate missing
//! values on each thread, the union halves of the `c` — from heap
//! [`PAR_MIN`] on, when there is a second thread and the last heap took
//! [`PAR_NS`] or more.

use super::marks::{bit_len, first_zero, words_for};
use super::moves::Moves;
use super::values::Val;
use std::sync::atomic::{AtomicU32, Ordering};

/// Most bytes the window of sets may take.
pub(super) const MAX_BYTES: usize = 1 << 30;

/// Widest option sets for which the whole union groups the sets by `G(c)`
/// first (the accumulators take `64 · words²` words: 2 MB here); wider
/// ones are OR-ed in blocks of [`SPREAD`] words into `64 · SPREAD`
/// accumulators by `G(c) mod 512` (measured on 0.8 to 2·10⁴: 10 % above
/// the grouping by whole value, a third of the word-by-word permutation).
const GROUP_MAX: usize = 64;

/// Heaps from which a heap's work is shared with a second thread, when
/// the last heap's mex took at least [`PAR_NS`] nanoseconds: the
/// hand-over costs microseconds (measured on 0.f7 to 3·10⁴, 10–30 µs a
/// heap: two threads took twice the wall time of one).
pub(super) const PAR_MIN: usize = 8192;
pub(super) const PAR_NS: f32 = 100_000.0;

#[derive(Clone, Debug)]
pub(super) struct PairSets {
    /// Words per set (a power of two; every value is below `64 · words`).
    words: usize,
    /// `sets[i·words .. (i + 1)·words]` = `S₂(lo + i)`.
    sets: Vec<u64>,
    /// The heap of the first set kept.
    lo: usize,
    /// Build side: a byte per value, for `S₂(j)` with one store per pair.
    bytes: Vec<u8>,
    /// Mex side: the options and the union's scratch, one per thread.
    one: Union,
    two: Union,
    /// How the mex is taken: the choice and what it costs.
    pick: Pick,
    /// Heaps from which the work is shared with a second thread, and the
    /// least time of the last heap's mex (ns) for that.
    par_min: usize,
    par_ns: f32,
    /// Widest sets the union groups by whole value ([`GROUP_MAX`]).
    group_max: usize,
}

/// One thread's share of a heap's mex: the options found, and for the
/// whole union the `A_x` accumulators (`64 · words` sets of `words`
/// words, with `words ≤ GROUP_MAX`), the `x` in use, and `B_s` (64 sets).
#[derive(Clone, Debug, Default)]
struct Union {
    u: Vec<u64>,
    acc: Vec<u64>,
    xs: Vec<u32>,
    low: Vec<u64>,
}

impl Union {
    /// Scratch for sets of `words` words, grouped by whole value (the
    /// `A_x`) or, for wide sets, not.
    fn sized(words: usize, grouped: bool) -> Self {
        let grouped = grouped || words < SPREAD;
        Union {
            u: vec![0; words],
            acc: vec![0; if grouped { 64 * words * words } else { 0 }],
            xs: Vec::new(),
            low: vec![0; if grouped { 64 } else { 64 * SPREAD } * words],
        }
    }
}

/// Wide sets (past [`GROUP_MAX`] words) are OR-ed in blocks of this many
/// words, into `64 · SPREAD` accumulators (4 MB at 1,024 words).
const SPREAD: usize = 8;
/// The lowest `j` whose `S₂(j)` heap `n` (or any larger heap) reads.
pub(super) fn edge(moves: &Moves, n: usize) -> usize {
    let mut e = n;
    if let Some(&k) = moves.split3.last() {
        // j = m − c, c ≤ m / 3: j ≥ m − m / 3 = ⌈2m / 3⌉, least for the
        // largest k (a k that does not apply yet only lowers the bound).
        let m = n.saturating_sub(k);
        e = e.min(m - m / 3);
    }
    if let Some(&k) = moves.split2.last() {
        e = e.min(n.saturating_sub(k));
    }
    e
}

/// Sets in the window when computing heap `n`, with room for the
/// copy-down slack (a quarter).
fn window(moves: &Moves, n: usize) -> usize {
    let live = n - edge(moves, n) + 1;
    live + live / 4 + 1
}

impl PairSets {
    pub(super) fn new() -> Self {
        PairSets {
            words: 1,
            sets: Vec::new(),
            lo: 0,
            bytes: Vec::new(),
            one: Union::default(),
            two: Union::default(),
            pick: Pick::default(),
            par_min: PAR_MIN,
            par_ns: PAR_NS,
            group_max: GROUP_MAX,
        }
    }

    /// One past the heap of the last set kept.
    fn hi(&self) -> usize {
        self.lo + self.sets.len() / self.words
    }

    /// Bytes the window and the scratch take to reach `n` heaps with sets
    /// of `words` words.
    pub(super) fn bytes_for(moves: &Moves, words: usize, n: usize) -> usize {
        // Two threads' options, accumulators and `B_s`; the bytes.
        let one = if words <= GROUP_MAX {
            64 * words + 65
        } else {
            64 * SPREAD + 1
        };
        let scratch = 2 * one + 8;
        window(moves, n)
            .saturating_add(scratch)
            .saturating_mul(words)
            .saturating_mul(8)
    }

    /// Whether sets of `words` words for `n` heaps stay within `limit`
    /// bytes, counting the moment a re-layout holds the old sets (at most
    /// half as wide) beside the new ones.
    pub(super) fn fits(moves: &Moves, words: usize, n: usize, limit: usize) -> bool {
        let b = Self::bytes_for(moves, words, n);
        b.saturating_add(b / 2) <= limit
    }

    /// Re-lays the sets out with `words` words each (zero-extended) and
    /// sizes the scratch space.
    fn resize(&mut self, words: usize) {
        if words != self.words {
            let n = self.sets.len() / self.words;
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
        if self.one.u.len() != words {
            self.one = Union::sized(words, words <= self.group_max);
            self.bytes = vec![0; 64 * words];
            if !self.two.u.is_empty() {
                self.two = Union::sized(words, words <= self.group_max);
            }
        }
    }

    /// Forgets the sets below heap `e` (copying the rest down once a
    /// quarter of the window is dead).
    fn drop_below(&mut self, e: usize) {
        let dead = e.saturating_sub(self.lo).min(self.hi() - self.lo);
        let live = self.hi() - self.lo - dead;
        if dead > 0 && dead >= live / 4 {
            let w = self.words;
            self.sets.copy_within(dead * w.., 0);
            self.sets.truncate(live * w);
            self.lo += dead;
        }
    }
}

/// `S₂(n)` from `g[1 .. n]` into `out` (`words` words); `bytes` is zeroed
/// scratch of `64 · words` bytes, left zeroed.
fn build<V: Val>(g: &[V], n: usize, out: &mut [u64], bytes: &mut [u8]) {
    out.fill(0);
    if n < 2 {
        return;
    }
    let half = n / 2;
    let lo = &g[1..=half];
    let hi = &g[n - half..n];
    if out.len() == 1 {
        let mut w = 0u64;
        for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
            w |= 1u64 << (a.xor(b).get() & 63);
        }
        out[0] = w;
        return;
    }
    let mask = bytes.len() - 1;
    for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
        bytes[a.xor(b).get() as usize & mask] = 1;
    }
    pack(bytes, out);
    bytes.fill(0);
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

/// The sets `S₂(lo ..)` a mex reads, `words` words each.
#[derive(Clone, Copy)]
struct Window<'a> {
    sets: &'a [u64],
    lo: usize,
    words: usize,
}

impl Window<'_> {
    #[inline(always)]
    fn set(&self, j: usize) -> &[u64] {
        let i = (j - self.lo) * self.words;
        &self.sets[i..i + self.words]
    }
}

/// Bit tests the witness search may spend per word operation a whole
/// union would take, before it gives up on the heap.
const GIVE_UP: usize = 64;
/// Heaps between two tries of the method not chosen.
const PROBE: u32 = 64;

/// The choice between the witness search and the whole union: the
/// witness search wins when each value has many witnesses (0.9, 0.f7),
/// the union when the values repeat (0.8, where `G(n) = ⌊(n − 1)/3⌋`).
/// Which is cheaper is measured, not guessed: the recent time of each
/// (a moving average, per word operation of the union) decides, and the
/// other is tried again every [`PROBE`] heaps. Both give the same values.
#[derive(Clone, Copy, Debug, Default)]
struct Pick {
    /// Nanoseconds per unit of each method, 0 until measured.
    witness: f32,
    union: f32,
    since: u32,
    /// Nanoseconds the last heap's mex took.
    last: f32,
    /// Tests: always the witness search (`Some(true)`) or the union.
    force: Option<bool>,
}

impl Pick {
    fn witness_first(&mut self) -> bool {
        if let Some(w) = self.force {
            return w;
        }
        self.since += 1;
        let probe = self.since >= PROBE;
        if probe {
            self.since = 0;
        }
        let cheaper = self.witness <= self.union;
        if self.witness == 0.0 {
            true
        } else if self.union == 0.0 {
            false
        } else {
            cheaper != probe
        }
    }

    fn note(&mut self, witness: bool, ns: f32, unit: usize) {
        self.last = ns * unit as f32;
        let avg = if witness {
            &mut self.witness
        } else {
            &mut self.union
        };
        // A heap descheduled half-way (a loaded machine) would make its
        // method look slow for hundreds of heaps: a sample counts for at
        // most twice the average (costs grow slowly with n).
        *avg = if *avg == 0.0 {
            ns
        } else {
            0.75 * *avg + 0.25 * ns.min(2.0 * *avg)
        };
    }
}

/// `G(n)` from `g[0 .. n]` and the sets (every value below `64 · words`,
/// so the mex is at most `64 · words`); with `two`, on two threads.
fn mex<V: Val>(
    moves: &Moves,
    g: &[V],
    n: usize,
    win: Window<'_>,
    one: &mut Union,
    two: Option<&mut Union>,
    pick: &mut Pick,
) -> u32 {
    let words = win.words;
    let u = &mut one.u;
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
        for (a, &b) in u.iter_mut().zip(win.set(n - k)) {
            *a |= b;
        }
    }
    let splits: usize = moves
        .split3
        .iter()
        .take_while(|&&k| n >= k + 3)
        .map(|&k| (n - k) / 3)
        .sum();
    let unit = (splits * words).max(1);
    let start = std::time::Instant::now();
    let per_unit = || start.elapsed().as_nanos() as f32 / unit as f32;
    let witness_first = pick.witness_first();
    if witness_first {
        // Give up past GIVE_UP tests per word of the union.
        let budget = unit.saturating_mul(GIVE_UP) as isize;
        let best = AtomicU32::new(u32::MAX);
        let u: &[u64] = u;
        let found = if two.is_some() {
            let half = budget / 2;
            let (a, b) = rayon::join(
                || search(moves, g, n, win, u, (0, 2), &best, half),
                || search(moves, g, n, win, u, (1, 2), &best, half),
            );
            a.zip(b).map(|(a, b)| a.min(b))
        } else {
            search(moves, g, n, win, u, (0, 1), &best, budget)
        };
        if let Some(v) = found {
            pick.note(true, per_unit(), unit);
            return v;
        }
    }
    match two {
        Some(t) => {
            t.u.fill(0);
            rayon::join(
                || union(moves, g, n, win, one, (0, 2)),
                || union(moves, g, n, win, t, (1, 2)),
            );
            for (a, &b) in one.u.iter_mut().zip(&t.u) {
                *a |= b;
            }
        }
        None => union(moves, g, n, win, one, (0, 1)),
    }
    pick.note(witness_first, per_unit(), unit);
    first_zero(&one.u)
}

/// The witness search over the zeros of `u` (the options found so far)
/// from the bottom, on the zeros numbered `part.0` modulo `part.1`: the
/// first without a witness (`64 · words` if none), or one at least
/// `best` (which another part lowered to its own). `None`: the budget ran
/// out. Each part checks its zeros in order, so every zero below the
/// least result was checked by its part.
#[allow(clippy::too_many_arguments)]
fn search<V: Val>(
    moves: &Moves,
    g: &[V],
    n: usize,
    win: Window<'_>,
    u: &[u64],
    part: (usize, usize),
    best: &AtomicU32,
    mut budget: isize,
) -> Option<u32> {
    let mut i = 0;
    for (w, &word) in u.iter().enumerate() {
        let mut free = !word;
        while free != 0 {
            let z = (w as u32) * 64 + free.trailing_zeros();
            free &= free - 1;
            if z >= best.load(Ordering::Relaxed) {
                return Some(z);
            }
            if i % part.1 == part.0 {
                match witness(moves, g, n, win, z, &mut budget)? {
                    true => {}
                    false => {
                        best.fetch_min(z, Ordering::Relaxed);
                        return Some(z);
                    }
                }
            }
            i += 1;
        }
    }
    Some((u.len() as u32) * 64)
}

/// Whether some three-heap split has value `z` (`None`: the budget ran
/// out first). The `c` are visited in a scattered order (blocks of
/// [`BLOCK`], by a stride prime to their number): the witnesses of a
/// value bunch together.
#[inline]
fn witness<V: Val>(
    moves: &Moves,
    g: &[V],
    n: usize,
    win: Window<'_>,
    z: u32,
    budget: &mut isize,
) -> Option<bool> {
    let words = win.words;
    for &k in &moves.split3 {
        if n < k + 3 {
            break;
        }
        let m = n - k;
        let top = m / 3;
        *budget -= top as isize;
        // Blocks of BLOCK consecutive c (c = 1 + BLOCK · r + i), the
        // blocks in the order r = t · step mod blocks.
        let blocks = top.div_ceil(BLOCK);
        let step = stride(blocks);
        let (mut r, mut tests) = (0, 0);
        for _ in 0..blocks {
            let c0 = 1 + r * BLOCK;
            let c1 = (c0 + BLOCK - 1).min(top);
            let mut at = (m - c0 - win.lo) * words;
            for &gc in &g[c0..=c1] {
                tests += 1;
                let x = (z ^ gc.get()) as usize;
                // x < 64 · words: both z and G(c) are.
                if win.sets[at + (x >> 6)] >> (x & 63) & 1 != 0 {
                    *budget += (top - tests) as isize;
                    return Some(true);
                }
                at = at.wrapping_sub(words);
            }
            r += step;
            if r >= blocks {
                r -= blocks;
            }
        }
        if *budget < 0 {
            return None;
        }
    }
    if *budget < 0 { None } else { Some(false) }
}

/// Consecutive `c` the witness search takes in a row (their sets lie
/// side by side in memory).
const BLOCK: usize = 16;

/// A step near `0.618 · top` prime to `top` (1 for `top ≤ 2`).
fn stride(top: usize) -> usize {
    fn gcd(mut a: usize, mut b: usize) -> usize {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    }
    let mut s = (top * 618 / 1000).max(1);
    while gcd(s, top) != 1 {
        s += 1;
    }
    s
}

/// The whole union `⋃_c G(c) ⊕ S₂(m − c)` OR-ed into `sc.u`, over the
/// `c` of part `part.0` of `part.1` (contiguous ranges).
fn union<V: Val>(
    moves: &Moves,
    g: &[V],
    n: usize,
    win: Window<'_>,
    sc: &mut Union,
    part: (usize, usize),
) {
    let Union { u, acc, xs, low } = sc;
    let words = win.words;
    let grouped = !acc.is_empty();
    // The accumulators in use: B_r, r = x mod 64 (grouped) or x mod 512.
    let mut used = [0u64; SPREAD];
    for &k in &moves.split3 {
        if n < k + 3 {
            break;
        }
        let m = n - k;
        let top = m / 3;
        let (from, to) = (top * part.0 / part.1, top * (part.0 + 1) / part.1);
        for (c, &gc) in g.iter().enumerate().take(to + 1).skip(from + 1) {
            let x = gc.get();
            let d = win.set(m - c);
            if grouped {
                // A_x ∪= S₂(m − c), moved by x once below.
                let a = &mut acc[x as usize * words..(x as usize + 1) * words];
                if a.iter().all(|&w| w == 0) {
                    xs.push(x);
                }
                for (a, &b) in a.iter_mut().zip(d) {
                    *a |= b;
                }
            } else {
                // B_{x mod 512} ∪= S₂(m − c) moved by the rest of x: a
                // permutation of aligned blocks of SPREAD words (whole
                // blocks OR-ed, which vectorises).
                let r = (x as usize) % (64 * SPREAD);
                used[r >> 6] |= 1 << (r & 63);
                let h = (x as usize >> 6) & !(SPREAD - 1);
                let b = &mut low[r * words..(r + 1) * words];
                for (i, chunk) in d.chunks_exact(SPREAD).enumerate() {
                    let at = (i * SPREAD) ^ h;
                    for (a, &s) in b[at..at + SPREAD].iter_mut().zip(chunk) {
                        *a |= s;
                    }
                }
            }
        }
    }
    // ⊕ x: words by x's high bits into B_{x mod 64}.
    for &x in xs.iter() {
        let (hi, lo) = ((x >> 6) as usize, (x & 63) as usize);
        used[0] |= 1 << lo;
        let a = &mut acc[x as usize * words..(x as usize + 1) * words];
        let b = &mut low[lo * words..(lo + 1) * words];
        for (w, aw) in a.iter_mut().enumerate() {
            b[w ^ hi] |= *aw;
            *aw = 0;
        }
    }
    xs.clear();
    // B_r ⊕ r: words by r's bits above the sixth, then bits.
    for (i, &bits) in used.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let r = i * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (hi, lo) = (r >> 6, (r & 63) as u32);
            let b = &mut low[r * words..(r + 1) * words];
            for (w, bw) in b.iter_mut().enumerate() {
                u[w ^ hi] |= xor_bits(*bw, lo);
                *bw = 0;
            }
        }
    }
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
    // G(n) reads S₂(n) only through a two-heap split removing nothing.
    let late = moves.split2.first() != Some(&0);
    let par = rayon::current_num_threads() > 1;
    while g.len() < len {
        let n = g.len();
        ps.drop_below(edge(moves, n));
        // Sets up to S₂(n − 1) exist (S₂(j) is built at heap j).
        while ps.hi() <= n {
            let at = ps.sets.len();
            ps.sets.resize(at + words, 0);
            let j = ps.hi() - 1;
            if j == n && late {
                break;
            }
            build(g, j, &mut ps.sets[at..], &mut ps.bytes);
        }
        // Now the last set is S₂(n): built unless `late`, when it is built
        // beside (or after) the mex.
        let go_par = par && n >= ps.par_min && ps.pick.last >= ps.par_ns;
        if go_par && ps.two.u.len() != words {
            ps.two = Union::sized(words, words <= ps.group_max);
        }
        let at = ps.sets.len() - words;
        let PairSets {
            sets,
            lo,
            bytes,
            one,
            two,
            pick,
            ..
        } = ps;
        let two = go_par.then_some(two);
        let gs: &[V] = g;
        let v = if late {
            let (old, new) = sets.split_at_mut(at);
            let win = Window {
                sets: old,
                lo: *lo,
                words,
            };
            if go_par {
                rayon::join(
                    || build(gs, n, new, bytes),
                    || mex(moves, gs, n, win, one, two, pick),
                )
                .1
            } else {
                let v = mex(moves, gs, n, win, one, two, pick);
                build(gs, n, new, bytes);
                v
            }
        } else {
            let win = Window {
                sets,
                lo: *lo,
                words,
            };
            mex(moves, gs, n, win, one, two, pick)
        };
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
    use crate::octal::OctalCode;

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

    /// The edge is the least set any move of heap `n` or later reads,
    /// counted from the moves themselves.
    #[test]
    fn edge_is_the_least_set_read() {
        for code in [
            "0.8", "0.9", "0.f7", "0.08", "0.88", "8.0", "c.4", "0.4008", "0.0c0c",
        ] {
            let c = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
            let moves = Moves::new(&c);
            for n in 0..200 {
                let mut least = n;
                for &k in &moves.split2 {
                    if n >= k + 2 {
                        least = least.min(n - k);
                    }
                }
                for &k in &moves.split3 {
                    if n >= k + 3 {
                        let m = n - k;
                        least = least.min(m - m / 3);
                    }
                }
                let later = (n..n + 50).map(|t| edge(&moves, t)).min();
                assert_eq!(
                    later,
                    Some(edge(&moves, n)),
                    "{code}: n = {n}: not monotone"
                );
                assert!(edge(&moves, n) <= least, "{code}: n = {n}");
                // Tight once every move applies.
                let big = moves.split2.iter().chain(&moves.split3).max().copied();
                if big.is_some_and(|b| n >= b + 3) {
                    assert_eq!(edge(&moves, n), least, "{code}: n = {n}");
                }
            }
        }
    }

    /// G(0 .. n) by the pair sets, the method forced (`Some(true)`: the
    /// witness search, `Some(false)`: the union, `None`: measured), shared
    /// with a second thread from heap `par_min` when there is one.
    fn run(code: &OctalCode, n: usize, force: Option<bool>, par_min: usize) -> Vec<u32> {
        run_grouped(code, n, force, par_min, GROUP_MAX)
    }

    /// `run`, grouping the union by whole value only up to `group_max` words.
    fn run_grouped(
        code: &OctalCode,
        n: usize,
        force: Option<bool>,
        par_min: usize,
        group_max: usize,
    ) -> Vec<u32> {
        let moves = Moves::new(code);
        let mut ps = PairSets::new();
        ps.pick.force = force;
        ps.par_min = par_min;
        ps.par_ns = 0.0;
        ps.group_max = group_max;
        let (mut g, mut bits) = (Vec::<u32>::new(), 0);
        while g.len() < n {
            assert_eq!(pairs_run(&moves, &mut ps, &mut g, &mut bits, n), None);
        }
        g
    }

    fn plain(code: &OctalCode, n: usize) -> Vec<u32> {
        let mut s = crate::octal::NimSequence::new(code.clone(), crate::octal::Engine::Plain);
        s.extend_to(n);
        s.values().to_vec()
    }

    fn two_threads<T: Send>(f: impl FnOnce() -> T + Send) -> T {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool of two threads")
            .install(f)
    }

    /// Both methods, on one thread and on two (from the first heap), give
    /// the plain mex's values; codes with several three-heap `k` (window
    /// edges), pre-point digits (S₂(n) read by its own heap), values past
    /// a word and past 255.
    #[test]
    fn both_methods_on_one_and_two_threads_equal_plain() {
        let n = 400;
        for code in [
            "0.8", "0.9", "0.f7", "0.88", "0.08", "0.0808", "0.8f", "4.8", "c.9", "8.0", "c.0c",
            "0.48", "0.c", "0.4008", "0.b3b",
        ] {
            let c = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
            let want = plain(&c, n);
            for force in [Some(true), Some(false), None] {
                assert_eq!(run(&c, n, force, PAR_MIN), want, "{code} {force:?}");
                let par = two_threads(|| run(&c, n, force, 0));
                assert_eq!(par, want, "{code} {force:?} on two threads");
            }
        }
    }

    /// The union for wide sets (blocks of SPREAD words into 512
    /// accumulators), forced from 8 words on, against the plain mex; on one
    /// thread and two.
    #[test]
    fn the_wide_union_equals_plain() {
        // Values past 512 (0.9, c.9, 8.0 near n/2): the blocks move too.
        let n = 1300;
        for code in ["0.9", "c.9", "8.0", "0.8"] {
            let c = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
            let want = plain(&c, n);
            assert_eq!(run_grouped(&c, n, Some(false), PAR_MIN, 0), want, "{code}");
            let par = two_threads(|| run_grouped(&c, n, Some(false), 0, 0));
            assert_eq!(par, want, "{code} on two threads");
        }
        // G(c) past 512 for the smallest part c (heaps past ~3,100 on
        // 0.9): against the grouped union and the witness search (each
        // checked against the plain mex above and, in release, to 9,000
        // in tests/octal_hex.rs).
        let c = OctalCode::parse("0.9").unwrap_or_else(|e| panic!("{e}"));
        let n = 3400;
        let wide = two_threads(|| run_grouped(&c, n, Some(false), 2000, 0));
        assert_eq!(wide, run(&c, n, Some(false), PAR_MIN));
        assert_eq!(wide, run(&c, n, Some(true), PAR_MIN));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// Random hex codes (a three-heap split somewhere), both methods,
        /// one and two threads, against the plain mex.
        #[test]
        fn random_hex_codes_equal_plain(
            d0 in proptest::sample::select(vec![0u8, 4, 8, 12]),
            mut digits in proptest::collection::vec(0u8..16, 1..5),
            at in 0usize..5,
            n in 50usize..250,
        ) {
            let at = at % digits.len();
            digits[at] |= 8;
            let mut all = vec![d0];
            all.extend(digits);
            let c = OctalCode::from_digits(&all);
            let want = plain(&c, n);
            for force in [Some(true), Some(false)] {
                proptest::prop_assert_eq!(&run(&c, n, force, PAR_MIN), &want, "{} {:?}", c, force);
                let par = two_threads(|| run(&c, n, force, 0));
                proptest::prop_assert_eq!(&par, &want, "{} {:?} on two threads", c, force);
            }
        }
    }
}
