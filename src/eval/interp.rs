//! The evaluator: compiled nodes to values, with checked arithmetic, a call
//! depth limit and cancellation.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::error::{CompileError, EvalError};
use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::{BinOp, UnOp};

use super::compile::{CPattern, GraphAsk, Node, NodeKind};
use super::fast::Fast;
use super::ops::{binary, describe_len, elements, index};
use super::quantifiers::{Quantifier, Witness};
use crate::library::{self, Args, IntForm, MAX_MATERIALISED};
use crate::model::{Comp, Ctx, Defs, GameId, Oracle, STAR, Value};

/// User function calls may nest this deep (the evaluator runs on a thread
/// with a stack large enough for it).
pub const MAX_CALL_DEPTH: usize = 2_000;

pub struct Interp<'a> {
    pub defs: &'a Defs,
    /// The query's context: Ctrl-C, the step and memory budgets.
    pub cx: &'a Ctx<'a>,
    depth: Cell<usize>,
    /// Emptied vectors kept for reuse: function frames and comprehension
    /// outputs, allocated once per evaluator instead of once per call.
    spare: RefCell<Vec<Vec<Value>>>,
    /// The same for comprehensions of integers.
    spare_ints: RefCell<Vec<Vec<i64>>>,
    /// Answers the query functions; None while the solver runs move rules.
    pub(super) oracle: Option<&'a dyn Oracle>,
    /// The bindings at which the last `forall` evaluated failed.
    pub(super) witness: RefCell<Option<Witness>>,
}

impl<'a> Interp<'a> {
    pub fn new(cx: &'a Ctx<'a>) -> Self {
        Interp {
            defs: cx.defs,
            cx,
            depth: Cell::new(0),
            spare: RefCell::new(Vec::new()),
            spare_ints: RefCell::new(Vec::new()),
            oracle: None,
            witness: RefCell::new(None),
        }
    }

    /// An evaluator whose query functions ask `oracle`.
    pub fn with_oracle(cx: &'a Ctx<'a>, oracle: &'a dyn Oracle) -> Self {
        let mut me = Interp::new(cx);
        me.oracle = Some(oracle);
        me
    }

    /// The counterexample of the last `forall` that failed, if any.
    pub fn take_witness(&self) -> Option<Witness> {
        self.witness.borrow_mut().take()
    }

    #[inline]
    fn take_vec(&self) -> Vec<Value> {
        self.spare.borrow_mut().pop().unwrap_or_default()
    }

    #[inline]
    fn give_vec(&self, mut v: Vec<Value>) {
        v.clear();
        self.spare.borrow_mut().push(v);
    }

    /// Called in every loop: long evaluations stay cancellable and within
    /// the step and memory budgets.
    #[inline]
    pub(crate) fn tick(&self, span: Span) -> Result<()> {
        self.cx.tick_at(span)
    }

    /// An integer expression by its compiled closure (`fast.rs`), without
    /// building values or results: the hot path of move rules (`n - k`,
    /// `rows[r]`). None for any other node, a non-integer, or an overflow:
    /// the caller then evaluates the node the ordinary way, which reports
    /// any error.
    #[inline]
    pub(super) fn eval_int(&self, node: &Node, frame: &[Value]) -> Option<i64> {
        match &node.fast {
            Some(Fast::Int(f)) => f(self, frame),
            _ => None,
        }
    }

    /// A condition by its compiled closure: integer comparisons, `and`,
    /// `or`, `not`, boolean constants; None as for `eval_int`.
    #[inline]
    pub(crate) fn fast_truth(&self, node: &Node, frame: &[Value]) -> Option<bool> {
        match &node.fast {
            Some(Fast::Bool(f)) => f(self, frame),
            _ => None,
        }
    }

