//! One code on two threads: the rare pass of each heap shared with a
//! helper that runs ahead.
//!
//! Heap n's rare pass marks `G(r) ⊕ G(n − k − r)` for every rare heap
//! `r < n − k` and split size `k`. For `r > D` the other part is at most
//! `n − D − 1`, known once the first `n − D` values are: those pairs do
//! not wait for the heaps just before n. So a helper thread computes, for
//! the heaps ahead, the marks of the rare heaps `r > D` known when the run
//! started (the snapshot), and leaves them in a ring of `RING` slots; the
//! main thread pairs the rare heaps `r ≤ D` and those found during the run
//! itself, ORs in the helper's marks for the heap, and goes on as on one
//! thread (the full split scans, which read the values just before n,
//! stay on it). The marks of a heap are the union of the same pairs as on
//! one thread, so every value, mask choice and count of options looked at
//! is the same (the helper's count goes with its marks, added when the
//! main thread takes them); `tests/octal_sweep.rs` and this module's tests
//! compare one thread with two.
//!
//! The helper reads the values the main thread has published (an atomic
//! count, `frontier`), never past it; the main thread writes only past it,
//! into capacity reserved before the run (so the values never move while
//! the helper reads them). Each waits for the other only when it is ahead:
//! the helper when it is `D` heaps ahead of the frontier, the main thread
//! when the helper has not yet filled the heap's slot. Waiting spins a
//! little, then yields the core.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::{Marks, Moves, Share, Sparse, Val, sparse_loop, words_for};

// The unit tests use tiny sizes, so that short runs of small codes take
// the two-thread path, the ring wraps and a run often ends early (a wider
// value, the rare list doubling) while the helper is ahead.

/// The helper pairs rare heaps `r > D`; it may run up to `D` heaps ahead
/// (with about a microsecond a heap, milliseconds of slack either way).
const D: usize = if cfg!(test) { 6 } else { 1024 };
/// Slots in the ring (more than `D`).
const RING: usize = if cfg!(test) { 8 } else { 2048 };
/// Heaps a run must have ahead of it to be worth a second thread.
const MIN_RUN: usize = if cfg!(test) { 4 } else { 2048 };
/// Snapshot rare heaps past `D` the helper must have to be worth it.
const MIN_RARE: usize = if cfg!(test) { 1 } else { 128 };

/// Runs that took the two-thread path, and heaps whose marks the main
/// thread took from the helper (the tests check that both happen).
#[cfg(test)]
static RUNS: AtomicUsize = AtomicUsize::new(0);
#[cfg(test)]
static JOINED: AtomicUsize = AtomicUsize::new(0);

/// What the two threads share.
struct Shared {
    /// `words` words of marks per slot, then the options looked at.
    marks: Vec<AtomicU64>,
    work: Vec<AtomicU64>,
    /// `n + 1` once a slot holds heap n's marks.
    stamp: Vec<AtomicUsize>,
    /// Values published by the main thread: `G(0 .. frontier)`.
    frontier: AtomicUsize,
    /// The first heap neither thread has claimed: the helper claims heaps
    /// in order; the main thread claims the ones it reaches first.
    claimed: AtomicUsize,
    /// The main thread has stopped: the helper stops too.
    quit: AtomicBool,
}

/// Spins, then yields, until `ready()`; false if `quit` is raised first.
#[inline]
fn wait(ready: impl Fn() -> bool, quit: &AtomicBool) -> bool {
    let mut spins = 0u32;
    while !ready() {
        if quit.load(Ordering::Relaxed) {
            return false;
        }
        if spins < 256 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
    true
}

/// The main thread's side of the pipeline.
struct Pipeline<'a> {
    shared: &'a Shared,
    words: usize,
    /// `rare[..lo]`: rare heaps `≤ D`; `rare[snap..]`: found during the run.
    lo: usize,
    snap: usize,
}

