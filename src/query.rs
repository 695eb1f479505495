//! Queries: what each one computes, as a structured `Answer` (printing is
//! `present.rs`'s job).

use std::sync::atomic::AtomicBool;

use crate::digraph::{self, Digraph};
use crate::error::{Error, Result};
use crate::eval::value::fmt_sum;
use crate::eval::{Comp, Compiler, Defs, GameId, GameKind, Interp, Node, Value};
use crate::octal::{Period, find_period};
use crate::session::Session;
use crate::solve::{GValue, Solver, SumGraph};
use crate::source::Span;
use crate::syntax::ast::{ExprKind, Ident, Play, Query, QueryKind};

pub use crate::digraph::Outcome;

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Grundy {
        position: String,
        value: GValue,
    },
    Outcome {
        position: String,
        play: Play,
        /// Whether the query named the convention (text output shows it then).
        explicit: bool,
        outcome: Outcome,
    },
    Moves {
        position: String,
        moves: Vec<(String, GValue)>,
    },
    Winning {
        position: String,
        play: Play,
        explicit: bool,
        moves: Vec<String>,
    },
    Sequence {
        game: String,
        from: i64,
        values: Vec<GValue>,
    },
    Table {
        game: String,
        row_from: i64,
        col_from: i64,
        rows: Vec<Vec<GValue>>,
    },
    Period(PeriodAnswer),
    Remoteness {
        position: String,
        play: Play,
        explicit: bool,
        outcome: Outcome,
        /// Moves until the game ends when the winner hurries and the loser
        /// delays; none for a draw.
        remoteness: Option<u32>,
    },
    /// `kernels G` for a graph, `kernel P` for a position's state graph.
    Kernels {
        /// The graph's name, or the position.
        subject: String,
        of_graph: bool,
        kernels: Vec<Vec<String>>,
        /// False when the search budget ran out first.
        complete: bool,
        acyclic: bool,
        odd_cycle: bool,
    },
    KernelSequences {
        subject: String,
        of_graph: bool,
        sequences: Vec<Vec<Vec<String>>>,
        complete: bool,
        acyclic: bool,
    },
    Dot {
        subject: String,
        dot: String,
    },
}

/// `dot` refuses state graphs with more vertices than this.
pub const DOT_MAX_VERTICES: usize = 500;

/// What `period G` found.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodAnswer {
    pub game: String,
    /// The octal code, for octal and subtraction games.
    pub code: Option<String>,
    /// None when no period shows in the values computed.
    pub period: Option<Period>,
    /// How many values G(0), G(1), ... were computed.
    pub values_computed: usize,
    /// Why a period cannot be proved (rule games), if so.
    pub unprovable: Option<String>,
}

/// A rule game's `period` looks at this many values.
pub const RULE_PERIOD_VALUES: i64 = 1000;

#[derive(Debug)]
pub struct CompiledQuery {
    kind: CKind,
    span: Span,
}

#[derive(Debug)]
enum CKind {
    Grundy(Node),
    Outcome(Option<Play>, Node),
    Moves(Node),
    Winning(Option<Play>, Node),
    Sequence(GameId, Node),
    Table(GameId, Node, Node),
    Period(GameId),
    Remoteness(Option<Play>, Node),
    Kernels(GameId),
    KernelSequences(GameId),
    Kernel(Node),
    KernelSequencesOf(Node),
    DotGraph(GameId),
    Dot(Node),
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
            QueryKind::Winning(p, x) => CKind::Winning(*p, e(x)?),
            QueryKind::Sequence(g, r) => {
                CKind::Sequence(game_of_arity(c.defs, g, 1, "sequence")?, e(r)?)
            }
            QueryKind::Table(g, a, b) => {
                CKind::Table(game_of_arity(c.defs, g, 2, "table")?, e(a)?, e(b)?)
            }
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

