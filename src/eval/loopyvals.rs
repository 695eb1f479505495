//! Loopy game values inside expressions (THEORY.md §6.9, "Values in
//! expressions"): CGSuite's names `on`, `off`, `over`, `under`, `upon`,
//! `dud` and the literals `upon*`, `1over`, `{0|pass}`, `a{0|{a|*}}`
//! (read when compiled, each a constant), `value(P)` of a loopy position,
//! and the operators on them: `+`, `-`, `*` by an integer, unary `-`, `&`
//! (onside & offside) and the comparisons, with short game values and
//! integers mixed in as the games they are. A result that is a short game
//! is a `Value::Game`.

use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::{Error, Result, SyntaxError};
use crate::model::game_value::nim_sum;
use crate::model::loopy_value::{LoopyVal, sided, to_value, unsettled, within};
use crate::model::{Ctx, Value};
use crate::partizan::GameStore;
use crate::partizan::loopy::{SidedGraph, SidedValue, parse_loopy};
use crate::source::Span;
use crate::syntax::ast::BinOp;

use super::Interp;
use super::compile::NodeKind;

/// The names of loopy values, when nothing else has the name.
pub(super) const LOOPY_NAMES: &[&str] = crate::syntax::LOOPY_NAMES;

/// The largest game a loopy literal may write, in positions.
const LITERAL_POSITIONS: usize = 100_000;
/// Positions the simplification of a literal may build.
const LITERAL_WORK: usize = 4_000_000;
/// Steps (positions met, rounds) a literal's value may take when compiled.
const LITERAL_STEPS: u64 = 20_000_000;

/// `on`, `off`, `over`, `under`, `upon`, `dud` as constants; `pass`
/// outside braces is refused with its place in a literal. None for any
/// other name.
pub(super) fn loopy_name(name: &str, span: Span) -> Result<Option<NodeKind>> {
    if name == "pass" {
        return Err(Error::type_error(
            "`pass` is a move to the game itself, written as an option of a game literal",
            "write it inside the braces of a literal of constants: `{0|pass}` is over, `{pass|}` is on (an option that names a `let` or a parameter cannot sit beside `pass`)",
            span,
        ));
    }
    if !LOOPY_NAMES.contains(&name) {
        return Ok(None);
    }
    read_loopy(name, span)
}

/// A game literal in CGSuite's loopy notation (`{0|pass}`, `a{0|a}`,
/// `1over`, `upon*`), read and valued when compiled: the constant, or
/// None when it names something the loopy notation does not know (an
/// expression's name: the literal's options are then expressions).
pub(super) fn read_loopy(text: &str, span: Span) -> Result<Option<NodeKind>> {
    let mut store = GameStore::new();
    let (g, root) = match parse_loopy(&mut store, text, LITERAL_POSITIONS) {
        Ok(r) => r,
        Err(e) if e.message.starts_with("unknown name") => return Ok(None),
        Err(e) => return Err(e.at(span)),
    };
    let mut steps = 0u64;
    let value = SidedValue::of_graph(&g, root, LITERAL_WORK, &mut || {
        steps += 1;
        steps > LITERAL_STEPS
    });
    let value = match value {
        Some(Ok(v)) => v,
        Some(Err(rounds)) => return Err(unsettled(rounds, span)),
        None => {
            return Err(SyntaxError::GameLiteral {
                message: "this loopy game is too large to compute where it is written".into(),
                help: "write a smaller game: a simplest form compares every pair of the game's positions, and a number n in a loopy game is n + 1 positions".into(),
                span,
            }
            .into());
        }
    };
    Ok(Some(NodeKind::Const(to_value(&mut store, value, span)?)))
}

/// The type error of a loopy value met with a value that is no game.
fn mixed(v: &Value, span: Span) -> Error {
    Error::type_error(
        format!(
            "a loopy game value cannot be combined with {}",
            v.type_name()
        ),
        "loopy game values combine with games: game values, integers and positions (`over + 1`, `on > 5`, `P + over`)",
        span,
    )
}

/// Whether `op` applies to loopy values.
fn applies(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Sided
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused
    )
}