impl Share for Pipeline<'_> {
    /// Heap n's slot is filled, or the helper has it in hand (then wait
    /// for it: a heap's share is about a microsecond), or the main thread
    /// takes it (and every heap before it the helper has not begun): a
    /// helper held up, by a busy machine, costs no waiting.
    #[inline]
    fn claim(&mut self, n: usize) -> bool {
        let sh = self.shared;
        let stamp = &sh.stamp[n % RING];
        loop {
            if stamp.load(Ordering::Acquire) == n + 1 {
                return false;
            }
            let c = sh.claimed.load(Ordering::Acquire);
            if c > n {
                wait(|| stamp.load(Ordering::Acquire) == n + 1, &NEVER);
                return false;
            }
            if sh
                .claimed
                .compare_exchange(c, n + 1, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return true;
            }
        }
    }

    #[inline(always)]
    fn own<'r>(&self, rare: &'r [(u32, u32)], all: bool) -> [&'r [(u32, u32)]; 2] {
        if all {
            rare.split_at(self.snap).into()
        } else {
            [&rare[..self.lo], &rare[self.snap..]]
        }
    }

    #[inline]
    fn join(&mut self, n: usize, mw: &mut [u64], work: &mut u64) {
        let sh = self.shared;
        let slot = n % RING;
        #[cfg(test)]
        JOINED.fetch_add(1, Ordering::Relaxed);
        let marks = &sh.marks[slot * self.words..(slot + 1) * self.words];
        for (w, m) in mw.iter_mut().zip(marks) {
            *w |= m.load(Ordering::Relaxed);
        }
        *work += sh.work[slot].load(Ordering::Relaxed);
    }

    #[inline(always)]
    fn pushed(&mut self, len: usize) {
        self.shared.frontier.store(len, Ordering::Release);
    }
}

/// A flag never raised: the main thread's waits end when the helper,
/// which has the heap in hand, fills its slot.
static NEVER: AtomicBool = AtomicBool::new(false);

/// A pointer to the values that the helper may send to its thread.
#[derive(Clone, Copy)]
struct Values<V>(*const V);
// SAFETY: the helper reads through it only the values below the
// published frontier, which the main thread never writes again; the
// buffer does not move during the run (capacity reserved up front).
unsafe impl<V: Sync> Send for Values<V> {}

/// The helper: for heaps `from .. to`, the marks of the snapshot's rare
/// heaps `part` (all `> D`), each slot filled once the values it reads are
/// published.
fn helper<M: Marks, V: Val>(
    part: &[(u32, u32)],
    split: &[usize],
    base: Values<V>,
    to: usize,
    words: usize,
    sh: &Shared,
) {
    let mut marks = M::with_words(words);
    let mut mw = vec![0u64; words];
    loop {
        let n = sh.claimed.load(Ordering::Acquire);
        if n >= to {
            return;
        }
        // Heap n reads values below n − D (and the slot n − RING is taken).
        let ready = || sh.frontier.load(Ordering::Acquire) + D >= n;
        if !wait(ready, &sh.quit) {
            return;
        }
        if sh
            .claimed
            .compare_exchange(n, n + 1, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            // The main thread took it.
            continue;
        }
        let known = sh.frontier.load(Ordering::Acquire);
        // SAFETY: `G(0 .. known)` are published (Acquire above pairs with
        // the main thread's Release after storing them) and never written
        // again; the buffer holds at least `known` values and does not move.
        let g: &[V] = unsafe { std::slice::from_raw_parts(base.0, known) };
        marks.clear();
        let mut set = marks.setter();
        let mut work = 0u64;
        for &k in split {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            let cnt = part.partition_point(|&(r, _)| (r as usize) < m);
            for &(r, gr) in &part[..cnt] {
                // m − r ≤ n − D − 1 < known.
                set(gr ^ g[m - r as usize].get());
            }
            work += cnt as u64;
        }
        drop(set);
        marks.get_words(&mut mw);
        let slot = n % RING;
        for (s, &w) in sh.marks[slot * words..(slot + 1) * words].iter().zip(&mw) {
            s.store(w, Ordering::Relaxed);
        }
        sh.work[slot].store(work, Ordering::Relaxed);
        sh.stamp[slot].store(n + 1, Ordering::Release);
    }
}