    /// `eval_int` with its two leaf cases inline (no call for `n - k`).
    #[inline(always)]
    pub(crate) fn int_operand(&self, node: &Node, frame: &[Value]) -> Option<i64> {
        match &node.kind {
            NodeKind::Const(Value::Int(n)) => Some(*n),
            NodeKind::Local(s) => match frame[*s as usize] {
                Value::Int(n) => Some(n),
                _ => None,
            },
            _ => self.eval_int(node, frame),
        }
    }

    #[inline]
    pub fn eval(&self, node: &Node, frame: &mut [Value]) -> Result<Value> {
        if let Some(n) = self.int_operand(node, frame) {
            return Ok(Value::Int(n));
        }
        self.eval_slow(node, frame)
    }

    /// Everything but the integer fast path, out of line so that `eval`
    /// itself stays a small function.
    #[inline(never)]
    fn eval_slow(&self, node: &Node, frame: &mut [Value]) -> Result<Value> {
        let span = node.span;
        match &node.kind {
            NodeKind::Const(v) => Ok(v.clone()),
            NodeKind::Local(s) => Ok(frame[*s as usize].clone()),
            NodeKind::Global(g) => self.global(*g, span),
            NodeKind::Tuple(xs) => Ok(Value::Tuple(self.eval_all(xs, frame)?.into())),
            NodeKind::List(xs) => Ok(Value::List(self.eval_all(xs, frame)?.into())),
            NodeKind::Set(xs) => Ok(Value::Set(Rc::new(
                self.eval_all(xs, frame)?.into_iter().collect(),
            ))),
            NodeKind::Comprehension {
                set,
                body,
                bindings,
                cond,
            } => self.comprehension(*set, body, bindings, cond.as_deref(), frame, span),
            NodeKind::Unary(op, x) => {
                let v = self.eval(x, frame)?;
                self.unary(*op, v, x.span, span)
            }
            NodeKind::Binary(BinOp::And, a, b) => {
                if self.truth(a, frame)? {
                    Ok(Value::Bool(self.truth(b, frame)?))
                } else {
                    Ok(Value::Bool(false))
                }
            }
            NodeKind::Binary(BinOp::Or, a, b) => {
                if self.truth(a, frame)? {
                    Ok(Value::Bool(true))
                } else {
                    Ok(Value::Bool(self.truth(b, frame)?))
                }
            }
            NodeKind::Binary(op, a, b) => self.binary_node(*op, a, b, frame, span),
            NodeKind::CallFn(f, args) => self.call_fn_node(*f, args, frame, span),
            NodeKind::Call(e, args, play) => self.call_library(e, args, *play, frame, span),
            NodeKind::MakePos(g, args) => {
                let vals = self.eval_all(args, frame)?;
                let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
                let vals = self.check_args(*g, vals, &spans)?;
                Ok(Value::Pos(
                    vec![Comp {
                        game: *g,
                        args: vals.into(),
                    }]
                    .into(),
                ))
            }
            NodeKind::Index(a, i) => {
                let xs = self.eval(a, frame)?;
                let i = self.eval(i, frame)?;
                index(xs, i, a.span, span)
            }
            NodeKind::Frame(slots, inner) => {
                let mut frame = vec![Value::Int(0); *slots as usize];
                self.eval(inner, &mut frame)
            }
            NodeKind::If(c, t, f) => {
                if self.truth(c, frame)? {
                    self.eval(t, frame)
                } else {
                    self.eval(f, frame)
                }
            }
            NodeKind::GameBraces(l, r) => self.game_braces(l, r, frame, span),
            NodeKind::Quantifier {
                all,
                bindings,
                cond,
                body,
                names,
            } => {
                let q = Quantifier {
                    all: *all,
                    cond: cond.as_deref(),
                    body,
                    names,
                };
                self.quantifier(&q, bindings, frame)
            }
            NodeKind::Successors(g, x, GraphAsk::Subgraph) => {
                let vs = self.eval(x, frame)?;
                library::declared(self.defs, *g, &vs, x.span, self.cx)
            }
            NodeKind::Successors(g, x, GraphAsk::Components) => {
                let vs = self.eval(x, frame)?;
                library::graph_parts(self.defs, *g, &vs, x.span, self.cx)
            }
            NodeKind::Successors(g, x, ask) => self.successors(*g, x, *ask, frame),
        }
    }

