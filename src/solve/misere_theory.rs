//! Misère theory through the solver (THEORY.md §9): the genus and the
//! misère canonical form of any impartial position, built from the
//! solver's expansion of its components, and misère quotients of heap
//! games, which answer `outcome misere` of sums of heaps of one game
//! without expanding the sum.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::digraph::Outcome;
use crate::error::AtSpan;
use crate::error::{Error, Result};
use crate::error::{LimitError, SolveError};
use crate::misere::{
    self, FormId, Forms, GameGraph, Genus, HeapRules, MisereError, MisereQuotient, Phylum,
    QuotientBudget, QuotientHistory, QuotientPeriod, RuleFn,
};
use crate::model::{Ctx, GameId, PartsAsk, Value};

use super::Solver;

/// Text answers show a form's first this many characters (JSON the whole).
pub const FORM_CHARS: usize = 2_000;

/// What one step of the misère forms' work counts for against `--max-steps`.
pub(super) const FORM_STEP_COST: u64 = 4;

/// The longest form text a query builds (an eighth of the memory budget
/// when that is less).
const FORM_MAX_CHARS: usize = 64 << 20;

/// The misère form of a sum of nim heaps when theory gives it
/// (THEORY.md §9.3): 0-heaps drop, two 1-heaps cancel (`*1 + *1 ≡ 0`), and
/// what is left, if at most one heap, is the canonical form `*n`.
pub(super) fn nim_form(heaps: &[u64]) -> Option<MisereForm> {
    let n = nim_heap_of(heaps)?;
    let genus = Genus::nim_sum(&[n])?;
    Some(MisereForm {
        genus,
        form: if n == 0 { "0".into() } else { format!("*{n}") },
        phylum: Phylum::NimHeap,
        // *1 alone is the one misère P-position among single heaps.
        outcome: if n == 1 { Outcome::P } else { Outcome::N },
    })
}

/// The heap *n that a sum of nim heaps is equivalent to in misère play,
/// when theory gives one (as for `nim_form`).
pub(super) fn nim_heap_of(heaps: &[u64]) -> Option<u64> {
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let big: Vec<u64> = heaps.iter().copied().filter(|&h| h >= 2).collect();
    match (big.as_slice(), ones % 2) {
        ([], 0) => Some(0),
        ([], _) => Some(1),
        ([h], 0) => Some(*h),
        _ => None,
    }
}

/// The genus and misère canonical form of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct MisereForm {
    /// Conway's genus.
    pub genus: Genus,
    /// The canonical form as text (`0`, `*n`, `{…}`), cut at `FORM_CHARS`.
    pub form: String,
    /// Its phylum: tame, generally tame, tameable, restive, ...
    pub phylum: Phylum,
    /// The misère outcome (P or N).
    pub outcome: Outcome,
}

/// Quotients of heap games kept between queries, per game.
#[derive(Default)]
pub struct QuotientCache {
    quotients: HashMap<GameId, MisereQuotient, FxBuildHasher>,
    /// The smallest heap range a quotient could not be computed for.
    failed: HashMap<GameId, u64, FxBuildHasher>,
    /// Games whose pretending function has a proved period, with the
    /// quotient that proved it (THEORY.md §9.7); None: none found within
    /// `PERIOD_RANGES`.
    periodic: HashMap<GameId, Option<(MisereQuotient, QuotientPeriod)>, FxBuildHasher>,
}

/// The heap ranges tried, in turn, for a proved period of the pretending
/// function when a heap is past what the quotient is computed to directly.
const PERIOD_RANGES: [u64; 5] = [32, 64, 128, 256, 512];

/// A single heap at most this size is answered by the expansion; a heap
/// larger than this, alone or in a sum, first from a proved period.
const SINGLE_HEAP_EXPANDED: u64 = 64;

/// The fast path computes quotients with at most this many stored
/// positions (a failure falls back to the expansion).
const FAST_PATH_POSITIONS: usize = 300_000;

/// ... and at most this many steps of the quotient's work (Dawson's Kayles
/// to heap 32 takes fewer; a quotient that keeps growing stops here).
const FAST_PATH_STEPS: u64 = 20_000_000;

/// What a step of the quotient's own work (`QuotientBudget::max_steps`: a
/// position's misère outcome looked up, a candidate's turn) costs in
/// steps of `--max-steps`: about 100 ns, sixteen turns of the lightest
/// loops (docs/PERFORMANCE.md, "What a step costs").
const QUOTIENT_STEP_COST: u64 = 16;

