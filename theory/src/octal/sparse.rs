//! The rare/common ("sparse space") method: state, mask choice, hot loop.
//!
//! After Gangolli–Plambeck and Flammenkamp; why it is correct is in
//! `docs/THEORY.md` §3. A mask `m` and a heap-parity bit `s` give each
//! heap a key κ(a) = parity(G(a) & m) ⊕ (s ∧ a odd); heap a is *common*
//! when κ(a) = γ (`Sparse::gamma`), else *rare*. Two common parts never
//! give a value that would make the heap common, so for heap n
//! (`sparse_run`):
//!
//! 1. mark the values of the take moves and of the splits with a rare
//!    part (a pass over the rare list, `rare_pass`);
//! 2. c = the least unmarked value that would make n common: every
//!    option that could give it is marked;
//! 3. the values below c that would make n rare and are still unmarked
//!    are looked for among all the splits, smallest part first, only
//!    until each is found (`sparse_scan.rs`). G(n) = c if they all are,
//!    else the least one missing.
//!
//! γ = 1 when s = 0. s = 1 is allowed only when every split (pre-point
//! ones included, k = 0) removes tokens of one parity d, and then
//! γ = 1 ⊕ d (0.127, 0.007 and 0.07 qualify). Any (m, s) gives the right
//! values; m = 0 is the plain method, and the work is the number of rare
//! heaps a heap's pass reads plus the short scan.
//!
//! The mask is chosen to minimise the rare heaps (`Sparse::choose`):
//! with `M = m << 1 | s`, `#{x : parity(x & M) = 0} = (N + H[M]) / 2`, H
//! the Walsh–Hadamard transform of the histogram of
//! `x = G(a) << 1 | (a & 1)`.
//! It is chosen again at n = 8, 16, …, 4096 and then every
//! max(n/16, 4096) heaps, whenever the values need another bit, and when
//! the rare list has doubled (plus 64) since the last choice; a new mask
//! rebuilds the rare list (O(n)). Past 16-bit values the histogram is
//! dropped and the mask frozen, which is still correct.
//!
//! The mark sets (`marks.rs`) are a `u64`, two `u64`s in registers, or
//! fixed arrays sized to the values' bit length, so the loop stays in
//! registers and L1; with long rare lists and values past 63 a byte per
//! value (`Bytes`) marks faster. The rare list holds (heap, value) pairs
//! of 8 bytes. [`NimSequence::work`](super::NimSequence::work) reports the
//! options examined (in rare-list passes, in full split scans);
//! `docs/PERFORMANCE.md` compares it with ogsolve's iteration count on the
//! same codes (they run the same algorithm).

use super::marks::{Marks, bit_len, first_one, words_for};
use super::moves::Moves;
use super::values::Val;

#[path = "sparse_scan.rs"]
mod scan;
use scan::*;

#[path = "sparse_two.rs"]
mod two;

#[path = "sparse_pipe.rs"]
mod pipe;

#[path = "sparse_block.rs"]
mod block;

/// What a sequence shows, for the tests of the two-thread paths: values,
/// rare heaps and mask, work, steps, period.
#[cfg(test)]
fn shown(seq: &mut super::engine::NimSequence) -> String {
    format!(
        "{:?} {:?} {:?} {} {:?} {} {:?}",
        seq.values().to_vec(),
        seq.rare_heaps(),
        seq.rare_mask(),
        seq.rare_uses_position_parity(),
        seq.work(),
        seq.steps(),
        seq.period()
    )
}

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
    /// Threads a run may use (`sparse_pipe.rs`, `sparse_two.rs`); the values, masks and
    /// work are the same for any number.
    pub(super) threads: usize,
    /// Heaps per block on two threads (`sparse_block.rs`); 0: heap
    /// pipelining instead (`sparse_pipe.rs`).
    pub(super) block: usize,
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
            threads: 1,
            block: block::BLOCK,
        }
    }

    #[inline(always)]
    fn is_rare(&self, n: usize, v: u32) -> bool {
        let kappa = ((v & self.mask).count_ones() ^ (u32::from(self.pos) & n as u32)) & 1;
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
        let current_m = ((self.mask as usize) << 1) | usize::from(self.pos);
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
            self.gamma = self.gamma_for(self.pos);
            self.rebuild_rare(values);
            self.rare_at_check = self.rare.len();
        }
    }

    /// The rare list of `values` under the mask in use: every rare heap
    /// `a ≥ 1`, ascending (what recording the heaps one by one gives).
    pub(super) fn rebuild_rare<V: Val>(&mut self, values: &[V]) {
        self.rare.clear();
        for (a, &v) in values.iter().enumerate().skip(1) {
            if self.is_rare(a, v.get()) {
                self.rare.push((a as u32, v.get()));
            }
        }
    }

    /// γ for the mask's heap-parity bit: what `choose` sets.
    pub(super) fn gamma_for(&self, pos: bool) -> u32 {
        match (pos, self.split_parity) {
            (true, Some(d)) => 1 ^ d,
            _ => 1,
        }
    }
}