    /// A global `let`'s value (an error when it has none yet).
    fn global(&self, g: u32, span: Span) -> Result<Value> {
        match self.defs.globals.get(g as usize) {
            Some(Some(v)) => Ok(v.clone()),
            _ => Err(EvalError::Uninitialized {
                name: self
                    .defs
                    .global_names
                    .get(g as usize)
                    .cloned()
                    .unwrap_or_default(),
                span,
            }
            .into()),
        }
    }

    /// `[body for bindings if cond]` (a set with `set`): elements that are
    /// integers gather in a vector of `i64` and become values once.
    fn comprehension(
        &self,
        set: bool,
        body: &Node,
        bindings: &[(CPattern, Node)],
        cond: Option<&Node>,
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let mut out = self.take_vec();
        out.reserve(self.comprehension_size(bindings, frame));
        let mut ints = self.spare_ints.borrow_mut().pop().unwrap_or_default();
        let r = match self.int_range(bindings, frame) {
            // `[f(r) for r in a..b if c]`: a plain loop, no closure.
            Some((slot, lo, hi, iter_span)) if matches!(body.fast, Some(Fast::Int(_))) => self
                .int_comprehension(
                    (slot, lo, hi, iter_span),
                    body,
                    cond,
                    frame,
                    (&mut ints, &mut out),
                    span,
                ),
            _ => self.iterate(bindings, cond, frame, &mut |me, frame| {
                out.push(me.eval(body, frame)?);
                if out.len() as i64 > MAX_MATERIALISED {
                    return Err(too_many(span));
                }
                Ok(())
            }),
        };
        // From `ints`, values are built in registers and written
        // once (moving values just written field by field would stall).
        let int = |n: &i64| Value::Int(*n);
        let built = (out.len() + ints.len()) * std::mem::size_of::<Value>();
        let r = r.and_then(|()| self.cx.charge(built, span));
        let value = match r {
            Err(e) => Err(e),
            Ok(()) if !ints.is_empty() && set => {
                Ok(Value::Set(Rc::new(ints.iter().map(int).collect())))
            }
            Ok(()) if !ints.is_empty() => Ok(Value::List(ints.iter().map(int).collect())),
            Ok(()) if set => Ok(Value::Set(Rc::new(out.drain(..).collect()))),
            Ok(()) => Ok(Value::List(out.drain(..).collect())),
        };
        ints.clear();
        self.spare_ints.borrow_mut().push(ints);
        self.give_vec(out);
        value
    }

    /// A comprehension over one range holds at most that many elements
    /// (the room reserved for it, at most 2^16).
    fn comprehension_size(&self, bindings: &[(CPattern, Node)], frame: &[Value]) -> usize {
        match bindings {
            [(_, iter)] => match &iter.kind {
                NodeKind::Binary(BinOp::RangeExcl | BinOp::RangeIncl, a, b) => {
                    match (self.int_operand(a, frame), self.int_operand(b, frame)) {
                        (Some(a), Some(b)) => {
                            usize::try_from(b.saturating_sub(a).saturating_add(1))
                                .unwrap_or(0)
                                .min(1 << 16)
                        }
                        _ => 0,
                    }
                }
                _ => 0,
            },
            _ => 0,
        }
    }

