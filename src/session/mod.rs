//! A session: the definitions loaded so far, the solver's caches, and the
//! texts errors point into. `grundy run`, `grundy check`, the REPL, the
//! language server and the Python package all go through
//! `Session::run_text` (or its halves, `prepare` and `run_statement`).
//! Loading a text's definitions is `load.rs`; a game redefined with
//! another number of parameters, checked against its earlier callers, is
//! `arity.rs`.

mod arity;
mod load;

use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::error::{Error, Result};
use crate::error::{FrontEndError, LimitError};
use crate::eval::Node;
use crate::games;
use crate::mem;
use crate::model::{Ctx, Defs, GameId, GameKind, Limits, Value};
use crate::query::{Answer, CompiledQuery};
use crate::solve::Solver;
use crate::source::Span;
use crate::source::{SourceId, Sources};
use crate::syntax;
use crate::syntax::ast::{Program, Stmt};

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
    /// Load the definitions and run every statement.
    Run,
    /// Load the definitions only: parse and resolve (`grundy check`).
    Check,
}

/// Whether a name defined twice is an error (files) or replaces the old
/// definition (the REPL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redefine {
    /// A second definition of a name is `grundy::eval::duplicate`.
    Error,
    /// A second definition replaces the first (the solver's caches are
    /// cleared).
    Replace,
}

/// Definitions, caches and texts that persist from one text to the next.
pub struct Session {
    defs: Defs,
    solver: Solver,
    sources: Sources,
    /// Raised by Ctrl-C: the query under way stops.
    interrupt: Arc<AtomicBool>,
    redefine: Redefine,
    /// The limits each query runs under.
    limits: Limits,
    /// Whether a game or function whose body names a function or game not
    /// defined yet is kept, waiting for it, instead of refused: the REPL
    /// sets this for typed inputs, so a later input may complete an earlier
    /// one (a file must be complete in itself).
    wait_for_names: bool,
    /// Definitions waiting for a name (see `wait_for_names`), compiled
    /// again after every text that loads.
    waiting: Vec<Stmt>,
    /// What the last text's loading has to say beside its answers: which
    /// definitions wait for a name, which became complete. The caller
    /// takes them (`take_notes`).
    notes: Vec<String>,
    /// The picture the statement whose result `run_text` reports can be
    /// drawn as (None for a definition or an error before any ran).
    picture: Option<crate::query::Picture>,
    /// The query word of the statement `run_statement` just ran (JSON
    /// error lines carry it as `"query"`); None for a definition.
    query_word: Option<String>,
    /// Where the statement `run_statement` just ran is (a query's span,
    /// None for a definition): an answer whose printing Ctrl-C cut short
    /// is reported there.
    query_span: Option<Span>,
    /// The most cells a plot may have when every plot-able answer is drawn
    /// (`--plot`): a `sequence` or `table` whose ranges give more is
    /// refused before it computes (`grundy::picture::too_large`). None:
    /// answers are not drawn.
    picture_cells: Option<usize>,
}

/// A game of the session, as the REPL's `:games` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// How a position is written: `Take(n)`.
    pub head: String,
    /// How many parameters a position takes.
    pub arity: usize,
    /// The convention its queries use when they name none.
    pub play: crate::vocab::Play,
    /// What kind of game: `rules, 2 move lines`, `octal 0.77`, ...
    pub kind: String,
}

