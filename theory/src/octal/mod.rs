//! Octal and subtraction games: codes, nim-sequences, proved periods.
//!
//! Pure library: [`OctalCode`] parses and enumerates moves, [`NimSequence`]
//! computes `G(0), G(1), …` (of many codes at once on every core with
//! [`extend_all`]) with the plain, the sparse (rare/common) or,
//! for three-heap splits, the pair-set engine, storing each value in 1, 2
//! or 4 bytes ([`Values`]), and [`find_period`] applies the Guy–Smith
//! periodicity theorem.
//! See docs/THEORY.md §3 for the theorem and its conditions, and
//! docs/OCTAL.md for how to use it.

mod code;
mod engine;
mod many;
mod marks;
mod moves;
mod pairsets;
mod period;
mod sparse;
mod values;

pub use code::{CodeError, OctalCode};
pub use engine::{Engine, NimSequence};
pub use many::extend_all;
pub use period::{
    ArithmeticPeriod, Period, PeriodStatus, find_arithmetic_period, find_period, values_needed,
};
pub use values::{Iter as ValuesIter, Values};
