//! A game name registered whose definition has not run (a subtraction set
//! is evaluated where it is written), failed, or (typed in the REPL) waits
//! for a name defined later: using it is an error that says which.

use crate::error::CompileError;
use crate::error::{Error, Result};
use crate::model::{Ctx, GameId, GameKind, OptionSink, Value};
use crate::source::Span;

#[derive(Debug)]
pub struct Pending {
    pub arity: usize,
    /// The function or game the definition names that is not defined yet.
    pub waiting_for: Option<String>,
}

impl Pending {
    fn not_yet(&self, name: &str, span: Span) -> Error {
        match &self.waiting_for {
            Some(missing) => CompileError::Waiting {
                name: name.to_string(),
                missing: missing.clone(),
                span,
            }
            .into(),
            None => not_yet(name, span),
        }
    }
}

fn not_yet(name: &str, span: Span) -> Error {
    CompileError::Query {
        message: format!("`{name}` is used before its definition has run"),
        help: "move the query below the game's definition".into(),
        span,
    }
    .into()
}

/// Only what it has: the core, `raw_args`/`check_args` (every position
/// is refused) and `describe`; the other capabilities are the trait's
/// defaults (impartial, no theory, no graph).
impl GameKind for Pending {
    fn arity(&self) -> usize {
        self.arity
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, _args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        Err(self.not_yet(name, span))
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        _args: &[Value],
        _out: &mut dyn OptionSink,
    ) -> Result<()> {
        Err(self.not_yet(&cx.defs.game(game).name, cx.span))
    }

    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)> {
        let what = match &self.waiting_for {
            Some(missing) => format!("waits for `{missing}` (not defined yet)"),
            None => "not defined yet (its definition failed)".to_string(),
        };
        Some((super::rules::signature(decl, name, self.arity), what))
    }
}
