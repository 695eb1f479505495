//! Loopy game values as expressions hold them ([`LoopyVal`]: a value of
//! the theory's [`SidedValue`], a stopper or an onside & offside, with its
//! text), and the bridge from the theory's answers to `Value`s and
//! diagnostics, which the evaluator, the library and the queries share.
//! A loopy value owns its graphs, so it needs no store to outlive a
//! cleared cache; a result that is a short game is a `Value::Game`.

use std::rc::Rc;

use crate::error::AtSpan;
use crate::error::{Error, Result, SolveError};
use crate::partizan::loopy::{SidedGraph, SidedValue, Stopper, pack};
use crate::partizan::{GameStore, PartizanError, ValueJson, ValueKind};
use crate::source::Span;

use super::game_value::{nim_sum, resolve};
use super::{Ctx, Side, Value};

/// A loopy game value: its sides and its text in CGSuite's notation (a
/// stopper's simplest form, `onside & offside`, `dud`). Values compare,
/// hash and order by text as data (equal values print alike); the order
/// of games is the evaluator's business.
#[derive(Debug, Clone)]
pub struct LoopyVal {
    /// The text, as the `value` query prints it.
    pub text: Rc<str>,
    /// The value.
    pub value: SidedValue,
}

impl PartialEq for LoopyVal {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for LoopyVal {}

impl std::hash::Hash for LoopyVal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl PartialOrd for LoopyVal {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for LoopyVal {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

/// Runs a computation of the loopy theory with the query's ticks
/// (Ctrl-C, steps, memory) as its stop and `--max-positions` as the
/// positions it may build: its answer, the failure that stopped it, or
/// the position budget (on `what`) when it needed more positions.
pub fn within<T>(
    cx: &Ctx,
    what: &str,
    span: Span,
    run: impl FnOnce(usize, &mut dyn FnMut() -> bool) -> Option<T>,
) -> Result<T> {
    let mut failed = None;
    let r = run(cx.limits.max_positions, &mut || match cx.tick_at(span) {
        Ok(()) => false,
        Err(e) => {
            failed = Some(e);
            true
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    r.ok_or_else(|| {
        SolveError::Budget {
            game: what.to_string(),
            budget: cx.limits.max_positions,
            span,
        }
        .into()
    })
}

/// The diagnostic of sides that sidling did not settle in `rounds` rounds.
pub fn unsettled(rounds: usize, span: Span) -> Error {
    SolveError::LoopySides {
        message: format!(
            "the onside and offside of this position did not settle in {rounds} rounds of sidling"
        ),
        span,
    }
    .into()
}

/// A computed value as an expression holds it: `Value::Game` (of
/// `store`) when it is a short game, else a [`LoopyVal`] with its text.
pub fn to_value(store: &mut GameStore, value: SidedValue, span: Span) -> Result<Value> {
    if let Some(id) = value.short_value(store).map_err(|e| e.at(span))? {
        return Ok(super::game_value::game_val(store, id));
    }
    let text = value.text(store).map_err(|e| e.at(span))?;
    Ok(Value::LoopyGame(Rc::new(LoopyVal {
        text: text.into(),
        value,
    })))
}

/// The value of vertex `root` of the game graph `g`: a stopper's simplest
/// form, `dud` where nobody can run out of moves, else its sides by
/// sidling (the coded error when they do not settle).
pub fn sided_value(cx: &Ctx, g: &SidedGraph, root: u32, span: Span) -> Result<SidedValue> {
    within(cx, "the value of this loopy game", span, |max, stop| {
        SidedValue::of_graph(g, root, max, stop)
    })?
    .map_err(|rounds| unsettled(rounds, span))
}

/// The value of vertex `root` of the game graph `g`, as [`to_value`] gives it.
pub fn graph_value(
    cx: &Ctx,
    store: &mut GameStore,
    g: &SidedGraph,
    root: u32,
    span: Span,
) -> Result<Value> {
    let v = sided_value(cx, g, root, span)?;
    to_value(store, v, span)
}

/// An operand of loopy arithmetic as a value of the theory: a loopy
/// value, a game value (read in `store`), an integer (the number it is)
/// or nim heaps (the nimber); `None` for any other value.
pub fn sided(cx: &Ctx, store: &mut GameStore, v: &Value, span: Span) -> Result<Option<SidedValue>> {
    let id = match v {
        Value::LoopyGame(l) => return Ok(Some(l.value.clone())),
        Value::Game(g) => resolve(store, g, span)?,
        Value::Int(n) => store.integer(*n),
        Value::Pos(cs) if let Some(m) = nim_sum(cs) => store.nimber(m).map_err(|e| e.at(span))?,
        _ => return Ok(None),
    };
    let (max, by_memory) = stopper_cap(cx);
    match Stopper::short(store, id, max).map_err(|e| e.at(span))? {
        Some(s) => Ok(Some(SidedValue::of_stopper(s))),
        None => Err(too_large(
            cx,
            (max, by_memory),
            format!("the game {} as a graph", store.display(id)),
            span,
        )),
    }
}

/// What one vertex of a short game's graph costs while `Stopper::short`
/// builds it, at most (the store's game, the builder's vertex and the
/// packed graph's: about 360 bytes measured on an integer's chain).
const BYTES_PER_VERTEX: usize = 512;

/// The most vertices a short game's graph may have: the position budget,
/// or fewer when the memory budget has room for fewer (true then), so that
/// a large game (the integer 10⁸ has 10⁸ + 1 positions) is refused before
/// its graph outgrows the memory budget.
pub fn stopper_cap(cx: &Ctx) -> (usize, bool) {
    let held = crate::mem::held().max(0) as usize;
    let room = cx.limits.max_memory.saturating_sub(held) / BYTES_PER_VERTEX;
    if room < cx.limits.max_positions {
        (room, true)
    } else {
        (cx.limits.max_positions, false)
    }
}

/// The coded error for a graph past the cap [`stopper_cap`] gave: the
/// memory budget's when the cap was the memory's, else the position
/// budget's.
pub fn too_large(cx: &Ctx, (max, by_memory): (usize, bool), game: String, span: Span) -> Error {
    if by_memory {
        let held = crate::mem::held().max(0) as usize;
        return crate::error::LimitError::MemoryBudget {
            limit: cx.limits.max_memory,
            held: held.saturating_add(max.saturating_mul(BYTES_PER_VERTEX)),
            span,
        }
        .into();
    }
    SolveError::Budget {
        game,
        budget: max,
        span,
    }
    .into()
}

/// A loopy value as the `value` query answers it: a short game's form; a
/// stopper's text with its options' texts (`pass` for a move to itself);
/// `onside & offside` or `dud` alone, with no options.
pub fn loopy_json(
    store: &mut GameStore,
    v: &SidedValue,
) -> std::result::Result<ValueJson, PartizanError> {
    if let Some(id) = v.short_value(store)? {
        return Ok(store.to_json(id));
    }
    let text = v.text(store)?;
    let mut sides = [Vec::new(), Vec::new()];
    if v.stopper {
        for (side, out) in [Side::Left, Side::Right].into_iter().zip(sides.iter_mut()) {
            for o in stopper_options(&v.onside, side) {
                out.push(match o {
                    None => "pass".to_string(),
                    Some(o) => o.text(store)?,
                });
            }
            out.sort();
        }
    }
    let [left, right] = sides;
    let cut = |t: &String| t.contains(crate::partizan::CUT);
    Ok(ValueJson {
        truncated: cut(&text) || left.iter().chain(&right).any(cut),
        text,
        kind: ValueKind::Game,
        number: None,
        ups: None,
        nimber: None,
        left,
        right,
    })
}

/// `side`'s options of a stopper in simplest form, each a stopper in
/// simplest form again (what the root reaches from it), `None` for a move
/// back to the stopper itself (`pass`).
pub fn stopper_options(s: &Stopper, side: Side) -> impl Iterator<Item = Option<Stopper>> + '_ {
    let opts = match side {
        Side::Left => s.graph.left(s.root),
        Side::Right => s.graph.right(s.root),
    };
    opts.iter().map(move |&o| {
        (o != s.root).then(|| {
            let p = pack(&s.graph, &[o]);
            Stopper {
                graph: p.graph,
                root: p.roots[0],
            }
        })
    })
}