    /// `[f(k) for k in lo..hi if c]` with an integer body: integers gather
    /// in `ints` until some element is not one; from then on all go to
    /// `out`.
    fn int_comprehension(
        &self,
        (slot, lo, hi, iter_span): (usize, i64, i64, Span),
        body: &Node,
        cond: Option<&Node>,
        frame: &mut [Value],
        (ints, out): (&mut Vec<i64>, &mut Vec<Value>),
        span: Span,
    ) -> Result<()> {
        for k in lo..hi {
            self.tick(iter_span)?;
            set_int(&mut frame[slot], k);
            if let Some(c) = cond
                && !self.truth(c, frame)?
            {
                continue;
            }
            match self.int_operand(body, frame) {
                Some(n) if out.is_empty() => ints.push(n),
                Some(n) => out.push(Value::Int(n)),
                None => {
                    out.extend(ints.drain(..).map(Value::Int));
                    out.push(self.eval_slow(body, frame)?);
                }
            }
            if (out.len() + ints.len()) as i64 > MAX_MATERIALISED {
                return Err(too_many(span));
            }
        }
        Ok(())
    }

    /// `a op b` (but `and`, `or`): game values and positions plus values
    /// to the game arithmetic, an inexact quotient to a number, joined
    /// collections bounded and charged, the rest to `binary`.
    fn binary_node(
        &self,
        op: BinOp,
        a: &Node,
        b: &Node,
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let x = self.eval(a, frame)?;
        let y = self.eval(b, frame)?;
        if let Some(v) = self.rational_or_none(op, &x, &y, (a.span, b.span), span) {
            return v;
        }
        if super::ordinals::involves_ordinal(op, &x, &y) {
            let rational = |p, q| self.quotient(p, q, (a.span, b.span), span);
            return super::ordinals::ordinal_binary(op, &x, &y, (a.span, b.span), span, &rational);
        }
        if (matches!(x, Value::LoopyGame(_))
            || matches!(y, Value::LoopyGame(_))
            || op == BinOp::Sided)
            && op != BinOp::In
        {
            return self.loopy_binary(op, x, y, (a.span, b.span), span);
        }
        if (matches!(x, Value::Game(_))
            || matches!(y, Value::Game(_))
            || op == BinOp::Confused
            || super::gamevals::number_and_nimber(op, &x, &y)
            || super::gamevals::position_and_value(op, &x, &y)
            || super::gamevals::compares_games(op, &x, &y)
            || super::gamevals::minus_position(op, &x, &y)
            || super::gamevals::scales_position(op, &x, &y))
            && op != BinOp::In
        {
            return self.game_binary(op, x, y, (a.span, b.span), span);
        }
        if let (BinOp::Div, Value::Int(p), Value::Int(q)) = (op, &x, &y)
            && *q != 0
            && p.checked_rem(*q).is_some_and(|r| r != 0)
        {
            return self.quotient(*p, *q, (a.span, b.span), span);
        }
        if op == BinOp::Add {
            // Joining collections copies them: bounded like a list
            // built any other way, and charged to the memory budget.
            let n = elements(&x).saturating_add(elements(&y));
            if n > MAX_MATERIALISED as usize {
                return Err(EvalError::Value {
                    message: format!("`+` would build a collection of {n} elements"),
                    help: format!("a list may hold at most {MAX_MATERIALISED} elements"),
                    span,
                }
                .into());
            }
            self.cx.charge(n * std::mem::size_of::<Value>(), span)?;
        }
        if matches!(op, BinOp::Add | BinOp::Sub) {
            // Joining or subtracting collections walks every element of
            // both (a set's difference builds a tree): counted as the
            // loop turns of the same time (`collection_steps`).
            let n = elements(&x).saturating_add(elements(&y));
            if n > 0 {
                self.cx.advance(collection_steps(&x, n))?;
            }
        }
        binary(op, x, y, b.span, span)
    }

    /// A user function's call: integer arguments without the general
    /// evaluation, the argument vector reused.
    fn call_fn_node(
        &self,
        f: u32,
        args: &[Node],
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let mut vals = self.take_vec();
        for a in args {
            if let Some(n) = self.int_operand(a, frame) {
                vals.push(Value::Int(n));
                continue;
            }
            match self.eval_slow(a, frame) {
                Ok(v) => vals.push(v),
                Err(e) => {
                    self.give_vec(vals);
                    return Err(e);
                }
            }
        }
        self.call_fn(f, vals, span)
    }

