//! Reading a text: what the parser and the literals refuse (`grundy::parse::*`).

use miette::Diagnostic;
use thiserror::Error;

use crate::source::Span;

/// Reading a text: what the parser and the literals refuse (`grundy::parse::*`).
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum SyntaxError {
    /// `grundy::parse::syntax`: syntax error: expected {expected}.
    #[error("syntax error: expected {expected}")]
    #[diagnostic(code(grundy::parse::syntax), help("{help}"))]
    Syntax {
        /// How many it takes.
        expected: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("here")]
        span: Span,
    },

    /// `grundy::parse::too_deep`: this is nested too deeply (more than {limit} levels).
    #[error("this is nested too deeply (more than {limit} levels)")]
    #[diagnostic(
        code(grundy::parse::too_deep),
        help("split the expression with `let` or a `fn`")
    )]
    TooDeep {
        /// The limit.
        limit: usize,
        /// Where in the text.
        #[label("nesting goes too deep here")]
        span: Span,
    },

    /// `grundy::parse::line_break`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::parse::line_break), help("{help}"))]
    LineBreak {
        /// What went wrong.
        message: String,
        /// How many were given.
        found: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("`{found}` starts a line")]
        span: Span,
    },

    /// `grundy::parse::juxtaposed`: two statements with no line break or `;` between them.
    #[error("two statements with no line break or `;` between them")]
    #[diagnostic(code(grundy::parse::juxtaposed), help("{help}"))]
    Juxtaposed {
        /// The second statement's first token.
        found: String,
        /// How to fix it.
        help: String,
        /// Where in the text: the second statement.
        #[label("`{found}` starts a second statement")]
        span: Span,
    },

    /// `grundy::parse::int_too_large`: integer literal `{text}` does not fit in 64 bits.
    #[error("integer literal `{text}` does not fit in 64 bits")]
    #[diagnostic(
        code(grundy::parse::int_too_large),
        help("integers are signed 64-bit: at most 9223372036854775807")
    )]
    IntTooLarge {
        /// The text as written.
        text: String,
        /// Where in the text.
        #[label("too large")]
        span: Span,
    },

    /// `grundy::parse::octal_code`: invalid octal code: {message}.
    #[error("invalid octal code: {message}")]
    #[diagnostic(code(grundy::parse::octal_code), help("{help}"))]
    OctalCode {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("{message}")]
        span: Span,
    },

    /// `grundy::parse::duplicate_binding`: `{name}` is bound twice.
    #[error("`{name}` is bound twice")]
    #[diagnostic(
        code(grundy::parse::duplicate_binding),
        help("give each parameter or loop variable its own name")
    )]
    DuplicateBinding {
        /// The name.
        name: String,
        /// Where in the text.
        #[label("second binding of `{name}`")]
        span: Span,
    },

    /// `grundy::parse::game_literal`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::parse::game_literal), help("{help}"))]
    GameLiteral {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
        /// Where in the text.
        #[label("here")]
        span: Span,
    },
}

impl SyntaxError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            SyntaxError::Syntax { span, .. }
            | SyntaxError::TooDeep { span, .. }
            | SyntaxError::LineBreak { span, .. }
            | SyntaxError::Juxtaposed { span, .. }
            | SyntaxError::IntTooLarge { span, .. }
            | SyntaxError::OctalCode { span, .. }
            | SyntaxError::DuplicateBinding { span, .. }
            | SyntaxError::GameLiteral { span, .. } => Some(*span),
        }
    }
}