/// A heap game's rules that give up (as a heap option that is not
/// smaller, caught by the caller) once Ctrl-C is pressed.
struct Watched<'a> {
    rules: &'a dyn HeapRules,
    cx: &'a Ctx<'a>,
    stopped: Cell<bool>,
}

impl HeapRules for Watched<'_> {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if self.stopped.get() || self.cx.interrupted() {
            self.stopped.set(true);
            f(&[n]);
            return;
        }
        self.rules.for_each_option(n, f);
    }

    /// Ctrl-C and the session's memory budget, heard inside the work on
    /// one heap.
    fn poll(&self) -> misere::Result<()> {
        if self.stopped.get() || self.cx.interrupted() {
            self.stopped.set(true);
            return Err(MisereError::Interrupted);
        }
        match self.cx.check_memory(self.cx.span) {
            Err(Error::Limit(LimitError::MemoryBudget { limit, held, .. })) => {
                Err(MisereError::Memory { held, limit })
            }
            _ => Ok(()),
        }
    }
}

/// A store of misère forms under what the query `cx` has left of its
/// budgets, hearing `interrupt` (the session's Ctrl-C flag). A step of
/// the forms' work (a comparison of two forms) costs about
/// FORM_STEP_COST of the evaluator's: `--max-steps` is a few seconds of
/// either (`misere_form *4 + *1364` ends in seconds, not 25).
pub(crate) fn budgeted_forms(cx: &Ctx, interrupt: Option<Arc<AtomicBool>>) -> Forms {
    let mut forms = Forms::new(cx.limits.max_positions);
    forms.set_interrupt(interrupt);
    let budget = cx.limits.max_steps.saturating_sub(cx.steps()) / FORM_STEP_COST;
    forms.set_budget(budget, cx.limits.max_memory, crate::mem::held);
    forms
}

/// Charge the query `cx` with the work `forms` did, after `r` came.
pub(crate) fn charge_forms<T>(cx: &Ctx, forms: &Forms, r: Result<T>) -> Result<T> {
    let steps = forms.steps().saturating_mul(FORM_STEP_COST);
    r.and_then(|f| cx.advance(steps).map(|_| f))
}

/// Each heap's options, listed by the solver (rule games).
type HeapTable = Vec<Vec<Vec<u64>>>;

impl Solver {
    /// The genus, canonical form and class of the sum of components `ids`:
    /// every component reachable is expanded once into a game graph, whose
    /// canonical forms are computed bottom-up and added.
    pub(crate) fn misere_form(&mut self, cx: &Ctx, ids: &[u32]) -> Result<MisereForm> {
        if let Some(heaps) = self.nim_heaps(cx, ids)
            && let Some(f) = nim_form(&heaps)
        {
            return Ok(f);
        }
        // The session's Ctrl-C flag, which it gives the partizan store.
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let r = self.misere_form_expanded(cx, ids, &mut forms, false);
        charge_forms(cx, &forms, r)
    }

    /// The misère canonical form of the mate G⁻ of the sum of components
    /// `ids` (THEORY.md §9.10), with its genus and class: of a nim heap
    /// from theory (0⁻ = *, *⁻ = 0, *n⁻ = *n for n ≥ 2), else computed
    /// on the sum's canonical form.
    pub(crate) fn misere_mate(&mut self, cx: &Ctx, ids: &[u32]) -> Result<MisereForm> {
        if let Some(heaps) = self.nim_heaps(cx, ids)
            && let Some(f) = nim_form(&heaps)
        {
            let n = match &*f.form {
                "0" => 1,
                "*1" => 0,
                _ => return Ok(f),
            };
            return Ok(nim_form(&[n]).expect("a heap of 0 or 1 is a nim form"));
        }
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let r = self.misere_form_expanded(cx, ids, &mut forms, true);
        charge_forms(cx, &forms, r)
    }

    /// What `ask` asks of the parts of the misère canonical form of the
    /// sum of components `ids` (THEORY.md §9.11): the parts (other than
    /// 0, * and the form itself, one of each pair H, H + *), the prime
    /// partitions, or whether it is prime; forms as texts, each list in
    /// order of birthday, then text.
    pub(crate) fn misere_parts(&mut self, cx: &Ctx, ids: &[u32], ask: PartsAsk) -> Result<Value> {
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let r = self.misere_parts_in(cx, ids, ask, &mut forms);
        charge_forms(cx, &forms, r)
    }

