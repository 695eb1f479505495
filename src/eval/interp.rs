//! The evaluator: compiled nodes to values, with checked arithmetic, a call
//! depth limit and cancellation.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::{BinOp, UnOp};

use super::builtins::{MAX_MATERIALISED, range_len};
use super::compile::{CPattern, Node, NodeKind};
use super::fast::Fast;
use super::{Builtin, Comp, Ctx, Defs, GameId, Oracle, QueryFn, STAR, Value};
use crate::digraph::{Generalized, Outcome};

/// User function calls may nest this deep (the evaluator runs on a thread
/// with a stack large enough for it).
pub const MAX_CALL_DEPTH: usize = 2_000;

/// A range a quantifier runs over may hold at most this many values.
pub const MAX_QUANTIFIED: i64 = 100_000_000;

/// A counterexample of a `forall`: the bindings (of nested `forall`s too,
/// outermost first), and when the innermost body is a comparison `a OP b`,
/// the two sides with their spans and values there.
#[derive(Debug, Clone, Default)]
pub struct Witness {
    pub bindings: Vec<(String, Value)>,
    pub sides: Option<Sides>,
}

/// The two sides of a failed comparison, as (span, value).
pub type Sides = (BinOp, (Span, Value), (Span, Value));

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
    oracle: Option<&'a dyn Oracle>,
    /// The bindings at which the last `forall` evaluated failed.
    witness: RefCell<Option<Witness>>,
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
    pub(super) fn tick(&self, span: Span) -> Result<()> {
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
    pub(super) fn fast_truth(&self, node: &Node, frame: &[Value]) -> Option<bool> {
        match &node.fast {
            Some(Fast::Bool(f)) => f(self, frame),
            _ => None,
        }
    }

    /// `eval_int` with its two leaf cases inline (no call for `n - k`).
    #[inline(always)]
    pub(super) fn int_operand(&self, node: &Node, frame: &[Value]) -> Option<i64> {
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
            NodeKind::Global(g) => match self.defs.globals.get(*g as usize) {
                Some(Some(v)) => Ok(v.clone()),
                _ => Err(Error::Uninitialized {
                    name: self
                        .defs
                        .global_names
                        .get(*g as usize)
                        .cloned()
                        .unwrap_or_default(),
                    span,
                }),
            },
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
            } => {
                // A comprehension over one range holds at most that many elements.
                let mut out = self.take_vec();
                out.reserve(match bindings.first() {
                    Some((_, iter)) if bindings.len() == 1 => match &iter.kind {
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
                });
                let too_many = || Error::Value {
                    message: "this comprehension builds too many elements".into(),
                    help: format!("a list may hold at most {MAX_MATERIALISED} elements"),
                    span,
                };
                let mut ints = self.spare_ints.borrow_mut().pop().unwrap_or_default();
                let r = match self.int_range(bindings, frame) {
                    // `[f(r) for r in a..b if c]`: a plain loop, no closure.
                    Some((slot, lo, hi, iter_span)) if matches!(body.fast, Some(Fast::Int(_))) => {
                        (|| {
                            for k in lo..hi {
                                self.tick(iter_span)?;
                                set_int(&mut frame[slot], k);
                                if let Some(c) = cond
                                    && !self.truth(c, frame)?
                                {
                                    continue;
                                }
                                // Integers gather in `ints` until some element
                                // is not one; from then on all go to `out`.
                                match self.int_operand(body, frame) {
                                    Some(n) if out.is_empty() => ints.push(n),
                                    Some(n) => out.push(Value::Int(n)),
                                    None => {
                                        out.extend(ints.drain(..).map(Value::Int));
                                        out.push(self.eval_slow(body, frame)?);
                                    }
                                }
                                if (out.len() + ints.len()) as i64 > MAX_MATERIALISED {
                                    return Err(too_many());
                                }
                            }
                            Ok(())
                        })()
                    }
                    _ => self.iterate(bindings, cond.as_deref(), frame, &mut |me, frame| {
                        out.push(me.eval(body, frame)?);
                        if out.len() as i64 > MAX_MATERIALISED {
                            return Err(too_many());
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
                    Ok(()) if !ints.is_empty() && *set => {
                        Ok(Value::Set(Rc::new(ints.iter().map(int).collect())))
                    }
                    Ok(()) if !ints.is_empty() => Ok(Value::List(ints.iter().map(int).collect())),
                    Ok(()) if *set => Ok(Value::Set(Rc::new(out.drain(..).collect()))),
                    Ok(()) => Ok(Value::List(out.drain(..).collect())),
                };
                ints.clear();
                self.spare_ints.borrow_mut().push(ints);
                self.give_vec(out);
                value
            }
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
            NodeKind::Binary(op, a, b) => {
                let x = self.eval(a, frame)?;
                let y = self.eval(b, frame)?;
                if *op == BinOp::Add {
                    // Joining collections copies them: bounded like a list
                    // built any other way, and charged to the memory budget.
                    let n = elements(&x).saturating_add(elements(&y));
                    if n > MAX_MATERIALISED as usize {
                        return Err(Error::Value {
                            message: format!("`+` would build a collection of {n} elements"),
                            help: format!("a list may hold at most {MAX_MATERIALISED} elements"),
                            span,
                        });
                    }
                    self.cx.charge(n * std::mem::size_of::<Value>(), span)?;
                }
                binary(*op, x, y, b.span, span)
            }
            NodeKind::CallFn(f, args) => {
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
                self.call_fn(*f, vals, span)
            }
            NodeKind::CallBuiltin(b, args) => {
                // min/max of two integers, common in move rules: no vectors.
                if let (Builtin::Min | Builtin::Max, [x, y]) = (b, &args[..])
                    && let (Some(x), Some(y)) =
                        (self.int_operand(x, frame), self.int_operand(y, frame))
                {
                    return Ok(Value::Int(if *b == Builtin::Min {
                        x.min(y)
                    } else {
                        x.max(y)
                    }));
                }
                let vals = self.eval_all(args, frame)?;
                b.call(vals, &|i| args.get(i).map_or(span, |a| a.span), span)
            }
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
            NodeKind::CallQuery(q, play, x) => self.query(*q, *play, x, frame, span),
            NodeKind::Quantifier {
                all,
                bindings,
                cond,
                body,
                names,
            } => {
                self.witness.replace(None);
                let q = Quantifier {
                    all: *all,
                    cond: cond.as_deref(),
                    body,
                    names,
                };
                let holds = self.quantify(&q, bindings, frame)?;
                // Only a `forall` that fails leaves a counterexample.
                if !*all || holds {
                    self.witness.replace(None);
                }
                Ok(Value::Bool(holds))
            }
            NodeKind::Successors(g, x) => {
                let v = self.eval(x, frame)?;
                let vertex = match &v {
                    Value::Pos(cs) => match &cs[..] {
                        [c] if c.game == *g => match &c.args[..] {
                            [Value::Int(i)] => usize::try_from(*i).ok(),
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                };
                let graph = self.defs.game(*g).kind.graph();
                let (Some(v), Some(graph)) = (vertex, graph) else {
                    return Err(Error::type_error(
                        format!(
                            "`successors` needs a vertex of `{}`, not {}",
                            self.defs.game(*g).name,
                            v.type_name()
                        ),
                        "write a vertex as a position of the graph, e.g. `successors(G, G(a))`",
                        x.span,
                    ));
                };
                let out = graph.edges.get(v).map(|e| &e[..]).unwrap_or(&[]);
                Ok(Value::list(
                    out.iter()
                        .map(|&w| {
                            Value::Pos(
                                vec![Comp {
                                    game: *g,
                                    args: vec![Value::Int(i64::from(w))].into(),
                                }]
                                .into(),
                            )
                        })
                        .collect(),
                ))
            }
        }
    }

    /// A query function: the position evaluated, then the oracle asked.
    fn query(
        &self,
        q: QueryFn,
        play: Option<crate::syntax::ast::Play>,
        x: &Node,
        frame: &mut [Value],
        span: Span,
    ) -> Result<Value> {
        let comps: Rc<[Comp]> = match self.eval(x, frame)? {
            Value::Pos(cs) => cs,
            Value::Int(0) => Rc::from(Vec::new()),
            v => {
                return Err(Error::NotAPosition {
                    found: v.type_name().to_string(),
                    span: x.span,
                });
            }
        };
        let Some(o) = self.oracle else {
            return Err(Error::QueryInRules {
                name: q.name().to_string(),
                span,
            });
        };
        let cx = self.cx;
        let positions = |xs: Vec<Vec<Comp>>| {
            Value::list(xs.into_iter().map(|cs| Value::Pos(cs.into())).collect())
        };
        Ok(match q {
            QueryFn::Grundy => match o.value(cx, &comps)? {
                Generalized::Finite(v) => {
                    Value::Int(i64::try_from(v).map_err(|_| Error::Overflow {
                        op: "grundy".into(),
                        span,
                    })?)
                }
                Generalized::Infinite(k) => Value::Loopy(k.into()),
            },
            QueryFn::Outcome => Value::Outcome(o.outcome(cx, play, &comps)?),
            QueryFn::IsP => Value::Bool(o.outcome(cx, play, &comps)? == Outcome::P),
            QueryFn::IsN => Value::Bool(o.outcome(cx, play, &comps)? == Outcome::N),
            QueryFn::Options => positions(o.options(cx, &comps)?),
            QueryFn::Winning => positions(o.winning(cx, play, &comps)?),
            QueryFn::Remoteness => {
                Value::Int(o.remoteness(cx, play, &comps)?.map_or(-1, i64::from))
            }
        })
    }

    /// The sides of a comparison that came out false, evaluated again
    /// (once, at the counterexample); None for another body or an error.
    fn sides(&self, body: &Node, frame: &mut [Value]) -> Option<Sides> {
        let NodeKind::Binary(
            op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            a,
            b,
        ) = &body.kind
        else {
            return None;
        };
        let x = self.eval(a, frame).ok()?;
        let y = self.eval(b, frame).ok()?;
        Some((*op, (a.span, x), (b.span, y)))
    }

    /// `forall`/`exists` over the bindings from the first on: whether the
    /// body holds for all (some) assignments that pass the condition.
    /// A `forall` that fails leaves its counterexample in `witness`.
    fn quantify(
        &self,
        q: &Quantifier,
        bindings: &[(CPattern, Node)],
        frame: &mut [Value],
    ) -> Result<bool> {
        let Some(((pat, iter), rest)) = bindings.split_first() else {
            if let Some(c) = q.cond
                && !self.truth(c, frame)?
            {
                return Ok(q.all);
            }
            self.witness.replace(None);
            let holds = match self.eval(q.body, frame)? {
                Value::Bool(b) => b,
                v => {
                    return Err(Error::type_error(
                        format!(
                            "a quantifier's body must be a boolean, not {}",
                            v.type_name()
                        ),
                        "write a condition after `:`, e.g. `forall n in 0..=9: grundy(G(n)) == n % 3`",
                        q.body.span,
                    ));
                }
            };
            if q.all && !holds {
                let mut bindings: Vec<(String, Value)> = q
                    .names
                    .iter()
                    .map(|(n, s)| (n.clone(), frame[*s as usize].clone()))
                    .collect();
                let inner = self.witness.borrow_mut().take();
                let sides = match inner {
                    Some(inner) => {
                        bindings.extend(inner.bindings);
                        inner.sides
                    }
                    None => self.sides(q.body, frame),
                };
                self.witness.replace(Some(Witness { bindings, sides }));
            }
            return Ok(holds);
        };
        let span = iter.span;
        let items: Vec<Value> = match self.eval(iter, frame)? {
            Value::Range(a, b) => {
                let n = b.saturating_sub(a).max(0);
                if n > MAX_QUANTIFIED {
                    return Err(Error::Value {
                        message: format!("this quantifier ranges over {n} values"),
                        help: format!(
                            "a quantifier may range over at most {MAX_QUANTIFIED} values: bound the range"
                        ),
                        span,
                    });
                }
                let slot = slot(pat)?;
                for i in a..b {
                    self.tick(span)?;
                    set_int(&mut frame[slot], i);
                    if self.quantify(q, rest, frame)? != q.all {
                        return Ok(!q.all);
                    }
                }
                return Ok(q.all);
            }
            Value::List(xs) | Value::Tuple(xs) => xs.to_vec(),
            Value::Set(xs) => xs.iter().cloned().collect(),
            v => {
                return Err(Error::type_error(
                    format!("cannot quantify over {}", v.type_name()),
                    "`forall x in xs` takes a range (`0..=n`), a list, a tuple or a set",
                    span,
                ));
            }
        };
        for x in items {
            self.tick(span)?;
            bind(pat, x, frame)?;
            if self.quantify(q, rest, frame)? != q.all {
                return Ok(!q.all);
            }
        }
        Ok(q.all)
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

    pub fn call_fn(&self, f: u32, args: Vec<Value>, span: Span) -> Result<Value> {
        let def = match self.defs.fns.get(f as usize) {
            Some(Some(d)) => d.clone(),
            _ => {
                return Err(Error::UnknownFunction {
                    name: self
                        .defs
                        .fn_names
                        .get(f as usize)
                        .cloned()
                        .unwrap_or_default(),
                    help: "the function's definition failed to load".into(),
                    span,
                });
            }
        };
        if args.len() != def.arity {
            return Err(Error::Arity {
                name: def.name.clone(),
                expected: def.arity,
                found: args.len(),
                help: format!("the function `{}` was redefined", def.name),
                span,
            });
        }
        let depth = self.depth.get();
        if depth >= MAX_CALL_DEPTH {
            return Err(Error::Recursion {
                limit: MAX_CALL_DEPTH,
                span,
            });
        }
        self.depth.set(depth + 1);
        let mut frame = args;
        frame.resize(def.slots.max(def.arity), Value::Int(0));
        let out = self.eval(&def.body, &mut frame);
        self.depth.set(depth);
        self.give_vec(frame);
        out
    }

    /// A single binding `name in a..b` (or `a..=b`) with integer ends:
    /// its slot, the half-open range and the span `iterate` reports.
    pub(super) fn int_range(
        &self,
        bindings: &[(CPattern, Node)],
        frame: &[Value],
    ) -> Option<(usize, i64, i64, Span)> {
        let [(CPattern::Slot(slot), iter)] = bindings else {
            return None;
        };
        let NodeKind::Binary(op @ (BinOp::RangeExcl | BinOp::RangeIncl), a, b) = &iter.kind else {
            return None;
        };
        let lo = self.int_operand(a, frame)?;
        let mut hi = self.int_operand(b, frame)?;
        if *op == BinOp::RangeIncl {
            hi = hi.checked_add(1)?;
        }
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
        match self.eval(iter, frame)? {
            Value::Range(a, b) => {
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
            }
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

    /// Arguments of built-in kinds of game are checked when the position is made.
    pub fn check_args(
        &self,
        g: GameId,
        mut vals: Vec<Value>,
        spans: &[Span],
    ) -> Result<Vec<Value>> {
        let def = self.defs.game(g);
        let span = spans.first().copied().unwrap_or_default();
        // A sum is a multiset: as an argument it is kept sorted, so that
        // G(A + B) and G(B + A) are one position.
        for v in vals.iter_mut() {
            if let Value::Pos(cs) = v
                && !cs.is_sorted()
            {
                let mut sorted = cs.to_vec();
                sorted.sort();
                *v = Value::Pos(sorted.into());
            }
        }
        def.kind.check_args(&def.name, vals, span)
    }

    fn unary(&self, op: UnOp, v: Value, arg_span: Span, span: Span) -> Result<Value> {
        match (op, v) {
            (UnOp::Neg, Value::Int(n)) => n.checked_neg().map(Value::Int).ok_or(Error::Overflow {
                op: "-".into(),
                span,
            }),
            (UnOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (UnOp::Star, Value::Int(n)) if n >= 0 => Ok(Value::Pos(
                vec![Comp {
                    game: STAR,
                    args: vec![Value::Int(n)].into(),
                }]
                .into(),
            )),
            (UnOp::Star, Value::Int(n)) => Err(Error::Value {
                message: format!("the nimber *{n} has a negative size"),
                help: "nimbers are *0, *1, *2, ...".into(),
                span,
            }),
            (op, v) => Err(Error::type_error(
                format!(
                    "`{}` cannot apply to {}",
                    match op {
                        UnOp::Neg => "-",
                        UnOp::Not => "not",
                        UnOp::Star => "*",
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

/// A quantifier's parts, while it runs.
struct Quantifier<'n> {
    all: bool,
    cond: Option<&'n Node>,
    body: &'n Node,
    names: &'n [(String, u32)],
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

fn slot(p: &CPattern) -> Result<usize> {
    match p {
        CPattern::Slot(s) => Ok(*s as usize),
        CPattern::Tuple(_, span) => Err(Error::type_error(
            "a range yields integers, which cannot be unpacked",
            "bind an integer to a single name",
            *span,
        )),
    }
}

fn bind(p: &CPattern, v: Value, frame: &mut [Value]) -> Result<()> {
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

/// How many elements a collection holds (0 for other values).
fn elements(v: &Value) -> usize {
    match v {
        Value::Tuple(xs) | Value::List(xs) => xs.len(),
        Value::Set(xs) => xs.len(),
        Value::Pos(cs) => cs.len(),
        _ => 0,
    }
}

fn describe_len(v: &Value) -> String {
    match v {
        Value::Tuple(xs) | Value::List(xs) => format!("{} of {} elements", v.type_name(), xs.len()),
        v => v.type_name().to_string(),
    }
}

fn overflow(op: BinOp, span: Span) -> Error {
    Error::Overflow {
        op: op.symbol().into(),
        span,
    }
}

fn binary(op: BinOp, x: Value, y: Value, ys: Span, span: Span) -> Result<Value> {
    use Value::*;
    let int = |r: Option<i64>| r.map(Int).ok_or_else(|| overflow(op, span));
    match (op, x, y) {
        (BinOp::Add, Int(a), Int(b)) => int(a.checked_add(b)),
        (BinOp::Sub, Int(a), Int(b)) => int(a.checked_sub(b)),
        (BinOp::Mul, Int(a), Int(b)) => int(a.checked_mul(b)),
        (BinOp::Div | BinOp::Rem, Int(_), Int(0)) => Err(Error::DivisionByZero { span: ys }),
        // Floor division and a remainder with the divisor's sign.
        (BinOp::Div, Int(a), Int(b)) => {
            let q = a.checked_div(b).ok_or_else(|| overflow(op, span))?;
            Ok(Int(if (a % b != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }))
        }
        (BinOp::Rem, Int(a), Int(b)) => {
            let r = a.checked_rem(b).ok_or_else(|| overflow(op, span))?;
            Ok(Int(if r != 0 && ((r < 0) != (b < 0)) {
                r + b
            } else {
                r
            }))
        }
        (BinOp::Pow, Int(_), Int(b)) if b < 0 => Err(Error::Value {
            message: format!("negative exponent {b}"),
            help: "integers have no negative powers".into(),
            span: ys,
        }),
        (BinOp::Pow, Int(a), Int(b)) => match u32::try_from(b) {
            Ok(e) => int(a.checked_pow(e)),
            Err(_) if matches!(a, 0 | 1) => Ok(Int(a)),
            Err(_) if a == -1 => Ok(Int(if b % 2 == 0 { 1 } else { -1 })),
            Err(_) => Err(overflow(op, span)),
        },
        (BinOp::Add, Pos(a), Pos(b)) => Ok(Pos(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add, Pos(a), Int(0)) | (BinOp::Add, Int(0), Pos(a)) => Ok(Pos(a)),
        (BinOp::Add, List(a), List(b)) => Ok(List(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add, Tuple(a), Tuple(b)) => Ok(Tuple(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add, Set(a), Set(b)) => Ok(Set(Rc::new(a.union(&b).cloned().collect()))),
        (BinOp::Sub, Set(a), Set(b)) => Ok(Set(Rc::new(a.difference(&b).cloned().collect()))),
        (BinOp::Eq | BinOp::Ne, Pos(a), Pos(b)) => {
            // Sums are multisets: compare them in a canonical order.
            let (mut a, mut b) = (a.to_vec(), b.to_vec());
            a.sort();
            b.sort();
            Ok(Bool((a == b) == (op == BinOp::Eq)))
        }
        (BinOp::Eq, a, b) => Ok(Bool(a == b)),
        (BinOp::Ne, a, b) => Ok(Bool(a != b)),
        (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b) if comparable(&a, &b) => {
            let o = a.cmp(&b);
            Ok(Bool(match op {
                BinOp::Lt => o.is_lt(),
                BinOp::Le => o.is_le(),
                BinOp::Gt => o.is_gt(),
                _ => o.is_ge(),
            }))
        }
        (BinOp::In, x, coll) => match coll {
            List(xs) | Tuple(xs) => Ok(Bool(xs.contains(&x))),
            Set(xs) => Ok(Bool(xs.contains(&x))),
            Range(a, b) => Ok(Bool(matches!(x, Int(n) if a <= n && n < b))),
            c => Err(Error::type_error(
                format!(
                    "`in` needs a collection on the right, not {}",
                    c.type_name()
                ),
                "write `x in xs` with xs a list, tuple, set or range",
                ys,
            )),
        },
        (BinOp::RangeExcl, Int(a), Int(b)) => Ok(Range(a, b)),
        (BinOp::RangeIncl, Int(a), Int(b)) => Ok(Range(
            a,
            b.checked_add(1).ok_or_else(|| overflow(op, span))?,
        )),
        (op, a, b) => Err(Error::type_error(
            format!(
                "`{}` cannot combine {} and {}",
                op.symbol(),
                a.type_name(),
                b.type_name()
            ),
            match op {
                BinOp::Add => "`+` adds integers, joins lists or tuples, and sums positions",
                BinOp::Sub => "`-` subtracts integers or takes a set difference",
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    "only values of the same type can be ordered"
                }
                BinOp::RangeExcl | BinOp::RangeIncl => "ranges run between two integers",
                _ => "this operator takes two integers",
            },
            span,
        )),
    }
}

fn comparable(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
        && !matches!(a, Value::Pos(_) | Value::Bool(_))
}

fn index(xs: Value, i: Value, xs_span: Span, span: Span) -> Result<Value> {
    let Value::Int(i) = i else {
        return Err(Error::type_error(
            format!("an index must be an integer, not {}", i.type_name()),
            "write `xs[i]` with i an integer",
            span,
        ));
    };
    let out_of = |len: usize| Error::Index {
        index: i,
        len,
        span,
    };
    match xs {
        Value::List(xs) | Value::Tuple(xs) => usize::try_from(i)
            .ok()
            .and_then(|k| xs.get(k).cloned())
            .ok_or_else(|| out_of(xs.len())),
        Value::Range(a, b) => {
            let len = range_len(a, b, span)?;
            if i < 0 || i >= len {
                return Err(out_of(usize::try_from(len).unwrap_or(usize::MAX)));
            }
            Ok(Value::Int(a + i))
        }
        v => Err(Error::type_error(
            format!("cannot index {}", v.type_name()),
            "only lists, tuples and ranges can be indexed; turn a set into a list with `sorted(s)`",
            xs_span,
        )),
    }
}
