//! Pure functions of values: `len`, `min`, `max`, `abs`, `sum`, `sorted`,
//! `xor`, `mex`, `list`, `set`, the set algebra, `popcount`, `reversed`,
//! `count`, `turning_sets`. What they build is reserved against the query's memory budget
//! before it is built, and their loops count steps (Ctrl-C, the step
//! budget).

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::Value;
use crate::octal::TurningCode;
use crate::source::Span;

use super::args::{collect_checked, range_len, set_checked, sort_checked};
use super::{Args, Entry, IntForm, Param, builtin, p};

const XS: &[Param] = &[p("xs", "collection")];
const AB: &[Param] = &[p("a", "collection"), p("b", "collection")];
const VARIADIC: &[Param] = &[p("a, b, ...", "int")];
const N: &[Param] = &[p("n", "int")];

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "len",
        len,
        XS,
        (1, 1),
        "int",
        "len(xs): the number of elements of a list, tuple, set or range (cells of a board, vertices of a graph)",
        "the number of elements of a list, tuple, set or range; the cells of a board, the vertices of a graph",
        "len(1..=10)",
    )
    .with_int_form(IntForm::Len)
    .graphs(),
    builtin(
        "min",
        min,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "min(a, b, ...) or min(xs)",
        "the least argument, or the least element of one collection",
        "min(3, 1, 2)",
    )
    .with_int_form(IntForm::Min),
    builtin(
        "max",
        max,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "max(a, b, ...) or max(xs)",
        "the greatest argument, or the greatest element of one collection",
        "max({4, 9})",
    )
    .with_int_form(IntForm::Max),
    builtin(
        "abs",
        abs,
        &[p("n", "int | ordinal")],
        (1, 1),
        "int | ordinal",
        "abs(n)",
        "the absolute value (of an integer or a generalized ordinal)",
        "abs(-5)",
    ),
    builtin(
        "sum",
        sum,
        XS,
        (1, 1),
        "int | rational | game value | position | string",
        "sum(xs): the sum of numbers (integers, rationals, surreal numbers), of game values or positions (disjunctive), or strings joined",
        "the sum of integers, rational or surreal numbers (`sum([1/2, 1/3])` is 5/6), the disjunctive sum of game values or of positions, or strings joined in order",
        "sum([Nim(1), 0, *2])",
    ),
    builtin(
        "sorted",
        sorted,
        XS,
        (1, 1),
        "list",
        "sorted(xs): a sorted list",
        "the elements as a sorted list",
        "sorted({3, 1})",
    ),
    builtin(
        "xor",
        xor,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "xor(a, b, ...) or xor(xs): bitwise exclusive or (nim-sum); of ordinals, coefficient by coefficient",
        "bitwise exclusive or, the nim-sum; of ordinals, CGSuite's NimSum",
        "xor(3, 5, 6)",
    ),
    builtin(
        "mex",
        mex,
        XS,
        (1, 1),
        "int",
        "mex(xs): the least non-negative integer not in xs",
        "the least integer >= 0 not in the collection",
        "mex([0, 1, 3])",
    ),
    builtin(
        "list",
        list,
        XS,
        (1, 1),
        "list",
        "list(xs): the elements as a list",
        "the elements as a list",
        "list(1..4)",
    ),
    builtin(
        "set",
        set,
        XS,
        (1, 1),
        "set",
        "set(xs): the elements as a set",
        "the elements as a set",
        "set([2, 1, 2])",
    ),
    builtin(
        "union",
        union,
        AB,
        (2, 2),
        "set",
        "union(a, b)",
        "the elements in a or b, as a set",
        "union({1}, [2])",
    ),
    builtin(
        "intersection",
        intersection,
        AB,
        (2, 2),
        "set",
        "intersection(a, b)",
        "the elements in both, as a set",
        "intersection({1, 2}, {2, 3})",
    ),
    builtin(
        "difference",
        difference,
        AB,
        (2, 2),
        "set",
        "difference(a, b): the elements of a not in b",
        "the elements of a not in b, as a set",
        "difference({1, 2}, {2, 3})",
    ),
    builtin(
        "symdiff",
        symdiff,
        AB,
        (2, 2),
        "set",
        "symdiff(a, b): elements in exactly one of a, b (toggling coins)",
        "the elements in exactly one of a and b, as a set",
        "symdiff({1, 2}, {2, 3})",
    ),
    builtin(
        "popcount",
        popcount,
        N,
        (1, 1),
        "int",
        "popcount(n): the number of 1 bits of n >= 0",
        "the number of 1 bits of n >= 0",
        "popcount(7)",
    ),
    builtin(
        "reversed",
        reversed,
        XS,
        (1, 1),
        "list",
        "reversed(xs): a list in reverse order",
        "the elements as a list in reverse order",
        "reversed([1, 2, 3])",
    ),
    builtin(
        "count",
        count,
        &[p("xs", "collection"), p("x", "any")],
        (2, 2),
        "int",
        "count(xs, x): how many elements of xs equal x",
        "how many elements of xs equal x",
        "count([1, 2, 1], 1)",
    ),
    builtin(
        "turning_sets",
        turning_sets,
        &[p("code", "string"), p("n", "int")],
        (2, 2),
        "list",
        "turning_sets(code, n): the sets of coins left of coin n that a move of a coin-turning code turns with it",
        "for a head on coin n (coins numbered from 1), each list of the other coins a move of the coin-turning code turns with it (CGSuite's `Turning` and `Spawning` codes: 1-3, 1+C, 1-3C(5), 3E, 4FS)",
        "turning_sets(\"1-2\", 3)",
    ),
    builtin(
        "gcd",
        gcd,
        VARIADIC,
        (1, usize::MAX),
        "int",
        "gcd(a, b, ...) or gcd(xs): the greatest common divisor (0 when every number is 0)",
        "the greatest common divisor of the arguments, or of one collection's elements (>= 0; 0 when all are 0)",
        "gcd(12, 18)",
    ),
    builtin(
        "same",
        same,
        &[p("a", "any"), p("b", "any")],
        (2, 2),
        "bool",
        "same(a, b): whether a and b are written alike (a sum's components in any order)",
        "identity as written: `==` compares games as games (`*2 + *2 == 0` is true), `same` compares what was written (`same(*2 + *2, 0)` is false); a sum is a multiset of components",
        "same(*1 + *2, *2 + *1)",
    ),
];

