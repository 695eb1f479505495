//! The operations of the theory of stoppers on loopy game values
//! (THEORY.md §6.17): `upsum` and `downsum` (the onside and the offside
//! of a sum of two stoppers), `degree` (of loopiness), the varieties
//! `upsum_variety`, `downsum_variety` and `variety` (CGSuite's current
//! definition), `is_stable`, and `subordinate`, the inverse of the ordinal
//! sum. Their arguments are stoppers: loopy values that are stoppers, short
//! game values, integers and positions whose value is one.

use crate::error::{Error, EvalError, Result};
use crate::model::game_value::nim_sum;
use crate::model::loopy_value::{sided, stopper_options, to_value, unsettled, within};
use crate::model::{Side, Value};
use crate::partizan::GameStore;
use crate::partizan::loopy::{self, SidedValue, Stopper, StopperFailure};
use crate::source::Span;

use super::games::game;
use super::{Args, Entry, Param, p};

const G: &[Param] = &[p("G", "stopper")];
const G_H: &[Param] = &[p("G", "stopper"), p("H", "stopper")];
const G_D: &[Param] = &[p("G", "stopper"), p("D", "stopper")];

pub(super) static ENTRIES: &[Entry] = &[
    game(
        "upsum",
        upsum,
        G_H,
        (2, 2),
        "game value | loopy game value",
        "upsum(G, H): the onside of G + H, for stoppers G and H (upsum(on, off) is on)",
        "the onside of the sum of two stoppers (CGSuite's Upsum)",
        "upsum(over, under)",
    ),
    game(
        "downsum",
        downsum,
        G_H,
        (2, 2),
        "game value | loopy game value",
        "downsum(G, H): the offside of G + H, for stoppers G and H (downsum(on, off) is off)",
        "the offside of the sum of two stoppers (CGSuite's Downsum)",
        "downsum(on, off)",
    ),
    game(
        "degree",
        degree,
        G,
        (1, 1),
        "game value | loopy game value",
        "degree(G): the degree of loopiness of a stopper, upsum(G, -G) (0 for a short game)",
        "the degree of loopiness of a stopper: upsum(G, −G), 0 for a short game",
        "degree(-1/2under)",
    ),
    game(
        "upsum_variety",
        upsum_variety,
        G_D,
        (2, 2),
        "game value | loopy game value",
        "upsum_variety(G, D): upsum(G, downsum(-G, -D)), for an idempotent D (D + D = D)",
        "the upsum variety of G relative to an idempotent D: upsum(G, downsum(−G, −D))",
        "upsum_variety(upon, over)",
    ),
    game(
        "downsum_variety",
        downsum_variety,
        G_D,
        (2, 2),
        "game value | loopy game value",
        "downsum_variety(G, D): downsum(G, upsum(-G, D)), for an idempotent D (D + D = D)",
        "the downsum variety of G relative to an idempotent D: downsum(G, upsum(−G, D))",
        "downsum_variety(1over, over)",
    ),
    game(
        "variety",
        variety,
        G,
        (1, 1),
        "game value | loopy game value",
        "variety(G): the variety of a stable stopper: its upsum and downsum varieties relative to degree(G), when they are equal",
        "the variety of a stable stopper (CGSuite's current definition): the upsum and downsum varieties relative to its degree, when equal",
        "variety(1over)",
    ),
    game(
        "is_stable",
        is_stable,
        G,
        (1, 1),
        "bool",
        "is_stable(G): whether the upsum and downsum varieties of a stopper relative to its degree are equal",
        "whether a stopper's upsum and downsum varieties relative to its degree are equal",
        "is_stable(over)",
    ),
    game(
        "subordinate",
        subordinate,
        &[p("G", "stopper"), p("B", "game value | int")],
        (2, 2),
        "game value | loopy game value",
        "subordinate(G, B): the H with G = ordinal(B, H), B a short game (the inverse of the ordinal sum)",
        "the H with G = B : H, for a short base B: the inverse of the ordinal sum",
        "subordinate(num(1, 8), 1)",
    ),
];

/// The arguments, each position (but nim heaps, which `sided` reads)
/// replaced by its value, short or loopy, asked of the solver before its
/// store is lent.
fn valued(a: &Args) -> Result<Vec<Value>> {
    a.values
        .iter()
        .map(|v| match v {
            Value::Pos(cs) if nim_sum(cs).is_none() => a.oracle()?.any_value(a.cx, cs),
            v => Ok(v.clone()),
        })
        .collect()
}

/// A value as a stopper in simplest form: a loopy value that is a
/// stopper, or a short game (a game value, an integer, nim heaps).
fn stopper(a: &Args, v: &Value, at: Span, store: &mut GameStore) -> Result<Stopper> {
    let Some(s) = sided(a.cx, store, v, at)? else {
        return Err(a.not(v, "a stopper (a loopy game value or a short game)", at));
    };
    if !s.stopper {
        let text = match v {
            Value::LoopyGame(l) => format!(" ({})", l.text),
            _ => String::new(),
        };
        return Err(EvalError::Value {
            message: format!(
                "`{}` is defined for stoppers, and this value{text} has an onside and an offside",
                a.name()
            ),
            help: "ask about one side: a value `s & t` (and `dud`) is known only by its sides s and t, each a stopper".into(),
            span: at,
        }
        .into());
    }
    Ok(s.onside)
}

