//! CGSuite's predicates and listings of short games (THEORY.md §6.14):
//! `is_number`, `is_integer`, `is_nimber`, `is_infinitesimal`,
//! `is_numberish`, `is_number_tiny`, `is_all_small`, `is_uptimal`,
//! `uptimal_expansion`, `followers` and `follower_count`. Like the rest of
//! the game-value functions they work in the solver's store.

use crate::error::AtSpan;
use crate::error::EvalError;
use crate::error::Result;
use crate::model::Value;
use crate::model::game_value::game_val;
use crate::model::loopy_value::{LoopyVal, within};
use crate::partizan::loopy::infinitesimal_numberish;
use crate::partizan::{self, GameStore, ValueId};

use super::games::{G_VAL, game, of_all};
use super::{Args, Entry, Param, p};

const G_LOOPY: &[Param] = &[p("G", "position | game value | loopy game value | int")];

/// The most followers `followers` lists (`follower_count` counts any
/// number of them).
const MAX_FOLLOWERS: u128 = 1_000_000;

/// A predicate's entry: one game, a boolean.
const fn predicate(
    name: &'static str,
    f: super::Function,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    game(name, f, G_VAL, (1, 1), "bool", usage, doc, example)
}

pub(super) static ENTRIES: &[Entry] = &[
    predicate(
        "is_number",
        is_number,
        "is_number(G): whether the canonical form is a number",
        "whether G is a number (a dyadic rational)",
        "is_number(num(3, 4))",
    ),
    predicate(
        "is_integer",
        is_integer,
        "is_integer(G): whether the canonical form is an integer",
        "whether G is an integer",
        "is_integer(-4)",
    ),
    predicate(
        "is_nimber",
        is_nimber,
        "is_nimber(G): whether the canonical form is a nimber *n (0 is *0)",
        "whether G is a nimber *n (0 = *0 is one)",
        "is_nimber(value(*3))",
    ),
    game(
        "is_infinitesimal",
        is_infinitesimal,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_infinitesimal(G): whether both stops of G are 0 (of a loopy value: its strong stops, CGSuite's definition)",
        "whether both stops are 0: 0, and the games infinitely close to it (↑, *, Tiny(2)); of a stopper, both strong stops (`x over`, `x under` read as x) are 0 (`over`, `upon`), of `s & t` both sides are so, and a value whose sides are no stoppers is not",
        "is_infinitesimal(up())",
    ),
    game(
        "is_numberish",
        is_numberish,
        G_LOOPY,
        (1, 1),
        "bool",
        "is_numberish(G): whether G's stops are equal (a number plus an infinitesimal; of a loopy value: CGSuite's definition by strong stops)",
        "whether the two stops are equal: a number plus an infinitesimal; of a stopper, its strong Left stop is a number equal to its strong Right stop (`1over`), of `s & t` the strong Left stop of s equals the strong Right stop of t, and a value whose sides are no stoppers is not",
        "is_numberish(value(*1) + 2)",
    ),
    predicate(
        "is_number_tiny",
        is_number_tiny,
        "is_number_tiny(G): whether G is a number, or {x | {x | H}} (x a number, mean of H below x), or its mirror",
        "a number, or a number plus a tiny or a miny: {x | {x | H}} with H's mean below x, or {{H | x} | x} with it above",
        "is_number_tiny(up() + 1)",
    ),
    predicate(
        "is_all_small",
        is_all_small,
        "is_all_small(G): whether every follower of G is 0 or has options for both players",
        "whether every follower is 0 or has moves for both players (so 0 is the only number in it)",
        "is_all_small(up())",
    ),
    predicate(
        "is_uptimal",
        is_uptimal,
        "is_uptimal(G): whether G has an uptimal expansion (see uptimal_expansion)",
        "whether G is x + d1·↑ + d2·↑^2 + … + dk·↑^k, perhaps plus a nimber",
        "is_uptimal(pow_to(up(), 3))",
    ),
    game(
        "uptimal_expansion",
        uptimal_expansion,
        G_VAL,
        (1, 1),
        "string",
        "uptimal_expansion(G): CGSuite's uptimal expansion x*m.d1d2...dk of G = x + *m + d1·pow(^,1) + ... + dk·pow(^,k), a negative digit followed by -",
        "CGSuite's uptimal expansion `x*m.d1d2…dk` of G = x + *m + Σ di·↑^i (↑^i = pow(up(), i)); digits 0–9, then A–Z, then (n); a negative digit followed by `-` (`v*` is `*.1-`); a game that is no uptimal is `grundy::eval::value`",
        "uptimal_expansion(pow_to(up(), 3))",
    ),
    game(
        "followers",
        followers,
        G_VAL,
        (1, 1),
        "list of game values",
        "followers(G): every follower of G's canonical form, G included, in CGSuite's order (numbers, nimbers, uptimals, then by options)",
        "every follower of the canonical form, G included, in CGSuite's order: numbers by value, nimbers, uptimals by their expansions, then the others by their options (at most 1,000,000)",
        "followers(up())",
    ),
    game(
        "follower_count",
        follower_count,
        G_VAL,
        (1, 1),
        "int",
        "follower_count(G): how many followers G's canonical form has, G included",
        "how many followers the canonical form has, G included (an integer n has |n| + 1)",
        "follower_count(5)",
    ),
];

fn test(a: Args, f: &dyn Fn(&mut GameStore, ValueId) -> bool) -> Result<Value> {
    of_all(a, &|s, ids, _| Ok(Value::Bool(f(s, ids[0]))))
}

fn is_number(a: Args) -> Result<Value> {
    test(a, &|s, g| s.is_number(g))
}

fn is_integer(a: Args) -> Result<Value> {
    test(a, &|s, g| {
        s.as_number(g).is_some_and(partizan::Dyadic::is_integer)
    })
}

fn is_nimber(a: Args) -> Result<Value> {
    test(a, &|s, g| s.as_nimber(g).is_some())
}

fn is_infinitesimal(a: Args) -> Result<Value> {
    if let Some(l) = super::stoppers::loopy_arg(&a)? {
        return Ok(Value::Bool(loopy_smallness(&a, &l)?.0));
    }
    test(a, &|s, g| partizan::is_infinitesimal(s, g))
}

fn is_numberish(a: Args) -> Result<Value> {
    if let Some(l) = super::stoppers::loopy_arg(&a)? {
        return Ok(Value::Bool(loopy_smallness(&a, &l)?.1));
    }
    test(a, &|s, g| partizan::is_numberish(s, g))
}

/// Whether a loopy value is infinitesimal and whether it is numberish
/// (CGSuite's definitions by strong stops, THEORY.md §6.16).
fn loopy_smallness(a: &Args, l: &LoopyVal) -> Result<(bool, bool)> {
    let span = a.span;
    let mut got = (false, false);
    a.with_store(&mut |store| {
        got = within(a.cx, "the stops of this value", span, |_, stop| {
            infinitesimal_numberish(store, &l.value, stop).transpose()
        })?
        .map_err(|e| e.at(span))?;
        Ok(Value::Bool(true))
    })?;
    Ok(got)
}

fn is_number_tiny(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        Ok(Value::Bool(partizan::is_number_tiny(s, ids[0]).map_err(e)?))
    })
}

