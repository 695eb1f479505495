//! The library of callables: every builtin, query function, game-value
//! function, graph function and query statement word, each one [`Entry`]
//! that says what it is ([`Meta`]: name, parameters and their types, what
//! it returns, the usage line arity errors print, a one-line doc, an
//! example) and owns what it does (`Call`: its function, or how it is
//! compiled). Each family's file holds its entries beside their functions:
//! `values.rs` (pure functions of values), `boards.rs`, `graphs.rs`,
//! `queries.rs` (questions to the solver), `misere_partizan.rs` (partizan
//! games under misère play modulo a universe), `games.rs` (game values),
//! `statements.rs` (query statements with no function form); the calling
//! convention is `args.rs`.
//!
//! What reads the table: the compiler (one lookup, one arity check), "did
//! you mean" for unknown names and misspelt statement words, the query
//! layer (a statement's word and shape), the REPL's completion and
//! `:help`, the language server's hover, and the function table of
//! docs/LANGUAGE.md (checked by a test).
//!
//! A new builtin or game-value function is one entry in its family's table
//! and its function beside it; making it a statement (`birthday P`) is its
//! word in the grammar's `query_word` rule and `statement: Statement::Generic`.

mod args;
mod boards;
mod compounds;
mod games;
mod graphs;
mod misere_mates;
mod misere_partizan;
mod misere_predicates;
pub(crate) mod ordinals;
mod predicates;
mod queries;
pub(crate) mod rationals;
mod shortgames;
mod statements;
mod stopper_ops;
mod stoppers;
mod values;

pub(crate) use args::{Args, MAX_MATERIALISED, elements, range_len};
pub(crate) use boards::{canonical_of, components_of, rays_into, square};
pub(crate) use graphs::{declared, graph_parts, whole};

use crate::error::Result;
use crate::model::Value;

/// A library function: its arguments evaluated, with the query's context.
pub(crate) type Function = fn(Args<'_>) -> Result<Value>;

/// One callable: what it is, and what it does.
#[derive(Clone, Copy)]
pub struct Entry {
    /// What it is: name, parameters, docs.
    pub meta: Meta,
    pub(crate) call: Call,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entry({})", self.meta.name)
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.meta.name == other.meta.name
    }
}

/// What an entry is, as the docs, `:help`, completion and arity errors
/// read it.
#[derive(Debug, Clone, Copy)]
pub struct Meta {
    /// The name it is called by (or the statement's word).
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
    /// Whether, and how, `name P` is a query statement.
    pub statement: Statement,
    /// Whether it asks the solver (a query function, a game value): such a
    /// call is refused inside move rules, which the solver runs.
    pub solver: bool,
    /// Whether a play convention may follow its position
    /// (`outcome(P, misere)`).
    pub play: bool,
    /// Whether its first argument may be a graph value (`len(g)`); a pure
    /// function that takes none refuses one by name.
    pub graphs: bool,
}

/// How an entry runs when it is called, `name(args)`.
#[derive(Clone, Copy)]
pub(crate) enum Call {
    /// A function of the evaluated arguments.
    Fn(Function),
    /// A function with a form the evaluator's integer fast paths run
    /// without building values (`min(a, b)` of two integers, `len` of a
    /// list).
    Int(Function, IntForm),
    /// Of a declared graph only (`successors(G, v)`): the compiler turns it
    /// into the graph's data.
    DeclaredGraph,
    /// No function form: a statement word the query layer runs.
    None,
}

/// The integer form of a function, for the evaluator's fast paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntForm {
    /// `min(a, b)` of two integers.
    Min,
    /// `max(a, b)` of two integers.
    Max,
    /// `len(xs)`: the length of a list, tuple, set or range.
    Len,
}

/// Whether, and how, an entry's name starts a query statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statement {
    /// Not a statement: only `name(args)`.
    No,
    /// `name P` answers the function's value of P through the one generic
    /// answer: `name P = value`, with its JSON.
    Generic,
    /// A statement with an answer of its own shape, which the query layer
    /// computes and prints.
    Shaped(Shape),
}

/// The statements with an answer of their own shape. Each is named by its
/// entry (`Shape::name`), so a word is spelled in the grammar and its
/// entry only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each is its word: `Shape::Grundy` is `grundy P`
pub enum Shape {
    Grundy,
    Outcome,
    Winning,
    Remoteness,
    Value,
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

impl Shape {
    /// The word as written: its entry's name.
    pub fn name(self) -> &'static str {
        entries()
            .find(|e| e.meta.statement == Statement::Shaped(self))
            .map(|e| e.meta.name)
            .expect("every statement shape has its entry")
    }
}

/// One parameter: its name in the signature and the type it takes.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The name the signature shows (`[q]` when optional).
    pub name: &'static str,
    /// The types it takes, as the docs write them.
    pub ty: &'static str,
}

impl Entry {
    /// The integer form the evaluator's fast paths may run instead.
    pub(crate) fn int_form(&self) -> Option<IntForm> {
        match self.call {
            Call::Int(_, form) => Some(form),
            _ => None,
        }
    }

    /// Whether it is called as `name(args)`.
    pub fn is_function(&self) -> bool {
        !matches!(self.call, Call::None)
    }

    /// Whether `name P` starts a query statement.
    pub fn is_statement(&self) -> bool {
        self.meta.statement != Statement::No
    }

    /// The signature as the docs write it: `count(xs, x)`, `genus P`.
    pub fn signature(&self) -> String {
        let names: Vec<&str> = self.meta.params.iter().map(|p| p.name).collect();
        if self.is_function() {
            format!("{}({})", self.meta.name, names.join(", "))
        } else {
            format!("{} {}", self.meta.name, names.join(" "))
        }
    }

