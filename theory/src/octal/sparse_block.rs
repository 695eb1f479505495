//! One code on two threads, by blocks of heaps ("block lag").
//!
//! For codes with one split size `k` (`applies`), the heaps of a run are
//! cut into blocks of `B` heaps (`Sparse::block`). Heap n of block b has a
//! *known bound* K, the first heap of block b − 1 (of block 0 for blocks 0
//! and 1): the values below K are final before block b − 1 is finished.
//! Of heap n's work (m = n − k), the pairs whose two parts are both below
//! K need only those values, so both threads compute them for the heaps
//! of block b + 1 while the main thread finishes block b, with no
//! hand-over per heap; the main thread then finishes each heap in order
//! with the pairs that touch `[K, n)`, exactly as one thread would:
//!
//! - rare pass: the rare heaps r with `m − K < r < K` are paired ahead
//!   (`Spec::base`); the finish adds the takes, the rare heaps `r ≤ m − K`
//!   (the other part is in `[K, m)`) and those `r ≥ K` (found in the
//!   block). The marks are the union of the same pairs as on one thread,
//!   so c (the least common value unmarked) and W (the rare values below
//!   c unmarked) are one thread's, as is the count of options.
//! - scan: one thread looks for W among the splits `(a, m − a)`,
//!   `a = 1, 2, …`, and either finds them all, at the pair where the last
//!   is first seen (G(n) = c, that many options looked at), or not
//!   (G(n) = the least value never seen, every pair looked at). Pairs with
//!   `a ≤ A = min(m − K, m / 2)` touch `[K, m)`: the finish scans those
//!   itself. For the rest, ahead of time, the values W is not known, but
//!   `W ∩ [0, c′)` is inside T = the rare values below c′ unmarked by the
//!   early marks (c′ ≤ c, the least common value they leave unmarked):
//!   the speculative half scans the pairs `a > A` for T (up to `HORIZON`
//!   pairs) and keeps, in order, the pair where each value of T is first
//!   seen. The finish reads the first sightings of the values of W it has
//!   not seen by pair A from that list; the values of W at or above c′
//!   (rare: c ≠ c′ only when a late mark covers c′) it looks for itself
//!   among the pairs `a > A`; and when the list stops (the horizon) before
//!   it tells, it scans the pairs `a > A` itself. Either way it knows each
//!   value's first sighting, hence one thread's value and count.
//!   THEORY.md §3, "Blocks of heaps", has the argument.
//!
//! The main thread owns the values, the rare list and the counts, and
//! publishes a block for speculation (`open`) once the values below its
//! bound are final; both threads then claim its heaps by chunks, the
//! helper as soon as it is opened, the main thread once it has finished
//! the block before (so neither waits on the other while there is work:
//! the finishes, which cannot be shared, and the speculative halves,
//! which can, balance themselves). When the main thread has claimed the
//! last chunk of block b and the helper is still computing one, the main
//! thread computes chunks of block b + 1 (open by then) until the
//! helper's are done, instead of spinning: before, it waited about half a
//! chunk every block. The finish marks its few late options (the takes,
//! the rare heaps `r ≤ m − K` and `r ≥ K`) straight into a bit set, and
//! finds them by searches of short prefixes (`count_at_most`) and one
//! search a block, not two searches of the whole rare list a heap. The
//! helper reads the values and the rare list through pointers into
//! capacity reserved before the run, only below what the main thread has
//! published.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

#[path = "sparse_block_share.rs"]
mod share;

use share::{Shared, Slot};

use super::scan::{one_table_avx2, one_table_portable};
use super::{
    Marks, Moves, Sparse, Val, first_one, keep_unseen_rare, least_common_unmarked, rare_words,
    widen, words_for,
};