/// The sparse method until `len` values, the next mask check, or a value
/// that needs more bits than `M` holds; a value too wide for `V` is
/// returned, not stored. On two threads when `sp.threads` allows and the
/// run is long enough to gain: two heaps at once where the moves allow it
/// (`sparse_pipe.rs`), else the rare pass shared (`sparse_two.rs`); else
/// on this one.
pub(super) fn sparse_run<M: Marks, V: Val>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<u32> {
    if sp.threads >= 2 {
        if let Some(pending) = block::run::<M, V>(moves, sp, g, bits, len) {
            return pending;
        }
        if pipe::applies(moves) {
            if let Some(pending) = pipe::run::<M, V>(moves, sp, g, bits, len) {
                return pending;
            }
        } else if let Some(pending) = two::run::<M, V>(moves, sp, g, bits, len) {
            return pending;
        }
    }
    sparse_loop::<M, V, Alone>(moves, sp, g, bits, len, &mut Alone)
}

/// How a run shares each heap's rare pass with another thread: which rare
/// heaps this thread pairs itself, and the other thread's marks to add.
trait Share {
    /// Whether this thread pairs every rare heap for heap `n` itself (the
    /// other thread has not, and now will not).
    fn claim(&mut self, n: usize) -> bool;
    /// The parts of `rare` this thread pairs with heap n's other parts:
    /// all of it when it claimed the heap.
    fn own<'r>(&self, rare: &'r [(u32, u32)], all: bool) -> [&'r [(u32, u32)]; 2];
    /// ORs the other thread's marks for heap `n` into `mw` and adds the
    /// options it looked at to `work` (for a heap not claimed).
    fn join(&mut self, n: usize, mw: &mut [u64], work: &mut u64);
    /// Heap `len − 1`'s value has been stored.
    fn pushed(&mut self, len: usize);
}

/// One thread: it pairs every rare heap.
struct Alone;

impl Share for Alone {
    #[inline(always)]
    fn claim(&mut self, _: usize) -> bool {
        true
    }
    #[inline(always)]
    fn own<'r>(&self, rare: &'r [(u32, u32)], _: bool) -> [&'r [(u32, u32)]; 2] {
        [rare, &[]]
    }
    #[inline(always)]
    fn join(&mut self, _: usize, _: &mut [u64], _: &mut u64) {}
    #[inline(always)]
    fn pushed(&mut self, _: usize) {}
}

