//! The closures and list shapes against the ordinary evaluation.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use crate::eval::{Compiler, Interp, Node, Scope};
use crate::model::{Defs, Value};
use crate::source::SourceId;
use crate::syntax::ast::Stmt;

thread_local! {
    /// Compile without closures: the ordinary evaluation, for comparison.
    pub static OFF: Cell<bool> = const { Cell::new(false) };
    /// Compile comprehensions without their `ListShape`.
    pub static LIST_OFF: Cell<bool> = const { Cell::new(false) };
}

fn compile(defs: &Defs, body: &str, fast: bool) -> (Node, usize) {
    let text = format!("fn f(a, b, xs) = {body}\n");
    let program = crate::syntax::parse(SourceId(0), &text).expect("parses");
    let Stmt::Fn(f) = &program.stmts[0] else {
        panic!("not a function")
    };
    let mut scope = Scope::with_params(&f.params);
    OFF.with(|off| off.set(!fast));
    let node = Compiler::new(defs).expr(&f.body, &mut scope);
    OFF.with(|off| off.set(false));
    (node.expect("compiles"), scope.slots as usize)
}

/// Every expression gives the same value, or the same error, with and
/// without its closures, on integers at the edges of the 64 bits,
/// booleans, lists, tuples and ranges.
#[test]
fn closures_agree_with_the_tree_walk() {
    let exprs = [
        "a - b",
        "a * b + 1",
        "-a",
        "3 - a",
        "xs[a]",
        "xs[b] - xs[0]",
        "len(xs)",
        "min(xs[a], b)",
        "max(a, b * 2)",
        "if a < b then xs[a] else b",
        "if a >= 0 and b > 0 then a else -b",
        "a < b or xs[0] > 0",
        "not (a == b)",
        "not a",
        "a and b > 0",
        "[if r >= a then min(xs[r], b) else xs[r] for r in 0..len(xs) if r < a or b > 0]",
        "[r * b for r in a..=min(a + 3, 6) if r != 2]",
        "[xs[r] for r in 0..3]",
        "a - 9223372036854775807 - 2",
        "a * 4611686018427387904",
        "xs[a] < b",
        "(a, b) != (0, 0)",
        "(a, xs[0]) == (1, 3)",
        "(xs[1], a - 1) != (1, 0)",
        "(a, b) == (1, 2, 3)",
        "(a, b) == (1, true)",
        "a <= b and xs[1] == 3",
        "3 <= a",
        "a + xs[a - 1] * 2 >= b",
        "if a >= b then min(xs[a], b) else xs[b]",
        "if xs[a] != 3 then max(b, xs[b]) else a - b",
        "xs[a] < xs[b] and a != b",
        "a <= xs[b] or not (b > a)",
        "(a > 0 and b == 3) or (xs[a] >= 1 and a <= 1)",
        "min(a * 2, xs[b]) + max(xs[a], 1)",
        "if a == 1 or b < 0 then 7 else xs[a - 1]",
        "a / b",
        "a % b",
        "-a / 3",
        "a % -3",
        "a ** b",
        "b ** 3 - a",
        "(a / 2 ** b) % 2 == 1",
        "a / b * b + a % b == a",
    ];
    let ints = |v: &[i64]| Value::list(v.iter().map(|&n| Value::Int(n)).collect());
    let avals = [
        Value::Int(-1),
        Value::Int(0),
        Value::Int(1),
        Value::Int(2),
        Value::Int(5),
        Value::Int(i64::MIN),
        Value::Int(i64::MAX),
        Value::Bool(true),
    ];
    let bvals = [
        Value::Int(0),
        Value::Int(1),
        Value::Int(-3),
        Value::Int(3),
        Value::Int(i64::MAX),
    ];
    let xsvals = [
        ints(&[3, 1, 4]),
        ints(&[]),
        Value::list(vec![Value::Int(2), Value::Bool(false), Value::Int(3)]),
        Value::Tuple(vec![Value::Int(7), Value::Int(3)].into()),
        Value::Int(7),
        Value::Range(0, 5),
    ];
    let defs = Defs::new();
    let interrupt = AtomicBool::new(false);
    let cx = crate::model::Ctx::new(
        &defs,
        &interrupt,
        crate::model::Limits::default(),
        crate::source::Span::default(),
    );
    let interp = Interp::new(&cx);
    let mut checked = 0;
    for e in exprs {
        let (fast, slots) = compile(&defs, e, true);
        let (slow, _) = compile(&defs, e, false);
        assert!(slow.fast.is_none());
        for a in &avals {
            for b in &bvals {
                for xs in &xsvals {
                    let mut frame = vec![a.clone(), b.clone(), xs.clone()];
                    frame.resize(slots.max(3), Value::Int(0));
                    let mut frame2 = frame.clone();
                    let x = format!("{:?}", interp.eval(&fast, &mut frame));
                    let y = format!("{:?}", interp.eval(&slow, &mut frame2));
                    assert_eq!(x, y, "{e} with a = {a:?}, b = {b:?}, xs = {xs:?}");
                    assert_eq!(
                        format!("{:?}", interp.truth(&fast, &mut frame)),
                        format!("{:?}", interp.truth(&slow, &mut frame2)),
                        "{e}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, exprs.len() * 8 * 5 * 6);
}

/// Every comprehension with a `ListShape` gives, through
/// `small_int_list`, the list the ordinary evaluation builds, whenever
/// it gives one; and it gives one wherever the closures did.
#[test]
fn list_shapes_agree_with_the_tree_walk() {
    let exprs = [
        "[if r >= a then min(xs[r], b) else xs[r] for r in 0..len(xs) if r < a or b > 0]",
        "[if r >= a then min(xs[r], b) else xs[r] for r in 0..len(xs) if b > 0 or r < a]",
        "[if a <= r then max(xs[r], b) else xs[r] for r in 0..len(xs) if r <= a and b > 0]",
        "[xs[r] for r in 0..len(xs) if b != 0 and r > a]",
        "[xs[r] for r in 0..=a if r == b]",
        "[xs[r] for r in a..len(xs) if r != b]",
        "[r for r in a..b if xs[r] >= 2 or r >= 1]",
        "[if r == a then b else xs[r] for r in 0..len(xs)]",
        "[if r > a then b else 1 for r in 0..3 if a < b]",
        "[if r < a or r > b then xs[r] else min(a, b) for r in b..=a]",
        "[if xs[r] < b then a else xs[r] for r in 0..len(xs) if a >= 0 and r < b]",
        "[min(r, a) for r in -2..b if r < 9223372036854775807]",
        "[b for r in 0..len(xs) if a > 0 and a < 3]",
        "[a for r in 0..2 if a > r]",
        "[r for r in a..b if r != a]",
        "[if r != a then xs[r] else b for r in 0..len(xs) if r <= b]",
        "[if r < b then xs[r] else a for r in 0..len(xs) if r > a or r < b]",
    ];
    let ints = |v: &[i64]| Value::list(v.iter().map(|&n| Value::Int(n)).collect());
    let avals = [
        Value::Int(-1),
        Value::Int(0),
        Value::Int(1),
        Value::Int(2),
        Value::Int(5),
        Value::Int(i64::MIN),
        Value::Int(i64::MAX),
        Value::Bool(true),
    ];
    let bvals = [
        Value::Int(0),
        Value::Int(1),
        Value::Int(-3),
        Value::Int(3),
        Value::Int(300),
        Value::Int(i64::MAX),
    ];
    let xsvals = [
        ints(&[3, 1, 4]),
        ints(&[]),
        ints(&[7, 7, 7, 7, 7, 7, 7]),
        ints(&[2, 300, 1]),
        Value::list(vec![Value::Int(2), Value::Bool(false), Value::Int(3)]),
        Value::Tuple(vec![Value::Int(7), Value::Int(3)].into()),
        Value::Int(7),
        Value::Range(0, 5),
    ];
    let defs = Defs::new();
    let interrupt = AtomicBool::new(false);
    let cx = crate::model::Ctx::new(
        &defs,
        &interrupt,
        crate::model::Limits::default(),
        crate::source::Span::default(),
    );
    let interp = Interp::new(&cx);
    let (mut some, mut total) = (0, 0);
    for e in exprs {
        let (fast, slots) = compile(&defs, e, true);
        assert!(matches!(fast.fast, Some(super::Fast::List(_))), "{e}");
        let (slow, _) = compile(&defs, e, false);
        LIST_OFF.with(|off| off.set(true));
        let (closures, _) = compile(&defs, e, true);
        LIST_OFF.with(|off| off.set(false));
        assert!(closures.fast.is_none());
        for a in &avals {
            for b in &bvals {
                for xs in &xsvals {
                    let mut frame = vec![a.clone(), b.clone(), xs.clone()];
                    frame.resize(slots.max(3), Value::Int(0));
                    let mut frame2 = frame.clone();
                    let mut frame3 = frame.clone();
                    let mut out = [0u8; 18];
                    let got = interp.small_int_list(&fast, &mut frame, &mut out);
                    let mut out3 = [0u8; 18];
                    let old = interp.small_int_list(&closures, &mut frame3, &mut out3);
                    total += 1;
                    if let Some(n) = old {
                        assert_eq!(got, Some(n), "{e} with a = {a:?}, b = {b:?}, xs = {xs:?}");
                        assert_eq!(out[..n], out3[..n], "{e}");
                    }
                    if let Some(n) = got {
                        some += 1;
                        // Only here: some of these lists run to 2^63.
                        let want = interp.eval(&slow, &mut frame2);
                        let list: Vec<Value> =
                            out[..n].iter().map(|&x| Value::Int(x.into())).collect();
                        assert_eq!(
                            format!("{:?}", want),
                            format!("{:?}", Ok::<_, ()>(Value::list(list))),
                            "{e} with a = {a:?}, b = {b:?}, xs = {xs:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(some * 4 > total, "{some} of {total}");
}

/// Comprehensions that edit `xs` (`if k op n then e else xs[k]`, or with
/// `xs[k]` first): their lists are `xs` copied with the other side written
/// over part of it (`ListShape::edit_of`), under every kind of condition
/// the shapes fold (none, an interval, outside an interval, a general test).
const EDITS: [&str; 12] = [
    "[if r >= a then min(xs[r], b) else xs[r] for r in 0..len(xs) if r < a or b > 0]",
    "[if r == a then b else xs[r] for r in 0..len(xs)]",
    "[if r != a then xs[r] else b for r in 0..len(xs) if r <= b]",
    "[if r < b then xs[r] else max(xs[r], a) for r in 0..len(xs) if r > a or r < b]",
    "[if a > r then xs[r] else r for r in b..len(xs)]",
    "[if r <= a then xs[r] else b for r in 0..=b if r >= b]",
    "[if r == a then xs[r] else min(a, b) for r in a..b if r != a]",
    "[if r > b then xs[r] else a for r in 0..len(xs) if r != b]",
    "[if r < a then xs[r] else xs[r] for r in 0..len(xs) if r < b]",
    "[if r >= a then max(xs[r], b) else xs[r] for r in 1..len(xs) if a > 0 and r != b]",
    "[if r == b then a else xs[r] for r in a..=b if xs[r] > 0]",
    "[if 2 <= r then xs[r] else b - a for r in 0..len(xs) if r >= a]",
];

fn small_value() -> impl proptest::strategy::Strategy<Value = i64> {
    use proptest::prelude::*;
    prop_oneof![
        8 => -3i64..22,
        1 => 200i64..300,
        1 => prop::sample::select(vec![i64::MIN, i64::MAX, i64::MAX - 1]),
    ]
}

fn list_value(xs: &[i64], odd: bool) -> Value {
    let mut v: Vec<Value> = xs.iter().map(|&n| Value::Int(n)).collect();
    if odd && !v.is_empty() {
        v[0] = Value::Bool(true);
    }
    Value::list(v)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
    /// An edit's list, read from a list value of the frame (converted to
    /// bytes once and kept while the frame holds that list) or from the
    /// bytes of an earlier step, is the ordinary evaluation's, whenever the
    /// shape gives one; a kept list never answers for another list.
    #[test]
    fn edits_agree_with_the_ordinary_evaluation(
        e in 0..EDITS.len(),
        a in small_value(),
        b in small_value(),
        xs in proptest::collection::vec(
            proptest::prop_oneof![6 => 0i64..12, 1 => 250i64..260], 0..=20),
        ys in proptest::collection::vec(0i64..12, 0..=20),
        odd in proptest::prelude::any::<bool>(),
    ) {
        let defs = Defs::new();
        let interrupt = AtomicBool::new(false);
        let cx = crate::model::Ctx::new(
            &defs,
            &interrupt,
            crate::model::Limits::default(),
            crate::source::Span::default(),
        );
        let interp = Interp::new(&cx);
        let (fast, slots) = compile(&defs, EDITS[e], true);
        let (slow, _) = compile(&defs, EDITS[e], false);
        let Some(super::Fast::List(shape)) = &fast.fast else {
            panic!("{} has no list shape", EDITS[e]);
        };
        // xs, then another list, then xs again as a new list value, then
        // the same value again (kept).
        let first = list_value(&xs, odd);
        let lists = [first.clone(), list_value(&ys, false), list_value(&xs, odd), first];
        for list in lists {
            let mut frame = vec![Value::Int(a), Value::Int(b), list.clone()];
            frame.resize(slots.max(3), Value::Int(0));
            let mut frame2 = frame.clone();
            let want = interp.eval(&slow, &mut frame2);
            let mut out = [0u8; 18];
            let got = interp.small_int_list(&fast, &mut frame, &mut out);
            let as_list = |n: usize, out: &[u8]| {
                Value::list(out[..n].iter().map(|&x| Value::Int(x.into())).collect())
            };
            if let Some(n) = got {
                proptest::prop_assert_eq!(
                    format!("{:?}", want),
                    format!("{:?}", Ok::<_, ()>(as_list(n, &out))),
                    "{} with a = {}, b = {}, xs = {:?}", EDITS[e], a, b, list
                );
                proptest::prop_assert!(out[n..].iter().all(|&x| x == 0), "zeros past the list");
            }
            // The same list as the bytes of an earlier step.
            let items: Option<Vec<u8>> = match &list {
                Value::List(v) if v.len() <= 18 => v
                    .iter()
                    .map(|x| match x {
                        Value::Int(n) => u8::try_from(*n).ok(),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            if let Some(items) = items {
                let mut bytes = [0u8; 18];
                bytes[..items.len()].copy_from_slice(&items);
                let mut frame3 = vec![Value::Int(a), Value::Int(b), Value::Int(0)];
                frame3.resize(slots.max(3), Value::Int(0));
                let mut out3 = [0u8; 18];
                let got3 = shape.run_in(&mut frame3, Some((2, &bytes, items.len())), &mut out3);
                if let Some(Some(n)) = got3 {
                    proptest::prop_assert_eq!(
                        format!("{:?}", want),
                        format!("{:?}", Ok::<_, ()>(as_list(n, &out3))),
                        "{} from bytes with a = {}, b = {}, xs = {:?}", EDITS[e], a, b, list
                    );
                    proptest::prop_assert!(out3[n..].iter().all(|&x| x == 0));
                }
                // Wherever the list value gives a list, the bytes give it.
                if let Some(n) = got {
                    proptest::prop_assert_eq!(got3, Some(Some(n)));
                }
            }
        }
    }
}
