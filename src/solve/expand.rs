//! Expanding a component: its kind lists the options (`GameKind::options`)
//! into an `OptionSink`, the solver's `Expander`, which interns each part
//! and stores the options flat (`Adjacency`). Values that theory gives without expanding come
//! from `GameKind::known_value`.

use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::{ByteRun, Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, SmallSet, Value};
use crate::source::Span;

use super::keys::{BoxRun, ListKey};
use super::steps::INTERN_STEPS;
use super::{Adjacency, Packed, SINGLE, Solver};

/// A move from a position whose integer arguments are all ≥ 0 to one with
/// a negative argument (`T(1)` to `T(-1)`): often a move line without its
/// guard (`move T(n - k) for k in 1..=2` with no `if k <= n`), which then
/// runs below zero for ever. The first such move of a query is kept; once
/// more than [`BelowZero::limit`] positions below zero have been expanded
/// after it, the query stops with `grundy::solve::below_zero`, naming it.
#[derive(Default)]
pub(super) struct BelowZero {
    /// The component expanded and its option with a negative argument.
    first: Option<(u32, u32)>,
    /// Components with a negative argument expanded since.
    expanded: usize,
}

impl BelowZero {
    /// Positions below zero allowed after the first move there: a fiftieth
    /// of the position budget (100,000 by default), so that a runaway
    /// descent stops in seconds and a game meant to go below zero has
    /// room, and more with `--max-positions`.
    fn limit(cx: &Ctx) -> usize {
        (cx.limits.max_positions / 50).max(1_000)
    }
}

fn negative_int(args: &[Value]) -> bool {
    args.iter().any(|a| matches!(a, Value::Int(n) if *n < 0))
}

fn natural_ints(args: &[Value]) -> bool {
    !args.is_empty() && args.iter().all(|a| matches!(a, Value::Int(n) if *n >= 0))
}

/// The solver's end of a kind's option listing: each part is interned as
/// it arrives and each option stored at once.
struct Expander<'s, 'c> {
    solver: &'s mut Solver,
    cx: &'s Ctx<'c>,
    /// The game of the component being expanded (blamed by budgets).
    game: GameId,
    /// The component being expanded.
    parent: u32,
    /// The parts of the option being written.
    ids: Vec<u32>,
}

impl OptionSink for Expander<'_, '_> {
    #[inline]
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        if ints.iter().any(|&x| x < 0) {
            self.solver.went_below_zero(self.parent, id);
        }
        self.solver.push_single(self.cx, self.game, id)
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        if let [p] = parts {
            let arity = p.arity.min(3);
            for k in ks.0..ks.1 {
                self.cx.tick()?;
                let args = p.args(k);
                let id = self.solver.intern_ints(self.cx, p.game, &args[..arity])?;
                if args[..arity].iter().any(|&x| x < 0) {
                    self.solver.went_below_zero(self.parent, id);
                }
                self.solver.push_single(self.cx, self.game, id)?;
            }
            return Ok(());
        }
        for k in ks.0..ks.1 {
            self.cx.tick()?;
            for p in parts {
                let args = p.args(k);
                let id = self
                    .solver
                    .intern_ints(self.cx, p.game, &args[..p.arity.min(3)])?;
                self.ids.push(id);
            }
            self.end_option()?;
        }
        Ok(())
    }

    #[inline]
    fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let id = self
            .solver
            .intern_list(self.cx, game, (false, items), len)?;
        self.solver.push_single(self.cx, self.game, id)
    }

    fn byte_run(&mut self, run: &ByteRun, span: Span) -> Option<Result<()>> {
        Some(self.solver.byte_run(self.cx, self.game, run, span))
    }

    fn single_tuple(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let id = self.solver.intern_list(self.cx, game, (true, items), len)?;
        self.solver.push_single(self.cx, self.game, id)
    }

    #[inline]
    fn single_set(&mut self, game: GameId, set: SmallSet) -> Result<()> {
        let id = self.solver.intern_set(self.cx, game, set)?;
        self.solver.push_single(self.cx, self.game, id)
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        if ints.iter().any(|&x| x < 0) {
            self.solver.went_below_zero(self.parent, id);
        }
        self.ids.push(id);
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        let id = self.solver.intern(self.cx, game, args)?;
        if negative_int(args) {
            self.solver.went_below_zero(self.parent, id);
        }
        self.ids.push(id);
        Ok(())
    }

    fn end_option(&mut self) -> Result<()> {
        let r = self.solver.push_option(self.cx, self.game, &self.ids);
        self.ids.clear();
        r
    }
}