impl Interp<'_> {
    /// Run `f` on the solver's store of game values (short parts of loopy
    /// values are read and printed there).
    fn loopy_store(
        &self,
        name: &str,
        span: Span,
        f: &mut dyn FnMut(&Ctx, &mut GameStore) -> Result<Value>,
    ) -> Result<Value> {
        let Some(o) = self.oracle else {
            return Err(Error::type_error(
                format!("`{name}` on a loopy game value inside a move rule"),
                "game values are computed by the solver, which cannot be asked while it expands a game: give the game integers, or compute with values in a query, `assert` or `let`",
                span,
            ));
        };
        let cx = self.cx;
        o.with_store(cx, &mut |s| f(cx, s))
    }

    /// A binary operator with a loopy value on one side, or `&`.
    pub(super) fn loopy_binary(
        &self,
        op: BinOp,
        x: Value,
        y: Value,
        (xs, ys): (Span, Span),
        span: Span,
    ) -> Result<Value> {
        if !applies(op) {
            return Err(Error::type_error(
                format!("`{}` does not apply to loopy game values", op.symbol()),
                "loopy game values have `+`, `-`, `*` by an integer, unary `-`, `&` (onside & offside) and the comparisons `<`, `<=`, `>`, `>=`, `==`, `!=`, `||`",
                span,
            ));
        }
        if let (BinOp::Mul, Value::LoopyGame(g), Value::Int(n))
        | (BinOp::Mul, Value::Int(n), Value::LoopyGame(g)) = (op, &x, &y)
        {
            return self.loopy_multiple(g, *n, span);
        }
        if op == BinOp::Mul {
            return Err(Error::type_error(
                "`*` multiplies a loopy game value by an integer",
                "write `G * n` or `n * G` with n an integer: G added to itself n times",
                span,
            ));
        }
        if op == BinOp::Sided {
            for (v, at) in [(&x, xs), (&y, ys)] {
                if !matches!(v, Value::LoopyGame(_)) && !is_game(v) {
                    return Err(sided_operand(v, at));
                }
            }
        }
        let (x, y) = (self.valued(op, x, xs)?, self.valued(op, y, ys)?);
        self.loopy_store(op.symbol(), span, &mut |cx, s| {
            let a = sided(cx, s, &x, xs)?.ok_or_else(|| operand_error(op, &x, xs))?;
            let b = sided(cx, s, &y, ys)?.ok_or_else(|| operand_error(op, &y, ys))?;
            let geq = |p: &SidedValue, q: &SidedValue| {
                within(
                    cx,
                    "the play on the difference of two loopy values",
                    span,
                    |max, stop| p.geq(q, max, stop),
                )
            };
            Ok(match op {
                BinOp::Add => add(cx, s, &a, &b, span)?,
                BinOp::Sub => add(cx, s, &a, &b.negative(), span)?,
                BinOp::Sided => with_sides(cx, s, a, b, span)?,
                BinOp::Ge => Value::Bool(geq(&a, &b)?),
                BinOp::Le => Value::Bool(geq(&b, &a)?),
                BinOp::Gt => Value::Bool(geq(&a, &b)? && !geq(&b, &a)?),
                BinOp::Lt => Value::Bool(geq(&b, &a)? && !geq(&a, &b)?),
                BinOp::Eq => Value::Bool(geq(&a, &b)? && geq(&b, &a)?),
                BinOp::Ne => Value::Bool(!(geq(&a, &b)? && geq(&b, &a)?)),
                _ => Value::Bool(!geq(&a, &b)? && !geq(&b, &a)?),
            })
        })
    }

    /// An operand of loopy arithmetic: a position (not nim heaps alone)
    /// as its value, short or loopy; anything else as it is.
    fn valued(&self, op: BinOp, v: Value, span: Span) -> Result<Value> {
        match v {
            Value::Pos(cs) if nim_sum(&cs).is_none() => self.position_value(&cs, op.symbol(), span),
            v => Ok(v),
        }
    }

    /// `G * n`: G added to itself n times (of −G for negative n).
    fn loopy_multiple(&self, g: &Rc<LoopyVal>, n: i64, span: Span) -> Result<Value> {
        self.loopy_store("*", span, &mut |cx, s| {
            let base = if n < 0 {
                g.value.negative()
            } else {
                g.value.clone()
            };
            let mut acc: Option<SidedValue> = None;
            let mut power = base.clone();
            let mut k = n.unsigned_abs();
            while k > 0 {
                cx.tick_at(span)?;
                if k & 1 == 1 {
                    acc = Some(match acc {
                        None => power.clone(),
                        Some(a) => sum(cx, &a, &power, span)?,
                    });
                }
                k >>= 1;
                if k > 0 {
                    power = sum(cx, &power, &power, span)?;
                }
            }
            match acc {
                Some(v) => to_value(s, v, span),
                None => Ok(Value::Int(0)),
            }
        })
    }

    /// `-G`.
    pub(super) fn loopy_neg(&self, g: &LoopyVal, span: Span) -> Result<Value> {
        let v = g.value.negative();
        self.loopy_store("-", span, &mut |_, s| to_value(s, v.clone(), span))
    }

    /// `{L1, L2 | R1}` with a loopy value among the options: the game
    /// whose options are those games (a value with distinct sides has no
    /// options to give).
    pub(super) fn loopy_braces(
        &self,
        sides: &[Vec<(Value, Span)>; 2],
        span: Span,
    ) -> Result<Value> {
        self.loopy_store("{…|…}", span, &mut |cx, s| {
            let mut left = vec![Vec::new()];
            let mut right = vec![Vec::new()];
            for (side, options) in sides.iter().enumerate() {
                for (v, vs) in options {
                    let o = sided(cx, s, v, *vs)?.ok_or_else(|| mixed(v, *vs))?;
                    if !o.stopper {
                        return Err(not_a_form(v, *vs));
                    }
                    let base = left.len() as u32;
                    let g = &o.onside.graph;
                    for w in 0..g.num_vertices() as u32 {
                        left.push(g.left(w).iter().map(|x| x + base).collect());
                        right.push(g.right(w).iter().map(|x| x + base).collect());
                    }
                    let root = base + o.onside.root;
                    if side == 0 {
                        left[0].push(root);
                    } else {
                        right[0].push(root);
                    }
                }
            }
            let g = SidedGraph::new(left, right);
            crate::model::loopy_value::graph_value(cx, s, &g, 0, span)
        })
    }

    /// `±G` of a loopy value: {G | −G}.
    pub(super) fn loopy_plus_minus(&self, v: Value, vs: Span, span: Span) -> Result<Value> {
        let Value::LoopyGame(g) = &v else {
            return Err(mixed(&v, vs));
        };
        let neg = Value::LoopyGame(Rc::new(LoopyVal {
            text: format!("-({})", g.text).into(),
            value: g.value.negative(),
        }));
        self.loopy_braces(&[vec![(v.clone(), vs)], vec![(neg, vs)]], span)
    }
}

