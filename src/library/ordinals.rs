//! Generalized ordinals (`omega`, `ω + 1`, `ω^ω`; THEORY.md §13):
//! `is_ordinal` and `sign`, and the ordinal side of `xor`, `nim_mul`,
//! `nim_pow`, `nim_inv`, `abs`, `birthday`, `outcome` and `sorted`
//! (whose entries live with their families and call in here when an
//! argument is an ordinal, a surreal number such as 1/ω or a transfinite
//! nimber *ω).

use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

use crate::error::{Error, EvalError, Result};
use crate::model::{Class, Comp, STAR, Value};
use crate::ordinal::surreal::Surreal;
use crate::ordinal::{GenOrdinal, OrdinalError, nim};
use crate::source::Span;

use super::rationals::{self, Num};
use super::{Args, Entry, Param, builtin, p};

const X: &[Param] = &[p("x", "int | ordinal")];
const NUMBER: &[Param] = &[p("x", "int | ordinal | surreal")];

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
        NUMBER,
        (1, 1),
        "int",
        "sign(x): -1, 0 or 1, the sign of the integer, generalized ordinal or surreal number x",
        "-1, 0 or 1, the sign of an integer, generalized ordinal or surreal number (1/ω, num(1, 2))",
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

/// An integer, a generalized ordinal, a surreal number, a number among
/// the game values (a dyadic rational) or a finite rational number (whose
/// parts fit 128 bits) as a surreal number.
pub(crate) fn as_surreal(v: &Value) -> Option<Surreal> {
    match v {
        Value::Surreal(x) => Some(Surreal::clone(x)),
        Value::Game(_) | Value::Rational(_) => {
            rationals::rational_surreal(&rationals::as_rational(v)?).ok()
        }
        v => as_ordinal(v).map(Surreal::from),
    }
}

/// A surreal number as a value: an integer or ordinal when it is one, a
/// rational through `rational` (the number p/q among the game values, or
/// the error of an inexact quotient), else `Value::Surreal`.
pub(crate) fn surreal_value(
    x: Surreal,
    rational: &dyn Fn(i64, i64) -> Result<Value>,
    span: Span,
) -> Result<Value> {
    if let Some(o) = x.as_ordinal() {
        return ordinal_value(o.clone(), span);
    }
    if let Some((p, q)) = x.as_rational() {
        let (Ok(p), Ok(q)) = (i64::try_from(p), i64::try_from(q)) else {
            return Err(ordinal_error(&OrdinalError::Overflow, span));
        };
        return rational(p, q);
    }
    Ok(Value::Surreal(Rc::new(x)))
}

/// The nim value of a nimber: `*α` (an ordinal), `*n` or a sum of nim
/// heaps (an integer), 0.
pub(crate) fn as_nimber(v: &Value) -> Option<GenOrdinal> {
    match v {
        Value::Nimber(x) => Some(GenOrdinal::clone(x)),
        Value::Int(0) => Some(GenOrdinal::zero()),
        Value::Pos(cs) => crate::model::game_value::nim_sum(cs)
            .and_then(|n| i128::try_from(n).ok())
            .map(GenOrdinal::int),
        _ => None,
    }
}

/// The nimber *α as a value: `*n` when α is finite.
pub(crate) fn nimber_value(x: GenOrdinal, span: Span) -> Result<Value> {
    match x.as_int() {
        Some(n) => {
            let n = i64::try_from(n).map_err(|_| ordinal_error(&OrdinalError::Overflow, span))?;
            Ok(Value::Pos(
                vec![Comp {
                    game: STAR,
                    args: vec![Value::Int(n)].into(),
                }]
                .into(),
            ))
        }
        None => Ok(Value::Nimber(Rc::new(x))),
    }
}

/// Argument i as a generalized ordinal (an integer or an ordinal).
fn arg(a: &Args, i: usize) -> Result<GenOrdinal> {
    as_ordinal(&a.values[i]).ok_or_else(|| a.not(&a.values[i], "an integer or an ordinal", a.at(i)))
}

fn is_ordinal(a: Args) -> Result<Value> {
    Ok(Value::Bool(arg(&a, 0)?.is_ordinal()))
}

fn sign(a: Args) -> Result<Value> {
    rationals::sign(&a)
}

