//! Questions to the solver about a position, as functions of expressions:
//! `grundy(P)`, `outcome(P)`, `options(P)`, `winning(P)`, `remoteness(P)`,
//! `is_p(P)`, `is_n(P)`, answered through the oracle (so the library knows
//! nothing of the solver). Each is refused inside move rules.

use std::rc::Rc;

use crate::digraph::Generalized;
use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::game_value::game_comps;
use crate::model::loopy_value::{LoopyVal, stopper_options, to_value};
use crate::model::{Class, Comp, Oracle, Side, Value};
use crate::partizan::loopy::{SidedValue, Winner};
use crate::vocab::Play;

use super::{Args, Entry, Function, Param, Shape, Statement, builtin, p};

const P: &[Param] = &[p("G", "position | value")];
const P_PLAY: &[Param] = &[p("G", "position | value"), p("[play]", "normal | misere")];

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
        "grundy(G): the Grundy value of the impartial game G (∞{...} when loopy)",
        "the Grundy value of an impartial game (∞{...} when loopy)",
        "grundy(*2 + *3)",
    )
    .statement(Statement::Shaped(Shape::Grundy)),
    query(
        "outcome",
        outcome,
        P_PLAY,
        "outcome",
        "outcome(G) or outcome(G, misere): the outcome class P, N, L, R or D",
        "the outcome class: P, N or D; L or R for partizan games, and a loopy partizan game's two letters (`DL`)",
        "outcome(*1, misere)",
    )
    .statement(Statement::Shaped(Shape::Outcome)),
    query(
        "options",
        options,
        P,
        "list of positions | (list, list)",
        "options(G): the positions one move from G (Left's and Right's for a partizan G)",
        "the positions one move from G; of a partizan game, the pair (Left's, Right's)",
        "options(*2)",
    ),
    query(
        "winning",
        winning,
        P_PLAY,
        "list of positions | (list, list)",
        "winning(G) or winning(G, misere): the options that win (Left's and Right's for a partizan G)",
        "the options of G that win; of a partizan game, the pair (Left's winning moves, Right's)",
        "winning(*1 + *2)",
    )
    .statement(Statement::Shaped(Shape::Winning)),
    query(
        "remoteness",
        remoteness,
        P_PLAY,
        "int",
        "remoteness(G) or remoteness(G, misere): moves until the end (-1 for a draw)",
        "how many moves until the end with best play (-1 for a draw)",
        "remoteness(*3)",
    )
    .statement(Statement::Shaped(Shape::Remoteness)),
    query(
        "is_p",
        is_p,
        P_PLAY,
        "bool",
        "is_p(G) or is_p(G, misere): whether the previous player wins",
        "whether the previous player wins",
        "is_p(*1 + *1)",
    ),
    query(
        "is_n",
        is_n,
        P_PLAY,
        "bool",
        "is_n(G) or is_n(G, misere): whether the next player wins",
        "whether the next player wins",
        "is_n(*1)",
    ),
];

/// The game argument as the components of a sum: a position, an integer
/// (the number it is) or a game value.
fn position(a: &Args) -> Result<Rc<[Comp]>> {
    if let Value::LoopyGame(l) = &a.values[0] {
        return Err(Error::type_error(
            format!("`{}` of `{}`, a loopy game value", a.name(), l.text),
            format!(
                "a value keeps who wins, not the play itself: `outcome`, `is_p`, `is_n`, `options` and `winning` take loopy values; ask `{}` of the position the value came from",
                a.name()
            ),
            a.at(0),
        ));
    }
    game_comps(&a.values[0]).ok_or_else(|| {
        EvalError::NotAPosition {
            found: a.values[0].type_name().to_string(),
            span: a.at(0),
        }
        .into()
    })
}

/// The game argument's components and the solver to ask about them.
fn ask<'a>(a: &Args<'a>) -> Result<(Rc<[Comp]>, &'a dyn Oracle)> {
    Ok((position(a)?, a.oracle()?))
}

