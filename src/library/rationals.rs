//! Rational numbers (CGSuite's `Rational`; THEORY.md §13):
//! `numerator`, `denominator`, `floor`, `ceiling` and `is_dyadic`, the
//! numbers as the arithmetic and the order see them (integers, dyadic game
//! values, rationals such as 1/7 and ±∞, and surreal numbers), and a
//! rational as a value (an integer, a dyadic game value or
//! `Value::Rational`).

use std::cmp::Ordering;
use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::{Error, EvalError, Result};
use crate::model::Value;
use crate::model::game_value::{game_val, resolve};
use crate::ordinal::surreal::Surreal;
use crate::ordinal::{GenOrdinal, OrdinalError};
use crate::partizan::{Dyadic, PartizanError};
use crate::rational::{Rational, RationalError};
use crate::source::Span;

use super::ordinals::ordinal_value;
use super::{Args, Entry, Param, builtin, p};

const X: &[Param] = &[p("x", "int | rational | surreal")];
const Q: &[Param] = &[p("x", "int | rational")];

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "numerator",
        numerator,
        X,
        (1, 1),
        "int | ordinal",
        "numerator(x): the numerator of the number x in lowest terms (1 of 1/0)",
        "the numerator of a rational (2/3, a dyadic 3/4, an integer) or surreal number in lowest terms",
        "numerator(4/6)",
    ),
    builtin(
        "denominator",
        denominator,
        X,
        (1, 1),
        "int | ordinal",
        "denominator(x): the positive denominator of the number x in lowest terms (0 of ±∞)",
        "the denominator of a rational or surreal number in lowest terms: positive, 1 for an integer",
        "denominator(4/6)",
    ),
    builtin(
        "floor",
        floor,
        Q,
        (1, 1),
        "int",
        "floor(x): the greatest integer <= the rational number x",
        "the greatest integer less than or equal to a rational number (floor(-1/3) is -1)",
        "floor(-7/3)",
    ),
    builtin(
        "ceiling",
        ceiling,
        Q,
        (1, 1),
        "int",
        "ceiling(x): the least integer >= the rational number x",
        "the least integer greater than or equal to a rational number (ceiling(1/3) is 1)",
        "ceiling(-7/3)",
    ),
    builtin(
        "is_dyadic",
        is_dyadic,
        Q,
        (1, 1),
        "bool",
        "is_dyadic(x): whether the rational number x has a power of two for its denominator",
        "whether a rational number is dyadic, its denominator a power of two (integers are; 1/3 and 1/0 are not)",
        "is_dyadic(3/4)",
    ),
];

/// The dyadic rational a game value's text names (`1/2`, `-3/4`, `5`),
/// if it is a number.
pub(crate) fn dyadic_text(text: &str) -> Option<(i64, i64)> {
    let (p, q) = text.split_once('/').unwrap_or((text, "1"));
    let p: i64 = p.parse().ok()?;
    let q: i64 = q.parse().ok()?;
    (q > 0 && q.count_ones() == 1).then_some((p, q))
}

/// An integer, a number among the game values (a dyadic rational) or a
/// rational number as a rational.
pub(crate) fn as_rational(v: &Value) -> Option<Rational> {
    match v {
        Value::Int(n) => Some(Rational::int(*n)),
        Value::Game(g) => {
            let (p, q) = dyadic_text(&g.text)?;
            Rational::new(p.into(), q.into()).ok()
        }
        Value::Rational(x) => Some(Rational::clone(x)),
        _ => None,
    }
}

/// A finite rational as a surreal number (its parts as 128-bit integers,
/// the coefficients of generalized ordinals).
pub(crate) fn rational_surreal(x: &Rational) -> std::result::Result<Surreal, OrdinalError> {
    let (p, q) = x.to_i128s().ok_or(OrdinalError::Overflow)?;
    Surreal::new(&GenOrdinal::int(p), &GenOrdinal::int(q))
}

/// A number as the order sees it: a rational (integers, dyadic game
/// values and ±∞ among them) or a surreal number (ordinals among them).
#[derive(Debug, Clone)]
pub(crate) enum Num {
    Rat(Rational),
    Sur(Surreal),
}

impl Num {
    pub(crate) fn of(v: &Value) -> Option<Num> {
        match v {
            Value::Surreal(x) => Some(Num::Sur(Surreal::clone(x))),
            Value::Ordinal(x) => Some(Num::Sur(Surreal::from(GenOrdinal::clone(x)))),
            v => as_rational(v).map(Num::Rat),
        }
    }

