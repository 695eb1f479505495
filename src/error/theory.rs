//! The theory crate's failures told as diagnostics: one conversion for
//! each of its error types, at the place in the query the caller names.
//! Ctrl-C and the step and memory budgets stay themselves
//! (`LimitError`), whichever library stopped on them.

use crate::board::BoardError;
use crate::misere::MisereError;
use crate::octal::CodeError;
use crate::partizan::{AlgebraError, ParseError, PartizanError};
use crate::source::Span;

use super::{Error, EvalError, LimitError, SolveError, SyntaxError};

/// A failure of the theory crate ([`crate::theory`]) told at `span`: the
/// one conversion of each of its error types into a diagnostic.
pub trait AtSpan {
    /// The diagnostic, pointing at `span` (a literal's failure at the part
    /// of it that failed).
    fn at(self, span: Span) -> Error;
}

impl AtSpan for PartizanError {
    fn at(self, span: Span) -> Error {
        match self {
            PartizanError::Interrupted => LimitError::Interrupted { span }.into(),
            PartizanError::StepBudget { limit } => LimitError::StepBudget { limit, span }.into(),
            PartizanError::Memory { held, limit } => {
                LimitError::MemoryBudget { limit, held, span }.into()
            }
            e => SolveError::PartizanLimit {
                message: e.to_string(),
                help: e.help().into(),
                span,
            }
            .into(),
        }
    }
}

/// The short-game algebra: the store's own failures as a `PartizanError`
/// is told; an argument out of the domain (a negative temperature, a unit
/// that is not positive) as a value error with the library's message.
impl AtSpan for AlgebraError {
    fn at(self, span: Span) -> Error {
        match self {
            AlgebraError::Partizan(e) => e.at(span),
            e => EvalError::Value {
                message: e.to_string(),
                help: e.help().into(),
                span,
            }
            .into(),
        }
    }
}

/// Misère canonical forms and quotients. (`Steps` is told as given: the
/// caller scales a limit it divided.)
impl AtSpan for MisereError {
    fn at(self, span: Span) -> Error {
        match self {
            MisereError::Budget { what, limit } => SolveError::MisereBudget {
                what: format!("more than {limit} {what}"),
                help: if what.contains("position") || what.contains("form") || what.contains("heap")
                {
                    "ask about a smaller position or fewer heaps, or raise the position budget (--max-positions)".into()
                } else if what.contains("element") {
                    "the element budget grows with the memory budget (4,096 elements under the default 640M, about 14,600 under --max-memory 8G, at most 65,536): raise --max-memory, or ask for fewer heaps".into()
                } else {
                    "this budget is fixed: the quotient is larger than grundy computes; ask for fewer heaps".into()
                },
                span,
            }
            .into(),
            MisereError::Cycle { .. } => SolveError::MisereLoopy {
                what: "the position can return to itself".into(),
                span,
            }
            .into(),
            MisereError::HeapNotSmaller { heap, part } => SolveError::MisereLoopy {
                what: format!("heap {heap} has a move to a heap of {part}"),
                span,
            }
            .into(),
            MisereError::Interrupted => LimitError::Interrupted { span }.into(),
            MisereError::Steps { limit } => LimitError::StepBudget { limit, span }.into(),
            MisereError::Memory { held, limit } => {
                LimitError::MemoryBudget { limit, held, span }.into()
            }
            other => super::CompileError::Query {
                message: other.to_string(),
                help: "this is a bug in grundy; please report the query".into(),
                span,
            }
            .into(),
        }
    }
}

/// A board the library refuses (too many squares, an unknown content).
impl AtSpan for BoardError {
    fn at(self, span: Span) -> Error {
        EvalError::Value {
            message: self.message,
            help: self.help,
            span,
        }
        .into()
    }
}