fn len(a: Args) -> Result<Value> {
    match &a.values[0] {
        Value::List(xs) | Value::Tuple(xs) => Ok(Value::Int(xs.len() as i64)),
        Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
        Value::Board(b) => Ok(Value::Int(b.len() as i64)),
        Value::Graph(g) => Ok(Value::Int(g.len() as i64)),
        Value::Set(xs) => Ok(Value::Int(xs.len() as i64)),
        Value::Range(x, y) => Ok(Value::Int(range_len(*x, *y, a.span)?)),
        v => Err(a.not(v, "a list, tuple, set, range, string or board", a.at(0))),
    }
}

/// `min` and `max`: of the arguments, or of one collection's elements.
fn extreme(a: Args, least: bool) -> Result<Value> {
    let items = if a.values.len() == 1 {
        a.elements(0)?
    } else {
        a.values.clone()
    };
    let pick =
        if super::ordinals::any_ordinal(&items) || super::rationals::numbers_with_a_game(&items) {
            super::ordinals::extreme(&a, items, least)?
        } else if least {
            a.no_game_values(&items)?;
            items.into_iter().min()
        } else {
            a.no_game_values(&items)?;
            items.into_iter().max()
        };
    pick.ok_or_else(|| {
        EvalError::Value {
            message: format!("{}() of an empty collection", a.name()),
            help: "give it at least one element".into(),
            span: a.span,
        }
        .into()
    })
}

fn min(a: Args) -> Result<Value> {
    extreme(a, true)
}

fn max(a: Args) -> Result<Value> {
    extreme(a, false)
}

fn abs(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values) {
        return super::ordinals::abs(&a);
    }
    // A dyadic game value that is a number (3/16): its absolute value.
    if let v @ Value::Game(_) = &a.values[0]
        && let Some(x) = super::rationals::as_rational(v)
    {
        return super::rationals::rational_result(&a, x.abs());
    }
    let n = a.int(0)?;
    n.checked_abs().map(Value::Int).ok_or(
        EvalError::Overflow {
            op: "abs".into(),
            span: a.span,
        }
        .into(),
    )
}

