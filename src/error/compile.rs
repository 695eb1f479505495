//! Resolving names and checking a statement's shape, before anything runs (what `grundy check` finds).

use miette::Diagnostic;
use thiserror::Error;

use super::plural;
use crate::source::Span;

/// Resolving names and checking a statement's shape, before anything runs (what `grundy check` finds).
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum CompileError {
    /// `grundy::eval::unknown_name`: unknown name `{name}`.
    #[error("unknown name `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_name), help("{help}"))]
    UnknownName {
        /// The name.
        name: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("not defined here")]
        span: Span,
    },

    /// `grundy::eval::unknown_game`: unknown game `{name}`.
    #[error("unknown game `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_game), help("{help}"))]
    UnknownGame {
        /// The name.
        name: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("no game of this name")]
        span: Span,
    },

    /// `grundy::eval::unknown_function`: unknown function `{name}`.
    #[error("unknown function `{name}`")]
    #[diagnostic(code(grundy::eval::unknown_function), help("{help}"))]
    UnknownFunction {
        /// The name.
        name: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("no game or function of this name")]
        span: Span,
    },

    /// `grundy::eval::arity`: `{name}` takes {expected} argument{s}, but {found} {were} given.
    #[error("`{name}` takes {expected} argument{s}, but {found} {were} given", s = plural(*expected), were = if *found == 1 { "was" } else { "were" })]
    #[diagnostic(code(grundy::eval::arity), help("{help}"))]
    Arity {
        /// The name.
        name: String,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        found: usize,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{found} argument{}", plural(*found))]
        span: Span,
    },

    /// `grundy::eval::duplicate`: `{name}` is already defined.
    #[error("`{name}` is already defined")]
    #[diagnostic(
        code(grundy::eval::duplicate),
        help(
            "rename this definition: a file defines each name once, and `Nim` is built in (in the REPL a new definition replaces your earlier one)"
        )
    )]
    Duplicate {
        /// The name.
        name: String,
        /// Where in the text.
        #[label("defined again here")]
        span: Span,
    },

    /// `grundy::eval::not_defined_yet`: `{name}` waits for `{missing}`, which is not defined yet.
    #[error("`{name}` waits for `{missing}`, which is not defined yet")]
    #[diagnostic(
        code(grundy::eval::not_defined_yet),
        help("define `{missing}` (a `fn` or a `game`): `{name}` is complete as soon as it is")
    )]
    Waiting {
        /// The name.
        name: String,
        /// The name it waits for.
        missing: String,
        /// Where in the text.
        #[label("`{name}` is needed here")]
        span: Span,
    },

    /// `grundy::query::unsupported`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::query::unsupported), help("{help}"))]
    Query {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },
}

impl CompileError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            CompileError::UnknownName { span, .. }
            | CompileError::UnknownGame { span, .. }
            | CompileError::UnknownFunction { span, .. }
            | CompileError::Arity { span, .. }
            | CompileError::Duplicate { span, .. }
            | CompileError::Waiting { span, .. }
            | CompileError::Query { span, .. } => Some(*span),
        }
    }
}
