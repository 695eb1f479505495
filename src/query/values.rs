//! Expressions that compute with what the solver knows: the oracle behind
//! the query functions (`grundy(P)`, `outcome(P)`, `options(P)`, ...), bare
//! expressions, `assert`, and the general form of `sequence` and `table`
//! (`sequence n in 0..=30: Turtles({n})`).

use std::cell::RefCell;

use serde_json::{Value as Json, json};

use crate::digraph::{self, Generalized};
use crate::error::{CompileError, EvalError};
use crate::error::{Error, Result};
use crate::eval::{Compiler, Interp, Node, Scope};
use crate::library::Shape;
use crate::misere::Universe;
use crate::model::game_value::{game_val, resolve};
use crate::model::{
    Class, Comp, Ctx, Defs, GameNames, MisereAsk, MiserePair, MisereQuestion, Oracle, PartsAsk,
    Side, Value,
};
use crate::model::{fmt_shown, fmt_value};
use crate::partizan::{Comparison, GameStore};
use crate::solve::{AnyOutcome, GValue, Solver};
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, Ident, Pattern, Play, Series};

/// The convention a query uses: the one written, else misère when any
/// component's game is declared `misere`, else normal.
pub fn play_for(defs: &Defs, written: Option<Play>, comps: &[Comp]) -> Play {
    defs.play_for(written, comps)
}

/// The solver as the evaluator's oracle, for one statement. The solver is
/// borrowed only while one question is answered; the solver's own
/// evaluators (move rules) have no oracle, so the borrow is never asked
/// for twice (if it were, the answer is a diagnostic, not a panic).
pub struct SolverOracle<'s> {
    solver: RefCell<&'s mut Solver>,
}

impl<'s> SolverOracle<'s> {
    pub fn new(solver: &'s mut Solver) -> Self {
        SolverOracle {
            solver: RefCell::new(solver),
        }
    }

    fn with<T>(
        &self,
        cx: &Ctx,
        pos: &[Comp],
        f: impl FnOnce(&mut Solver, &[u32]) -> Result<T>,
    ) -> Result<T> {
        let mut s = self
            .solver
            .try_borrow_mut()
            .map_err(|_| EvalError::QueryInRules {
                name: "a query function".into(),
                span: cx.span,
            })?;
        let ids = pos
            .iter()
            .map(|c| s.intern_comp(cx, c))
            .collect::<Result<Vec<u32>>>()?;
        f(&mut s, &ids)
    }
}