/// Heaps per block by default (`NimSequence::set_thread_block`).
pub(super) const BLOCK: usize = 32;
/// Heaps a thread claims at once.
const CHUNK: usize = if cfg!(test) { 2 } else { 4 };
/// Pairs past A the speculative scan looks at, at most.
const HORIZON: usize = if cfg!(test) { 24 } else { 1 << 15 };
/// Heaps a run must have ahead of it to be worth a second thread.
const MIN_RUN: usize = if cfg!(test) { 4 } else { 2048 };
/// Rare-list entries a heap's rare pass must read to be worth it.
const MIN_RARE: usize = if cfg!(test) { 1 } else { 256 };
/// Widest values (bits) the block path takes: the speculative scans keep
/// a list of up to `2^bits` first sightings per heap.
const MAX_BITS: u32 = 10;

/// Runs on this path, heaps speculated by the helper, heaps whose tail
/// the finish scanned itself (past the horizon), heaps with values of W
/// at or above c′, chunks of block b + 1 the main thread computed while
/// the helper ended block b (the tests check all five happen).
#[cfg(test)]
pub(super) static COUNTS: [AtomicUsize; 5] = [const { AtomicUsize::new(0) }; 5];

#[cfg(test)]
fn count(i: usize) {
    COUNTS[i].fetch_add(1, Ordering::Relaxed);
}

/// Whether the block path applies: one split size, two parts, values
/// narrow enough.
pub(super) fn applies(moves: &Moves, bits: u32) -> bool {
    moves.split2.len() == 1 && moves.split3.is_empty() && bits <= MAX_BITS
}

/// A heap's speculative half, in a thread's own buffers.
struct Spec {
    base: Vec<u64>,
    /// c′, the options of the rare pass, where the scan stopped (`u32::MAX`:
    /// it saw all of T or reached m / 2), the first sightings.
    c: u32,
    w0: u64,
    complete: bool,
    /// The values of T the scan did not see.
    unseen: Vec<u64>,
    events: Vec<(u32, u32)>,
    /// First sightings in the slot (the main thread reads them there).
    listed: usize,
}

/// A thread's buffers.
struct Worker<'a, M> {
    moves: &'a Moves,
    rare_words: &'a [Vec<u64>; 2],
    marks: M,
    bits: Vec<u64>,
    rt: Vec<u64>,
    rn: Vec<u64>,
    table: Vec<u8>,
    spec: Spec,
}

/// Scans the pairs `(a, m − a)`, `a = from ..= to`, for the values in
/// `table` (exactly the bits `want`, `count` of them), clearing each when
/// first seen and telling `found(a, value)`; returns how many are still
/// missing and the pairs looked at (up to the last value seen when none
/// is, else all).
#[allow(clippy::too_many_arguments)]
fn scan_range<V: Val>(
    g: &[V],
    m: usize,
    (from, to): (usize, usize),
    table: &mut [u8],
    want: &[u64],
    count: u32,
    found: &mut impl FnMut(usize, u32),
) -> (u32, u64) {
    let lo = &g[from..=to];
    let hi = &g[m - to..=m - from];
    let mask = table.len() - 1;
    let mut work = 0;
    let mut at = |j: usize, x: u32| found(from + j, x);
    #[cfg(target_arch = "x86_64")]
    if let (Some(lo), Some(hi)) = (V::as_u16(lo), V::as_u16(hi))
        && table.len() <= 512
        && std::arch::is_x86_feature_detected!("avx2")
    {
        // SAFETY: the CPU has AVX2 (checked just above).
        let left = unsafe { one_table_avx2(lo, hi, table, want, mask, count, &mut work, &mut at) };
        return (left, work);
    }
    let left = one_table_portable(lo, hi, table, want, mask, count, &mut work, &mut at);
    (left, work)
}

/// Sets `table` to the bits of `want`; their count.
fn fill(table: &mut [u8], want: &[u64]) -> u32 {
    each(want, |x| table[x as usize] = 1)
}

/// Calls `f` on each member of a bit set; the count.
fn each(set: &[u64], mut f: impl FnMut(u32)) -> u32 {
    let mut c = 0;
    for (i, &w) in set.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i as u32 * 64 + w.trailing_zeros());
            c += 1;
            w &= w - 1;
        }
    }
    c
}

