//! CGSuite's questions about misère canonical forms of impartial games
//! (THEORY.md §9.4, §9.12): the birthday, Conway's parity, introversion,
//! half-tameness and Hoey's classes of one position (`misere_birthday(P)`,
//! `misere_is_even(P)`, …, the classes the ones `misere_form` prints),
//! and the games that tell two positions apart or link them
//! (`misere_distinguisher(P, Q)`, `misere_is_linked(P, Q)`,
//! `misere_link(P, Q)`), answered through the oracle.

use std::rc::Rc;

use crate::error::{EvalError, Result, SolveError};
use crate::model::game_value::game_comps;
use crate::model::{Comp, MiserePair, MisereQuestion, Value, fmt_comp};

use super::{Args, Entry, builtin, p};

/// The parameter of a question about one position.
const ONE: &[super::Param] = &[p("P", "position")];

/// The parameters of a question about two positions.
const TWO: &[super::Param] = &[p("P", "position"), p("Q", "position")];

/// An entry of a question about one position.
const fn one(
    name: &'static str,
    f: super::Function,
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(name, f, ONE, (1, 1), returns, usage, doc, example).solver()
}

/// An entry of a question about two positions.
const fn two(
    name: &'static str,
    f: super::Function,
    returns: &'static str,
    usage: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    builtin(name, f, TWO, (2, 2), returns, usage, doc, example).solver()
}

pub(super) static ENTRIES: &[Entry] = &[
    one(
        "misere_birthday",
        birthday,
        "int",
        "misere_birthday(P): the birthday of the misère canonical form of an impartial P",
        "the birthday (height of the game tree) of the misère canonical form of an impartial P (CGSuite's `Birthday`)",
        "misere_birthday(*2 + *2)",
    ),
    one(
        "misere_is_even",
        is_even,
        "bool",
        "misere_is_even(P): whether an impartial P is even in misère play (born earlier than P + *)",
        "whether an impartial P is even: its misère canonical form is born earlier than that of P + * (Conway's parity; CGSuite's `IsEven`)",
        "misere_is_even(*2)",
    ),
    one(
        "misere_is_odd",
        is_odd,
        "bool",
        "misere_is_odd(P): whether an impartial P is odd in misère play (born later than P + *)",
        "whether an impartial P is odd: its misère canonical form is born later than that of P + * (every P is even or odd, never both)",
        "misere_is_odd(*3)",
    ),
    one(
        "misere_is_introverted",
        is_introverted,
        "bool",
        "misere_is_introverted(P): whether an impartial P is introverted in misère play (0 or *)",
        "whether an impartial P is introverted (a part of each of its options in misère play): exactly 0 and * (CGSuite's `IsIntroverted`)",
        "misere_is_introverted(*1)",
    ),
    one(
        "misere_is_extraverted",
        is_extraverted,
        "bool",
        "misere_is_extraverted(P): whether an impartial P is extraverted in misère play (a part of {P})",
        "whether an impartial P is extraverted: its misère canonical form G is a part of {G}, the game whose one option is G (CGSuite's `IsExtraverted`)",
        "misere_is_extraverted(*2)",
    ),
    one(
        "misere_is_half_tame",
        is_half_tame,
        "bool",
        "misere_is_half_tame(P): whether an impartial P is half-tame (not generally tame, P + P generally tame of genus 0^0)",
        "whether an impartial P is half-tame: not generally tame, while P + P is generally tame with normal and misère Grundy values 0 (CGSuite's `IsHalfTame`)",
        "misere_is_half_tame(*2)",
    ),
    one(
        "misere_is_tame",
        is_tame,
        "bool",
        "misere_is_tame(P): whether an impartial P is tame in misère play (a nim heap or hereditarily tame)",
        "whether the misère canonical form of an impartial P is tame: a nim heap or hereditarily tame (CGSuite's `IsTame`; `misere_form` prints `tame`)",
        "misere_is_tame(*2 + *2)",
    ),
    one(
        "misere_is_generally_tame",
        is_generally_tame,
        "bool",
        "misere_is_generally_tame(P): whether an impartial P is generally tame in misère play",
        "whether the misère canonical form of an impartial P is generally tame: tame or reversibly tame (CGSuite's `IsGenerallyTame`)",
        "misere_is_generally_tame(*2)",
    ),
    one(
        "misere_is_tameable",
        is_tameable,
        "bool",
        "misere_is_tameable(P): whether an impartial P is tameable in misère play",
        "whether the misère canonical form of an impartial P is tameable: generally tame or Hoey's tameable (CGSuite's `IsTameable`)",
        "misere_is_tameable(*2)",
    ),
    one(
        "misere_is_restive",
        is_restive,
        "bool",
        "misere_is_restive(P): whether an impartial P is restive in misère play (hereditarily restive)",
        "whether the misère canonical form of an impartial P is restive: hereditarily restive (CGSuite's `IsRestive`)",
        "misere_is_restive(*2)",
    ),
    one(
        "misere_is_generally_restive",
        is_generally_restive,
        "bool",
        "misere_is_generally_restive(P): whether an impartial P is generally restive in misère play",
        "whether the misère canonical form of an impartial P is generally restive: hereditarily or reversibly restive (CGSuite's `IsGenerallyRestive`)",
        "misere_is_generally_restive(*2)",
    ),
    one(
        "misere_is_restless",
        is_restless,
        "bool",
        "misere_is_restless(P): whether an impartial P is restless in misère play",
        "whether the misère canonical form of an impartial P is restless (CGSuite's `IsRestless`)",
        "misere_is_restless(*2)",
    ),
    one(
        "misere_is_nim_heap",
        is_nim_heap,
        "bool",
        "misere_is_nim_heap(P): whether the misère canonical form of an impartial P is a nim heap",
        "whether the misère canonical form of an impartial P is a nim heap *n (CGSuite's `IsNimHeap`)",
        "misere_is_nim_heap(*1 + *1)",
    ),
    two(
        "misere_distinguisher",
        distinguisher,
        "string",
        "misere_distinguisher(P, Q): a game X with P + X a misère P-position and Q + X an N-position",
        "the misère canonical form of a game X with P + X a misère P-position and Q + X an N-position, for impartial P and Q of different misère canonical forms (CGSuite's `Distinguisher`)",
        "misere_distinguisher(0, *1)",
    ),
    two(
        "misere_is_linked",
        is_linked,
        "bool",
        "misere_is_linked(P, Q): whether some X makes P + X and Q + X both misère P-positions",
        "whether impartial P and Q are linked: some X makes P + X and Q + X both misère P-positions; exactly when neither misère canonical form is an option of the other (CGSuite's `IsLinkedTo`)",
        "misere_is_linked(*2, *2)",
    ),
    two(
        "misere_link",
        link,
        "string",
        "misere_link(P, Q): a game X with P + X and Q + X both misère P-positions",
        "the misère canonical form of a game X with P + X and Q + X both misère P-positions, for linked impartial P and Q (CGSuite's `Link`)",
        "misere_link(*2, *2)",
    ),
    two(
        "misere_minus",
        minus,
        "string",
        "misere_minus(P, Q): the game X with Q + X equivalent to P in misère play",
        "the misère canonical form of the game X with Q + X ≡ P, for impartial P and Q with Q a part of P (CGSuite's `MisereMinus`)",
        "misere_minus(*2 + *3, *3)",
    ),
];

