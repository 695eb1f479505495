//! The calling convention of library functions: [`Args`], the evaluated
//! arguments of one call with where each was written, the query's context
//! and, outside move rules, the solver (as the oracle); and the checked
//! collection helpers the functions share (every copy reserved against the
//! memory budget first, every long loop hearing Ctrl-C).

use std::collections::BTreeSet;

use crate::error::EvalError;
use crate::error::{Error, Result};
use crate::model::{Comp, Ctx, Oracle, Value};
use crate::partizan::GameStore;
use crate::source::Span;
use crate::vocab::Play;

use super::Meta;

/// Bytes one element of a built list holds; a set's tree about twice that.
const VALUE_BYTES: usize = std::mem::size_of::<Value>();

/// One call of a library function.
pub(crate) struct Args<'a> {
    /// The entry called: its name and usage, for messages.
    pub meta: &'static Meta,
    /// The arguments, evaluated.
    pub values: Vec<Value>,
    /// Where argument `i` was written.
    spans: &'a dyn Fn(usize) -> Span,
    /// The call as a whole.
    pub span: Span,
    pub cx: &'a Ctx<'a>,
    /// The solver; None inside move rules (the solver is running them).
    oracle: Option<&'a dyn Oracle>,
    /// The convention written after the position (`outcome(P, misere)`).
    pub play: Option<Play>,
}

impl<'a> Args<'a> {
    pub fn new(
        meta: &'static Meta,
        values: Vec<Value>,
        spans: &'a dyn Fn(usize) -> Span,
        span: Span,
        cx: &'a Ctx<'a>,
        oracle: Option<&'a dyn Oracle>,
        play: Option<Play>,
    ) -> Args<'a> {
        Args {
            meta,
            values,
            spans,
            span,
            cx,
            oracle,
            play,
        }
    }

    /// The function's name.
    pub fn name(&self) -> &'static str {
        self.meta.name
    }

    /// Where argument `i` was written (the call, for one not written).
    pub fn at(&self, i: usize) -> Span {
        (self.spans)(i)
    }

    /// The type error of argument `i` (or any value `v` at `span`), naming
    /// what the function needs and its usage.
    pub fn not(&self, v: &Value, wanted: &str, span: Span) -> Error {
        Error::type_error(
            format!("{}() needs {wanted}, not {}", self.name(), v.type_name()),
            format!("usage: {}", self.meta.usage),
            span,
        )
    }

    /// A type error on argument `i` with its own message, and the usage as
    /// help.
    pub fn wrong(&self, message: String, span: Span) -> Error {
        Error::type_error(message, format!("usage: {}", self.meta.usage), span)
    }

    /// Argument `i` as an integer.
    pub fn int(&self, i: usize) -> Result<i64> {
        match &self.values[i] {
            Value::Int(n) => Ok(*n),
            other => Err(self.not(other, "an integer", self.at(i))),
        }
    }

    /// The elements of argument `i`, a collection.
    pub fn elements(&self, i: usize) -> Result<Vec<Value>> {
        self.elements_of(&self.values[i], self.at(i))
    }

    /// The elements of a collection `v` written at `span`.
    pub fn elements_of(&self, v: &Value, span: Span) -> Result<Vec<Value>> {
        elements(v, span, self.cx)?.ok_or_else(|| self.not(v, "a list, tuple, set or range", span))
    }

    /// The solver, or the diagnostic of a question to it inside move rules.
    pub fn oracle(&self) -> Result<&'a dyn Oracle> {
        self.oracle.ok_or_else(|| {
            EvalError::QueryInRules {
                name: self.name().to_string(),
                span: self.span,
            }
            .into()
        })
    }

    /// Run `f` on the solver's store of game values.
    pub fn with_store(&self, f: &mut dyn FnMut(&mut GameStore) -> Result<Value>) -> Result<Value> {
        self.oracle()?.with_store(self.cx, f)
    }

    /// The canonical value of a sum of positions.
    pub fn position_value(&self, comps: &[Comp]) -> Result<Value> {
        self.oracle()?.game_value(self.cx, comps)
    }

    /// Reserve what a list of `n` values will hold.
    pub fn list_of(&self, n: usize) -> Result<()> {
        self.cx.reserve(n.saturating_mul(VALUE_BYTES), self.span)
    }

    /// Reserve what a set of `n` values (a tree) will hold.
    pub fn set_of(&self, n: usize) -> Result<()> {
        self.cx
            .reserve(n.saturating_mul(2 * VALUE_BYTES), self.span)
    }

    /// `min`, `max` and `sorted` order values as data; game values are
    /// ordered only partially, by the comparisons.
    pub fn no_game_values(&self, items: &[Value]) -> Result<()> {
        if items
            .iter()
            .any(|x| matches!(x, Value::Game(_) | Value::LoopyGame(_)))
        {
            return Err(Error::type_error(
                format!("`{}` does not order game values", self.name()),
                "the order of games is partial (values may be confused): compare them with `<=`, `>=` or `||`",
                self.span,
            ));
        }
        Ok(())
    }
}

