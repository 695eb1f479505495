//! One code on two threads, heap by heap: heaps `n` and `n + 1` computed
//! at once ("heap pipelining").
//!
//! When no move of heap `n` reaches heap `n − 1` but the one taking a
//! single token and leaving one heap (no split takes nothing: `k ≥ 1` in
//! every split, so a split's parts are at most `n − 2`), every option of
//! heap `n` but that one is known once `G(0 .. n − 1)` is. So the
//! *speculative* half of heap n (`Spec`: the take moves but that one, the
//! rare pass, the least common value c′ unmarked, the rare values W′ below
//! it still missing, and the scan for them) needs only the heaps up to
//! `n − 2`, and runs while heap `n − 1` is being finished. Heap n is then
//! *finished* (`finish`) with x = G(n − 1): when x is neither c′ nor in W′,
//! the one-thread method, whose marks are the same plus x, finds the same
//! c′ and W′, scans the same splits and gets the same value and count of
//! options; otherwise (x = c′ or x ∈ W′) the scan is done again with x
//! marked, exactly as one thread does it. (Why G(n) is then the mex of
//! the options with x: THEORY.md §3, "Two heaps at once".)
//!
//! The main thread finishes every heap in order and records it (the rare
//! list, the histogram, the counts: one writer, as on one thread); it
//! computes the speculative half of every other heap, a helper thread
//! the rest: while the main thread does heap n, the helper does heap
//! `n + 1`, which needs `G(0 .. n)`. The helper reads the values and the
//! rare list the main thread has published (`frontier`, `rare_len`),
//! never past them; the main thread writes only past them, into capacity
//! reserved before the run, so neither buffer moves. A heap the helper
//! has not claimed when the main thread needs it, or not finished within
//! a few microseconds (a busy machine), the main thread computes itself,
//! so a descheduled helper costs little waiting.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread::Thread;
use std::time::{Duration, Instant};

use super::{
    Marks, Moves, Scratch, Sparse, Val, keep_unseen_rare, least_common_unmarked, rare_pass,
    rare_words, widen, words_for,
};

/// Heaps a run must have ahead of it to be worth a second thread.
const MIN_RUN: usize = if cfg!(test) { 4 } else { 2048 };
/// Rare-list entries a heap's rare pass must read (rare heaps × split
/// sizes) to be worth a second thread: with fewer a heap costs well under
/// a microsecond, and handing heaps over costs more than it saves (0.16,
/// 52 rare heaps: two threads took twice one's time).
const MIN_RARE: usize = if cfg!(test) { 1 } else { 256 };
/// Slots for the helper's heaps: it is never more than one heap ahead of
/// the main thread.
const RING: usize = 4;

/// Runs that took this path, heaps whose half the helper computed, and
/// heaps finished with a second scan (the tests check all three happen).
#[cfg(test)]
pub(super) static COUNTS: [AtomicUsize; 3] = [const { AtomicUsize::new(0) }; 3];

/// Whether heap pipelining gives one thread's values for these moves:
/// no split takes nothing and no move leaves the heap whole, so heap `n`
/// reaches heap `n − 1` only by taking one token and leaving one heap.
pub(super) fn applies(moves: &Moves) -> bool {
    moves.split2.first().is_some_and(|&k| k >= 1)
        && moves.take.first().is_none_or(|&k| k >= 1)
        && moves.split3.is_empty()
}

/// The speculative half of a heap: what its options but the move to heap
/// `n − 1` give.
#[derive(Clone, Debug)]
struct Spec {
    /// The marks of the take moves (but to `n − 1`) and the rare pass.
    base: Vec<u64>,
    /// W′: the rare values below `c` not marked.
    want: Vec<u64>,
    /// c′: the least common value not marked.
    c: u32,
    /// The least of `want` the splits with two common parts do not give,
    /// else `c`.
    v: u32,
    /// Options looked at in the rare pass and in the scan.
    w0: u64,
    w1: u64,
}