    pub(crate) fn sign(&self) -> i32 {
        match self {
            Num::Rat(x) => x.sign(),
            Num::Sur(x) => x.sign(),
        }
    }

    /// The order of the numbers: ∞ above every surreal number, −∞ below.
    pub(crate) fn cmp(&self, other: &Num) -> std::result::Result<Ordering, OrdinalError> {
        match (self, other) {
            (Num::Rat(a), Num::Rat(b)) => Ok(a.cmp(b)),
            (Num::Sur(a), Num::Sur(b)) => a.cmp_value(b),
            (Num::Rat(a), Num::Sur(b)) if a.is_infinite() => Ok(a.sign().cmp(&0)),
            (Num::Sur(a), Num::Rat(b)) if b.is_infinite() => Ok(0.cmp(&b.sign())),
            (Num::Rat(a), Num::Sur(b)) => rational_surreal(a)?.cmp_value(b),
            (Num::Sur(a), Num::Rat(b)) => a.cmp_value(&rational_surreal(b)?),
        }
    }
}

/// Whether `xs` are numbers with a game value among them (`[1/2, 1/4]`):
/// numbers are totally ordered, so `sorted`, `min` and `max` order them
/// as numbers, though they refuse other game values.
pub(crate) fn numbers_with_a_game(xs: &[Value]) -> bool {
    xs.iter().any(|x| matches!(x, Value::Game(_))) && xs.iter().all(|x| Num::of(x).is_some())
}

/// A rational failure as a diagnostic: 0/0 is `division_by_zero` at the
/// divisor, the rest `grundy::eval::rational`.
pub(crate) fn rational_error(e: &RationalError, divisor: Span, span: Span) -> Error {
    match e {
        RationalError::DivisionByZero => EvalError::DivisionByZero { span: divisor }.into(),
        RationalError::Undefined(_) => EvalError::Rational {
            message: e.to_string(),
            help: "∞ (1/0) and -∞ add to and multiply every number but their opposite and 0; ∞ - ∞, 0 * ∞, ∞ / ∞, and floors and remainders of ∞ are not numbers".into(),
            span,
        }
        .into(),
        RationalError::TooLarge => EvalError::Rational {
            message: e.to_string(),
            help: format!(
                "rational numbers are exact; a numerator or denominator has at most {} bits",
                crate::rational::MAX_BITS
            ),
            span,
        }
        .into(),
    }
}

/// A rational that is neither an integer nor dyadic as a value (integers
/// and dyadic rationals are made by the evaluator, which holds the game
/// store).
pub(crate) fn non_dyadic_value(x: Rational) -> Value {
    Value::Rational(Rc::new(x))
}

/// A dyadic rational that is not an integer as the store's number (its
/// numerator of at most 64 bits).
pub(crate) fn dyadic(x: &Rational, span: Span) -> Result<Dyadic> {
    let num = crate::rational::small(x.num()).ok_or_else(|| PartizanError::Overflow.at(span))?;
    let exp = x.den().trailing_zeros().unwrap_or(0);
    u32::try_from(exp)
        .ok()
        .and_then(|e| Dyadic::new(num, e))
        .ok_or_else(|| PartizanError::Overflow.at(span))
}

/// A rational as the value of a function: an integer, a dyadic number
/// as a game value, or `Value::Rational`.
pub(crate) fn rational_result(a: &Args, x: Rational) -> Result<Value> {
    if x.is_integer() {
        return int_value(x.num(), a);
    }
    if !x.is_dyadic() {
        return Ok(non_dyadic_value(x));
    }
    let d = dyadic(&x, a.span)?;
    a.with_store(&mut |s| {
        let id = s.number(d);
        Ok(game_val(s, id))
    })
}

/// `sum(xs)` of numbers and game values with a game value or a rational
/// or an ordinal among them (`[1/2, 1/3]`, `[^, *, 1]`, `[omega, 1/2]`):
/// the exact sum of rational numbers (integers, dyadic game values and
/// rationals such as 1/7), the sum of surreal numbers, or the disjunctive
/// sum of game values (integers as numbers); None when another kind of
/// value is among them.
pub(super) fn sum(a: &Args, items: &[Value]) -> Option<Result<Value>> {
    if let Some(xs) = items.iter().map(as_rational).collect::<Option<Vec<_>>>() {
        return Some(rational_sum(a, &xs));
    }
    if items
        .iter()
        .all(|x| matches!(x, Value::Game(_) | Value::Int(_)))
    {
        return Some(game_sum(a, items));
    }
    let xs = items
        .iter()
        .map(super::ordinals::as_surreal)
        .collect::<Option<Vec<_>>>()?;
    Some(surreal_sum(a, &xs))
}

