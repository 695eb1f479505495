//! Game values: `value(P)` (a position's canonical value), `mean`,
//! `temperature`, `birthday`, the numbers and ups (`num`, `up`), the
//! short-game algebra (`cool`, `heat`, `overheat`, `norton`, `ordinal`,
//! the incentives, the stops, `atomic_weight`, `reduced`; THEORY.md §6.10
//! and §6.11), nim arithmetic (`nim_mul`, `nim_pow`, `nim_inv`; §6.12) and
//! `latex`. They work in the solver's store of game values, which the
//! oracle lends: each is refused inside move rules.

use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::game_value::{game_val, resolve};
use crate::model::{GameVal, Value};
use crate::partizan::{self, AlgebraError, Dyadic, GameStore, PartizanError, ValueId};
use crate::source::Span;

use super::{Args, Entry, Function, Param, Shape, Statement, builtin, p};

pub(super) const G_VAL: &[Param] = &[p("G", "position | game value | int")];

/// An entry of a game-value function: it asks the solver's store.
#[allow(clippy::too_many_arguments)]
pub(super) const fn game(
    name: &'static str,
    f: Function,
    params: &'static [Param],
    arity: (usize, usize),
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(name, f, params, arity, returns, usage, doc, example).solver()
}

pub(super) static ENTRIES: &[Entry] = &[
    game(
        "value",
        value,
        &[p("G", "position | game value | loopy game value | int")],
        (1, 1),
        "game value | loopy game value",
        "value(P): the canonical game value of the position P (or of a game value or integer); of a loopy position, its loopy game value (a stopper, or onside & offside)",
        "the canonical game value of a position (of a loopy one, its loopy game value)",
        "value(*1 + *1)",
    )
    .statement(Statement::Shaped(Shape::Value)),
    game(
        "mean",
        mean,
        G_VAL,
        (1, 1),
        "game value",
        "mean(G): the mean value of a position or game value, a number",
        "the mean value, a number",
        "mean(num(3, 2))",
    )
    .statement(Statement::Generic),
    game(
        "temperature",
        temperature,
        G_VAL,
        (1, 1),
        "game value",
        "temperature(G): the temperature of a position or game value, a number",
        "the temperature, a number",
        "temperature(up())",
    )
    .statement(Statement::Generic),
    game(
        "birthday",
        birthday,
        &[p("G", "position | game value | int | ordinal")],
        (1, 1),
        "int | ordinal",
        "birthday(G): the birthday of the canonical form of a position or game value (of an ordinal, CGSuite's: ω-5 is born on day ω+5)",
        "the birthday of the canonical form (0 for 0, 1 for *, 1, -1); of a generalized ordinal, each coefficient made positive",
        "birthday(up())",
    )
    .statement(Statement::Generic),
    game(
        "num",
        num,
        &[p("p", "int"), p("[q]", "int")],
        (1, 2),
        "game value",
        "num(n) or num(p, q): the number p/q as a game value, q a power of two",
        "the number p/q as a game value, q a power of two",
        "num(3, 4)",
    ),
    game(
        "up",
        up,
        &[p("[n]", "int")],
        (0, 1),
        "game value",
        "up() or up(n): n·↑ as a game value (`up(-1)` is ↓)",
        "n·↑ as a game value (up(-1) is ↓)",
        "up(2)",
    ),
    // The short-game algebra (THEORY.md §6.10).
    game(
        "cool",
        cool,
        &[
            p("G", "position | game value | int"),
            p("t", "number (game value | int)"),
        ],
        (2, 2),
        "game value",
        "cool(G, t): G cooled by the number t > -1 (below 0 as CGSuite defines it)",
        "G cooled by the number t > −1 (below 0 as CGSuite defines it: cool(1/4, −1/4) = 1/4*)",
        "cool(heat(value(*1), 1), 1)",
    ),
    game(
        "heat",
        heat,
        &[
            p("G", "position | game value | int"),
            p("t", "position | game value | int"),
        ],
        (2, 2),
        "game value",
        "heat(G, t): G heated by the game t (numbers are unchanged)",
        "G heated by the game t (numbers are unchanged)",
        "heat(value(*1), 1)",
    ),
    game(
        "overheat",
        overheat,
        &[
            p("G", "position | game value | int"),
            p("s", "position | game value | int"),
            p("t", "position | game value | int"),
        ],
        (3, 3),
        "game value",
        "overheat(G, s, t): G overheated from s to t (an integer n becomes n·s)",
        "G overheated from s to t (an integer n becomes n·s)",
        "overheat(value(*1), 1, 1)",
    ),
    game(
        "norton",
        norton,
        &[
            p("G", "position | game value | int"),
            p("U", "position | game value | int"),
        ],
        (2, 2),
        "game value",
        "norton(G, U): Norton's product G.U by a unit U > 0 (an integer n becomes n·U)",
        "Norton's product G.U by a unit U > 0",
        "norton(3, up())",
    ),
    game(
        "ordinal",
        ordinal,
        &[
            p("G", "position | game value | int"),
            p("H", "position | game value | int"),
        ],
        (2, 2),
        "game value",
        "ordinal(G, H): the ordinal sum G : H of the canonical forms",
        "the ordinal sum G : H of the canonical forms",
        "ordinal(1, 1)",
    ),
    game(
        "left_incentives",
        left_incentives,
        G_VAL,
        (1, 1),
        "list of game values",
        "left_incentives(G): the Left incentives G^L - G of the canonical form",
        "the Left incentives G^L − G of the canonical form",
        "left_incentives(num(1, 2))",
    ),
    game(
        "right_incentives",
        right_incentives,
        G_VAL,
        (1, 1),
        "list of game values",
        "right_incentives(G): the Right incentives G - G^R of the canonical form",
        "the Right incentives G − G^R of the canonical form",
        "right_incentives(num(1, 2))",
    ),
    game(
        "nim_mul",
        nim_mul,
        &[p("a", "int | ordinal"), p("b", "int | ordinal")],
        (2, 2),
        "int | ordinal",
        "nim_mul(a, b): the nim product of the integers a, b >= 0, or of ordinals below ω^ω^54",
        "the nim product of integers a, b ≥ 0, or of ordinals below ω^ω^54 (CGSuite's NimProduct)",
        "nim_mul(8, 8)",
    ),
    game(
        "nim_pow",
        nim_pow,
        &[p("a", "int | ordinal"), p("e", "int")],
        (2, 2),
        "int | ordinal",
        "nim_pow(a, e): the e-th nim power a ⊗ a ⊗ … ⊗ a of the integer a >= 0 (or ordinal below ω^ω^54), e >= 0",
        "the e-th nim power of a (an integer a ≥ 0 or an ordinal below ω^ω^54; CGSuite's NimExp)",
        "nim_pow(2, 3)",
    ),
    game(
        "nim_inv",
        nim_inv,
        &[p("a", "int | ordinal")],
        (1, 1),
        "int | ordinal",
        "nim_inv(a): the nim inverse of the integer a >= 1 or ordinal below ω^ω^54 (nim_mul(a, nim_inv(a)) = 1)",
        "the nim inverse of an integer a ≥ 1, or of an ordinal below ω^ω^54",
        "nim_inv(2)",
    ),
    game(
        "left_stop",
        left_stop,
        &[p("G", "position | game value | loopy game value | int")],
        (1, 1),
        "game value (a number) | loopy game value (a pseudonumber)",
        "left_stop(G): the Left stop of a position or game value, a number; of a stopper, a pseudonumber (a number, on, off, x over, x under)",
        "the Left stop: where play reaches a number, Left moving first; of a stopper, the pseudonumber it reaches (`on`, `off`, `x over`, `x under` or a number)",
        "left_stop(heat(value(*1), 1))",
    ),
    game(
        "right_stop",
        right_stop,
        &[p("G", "position | game value | loopy game value | int")],
        (1, 1),
        "game value (a number) | loopy game value (a pseudonumber)",
        "right_stop(G): the Right stop of a position or game value, a number; of a stopper, a pseudonumber (a number, on, off, x over, x under)",
        "the Right stop: where play reaches a number, Right moving first; of a stopper, the pseudonumber it reaches (`on`, `off`, `x over`, `x under` or a number)",
        "right_stop(heat(value(*1), 1))",
    ),
    game(
        "atomic_weight",
        atomic_weight,
        G_VAL,
        (1, 1),
        "game value",
        "atomic_weight(G): the atomic weight of an all-small position or game value",
        "the atomic weight of an all-small game (n for n·↑ + *m)",
        "atomic_weight(up(3))",
    ),
    game(
        "reduced",
        reduced,
        G_VAL,
        (1, 1),
        "game value",
        "reduced(G): the reduced canonical form, G modulo infinitesimals",
        "the reduced canonical form (G modulo infinitesimals)",
        "reduced(num(3, 2) + up())",
    ),
    game(
        "latex",
        latex,
        G_VAL,
        (1, 1),
        "string",
        "latex(G): the canonical form of G as LaTeX, for papers",
        "the canonical form as LaTeX math text, for papers (arrows, fractions, braces)",
        "latex(num(1, 2) + up())",
    ),
];

