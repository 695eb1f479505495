//! Generalized ordinals in expressions (CGSuite's `GeneralizedOrdinal`):
//! `omega` (or `ω`), and `+`, `-`, `*`, `^` and the comparisons on
//! ordinals and integers. Any other mix with an ordinal — a short game, a
//! position, a quotient — is refused with `grundy::eval::ordinal`.

use std::rc::Rc;

use crate::error::{Error, EvalError, Result};
use crate::library::ordinals::{as_ordinal, ordinal_error, ordinal_value};
use crate::model::Value;
use crate::ordinal::{GenOrdinal, OrdinalError};
use crate::source::Span;
use crate::syntax::ast::BinOp;

/// ω, the value of `omega` and `ω`.
pub(super) fn omega() -> Value {
    Value::Ordinal(Rc::new(GenOrdinal::omega()))
}

/// Whether `x op y` is ordinal arithmetic (one side an ordinal; `in`
/// stays a membership test).
pub(super) fn involves_ordinal(op: BinOp, x: &Value, y: &Value) -> bool {
    op != BinOp::In && (matches!(x, Value::Ordinal(_)) || matches!(y, Value::Ordinal(_)))
}

fn unsupported(op: BinOp, x: &Value, y: &Value, span: Span) -> Error {
    EvalError::Ordinal {
        message: format!(
            "`{}` of {} and {} is not supported",
            op.symbol(),
            x.type_name(),
            y.type_name()
        ),
        help: "ordinals combine with ordinals and integers by + - * ** and the comparisons; sums with short games, quotients (surreal numbers such as 1/ω) and transfinite nimbers are not supported".into(),
        span,
    }
    .into()
}

/// `x op y` with one side an ordinal.
pub(super) fn ordinal_binary(
    op: BinOp,
    x: &Value,
    y: &Value,
    spans: (Span, Span),
    span: Span,
) -> Result<Value> {
    let (Some(a), Some(b)) = (as_ordinal(x), as_ordinal(y)) else {
        return Err(unsupported(op, x, y, span));
    };
    let err = |e: OrdinalError| ordinal_error(&e, span);
    let r = match op {
        BinOp::Add => a.add(&b).map_err(err)?,
        BinOp::Sub => a.sub(&b).map_err(err)?,
        BinOp::Mul => a.mul(&b).map_err(err)?,
        BinOp::Pow => return power(&a, &b, spans, span),
        BinOp::Eq => return Ok(Value::Bool(a == b)),
        BinOp::Ne => return Ok(Value::Bool(a != b)),
        BinOp::Lt => return Ok(Value::Bool(a < b)),
        BinOp::Le => return Ok(Value::Bool(a <= b)),
        BinOp::Gt => return Ok(Value::Bool(a > b)),
        BinOp::Ge => return Ok(Value::Bool(a >= b)),
        _ => return Err(unsupported(op, x, y, span)),
    };
    ordinal_value(r, span)
}

/// `a ^ b`: ω to an ordinal power, or any generalized ordinal to an
/// integer n >= 0 (n-fold product).
fn power(a: &GenOrdinal, b: &GenOrdinal, spans: (Span, Span), span: Span) -> Result<Value> {
    let err = |e: OrdinalError| ordinal_error(&e, span);
    if *a == GenOrdinal::omega() {
        return ordinal_value(GenOrdinal::omega_pow(b).map_err(err)?, span);
    }
    let n = b.as_int().and_then(|n| u64::try_from(n).ok()).ok_or_else(|| EvalError::Ordinal {
        message: format!("{a} cannot be raised to {b}"),
        help: "a generalized ordinal other than ω may be raised to an integer n >= 0 only (ω^x takes any ordinal x)".into(),
        span: spans.1,
    })?;
    // The n-th power has about n times the terms: refused before it is built.
    if a.terms().len() > 1 && n > 10_000 {
        return Err(ordinal_error(&OrdinalError::Overflow, span));
    }
    if let Some(x) = a.as_int()
        && x.unsigned_abs() > 1
        && n > 127
    {
        return Err(ordinal_error(&OrdinalError::Overflow, span));
    }
    let r = if a.terms().len() == 1 && a.terms()[0].coeff.unsigned_abs() == 1 {
        // A monomial: its exponent times n.
        let t = &a.terms()[0];
        let exp = t.exp.mul(&GenOrdinal::int(n.into())).map_err(err)?;
        let m = GenOrdinal::omega_pow(&exp).map_err(err)?;
        if t.coeff < 0 && n % 2 == 1 {
            m.neg().map_err(err)?
        } else {
            m
        }
    } else {
        a.pow(n).map_err(err)?
    };
    ordinal_value(r, span)
}
