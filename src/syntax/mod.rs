//! Source text to syntax tree: spans, the pest grammar, the AST.

pub mod ast;
mod parser;

pub use parser::parse;

/// The reserved words (the grammar's `keyword` rule): never names.
pub const KEYWORDS: &[&str] = &[
    "game",
    "graph",
    "fn",
    "let",
    "move",
    "for",
    "in",
    "if",
    "then",
    "else",
    "and",
    "or",
    "not",
    "true",
    "false",
    "normal",
    "misere",
    "subtraction",
    "octal",
];

/// Which loaded text a span points into (a file, a REPL line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SourceId(pub u32);

/// A byte range in one source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub src: SourceId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(src: SourceId, start: usize, end: usize) -> Self {
        Span {
            src,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            src: self.src,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start as usize, (s.end - s.start) as usize).into()
    }
}