/// A failure of the short-game algebra (`cool`, `norton`, …): the store's
/// own failures as [`arith`] maps them, an argument out of the domain
/// (a negative temperature, a unit that is not positive) as a value error
/// on that argument's span, with the library's message and help.
fn algebra(e: AlgebraError, span: Span, arg: Span) -> Error {
    match e {
        AlgebraError::Partizan(e) => e.at(span),
        e => e.at(arg),
    }
}

/// Argument `i` as a game value: a position (its value, from the solver),
/// a game value, or an integer (the number).
fn game_arg(a: &Args, i: usize) -> Result<Rc<GameVal>> {
    let g = match &a.values[i] {
        Value::Pos(cs) => a.position_value(cs)?,
        v @ Value::Game(_) => v.clone(),
        Value::LoopyGame(l) => {
            return Err(EvalError::Value {
                message: format!("`{}` is defined for short games, and {} is loopy", a.name(), l.text),
                help: "loopy game values add, negate and compare (`+`, `-`, `==`, `<=`, `||`); the short-game algebra does not apply to them".into(),
                span: a.at(i),
            }
            .into());
        }
        Value::Int(n) => {
            let n = *n;
            a.with_store(&mut |s| {
                let id = s.integer(n);
                Ok(game_val(s, id))
            })?
        }
        v => {
            return Err(a.wrong(
                format!(
                    "`{}` takes a position or a game value, not {}",
                    a.name(),
                    v.type_name()
                ),
                a.at(i),
            ));
        }
    };
    let Value::Game(g) = g else {
        unreachable!("the oracle's game_value gives a game value")
    };
    Ok(g)
}