fn sum(a: Args) -> Result<Value> {
    let mut items = a.elements(0)?;
    // One position (a board's one part, most often) is its own sum.
    if let [Value::Pos(_)] = &items[..] {
        return Ok(items.swap_remove(0));
    }
    // Positions with game values: the sum of their values.
    if items.iter().any(|x| matches!(x, Value::Pos(_)))
        && items.iter().any(|x| matches!(x, Value::Game(_)))
    {
        for x in &mut items {
            if let Value::Pos(cs) = x {
                *x = a.position_value(cs)?;
            }
        }
    }
    // A sum of positions is their disjunctive sum.
    if items.iter().any(|x| matches!(x, Value::Pos(_))) {
        let mut comps = Vec::new();
        for x in items {
            match x {
                Value::Pos(cs) => comps.extend(cs.iter().cloned()),
                Value::Int(0) => {}
                other => return Err(a.not(&other, "positions (or 0)", a.at(0))),
            }
        }
        return Ok(Value::Pos(comps.into()));
    }
    // A sum of strings is their concatenation.
    if let Some(Value::Str(_)) = items.first() {
        let mut text = String::new();
        for x in &items {
            match x {
                Value::Str(s) => text.push_str(s),
                other => return Err(a.not(other, "strings", a.at(0))),
            }
        }
        return Ok(Value::Str(text.into()));
    }
    // Numbers and game values with a game value, a rational or an
    // ordinal among them.
    if items.iter().any(|x| !matches!(x, Value::Int(_)))
        && let Some(total) = super::rationals::sum(&a, &items)
    {
        return total;
    }
    if let Some(other) = items.iter().find(|x| {
        !matches!(
            x,
            Value::Int(_)
                | Value::Game(_)
                | Value::Rational(_)
                | Value::Surreal(_)
                | Value::Ordinal(_)
        )
    }) {
        return Err(a.not(other, "numbers or game values", a.at(0)));
    }
    let mut total: i64 = 0;
    for x in items {
        let n = match x {
            Value::Int(n) => n,
            other => return Err(a.not(&other, "an integer", a.at(0))),
        };
        total = total.checked_add(n).ok_or(EvalError::Overflow {
            op: "sum".into(),
            span: a.span,
        })?;
    }
    Ok(Value::Int(total))
}

