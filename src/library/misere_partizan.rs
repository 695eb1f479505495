//! Partizan games under misère play modulo a universe (THEORY.md §9.8,
//! §9.9): `compare_misere`, `misere_form`, `misere_conjugate`,
//! `misere_invertible` and `dead_end`, answered through the oracle.

use std::rc::Rc;

use crate::error::{EvalError, Result};
use crate::misere::Universe;
use crate::model::game_value::game_comps;
use crate::model::{Comp, MisereAsk, Value};

use super::{Args, Entry, Param, Shape, Statement, builtin, p};

const G_U: &[Param] = &[
    p("G", "position | value"),
    p("universe", "\"dicot\" | \"dead_ending\""),
];

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "compare_misere",
        compare_misere,
        &[
            p("G, H", "positions | values"),
            p("universe", "\"dicot\" | \"dead_ending\""),
        ],
        (3, 3),
        "string",
        "compare_misere(G, H, universe): how G compares with H under misère play modulo the dicot or dead-ending universe: \"=\", \"<\", \">\" or \"||\"",
        "how G compares with H under misère play modulo a universe (`\"dicot\"` or `\"dead_ending\"`): `\"=\"`, `\"<\"`, `\">\"` or `\"||\"` (incomparable)",
        "compare_misere(*1, 0, \"dicot\")",
    )
    .solver(),
    // Also the statement `misere_form P` of impartial misère theory.
    builtin(
        "misere_form",
        misere_form,
        G_U,
        (2, 2),
        "misère form | string",
        "misere_form(G, universe): the reduced form of G under misère play modulo the dicot or dead-ending universe (the statement `misere_form P` gives an impartial position's misère canonical form)",
        "`misere_form P`: the misère canonical form of an impartial position; `misere_form(G, universe)`: the reduced form of G under misère play modulo a universe (`\"dicot\"` or `\"dead_ending\"`), the same for equivalent games, written `0`, `*`, `1`, `-1`, `{0, * | 0}`, with `·` for a side with no option: `{· | 0, -1}`",
        "misere_form(*1 + *1, \"dicot\")",
    )
    .solver()
    .statement(Statement::Shaped(Shape::MisereForm)),
    builtin(
        "misere_conjugate",
        misere_conjugate,
        G_U,
        (2, 2),
        "string",
        "misere_conjugate(G, universe): the reduced form of -G, G with the players swapped, modulo the universe",
        "the reduced form of `-G` (G with Left and Right swapped) modulo a universe; under misère play it is G's inverse only when `misere_invertible(G, universe)`",
        "misere_conjugate(1, \"dead_ending\")",
    )
    .solver(),
    builtin(
        "misere_invertible",
        misere_invertible,
        G_U,
        (2, 2),
        "bool",
        "misere_invertible(G, universe): whether G + -G is equivalent to 0 under misère play modulo the universe",
        "whether `G + -G` is equivalent to 0 under misère play modulo a universe (G has an inverse there, and it is `-G`)",
        "misere_invertible(*1, \"dead_ending\")",
    )
    .solver(),
    builtin(
        "dead_end",
        dead_end,
        &[p("G", "position | value"), p("side", "\"left\" | \"right\"")],
        (2, 2),
        "bool",
        "dead_end(G, side): whether the side (\"left\" or \"right\") has no move in G nor in any position it reaches",
        "whether the player (`\"left\"` or `\"right\"`) has no move in G nor in any position G reaches (a Left or Right dead end)",
        "dead_end(-2, \"left\")",
    )
    .solver(),
];

/// Argument `i` as a universe's name.
fn universe(a: &Args, i: usize) -> Result<Universe> {
    match &a.values[i] {
        Value::Str(s) => Universe::parse(s),
        _ => None,
    }
    .ok_or_else(|| {
        a.wrong(
            format!(
                "{}() takes the universe \"dicot\" or \"dead_ending\"",
                a.name()
            ),
            a.at(i),
        )
    })
}

/// Argument `i` as the components of a sum.
fn position(a: &Args, i: usize) -> Result<Rc<[Comp]>> {
    game_comps(&a.values[i]).ok_or_else(|| {
        EvalError::NotAPosition {
            found: a.values[i].type_name().to_string(),
            span: a.at(i),
        }
        .into()
    })
}

/// `compare_misere(G, H, universe)`: by the recursive test of the universe
/// (THEORY.md §9.8); a position outside it is a coded error.
fn compare_misere(a: Args) -> Result<Value> {
    let u = universe(&a, 2)?;
    let (g, h) = (position(&a, 0)?, position(&a, 1)?);
    let c = a.oracle()?.compare_misere(a.cx, [&g, &h], u)?;
    Ok(Value::Str(
        match c {
            crate::partizan::Comparison::Equal => "=",
            crate::partizan::Comparison::Less => "<",
            crate::partizan::Comparison::Greater => ">",
            crate::partizan::Comparison::Confused => "||",
        }
        .into(),
    ))
}

fn ask(a: Args, what: MisereAsk) -> Result<Value> {
    let u = universe(&a, 1)?;
    let g = position(&a, 0)?;
    a.oracle()?.misere_form(a.cx, &g, u, what)
}

/// `misere_form(G, universe)`: the reduced form (THEORY.md §9.9).
fn misere_form(a: Args) -> Result<Value> {
    ask(a, MisereAsk::Form)
}

/// `misere_conjugate(G, universe)`: the reduced form of the conjugate.
fn misere_conjugate(a: Args) -> Result<Value> {
    ask(a, MisereAsk::Conjugate)
}

/// `misere_invertible(G, universe)`: whether `G + -G ≡ 0`.
fn misere_invertible(a: Args) -> Result<Value> {
    ask(a, MisereAsk::Invertible)
}

/// `dead_end(G, side)`: whether that player never has a move.
fn dead_end(a: Args) -> Result<Value> {
    let left = match &a.values[1] {
        Value::Str(s) if &**s == "left" => true,
        Value::Str(s) if &**s == "right" => false,
        _ => {
            return Err(a.wrong(
                "dead_end() takes the side \"left\" or \"right\"".into(),
                a.at(1),
            ));
        }
    };
    let g = position(&a, 0)?;
    Ok(Value::Bool(a.oracle()?.dead_end(a.cx, &g, left)?))
}