/// Whether the game argument is partizan (Left and Right move apart).
fn partizan(a: &Args, cs: &[Comp]) -> bool {
    a.cx.defs.any_partizan(cs)
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
    if let Value::Int(n @ 1..) = a.values[0] {
        return Err(Error::type_error(
            format!("`{n}` is a number, a partizan game: `grundy` is for impartial games only"),
            format!(
                "an integer where a game is expected is the number it is; the nim-heap of size {n} is `*{n}`, and a number's outcome is `outcome({n})`"
            ),
            a.at(0),
        ));
    }
    let (cs, o) = ask(&a)?;
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

/// The outcome class of the game argument: a loopy value's from its
/// sides, any other game's from the solver.
fn class(a: &Args) -> Result<Class> {
    if let Value::LoopyGame(l) = &a.values[0] {
        normal_only(a)?;
        return Ok(Class(l.value.outcome()));
    }
    let (cs, o) = ask(a)?;
    o.outcome(a.cx, a.play, &cs)
}

fn outcome(a: Args) -> Result<Value> {
    if super::ordinals::any_ordinal(&a.values[..1]) {
        return super::ordinals::outcome(&a);
    }
    Ok(Value::Outcome(class(&a)?))
}

fn is_p(a: Args) -> Result<Value> {
    Ok(Value::Bool(
        class(&a)? == Class::named("P").expect("a class"),
    ))
}

fn is_n(a: Args) -> Result<Value> {
    Ok(Value::Bool(
        class(&a)? == Class::named("N").expect("a class"),
    ))
}

/// Refuses misère play of a loopy value: values are normal play's.
fn normal_only(a: &Args) -> Result<()> {
    if a.play == Some(Play::Misere) {
        return Err(Error::type_error(
            format!("`{}` of a loopy game value under misère play", a.name()),
            "a loopy value (`on`, `over`, `value(P)`) is a normal-play value, which forgets how a misère play goes: ask about the position itself, `outcome(P, misere)`",
            a.at(0),
        ));
    }
    Ok(())
}

/// The refusal of `a`'s function of `l`, a loopy value that is no
/// stopper, with `help`.
pub(super) fn no_stopper(a: &Args, l: &LoopyVal, help: &str) -> Error {
    Error::type_error(
        format!(
            "`{}` of `{}`, a loopy value that is no stopper",
            a.name(),
            l.text
        ),
        help,
        a.at(0),
    )
}

/// Left's and Right's options of a stopper (each a value; `pass`, a move
/// back to itself, is the stopper itself), with `winning` only the moves
/// that win for the mover; an error for a value that is no stopper.
fn loopy_sided(a: &Args, l: &LoopyVal, winning: bool) -> Result<Value> {
    if winning {
        normal_only(a)?;
    }
    if !l.value.stopper {
        return Err(no_stopper(
            a,
            l,
            "a value `s & t` (and `dud`) is a class of games with these sides, not one game, so it has no options of its own: ask about a stopper, its side `s` or `t`, or the position it came from",
        ));
    }
    let me = &l.value.onside;
    let mut lists = Vec::with_capacity(2);
    for side in [Side::Left, Side::Right] {
        let mut items = Vec::new();
        for o in stopper_options(me, side) {
            a.cx.tick_at(a.span)?;
            let o = SidedValue::of_stopper(o.unwrap_or_else(|| me.clone()));
            // The mover wins when the opponent, next to move, loses.
            let class = o.outcome();
            let wins = match side {
                Side::Left => class.right_first == Winner::Left,
                Side::Right => class.left_first == Winner::Right,
            };
            if !winning || wins {
                items.push(o);
            }
        }
        a.list_of(items.len())?;
        let values = a.oracle()?.with_store(a.cx, &mut |s| {
            let vs = items
                .iter()
                .map(|o| to_value(s, o.clone(), a.span))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::list(vs))
        })?;
        lists.push(values);
    }
    Ok(Value::Tuple(lists.into()))
}

/// Left's and Right's lists of a partizan game, as the pair `(left, right)`.
fn sided(a: &Args, cs: &[Comp], o: &dyn Oracle, winning: Option<Play>) -> Result<Value> {
    let mut lists = Vec::with_capacity(2);
    for side in [Side::Left, Side::Right] {
        lists.push(positions(a, o.sided_options(a.cx, cs, side, winning)?)?);
    }
    Ok(Value::Tuple(lists.into()))
}

fn options(a: Args) -> Result<Value> {
    if let Value::LoopyGame(l) = &a.values[0] {
        return loopy_sided(&a, l, false);
    }
    let (cs, o) = ask(&a)?;
    if partizan(&a, &cs) {
        return sided(&a, &cs, o, None);
    }
    positions(&a, o.options(a.cx, &cs)?)
}

fn winning(a: Args) -> Result<Value> {
    if let Value::LoopyGame(l) = &a.values[0] {
        return loopy_sided(&a, l, true);
    }
    let (cs, o) = ask(&a)?;
    if partizan(&a, &cs) {
        let play = a.cx.defs.play_for(a.play, &cs);
        return sided(&a, &cs, o, Some(play));
    }
    positions(&a, o.winning(a.cx, a.play, &cs)?)
}

fn remoteness(a: Args) -> Result<Value> {
    let (cs, o) = ask(&a)?;
    Ok(Value::Int(
        o.remoteness(a.cx, a.play, &cs)?.map_or(-1, i64::from),
    ))
}
