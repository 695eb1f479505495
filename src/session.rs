//! A session: the definitions loaded so far, the solver's caches, and the
//! texts errors point into. `grundy run`, `grundy check` and the REPL all
//! go through `Session::run_text`.

use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use indexmap::IndexMap;

use crate::error::{Error, Result};
use crate::eval::{Compiler, Node, Scope};
use crate::games::{self, Compiled};
use crate::mem;
use crate::model::{Ctx, Defs, FnDef, GameDef, GameId, GameKind, Limits, Value};
use crate::query::{Answer, CompiledQuery};
use crate::solve::Solver;
use crate::source::Span;
use crate::source::{SourceId, Sources};
use crate::syntax;
use crate::syntax::ast::{Play, Program, Stmt};

/// Texts at least this long are parsed on a thread of their own, so that
/// Ctrl-C is heard while pest works (shorter ones take milliseconds).
const PARSE_APART: usize = 32 << 10;

/// The parse thread's stack: pest recurses as deep as the nesting limits
/// allow, as on the interpreter's own thread (`STACK_SIZE`).
const PARSE_STACK: usize = STACK_SIZE;

/// The stack a thread that runs a session needs: recursion in the
/// evaluator is bounded (nesting and call-depth limits), and this leaves
/// ample room for it. Every front end runs its sessions on such a thread.
pub const STACK_SIZE: usize = 512 * 1024 * 1024;

/// What to do with a text: run its queries, or only check it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Run,
    Check,
}

/// Whether a name defined twice is an error (files) or replaces the old
/// definition (the REPL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redefine {
    Error,
    Replace,
}

pub struct Session {
    pub defs: Defs,
    pub solver: Solver,
    pub sources: Sources,
    pub interrupt: Arc<AtomicBool>,
    pub redefine: Redefine,
    /// The limits each query runs under.
    pub limits: Limits,
    /// Whether a game or function whose body names a function or game not
    /// defined yet is kept, waiting for it, instead of refused: the REPL
    /// sets this for typed inputs, so a later input may complete an earlier
    /// one (a file must be complete in itself).
    pub wait_for_names: bool,
    /// Definitions waiting for a name (see `wait_for_names`), compiled
    /// again after every text that loads.
    waiting: Vec<Stmt>,
    /// What the last text's loading has to say beside its answers: which
    /// definitions wait for a name, which became complete. The caller
    /// takes them (`take_notes`).
    notes: Vec<String>,
    /// The picture the statement whose result `run_text` reports can be
    /// drawn as (None for a definition or an error before any ran).
    pub picture: Option<crate::query::Picture>,
    /// The query word of the statement `run_statement` just ran (JSON
    /// error lines carry it as `"query"`); None for a definition.
    pub query_word: Option<String>,
    /// Where the statement `run_statement` just ran is (a query's span,
    /// None for a definition): an answer whose printing Ctrl-C cut short
    /// is reported there.
    pub query_span: Option<Span>,
    /// The most cells a plot may have when every plot-able answer is drawn
    /// (`--plot`): a `sequence` or `table` whose ranges give more is
    /// refused before it computes (`grundy::picture::too_large`). None:
    /// answers are not drawn.
    pub picture_cells: Option<usize>,
}

/// One statement compiled, ready to run in order.
enum Step {
    Let(u32, Node),
    /// A game defined when its statement is reached (a subtraction set).
    Deferred(GameId, Node, fn(Value, Span) -> Result<Rc<dyn GameKind>>),
    Query(Box<CompiledQuery>),
    /// A waiting definition that could not be completed after all.
    Failed(Error),
}

/// One statement of a text, compiled by `Session::prepare`, ready to run
/// with `Session::run_statement`.
pub struct Statement(Step);

impl Statement {
    /// A query: it changes no definition, and its answer depends only on
    /// the definitions before it (the solver's caches earlier queries
    /// filled make it faster, not different — though a query near its
    /// position or step budget may pass or fail by them), so queries may
    /// run apart from each other.
    pub fn is_query(&self) -> bool {
        matches!(self.0, Step::Query(_))
    }