/// The number of integers in `a..b`.
pub(crate) fn range_len(a: i64, b: i64, span: Span) -> Result<i64> {
    if b <= a {
        return Ok(0);
    }
    b.checked_sub(a).ok_or(
        EvalError::Overflow {
            op: "len".into(),
            span,
        }
        .into(),
    )
}

/// Ranges longer than this are refused where they must be materialised.
pub(crate) const MAX_MATERIALISED: i64 = 10_000_000;

/// The elements of a collection, in iteration order, reserved against
/// the memory budget before they are copied; None for a value that is not
/// a collection.
pub(crate) fn elements(v: &Value, span: Span, cx: &Ctx) -> Result<Option<Vec<Value>>> {
    let n = match v {
        Value::List(xs) | Value::Tuple(xs) => xs.len(),
        Value::Set(xs) => xs.len(),
        Value::Range(a, z) => {
            let n = range_len(*a, *z, span)?;
            if n > MAX_MATERIALISED {
                return Err(EvalError::Value {
                    message: format!("the range {a}..{z} is too long to build"),
                    help: format!(
                        "ranges turned into lists may hold at most {MAX_MATERIALISED} elements"
                    ),
                    span,
                }
                .into());
            }
            n as usize
        }
        _ => return Ok(None),
    };
    cx.reserve(n.saturating_mul(VALUE_BYTES), span)?;
    Ok(Some(match v {
        Value::List(xs) | Value::Tuple(xs) => collect_checked(xs.iter().cloned(), cx, span)?,
        Value::Set(xs) => collect_checked(xs.iter().cloned(), cx, span)?,
        Value::Range(a, z) => collect_checked((*a..*z).map(Value::Int), cx, span)?,
        _ => Vec::new(),
    }))
}

/// Elements copied or merged between two looks at Ctrl-C: a few
/// milliseconds of work at most, however long the collection.
const CHECK_EVERY: usize = 1 << 15;

/// Collect `items`, looking at Ctrl-C and the memory budget once in
/// `CHECK_EVERY` (a list of ten million values takes a while to build).
pub(crate) fn collect_checked<T>(
    items: impl Iterator<Item = T>,
    cx: &Ctx,
    span: Span,
) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(items.size_hint().0);
    for (i, x) in items.enumerate() {
        if i % CHECK_EVERY == CHECK_EVERY - 1 {
            cx.check_at(span)?;
        }
        out.push(x);
    }
    Ok(out)
}

/// A stable sort that hears Ctrl-C: runs of `CHECK_EVERY` sorted by the
/// standard sort, then merged pairwise, with a look at the interrupt flag
/// (and the memory held) between runs and every `CHECK_EVERY` elements
/// merged. The same order as `slice::sort` (tested against it).
pub(crate) fn sort_checked<T: Ord>(xs: Vec<T>, cx: &Ctx, span: Span) -> Result<Vec<T>> {
    if xs.len() <= CHECK_EVERY {
        let mut xs = xs;
        xs.sort();
        return Ok(xs);
    }
    // Already in order (a range): nothing to merge.
    let mut in_order = true;
    for (i, w) in xs.windows(2).enumerate() {
        if i % CHECK_EVERY == 0 {
            cx.check_at(span)?;
        }
        if w[1] < w[0] {
            in_order = false;
            break;
        }
    }
    if in_order {
        return Ok(xs);
    }
    let mut runs: Vec<Vec<T>> = Vec::with_capacity(xs.len().div_ceil(CHECK_EVERY));
    let mut items = xs.into_iter();
    loop {
        let mut run: Vec<T> = items.by_ref().take(CHECK_EVERY).collect();
        if run.is_empty() {
            break;
        }
        run.sort();
        runs.push(run);
        cx.check_at(span)?;
    }
    drop(items);
    while runs.len() > 1 {
        let mut merged = Vec::with_capacity(runs.len().div_ceil(2));
        let mut pairs = runs.into_iter();
        while let Some(a) = pairs.next() {
            match pairs.next() {
                Some(b) => merged.push(merge_checked(a, b, cx, span)?),
                None => merged.push(a),
            }
        }
        runs = merged;
    }
    Ok(runs.pop().unwrap_or_default())
}

