//! Queries: each one compiled with the file, then run against the
//! definitions and the solver's caches to a structured `Answer`. The game
//! theory lives in `solve`; this layer evaluates what the query names and
//! shapes the answer (printing is `present.rs`'s job).

mod answer;
mod graphs;
mod values;

use std::sync::atomic::AtomicBool;

use crate::digraph;
use crate::error::{Error, Result};
use crate::eval::value::fmt_sum;
use crate::eval::{Comp, Compiler, Ctx, Defs, GameId, Interp, Limits, Node, Value};
use crate::solve::{AnyOutcome, GValue, Solver, SumGraph};
use crate::source::Span;
use crate::syntax::ast::{ExprKind, Ident, Play, Query, QueryKind, Side};

pub use answer::{Answer, Outcome, PeriodAnswer, QuotientAnswer};
pub use values::{SolverOracle, eval_with, play_for, shown, to_json};

use graphs::{
    dot_text, dot_too_large, graph_game, graph_of, kernel_sequences_answer, kernels_answer,
};
use values::{CSeries, Cell, SeriesRun};

pub use graphs::kernels_listed;

/// `dot` refuses state graphs with more vertices than this.
pub const DOT_MAX_VERTICES: usize = 500;

#[derive(Debug)]
pub struct CompiledQuery {
    kind: CKind,
    span: Span,
}

/// The picture a query's answer can be drawn as: `dot` a graph (`--svg`),
/// `sequence` and `table` a plot (`--plot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Graph,
    Plot,
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
            _ => None,
        }
    }
}

#[derive(Debug)]
enum CKind {
    Grundy(Node),
    Outcome(Option<Play>, Node),
    Moves(Node),
    Winning(Option<Play>, Node, Option<Side>),
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
}

/// The partizan queries on one position.
#[derive(Debug, Clone, Copy)]
enum PQuery {
    Value,
    Mean,
    Temperature,
    Thermograph,
}

/// Ranges in `sequence` and `table` may hold this many values.
pub const MAX_SEQUENCE: i64 = 10_000_000;

impl CompiledQuery {
    pub fn compile(c: &Compiler, q: &Query) -> Result<CompiledQuery> {
        let e = |x| c.top(x);
        let kind = match &q.kind {
            QueryKind::Grundy(x) => CKind::Grundy(e(x)?),
            QueryKind::Outcome(p, x) => CKind::Outcome(*p, e(x)?),
            QueryKind::Moves(x) => CKind::Moves(e(x)?),
            QueryKind::Winning(p, x, side) => CKind::Winning(*p, e(x)?, *side),
            QueryKind::Value(x) => CKind::Partizan(PQuery::Value, e(x)?),
            QueryKind::Mean(x) => CKind::Partizan(PQuery::Mean, e(x)?),
            QueryKind::Temperature(x) => CKind::Partizan(PQuery::Temperature, e(x)?),
            QueryKind::Thermograph(x) => CKind::Partizan(PQuery::Thermograph, e(x)?),
            QueryKind::Compare(a, b) => CKind::Compare(e(a)?, e(b)?),
            QueryKind::Genus(x) => CKind::Genus(e(x)?),
            QueryKind::MisereForm(x) => CKind::MisereForm(e(x)?),
            QueryKind::Quotient(g, n) => {
                CKind::Quotient(game_of_arity(c.defs, g, 1, "quotient")?, e(n)?)
            }
            QueryKind::Sequence(p, g, r) => {
                CKind::Sequence(*p, game_of_arity(c.defs, g, 1, "sequence")?, e(r)?)
            }
            QueryKind::Table(p, g, a, b) => {
                CKind::Table(*p, game_of_arity(c.defs, g, 2, "table")?, e(a)?, e(b)?)
            }
            QueryKind::SequenceOf(p, series) => CKind::SequenceOf(
                *p,
                Box::new(values::compile_series(c, series, "sequence", q.span)?),
            ),
            QueryKind::TableOf(p, series) => CKind::TableOf(
                *p,
                Box::new(values::compile_series(c, series, "table", q.span)?),
            ),
            QueryKind::Eval(x) => CKind::Eval(e(x).map_err(|err| misspelt_word(x, err))?),
            QueryKind::Assert(x, text) => CKind::Assert(e(x)?, text.clone()),
            QueryKind::Period(g) => CKind::Period(game_of_arity(c.defs, g, 1, "period")?),
            QueryKind::Remoteness(p, x) => CKind::Remoteness(*p, e(x)?),
            QueryKind::Kernels(g) => CKind::Kernels(graph_game(c.defs, g, "kernels")?),
            QueryKind::KernelSequences(x) => match &x.node {
                // A graph by name, or the state graph of a position.
                ExprKind::Name(n) if c.defs.lookup_game(n).is_some() => {
                    let id = Ident {
                        name: n.clone(),
                        span: x.span,
                    };
                    CKind::KernelSequences(graph_game(c.defs, &id, "kernel_sequences")?)
                }
                _ => CKind::KernelSequencesOf(e(x)?),
            },
            QueryKind::Kernel(x) => CKind::Kernel(e(x)?),
            QueryKind::Dot(x) => match &x.node {
                // `dot G` for a whole graph; `dot P` for a position's state graph.
                ExprKind::Name(n) if c.defs.lookup_game(n).is_some() => {
                    let id = Ident {
                        name: n.clone(),
                        span: x.span,
                    };
                    CKind::DotGraph(graph_game(c.defs, &id, "dot")?)
                }
                _ => CKind::Dot(e(x)?),
            },
        };
        Ok(CompiledQuery { kind, span: q.span })
    }

