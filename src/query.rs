//! Queries: what each one computes, as a structured `Answer` (printing is
//! `present.rs`'s job).

use std::sync::atomic::AtomicBool;

use crate::error::{Error, Result};
use crate::eval::value::fmt_sum;
use crate::eval::{Comp, Compiler, Defs, GameId, GameKind, Interp, Node, Value};
use crate::octal::{Period, find_period};
use crate::session::Session;
use crate::solve::Solver;
use crate::syntax::Span;
use crate::syntax::ast::{Ident, Play, Query, QueryKind};

/// Normal-play outcome classes (D is for loopy games).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    P,
    N,
    D,
}

impl Outcome {
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Grundy {
        position: String,
        value: u64,
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
        moves: Vec<(String, u64)>,
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
        values: Vec<u64>,
    },
    Table {
        game: String,
        row_from: i64,
        col_from: i64,
        rows: Vec<Vec<u64>>,
    },
    Period(PeriodAnswer),
}

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
            _ => {
                return Err(Error::Query {
                    message: "this query is not available yet".into(),
                    help: "see docs/LANGUAGE.md for the queries grundy answers".into(),
                    span: q.span,
                });
            }
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
                let value = ctx.grundy_sum(&ids)?;
                Ok(Answer::Grundy {
                    position: ctx.show(&pos),
                    value,
                })
            }
            CKind::Outcome(play, x) => {
                let pos = ctx.position(x)?;
                let chosen = ctx.play_for(*play, &pos);
                let ids = ctx.intern_all(&pos)?;
                let p = match chosen {
                    Play::Normal => ctx.grundy_sum(&ids)? == 0,
                    Play::Misere => ctx.misere_is_p(&ids)?,
                };
                Ok(Answer::Outcome {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    outcome: if p { Outcome::P } else { Outcome::N },
                })
            }
            CKind::Moves(x) => {
                let pos = ctx.position(x)?;
                let ids = ctx.intern_all(&pos)?;
                let total = ctx.grundy_sum(&ids)?;
                let mut moves = Vec::new();
                for (written, opt_ids, i, opt_value) in ctx.all_moves(&pos, &ids)? {
                    let _ = opt_ids;
                    let v = total ^ ctx.solver_grundy(ids[i])? ^ opt_value;
                    moves.push((written, v));
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
                let moves = match chosen {
                    Play::Normal => ctx.winning_normal(&pos, &ids)?,
                    Play::Misere => {
                        let mut out = Vec::new();
                        for (written, opt_ids, _, _) in ctx.all_moves_lazy(&pos, &ids)? {
                            if ctx.misere_is_p(&opt_ids)? {
                                out.push(written);
                            }
                        }
                        out
                    }
                };
                Ok(Answer::Winning {
                    position: ctx.show(&pos),
                    play: chosen,
                    explicit: play.is_some(),
                    moves,
                })
            }
            CKind::Sequence(g, r) => {
                let (from, to) = ctx.range(r)?;
                let mut values = Vec::new();
                for n in from..to {
                    values.push(ctx.heap(*g, n)?);
                }
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
                        row.push(ctx.grundy_of(*g, vec![Value::Int(i), Value::Int(j)])?);
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
        return Err(Error::Arity {
            name: g.name.clone(),
            expected: arity,
            found,
            help: format!(
                "`{query}` needs a game of {arity} parameter{}; `{}` has {found}",
                if arity == 1 { "" } else { "s" },
                g.name
            ),
            span: g.span,
        });
    }
    Ok(id)
}

