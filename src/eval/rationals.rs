//! Rational numbers in expressions (CGSuite's `Rational`): `1/7`, `1/0`
//! (∞), and `+`, `-`, `*`, `/`, `//`, `%`, `**` and the comparisons on
//! them with integers, dyadic game values (`3/4`) and surreal numbers. A
//! result that is an integer is an integer, one whose denominator is a
//! power of two a game value; the others are numbers but not games, so
//! a rational with a position, a nimber or a game value that is not a
//! number (`1/7 + *`) is refused with `grundy::eval::rational`, as
//! CGSuite has no value for it.

use std::rc::Rc;

use crate::error::{Error, EvalError, Result};
use crate::library::rationals::{as_rational, non_dyadic_value, rational_error};
use crate::model::Value;
use crate::rational::Rational;
use crate::source::Span;
use crate::syntax::ast::BinOp;

use super::Interp;
use crate::model::game_value::game_val;

/// Whether `v` is a game value that is a dyadic number (`3/4`, `5`).
fn dyadic_game(v: &Value) -> bool {
    matches!(v, Value::Game(_)) && as_rational(v).is_some()
}

fn surreal(v: &Value) -> bool {
    matches!(v, Value::Ordinal(_) | Value::Surreal(_))
}

/// Whether `x op y` is rational arithmetic: a rational on either side
/// (`in` stays a membership test), or a quotient, remainder or power of
/// numbers one of which is a dyadic game value (`(1/2) / 3`, `(1/2)**4`),
/// or a product of two (`(1/2) * (1/4)`), which the game arithmetic does
/// not have.
fn involves_rational(op: BinOp, x: &Value, y: &Value) -> bool {
    if op == BinOp::In {
        return false;
    }
    if matches!(x, Value::Rational(_)) || matches!(y, Value::Rational(_)) {
        return true;
    }
    let quotient = matches!(op, BinOp::Div | BinOp::FloorDiv | BinOp::Rem | BinOp::Pow)
        && (dyadic_game(x) || dyadic_game(y))
        && as_rational(x).is_some()
        && as_rational(y).is_some();
    // The product of two dyadic game values (the game arithmetic scales
    // by integers only).
    quotient || (op == BinOp::Mul && dyadic_game(x) && dyadic_game(y))
}

fn unsupported(op: BinOp, x: &Value, y: &Value, span: Span) -> Error {
    EvalError::Rational {
        message: format!(
            "`{}` of {} and {} is not supported",
            op.symbol(),
            x.type_name(),
            y.type_name()
        ),
        help: "a rational number that is not dyadic (1/7) is a number but not a game, as in CGSuite: it combines with integers, dyadic numbers, rationals and surreal numbers by + - * / // % ** and the comparisons, never with *, ↑ or a position".into(),
        span,
    }
    .into()
}

