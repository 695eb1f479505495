//! The interpreter: names resolved to slots, games and callables
//! (`compile.rs`), expressions evaluated (`interp.rs`, the operators in
//! `ops.rs`, game values in `gamevals.rs`, `{x | y}` of expressions in
//! `braces.rs`, the quantifiers in `queries.rs`), and integer closures and
//! list shapes the rule engine's hot loops run (`fast/`). The rule engine
//! itself is `games/rules/`.

mod board_fns;
mod braces;
mod builtins;
mod compile;
mod fast;
pub mod gamevals;
mod graph_fns;
pub mod interp;
mod ops;
mod queries;
pub mod registry;
mod registry_entry;

pub use builtins::Builtin;
pub(crate) use compile::inline_call;
pub use compile::{CPattern, Compiler, Node, NodeKind, Scope};
pub(crate) use fast::Fast;
pub use gamevals::GameFn;
pub(crate) use interp::set_int;
pub use interp::{Interp, MAX_CALL_DEPTH};
pub use queries::{MAX_QUANTIFIED, QueryFn, Sides, Witness};
