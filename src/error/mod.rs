//! Every failure a user can cause, each with a stable code, a span and a
//! help line. Each layer has its error type (`syntax.rs`: reading a text;
//! `compile.rs`: names and shapes; `eval.rs`: evaluation; `solve.rs`: the
//! solver; `limit.rs`: budgets and Ctrl-C; `front.rs`: files, streams and
//! the front ends' commands), joined here into the façade's [`Error`] by
//! one `From` each; a failure of the theory crate becomes one by its one
//! conversion (`theory.rs`, [`AtSpan`]), Ctrl-C and the budgets staying
//! themselves.

mod compile;
mod eval;
mod front;
mod limit;
mod solve;
mod syntax;
mod theory;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, Report};
use thiserror::Error;

use crate::shown::Shown;
use crate::source::Sources;
use crate::source::Span;

pub use compile::CompileError;
pub use eval::EvalError;
pub use front::FrontEndError;
pub use limit::LimitError;
pub use solve::SolveError;
pub use syntax::SyntaxError;
pub use theory::AtSpan;

/// A result whose error is a diagnostic.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A diagnostic: what went wrong, where, and how to fix it. Each variant
/// is a layer's error, shown as it is (its code, message, label and help
/// pass through).
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum Error {
    /// Reading a text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    /// Resolving names, checking statements.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Compile(#[from] CompileError),
    /// Evaluating expressions and move rules.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Eval(#[from] EvalError),
    /// The solver.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Solve(#[from] SolveError),
    /// A budget, or Ctrl-C.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Limit(#[from] LimitError),
    /// Files, streams, pictures and the front ends' commands.
    #[error(transparent)]
    #[diagnostic(transparent)]
    FrontEnd(#[from] FrontEndError),
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Error {
    /// The span the error is about (it says which source to show); a
    /// default span when it is about no source (see `in_source`).
    pub fn span(&self) -> Span {
        self.place().unwrap_or_default()
    }

    /// Whether the error points into a source text; the front ends'
    /// failures (a file, a `:command`) do not, and show none.
    pub fn in_source(&self) -> bool {
        self.place().is_some()
    }

    fn place(&self) -> Option<Span> {
        match self {
            Error::Syntax(e) => e.span(),
            Error::Compile(e) => e.span(),
            Error::Eval(e) => e.span(),
            Error::Solve(e) => e.span(),
            Error::Limit(e) => e.span(),
            Error::FrontEnd(e) => e.span(),
        }
    }

    /// Whether Ctrl-C stopped the work (the query, or the statements after
    /// it).
    pub fn is_interrupt(&self) -> bool {
        matches!(
            self,
            Error::Limit(LimitError::Interrupted { .. } | LimitError::Stopped { .. })
        )
    }

    /// A type error (`grundy::eval::type_error`).
    pub(crate) fn type_error(
        message: impl Into<String>,
        help: impl Into<String>,
        span: Span,
    ) -> Error {
        EvalError::Type {
            message: message.into(),
            help: help.into(),
            span,
        }
        .into()
    }

    /// A miette report with the source text attached, as `shown` makes
    /// it safe to print: control characters escaped, long lines cut.
    pub fn report(&self, sources: &Sources) -> Report {
        let src = self.span().src;
        let lines = sources.line_starts(src);
        let source = self
            .in_source()
            .then(|| (sources.name(src), sources.text(src), &lines[..]));
        Report::new(Shown::new(self, source))
    }

    /// A report of an error that points into no source (a file, a stream).
    pub fn report_alone(&self) -> Report {
        Report::new(Shown::new(self, None))
    }

    /// The diagnostic as plain text, no colours (for tests and pipes).
    pub fn render_plain(&self, sources: &Sources) -> String {
        let report = self.report(sources);
        let mut out = String::new();
        let handler =
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        if handler.render_report(&mut out, report.as_ref()).is_err() {
            out = format!("{self}");
        }
        out
    }
}

/// "did you mean" for a misspelt name, from the names that exist; never
/// the name itself (a name that exists but cannot be used where it was
/// written needs another help).
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    // One-letter names are all one edit apart: nothing useful to suggest.
    if name.chars().count() < 2 {
        return None;
    }
    let lower = name.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name || !c.starts_with(|ch: char| ch.is_alphabetic() || ch == '_') {
            continue; // the name typed, `*`, and hidden names
        }
        // Optimal string alignment: a swap of two letters is one edit.
        let d = strsim::osa_distance(&lower, &c.to_lowercase());
        let limit = (name.len().max(c.len()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// The value a budget's hint suggests: ten times the one that ended the
/// query, as a number a user can paste after the flag.
fn raised(limit: u64) -> u64 {
    limit.saturating_mul(10)
}

/// The memory a budget's hint suggests: four times the budget, with the
/// flag's own suffix (`--max-memory 2560M`).
fn raised_memory(limit: usize) -> String {
    let m = (limit.saturating_mul(4) >> 20).max(1);
    if m.is_multiple_of(1024) {
        format!("{}G", m >> 10)
    } else {
        format!("{m}M")
    }
}

/// The position budget whose move budget is ten times `moves`: 64 moves a
/// position of the budget, at most 250,000,000 unless the position budget
/// is larger (`Limits::max_edges`).
fn positions_for_more_moves(moves: usize) -> u64 {
    let want = (moves as u64).saturating_mul(10);
    if want <= 250_000_000 {
        want.div_ceil(64)
    } else {
        want
    }
}

/// Bytes in MiB (or GiB) for a message.
fn mib(bytes: usize) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}
