//! Built-in functions: `len`, `min`, `max`, `abs`, `sum`, `sorted`, `xor`, set algebra, ...

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::error::{Error, Result};
use crate::source::Span;

use super::registry::{Imp, entry_of};
use crate::model::{Ctx, Value};

/// Bytes one element of a built list holds; a set's tree about twice that.
const VALUE_BYTES: usize = std::mem::size_of::<Value>();

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Len,
    Min,
    Max,
    Abs,
    Sum,
    Sorted,
    Xor,
    Mex,
    List,
    Set,
    Union,
    Intersection,
    Difference,
    Symdiff,
    Popcount,
    Reversed,
    Count,
    // Boards (`board_fns.rs`).
    Grid,
    At,
    Put,
    Cells,
    Neighbours,
    Place,
    Components,
    Canonical,
    Rows,
    // Graph values (`graph_fns.rs`).
    Undirected,
    Subgraph,
    Remove,
    Vertices,
    Edges,
}

impl Builtin {
    /// The builtin of a name (the registry's entry).
    pub fn from_name(name: &str) -> Option<Builtin> {
        match super::registry::lookup(name)?.imp {
            Imp::Builtin(b) => Some(b),
            _ => None,
        }
    }

    /// Least and greatest number of arguments.
    pub fn arity(self) -> (usize, usize) {
        entry_of(Imp::Builtin(self)).arity
    }

