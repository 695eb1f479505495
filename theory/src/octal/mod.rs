//! Octal, hex and finite subtraction games: codes, nim-sequences, proved
//! periods.
//!
//! This module owns the nim-sequence `G(0), G(1), …` of a take-and-break
//! code and the proof of its period. It is a pure library: the language
//! crate re-exports it as `grundy::octal` and calls it for
//! `game K = octal …` and `game S = subtraction …` (read by the solver
//! without expanding the game) and for the `grundy octal` command. What
//! the codes mean and what `grundy octal` prints is in `docs/OCTAL.md`;
//! the theorems (the rare/common method, the Guy–Smith periodicity
//! theorem) are in `docs/THEORY.md` §3.
//!
//! [`OctalCode`] parses a code and lists its moves; [`NimSequence`]
//! computes the values with one of three engines ([`Engine`]), storing
//! each in 1, 2 or 4 bytes ([`Values`]), many codes at once on every core
//! with [`extend_all`]; [`find_period`] applies the Guy–Smith theorem,
//! and [`NimSequence::solve`] computes until it proves a period.
//!
//! ```
//! use grundy_theory::octal::{Engine, NimSequence, OctalCode, PeriodStatus};
//!
//! let kayles = OctalCode::parse("0.77").unwrap();
//! let mut seq = NimSequence::new(kayles, Engine::Sparse);
//! let PeriodStatus::Proved(p) = seq.solve(10_000, |_| {}) else {
//!     panic!("Kayles has a period");
//! };
//! assert_eq!((p.preperiod, p.period, p.values_used), (71, 12, 168));
//! assert_eq!(seq.value_at(1_000_000_000_000, 10_000), Some(1));
//! ```
//!
//! # Files
//!
//! | file | what it holds |
//! |---|---|
//! | `code.rs` | [`OctalCode`] (parse, print, the moves of each kind, the options of a heap), [`CodeError`] |
//! | `moves.rs` | the moves as heap-size offsets the engines index with |
//! | `engine.rs` | [`NimSequence`]: the engine choice, the plain mex, the step count, `solve`, `value_at` |
//! | `values.rs` | the values in the narrowest of `u8`, `u16`, `u32` that holds them |
//! | `marks.rs` | bit sets of option values sized to the values' bit length |
//! | `sparse.rs`, `sparse_scan.rs`, `sparse_two.rs`, `sparse_pipe.rs`, `sparse_block.rs`, `sparse_block_share.rs`, `sparse_tests.rs` | the rare/common engine: its state, the mask choice and the loop over heaps (`sparse.rs`); the split scans, with AVX2 copies of two of them (`sparse_scan.rs`); one code on two threads ([`NimSequence::set_threads`]): by blocks of heaps for codes with one split size (`sparse_block.rs`; what its two threads share, `sparse_block_share.rs`), two adjacent heaps at once (`sparse_pipe.rs`), the rare pass shared with a helper running ahead (`sparse_two.rs`); their tests against the pairs by definition |
//! | `pairsets.rs` | three-heap splits by pair sets: an early-exit mex or a whole union |
//! | `checkpoint.rs` | a sequence's whole state as bytes ([`NimSequence::save_state`], [`NimSequence::load_state`]), [`CheckpointError`] |
//! | `many.rs` | [`extend_all`]: many sequences at once, one per rayon thread |
//! | `take_break.rs`, `take_break_tests.rs` | [`TakeBreakCode`]: CGSuite's extended take-and-break codes (`4!.0`, `0.[3]`, `{2+}=.0`), their options in CGSuite's order, the octal code of the same game when there is one; tests against CGSuite's traversals and brute force |
//! | `turning.rs` | [`TurningCode`]: CGSuite's coin-turning codes (`1-3`, `1+C`, `1-3C(5)`, `3E`, `4FS`): for a head on coin n, the sets of other coins a move turns (the options of the heap game CGSuite calls `Spawning`); tests against CGSuite's option counts and every subset by brute force |
//! | `period.rs` | [`find_period`] (Guy–Smith proofs, apparent periods), [`values_needed`], arithmetic periods |
//!
//! Each file's own docs say how its part works: the codes in `code.rs`,
//! the engines in `engine.rs` (the rare/common method in `sparse.rs`,
//! three-heap splits in `pairsets.rs`), the period search in `period.rs`.
//!
//! # Tests
//!
//! `cargo test -p grundy-theory octal` runs the unit tests here;
//! `cargo test octal` at the workspace root also runs the language
//! crate's `tests/octal_sweep.rs`, `tests/octal_published.rs` and
//! `tests/octal_hex.rs`, which reach this module through `grundy::octal`;
//! `cargo test --release octal -- --ignored` the slow ones.
//!
//! - Sparse = Plain on every code `d0.d1d2d3` (d0 ∈ {0, 4}, octal digits)
//!   to n = 800, to 5000 in the ignored `octal_full_sweep_to_5000`, and on
//!   300 random codes of up to nine digits to 4000 (ignored); a sample of
//!   17 known games to 5000 and four whose values pass 128 or 256 to
//!   12000; both engines = the mex of [`OctalCode::for_each_option`] on
//!   200 random octal, hex and pre-point codes (`tests/octal_sweep.rs`).
//! - Pair sets = Plain on every hex code `d0.d1d2` with a three-heap split
//!   (to 120, to 1000 ignored, to 2000 in `tests/octal_hex.rs`), and on 48
//!   three-digit hex codes to 2000 (ignored).
//! - Periods (`tests/octal_published.rs`): Kayles (71, 12), Dawson's
//!   Kayles 0.07 (53, 34), Dawson's chess 0.137 (52, 34), 0.156 (3479,
//!   349), the trivial games of tczajka's table (whole nimber strings,
//!   `tests/data/octal_trivial.txt`), and 0.16, 0.56 and 0.354 (ignored,
//!   release).
//! - Rare masks and counts of tczajka's solved games (heap 0 counted
//!   there, not in [`NimSequence::rare_count`]), 0.127's heap-parity
//!   count, and Rogalski's value frequencies to 65536
//!   (`tests/data/octal_freq_*.txt`).
//!
//! # Benchmarks
//!
//! `cargo bench --bench octal -- CODE N [plain|sparse] [solve]`
//! (`benches/octal.rs`) times one code; `bash bench/octal.sh` compares
//! `grundy octal` with ogsolve, whole processes. Figures are in
//! `docs/PERFORMANCE.md`.

mod checkpoint;
mod code;
mod engine;
mod many;
mod marks;
mod moves;
mod pairsets;
mod period;
mod sparse;
mod take_break;
#[cfg(test)]
mod take_break_tests;
mod turning;
mod values;

pub use checkpoint::CheckpointError;
pub use code::{CodeError, OctalCode};
pub use engine::{Engine, NimSequence};
pub use many::extend_all;
pub use period::{
    ArithmeticPeriod, Period, PeriodStatus, find_arithmetic_period, find_period, values_needed,
};
pub use take_break::{Condition, Digit, TakeBreakCode};
pub use turning::{Element as TurningElement, Spacing, TurningCode};
pub use values::{Iter as ValuesIter, Values};
