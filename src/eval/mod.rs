//! The interpreter: names resolved to slots, games and callables
//! (`compile.rs`), expressions evaluated (`interp.rs`, the operators in
//! `ops.rs`, game values in `gamevals.rs`, loopy game values in
//! `loopyvals.rs`, generalized ordinals in `ordinals.rs`, `{x | y}` of expressions in
//! `braces.rs`, the quantifiers in `quantifiers.rs`), and integer closures and
//! list shapes the rule engine's hot loops run (`fast/`). The rule engine
//! itself is `games/rules/`.

mod braces;
mod compile;
mod fast;
mod gamevals;
pub mod interp;
mod loopyvals;
mod ops;
pub(crate) mod ordinals;
mod quantifiers;
mod rationals;

pub use compile::{CPattern, Compiler, GraphAsk, Node, NodeKind, Scope};
pub(crate) use compile::{body, inline_call, local_node};
pub(crate) use fast::Fast;
pub use interp::Interp;
pub(crate) use interp::{bind, set_int};
