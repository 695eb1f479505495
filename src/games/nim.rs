//! The built-in nim-heaps: `Nim(n)` and the nimber `*n` (played alike,
//! printed differently). A heap of n is worth n (THEORY.md §2).

use crate::error::Result;
use crate::error::SolveError;
use crate::model::{Ctx, GameId, GameKind, OptionSink, Value};
use crate::source::Span;

#[derive(Debug)]
pub struct Nim {
    /// `*n` rather than `Nim(n)`.
    pub star: bool,
}

impl GameKind for Nim {
    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        super::heap_arg(name, args, span)
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let n = super::heap_size(args).unwrap_or(0);
        // A huge heap's options cannot be listed: say so before trying.
        if usize::try_from(n).map_or(true, |n| n > cx.limits.max_edges()) {
            return Err(SolveError::MoveBudget {
                game: format!("{}({n})", cx.defs.game(game).name),
                budget: cx.limits.max_edges(),
                span: cx.span,
            }
            .into());
        }
        for k in 0..n {
            cx.tick()?;
            out.single_ints(game, &[k])?;
        }
        Ok(())
    }

    fn known_value(&self, _cx: &Ctx, _game: GameId, args: &[Value]) -> Result<Option<u64>> {
        Ok(self.nim_heap(args))
    }

    fn nim_heap(&self, args: &[Value]) -> Option<u64> {
        super::heap_size(args).and_then(|n| u64::try_from(n).ok())
    }

    fn describe(&self, _name: &str, _decl: &str) -> Option<(String, String)> {
        // `*` is notation, not a game to list.
        (!self.star).then(|| ("Nim(n)".to_string(), "built in".to_string()))
    }
}
