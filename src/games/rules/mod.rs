//! `game G(params) { move TARGET for BINDINGS if COND ... }`: a game given
//! by move rules. The options are whatever the move lines yield, listed by
//! `eval::moves` (with its fast paths for common shapes).

use crate::error::CompileError;
use crate::error::Result;
use crate::eval::{Compiler, Interp, Scope};

mod boards;
mod carried;
mod lists;
mod moves;
pub mod placement;
mod sets;

use crate::model::{Comp, Ctx, GameId, GameKind, OptionSink, SmallSet, Value};
use crate::source::Span;
use crate::syntax::ast::{Ident, MoveRule};
pub use moves::{MoveCode, RuleSet};

#[derive(Debug)]
pub struct Rules {
    pub set: RuleSet,
}

/// Compile the move lines; each has its own loop names after the parameters.
pub fn compile(c: &Compiler, params: &[Ident], moves: &[MoveRule]) -> Result<Rules> {
    // Query functions are refused in move lines: the solver runs them.
    let c = &Compiler::for_rules(c.defs);
    let mut slots = params.len() as u32;
    let mut code = Vec::new();
    for m in moves {
        let mut scope = Scope::with_params(params);
        let (bindings, cond) = c.clauses(&m.clauses, &mut scope)?;
        let target = c.expr(&m.target, &mut scope)?;
        slots = slots.max(scope.slots);
        code.push(MoveCode {
            span: m.span,
            target,
            bindings,
            cond,
        });
    }
    Ok(Rules {
        set: RuleSet::new(params.len(), slots as usize, code),
    })
}

/// No `proved_period`: no theorem bounds what a rule may do, so a period
/// is only apparent.
impl GameKind for Rules {
    fn arity(&self) -> usize {
        self.set.arity
    }

    /// Any values make a position; only their number can be wrong (a
    /// position made before the game was redefined with another arity).
    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        if args.len() != self.set.arity {
            return Err(CompileError::Arity {
                name: name.to_string(),
                expected: self.set.arity,
                found: args.len(),
                help: format!("the game `{name}` was redefined"),
                span,
            }
            .into());
        }
        Ok(args)
    }

    fn options(
        &self,
        cx: &Ctx,
        _game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let interp = Interp::new(cx);
        self.set.list_options(&interp, args, out)
    }

    fn set_options(
        &self,
        cx: &Ctx,
        _game: GameId,
        set: SmallSet,
        out: &mut dyn OptionSink,
    ) -> Option<Result<()>> {
        self.set.set_options(&Interp::new(cx), set, out)
    }

    /// Rules give no value without listing options.
    fn no_known_sets(&self) -> bool {
        true
    }

    fn carried(&self, game: GameId) -> u32 {
        self.set.projection(game).0
    }

    fn carried_options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let interp = Interp::new(cx);
        match self.set.projection(game).1 {
            Some(p) => p.list_options(&interp, args, out),
            None => self.set.list_options(&interp, args, out),
        }
    }

    fn placement(
        &self,
        defs: &crate::model::Defs,
        game: GameId,
    ) -> Option<crate::model::Placement> {
        placement::read(defs, game, [&self.set, &self.set])
    }

    fn move_line(&self, cx: &Ctx, _game: GameId, args: &[Value], child: &Comp) -> Option<Span> {
        self.set.line_of(&Interp::new(cx), args, child)
    }

    fn describe(&self, name: &str, decl: &str) -> Option<(String, String)> {
        let n = self.set.moves.len();
        Some((
            signature(decl, name, self.set.arity),
            format!("rules, {n} move line{}", if n == 1 { "" } else { "s" }),
        ))
    }
}

/// `Name(params)` from a declaration's text, or `Name/arity` when the text
/// does not show them.
pub fn signature(decl: &str, name: &str, arity: usize) -> String {
    // The name as a word of its own (`f` in `fn f(n)`, not the `f` of `fn`).
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let at = decl.match_indices(name).map(|(i, _)| i).find(|&i| {
        let before = decl[..i].chars().next_back();
        let after = decl[i + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    });
    let after = at
        .map(|i| &decl[i + name.len()..])
        .unwrap_or("")
        .trim_start();
    if arity == 0 {
        return name.to_string();
    }
    match (after.starts_with('('), after.find(')')) {
        (true, Some(close)) => format!("{name}{}", &after[..=close]),
        _ => format!("{name}/{arity}"),
    }
}
