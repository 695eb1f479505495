//! CGSuite's predicates of loopy game values (THEORY.md §6.16):
//! `is_stopper`, `is_plumtree`, `is_pseudonumber`, `is_loopfree`,
//! `is_stopper_sided` and `is_idempotent`, each
//! also of a short game (a short game is a loopfree plumtree stopper, a
//! pseudonumber when it is a number); and the stops of a stopper, which
//! `left_stop` and `right_stop` answer for loopy values.

use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::{EvalError, Result};
use crate::model::Value;
use crate::model::game_value::game_val;
use crate::model::loopy_value::{LoopyVal, stopper_cap, to_value, too_large, unsettled, within};
use crate::partizan::loopy::{
    Pseudonumber, SidedGraph, SidedValue, Stopper, Stops, Tilt, is_plumtree,
};
use crate::partizan::{GameStore, ValueId};
use crate::source::Span;

use super::games::{game, of_all};
use super::{Args, Entry, Param, p};

const G_LOOPY: &[Param] = &[p("G", "position | game value | loopy game value | int")];

pub(super) static ENTRIES: &[Entry] = &[
    game(
        "is_stopper",
        is_stopper,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_stopper(G): whether G is a stopper (no endless alternating play from any follower); short games are",
        "whether G is a stopper: no play alternating between the players goes on forever from any follower (short games are; `dud` and `s & t` are not)",
        "is_stopper(over)",
    ),
    game(
        "is_plumtree",
        is_plumtree_fn,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_plumtree(G): whether G is a stopper whose only cycles are passes (a move back to the same position)",
        "whether G is a stopper whose graph has no cycle but passes (short games are; `a{0|{a|*}}` is not)",
        "is_plumtree(upon)",
    ),
    game(
        "is_pseudonumber",
        is_pseudonumber,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_pseudonumber(G): whether G is a number, on, off, x over = {x|pass} or x under = {pass|x}",
        "whether G is a number, `on`, `off`, `x over` = {x | pass} or `x under` = {pass | x} (x a number)",
        "is_pseudonumber(over + 1)",
    ),
    game(
        "is_loopfree",
        is_loopfree,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_loopfree(G): whether G is a short game (no play comes back to a position)",
        "whether G is a short game: every loopy value (`on`, `dud`, `1 & 0`) is not",
        "is_loopfree(on)",
    ),
    game(
        "is_stopper_sided",
        is_stopper_sided,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_stopper_sided(G): whether G's onside and offside are both held as stoppers (stoppers and `s & t` are; Bach's carousel is not)",
        "whether G's onside and offside are both stoppers: every stopper and every `s & t` of stoppers is; a value whose side grundy holds as a form with a cycle (Bach's carousel) is not (true is proved, false is CGSuite's test: THEORY.md §6.18)",
        "is_stopper_sided(over & under)",
    ),
    game(
        "is_idempotent",
        is_idempotent,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_idempotent(G): whether G + G == G (of a short game: whether it is 0)",
        "whether G + G = G: `on`, `over`, `dud` are; of short games only 0",
        "is_idempotent(over)",
    ),
];