impl Spec {
    fn new(words: usize) -> Self {
        Spec {
            base: vec![0; words],
            want: vec![0; words],
            c: 0,
            v: 0,
            w0: 0,
            w1: 0,
        }
    }
}

/// A thread's buffers for computing speculative halves.
struct Worker<'a, M> {
    moves: &'a Moves,
    rare_words: &'a [Vec<u64>; 2],
    marks: M,
    mw: Vec<u64>,
    scratch: Scratch<M>,
}

impl<'a, M: Marks> Worker<'a, M> {
    fn new(moves: &'a Moves, rare_words: &'a [Vec<u64>; 2], words: usize) -> Self {
        Worker {
            moves,
            rare_words,
            marks: M::with_words(words),
            mw: vec![0; words],
            scratch: Scratch {
                missing: M::with_words(words),
                table: vec![0u8; 64 * words],
            },
        }
    }

    /// Heap n's speculative half from `g = G(0 .. n − 1)` and the rare
    /// heaps below `n − 1` (more are ignored).
    fn spec<V: Val>(&mut self, rare: &[(u32, u32)], g: &[V], n: usize, out: &mut Spec) {
        let moves = self.moves;
        let split = moves.split2.as_slice();
        let mut marks = std::mem::replace(&mut self.marks, M::with_words(0));
        marks.clear();
        if moves.take_all.binary_search(&n).is_ok() {
            marks.set(0);
        }
        for &k in &moves.take {
            if k >= n {
                break;
            }
            if k >= 2 {
                marks.set(g[n - k].get());
            }
        }
        let (mut w0, mut w1) = (0, 0);
        marks = rare_pass(marks, rare, g, n, split, &mut w0);
        marks.get_words(&mut out.base);
        self.marks = marks;
        let rb = &self.rare_words[n & 1];
        let c = least_common_unmarked(&out.base, rb);
        out.want.copy_from_slice(&out.base);
        let count = keep_unseen_rare(&mut out.want, rb, c);
        self.mw.copy_from_slice(&out.want);
        out.v = if count == 0 {
            c
        } else {
            self.scratch
                .least_unseen(g, n, split, &mut self.mw, count, &mut w1)
                .unwrap_or(c)
        };
        (out.c, out.w0, out.w1) = (c, w0, w1);
    }

    /// Heap n's value and scan count from its speculative half and
    /// `x = G(n − 1)` (`g` holds it): the half's own when x changes
    /// nothing, else the scan again with x marked, as one thread does it.
    fn finish<V: Val>(&mut self, s: &Spec, g: &[V], n: usize) -> (u32, u64) {
        let x = g[n - 1].get();
        let single = self.moves.take.first() == Some(&1);
        let seen = |w: &[u64]| w[(x >> 6) as usize] >> (x & 63) & 1 == 1;
        if !single || (x != s.c && !seen(&s.want)) {
            return (s.v, s.w1);
        }
        #[cfg(test)]
        COUNTS[2].fetch_add(1, Ordering::Relaxed);
        self.mw.copy_from_slice(&s.base);
        self.mw[(x >> 6) as usize] |= 1 << (x & 63);
        let rb = &self.rare_words[n & 1];
        let c = least_common_unmarked(&self.mw, rb);
        let count = keep_unseen_rare(&mut self.mw, rb, c);
        let mut w1 = 0;
        let split = self.moves.split2.as_slice();
        let v = if count == 0 {
            c
        } else {
            self.scratch
                .least_unseen(g, n, split, &mut self.mw, count, &mut w1)
                .unwrap_or(c)
        };
        (v, w1)
    }
}

/// What the two threads share.
struct Shared {
    /// Per slot: `base`, `want`, then c, v, w0, w1.
    slots: Vec<AtomicU64>,
    /// Per slot: `2h + 1` once heap h is claimed (by either thread),
    /// `2h + 2` once the helper has filled the slot with it.
    state: Vec<AtomicUsize>,
    /// Values published by the main thread: `G(0 .. frontier)`.
    frontier: AtomicUsize,
    /// Entries of the rare list published (every rare heap below
    /// `frontier`), stored before `frontier`.
    rare_len: AtomicUsize,
    /// The main thread has stopped: the helper stops too.
    quit: AtomicBool,
    /// The helper sleeps, or is about to, waiting for values.
    parked: AtomicBool,
    helper: OnceLock<Thread>,
    words: usize,
}

