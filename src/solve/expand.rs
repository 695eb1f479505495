//! Expanding a component: its kind lists the options (`GameKind::options`,
//! as `Part`s), and the solver interns each part and stores the options
//! flat (`Adjacency`). Values that theory gives without expanding come
//! from `GameKind::known_value`.

use crate::error::{Error, Result};
use crate::eval::{Ctx, GameId, OptionChunk, OptionOut, Part};

use super::{Adjacency, SINGLE, Solver};

impl Solver {
    /// A value known without expanding (a nim-heap's size, an octal heap
    /// from its nim-sequence).
    #[inline]
    pub(super) fn fast_grundy(&mut self, cx: &Ctx, id: u32) -> Result<Option<u64>> {
        let comp = self.comp(id);
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
        let storage = std::mem::take(&mut self.chunk);
        let (result, storage) = {
            let mut take = |chunk: &OptionChunk| self.take_chunk(cx, comp.game, chunk);
            let mut out = OptionOut::new(storage, &mut take);
            match kind.options(cx, comp.game, &comp.args, &mut out) {
                Ok(()) => out.finish(),
                Err(e) => (Err(e), out.into_chunk()),
            }
        };
        self.chunk = storage;
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

    /// Intern and store a chunk of options of a component of `game`.
    fn take_chunk(&mut self, cx: &Ctx, game: GameId, chunk: &OptionChunk) -> Result<()> {
        let mut ids = std::mem::take(&mut self.option_ids);
        for opt in chunk.options() {
            cx.tick()?;
            if let [p] = opt {
                let id = self.intern_part(cx, p, chunk)?;
                self.push_single(cx, game, id)?;
                continue;
            }
            ids.clear();
            for p in opt {
                ids.push(self.intern_part(cx, p, chunk)?);
            }
            self.push_option(cx, game, &ids)?;
        }
        self.option_ids = ids;
        Ok(())
    }

    #[inline]
    fn intern_part(&mut self, cx: &Ctx, p: &Part, chunk: &OptionChunk) -> Result<u32> {
        match *p {
            Part::Ints { game, n, ints } => self.intern_ints(cx, game, &ints[..n as usize]),
            Part::List { game, len, items } => self.intern_list(cx, game, items, len as usize),
            Part::Args { game, start, end } => self.intern(cx, game, chunk.part_args(start, end)),
        }
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
