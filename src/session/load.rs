//! A text's definitions loaded into the session: every name registered
//! first (so definitions may refer to each other in any order), graphs
//! compiled, then every body; on any error the session is left as it was.
//! In the REPL a definition whose body names something not defined yet
//! waits for it, and is compiled again after each later input.

use std::rc::Rc;

use indexmap::IndexMap;

use crate::error::CompileError;
use crate::error::{Error, Result};
use crate::eval::{Compiler, Scope};
use crate::games::{self, Compiled};
use crate::model::{Body, FnDef, GameDef, GameId, GameKind};
use crate::query::CompiledQuery;
use crate::source::Span;
use crate::syntax::ast::{Play, Program, Stmt};

use super::{Redefine, Session, Step};

/// What registering a program's names found.
struct Registered<'p> {
    /// Each name the program defines, where.
    seen: IndexMap<&'p str, Span>,
    /// The slots of its `let`s, in order.
    let_ids: Vec<u32>,
    /// Whether a definition replaced an earlier one (the REPL).
    replaced: bool,
}

/// A game compiled, to be installed once every body has compiled.
type Installed = (GameId, Rc<dyn GameKind>, Play);

impl Session {
    /// Register and compile every definition of a program; on any error,
    /// leave the session as it was and return all the errors.
    pub(super) fn load(&mut self, program: &Program) -> std::result::Result<Vec<Step>, Vec<Error>> {
        let saved = self.defs.clone();
        let mut errors = Vec::new();
        let names = self.register(program, &mut errors);
        self.compile_graphs(program, &mut errors);
        let (mut steps, compiled, waits) = self.compile_bodies(program, names.let_ids, &mut errors);
        for (id, kind, play) in compiled {
            let def = &mut self.defs.games[id.0 as usize];
            def.kind = kind;
            def.play = play;
        }
        if !errors.is_empty() {
            self.defs = saved;
            return Err(errors);
        }
        // Earlier definitions that waited for a name: defined again here,
        // they wait no more; the others may be complete now.
        let defined = |stmt: &Stmt| names.seen.contains_key(stmt_name(stmt));
        self.waiting.retain(|w| !defined(w));
        for name in names.seen.keys() {
            self.defs.waiting.shift_remove(*name);
        }
        let new_waits: Vec<Stmt> = waits.iter().map(|(w, _)| w.clone()).collect();
        for (stmt, missing) in waits {
            self.wait(&stmt, missing, true);
        }
        let earlier = std::mem::take(&mut self.waiting);
        let completed = self.complete_waiting(earlier, &mut steps);
        self.waiting.extend(new_waits);
        if names.replaced || completed {
            self.solver.clear();
        }
        Ok(steps)
    }