impl Shared {
    fn slot(&self, h: usize) -> &[AtomicU64] {
        let size = 2 * self.words + 4;
        let i = h % RING;
        &self.slots[i * size..(i + 1) * size]
    }

    fn store(&self, h: usize, s: &Spec) {
        let slot = self.slot(h);
        let tail = [u64::from(s.c), u64::from(s.v), s.w0, s.w1];
        let all = s.base.iter().chain(&s.want).chain(&tail);
        for (a, &w) in slot.iter().zip(all) {
            a.store(w, Ordering::Relaxed);
        }
        // Not if the main thread has since claimed a later heap of the
        // slot (it took this one over: `helped`).
        let _ = self.state[h % RING].compare_exchange(
            2 * h + 1,
            2 * h + 2,
            Ordering::AcqRel,
            Ordering::Relaxed,
        );
    }

    fn load(&self, h: usize, s: &mut Spec) {
        let slot = self.slot(h);
        let words = self.words;
        let get = |i: usize| slot[i].load(Ordering::Relaxed);
        for (i, w) in s.base.iter_mut().enumerate() {
            *w = get(i);
        }
        for (i, w) in s.want.iter_mut().enumerate() {
            *w = get(words + i);
        }
        let t = 2 * words;
        (s.c, s.v, s.w0, s.w1) = (get(t) as u32, get(t + 1) as u32, get(t + 2), get(t + 3));
    }

    /// Claims heap h for the caller; false when the other thread has.
    fn claim(&self, h: usize) -> bool {
        let st = &self.state[h % RING];
        let cur = st.load(Ordering::Acquire);
        cur < 2 * h + 1
            && st
                .compare_exchange(cur, 2 * h + 1, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
    }

    /// Whether the helper has filled heap h's slot; false when the main
    /// thread is to compute the heap's half itself: the helper has not
    /// claimed it, or has not filled it within `patience` (it is held up:
    /// descheduled on a busy machine, or gone), and then its result, if
    /// it comes, is not read.
    fn helped(&self, h: usize, patience: Duration) -> bool {
        if self.claim(h) {
            return false;
        }
        let st = &self.state[h % RING];
        let done = || st.load(Ordering::Acquire) == 2 * h + 2;
        let mut start = None;
        loop {
            for _ in 0..64 {
                if done() {
                    return true;
                }
                std::hint::spin_loop();
            }
            let t = *start.get_or_insert_with(Instant::now);
            if t.elapsed() > patience {
                return done();
            }
        }
    }
}

/// How long the main thread waits for the helper's heap before computing
/// it itself: twice as long as its own last heap took (the helper began
/// its heap when the main thread began that one), within these bounds; far
/// less than a descheduled thread's wait (milliseconds).
const PATIENCE: [Duration; 2] = [Duration::from_nanos(500), Duration::from_micros(50)];

impl Shared {
    /// The helper waits until `G(0 .. at)` is published: spins a little,
    /// then sleeps until the main thread wakes it (`publish`), so that on a
    /// busy machine it does not take CPU time from the main thread. False
    /// once the main thread has stopped.
    fn wait_for(&self, at: usize) -> bool {
        let ready = || self.frontier.load(Ordering::SeqCst) >= at;
        for _ in 0..256 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        loop {
            // SeqCst on both sides: the main thread stores the frontier then
            // reads `parked`; this thread stores `parked` then reads the
            // frontier, so one of them sees the other's store.
            self.parked.store(true, Ordering::SeqCst);
            if ready() {
                self.parked.store(false, Ordering::Relaxed);
                return true;
            }
            if self.quit.load(Ordering::SeqCst) {
                return false;
            }
            std::thread::park_timeout(Duration::from_millis(10));
        }
    }

