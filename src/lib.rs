//! grundy: a language and engine for impartial combinatorial games.

pub mod digraph;
pub mod octal;