fn is_all_small(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        Ok(Value::Bool(partizan::is_all_small(s, ids[0]).map_err(e)?))
    })
}

fn is_uptimal(a: Args) -> Result<Value> {
    of_all(a, &|s, ids, e| {
        let u = partizan::uptimal_expansion(s, ids[0]).map_err(e)?;
        Ok(Value::Bool(u.is_some()))
    })
}

fn uptimal_expansion(a: Args) -> Result<Value> {
    let span = a.at(0);
    of_all(a, &|s, ids, e| {
        match partizan::uptimal_expansion(s, ids[0]).map_err(e)? {
        Some(u) => Ok(Value::Str(u.to_string().into())),
        None => Err(EvalError::Value {
            message: format!("{} is no uptimal", s.display(ids[0])),
            help: "an uptimal is a number plus a sum of multiples of pow(up(), i), perhaps plus a nimber; is_uptimal(G) tells".into(),
            span,
        }
        .into()),
    }
    })
}

fn followers(a: Args) -> Result<Value> {
    let (cx, span) = (a.cx, a.span);
    of_all(
        a,
        &|s, ids, e| match partizan::sorted_followers(s, ids[0], MAX_FOLLOWERS).map_err(e)? {
            Ok(all) => {
                cx.reserve(all.len() * std::mem::size_of::<Value>(), span)?;
                let list: Vec<Value> = all.into_iter().map(|g| game_val(s, g)).collect();
                Ok(Value::List(list.into()))
            }
            Err(count) => Err(EvalError::Value {
                message: format!(
                    "{count} followers are more than `followers` lists ({MAX_FOLLOWERS})"
                ),
                help: "follower_count(G) counts them".into(),
                span,
            }
            .into()),
        },
    )
}

fn follower_count(a: Args) -> Result<Value> {
    let span = a.span;
    of_all(a, &|s, ids, e| {
        let count = partizan::followers(s, ids[0]).map_err(e)?.count();
        i64::try_from(count).map(Value::Int).map_err(|_| {
            EvalError::Value {
                message: format!("{count} followers do not fit in an integer"),
                help: "integers are 64-bit".into(),
                span,
            }
            .into()
        })
    })
}