    /// A `let` or a game defined when reached: later statements may depend
    /// on it, so a run stops when it fails.
    pub fn is_definition(&self) -> bool {
        matches!(self.0, Step::Let(..) | Step::Deferred(..))
    }

    /// The word a query statement starts with, as its JSON answer names it
    /// in `"query"` (`misere outcome P`: `outcome`; a bare expression:
    /// `eval`); None for a definition.
    pub fn query_word(&self, sources: &crate::source::Sources) -> Option<String> {
        let Step::Query(q) = &self.0 else {
            return None;
        };
        let span = q.span();
        let text = sources.text(span.src).get(span.start as usize..)?;
        let mut words = text
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty());
        let mut word = words.next()?;
        if matches!(word, "misere" | "normal") {
            word = words.next()?;
        }
        Some(if syntax::QUERY_WORDS.contains(&word) || word == "assert" {
            word.to_string()
        } else {
            "eval".to_string()
        })
    }

    /// A query's span (None for a definition).
    pub fn query_span(&self) -> Option<Span> {
        match &self.0 {
            Step::Query(q) => Some(q.span()),
            _ => None,
        }
    }

    /// The picture this statement's answer can be drawn as (a query's,
    /// whether or not it succeeds: pictures are numbered by query).
    pub fn picture(&self) -> Option<crate::query::Picture> {
        match &self.0 {
            Step::Query(q) => q.picture(),
            _ => None,
        }
    }
}

impl Session {
    /// A session with the default limits but the position budget.
    pub fn new(max_positions: usize) -> Self {
        Session::with_limits(Limits::positions(max_positions))
    }

    pub fn with_limits(limits: Limits) -> Self {
        Session {
            defs: games::new_defs(),
            solver: Solver::new(),
            sources: Sources::default(),
            interrupt: Arc::new(AtomicBool::new(false)),
            redefine: Redefine::Error,
            limits,
            wait_for_names: false,
            waiting: Vec::new(),
            notes: Vec::new(),
            picture: None,
            query_word: None,
            query_span: None,
            picture_cells: None,
        }
    }

