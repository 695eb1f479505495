//! Runtime values: integers, booleans, tuples, lists, sets, ranges, positions.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::rc::Rc;

pub use crate::digraph::Outcome;
use crate::partizan::loopy::{LoopyOutcome, Winner};

/// Index of a game in the session's game table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct GameId(pub u32);

/// One component: a position of one game (game + argument values).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comp {
    pub game: GameId,
    pub args: Rc<[Value]>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Tuple(Rc<[Value]>),
    List(Rc<[Value]>),
    /// Ordered, so positions holding sets hash and print canonically.
    Set(Rc<BTreeSet<Value>>),
    /// The half-open range start..end (`a..=b` is stored as a..b+1).
    Range(i64, i64),
    /// A disjunctive sum of components, in the order written; empty = `0`.
    Pos(Rc<[Comp]>),
    /// An outcome class, `P`, `N`, `L`, `R`, `D` or a loopy partizan
    /// position's two letters (from `outcome(G)`).
    Outcome(Class),
    /// The generalized value ∞(K) of a loopy position (from `grundy(P)`),
    /// K sorted.
    Loopy(Rc<[u64]>),
    /// A game value (from `value(P)`): a canonical form.
    Game(Rc<GameVal>),
    /// A loopy game value (`on`, `over & under`, `value(P)` of a loopy
    /// position): a stopper's simplest form or an onside & offside.
    LoopyGame(Rc<super::loopy_value::LoopyVal>),
    /// A string (`"x.o"`): board rows, strips, contents of cells.
    Str(Rc<str>),
    /// A board (`grid(3, 4)`, `grid(["..#", "x.o"])`): bit planes.
    Board(Rc<crate::board::Board>),
    /// An undirected graph of at most 64 vertices (`undirected(3, [(0, 1)])`,
    /// `subgraph(G)`): adjacency bit masks.
    Graph(Rc<crate::board::Graph>),
    /// An infinite generalized ordinal (`omega`, `ω+1`, `ω^ω-ω^19×5`):
    /// CGSuite's `GeneralizedOrdinal`. Finite values are `Int`s
    /// ([`Value::ordinal`]).
    Ordinal(Rc<crate::ordinal::GenOrdinal>),
    /// A surreal number that is not a generalized ordinal nor a dyadic
    /// rational (`1/ω`, `(ω+1)/ω×2`): CGSuite's `SurrealNumber`, in
    /// lowest terms. Ordered (for sets) by its form.
    Surreal(Rc<crate::ordinal::surreal::Surreal>),
    /// A rational number whose denominator is not a power of two (`1/7`,
    /// `-2/3`), or ±∞ (`1/0`): CGSuite's `Rational` that is not a game.
    /// Integers are `Int`s and dyadic rationals game values.
    Rational(Rc<crate::rational::Rational>),
    /// A transfinite nimber `*α` of an infinite ordinal α (`*ω`,
    /// `*(ω+5)`): CGSuite's `TransfiniteNimber`. Finite ones are `*n`.
    Nimber(Rc<crate::ordinal::GenOrdinal>),
}

/// A canonical game value held by an expression: its text in CGSuite's
/// notation, and its id in the store that made it (with that store's
/// stamp). Equal values have equal canonical forms and so equal texts:
/// values compare, hash and order by text (the order is only for sets;
/// the game order is `ops`' business). A store that is not the one that
/// made the id reads the value back from its text.
#[derive(Debug, Clone)]
pub struct GameVal {
    pub text: Rc<str>,
    pub id: crate::partizan::ValueId,
    pub stamp: u64,
}

impl PartialEq for GameVal {
    fn eq(&self, other: &Self) -> bool {
        (self.stamp == other.stamp && self.id == other.id) || self.text == other.text
    }
}

impl Eq for GameVal {}

