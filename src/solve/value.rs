//! Normal-play values: a component's Grundy value, or γ when its game
//! has cycles; the value of a sum by Smith's rule (xor for finite values,
//! THEORY.md §2 and §5), never by expanding the sum.

use crate::digraph::Generalized;
use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::{Ctx, GameId, Value};

use super::Solver;

/// The value of a position in normal play: a Grundy value, or for a loopy
/// game a generalized one, ∞(K) with K the finite values among its options
/// (`digraph::Gamma` with room for nim-heaps of 64-bit sizes).
pub type GValue = Generalized<u64>;

/// For one position, a dense table is built only this far: a game whose
/// positions reach few smaller ones (a heap that halves) is cheaper on the
/// general path, which visits only what is reachable.
const ONE_POSITION_REACH: usize = 1 << 18;

impl Solver {
    /// The normal-play value of one component: its Grundy value, or γ when
    /// its game turns out to have a cycle.
    pub(super) fn value(&mut self, cx: &Ctx, id: u32) -> Result<GValue> {
        if let Some(g) = self.loopy.get(&id) {
            return Ok(GValue::from(g));
        }
        // A heap of a rule game whose options are sums of smaller heaps:
        // bottom-up, without interning (`dense.rs`); other arguments are
        // welcome if the moves carry them unchanged.
        let comp = self.comp(id);
        if comp.args.iter().any(|a| matches!(a, Value::Int(_))) {
            let (game, args) = (comp.game, comp.args.clone());
            if let Some(v) = self.dense_value(cx, game, &args, ONE_POSITION_REACH)? {
                return Ok(GValue::Finite(v));
            }
        }
        match self.grundy(cx, id) {
            Ok(v) => Ok(GValue::Finite(v)),
            Err(Error::Solve(SolveError::Cycle { .. })) => {
                Ok(GValue::from(&self.loopy_gamma(cx, id)?))
            }
            // A chain deeper than --max-depth: a heap beyond the one-position
            // reach (`T(5000000)`, taken one at a time) may still fill a
            // dense table within the budget.
            Err(e @ Error::Solve(SolveError::Unbounded { .. })) => {
                let comp = self.comp(id);
                let (game, args) = (comp.game, comp.args.clone());
                match self.dense_value(cx, game, &args, usize::MAX) {
                    Ok(Some(v)) => Ok(GValue::Finite(v)),
                    _ => Err(e),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// The value of a sum from its components' values.
    pub(crate) fn value_sum(&mut self, cx: &Ctx, ids: &[u32]) -> Result<GValue> {
        let mut x = GValue::Finite(0);
        for &id in ids {
            x = x.add(&self.value(cx, id)?);
        }
        Ok(x)
    }

    /// The value of `G(args)`, the arguments checked as `G(...)` in a file
    /// would be.
    pub(crate) fn value_of(&mut self, cx: &Ctx, g: GameId, args: Vec<Value>) -> Result<GValue> {
        let args = cx.defs.check_args(g, args, &[cx.span])?;
        let id = self.intern(cx, g, &args)?;
        self.value(cx, id)
    }

    /// `G(n)` of a one-parameter game: from theory when its kind knows the
    /// value (an octal heap of any size, without interning it), otherwise
    /// as `value_of`.
    pub(crate) fn heap(&mut self, cx: &Ctx, g: GameId, n: i64) -> Result<GValue> {
        let args = [Value::Int(n)];
        if let Some(v) = cx.defs.game(g).kind.known_value(cx, g, &args)? {
            return Ok(GValue::Finite(v));
        }
        if let Some(v) = self.dense_value(cx, g, &args, usize::MAX)? {
            return Ok(GValue::Finite(v));
        }
        self.value_of(cx, g, args.to_vec())
    }
}
