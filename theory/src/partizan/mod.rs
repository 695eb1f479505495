//! Partizan short games: canonical forms, sums, comparison, outcomes,
//! thermographs and CGSuite-style notation.
//!
//! A pure library, independent of the language. A caller that has a finite
//! acyclic state graph computes values bottom-up: for each position it hands
//! the values of its Left and Right options to [`GameStore::game`], which
//! returns the canonical value `{L1, L2, … | R1, R2, …}` as a small
//! [`ValueId`]. Every distinct canonical form is stored once, so equal values
//! have equal ids. The theory (simplification, number avoidance, cuts,
//! thermographs, the notation) is written up in `docs/THEORY.md` §6.
//!
//! ```
//! use grundy_theory::partizan::{GameStore, Outcome, parse};
//!
//! let mut store = GameStore::new();
//! let zero = store.zero();
//! let one = store.game(&[zero], &[]).unwrap(); // {0 | } = 1
//! let g = store.game(&[one, zero], &[zero]).unwrap(); // {1, 0 | 0}: 0 is dominated
//! assert_eq!(store.display(g), "{1|0}");
//! assert_eq!(store.outcome(g), Outcome::N);
//! assert_eq!(store.mean(g).unwrap().to_string(), "1/2");
//! assert_eq!(store.temperature(g).unwrap().to_string(), "1/2");
//! assert_eq!(parse(&mut store, "{1|0}").unwrap(), g);
//! let h = parse(&mut store, "^*").unwrap();
//! let sum = store.add(g, h).unwrap();
//! assert_eq!(store.outcome(sum), Outcome::L); // Right has no good move
//! assert!(store.confused(h, zero));
//! ```
//!
//! Depth: comparison, sums and canonicalisation recurse on the *height* of a
//! value (its nesting of non-number forms; numbers cost nothing), which the
//! store bounds by [`Limits::max_height`].

mod algebra;
mod algebra_inf;
mod arith;
mod canon;
mod display;
mod dyadic;
mod latex;
pub mod loopy;
mod methods;
mod nim_mul;
mod parse;
mod predicates;
mod store;
mod thermo;

#[cfg(test)]
mod algebra_games;
#[cfg(test)]
mod algebra_inf_tests;
#[cfg(test)]
mod algebra_tests;
#[cfg(test)]
mod methods_tests;
#[cfg(test)]
mod tests;

pub use algebra::{
    AlgebraError, cool, heat, left_incentives, norton, ordinal, overheat, right_incentives, times,
};
pub use algebra_inf::{atomic_weight, far_star, ge_inf, is_all_small, reduced};
pub use display::{CUT, MAX_TEXT, ValueJson, ValueKind};
pub use dyadic::{Bound, Dyadic, MAX_EXP};
pub use latex::latex_of_text;
pub use methods::{MAX_DAY, born_by, companion, freeze, parity, pow, pow_to, stop_count, temper};
pub use nim_mul::{mex_table, nim_div, nim_inv, nim_mul, nim_pow};
pub use parse::{ParseError, parse};
pub use predicates::{
    Followers, Uptimal, followers, is_infinitesimal, is_number_tiny, is_numberish,
    sorted_followers, uptimal_expansion,
};
pub use store::{Comparison, GameStore, Limits, Outcome, ValueId};
pub use thermo::{Thermograph, Wall};

/// A failure of the game arithmetic itself (not of parsing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartizanError {
    /// A number does not fit: a numerator past 64 bits, or a denominator
    /// past 2^62 ([`MAX_EXP`]).
    #[error(
        "a number in this game does not fit (numerators are 64-bit, denominators at most 2^62)"
    )]
    Overflow,

    /// A value would be nested deeper than [`Limits::max_height`].
    #[error("this game is nested too deeply: height {height} exceeds the limit {limit}")]
    TooDeep {
        /// The height it would have.
        height: u32,
        /// The store's limit.
        limit: u32,
    },

    /// A canonical form would have more options on one side than
    /// [`Limits::max_options`].
    #[error("this game has {count} options on one side, more than the limit {limit}")]
    TooManyOptions {
        /// The number of options on that side.
        count: usize,
        /// The store's limit.
        limit: usize,
    },

    /// The store would hold more values than [`Limits::max_values`].
    #[error("more than {limit} distinct game values")]
    TooManyValues {
        /// The store's limit.
        limit: usize,
    },

    /// The step budget of [`GameStore::set_budget`] ran out.
    #[error("more than {limit} steps of game arithmetic")]
    StepBudget {
        /// The step budget.
        limit: u64,
    },

    /// The bytes held passed the memory budget of [`GameStore::set_budget`].
    #[error("memory budget exceeded: {held} bytes held, the budget is {limit}")]
    Memory {
        /// The bytes held when the budget was looked at.
        held: usize,
        /// The memory budget, in bytes.
        limit: usize,
    },

    /// The store's interrupt flag was set ([`GameStore::set_interrupt`]).
    #[error("interrupted")]
    Interrupted,
}

impl PartizanError {
    /// A stable name for the failure (`grundy_theory::…`), for a front end
    /// that tells its errors apart by code.
    pub fn code(&self) -> &'static str {
        match self {
            PartizanError::Overflow => "grundy_theory::partizan::overflow",
            PartizanError::TooDeep { .. } => "grundy_theory::partizan::too_deep",
            PartizanError::TooManyOptions { .. } => "grundy_theory::partizan::too_many_options",
            PartizanError::TooManyValues { .. } => "grundy_theory::partizan::too_many_values",
            PartizanError::StepBudget { .. } => "grundy_theory::partizan::steps",
            PartizanError::Memory { .. } => "grundy_theory::partizan::memory",
            PartizanError::Interrupted => "grundy_theory::partizan::interrupted",
        }
    }

    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            PartizanError::Overflow => {
                "the values involved are too large or too finely divided; use smaller positions"
            }
            PartizanError::TooDeep { .. } => {
                "the height counts nested non-number options; split the game into a sum of smaller games"
            }
            PartizanError::TooManyOptions { .. } => {
                "canonical forms with this many options are too costly; use a smaller game"
            }
            PartizanError::TooManyValues { .. } => {
                "the games involved have too many distinct values to keep; use smaller positions"
            }
            PartizanError::StepBudget { .. } => {
                "the sums and canonical forms involved are too costly; use smaller values, or raise --max-steps"
            }
            PartizanError::Memory { .. } => "use smaller values, or raise --max-memory",
            PartizanError::Interrupted => "the computation was cancelled",
        }
    }
}