impl std::hash::Hash for GameVal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl PartialOrd for GameVal {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GameVal {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

/// An outcome class as the language holds it (`outcome(G)`, and the names
/// `P`, `N`, `L`, `R`, `D`): who wins with Left moving first and who wins
/// with Right moving first. An impartial game's classes are the symmetric
/// ones, P, N and D; a short partizan game's are P, N, L and R; a loopy
/// partizan position's may mix a win and a draw (`DL`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Class(pub LoopyOutcome);

impl Class {
    /// `P`, `N`, `L`, `R`, `D`, by their letter.
    pub fn named(name: &str) -> Option<Class> {
        use Winner::{Draw, Left, Right};
        let (l, r) = match name {
            "P" => (Right, Left),
            "N" => (Left, Right),
            "L" => (Left, Left),
            "R" => (Right, Right),
            "D" => (Draw, Draw),
            _ => return None,
        };
        Some(Class(LoopyOutcome {
            left_first: l,
            right_first: r,
        }))
    }

    /// The impartial class this is (P, N or D), if it is one.
    pub fn impartial(self) -> Option<Outcome> {
        [Outcome::P, Outcome::N, Outcome::D]
            .into_iter()
            .find(|&o| Class::from(o) == self)
    }

    /// The order sets of classes print in: P, N, L, R, D, then the classes
    /// with a draw for one start only.
    fn rank(self) -> (u8, Winner, Winner) {
        let o = self.0;
        let rank = ["P", "N", "L", "R", "D"]
            .iter()
            .position(|n| Class::named(n) == Some(self))
            .map_or(5, |i| i as u8);
        (rank, o.left_first, o.right_first)
    }
}

impl PartialOrd for Class {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Class {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl std::fmt::Display for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Outcome> for Class {
    /// An impartial class (P, N, or D for a draw whoever starts).
    fn from(o: Outcome) -> Class {
        let name = match o {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        };
        Class::named(name).expect("P, N and D are classes")
    }
}

impl From<crate::partizan::Outcome> for Class {
    fn from(o: crate::partizan::Outcome) -> Class {
        Class(o.into())
    }
}

impl Value {
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a boolean",
            Value::Tuple(_) => "a tuple",
            Value::List(_) => "a list",
            Value::Set(_) => "a set",
            Value::Range(..) => "a range",
            Value::Pos(_) => "a position",
            Value::Outcome(_) => "an outcome",
            Value::Loopy(_) => "an infinite (loopy) value",
            Value::Game(_) => "a game value",
            Value::LoopyGame(_) => "a loopy game value",
            Value::Str(_) => "a string",
            Value::Board(_) => "a board",
            Value::Graph(_) => "a graph",
            Value::Ordinal(_) => "an ordinal",
            Value::Surreal(_) => "a surreal number",
            Value::Rational(_) => "a rational number",
            Value::Nimber(_) => "a transfinite nimber",
        }
    }

