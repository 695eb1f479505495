//! The registry of callables: every builtin, query function, game-value
//! function, graph function and query statement word, each once, with its
//! parameters and their types, what it returns, a one-line doc, an example
//! and what implements it. The compiler's name lookup and arity check, the
//! "did you mean" suggestions, the REPL's completion and `:help`, and the
//! function table of docs/LANGUAGE.md (checked by a test below) all read
//! [`REGISTRY`].
//!
//! A new builtin is one [`Entry`] here (with `Imp::Builtin`) plus its arm
//! in `Builtin::call`; a new game-value function one entry plus its arm in
//! `gamevals.rs`. See docs/ARCHITECTURE.md, "How to add a query".

//! The types of an entry and the table's constructors are in
//! `registry_entry.rs`; this file is the table and what reads it.

use super::registry_entry::*;
pub use super::registry_entry::{Entry, Imp, Param, Word};
use super::{Builtin, GameFn, QueryFn};

/// Every callable and query word, in the order the docs list them.
pub static REGISTRY: &[Entry] = &[
    // Builtins: pure functions of values.
    builtin(
        "len",
        Builtin::Len,
        XS,
        (1, 1),
        "int",
        "len(xs): the number of elements of a list, tuple, set or range (cells of a board, vertices of a graph)",
        "the number of elements of a list, tuple, set or range; the cells of a board, the vertices of a graph",
        "len(1..=10)",
    ),
    builtin(
        "min",
        Builtin::Min,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "min(a, b, ...) or min(xs)",
        "the least argument, or the least element of one collection",
        "min(3, 1, 2)",
    ),
    builtin(
        "max",
        Builtin::Max,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "max(a, b, ...) or max(xs)",
        "the greatest argument, or the greatest element of one collection",
        "max({4, 9})",
    ),
    builtin(
        "abs",
        Builtin::Abs,
        N,
        (1, 1),
        "int",
        "abs(n)",
        "the absolute value",
        "abs(-5)",
    ),
    builtin(
        "sum",
        Builtin::Sum,
        XS,
        (1, 1),
        "int | position | string",
        "sum(xs): the sum of integers, the disjunctive sum of positions, or strings joined",
        "the sum of integers, the disjunctive sum of positions, or strings joined in order",
        "sum([Nim(1), 0, *2])",
    ),
    builtin(
        "sorted",
        Builtin::Sorted,
        XS,
        (1, 1),
        "list",
        "sorted(xs): a sorted list",
        "the elements as a sorted list",
        "sorted({3, 1})",
    ),
    builtin(
        "xor",
        Builtin::Xor,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "xor(a, b, ...) or xor(xs): bitwise exclusive or (nim-sum)",
        "bitwise exclusive or, the nim-sum",
        "xor(3, 5, 6)",
    ),
    builtin(
        "mex",
        Builtin::Mex,
        XS,
        (1, 1),
        "int",
        "mex(xs): the least non-negative integer not in xs",
        "the least integer >= 0 not in the collection",
        "mex([0, 1, 3])",
    ),
    builtin(
        "list",
        Builtin::List,
        XS,
        (1, 1),
        "list",
        "list(xs): the elements as a list",
        "the elements as a list",
        "list(1..4)",
    ),
    builtin(
        "set",
        Builtin::Set,
        XS,
        (1, 1),
        "set",
        "set(xs): the elements as a set",
        "the elements as a set",
        "set([2, 1, 2])",
    ),
    builtin(
        "union",
        Builtin::Union,
        AB,
        (2, 2),
        "set",
        "union(a, b)",
        "the elements in a or b, as a set",
        "union({1}, [2])",
    ),
    builtin(
        "intersection",
        Builtin::Intersection,
        AB,
        (2, 2),
        "set",
        "intersection(a, b)",
        "the elements in both, as a set",
        "intersection({1, 2}, {2, 3})",
    ),
    builtin(
        "difference",
        Builtin::Difference,
        AB,
        (2, 2),
        "set",
        "difference(a, b): the elements of a not in b",
        "the elements of a not in b, as a set",
        "difference({1, 2}, {2, 3})",
    ),
    builtin(
        "symdiff",
        Builtin::Symdiff,
        AB,
        (2, 2),
        "set",
        "symdiff(a, b): elements in exactly one of a, b (toggling coins)",
        "the elements in exactly one of a and b, as a set",
        "symdiff({1, 2}, {2, 3})",
    ),
    builtin(
        "popcount",
        Builtin::Popcount,
        N,
        (1, 1),
        "int",
        "popcount(n): the number of 1 bits of n >= 0",
        "the number of 1 bits of n >= 0",
        "popcount(7)",
    ),
    builtin(
        "reversed",
        Builtin::Reversed,
        XS,
        (1, 1),
        "list",
        "reversed(xs): a list in reverse order",
        "the elements as a list in reverse order",
        "reversed([1, 2, 3])",
    ),
    builtin(
        "count",
        Builtin::Count,
        &[p("xs", "collection"), p("x", "any")],
        (2, 2),
        "int",
        "count(xs, x): how many elements of xs equal x",
        "how many elements of xs equal x",
        "count([1, 2, 1], 1)",
    ),
    // Boards (`board_fns.rs`, the `board` library): bit planes of at most 128 squares.
    builtin(
        "grid",
        Builtin::Grid,
        &[p("rows", "strings | string | int"), p("[c]", "int")],
        (1, 2),
        "board",
        "grid(r, c): an empty board; grid([\"..#\", \"x.o\"]) or grid(\"..#|x.o\"): rows (. empty, # no cell)",
        "a board: r × c empty cells, or rows of `.` (empty), `#` (no cell), other characters (contents)",
        "grid([\"..#\", \"x.o\"])",
    ),
    builtin(
        "at",
        Builtin::At,
        &[p("b", "board"), p("cell", "(int, int)")],
        (2, 2),
        "string",
        "at(b, (r, c)): what the square shows: \".\", \"#\" (no cell, also off the board) or its content",
        "what square (r, c) shows: `.`, `#` (no cell or off the board) or its content; also `b[(r, c)]`",
        "at(grid([\"x.\"]), (0, 0))",
    ),
    builtin(
        "put",
        Builtin::Put,
        &[p("b", "board"), p("c", "cell | cells"), p("s", "string")],
        (3, 3),
        "board",
        "put(b, cells, s): the board with the square(s) set to the character s (\".\" empties, \"#\" removes)",
        "the board with a square or squares set to s (`.` empties them, `#` removes the cells)",
        "put(grid(1, 3), (0, 1), \"x\")",
    ),
    builtin(
        "cells",
        Builtin::Cells,
        &[p("b", "board"), p("[s]", "string")],
        (1, 2),
        "list of cells",
        "cells(b) or cells(b, s): the cells (r, c), or those showing s, row by row",
        "the cells (r, c) row by row, or only those showing s (`.` the empty ones)",
        "cells(grid([\"x.\", \".x\"]), \"x\")",
    ),
    builtin(
        "neighbours",
        Builtin::Neighbours,
        &[p("b", "board | graph"), p("v", "cell | vertex"), HOW],
        (2, 3),
        "list of cells | list of positions",
        "neighbours(b, (r, c)) or neighbours(b, (r, c), \"diagonal\"): the cells next to it (4, or 8 with diagonals); neighbours(G, v): the vertices of a graph (declared, or a value) joined to v",
        "the cells orthogonally next to (r, c) (with \"diagonal\" the eight around it); of a declared graph, the vertices joined to v by an edge either way; of a graph value, v's neighbours (integers)",
        "neighbours(grid(3, 3), (0, 0))",
    ),
    builtin(
        "place",
        Builtin::Place,
        &[p("b", "board"), p("shape", "cells"), p("[s]", "string")],
        (2, 3),
        "list of boards",
        "place(b, shape) or place(b, shape, s): every board with the shape's cells (offsets from an anchor, all empty) removed, or set to s",
        "every way to put a shape (offsets from an anchor) on empty cells: the boards with them removed, or set to s",
        "place(grid(2, 2), [(0, 0), (1, 0)])",
    ),
    builtin(
        "components",
        Builtin::Components,
        &[p("b", "board | graph"), p("[how]", "string | vertices")],
        (1, 2),
        "list of boards | list of sets",
        "components(b) or components(b, \"diagonal\"): the connected parts of the cells, each cropped; components(G, vs): the parts of the subgraph vs induces; components(g): the connected parts of a graph value",
        "the connected parts of the cells (orthogonally, or with \"diagonal\" also diagonally adjacent), each cropped; of a graph G and vertices vs, the vertex sets of the connected parts of the subgraph they induce; of a graph value, its connected parts as graph values (labels kept)",
        "components(grid([\"..#.\"]))",
    ),
    builtin(
        "canonical",
        Builtin::Canonical,
        &[p("b", "board | graph"), p("[sym]", "\"all\" | \"mirror\"")],
        (1, 2),
        "board | graph",
        "canonical(b) or canonical(b, \"mirror\"): one board for all images under the 8 symmetries (4 keeping rows rows); canonical(g): one graph for all graphs isomorphic to g",
        "the cropped board, the same for all its images under the 8 symmetries of the square (\"mirror\": the 4 keeping rows as rows); of a graph value, its canonical labelling (vertices 0..n, equal exactly for isomorphic graphs)",
        "canonical(grid([\"#.\", \"..\"]))",
    ),
    builtin(
        "rows",
        Builtin::Rows,
        &[p("b", "board")],
        (1, 1),
        "list of strings",
        "rows(b): the rows as strings",
        "the rows as strings",
        "rows(grid(2, 3))",
    ),
    // Queries: the solver's answers about a position.
    query(
        "grundy",
        QueryFn::Grundy,
        P,
        "int | loopy value",
        "grundy(P): the Grundy value of the position P (∞{...} when loopy)",
        "the Grundy value of P (∞{...} when loopy)",
        "grundy(*2 + *3)",
        true,
    ),
    query(
        "outcome",
        QueryFn::Outcome,
        P_PLAY,
        "outcome",
        "outcome(P) or outcome(P, misere): the outcome class P, N or D",
        "the outcome class P, N or D (L, R for partizan games)",
        "outcome(*1, misere)",
        true,
    ),
    query(
        "options",
        QueryFn::Options,
        P,
        "list of positions",
        "options(P): the list of positions one move from P",
        "the positions one move from P",
        "options(*2)",
        false,
    ),
    query(
        "winning",
        QueryFn::Winning,
        P_PLAY,
        "list of positions",
        "winning(P) or winning(P, misere): the options that win",
        "the options of P that win",
        "winning(*1 + *2)",
        true,
    ),
    query(
        "remoteness",
        QueryFn::Remoteness,
        P_PLAY,
        "int",
        "remoteness(P) or remoteness(P, misere): moves until the end (-1 for a draw)",
        "how many moves until the end with best play (-1 for a draw)",
        "remoteness(*3)",
        true,
    ),
    query(
        "is_p",
        QueryFn::IsP,
        P_PLAY,
        "bool",
        "is_p(P) or is_p(P, misere): whether the previous player wins",
        "whether the previous player wins",
        "is_p(*1 + *1)",
        false,
    ),
    query(
        "is_n",
        QueryFn::IsN,
        P_PLAY,
        "bool",
        "is_n(P) or is_n(P, misere): whether the next player wins",
        "whether the next player wins",
        "is_n(*1)",
        false,
    ),
    // Game values.
    game(
        "value",
        GameFn::Value,
        G_VAL,
        (1, 1),
        "value(P): the canonical game value of the position P (or of a game value or integer)",
        "the canonical game value of a position",
        "value(*1 + *1)",
        true,
    ),
    game(
        "mean",
        GameFn::Mean,
        G_VAL,
        (1, 1),
        "mean(G): the mean value of a position or game value, a number",
        "the mean value, a number",
        "mean(num(3, 2))",
        true,
    ),
    game(
        "temperature",
        GameFn::Temperature,
        G_VAL,
        (1, 1),
        "temperature(G): the temperature of a position or game value, a number",
        "the temperature, a number",
        "temperature(up())",
        true,
    ),
    Entry {
        name: "birthday",
        params: G_VAL,
        arity: (1, 1),
        returns: "int",
        usage: "birthday(G): the birthday of the canonical form of a position or game value",
        doc: "the birthday of the canonical form (0 for 0, 1 for *, 1, -1)",
        example: "birthday(up())",
        imp: Imp::Game(GameFn::Birthday),
        statement: false,
    },
    game(
        "num",
        GameFn::Num,
        &[p("p", "int"), p("[q]", "int")],
        (1, 2),
        "num(n) or num(p, q): the number p/q as a game value, q a power of two",
        "the number p/q as a game value, q a power of two",
        "num(3, 4)",
        false,
    ),
    game(
        "up",
        GameFn::Up,
        &[p("[n]", "int")],
        (0, 1),
        "up() or up(n): n·↑ as a game value (`up(-1)` is ↓)",
        "n·↑ as a game value (up(-1) is ↓)",
        "up(2)",
        false,
    ),
    // The short-game algebra (THEORY.md §6.10).
    game(
        "cool",
        GameFn::Cool,
        &[
            p("G", "position | game value | int"),
            p("t", "number (game value | int)"),
        ],
        (2, 2),
        "cool(G, t): G cooled by the number t >= 0",
        "G cooled by the number t ≥ 0",
        "cool(heat(value(*1), 1), 1)",
        false,
    ),
    game(
        "heat",
        GameFn::Heat,
        &[
            p("G", "position | game value | int"),
            p("t", "position | game value | int"),
        ],
        (2, 2),
        "heat(G, t): G heated by the game t (numbers are unchanged)",
        "G heated by the game t (numbers are unchanged)",
        "heat(value(*1), 1)",
        false,
    ),
    game(
        "overheat",
        GameFn::Overheat,
        &[
            p("G", "position | game value | int"),
            p("s", "position | game value | int"),
            p("t", "position | game value | int"),
        ],
        (3, 3),
        "overheat(G, s, t): G overheated from s to t (an integer n becomes n·s)",
        "G overheated from s to t (an integer n becomes n·s)",
        "overheat(value(*1), 1, 1)",
        false,
    ),
    game(
        "norton",
        GameFn::Norton,
        &[
            p("G", "position | game value | int"),
            p("U", "position | game value | int"),
        ],
        (2, 2),
        "norton(G, U): Norton's product G.U by a unit U > 0 (an integer n becomes n·U)",
        "Norton's product G.U by a unit U > 0",
        "norton(3, up())",
        false,
    ),
    game(
        "ordinal",
        GameFn::Ordinal,
        &[
            p("G", "position | game value | int"),
            p("H", "position | game value | int"),
        ],
        (2, 2),
        "ordinal(G, H): the ordinal sum G : H of the canonical forms",
        "the ordinal sum G : H of the canonical forms",
        "ordinal(1, 1)",
        false,
    ),
    Entry {
        name: "left_incentives",
        params: G_VAL,
        arity: (1, 1),
        returns: "list of game values",
        usage: "left_incentives(G): the Left incentives G^L - G of the canonical form",
        doc: "the Left incentives G^L − G of the canonical form",
        example: "left_incentives(num(1, 2))",
        imp: Imp::Game(GameFn::LeftIncentives),
        statement: false,
    },
    Entry {
        name: "right_incentives",
        params: G_VAL,
        arity: (1, 1),
        returns: "list of game values",
        usage: "right_incentives(G): the Right incentives G - G^R of the canonical form",
        doc: "the Right incentives G − G^R of the canonical form",
        example: "right_incentives(num(1, 2))",
        imp: Imp::Game(GameFn::RightIncentives),
        statement: false,
    },
    Entry {
        name: "nim_mul",
        params: &[p("a", "int"), p("b", "int")],
        arity: (2, 2),
        returns: "int",
        usage: "nim_mul(a, b): the nim product of the integers a, b >= 0",
        doc: "the nim product of integers a, b ≥ 0",
        example: "nim_mul(8, 8)",
        imp: Imp::Game(GameFn::NimMul),
        statement: false,
    },
    Entry {
        name: "nim_pow",
        params: &[p("a", "int"), p("e", "int")],
        arity: (2, 2),
        returns: "int",
        usage: "nim_pow(a, e): the e-th nim power a ⊗ a ⊗ … ⊗ a of the integers a, e >= 0",
        doc: "the e-th nim power of a (integers a, e ≥ 0)",
        example: "nim_pow(2, 3)",
        imp: Imp::Game(GameFn::NimPow),
        statement: false,
    },
    Entry {
        name: "nim_inv",
        params: &[p("a", "int")],
        arity: (1, 1),
        returns: "int",
        usage: "nim_inv(a): the nim inverse of the integer a >= 1 (nim_mul(a, nim_inv(a)) = 1)",
        doc: "the nim inverse of an integer a ≥ 1",
        example: "nim_inv(2)",
        imp: Imp::Game(GameFn::NimInv),
        statement: false,
    },
    Entry {
        name: "left_stop",
        params: G_VAL,
        arity: (1, 1),
        returns: "game value (a number)",
        usage: "left_stop(G): the Left stop of a position or game value, a number",
        doc: "the Left stop: where play reaches a number, Left moving first",
        example: "left_stop(heat(value(*1), 1))",
        imp: Imp::Game(GameFn::LeftStop),
        statement: false,
    },
    Entry {
        name: "right_stop",
        params: G_VAL,
        arity: (1, 1),
        returns: "game value (a number)",
        usage: "right_stop(G): the Right stop of a position or game value, a number",
        doc: "the Right stop: where play reaches a number, Right moving first",
        example: "right_stop(heat(value(*1), 1))",
        imp: Imp::Game(GameFn::RightStop),
        statement: false,
    },
    Entry {
        name: "atomic_weight",
        params: G_VAL,
        arity: (1, 1),
        returns: "game value",
        usage: "atomic_weight(G): the atomic weight of an all-small position or game value",
        doc: "the atomic weight of an all-small game (n for n·↑ + *m)",
        example: "atomic_weight(up(3))",
        imp: Imp::Game(GameFn::AtomicWeight),
        statement: false,
    },
    Entry {
        name: "reduced",
        params: G_VAL,
        arity: (1, 1),
        returns: "game value",
        usage: "reduced(G): the reduced canonical form, G modulo infinitesimals",
        doc: "the reduced canonical form (G modulo infinitesimals)",
        example: "reduced(num(3, 2) + up())",
        imp: Imp::Game(GameFn::Reduced),
        statement: false,
    },
    Entry {
        name: "latex",
        params: G_VAL,
        arity: (1, 1),
        returns: "string",
        usage: "latex(G): the canonical form of G as LaTeX, for papers",
        doc: "the canonical form as LaTeX math text, for papers (arrows, fractions, braces)",
        example: "latex(num(1, 2) + up())",
        imp: Imp::Game(GameFn::Latex),
        statement: false,
    },
    // Graphs as data.
    builtin(
        "vertices",
        Builtin::Vertices,
        &[p("G", "graph | graph value")],
        (1, 1),
        "list of positions | list of ints",
        "vertices(G): the vertices of a declared graph as positions G(v), or of a graph value as integers",
        "the vertices of a declared graph (positions `G(v)`), or of a graph value (integers)",
        "vertices(undirected(3, [(0, 1)]))",
    ),
    builtin(
        "edges",
        Builtin::Edges,
        &[p("G", "graph | graph value")],
        (1, 1),
        "list of tuples",
        "edges(G): the edges of a declared graph as (from, to) pairs of positions, or of a graph value as (a, b) with a < b",
        "the edges of a declared graph, as (from, to) pairs; of a graph value, each once as (a, b) with a < b",
        "edges(undirected(3, [(0, 1), (1, 2)]))",
    ),
    builtin(
        "undirected",
        Builtin::Undirected,
        &[p("n", "int | vertices"), p("edges", "list of (int, int)")],
        (2, 2),
        "graph",
        "undirected(n, edges) or undirected(vs, edges): a graph value on vertices 0..n (or the labels vs, at most 64, from 0 to 63)",
        "an undirected graph value: vertices 0..n (or the labels vs, from 0 to 63; at most 64) and the edges (a, b) between them",
        "undirected(4, [(0, 1), (1, 2), (2, 3)])",
    ),
    builtin(
        "subgraph",
        Builtin::Subgraph,
        &[p("G", "graph | graph value"), p("[vs]", "vertices")],
        (1, 2),
        "graph",
        "subgraph(G) or subgraph(G, vs): a declared graph as a graph value (its i-th vertex is i, edges either way), or the part vs induces",
        "a declared graph as a graph value (its i-th vertex labelled i, edges taken either way), or the subgraph the vertices vs induce (of a declared graph or a graph value)",
        "subgraph(undirected(3, [(0, 1), (1, 2)]), [0, 1])",
    ),
    builtin(
        "remove",
        Builtin::Remove,
        &[p("g", "graph value"), p("vs", "vertex | vertices")],
        (2, 2),
        "graph",
        "remove(g, vs): the graph value without the vertex or vertices vs and their edges (the others keep their labels)",
        "the graph without a vertex or the vertices vs and their edges; the other vertices keep their labels",
        "remove(undirected(3, [(0, 1), (1, 2)]), 1)",
    ),
    graph(
        "successors",
        &[p("G", "graph"), p("v", "vertex")],
        "list of positions",
        "the vertices one edge from v",
        "successors(G, G(a))",
    ),
    // Query statements with no function form.
    statement(
        "moves",
        Word::Moves,
        P,
        "list of positions",
        "the options of P, one per line",
        "moves *2 + *1",
    ),
    statement(
        "sequence",
        Word::Sequence,
        &[p("G", "game"), p("RANGE", "range")],
        "sequence",
        "the values of a one-parameter game over a range",
        "sequence Nim 0..8",
    ),
    statement(
        "table",
        Word::Table,
        &[p("G", "game"), p("ROWS, COLUMNS", "ranges")],
        "table",
        "the values of a two-parameter game over two ranges",
        "table W 0..=4, 0..=4",
    ),
    statement(
        "period",
        Word::Period,
        &[p("G", "game")],
        "period",
        "the period of a one-parameter game's values, proved when theory can",
        "period K",
    ),
    statement(
        "kernels",
        Word::Kernels,
        &[p("G", "graph")],
        "list of kernels",
        "the kernels of a declared graph",
        "kernels G",
    ),
    statement(
        "kernel_sequences",
        Word::KernelSequences,
        &[p("G", "graph | position")],
        "list of sequences",
        "the kernel sequences of a graph or a position's game graph",
        "kernel_sequences G",
    ),
    statement(
        "kernel",
        Word::Kernel,
        P,
        "kernel",
        "a kernel of the game graph of P",
        "kernel G(a)",
    ),
    statement(
        "dot",
        Word::Dot,
        &[p("G", "graph | position")],
        "DOT text",
        "the graph of a declared graph or a position, in Graphviz DOT",
        "dot G",
    ),
    statement(
        "thermograph",
        Word::Thermograph,
        P,
        "thermograph",
        "the thermograph of a partizan position",
        "thermograph *1",
    ),
    statement(
        "compare",
        Word::Compare,
        &[p("P, Q", "positions")],
        "order",
        "how two positions compare: =, <, > or || (confused)",
        "compare *1 + *1, 0",
    ),
    statement(
        "genus",
        Word::Genus,
        P,
        "genus",
        "the genus of an impartial position (misère theory)",
        "genus *2 + *3",
    ),
    statement(
        "misere_form",
        Word::MisereForm,
        P,
        "misère form",
        "the misère canonical form of an impartial position",
        "misere_form *2 + *2",
    ),
    statement(
        "quotient",
        Word::Quotient,
        &[p("G", "game"), p("[to N]", "int")],
        "quotient",
        "the misère quotient of a heap game, verified to heap N",
        "quotient K to 8",
    ),
];