    pub fn usage(self) -> &'static str {
        entry_of(Imp::Builtin(self)).usage
    }

    pub fn name(self) -> &'static str {
        name(self)
    }

    /// Apply the builtin; `arg_span(i)` is where argument i was written.
    /// What it builds is reserved against the memory budget of `cx` before
    /// it is built, and its loops count steps (Ctrl-C, the step budget).
    pub fn call(
        self,
        args: Vec<Value>,
        arg_span: &dyn Fn(usize) -> Span,
        span: Span,
        cx: &Ctx,
    ) -> Result<Value> {
        use Builtin::*;
        let elements = |v: &Value, span: Span, b: Builtin| elements(v, span, b, cx);
        // A result of `n` values: a list's copy, or a set's tree.
        let list_of = |n: usize| cx.reserve(n.saturating_mul(VALUE_BYTES), span);
        let set_of = |n: usize| cx.reserve(n.saturating_mul(2 * VALUE_BYTES), span);
        match self {
            Undirected | Subgraph | Remove | Vertices | Edges => {
                super::graph_fns::call(self, args, arg_span, span, cx)
            }
            _ if super::graph_fns::takes(&args) => {
                super::graph_fns::call(self, args, arg_span, span, cx)
            }
            Grid | At | Put | Cells | Neighbours | Place | Components | Canonical | Rows => {
                super::board_fns::call(self, args, arg_span, span, cx)
            }
            Len => match &args[0] {
                Value::List(xs) | Value::Tuple(xs) => Ok(Value::Int(xs.len() as i64)),
                Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
                Value::Board(b) => Ok(Value::Int(b.len() as i64)),
                Value::Set(xs) => Ok(Value::Int(xs.len() as i64)),
                Value::Range(a, b) => Ok(Value::Int(range_len(*a, *b, span)?)),
                v => Err(not(
                    v,
                    "a list, tuple, set, range, string or board",
                    arg_span(0),
                    self,
                )),
            },
            Min | Max => {
                let items = if args.len() == 1 {
                    elements(&args[0], arg_span(0), self)?
                } else {
                    args
                };
                no_game_values(&items, self, span)?;
                let pick = if self == Min {
                    items.into_iter().min()
                } else {
                    items.into_iter().max()
                };
                pick.ok_or_else(|| Error::Value {
                    message: format!("{}() of an empty collection", name(self)),
                    help: "give it at least one element".into(),
                    span,
                })
            }
            Abs => {
                let n = int(&args[0], arg_span(0), self)?;
                n.checked_abs().map(Value::Int).ok_or(Error::Overflow {
                    op: "abs".into(),
                    span,
                })
            }
            Sum => {
                let items = elements(&args[0], arg_span(0), self)?;
                // A sum of positions is their disjunctive sum.
                if items.iter().any(|x| matches!(x, Value::Pos(_))) {
                    let mut comps = Vec::new();
                    for x in items {
                        match x {
                            Value::Pos(cs) => comps.extend(cs.iter().cloned()),
                            Value::Int(0) => {}
                            other => {
                                return Err(not(&other, "positions (or 0)", arg_span(0), self));
                            }
                        }
                    }
                    return Ok(Value::Pos(comps.into()));
                }
                // A sum of strings is their concatenation.
                if let Some(Value::Str(_)) = items.first() {
                    let mut text = String::new();
                    for x in &items {
                        match x {
                            Value::Str(s) => text.push_str(s),
                            other => return Err(not(other, "strings", arg_span(0), self)),
                        }
                    }
                    return Ok(Value::Str(text.into()));
                }
                let mut total: i64 = 0;
                for x in items {
                    let n = int(&x, arg_span(0), self)?;
                    total = total.checked_add(n).ok_or(Error::Overflow {
                        op: "sum".into(),
                        span,
                    })?;
                }
                Ok(Value::Int(total))
            }
            Sorted => {
                let xs = elements(&args[0], arg_span(0), self)?;
                no_game_values(&xs, self, span)?;
                let n = xs.len() as u64;
                cx.advance(n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
                list_of(xs.len())?;
                Ok(Value::list(sort_checked(xs, cx, span)?))
            }
            Reversed => {
                let mut xs = elements(&args[0], arg_span(0), self)?;
                xs.reverse();
                list_of(xs.len())?;
                Ok(Value::list(xs))
            }
            Xor => {
                let items = if args.len() == 1 && !matches!(args[0], Value::Int(_)) {
                    elements(&args[0], arg_span(0), self)?
                } else {
                    args
                };
                let mut x = 0i64;
                for (i, v) in items.iter().enumerate() {
                    x ^= int(v, arg_span(i), self)?;
                }
                Ok(Value::Int(x))
            }
            Mex => {
                let mut seen = BTreeSet::new();
                for v in elements(&args[0], arg_span(0), self)? {
                    seen.insert(int(&v, arg_span(0), self)?);
                }
                let mut m = 0i64;
                while seen.contains(&m) {
                    m += 1;
                }
                Ok(Value::Int(m))
            }
            List => {
                let xs = elements(&args[0], arg_span(0), self)?;
                list_of(xs.len())?;
                Ok(Value::list(xs))
            }
            Set => {
                let xs = elements(&args[0], arg_span(0), self)?;
                set_of(xs.len())?;
                Ok(Value::Set(Rc::new(set_checked(xs, cx, span)?)))
            }
            Union | Intersection | Difference | Symdiff => {
                let a = elements(&args[0], arg_span(0), self)?;
                set_of(a.len())?;
                let a = set_checked(a, cx, span)?;
                let b = elements(&args[1], arg_span(1), self)?;
                set_of(b.len())?;
                let b = set_checked(b, cx, span)?;
                set_of(a.len() + b.len())?;
                let out = match self {
                    Union => collect_checked(a.union(&b).cloned(), cx, span)?,
                    Intersection => collect_checked(a.intersection(&b).cloned(), cx, span)?,
                    Difference => collect_checked(a.difference(&b).cloned(), cx, span)?,
                    _ => collect_checked(a.symmetric_difference(&b).cloned(), cx, span)?,
                };
                // In order and distinct: the tree is built in one pass.
                Ok(Value::Set(Rc::new(out.into_iter().collect())))
            }
            Popcount => {
                let n = int(&args[0], arg_span(0), self)?;
                if n < 0 {
                    return Err(Error::Value {
                        message: format!("popcount of a negative number ({n})"),
                        help: "popcount counts the 1 bits of n >= 0".into(),
                        span: arg_span(0),
                    });
                }
                Ok(Value::Int(i64::from(n.count_ones())))
            }
            Count => {
                let xs = elements(&args[0], arg_span(0), self)?;
                Ok(Value::Int(
                    xs.iter().filter(|x| **x == args[1]).count() as i64
                ))
            }
        }
    }
}