/// One option of a written position: how it prints, its components'
/// ids, which component moved, and the xor of the moved-to parts.
type WrittenMove = (String, Vec<u32>, usize, u64);

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
    fn heap(&mut self, g: GameId, n: i64) -> Result<u64> {
        if let GameKind::Octal(code) = &self.defs.game(g).kind {
            let n = u64::try_from(n).map_err(|_| Error::Value {
                message: format!("heap {n} is negative"),
                help: "heap sizes are counted from 0".into(),
                span: self.span,
            })?;
            return self
                .solver
                .heap_value(self.defs, self.interrupt, g, code, n, self.span);
        }
        self.grundy_of(g, vec![Value::Int(n)])
    }

    /// The value of `G(args)`, the arguments checked as `G(...)` in a file would be.
    fn grundy_of(&mut self, g: GameId, args: Vec<Value>) -> Result<u64> {
        let interp = Interp::new(self.defs, self.interrupt);
        let spans = vec![self.span; args.len()];
        let args = interp.check_args(g, args, &spans)?;
        let id = self.solver.intern(self.defs, g, &args, self.span)?;
        self.solver.grundy(self.defs, self.interrupt, id, self.span)
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
                    values.push(u32::try_from(self.heap(g, n)?).unwrap_or(u32::MAX));
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

    fn solver_grundy(&mut self, id: u32) -> Result<u64> {
        self.solver.grundy(self.defs, self.interrupt, id, self.span)
    }

    /// Sprague–Grundy: the value of a sum is the xor of its components'.
    fn grundy_sum(&mut self, ids: &[u32]) -> Result<u64> {
        let mut x = 0;
        for &id in ids {
            x ^= self.solver_grundy(id)?;
        }
        Ok(x)
    }

    fn misere_is_p(&mut self, ids: &[u32]) -> Result<bool> {
        self.solver
            .misere_is_p(self.defs, self.interrupt, ids, self.span)
    }

    /// Every option of a written sum, the moved component replaced in
    /// place by its parts; the same resulting position is listed once.
    fn all_moves(&mut self, pos: &[Comp], ids: &[u32]) -> Result<Vec<WrittenMove>> {
        let mut out = self.all_moves_lazy(pos, ids)?;
        for m in out.iter_mut() {
            let (start, end) = (m.2, m.2 + (m.1.len() + 1 - ids.len()));
            let mut v = 0;
            for &p in &m.1[start..end] {
                v ^= self.solver_grundy(p)?;
            }
            m.3 = v;
        }
        Ok(out)
    }

    /// As `all_moves`, without computing values.
    fn all_moves_lazy(&mut self, pos: &[Comp], ids: &[u32]) -> Result<Vec<WrittenMove>> {
        let mut out: Vec<WrittenMove> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, &id) in ids.iter().enumerate() {
            self.solver
                .expand(self.defs, self.interrupt, id, self.span)?;
            let options: Vec<Vec<u32>> = self.solver.options(id).map(|o| o.to_vec()).collect();
            for opt in options {
                let mut new_ids: Vec<u32> = ids[..i].to_vec();
                new_ids.extend_from_slice(&opt);
                new_ids.extend_from_slice(&ids[i + 1..]);
                let mut key = new_ids.clone();
                key.sort_unstable();
                if !seen.insert(key) {
                    continue;
                }
                let comps: Vec<Comp> = pos[..i]
                    .iter()
                    .cloned()
                    .chain(opt.iter().map(|&p| self.solver.comp(p).clone()))
                    .chain(pos[i + 1..].iter().cloned())
                    .collect();
                out.push((self.show(&comps), new_ids, i, 0));
            }
        }
        Ok(out)
    }

    /// Normal play: the moves to a sum of value 0. Component i of value v
    /// must move to an option of value v xor S (S the sum's value).
    fn winning_normal(&mut self, pos: &[Comp], ids: &[u32]) -> Result<Vec<String>> {
        let total = self.grundy_sum(ids)?;
        if total == 0 {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let v = self.solver_grundy(id)?;
            let want = v ^ total;
            // A nim-heap's only option of value w is the heap of size w.
            if matches!(
                self.defs.game(pos[i].game).kind,
                GameKind::Nim | GameKind::Star
            ) {
                if want < v {
                    let mut comps = pos.to_vec();
                    comps[i] = Comp {
                        game: pos[i].game,
                        args: vec![Value::Int(want as i64)].into(),
                    };
                    let s = self.show(&comps);
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
                continue;
            }
            self.solver
                .expand(self.defs, self.interrupt, id, self.span)?;
            let options: Vec<Vec<u32>> = self.solver.options(id).map(|o| o.to_vec()).collect();
            for opt in options {
                let mut x = 0;
                for &p in &opt {
                    x ^= self.solver_grundy(p)?;
                }
                if x == want {
                    let comps: Vec<Comp> = pos[..i]
                        .iter()
                        .cloned()
                        .chain(opt.iter().map(|&p| self.solver.comp(p).clone()))
                        .chain(pos[i + 1..].iter().cloned())
                        .collect();
                    let s = self.show(&comps);
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
        }
        Ok(out)
    }
}