impl Oracle for SolverOracle<'_> {
    fn value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Generalized<u64>> {
        self.with(cx, pos, |s, ids| s.value_sum(cx, ids))
    }

    fn outcome(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Class> {
        let chosen = play_for(cx.defs, play, pos);
        if cx.defs.any_partizan(pos) {
            return self.with(cx, pos, |s, ids| {
                Ok(match s.partizan_outcome_any(cx, ids, chosen)? {
                    AnyOutcome::Short(o) => o.into(),
                    AnyOutcome::Loopy(o) => Class(o),
                })
            });
        }
        self.with(cx, pos, |s, ids| {
            Ok(match chosen {
                Play::Normal => s.value_sum(cx, ids)?.outcome(),
                Play::Misere => s.misere_outcome(cx, ids)?,
            }
            .into())
        })
    }

    fn options(&self, cx: &Ctx, pos: &[Comp]) -> Result<Vec<Vec<Comp>>> {
        self.with(cx, pos, |s, ids| {
            Ok(s.all_moves(cx, pos, ids)?
                .into_iter()
                .map(|m| m.comps)
                .collect())
        })
    }

    fn winning(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Vec<Vec<Comp>>> {
        let chosen = play_for(cx.defs, play, pos);
        self.with(cx, pos, |s, ids| s.winning(cx, chosen, pos, ids))
    }

    fn sided_options(
        &self,
        cx: &Ctx,
        pos: &[Comp],
        side: Side,
        winning: Option<Play>,
    ) -> Result<Vec<Vec<Comp>>> {
        self.with(cx, pos, |s, ids| {
            let moves = match winning {
                Some(play) => s.partizan_winning_any(cx, ids, side, play)?,
                None => s
                    .sided_children(cx, ids, side)?
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect(),
            };
            let mut seen = std::collections::HashSet::new();
            let mut out = Vec::new();
            for m in moves {
                let mut after: Vec<Comp> = pos.to_vec();
                after.splice(
                    m.index..=m.index,
                    m.parts.iter().map(|&p| s.comp(p).clone()),
                );
                let mut key = after.clone();
                key.sort();
                if seen.insert(key) {
                    out.push(after);
                }
            }
            Ok(out)
        })
    }

    fn remoteness(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Option<u32>> {
        let chosen = play_for(cx.defs, play, pos);
        self.with(cx, pos, |s, ids| {
            let sg = s.sum_graph(cx, ids)?;
            let analysis = match chosen {
                Play::Normal => digraph::retrograde(&sg.graph),
                Play::Misere => digraph::misere_retrograde(&sg.graph),
            };
            Ok(analysis.remoteness[0])
        })
    }

    fn compare_misere(&self, cx: &Ctx, pair: [&[Comp]; 2], u: Universe) -> Result<Comparison> {
        let ids_b = self.with(cx, pair[1], |_, ids| Ok(ids.to_vec()))?;
        self.with(cx, pair[0], |s, ids| s.misere_compare(cx, ids, &ids_b, u))
    }

    fn misere_form(&self, cx: &Ctx, pos: &[Comp], u: Universe, ask: MisereAsk) -> Result<Value> {
        self.with(cx, pos, |s, ids| s.misere_ask(cx, ids, u, ask))
    }

    fn misere_mate(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value> {
        self.with(cx, pos, |s, ids| {
            let f = s.misere_mate(cx, ids)?;
            Ok(Value::Str(f.form.into()))
        })
    }

    fn misere_predicate(&self, cx: &Ctx, pos: &[Comp], q: MisereQuestion) -> Result<Value> {
        self.with(cx, pos, |s, ids| s.misere_predicate(cx, ids, q))
    }

    fn misere_pair(&self, cx: &Ctx, pair: [&[Comp]; 2], q: MiserePair) -> Result<Value> {
        let ids_b = self.with(cx, pair[1], |_, ids| Ok(ids.to_vec()))?;
        self.with(cx, pair[0], |s, ids| s.misere_pair(cx, [ids, &ids_b], q))
    }

    fn misere_parts(&self, cx: &Ctx, pos: &[Comp], ask: PartsAsk) -> Result<Value> {
        self.with(cx, pos, |s, ids| s.misere_parts(cx, ids, ask))
    }

    fn dead_end(&self, cx: &Ctx, pos: &[Comp], left: bool) -> Result<bool> {
        self.with(cx, pos, |s, ids| s.misere_dead_end(cx, ids, left))
    }

    fn game_value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value> {
        self.with(cx, pos, |s, ids| {
            let v = s.partizan_sum(cx, ids)?;
            Ok(game_val(s.store(), v))
        })
    }

    fn loopy_value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value> {
        self.with(cx, pos, |s, ids| {
            let g = s.loopy_graph(cx, ids)?;
            crate::model::loopy_value::graph_value(cx, s.store(), &g, 0, cx.span)
        })
    }

    fn with_store(
        &self,
        cx: &Ctx,
        f: &mut dyn FnMut(&mut GameStore) -> Result<Value>,
    ) -> Result<Value> {
        self.with(cx, &[], |s, _| f(s.store()))
    }
}

/// A value as a bare expression prints it.
pub fn shown(v: &Value, names: &dyn GameNames) -> String {
    let mut s = String::new();
    fmt_shown(v, names, &mut s);
    s
}

fn written(v: &Value, defs: &Defs) -> String {
    let mut s = String::new();
    fmt_value(v, defs, &mut s);
    s
}

/// A value in JSON, as a bare expression's line and each cell of a
/// `sequence` or `table` of an expression print it (docs/JSON.md): an
/// object with `value` (the text it prints as), `type` (the language's
/// name for its type: `integer`, `list`, `game value`, …) and, for some
/// types, one more field of one JSON type each: `integer`, `boolean`,
/// `string` (a string's characters), `items` (a tuple's, list's or set's
/// elements, each an object of this shape), `range` (`[start, end]`,
/// half-open), `infinity` (K of ∞(K)), `canonical` (a game value's form,
/// as the `value` query's; null when it cannot be read back) or `board`
/// (its rows). Positions and outcomes are their text.
pub fn to_json(v: &Value, defs: &dyn GameNames, store: &mut GameStore) -> Json {
    let kind = v.type_name();
    let kind = kind.split_once(' ').map_or(kind, |(_, k)| k);
    let Json::Object(mut obj) = json!({"value": shown(v, defs), "type": kind}) else {
        unreachable!("an object")
    };
    let typed = match v {
        Value::Int(n) => Some(("integer", json!(n))),
        Value::Bool(b) => Some(("boolean", json!(b))),
        Value::Tuple(xs) | Value::List(xs) => Some((
            "items",
            Json::Array(xs.iter().map(|x| to_json(x, defs, store)).collect()),
        )),
        Value::Set(xs) => Some((
            "items",
            Json::Array(xs.iter().map(|x| to_json(x, defs, store)).collect()),
        )),
        Value::Range(a, b) => Some(("range", json!([a, b]))),
        Value::Pos(_)
        | Value::Outcome(_)
        | Value::Ordinal(_)
        | Value::Surreal(_)
        | Value::Rational(_)
        | Value::Nimber(_) => None,
        Value::LoopyGame(l) => Some((
            "canonical",
            match crate::model::loopy_value::loopy_json(store, &l.value) {
                Ok(j) => json!(j),
                Err(_) => Json::Null,
            },
        )),
        Value::Loopy(k) => Some(("infinity", json!(k.to_vec()))),
        Value::Game(g) => Some((
            "canonical",
            match resolve(store, g, Span::default()) {
                Ok(id) => json!(store.to_json(id)),
                Err(_) => Json::Null,
            },
        )),
        Value::Str(s) => Some(("string", json!(&**s))),
        Value::Board(b) => Some(("board", json!(b.row_strings()))),
        Value::Graph(g) => Some((
            "graph",
            json!({ "vertices": g.vertices(), "edges": g.edges() }),
        )),
    };
    if let Some((field, value)) = typed {
        obj.insert(field.into(), value);
    }
    Json::Object(obj)
}

/// Evaluate with the solver as oracle.
pub fn eval_with(cx: &Ctx, solver: &mut Solver, node: &Node) -> Result<Value> {
    let oracle = SolverOracle::new(solver);
    let interp = Interp::with_oracle(cx, &oracle);
    interp.eval(node, &mut [])
}

/// `WORD P` of a library function marked a generic statement: P
/// evaluated, the function applied to it, the answer `WORD P = value`.
pub(super) fn generic(
    ctx: &mut super::Run<'_>,
    entry: &'static crate::library::Entry,
    play: Option<Play>,
    x: &Node,
) -> Result<super::Answer> {
    let (arg, v) = {
        let oracle = SolverOracle::new(ctx.solver);
        let arg = Interp::with_oracle(&ctx.cx, &oracle).eval(x, &mut [])?;
        // A statement's operand is a position (or a game value, an
        // integer): as for every other word.
        if !matches!(arg, Value::Pos(_) | Value::Game(_) | Value::Int(_)) {
            return Err(Error::Eval(EvalError::NotAPosition {
                found: arg.type_name().to_string(),
                span: x.span,
            }));
        }
        let spans = |_: usize| x.span;
        let call = crate::library::Args::new(
            &entry.meta,
            vec![arg.clone()],
            &spans,
            ctx.cx.span,
            &ctx.cx,
            Some(&oracle),
            play,
        );
        (arg, crate::library::call(entry, call)?)
    };
    let position = match &arg {
        Value::Pos(cs) => ctx.heading(cs, 0)?,
        Value::Game(g) => ctx.heading(
            &crate::model::game_value::value_comp(g)
                .into_iter()
                .collect::<Vec<_>>(),
            0,
        )?,
        other => shown(other, &super::show::Shows::new(&ctx.cx)),
    };
    let names = super::show::Shows::new(&ctx.cx);
    let value = names.check(shown(&v, &names))?;
    let json = to_json(&v, &names, ctx.solver.store());
    Ok(super::Answer::Generic {
        word: entry.meta.name,
        position,
        value,
        json,
    })
}

/// `assert COND`: Ok when it holds; a failing `forall` names its
/// counterexample.
pub fn check(cx: &Ctx, solver: &mut Solver, node: &Node, text: &str) -> Result<()> {
    let oracle = SolverOracle::new(solver);
    let interp = Interp::with_oracle(cx, &oracle);
    match interp.eval(node, &mut [])? {
        Value::Bool(true) => Ok(()),
        Value::Bool(false) => {
            let (message, help) = match interp.take_witness() {
                Some(w) if !w.bindings.is_empty() => {
                    let at: Vec<String> = w
                        .bindings
                        .iter()
                        .map(|(n, v)| format!("{n} = {}", written(v, cx.defs)))
                        .collect();
                    let at = at.join(", ");
                    let why = match &w.sides {
                        Some((op, (sa, a), (sb, b))) => {
                            let side = |sp: &Span, fallback: &str| {
                                source_of(node.span, text, *sp)
                                    .map_or(fallback.to_string(), |t| format!("`{t}`"))
                            };
                            format!(
                                "there {} is {} and {} is {}, so `{}` fails",
                                side(sa, "the left side"),
                                written(a, cx.defs),
                                side(sb, "the right side"),
                                written(b, cx.defs),
                                op.symbol()
                            )
                        }
                        None => format!("`{text}` is false there"),
                    };
                    (format!("counterexample {at}"), format!("at {at}: {why}"))
                }
                _ => (
                    "the condition is false".to_string(),
                    format!("`{text}` evaluated to false"),
                ),
            };
            Err(Error::Eval(EvalError::AssertFailed {
                message,
                help,
                span: node.span,
            }))
        }
        v => Err(Error::type_error(
            format!("`assert` needs a boolean, found {}", v.type_name()),
            "assert a condition, e.g. `assert forall n in 0..=20: grundy(Nim(n)) == n`",
            node.span,
        )),
    }
}

/// The text of `part` when it lies inside the assertion `whole` (whose
/// text is `text`), without trailing blanks.
fn source_of(whole: Span, text: &str, part: Span) -> Option<&str> {
    if part.src != whole.src || part.start < whole.start {
        return None;
    }
    let from = (part.start - whole.start) as usize;
    let to = (part.end - whole.start) as usize;
    let t = text.get(from..to.min(text.len()))?.trim_end();
    (!t.is_empty()).then_some(t)
}

/// `sequence n in R: E` / `table a in R, b in S: E`, compiled: each
/// binding's range (evaluated once, before the loop) and the expression,
/// which sees the bound names in slots 0, 1.
#[derive(Debug)]
pub struct CSeries {
    pub ranges: Vec<Node>,
    pub body: Node,
    pub slots: usize,
    pub label: String,
}

/// Compile the bindings and the expression; each bound name must be used.
pub fn compile_series(c: &Compiler, s: &Series, word: Shape, span: Span) -> Result<CSeries> {
    let query = word.name();
    let want = if word == Shape::Sequence { 1 } else { 2 };
    if s.bindings.len() != want {
        return Err(Error::Compile(CompileError::Query {
            message: format!(
                "`{query}` takes {want} binding{}, not {}",
                if want == 1 { "" } else { "s" },
                s.bindings.len()
            ),
            help: if want == 1 {
                format!(
                    "write `{query} n in 0..=20: G(n)`; for two bindings use `{}`",
                    Shape::Table.name()
                )
            } else {
                format!(
                    "write `{query} a in 0..=9, b in 0..=9: G(a, b)`; for one binding use `{}`",
                    Shape::Sequence.name()
                )
            },
            span,
        }));
    }
    let mut names: Vec<Ident> = Vec::new();
    let mut ranges = Vec::new();
    for b in &s.bindings {
        let Pattern::Name(id) = &b.pattern else {
            return Err(Error::type_error(
                "a range yields integers, which cannot be unpacked",
                "bind one name to each range, e.g. `n in 0..=20`",
                b.pattern.span(),
            ));
        };
        // Ranges see no binding: each is evaluated once, before the loop.
        ranges.push(c.top(&b.iter)?);
        names.push(id.clone());
    }
    for n in &names {
        if !mentions(&s.body, &n.name) {
            return Err(Error::Compile(CompileError::Query {
                message: format!("the expression does not use `{}`", n.name),
                help: format!(
                    "`{query}` lists the expression for each value of `{}`: write it in, e.g. `{query} {} in 0..=20: G({})`",
                    n.name, n.name, n.name
                ),
                span: n.span,
            }));
        }
    }
    let mut scope = Scope::with_params(&names);
    let body = c.expr(&s.body, &mut scope)?;
    let bound: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
    Ok(CSeries {
        ranges,
        body,
        slots: scope.slots as usize,
        label: format!("{} for {} in", s.text, bound.join(", ")),
    })
}

/// Whether an expression names `name` anywhere (shadowing ignored: a name
/// rebound inside still counts, which only lets more through).
fn mentions(e: &Expr, name: &str) -> bool {
    let any = |xs: &[Expr]| xs.iter().any(|x| mentions(x, name));
    let clauses = |c: &crate::syntax::ast::Clauses| {
        c.bindings.iter().any(|b| mentions(&b.iter, name))
            || c.cond.as_ref().is_some_and(|x| mentions(x, name))
    };
    match &e.node {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Str(_)
        | ExprKind::Play(_)
        | ExprKind::GameLit(_) => false,
        ExprKind::Name(n) => n == name,
        ExprKind::Tuple(xs) | ExprKind::List(xs) | ExprKind::Set(xs) => any(xs),
        ExprKind::Call(_, xs) => any(xs),
        ExprKind::Comprehension {
            body, clauses: c, ..
        }
        | ExprKind::Quantifier {
            body, clauses: c, ..
        } => mentions(body, name) || clauses(c),
        ExprKind::Unary(_, x) => mentions(x, name),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => mentions(a, name) || mentions(b, name),
        ExprKind::If(a, b, c) => mentions(a, name) || mentions(b, name) || mentions(c, name),
    }
}

/// One cell of a sequence or table: a value in normal play, an outcome in
/// misère play.
#[derive(Clone)]
pub enum Cell {
    Value(GValue),
    Outcome(digraph::Outcome),
}

/// The positions of a series at each binding, answered by `cell`.
pub struct SeriesRun<'r, 'a> {
    pub cx: &'r Ctx<'a>,
    pub oracle: &'r SolverOracle<'r>,
}

impl SeriesRun<'_, '_> {
    /// A range of the bindings, as (from, to) half-open.
    pub fn range(&self, node: &Node, max: i64) -> Result<(i64, i64)> {
        let interp = Interp::with_oracle(self.cx, self.oracle);
        match interp.eval(node, &mut [])? {
            Value::Range(a, b) => {
                let b = b.max(a);
                if b - a > max {
                    return Err(Error::Compile(CompileError::Query {
                        message: format!("the range holds more than {max} values"),
                        help: "ask for a shorter range".into(),
                        span: node.span,
                    }));
                }
                Ok((a, b))
            }
            v => Err(Error::type_error(
                format!("expected a range, found {}", v.type_name()),
                "write a range of values, e.g. `0..=20`",
                node.span,
            )),
        }
    }

    /// The series' expression at these values of the bindings.
    pub fn value(&self, s: &CSeries, at: &[i64]) -> Result<Value> {
        let interp = Interp::with_oracle(self.cx, self.oracle);
        let mut frame = vec![Value::Int(0); s.slots.max(at.len())];
        for (i, &n) in at.iter().enumerate() {
            frame[i] = Value::Int(n);
        }
        interp.eval(&s.body, &mut frame)
    }

    pub fn position_cell(&self, comps: &[Comp], play: Option<Play>) -> Result<Cell> {
        match play_for(self.cx.defs, play, comps) {
            Play::Normal => Ok(Cell::Value(self.oracle.value(self.cx, comps)?)),
            Play::Misere => {
                let class = self.oracle.outcome(self.cx, Some(Play::Misere), comps)?;
                let o = class.impartial().ok_or_else(|| {
                    Error::type_error(
                        format!("this position's misère class is {class}, a partizan class"),
                        "a misère `sequence` or `table` lists impartial outcomes (P, N, D); ask `outcome misere P` of a partizan position one at a time",
                        self.cx.span,
                    )
                })?;
                Ok(Cell::Outcome(o))
            }
        }
    }
}