    pub fn run(&self, s: &mut Session) -> Result<Answer> {
        let span = self.span;
        let interrupt = s.interrupt.clone();
        let mut ctx = Ctx {
            defs: &s.defs,
            solver: &mut s.solver,
            interrupt: &interrupt,
            span,
        };
        match &self.kind {
            CKind::Grundy(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let value = ctx.value_sum(&ids)?;
                Ok(Answer::Grundy {
                    position: ctx.show(&pos),
                    value,
                })
            }
            CKind::Outcome(play, x) => {
                let pos = ctx.position(x)?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                let outcome = match chosen {
                    Play::Normal => ctx.value_sum(&ids)?.outcome(),
                    Play::Misere => ctx.misere_outcome(&ids)?,
                };
                Ok(Answer::Outcome {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    outcome,
                })
            }
            CKind::Moves(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let mut moves = Vec::new();
                for m in ctx.all_moves(&pos, &ids)? {
                    let v = ctx.value_sum(&m.ids)?;
                    moves.push((m.written, v));
                }
                Ok(Answer::Moves {
                    position: ctx.show(&pos),
                    moves,
                })
            }
            CKind::Winning(play, x) => {
                let pos = ctx.position(x)?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                let moves = ctx.winning(chosen, &pos, &ids)?;
                Ok(Answer::Winning {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    moves,
                })
            }
            CKind::Remoteness(play, x) => {
                let pos = ctx.position(x)?;
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
                let (graph, names) = graph_of(ctx.defs, *g);
                Ok(kernels_answer(
                    &graph,
                    &names,
                    ctx.defs.game(*g).name.clone(),
                    true,
                ))
            }
            CKind::KernelSequences(g) => {
                let (graph, names) = graph_of(ctx.defs, *g);
                Ok(kernel_sequences_answer(
                    &graph,
                    &names,
                    ctx.defs.game(*g).name.clone(),
                    true,
                ))
            }
            CKind::KernelSequencesOf(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                let names = ctx.node_names(&sg);
                Ok(kernel_sequences_answer(
                    &sg.graph,
                    &names,
                    ctx.show(&pos),
                    false,
                ))
            }
            CKind::Kernel(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                let names = ctx.node_names(&sg);
                Ok(kernels_answer(&sg.graph, &names, ctx.show(&pos), false))
            }
            CKind::DotGraph(g) => {
                let (graph, names) = graph_of(ctx.defs, *g);
                let subject = ctx.defs.game(*g).name.clone();
                Ok(Answer::Dot {
                    dot: dot_text(&graph, &names, &subject, span)?,
                    subject,
                })
            }
            CKind::Dot(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let sg = ctx.sum_graph(&ids)?;
                if sg.nodes.len() > DOT_MAX_VERTICES {
                    return Err(dot_too_large(sg.nodes.len(), span));
                }
                let names = ctx.node_names(&sg);
                let subject = ctx.show(&pos);
                Ok(Answer::Dot {
                    dot: dot_text(&sg.graph, &names, &subject, span)?,
                    subject,
                })
            }
            CKind::Sequence(g, r) => {
                let (from, to) = ctx.range(r)?;
                // From the top down: the largest position's expansion usually
                // reaches the others, which are then answered from the caches
                // (for loopy games this is the difference between one state
                // graph and one per position).
                let mut values = Vec::with_capacity((to - from) as usize);
                for n in (from..to).rev() {
                    values.push(ctx.heap(*g, n)?);
                }
                values.reverse();
                Ok(Answer::Sequence {
                    game: ctx.defs.game(*g).name.clone(),
                    from,
                    values,
                })
            }
            CKind::Table(g, a, b) => {
                let (r0, r1) = ctx.range(a)?;
                let (c0, c1) = ctx.range(b)?;
                if (r1 - r0).saturating_mul(c1 - c0) > MAX_SEQUENCE {
                    return Err(too_long(span));
                }
                let mut rows = Vec::new();
                for i in r0..r1 {
                    let mut row = Vec::new();
                    for j in c0..c1 {
                        row.push(ctx.value_of(*g, vec![Value::Int(i), Value::Int(j)])?);
                    }
                    rows.push(row);
                }
                Ok(Answer::Table {
                    game: ctx.defs.game(*g).name.clone(),
                    row_from: r0,
                    col_from: c0,
                    rows,
                })
            }
            CKind::Period(g) => ctx.period(*g).map(Answer::Period),
        }
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

struct Ctx<'a> {
    defs: &'a Defs,
    solver: &'a mut Solver,
    interrupt: &'a AtomicBool,
    span: Span,
}

impl Ctx<'_> {
    /// Evaluate a query's expression to the components of a position.
    fn position(&self, x: &Node) -> Result<Vec<Comp>> {
        let interp = Interp::new(self.defs, self.interrupt);
        match interp.eval(x, &mut [])? {
            Value::Pos(cs) => Ok(cs.to_vec()),
            Value::Int(0) => Ok(Vec::new()),
            v => Err(Error::NotAPosition {
                found: v.type_name().to_string(),
                span: x.span,
            }),
        }
    }