/// Turns the bits `set` into those still in `table`, clearing the table;
/// their count.
fn take_left(table: &mut [u8], set: &mut [u64]) -> u32 {
    let mut c = 0;
    for (i, w) in set.iter_mut().enumerate() {
        let mut rest = *w;
        while rest != 0 {
            let x = i * 64 + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if table[x] != 0 {
                table[x] = 0;
                c += 1;
            } else {
                *w &= !(1u64 << (x & 63));
            }
        }
    }
    c
}

/// Marks `G(r) ⊕ G(m − r)` for the rare heaps `rare` (every `m − r` below
/// `g.len()`): out of line, the marks by value, four at a time, as
/// `rare_pass`.
#[inline(never)]
fn early_pass<M: Marks, V: Val>(mut marks: M, rare: &[(u32, u32)], g: &[V], m: usize) -> M {
    let mut set = marks.setter();
    let mut quads = rare.chunks_exact(4);
    for q in &mut quads {
        let [(r0, v0), (r1, v1), (r2, v2), (r3, v3)] = [q[0], q[1], q[2], q[3]];
        set(v0 ^ g[m - r0 as usize].get());
        set(v1 ^ g[m - r1 as usize].get());
        set(v2 ^ g[m - r2 as usize].get());
        set(v3 ^ g[m - r3 as usize].get());
    }
    for &(r, gr) in quads.remainder() {
        set(gr ^ g[m - r as usize].get());
    }
    drop(set);
    marks
}

/// How many rare heaps `r ≤ x` there are: they are distinct and at least
/// 1, so all among the first `x` entries (a search of that prefix only,
/// which stays in cache: x = m − K is below two blocks).
#[inline]
fn count_at_most(rare: &[(u32, u32)], x: usize) -> usize {
    rare[..rare.len().min(x)].partition_point(|&(r, _)| r as usize <= x)
}

/// The pairs of heap n (m = n − k) that touch `[K, m)` when the smaller
/// part is at most A: `A = min(m − K, m / 2)`, and `m / 2`.
fn split_point(n: usize, k: usize, known: usize) -> (usize, usize, usize) {
    let m = n.saturating_sub(k);
    let half = if n >= k + 2 { m / 2 } else { 0 };
    (m, m.saturating_sub(known).min(half), half)
}

impl<'a, M: Marks> Worker<'a, M> {
    fn new(moves: &'a Moves, rare_words: &'a [Vec<u64>; 2], words: usize) -> Self {
        Worker {
            moves,
            rare_words,
            marks: M::with_words(words),
            bits: vec![0; words],
            rt: vec![0; words],
            rn: vec![0; words],
            table: vec![0; 64 * words],
            spec: Spec {
                base: vec![0; words],
                c: 0,
                w0: 0,
                complete: true,
                unseen: vec![0; words],
                events: Vec::with_capacity(64 * words),
                listed: 0,
            },
        }
    }

    /// Heap n's speculative half from `g = G(0 .. K)` and `rare`, the rare
    /// heaps below K.
    fn spec<V: Val>(&mut self, g: &[V], rare: &[(u32, u32)], n: usize) {
        let known = g.len();
        let k = self.moves.split2[0];
        let (m, a_end, half) = split_point(n, k, known);
        // Rare heaps r with m − K < r < min(K, m): both parts below K.
        let first = count_at_most(rare, m.saturating_sub(known));
        let last = if rare.last().is_none_or(|&(r, _)| (r as usize) < m) {
            rare.len()
        } else {
            rare.partition_point(|&(r, _)| (r as usize) < m)
        };
        let s = &mut self.spec;
        let mut marks = std::mem::replace(&mut self.marks, M::with_words(0));
        marks.clear();
        if n >= k + 2 && first < last {
            marks = early_pass(marks, &rare[first..last], g, m);
        }
        s.w0 = if n >= k + 2 {
            (last.max(first) - first) as u64
        } else {
            0
        };
        marks.get_words(&mut s.base);
        self.marks = marks;
        let rb = &self.rare_words[n & 1];
        s.c = least_common_unmarked(&s.base, rb);
        self.bits.copy_from_slice(&s.base);
        let count = keep_unseen_rare(&mut self.bits, rb, s.c);
        s.events.clear();
        s.complete = true;
        s.unseen.fill(0);
        if count == 0 || a_end >= half {
            return;
        }
        let to = half.min(a_end + HORIZON);
        fill(&mut self.table, &self.bits);
        let events = &mut s.events;
        let (left, _) = scan_range(
            g,
            m,
            (a_end + 1, to),
            &mut self.table,
            &self.bits,
            count,
            &mut |a, x| events.push((a as u32, x)),
        );
        if left > 0 {
            take_left(&mut self.table, &mut self.bits);
            s.unseen.copy_from_slice(&self.bits);
            s.complete = to == half;
        }
    }

