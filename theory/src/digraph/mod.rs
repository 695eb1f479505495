//! Explicit digraphs: outcomes, kernels, generalized Sprague–Grundy values.
//!
//! This module owns the theory of games given as an explicit state graph
//! (THEORY.md §1 and §5) and knows nothing of syntax: a caller builds a
//! [`Digraph`] on vertices `0..n` (from a `graph` declaration or from a rule
//! game's expanded state graph) and asks for
//!
//! - outcomes and remoteness by retrograde analysis ([`retrograde`]), also
//!   under misère play of a single game ([`misere_retrograde`]);
//! - the generalized Sprague–Grundy function γ ([`gamma()`]) and the sum rule
//!   ([`gamma_sum`]); plain Grundy values of acyclic graphs
//!   ([`grundy_acyclic`]);
//! - kernels ([`kernels`]), kernel sequences ([`kernel_sequences`]) and
//!   Richardson's odd-cycle test ([`has_odd_cycle`], [`odd_cycle`]);
//! - Graphviz output ([`to_dot`]).
//!
//! Invariants: nothing here recurses on the size of the graph (every
//! traversal uses an explicit stack or queue), nothing panics on any
//! `Digraph` a caller can build, and the exponential searches (kernels,
//! kernel sequences) take a node budget and say whether they finished.

mod cycle;
mod dot;
mod gamma;
mod graph;
mod kernel;
mod outcome;
mod random;

pub use cycle::{has_odd_cycle, odd_cycle, strongly_connected_components};
pub use dot::{D_FILL, L_FILL, LEFT_EDGE, N_FILL, P_FILL, R_FILL, RIGHT_EDGE};
pub use dot::{DotNode, EdgeStyle, Label, LegendEntry, to_dot, write_dot};
pub use gamma::{Gamma, Generalized, gamma, gamma_sum, grundy_acyclic};
pub use graph::{Digraph, DigraphError};
pub use kernel::{
    DEFAULT_SEARCH_BUDGET, KernelResult, KernelSequences, SearchLimits, kernel_sequences,
    kernel_sequences_within, kernels, kernels_within,
};
pub use outcome::{Analysis, Outcome, misere_retrograde, retrograde};
pub use random::random_loopy;
