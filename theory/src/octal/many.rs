//! Many codes at once, on every core.
//!
//! The values of one code depend on each other heap by heap, and the work
//! per heap of the sparse engine is too small to share (a few thousand
//! options, about a microsecond, on the codes of docs/PERFORMANCE.md; a
//! fork and join of two threads costs about as much). Independent codes
//! share out without any of that: one thread per sequence, rayon's work
//! stealing keeping both cores busy when the sequences differ in cost.

use rayon::prelude::*;

use super::engine::NimSequence;

/// Extends every sequence to `len` values (`extend_to`), the sequences
/// shared out among rayon's threads (all cores, or `RAYON_NUM_THREADS`).
/// Each sequence is computed by one thread exactly as `extend_to` computes
/// it alone, so the values, periods and rare sets are those of a loop over
/// the sequences (tested in `tests/octal_sweep.rs`).
///
/// Memory: `crate::mem` counts bytes per thread, so the values computed
/// here are charged to the worker threads, not to the caller (whose count
/// drops when it frees them). Queries under a memory budget must not call
/// this; it serves sweeps over many codes (tests, benchmarks, scripts).
pub fn extend_all(seqs: &mut [NimSequence], len: usize) {
    seqs.par_iter_mut().for_each(|s| s.extend_to(len));
}