/// [`sparse_loop`] with a helper thread, when the run gains by it: `None`
/// when it would not (a short run, few rare heaps past `D`, or values
/// that might move), and the caller runs on one thread.
pub(super) fn run<M: Marks, V: Val>(
    moves: &Moves,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    len: usize,
) -> Option<Option<u32>> {
    let from = g.len();
    let to = len.min(sp.next_check);
    let lo = sp.rare.partition_point(|&(r, _)| r as usize <= D);
    let snap = sp.rare.len();
    if to < from + MIN_RUN || snap - lo < MIN_RARE || g.capacity() < to {
        return None;
    }
    #[cfg(test)]
    RUNS.fetch_add(1, Ordering::Relaxed);
    let words = words_for(*bits);
    let shared = Shared {
        marks: (0..RING * words).map(|_| AtomicU64::new(0)).collect(),
        work: (0..RING).map(|_| AtomicU64::new(0)).collect(),
        stamp: (0..RING).map(|_| AtomicUsize::new(0)).collect(),
        frontier: AtomicUsize::new(from),
        claimed: AtomicUsize::new(from),
        quit: AtomicBool::new(false),
    };
    let part: Vec<(u32, u32)> = sp.rare[lo..snap].to_vec();
    let base = Values(g.as_ptr());
    let split = moves.split2.as_slice();
    let pending = std::thread::scope(|s| {
        let sh = &shared;
        let part = &part;
        s.spawn(move || helper::<M, V>(part, split, base, to, words, sh));
        let mut pipe = Pipeline {
            shared: sh,
            words,
            lo,
            snap,
        };
        let pending = sparse_loop::<M, V, Pipeline>(moves, sp, g, bits, len, &mut pipe);
        sh.quit.store(true, Ordering::Relaxed);
        pending
    });
    Some(pending)
}

#[cfg(test)]
mod tests {
    use super::super::super::code::OctalCode;
    use super::super::super::engine::{Engine, NimSequence};
    use super::super::shown;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Two threads compute what one does, step by step as `extend_to`
        /// and `solve` are called.
        #[test]
        fn two_threads_compute_what_one_does(
            d0 in any::<bool>(),
            digits in proptest::collection::vec(0u8..8, 1..6),
            steps in proptest::collection::vec(1usize..700, 1..6),
            solve in any::<bool>(),
        ) {
            let text = format!(
                "{}.{}",
                if d0 { "4" } else { "0" },
                digits.iter().map(|d| char::from(b'0' + d)).collect::<String>()
            );
            let code = OctalCode::parse(&text).expect("a code");
            let mut one = NimSequence::new(code.clone(), Engine::Sparse);
            let mut two = NimSequence::new(code, Engine::Sparse);
            two.set_threads(2);
        two.set_thread_block(0);
            let mut len = 0;
            for step in steps {
                len += step;
                for seq in [&mut one, &mut two] {
                    if solve { seq.solve(len, |_| {}); } else { seq.extend_to(len); }
                }
                prop_assert_eq!(shown(&mut one), shown(&mut two), "{}", text);
            }
        }
    }

    #[test]
    fn values_past_a_byte_on_two_threads() {
        // Many short runs with a tiny ring, and values past 63 (two words
        // of marks), on a code splitting without taking (`4.45`: 503 rare
        // heaps, past 63 by heap 20,000), which heap pipelining
        // (`sparse_pipe.rs`) leaves to this path.
        let code = OctalCode::parse("4.45").expect("code");
        let mut one = NimSequence::new(code.clone(), Engine::Sparse);
        let mut two = NimSequence::new(code, Engine::Sparse);
        two.set_threads(2);
        two.set_thread_block(0);
        let count = || {
            let o = std::sync::atomic::Ordering::Relaxed;
            (super::RUNS.load(o), super::JOINED.load(o))
        };
        let before = count();
        one.extend_to(20_000);
        two.extend_to(20_000);
        let after = count();
        assert!(
            after.0 > before.0 && after.1 > before.1,
            "{before:?} {after:?}"
        );
        assert!(one.values().iter().any(|v| v > 63));
        assert_eq!(shown(&mut one), shown(&mut two));
    }
}