    /// A library function's call: `min`/`max` of two integers (common in
    /// move rules) with no vectors, any other through its entry.
    fn call_library(
        &self,
        e: &'static crate::library::Entry,
        args: &[Node],
        play: Option<crate::vocab::Play>,
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        if let (Some(form @ (IntForm::Min | IntForm::Max)), [x, y]) = (e.int_form(), args)
            && let (Some(x), Some(y)) = (self.int_operand(x, frame), self.int_operand(y, frame))
        {
            return Ok(Value::Int(if form == IntForm::Min {
                x.min(y)
            } else {
                x.max(y)
            }));
        }
        self.with_library_args(e, args, play, frame, span, |call| library::call(e, call))
    }

    /// A library call's arguments evaluated, handed to `f` as the entry
    /// gets them (a move line's fast path runs `rays` so).
    pub(crate) fn with_library_args<T>(
        &self,
        e: &'static crate::library::Entry,
        args: &[Node],
        play: Option<crate::vocab::Play>,
        frame: &mut [Value],
        span: Span,
        f: impl FnOnce(Args) -> Result<T>,
    ) -> Result<T> {
        let vals = self.eval_all(args, frame)?;
        let spans = |i: usize| args.get(i).map_or(span, |a| a.span);
        f(Args::new(
            &e.meta,
            vals,
            &spans,
            span,
            self.cx,
            self.oracle,
            play,
        ))
    }

    /// Whether a call of a user function may go one level deeper (else
    /// `call_fn` reports the recursion limit).
    pub(crate) fn can_call(&self) -> bool {
        self.depth.get() < MAX_CALL_DEPTH
    }

    /// `forall` / `exists`: only a `forall` that fails leaves a
    /// counterexample.
    fn quantifier(
        &self,
        q: &Quantifier<'_>,
        bindings: &[(CPattern, Node)],
        frame: &mut [Value],
    ) -> Result<Value> {
        self.witness.replace(None);
        let holds = self.quantify(q, bindings, frame)?;
        if !q.all || holds {
            self.witness.replace(None);
        }
        Ok(Value::Bool(holds))
    }

