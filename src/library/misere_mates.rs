//! Conway's mate of a misère impartial game (THEORY.md §9.10):
//! `misere_mate(P)`, the misère canonical form of P⁻, answered through the
//! oracle from P's misère canonical form.

use crate::error::{EvalError, Result, SolveError};
use crate::model::game_value::game_comps;
use crate::model::{Value, fmt_comp};

use super::{Args, Entry, builtin, p};

pub(super) static ENTRIES: &[Entry] = &[builtin(
    "misere_mate",
    misere_mate,
    &[p("P", "position")],
    (1, 1),
    "string",
    "misere_mate(P): the misère canonical form of Conway's mate of an impartial P (0 becomes *, every other game the game of its options' mates)",
    "the misère canonical form of Conway's mate P⁻ of an impartial P: 0⁻ = *, otherwise the game of the options' mates; P + P⁻ is always a misère P-position",
    "misere_mate(*1)",
)
.solver()];

fn misere_mate(a: Args) -> Result<Value> {
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
    a.oracle()?.misere_mate(a.cx, &g)
}