    fn misere_parts_in(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        ask: PartsAsk,
        forms: &mut Forms,
    ) -> Result<Value> {
        let g = self.misere_form_id(cx, ids, forms)?;
        let e = |e| Self::misere_error(cx, e);
        match ask {
            PartsAsk::IsPrime => Ok(Value::Bool(forms.is_prime(g).map_err(e)?)),
            PartsAsk::Parts => {
                let parts = forms.proper_parts(g).map_err(e)?;
                Self::form_list(cx, forms, parts)
            }
            PartsAsk::Partitions => {
                let mut lists = Vec::new();
                for p in forms.prime_partitions(g).map_err(e)? {
                    lists.push(Self::form_list(cx, forms, p)?);
                }
                Ok(Value::List(lists.into()))
            }
        }
    }

    /// The forms `fs` as a list of texts, by birthday, then text.
    pub(crate) fn form_list(cx: &Ctx, forms: &Forms, fs: Vec<FormId>) -> Result<Value> {
        let mut texts = Vec::with_capacity(fs.len());
        for f in fs {
            cx.tick()?;
            texts.push((forms.birthday(f), Self::form_text(cx, forms, f)?));
        }
        texts.sort();
        Ok(Value::List(
            texts
                .into_iter()
                .map(|(_, t)| Value::Str(t.into()))
                .collect(),
        ))
    }

    /// The whole text of a form (JSON prints it; the text answer
    /// abbreviates it), refused past an eighth of the memory budget.
    pub(super) fn form_text(cx: &Ctx, forms: &Forms, f: FormId) -> Result<String> {
        let cap = (cx.limits.max_memory / 8).min(FORM_MAX_CHARS);
        let shown = forms
            .display_whole(f, cap)
            .map_err(|e| Self::misere_error(cx, e))?;
        shown.ok_or_else(|| {
            SolveError::MisereBudget {
                what: format!("the canonical form is longer than {cap} characters"),
                help: "ask `genus` for its genus, or about a smaller position".into(),
                span: cx.span,
            }
            .into()
        })
    }

    /// The genus of the sum of components `ids`: a sum of nim heaps from
    /// theory (THEORY.md §9.2); anything else from its canonical form (the
    /// form itself, never its text, which may be far longer), or, when the
    /// forms pass a budget, position by position from the definition
    /// (`misere::genus_of_sum`: no forms, a few thousand positions for a
    /// heap of 20).
    pub(crate) fn genus(&mut self, cx: &Ctx, ids: &[u32]) -> Result<Genus> {
        if let Some(heaps) = self.nim_heaps(cx, ids)
            && let Some(g) = Genus::nim_sum(&heaps)
        {
            return Ok(g);
        }
        let (graph, roots) = self.misere_graph(cx, ids)?;
        let mut forms = budgeted_forms(cx, self.partizan.store.interrupt_flag());
        let by_forms = forms.of_graph(&graph).and_then(|all| {
            let parts: Vec<_> = roots.iter().map(|&r| all[r]).collect();
            let f = forms.sum(&parts)?;
            Ok(forms.genus(f).clone())
        });
        let steps = forms.steps().saturating_mul(FORM_STEP_COST);
        drop(forms);
        match by_forms {
            Ok(g) => {
                cx.advance(steps)?;
                Ok(g)
            }
            Err(MisereError::Budget { .. } | MisereError::Memory { .. }) => {
                cx.advance(steps)?;
                Self::genus_direct(cx, &graph, &roots)
            }
            Err(e) => Err(Self::misere_error(cx, e)),
        }
    }