    /// The main thread publishes `G(0 .. len)` and the rare heaps below
    /// it, and wakes the helper if it sleeps.
    fn publish(&self, len: usize, rare_len: usize) {
        self.rare_len.store(rare_len, Ordering::Release);
        self.frontier.store(len, Ordering::SeqCst);
        self.wake();
    }

    fn wake(&self) {
        if self.parked.load(Ordering::SeqCst)
            && self.parked.swap(false, Ordering::SeqCst)
            && let Some(t) = self.helper.get()
        {
            t.unpark();
        }
    }
}

/// A pointer to a buffer the helper may send to its thread.
#[derive(Clone, Copy)]
struct Shown<T>(*const T);
// SAFETY: the helper reads through it only the entries below the counts
// the main thread has published, which it never writes again; the
// buffers do not move during the run (capacity reserved up front).
unsafe impl<T: Sync> Send for Shown<T> {}

/// The helper: the speculative halves of heaps `from + 1, from + 3, …`
/// below `to`, each once the values it reads are published.
fn helper<M: Marks, V: Val>(
    mut worker: Worker<'_, M>,
    values: Shown<V>,
    rare: Shown<(u32, u32)>,
    (from, to): (usize, usize),
    sh: &Shared,
) {
    let mut spec = Spec::new(sh.words);
    let mut h = from + 1;
    while h < to {
        // Heap h reads G(0 .. h − 1).
        if !sh.wait_for(h - 1) {
            return;
        }
        if sh.claim(h) {
            let known = sh.frontier.load(Ordering::Acquire);
            let rare_len = sh.rare_len.load(Ordering::Acquire);
            // SAFETY: `G(0 .. known)` and the first `rare_len` rare heaps
            // are published (the Acquire loads pair with the main
            // thread's Release stores after writing them) and never
            // written again; the buffers hold them and do not move.
            let (g, r) = unsafe {
                (
                    std::slice::from_raw_parts(values.0, known),
                    std::slice::from_raw_parts(rare.0, rare_len),
                )
            };
            worker.spec(r, &g[..h - 1], h, &mut spec);
            sh.store(h, &spec);
            #[cfg(test)]
            COUNTS[1].fetch_add(1, Ordering::Relaxed);
        }
        h += 2;
    }
}

/// The sparse method on two threads by heap pipelining, when the run
/// gains by it: `None` when it would not (a short run, few rare heaps, a
/// code it does not apply to), and the caller runs on one thread.
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
    if !applies(moves)
        || from < 2
        || to < from + MIN_RUN
        || rare_reads < MIN_RARE
        || g.capacity() < to
    {
        return None;
    }
    // The run ends once the rare list passes this (as on one thread), so
    // it never grows past the capacity reserved here.
    let most = sp.rare.len().max(2 * sp.rare_at_check + 64) + 1;
    sp.rare.reserve(most - sp.rare.len());
    #[cfg(test)]
    COUNTS[0].fetch_add(1, Ordering::Relaxed);
    let words = words_for(*bits);
    let rw = rare_words(sp, words);
    let shared = Shared {
        slots: (0..RING * (2 * words + 4))
            .map(|_| AtomicU64::new(0))
            .collect(),
        state: (0..RING).map(|_| AtomicUsize::new(0)).collect(),
        frontier: AtomicUsize::new(from),
        rare_len: AtomicUsize::new(sp.rare.len()),
        quit: AtomicBool::new(false),
        parked: AtomicBool::new(false),
        helper: OnceLock::new(),
        words,
    };
    let values = Shown(g.as_ptr());
    let rare = Shown(sp.rare.as_ptr());
    let pending = std::thread::scope(|s| {
        let sh = &shared;
        let rw = &rw;
        let spawned = s.spawn(move || {
            let worker = Worker::<M>::new(moves, rw, words);
            helper::<M, V>(worker, values, rare, (from, to), sh);
        });
        let _ = sh.helper.set(spawned.thread().clone());
        let mut me = Worker::<M>::new(moves, rw, words);
        let pending = main_loop(&mut me, sp, g, bits, (from, to), sh);
        sh.quit.store(true, Ordering::SeqCst);
        sh.parked.store(true, Ordering::SeqCst);
        sh.wake();
        pending
    });
    Some(pending)
}

