//! What every computation of one query needs besides the solver's caches:
//! the definitions, the interrupt flag (Ctrl-C), the limits, and the span a
//! failure is blamed on. One `Ctx` per query (or per `let`): its counters
//! start at zero, so no query is charged for what an earlier one did.
//!
//! A `Ctx`  is made for every statement: the definitions,
//! the interrupt flag, the `Limits` (`--max-positions`, `--max-memory`,
//! `--max-steps`) and the span to blame. Its counters start at zero, so a
//! query is never charged for what an earlier one did:
//!
//! - **Positions and moves**: `Solver::begin_query` records how many
//!   components, stored moves and misère nodes exist; the query may add its
//!   whole budget on top (the caches of earlier queries survive, their
//!   charges do not). The budget's diagnostic names the game with the most
//!   positions added by this query.
//! - **Memory**: the global allocator (`grundy_theory::mem`) counts the bytes the
//!   session's thread holds (under `--jobs`, each worker's). `Ctx::tick` (every loop turn, read once in
//!   1,024) and `Ctx::charge` (after storing a large value: a list, a
//!   position's arguments, a misère or state-graph node) compare it with
//!   `--max-memory`. Before each statement, caches holding more than half the
//!   budget are dropped.
//! - **Steps**: every `tick` counts a step against `--max-steps`.
//! - **Depth**: every search of the solver (the Grundy, partizan and misère
//!   DFSs, the breadth-first sum graph) stops when its path (or layer) passes
//!   `--max-depth` moves (`solve/chain.rs`): its positions are all new, so a
//!   longer chain is most likely a move line that grows without end. The
//!   diagnostic finds the move line only then, through
//!   `GameKind::move_line` (a rule game lists each line again on its own:
//!   `RuleSet::line_of`).
//! - **Sizes**: lists (comprehensions, ranges, `+`) hold at most 10,000,000
//!   elements; positions nest values at most 1,000 deep (hashing, comparing
//!   and freeing values recurse); a heap whose options outnumber the move
//!   budget is refused before listing them (`OctalCode::option_count`).
//! - **Searches**: kernel searches take `SearchLimits` (branchings,
//!   propagation steps, solutions listed, and a `stop` callback the query
//!   wires to Ctrl-C and the memory budget).

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::error::LimitError;
use crate::error::Result;
use crate::mem;
use crate::source::Span;

use super::Defs;

/// The limits every query runs under (`--max-positions`, `--max-memory`,
/// `--max-steps`, `--max-depth`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions one query may add: interned components, misère sum
    /// positions, nodes of a state graph; also the values an octal game's
    /// nim-sequence may hold.
    pub max_positions: usize,
    /// Bytes the session may hold while a query runs (its definitions,
    /// caches and the query's own data), as counted by the allocator.
    pub max_memory: usize,
    /// Loop turns one query may take: evaluation loops, comprehensions,
    /// options listed, search steps.
    pub max_steps: u64,
    /// Moves along one chain of positions the solver follows, each to a
    /// position not met before on it (the expansion's depth): a longer
    /// chain stops the query with `grundy::solve::unbounded`, as a game
    /// whose moves keep making new positions would never end.
    pub max_depth: usize,
    /// The options (Left's and Right's together) a part may have for
    /// `outcome P by search` to take its canonical value instead of
    /// searching it (`--search-parts`; 0: search every part).
    pub search_parts: usize,
    /// Bytes the table of decided positions of `outcome P by search` may
    /// hold (`--search-table`; 0: a quarter of `max_memory`); the search's
    /// cache of the parts it met holds at most the same. When full, the
    /// table drops its cheapest entries.
    pub search_table: usize,
    /// The search of `outcome P by search` (`--search-algo`): proof-number
    /// search (df-pn, the default) or depth-first alpha-beta.
    pub search_algo: SearchAlgo,
}

/// The search `outcome P by search` runs (THEORY.md §6.15): both find the
/// same outcomes and winning moves; they differ in the positions they
/// expand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchAlgo {
    /// Depth-first proof-number search (Nagai's df-pn), best first by
    /// proof and disproof numbers; the default (docs/PERFORMANCE.md,
    /// "df-pn sound, and the default").
    #[default]
    Dfpn,
    /// Depth-first AND/OR search with the moves ordered by mobility.
    AlphaBeta,
}

