//! The budgets every query runs under, and Ctrl-C: raised anywhere, told as themselves.

use miette::Diagnostic;
use thiserror::Error;

use super::mib;
use crate::source::Span;

/// The budgets every query runs under, and Ctrl-C: raised anywhere, told as themselves.
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum LimitError {
    /// `grundy::solve::memory`: memory budget exceeded: the session holds {} of at most {}.
    #[error("memory budget exceeded: the session holds {} of at most {}", mib(*held), mib(*limit))]
    #[diagnostic(
        code(grundy::solve::memory),
        help(
            "the positions or values are too large to store; if the game is finite, raise the budget with --max-memory (e.g. --max-memory {})", super::raised_memory(*limit)
        )
    )]
    MemoryBudget {
        /// The limit.
        limit: usize,
        /// Bytes held.
        held: usize,
        /// Where in the text.
        #[label("this needs more than the memory budget")]
        span: Span,
    },

    /// `grundy::eval::steps`: step budget exceeded: more than {limit} loop steps.
    #[error("step budget exceeded: more than {limit} loop steps")]
    #[diagnostic(
        code(grundy::eval::steps),
        help(
            "a loop or a search runs very long (a range that is too wide?); if it is meant, raise the budget with --max-steps (e.g. --max-steps {})", super::raised(*limit)
        )
    )]
    StepBudget {
        /// The limit.
        limit: u64,
        /// Where in the text.
        #[label("this runs more than {limit} steps")]
        span: Span,
    },

    /// `grundy::solve::interrupted`: interrupted.
    #[error("interrupted")]
    #[diagnostic(code(grundy::solve::interrupted), help("the query was cancelled"))]
    Interrupted {
        /// Where in the text.
        #[label("cancelled while answering this")]
        span: Span,
    },

    /// `grundy::solve::interrupted`: interrupted: {what}.
    #[error("interrupted: {what}")]
    #[diagnostic(
        code(grundy::solve::interrupted),
        help("Ctrl-C stopped the run; what was computed before it is printed above")
    )]
    Stopped {
        /// The what.
        what: String,
    },
}

impl LimitError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            LimitError::MemoryBudget { span, .. }
            | LimitError::StepBudget { span, .. }
            | LimitError::Interrupted { span, .. } => Some(*span),
            LimitError::Stopped { .. } => None,
        }
    }
}