/// `f` of the store's id of one game-value argument, as a value.
fn of_one(a: Args, f: &dyn Fn(&mut GameStore, ValueId, Span) -> Result<Value>) -> Result<Value> {
    let g = game_arg(&a, 0)?;
    let (at, span) = (a.at(0), a.span);
    a.with_store(&mut |s| {
        let id = resolve(s, &g, at)?;
        f(s, id, span)
    })
}

/// A function of the store's ids of the arguments, with the conversion of
/// the algebra's refusals.
pub(super) type OfIds<'f> =
    dyn Fn(&mut GameStore, &[ValueId], &dyn Fn(AlgebraError) -> Error) -> Result<Value> + 'f;

/// `f` of the store's ids of every argument (each a game value), the
/// algebra's refusals on the last argument.
pub(super) fn of_all(a: Args, f: &OfIds<'_>) -> Result<Value> {
    let mut gs = Vec::with_capacity(a.values.len());
    for i in 0..a.values.len() {
        gs.push((game_arg(&a, i)?, a.at(i)));
    }
    let span = a.span;
    let last = a.at(a.values.len() - 1);
    a.with_store(&mut |s| {
        let mut ids = Vec::with_capacity(gs.len());
        for (g, at) in &gs {
            ids.push(resolve(s, g, *at)?);
        }
        f(s, &ids, &|e| algebra(e, span, last))
    })
}