/// The default position budget.
pub const DEFAULT_MAX_POSITIONS: usize = 5_000_000;
/// The default memory budget: 640 MiB, so that a query stays well under a
/// gigabyte of resident memory with the allocator's own overhead.
pub const DEFAULT_MAX_MEMORY: usize = 640 << 20;
/// The default step budget: about a minute of one core. A step is weighed
/// to take about the same time in every loop that counts them (2–12 ns,
/// 7 ns at the median, measured loop by loop under load:
/// docs/PERFORMANCE.md, "What a step costs"), so a runaway ends after
/// 25 s to 2 minutes whatever it loops in, and a query that would answer
/// in a few seconds is never stopped.
pub const DEFAULT_MAX_STEPS: u64 = 10_000_000_000;
/// The default depth: a million moves in one chain, a few seconds of
/// expansion, and deeper than a heap of a million tokens taken one at a
/// time.
pub const DEFAULT_MAX_DEPTH: usize = 1_000_000;
/// The default `search_parts`: a Domineering region of about five cells.
/// A part's value costs its whole game tree and a search only a proof, so
/// values pay for the smallest parts only (Domineering 6×6 takes 3.5 s
/// with 8, 19 s with 24; docs/PERFORMANCE.md).
pub const DEFAULT_SEARCH_PARTS: usize = 8;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_memory: DEFAULT_MAX_MEMORY,
            max_steps: DEFAULT_MAX_STEPS,
            max_depth: DEFAULT_MAX_DEPTH,
            search_parts: DEFAULT_SEARCH_PARTS,
            search_table: 0,
            search_algo: SearchAlgo::Dfpn,
        }
    }
}

impl Limits {
    /// The defaults with another position budget.
    pub fn positions(max_positions: usize) -> Self {
        Limits {
            max_positions,
            ..Limits::default()
        }
    }

    /// The values `period` of an octal or subtraction code may compute: a
    /// share of the position budget (`PERIOD_SHARE`), at least 1,000.
    pub fn period_values(&self) -> usize {
        (self.max_positions / PERIOD_SHARE)
            .max(1000)
            .min(self.max_positions)
    }

    /// How many kernels (or kernel sequences) of a graph of `vertices`
    /// vertices `kernels` and `kernel_sequences` list: as many as an eighth
    /// of `max_memory` holds (a listed vertex costs about 40 bytes with its
    /// name), so the cap is the memory option; 80,000 kernels of a
    /// 24-vertex graph under the default.
    pub fn kernels_listed(&self, vertices: usize) -> usize {
        (self.max_memory / 8 / (40 * vertices + 64)).max(1)
    }

    /// Moves (edges) one query may store: 64 per position of the budget,
    /// at most 250 million (a move costs about 4 bytes).
    pub fn max_edges(&self) -> usize {
        self.max_positions
            .saturating_mul(64)
            .min(250_000_000usize.max(self.max_positions))
    }
}

/// `period` of an octal or subtraction code computes at most
/// `--max-positions` / this many values (100,000 by default, a few seconds
/// of the slowest codes): a code whose period is not proved by then (0.007)
/// answers in seconds, and the answer names the option that looks further.
pub const PERIOD_SHARE: usize = 50;

/// Bytes charged between two looks at the memory actually held.
const CHARGE_QUANTUM: usize = 8 << 20;

pub struct Ctx<'a> {
    pub defs: &'a Defs,
    pub interrupt: &'a AtomicBool,
    pub limits: Limits,
    /// Where a failure is reported (the query).
    pub span: Span,
    /// The steps counted, on a counter the partizan store may share
    /// (`Ctx::sharing`).
    steps: Arc<AtomicU64>,
    /// Bytes announced by `charge` since memory was last looked at.
    charged: Cell<usize>,
}

impl<'a> Ctx<'a> {
    #[cfg(test)]
    pub fn new(defs: &'a Defs, interrupt: &'a AtomicBool, limits: Limits, span: Span) -> Self {
        Self::sharing(defs, interrupt, limits, span, Arc::new(AtomicU64::new(0)))
    }

    /// `new`, counting steps on `steps`: the partizan store's counter
    /// (`GameStore::step_counter`), so that the query's evaluation and
    /// the store's arithmetic spend one `--max-steps` between them.
    pub fn sharing(
        defs: &'a Defs,
        interrupt: &'a AtomicBool,
        limits: Limits,
        span: Span,
        steps: Arc<AtomicU64>,
    ) -> Self {
        Ctx {
            defs,
            interrupt,
            limits,
            span,
            steps,
            charged: Cell::new(0),
        }
    }

    /// The steps counted so far.
    pub fn steps(&self) -> u64 {
        self.steps.load(Ordering::Relaxed)
    }

    /// Whether Ctrl-C was pressed.
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// Fails when Ctrl-C was pressed.
    #[inline]
    pub fn check(&self) -> Result<()> {
        self.check_at(self.span)
    }

