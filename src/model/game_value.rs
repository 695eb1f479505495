//! Game values as expressions hold them ([`GameVal`]: a canonical form's
//! text and its id in the store that made it) and the store's failures as
//! diagnostics: the bridge between `Value` and `partizan::GameStore` that
//! the evaluator, the library's game-value functions, the games and the
//! queries share.

use std::rc::Rc;

use crate::error::EvalError;
use crate::error::Result;
use crate::partizan::{self, GameStore, ValueId};
use crate::source::Span;

use super::{Comp, GameVal, NIM, STAR, VALUE, Value};

/// The value `id` of `store`, as an expression holds it.
pub fn game_val(store: &mut GameStore, id: ValueId) -> Value {
    Value::Game(game_rc(store, id))
}

/// The value `id` of `store`, as a [`GameVal`].
pub fn game_rc(store: &mut GameStore, id: ValueId) -> Rc<GameVal> {
    Rc::new(GameVal {
        text: store.display(id).into(),
        id,
        stamp: store.stamp(),
    })
}

/// The component a game value is in a sum: none for 0, `*n` for a
/// nimber, else the value itself.
pub fn value_comp(g: &Rc<GameVal>) -> Option<Comp> {
    let text = &*g.text;
    if text == "0" {
        return None;
    }
    let heap = match text.strip_prefix('*') {
        Some("") => Some(1),
        Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse::<i64>().ok(),
        _ => None,
    };
    Some(match heap {
        Some(n) => Comp {
            game: STAR,
            args: vec![Value::Int(n)].into(),
        },
        None => Comp {
            game: VALUE,
            args: vec![Value::Game(g.clone())].into(),
        },
    })
}

/// A game value, or an integer as the number it is.
pub fn as_game(v: &Value) -> Option<Rc<GameVal>> {
    match v {
        Value::Game(g) => Some(g.clone()),
        Value::Int(n) => {
            let mut s = GameStore::new();
            let id = s.integer(*n);
            Some(game_rc(&mut s, id))
        }
        _ => None,
    }
}

/// The id in `store` of a game value (read back from its text when
/// another store made it).
pub fn resolve(store: &mut GameStore, g: &GameVal, span: Span) -> Result<ValueId> {
    if g.stamp == store.stamp() {
        return Ok(g.id);
    }
    partizan::parse(store, &g.text).map_err(|e| match e.cause {
        // Read back under this statement's budgets: running out of one
        // is that budget's error, not this value's.
        Some(
            cause @ (partizan::PartizanError::Interrupted
            | partizan::PartizanError::StepBudget { .. }
            | partizan::PartizanError::Memory { .. }),
        ) => crate::error::AtSpan::at(cause, span),
        _ => EvalError::Value {
        message: "this game value was computed before the solver's caches were cleared, and is too large to read back".into(),
        help: "compute it again (`value(P)`) in the statement that uses it".into(),
        span,
    }.into(),
    })
}

/// The nim sum of a position made only of nim heaps (`*n`, `Nim(n)`).
pub fn nim_sum(cs: &[Comp]) -> Option<usize> {
    cs.iter()
        .try_fold(0usize, |acc, c| match (c.game, &*c.args) {
            (g, [Value::Int(n)]) if g == STAR || g == NIM => {
                usize::try_from(*n).ok().map(|n| acc ^ n)
            }
            _ => None,
        })
}

/// A value as the game it is, as components of a sum: a position is its
/// components, an integer the number it is, a game value its component
/// (`*n` for a nimber); None for what is not a game.
pub fn game_comps(v: &Value) -> Option<Rc<[Comp]>> {
    match v {
        Value::Pos(cs) => Some(cs.clone()),
        Value::Int(0) => Some(Rc::from(Vec::new())),
        Value::Int(_) | Value::Game(_) => {
            let g = as_game(v)?;
            Some(value_comp(&g).into_iter().collect())
        }
        _ => None,
    }
}