fn name(b: Builtin) -> &'static str {
    entry_of(Imp::Builtin(b)).name
}

pub fn range_len(a: i64, b: i64, span: Span) -> Result<i64> {
    if b <= a {
        return Ok(0);
    }
    b.checked_sub(a).ok_or(Error::Overflow {
        op: "len".into(),
        span,
    })
}

/// Ranges longer than this are refused where they must be materialised.
pub const MAX_MATERIALISED: i64 = 10_000_000;

/// The elements of a collection, in iteration order, reserved against
/// the memory budget before they are copied.
pub(crate) fn elements(v: &Value, span: Span, b: Builtin, cx: &Ctx) -> Result<Vec<Value>> {
    let n = match v {
        Value::List(xs) | Value::Tuple(xs) => xs.len(),
        Value::Set(xs) => xs.len(),
        Value::Range(a, z) => {
            let n = range_len(*a, *z, span)?;
            if n > MAX_MATERIALISED {
                return Err(Error::Value {
                    message: format!("the range {a}..{z} is too long to build"),
                    help: format!(
                        "ranges turned into lists may hold at most {MAX_MATERIALISED} elements"
                    ),
                    span,
                });
            }
            n as usize
        }
        other => return Err(not(other, "a list, tuple, set or range", span, b)),
    };
    cx.reserve(n.saturating_mul(VALUE_BYTES), span)?;
    Ok(match v {
        Value::List(xs) | Value::Tuple(xs) => collect_checked(xs.iter().cloned(), cx, span)?,
        Value::Set(xs) => collect_checked(xs.iter().cloned(), cx, span)?,
        Value::Range(a, z) => collect_checked((*a..*z).map(Value::Int), cx, span)?,
        _ => Vec::new(),
    })
}

fn int(v: &Value, span: Span, b: Builtin) -> Result<i64> {
    match v {
        Value::Int(n) => Ok(*n),
        other => Err(not(other, "an integer", span, b)),
    }
}

fn not(v: &Value, wanted: &str, span: Span, b: Builtin) -> Error {
    Error::type_error(
        format!("{}() needs {wanted}, not {}", name(b), v.type_name()),
        format!("usage: {}", b.usage()),
        span,
    )
}

/// `min`, `max` and `sorted` order values as data; game values are
/// ordered only partially, by the comparisons.
fn no_game_values(items: &[Value], b: Builtin, span: Span) -> Result<()> {
    if items.iter().any(|x| matches!(x, Value::Game(_))) {
        return Err(Error::type_error(
            format!("`{}` does not order game values", name(b)),
            "the order of games is partial (values may be confused): compare them with `<=`, `>=` or `||`",
            span,
        ));
    }
    Ok(())
}

/// Elements copied or merged between two looks at Ctrl-C: a few
/// milliseconds of work at most, however long the collection.
const CHECK_EVERY: usize = 1 << 15;

/// Collect `items`, looking at Ctrl-C and the memory budget once in
/// `CHECK_EVERY` (a list of ten million values takes a while to build).
fn collect_checked<T>(items: impl Iterator<Item = T>, cx: &Ctx, span: Span) -> Result<Vec<T>> {
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
fn set_checked(xs: Vec<Value>, cx: &Ctx, span: Span) -> Result<BTreeSet<Value>> {
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
            assert!(matches!(r, Err(Error::Interrupted { .. })), "{r:?}");
            let r = collect_checked(0..CHECK_EVERY * 2, cx, Span::default());
            assert!(matches!(r, Err(Error::Interrupted { .. })), "{r:?}");
        });
    }
}
