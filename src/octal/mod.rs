//! Octal and subtraction games: codes, nim-sequences, proved periods.
//!
//! Pure library: [`OctalCode`] parses and enumerates moves, [`NimSequence`]
//! computes `G(0), G(1), …` with the plain or the sparse (rare/common)
//! engine, and [`find_period`] applies the Guy–Smith periodicity theorem.
//! See docs/THEORY.md §3 for the theorem and its conditions, and
//! docs/OCTAL.md for how to use it.

mod code;
mod engine;
mod marks;
mod period;
mod sparse;

pub use code::{CodeError, OctalCode};
pub use engine::{Engine, NimSequence};
pub use period::{
    ArithmeticPeriod, Period, PeriodStatus, find_arithmetic_period, find_period, values_needed,
};