/// An octal or subtraction code that does not read, at the part of the
/// code (`span` is the code's own) that failed.
impl AtSpan for CodeError {
    fn at(self, span: Span) -> Error {
        let len = (span.end - span.start) as usize;
        let start = span.start as usize + self.offset.min(len);
        let end = (start + self.len.max(1)).min(span.end as usize).max(start);
        SyntaxError::OctalCode {
            message: self.message,
            help: self.help,
            span: Span::new(span.src, start, end),
        }
        .into()
    }
}

/// A game value in CGSuite's notation that does not read (`span` is the
/// literal's; a failure at its end points just past it).
impl AtSpan for ParseError {
    fn at(self, span: Span) -> Error {
        let start = span.start as usize + self.offset;
        if let Some(
            e @ (PartizanError::Interrupted
            | PartizanError::StepBudget { .. }
            | PartizanError::Memory { .. }),
        ) = self.cause
        {
            return e.at(Span::new(span.src, start, start + self.len.max(1)));
        }
        SyntaxError::GameLiteral {
            message: self.message,
            help: self.help,
            span: Span::new(span.src, start, start + self.len.max(1)),
        }
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceId;

    fn code(e: &Error) -> String {
        miette::Diagnostic::code(e)
            .map(|c| c.to_string())
            .unwrap_or_default()
    }

    /// Ctrl-C and the budgets stay themselves whichever library stopped.
    #[test]
    fn an_interrupt_stays_an_interrupt() {
        let at = Span::new(SourceId(0), 3, 7);
        let stopped = [
            PartizanError::Interrupted.at(at),
            AlgebraError::Partizan(PartizanError::Interrupted).at(at),
            MisereError::Interrupted.at(at),
        ];
        for e in &stopped {
            assert!(e.is_interrupt(), "{e:?}");
            assert_eq!(code(e), "grundy::solve::interrupted");
            assert_eq!(e.span(), at);
        }
        let steps = PartizanError::StepBudget { limit: 9 }.at(at);
        assert_eq!(code(&steps), "grundy::eval::steps");
        let memory = MisereError::Memory { held: 2, limit: 1 }.at(at);
        assert_eq!(code(&memory), "grundy::solve::memory");
        // The store's own limits are the partizan limit, with its help.
        let deep = PartizanError::TooDeep {
            height: 9,
            limit: 8,
        }
        .at(at);
        assert_eq!(code(&deep), "grundy::partizan::limit");
        assert_eq!(
            miette::Diagnostic::help(&deep).map(|h| h.to_string()),
            Some(
                PartizanError::TooDeep {
                    height: 9,
                    limit: 8
                }
                .help()
                .to_string()
            )
        );
    }

    /// A value read back from its text under a budget too small for it:
    /// the budget's error, not a literal's nor a value's (it was
    /// `grundy::eval::value` under `--max-steps 100`).
    #[test]
    fn a_value_read_back_past_the_budget_is_the_budget() {
        let at = Span::new(SourceId(0), 0, 20);
        let mut store = crate::partizan::GameStore::new();
        store.set_budget(3, usize::MAX, || 0);
        let e = crate::partizan::parse(&mut store, "{7^|1^||-1^|-7^}").unwrap_err();
        assert!(matches!(e.cause, Some(PartizanError::StepBudget { .. })));
        assert_eq!(code(&e.at(at)), "grundy::eval::steps");
        // A text that is not a value stays a literal's error.
        let e = crate::partizan::parse(&mut store, "{1|").unwrap_err();
        assert_eq!(e.cause, None);
        assert_eq!(code(&e.at(at)), "grundy::parse::game_literal");
    }

    /// A code's failure points at the part of it that failed, inside the
    /// code's span.
    #[test]
    fn an_octal_code_points_at_its_part() {
        let e = crate::octal::OctalCode::parse("0.7x").unwrap_err();
        let (offset, len) = (e.offset, e.len);
        let at = Span::new(SourceId(0), 10, 14);
        let err = e.at(at);
        assert_eq!(code(&err), "grundy::parse::octal_code");
        let start = 10 + offset.min(4);
        assert_eq!(
            err.span(),
            Span::new(SourceId(0), start, (start + len.max(1)).min(14))
        );
    }
}