/// The sum of surreal numbers (ordinals, rationals of 128-bit parts).
fn surreal_sum(a: &Args, xs: &[Surreal]) -> Result<Value> {
    let mut total = Surreal::from(GenOrdinal::zero());
    for x in xs {
        a.cx.advance(1)?;
        total = total
            .add(x)
            .map_err(|e| super::ordinals::ordinal_error(&e, a.span))?;
    }
    let rational = |p: i64, q: i64| {
        let x =
            Rational::new(p.into(), q.into()).map_err(|e| rational_error(&e, a.at(0), a.span))?;
        rational_result(a, x)
    };
    super::ordinals::surreal_value(total, &rational, a.span)
}

/// The exact sum of rationals (∞ - ∞ refused as `+` refuses it).
fn rational_sum(a: &Args, xs: &[Rational]) -> Result<Value> {
    let mut total = Rational::int(0);
    for x in xs {
        a.cx.advance(1)?;
        total = total
            .add(x)
            .map_err(|e| rational_error(&e, a.at(0), a.span))?;
    }
    rational_result(a, total)
}

/// The disjunctive sum of game values and integers.
fn game_sum(a: &Args, items: &[Value]) -> Result<Value> {
    let at = a.at(0);
    a.with_store(&mut |s| {
        let mut total = s.integer(0);
        for x in items {
            a.cx.advance(1)?;
            let id = match x {
                Value::Game(g) => resolve(s, g, at)?,
                Value::Int(n) => s.integer(*n),
                _ => unreachable!("game values and integers"),
            };
            total = s.add(total, id).map_err(|e| e.at(a.span))?;
        }
        Ok(game_val(s, total))
    })
}

/// An integer (of at most 64 bits) as a value.
fn int_value(n: &crate::rational::BigInt, a: &Args) -> Result<Value> {
    crate::rational::small(n).map(Value::Int).ok_or_else(|| {
        EvalError::Overflow {
            op: a.name().into(),
            span: a.span,
        }
        .into()
    })
}

/// Argument 0 as a rational number.
fn arg(a: &Args) -> Result<Rational> {
    let v = &a.values[0];
    as_rational(v).ok_or_else(|| a.not(v, "a rational number", a.at(0)))
}

fn numerator(a: Args) -> Result<Value> {
    if let Some(Num::Sur(s)) = Num::of(&a.values[0]) {
        return ordinal_value(s.num().clone(), a.span);
    }
    int_value(arg(&a)?.num(), &a)
}

fn denominator(a: Args) -> Result<Value> {
    if let Some(Num::Sur(s)) = Num::of(&a.values[0]) {
        return ordinal_value(s.den().clone(), a.span);
    }
    int_value(arg(&a)?.den(), &a)
}

fn floor(a: Args) -> Result<Value> {
    let n = arg(&a)?
        .floor()
        .map_err(|e| rational_error(&e, a.at(0), a.span))?;
    int_value(&n, &a)
}

fn ceiling(a: Args) -> Result<Value> {
    let n = arg(&a)?
        .ceiling()
        .map_err(|e| rational_error(&e, a.at(0), a.span))?;
    int_value(&n, &a)
}

fn is_dyadic(a: Args) -> Result<Value> {
    Ok(Value::Bool(arg(&a)?.is_dyadic()))
}

/// `birthday(x)` of a rational that is not dyadic: ω, the day it is
/// born (CGSuite's); ±∞ has none.
pub(super) fn birthday(a: &Args, x: &Rational) -> Result<Value> {
    if x.is_infinite() {
        return Err(EvalError::Rational {
            message: format!("{x} has no birthday"),
            help: "∞ (1/0) is not a surreal number; every rational that is not dyadic is born on day ω".into(),
            span: a.span,
        }
        .into());
    }
    Ok(Value::Ordinal(Rc::new(GenOrdinal::omega())))
}

/// `sign(x)` of any number.
pub(super) fn sign(a: &Args) -> Result<Value> {
    let v = &a.values[0];
    let x = Num::of(v).ok_or_else(|| a.not(v, "a number", a.at(0)))?;
    Ok(Value::Int(x.sign().into()))
}