/// The diagnostic of a stopper operation that has no answer.
fn failure(a: &Args, f: StopperFailure, arg: Span) -> Error {
    let (message, help) = match f {
        StopperFailure::Unsettled(k) => return unsettled(k, a.span),
        StopperFailure::NotIdempotent => (
            "the degree is not an idempotent (D + D is not D), so the varieties are not defined",
            "varieties are taken relative to an idempotent degree; degree(G) says what G's degree is",
        ),
        StopperFailure::NotStable => (
            "this stopper is not stable: its upsum and downsum varieties differ, so it has no variety",
            "is_stable(G) asks first; upsum_variety(G, degree(G)) and downsum_variety(G, degree(G)) are the two varieties (CGSuite's definition since the Stability Conjecture was found false)",
        ),
        StopperFailure::NotSubordinate => (
            "this game is not an ordinal sum on that base",
            "subordinate(G, B) is the H with G = ordinal(B, H); a position of G leaves some option of B unanswered",
        ),
    };
    EvalError::Value {
        message: message.into(),
        help: help.into(),
        span: arg,
    }
    .into()
}

/// An operation of the theory on stopper arguments, with its budget and
/// stop callback.
type StopperOp = dyn Fn(&[Stopper], usize, &mut dyn FnMut() -> bool) -> loopy::StopperResult;

/// Runs a stopper operation on the stopper arguments, within the query's
/// budgets, and gives its answer as a value.
fn run(a: Args, what: &str, f: &StopperOp) -> Result<Value> {
    let last = a.at(a.values.len() - 1);
    let values = valued(&a)?;
    a.with_store(&mut |s| {
        let args = (0..values.len())
            .map(|i| stopper(&a, &values[i], a.at(i), s))
            .collect::<Result<Vec<_>>>()?;
        let r = within(a.cx, what, a.span, |max, stop| f(&args, max, stop))?;
        let r = r.map_err(|e| failure(&a, e, last))?;
        to_value(s, SidedValue::of_stopper(r), a.span)
    })
}

fn upsum(a: Args) -> Result<Value> {
    run(a, "the upsum of these stoppers", &|g, max, stop| {
        loopy::upsum(&g[0], &g[1], max, stop)
    })
}

fn downsum(a: Args) -> Result<Value> {
    run(a, "the downsum of these stoppers", &|g, max, stop| {
        loopy::downsum(&g[0], &g[1], max, stop)
    })
}

fn degree(a: Args) -> Result<Value> {
    run(a, "the degree of this stopper", &|g, max, stop| {
        loopy::degree(&g[0], max, stop)
    })
}

fn upsum_variety(a: Args) -> Result<Value> {
    run(a, "the upsum variety", &|g, max, stop| {
        loopy::upsum_variety(&g[0], &g[1], max, stop)
    })
}

fn downsum_variety(a: Args) -> Result<Value> {
    run(a, "the downsum variety", &|g, max, stop| {
        loopy::downsum_variety(&g[0], &g[1], max, stop)
    })
}

fn variety(a: Args) -> Result<Value> {
    run(a, "the variety of this stopper", &|g, max, stop| {
        loopy::variety(&g[0], max, stop)
    })
}

fn is_stable(a: Args) -> Result<Value> {
    let at = a.at(0);
    let values = valued(&a)?;
    a.with_store(&mut |s| {
        let g = stopper(&a, &values[0], at, s)?;
        let r = within(
            a.cx,
            "the varieties of this stopper",
            a.span,
            |max, stop| loopy::is_stable(&g, max, stop),
        )?;
        Ok(Value::Bool(r.map_err(|e| failure(&a, e, at))?))
    })
}

fn subordinate(a: Args) -> Result<Value> {
    let at = a.at(1);
    let values = valued(&a)?;
    if let Value::LoopyGame(l) = &values[1] {
        return Err(EvalError::Value {
            message: format!("the base of `subordinate` is a short game, and {} is loopy", l.text),
            help: "subordinate(G, B) undoes the ordinal sum ordinal(B, H), whose base B is a short game".into(),
            span: at,
        }
        .into());
    }
    a.with_store(&mut |s| {
        let g = stopper(&a, &values[0], a.at(0), s)?;
        let base = stopper(&a, &values[1], at, s)?;
        let [left, right] = [Side::Left, Side::Right].map(|side| {
            stopper_options(&base, side)
                .map(|o| o.unwrap_or_else(|| base.clone()))
                .collect::<Vec<_>>()
        });
        let r = within(a.cx, "the subordinate", a.span, |max, stop| {
            loopy::subordinate(&g, &left, &right, max, stop)
        })?;
        let r = r.map_err(|e| failure(&a, e, at))?;
        to_value(s, SidedValue::of_stopper(r), a.span)
    })
}
