//! Conway's mate and parts of a misère impartial game (THEORY.md §9.10,
//! §9.11): `misere_mate(P)`, the misère canonical form of P⁻;
//! `misere_parts(P)`, `misere_partitions(P)` and `misere_is_prime(P)`, from
//! P's misère canonical form, all answered through the oracle; and
//! `misere_day(n)`, the misère canonical forms born by day n.

use crate::error::{AtSpan, EvalError, Result, SolveError};
use crate::model::game_value::game_comps;
use crate::model::{Comp, PartsAsk, Value, fmt_comp};

use super::{Args, Entry, builtin, p};

pub(super) static ENTRIES: &[Entry] = &[
    builtin(
        "misere_mate",
        misere_mate,
        &[p("P", "position")],
        (1, 1),
        "string",
        "misere_mate(P): the misère canonical form of Conway's mate of an impartial P (0 becomes *, every other game the game of its options' mates)",
        "the misère canonical form of Conway's mate P⁻ of an impartial P: 0⁻ = *, otherwise the game of the options' mates; P + P⁻ is always a misère P-position",
        "misere_mate(*1)",
    )
    .solver(),
    builtin(
        "misere_parts",
        misere_parts,
        &[p("P", "position")],
        (1, 1),
        "list of strings",
        "misere_parts(P): Conway's parts of an impartial P's misère canonical form G (the H with G = H + X for some X), other than 0, * and G, G + *, one of each pair H, H + *",
        "Conway's parts of an impartial P's misère canonical form G (H with G ≡ H + X for some X), other than 0, *, G and G + *, the one of each pair H, H + * born first; as CGSuite's `Parts`",
        "misere_parts(Nim(2) + Nim(2))",
    )
    .solver(),
    builtin(
        "misere_partitions",
        misere_partitions,
        &[p("P", "position")],
        (1, 1),
        "list of lists of strings",
        "misere_partitions(P): every way of writing an impartial P's misère canonical form as a sum of primes (and * when it is odd)",
        "every way of writing an impartial P's misère canonical form as a sum of primes, each the one of H, H + * born first, with `*1` added when needed; as CGSuite's `Partitions`",
        "misere_partitions(*2 + *2)",
    )
    .solver(),
    builtin(
        "misere_is_prime",
        misere_is_prime,
        &[p("P", "position")],
        (1, 1),
        "bool",
        "misere_is_prime(P): whether an impartial P's misère canonical form G is prime: not 0 or *, and no parts but 0, *, G and G + *",
        "whether an impartial P's misère canonical form G is prime: not 0 or *, with no parts but 0, *, G and G + *",
        "misere_is_prime(*2)",
    )
    .solver(),
    builtin(
        "misere_day",
        misere_day,
        &[p("n", "int")],
        (1, 1),
        "list of strings",
        "misere_day(n): the misère impartial canonical forms born by day n ≤ 4 (1, 2, 3, 5 and 22 of them; misere_born_by(5) counts day 5's 4171780)",
        "the misère impartial canonical forms born by day n ≤ 4, by birthday, then text (1, 2, 3, 5, 22 forms; day 5's 4171780 are counted by `misere_born_by(5)`, not listed)",
        "misere_day(2)",
    ),
];

/// The components of an impartial position, or a coded error at the
/// argument.
fn impartial(a: &Args) -> Result<Vec<Comp>> {
    let g = game_comps(&a.values[0]).ok_or_else(|| EvalError::NotAPosition {
        found: a.values[0].type_name().to_string(),
        span: a.at(0),
    })?;
    if let Some(c) = g
        .iter()
        .find(|c| a.cx.defs.game(c.game).kind.partizan_position(&c.args))
    {
        return Err(SolveError::Partizan {
            game: {
                let mut name = String::new();
                fmt_comp(c, a.cx.defs, &mut name);
                name
            },
            query: a.name().into(),
            span: a.at(0),
        }
        .into());
    }
    Ok(g.to_vec())
}

fn misere_mate(a: Args) -> Result<Value> {
    let g = impartial(&a)?;
    a.oracle()?.misere_mate(a.cx, &g)
}

fn parts(a: Args, ask: PartsAsk) -> Result<Value> {
    let g = impartial(&a)?;
    a.oracle()?.misere_parts(a.cx, &g, ask)
}

fn misere_parts(a: Args) -> Result<Value> {
    parts(a, PartsAsk::Parts)
}

fn misere_partitions(a: Args) -> Result<Value> {
    parts(a, PartsAsk::Partitions)
}

fn misere_is_prime(a: Args) -> Result<Value> {
    parts(a, PartsAsk::IsPrime)
}

/// The last day `misere_day` lists: day 5's 4,171,780 forms, as texts,
/// would pass the default memory budget after half a minute of work
/// (`misere_born_by(5)` counts them).
const MAX_LISTED_DAY: u32 = 4;

/// `misere_day(n)`: the forms as texts, under the query's position
/// budget (the store's forms), steps, memory and Ctrl-C.
fn misere_day(a: Args) -> Result<Value> {
    let n = super::shortgames::small(&a, 0, MAX_LISTED_DAY, "a day")?;
    let mut interrupt = None;
    a.with_store(&mut |s| {
        interrupt = s.interrupt_flag();
        Ok(Value::Int(0))
    })?;
    let mut forms = crate::solve::budgeted_forms(a.cx, interrupt);
    let day = forms.born_by(n).map_err(|e| e.at(a.span));
    let day = crate::solve::charge_forms(a.cx, &forms, day)?;
    a.list_of(day.len())?;
    crate::solve::Solver::form_list(a.cx, &forms, day)
}
