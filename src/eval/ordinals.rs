//! Generalized ordinals, surreal numbers and transfinite nimbers in
//! expressions (CGSuite's `GeneralizedOrdinal`, `SurrealNumber` and
//! `TransfiniteNimber`): `omega` (or `ω`); `+`, `-`, `*`, `/`, `**` and
//! the comparisons on ordinals, surreal numbers (`1/ω`), integers and the
//! dyadic rationals among game values (`num(1, 2)`); `+` (the nim-sum),
//! `-` (the same) and `==`, `!=` on nimbers `*α`. Any other mix — an
//! ordinal with a short game (`ω + ↑`), a nimber with a number — is
//! refused with `grundy::eval::ordinal`, as CGSuite has no value for it.

use std::rc::Rc;

use crate::error::{Error, EvalError, Result};
use crate::library::ordinals::{
    as_nimber, as_ordinal, as_surreal, nimber_value, ordinal_error, ordinal_value, surreal_value,
};
use crate::model::Value;
use crate::ordinal::surreal::Surreal;
use crate::ordinal::{GenOrdinal, OrdinalError, nim};
use crate::source::Span;
use crate::syntax::ast::BinOp;

/// ω, the value of `omega` and `ω`.
pub(super) fn omega() -> Value {
    Value::Ordinal(Rc::new(GenOrdinal::omega()))
}

fn transfinite(v: &Value) -> bool {
    matches!(v, Value::Ordinal(_) | Value::Surreal(_) | Value::Nimber(_))
}

/// Whether `x op y` is transfinite arithmetic (one side an ordinal, a
/// surreal number or a transfinite nimber; `in` stays a membership test).
pub(super) fn involves_ordinal(op: BinOp, x: &Value, y: &Value) -> bool {
    op != BinOp::In && (transfinite(x) || transfinite(y))
}

fn unsupported(op: BinOp, x: &Value, y: &Value, span: Span) -> Error {
    let nimbers = matches!(x, Value::Nimber(_)) || matches!(y, Value::Nimber(_));
    EvalError::Ordinal {
        message: format!(
            "`{}` of {} and {} is not supported",
            op.symbol(),
            x.type_name(),
            y.type_name()
        ),
        help: if nimbers {
            "transfinite nimbers *α add to nimbers (*ω + *3 is *(ω+3)) and compare by == and !=; nim_mul(*α, *β) is their Conway product"
        } else {
            "ordinals and surreal numbers combine with each other, integers and dyadic numbers by + - * / ** and the comparisons; sums with other games (ω + ↑, ω + *) are not values"
        }
        .into(),
        span,
    }
    .into()
}

/// `x op y` with one side an ordinal, a surreal number or a transfinite
/// nimber; `rational(p, q)` is the value of the quotient of integers p/q
/// (a dyadic game value, or the error of an inexact quotient).
pub(super) fn ordinal_binary(
    op: BinOp,
    x: &Value,
    y: &Value,
    spans: (Span, Span),
    span: Span,
    rational: &dyn Fn(i64, i64) -> Result<Value>,
) -> Result<Value> {
    if matches!(x, Value::Nimber(_)) || matches!(y, Value::Nimber(_)) {
        return nimber_binary(op, x, y, span);
    }
    if let (Some(a), Some(b)) = (as_ordinal(x), as_ordinal(y))
        && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul)
    {
        // The ring of generalized ordinals is closed: no quotient made.
        let err = |e: OrdinalError| ordinal_error(&e, span);
        let r = match op {
            BinOp::Add => a.add(&b),
            BinOp::Sub => a.sub(&b),
            _ => a.mul(&b),
        };
        return ordinal_value(r.map_err(err)?, span);
    }
    let (Some(a), Some(b)) = (as_surreal(x), as_surreal(y)) else {
        return Err(unsupported(op, x, y, span));
    };
    let err = |e: OrdinalError| match e {
        OrdinalError::DivisionByZero => EvalError::DivisionByZero { span: spans.1 }.into(),
        e => ordinal_error(&e, span),
    };
    let cmp = || a.cmp_value(&b).map_err(err);
    let r = match op {
        BinOp::Add => a.add(&b).map_err(err)?,
        BinOp::Sub => a.sub(&b).map_err(err)?,
        BinOp::Mul => a.mul(&b).map_err(err)?,
        BinOp::Div => a.div(&b).map_err(err)?,
        BinOp::Pow => power(&a, &b, spans, span)?,
        BinOp::Eq => return Ok(Value::Bool(a == b)),
        BinOp::Ne => return Ok(Value::Bool(a != b)),
        BinOp::Lt => return Ok(Value::Bool(cmp()?.is_lt())),
        BinOp::Le => return Ok(Value::Bool(cmp()?.is_le())),
        BinOp::Gt => return Ok(Value::Bool(cmp()?.is_gt())),
        BinOp::Ge => return Ok(Value::Bool(cmp()?.is_ge())),
        _ => return Err(unsupported(op, x, y, span)),
    };
    surreal_value(r, rational, span)
}

