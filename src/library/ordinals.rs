//! Generalized ordinals (`omega`, `ω + 1`, `ω^ω`; THEORY.md §13):
//! `is_ordinal` and `sign`, and the ordinal side of `xor`, `nim_mul`,
//! `nim_pow`, `nim_inv`, `abs`, `birthday` and `outcome` (whose entries
//! live with their families and call in here when an argument is an
//! ordinal).

use crate::error::{Error, EvalError, Result};
use crate::model::{Class, Value};
use crate::ordinal::{GenOrdinal, OrdinalError, nim};
use crate::source::Span;

use super::{Args, Entry, Param, builtin, p};

const X: &[Param] = &[p("x", "int | ordinal")];

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "is_ordinal",
        is_ordinal,
        X,
        (1, 1),
        "bool",
        "is_ordinal(x): whether the integer or generalized ordinal x is an ordinal (every coefficient positive; 0 is one)",
        "whether x is an ordinal: an integer >= 0, or ω^a×m + … with every m > 0",
        "is_ordinal(omega - 5)",
    ),
    builtin(
        "sign",
        sign,
        X,
        (1, 1),
        "int",
        "sign(x): -1, 0 or 1, the sign of the integer or generalized ordinal x",
        "-1, 0 or 1, the sign of an integer or generalized ordinal",
        "sign(5 - omega)",
    ),
];

/// A theory failure as the diagnostic `grundy::eval::ordinal`.
pub(crate) fn ordinal_error(e: &OrdinalError, span: Span) -> Error {
    EvalError::Ordinal {
        message: e.to_string(),
        help: e.help(),
        span,
    }
    .into()
}

/// An integer or an ordinal as a generalized ordinal.
pub(crate) fn as_ordinal(v: &Value) -> Option<GenOrdinal> {
    match v {
        Value::Int(n) => Some(GenOrdinal::int((*n).into())),
        Value::Ordinal(x) => Some(GenOrdinal::clone(x)),
        _ => None,
    }
}

/// A generalized ordinal as a value (an integer when it is one).
pub(crate) fn ordinal_value(x: GenOrdinal, span: Span) -> Result<Value> {
    Value::ordinal(x).ok_or_else(|| ordinal_error(&OrdinalError::Overflow, span))
}

/// Argument i as a generalized ordinal (an integer or an ordinal).
fn arg(a: &Args, i: usize) -> Result<GenOrdinal> {
    as_ordinal(&a.values[i]).ok_or_else(|| a.not(&a.values[i], "an integer or an ordinal", a.at(i)))
}

fn is_ordinal(a: Args) -> Result<Value> {
    Ok(Value::Bool(arg(&a, 0)?.is_ordinal()))
}

fn sign(a: Args) -> Result<Value> {
    Ok(Value::Int(arg(&a, 0)?.sign().into()))
}

/// Whether a call has an ordinal among its arguments (so goes here).
pub(super) fn any_ordinal(values: &[Value]) -> bool {
    values.iter().any(|v| matches!(v, Value::Ordinal(_)))
}

fn theory(a: &Args, e: &OrdinalError) -> Error {
    ordinal_error(e, a.span)
}

/// `xor` of integers and ordinals: CGSuite's NimSum.
pub(super) fn nim_sum(a: &Args, items: &[Value], at: impl Fn(usize) -> Span) -> Result<Value> {
    let mut x = GenOrdinal::zero();
    for (i, v) in items.iter().enumerate() {
        let y = as_ordinal(v).ok_or_else(|| a.not(v, "an integer or an ordinal", at(i)))?;
        x = nim::nim_sum(&x, &y).map_err(|e| ordinal_error(&e, at(i)))?;
    }
    ordinal_value(x, a.span)
}

/// `sorted(xs)` of integers and ordinals, in their order (the order of
/// values in a set puts the integers first).
pub(super) fn sorted(a: &Args, xs: Vec<Value>) -> Result<Value> {
    let mut keyed = Vec::with_capacity(xs.len());
    for x in xs {
        let k = as_ordinal(&x).ok_or_else(|| a.not(&x, "an integer or an ordinal", a.at(0)))?;
        keyed.push((k, x));
    }
    keyed.sort_by(|x, y| x.0.cmp(&y.0));
    Ok(Value::list(keyed.into_iter().map(|(_, x)| x).collect()))
}

/// `nim_mul(a, b)` with an ordinal argument.
pub(super) fn nim_mul(a: &Args) -> Result<Value> {
    let r = nim::nim_mul(&arg(a, 0)?, &arg(a, 1)?).map_err(|e| theory(a, &e))?;
    ordinal_value(r, a.span)
}

/// `nim_pow(a, e)` with an ordinal a.
pub(super) fn nim_pow(a: &Args) -> Result<Value> {
    let e = match &a.values[1] {
        Value::Int(n) if *n >= 0 => *n as u64,
        v => return Err(a.not(v, "an integer >= 0", a.at(1))),
    };
    let r = nim::nim_pow(&arg(a, 0)?, e).map_err(|e| theory(a, &e))?;
    ordinal_value(r, a.span)
}

/// `nim_inv(a)` of an ordinal a.
pub(super) fn nim_inv(a: &Args) -> Result<Value> {
    let r = nim::nim_inv(&arg(a, 0)?).map_err(|e| theory(a, &e))?;
    ordinal_value(r.expect("an ordinal value is not 0"), a.span)
}

/// `abs(x)` of an ordinal x.
pub(super) fn abs(a: &Args) -> Result<Value> {
    ordinal_value(arg(a, 0)?.abs().map_err(|e| theory(a, &e))?, a.span)
}

/// `birthday(x)` of an ordinal x, as CGSuite gives it: every coefficient
/// made positive.
pub(super) fn birthday(a: &Args) -> Result<Value> {
    ordinal_value(arg(a, 0)?.birthday().map_err(|e| theory(a, &e))?, a.span)
}

/// `outcome(x)` of an ordinal x: L when x > 0, R when x < 0.
pub(super) fn outcome(a: &Args) -> Result<Value> {
    let name = if arg(a, 0)?.sign() > 0 { "L" } else { "R" };
    Ok(Value::Outcome(Class::named(name).expect("a class")))
}
