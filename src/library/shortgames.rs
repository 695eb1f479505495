//! CGSuite's remaining methods of short games (THEORY.md §6.13): `companion`,
//! `freeze`, the powers `pow` (of a game `{0|H}`) and `pow_to`, `stop_count`,
//! the parity and temper tests (`is_even`, `is_odd`, `is_even_tempered`,
//! `is_odd_tempered`) and `born_by`, the games born by day n; and
//! `misere_born_by`, how many misère impartial forms are born by day n. Like the rest
//! of the game-value functions they work in the solver's store.

use crate::error::AtSpan;
use crate::error::EvalError;
use crate::error::Result;
use crate::model::Value;
use crate::model::game_value::game_val;
use crate::partizan::{self, AlgebraError, GameStore, PartizanError, ValueId};

use super::games::{G_VAL, game, integer, of_all, values};
use super::{Args, Entry, Param, Statement, builtin, p};

const G_N: &[Param] = &[p("G", "position | game value | int"), p("n", "int")];

pub(super) static ENTRIES: &[Entry] = &[
    game(
        "companion",
        companion,
        G_VAL,
        (1, 1),
        "game value",
        "companion(G): CGSuite's companion of the canonical form: 0 becomes *, and 0 joins Left's options of a positive game, Right's of a negative one",
        "the companion: 0° = *, options replaced by their companions, 0 added to Left's options when G > 0 and to Right's when G < 0",
        "companion(up())",
    )
    .statement(Statement::Generic),
    game(
        "freeze",
        freeze,
        G_VAL,
        (1, 1),
        "game value",
        "freeze(G): G cooled by its own temperature (a number is unchanged)",
        "G cooled by its own temperature; a number is unchanged",
        "freeze(heat(value(*1), 1) + 2)",
    )
    .statement(Statement::Generic),
    game(
        "pow",
        pow,
        G_N,
        (2, 2),
        "game value",
        "pow(G, n): the n-th power G^n of G = {0|H}, n >= 1: G^1 = G, G^(k+1) = {0 | H - pow_to(G, k)} (pow(up(), 2) is ^<2>)",
        "the power G^n (n ≥ 1) of a game G = {0|H}: G^(k+1) = {0 | H − G^→k}, so pow(up(), n) is ↑^n (^<n>)",
        "pow(up(), 2)",
    ),
    game(
        "pow_to",
        pow_to,
        G_N,
        (2, 2),
        "game value",
        "pow_to(G, n): G^→n, n >= 1: the ordinal sum G : (n - 1) (pow_to(up(), 2) is ^[2])",
        "G^→n (n ≥ 1), the ordinal sum G : (n − 1): G^→(k+1) = {G^L, G^→k | G^R}, so pow_to(up(), n) is ↑^→n (^[n])",
        "pow_to(up(), 3)",
    ),
    game(
        "stop_count",
        stop_count,
        G_VAL,
        (1, 1),
        "int",
        "stop_count(G): how many stops the canonical form has: 1 for a number, else the sum over all options",
        "the number of leaves of the canonical form's game tree cut at numbers (1 for a number)",
        "stop_count(value(*3))",
    ),
    game(
        "is_even",
        is_even,
        G_VAL,
        (1, 1),
        "bool",
        "is_even(G): whether the canonical form is even (every option odd; 0 is even)",
        "Conway's parity: every option of the canonical form odd (0 is even)",
        "is_even(2)",
    ),
    game(
        "is_odd",
        is_odd,
        G_VAL,
        (1, 1),
        "bool",
        "is_odd(G): whether the canonical form is odd (it has options, every one even)",
        "Conway's parity: G has options and every one is even (1 and * are odd)",
        "is_odd(value(*1))",
    ),
    game(
        "is_even_tempered",
        is_even_tempered,
        G_VAL,
        (1, 1),
        "bool",
        "is_even_tempered(G): whether G is a number, or every option of its canonical form is odd-tempered",
        "a number, or every option of the canonical form odd-tempered",
        "is_even_tempered(value(*1) + value(*1))",
    ),
    game(
        "is_odd_tempered",
        is_odd_tempered,
        G_VAL,
        (1, 1),
        "bool",
        "is_odd_tempered(G): whether G is not a number and every option of its canonical form is even-tempered",
        "not a number, and every option of the canonical form even-tempered (1* is)",
        "is_odd_tempered(value(*1) + 1)",
    ),
    game(
        "born_by",
        born_by,
        &[p("n", "int")],
        (1, 1),
        "list of game values",
        "born_by(n): every short game born by day n, n from 0 to 3 (1, 4, 22 and 1474 games)",
        "every short game born by day n ≤ 3, as game values (1, 4, 22, 1474 of them)",
        "born_by(1)",
    ),
    builtin(
        "misere_born_by",
        misere_born_by,
        &[p("n", "int")],
        (1, 1),
        "int",
        "misere_born_by(n): how many misère impartial games (misère canonical forms) are born by day n, n from 0 to 5 (1, 2, 3, 5, 22, 4171780)",
        "the number of misère impartial canonical forms born by day n ≤ 5 (1, 2, 3, 5, 22, 4171780; day 5 takes about 2 s)",
        "misere_born_by(4)",
    ),
];

