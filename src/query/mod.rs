//! Queries: each one compiled with the file, then run against the
//! definitions and the solver's caches to a structured `Answer`. The game
//! theory lives in `solve`; this layer evaluates what the query names and
//! shapes the answer (printing is `present.rs`'s job).

mod answer;
mod compile;
pub(crate) mod draw;
pub(crate) mod graphs;
pub(crate) mod impartial;
pub(crate) mod misere;
pub(crate) mod partizan;
mod partizan_dot;
mod search;
pub(crate) mod sequences;
pub(crate) mod show;
mod values;

use std::sync::atomic::AtomicBool;

use crate::digraph;
use crate::error::{Error, Result};
use crate::error::{EvalError, FrontEndError, SolveError};
use crate::eval::{Compiler, Node};
use crate::library::{Entry, Shape};
use crate::model::fmt_sum;
use crate::model::{Comp, Ctx, Defs, GameId, Limits, Value};
use crate::solve::{AnyOutcome, GValue, Solver, SumGraph};
use crate::source::Span;
use crate::syntax::ast::{Operand, Play, Query, QueryKind, Side, Tail};

use compile::{compile_word, misspelt_word, statement_call, too_long};

pub use answer::{Answer, Outcome, QuotientAnswer, Searched};
pub use values::{SolverOracle, eval_with, play_for, shown, to_json};

use values::{CSeries, Cell, SeriesRun};

/// A query's heading shows its position as evaluated up to this many
/// characters; past them, as written when that is shorter.
pub const HEADING_CHARS: usize = 40;

/// `dot` refuses state graphs with more vertices than this.
pub const DOT_MAX_VERTICES: usize = 500;

#[derive(Debug)]
pub struct CompiledQuery {
    kind: CKind,
    span: Span,
    /// The operands' text as written (a second one for `compare P, Q`):
    /// the answer's heading shows the position so.
    written: [Option<String>; 2],
}

/// The picture a query's answer can be drawn as: `dot` a graph (`--svg`),
/// `sequence` and `table` a plot (`--plot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// A graph drawn by Graphviz (`dot`).
    Graph,
    /// A plot of values or outcomes (`sequence`, `table`), or a
    /// thermograph.
    Plot,
}