fn sorted(a: Args) -> Result<Value> {
    let xs = a.elements(0)?;
    let n = xs.len() as u64;
    if super::ordinals::any_ordinal(&xs) || super::rationals::numbers_with_a_game(&xs) {
        // Numbers with ordinals, surreal or rational numbers, or dyadic
        // game values: they sort by their value.
        a.cx.advance(n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
        a.list_of(xs.len())?;
        return super::ordinals::sorted(&a, xs);
    }
    a.no_game_values(&xs)?;
    a.cx.advance(n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
    a.list_of(xs.len())?;
    Ok(Value::list(sort_checked(xs, a.cx, a.span)?))
}

fn reversed(a: Args) -> Result<Value> {
    let mut xs = a.elements(0)?;
    xs.reverse();
    a.list_of(xs.len())?;
    Ok(Value::list(xs))
}

fn xor(a: Args) -> Result<Value> {
    let one_collection = a.values.len() == 1 && !matches!(a.values[0], Value::Int(_));
    let items = if one_collection {
        a.elements(0)?
    } else {
        a.values.clone()
    };
    if super::ordinals::any_ordinal(&items) {
        let at = |i| a.at(if one_collection { 0 } else { i });
        return super::ordinals::nim_sum(&a, &items, at);
    }
    let mut x = 0i64;
    for (i, v) in items.iter().enumerate() {
        let at = a.at(if one_collection { 0 } else { i });
        x ^= match v {
            Value::Int(n) if *n < 0 => {
                return Err(EvalError::Value {
                    message: format!("`xor` is the nim-sum of integers >= 0, not {n}"),
                    help: "a nim-sum adds heap sizes, which are never negative (CGSuite's NimSum refuses them too)".into(),
                    span: at,
                }
                .into());
            }
            Value::Int(n) => *n,
            other => return Err(a.not(other, "an integer", at)),
        };
    }
    Ok(Value::Int(x))
}

fn mex(a: Args) -> Result<Value> {
    let mut seen = BTreeSet::new();
    for v in a.elements(0)? {
        match v {
            Value::Int(n) => seen.insert(n),
            other => return Err(a.not(&other, "an integer", a.at(0))),
        };
    }
    let mut m = 0i64;
    while seen.contains(&m) {
        m += 1;
    }
    Ok(Value::Int(m))
}

fn list(a: Args) -> Result<Value> {
    let xs = a.elements(0)?;
    a.list_of(xs.len())?;
    Ok(Value::list(xs))
}

fn set(a: Args) -> Result<Value> {
    let xs = a.elements(0)?;
    a.set_of(xs.len())?;
    Ok(Value::Set(Rc::new(set_checked(xs, a.cx, a.span)?)))
}

/// The elements of a set operation, in order.
type SetOp = for<'x> fn(
    &'x BTreeSet<Value>,
    &'x BTreeSet<Value>,
) -> Box<dyn Iterator<Item = &'x Value> + 'x>;

/// The set algebra: both collections as sets, then `op` of the two,
/// collected with looks at Ctrl-C.
fn set_op(a: Args, op: SetOp) -> Result<Value> {
    let x = a.elements(0)?;
    a.set_of(x.len())?;
    let x = set_checked(x, a.cx, a.span)?;
    let y = a.elements(1)?;
    a.set_of(y.len())?;
    let y = set_checked(y, a.cx, a.span)?;
    a.set_of(x.len() + y.len())?;
    let out = collect_checked(op(&x, &y).cloned(), a.cx, a.span)?;
    // In order and distinct: the tree is built in one pass.
    Ok(Value::Set(Rc::new(out.into_iter().collect())))
}

fn union(a: Args) -> Result<Value> {
    set_op(a, |x, y| Box::new(x.union(y)))
}

fn intersection(a: Args) -> Result<Value> {
    set_op(a, |x, y| Box::new(x.intersection(y)))
}

fn difference(a: Args) -> Result<Value> {
    set_op(a, |x, y| Box::new(x.difference(y)))
}

fn symdiff(a: Args) -> Result<Value> {
    set_op(a, |x, y| Box::new(x.symmetric_difference(y)))
}

fn popcount(a: Args) -> Result<Value> {
    let n = a.int(0)?;
    if n < 0 {
        return Err(Error::Eval(EvalError::Value {
            message: format!("popcount of a negative number ({n})"),
            help: "popcount counts the 1 bits of n >= 0".into(),
            span: a.at(0),
        }));
    }
    Ok(Value::Int(i64::from(n.count_ones())))
}

fn count(a: Args) -> Result<Value> {
    let xs = a.elements(0)?;
    Ok(Value::Int(
        xs.iter().filter(|x| **x == a.values[1]).count() as i64
    ))
}

/// `turning_sets(code, n)`: each set of coins a move turns with coin n,
/// as an ascending list, shorter sets first, each once.
fn turning_sets(a: Args) -> Result<Value> {
    let Value::Str(text) = &a.values[0] else {
        return Err(a.not(
            &a.values[0],
            "a string (a turning code such as \"1-3\")",
            a.at(0),
        ));
    };
    let code = TurningCode::parse(text).map_err(|e| {
        Error::Eval(EvalError::Value {
            message: format!("turning code \"{text}\": {}", e.message),
            help: e.help,
            span: within_literal(a.at(0), text, e.offset, e.len),
        })
    })?;
    let n = a.int(1)?;
    if n < 0 {
        return Err(Error::Eval(EvalError::Value {
            message: format!("coin {n}: coins are numbered from 1"),
            help: "a head on coin n >= 1; coin 0 has no moves".into(),
            span: a.at(1),
        }));
    }
    let mut sets: Vec<Vec<u64>> = Vec::new();
    let mut result = Ok(());
    code.for_each_set(n as u64, &mut |s| {
        result = a.cx.tick().and_then(|()| a.list_of(s.len() + 1));
        sets.push(s.to_vec());
        result.is_ok()
    });
    result?;
    sets.sort_by(|x, y| x.len().cmp(&y.len()).then_with(|| x.cmp(y)));
    sets.dedup();
    Ok(Value::List(
        sets.into_iter()
            .map(|s| Value::List(s.into_iter().map(|c| Value::Int(c as i64)).collect()))
            .collect(),
    ))
}

/// The part `offset..offset + len` of a string written at `span`: inside
/// the literal when the span is the literal itself (its text in quotes),
/// else the whole span.
fn within_literal(span: Span, text: &str, offset: usize, len: usize) -> Span {
    let (start, end) = (span.start as usize, span.end as usize);
    if end - start != text.len() + 2 || offset > text.len() {
        return span;
    }
    let from = start + 1 + offset;
    Span::new(span.src, from, (from + len.max(1)).min(end - 1).max(from))
}

fn gcd(a: Args) -> Result<Value> {
    let one_collection = a.values.len() == 1 && !matches!(a.values[0], Value::Int(_));
    let items = if one_collection {
        a.elements(0)?
    } else {
        a.values.clone()
    };
    let mut g = 0u64;
    for (i, v) in items.iter().enumerate() {
        let Value::Int(n) = v else {
            return Err(a.not(v, "an integer", a.at(i)));
        };
        // Euclid's algorithm on magnitudes: gcd(g, 0) = g.
        let mut m = n.unsigned_abs();
        while m != 0 {
            (g, m) = (m, g % m);
        }
    }
    // Only gcd(-2^63) is past i64.
    i64::try_from(g).map(Value::Int).map_err(|_| {
        EvalError::Overflow {
            op: "gcd".into(),
            span: a.span,
        }
        .into()
    })
}

fn same(a: Args) -> Result<Value> {
    Ok(Value::Bool(written_alike(&a.values[0], &a.values[1])))
}

/// Equality as written, sums as multisets of components.
fn written_alike(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Pos(a), Value::Pos(b)) => {
            let (mut a, mut b) = (a.to_vec(), b.to_vec());
            a.sort();
            b.sort();
            a == b
        }
        (x, y) => x == y,
    }
}
