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
