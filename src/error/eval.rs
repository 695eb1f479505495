//! Evaluating expressions and move rules: values of the wrong type, arithmetic, indexes, calls.

use miette::Diagnostic;
use thiserror::Error;

use crate::source::Span;

/// Evaluating expressions and move rules: values of the wrong type, arithmetic, indexes, calls.
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum EvalError {
    /// `grundy::eval::inexact_division`: `{p} / {q}` {why}.
    #[error("`{p} / {q}` {why}")]
    #[diagnostic(
        code(grundy::eval::inexact_division),
        help(
            "`/` is exact division: `6 / 3` is 2 and `3 / 4` the number 3/4; for the floor of the quotient write `{p} // {q}`, for the remainder `{p} % {q}`"
        )
    )]
    InexactDivision {
        /// The dividend.
        p: i64,
        /// The divisor.
        q: i64,
        /// Why.
        why: String,
        /// Where in the text.
        #[label("not an exact quotient")]
        span: Span,
    },

    /// `grundy::eval::type_error`: type error: {message}.
    #[error("type error: {message}")]
    #[diagnostic(code(grundy::eval::type_error), help("{help}"))]
    Type {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },

    /// `grundy::eval::not_a_position`: expected a position, found {found}.
    #[error("expected a position, found {found}")]
    #[diagnostic(
        code(grundy::eval::not_a_position),
        help("write a position: `Name(args)`, a sum `A + B`, `0` (the empty game) or `*n`")
    )]
    NotAPosition {
        /// How many were given.
        found: String,
        /// Where in the text.
        #[label("this is {found}")]
        span: Span,
    },

    /// `grundy::eval::division_by_zero`: division by zero.
    #[error("division by zero")]
    #[diagnostic(
        code(grundy::eval::division_by_zero),
        help("guard the division, e.g. `if d != 0 then n / d else 0`")
    )]
    DivisionByZero {
        /// Where in the text.
        #[label("the divisor is 0 here")]
        span: Span,
    },

    /// `grundy::eval::overflow`: integer overflow in `{op}`.
    #[error("integer overflow in `{op}`")]
    #[diagnostic(
        code(grundy::eval::overflow),
        help("integers are signed 64-bit and never wrap; keep values below 2^63")
    )]
    Overflow {
        /// The operation.
        op: String,
        /// Where in the text.
        #[label("the result does not fit in 64 bits")]
        span: Span,
    },

    /// `grundy::eval::index`: index {index} is out of range for length {len}.
    #[error("index {index} is out of range for length {len}")]
    #[diagnostic(code(grundy::eval::index), help("indices run from 0 to len(xs) - 1"))]
    Index {
        /// The index.
        index: i64,
        /// The length.
        len: usize,
        /// Where in the text.
        #[label("out of range")]
        span: Span,
    },

    /// `grundy::eval::recursion`: recursion deeper than {limit} calls.
    #[error("recursion deeper than {limit} calls")]
    #[diagnostic(
        code(grundy::eval::recursion),
        help(
            "the function probably never reaches its base case; check the `if` that should stop it"
        )
    )]
    Recursion {
        /// The limit.
        limit: usize,
        /// Where in the text.
        #[label("this call went too deep")]
        span: Span,
    },

    /// `grundy::eval::uninitialized`: `{name}` is used before its `let` has run.
    #[error("`{name}` is used before its `let` has run")]
    #[diagnostic(
        code(grundy::eval::uninitialized),
        help("move the `let {name} = ...` above its first use")
    )]
    Uninitialized {
        /// The name.
        name: String,
        /// Where in the text.
        #[label("used here")]
        span: Span,
    },

    /// `grundy::eval::value`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::eval::value), help("{help}"))]
    Value {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },

    /// `grundy::eval::query_in_rules`: query functions cannot be used inside move rules: `{name}(...)`.
    #[error("query functions cannot be used inside move rules: `{name}(...)`")]
    #[diagnostic(
        code(grundy::eval::query_in_rules),
        help(
            "a move rule lists options while the solver expands the game, so it cannot ask the solver; compute the value in a query, an `assert` or a `let` instead"
        )
    )]
    QueryInRules {
        /// The name.
        name: String,
        /// Where in the text.
        #[label("asks the solver while it expands a game")]
        span: Span,
    },

    /// `grundy::eval::ordinal`: arithmetic on generalized ordinals that
    /// has no answer here (a mix with a short game, a nim product out of
    /// range, an operand that is not an ordinal).
    #[error("{message}")]
    #[diagnostic(code(grundy::eval::ordinal), help("{help}"))]
    Ordinal {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },

    /// `grundy::eval::rational`: arithmetic on a rational number that has
    /// no answer here (a rational that is not dyadic with a game, `∞ - ∞`,
    /// a numerator beyond the bound).
    #[error("{message}")]
    #[diagnostic(code(grundy::eval::rational), help("{help}"))]
    Rational {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },

    /// `grundy::assert::failed`: assertion failed: {message}.
    #[error("assertion failed: {message}")]
    #[diagnostic(code(grundy::assert::failed), help("{help}"))]
    AssertFailed {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },
}

impl EvalError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            EvalError::InexactDivision { span, .. }
            | EvalError::Type { span, .. }
            | EvalError::NotAPosition { span, .. }
            | EvalError::DivisionByZero { span, .. }
            | EvalError::Overflow { span, .. }
            | EvalError::Index { span, .. }
            | EvalError::Recursion { span, .. }
            | EvalError::Uninitialized { span, .. }
            | EvalError::Value { span, .. }
            | EvalError::Ordinal { span, .. }
            | EvalError::Rational { span, .. }
            | EvalError::QueryInRules { span, .. }
            | EvalError::AssertFailed { span, .. } => Some(*span),
        }
    }
}