/// `value(P)`: the canonical value, or of a loopy position its value as
/// a loopy game (a stopper's simplest form, or onside & offside).
fn value(a: Args) -> Result<Value> {
    match &a.values[0] {
        v @ Value::LoopyGame(_) => Ok(v.clone()),
        Value::Pos(cs) => a.oracle()?.any_value(a.cx, cs),
        _ => Ok(Value::Game(game_arg(&a, 0)?)),
    }
}

fn mean(a: Args) -> Result<Value> {
    of_one(a, &|s, id, span| {
        let x = s.mean(id).map_err(|e| e.at(span))?;
        let id = s.number(x);
        Ok(game_val(s, id))
    })
}

fn temperature(a: Args) -> Result<Value> {
    of_one(a, &|s, id, span| {
        let x = s.temperature(id).map_err(|e| e.at(span))?;
        let id = s.number(x);
        Ok(game_val(s, id))
    })
}

fn birthday(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values) {
        return super::ordinals::birthday(&a);
    }
    of_one(a, &|s, id, span| {
        i64::try_from(s.birthday(id))
            .map(Value::Int)
            .map_err(|_| PartizanError::Overflow.at(span))
    })
}

/// Argument `i`, an integer, for `num` and `up`.
pub(super) fn integer(a: &Args, i: usize) -> Result<i64> {
    match &a.values[i] {
        Value::Int(n) => Ok(*n),
        v => Err(a.wrong(
            format!("`{}` takes integers, not {}", a.name(), v.type_name()),
            a.at(i),
        )),
    }
}

fn num(a: Args) -> Result<Value> {
    let p = integer(&a, 0)?;
    let q = if a.values.len() > 1 {
        integer(&a, 1)?
    } else {
        1
    };
    if q <= 0 || q.count_ones() != 1 {
        return Err(EvalError::Value {
            message: format!("the denominator {q} is not a power of two"),
            help: "game values are dyadic: write num(p, q) with q = 1, 2, 4, 8, …".into(),
            span: a.at(1),
        }
        .into());
    }
    let x = Dyadic::new(p, q.trailing_zeros()).ok_or_else(|| PartizanError::Overflow.at(a.span))?;
    a.with_store(&mut |s| {
        let id = s.number(x);
        Ok(game_val(s, id))
    })
}

fn up(a: Args) -> Result<Value> {
    let n = match a.values.first() {
        None => 1,
        Some(Value::Int(n)) => *n,
        Some(v) => {
            return Err(a.wrong(
                format!("`up` takes an integer, not {}", v.type_name()),
                a.at(0),
            ));
        }
    };
    let span = a.span;
    a.with_store(&mut |s| {
        let id = s.ups(n).map_err(|e| e.at(span))?;
        Ok(game_val(s, id))
    })
}

/// The arguments of nim arithmetic: integers >= 0.
fn naturals(a: &Args) -> Result<[u64; 2]> {
    let mut ns = [0u64; 2];
    for (i, n) in ns.iter_mut().enumerate().take(a.values.len()) {
        *n = match &a.values[i] {
            Value::Int(n) => u64::try_from(*n).map_err(|_| EvalError::Value {
                message: format!("`{}` takes integers >= 0, not {n}", a.name()),
                help: format!(
                    "nim arithmetic is of non-negative integers: {}",
                    a.meta.usage
                ),
                span: a.at(i),
            })?,
            v => {
                return Err(a.wrong(
                    format!("`{}` takes integers, not {}", a.name(), v.type_name()),
                    a.at(i),
                ));
            }
        };
    }
    Ok(ns)
}