/// Merge two sorted runs, `a`'s element first of two equal ones (stable).
fn merge_checked<T: Ord>(a: Vec<T>, b: Vec<T>, cx: &Ctx, span: Span) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    loop {
        let take_b = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => y < x,
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (None, None) => break,
        };
        out.extend(if take_b { b.next() } else { a.next() });
        if out.len() % CHECK_EVERY == 0 {
            cx.check_at(span)?;
        }
    }
    Ok(out)
}

/// A set of `xs`, built from them sorted (`sort_checked`, so that Ctrl-C
/// is heard) and deduplicated.
pub(crate) fn set_checked(xs: Vec<Value>, cx: &Ctx, span: Span) -> Result<BTreeSet<Value>> {
    let mut xs = sort_checked(xs, cx, span)?;
    xs.dedup();
    // In order: the tree is built in one pass.
    Ok(xs.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use proptest::prelude::*;

    use super::*;
    use crate::model::{Defs, Limits};

    fn with_cx<R>(f: impl FnOnce(&Ctx, &AtomicBool) -> R) -> R {
        let defs = Defs::new();
        let interrupt = AtomicBool::new(false);
        let cx = Ctx::new(&defs, &interrupt, Limits::default(), Span::default());
        f(&cx, &interrupt)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// The checked sort is the standard stable sort: pairs ordered by
        /// their first part keep their order of arrival among equals.
        #[test]
        fn sort_checked_is_the_stable_sort(
            keys in prop::collection::vec(0u8..20, 0..3 * CHECK_EVERY + 7),
        ) {
            #[derive(Debug, PartialEq, Eq)]
            struct ByKey(u8, usize);
            impl Ord for ByKey {
                fn cmp(&self, o: &Self) -> std::cmp::Ordering {
                    self.0.cmp(&o.0)
                }
            }
            impl PartialOrd for ByKey {
                fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
                    Some(self.cmp(o))
                }
            }
            let items = |ks: &[u8]| -> Vec<ByKey> {
                ks.iter().enumerate().map(|(i, &k)| ByKey(k, i)).collect()
            };
            let mut want = items(&keys);
            want.sort();
            let got = with_cx(|cx, _| sort_checked(items(&keys), cx, Span::default()).unwrap());
            let pairs = |v: &[ByKey]| v.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>();
            prop_assert_eq!(pairs(&got), pairs(&want));
        }
    }

    #[test]
    fn sets_are_built_sorted_and_distinct() {
        let xs: Vec<Value> = (0..200_000)
            .map(|i| Value::Int((i * 7919) % 1000))
            .collect();
        let want: BTreeSet<Value> = xs.iter().cloned().collect();
        let got = with_cx(|cx, _| set_checked(xs, cx, Span::default()).unwrap());
        assert_eq!(got, want);
    }

    #[test]
    fn a_long_sort_hears_ctrl_c() {
        with_cx(|cx, flag| {
            flag.store(true, Ordering::Relaxed);
            let xs: Vec<u64> = (0..4 * CHECK_EVERY as u64).rev().collect();
            let r = sort_checked(xs, cx, Span::default());
            assert!(
                matches!(
                    r,
                    Err(Error::Limit(crate::error::LimitError::Interrupted { .. }))
                ),
                "{r:?}"
            );
            let r = collect_checked(0..CHECK_EVERY * 2, cx, Span::default());
            assert!(
                matches!(
                    r,
                    Err(Error::Limit(crate::error::LimitError::Interrupted { .. }))
                ),
                "{r:?}"
            );
        });
    }
}