/// An operand as written, on one line: a query split over lines prints
/// its heading (and its JSON `position`) with each line break and the
/// spaces around it as one space.
fn one_line(text: &str) -> String {
    if !text.contains(['\n', '\r']) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        let line = crate::syntax::without_comment(line);
        let line = if i == 0 { line.trim_end() } else { line.trim() };
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

impl CompiledQuery {
    /// The picture this query's answer can be drawn as, whether or not it
    /// succeeds (pictures are numbered by query).
    /// Where the query statement was written.
    pub fn span(&self) -> Span {
        self.span
    }

    pub fn picture(&self) -> Option<Picture> {
        match self.kind {
            CKind::Dot(..) => Some(Picture::Graph),
            CKind::Sequence(..) | CKind::Table(..) | CKind::SequenceOf(..) | CKind::TableOf(..) => {
                Some(Picture::Plot)
            }
            CKind::Partizan(PQuery::Thermograph, _) => Some(Picture::Plot),
            _ => None,
        }
    }
}

#[derive(Debug)]
enum CKind {
    Grundy(Node),
    /// The position, and whether `by search` is written.
    Outcome(Option<Play>, Node, bool),
    Moves(Node),
    Winning(Option<Play>, Node, Option<Side>, bool),
    Sequence(Option<Play>, GameId, Node),
    Table(Option<Play>, GameId, Node, Node),
    SequenceOf(Option<Play>, Box<CSeries>),
    TableOf(Option<Play>, Box<CSeries>),
    Eval(Node),
    Assert(Node, String),
    Period(GameId),
    Remoteness(Option<Play>, Node),
    Kernels(GameId),
    KernelSequences(GameId),
    Kernel(Node),
    KernelSequencesOf(Node),
    DotGraph(GameId),
    Dot(Node),
    Partizan(PQuery, Node),
    Compare(Node, Node),
    Genus(Node),
    MisereForm(Node),
    Quotient(GameId, Node),
    /// `WORD P` of a library function marked a generic statement: its
    /// value of P, as `WORD P = value`.
    Generic(&'static Entry, Option<Play>, Node),
}

/// The partizan queries on one position.
#[derive(Debug, Clone, Copy)]
enum PQuery {
    Value,
    Thermograph,
}

/// Ranges in `sequence` and `table` may hold this many values.
pub const MAX_SEQUENCE: i64 = 10_000_000;

impl CompiledQuery {
    pub fn compile(c: &Compiler, q: &Query) -> Result<CompiledQuery> {
        // `genus(P)`: a statement word with no function form, called: the
        // statement `genus P`.
        let call = match &q.kind {
            QueryKind::Eval(x, texts) => statement_call(x, texts),
            _ => None,
        };
        let word = match &q.kind {
            QueryKind::Word(w) => Some(w),
            _ => call.as_ref(),
        };
        let kind = match (&q.kind, word) {
            (QueryKind::Assert(x, text), _) => CKind::Assert(c.top(x)?, text.clone()),
            (_, Some(w)) => compile_word(c, w, q.span)?,
            (QueryKind::Eval(x, _), None) => {
                CKind::Eval(c.top(x).map_err(|err| misspelt_word(x, err))?)
            }
            (QueryKind::Word(_), None) => unreachable!("a word query is its word"),
        };
        let written = word.map_or([None, None], |w| {
            let first = match &w.operand {
                Operand::Expr(_, text) => Some(text.clone()),
                _ => None,
            };
            let second = match &w.tail {
                Some(Tail::Comma(_, text)) => Some(text.clone()),
                _ => None,
            };
            [first, second].map(|t| t.filter(|t| !t.is_empty()).map(|t| one_line(&t)))
        });
        Ok(CompiledQuery {
            kind,
            span: q.span,
            written,
        })
    }

    /// Run the query on the definitions, with the solver's caches; Ctrl-C
    /// sets `interrupt`.
    pub fn run(
        &self,
        defs: &Defs,
        solver: &mut Solver,
        interrupt: &AtomicBool,
        limits: Limits,
        picture_cells: Option<usize>,
    ) -> Result<Answer> {
        let span = self.span;
        solver.begin_query(&limits);
        let steps = solver.store_ref().step_counter();
        let mut ctx = Run {
            cx: Ctx::sharing(defs, interrupt, limits, span, steps),
            solver,
            written: &self.written,
            picture_cells,
        };
        match &self.kind {
            CKind::Grundy(x) => impartial::grundy(&mut ctx, x),
            CKind::Outcome(play, x, search) => impartial::outcome(&mut ctx, *play, x, *search),
            CKind::Moves(x) => impartial::moves(&mut ctx, x),
            CKind::Winning(play, x, side, search) => {
                impartial::winning(&mut ctx, span, *play, x, (*side, *search))
            }
            CKind::Remoteness(play, x) => impartial::remoteness(&mut ctx, *play, x),
            CKind::Genus(x) => misere::genus_or_form(&mut ctx, x, true),
            CKind::MisereForm(x) => misere::genus_or_form(&mut ctx, x, false),
            CKind::Quotient(g, n) => misere::quotient(&mut ctx, *g, n),
            CKind::Kernels(g) => graphs::kernels(&mut ctx, *g),
            CKind::KernelSequences(g) => graphs::kernel_sequences(&mut ctx, *g),
            CKind::KernelSequencesOf(x) => graphs::kernel_sequences_of(&mut ctx, x),
            CKind::Kernel(x) => graphs::kernel(&mut ctx, x),
            CKind::DotGraph(g) => graphs::dot_graph(&mut ctx, *g),
            CKind::Dot(x) => graphs::dot(&mut ctx, span, x),
            CKind::Sequence(play, g, r) => sequences::sequence(&mut ctx, *play, *g, r),
            CKind::Table(play, g, a, b) => sequences::table(&mut ctx, span, *play, *g, a, b),
            CKind::SequenceOf(play, series) => sequences::sequence_of(&mut ctx, *play, series),
            CKind::TableOf(play, series) => sequences::table_of(&mut ctx, span, *play, series),
            CKind::Period(g) => sequences::period(&mut ctx, *g),
            CKind::Partizan(q, x) => partizan::values(&mut ctx, span, *q, x),
            CKind::Compare(a, b) => partizan::compare(&mut ctx, a, b),
            CKind::Generic(entry, play, x) => values::generic(&mut ctx, entry, *play, x),
            CKind::Eval(x) => {
                let v = values::eval_with(&ctx.cx, ctx.solver, x)?;
                if let Value::Game(g) = &v
                    && &*g.text == crate::partizan::CUT
                {
                    return partizan::whole_game(&mut ctx, g, span);
                }
                let names = show::Shows::new(&ctx.cx);
                let mut text = shown(&v, &names);
                // A position alone: its boards drawn under it.
                if let Value::Pos(_) = v {
                    text.push_str(&draw::below(&text, 2));
                }
                if !matches!(v, Value::Str(_)) && text.contains(crate::partizan::CUT) {
                    text.push_str(&format!(
                        " [cut: a game value's form here takes more than {} bytes to write; its `value` writes it whole]",
                        crate::partizan::MAX_TEXT
                    ));
                }
                let json = to_json(&v, &names, ctx.solver.store());
                Ok(Answer::Eval {
                    text: names.check(text)?,
                    json,
                })
            }
            CKind::Assert(x, text) => {
                values::check(&ctx.cx, ctx.solver, x, text)?;
                Ok(Answer::Assert { text: text.clone() })
            }
        }
    }
}

/// `G(args)` as a component, its arguments checked as in a file.
fn heap_comp(cx: &Ctx, g: GameId, args: Vec<Value>) -> Result<Comp> {
    let args = cx.defs.check_args(g, args, &[cx.span])?;
    Ok(Comp {
        game: g,
        args: args.into(),
    })
}

fn cell_play(c: &Cell) -> Play {
    match c {
        Cell::Value(_) => Play::Normal,
        Cell::Outcome(_) => Play::Misere,
    }
}

/// A cell computed in misère play (every cell is, once the first one was).
fn outcome_of(c: Cell) -> Outcome {
    match c {
        Cell::Outcome(o) => o,
        Cell::Value(v) => v.outcome(),
    }
}

fn value_of(c: Cell) -> GValue {
    match c {
        Cell::Value(v) => v,
        // Not reached: a normal-play series asks for values only.
        Cell::Outcome(_) => GValue::Finite(0),
    }
}

/// A query being run: its context and the solver.
struct Run<'a> {
    cx: Ctx<'a>,
    solver: &'a mut Solver,
    written: &'a [Option<String>; 2],
    /// The plot's cell limit when the answer will be drawn.
    picture_cells: Option<usize>,
}

impl Run<'_> {
    /// Refuse, before computing, an answer of `cells` cells that will be
    /// drawn and is past the picture limit.
    fn drawable(&self, cells: i64) -> Result<()> {
        let cells = cells.max(0) as usize;
        match self.picture_cells {
            Some(limit) if cells > limit => {
                Err(FrontEndError::PictureTooLarge { cells, limit }.into())
            }
            _ => Ok(()),
        }
    }

    /// Evaluate a query's expression to the components of a position.
    fn position(&mut self, x: &Node) -> Result<Vec<Comp>> {
        // The position may be computed by query functions (`grundy winning(P)[0]`).
        let v = values::eval_with(&self.cx, self.solver, x)?;
        Self::as_position(v, x)
    }

    /// An operand's value as a position: a game value is the position
    /// whose options are its canonical options.
    fn as_position(v: Value, x: &Node) -> Result<Vec<Comp>> {
        match v {
            Value::Pos(cs) => Ok(cs.to_vec()),
            Value::Int(0) => Ok(Vec::new()),
            // A game value (`value 1/2`, `outcome {1|0}`) is a position
            // whose options are its canonical options.
            v @ (Value::Game(_) | Value::Int(_)) => {
                let g = crate::model::game_value::as_game(&v);
                Ok(g.iter()
                    .filter_map(crate::model::game_value::value_comp)
                    .collect())
            }
            v => Err(EvalError::NotAPosition {
                found: v.type_name().to_string(),
                span: x.span,
            }
            .into()),
        }
    }

    fn range(&mut self, x: &Node) -> Result<(i64, i64)> {
        match values::eval_with(&self.cx, self.solver, x)? {
            Value::Range(a, b) => {
                let b = b.max(a);
                if b - a > MAX_SEQUENCE {
                    return Err(too_long(x.span));
                }
                Ok((a, b))
            }
            v => Err(Error::type_error(
                format!("expected a range, found {}", v.type_name()),
                "write a range of parameters, e.g. `0..=20`",
                x.span,
            )),
        }
    }

    /// The position a query is about, for its heading: as evaluated when
    /// that is short (at most `HEADING_CHARS` characters: `Show(81)` for
    /// `Show(sq(sq(3)))`), else as its operand was written (`which` 1 for
    /// `compare`'s second) when that is shorter: `Cram(board(3, 4))`, not
    /// its cells. A position that holds a game value, or only nimbers, is
    /// shown as written: the value's canonical form is the answer, not the
    /// question (`value {1|0} + {1|0} = 1`, not `value 1 = 1`;
    /// `value T(2) - {1|0}`, not `value T(2) + {0|-1}`).
    fn heading(&self, comps: &[Comp], which: usize) -> Result<String> {
        use crate::model::{STAR, VALUE};
        let value = comps.iter().any(|c| c.game == VALUE) || comps.iter().all(|c| c.game == STAR);
        let shown = match &self.written[which] {
            Some(text) if value => return Ok(text.clone()),
            _ => self.show(comps)?,
        };
        let long = shown.chars().count();
        Ok(match &self.written[which] {
            Some(text) if long > HEADING_CHARS && text.chars().count() < long => text.clone(),
            _ => shown,
        })
    }

    /// A position as answers print it: each component by its game's
    /// show function when it has one (`show.rs`), else as written.
    fn show(&self, comps: &[Comp]) -> Result<String> {
        let names = show::Shows::new(&self.cx);
        let mut s = String::new();
        fmt_sum(comps.iter(), &names, &mut s);
        names.check(s)
    }

    /// The convention a query uses: the one written, else misère when any
    /// component's game is declared `misere`, else normal.
    fn play_for(&self, written: Option<Play>, comps: &[Comp]) -> Play {
        play_for(self.cx.defs, written, comps)
    }

    /// Refuse an impartial query about a partizan position.
    fn impartial(&self, comps: &[Comp], query: &str) -> Result<()> {
        comps
            .iter()
            .try_for_each(|c| self.impartial_game(c.game, query))
    }

    /// Refuse an impartial query about a partizan game.
    fn impartial_game(&self, g: GameId, query: &str) -> Result<()> {
        if self.cx.defs.game(g).kind.partizan() {
            return Err(SolveError::Partizan {
                game: self.cx.defs.game(g).name.clone(),
                query: query.into(),
                span: self.cx.span,
            }
            .into());
        }
        Ok(())
    }

    /// The outcome of an impartial position; None when it is partizan
    /// (a component's kind, or a game it reaches).
    fn impartial_outcome(
        &mut self,
        play: Play,
        comps: &[Comp],
        ids: &[u32],
    ) -> Result<Option<Outcome>> {
        if self.cx.defs.any_partizan(comps) {
            return Ok(None);
        }
        let r = match play {
            Play::Normal => self.solver.value_sum(&self.cx, ids).map(|v| v.outcome()),
            Play::Misere => self.solver.misere_outcome(&self.cx, ids),
        };
        match r {
            Ok(o) => Ok(Some(o)),
            Err(Error::Solve(SolveError::Partizan { .. })) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A position after a sided move, as written.
    fn show_move(&self, comps: &[Comp], m: &crate::solve::SidedMove) -> Result<String> {
        self.show(&self.after_move(comps, m))
    }

    /// The position after a sided move: the moved component replaced in
    /// place by the option's parts.
    fn after_move(&self, comps: &[Comp], m: &crate::solve::SidedMove) -> Vec<Comp> {
        let mut after: Vec<Comp> = comps.to_vec();
        after.splice(
            m.index..=m.index,
            m.parts.iter().map(|&p| self.solver.comp(p).clone()),
        );
        after
    }

    /// Sided moves without those that lead to a position listed before
    /// (the same components in any order: two stones taken that leave
    /// boards which are images of each other, kept `canonical`).
    fn distinct_moves<T>(
        &self,
        comps: &[Comp],
        moves: Vec<(crate::solve::SidedMove, T)>,
    ) -> Vec<(crate::solve::SidedMove, T)> {
        let mut seen = std::collections::HashSet::new();
        moves
            .into_iter()
            .filter(|(m, _)| {
                let mut key = self.after_move(comps, m);
                key.retain(|c| !(c.game == crate::model::STAR && c.args[..] == [Value::Int(0)]));
                key.sort();
                seen.insert(key)
            })
            .collect()
    }

    fn intern_all(&mut self, comps: &[Comp]) -> Result<Vec<u32>> {
        comps
            .iter()
            .map(|c| self.solver.intern_comp(&self.cx, c))
            .collect()
    }

    fn sum_graph(&mut self, ids: &[u32]) -> Result<SumGraph> {
        self.solver.sum_graph(&self.cx, ids)
    }

    /// Each node of a state graph printed as a position.
    fn node_names(&self, sg: &SumGraph) -> Result<Vec<String>> {
        self.nodes_shown(&sg.nodes, |_, _| None::<()>)
            .map(|v| v.into_iter().map(|(name, _)| name).collect())
    }

    /// Each node (sorted component ids) printed as a position, with what
    /// `picture` makes of it and the names it prints with.
    fn nodes_shown<T>(
        &self,
        nodes: &[Box<[u32]>],
        picture: impl Fn(&[Comp], &dyn crate::model::GameNames) -> Option<T>,
    ) -> Result<Vec<(String, Option<T>)>> {
        let names = show::Shows::new(&self.cx);
        let out = nodes
            .iter()
            .map(|n| {
                let comps: Vec<Comp> = n.iter().map(|&c| self.solver.comp(c).clone()).collect();
                let mut s = String::new();
                fmt_sum(comps.iter(), &names, &mut s);
                let p = picture(&comps, &names);
                (s, p)
            })
            .collect();
        names.check(out)
    }
}
