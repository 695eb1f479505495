//! Names to slots (compile), the evaluation of expressions, and the
//! running of move rules (`moves.rs`); the definitions a session holds
//! (`defs.rs`) and the seam every kind of game implements (`kind.rs`).

mod board_fns;
mod braces;
mod builtins;
mod compile;
mod context;
mod defs;
mod fast;
pub mod gamevals;
mod graph_fns;
pub mod interp;
pub mod kind;
pub mod moves;
mod ops;
mod oracle;
mod queries;
pub mod registry;
mod registry_entry;
pub mod value;

pub use builtins::Builtin;
pub use compile::{CPattern, Compiler, Node, NodeKind, Scope};
pub use context::{
    Ctx, DEFAULT_MAX_DEPTH, DEFAULT_MAX_MEMORY, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STEPS, Limits,
};
pub use defs::{Defs, FnDef, GameDef, NIM, STAR, VALUE};
pub use gamevals::GameFn;
pub use interp::{Interp, MAX_CALL_DEPTH};
pub use kind::{GameKind, GraphData, LIST_ITEMS, OptionSink, ProvedPeriod, Side};
pub use moves::{MoveCode, RUN_PARTS, RuleSet, RunPart};
pub use oracle::{Oracle, QueryFn};
pub use queries::{MAX_QUANTIFIED, Sides, Witness};
pub use value::{Comp, GameId, GameNames, GameVal, Value};
