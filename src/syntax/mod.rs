//! Source text to syntax tree: spans, the pest grammar, the AST.

pub mod ast;
mod diagnose;
mod lines;
mod parser;
mod words;

pub use parser::{parse, parse_expr};
pub use words::{
    DEFINITION_WORDS, KEYWORDS, LOOPY_NAMES, QUERY_WORDS, starts_statement, without_comment,
};