    /// Heap n's value and scan count from its speculative half `s` and
    /// `g = G(0 .. n)`, its rare-pass count added to `w0`.
    #[allow(clippy::too_many_arguments)]
    fn finish<V: Val>(
        &mut self,
        s: &Spec,
        events: impl DoubleEndedIterator<Item = (u32, u32)>,
        g: &[V],
        rare: &[(u32, u32)],
        (n, known, late): (usize, usize, usize),
        w0: &mut u64,
    ) -> (u32, u64) {
        let k = self.moves.split2[0];
        let (m, a_end, half) = split_point(n, k, known);
        // The late marks, straight into the bit set (a handful a heap):
        // the takes, and the rare heaps r ≤ m − K and r ≥ K (`late`, the
        // rare heaps below K, is the block's) paired with m − r.
        self.bits.copy_from_slice(&s.base);
        let bits = &mut self.bits[..];
        let mut set = |v: u32| bits[(v >> 6) as usize] |= 1 << (v & 63);
        if self.moves.take_all.binary_search(&n).is_ok() {
            set(0);
        }
        for &t in &self.moves.take {
            if t >= n {
                break;
            }
            set(g[n - t].get());
        }
        if n >= k + 2 {
            let first = count_at_most(rare, m - known.min(m));
            let late = &rare[late.max(first)..];
            let late = &late[..late.partition_point(|&(r, _)| (r as usize) < m)];
            for &(r, gr) in rare[..first].iter().chain(late) {
                set(gr ^ g[m - r as usize].get());
            }
            *w0 += (first + late.len()) as u64;
        }
        *w0 += s.w0;
        let rb = &self.rare_words[n & 1];
        let c = least_common_unmarked(&self.bits, rb);
        let count = keep_unseen_rare(&mut self.bits, rb, c);
        if count == 0 {
            return (c, 0);
        }
        let mut w1 = 0;
        if a_end >= 1 {
            // The values of the pairs a ≤ A, as bits: when they hold all of
            // W the scan stops among them (where, the exact scan says);
            // else the values of W left are looked for past A.
            let rt = &mut self.rt[..];
            rt.fill(0);
            let (lo, hi) = (&g[1..=a_end], &g[m - a_end..m]);
            for (x, y) in lo.iter().zip(hi.iter().rev()) {
                let v = x.xor(*y).get();
                rt[(v >> 6) as usize] |= 1 << (v & 63);
            }
            let mut all = true;
            for (w, &seen) in self.bits.iter().zip(&self.rt) {
                all &= w & !seen == 0;
            }
            if all {
                fill(&mut self.table, &self.bits);
                let (left, w) = scan_range(
                    g,
                    m,
                    (1, a_end),
                    &mut self.table,
                    &self.bits,
                    count,
                    &mut |_, _| {},
                );
                debug_assert_eq!(left, 0);
                return (c, w);
            }
            for (w, &seen) in self.bits.iter_mut().zip(&self.rt) {
                *w &= !seen;
            }
            w1 = a_end as u64;
        }
        if a_end >= half {
            return (first_one(&self.bits), w1);
        }
        let (v, w) = self.tail(s, events, g, m, (a_end, half), c);
        (v, w1 + w)
    }

