//! The theory floor of `grundy`: combinatorial game theory as a library,
//! with no knowledge of the language (no parser, no diagnostics, no
//! front end). Each module is a pure library with its own error types:
//!
//! - [`digraph`]: explicit digraphs: retrograde outcomes and remoteness,
//!   Smith's generalized values, kernels and kernel sequences.
//! - [`octal`]: octal, hexadecimal and subtraction codes, nim-sequence
//!   engines and Guy–Smith periods.
//! - [`partizan`]: partizan short games in canonical form (CGSuite's
//!   notation), their algebra, thermographs, and loopy stoppers.
//! - [`misere`]: genus, misère canonical forms and misère quotients.
//! - [`ordinal`]: generalized ordinals (ω, ω+1, ω^ω) and transfinite nim
//!   arithmetic below ω^ω^ω.
//! - [`rational`]: rational numbers in lowest terms with ±∞ (CGSuite's
//!   `Rational`), exact over big integers.
//! - [`board`]: boards as bit planes, undirected graphs, symmetries and
//!   canonical labellings.
//! - [`mem`]: the counting allocator the memory budgets read.

pub mod board;
mod checkpoint_io;
pub mod digraph;
pub mod mem;
pub mod misere;
pub mod octal;
pub mod ordinal;
pub mod partizan;
pub mod rational;
