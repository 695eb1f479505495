//! The operators on values: arithmetic (checked, floor division),
//! joining collections, set algebra, comparisons and indexing, each with
//! the diagnostic a user sees when the operands do not fit.

use std::rc::Rc;

use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::BinOp;

use crate::library::range_len;
use crate::model::Value;

/// How many elements a collection holds (0 for other values).
pub(super) fn elements(v: &Value) -> usize {
    match v {
        Value::Tuple(xs) | Value::List(xs) => xs.len(),
        Value::Set(xs) => xs.len(),
        Value::Pos(cs) => cs.len(),
        _ => 0,
    }
}

pub(super) fn describe_len(v: &Value) -> String {
    match v {
        Value::Tuple(xs) | Value::List(xs) => format!("{} of {} elements", v.type_name(), xs.len()),
        v => v.type_name().to_string(),
    }
}

fn overflow(op: BinOp, span: Span) -> Error {
    EvalError::Overflow {
        op: op.symbol().into(),
        span,
    }
    .into()
}

pub(super) fn binary(op: BinOp, x: Value, y: Value, ys: Span, span: Span) -> Result<Value> {
    use Value::*;
    let int = |r: Option<i64>| r.map(Int).ok_or_else(|| overflow(op, span));
    match (op, x, y) {
        (BinOp::Add, Int(a), Int(b)) => int(a.checked_add(b)),
        (BinOp::Sub, Int(a), Int(b)) => int(a.checked_sub(b)),
        (BinOp::Mul, Int(a), Int(b)) => int(a.checked_mul(b)),
        (BinOp::Div | BinOp::FloorDiv | BinOp::Rem, Int(_), Int(0)) => {
            Err(EvalError::DivisionByZero { span: ys }.into())
        }
        // Exact division of integers that divide (the evaluator turns any
        // other quotient into a number, or refuses it: `Interp::quotient`).
        (BinOp::Div, Int(a), Int(b)) if a.checked_rem(b) == Some(0) => int(a.checked_div(b)),
        // Floor division and a remainder with the divisor's sign.
        (BinOp::FloorDiv, Int(a), Int(b)) => {
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
        (BinOp::Pow, Int(_), Int(b)) if b < 0 => Err(EvalError::Value {
            message: format!("negative exponent {b}"),
            help: "integers have no negative powers".into(),
            span: ys,
        }
        .into()),
        (BinOp::Pow, Int(a), Int(b)) => match u32::try_from(b) {
            Ok(e) => int(a.checked_pow(e)),
            Err(_) if matches!(a, 0 | 1) => Ok(Int(a)),
            Err(_) if a == -1 => Ok(Int(if b % 2 == 0 { 1 } else { -1 })),
            Err(_) => Err(overflow(op, span)),
        },
        (BinOp::Add, Pos(a), Pos(b)) => Ok(Pos(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add | BinOp::Sub, Pos(a), Int(0)) | (BinOp::Add, Int(0), Pos(a)) => Ok(Pos(a)),
        (BinOp::Add, List(a), List(b)) => Ok(List(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add, Tuple(a), Tuple(b)) => Ok(Tuple(a.iter().chain(b.iter()).cloned().collect())),
        (BinOp::Add, Str(a), Str(b)) => Ok(Str(format!("{a}{b}").into())),
        (BinOp::Add, Set(a), Set(b)) => Ok(Set(Rc::new(a.union(&b).cloned().collect()))),
        (BinOp::Sub, Set(a), Set(b)) => Ok(Set(Rc::new(a.difference(&b).cloned().collect()))),
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

pub(super) fn index(xs: Value, i: Value, xs_span: Span, span: Span) -> Result<Value> {
    // `b[(r, c)]`: what a square of a board shows.
    if let (Value::Board(b), Value::Tuple(rc)) = (&xs, &i)
        && let [Value::Int(r), Value::Int(c)] = &rc[..]
    {
        return Ok(Value::Str(b.get(*r, *c).to_string().into()));
    }
    let Value::Int(i) = i else {
        return Err(Error::type_error(
            format!("an index must be an integer, not {}", i.type_name()),
            "write `xs[i]` with i an integer",
            span,
        ));
    };
    let out_of = |len: usize| {
        EvalError::Index {
            index: i,
            len,
            span,
        }
        .into()
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
        Value::Str(s) => usize::try_from(i)
            .ok()
            .and_then(|k| s.chars().nth(k))
            .map(|ch| Value::Str(ch.to_string().into()))
            .ok_or_else(|| out_of(s.chars().count())),
        v => Err(Error::type_error(
            format!("cannot index {}", v.type_name()),
            "only lists, tuples and ranges can be indexed; turn a set into a list with `sorted(s)`",
            xs_span,
        )),
    }
}