/// [`sparse_run`]'s loop over heaps, sharing the rare pass as `share` says.
fn sparse_loop<M: Marks, V: Val, S: Share>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
    share: &mut S,
) -> Option<u32> {
    let mut pending = None;
    let words = words_for(*bits);
    let lim = 1u64 << *bits;
    let rare_words = rare_words(sp, words);
    let mut marks = M::with_words(words);
    let mut mw = vec![0u64; words];
    let mut scratch = Scratch {
        missing: M::with_words(words),
        table: vec![0u8; 64 * words],
    };
    let stop = len.min(sp.next_check);
    let split = moves.split2.as_slice();
    let (mut w0, mut w1) = (0u64, 0u64);
    while g.len() < stop {
        let n = g.len();
        marks.clear();
        marks = mark_takes(marks, moves, g, n);
        // Splits with a rare part; two k at a time share one pass over the list.
        let all = share.claim(n);
        let [own, recent] = share.own(&sp.rare, all);
        marks = rare_pass(marks, own, g, n, split, &mut w0);
        if !recent.is_empty() {
            marks = rare_pass(marks, recent, g, n, split, &mut w0);
        }
        let rb = &rare_words[n & 1];
        marks.get_words(&mut mw);
        if !all {
            share.join(n, &mut mw, &mut w0);
        }
        let c = least_common_unmarked(&mw, rb);
        let count = keep_unseen_rare(&mut mw, rb, c);
        let v = if count == 0 {
            c
        } else {
            scratch
                .least_unseen(g, n, split, &mut mw, count, &mut w1)
                .unwrap_or(c)
        };
        if u64::from(v) >= lim {
            pending = widen(sp, g, bits, n, v);
            break;
        }
        g.push(V::of(v));
        share.pushed(g.len());
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

/// `rare_words[par]`: the values (of `64 · words`) that make a heap of
/// parity `par` rare, as bits; the mask is fixed for a run, so this is
/// worked out once.
fn rare_words(sp: &Sparse, words: usize) -> [Vec<u64>; 2] {
    let mut rare_words = [vec![0u64; words], vec![0u64; words]];
    for (par, rw) in rare_words.iter_mut().enumerate() {
        for w in 0..(64 * words) as u32 {
            if sp.is_rare(par, w) {
                rw[w as usize >> 6] |= 1u64 << (w & 63);
            }
        }
    }
    rare_words
}

/// Marks the values of heap `n`'s moves that leave at most one heap:
/// taking it all, or taking `k` and leaving `n − k`. The marks go by value,
/// as to `rare_pass`, so a register-sized set stays in a register.
#[inline]
fn mark_takes<M: Marks, V: Val>(mut marks: M, moves: &Moves, g: &[V], n: usize) -> M {
    if moves.take_all.binary_search(&n).is_ok() {
        marks.set(0);
    }
    for &k in &moves.take {
        if k >= n {
            break;
        }
        marks.set(g[n - k].get());
    }
    marks
}

/// The least common value not marked (`mw`, the marks; `rb`, the rare
/// values). Every option with a common value is marked by now (a take or
/// a split with a rare part: two common parts never give one), so this
/// is the heap's value unless a rare value below it is still missing.
#[inline]
fn least_common_unmarked(mw: &[u64], rb: &[u64]) -> u32 {
    for (i, (&a, &b)) in mw.iter().zip(rb).enumerate() {
        let w = a | b;
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    (64 * mw.len()) as u32
}

/// Turns the marks `mw` into the rare values below `c` not yet seen among
/// the options, and counts them: those the splits with two common parts
/// may still give.
#[inline]
fn keep_unseen_rare(mw: &mut [u64], rb: &[u64], c: u32) -> u32 {
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
    count
}

/// A value wider than the run's marks: stored and counted, the bits and
/// the histogram widened and the run ended (by the caller); returned
/// instead of stored when it is too wide for `V` too. Always inlined:
/// called out of line it cost the loop 0.3 % more instructions (0.16).
#[inline(always)]
fn widen<V: Val>(sp: &mut Sparse, g: &mut Vec<V>, bits: &mut u32, n: usize, v: u32) -> Option<u32> {
    *bits = bit_len(v);
    sp.grow(*bits);
    sp.record(n, v);
    sp.next_check = n + 1;
    if *bits > V::BITS {
        Some(v)
    } else {
        g.push(V::of(v));
        None
    }
}

/// The buffers a run reuses from heap to heap to look for the rare values
/// the splits with two common parts do not give.
struct Scratch<M> {
    /// The values still looked for, as a mark set (one word of values).
    missing: M,
    /// A byte per value still looked for (two words of values or more);
    /// all zero between heaps.
    table: Vec<u8>,
}

impl<M: Marks> Scratch<M> {
    /// The least of the `count` rare values in `mw` that no split of heap
    /// `n` with two common parts gives, None when they all are given: a
    /// few values compared with whole chunks of splits, more as a byte
    /// table (several words) or a mark set (one word).
    #[inline]
    fn least_unseen<V: Val>(
        &mut self,
        g: &[V],
        n: usize,
        split: &[usize],
        mw: &mut [u64],
        count: u32,
        work: &mut u64,
    ) -> Option<u32> {
        if count as usize <= FEW {
            let want = few_wanted(mw);
            scan_few(g, n, split, &want, count as usize, work)
        } else if mw.len() >= 2 {
            // Many values: a byte per value tests faster than bits.
            for (i, &w) in mw.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    self.table[i * 64 + w.trailing_zeros() as usize] = 1;
                    w &= w - 1;
                }
            }
            let left = scan_splits_table(g, n, split, &mut self.table, mw, count, work);
            (left != 0).then(|| {
                let v = self.table.iter().position(|&b| b != 0).unwrap_or(0) as u32;
                self.table.fill(0);
                v
            })
        } else {
            self.missing.set_words(mw);
            let left = scan_splits(g, n, split, &mut self.missing, count, work);
            (left != 0).then(|| {
                self.missing.get_words(mw);
                first_one(mw)
            })
        }
    }
}

/// The at most `FEW` values of `mw`, ascending, for `scan_few`.
#[inline]
fn few_wanted(mw: &[u64]) -> [u32; FEW] {
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
    want
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

#[cfg(test)]
#[path = "sparse_tests.rs"]
mod tests;
