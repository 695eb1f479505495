//! Resolves names in the AST: locals to frame slots, calls to games,
//! functions or builtins. Unknown names and wrong arities are found here,
//! before anything runs (`grundy check`).

use crate::error::AtSpan;
use crate::error::{CompileError, EvalError, SyntaxError};
use crate::error::{Error, Result, suggest};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Clauses, Expr, ExprKind, Ident, Pattern, UnOp};

use super::fast::Fast;
use crate::library::{self, Call, Entry};
use crate::model::{Comp, Defs, FnDef, GameId, Value};
use crate::syntax::ast::Play;

#[derive(Debug, Clone)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
    /// The node as a closure, for integer and boolean shapes (`fast.rs`).
    pub fast: Option<Fast>,
}

/// What `NodeKind::Successors` asks of a declared graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphAsk {
    Successors,
    Neighbours,
    Components,
    Subgraph,
}

#[derive(Debug, Clone)]
pub enum NodeKind {
    Const(Value),
    Local(u32),
    Global(u32),
    Tuple(Vec<Node>),
    List(Vec<Node>),
    Set(Vec<Node>),
    Comprehension {
        set: bool,
        body: Box<Node>,
        bindings: Vec<(CPattern, Node)>,
        cond: Option<Box<Node>>,
    },
    Unary(UnOp, Box<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
    CallFn(u32, Vec<Node>),
    /// A library function: `len(xs)`, `grundy(P)`, `outcome(P, misere)`
    /// (the convention written after the position), `value(P)`, ...
    Call(&'static Entry, Vec<Node>, Option<Play>),
    /// `Name(args)` for a game: a position.
    MakePos(GameId, Vec<Node>),
    Index(Box<Node>, Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    /// A top-level expression (query, `let`, subtraction set) whose loop
    /// variables need a frame of this many slots.
    Frame(u32, Box<Node>),
    /// `forall`/`exists`: `names` are the bound names and their slots,
    /// reported when `forall` finds a counterexample.
    Quantifier {
        all: bool,
        bindings: Vec<(CPattern, Node)>,
        cond: Option<Box<Node>>,
        body: Box<Node>,
        names: Vec<(String, u32)>,
    },
    /// `successors(G, v)` of a declared graph: the positions one edge on;
    /// `neighbours(G, v)`: one edge on or back; `components(G, vs)`: the
    /// connected parts of the subgraph the vertices vs induce.
    Successors(GameId, Box<Node>, GraphAsk),
    /// `{L1, L2 | R1}` whose options are expressions (`braces.rs`): the
    /// game of their values, built when it runs.
    GameBraces(Vec<Node>, Vec<Node>),
}

/// A binding pattern with names replaced by slots.
#[derive(Debug, Clone)]
pub enum CPattern {
    Slot(u32),
    Tuple(Vec<CPattern>, Span),
}

/// The local names visible at a point, each with its frame slot.
#[derive(Debug, Default)]
pub struct Scope {
    names: Vec<(String, u32)>,
    next: u32,
    /// The frame size needed so far.
    pub slots: u32,
}

impl Scope {
    pub fn with_params(params: &[Ident]) -> Scope {
        let mut s = Scope::default();
        for p in params {
            s.bind(&p.name);
        }
        s
    }

    fn bind(&mut self, name: &str) -> u32 {
        let slot = self.next;
        self.names.push((name.to_string(), slot));
        self.next += 1;
        self.slots = self.slots.max(self.next);
        slot
    }

    fn lookup(&self, name: &str) -> Option<u32> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
    }

    fn mark(&self) -> (usize, u32) {
        (self.names.len(), self.next)
    }

    fn reset(&mut self, (len, next): (usize, u32)) {
        self.names.truncate(len);
        self.next = next;
    }
}

/// Compiled `for` bindings and the `if` condition.
pub type CompiledClauses = (Vec<(CPattern, Node)>, Option<Node>);

pub struct Compiler<'a> {
    pub defs: &'a Defs,
    /// Compiling move rules: query functions are refused (the solver runs
    /// the rules while it expands a game, and cannot be asked then).
    pub in_rules: bool,
}

/// A user function's body, as the compiler made it.
pub fn body(f: &FnDef) -> &Node {
    f.body
        .get::<Node>()
        .expect("every function body is compiled to a `Node`")
}

impl<'a> Compiler<'a> {
    /// Names a user may mean when they misspell one: the definitions and
    /// the library's functions.
    fn all_names(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let defs: &'a Defs = self.defs;
        defs.names()
            .chain(library::function_names().map(|n| -> &'a str { n }))
    }

    pub fn new(defs: &'a Defs) -> Self {
        Compiler {
            defs,
            in_rules: false,
        }
    }

    /// A compiler for a game's move rules.
    pub fn for_rules(defs: &'a Defs) -> Self {
        Compiler {
            defs,
            in_rules: true,
        }
    }

    /// An expression outside any game or function, with its own frame.
    pub fn top(&self, e: &Expr) -> Result<Node> {
        let mut scope = Scope::default();
        let node = self.expr(e, &mut scope)?;
        if scope.slots == 0 {
            return Ok(node);
        }
        let span = node.span;
        Ok(Node {
            kind: NodeKind::Frame(scope.slots, Box::new(node)),
            span,
            fast: None,
        })
    }

    pub fn expr(&self, e: &Expr, scope: &mut Scope) -> Result<Node> {
        let span = e.span;
        let kind = match &e.node {
            ExprKind::Int(n) => NodeKind::Const(Value::Int(*n)),
            ExprKind::Bool(b) => NodeKind::Const(Value::Bool(*b)),
            ExprKind::Str(s) => NodeKind::Const(Value::Str(s.as_str().into())),
            ExprKind::Name(name) => self.name(name, span, scope)?,
            // `v[on]` where `v` and `on` name values is an index.
            ExprKind::GameLit(text)
                if text == "v[on]" && ["v", "on"].iter().all(|w| self.bound(w, scope)) =>
            {
                self.v_index_on(span, scope)?
            }
            ExprKind::GameLit(text) => match game_literal(text, span) {
                // A loopy literal (`{0|pass}`, `1over`, `^[on]`), or one
                // that names values: its options are expressions.
                Err(Error::Syntax(SyntaxError::GameLiteral { message, .. }))
                    if message.starts_with("unknown name")
                        || text.contains("[on]")
                        || text.contains("<on>") =>
                {
                    match self.loopy_literal(text, span, scope)? {
                        Some(kind) => kind,
                        None => self.game_expr_literal(text, span, scope)?,
                    }
                }
                r => r?,
            },
            ExprKind::Tuple(xs) => constant_or(self.exprs(xs, scope)?, NodeKind::Tuple, |v| {
                Value::Tuple(v.into())
            }),
            ExprKind::List(xs) => constant_or(self.exprs(xs, scope)?, NodeKind::List, |v| {
                Value::List(v.into())
            }),
            ExprKind::Set(xs) => NodeKind::Set(self.exprs(xs, scope)?),
            ExprKind::Comprehension { set, body, clauses } => {
                let mark = scope.mark();
                let (bindings, cond) = self.clauses(clauses, scope)?;
                let body = self.expr(body, scope)?;
                scope.reset(mark);
                NodeKind::Comprehension {
                    set: *set,
                    body: Box::new(body),
                    bindings,
                    cond: cond.map(Box::new),
                }
            }
            ExprKind::Unary(op, x) => NodeKind::Unary(*op, Box::new(self.expr(x, scope)?)),
            ExprKind::Binary(op, a, b) => NodeKind::Binary(
                *op,
                Box::new(self.expr(a, scope)?),
                Box::new(self.expr(b, scope)?),
            ),
            // `v[n]`: CGSuite's down-to-the-n, where nothing is called `v`.
            ExprKind::Index(a, i)
                if matches!(&a.node, ExprKind::Name(v) if v == "v"
                    && scope.lookup(v).is_none()
                    && !self.defs.global_ids.contains_key(v))
                    && matches!(i.node, ExprKind::Int(n) if n > 0) =>
            {
                let ExprKind::Int(n) = i.node else {
                    unreachable!("matched above")
                };
                game_literal(&format!("v[{n}]"), span)?
            }
            ExprKind::Index(a, i) => NodeKind::Index(
                Box::new(self.expr(a, scope)?),
                Box::new(self.expr(i, scope)?),
            ),
            ExprKind::If(c, t, f) => NodeKind::If(
                Box::new(self.expr(c, scope)?),
                Box::new(self.expr(t, scope)?),
                Box::new(self.expr(f, scope)?),
            ),
            ExprKind::Call(name, args) => self.call(name, args, span, scope)?,
            ExprKind::Play(p) => {
                return Err(Error::type_error(
                    format!("`{}` is a convention, not a value", p.name()),
                    "`normal` and `misere` may only follow the position in `outcome(P, misere)`, `winning`, `remoteness`, `is_p` and `is_n`",
                    span,
                ));
            }
            ExprKind::Quantifier { all, clauses, body } => {
                let mark = scope.mark();
                let (bindings, cond) = self.clauses(clauses, scope)?;
                let mut names = Vec::new();
                for b in &clauses.bindings {
                    let mut ids = Vec::new();
                    b.pattern.names(&mut ids);
                    for id in ids {
                        if let Some(slot) = scope.lookup(&id.name) {
                            names.push((id.name.clone(), slot));
                        }
                    }
                }
                let body = self.expr(body, scope)?;
                scope.reset(mark);
                NodeKind::Quantifier {
                    all: *all,
                    bindings,
                    cond: cond.map(Box::new),
                    body: Box::new(body),
                    names,
                }
            }
        };
        let fast = super::fast::compile(&kind);
        Ok(Node { kind, span, fast })
    }

    /// A game literal in CGSuite's loopy notation, a constant; None when
    /// it names something else, or a loopy name (`on`, `over`) that a
    /// `let` or a parameter holds here: its options are then expressions.
    fn loopy_literal(&self, text: &str, span: Span, scope: &Scope) -> Result<Option<NodeKind>> {
        if text
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| super::loopyvals::LOOPY_NAMES.contains(&w) && self.bound(w, scope))
        {
            return Ok(None);
        }
        super::loopyvals::read_loopy(text, span)
    }

    /// `v[on]` read as the list `v` indexed by the value `on`.
    fn v_index_on(&self, span: Span, scope: &mut Scope) -> Result<NodeKind> {
        let name = |n: &str, a: u32, b: u32| Expr {
            node: ExprKind::Name(n.into()),
            span: Span::new(span.src, a as usize, b as usize),
        };
        Ok(NodeKind::Index(
            Box::new(self.expr(&name("v", span.start, span.start + 1), scope)?),
            Box::new(self.expr(&name("on", span.start + 2, span.end - 1), scope)?),
        ))
    }

    /// Whether `w` names a `let`, a parameter or a global here.
    fn bound(&self, w: &str, scope: &Scope) -> bool {
        scope.lookup(w).is_some() || self.defs.global_ids.contains_key(w)
    }

    fn exprs(&self, xs: &[Expr], scope: &mut Scope) -> Result<Vec<Node>> {
        xs.iter().map(|x| self.expr(x, scope)).collect()
    }

    /// Compile `for ... if ...`, binding the loop names in `scope` (the
    /// caller resets the scope when the names go out of view).
    pub fn clauses(&self, c: &Clauses, scope: &mut Scope) -> Result<CompiledClauses> {
        let mut bindings = Vec::new();
        for b in &c.bindings {
            // The iterated expression sees the earlier bindings, not its own.
            let iter = self.expr(&b.iter, scope)?;
            let pat = self.pattern(&b.pattern, scope);
            bindings.push((pat, iter));
        }
        let cond = match &c.cond {
            Some(e) => Some(self.expr(e, scope)?),
            None => None,
        };
        Ok((bindings, cond))
    }

    fn pattern(&self, p: &Pattern, scope: &mut Scope) -> CPattern {
        match p {
            Pattern::Name(id) => CPattern::Slot(scope.bind(&id.name)),
            Pattern::Tuple(ps, span) => {
                CPattern::Tuple(ps.iter().map(|p| self.pattern(p, scope)).collect(), *span)
            }
        }
    }

    fn name(&self, name: &str, span: Span, scope: &Scope) -> Result<NodeKind> {
        if let Some(slot) = scope.lookup(name) {
            return Ok(NodeKind::Local(slot));
        }
        if let Some(&g) = self.defs.global_ids.get(name) {
            return Ok(NodeKind::Global(g));
        }
        // The outcome classes, for comparing with `outcome(G)`.
        if let Some(o) = crate::model::Class::named(name) {
            return Ok(NodeKind::Const(Value::Outcome(o)));
        }
        if let Some(g) = self.defs.lookup_game(name) {
            let arity = self.defs.game(g).kind.arity();
            return Err(Error::Compile(CompileError::UnknownName {
                name: name.to_string(),
                help: format!(
                    "`{name}` is a game: write a position with its {arity} argument{}, e.g. `{name}({})`",
                    if arity == 1 { "" } else { "s" },
                    vec!["3"; arity].join(", ")
                ),
                span,
            }));
        }
        // `omega` (or `ω`): the first infinite ordinal.
        if matches!(name, "omega" | "ω") {
            return Ok(NodeKind::Const(super::ordinals::omega()));
        }
        // `on`, `over`, …: loopy values, when nothing else is called so.
        if let Some(kind) = super::loopyvals::loopy_name(name, span)? {
            return Ok(kind);
        }
        // `v`, `vv`, `v3`: downs, when nothing else is called so.
        if let Some(rest) = name.strip_prefix('v')
            && rest
                .trim_start_matches('v')
                .bytes()
                .all(|b| b.is_ascii_digit())
        {
            return game_literal(name, span);
        }
        if let Some(help) = self.function_as_value(name) {
            return Err(Error::Compile(CompileError::UnknownName {
                name: name.to_string(),
                help,
                span,
            }));
        }
        let locals = scope.names.iter().map(|(n, _)| n.as_str());
        let loopy = super::loopyvals::LOOPY_NAMES.iter().copied();
        let help = match suggest(name, locals.chain(self.all_names()).chain(loopy)) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "define it with `let`, or bind it in a `for`".to_string(),
        };
        Err(Error::Compile(CompileError::UnknownName {
            name: name.to_string(),
            help,
            span,
        }))
    }