/// Whether a call has an ordinal, a surreal number, a transfinite nimber
/// or a rational number that is not dyadic (1/7, 1/0) among its
/// arguments (so goes here).
pub(super) fn any_ordinal(values: &[Value]) -> bool {
    values.iter().any(|v| {
        matches!(
            v,
            Value::Ordinal(_) | Value::Surreal(_) | Value::Nimber(_) | Value::Rational(_)
        )
    })
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

/// `sorted(xs)` of numbers — integers, ordinals, surreal numbers, dyadic
/// rationals and the other rationals with ±∞ — in their order (the order of values in a set puts
/// the integers first).
pub(super) fn sorted(a: &Args, xs: Vec<Value>) -> Result<Value> {
    let mut keyed = surreal_keys(a, xs)?;
    // The order of surreal numbers multiplies them out, which may
    // overflow: the first failure is the answer.
    let failed = RefCell::new(None);
    keyed.sort_by(|x, y| {
        x.0.cmp(&y.0).unwrap_or_else(|e| {
            failed.borrow_mut().get_or_insert(e);
            Ordering::Equal
        })
    });
    if let Some(e) = failed.into_inner() {
        return Err(theory(a, &e));
    }
    Ok(Value::list(keyed.into_iter().map(|(_, x)| x).collect()))
}

/// Each number with its surreal value, or the error for the first that
/// is not a number.
fn surreal_keys(a: &Args, xs: Vec<Value>) -> Result<Vec<(Num, Value)>> {
    let mut keyed = Vec::with_capacity(xs.len());
    for x in xs {
        let k = Num::of(&x).ok_or_else(|| a.not(&x, "a number or an ordinal", a.at(0)))?;
        keyed.push((k, x));
    }
    Ok(keyed)
}

/// `min` or `max` of numbers among which there is an ordinal or a surreal
/// number, by their order as numbers (the first of equal ones).
pub(super) fn extreme(a: &Args, xs: Vec<Value>, least: bool) -> Result<Option<Value>> {
    let mut best: Option<(Num, Value)> = None;
    for (k, x) in surreal_keys(a, xs)? {
        let better = match &best {
            None => true,
            Some((b, _)) => {
                let o = k.cmp(b).map_err(|e| theory(a, &e))?;
                if least { o.is_lt() } else { o.is_gt() }
            }
        };
        if better {
            best = Some((k, x));
        }
    }
    Ok(best.map(|(_, x)| x))
}

/// `nim_mul(a, b)` with an ordinal argument; of two nimbers one of which
/// is transfinite, their Conway product, the nimber of the nim product.
pub(super) fn nim_mul(a: &Args) -> Result<Value> {
    if a.values.iter().any(|v| matches!(v, Value::Nimber(_))) {
        let nimber = |i: usize| {
            as_nimber(&a.values[i]).ok_or_else(|| a.not(&a.values[i], "a nimber", a.at(i)))
        };
        let r = nim::nim_mul(&nimber(0)?, &nimber(1)?).map_err(|e| theory(a, &e))?;
        return nimber_value(r, a.span);
    }
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

/// `abs(x)` of an ordinal, surreal or rational number x.
pub(super) fn abs(a: &Args) -> Result<Value> {
    if let Value::Rational(x) = &a.values[0] {
        // Not an integer nor dyadic: its negative neither.
        return Ok(rationals::non_dyadic_value(x.abs()));
    }
    if let Value::Surreal(x) = &a.values[0] {
        // Not an integer, an ordinal or a rational: its negative neither.
        return Ok(Value::Surreal(Rc::new(x.abs().map_err(|e| theory(a, &e))?)));
    }
    ordinal_value(arg(a, 0)?.abs().map_err(|e| theory(a, &e))?, a.span)
}

/// `birthday(x)` of an ordinal x, as CGSuite gives it: every coefficient
/// made positive; of a nimber *α, α; of a rational that is not dyadic, ω. CGSuite has no birthday of the
/// other surreal numbers, nor has grundy.
pub(super) fn birthday(a: &Args) -> Result<Value> {
    match &a.values[0] {
        Value::Nimber(x) => ordinal_value(GenOrdinal::clone(x), a.span),
        Value::Rational(x) => rationals::birthday(a, x),
        Value::Surreal(x) => Err(EvalError::Ordinal {
            message: format!("the birthday of the surreal number {x} is not computed"),
            help: "birthday takes positions, game values, integers, generalized ordinals (ω-5) and transfinite nimbers (*ω); CGSuite has no birthday of a quotient such as 1/ω either".into(),
            span: a.span,
        }
        .into()),
        _ => ordinal_value(arg(a, 0)?.birthday().map_err(|e| theory(a, &e))?, a.span),
    }
}

/// `outcome(x)` of a number x: L when x > 0, R when x < 0; of a
/// transfinite nimber, N (the first player moves to *0).
pub(super) fn outcome(a: &Args) -> Result<Value> {
    let v = &a.values[0];
    let name = match v {
        Value::Nimber(_) => "N",
        _ => match Num::of(v).map(|x| x.sign()) {
            Some(1) => "L",
            Some(-1) => "R",
            _ => return Err(a.not(v, "a number or a nimber", a.at(0))),
        },
    };
    Ok(Value::Outcome(Class::named(name).expect("a class")))
}