    /// The genus of the sum of nodes `roots` of `graph`, position by
    /// position, at most `--max-positions` of them, each a tick.
    fn genus_direct(cx: &Ctx, graph: &GameGraph, roots: &[usize]) -> Result<Genus> {
        let mut failed = None;
        let r = misere::genus_of_sum(
            graph,
            roots,
            cx.limits.max_positions,
            &mut || match cx.tick() {
                Ok(()) => false,
                Err(e) => {
                    failed = Some(e);
                    true
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        r.map_err(|e| Self::misere_error(cx, e))
    }

    /// The heaps, when every component is a nim heap by definition.
    pub(super) fn nim_heaps(&self, cx: &Ctx, ids: &[u32]) -> Option<Vec<u64>> {
        ids.iter()
            .map(|&id| {
                let c = self.comp(id);
                cx.defs.game(c.game).kind.nim_heap(&c.args)
            })
            .collect()
    }

    /// Every component reachable from the sum `ids`, expanded once into a
    /// game graph, and the node of each of `ids`.
    fn misere_graph(&mut self, cx: &Ctx, ids: &[u32]) -> Result<(GameGraph, Vec<usize>)> {
        let mut node: FxHashMap<u32, usize> = FxHashMap::default();
        let mut comps: Vec<u32> = Vec::new();
        let mut options: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        for &id in ids {
            if let std::collections::hash_map::Entry::Vacant(e) = node.entry(id) {
                e.insert(comps.len());
                comps.push(id);
                options.push(Vec::new());
                stack.push(id);
            }
        }
        while let Some(id) = stack.pop() {
            if comps.len() > cx.limits.max_positions {
                return Err(SolveError::Budget {
                    game: self.comp_name(cx.defs, ids.first().copied().unwrap_or(id)),
                    budget: cx.limits.max_positions,
                    span: cx.span,
                }
                .into());
            }
            self.expand(cx, id)?;
            let opts: Vec<Vec<u32>> = self.options(id).map(<[u32]>::to_vec).collect();
            // The graph's copy of the options, counted before it is made.
            cx.charge(opts.iter().map(|o| 24 + 8 * o.len()).sum(), cx.span)?;
            let mut mine = Vec::with_capacity(opts.len());
            for o in opts {
                cx.tick()?;
                let mut parts = Vec::with_capacity(o.len());
                for p in o {
                    let i = match node.get(&p) {
                        Some(&i) => i,
                        None => {
                            let i = comps.len();
                            node.insert(p, i);
                            comps.push(p);
                            options.push(Vec::new());
                            stack.push(p);
                            i
                        }
                    };
                    parts.push(i);
                }
                mine.push(parts);
            }
            options[node[&id]] = mine;
            cx.tick()?;
        }
        // The forms of the graph's nodes and its topological order (a
        // state, a place in the order and a form for each node), counted
        // before they are made.
        cx.reserve(comps.len().saturating_mul(13), cx.span)?;
        let graph = GameGraph::from_options(options).map_err(|e| Self::misere_error(cx, e))?;
        Ok((graph, ids.iter().map(|id| node[id]).collect()))
    }

    /// The misère canonical form of the sum of components `ids` in
    /// `forms`: every component reachable is expanded once into a game
    /// graph, whose canonical forms are computed bottom-up and added.
    pub(super) fn misere_form_id(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        forms: &mut Forms,
    ) -> Result<FormId> {
        let (graph, roots) = self.misere_graph(cx, ids)?;
        let all = forms
            .of_graph(&graph)
            .map_err(|e| Self::misere_error(cx, e))?;
        let parts: Vec<_> = roots.iter().map(|&r| all[r]).collect();
        forms.sum(&parts).map_err(|e| Self::misere_error(cx, e))
    }

    fn misere_form_expanded(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        forms: &mut Forms,
        mate: bool,
    ) -> Result<MisereForm> {
        let mut f = self.misere_form_id(cx, ids, forms)?;
        if mate {
            f = forms.mate(f).map_err(|e| Self::misere_error(cx, e))?;
        }
        cx.check()?;
        let form = Self::form_text(cx, forms, f)?;
        Ok(MisereForm {
            genus: forms.genus(f).clone(),
            form,
            phylum: forms.phylum(f),
            outcome: match forms.outcome(f) {
                misere::Outcome::P => Outcome::P,
                misere::Outcome::N => Outcome::N,
            },
        })
    }

    /// The misère quotient of heaps 0..=n of `game` with the order after
    /// each heap: from the game's code (octal, hex, subtraction), or from
    /// the solver's options of each heap (a rule game of one parameter).
    pub(crate) fn quotient_history(
        &mut self,
        cx: &Ctx,
        game: GameId,
        n: u64,
    ) -> Result<QuotientHistory> {
        let budget = Self::quotient_budget(cx, cx.limits.max_positions);
        if n > budget.max_heap {
            return Err(SolveError::MisereBudget {
                what: format!(
                    "heap {n} is past the largest heap a quotient may cover ({})",
                    budget.max_heap
                ),
                help: "ask for fewer heaps; the bound is the smaller of 100000 and the position budget (--max-positions)".into(),
                span: cx.span,
            }.into());
        }
        let kind = cx.defs.game(game).kind.clone();
        let r = match kind.heap_code() {
            Some(code) => Self::watched(cx, code, |rules| {
                QuotientHistory::compute(rules, n, &budget)
            }),
            None => {
                let table = self.heap_table(cx, game, n)?;
                let rules = RuleFn(|m: u64, f: &mut dyn FnMut(&[u64])| {
                    for o in &table[m as usize] {
                        f(o);
                    }
                });
                Self::watched(cx, &rules, |rules| {
                    QuotientHistory::compute(rules, n, &budget)
                })
            }
        };
        let h = r.map_err(|e| Self::misere_error(cx, e))?;
        let keep = self
            .quotients
            .quotients
            .get(&game)
            .is_none_or(|q| q.max_heap() < n);
        if keep {
            self.quotients.quotients.insert(game, h.quotient.clone());
        }
        Ok(h)
    }

    /// Run a quotient computation with Ctrl-C heard between heaps.
    fn watched<T>(
        cx: &Ctx,
        rules: &dyn HeapRules,
        f: impl FnOnce(&dyn HeapRules) -> misere::Result<T>,
    ) -> misere::Result<T> {
        let w = Watched {
            rules,
            cx,
            stopped: Cell::new(false),
        };
        let r = f(&w);
        if w.stopped.get() {
            return Err(MisereError::Interrupted);
        }
        r
    }

    fn quotient_budget(cx: &Ctx, positions: usize) -> QuotientBudget {
        let d = QuotientBudget::default();
        QuotientBudget {
            interrupt: None,
            max_positions: positions.min(cx.limits.max_positions),
            max_elements: QuotientBudget::elements_for_memory(cx.limits.max_memory),
            max_heap: d.max_heap.min(cx.limits.max_positions as u64),
            // The fast path of sums gives up early (the caller expands);
            // `quotient` may use the query's whole step budget.
            max_steps: if positions == FAST_PATH_POSITIONS {
                FAST_PATH_STEPS
            } else {
                cx.limits.max_steps.saturating_sub(cx.steps()) / QUOTIENT_STEP_COST
            },
            ..d
        }
    }

    /// The options of heaps 0..=n of a one-parameter game, each a multiset
    /// of heaps of the same game, smaller than the heap moved from.
    fn heap_table(&mut self, cx: &Ctx, game: GameId, n: u64) -> Result<HeapTable> {
        let decl = cx.defs.game(game);
        let not_heap = |reason: String| {
            SolveError::NotAHeapGame {
                game: decl.name.clone(),
                reason,
                span: cx.span,
            }
            .into()
        };
        if decl.kind.partizan() {
            return Err(not_heap("it is partizan".into()));
        }
        if decl.kind.arity() != 1 || decl.kind.graph().is_some() {
            return Err(not_heap(format!(
                "its positions take {} parameters, not one heap",
                decl.kind.arity()
            )));
        }
        let mut table = Vec::new();
        for m in 0..=n {
            let id = self.intern_ints(cx, game, &[m as i64])?;
            self.expand(cx, id)?;
            let opts: Vec<Vec<u32>> = self.options(id).map(<[u32]>::to_vec).collect();
            // The graph's copy of the options, counted before it is made.
            cx.charge(opts.iter().map(|o| 24 + 8 * o.len()).sum(), cx.span)?;
            let mut mine = Vec::with_capacity(opts.len());
            for o in opts {
                cx.tick()?;
                let mut heaps = Vec::with_capacity(o.len());
                for p in o {
                    let c = self.comp(p);
                    let k = match (c.game == game, &c.args[..]) {
                        (true, [Value::Int(k)]) if *k >= 0 => *k as u64,
                        _ => {
                            return Err(not_heap(format!(
                                "{}({m}) has a move to {}",
                                decl.name,
                                self.comp_name(cx.defs, p)
                            )));
                        }
                    };
                    if k >= m {
                        return Err(SolveError::MisereLoopy {
                            what: format!(
                                "{}({m}) has a move to {}({k}), not a smaller heap",
                                decl.name, decl.name
                            ),
                            span: cx.span,
                        }
                        .into());
                    }
                    heaps.push(k);
                }
                mine.push(heaps);
            }
            table.push(mine);
            cx.tick()?;
        }
        Ok(table)
    }

    /// The misère outcome of a sum of at least two heaps of one octal,
    /// hex or subtraction game, read from the game's quotient (computed to
    /// the largest heap and kept); None when the sum is not of that shape
    /// or the quotient is out of reach (the caller then expands the sum).
    pub(super) fn quotient_outcome(&mut self, cx: &Ctx, ids: &[u32]) -> Result<Option<Outcome>> {
        let Some(&first) = ids.first() else {
            return Ok(None);
        };
        let game = self.comp(first).game;
        let kind = cx.defs.game(game).kind.clone();
        let Some(code) = kind.heap_code() else {
            return Ok(None);
        };
        let mut heaps = Vec::with_capacity(ids.len());
        for &id in ids {
            let c = self.comp(id);
            match &c.args[..] {
                [Value::Int(k)] if c.game == game && *k >= 0 => heaps.push(*k as u64),
                _ => return Ok(None),
            }
        }
        let top = heaps.iter().copied().max().unwrap_or(0);
        let direct_max = Self::quotient_budget(cx, FAST_PATH_POSITIONS).max_heap;
        if top > SINGLE_HEAP_EXPANDED.min(direct_max)
            && let Some((q, per)) = self.periodic(cx, game, code)?
        {
            let mut e = 0;
            for &h in &heaps {
                e = q.mul(e, q.pretending_periodic(&per, h));
            }
            return Ok(Some(if q.is_p(e) { Outcome::P } else { Outcome::N }));
        }
        if ids.len() < 2 {
            return Ok(None);
        }
        let known = self
            .quotients
            .quotients
            .get(&game)
            .filter(|q| q.max_heap() >= top)
            .is_some();
        if !known {
            if self.quotients.failed.get(&game).is_some_and(|&f| top >= f) {
                return Ok(None);
            }
            let budget = Self::quotient_budget(cx, FAST_PATH_POSITIONS);
            if top > budget.max_heap {
                return Ok(None);
            }
            match Self::watched(cx, code, |rules| {
                MisereQuotient::compute(rules, top, &budget)
            }) {
                Ok(q) => {
                    self.quotients.quotients.insert(game, q);
                }
                Err(MisereError::Interrupted | MisereError::Memory { .. }) => {
                    cx.check()?;
                    return Ok(None);
                }
                Err(_) => {
                    self.quotients.failed.insert(game, top);
                    return Ok(None);
                }
            }
        }
        let q = &self.quotients.quotients[&game];
        Ok(match q.outcome(&heaps) {
            Ok(misere::Outcome::P) => Some(Outcome::P),
            Ok(misere::Outcome::N) => Some(Outcome::N),
            Err(_) => None,
        })
    }

    /// The quotient of `game` (given by `code`) with a proved period of
    /// its pretending function, computed over the ranges `PERIOD_RANGES`
    /// in turn until one proves a period (THEORY.md §9.7) and kept; None
    /// when none does (never a guess: the caller expands instead).
    fn periodic(
        &mut self,
        cx: &Ctx,
        game: GameId,
        code: &crate::octal::OctalCode,
    ) -> Result<Option<(MisereQuotient, QuotientPeriod)>> {
        if let Some(known) = self.quotients.periodic.get(&game) {
            return Ok(known.clone());
        }
        let budget = Self::quotient_budget(cx, FAST_PATH_POSITIONS);
        let mut found = None;
        for n in PERIOD_RANGES {
            if n > budget.max_heap {
                break;
            }
            match Self::watched(cx, code, |rules| MisereQuotient::compute(rules, n, &budget)) {
                Ok(q) => {
                    if let Some(per) = q.proved_period(code) {
                        found = Some((q, per));
                        break;
                    }
                }
                // What depends on this query's state (Ctrl-C, the memory
                // held, the steps spent so far) is not kept for the next.
                // (Steps here are the fast path's own fixed budget, so
                // they are kept like any other budget.)
                Err(MisereError::Interrupted | MisereError::Memory { .. }) => {
                    cx.check()?;
                    return Ok(None);
                }
                Err(_) => break,
            }
        }
        self.quotients.periodic.insert(game, found.clone());
        Ok(found)
    }

    /// A misère library failure at the query: its one conversion, the
    /// forms' step budget scaled back to the query's steps.
    pub(crate) fn misere_error(cx: &Ctx, e: MisereError) -> Error {
        match e {
            // The forms' and the quotient's budgets are what the query
            // had left, scaled by their step costs: the limit told is the
            // query's own.
            MisereError::Steps { .. } => MisereError::Steps {
                limit: cx.limits.max_steps,
            },
            e => e,
        }
        .at(cx.span)
    }
}