    /// `check`, blaming `span`; also looks at the memory held.
    pub fn check_at(&self, span: Span) -> Result<()> {
        if self.interrupted() {
            return Err(LimitError::Interrupted { span }.into());
        }
        self.check_memory(span)
    }

    /// Fails when the session holds more than the memory budget.
    #[inline]
    pub fn check_memory(&self, span: Span) -> Result<()> {
        self.charged.set(0);
        let held = mem::held().max(0) as usize;
        if held > self.limits.max_memory {
            return Err(LimitError::MemoryBudget {
                limit: self.limits.max_memory,
                held,
                span,
            }
            .into());
        }
        Ok(())
    }

    /// Called in every loop: counts a step and, once in 1,024, reads the
    /// interrupt flag and the memory held.
    #[inline]
    pub fn tick(&self) -> Result<()> {
        self.tick_at(self.span)
    }

    #[inline]
    pub fn tick_at(&self, span: Span) -> Result<()> {
        let t = self.steps.load(Ordering::Relaxed) + 1;
        self.steps.store(t, Ordering::Relaxed);
        if t & 0x3ff == 0 {
            return self.every_1024(t, span);
        }
        Ok(())
    }

    /// Count `n` steps at once (a loop whose turns need no other check),
    /// with the checks `tick` would make on the way.
    #[inline]
    pub fn advance(&self, n: u64) -> Result<()> {
        self.advance_at(n, self.span)
    }

    /// `advance`, blaming `span`.
    #[inline]
    pub fn advance_at(&self, n: u64, span: Span) -> Result<()> {
        let before = self.steps.load(Ordering::Relaxed);
        let t = before.saturating_add(n);
        self.steps.store(t, Ordering::Relaxed);
        if (before >> 10) != (t >> 10) {
            return self.every_1024(t, span);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn every_1024(&self, steps: u64, span: Span) -> Result<()> {
        crate::progress::tick();
        if steps > self.limits.max_steps {
            return Err(LimitError::StepBudget {
                limit: self.limits.max_steps,
                span,
            }
            .into());
        }
        self.check_at(span)
    }

    /// Fails, before anything is built, when `bytes` more would take the
    /// session past the memory budget; counts one step per 64 bytes (the
    /// work of building them), with the checks `tick` makes on the way.
    /// Builtins call it with what a result will hold, so that a value too
    /// large for the budget is refused instead of allocated.
    pub fn reserve(&self, bytes: usize, span: Span) -> Result<()> {
        let held = mem::held().max(0) as usize;
        let after = held.saturating_add(bytes);
        if after > self.limits.max_memory {
            return Err(LimitError::MemoryBudget {
                limit: self.limits.max_memory,
                held: after,
                span,
            }
            .into());
        }
        let before = self.steps.load(Ordering::Relaxed);
        let t = before.saturating_add((bytes / 64) as u64);
        self.steps.store(t, Ordering::Relaxed);
        if (before >> 10) != (t >> 10) {
            return self.every_1024(t, span);
        }
        Ok(())
    }

    /// Announce that about `bytes` were just stored: memory is looked at
    /// once the announcements add up to a few megabytes, so that a few
    /// large values cannot run far past the budget between two ticks.
    #[inline]
    pub fn charge(&self, bytes: usize, span: Span) -> Result<()> {
        let c = self.charged.get().saturating_add(bytes);
        self.charged.set(c);
        if c >= CHARGE_QUANTUM {
            return self.check_memory(span);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::GameStore;

    /// The partizan store's steps and the evaluator's are one budget: what
    /// one spent, the other no longer has.
    #[test]
    fn the_store_and_the_evaluator_spend_one_step_budget() {
        let defs = Defs::new();
        let interrupt = AtomicBool::new(false);
        let limits = Limits {
            max_steps: 5000,
            ..Limits::default()
        };
        let mut store = GameStore::new();
        store.set_budget(limits.max_steps, usize::MAX, mem::held);
        let cx = Ctx::sharing(
            &defs,
            &interrupt,
            limits,
            Span::default(),
            store.step_counter(),
        );
        let zero = store.zero();
        let star = store.game(&[zero], &[zero]).expect("* within the budget");
        assert!(cx.steps() > 0, "the store's steps are the query's");
        let spent = cx.steps();
        cx.advance(limits.max_steps - spent)
            .expect("the rest of the budget");
        assert!(
            store.game(&[star, zero], &[zero]).is_err(),
            "the store must stop once the evaluator spent the budget"
        );
    }
}