/// Argument `i` as the components of an impartial position: a partizan
/// one is refused as `misere_mate` refuses it.
fn impartial(a: &Args, i: usize) -> Result<Rc<[Comp]>> {
    let g = game_comps(&a.values[i]).ok_or_else(|| EvalError::NotAPosition {
        found: a.values[i].type_name().to_string(),
        span: a.at(i),
    })?;
    if let Some(c) = g
        .iter()
        .find(|c| a.cx.defs.game(c.game).kind.partizan_position(&c.args))
    {
        let mut name = String::new();
        fmt_comp(c, a.cx.defs, &mut name);
        return Err(SolveError::Partizan {
            game: name,
            query: a.name().into(),
            span: a.at(i),
        }
        .into());
    }
    Ok(g)
}

fn ask(a: Args, q: MisereQuestion) -> Result<Value> {
    let g = impartial(&a, 0)?;
    a.oracle()?.misere_predicate(a.cx, &g, q)
}

fn ask_pair(a: Args, q: MiserePair) -> Result<Value> {
    let g = impartial(&a, 0)?;
    let h = impartial(&a, 1)?;
    a.oracle()?.misere_pair(a.cx, [&g, &h], q)
}

fn birthday(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Birthday)
}

fn is_even(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Even)
}

fn is_odd(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Odd)
}

fn is_introverted(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Introverted)
}

fn is_extraverted(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Extraverted)
}

fn minus(a: Args) -> Result<Value> {
    ask_pair(a, MiserePair::Minus)
}

fn is_half_tame(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::HalfTame)
}

fn is_tame(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Tame)
}

fn is_generally_tame(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::GenerallyTame)
}

fn is_tameable(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Tameable)
}

fn is_restive(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Restive)
}

fn is_generally_restive(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::GenerallyRestive)
}

fn is_restless(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::Restless)
}

fn is_nim_heap(a: Args) -> Result<Value> {
    ask(a, MisereQuestion::NimHeap)
}

fn distinguisher(a: Args) -> Result<Value> {
    ask_pair(a, MiserePair::Distinguisher)
}

fn is_linked(a: Args) -> Result<Value> {
    ask_pair(a, MiserePair::Linked)
}

fn link(a: Args) -> Result<Value> {
    ask_pair(a, MiserePair::Link)
}