/// The argument's loopy value (a position's when its value is loopy), or
/// `None` for a short game, which the caller reads with [`of_all`].
pub(super) fn loopy_arg(a: &Args) -> Result<Option<Rc<LoopyVal>>> {
    match &a.values[0] {
        Value::LoopyGame(l) => Ok(Some(l.clone())),
        Value::Pos(cs) => match a.oracle()?.any_value(a.cx, cs)? {
            Value::LoopyGame(l) => Ok(Some(l)),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `loopy` of a loopy argument, else `short` of the short game's id.
fn test(
    a: Args,
    loopy: &dyn Fn(&Args, &LoopyVal) -> Result<bool>,
    short: &dyn Fn(&mut GameStore, ValueId) -> bool,
) -> Result<Value> {
    if let Some(l) = loopy_arg(&a)? {
        return Ok(Value::Bool(loopy(&a, &l)?));
    }
    of_all(a, &|s, ids, _| Ok(Value::Bool(short(s, ids[0]))))
}

fn is_stopper(a: Args) -> Result<Value> {
    test(a, &|_, l| Ok(l.value.stopper), &|_, _| true)
}

fn is_stopper_sided(a: Args) -> Result<Value> {
    test(a, &|_, l| Ok(l.value.stopper_sided()), &|_, _| true)
}

fn is_plumtree_fn(a: Args) -> Result<Value> {
    test(
        a,
        &|_, l| {
            let s = &l.value.onside;
            Ok(l.value.stopper && is_plumtree(&s.graph, s.root))
        },
        &|_, _| true,
    )
}

fn is_pseudonumber(a: Args) -> Result<Value> {
    test(
        a,
        &|a, l| {
            if !l.value.stopper {
                return Ok(false);
            }
            let s = &l.value.onside;
            let span = a.span;
            let v = a.with_store(&mut |store| {
                let p = Stops::new(&s.graph)
                    .pseudonumber(store, s.root)
                    .map_err(|e| e.at(span))?;
                Ok(Value::Bool(p.is_some()))
            })?;
            Ok(matches!(v, Value::Bool(true)))
        },
        &|s, g| s.is_number(g),
    )
}

fn is_loopfree(a: Args) -> Result<Value> {
    test(a, &|_, _| Ok(false), &|_, _| true)
}

fn is_idempotent(a: Args) -> Result<Value> {
    test(
        a,
        &|a, l| {
            let (g, span) = (&l.value, a.span);
            let sum = within(a.cx, "G + G", span, |max, stop| g.add(g, max, stop))?
                .map_err(|rounds| unsettled(rounds, span))?;
            within(a.cx, "G + G == G", span, |max, stop| {
                Some(sum.geq(g, max, stop)? && g.geq(&sum, max, stop)?)
            })
        },
        &|s, g| g == s.zero(),
    )
}

/// The Left stop (`left`) or Right stop of a loopy value: a stopper's,
/// a pseudonumber as a value; refused for a value that is no stopper.
pub(super) fn loopy_stop(a: &Args, l: &LoopyVal, left: bool) -> Result<Value> {
    let span = a.span;
    if !l.value.stopper {
        return Err(super::queries::no_stopper(
            a,
            l,
            "the stops are defined for stoppers; a value `s & t` (and `dud`) is a class of games with these sides: ask the stops of a side",
        ));
    }
    let s = &l.value.onside;
    a.with_store(&mut |store| {
        let got = within(a.cx, "the stops of this stopper", span, |_, stop| {
            Stops::new(&s.graph)
                .stop(store, s.root, left, stop)
                .transpose()
        })?
        .map_err(|e| e.at(span))?;
        match got {
            Some(p) => pseudonumber_value(a, store, p),
            None => Err(EvalError::Value {
                message: format!(
                    "the {} stop of {} is not defined",
                    if left { "Left" } else { "Right" },
                    l.text
                ),
                help: "a stop is reached by alternating play until a pseudonumber (a number, on, off, x over, x under); from this stopper such a play reaches a position where the mover has no move and which is no pseudonumber".into(),
                span,
            }
            .into()),
        }
    })
}

/// A pseudonumber as a value: a number as a game value, the others as
/// loopy values.
fn pseudonumber_value(a: &Args, store: &mut GameStore, p: Pseudonumber) -> Result<Value> {
    let span = a.span;
    let stopper = match p {
        Pseudonumber::On => Stopper::on(),
        Pseudonumber::Off => Stopper::off(),
        Pseudonumber::Number(x, Tilt::Exact) => {
            let id = store.number(x);
            return Ok(game_val(store, id));
        }
        Pseudonumber::Number(x, tilt) => {
            let id = store.number(x);
            let cap = stopper_cap(a.cx);
            let Some(x) = Stopper::short(store, id, cap.0).map_err(|e| e.at(span))? else {
                return Err(too_large(a.cx, cap, format!("the stop {p}"), span));
            };
            tilted(&x, tilt, a, span)?
        }
    };
    to_value(store, SidedValue::of_stopper(stopper), span)
}

/// `x over` = {x | pass} or `x under` = {pass | x} of the number `x`, in
/// simplest form.
fn tilted(x: &Stopper, tilt: Tilt, a: &Args, span: Span) -> Result<Stopper> {
    let n = x.graph.num_vertices() as u32;
    let mut left: Vec<Vec<u32>> = (0..n).map(|v| x.graph.left(v).to_vec()).collect();
    let mut right: Vec<Vec<u32>> = (0..n).map(|v| x.graph.right(v).to_vec()).collect();
    if tilt == Tilt::Over {
        left.push(vec![x.root]);
        right.push(vec![n]);
    } else {
        left.push(vec![n]);
        right.push(vec![x.root]);
    }
    let g = SidedGraph::new(left, right);
    within(a.cx, "this stop", span, |max, stop| {
        Stopper::simplest(&g, n, max, stop)
    })
}