fn companion(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::companion(s, ids[0]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

fn freeze(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let id = partizan::freeze(s, ids[0]).map_err(e)?;
        Ok(game_val(s, id))
    })
}

/// Argument `i`, an integer from 0 to `max`, with a value error on it.
pub(super) fn small(a: &Args, i: usize, max: u32, what: &str) -> Result<u32> {
    let n = integer(a, i)?;
    u32::try_from(n).ok().filter(|&k| k <= max).ok_or_else(|| {
        EvalError::Value {
            message: format!("`{}` takes {what} from 0 to {max}, not {n}", a.name()),
            help: format!("usage: {}", a.meta.usage),
            span: a.at(i),
        }
        .into()
    })
}

/// The exponent of `pow` and `pow_to`: the store's height limit stops
/// the tower long before this bound.
const MAX_POWER: u32 = 10_000;

/// `pow` (`to` false) or `pow_to` of a game value and an exponent.
fn power(a: Args, to: bool) -> Result<Value> {
    let n = small(&a, 1, MAX_POWER, "an exponent")?;
    let first = a.at(0);
    of_all(a, &|s: &mut GameStore, ids: &[ValueId], e| {
        let r = if to {
            partizan::pow_to(s, ids[0], n)
        } else {
            partizan::pow(s, ids[0], n)
        };
        // A game not of the form {0|H} is the first argument's fault.
        let id = r.map_err(|err| match err {
            AlgebraError::NotZeroOver => err.at(first),
            err => e(err),
        })?;
        Ok(game_val(s, id))
    })
}

fn pow(a: Args) -> Result<Value> {
    power(a, false)
}

fn pow_to(a: Args) -> Result<Value> {
    power(a, true)
}

fn stop_count(a: Args) -> Result<Value> {
    let span = a.span;
    of_all(a, &|s, ids, e| {
        let c = partizan::stop_count(s, ids[0]).map_err(e)?;
        c.and_then(|c| i64::try_from(c).ok())
            .map(Value::Int)
            .ok_or_else(|| PartizanError::Overflow.at(span))
    })
}

/// A parity (`tempered` false) or temper test: whether the class is
/// `even`.
fn class_is(a: Args, tempered: bool, even: bool) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let class = if tempered {
            partizan::temper(s, ids[0])
        } else {
            partizan::parity(s, ids[0])
        }
        .map_err(e)?;
        Ok(Value::Bool(class == Some(even)))
    })
}

fn is_even(a: Args) -> Result<Value> {
    class_is(a, false, true)
}

fn is_odd(a: Args) -> Result<Value> {
    class_is(a, false, false)
}

fn is_even_tempered(a: Args) -> Result<Value> {
    class_is(a, true, true)
}

fn is_odd_tempered(a: Args) -> Result<Value> {
    class_is(a, true, false)
}

fn born_by(a: Args) -> Result<Value> {
    let n = small(&a, 0, partizan::MAX_DAY, "a day")?;
    a.list_of(1474)?;
    let span = a.span;
    a.with_store(&mut |s| {
        let xs = partizan::born_by(s, n).map_err(|e| e.at(span))?;
        Ok(values(s, xs))
    })
}

/// `misere_born_by(n)`, n up to day 5 (4,171,780 forms, counted from 2^22
/// sets), under the query's step and memory budgets and Ctrl-C.
fn misere_born_by(a: Args) -> Result<Value> {
    let n = small(&a, 0, crate::theory::misere::MAX_MISERE_DAY, "a day")?;
    let mut interrupt = None;
    a.with_store(&mut |s| {
        interrupt = s.interrupt_flag();
        Ok(Value::Int(0))
    })?;
    let mut forms = crate::solve::budgeted_forms(a.cx, interrupt);
    let counts = forms.born_by_counts(n).map_err(|e| e.at(a.span));
    let counts = crate::solve::charge_forms(a.cx, &forms, counts)?;
    Ok(Value::Int(counts[n as usize] as i64))
}