impl Solver {
    /// The options of a `ByteRun`, in order: when its keys are in a box of
    /// the list table, each is one load at a constant stride
    /// (`ListTable::stride`), and only a new position is interned; else
    /// each is interned as `intern_list` does. Counted and charged as
    /// `LiteralRun::emit` and `intern_list` count them one at a time.
    fn byte_run(&mut self, cx: &Ctx, parent: GameId, run: &ByteRun, span: Span) -> Result<()> {
        let key = |items: &[u64; 3]| {
            let bytes = ByteRun::bytes(items);
            ListKey::pack(run.game, 1 + u8::from(run.tuple), &bytes, run.len)
        };
        if run.count == 0 {
            return Ok(());
        }
        let mut items = run.first;
        let last = run.nth(run.count - 1);
        let (k0, k1) = (key(&items), key(&last));
        if let Some(b) = self.lists.stride(k0.0[2], k0.0[0], k1.0[0], run.count) {
            return self.boxed_run(cx, parent, run, span, &b);
        }
        for _ in 0..run.count {
            cx.tick_at(span)?;
            let bytes = ByteRun::bytes(&items);
            let id = self.intern_list(cx, run.game, (run.tuple, bytes), run.len)?;
            self.push_single(cx, parent, id)?;
            run.next(&mut items);
        }
        Ok(())
    }

    /// `byte_run` when its keys are in a box (`b`): each option's id is one
    /// load at a constant stride, its items computed only for a position
    /// not interned yet; the parts pushed without `push_single`'s checks
    /// when the whole run fits the move budget and the vector already.
    fn boxed_run(
        &mut self,
        cx: &Ctx,
        parent: GameId,
        run: &ByteRun,
        span: Span,
        b: &BoxRun,
    ) -> Result<()> {
        let room = self.all_single
            && self.edges_left(run.count as usize)
            && self.parts.len() + run.count as usize <= self.parts.capacity();
        for k in 0..run.count {
            cx.tick_at(span)?;
            cx.advance(INTERN_STEPS)?;
            let id = match self.lists.at(b, k) {
                Some(id) => id,
                None => {
                    let items = run.nth(k);
                    let bytes = ByteRun::bytes(&items);
                    let key = ListKey::pack(run.game, 1 + u8::from(run.tuple), &bytes, run.len);
                    self.new_list(cx, run.game, &key, run.tuple)?
                }
            };
            if room {
                self.parts.push(id);
            } else {
                self.push_single(cx, parent, id)?;
            }
        }
        Ok(())
    }
}

impl Solver {
    /// `intern_list` of a list or tuple not interned yet, its key `k`.
    #[inline(never)]
    pub(super) fn new_list(
        &mut self,
        cx: &Ctx,
        game: GameId,
        k: &ListKey,
        tuple: bool,
    ) -> Result<u32> {
        let len = (k.0[2] >> 56) as usize;
        let items = k.items();
        let xs = items[..len].iter().map(|&x| Value::Int(i64::from(x)));
        let seq = if tuple {
            Value::Tuple(xs.collect())
        } else {
            Value::List(xs.collect())
        };
        self.intern_new(cx, game, &[seq], Packed::List(*k))
    }

    /// A value known without expanding (a nim-heap's size, an octal heap
    /// from its nim-sequence).
    #[inline]
    pub(super) fn fast_grundy(&mut self, cx: &Ctx, id: u32) -> Result<Option<u64>> {
        // A set position kept as its mask: no dense table holds a set, and
        // a kind that knows no set's value is not asked (nor the set built).
        if let Some((game, _)) = self.unbuilt_set(id)
            && cx.defs.game(game).kind.no_known_sets()
        {
            return Ok(None);
        }
        let comp = self.comp(id);
        if let Some(table) = self.dense.get(&(comp.game, Box::default()))
            && let Some(v) = table.get(&comp.args)
        {
            return Ok(Some(v));
        }
        cx.defs
            .game(comp.game)
            .kind
            .known_value(cx, comp.game, &comp.args)
    }

    /// List the options of component `id` (once; later calls return at once).
    pub(super) fn expand(&mut self, cx: &Ctx, id: u32) -> Result<()> {
        if self.is_expanded(id) {
            return Ok(());
        }
        // Checked once per expansion: small expansions never reach the
        // evaluator's own periodic check.
        cx.check()?;
        let unbuilt = self.unbuilt_set(id);
        let game = unbuilt.map_or_else(|| self.comp(id).game, |(g, _)| g);
        if unbuilt.is_none() && self.below_zero.first.is_some() && negative_int(&self.comp(id).args)
        {
            self.below_zero.expanded += 1;
            if self.below_zero.expanded > BelowZero::limit(cx) {
                return Err(self.below_zero_error(cx));
            }
        }
        let kind = cx.defs.game(game).kind.clone();
        let first_opt = self.opt_end.len() as u32;
        let first_part = self.parts.len();
        self.all_single = true;
        self.first_part = first_part;
        let mut ids = std::mem::take(&mut self.option_ids);
        let mut result = None;
        if let Some((_, set)) = unbuilt {
            // Listed from the mask when the kind can (nothing listed when not).
            let mut sink = Expander {
                solver: self,
                cx,
                game,
                parent: id,
                ids,
            };
            result = kind.set_options(cx, game, set, &mut sink);
            ids = sink.ids;
        }
        let result = match result {
            Some(r) => r,
            None => {
                let args = self.comp(id).args.clone();
                let mut sink = Expander {
                    solver: self,
                    cx,
                    game,
                    parent: id,
                    ids,
                };
                let r = kind.options(cx, game, &args, &mut sink);
                ids = sink.ids;
                r
            }
        };
        ids.clear();
        self.option_ids = ids;
        if let Err(e) = result {
            // Leave the component unexpanded, as if never touched.
            self.opt_end.truncate(first_opt as usize);
            self.parts.truncate(first_part);
            return Err(e);
        }
        let parts = (first_part as u32, self.parts.len() as u32);
        let opts = if self.all_single {
            self.opt_end.truncate(first_opt as usize);
            (SINGLE, SINGLE)
        } else {
            (first_opt, self.opt_end.len() as u32)
        };
        self.adj[id as usize] = Adjacency { parts, opts };
        Ok(())
    }

