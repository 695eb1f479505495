//! Questions to the solver about a position, as functions of expressions:
//! `grundy(P)`, `outcome(P)`, `options(P)`, `winning(P)`, `remoteness(P)`,
//! `is_p(P)`, `is_n(P)`, answered through the oracle (so the library knows
//! nothing of the solver). Each is refused inside move rules.

use std::rc::Rc;

use crate::digraph::Generalized;
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::game_value::resolve;
use crate::model::{Comp, Oracle, Outcome, Value};

use super::{Args, Entry, Function, Param, Shape, Statement, builtin, p};

const P: &[Param] = &[p("P", "position")];
const P_PLAY: &[Param] = &[p("P", "position"), p("[play]", "normal | misere")];

/// An entry of a query function: a position, and (when it has a second
/// parameter) a convention.
const fn query(
    name: &'static str,
    f: Function,
    params: &'static [Param],
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    let play = params.len() > 1;
    let e = builtin(
        name,
        f,
        params,
        (1, if play { 2 } else { 1 }),
        returns,
        usage,
        doc,
        example,
    )
    .solver();
    if play { e.play() } else { e }
}

pub(super) static ENTRIES: &[Entry] = &[
    query(
        "grundy",
        grundy,
        P,
        "int | loopy value",
        "grundy(P): the Grundy value of the position P (∞{...} when loopy)",
        "the Grundy value of P (∞{...} when loopy)",
        "grundy(*2 + *3)",
    )
    .statement(Statement::Shaped(Shape::Grundy)),
    query(
        "outcome",
        outcome,
        P_PLAY,
        "outcome",
        "outcome(P) or outcome(P, misere): the outcome class P, N or D",
        "the outcome class P, N or D (L, R for partizan games)",
        "outcome(*1, misere)",
    )
    .statement(Statement::Shaped(Shape::Outcome)),
    query(
        "options",
        options,
        P,
        "list of positions",
        "options(P): the list of positions one move from P",
        "the positions one move from P",
        "options(*2)",
    ),
    query(
        "winning",
        winning,
        P_PLAY,
        "list of positions",
        "winning(P) or winning(P, misere): the options that win",
        "the options of P that win",
        "winning(*1 + *2)",
    )
    .statement(Statement::Shaped(Shape::Winning)),
    query(
        "remoteness",
        remoteness,
        P_PLAY,
        "int",
        "remoteness(P) or remoteness(P, misere): moves until the end (-1 for a draw)",
        "how many moves until the end with best play (-1 for a draw)",
        "remoteness(*3)",
    )
    .statement(Statement::Shaped(Shape::Remoteness)),
    query(
        "is_p",
        is_p,
        P_PLAY,
        "bool",
        "is_p(P) or is_p(P, misere): whether the previous player wins",
        "whether the previous player wins",
        "is_p(*1 + *1)",
    ),
    query(
        "is_n",
        is_n,
        P_PLAY,
        "bool",
        "is_n(P) or is_n(P, misere): whether the next player wins",
        "whether the next player wins",
        "is_n(*1)",
    ),
];

/// The position argument: its components (0 is the empty sum). A game
/// value is answered by `of_value` instead.
fn position(a: &Args) -> Result<Option<Rc<[Comp]>>> {
    match &a.values[0] {
        Value::Pos(cs) => Ok(Some(cs.clone())),
        Value::Int(0) => Ok(Some(Rc::from(Vec::new()))),
        Value::Game(_) => Ok(None),
        v => Err(EvalError::NotAPosition {
            found: v.type_name().to_string(),
            span: a.at(0),
        }
        .into()),
    }
}

/// Which question about a game value a query function asks: is it 0 (the
/// previous player wins), or confused with 0 (the next player wins).
#[derive(Clone, Copy)]
enum ZeroTest {
    None,
    Zero,
    Confused,
}

/// What a query function has to work with.
enum Asked<'a> {
    /// A position and the solver to ask about it.
    Position(Rc<[Comp]>, &'a dyn Oracle),
    /// A game value's answer, already known.
    Answered(Value),
}

/// The position and the solver, or the answer for a game value.
fn ask<'a>(a: &Args<'a>, test: ZeroTest) -> Result<Asked<'a>> {
    Ok(match position(a)? {
        Some(cs) => Asked::Position(cs, a.oracle()?),
        None => Asked::Answered(of_value(a, test)?),
    })
}

/// `is_p(G)`, `is_n(G)` of a game value (normal play): G = 0, G || 0. No
/// other query of a game value is defined here.
fn of_value(a: &Args, test: ZeroTest) -> Result<Value> {
    let Value::Game(g) = &a.values[0] else {
        unreachable!("called for a game value")
    };
    let normal = matches!(a.play, None | Some(crate::vocab::Play::Normal));
    let next = match test {
        ZeroTest::Zero if normal => false,
        ZeroTest::Confused if normal => true,
        _ => {
            return Err(Error::type_error(
                format!("`{}` of a game value is not defined here", a.name()),
                "a game value's outcome is its order against 0: `G > 0` (Left wins), `G < 0` (Right wins), `G == 0` or `is_p(G)` (the previous player), `G || 0` or `is_n(G)` (the next player); misère outcomes need the position: `outcome(P, misere)`",
                a.at(0),
            ));
        }
    };
    let (g, at) = (g.clone(), a.at(0));
    a.with_store(&mut |s| {
        let x = resolve(s, &g, at)?;
        let zero = s.integer(0);
        Ok(Value::Bool(if next {
            s.confused(x, zero)
        } else {
            s.eq(x, zero)
        }))
    })
}

/// A list of positions, reserved against the memory budget first.
fn positions(a: &Args, xs: Vec<Vec<Comp>>) -> Result<Value> {
    let bytes: usize = xs
        .iter()
        .map(|cs| std::mem::size_of::<Value>() + cs.len() * std::mem::size_of::<Comp>())
        .sum();
    a.cx.reserve(bytes, a.span)?;
    Ok(Value::list(
        xs.into_iter().map(|cs| Value::Pos(cs.into())).collect(),
    ))
}

fn grundy(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::None)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    Ok(match o.value(a.cx, &cs)? {
        Generalized::Finite(v) => Value::Int(i64::try_from(v).map_err(|_| {
            Error::Eval(EvalError::Overflow {
                op: a.name().into(),
                span: a.span,
            })
        })?),
        Generalized::Infinite(k) => Value::Loopy(k.into()),
    })
}

fn outcome(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::None)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    Ok(Value::Outcome(o.outcome(a.cx, a.play, &cs)?))
}

fn is_p(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::Zero)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    Ok(Value::Bool(o.outcome(a.cx, a.play, &cs)? == Outcome::P))
}

fn is_n(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::Confused)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    Ok(Value::Bool(o.outcome(a.cx, a.play, &cs)? == Outcome::N))
}

fn options(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::None)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    positions(&a, o.options(a.cx, &cs)?)
}

fn winning(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::None)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    positions(&a, o.winning(a.cx, a.play, &cs)?)
}

fn remoteness(a: Args) -> Result<Value> {
    let (cs, o) = match ask(&a, ZeroTest::None)? {
        Asked::Position(cs, o) => (cs, o),
        Asked::Answered(v) => return Ok(v),
    };
    Ok(Value::Int(
        o.remoteness(a.cx, a.play, &cs)?.map_or(-1, i64::from),
    ))
}
