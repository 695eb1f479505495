//! Source text to syntax tree: spans, the pest grammar, the AST.

pub mod ast;
mod parser;
mod words;

pub use parser::parse;
pub use words::{DEFINITION_WORDS, GAME_NAME_QUERIES, KEYWORDS, QUERY_WORDS, starts_statement};

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
