//! grundy: a language and engine for impartial combinatorial games.
//!
//! Pipeline: `syntax` (pest grammar to AST) → `eval` (names resolved,
//! expressions evaluated) → `solve` (state graphs, Grundy values, misère
//! sums) → `query` (answers) → `present` (text, JSON) → `cli`.

pub mod error;
pub mod eval;
pub mod games;
pub mod library;
pub mod model;
pub mod pictures;
pub mod plot;
pub mod plot_thermo;
pub mod present;
pub mod progress;
pub mod query;
pub mod session;
pub mod shown;
pub mod solve;
pub mod source;
pub mod syntax;
pub mod vocab;

pub use grundy_theory::{board, digraph, mem, misere, octal, partizan};

pub use model::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_MEMORY, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STEPS, Limits,
};