/// The entry of a name, if it is a registry name.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    REGISTRY.iter().find(|e| e.name == name)
}

/// The entry that implements `imp`.
pub fn entry_of(imp: Imp) -> &'static Entry {
    REGISTRY
        .iter()
        .find(|e| e.imp == imp)
        .expect("every builtin, query and game function has a registry entry")
}

/// Every name called as `name(args)`.
pub fn function_names() -> impl Iterator<Item = &'static str> + Clone {
    REGISTRY.iter().filter(|e| e.is_function()).map(|e| e.name)
}

/// Every name in the registry (functions and query words).
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    REGISTRY.iter().map(|e| e.name)
}

/// The words that start a query statement.
pub fn statement_words() -> impl Iterator<Item = &'static str> + Clone {
    REGISTRY.iter().filter(|e| e.statement).map(|e| e.name)
}

/// The query words whose operand is a game's name, not a position
/// (`sequence Take 0..10`, `period K`): their first parameter is a game or
/// a graph.
pub fn game_name_words() -> impl Iterator<Item = &'static str> + Clone {
    REGISTRY
        .iter()
        .filter(|e| e.statement && matches!(e.params.first().map(|p| p.ty), Some("game" | "graph")))
        .map(|e| e.name)
}

/// The function table of docs/LANGUAGE.md, as markdown rows.
pub fn markdown_table() -> String {
    let mut s = String::from("| name | parameters | returns | what | example | statement |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    for e in REGISTRY {
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | `{}` | {} |\n",
            e.signature(),
            e.typed_params().replace('|', "\\|"),
            e.returns.replace('|', "\\|"),
            e.doc.replace('|', "\\|"),
            e.example,
            if e.statement { "yes" } else { "no" },
        ));
    }
    s
}

/// `:help NAME`: the entry in a few lines.
pub fn help(e: &Entry) -> String {
    let form = if e.statement && e.is_function() {
        format!(
            "{} (also the statement `{} {}`)",
            e.signature(),
            e.name,
            e.params[0].name
        )
    } else {
        e.signature()
    };
    format!(
        "{form}\n  {}\n  parameters: {}\n  returns: {}\n  example: {}\n",
        e.doc,
        e.typed_params(),
        e.returns,
        e.example
    )
}

#[cfg(test)]
#[path = "registry_tests.rs"]
mod tests;