    /// Run the query on the definitions, with the solver's caches; Ctrl-C
    /// sets `interrupt`.
    pub fn run(
        &self,
        defs: &Defs,
        solver: &mut Solver,
        interrupt: &AtomicBool,
        limits: Limits,
    ) -> Result<Answer> {
        let span = self.span;
        solver.begin_query(&limits);
        let mut ctx = Run {
            cx: Ctx::new(defs, interrupt, limits, span),
            solver,
        };
        match &self.kind {
            CKind::Grundy(x) => {
                let pos = ctx.position(x)?;
                ctx.impartial(&pos, "grundy")?;
                let ids = ctx.intern_all(&pos)?;
                let value = ctx.solver.value_sum(&ctx.cx, &ids)?;
                Ok(Answer::Grundy {
                    position: ctx.show(&pos),
                    value,
                })
            }
            CKind::Outcome(play, x) => {
                let pos = ctx.position(x)?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                let outcome = match ctx.impartial_outcome(chosen, &pos, &ids)? {
                    Some(o) => o,
                    None => {
                        let outcome =
                            match ctx.solver.partizan_outcome_any(&ctx.cx, &ids, chosen)? {
                                AnyOutcome::Short(o) => o,
                                AnyOutcome::Loopy(outcome) => {
                                    return Ok(Answer::LoopyOutcome {
                                        position: ctx.show(&pos),
                                        play: chosen,
                                        explicit: play.is_some(),
                                        outcome,
                                    });
                                }
                            };
                        return Ok(Answer::PartizanOutcome {
                            position: ctx.show(&pos),
                            play: chosen,
                            explicit: play.is_some(),
                            outcome,
                        });
                    }
                };
                Ok(Answer::Outcome {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    outcome,
                })
            }
            CKind::Genus(x) | CKind::MisereForm(x) => {
                let pos = ctx.position(x)?;
                let query = match &self.kind {
                    CKind::Genus(_) => "genus",
                    _ => "misere_form",
                };
                ctx.impartial(&pos, query)?;
                let ids = ctx.intern_all(&pos)?;
                let position = ctx.show(&pos);
                Ok(match &self.kind {
                    CKind::Genus(_) => Answer::Genus {
                        genus: ctx.solver.genus(&ctx.cx, &ids)?,
                        position,
                    },
                    _ => Answer::MisereForm {
                        form: ctx.solver.misere_form(&ctx.cx, &ids)?,
                        position,
                    },
                })
            }
            CKind::Quotient(g, n) => {
                ctx.impartial_game(*g, "quotient")?;
                let n = match values::eval_with(&ctx.cx, ctx.solver, n)? {
                    Value::Int(k) if k >= 0 => k as u64,
                    v => {
                        return Err(Error::type_error(
                            format!("expected a heap size >= 0, found {}", v.type_name()),
                            "write the largest heap the quotient covers, e.g. `quotient Kayles to 40`",
                            n.span,
                        ));
                    }
                };
                let h = ctx.solver.quotient_history(&ctx.cx, *g, n)?;
                let q = &h.quotient;
                Ok(Answer::Quotient(Box::new(QuotientAnswer {
                    game: ctx.cx.defs.game(*g).name.clone(),
                    max_heap: n,
                    order: q.order(),
                    presentation: q.presentation(),
                    p_portion: q
                        .p_portion()
                        .into_iter()
                        .map(|e| q.element_name(e))
                        .collect(),
                    pretending: (0..=n)
                        .map(|h| {
                            q.pretending(h)
                                .map(|e| q.element_name(e))
                                .unwrap_or_default()
                        })
                        .collect(),
                    unchanged_since: h.unchanged_since,
                    json: q.to_json(),
                })))
            }
            CKind::Moves(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                if ctx.solver.any_partizan(&ctx.cx, &pos) {
                    let mut sides = Vec::new();
                    for side in [Side::Left, Side::Right] {
                        let mut out = Vec::new();
                        for (m, v) in ctx.solver.partizan_moves(&ctx.cx, &ids, side)? {
                            let text = ctx.solver.partizan.store.display(v);
                            out.push((ctx.show_move(&pos, &m), text));
                        }
                        sides.push(out);
                    }
                    let right = sides.pop().unwrap_or_default();
                    let left = sides.pop().unwrap_or_default();
                    return Ok(Answer::PartizanMoves {
                        position: ctx.show(&pos),
                        left,
                        right,
                    });
                }
                let mut moves = Vec::new();
                for m in ctx.solver.all_moves(&ctx.cx, &pos, &ids)? {
                    let v = ctx.solver.value_sum(&ctx.cx, &m.ids)?;
                    moves.push((ctx.show(&m.comps), v));
                }
                Ok(Answer::Moves {
                    position: ctx.show(&pos),
                    moves,
                })
            }
            CKind::Winning(play, x, side) => {
                let pos = ctx.position(x)?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                if side.is_some() || ctx.solver.any_partizan(&ctx.cx, &pos) {
                    let Some(side) = *side else {
                        return Err(Error::Query {
                            message: "a partizan position has a winning move for each player"
                                .into(),
                            help: "say who moves: `winning P for left` or `winning P for right`"
                                .into(),
                            span,
                        });
                    };
                    let moves = ctx
                        .solver
                        .partizan_winning_any(&ctx.cx, &ids, side, chosen)?;
                    let moves = moves.iter().map(|m| ctx.show_move(&pos, m)).collect();
                    return Ok(Answer::PartizanWinning {
                        position: ctx.show(&pos),
                        play: chosen,
                        explicit: play.is_some(),
                        side,
                        moves,
                    });
                }
                let moves = ctx
                    .solver
                    .winning(&ctx.cx, chosen, &pos, &ids)?
                    .iter()
                    .map(|m| ctx.show(m))
                    .collect();
                Ok(Answer::Winning {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    moves,
                })
            }
            CKind::Remoteness(play, x) => {
                let pos = ctx.position(x)?;
                ctx.impartial(&pos, "remoteness")?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                let analysis = match chosen {
                    Play::Normal => digraph::retrograde(&sg.graph),
                    Play::Misere => digraph::misere_retrograde(&sg.graph),
                };
                Ok(Answer::Remoteness {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    outcome: analysis.outcome[0],
                    remoteness: analysis.remoteness[0],
                })
            }
            CKind::Kernels(g) => {
                let (graph, names) = graph_of(ctx.cx.defs, *g);
                kernels_answer(
                    &ctx.cx,
                    &graph,
                    &names,
                    ctx.cx.defs.game(*g).name.clone(),
                    true,
                )
            }
            CKind::KernelSequences(g) => {
                let (graph, names) = graph_of(ctx.cx.defs, *g);
                kernel_sequences_answer(
                    &ctx.cx,
                    &graph,
                    &names,
                    ctx.cx.defs.game(*g).name.clone(),
                    true,
                )
            }
            CKind::KernelSequencesOf(x) => {
                let pos = ctx.position(x)?;
                ctx.impartial(&pos, "kernel_sequences")?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                let names = ctx.node_names(&sg);
                kernel_sequences_answer(&ctx.cx, &sg.graph, &names, ctx.show(&pos), false)
            }
            CKind::Kernel(x) => {
                let pos = ctx.position(x)?;
                ctx.impartial(&pos, "kernel")?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                let names = ctx.node_names(&sg);
                kernels_answer(&ctx.cx, &sg.graph, &names, ctx.show(&pos), false)
            }
            CKind::DotGraph(g) => {
                let (graph, names) = graph_of(ctx.cx.defs, *g);
                let subject = ctx.cx.defs.game(*g).name.clone();
                Ok(Answer::Dot {
                    dot: dot_text(&ctx.cx, &graph, &names, &subject)?,
                    subject,
                })
            }
            CKind::Dot(x) => {
                let pos = ctx.position(x)?;
                ctx.impartial(&pos, "dot")?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                if sg.nodes.len() > DOT_MAX_VERTICES {
                    return Err(dot_too_large(sg.nodes.len(), span));
                }
                let names = ctx.node_names(&sg);
                let subject = ctx.show(&pos);
                Ok(Answer::Dot {
                    dot: dot_text(&ctx.cx, &sg.graph, &names, &subject)?,
                    subject,
                })
            }
            CKind::Sequence(play, g, r) => {
                ctx.impartial_game(*g, "sequence")?;
                let (from, to) = ctx.range(r)?;
                let chosen = play.unwrap_or(ctx.cx.defs.game(*g).play);
                let game = ctx.cx.defs.game(*g).name.clone();
                if chosen == Play::Misere {
                    let oracle = SolverOracle::new(ctx.solver);
                    let run = SeriesRun {
                        cx: &ctx.cx,
                        oracle: &oracle,
                    };
                    let mut outcomes = Vec::with_capacity((to - from) as usize);
                    for n in (from..to).rev() {
                        let comp = heap_comp(&ctx.cx, *g, vec![Value::Int(n)])?;
                        outcomes.push(outcome_of(run.position_cell(&[comp], Some(chosen))?));
                    }
                    outcomes.reverse();
                    return Ok(Answer::Outcomes {
                        subject: game,
                        play: chosen,
                        from,
                        outcomes,
                    });
                }
                // From the top down: the largest position's expansion usually
                // reaches the others, which are then answered from the caches
                // (for loopy games this is the difference between one state
                // graph and one per position).
                let mut values = Vec::with_capacity((to - from) as usize);
                for n in (from..to).rev() {
                    values.push(ctx.solver.heap(&ctx.cx, *g, n)?);
                }
                values.reverse();
                Ok(Answer::Sequence { game, from, values })
            }
            CKind::Table(play, g, a, b) => {
                ctx.impartial_game(*g, "table")?;
                let (r0, r1) = ctx.range(a)?;
                let (c0, c1) = ctx.range(b)?;
                if (r1 - r0).saturating_mul(c1 - c0) > MAX_SEQUENCE {
                    return Err(too_long(span));
                }
                let chosen = play.unwrap_or(ctx.cx.defs.game(*g).play);
                let game = ctx.cx.defs.game(*g).name.clone();
                if chosen == Play::Misere {
                    let oracle = SolverOracle::new(ctx.solver);
                    let run = SeriesRun {
                        cx: &ctx.cx,
                        oracle: &oracle,
                    };
                    let mut rows = Vec::new();
                    for i in r0..r1 {
                        let mut row = Vec::new();
                        for j in c0..c1 {
                            let comp = heap_comp(&ctx.cx, *g, vec![Value::Int(i), Value::Int(j)])?;
                            row.push(outcome_of(run.position_cell(&[comp], Some(chosen))?));
                        }
                        rows.push(row);
                    }
                    return Ok(Answer::OutcomeTable {
                        subject: game,
                        play: chosen,
                        row_from: r0,
                        col_from: c0,
                        rows,
                    });
                }
                let mut rows = Vec::new();
                for i in r0..r1 {
                    let mut row = Vec::new();
                    for j in c0..c1 {
                        row.push(ctx.solver.value_of(
                            &ctx.cx,
                            *g,
                            vec![Value::Int(i), Value::Int(j)],
                        )?);
                    }
                    rows.push(row);
                }
                Ok(Answer::Table {
                    game,
                    row_from: r0,
                    col_from: c0,
                    rows,
                })
            }
            CKind::SequenceOf(play, series) => {
                let oracle = SolverOracle::new(ctx.solver);
                let run = SeriesRun {
                    cx: &ctx.cx,
                    oracle: &oracle,
                };
                let (from, to) = run.range(&series.ranges[0], MAX_SEQUENCE)?;
                let mut chosen = *play;
                let mut cells = Vec::with_capacity((to - from) as usize);
                // From the top down, as the sequence of a game's name.
                for n in (from..to).rev() {
                    let cell = run.cell(series, &[n], chosen)?;
                    chosen.get_or_insert(cell_play(&cell));
                    cells.push(cell);
                }
                cells.reverse();
                Ok(match chosen {
                    Some(Play::Misere) => Answer::Outcomes {
                        subject: series.label.clone(),
                        play: Play::Misere,
                        from,
                        outcomes: cells.into_iter().map(outcome_of).collect(),
                    },
                    _ => Answer::Sequence {
                        game: series.label.clone(),
                        from,
                        values: cells.into_iter().map(value_of).collect(),
                    },
                })
            }
            CKind::TableOf(play, series) => {
                let oracle = SolverOracle::new(ctx.solver);
                let run = SeriesRun {
                    cx: &ctx.cx,
                    oracle: &oracle,
                };
                let (r0, r1) = run.range(&series.ranges[0], MAX_SEQUENCE)?;
                let (c0, c1) = run.range(&series.ranges[1], MAX_SEQUENCE)?;
                if (r1 - r0).saturating_mul(c1 - c0) > MAX_SEQUENCE {
                    return Err(too_long(span));
                }
                let mut chosen = *play;
                let mut rows = Vec::new();
                for i in r0..r1 {
                    let mut row = Vec::new();
                    for j in c0..c1 {
                        let cell = run.cell(series, &[i, j], chosen)?;
                        chosen.get_or_insert(cell_play(&cell));
                        row.push(cell);
                    }
                    rows.push(row);
                }
                Ok(match chosen {
                    Some(Play::Misere) => Answer::OutcomeTable {
                        subject: series.label.clone(),
                        play: Play::Misere,
                        row_from: r0,
                        col_from: c0,
                        rows: rows
                            .into_iter()
                            .map(|r| r.into_iter().map(outcome_of).collect())
                            .collect(),
                    },
                    _ => Answer::Table {
                        game: series.label.clone(),
                        row_from: r0,
                        col_from: c0,
                        rows: rows
                            .into_iter()
                            .map(|r| r.into_iter().map(value_of).collect())
                            .collect(),
                    },
                })
            }
            CKind::Eval(x) => {
                let v = values::eval_with(&ctx.cx, ctx.solver, x)?;
                Ok(Answer::Eval {
                    text: shown(&v, ctx.cx.defs),
                    json: to_json(&v, ctx.cx.defs, &mut ctx.solver.partizan.store),
                })
            }
            CKind::Assert(x, text) => {
                values::check(&ctx.cx, ctx.solver, x, text)?;
                Ok(Answer::Assert { text: text.clone() })
            }

            CKind::Period(g) => {
                ctx.impartial_game(*g, "period")?;
                ctx.solver.period(&ctx.cx, *g).map(Answer::Period)
            }
            CKind::Partizan(q, x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let v = match ctx.solver.partizan_sum(&ctx.cx, &ids) {
                    Err(e @ Error::PartizanLoopy { .. }) if matches!(q, PQuery::Value) => {
                        let value = ctx.solver.loopy_value(&ctx.cx, &ids, e)?;
                        return Ok(Answer::Value {
                            position: ctx.show(&pos),
                            value,
                        });
                    }
                    r => r?,
                };
                let position = ctx.show(&pos);
                let store = &mut ctx.solver.partizan.store;
                let arith = |e: crate::partizan::PartizanError| Error::PartizanLimit {
                    message: e.to_string(),
                    help: "use smaller positions".into(),
                    span,
                };
                Ok(match q {
                    PQuery::Value => Answer::Value {
                        position,
                        value: store.to_json(v),
                    },
                    PQuery::Mean => Answer::Mean {
                        position,
                        mean: store.mean(v).map_err(arith)?,
                    },
                    PQuery::Temperature => Answer::Temperature {
                        position,
                        temperature: store.temperature(v).map_err(arith)?,
                    },
                    PQuery::Thermograph => Answer::Thermograph {
                        position,
                        thermograph: (*store.thermograph(v).map_err(arith)?).clone(),
                    },
                })
            }
            CKind::Compare(a, b) => {
                let (pa, pb) = (ctx.position(a)?, ctx.position(b)?);
                let ia = ctx.intern_all(&pa)?;
                let ib = ctx.intern_all(&pb)?;
                let comparison = match (
                    ctx.solver.partizan_sum(&ctx.cx, &ia),
                    ctx.solver.partizan_sum(&ctx.cx, &ib),
                ) {
                    (Ok(va), Ok(vb)) => ctx.solver.partizan.store.compare(va, vb),
                    (Err(e @ Error::PartizanLoopy { .. }), _)
                    | (_, Err(e @ Error::PartizanLoopy { .. })) => {
                        ctx.solver.loopy_compare(&ctx.cx, &ia, &ib, e)?
                    }
                    (Err(e), _) | (_, Err(e)) => return Err(e),
                };
                Ok(Answer::Compare {
                    left: ctx.show(&pa),
                    right: ctx.show(&pb),
                    comparison,
                })
            }
        }
    }
}

