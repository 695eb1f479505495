//! Misère theory of impartial games, independent of the language: genus,
//! misère canonical forms (hash-consed, with sums), their classification
//! into Hoey's phyla (tame, restive, restless, ...), and misère quotients of heap games with outcomes of sums
//! read from the quotient. The theory is in `docs/THEORY.md` §9.
//!
//! Inputs:
//! - an explicit acyclic game graph ([`GameGraph`]): node → options, each
//!   option a multiset of component nodes (a move may split a position);
//! - a heap game ([`HeapRules`]): heap `n` → options as multisets of smaller
//!   heaps (octal and hex codes, subtraction games, any one-parameter rule).
//!
//! ```
//! use grundy_theory::misere::{Forms, MisereQuotient, QuotientBudget, Outcome};
//! use grundy_theory::octal::OctalCode;
//!
//! // Genus and canonical forms: Kayles heaps, and a sum of two of them.
//! let kayles = OctalCode::parse("0.77").unwrap();
//! let mut forms = Forms::new(1_000_000);
//! let heap = forms.of_heaps(&kayles, 8).unwrap();
//! assert_eq!(forms.genus(heap[5]).to_string(), "4^{146}");
//! let sum = forms.add(heap[5], heap[3]).unwrap();
//! assert_eq!(forms.outcome(sum), Outcome::N);
//!
//! // The misère quotient of 0.75 (heaps 0..=10) and an outcome read from it.
//! let q = MisereQuotient::compute(&OctalCode::parse("0.75").unwrap(), 10,
//!     &QuotientBudget::default()).unwrap();
//! assert_eq!(q.order(), 8);
//! assert_eq!(q.outcome(&[2, 2]).unwrap(), Outcome::P);
//! assert_eq!(q.outcome(&[1, 2, 2]).unwrap(), Outcome::N);
//! ```
//!
//! Nothing here recurses on the size of a game: canonical forms, sums and the
//! quotient search use explicit stacks, and every store has a budget that
//! ends in a [`MisereError`] instead of a panic or an unbounded run.

mod canon;
mod days;
mod genus;
mod genus_sums;
mod input;
mod mate;
mod partizan;
mod partizan_reduce;
mod parts;
mod phylum;
mod predicates;
mod quotient;

#[cfg(test)]
mod days_tests;
#[cfg(test)]
mod genus_sums_tests;
#[cfg(test)]
mod mate_tests;
#[cfg(test)]
mod partizan_reduce_tests;
#[cfg(test)]
mod partizan_tests;
#[cfg(test)]
mod parts_tests;
#[cfg(test)]
mod period_tests;
#[cfg(test)]
mod predicates_tests;
#[cfg(test)]
mod refine_tests;
#[cfg(test)]
mod tests;

pub use canon::{FormId, Forms};
pub use days::MAX_MISERE_DAY;
pub use genus::Genus;
pub use genus_sums::genus_of_sum;
pub use input::{GameGraph, HeapRules, RuleFn};
pub use partizan::{MAX_HEIGHT, PFormId, PartizanForms, Universe};
pub use parts::MAX_DIFFERENCE_CHOICES;
pub use phylum::Phylum;
pub use quotient::{
    CheckpointError as QuotientCheckpointError, Element, Found, MisereQuotient, NoEvents,
    QuotientBudget, QuotientEvents, QuotientHistory, QuotientPeriod, QuotientRun, QuotientStage,
    QuotientState, Relation, StageRecord, Stages, proof_range,
};

/// A failure of a misère computation: a budget, or input that is not an
/// acyclic game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// A store or a search passed its size budget.
    #[error("more than {limit} {what}")]
    Budget {
        /// What was counted, in the plural (`misère canonical forms`,
        /// `elements of the misère quotient`, …).
        what: &'static str,
        /// The most of them allowed.
        limit: usize,
    },

    /// A game graph's option names a node the graph does not have.
    #[error("node {node} lists an option part {part}, but the graph has {len} nodes")]
    BadNode {
        /// The node whose option it is.
        node: usize,
        /// The index out of range (`node` itself when that is out of range).
        part: usize,
        /// The number of nodes.
        len: usize,
    },

    /// The game graph has a cycle: it is not a game that ends.
    #[error("the game graph has a cycle through node {node}")]
    Cycle {
        /// A node on the cycle.
        node: usize,
    },

    /// A heap game's rule gave a heap an option with a heap at least as large.
    #[error("heap {heap} has an option with a heap of {part}, not smaller than itself")]
    HeapNotSmaller {
        /// The heap whose option it is.
        heap: u64,
        /// The heap in that option that is not smaller.
        part: u64,
    },

    /// A heap beyond those the quotient covers.
    #[error("heap {heap} is outside the quotient, which covers heaps 0..={max}")]
    HeapOutOfRange {
        /// The heap asked about.
        heap: u64,
        /// The largest heap the quotient covers.
        max: u64,
    },

    /// The bytes held passed the memory budget.
    #[error("memory budget exceeded: {held} bytes held, the budget is {limit}")]
    Memory {
        /// The bytes held, with those about to be stored, when the budget
        /// was looked at.
        held: usize,
        /// The memory budget, in bytes.
        limit: usize,
    },

    /// The work passed the step budget.
    #[error("more than {limit} steps of misère canonical forms")]
    Steps {
        /// The step budget.
        limit: u64,
    },

    /// The interrupt flag was set: the computation was cancelled.
    #[error("interrupted")]
    Interrupted,

    /// A check inside the quotient search failed: a bug, not a property of
    /// the game.
    #[error("internal inconsistency in the misère quotient search: {what}")]
    Internal {
        /// Which check failed.
        what: String,
    },

    /// A [`FormId`] that this [`Forms`] store did not make.
    #[error("form {id} is not in this store ({len} forms)")]
    BadForm {
        /// The id given.
        id: u32,
        /// The number of forms in the store (the valid ids are below it).
        len: usize,
    },
}