    /// `successors(G, v)` (or `neighbours`) of a declared graph: the
    /// positions one edge from `v` (or back to it too), in vertex order.
    fn successors(&self, g: GameId, x: &Node, ask: GraphAsk, frame: &mut [Value]) -> Result<Value> {
        let v = self.eval(x, frame)?;
        let vertex = match &v {
            Value::Pos(cs) => match &cs[..] {
                [c] if c.game == g => match &c.args[..] {
                    [Value::Int(i)] => usize::try_from(*i).ok(),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let graph = self.defs.game(g).kind.graph();
        let (Some(v), Some(graph)) = (vertex, graph) else {
            return Err(Error::type_error(
                format!(
                    "`successors` needs a vertex of `{}`, not {}",
                    self.defs.game(g).name,
                    v.type_name()
                ),
                "write a vertex as a position of the graph, e.g. `successors(G, G(a))`",
                x.span,
            ));
        };
        let mut out: Vec<u32> = graph.edges.get(v).cloned().unwrap_or_default();
        if ask == GraphAsk::Neighbours {
            // Also the vertices with an edge to v, in vertex order.
            let back = graph.edges.iter().enumerate();
            out.extend(
                back.filter(|(_, e)| e.contains(&(v as u32)))
                    .map(|(u, _)| u as u32),
            );
            out.sort_unstable();
            out.dedup();
        }
        Ok(Value::list(
            out.iter()
                .map(|&w| {
                    Value::Pos(
                        vec![Comp {
                            game: g,
                            args: vec![Value::Int(i64::from(w))].into(),
                        }]
                        .into(),
                    )
                })
                .collect(),
        ))
    }

    fn eval_all(&self, xs: &[Node], frame: &mut [Value]) -> Result<Vec<Value>> {
        xs.iter().map(|x| self.eval(x, frame)).collect()
    }

    #[inline]
    pub fn truth(&self, node: &Node, frame: &mut [Value]) -> Result<bool> {
        // Comparisons of integers, the usual guard of a move.
        match self.fast_truth(node, frame) {
            Some(b) => Ok(b),
            None => self.truth_slow(node, frame),
        }
    }

    #[inline(never)]
    fn truth_slow(&self, node: &Node, frame: &mut [Value]) -> Result<bool> {
        // `(i, j) != (0, 0)`: tuples compared element by element, unbuilt.
        if let NodeKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = &node.kind
            && let (NodeKind::Tuple(xs), NodeKind::Const(Value::Tuple(ys))) = (&a.kind, &b.kind)
            && xs.len() == ys.len()
        {
            let mut equal = true;
            for (x, y) in xs.iter().zip(ys.iter()) {
                let same = match (self.int_operand(x, frame), y) {
                    (Some(n), Value::Int(m)) => n == *m,
                    _ => self.eval(x, frame)? == *y,
                };
                if !same {
                    equal = false;
                    break;
                }
            }
            return Ok(equal == (*op == BinOp::Eq));
        }
        match self.eval(node, frame)? {
            Value::Bool(b) => Ok(b),
            v => Err(Error::type_error(
                format!("expected a boolean, found {}", v.type_name()),
                "conditions are `true` or `false`: compare explicitly, e.g. `n > 0`",
                node.span,
            )),
        }
    }

    /// The error for a call of a function with no body: it waits for a
    /// name (typed in the REPL), or its definition failed.
    #[cold]
    #[inline(never)]
    fn no_body(&self, f: u32, span: Span) -> Error {
        let name = self
            .defs
            .fn_names
            .get(f as usize)
            .cloned()
            .unwrap_or_default();
        if let Some(e) = self.defs.waiting_error(&name, span) {
            return e;
        }
        CompileError::UnknownFunction {
            name,
            help: "the function's definition failed to load".into(),
            span,
        }
        .into()
    }

    pub fn call_fn(&self, f: u32, args: Vec<Value>, span: Span) -> Result<Value> {
        let def = match self.defs.fns.get(f as usize) {
            Some(Some(d)) => d.clone(),
            _ => return Err(self.no_body(f, span)),
        };
        if args.len() != def.arity {
            return Err(CompileError::Arity {
                name: def.name.clone(),
                expected: def.arity,
                found: args.len(),
                help: format!("the function `{}` was redefined", def.name),
                span,
            }
            .into());
        }
        let depth = self.depth.get();
        if depth >= MAX_CALL_DEPTH {
            return Err(EvalError::Recursion {
                limit: MAX_CALL_DEPTH,
                span,
            }
            .into());
        }
        self.depth.set(depth + 1);
        let mut frame = args;
        frame.resize(def.slots.max(def.arity), Value::Int(0));
        let out = self.eval(super::compile::body(&def), &mut frame);
        self.depth.set(depth);
        self.give_vec(frame);
        out
    }

    /// A single binding `name in a..b` (or `a..=b`) with integer ends:
    /// its slot, the half-open range and the span `iterate` reports.
    pub(crate) fn int_range(
        &self,
        bindings: &[(CPattern, Node)],
        frame: &[Value],
    ) -> Option<(usize, i64, i64, Span)> {
        let [(CPattern::Slot(slot), iter)] = bindings else {
            return None;
        };
        let (lo, hi) = self.small_range(iter, frame)?;
        Some((*slot as usize, lo, hi, iter.span))
    }

    /// Run `f` once for every assignment of the bindings that passes `cond`.
    pub fn iterate(
        &self,
        bindings: &[(CPattern, Node)],
        cond: Option<&Node>,
        frame: &mut [Value],
        f: &mut dyn FnMut(&Self, &mut [Value]) -> Result<()>,
    ) -> Result<()> {
        let Some(((pat, iter), rest)) = bindings.split_first() else {
            if let Some(c) = cond
                && !self.truth(c, frame)?
            {
                return Ok(());
            }
            return f(self, frame);
        };
        let span = iter.span;
        // `0..xs[i]`: two integer operands, no range value built.
        if let Some((a, b)) = self.small_range(iter, frame) {
            return self.iterate_range(pat, (a, b, span), rest, cond, frame, f);
        }
        match self.eval(iter, frame)? {
            Value::Range(a, b) => self.iterate_range(pat, (a, b, span), rest, cond, frame, f)?,
            Value::List(xs) | Value::Tuple(xs) => {
                for x in xs.iter() {
                    self.tick(span)?;
                    bind(pat, x.clone(), frame)?;
                    self.iterate(rest, cond, frame, f)?;
                }
            }
            Value::Set(xs) => {
                for x in xs.iter() {
                    self.tick(span)?;
                    bind(pat, x.clone(), frame)?;
                    self.iterate(rest, cond, frame, f)?;
                }
            }
            v => {
                return Err(Error::type_error(
                    format!("cannot iterate over {}", v.type_name()),
                    "`for x in xs` takes a range (`0..n`, `1..=n`), a list, a tuple or a set",
                    span,
                ));
            }
        }
        Ok(())
    }

    /// The bounds of `a..b` or `a..=b` whose ends are integer operands, as
    /// the range value would hold them; None for anything else (an
    /// overflow of `b + 1` included), which the caller evaluates.
    #[inline(always)]
    fn small_range(&self, iter: &Node, frame: &[Value]) -> Option<(i64, i64)> {
        let NodeKind::Binary(op @ (BinOp::RangeExcl | BinOp::RangeIncl), a, b) = &iter.kind else {
            return None;
        };
        let (lo, hi) = (self.int_operand(a, frame)?, self.int_operand(b, frame)?);
        if *op == BinOp::RangeIncl {
            return Some((lo, hi.checked_add(1)?));
        }
        Some((lo, hi))
    }

    /// `iterate` over the range `a..b` of the binding `pat`.
    fn iterate_range(
        &self,
        pat: &CPattern,
        (a, b, span): (i64, i64, Span),
        rest: &[(CPattern, Node)],
        cond: Option<&Node>,
        frame: &mut [Value],
        f: &mut dyn FnMut(&Self, &mut [Value]) -> Result<()>,
    ) -> Result<()> {
        let slot = slot(pat)?;
        let innermost = rest.is_empty();
        for i in a..b {
            self.tick(span)?;
            set_int(&mut frame[slot], i);
            if innermost {
                // The last binding: test and call here, not one level down.
                if let Some(c) = cond
                    && !self.truth(c, frame)?
                {
                    continue;
                }
                f(self, frame)?;
            } else {
                self.iterate(rest, cond, frame, f)?;
            }
        }
        Ok(())
    }

    /// Check (and normalise) the arguments of a position (`Defs::check_args`).
    pub fn check_args(&self, g: GameId, vals: Vec<Value>, spans: &[Span]) -> Result<Vec<Value>> {
        self.defs.check_args(g, vals, spans)
    }

    fn unary(&self, op: UnOp, v: Value, arg_span: Span, span: Span) -> Result<Value> {
        match (op, v) {
            (UnOp::Neg, Value::Int(n)) => n.checked_neg().map(Value::Int).ok_or(
                EvalError::Overflow {
                    op: "-".into(),
                    span,
                }
                .into(),
            ),
            (UnOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (UnOp::Neg, Value::Game(g)) => self.game_neg(&g, span),
            (UnOp::Neg, Value::Rational(x)) => Ok(super::rationals::negate(&x)),
            (UnOp::Neg, v @ (Value::Ordinal(_) | Value::Surreal(_) | Value::Nimber(_))) => {
                super::ordinals::negate(&v, span)
            }
            // An impartial position is its own negative (-*n = *n); a
            // partizan one's is its value's.
            (UnOp::Neg, Value::Pos(cs)) => self.negated_position(cs, span),
            (UnOp::Neg, Value::LoopyGame(g)) => self.loopy_neg(&g, span),
            (UnOp::PlusMinus, v @ Value::LoopyGame(_)) => self.loopy_plus_minus(v, arg_span, span),
            (UnOp::PlusMinus, v @ (Value::Game(_) | Value::Int(_) | Value::Pos(_))) => {
                self.plus_minus(v, arg_span, span)
            }
            (UnOp::Star, Value::Int(n)) if n >= 0 => Ok(Value::Pos(
                vec![Comp {
                    game: STAR,
                    args: vec![Value::Int(n)].into(),
                }]
                .into(),
            )),
            (UnOp::Star, v @ (Value::Ordinal(_) | Value::Surreal(_) | Value::Rational(_))) => {
                super::ordinals::star(&v, span)
            }
            (UnOp::Star, Value::Int(n)) => Err(EvalError::Value {
                message: format!("the nimber *{n} has a negative size"),
                help: "nimbers are *0, *1, *2, ...".into(),
                span,
            }
            .into()),
            (op, v) => Err(Error::type_error(
                format!(
                    "`{}` cannot apply to {}",
                    match op {
                        UnOp::Neg => "-",
                        UnOp::Not => "not",
                        UnOp::Star => "*",
                        UnOp::PlusMinus => "±",
                    },
                    v.type_name()
                ),
                match op {
                    UnOp::Not => "`not` takes a boolean",
                    _ => "this operator takes an integer",
                },
                arg_span,
            )),
        }
    }
}

/// Bind a loop variable: when the slot holds an integer already (every
/// turn but the first), only its payload is written, with no drop and no
/// copy of a whole value through the stack.
#[inline(always)]
pub fn set_int(slot: &mut Value, k: i64) {
    match slot {
        Value::Int(n) => *n = k,
        v => *v = Value::Int(k),
    }
}

pub(super) fn slot(p: &CPattern) -> Result<usize> {
    match p {
        CPattern::Slot(s) => Ok(*s as usize),
        CPattern::Tuple(_, span) => Err(Error::type_error(
            "a range yields integers, which cannot be unpacked",
            "bind an integer to a single name",
            *span,
        )),
    }
}

pub(crate) fn bind(p: &CPattern, v: Value, frame: &mut [Value]) -> Result<()> {
    match p {
        CPattern::Slot(s) => {
            frame[*s as usize] = v;
            Ok(())
        }
        CPattern::Tuple(ps, span) => match v {
            Value::Tuple(xs) | Value::List(xs) if xs.len() == ps.len() => {
                for (p, x) in ps.iter().zip(xs.iter()) {
                    bind(p, x.clone(), frame)?;
                }
                Ok(())
            }
            v => Err(Error::type_error(
                format!("cannot unpack {} into {} names", describe_len(&v), ps.len()),
                "the pattern must have as many names as the tuple has elements",
                *span,
            )),
        },
    }
}

/// A comprehension past the most elements a list may hold.
fn too_many(span: Span) -> Error {
    EvalError::Value {
        message: "this comprehension builds too many elements".into(),
        help: format!("a list may hold at most {MAX_MATERIALISED} elements"),
        span,
    }
    .into()
}

/// Steps of `+` or `-` on collections of `n` elements in all: a set's
/// union or difference builds a tree (about 40 ns an element, eight turns
/// of the lightest loops), a list's or a tuple's join copies (a step per
/// two elements).
fn collection_steps(x: &Value, n: usize) -> u64 {
    if matches!(x, Value::Set(_)) {
        8 * n as u64
    } else {
        n.div_ceil(2) as u64
    }
}