/// `x op y` with a transfinite nimber: the nim-sum of nimbers (`-` is `+`
/// among nimbers), their equality.
fn nimber_binary(op: BinOp, x: &Value, y: &Value, span: Span) -> Result<Value> {
    let (Some(a), Some(b)) = (as_nimber(x), as_nimber(y)) else {
        return Err(unsupported(op, x, y, span));
    };
    match op {
        BinOp::Add | BinOp::Sub => nimber_value(
            nim::nim_sum(&a, &b).map_err(|e| ordinal_error(&e, span))?,
            span,
        ),
        BinOp::Eq => Ok(Value::Bool(a == b)),
        BinOp::Ne => Ok(Value::Bool(a != b)),
        _ => Err(unsupported(op, x, y, span)),
    }
}

/// `-x` of an ordinal, a surreal number or a transfinite nimber (its own
/// negative).
pub(super) fn negate(v: &Value, span: Span) -> Result<Value> {
    let err = |e: OrdinalError| ordinal_error(&e, span);
    match v {
        Value::Ordinal(x) => ordinal_value(x.neg().map_err(err)?, span),
        Value::Surreal(x) => Ok(Value::Surreal(Rc::new(x.neg().map_err(err)?))),
        v => Ok(v.clone()),
    }
}

/// `*x` of an ordinal or surreal number: the transfinite nimber *x of an
/// ordinal x.
pub(super) fn star(v: &Value, span: Span) -> Result<Value> {
    match v {
        Value::Ordinal(x) if x.is_ordinal() => nimber_value(GenOrdinal::clone(x), span),
        v => Err(EvalError::Ordinal {
            message: format!(
                "nim value is not an ordinal: {}",
                match v {
                    Value::Ordinal(x) => x.to_string(),
                    Value::Surreal(x) => x.to_string(),
                    Value::Rational(x) => x.to_string(),
                    v => v.type_name().to_string(),
                }
            ),
            help: "nimbers are *α of ordinals α: *3, *ω, *(ω+5), *(ω**2); not of ω-1 or 1/ω".into(),
            span,
        }
        .into()),
    }
}

/// `a ** b`: ω to a generalized ordinal power (ω^(α-β) = ω^α/ω^β), or any
/// number to an integer power n (n < 0: of its reciprocal).
fn power(a: &Surreal, b: &Surreal, spans: (Span, Span), span: Span) -> Result<Surreal> {
    let err = |e: OrdinalError| match e {
        OrdinalError::DivisionByZero => EvalError::DivisionByZero { span: spans.0 }.into(),
        e => ordinal_error(&e, span),
    };
    if a.as_ordinal() == Some(&GenOrdinal::omega())
        && let Some(e) = b.as_ordinal()
    {
        return Surreal::omega_pow(e).map_err(err);
    }
    let n = b.as_ordinal().and_then(GenOrdinal::as_int).and_then(|n| i64::try_from(n).ok()).ok_or_else(|| EvalError::Ordinal {
        message: format!("{a} cannot be raised to {b}"),
        help: "a number other than ω may be raised to an integer only (ω**x takes any generalized ordinal x)".into(),
        span: spans.1,
    })?;
    let k = n.unsigned_abs();
    // The n-th power has about n times the terms: refused before it is built.
    let terms = a.num().terms().len().max(a.den().terms().len());
    let big = |x: &GenOrdinal| x.as_int().is_some_and(|x| x.unsigned_abs() > 1);
    if (terms > 1 && k > 10_000) || ((big(a.num()) || big(a.den())) && k > 127) {
        return Err(ordinal_error(&OrdinalError::Overflow, span));
    }
    if let Some(x) = a.as_ordinal()
        && n >= 0
        && let [t] = x.terms()
        && t.coeff.unsigned_abs() == 1
    {
        // A monomial: its exponent times n.
        let exp = t.exp.mul(&GenOrdinal::int(n.into())).map_err(err)?;
        let m = GenOrdinal::omega_pow(&exp).map_err(err)?;
        let m = if t.coeff < 0 && n % 2 == 1 {
            m.neg().map_err(err)?
        } else {
            m
        };
        return Ok(Surreal::from(m));
    }
    a.pow(n).map_err(err)
}