/// A nim product, power or inverse as an integer: the arguments are below
/// 2^63, the answer may reach 2^64 - 1.
fn nim_int(a: &Args, r: u64) -> Result<Value> {
    i64::try_from(r).map(Value::Int).map_err(|_| {
        EvalError::Overflow {
            op: a.name().to_string(),
            span: a.span,
        }
        .into()
    })
}

fn nim_mul(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values) {
        return super::ordinals::nim_mul(&a);
    }
    let [x, y] = naturals(&a)?;
    nim_int(&a, partizan::nim_mul(x, y))
}

fn nim_pow(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values) {
        return super::ordinals::nim_pow(&a);
    }
    let [x, e] = naturals(&a)?;
    nim_int(&a, partizan::nim_pow(x, e))
}

fn nim_inv(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values) {
        return super::ordinals::nim_inv(&a);
    }
    let [x, _] = naturals(&a)?;
    let r = partizan::nim_inv(x).ok_or_else(|| EvalError::Value {
        message: "0 has no nim inverse".into(),
        help: "nim_inv(a) takes a >= 1 (the nimbers below 2^64 form a field)".into(),
        span: a.at(0),
    })?;
    nim_int(&a, r)
}

fn cool(a: Args) -> Result<Value> {
    let usage = a.meta.usage;
    let last = a.at(1);
    of_all(a, &|s, ids, e| {
        let Some(t) = s.as_number(ids[1]) else {
            return Err(EvalError::Value {
                message: format!("`cool` cools by a number, not {}", s.display(ids[1])),
                help: format!("usage: {usage}"),
                span: last,
            }
            .into());
        };
        let id = partizan::cool(s, ids[0], t).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn heat(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::heat(s, ids[0], ids[1]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn overheat(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::overheat(s, ids[0], ids[1], ids[2]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn norton(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::norton(s, ids[0], ids[1]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn ordinal(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::ordinal(s, ids[0], ids[1]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn atomic_weight(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::atomic_weight(s, ids[0]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn reduced(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::reduced(s, ids[0]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn left_stop(a: Args) -> Result<Value> {
    if let Some(l) = super::stoppers::loopy_arg(&a)? {
        return super::stoppers::loopy_stop(&a, &l, true);
    }
    of_all(a, &|s, ids, _| {
        let x = s.left_stop(ids[0]);
        let id = s.number(x);
        Ok(game_val(s, id))
    })
}

fn right_stop(a: Args) -> Result<Value> {
    if let Some(l) = super::stoppers::loopy_arg(&a)? {
        return super::stoppers::loopy_stop(&a, &l, false);
    }
    of_all(a, &|s, ids, _| {
        let x = s.right_stop(ids[0]);
        let id = s.number(x);
        Ok(game_val(s, id))
    })
}

fn latex(a: Args) -> Result<Value> {
    let span = a.span;
    of_all(a, &|s, ids, _| match s.latex(ids[0]) {
        Some(text) => Ok(Value::Str(text.into())),
        None => Err(EvalError::Value {
            message: "this value's LaTeX would be longer than 200,000 characters".into(),
            help: "latex writes a value whole or not at all; its canonical form is too large \
                   to write out (value(...) prints it shortened)"
                .into(),
            span,
        }
        .into()),
    })
}

/// A list of game values.
pub(super) fn values(s: &mut GameStore, xs: Vec<ValueId>) -> Value {
    let list: Vec<Value> = xs.into_iter().map(|x| game_val(s, x)).collect();
    Value::List(list.into())
}

fn left_incentives(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let xs = partizan::left_incentives(s, ids[0]).map_err(e)?;
        Ok(values(s, xs))
    })
}

fn right_incentives(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let xs = partizan::right_incentives(s, ids[0]).map_err(e)?;
        Ok(values(s, xs))
    })
}
