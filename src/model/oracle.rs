//! What the evaluator may ask the solver: the query functions
//! (`grundy(P)`, `outcome(P)`, `options(P)`, ...) are answered through this
//! trait, which the query layer implements over the session's `Solver`, so
//! that `eval` knows nothing of `solve`. An evaluator that runs move rules
//! (the solver expanding a game) has no oracle: a query function met there
//! is the diagnostic `grundy::eval::query_in_rules`.
//!
//! Bare expressions, `assert`, `let`s, query positions and the general
//! `sequence`/`table` forms may call the query functions (`grundy(P)`,
//! `outcome(P, misere)`, `options(P)`, `winning`, `remoteness`, `is_p`,
//! `is_n`). `eval` does not depend on `solve` (tests/layers.rs): the
//! evaluator holds an optional `&dyn eval::Oracle` ,
//! and `query::SolverOracle` (`query/values.rs`) implements it over the
//! session's `Solver` behind a `RefCell`, borrowed only while one question
//! is answered. The solver runs move rules with evaluators that have no
//! oracle, so a query function there is the diagnostic
//! `grundy::eval::query_in_rules`: refused when a `game` body names one
//! (`Compiler::for_rules`), and at run time for a `fn` called from a rule;
//! a second borrow of the solver would give the same diagnostic, never a
//! panic. `forall` records the bindings of its first counterexample in the
//! evaluator (`Interp::take_witness`), which `assert` reports.
//!
//! Game values (`value(P)`, `mean`, `temperature`, `num`, `up`, and the
//! operators on them, `eval/gamevals.rs`, `library/games.rs`) go through the same oracle:
//! `Oracle::game_value` is the canonical value of a sum, and
//! `Oracle::with_store` lends the solver's `partizan::GameStore` for the
//! arithmetic and the comparisons. A `Value::Game` holds the value's id with
//! the stamp of the store that made it, and its text: after
//! `Solver::clear` (a new store) the text is parsed back into the new one.
//! `Oracle::loopy_value` is the value of a loopy sum (a
//! `Value::LoopyGame`, `model/loopy_value.rs`), which owns its graphs.

use crate::digraph::Generalized;
use crate::error::Result;
use crate::vocab::Play;

use super::{Class, Comp, Ctx, Side, Value};
use crate::misere::Universe;
use crate::partizan::{Comparison, GameStore};

/// What [`Oracle::misere_form`] asks of a sum modulo a universe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereAsk {
    /// Its reduced form, as text.
    Form,
    /// The reduced form of its conjugate (`-G` under misère play).
    Conjugate,
    /// Whether its sum with its conjugate is equivalent to 0.
    Invertible,
}

/// What [`Oracle::misere_predicate`] asks of an impartial sum's misère
/// canonical form (THEORY.md §9.4, §9.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereQuestion {
    /// Its birthday, an integer.
    Birthday,
    /// Born earlier than its sum with *.
    Even,
    /// Born later than its sum with *.
    Odd,
    /// 0 or *.
    Introverted,
    /// A part of {G}, the game whose one option is G.
    Extraverted,
    /// Not generally tame, its double generally tame of genus 0^0.
    HalfTame,
    /// Hoey's phyla: tame (a nim heap or hereditarily tame).
    Tame,
    /// Generally tame.
    GenerallyTame,
    /// Tameable.
    Tameable,
    /// Hereditarily restive.
    Restive,
    /// Generally restive.
    GenerallyRestive,
    /// Restless.
    Restless,
    /// A nim heap.
    NimHeap,
}

/// What [`Oracle::misere_pair`] asks of two impartial sums' misère
/// canonical forms (THEORY.md §9.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MiserePair {
    /// A game X with the first plus X a misère P-position and the second
    /// plus X an N-position, as text.
    Distinguisher,
    /// Whether some X makes both sums with X misère P-positions.
    Linked,
    /// Such an X, as text.
    Link,
    /// The X with the second plus X equivalent to the first, as text.
    Minus,
}

/// What [`Oracle::misere_parts`] asks of an impartial sum's misère
/// canonical form (THEORY.md §9.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartsAsk {
    /// Its parts other than 0, * and itself, one of each pair H, H + *:
    /// a list of form texts.
    Parts,
    /// Its partitions into primes: a list of lists of form texts.
    Partitions,
    /// Whether it is prime: a `Value::Bool`.
    IsPrime,
}

