//! The query statements with no function form (`moves P`, `sequence G
//! 0..10`, `kernels G`, `genus P`, ...): each an entry for the docs, the
//! REPL and the language server, and a shape of answer the query layer
//! computes and prints (`src/query/`).

use super::{Entry, Param, Shape, Statement, builtin, p};

const P: &[Param] = &[p("P", "position")];

/// A statement word: its operand's parameters, what it answers, a doc line
/// (also its usage) and an example.
const fn statement(
    name: &'static str,
    shape: Shape,
    params: &'static [Param],
    returns: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(
        name,
        |_| unreachable!("a statement word has no function form"),
        params,
        (1, 1),
        returns,
        doc,
        doc,
        example,
    )
    .no_function()
    .statement(Statement::Shaped(shape))
}

pub(super) static ENTRIES: &[Entry] = &[
    statement(
        "moves",
        Shape::Moves,
        P,
        "list of positions",
        "the options of P, one per line",
        "moves *2 + *1",
    ),
    statement(
        "sequence",
        Shape::Sequence,
        &[p("G", "game"), p("RANGE", "range")],
        "sequence",
        "the values of a one-parameter game over a range",
        "sequence Nim 0..8",
    ),
    statement(
        "table",
        Shape::Table,
        &[p("G", "game"), p("ROWS, COLUMNS", "ranges")],
        "table",
        "the values of a two-parameter game over two ranges",
        "table W 0..=4, 0..=4",
    ),
    statement(
        "period",
        Shape::Period,
        &[p("G", "game")],
        "period",
        "the period of a one-parameter game's values, proved when theory can",
        "period K",
    ),
    statement(
        "kernels",
        Shape::Kernels,
        &[p("G", "graph")],
        "list of kernels",
        "the kernels of a declared graph",
        "kernels G",
    ),
    statement(
        "kernel_sequences",
        Shape::KernelSequences,
        &[p("G", "graph | position")],
        "list of sequences",
        "the kernel sequences of a graph or a position's game graph",
        "kernel_sequences G",
    ),
    statement(
        "kernel",
        Shape::Kernel,
        P,
        "kernel",
        "a kernel of the game graph of P",
        "kernel G(a)",
    ),
    statement(
        "dot",
        Shape::Dot,
        &[p("G", "graph | position")],
        "DOT text",
        "the graph of a declared graph or a position, in Graphviz DOT",
        "dot G",
    ),
    statement(
        "thermograph",
        Shape::Thermograph,
        P,
        "thermograph",
        "the thermograph of a partizan position",
        "thermograph *1",
    ),
    statement(
        "compare",
        Shape::Compare,
        &[p("P, Q", "positions")],
        "order",
        "how two positions compare: =, <, > or || (confused)",
        "compare *1 + *1, 0",
    ),
    statement(
        "genus",
        Shape::Genus,
        P,
        "genus",
        "the genus of an impartial position (misère theory)",
        "genus *2 + *3",
    ),
    statement(
        "quotient",
        Shape::Quotient,
        &[p("G", "game"), p("[to N]", "int")],
        "quotient",
        "the misère quotient of a heap game, verified to heap N",
        "quotient K to 8",
    ),
];