/// `G(args)` as a component, its arguments checked as in a file.
fn heap_comp(cx: &Ctx, g: GameId, args: Vec<Value>) -> Result<Comp> {
    let interp = Interp::new(cx);
    let spans = vec![cx.span; args.len()];
    let args = interp.check_args(g, args, &spans)?;
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

/// A bare unknown name close to a statement word (`grundey Take(10)`) is
/// most likely that word misspelt.
fn misspelt_word(x: &crate::syntax::ast::Expr, err: Error) -> Error {
    use crate::eval::registry;
    use crate::syntax::DEFINITION_WORDS;
    match (&x.node, err) {
        (ExprKind::Name(n), Error::UnknownName { name, help, span }) if *n == name => {
            // The word itself, written with nothing after it.
            if let Some(e) = registry::lookup(n).filter(|e| e.statement) {
                let operand = e.params[0].name;
                let call = if e.is_function() {
                    format!(" (or `{n}({operand})` in an expression)")
                } else {
                    String::new()
                };
                let help = format!(
                    "`{n}` is a query: write it before its operand, `{n} {operand}`{call}, e.g. `{}`",
                    statement_example(e)
                );
                return Error::UnknownName { name, help, span };
            }
            let words = registry::statement_words()
                .chain(DEFINITION_WORDS.iter().copied())
                .chain(["assert"]);
            let help = match crate::error::suggest(n, words) {
                Some(w) => format!(
                    "did you mean `{w}`? (a bare name is an expression statement, which prints its value)"
                ),
                None => help,
            };
            Error::UnknownName { name, help, span }
        }
        (_, err) => err,
    }
}

/// A registry entry's example as a statement (`grundy(*2 + *3)` is the
/// statement `grundy *2 + *3`).
fn statement_example(e: &crate::eval::registry::Entry) -> String {
    match e
        .example
        .strip_prefix(e.name)
        .and_then(|r| r.strip_prefix('('))
    {
        Some(rest) if e.is_function() => {
            format!("{} {}", e.name, rest.strip_suffix(')').unwrap_or(rest))
        }
        _ => e.example.to_string(),
    }
}

fn too_long(span: Span) -> Error {
    Error::Query {
        message: format!("the range holds more than {MAX_SEQUENCE} values"),
        help: "ask for a shorter range".into(),
        span,
    }
}

fn game_of_arity(defs: &Defs, g: &Ident, arity: usize, query: &str) -> Result<GameId> {
    let Some(id) = defs.lookup_game(&g.name) else {
        let help = match crate::error::suggest(&g.name, defs.game_ids.keys().map(|s| s.as_str())) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "define it with `game` first".to_string(),
        };
        return Err(Error::UnknownGame {
            name: g.name.clone(),
            help,
            span: g.span,
        });
    };
    let found = defs.game(id).kind.arity();
    if found != arity {
        return Err(Error::Query {
            message: format!(
                "`{query}` needs a game of {arity} parameter{}, and `{}` has {found}",
                if arity == 1 { "" } else { "s" },
                g.name
            ),
            help: match (query, found) {
                ("sequence", 2) => format!(
                    "for a two-parameter game use `table {} a..=b, c..=d`",
                    g.name
                ),
                ("table", 1) => format!("for a one-parameter game use `sequence {} a..=b`", g.name),
                _ => format!(
                    "ask about a position instead, e.g. `grundy {}(...)`",
                    g.name
                ),
            },
            span: g.span,
        });
    }
    Ok(id)
}

