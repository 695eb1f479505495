//! Expanding a component: its kind lists the options (`GameKind::options`)
//! into an `OptionSink`, the solver's `Expander`, which interns each part
//! and stores the options flat (`Adjacency`). Values that theory gives without expanding come
//! from `GameKind::known_value`.

use crate::error::{Error, Result};
use crate::eval::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Value};

use super::{Adjacency, SINGLE, Solver};

/// The solver's end of a kind's option listing: each part is interned as
/// it arrives and each option stored at once.
struct Expander<'s, 'c> {
    solver: &'s mut Solver,
    cx: &'s Ctx<'c>,
    /// The game of the component being expanded (blamed by budgets).
    game: GameId,
    /// The parts of the option being written.
    ids: Vec<u32>,
}

impl OptionSink for Expander<'_, '_> {
    #[inline]
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        self.solver.push_single(self.cx, self.game, id)
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        if let [p] = parts {
            let arity = p.arity.min(3);
            for k in ks.0..ks.1 {
                self.cx.tick()?;
                let args = p.args(k);
                let id = self.solver.intern_ints(self.cx, p.game, &args[..arity])?;
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
        let id = self.solver.intern_list(self.cx, game, items, len)?;
        self.solver.push_single(self.cx, self.game, id)
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        self.ids.push(id);
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        let id = self.solver.intern(self.cx, game, args)?;
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
    /// A value known without expanding (a nim-heap's size, an octal heap
    /// from its nim-sequence).
    #[inline]
    pub(super) fn fast_grundy(&mut self, cx: &Ctx, id: u32) -> Result<Option<u64>> {
        let comp = self.comp(id);
        if let Some(table) = self.dense.get(&comp.game)
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
    pub fn expand(&mut self, cx: &Ctx, id: u32) -> Result<()> {
        if self.is_expanded(id) {
            return Ok(());
        }
        // Checked once per expansion: small expansions never reach the
        // evaluator's own periodic check.
        cx.check()?;
        let comp = self.comp(id).clone();
        let kind = cx.defs.game(comp.game).kind.clone();
        let first_opt = self.opt_end.len() as u32;
        let first_part = self.parts.len();
        self.all_single = true;
        self.first_part = first_part;
        let ids = std::mem::take(&mut self.option_ids);
        let mut sink = Expander {
            solver: self,
            cx,
            game: comp.game,
            ids,
        };
        let result = kind.options(cx, comp.game, &comp.args, &mut sink);
        let mut ids = sink.ids;
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
            return Err(self.move_budget(cx, game));
        }
        if self.all_single {
            self.all_single = false;
            let (from, to) = (self.first_part as u32 + 1, self.parts.len() as u32);
            self.opt_end.extend(from..=to);
        }
        self.parts.extend_from_slice(parts);
        self.opt_end.push(self.parts.len() as u32);
        Ok(())
    }

    #[inline]
    fn push_single(&mut self, cx: &Ctx, game: GameId, part: u32) -> Result<()> {
        if !self.edges_left(1) {
            return Err(self.move_budget(cx, game));
        }
        self.parts.push(part);
        if !self.all_single {
            self.opt_end.push(self.parts.len() as u32);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn move_budget(&self, cx: &Ctx, game: GameId) -> Error {
        Error::MoveBudget {
            game: cx.defs.game(game).name.clone(),
            budget: cx.limits.max_edges(),
            span: cx.span,
        }
    }
}
