//! The compounds of two games other than the disjunctive sum (THEORY.md
//! §11): `conjunctive`, `selective`, `sequential`, `continued_conjunctive`,
//! `shortened_selective` and `diminished_disjunctive`. Each makes the
//! position of one component of the compound's built-in game
//! (`model::Compound`), which every query then answers on its own state
//! graph, like any game.

use crate::error::Result;
use crate::model::game_value::game_comps;
use crate::model::{Compound, Value};

use super::{Args, Entry, Param, builtin, p};

const G_H: &[Param] = &[p("G, H", "position | game value | int")];

/// The entry of one compound.
const fn compound(
    name: &'static str,
    f: super::Function,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(name, f, G_H, (2, 2), "position", usage, doc, example)
}

pub(super) static ENTRIES: &[Entry] = &[
    compound(
        "conjunctive",
        conjunctive,
        "conjunctive(G, H): the conjunctive compound, a move in both; over as soon as either is (its remoteness is the least of theirs)",
        "the conjunctive compound G ∧ H: a move is a move in both, and it is over as soon as either is; its remoteness is the least of theirs",
        "remoteness conjunctive(Nim(2), Nim(3))",
    ),
    compound(
        "selective",
        selective,
        "selective(G, H): the selective compound, a move in one or both; over when both are (normal play: a P-position when both are)",
        "the selective compound G ∨ H: a move is a move in one or both, and it is over when both are; a normal-play P-position exactly when both are",
        "outcome selective(Nim(2), Nim(2))",
    ),
    compound(
        "sequential",
        sequential,
        "sequential(G, H): the sequential compound G → H, G played until over, then H",
        "the sequential compound G → H: G is played until neither player can move in it, then H; its Grundy value is G's with every end of G worth H's",
        "grundy sequential(Nim(2), Nim(3))",
    ),
    compound(
        "continued_conjunctive",
        continued_conjunctive,
        "continued_conjunctive(G, H): a move in each that is not over; over when both are (its suspense is the greatest of theirs)",
        "the continued conjunctive compound: a move is a move in each of G, H not over, and it is over when both are; its suspense is the greatest of theirs",
        "outcome continued_conjunctive(Nim(1), Nim(2))",
    ),
    compound(
        "shortened_selective",
        shortened_selective,
        "shortened_selective(G, H): a move in one or both; over as soon as either is",
        "the shortened selective compound: a move is a move in one or both, and it is over as soon as either is",
        "grundy shortened_selective(Nim(2), Nim(3))",
    ),
    compound(
        "diminished_disjunctive",
        diminished_disjunctive,
        "diminished_disjunctive(G, H): a move in one; over as soon as either is",
        "the diminished disjunctive compound: a move is a move in one of G, H, and it is over as soon as either is",
        "grundy diminished_disjunctive(Nim(2), Nim(3))",
    ),
];

/// The compound `c` of the two arguments.
fn make(a: Args, c: Compound) -> Result<Value> {
    let mut sums = Vec::with_capacity(2);
    for (i, v) in a.values.iter().enumerate() {
        match game_comps(v) {
            Some(cs) => sums.push(cs),
            None => return Err(a.not(v, "positions or game values", a.at(i))),
        }
    }
    a.cx.reserve(64 * (3 + sums[0].len() + sums[1].len()), a.span)?;
    Ok(Value::Pos(vec![c.comp(a.cx, &sums[0], &sums[1])].into()))
}

fn conjunctive(a: Args) -> Result<Value> {
    make(a, Compound::Conjunctive)
}

fn selective(a: Args) -> Result<Value> {
    make(a, Compound::Selective)
}

fn sequential(a: Args) -> Result<Value> {
    make(a, Compound::Sequential)
}

fn continued_conjunctive(a: Args) -> Result<Value> {
    make(a, Compound::ContinuedConjunctive)
}

fn shortened_selective(a: Args) -> Result<Value> {
    make(a, Compound::ShortenedSelective)
}

fn diminished_disjunctive(a: Args) -> Result<Value> {
    make(a, Compound::DiminishedDisjunctive)
}
