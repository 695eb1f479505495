//! What the two threads of `sparse_block.rs` share: a slot per open
//! block holding each heap's speculative half (written by the thread that
//! claimed its chunk, read by the main thread once the block's chunks are
//! done), and the flags that open blocks, park the helper and stop it.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread::Thread;

use super::{CHUNK, Spec};

/// The speculative halves of one block, written by both threads (each
/// heap's by the one that claimed its chunk) and read by the main thread
/// once the block's chunks are all done.
pub(super) struct Slot {
    /// Per heap: `words` words of early marks, and of the values of T
    /// not seen.
    pub(super) base: Vec<AtomicU64>,
    pub(super) unseen: Vec<AtomicU64>,
    /// Per heap: c′, options of the rare pass, complete, sightings.
    pub(super) meta: Vec<[AtomicU64; 4]>,
    /// Per heap: up to `64 · words` first sightings `a << 32 | value`.
    pub(super) events: Vec<AtomicU64>,
    /// `block << 32 | chunks claimed`.
    pub(super) next: AtomicU64,
    /// Chunks done.
    pub(super) done: AtomicUsize,
    /// Rare heaps published with the block (all below its bound).
    pub(super) rare_len: AtomicUsize,
}

/// What the two threads share.
pub(super) struct Shared {
    pub(super) slots: [Slot; 2],
    /// `b + 1` once block b is open for speculation (0: none yet);
    /// blocks b − 1 and b may be open at once.
    pub(super) open: AtomicUsize,
    pub(super) quit: AtomicBool,
    /// The helper panicked (a bug): the main thread must not wait for it.
    pub(super) failed: AtomicBool,
    pub(super) parked: AtomicBool,
    pub(super) helper: OnceLock<Thread>,
    pub(super) words: usize,
    /// First heap of the run, heaps per block, end of the run.
    pub(super) from: usize,
    pub(super) block: usize,
    pub(super) to: usize,
}

impl Shared {
    pub(super) fn start(&self, b: usize) -> usize {
        self.from + b * self.block
    }

    /// Block b's bound K: the first heap of block b − 1.
    pub(super) fn known(&self, b: usize) -> usize {
        self.start(b.saturating_sub(1))
    }

    pub(super) fn heaps(&self, b: usize) -> usize {
        self.block.min(self.to.saturating_sub(self.start(b)))
    }

    pub(super) fn chunks(&self, b: usize) -> usize {
        self.heaps(b).div_ceil(CHUNK)
    }

    /// Whether block b's chunks are all done (its slot's).
    pub(super) fn all_done(&self, b: usize) -> bool {
        self.slots[b % 2].done.load(Ordering::Acquire) >= self.chunks(b)
    }

    /// Opens block b: its slot reset, then published.
    pub(super) fn open(&self, b: usize, rare_len: usize) {
        let slot = &self.slots[b % 2];
        slot.done.store(0, Ordering::Relaxed);
        slot.next.store((b as u64) << 32, Ordering::Relaxed);
        slot.rare_len.store(rare_len, Ordering::Relaxed);
        self.open.store(b + 1, Ordering::SeqCst);
        if self.parked.load(Ordering::SeqCst)
            && self.parked.swap(false, Ordering::SeqCst)
            && let Some(t) = self.helper.get()
        {
            t.unpark();
        }
    }

    /// Claims a chunk of block b, if one is left.
    pub(super) fn claim(&self, b: usize) -> Option<usize> {
        let slot = &self.slots[b % 2];
        let chunks = self.chunks(b) as u64;
        let mut cur = slot.next.load(Ordering::Acquire);
        loop {
            if cur >> 32 != b as u64 || cur & 0xFFFF_FFFF >= chunks {
                return None;
            }
            match slot
                .next
                .compare_exchange_weak(cur, cur + 1, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => return Some((cur & 0xFFFF_FFFF) as usize),
                Err(now) => cur = now,
            }
        }
    }

    /// Stores heap i of block b's speculative half.
    pub(super) fn store(&self, b: usize, i: usize, s: &Spec) {
        let slot = &self.slots[b % 2];
        let words = self.words;
        let at = i * words..(i + 1) * words;
        for (a, &w) in slot.base[at.clone()].iter().zip(&s.base) {
            a.store(w, Ordering::Relaxed);
        }
        for (a, &w) in slot.unseen[at].iter().zip(&s.unseen) {
            a.store(w, Ordering::Relaxed);
        }
        let meta = [
            u64::from(s.c),
            s.w0,
            u64::from(s.complete),
            s.events.len() as u64,
        ];
        for (a, w) in slot.meta[i].iter().zip(meta) {
            a.store(w, Ordering::Relaxed);
        }
        let cap = 64 * words;
        for (a, &(p, x)) in slot.events[i * cap..].iter().zip(&s.events) {
            a.store(u64::from(p) << 32 | u64::from(x), Ordering::Relaxed);
        }
    }

    /// Loads heap i of block b's speculative half (after its chunk is done).
    pub(super) fn load(&self, b: usize, i: usize, s: &mut Spec) {
        let slot = &self.slots[b % 2];
        let words = self.words;
        for (w, a) in s
            .base
            .iter_mut()
            .zip(&slot.base[i * words..(i + 1) * words])
        {
            *w = a.load(Ordering::Relaxed);
        }
        for (w, a) in s
            .unseen
            .iter_mut()
            .zip(&slot.unseen[i * words..(i + 1) * words])
        {
            *w = a.load(Ordering::Relaxed);
        }
        let [c, w0, complete, len] = slot.meta[i].each_ref().map(|a| a.load(Ordering::Relaxed));
        (s.c, s.w0, s.complete) = (c as u32, w0, complete != 0);
        s.listed = len as usize;
    }

    /// Heap i of block b's first sightings.
    pub(super) fn events(
        &self,
        b: usize,
        i: usize,
        len: usize,
    ) -> impl DoubleEndedIterator<Item = (u32, u32)> + '_ {
        let cap = 64 * self.words;
        self.slots[b % 2].events[i * cap..i * cap + len]
            .iter()
            .map(|a| {
                let e = a.load(Ordering::Relaxed);
                ((e >> 32) as u32, e as u32)
            })
    }
}
