//! How a game's positions print when it has a `show_` function: `fn
//! show_TF(b) = ...` beside `game TF(b)`, taking the game's parameters and
//! giving a string (printed as it is, `TF(TT.FF)`) or a board (printed and
//! drawn as a board). Answers and pictures print positions through
//! [`Shows`], which calls the function once per component and query; an
//! error in it (or a result of another type) is the query's diagnostic.
//! Positions are still told apart by their arguments: two that show the
//! same are different positions.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::error::CompileError;
use crate::error::{Error, Result};
use crate::eval::Interp;
use crate::model::{Comp, Ctx, GameId, GameNames, Value};

/// The prefix of a game's show function's name.
pub const SHOW_PREFIX: &str = "show_";

/// Game names for printing, with each game's `show_` function applied.
pub(crate) struct Shows<'s, 'c> {
    cx: &'s Ctx<'c>,
    /// Per game: its show function's id, if it has one.
    fns: RefCell<HashMap<GameId, Option<u32>>>,
    shown: RefCell<HashMap<Comp, Value>>,
    /// The first failure of a show function; printing goes on without it.
    error: RefCell<Option<Error>>,
}

impl<'s, 'c> Shows<'s, 'c> {
    pub(crate) fn new(cx: &'s Ctx<'c>) -> Self {
        Shows {
            cx,
            fns: RefCell::default(),
            shown: RefCell::default(),
            error: RefCell::default(),
        }
    }

    /// `value` when every show function called so far worked, else the
    /// first failure.
    pub(crate) fn check<T>(&self, value: T) -> Result<T> {
        match self.error.borrow_mut().take() {
            Some(e) => Err(e),
            None => Ok(value),
        }
    }

    fn show_fn(&self, game: GameId) -> Option<u32> {
        *self.fns.borrow_mut().entry(game).or_insert_with(|| {
            let defs = self.cx.defs;
            let name = format!("{SHOW_PREFIX}{}", defs.game_name(game));
            let id = *defs.fn_ids.get(&name)?;
            // A name registered whose body is not there (a REPL input
            // waiting for a name) shows nothing yet.
            defs.fns.get(id as usize)?.as_ref()?;
            Some(id)
        })
    }

    fn call(&self, f: u32, c: &Comp) -> Result<Value> {
        let defs = self.cx.defs;
        let def = defs.fns[f as usize]
            .as_ref()
            .ok_or_else(|| unreachable_body(self.cx))?;
        let game = defs.game_name(c.game);
        if def.arity != c.args.len() {
            return Err(Error::type_error(
                format!(
                    "`{}` has {} parameter{}, and the game `{game}` it shows has {}",
                    def.name,
                    def.arity,
                    if def.arity == 1 { "" } else { "s" },
                    c.args.len()
                ),
                format!(
                    "a show function takes the game's parameters: `fn {SHOW_PREFIX}{game}(...)` with {} of them",
                    c.args.len()
                ),
                def.span,
            ));
        }
        let v = Interp::new(self.cx).call_fn(f, c.args.to_vec(), def.span)?;
        match v {
            Value::Str(_) | Value::Board(_) => Ok(v),
            other => Err(Error::type_error(
                format!(
                    "`{}` gave {}: a show function gives a string or a board",
                    def.name,
                    other.type_name()
                ),
                "give the text the position prints as (a string; `sum` of a list of strings joins them), or a board",
                def.span,
            )),
        }
    }
}

fn unreachable_body(cx: &Ctx) -> Error {
    CompileError::Query {
        message: "a show function has no body".into(),
        help: "define it again".into(),
        span: cx.span,
    }
    .into()
}

impl GameNames for Shows<'_, '_> {
    fn game_name(&self, id: GameId) -> &str {
        self.cx.defs.game_name(id)
    }

    fn vertex_name(&self, id: GameId, v: i64) -> Option<&str> {
        self.cx.defs.vertex_name(id, v)
    }

    fn shown(&self, c: &Comp) -> Option<Value> {
        if let Some(v) = self.shown.borrow().get(c) {
            return Some(v.clone());
        }
        let f = self.show_fn(c.game)?;
        if self.error.borrow().is_some() {
            return None;
        }
        match self.call(f, c) {
            Ok(v) => {
                self.shown.borrow_mut().insert(c.clone(), v.clone());
                Some(v)
            }
            Err(e) => {
                *self.error.borrow_mut() = Some(e);
                None
            }
        }
    }
}
