//! `grundy`: a language for combinatorial games and the engine that
//! answers its queries. This is the library's whole public face:
//!
//! - a [`Session`] loads `.game` texts and runs their statements, each
//!   query under the [`Limits`] it is given, to an [`Answer`] (data) or an
//!   [`Error`] (a diagnostic with a stable code, a span and a help line);
//! - [`render`] turns an answer into text, one JSON line, or a picture;
//! - [`library`] describes every function and query word (for help,
//!   completion and editors), [`words`] the language's keywords;
//! - [`theory`] is the theory crate the engine runs on (octal codes,
//!   partizan and misère games, digraphs), for programs that use it directly.
//!
//! ```
//! use grundy::{Mode, Session, render};
//!
//! let mut session = Session::default();
//! let mut lines = Vec::new();
//! let ok = session.run_text("kayles.game", "game K = octal 0.77\ngrundy K(7)\n", Mode::Run, &mut |_, r| {
//!     lines.push(render::text(&r.expect("an answer")));
//! });
//! assert!(ok);
//! assert_eq!(lines, ["grundy K(7) = 2"]);
//! ```
//!
//! Inside, the layers (each names none above it; `tests/layers.rs` checks):
//! `source`, `vocab`, `error` → `syntax` → `model` → `library` → `eval` →
//! `games` → `solve` → `query` → `session` → `present`, `pictures`. See
//! docs/ARCHITECTURE.md.

mod error;
mod eval;
mod games;
pub mod library;
mod model;
mod pictures;
mod plot;
mod plot_thermo;
mod present;
pub mod progress;
mod query;
mod session;
mod shown;
mod solve;
mod source;
mod syntax;
mod vocab;

pub use error::{
    AtSpan, CompileError, Error, EvalError, FrontEndError, LimitError, Result, SolveError,
    SyntaxError,
};
pub use grundy_theory as theory;
pub use model::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_MEMORY, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STEPS,
    DEFAULT_SEARCH_PARTS, Limits, SearchAlgo,
};
pub use query::{Answer, Outcome, Picture, QuotientAnswer, Searched};
pub use session::{GameSummary, GraphStats, Mode, Redefine, STACK_SIZE, Session, Statement};
pub use solve::{GValue, MisereForm, PeriodAnswer};
pub use source::{MAX_SOURCE, SourceId, Sources, Span};
pub use vocab::{Play, Side};

// The theory crate's modules the engine is built on, as the crate's own
// code names them (`crate::partizan::GameStore`).
use grundy_theory::{board, digraph, mem, misere, octal, ordinal, partizan, rational};

/// Answers for people and programs: text, one JSON line (docs/JSON.md),
/// and pictures (SVG, PNG; Graphviz for DOT).
pub mod render {
    pub use crate::pictures::{Pictures, draw_one, picture_kind, svg_of, write_picture};
    pub use crate::plot::{Sequence, sequence_svg, svg_to_png};
    pub use crate::present::{
        JSON_VERSION, json, json_error, json_error_line, json_line, line_column, text,
    };
}

/// The language's words, for front ends that complete, highlight or
/// explain them.
pub mod words {
    pub use crate::error::suggest;
    pub use crate::syntax::{
        DEFINITION_WORDS, KEYWORDS, LOOPY_NAMES, QUERY_WORDS, without_comment,
    };

    /// Whether `text` parses; the syntax error if not (the REPL reads one
    /// at the very end as input that continues on the next line).
    pub fn check(text: &str) -> crate::Result<()> {
        crate::syntax::parse(crate::SourceId(0), text).map(|_| ())
    }
}