    fn call(&self, name: &Ident, args: &[Expr], span: Span, scope: &mut Scope) -> Result<NodeKind> {
        let n = name.name.as_str();
        if let Some(g) = self.defs.lookup_game(n) {
            let def = self.defs.game(g);
            let arity = def.kind.arity();
            Self::check_arity(n, arity, args.len(), span, "the game")?;
            if let Some(graph) = def.kind.graph() {
                return self.graph_vertex(g, graph, &args[0], scope);
            }
            return Ok(NodeKind::MakePos(g, self.exprs(args, scope)?));
        }
        if let Some(&f) = self.defs.fn_ids.get(n) {
            let arity = self.fn_arity(f);
            Self::check_arity(n, arity, args.len(), span, "the function")?;
            return Ok(NodeKind::CallFn(f, self.exprs(args, scope)?));
        }
        if let Some(e) = library::lookup(n)
            && let Some(kind) = self.library_call(e, name, args, span, scope)?
        {
            return Ok(kind);
        }
        let help = match suggest(n, self.all_names()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "define it with `fn` or `game` (the names may come in any order in a file)"
                .to_string(),
        };
        Err(Error::Compile(CompileError::UnknownFunction {
            name: n.to_string(),
            help,
            span: name.span,
        }))
    }

    /// A call of a library function, checked: of a declared graph, the
    /// graph's data; a question to the solver refused in move rules; the
    /// convention after a position split off; the arity the entry says.
    /// None for `successors` of something not named a graph (the unknown
    /// function's diagnostic follows).
    fn library_call(
        &self,
        e: &'static Entry,
        name: &Ident,
        args: &[Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Result<Option<NodeKind>> {
        let n = e.meta.name;
        match e.call {
            Call::None => {
                return Err(Error::Compile(CompileError::UnknownFunction {
                    name: n.to_string(),
                    help: format!(
                        "`{n}` is a query statement, not a function: write `{}`, e.g. `{}`",
                        e.signature(),
                        e.meta.example
                    ),
                    span: name.span,
                }));
            }
            Call::DeclaredGraph => return self.graph_call(n, args, span, scope),
            Call::Fn(_) | Call::Int(..) => {}
        }
        // Of a declared graph (`vertices(G)`, `components(G, vs)`): its
        // data; of a graph value, the library's function.
        if e.meta.graphs
            && args.first().is_some_and(|a| self.names_graph(a, scope))
            && let Some(kind) = self.graph_call(n, args, span, scope)?
        {
            return Ok(Some(kind));
        }
        if e.meta.solver && self.in_rules {
            return Err(Error::Eval(EvalError::QueryInRules {
                name: n.to_string(),
                span: name.span,
            }));
        }
        // `outcome(P, misere)`: the convention is not an argument.
        let (positional, play) = match args {
            [
                p,
                Expr {
                    node: ExprKind::Play(play),
                    ..
                },
            ] if e.meta.play => (std::slice::from_ref(p), Some(*play)),
            _ => (args, None),
        };
        let (lo, hi) = e.meta.arity;
        let hi = if e.meta.play { hi - 1 } else { hi };
        if positional.len() < lo || positional.len() > hi {
            return Err(Error::Compile(CompileError::Arity {
                name: n.to_string(),
                expected: lo,
                found: args.len(),
                help: format!("usage: {}", e.meta.usage),
                span,
            }));
        }
        Ok(Some(NodeKind::Call(
            e,
            self.exprs(positional, scope)?,
            play,
        )))
    }

    /// `vertices(G)`, `edges(G)`, `successors(G, v)` of a declared graph
    /// (None when `n` is not one of them, or a game or function of that
    /// name exists).
    fn graph_call(
        &self,
        n: &str,
        args: &[Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Result<Option<NodeKind>> {
        let expected = match n {
            "vertices" | "edges" => 1,
            "successors" => 2,
            "subgraph" => args.len().clamp(1, 2),
            // `neighbours(b, cell)` of a board is the builtin.
            "neighbours" | "components" if args.len() == 2 && self.names_graph(&args[0], scope) => {
                2
            }
            _ => return Ok(None),
        };
        let usage = "vertices(G), edges(G) and successors(G, v) take a declared `graph` G";
        if args.len() != expected {
            return Err(Error::Compile(CompileError::Arity {
                name: n.to_string(),
                expected,
                found: args.len(),
                help: usage.into(),
                span,
            }));
        }
        let graph = match &args[0].node {
            ExprKind::Name(g) if scope.lookup(g).is_none() => self
                .defs
                .lookup_game(g)
                .and_then(|id| self.defs.game(id).kind.graph().map(|d| (id, d))),
            _ => None,
        };
        let Some((g, data)) = graph else {
            return Err(Error::type_error(
                format!("`{n}` needs the name of a declared graph"),
                format!(
                    "{usage}, e.g. `graph G {{ a -> b }}` and `{n}(G{})`",
                    if expected == 2 { ", G(a)" } else { "" }
                ),
                args[0].span,
            ));
        };
        let vertex = |v: u32| {
            Value::Pos(
                vec![Comp {
                    game: g,
                    args: vec![Value::Int(i64::from(v))].into(),
                }]
                .into(),
            )
        };
        Ok(Some(match n {
            "vertices" => NodeKind::Const(Value::list(
                (0..data.vertices.len() as u32).map(vertex).collect(),
            )),
            "edges" => NodeKind::Const(Value::list(
                data.edges
                    .iter()
                    .enumerate()
                    .flat_map(|(a, out)| {
                        out.iter()
                            .map(move |&b| Value::Tuple(vec![vertex(a as u32), vertex(b)].into()))
                    })
                    .collect(),
            )),
            "subgraph" if args.len() == 1 => NodeKind::Const(Value::Graph(std::rc::Rc::new(
                library::whole(self.defs, g, args[0].span)?,
            ))),
            _ => {
                let ask = match n {
                    "subgraph" => GraphAsk::Subgraph,
                    "neighbours" => GraphAsk::Neighbours,
                    "components" => GraphAsk::Components,
                    _ => GraphAsk::Successors,
                };
                NodeKind::Successors(g, Box::new(self.expr(&args[1], scope)?), ask)
            }
        }))
    }

    /// The help for a function's name written as a value (`xor`, `let f =
    /// f`): functions are called, never passed around.
    fn function_as_value(&self, name: &str) -> Option<String> {
        if let Some(&f) = self.defs.fn_ids.get(name) {
            let arity = self.fn_arity(f);
            let args = vec!["…"; arity].join(", ");
            return Some(format!(
                "`{name}` is a function, not a value: call it with its {arity} argument{} in brackets, `{name}({args})`",
                if arity == 1 { "" } else { "s" }
            ));
        }
        let e = library::lookup(name).filter(|e| e.is_function())?;
        Some(format!(
            "`{name}` is a function, not a value: call it with its arguments in brackets, `{}`, e.g. `{}`",
            e.signature(),
            e.meta.example
        ))
    }

    /// Whether an argument is the name of a declared graph.
    fn names_graph(&self, e: &Expr, scope: &Scope) -> bool {
        matches!(&e.node, ExprKind::Name(g) if scope.lookup(g).is_none()
            && self.defs.lookup_game(g).is_some_and(|id| self.defs.game(id).kind.graph().is_some()))
    }

    fn fn_arity(&self, f: u32) -> usize {
        self.defs.fn_arities.get(f as usize).copied().unwrap_or(0)
    }

    fn check_arity(
        name: &str,
        expected: usize,
        found: usize,
        span: Span,
        what: &str,
    ) -> Result<()> {
        if expected == found {
            return Ok(());
        }
        Err(Error::Compile(CompileError::Arity {
            name: name.to_string(),
            expected,
            found,
            help: format!(
                "{what} `{name}` takes {expected} argument{}",
                if expected == 1 { "" } else { "s" }
            ),
            span,
        }))
    }

    /// `G(a)` for a graph: a bare name is the vertex of that name; any other
    /// expression is evaluated, and an integer `k` means the vertex named `k`.
    fn graph_vertex(
        &self,
        g: GameId,
        graph: &crate::model::GraphData,
        arg: &Expr,
        scope: &mut Scope,
    ) -> Result<NodeKind> {
        // A bare name is a vertex when the graph has one of that name, or
        // when nothing else of that name exists.
        let literal = match &arg.node {
            ExprKind::Name(v)
                if scope.lookup(v).is_none()
                    && (graph.vertices.contains_key(v)
                        || !self.defs.global_ids.contains_key(v)) =>
            {
                Some(v.clone())
            }
            ExprKind::Int(k) => Some(k.to_string()),
            _ => None,
        };
        if let Some(v) = literal {
            return match graph.vertices.get_index_of(&v) {
                Some(i) => Ok(NodeKind::Const(Value::Pos(
                    vec![crate::model::Comp {
                        game: g,
                        args: vec![Value::Int(i as i64)].into(),
                    }]
                    .into(),
                ))),
                None => Err(Error::Eval(EvalError::Value {
                    message: format!(
                        "`{v}` is not a vertex of graph `{}`",
                        self.defs.game(g).name
                    ),
                    help: match suggest(&v, graph.vertices.keys().map(std::string::String::as_str))
                    {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => "the vertices are the names written in the graph".to_string(),
                    },
                    span: arg.span,
                })),
            };
        }
        Ok(NodeKind::MakePos(g, vec![self.expr(arg, scope)?]))
    }
}

/// A tuple or list of constants is itself a constant, built once.
fn constant_or(
    items: Vec<Node>,
    node: fn(Vec<Node>) -> NodeKind,
    value: fn(Vec<Value>) -> Value,
) -> NodeKind {
    let consts: Option<Vec<Value>> = items
        .iter()
        .map(|n| match &n.kind {
            NodeKind::Const(v) => Some(v.clone()),
            _ => None,
        })
        .collect();
    match consts {
        Some(vs) => NodeKind::Const(value(vs)),
        None => node(items),
    }
}

/// A call `f(a1, .., an)` of a user function, with every argument a local
/// or an integer constant, as the function's body with the arguments put in
/// place of its parameters (inlined): the body's own loop variables move to
/// slots from `base` on. None when `f` is not defined with that arity or
/// its body holds a call, a position or a frame (the body then runs as a
/// call). Evaluating the result in the caller's frame gives what the call
/// gives as long as the call does not fail (an inlined body has no depth
/// limit to reach); callers use it only for values, never for errors.
/// Returns the body, the frame size it needs, and the definition inlined.
pub fn inline_call(
    defs: &Defs,
    f: u32,
    args: &[Node],
    base: u32,
) -> Option<(Node, usize, std::rc::Rc<crate::model::FnDef>)> {
    let def = defs.fns.get(f as usize)?.clone()?;
    if def.arity != args.len() || def.slots < def.arity {
        return None;
    }
    let leaves = args
        .iter()
        .all(|a| matches!(a.kind, NodeKind::Local(_) | NodeKind::Const(Value::Int(_))));
    if !leaves {
        return None;
    }
    let arity = def.arity as u32;
    let body = substitute(body(&def), arity, args, base)?;
    let slots = base as usize + def.slots - def.arity;
    Some((body, slots, def))
}

/// A node reading frame slot `slot`, as the compiler makes one (with its
/// closure): what `inline_call` takes for an argument computed elsewhere.
pub fn local_node(slot: u32, span: Span) -> Node {
    let kind = NodeKind::Local(slot);
    let fast = super::fast::compile(&kind);
    Node { kind, span, fast }
}

fn substitute(node: &Node, arity: u32, args: &[Node], base: u32) -> Option<Node> {
    let sub = |n: &Node| substitute(n, arity, args, base).map(Box::new);
    let all = |xs: &[Node]| -> Option<Vec<Node>> {
        xs.iter()
            .map(|x| substitute(x, arity, args, base))
            .collect()
    };
    let kind = match &node.kind {
        NodeKind::Const(v) => NodeKind::Const(v.clone()),
        NodeKind::Local(s) if *s < arity => return Some(args[*s as usize].clone()),
        NodeKind::Local(s) => NodeKind::Local(base + s - arity),
        NodeKind::Global(g) => NodeKind::Global(*g),
        NodeKind::Tuple(xs) => NodeKind::Tuple(all(xs)?),
        NodeKind::List(xs) => NodeKind::List(all(xs)?),
        NodeKind::Set(xs) => NodeKind::Set(all(xs)?),
        NodeKind::Comprehension {
            set,
            body,
            bindings,
            cond,
        } => NodeKind::Comprehension {
            set: *set,
            body: sub(body)?,
            bindings: bindings
                .iter()
                .map(|(p, iter)| {
                    Some((
                        move_pattern(p, arity, base),
                        substitute(iter, arity, args, base)?,
                    ))
                })
                .collect::<Option<_>>()?,
            cond: match cond {
                Some(c) => Some(sub(c)?),
                None => None,
            },
        },
        NodeKind::Unary(op, x) => NodeKind::Unary(*op, sub(x)?),
        NodeKind::Binary(op, a, b) => NodeKind::Binary(*op, sub(a)?, sub(b)?),
        NodeKind::Index(a, i) => NodeKind::Index(sub(a)?, sub(i)?),
        NodeKind::If(c, t, e) => NodeKind::If(sub(c)?, sub(t)?, sub(e)?),
        NodeKind::Call(e, xs, None) if !e.meta.solver => NodeKind::Call(e, all(xs)?, None),
        NodeKind::Call(..)
        | NodeKind::CallFn(..)
        | NodeKind::MakePos(..)
        | NodeKind::Frame(..)
        | NodeKind::Quantifier { .. }
        | NodeKind::Successors(..)
        | NodeKind::GameBraces(..) => return None,
    };
    let fast = super::fast::compile(&kind);
    Some(Node {
        kind,
        span: node.span,
        fast,
    })
}

/// A loop variable's slot in the inlined body (patterns bind only slots
/// after the parameters).
fn move_pattern(p: &CPattern, arity: u32, base: u32) -> CPattern {
    match p {
        CPattern::Slot(s) => CPattern::Slot(base + s.saturating_sub(arity)),
        CPattern::Tuple(ps, span) => CPattern::Tuple(
            ps.iter().map(|p| move_pattern(p, arity, base)).collect(),
            *span,
        ),
    }
}

/// A game value written in CGSuite's notation, read into a store of its
/// own: the constant holds its canonical text, which the solver's store
/// reads back (`model::game_value::resolve`) when the value is used.
/// Canonical forms and sums a game literal may cost where it is written
/// (about a second; `v*312` takes far more, seven seconds before it was
/// refused): past it the literal is refused, and the same game written as
/// a sum is computed by its statement, under the query's own budgets. A
/// comparison of options in the store counts sixteen steps
/// (`partizan::LE_STEPS`), so this is a thousand times the 200,000 it
/// was when they counted one per 64.
const LITERAL_STEPS: u64 = 200_000_000;

fn game_literal(text: &str, span: Span) -> Result<NodeKind> {
    let mut store = crate::partizan::GameStore::new();
    store.set_budget(LITERAL_STEPS, usize::MAX, || 0);
    let r = crate::partizan::parse(&mut store, text);
    if store.steps() > LITERAL_STEPS {
        return Err(SyntaxError::GameLiteral {
            message: format!(
                "this game value takes more than {LITERAL_STEPS} steps to compute where it is written"
            ),
            help: "write it as a sum (`v + *312` for `v*312`): a statement computes sums under its query's budgets (`--max-steps`, Ctrl-C)".into(),
            span,
        }
        .into());
    }
    match r {
        Ok(id) => Ok(NodeKind::Const(crate::model::game_value::game_val(
            &mut store, id,
        ))),
        Err(mut e) => {
            if e.message.starts_with("unknown name") {
                e.help = "a name in a game value must be defined (`let x = 3` before `{x | 0}`); a set holding `a || b` is written `{(a || b)}`".to_string();
            }
            Err(e.at(span))
        }
    }
}