    /// Phase 1: every name the program defines, with its id (a redefinition keeps
    /// the old id, so everything that refers to the name sees the new
    /// definition); a duplicate is an error.
    fn register<'p>(&mut self, program: &'p Program, errors: &mut Vec<Error>) -> Registered<'p> {
        let mut names = Registered {
            seen: IndexMap::new(),
            let_ids: Vec::new(),
            replaced: false,
        };
        for stmt in &program.stmts {
            let (ident, arity) = match stmt {
                Stmt::Game(g) => (&g.name, games::arity(g)),
                Stmt::Fn(f) => (&f.name, f.params.len()),
                Stmt::Let(l) => (&l.name, 0),
                Stmt::Query(_) => continue,
            };
            let name = ident.name.as_str();
            let exists = self.defs.game_ids.contains_key(name)
                || self.defs.fn_ids.contains_key(name)
                || self.defs.global_ids.contains_key(name);
            let builtin_game = games::BUILT_IN.contains(&name);
            if names.seen.contains_key(name)
                || builtin_game
                || (exists && self.redefine == Redefine::Error)
            {
                errors.push(
                    CompileError::Duplicate {
                        name: name.to_string(),
                        span: ident.span,
                    }
                    .into(),
                );
                continue;
            }
            names.seen.insert(name, ident.span);
            names.replaced |= exists;
            if let Some(id) = self.define_name(stmt, name, arity) {
                names.let_ids.push(id);
            }
        }
        names
    }

    /// The id of a name about to be defined (a `let`'s slot is returned):
    /// its old id when it is defined again, else a new one. A game is a
    /// `Pending` one until its body compiles.
    fn define_name(&mut self, stmt: &Stmt, name: &str, arity: usize) -> Option<u32> {
        let defs = &mut self.defs;
        let old_game = defs.game_ids.shift_remove(name);
        let old_fn = defs.fn_ids.shift_remove(name);
        let old_let = defs.global_ids.shift_remove(name);
        match stmt {
            Stmt::Game(g) => {
                let def = GameDef {
                    name: name.to_string(),
                    kind: Rc::new(games::pending::Pending {
                        arity,
                        waiting_for: None,
                    }),
                    play: Play::Normal,
                    span: g.span,
                };
                let id = match old_game {
                    Some(id) => {
                        defs.games[id.0 as usize] = def;
                        id
                    }
                    None => {
                        defs.games.push(def);
                        GameId(defs.games.len() as u32 - 1)
                    }
                };
                defs.game_ids.insert(name.to_string(), id);
                None
            }
            Stmt::Fn(_) => {
                let id = match old_fn {
                    Some(id) => {
                        defs.fns[id as usize] = None;
                        defs.fn_arities[id as usize] = arity;
                        id
                    }
                    None => {
                        defs.fns.push(None);
                        defs.fn_arities.push(arity);
                        defs.fn_names.push(name.to_string());
                        defs.fns.len() as u32 - 1
                    }
                };
                defs.fn_ids.insert(name.to_string(), id);
                None
            }
            Stmt::Let(_) => {
                let id = match old_let {
                    Some(id) => {
                        defs.globals[id as usize] = None;
                        id
                    }
                    None => {
                        defs.globals.push(None);
                        defs.global_names.push(name.to_string());
                        defs.globals.len() as u32 - 1
                    }
                };
                defs.global_ids.insert(name.to_string(), id);
                Some(id)
            }
            Stmt::Query(_) => None,
        }
    }

    /// Phase 2: graphs first (a call `G(a)` of a graph compiles its vertex name).
    fn compile_graphs(&mut self, program: &Program, errors: &mut Vec<Error>) {
        for stmt in &program.stmts {
            if let Stmt::Game(g) = stmt
                && games::compiles_first(g)
                && let Some(id) = self.defs.lookup_game(&g.name.name)
            {
                match games::compile(&Compiler::new(&self.defs), g) {
                    Ok(Compiled::Kind(kind, play)) => {
                        let def = &mut self.defs.games[id.0 as usize];
                        def.kind = kind;
                        def.play = play;
                    }
                    Ok(Compiled::Deferred(..)) => {}
                    Err(e) => errors.push(e),
                }
            }
        }
    }

    /// Phase 3: every other body, in order: the statements to run, the games to
    /// install, and the definitions that wait for a name.
    #[allow(clippy::type_complexity)]
    fn compile_bodies(
        &mut self,
        program: &Program,
        let_ids: Vec<u32>,
        errors: &mut Vec<Error>,
    ) -> (Vec<Step>, Vec<Installed>, Vec<(Stmt, String)>) {
        let mut steps = Vec::new();
        let mut compiled = Vec::new();
        let mut lets = let_ids.into_iter();
        let mut waits: Vec<(Stmt, String)> = Vec::new();
        for stmt in &program.stmts {
            let compiler = Compiler::new(&self.defs);
            let waited = match stmt {
                Stmt::Game(g) => {
                    let Some(id) = self.defs.lookup_game(&g.name.name) else {
                        continue;
                    };
                    if games::compiles_first(g) {
                        continue;
                    }
                    match games::compile(&compiler, g) {
                        Ok(Compiled::Kind(kind, play)) => compiled.push((id, kind, play)),
                        Ok(Compiled::Deferred(node, define)) => {
                            steps.push(Step::Deferred(id, node, define));
                        }
                        Err(e) => errors.extend(self.or_wait(stmt, e, &mut waits)),
                    }
                    continue;
                }
                Stmt::Fn(f) => {
                    let Some(&id) = self.defs.fn_ids.get(&f.name.name) else {
                        continue;
                    };
                    let mut scope = Scope::with_params(&f.params);
                    compiler.expr(&f.body, &mut scope).map(|body| {
                        (
                            id,
                            FnDef {
                                name: f.name.name.clone(),
                                arity: f.params.len(),
                                slots: scope.slots as usize,
                                body: Body::new(body),
                                span: f.span,
                            },
                        )
                    })
                }
                Stmt::Let(l) => {
                    let Some(id) = lets.next() else { continue };
                    match compiler.top(&l.value) {
                        Ok(node) => steps.push(Step::Let(id, node)),
                        Err(e) => errors.push(e),
                    }
                    continue;
                }
                Stmt::Query(q) => {
                    match CompiledQuery::compile(&compiler, q) {
                        Ok(cq) => steps.push(Step::Query(Box::new(cq))),
                        Err(e) => errors.push(e),
                    }
                    continue;
                }
            };
            match waited {
                Ok((id, def)) => self.defs.fns[id as usize] = Some(Rc::new(def)),
                Err(e) => errors.extend(self.or_wait(stmt, e, &mut waits)),
            }
        }
        (steps, compiled, waits)
    }

    /// A definition's error, or (in the REPL, for a name not defined yet)
    /// the name it waits for, noted in `waits`.
    fn or_wait(&self, stmt: &Stmt, e: Error, waits: &mut Vec<(Stmt, String)>) -> Option<Error> {
        match self.wait_for(&e) {
            Some(missing) => {
                waits.push((stmt.clone(), missing));
                None
            }
            None => Some(e),
        }
    }

    /// The name a definition waits for, when `e` is about a call to a name
    /// not defined (and waiting is allowed).
    pub(super) fn wait_for(&self, e: &Error) -> Option<String> {
        if !self.wait_for_names {
            return None;
        }
        match e {
            Error::Compile(
                CompileError::UnknownFunction { name, .. } | CompileError::UnknownGame { name, .. },
            ) => Some(name.clone()),
            _ => None,
        }
    }

    /// Mark a game or function as waiting for `missing` (its calls say so).
    fn wait(&mut self, stmt: &Stmt, missing: String, new: bool) {
        let name = stmt_name(stmt).to_string();
        if let Stmt::Game(g) = stmt
            && let Some(id) = self.defs.lookup_game(&name)
        {
            self.defs.games[id.0 as usize].kind = Rc::new(games::pending::Pending {
                arity: games::arity(g),
                waiting_for: Some(missing.clone()),
            });
        }
        let what = if matches!(stmt, Stmt::Game(_)) {
            "game"
        } else {
            "function"
        };
        self.notes.push(if new {
            format!("`{missing}` is not defined yet: the {what} `{name}` waits for it")
        } else {
            format!("the {what} `{name}` now waits for `{missing}`, not defined yet")
        });
        self.defs.waiting.insert(name, missing);
    }

    /// Compile again the definitions that waited for a name, until none
    /// more completes; those still waiting go back to `self.waiting`, and
    /// one that fails for another reason becomes a `Step::Failed`. Returns
    /// whether any completed.
    fn complete_waiting(&mut self, mut waiting: Vec<Stmt>, steps: &mut Vec<Step>) -> bool {
        let mut any = false;
        let mut first = Vec::new();
        loop {
            let mut progress = false;
            let mut still = Vec::new();
            for stmt in waiting {
                let compiler = Compiler::new(&self.defs);
                let name = stmt_name(&stmt).to_string();
                let done: Result<()> = match &stmt {
                    Stmt::Game(g) => games::compile(&compiler, g).map(|c| {
                        let Some(id) = self.defs.lookup_game(&name) else {
                            return;
                        };
                        match c {
                            Compiled::Kind(kind, play) => {
                                let def = &mut self.defs.games[id.0 as usize];
                                def.kind = kind;
                                def.play = play;
                            }
                            Compiled::Deferred(node, define) => {
                                first.push(Step::Deferred(id, node, define));
                            }
                        }
                    }),
                    Stmt::Fn(f) => {
                        let mut scope = Scope::with_params(&f.params);
                        compiler.expr(&f.body, &mut scope).map(|body| {
                            if let Some(&id) = self.defs.fn_ids.get(&name) {
                                self.defs.fns[id as usize] = Some(Rc::new(FnDef {
                                    name: name.clone(),
                                    arity: f.params.len(),
                                    slots: scope.slots as usize,
                                    body: Body::new(body),
                                    span: f.span,
                                }));
                            }
                        })
                    }
                    _ => Ok(()),
                };
                match done {
                    Ok(()) => {
                        progress = true;
                        self.defs.waiting.shift_remove(&name);
                        self.notes.push(format!("`{name}` is complete now"));
                    }
                    Err(e) => match self.wait_for(&e) {
                        Some(missing) => {
                            if self.defs.waiting.get(&name) != Some(&missing) {
                                self.wait(&stmt, missing, false);
                            }
                            still.push(stmt);
                        }
                        None => {
                            self.defs.waiting.shift_remove(&name);
                            if let Stmt::Game(g) = &stmt
                                && let Some(id) = self.defs.lookup_game(&name)
                            {
                                self.defs.games[id.0 as usize].kind =
                                    Rc::new(games::pending::Pending {
                                        arity: games::arity(g),
                                        waiting_for: None,
                                    });
                            }
                            first.push(Step::Failed(e));
                        }
                    },
                }
            }
            waiting = still;
            any |= progress;
            if !progress || waiting.is_empty() {
                break;
            }
        }
        self.waiting.extend(waiting);
        // Completed subtraction sets are defined before this text's steps.
        first.append(steps);
        *steps = first;
        any
    }
}

/// The name a definition defines ("" for a query).
pub(super) fn stmt_name(stmt: &Stmt) -> &str {
    match stmt {
        Stmt::Game(g) => &g.name.name,
        Stmt::Fn(f) => &f.name.name,
        Stmt::Let(l) => &l.name.name,
        Stmt::Query(_) => "",
    }
}