    /// The parameters with their types: `xs: collection, x: any`.
    pub fn typed_params(&self) -> String {
        let v: Vec<String> = self
            .meta
            .params
            .iter()
            .map(|p| format!("{}: {}", p.name, p.ty))
            .collect();
        v.join(", ")
    }
}

pub(crate) const fn p(name: &'static str, ty: &'static str) -> Param {
    Param { name, ty }
}

/// An entry of a function (not a statement, no solver), its fields in
/// `Meta`'s order; the `const` methods below add what else it is.
#[allow(clippy::too_many_arguments)]
pub(crate) const fn builtin(
    name: &'static str,
    f: Function,
    params: &'static [Param],
    arity: (usize, usize),
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        meta: Meta {
            name,
            params,
            arity,
            returns,
            usage,
            doc,
            example,
            statement: Statement::No,
            solver: false,
            play: false,
            graphs: false,
        },
        call: Call::Fn(f),
    }
}

impl Entry {
    /// With an integer form the evaluator's fast paths run.
    pub(crate) const fn with_int_form(mut self, form: IntForm) -> Entry {
        if let Call::Fn(f) = self.call {
            self.call = Call::Int(f, form);
        }
        self
    }

    /// Taking a graph value as its first argument.
    pub(crate) const fn graphs(mut self) -> Entry {
        self.meta.graphs = true;
        self
    }

    /// Asking the solver (refused in move rules).
    pub(crate) const fn solver(mut self) -> Entry {
        self.meta.solver = true;
        self
    }

    /// Taking a play convention after its position.
    pub(crate) const fn play(mut self) -> Entry {
        self.meta.play = true;
        self
    }

    /// Also a query statement.
    pub(crate) const fn statement(mut self, s: Statement) -> Entry {
        self.meta.statement = s;
        self
    }

    /// With no function form.
    pub(crate) const fn no_function(mut self) -> Entry {
        self.call = Call::None;
        self
    }

    /// Of a declared graph only, compiled to its data.
    pub(crate) const fn declared_graph(mut self) -> Entry {
        self.call = Call::DeclaredGraph;
        self
    }
}

/// Run an entry's function on its evaluated arguments. A pure function
/// that takes no graph value refuses one as its first argument by name.
pub(crate) fn call(e: &'static Entry, args: Args<'_>) -> Result<Value> {
    let f = match e.call {
        Call::Fn(f) | Call::Int(f, _) => f,
        Call::DeclaredGraph | Call::None => {
            unreachable!(
                "the compiler makes calls of functions only: `{}`",
                e.meta.name
            )
        }
    };
    if !e.meta.graphs && !e.meta.solver && matches!(args.values.first(), Some(Value::Graph(_))) {
        return Err(args.wrong(
            format!("{}() does not take a graph", e.meta.name),
            args.at(0),
        ));
    }
    f(args)
}

/// The families, in the order the docs list them.
static FAMILIES: [&[Entry]; 16] = [
    values::ENTRIES,
    boards::ENTRIES,
    queries::ENTRIES,
    misere_partizan::ENTRIES,
    misere_mates::ENTRIES,
    misere_predicates::ENTRIES,
    games::ENTRIES,
    shortgames::ENTRIES,
    stopper_ops::ENTRIES,
    compounds::ENTRIES,
    predicates::ENTRIES,
    ordinals::ENTRIES,
    rationals::ENTRIES,
    stoppers::ENTRIES,
    graphs::ENTRIES,
    statements::ENTRIES,
];

/// Every callable and query word, in the order the docs list them.
pub fn entries() -> impl Iterator<Item = &'static Entry> + Clone {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// The entry of a name, if it is a library name.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    entries().find(|e| e.meta.name == name)
}

/// Every name called as `name(args)`.
pub fn function_names() -> impl Iterator<Item = &'static str> + Clone {
    entries().filter(|e| e.is_function()).map(|e| e.meta.name)
}

/// Every name in the library (functions and query words).
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    entries().map(|e| e.meta.name)
}

/// The words that start a query statement.
pub fn statement_words() -> impl Iterator<Item = &'static str> + Clone {
    entries().filter(|e| e.is_statement()).map(|e| e.meta.name)
}

/// The query words whose operand is a game's name, not a position
/// (`sequence Take 0..10`, `period K`): their first parameter is a game or
/// a graph.
pub fn game_name_words() -> impl Iterator<Item = &'static str> + Clone {
    entries()
        .filter(|e| {
            e.is_statement()
                && matches!(e.meta.params.first().map(|p| p.ty), Some("game" | "graph"))
        })
        .map(|e| e.meta.name)
}

/// The function table of docs/LANGUAGE.md, as markdown rows.
pub fn markdown_table() -> String {
    let mut s = String::from("| name | parameters | returns | what | example | statement |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    for e in entries() {
        let m = &e.meta;
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | `{}` | {} |\n",
            e.signature(),
            e.typed_params().replace('|', "\\|"),
            m.returns.replace('|', "\\|"),
            m.doc.replace('|', "\\|"),
            m.example,
            if e.is_statement() { "yes" } else { "no" },
        ));
    }
    s
}

/// `:help NAME`: the entry in a few lines.
pub fn help(e: &Entry) -> String {
    let m = &e.meta;
    let form = if e.is_statement() && e.is_function() {
        format!(
            "{} (also the statement `{} {}`)",
            e.signature(),
            m.name,
            m.params[0].name
        )
    } else {
        e.signature()
    };
    format!(
        "{form}\n  {}\n  parameters: {}\n  returns: {}\n  example: {}\n",
        m.doc,
        e.typed_params(),
        m.returns,
        m.example
    )
}

#[cfg(test)]
mod tests;