    /// The pairs `a = A + 1 ..= m / 2` for the values of W not seen by
    /// pair A (`self.bits`): the value and the pairs past A looked at.
    fn tail<V: Val>(
        &mut self,
        s: &Spec,
        events: impl DoubleEndedIterator<Item = (u32, u32)>,
        g: &[V],
        m: usize,
        (a_end, half): (usize, usize),
        c: u32,
    ) -> (u32, u64) {
        // Rt: those below c′ (in T, so in the list); Rn: the others.
        self.rt.copy_from_slice(&self.bits);
        self.rn.copy_from_slice(&self.bits);
        for (i, (t, u)) in self.rt.iter_mut().zip(self.rn.iter_mut()).enumerate() {
            let lo = (i as u32) * 64;
            let below = if s.c >= lo + 64 {
                u64::MAX
            } else if s.c <= lo {
                0
            } else {
                (1u64 << (s.c - lo)) - 1
            };
            *t &= below;
            *u &= !below;
        }
        let unseen = self
            .rt
            .iter()
            .zip(&s.unseen)
            .position(|(&t, &u)| t & u != 0);
        if let Some(i) = unseen {
            if s.complete {
                // Never seen: the least such is below every value of Rn.
                let w = self.rt[i] & s.unseen[i];
                return (i as u32 * 64 + w.trailing_zeros(), (half - a_end) as u64);
            }
            // The list stopped at its horizon before it told.
            #[cfg(test)]
            count(2);
            let want = fill(&mut self.table, &self.bits);
            let (left, w) = scan_range(
                g,
                m,
                (a_end + 1, half),
                &mut self.table,
                &self.bits,
                want,
                &mut |_, _| {},
            );
            if left == 0 {
                return (c, w);
            }
            take_left(&mut self.table, &mut self.bits);
            return (first_one(&self.bits), w);
        }
        // Every value of Rt was seen: the last seen of them, from the end.
        let mut pos = a_end;
        if self.rt.iter().any(|&w| w != 0) {
            for (a, x) in events.rev() {
                if self.rt[(x >> 6) as usize] >> (x & 63) & 1 == 1 {
                    pos = a as usize;
                    break;
                }
            }
        }
        let want = fill(&mut self.table, &self.rn);
        if want > 0 {
            #[cfg(test)]
            count(3);
            let (left, w) = scan_range(
                g,
                m,
                (a_end + 1, half),
                &mut self.table,
                &self.rn,
                want,
                &mut |_, _| {},
            );
            if left == 0 {
                pos = pos.max(a_end + w as usize);
                self.rn.fill(0);
            } else {
                take_left(&mut self.table, &mut self.rn);
            }
        }
        let never = first_one(&self.rn);
        if (never as usize) < 64 * self.rn.len() {
            (never, (half - a_end) as u64)
        } else {
            (c, (pos - a_end) as u64)
        }
    }
}

/// Computes one chunk of block b's speculative halves and marks it done.
fn spec_chunk<M: Marks, V: Val>(
    w: &mut Worker<'_, M>,
    sh: &Shared,
    b: usize,
    chunk: usize,
    g: &[V],
    rare: &[(u32, u32)],
) {
    let known = sh.known(b);
    let rare = &rare[..rare.partition_point(|&(r, _)| (r as usize) < known)];
    let first = chunk * CHUNK;
    for i in first..(first + CHUNK).min(sh.heaps(b)) {
        w.spec(&g[..known], rare, sh.start(b) + i);
        sh.store(b, i, &w.spec);
    }
    sh.slots[b % 2].done.fetch_add(1, Ordering::Release);
}

/// A pointer to a buffer the helper may send to its thread.
#[derive(Clone, Copy)]
struct Shown<T>(*const T);
// SAFETY: the helper reads through it only the entries below the counts
// the main thread has published, which it never writes again; the
// buffers do not move during the run (capacity reserved up front).
unsafe impl<T: Sync> Send for Shown<T> {}