impl MisereError {
    /// A stable name for the failure (`grundy_theory::…`), for a front end
    /// that tells its errors apart by code.
    pub fn code(&self) -> &'static str {
        match self {
            MisereError::Budget { .. } => "grundy_theory::misere::budget",
            MisereError::BadNode { .. } => "grundy_theory::misere::bad_node",
            MisereError::Cycle { .. } => "grundy_theory::misere::cycle",
            MisereError::HeapNotSmaller { .. } => "grundy_theory::misere::heap_not_smaller",
            MisereError::HeapOutOfRange { .. } => "grundy_theory::misere::heap_out_of_range",
            MisereError::Memory { .. } => "grundy_theory::misere::memory",
            MisereError::Steps { .. } => "grundy_theory::misere::steps",
            MisereError::Interrupted => "grundy_theory::misere::interrupted",
            MisereError::Internal { .. } => "grundy_theory::misere::internal",
            MisereError::BadForm { .. } => "grundy_theory::misere::bad_form",
        }
    }

    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            MisereError::Budget { .. } => {
                "raise the budget, or ask about fewer or smaller positions"
            }
            MisereError::BadNode { .. } => {
                "every option part must be the index of a node of the graph"
            }
            MisereError::Cycle { .. } => {
                "genus, canonical forms and quotients are defined for games that end; use the loopy solver for games with cycles"
            }
            MisereError::HeapNotSmaller { .. } => {
                "a heap game's options must be sums of strictly smaller heaps"
            }
            MisereError::HeapOutOfRange { .. } => "compute the quotient for larger heaps first",
            MisereError::Memory { .. } => "ask for fewer heaps, or raise the memory budget",
            MisereError::Steps { .. } => {
                "ask about a smaller position, or raise the step budget (--max-steps)"
            }
            MisereError::Interrupted => {
                "the computation was cancelled; ask again, or with a smaller range"
            }
            MisereError::Internal { .. } => {
                "this is a bug in grundy; please report the game and heap range"
            }
            MisereError::BadForm { .. } => "use only form ids returned by the same `Forms` store",
        }
    }
}

/// The result of a misère computation.
pub type Result<T, E = MisereError> = std::result::Result<T, E>;

/// The misère outcome of a position: `P` (the previous player wins) or `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The previous player (the one not to move) wins.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// The budgets of a store of forms: the interrupt flag, the work done and
/// its budget, and the memory budget with how to read the bytes held.
#[derive(Debug, Clone)]
pub(crate) struct Watch {
    pub(crate) interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    pub(crate) steps: u64,
    max_steps: u64,
    max_memory: usize,
    held: Option<fn() -> isize>,
}

impl Watch {
    /// No budget, no flag.
    pub(crate) fn new() -> Watch {
        Watch {
            interrupt: None,
            steps: 0,
            max_steps: u64::MAX,
            max_memory: usize::MAX,
            held: None,
        }
    }

    /// At most `max_steps` units of work and `held()` at most `max_memory`
    /// bytes; resets the count of steps.
    pub(crate) fn set_budget(&mut self, max_steps: u64, max_memory: usize, held: fn() -> isize) {
        self.steps = 0;
        self.max_steps = max_steps;
        self.max_memory = max_memory;
        self.held = Some(held);
    }

    /// Counts `n` units of work (an error past the budget); true once in
    /// 1,024, when the caller looks at the flag and the memory.
    pub(crate) fn count(&mut self, n: u64) -> Result<bool> {
        let before = self.steps;
        self.steps = before.saturating_add(n);
        if self.steps > self.max_steps {
            return Err(MisereError::Steps {
                limit: self.max_steps,
            });
        }
        Ok(before >> 10 != self.steps >> 10)
    }

    /// Fails when the bytes held plus `more` pass the memory budget.
    pub(crate) fn check_held(&self, more: usize) -> Result<()> {
        if let Some(held) = self.held {
            let held = (held().max(0) as usize).saturating_add(more);
            if held > self.max_memory {
                return Err(MisereError::Memory {
                    held,
                    limit: self.max_memory,
                });
            }
        }
        Ok(())
    }
}

/// Returns `Err(Interrupted)` if the flag is set; called every few
/// thousand steps of a long computation.
pub(crate) fn check_interrupt(
    flag: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Result<()> {
    match flag {
        Some(f) if f.load(std::sync::atomic::Ordering::Relaxed) => Err(MisereError::Interrupted),
        _ => Ok(()),
    }
}

/// Smallest natural number not in `vals`.
pub(crate) fn mex(vals: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = vals.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}
