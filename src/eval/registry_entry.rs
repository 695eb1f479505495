//! The registry's vocabulary: what an entry says (`Entry`, `Param`, what
//! implements it: `Imp`, the statement words `Word`) and the constructors
//! the table in `registry.rs` is written with.

use super::registry::entry_of;
use super::{Builtin, GameFn, QueryFn};

/// What implements a callable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Imp {
    /// A pure function of values (`builtins.rs`).
    Builtin(Builtin),
    /// A question to the solver about a position (`queries.rs`, through
    /// the oracle).
    Query(QueryFn),
    /// A game value made or read (`gamevals.rs`).
    Game(GameFn),
    /// `vertices`, `edges`, `successors` of a declared graph (compiled to
    /// constants in `compile.rs`).
    Graph,
    /// A query statement word only (`genus P`, `sequence G 0..10`): no
    /// function form; the query layer (`src/query/`) runs it.
    Statement(Word),
}

/// The query statements with no function form, as the query layer knows
/// them (their words are their registry entries' names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    Moves,
    Sequence,
    Table,
    Period,
    Kernels,
    KernelSequences,
    Kernel,
    Dot,
    Thermograph,
    Compare,
    Genus,
    MisereForm,
    Quotient,
}

impl Word {
    /// The word as written (its registry entry's name).
    pub fn name(self) -> &'static str {
        entry_of(Imp::Statement(self)).name
    }
}

/// One parameter: its name in the signature and the type it takes.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub ty: &'static str,
}

pub(super) const fn p(name: &'static str, ty: &'static str) -> Param {
    Param { name, ty }
}

/// One callable.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    /// The parameters of the longest form (variadic ones end in `...`).
    pub params: &'static [Param],
    /// The least and most arguments of the function form (for a statement
    /// word, of its operand: 1).
    pub arity: (usize, usize),
    /// The type of the answer.
    pub returns: &'static str,
    /// The forms and what they do, as arity errors print it after `usage: `.
    pub usage: &'static str,
    /// One line for the docs' table and `:help`.
    pub doc: &'static str,
    /// A line of `.game` text that uses it.
    pub example: &'static str,
    pub imp: Imp,
    /// Whether `name expr` is also a query statement (`grundy P`).
    pub statement: bool,
}

impl Entry {
    /// Whether it is called as `name(args)`.
    pub fn is_function(&self) -> bool {
        !matches!(self.imp, Imp::Statement(_))
    }

    /// The signature as the docs write it: `count(xs, x)`, `genus P`.
    pub fn signature(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        if self.is_function() {
            format!("{}({})", self.name, names.join(", "))
        } else {
            format!("{} {}", self.name, names.join(" "))
        }
    }

    /// The parameters with their types: `xs: collection, x: any`.
    pub fn typed_params(&self) -> String {
        let v: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{}: {}", p.name, p.ty))
            .collect();
        v.join(", ")
    }
}

pub(super) const P: &[Param] = &[p("P", "position")];
pub(super) const P_PLAY: &[Param] = &[p("P", "position"), p("[play]", "normal | misere")];
pub(super) const G_VAL: &[Param] = &[p("G", "position | game value | int")];
pub(super) const XS: &[Param] = &[p("xs", "collection")];
pub(super) const AB: &[Param] = &[p("a", "collection"), p("b", "collection")];
pub(super) const VARIADIC: &[Param] = &[p("a, b, ...", "int")];
pub(super) const N: &[Param] = &[p("n", "int")];
pub(super) const HOW: Param = p("[how]", "\"orthogonal\" | \"diagonal\"");

// One row of the table, its fields in `Entry`'s order.
#[allow(clippy::too_many_arguments)]
pub(super) const fn builtin(
    name: &'static str,
    b: Builtin,
    params: &'static [Param],
    arity: (usize, usize),
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        name,
        params,
        arity,
        returns,
        usage,
        doc,
        example,
        imp: Imp::Builtin(b),
        statement: false,
    }
}

// One row of the table, its fields in `Entry`'s order.
#[allow(clippy::too_many_arguments)]
pub(super) const fn query(
    name: &'static str,
    q: QueryFn,
    params: &'static [Param],
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
    statement: bool,
) -> Entry {
    Entry {
        name,
        params,
        arity: (1, if params.len() > 1 { 2 } else { 1 }),
        returns,
        usage,
        doc,
        example,
        imp: Imp::Query(q),
        statement,
    }
}

// One row of the table, its fields in `Entry`'s order.
#[allow(clippy::too_many_arguments)]
pub(super) const fn game(
    name: &'static str,
    g: GameFn,
    params: &'static [Param],
    arity: (usize, usize),
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
    statement: bool,
) -> Entry {
    Entry {
        name,
        params,
        arity,
        returns: "game value",
        usage,
        doc,
        example,
        imp: Imp::Game(g),
        statement,
    }
}

pub(super) const fn graph(
    name: &'static str,
    params: &'static [Param],
    returns: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        name,
        params,
        arity: (params.len(), params.len()),
        returns,
        usage: "vertices(G), edges(G) and successors(G, v) take a declared `graph` G",
        doc,
        example,
        imp: Imp::Graph,
        statement: false,
    }
}

pub(super) const fn statement(
    name: &'static str,
    w: Word,
    params: &'static [Param],
    returns: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        name,
        params,
        arity: (1, 1),
        returns,
        usage: doc,
        doc,
        example,
        imp: Imp::Statement(w),
        statement: true,
    }
}
