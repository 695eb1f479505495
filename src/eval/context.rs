//! What every computation of one query needs besides the solver's caches:
//! the definitions, the interrupt flag (Ctrl-C), the budget, and the span
//! a failure is blamed on. Passed as one value instead of four.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, Result};
use crate::source::Span;

use super::Defs;

pub struct Ctx<'a> {
    pub defs: &'a Defs,
    pub interrupt: &'a AtomicBool,
    /// The position budget: interned positions, sum-graph nodes, and the
    /// values an octal heap game may compute.
    pub budget: usize,
    /// Where a failure is reported (the query).
    pub span: Span,
    ticks: Cell<u32>,
}

impl<'a> Ctx<'a> {
    pub fn new(defs: &'a Defs, interrupt: &'a AtomicBool, budget: usize, span: Span) -> Self {
        Ctx {
            defs,
            interrupt,
            budget,
            span,
            ticks: Cell::new(0),
        }
    }

    /// The same context blaming another span.
    pub fn at(&self, span: Span) -> Ctx<'a> {
        Ctx::new(self.defs, self.interrupt, self.budget, span)
    }

    /// Whether Ctrl-C was pressed.
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// Fails when Ctrl-C was pressed.
    #[inline]
    pub fn check(&self) -> Result<()> {
        if self.interrupted() {
            return Err(Error::Interrupted { span: self.span });
        }
        Ok(())
    }

    /// Called in every loop: reads the flag once in 1,024 calls.
    #[inline]
    pub fn tick(&self) -> Result<()> {
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if t & 0x3ff == 0 {
            return self.check();
        }
        Ok(())
    }
}