/// The helper: claims chunks of the open block until the main thread
/// stops; sleeps while there are none.
fn helper<M: Marks, V: Val>(
    mut w: Worker<'_, M>,
    values: Shown<V>,
    rare: Shown<(u32, u32)>,
    sh: &Shared,
) {
    let mut spins = 0u32;
    loop {
        if sh.quit.load(Ordering::SeqCst) {
            return;
        }
        let o = sh.open.load(Ordering::SeqCst);
        // The older open block first: the main thread waits for it sooner.
        let claimed = (o.saturating_sub(2)..o).find_map(|b| Some((b, sh.claim(b)?)));
        if let Some((b, chunk)) = claimed {
            {
                let known = sh.known(b);
                let rare_len = sh.slots[b % 2].rare_len.load(Ordering::Relaxed);
                // SAFETY: `G(0 .. known)` and the first `rare_len` rare
                // heaps were published before block b was opened (the
                // SeqCst load of `open` pairs with its store) and are
                // never written again; the buffers do not move.
                let (g, r) = unsafe {
                    (
                        std::slice::from_raw_parts(values.0, known),
                        std::slice::from_raw_parts(rare.0, rare_len),
                    )
                };
                spec_chunk(&mut w, sh, b, chunk, g, r);
                #[cfg(test)]
                count(1);
                spins = 0;
                continue;
            }
        }
        spins += 1;
        if spins < 512 {
            std::hint::spin_loop();
            continue;
        }
        sh.parked.store(true, Ordering::SeqCst);
        if sh.open.load(Ordering::SeqCst) == o && !sh.quit.load(Ordering::SeqCst) {
            std::thread::park_timeout(Duration::from_millis(5));
        }
        sh.parked.store(false, Ordering::SeqCst);
        spins = 0;
    }
}

/// The sparse method on two threads by blocks, when the run gains by it:
/// `None` when it would not (a short run, few rare heaps, a code it does
/// not apply to), and the caller tries the other ways.
pub(super) fn run<M: Marks, V: Val>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<Option<u32>> {
    let from = g.len();
    let to = len.min(sp.next_check);
    let rare_reads = sp.rare.len() * moves.split2.len();
    if sp.block == 0
        || !applies(moves, *bits)
        || from < 2
        || to < from + MIN_RUN
        || rare_reads < MIN_RARE
        || g.capacity() < to
    {
        return None;
    }
    let most = sp.rare.len().max(2 * sp.rare_at_check + 64) + 1;
    sp.rare.reserve(most - sp.rare.len());
    #[cfg(test)]
    count(0);
    let words = words_for(*bits);
    let block = sp.block;
    let slot = || Slot {
        base: (0..block * words).map(|_| AtomicU64::new(0)).collect(),
        unseen: (0..block * words).map(|_| AtomicU64::new(0)).collect(),
        meta: (0..block)
            .map(|_| [const { AtomicU64::new(0) }; 4])
            .collect(),
        events: (0..block * 64 * words).map(|_| AtomicU64::new(0)).collect(),
        next: AtomicU64::new(u64::MAX),
        done: AtomicUsize::new(0),
        rare_len: AtomicUsize::new(0),
    };
    let shared = Shared {
        slots: [slot(), slot()],
        open: AtomicUsize::new(0),
        quit: AtomicBool::new(false),
        failed: AtomicBool::new(false),
        parked: AtomicBool::new(false),
        helper: OnceLock::new(),
        words,
        from,
        block,
        to,
    };
    let rw = rare_words(sp, words);
    let values = Shown(g.as_ptr());
    let rare = Shown(sp.rare.as_ptr());
    let pending = std::thread::scope(|s| {
        let sh = &shared;
        let rw = &rw;
        // Without a helper (the thread could not be made) the main
        // thread claims every chunk itself.
        let spawned = std::thread::Builder::new()
            .name("grundy-block".into())
            .spawn_scoped(s, move || {
                let _failed = Failed(&sh.failed);
                helper::<M, V>(Worker::new(moves, rw, words), values, rare, sh);
            });
        if let Ok(t) = &spawned {
            let _ = sh.helper.set(t.thread().clone());
        }
        let mut me = Worker::<M>::new(moves, rw, words);
        let pending = main_loop(&mut me, sp, g, bits, sh);
        sh.quit.store(true, Ordering::SeqCst);
        if let Ok(t) = &spawned {
            t.thread().unpark();
        }
        pending
    });
    Some(pending)
}