    /// A generalized ordinal as a value: an `Int` when it is a finite
    /// integer that fits, else an `Ordinal`. None for a finite value
    /// beyond 64 bits.
    pub fn ordinal(x: crate::ordinal::GenOrdinal) -> Option<Value> {
        match x.as_int() {
            Some(n) => i64::try_from(n).ok().map(Value::Int),
            None => Some(Value::Ordinal(Rc::new(x))),
        }
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(items.into())
    }
}

/// Game names for printing positions.
pub trait GameNames {
    fn game_name(&self, id: GameId) -> &str;
    /// The name of vertex `v` when `id` is an explicit graph.
    fn vertex_name(&self, _id: GameId, _v: i64) -> Option<&str> {
        None
    }
    /// What a component shows between its brackets instead of its
    /// arguments (its game's `show_` function): a string, printed as it
    /// is, or a board. Only printing uses it, never identity.
    fn shown(&self, _c: &Comp) -> Option<Value> {
        None
    }
}

pub fn fmt_value(v: &Value, names: &dyn GameNames, out: &mut String) {
    match v {
        Value::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Value::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Tuple(xs) => {
            out.push('(');
            fmt_seq(xs.iter(), names, out);
            if xs.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Value::List(xs) => {
            out.push('[');
            fmt_seq(xs.iter(), names, out);
            out.push(']');
        }
        Value::Set(xs) => {
            out.push('{');
            fmt_seq(xs.iter(), names, out);
            out.push('}');
        }
        Value::Range(a, b) => {
            let _ = write!(out, "{a}..{b}");
        }
        Value::Pos(comps) => fmt_sum(comps.iter(), names, out),
        Value::Outcome(o) => {
            let _ = write!(out, "{o}");
        }
        Value::Loopy(k) => {
            let k: Vec<String> = k.iter().map(std::string::ToString::to_string).collect();
            let _ = write!(out, "∞{{{}}}", k.join(","));
        }
        Value::Game(g) => out.push_str(&g.text),
        Value::LoopyGame(g) => out.push_str(&g.text),
        Value::Str(s) => {
            out.push('"');
            out.push_str(s);
            out.push('"');
        }
        Value::Board(b) => {
            out.push_str("grid(\"");
            out.push_str(&b.text());
            out.push_str("\")");
        }
        Value::Graph(g) => out.push_str(&g.text()),
        Value::Ordinal(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Surreal(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Rational(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Nimber(x) => out.push_str(&nimber_text(x)),
    }
}

/// CGSuite's text of the nimber *α: `*ω`, `*ω^2`, `*(ω+5)`, `*(ω×5)`
/// (in parentheses when α has more than one term, or one infinite term
/// with a coefficient).
pub fn nimber_text(x: &crate::ordinal::GenOrdinal) -> String {
    let parens = match x.terms() {
        [t] => !t.exp.is_zero() && t.coeff != 1,
        _ => true,
    };
    if parens {
        format!("*({x})")
    } else {
        format!("*{x}")
    }
}

/// A value as a bare expression statement shows it: a sum of nimbers
/// (`*3 + *5`) as the one nimber it equals (`*6`), anything else as
/// `fmt_value` writes it.
pub fn fmt_shown(v: &Value, names: &dyn GameNames, out: &mut String) {
    // A board alone shows as its rows, one a line.
    if let Value::Board(b) = v
        && b.rows() > 0
    {
        out.push_str(&b.row_strings().join("\n"));
        return;
    }
    if let Value::Pos(cs) = v
        && cs.len() > 1
        && let Some(x) = cs.iter().try_fold(0i64, |x, c| match &c.args[..] {
            [Value::Int(n)] if c.game == super::STAR => Some(x ^ n),
            _ => None,
        })
    {
        nimber(x, out);
        return;
    }
    fmt_value(v, names, out);
}

/// The nimber *n as CGSuite prints it: `0`, `*`, `*2`, ...
fn nimber(n: i64, out: &mut String) {
    match n {
        0 => out.push('0'),
        1 => out.push('*'),
        n => {
            let _ = write!(out, "*{n}");
        }
    }
}

fn fmt_seq<'a>(xs: impl Iterator<Item = &'a Value>, names: &dyn GameNames, out: &mut String) {
    for (i, x) in xs.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        fmt_value(x, names, out);
    }
}

pub fn fmt_comp(c: &Comp, names: &dyn GameNames, out: &mut String) {
    if c.game == super::VALUE
        && let [Value::Game(g)] = &c.args[..]
    {
        out.push_str(&g.text);
        return;
    }
    if c.game == super::STAR
        && let [Value::Int(n)] = &c.args[..]
    {
        nimber(*n, out);
        return;
    }
    let name = names.game_name(c.game);
    out.push_str(name);
    out.push('(');
    if (super::COMPOUNDS.0..super::COMPOUNDS.1).contains(&c.game.0)
        && let [Value::Pos(g), Value::Pos(h), Value::Bool(_)] = &c.args[..]
    {
        fmt_sum(g.iter(), names, out);
        out.push_str(", ");
        fmt_sum(h.iter(), names, out);
        out.push(')');
        return;
    }
    match names.shown(c) {
        Some(Value::Str(s)) => {
            out.push_str(&s);
            out.push(')');
            return;
        }
        Some(v) => {
            fmt_value(&v, names, out);
            out.push(')');
            return;
        }
        None => {}
    }
    if let [Value::Int(v)] = &c.args[..]
        && let Some(vertex) = names.vertex_name(c.game, *v)
    {
        out.push_str(vertex);
        out.push(')');
        return;
    }
    fmt_seq(c.args.iter(), names, out);
    out.push(')');
}

/// A sum as written: `A + B`, the empty sum as `0`.
pub fn fmt_sum<'a>(comps: impl Iterator<Item = &'a Comp>, names: &dyn GameNames, out: &mut String) {
    let start = out.len();
    for (i, c) in comps.enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        fmt_comp(c, names, out);
    }
    if out.len() == start {
        out.push('0');
    }
}