impl Interp<'_> {
    /// A rational as a value: an integer, a dyadic number as a game
    /// value, or `Value::Rational`.
    pub(super) fn rational_value(&self, x: Rational, span: Span) -> Result<Value> {
        if x.is_integer() {
            return crate::rational::small(x.num())
                .map(Value::Int)
                .ok_or_else(|| {
                    EvalError::Overflow {
                        op: "/".into(),
                        span,
                    }
                    .into()
                });
        }
        if !x.is_dyadic() {
            return Ok(non_dyadic_value(x));
        }
        let d = crate::library::rationals::dyadic(&x, span)?;
        self.with_store("/", span, &mut |s| {
            let id = s.number(d);
            Ok(game_val(s, id))
        })
    }

    /// `x op y` when its answer is a rational number or ±∞: a rational on
    /// a side (`rational_binary`), `x / 0` (`infinity`) or an integer to a
    /// negative power (`negative_power`); None for everything else.
    pub(super) fn rational_or_none(
        &self,
        op: BinOp,
        x: &Value,
        y: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Option<Result<Value>> {
        if involves_rational(op, x, y) {
            return Some(self.rational_binary(op, x, y, spans, span));
        }
        if op == BinOp::Div
            && matches!(y, Value::Int(0))
            && let Some(v) = self.infinity(x)
        {
            return Some(Ok(v));
        }
        if let (BinOp::Pow, Value::Int(n), Value::Int(e)) = (op, x, y)
            && *e < 0
            && self.oracle.is_some()
        {
            return Some(self.negative_power(*n, *e, spans, span));
        }
        None
    }

    /// `x op y` with a rational on a side (or a quotient of dyadic game
    /// values): the field's operations, floor division and remainder,
    /// integer powers and the order; with a surreal number, the surreal
    /// arithmetic (∞ by its sign).
    fn rational_binary(
        &self,
        op: BinOp,
        x: &Value,
        y: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value> {
        let (a, b) = match (as_rational(x), as_rational(y)) {
            (Some(a), Some(b)) => (a, b),
            // With a surreal number: ∞ by its sign, a finite rational as
            // the surreal number it is.
            (Some(a), None) if surreal(y) && a.is_infinite() => (a, Rational::int(sign(y))),
            (None, Some(b)) if surreal(x) && b.is_infinite() => (Rational::int(sign(x)), b),
            (Some(_), None) | (None, Some(_)) if surreal(x) || surreal(y) => {
                let rational = |p, q| self.quotient(p, q, spans, span);
                return super::ordinals::ordinal_binary(op, x, y, spans, span, &rational);
            }
            _ => return Err(unsupported(op, x, y, span)),
        };
        // ∞ with a surreal number: what depends on the sign alone.
        let by_sign = matches!(
            op,
            BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
                | BinOp::Div
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
        );
        if (surreal(x) || surreal(y)) && !by_sign {
            return Err(unsupported(op, x, y, span));
        }
        let err = |e| rational_error(&e, spans.1, span);
        let r = match op {
            BinOp::Add => a.add(&b).map_err(err)?,
            BinOp::Sub => a.sub(&b).map_err(err)?,
            BinOp::Mul => a.mul(&b).map_err(err)?,
            BinOp::Div => a.div(&b).map_err(err)?,
            BinOp::Pow => a.pow(exponent(&b, spans.1)?).map_err(err)?,
            BinOp::Rem => a.rem(&b).map_err(err)?,
            BinOp::FloorDiv => Rational::int(a.floor_div(&b).map_err(err)?),
            BinOp::Eq => return Ok(Value::Bool(a == b)),
            BinOp::Ne => return Ok(Value::Bool(a != b)),
            BinOp::Lt => return Ok(Value::Bool(a < b)),
            BinOp::Le => return Ok(Value::Bool(a <= b)),
            BinOp::Gt => return Ok(Value::Bool(a > b)),
            BinOp::Ge => return Ok(Value::Bool(a >= b)),
            _ => return Err(unsupported(op, x, y, span)),
        };
        self.rational_value(r, span)
    }

    /// `x / 0` of an integer or surreal number x ≠ 0 outside move rules:
    /// ±∞ by the sign of x, as CGSuite has `1/0` (and `ω/0`).
    fn infinity(&self, x: &Value) -> Option<Value> {
        let s = crate::library::rationals::Num::of(x)?.sign();
        (self.oracle.is_some() && s != 0).then(|| non_dyadic_value(Rational::infinity(s)))
    }

    /// `n ** e` of integers with e < 0 outside move rules: the rational
    /// 1 / n^|e| (CGSuite's `2^(-4)` is 1/16).
    fn negative_power(&self, n: i64, e: i64, spans: (Span, Span), span: Span) -> Result<Value> {
        let r = Rational::int(n)
            .pow(e)
            .map_err(|e| rational_error(&e, spans.0, span))?;
        self.rational_value(r, span)
    }
}

/// The sign of a surreal number or ordinal.
fn sign(v: &Value) -> i64 {
    crate::library::rationals::Num::of(v).map_or(0, |n| n.sign().into())
}

/// An exponent: an integer.
fn exponent(b: &Rational, span: Span) -> Result<i64> {
    if b.is_integer()
        && let Some(n) = crate::rational::small(b.num())
    {
        return Ok(n);
    }
    Err(EvalError::Rational {
        message: format!("a rational number cannot be raised to {b}"),
        help: "the exponent of a rational number is an integer: (2/3)**-3 is 27/8".into(),
        span,
    }
    .into())
}

/// `-x` of a rational number.
pub(super) fn negate(x: &Rational) -> Value {
    Value::Rational(Rc::new(x.neg()))
}
