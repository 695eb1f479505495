//! The domain model every layer above the syntax shares: values and
//! positions (`value.rs`), game values (`game_value.rs`) and loopy game
//! values (`loopy_value.rs`), the definitions a session holds (`defs.rs`),
//! the query context with its limits (`context.rs`), the sink that lists a
//! kind's options as plain components (`collect.rs`), the seam every kind
//! of game implements and the sink its options go to (`kind.rs`), and what
//! the evaluator may ask the solver (`oracle.rs`). It names nothing above
//! it: not the evaluator, the games, the solver or the queries.

mod collect;
mod compound;
mod context;
mod defs;
pub mod game_value;
mod kind;
pub mod loopy_value;
mod oracle;
mod value;

pub use collect::Collect;
pub use compound::Compound;
pub use context::{
    Ctx, DEFAULT_MAX_DEPTH, DEFAULT_MAX_MEMORY, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STEPS,
    DEFAULT_SEARCH_PARTS, Limits, PERIOD_SHARE, SearchAlgo,
};
pub use defs::{Body, COMPOUNDS, Defs, FnDef, GameDef, NIM, STAR, VALUE};
#[cfg(test)]
pub use kind::shape_image;
pub use kind::{
    ByteRun, GameKind, GraphData, LIST_ITEMS, OptionSink, Placement, ProvedPeriod, RUN_PARTS,
    RunPart, Shape, Side, SmallSet, keeps, normalized,
};
pub use oracle::{MisereAsk, MiserePair, MisereQuestion, Oracle, PartsAsk};
pub use value::{
    Class, Comp, GameId, GameNames, GameVal, Value, fmt_comp, fmt_shown, fmt_sum, fmt_value,
};
