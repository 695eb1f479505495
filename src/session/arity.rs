//! A game defined again with another number of parameters: the games and
//! functions from earlier inputs that call it were compiled for the old
//! one. A file with such a call is refused with `grundy::eval::arity`; so
//! is the input that would make an earlier call wrong, with the same
//! diagnostic pointing at that call.

use std::collections::HashMap;

use super::Session;
use crate::error::CompileError;
use crate::error::Error;
use crate::games;
use crate::source::Span;
use crate::syntax::ast::{Expr, ExprKind, GameBody, Ident, Stmt};
use crate::syntax::{self};

impl Session {
    /// The calls from earlier definitions that `text` would leave with the
    /// wrong number of arguments; empty when it redefines no game with a
    /// new arity (or does not parse: `run_text` reports that). The REPL
    /// refuses such an input with these diagnostics.
    pub fn stale_callers(&self, text: &str) -> Vec<Error> {
        let Ok(program) = syntax::parse(Default::default(), text) else {
            return Vec::new();
        };
        let defs = &self.defs;
        // Names this input defines (those definitions are compiled anew).
        let mut defined: Vec<&str> = Vec::new();
        // Games whose arity changes: name -> new arity.
        let mut changed: HashMap<&str, usize> = HashMap::new();
        for stmt in &program.stmts {
            let name = match stmt {
                Stmt::Game(g) => {
                    let new = games::arity(g);
                    if let Some(id) = defs.lookup_game(&g.name.name)
                        && defs.games[id.0 as usize].kind.arity() != new
                    {
                        changed.insert(&g.name.name, new);
                    }
                    &g.name.name
                }
                Stmt::Fn(f) => &f.name.name,
                Stmt::Let(l) => &l.name.name,
                Stmt::Query(_) => continue,
            };
            defined.push(name);
        }
        if changed.is_empty() {
            return Vec::new();
        }
        // The spans of the earlier games and functions that stay.
        let mut callers: Vec<Span> = Vec::new();
        for g in &defs.games {
            if !defined.contains(&g.name.as_str()) && !games::BUILT_IN.contains(&g.name.as_str()) {
                callers.push(g.span);
            }
        }
        for f in defs.fns.iter().flatten() {
            if !defined.contains(&f.name.as_str()) {
                callers.push(f.span);
            }
        }
        let mut errors = Vec::new();
        let mut parsed = HashMap::new();
        for span in callers {
            let program = parsed
                .entry(span.src)
                .or_insert_with(|| syntax::parse(span.src, self.sources.text(span.src)).ok());
            let Some(program) = program else { continue };
            for stmt in &program.stmts {
                let (name, roots) = match stmt {
                    Stmt::Game(g) if g.span == span => (&g.name, game_exprs(&g.body)),
                    Stmt::Fn(f) if f.span == span => (&f.name, vec![&f.body]),
                    _ => continue,
                };
                for (callee, found, at) in calls(roots) {
                    let Some(&expected) = changed.get(callee.name.as_str()) else {
                        continue;
                    };
                    if found != expected {
                        errors.push(wrong_call(&callee.name, expected, found, &name.name, at));
                    }
                }
            }
        }
        errors
    }
}

fn wrong_call(callee: &str, expected: usize, found: usize, caller: &str, span: Span) -> Error {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    CompileError::Arity {
        name: callee.to_string(),
        expected,
        found,
        help: format!(
            "game `{callee}` would take {expected} argument{}, but `{caller}` (defined earlier) calls it with {found}: define `{callee}` and `{caller}` again in one input (e.g. `:load` a file), or keep {found} parameter{} for `{callee}`",
            s(expected),
            s(found)
        ),
        span,
    }.into()
}

/// The expressions of a game's definition.
fn game_exprs(body: &GameBody) -> Vec<&Expr> {
    match body {
        GameBody::Rules { moves, .. } => {
            let mut out = Vec::new();
            for m in moves {
                out.push(&m.target);
                out.extend(m.clauses.bindings.iter().map(|b| &b.iter));
                out.extend(m.clauses.cond.as_deref());
            }
            out
        }
        GameBody::Subtraction(e) => vec![e],
        GameBody::Octal { .. } | GameBody::Graph(_) => Vec::new(),
    }
}

/// Every call in the expressions: callee, number of arguments, span. An
/// explicit stack: expressions are as deep as the parser allows.
fn calls(roots: Vec<&Expr>) -> Vec<(&Ident, usize, Span)> {
    let mut out = Vec::new();
    let mut stack = roots;
    while let Some(e) = stack.pop() {
        match &e.node {
            ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Str(_)
            | ExprKind::Name(_)
            | ExprKind::Play(_)
            | ExprKind::GameLit(_) => {}
            ExprKind::Quantifier { clauses, body, .. } => {
                stack.push(body);
                stack.extend(clauses.bindings.iter().map(|b| &b.iter));
                stack.extend(clauses.cond.as_deref());
            }
            ExprKind::Tuple(xs) | ExprKind::List(xs) | ExprKind::Set(xs) => stack.extend(xs),
            ExprKind::Comprehension { body, clauses, .. } => {
                stack.push(body);
                stack.extend(clauses.bindings.iter().map(|b| &b.iter));
                stack.extend(clauses.cond.as_deref());
            }
            ExprKind::Unary(_, x) => stack.push(x),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                stack.push(a);
                stack.push(b);
            }
            ExprKind::If(c, t, f) => stack.extend([&**c, &**t, &**f]),
            ExprKind::Call(name, args) => {
                out.push((name, args.len(), e.span));
                stack.extend(args);
            }
        }
    }
    out
}