    /// Add an option of the component being expanded. While every option
    /// is a single part, no `opt_end` entries are written; the first option
    /// of another size writes them for the options before it.
    #[inline]
    fn push_option(&mut self, cx: &Ctx, game: GameId, parts: &[u32]) -> Result<()> {
        if let [p] = parts {
            return self.push_single(cx, game, *p);
        }
        if !self.edges_left(parts.len()) {
            return Err(Self::move_budget(cx, game));
        }
        if self.all_single {
            self.all_single = false;
            // The single-part options so far each end one part further:
            // `from..=to`, empty when this is the component's first option.
            let (from, to) = (self.first_part as u32 + 1, self.parts.len() as u32);
            grow(cx, &mut self.opt_end, (to + 1 - from) as usize)?;
            self.opt_end.extend(from..=to);
        }
        grow(cx, &mut self.parts, parts.len())?;
        grow(cx, &mut self.opt_end, 1)?;
        self.parts.extend_from_slice(parts);
        self.opt_end.push(self.parts.len() as u32);
        Ok(())
    }

    #[inline]
    fn push_single(&mut self, cx: &Ctx, game: GameId, part: u32) -> Result<()> {
        if !self.edges_left(1) {
            return Err(Self::move_budget(cx, game));
        }
        grow(cx, &mut self.parts, 1)?;
        self.parts.push(part);
        if !self.all_single {
            grow(cx, &mut self.opt_end, 1)?;
            self.opt_end.push(self.parts.len() as u32);
        }
        Ok(())
    }
}

/// Before `v` takes `more` entries: when that reallocates, the new buffer
/// (twice the old, as `Vec` grows) is reserved against the memory budget
/// first, so that the doubling of a large move list cannot take the session
/// far past `--max-memory` between two looks at the memory held.
#[inline]
fn grow(cx: &Ctx, v: &mut Vec<u32>, more: usize) -> Result<()> {
    if v.len() + more <= v.capacity() {
        return Ok(());
    }
    grow_cold(cx, v, more)
}

#[cold]
#[inline(never)]
fn grow_cold(cx: &Ctx, v: &mut Vec<u32>, more: usize) -> Result<()> {
    let cap = (v.len() + more).max(v.capacity() * 2).max(8);
    cx.reserve(cap * std::mem::size_of::<u32>(), cx.span)?;
    v.reserve_exact(cap - v.len());
    Ok(())
}

impl Solver {
    /// Keep the first move of the query from arguments ≥ 0 to a negative
    /// one (rare: only options with a negative argument come here).
    #[cold]
    fn went_below_zero(&mut self, parent: u32, child: u32) {
        if self.below_zero.first.is_none() && natural_ints(&self.comp(parent).args) {
            self.below_zero.first = Some((parent, child));
        }
    }

    #[cold]
    #[inline(never)]
    fn below_zero_error(&self, cx: &Ctx) -> Error {
        let (from, to) = self.below_zero.first.unwrap_or_default();
        let show = |id: u32| {
            let mut s = String::new();
            crate::model::fmt_comp(self.comp(id), cx.defs, &mut s);
            s
        };
        let (from_text, to_text) = (show(from), show(to));
        let (span, label, query) = super::chain::blame(
            cx,
            self.line_making(cx, from, to),
            format!("this move line makes {to_text} from {from_text}"),
            format!("this reaches {to_text} and goes on below zero"),
        );
        let line = if query.is_some() {
            "the move line marked".to_string()
        } else {
            let game = &cx.defs.game(self.comp(from).game).name;
            format!("the move line of {game} that makes {to_text} from {from_text}")
        };
        SolveError::BelowZero {
            moved: format!(
                "a move goes from {from_text} to {to_text}, and more than {} positions below zero follow",
                BelowZero::limit(cx)
            ),
            line,
            span,
            label,
            query,
        }.into()
    }

    #[cold]
    #[inline(never)]
    fn move_budget(cx: &Ctx, game: GameId) -> Error {
        SolveError::MoveBudget {
            game: cx.defs.game(game).name.clone(),
            budget: cx.limits.max_edges(),
            span: cx.span,
        }
        .into()
    }
}