/// A query being run: its context and the solver.
struct Run<'a> {
    cx: Ctx<'a>,
    solver: &'a mut Solver,
}

impl Run<'_> {
    /// Evaluate a query's expression to the components of a position.
    fn position(&mut self, x: &Node) -> Result<Vec<Comp>> {
        // The position may be computed by query functions (`grundy winning(P)[0]`).
        match values::eval_with(&self.cx, self.solver, x)? {
            Value::Pos(cs) => Ok(cs.to_vec()),
            Value::Int(0) => Ok(Vec::new()),
            v => Err(Error::NotAPosition {
                found: v.type_name().to_string(),
                span: x.span,
            }),
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

    fn show(&self, comps: &[Comp]) -> String {
        let mut s = String::new();
        fmt_sum(comps.iter(), self.cx.defs, &mut s);
        s
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
            return Err(Error::Partizan {
                game: self.cx.defs.game(g).name.clone(),
                query: query.into(),
                span: self.cx.span,
            });
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
        if self.solver.any_partizan(&self.cx, comps) {
            return Ok(None);
        }
        let r = match play {
            Play::Normal => self.solver.value_sum(&self.cx, ids).map(|v| v.outcome()),
            Play::Misere => self.solver.misere_outcome(&self.cx, ids),
        };
        match r {
            Ok(o) => Ok(Some(o)),
            Err(Error::Partizan { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A position after a sided move, as written.
    fn show_move(&self, comps: &[Comp], m: &crate::solve::SidedMove) -> String {
        let mut after: Vec<Comp> = comps.to_vec();
        after.splice(
            m.index..=m.index,
            m.parts.iter().map(|&p| self.solver.comp(p).clone()),
        );
        self.show(&after)
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
    fn node_names(&self, sg: &SumGraph) -> Vec<String> {
        sg.nodes
            .iter()
            .map(|n| {
                let comps: Vec<Comp> = n.iter().map(|&c| self.solver.comp(c).clone()).collect();
                self.show(&comps)
            })
            .collect()
    }
}