/// The size of the solver's state graph (for benchmarks).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphStats {
    /// Components interned.
    pub positions: usize,
    /// Moves stored.
    pub edges: usize,
    /// Heap bytes held per interned component, roughly.
    pub bytes_per_position: f64,
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

    /// A session whose queries run under `limits`.
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

    /// The limits each query runs under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Run the next queries under `limits`.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The flag Ctrl-C raises to stop the query under way (a front end's
    /// signal handler holds a clone).
    pub fn interrupt(&self) -> &Arc<AtomicBool> {
        &self.interrupt
    }

    /// Use `flag` as the interrupt flag (one shared by several sessions).
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = flag;
    }

    /// Whether a name defined again replaces its old definition (the REPL)
    /// or is an error (a file).
    pub fn set_redefine(&mut self, redefine: Redefine) {
        self.redefine = redefine;
    }

    /// Whether a game or function whose body names a function or game not
    /// defined yet is kept, waiting for it, instead of refused: the REPL
    /// sets this for typed inputs, so a later input may complete an
    /// earlier one (a file must be complete in itself).
    pub fn set_wait_for_names(&mut self, wait: bool) {
        self.wait_for_names = wait;
    }

    /// The most cells a plot may have when every plot-able answer is drawn
    /// (`--plot`): a `sequence` or `table` whose ranges give more is
    /// refused before it computes. None: answers are not drawn.
    pub fn set_picture_cells(&mut self, cells: Option<usize>) {
        self.picture_cells = cells;
    }

    /// The most cells a drawn plot may have (`set_picture_cells`).
    pub fn picture_cells(&self) -> Option<usize> {
        self.picture_cells
    }

    /// The texts loaded, which diagnostics point into.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// The picture the statement just run can be drawn as (None for a
    /// definition or an error before any ran).
    pub fn picture(&self) -> Option<crate::query::Picture> {
        self.picture
    }

    /// The query word of the statement just run (JSON error lines carry it
    /// as `"query"`); None for a definition.
    pub fn query_word(&self) -> Option<&str> {
        self.query_word.as_deref()
    }

    /// Where the statement just run is (a query's span, None for a
    /// definition): an answer whose printing Ctrl-C cut short is reported
    /// there.
    pub fn query_span(&self) -> Option<Span> {
        self.query_span
    }

    /// How many games are defined (the built-in ones too).
    pub fn game_count(&self) -> usize {
        self.defs.games.len()
    }

    /// The definitions (unit tests of the solver's readings of rules).
    #[cfg(test)]
    pub(crate) fn defs_for_tests(&self) -> &Defs {
        &self.defs
    }

    /// The games `:games` lists, in the order defined (built-in games and
    /// others a kind leaves out are not listed).
    pub fn games(&self) -> Vec<GameSummary> {
        let mut out = Vec::new();
        for g in &self.defs.games {
            let Some((head, kind)) = g.kind.describe(&g.name, &self.declaration(g.span)) else {
                continue;
            };
            out.push(GameSummary {
                head,
                arity: g.kind.arity(),
                play: g.play,
                kind,
            });
        }
        out
    }

    /// The functions defined, as their heads are written: `f(n, k)`.
    pub fn function_heads(&self) -> Vec<String> {
        self.defs
            .fns
            .iter()
            .flatten()
            .map(|f| games::rules::signature(&self.declaration(f.span), &f.name, f.arity))
            .collect()
    }

    /// The global `let`s defined, by name.
    pub fn let_names(&self) -> impl Iterator<Item = &str> {
        self.defs.global_ids.keys().map(std::string::String::as_str)
    }

    /// A definition's text, whitespace runs (newlines too) as one space,
    /// comments dropped.
    fn declaration(&self, span: Span) -> String {
        let text = self.sources.text(span.src);
        text.get(span.start as usize..span.end as usize)
            .unwrap_or("")
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The names of the games defined (for completion and highlighting).
    pub fn game_names(&self) -> impl Iterator<Item = &str> {
        self.defs
            .game_ids
            .keys()
            .map(std::string::String::as_str)
            .filter(|k| *k != "*")
    }

    /// The names of the functions and global `let`s defined.
    pub fn value_names(&self) -> impl Iterator<Item = &str> {
        self.defs
            .fn_ids
            .keys()
            .chain(self.defs.global_ids.keys())
            .map(std::string::String::as_str)
    }

    /// The size of the solver's state graph so far.
    pub fn graph_stats(&self) -> GraphStats {
        GraphStats {
            positions: self.solver.len(),
            edges: self.solver.edge_count(),
            bytes_per_position: self.solver.bytes_per_position(),
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
                    Err(Error::Limit(LimitError::Stopped {
                        what: "the statements after it were not run".into(),
                    })),
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
            return Err(vec![Error::FrontEnd(FrontEndError::InputTooLarge {
                name: name.to_string(),
                limit: crate::source::MAX_SOURCE,
            })]);
        }
        let src = self.sources.add(name, text);
        let program = self.parse_heard(src, name, text).map_err(|e| vec![e])?;
        let steps = self.load(&program)?;
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
                        return Err(Error::Limit(LimitError::Stopped {
                            what: format!("{name} was not read to its end"),
                        }));
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
        let store = self.solver.store();
        store.set_interrupt(self.interrupt.clone());
        store.set_budget(self.limits.max_steps, self.limits.max_memory, mem::held);
        match step {
            Step::Let(id, node) => {
                let steps = self.solver.store_ref().step_counter();
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
                let steps = self.solver.store_ref().step_counter();
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

#[cfg(test)]
mod tests;