    /// The notes of the last text loaded (definitions waiting for a name
    /// or completed), taken.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// The notes not taken yet (to print them before the answers).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Parse, resolve and (in `Mode::Run`) execute a text. Each answer or
    /// error is handed to `out` as it comes; returns whether all went well.
    pub fn run_text(
        &mut self,
        name: &str,
        text: &str,
        mode: Mode,
        out: &mut dyn FnMut(&Session, std::result::Result<Answer, Error>),
    ) -> bool {
        // Ctrl-C cancels this whole text: the query running and those after
        // it (cleared here, so a Ctrl-C while the text is read still counts).
        self.interrupt
            .store(false, std::sync::atomic::Ordering::Relaxed);
        let statements = match self.prepare(name, text) {
            Ok(statements) => statements,
            Err(errors) => {
                for e in errors {
                    out(self, Err(e));
                }
                return false;
            }
        };
        if mode == Mode::Check {
            return true;
        }
        let mut ok = true;
        for statement in statements {
            if self.interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                // Pressed between two statements: the rest is not run.
                out(
                    self,
                    Err(Error::Stopped {
                        what: "the statements after it were not run".into(),
                    }),
                );
                return false;
            }
            let definition = statement.is_definition();
            if let Some(r) = self.run_statement(statement) {
                let failed = r.is_err();
                ok &= !failed;
                out(self, r);
                // Later statements may depend on a definition that failed:
                // stop rather than report consequences of the first error.
                let interrupted = self.interrupt.load(std::sync::atomic::Ordering::Relaxed);
                if failed && (definition || interrupted) {
                    break;
                }
            }
        }
        ok
    }

    /// Parse and resolve a text: its statements, to run in order with
    /// `run_statement` (what `run_text` does; `grundy run --jobs` runs the
    /// same statements in several sessions, each query in one of them).
    /// On an error nothing is defined and all the errors are returned.
    pub fn prepare(
        &mut self,
        name: &str,
        text: &str,
    ) -> std::result::Result<Vec<Statement>, Vec<Error>> {
        self.picture = None;
        self.query_word = None;
        self.query_span = None;
        if text.len() > crate::source::MAX_SOURCE {
            return Err(vec![Error::InputTooLarge {
                name: name.to_string(),
                limit: crate::source::MAX_SOURCE,
            }]);
        }
        let src = self.sources.add(name, text);
        let program = self.parse_heard(src, name, text).map_err(|e| vec![e])?;
        let steps = self
            .load(&program)
            .map_err(|errors| after_misspelt_word(errors, src, text))?;
        Ok(steps.into_iter().map(Statement).collect())
    }

    /// Parse a text, hearing Ctrl-C: a long text (pest takes seconds over a
    /// list literal of a megabyte) is parsed on a thread of its own while
    /// this one watches the interrupt flag, and abandoned when it is
    /// raised. The tree it built is counted here, where it is freed.
    fn parse_heard(&self, src: SourceId, name: &str, text: &str) -> Result<Program> {
        if text.len() < PARSE_APART {
            return syntax::parse(src, text);
        }
        let owned = text.to_string();
        let (send, recv) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("parse".into())
            .stack_size(PARSE_STACK)
            .spawn(move || {
                let before = mem::held();
                let r = syntax::parse(src, &owned);
                drop(owned);
                let _ = send.send((r, mem::held() - before));
            });
        let Ok(parser) = spawned else {
            return syntax::parse(src, text);
        };
        loop {
            use std::sync::mpsc::RecvTimeoutError;
            match recv.recv_timeout(std::time::Duration::from_millis(5)) {
                Ok((r, held)) => {
                    mem::adopt(held);
                    return r;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if self.interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                        // The thread parses on, alone, and frees what it made.
                        return Err(Error::Stopped {
                            what: format!("{name} was not read to its end"),
                        });
                    }
                }
                Err(RecvTimeoutError::Disconnected) => match parser.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    // It always sends before it ends; parse here if not.
                    Ok(()) => return syntax::parse(src, text),
                },
            }
        }
    }

    /// Run one statement `prepare` returned (all those before it must have
    /// run, or been queries left out): a query's answer or error, a
    /// definition's error, or nothing for a definition that went well.
    /// `picture` is set to what the statement can be drawn as.
    pub fn run_statement(&mut self, statement: Statement) -> Option<Result<Answer>> {
        self.picture = statement.picture();
        self.query_word = statement.query_word(&self.sources);
        self.query_span = statement.query_span();
        self.execute(statement.0)
    }

    /// Register and compile every definition of a program; on any error,
    /// leave the session as it was and return all the errors.
    fn load(&mut self, program: &Program) -> std::result::Result<Vec<Step>, Vec<Error>> {
        let saved = self.defs.clone();
        let mut errors = Vec::new();
        let mut replaced = false;
        // 1. Names first, so definitions may refer to each other in any order.
        let mut seen: IndexMap<&str, Span> = IndexMap::new();
        let mut let_ids = Vec::new();
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
            if seen.contains_key(name)
                || builtin_game
                || (exists && self.redefine == Redefine::Error)
            {
                errors.push(Error::Duplicate {
                    name: name.to_string(),
                    span: ident.span,
                });
                continue;
            }
            seen.insert(name, ident.span);
            replaced |= exists;
            // A redefinition keeps the old id, so everything that refers to
            // the name sees the new definition.
            let old_game = self.defs.game_ids.shift_remove(name);
            let old_fn = self.defs.fn_ids.shift_remove(name);
            let old_let = self.defs.global_ids.shift_remove(name);
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
                            self.defs.games[id.0 as usize] = def;
                            id
                        }
                        None => {
                            self.defs.games.push(def);
                            GameId(self.defs.games.len() as u32 - 1)
                        }
                    };
                    self.defs.game_ids.insert(name.to_string(), id);
                }
                Stmt::Fn(_) => {
                    let id = match old_fn {
                        Some(id) => {
                            self.defs.fns[id as usize] = None;
                            self.defs.fn_arities[id as usize] = arity;
                            id
                        }
                        None => {
                            self.defs.fns.push(None);
                            self.defs.fn_arities.push(arity);
                            self.defs.fn_names.push(name.to_string());
                            self.defs.fns.len() as u32 - 1
                        }
                    };
                    self.defs.fn_ids.insert(name.to_string(), id);
                }
                Stmt::Let(_) => {
                    let id = match old_let {
                        Some(id) => {
                            self.defs.globals[id as usize] = None;
                            id
                        }
                        None => {
                            self.defs.globals.push(None);
                            self.defs.global_names.push(name.to_string());
                            self.defs.globals.len() as u32 - 1
                        }
                    };
                    self.defs.global_ids.insert(name.to_string(), id);
                    let_ids.push(id);
                }
                Stmt::Query(_) => {}
            }
        }
        // 2. Compile bodies (graphs first: calls to them compile differently).
        let mut steps = Vec::new();
        let mut compiled = Vec::new();
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
        let mut lets = let_ids.into_iter();
        let mut waits: Vec<(Stmt, String)> = Vec::new();
        for stmt in &program.stmts {
            let compiler = Compiler::new(&self.defs);
            match stmt {
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
                            steps.push(Step::Deferred(id, node, define))
                        }
                        Err(e) => match self.wait_for(&e) {
                            Some(missing) => waits.push((stmt.clone(), missing)),
                            None => errors.push(e),
                        },
                    }
                }
                Stmt::Fn(f) => {
                    let Some(&id) = self.defs.fn_ids.get(&f.name.name) else {
                        continue;
                    };
                    let mut scope = Scope::with_params(&f.params);
                    match compiler.expr(&f.body, &mut scope) {
                        Ok(body) => {
                            let def = FnDef {
                                name: f.name.name.clone(),
                                arity: f.params.len(),
                                slots: scope.slots as usize,
                                body: crate::model::Body::new(body),
                                span: f.span,
                            };
                            self.defs.fns[id as usize] = Some(Rc::new(def));
                        }
                        Err(e) => match self.wait_for(&e) {
                            Some(missing) => waits.push((stmt.clone(), missing)),
                            None => errors.push(e),
                        },
                    }
                }
                Stmt::Let(l) => {
                    let Some(id) = lets.next() else { continue };
                    match compiler.top(&l.value) {
                        Ok(node) => steps.push(Step::Let(id, node)),
                        Err(e) => errors.push(e),
                    }
                }
                Stmt::Query(q) => match CompiledQuery::compile(&compiler, q) {
                    Ok(cq) => steps.push(Step::Query(Box::new(cq))),
                    Err(e) => errors.push(e),
                },
            }
        }
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
        let defined = |stmt: &Stmt| seen.contains_key(stmt_name(stmt));
        self.waiting.retain(|w| !defined(w));
        for name in seen.keys() {
            self.defs.waiting.shift_remove(*name);
        }
        let new_waits: Vec<Stmt> = waits.iter().map(|(w, _)| w.clone()).collect();
        for (stmt, missing) in waits {
            self.wait(&stmt, missing, true);
        }
        let earlier = std::mem::take(&mut self.waiting);
        replaced |= self.complete_waiting(earlier, &mut steps);
        self.waiting.extend(new_waits);
        if replaced {
            self.solver.clear();
        }
        Ok(steps)
    }

    /// The name a definition waits for, when `e` is about a call to a name
    /// not defined (and waiting is allowed).
    fn wait_for(&self, e: &Error) -> Option<String> {
        if !self.wait_for_names {
            return None;
        }
        match e {
            Error::UnknownFunction { name, .. } | Error::UnknownGame { name, .. } => {
                Some(name.clone())
            }
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
                                first.push(Step::Deferred(id, node, define))
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
                                    body: crate::model::Body::new(body),
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

    fn execute(&mut self, step: Step) -> Option<Result<Answer>> {
        // A progress line shows while a statement takes long (on a
        // terminal, when the front end allows it), and goes when it ends.
        crate::progress::begin();
        let r = self.execute_step(step);
        crate::progress::end();
        r
    }

    fn execute_step(&mut self, step: Step) -> Option<Result<Answer>> {
        // Every statement starts with its whole memory budget: caches that
        // hold more than half of it are dropped first (they are only caches).
        if mem::held().max(0) as usize > self.limits.max_memory / 2 {
            self.solver.clear();
            for g in &self.defs.games {
                g.kind.drop_caches();
            }
        }
        // Ctrl-C, the step and the memory budgets also stop long partizan
        // arithmetic (the store is new after every `Solver::clear`).
        let store = &mut self.solver.partizan.store;
        store.set_interrupt(self.interrupt.clone());
        store.set_budget(self.limits.max_steps, self.limits.max_memory, mem::held);
        match step {
            Step::Let(id, node) => {
                let steps = self.solver.partizan.store.step_counter();
                let cx = Ctx::sharing(&self.defs, &self.interrupt, self.limits, node.span, steps);
                // A `let` may ask the solver (`let g = grundy(K(9))`).
                self.solver.begin_query(&self.limits);
                match crate::query::eval_with(&cx, &mut self.solver, &node) {
                    Ok(v) => {
                        self.defs.globals[id as usize] = Some(v);
                        None
                    }
                    Err(e) => Some(Err(e)),
                }
            }
            Step::Deferred(id, node, define) => {
                let steps = self.solver.partizan.store.step_counter();
                let cx = Ctx::sharing(&self.defs, &self.interrupt, self.limits, node.span, steps);
                // A subtraction set may ask the solver about other games.
                self.solver.begin_query(&self.limits);
                let r = crate::query::eval_with(&cx, &mut self.solver, &node)
                    .and_then(|v| define(v, node.span));
                match r {
                    Ok(kind) => {
                        self.defs.games[id.0 as usize].kind = kind;
                        None
                    }
                    Err(e) => Some(Err(e)),
                }
            }
            Step::Failed(e) => Some(Err(e)),
            Step::Query(q) => {
                let (defs, limits) = (&self.defs, self.limits);
                Some(q.run(
                    defs,
                    &mut self.solver,
                    &self.interrupt,
                    limits,
                    self.picture_cells,
                ))
            }
        }
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::with_limits(Limits::default())
    }
}

/// The name a definition defines ("" for a query).
fn stmt_name(stmt: &Stmt) -> &str {
    match stmt {
        Stmt::Game(g) => &g.name.name,
        Stmt::Fn(f) => &f.name.name,
        Stmt::Let(l) => &l.name.name,
        Stmt::Query(_) => "",
    }
}

/// `sequnce Take 0..=5` reads as three expression statements; once the
/// first is reported as a misspelt statement word ("did you mean
/// `sequence`?"), the errors of the rest of that line are consequences of
/// the same slip and are left out.
fn after_misspelt_word(errors: Vec<Error>, src: crate::source::SourceId, text: &str) -> Vec<Error> {
    let mut kept = Vec::with_capacity(errors.len());
    // Where the line of the last misspelt word ends (byte offset).
    let mut line_end: Option<usize> = None;
    for e in errors {
        let span = e.span();
        if let Some(end) = line_end
            && span.src == src
            && (span.start as usize) < end
        {
            continue;
        }
        if let Error::UnknownName { help, .. } = &e
            && span.src == src
            && help.starts_with("did you mean `")
            && help.contains("a bare name is an expression statement")
        {
            let from = (span.end as usize).min(text.len());
            let end = text[from..].find('\n').map_or(text.len(), |i| from + i);
            line_end = Some(end);
        }
        kept.push(e);
    }
    kept
}