    fn range(&self, x: &Node) -> Result<(i64, i64)> {
        let interp = Interp::new(self.defs, self.interrupt);
        match interp.eval(x, &mut [])? {
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

    /// G(n) of a one-parameter game; octal games read their sequence
    /// without interning positions.
    fn heap(&mut self, g: GameId, n: i64) -> Result<GValue> {
        if let GameKind::Octal(code) = &self.defs.game(g).kind {
            let n = u64::try_from(n).map_err(|_| Error::Value {
                message: format!("heap {n} is negative"),
                help: "heap sizes are counted from 0".into(),
                span: self.span,
            })?;
            return self
                .solver
                .heap_value(self.defs, self.interrupt, g, code, n, self.span)
                .map(GValue::Finite);
        }
        self.value_of(g, vec![Value::Int(n)])
    }

    /// The value of `G(args)`, the arguments checked as `G(...)` in a file would be.
    fn value_of(&mut self, g: GameId, args: Vec<Value>) -> Result<GValue> {
        let interp = Interp::new(self.defs, self.interrupt);
        let spans = vec![self.span; args.len()];
        let args = interp.check_args(g, args, &spans)?;
        let id = self.solver.intern(self.defs, g, &args, self.span)?;
        self.solver.value(self.defs, self.interrupt, id, self.span)
    }

    fn period(&mut self, g: GameId) -> Result<PeriodAnswer> {
        let def = self.defs.game(g);
        let name = def.name.clone();
        match &def.kind {
            GameKind::Octal(code) => {
                let code = code.clone();
                let budget = self.solver.budget;
                let interrupt = self.interrupt;
                let span = self.span;
                let seq = self.solver.sequence(g, &code);
                // Compute until Guy–Smith proves a period or the budget is
                // spent, in chunks so that Ctrl-C is heard.
                let mut status = seq.period();
                while !status.is_proved() && seq.len() < budget {
                    if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                        return Err(Error::Interrupted { span });
                    }
                    let next = budget.min(seq.len().saturating_add(1 << 16));
                    status = seq.solve(next, |_| {});
                }
                Ok(PeriodAnswer {
                    game: name,
                    code: Some(code.to_string()),
                    period: status.period(),
                    values_computed: seq.len(),
                    unprovable: None,
                })
            }
            _ => {
                let mut values = Vec::new();
                for n in 0..RULE_PERIOD_VALUES {
                    // A loopy value counts as one symbol that never repeats a finite one.
                    let v = self
                        .heap(g, n)?
                        .finite()
                        .and_then(|v| u32::try_from(v).ok());
                    values.push(v.unwrap_or(u32::MAX));
                }
                // No theorem bounds a rule game's moves: only an apparent period.
                let status = find_period(&values, 1, u64::MAX);
                Ok(PeriodAnswer {
                    game: name,
                    code: None,
                    period: status.period(),
                    values_computed: values.len(),
                    unprovable: Some(
                        "a rule game: no periodicity theorem applies, so the period is only apparent".into(),
                    ),
                })
            }
        }
    }

    fn show(&self, comps: &[Comp]) -> String {
        let mut s = String::new();
        fmt_sum(comps.iter(), self.defs, &mut s);
        s
    }

    /// The convention a query uses: the one written, else misère when any
    /// component's game is declared `misere`, else normal.
    fn play_for(&self, written: Option<Play>, comps: &[Comp]) -> Play {
        written.unwrap_or_else(|| {
            if comps
                .iter()
                .any(|c| self.defs.game(c.game).play == Play::Misere)
            {
                Play::Misere
            } else {
                Play::Normal
            }
        })
    }

    fn intern_all(&mut self, comps: &[Comp]) -> Result<Vec<u32>> {
        comps
            .iter()
            .map(|c| self.solver.intern_comp(self.defs, c, self.span))
            .collect()
    }

    /// Sprague–Grundy (and Smith's rule for loopy components): the value
    /// of a sum from its components' values.
    fn value_sum(&mut self, ids: &[u32]) -> Result<GValue> {
        let mut x = GValue::Finite(0);
        for &id in ids {
            x = x.add(
                &self
                    .solver
                    .value(self.defs, self.interrupt, id, self.span)?,
            );
        }
        Ok(x)
    }

    fn misere_outcome(&mut self, ids: &[u32]) -> Result<Outcome> {
        if let Some(p) = self.misere_nim(ids) {
            return Ok(if p { Outcome::P } else { Outcome::N });
        }
        self.solver
            .misere_outcome(self.defs, self.interrupt, ids, self.span)
    }

    /// Bouton's misère Nim (THEORY.md §2), for sums of built-in heaps only:
    /// with some heap of 2 or more, P iff the xor is 0; otherwise P iff the
    /// number of 1-heaps is odd. Whether this is a P-position, or None when
    /// some component is not a nim-heap (the sum is then expanded).
    fn misere_nim(&self, ids: &[u32]) -> Option<bool> {
        let mut xor = 0u64;
        let (mut big, mut ones) = (false, 0usize);
        for &id in ids {
            let c = self.solver.comp(id);
            if !matches!(self.defs.game(c.game).kind, GameKind::Nim | GameKind::Star) {
                return None;
            }
            let Some(Value::Int(n)) = c.args.first() else {
                return None;
            };
            let n = u64::try_from(*n).ok()?;
            xor ^= n;
            big |= n >= 2;
            ones += usize::from(n == 1);
        }
        Some(if big { xor == 0 } else { ones % 2 == 1 })
    }

    fn sum_graph(&mut self, ids: &[u32]) -> Result<SumGraph> {
        self.solver
            .sum_graph(self.defs, self.interrupt, ids, self.span)
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

    /// Every option of a written sum, the moved component replaced in
    /// place by its parts; the same resulting position is listed once.
    fn all_moves(&mut self, pos: &[Comp], ids: &[u32]) -> Result<Vec<WrittenMove>> {
        let mut out: Vec<WrittenMove> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, &id) in ids.iter().enumerate() {
            self.solver
                .expand(self.defs, self.interrupt, id, self.span)?;
            let options: Vec<Vec<u32>> = self.solver.options(id).map(|o| o.to_vec()).collect();
            for opt in options {
                if let Some(m) = self.written_move(pos, ids, i, &opt, &mut seen) {
                    out.push(m);
                }
            }
        }
        Ok(out)
    }

    fn written_move(
        &self,
        pos: &[Comp],
        ids: &[u32],
        i: usize,
        opt: &[u32],
        seen: &mut std::collections::HashSet<Vec<u32>>,
    ) -> Option<WrittenMove> {
        let new_ids: Vec<u32> = ids[..i]
            .iter()
            .chain(opt)
            .chain(&ids[i + 1..])
            .copied()
            .collect();
        let mut key = new_ids.clone();
        key.sort_unstable();
        if !seen.insert(key) {
            return None;
        }
        let comps: Vec<Comp> = pos[..i]
            .iter()
            .cloned()
            .chain(opt.iter().map(|&p| self.solver.comp(p).clone()))
            .chain(pos[i + 1..].iter().cloned())
            .collect();
        Some(WrittenMove {
            written: self.show(&comps),
            ids: new_ids,
        })
    }

    /// The moves to a position the mover then wins from (a P-position).
    fn winning(&mut self, play: Play, pos: &[Comp], ids: &[u32]) -> Result<Vec<String>> {
        let mut out = Vec::new();
        match play {
            Play::Misere => {
                for m in self.all_moves(pos, ids)? {
                    if self.misere_outcome(&m.ids)? == Outcome::P {
                        out.push(m.written);
                    }
                }
            }
            Play::Normal => {
                let total = self.value_sum(ids)?;
                let Some(total) = total.finite() else {
                    // A loopy sum: try every move.
                    for m in self.all_moves(pos, ids)? {
                        if self.value_sum(&m.ids)? == GValue::Finite(0) {
                            out.push(m.written);
                        }
                    }
                    return Ok(out);
                };
                if total == 0 {
                    return Ok(out);
                }
                // Component i of value v must move to an option of value v ⊕ S.
                let mut seen = std::collections::HashSet::new();
                for (i, &id) in ids.iter().enumerate() {
                    let Some(v) = self
                        .solver
                        .value(self.defs, self.interrupt, id, self.span)?
                        .finite()
                    else {
                        continue;
                    };
                    let want = GValue::Finite(v ^ total);
                    // A nim-heap's only option of value w is the heap of size w.
                    if matches!(
                        self.defs.game(pos[i].game).kind,
                        GameKind::Nim | GameKind::Star
                    ) {
                        if v ^ total < v {
                            let mut comps = pos.to_vec();
                            comps[i] = Comp {
                                game: pos[i].game,
                                args: vec![Value::Int((v ^ total) as i64)].into(),
                            };
                            out.push(self.show(&comps));
                        }
                        continue;
                    }
                    self.solver
                        .expand(self.defs, self.interrupt, id, self.span)?;
                    let options: Vec<Vec<u32>> =
                        self.solver.options(id).map(|o| o.to_vec()).collect();
                    for opt in options {
                        if self.value_sum(&opt)? == want
                            && let Some(m) = self.written_move(pos, ids, i, &opt, &mut seen)
                        {
                            out.push(m.written);
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// One option of a written position: how it prints and its components.
struct WrittenMove {
    written: String,
    ids: Vec<u32>,
}

/// The digraph of a `graph` declaration, with its vertex names.
fn graph_of(defs: &Defs, g: GameId) -> (Digraph, Vec<String>) {
    match &defs.game(g).kind {
        GameKind::Graph(graph) => {
            let names = graph.vertices.keys().cloned().collect();
            let d = Digraph::from_adjacency(&graph.edges).unwrap_or_default();
            (d, names)
        }
        _ => (Digraph::default(), Vec::new()),
    }
}

fn graph_game(defs: &Defs, g: &Ident, query: &str) -> Result<GameId> {
    let id = game_of_arity(defs, g, 1, query)?;
    if !matches!(defs.game(id).kind, GameKind::Graph(_)) {
        return Err(Error::Query {
            message: format!("`{}` is not a graph", g.name),
            help: format!(
                "`{query}` takes a graph declared with `graph {} {{ a -> b; ... }}`; for a game's state graph ask about a position, e.g. `{} {}(...)`",
                g.name,
                if query == "kernels" || query == "kernel_sequences" {
                    "kernel"
                } else {
                    query
                },
                g.name
            ),
            span: g.span,
        });
    }
    Ok(id)
}

fn name_sets(sets: &[Vec<u32>], names: &[String]) -> Vec<Vec<String>> {
    sets.iter()
        .map(|k| {
            k.iter()
                .map(|&v| names.get(v as usize).cloned().unwrap_or_default())
                .collect()
        })
        .collect()
}

fn kernels_answer(graph: &Digraph, names: &[String], subject: String, of_graph: bool) -> Answer {
    let r = digraph::kernels(graph, digraph::DEFAULT_SEARCH_BUDGET);
    Answer::Kernels {
        subject,
        of_graph,
        kernels: name_sets(&r.kernels, names),
        complete: r.complete,
        acyclic: digraph::grundy_acyclic(graph).is_ok(),
        odd_cycle: digraph::has_odd_cycle(graph),
    }
}

fn kernel_sequences_answer(
    graph: &Digraph,
    names: &[String],
    subject: String,
    of_graph: bool,
) -> Answer {
    let r = digraph::kernel_sequences(graph, digraph::DEFAULT_SEARCH_BUDGET);
    Answer::KernelSequences {
        subject,
        of_graph,
        sequences: r.sequences.iter().map(|s| name_sets(s, names)).collect(),
        complete: r.complete,
        acyclic: digraph::grundy_acyclic(graph).is_ok(),
    }
}

fn dot_too_large(n: usize, span: Span) -> Error {
    Error::Query {
        message: format!(
            "the state graph has {n} vertices, more than a picture can show ({DOT_MAX_VERTICES})"
        ),
        help: "ask about a smaller position".into(),
        span,
    }
}

/// Graphviz text: vertices labelled with their value (γ), a kernel marked.
fn dot_text(graph: &Digraph, names: &[String], subject: &str, span: Span) -> Result<String> {
    if graph.num_vertices() > DOT_MAX_VERTICES {
        return Err(dot_too_large(graph.num_vertices(), span));
    }
    let values = digraph::gamma(graph);
    let kernel = digraph::kernels(graph, digraph::DEFAULT_SEARCH_BUDGET)
        .kernels
        .into_iter()
        .next();
    let label = |v: u32| {
        let name = names.get(v as usize).map(|s| s.as_str()).unwrap_or("?");
        let value = values
            .get(v as usize)
            .map(GValue::from)
            .unwrap_or(GValue::Finite(0));
        format!("{name}\n{value}")
    };
    let dot = digraph::to_dot(graph, &label, kernel.as_deref(), DOT_MAX_VERTICES).map_err(|e| {
        Error::Query {
            message: e.to_string(),
            help: "ask about a smaller position".into(),
            span,
        }
    })?;
    // Name the graph after what it shows.
    let name = subject.replace('\\', "\\\\").replace('"', "\\\"");
    Ok(dot.replacen("digraph G {", &format!("digraph \"{name}\" {{"), 1))
}