/// Answers about positions, for the evaluator. `play` None means the
/// convention the query would use: misère when a component's game is
/// declared `misere`, else normal. Positions are given as components.
pub trait Oracle {
    /// The normal-play value of a sum (Sprague–Grundy, or Smith's γ).
    fn value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Generalized<u64>>;
    /// The outcome class of a sum: P, N or D for an impartial one; L, R,
    /// N or P for a short partizan one; the two starts' winners for a
    /// loopy partizan one.
    fn outcome(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Class>;
    /// Every option, the moved component replaced in place by its parts.
    fn options(&self, cx: &Ctx, pos: &[Comp]) -> Result<Vec<Vec<Comp>>>;
    fn winning(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Vec<Vec<Comp>>>;
    /// `side`'s options of a partizan sum (the moved component replaced in
    /// place by its parts); with `winning`, only the moves that win for
    /// `side` in that convention (a move that only keeps a draw is not
    /// one). A position reached twice is listed once.
    fn sided_options(
        &self,
        cx: &Ctx,
        pos: &[Comp],
        side: Side,
        winning: Option<Play>,
    ) -> Result<Vec<Vec<Comp>>>;
    /// None for a draw.
    fn remoteness(&self, cx: &Ctx, play: Option<Play>, pos: &[Comp]) -> Result<Option<u32>>;
    /// The canonical value of a sum (partizan, impartial or mixed), as a
    /// `Value::Game` of the store `with_store` lends.
    fn game_value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value>;
    /// The value of a loopy sum (a position a play can come back to): a
    /// stopper's simplest form or its onside & offside as a
    /// `Value::LoopyGame`, a `Value::Game` when that is a short game.
    fn loopy_value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value>;
    /// The value of a sum, short or loopy: the canonical value, or where
    /// a play can come back to a position, [`Oracle::loopy_value`].
    fn any_value(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value> {
        match self.game_value(cx, pos) {
            Err(crate::error::Error::Solve(crate::error::SolveError::PartizanLoopy { .. })) => {
                self.loopy_value(cx, pos)
            }
            r => r,
        }
    }
    /// How the sum `pair[0]` compares with the sum `pair[1]` under misère
    /// play modulo a universe (both must belong to it).
    fn compare_misere(&self, cx: &Ctx, pair: [&[Comp]; 2], u: Universe) -> Result<Comparison>;
    /// What `ask` asks of a sum's misère form modulo a universe (the sum
    /// must belong to it): a `Value::Str` form or a `Value::Bool`.
    fn misere_form(&self, cx: &Ctx, pos: &[Comp], u: Universe, ask: MisereAsk) -> Result<Value>;
    /// The misère canonical form of the mate of an impartial sum, as a
    /// `Value::Str` (THEORY.md §9.10).
    fn misere_mate(&self, cx: &Ctx, pos: &[Comp]) -> Result<Value>;
    /// What `q` asks of the misère canonical form of an impartial sum: a
    /// `Value::Int` birthday or a `Value::Bool`.
    fn misere_predicate(&self, cx: &Ctx, pos: &[Comp], q: MisereQuestion) -> Result<Value>;
    /// What `q` asks of the misère canonical forms of two impartial sums:
    /// a `Value::Bool`, or a game as a `Value::Str` in `misere_form`'s
    /// notation.
    fn misere_pair(&self, cx: &Ctx, pair: [&[Comp]; 2], q: MiserePair) -> Result<Value>;
    /// What `ask` asks of the parts of an impartial sum's misère canonical
    /// form (THEORY.md §9.11).
    fn misere_parts(&self, cx: &Ctx, pos: &[Comp], ask: PartsAsk) -> Result<Value>;
    /// Whether a sum is a Left (`left`) or Right dead end.
    fn dead_end(&self, cx: &Ctx, pos: &[Comp], left: bool) -> Result<bool>;
    /// Work with the store of game values.
    fn with_store(
        &self,
        cx: &Ctx,
        f: &mut dyn FnMut(&mut GameStore) -> Result<Value>,
    ) -> Result<Value>;
}
