//! A game name registered whose definition has not run (a subtraction set
//! is evaluated where it is written) or failed: using it is an error.

use crate::error::{Error, Result};
use crate::eval::{Ctx, GameId, GameKind, GraphData, OptionSink, ProvedPeriod, Side, Value};
use crate::source::Span;

#[derive(Debug)]
pub struct Pending {
    pub arity: usize,
}

fn not_yet(name: &str, span: Span) -> Error {
    Error::Query {
        message: format!("`{name}` is used before its definition has run"),
        help: "move the query below the game's definition".into(),
        span,
    }
}

impl GameKind for Pending {
    fn heap_code(&self) -> Option<&crate::octal::OctalCode> {
        None
    }

    fn arity(&self) -> usize {
        self.arity
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, _args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        Err(not_yet(name, span))
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        _args: &[Value],
        _out: &mut dyn OptionSink,
    ) -> Result<()> {
        Err(not_yet(&cx.defs.game(game).name, cx.span))
    }

    fn partizan(&self) -> bool {
        false
    }

    fn sided_options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        _side: Side,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        self.options(cx, game, args, out)
    }

    fn known_value(&self, _cx: &Ctx, _game: GameId, _args: &[Value]) -> Result<Option<u64>> {
        Ok(None)
    }

    fn nim_heap(&self, _args: &[Value]) -> Option<u64> {
        None
    }

    fn proved_period(&self, _cx: &Ctx) -> Option<Result<ProvedPeriod>> {
        None
    }

    fn graph(&self) -> Option<&GraphData> {
        None
    }

    fn describe(&self, name: &str, _decl: &str) -> Option<(String, String)> {
        Some((
            format!("{name}(n)"),
            "not defined yet (its definition failed)".to_string(),
        ))
    }
}