/// Whether a value is a game `&` may take as a side.
fn is_game(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Int(_))
        || matches!(v, Value::Pos(cs) if crate::model::game_value::nim_sum(cs).is_some())
}

fn sided_operand(v: &Value, span: Span) -> Error {
    Error::type_error(
        format!("`&` joins two stoppers, not {}", v.type_name()),
        "`s & t` is the game with onside s and offside t, two stoppers with s >= t (`over & under`, `2 & 0`); for logical and write `and`",
        span,
    )
}

fn operand_error(op: BinOp, v: &Value, span: Span) -> Error {
    if op == BinOp::Sided {
        sided_operand(v, span)
    } else {
        mixed(v, span)
    }
}

/// The refusal of a value with distinct sides as an option of a game.
fn not_a_form(v: &Value, span: Span) -> Error {
    let mut text = String::new();
    if let Value::LoopyGame(g) = v {
        text = format!(" ({})", g.text);
    }
    crate::error::EvalError::Value {
        message: format!("this value{text} has an onside and an offside, and no options to be an option of a game"),
        help: "an option of a game is a game: a stopper (`over`, `{0|pass}`) or a short game; a value `s & t` is known only by its sides".into(),
        span,
    }
    .into()
}

/// `a + b` of the theory's values, with the query's budgets.
fn sum(cx: &Ctx, a: &SidedValue, b: &SidedValue, span: Span) -> Result<SidedValue> {
    within(cx, "the sum of these loopy values", span, |max, stop| {
        a.add(b, max, stop)
    })?
    .map_err(|rounds| unsettled(rounds, span))
}

/// `a + b` as a value.
fn add(cx: &Ctx, s: &mut GameStore, a: &SidedValue, b: &SidedValue, span: Span) -> Result<Value> {
    let v = sum(cx, a, b, span)?;
    to_value(s, v, span)
}

/// `s & t`: the value whose onside is the onside of s and whose offside
/// is the offside of t (of two stoppers, s and t themselves); so a side
/// that `value` prints as a form with a cycle reads back as that side.
/// The decision goes by the sides' values, never their forms: the onside
/// of s must be at least the offside of t, and the result is a stopper
/// when the two sides are equal ([`SidedValue::of_sides`], which compares
/// a side held as a form with a cycle with a stopper on the other side).
fn with_sides(
    cx: &Ctx,
    store: &mut GameStore,
    on: SidedValue,
    off: SidedValue,
    span: Span,
) -> Result<Value> {
    let (on, off) = (on.onside, off.offside);
    let ordered = within(
        cx,
        "the play on the difference of the two sides",
        span,
        |max, stop| on.geq(&off, max, stop),
    )?;
    if !ordered {
        return Err(crate::error::EvalError::Value {
            message: "the onside of `s & t` must be at least its offside".into(),
            help:
                "write the greater stopper first: `over & under`, `2 & 0` (as `value` prints them)"
                    .into(),
            span,
        }
        .into());
    }
    let v = within(
        cx,
        "the play on the difference of the two sides",
        span,
        |max, stop| SidedValue::of_sides(on.clone(), off.clone(), max, stop),
    )?;
    to_value(store, v, span)
}