/// The main thread: every heap of `from .. to` in order, its speculative
/// half from the helper (odd heaps after `from`, unless the main thread
/// gets there first) or computed here, finished and recorded.
fn main_loop<M: Marks, V: Val>(
    me: &mut Worker<'_, M>,
    sp: &mut Sparse,
    g: &mut Vec<V>,
    bits: &mut u32,
    (from, to): (usize, usize),
    sh: &Shared,
) -> Option<u32> {
    let lim = 1u64 << *bits;
    let mut spec = Spec::new(sh.words);
    let (mut w0, mut w1) = (0u64, 0u64);
    let mut pending = None;
    let mut patience = PATIENCE[1];
    while g.len() < to {
        let n = g.len();
        if (n - from) % 2 == 1 && sh.helped(n, patience) {
            sh.load(n, &mut spec);
        } else {
            let start = Instant::now();
            me.spec(&sp.rare, &g[..n - 1], n, &mut spec);
            patience = (2 * start.elapsed()).clamp(PATIENCE[0], PATIENCE[1]);
        }
        let (v, w) = me.finish(&spec, g, n);
        w0 += spec.w0;
        w1 += w;
        if u64::from(v) >= lim {
            pending = widen(sp, g, bits, n, v);
            break;
        }
        debug_assert!(g.len() < g.capacity() && sp.rare.len() < sp.rare.capacity());
        g.push(V::of(v));
        sp.record(n, v);
        sh.publish(g.len(), sp.rare.len());
        if sp.rare.len() > 2 * sp.rare_at_check + 64 {
            sp.next_check = n + 1;
            break;
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

    fn counts() -> [usize; 3] {
        COUNTS.each_ref().map(|c| c.load(Ordering::Relaxed))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Two threads compute what one does, step by step as `extend_to`
        /// and `solve` are called, on codes whose splits all take a token
        /// or more (heap pipelining applies to most of them).
        #[test]
        fn pipelined_heaps_compute_what_one_thread_does(
            digits in proptest::collection::vec(0u8..8, 1..6),
            steps in proptest::collection::vec(1usize..900, 1..6),
            solve in any::<bool>(),
        ) {
            let text = format!(
                "0.{}",
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
    fn officers_pipelined_past_a_byte() {
        // 0.6 passes 63 early and 255 at heap 133,032 (release); here runs
        // of many widths, with the helper's halves, second scans (x = c′ or
        // x ∈ W′) and runs ended early all happening.
        let code = OctalCode::parse("0.6").expect("code");
        let mut one = NimSequence::new(code.clone(), Engine::Sparse);
        let mut two = NimSequence::new(code, Engine::Sparse);
        two.set_threads(2);
        two.set_thread_block(0);
        let before = counts();
        one.extend_to(30_000);
        two.extend_to(30_000);
        let after = counts();
        assert!((0..3).all(|i| after[i] > before[i]), "{before:?} {after:?}");
        assert!(one.values().iter().any(|v| v > 63));
        assert_eq!(shown(&mut one), shown(&mut two));
    }

    /// How often a heap needs its second scan (x = c′ or x ∈ W′) and how
    /// many halves the helper did, on Officers to 2²⁰ (about 4 s):
    /// `cargo test --release -p grundy-theory pipelined_share -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn pipelined_share_on_officers() {
        let code = OctalCode::parse("0.6").expect("code");
        let mut two = NimSequence::new(code, Engine::Sparse);
        two.set_threads(2);
        two.set_thread_block(0);
        let before = counts();
        two.extend_to(1 << 20);
        let after = counts();
        let d: Vec<usize> = (0..3).map(|i| after[i] - before[i]).collect();
        println!(
            "0.6 to 2^20: {} runs, {} halves by the helper, {} second scans ({:.2} % of heaps)",
            d[0],
            d[1],
            d[2],
            100.0 * d[2] as f64 / f64::from(1 << 20)
        );
    }
}