/// Sets its flag when dropped by a panic: the helper's, so that the main
/// thread does not wait for a chunk that will never be done.
struct Failed<'a>(&'a AtomicBool);

impl Drop for Failed<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

/// Waits until the chunks of block b the helper has claimed are done.
#[inline(never)]
fn wait_done(sh: &Shared, b: usize) {
    let mut spins = 0u32;
    while !sh.all_done(b) {
        // A chunk the helper claimed and never finished: a panic there, to
        // be passed on, not waited for for ever.
        assert!(
            !sh.failed.load(Ordering::Relaxed),
            "the block helper thread panicked"
        );
        spins += 1;
        if spins < 1024 {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// The main thread: block by block, helps with the block's speculative
/// halves, opens the next, then finishes and records the block's heaps.
fn main_loop<M: Marks, V: Val>(
    me: &mut Worker<'_, M>,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    sh: &Shared,
) -> Option<u32> {
    let lim = 1u64 << *bits;
    let mut spec = Spec {
        base: vec![0; sh.words],
        c: 0,
        w0: 0,
        complete: true,
        unseen: vec![0; sh.words],
        events: Vec::new(),
        listed: 0,
    };
    let (mut w0, mut w1) = (0u64, 0u64);
    let blocks = (sh.to - sh.from).div_ceil(sh.block);
    for b in 0..blocks.min(2) {
        sh.open(b, sp.rare.len());
    }
    let mut pending = None;
    'blocks: for b in 0..blocks {
        while let Some(chunk) = sh.claim(b) {
            spec_chunk(me, sh, b, chunk, g, &sp.rare);
        }
        // While the helper ends its last chunks of block b, chunks of
        // block b + 1 (open, or None) rather than spinning. The tests take
        // one such chunk every other block even when block b is done, so
        // that this path is certain to run in them.
        let mut eager = cfg!(test) && b % 2 == 0;
        while std::mem::take(&mut eager) || !sh.all_done(b) {
            match (b + 1 < blocks).then(|| sh.claim(b + 1)).flatten() {
                Some(chunk) => {
                    spec_chunk(me, sh, b + 1, chunk, g, &sp.rare);
                    #[cfg(test)]
                    count(4);
                }
                None => {
                    wait_done(sh, b);
                    break;
                }
            }
        }
        let known = sh.known(b);
        let late = sp.rare.partition_point(|&(r, _)| (r as usize) < known);
        for i in 0..sh.heaps(b) {
            let n = sh.start(b) + i;
            sh.load(b, i, &mut spec);
            let events = sh.events(b, i, spec.listed);
            let (v, w) = me.finish(&spec, events, g, &sp.rare, (n, known, late), &mut w0);
            w1 += w;
            if u64::from(v) >= lim {
                pending = widen(sp, g, bits, n, v);
                break 'blocks;
            }
            debug_assert!(g.len() < g.capacity() && sp.rare.len() < sp.rare.capacity());
            g.push(V::of(v));
            sp.record(n, v);
            if sp.rare.len() > 2 * sp.rare_at_check + 64 {
                sp.next_check = n + 1;
                break 'blocks;
            }
        }
        // Block b is finished: block b + 2's bound (the first heap of
        // block b + 1) is reached, and block b's slot is free.
        if b + 2 < blocks {
            sh.open(b + 2, sp.rare.len());
        }
    }
    sp.work.0 += w0;
    sp.work.1 += w1;
    pending
}

#[cfg(test)]
mod tests {
    use super::super::super::code::OctalCode;
    use super::super::super::engine::{Engine, NimSequence};
    use super::super::shown;
    use super::COUNTS;
    use proptest::prelude::*;
    use std::sync::atomic::Ordering;

    fn counts() -> [usize; 5] {
        COUNTS.each_ref().map(|c| c.load(Ordering::Relaxed))
    }

    /// A code with one split size: `4.` and digits below 4, or `0.` and
    /// one digit of 4 or more.
    fn one_split_code() -> impl Strategy<Value = String> {
        (
            proptest::collection::vec(0u8..4, 1..6),
            any::<bool>(),
            0usize..6,
            4u8..8,
        )
            .prop_map(|(mut digits, d0, at, big)| {
                if !d0 {
                    let at = at % digits.len();
                    digits[at] = big;
                }
                format!(
                    "{}.{}",
                    if d0 { "4" } else { "0" },
                    digits
                        .iter()
                        .map(|d| char::from(b'0' + d))
                        .collect::<String>()
                )
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Two threads by blocks compute what one does, step by step as
        /// `extend_to` and `solve` are called, for blocks of one heap to
        /// more than the whole run.
        #[test]
        fn blocks_compute_what_one_thread_does(
            text in one_split_code(),
            block in prop_oneof![1usize..12, 12usize..200, Just(5000usize)],
            steps in proptest::collection::vec(1usize..900, 1..6),
            solve in any::<bool>(),
        ) {
            let code = OctalCode::parse(&text).expect("a code");
            let mut one = NimSequence::new(code.clone(), Engine::Sparse);
            let mut two = NimSequence::new(code, Engine::Sparse);
            two.set_threads(2);
            two.set_thread_block(block);
            let mut len = 0;
            for step in steps {
                len += step;
                for seq in [&mut one, &mut two] {
                    if solve { seq.solve(len, |_| {}); } else { seq.extend_to(len); }
                }
                prop_assert_eq!(shown(&mut one), shown(&mut two), "{} block {}", text, block);
            }
        }
    }

    #[test]
    fn officers_by_blocks() {
        // Officers (0.6) to 30,000: values past 255 need two and more words;
        // with the tests' small horizon every way of finishing a heap
        // happens: the helper's halves, a tail scanned by the finish, values
        // of W at or above c′; and (over the three sizes) the main thread
        // computing chunks of the next block while the helper ends one.
        let start = counts();
        for block in [3, 64, 700] {
            let code = OctalCode::parse("0.6").expect("code");
            let mut one = NimSequence::new(code.clone(), Engine::Sparse);
            let mut two = NimSequence::new(code, Engine::Sparse);
            two.set_threads(2);
            two.set_thread_block(block);
            let before = counts();
            one.extend_to(30_000);
            two.extend_to(30_000);
            let after = counts();
            assert!(
                (0..4).all(|i| after[i] > before[i]),
                "{block}: {before:?} {after:?}"
            );
            assert!(one.values().iter().any(|v| v > 255));
            assert_eq!(shown(&mut one), shown(&mut two), "block {block}");
        }
        assert!(counts()[4] > start[4], "{start:?} {:?}", counts());
    }

    /// How often the finish scans past A itself, on Officers to 2²⁰:
    /// `cargo test --release -p grundy-theory blocks_share -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn blocks_share_on_officers() {
        let code = OctalCode::parse("0.6").expect("code");
        let mut two = NimSequence::new(code, Engine::Sparse);
        two.set_threads(2);
        let before = counts();
        two.extend_to(1 << 20);
        let after = counts();
        let d: Vec<usize> = (0..5).map(|i| after[i] - before[i]).collect();
        println!(
            "0.6 to 2^20: {} runs, {} chunks by the helper, {} tails past the horizon, {} heaps with W past c′ ({:.2} %), {} chunks of the next block by the main thread",
            d[0],
            d[1],
            d[2],
            d[3],
            100.0 * d[3] as f64 / f64::from(1 << 20),
            d[4]
        );
    }
}
