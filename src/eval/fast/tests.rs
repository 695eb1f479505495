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
        // Edits (`Edit`) under every condition mode, and an invariant named twice.
        "[if r >= a then max(b, xs[r]) else xs[r] for r in a..len(xs) if r != 1]",
        "[if r < a then xs[r] else min(b, xs[r]) for r in -1..len(xs) if r > b]",
        "[if r == b then a else xs[r] for r in a..=b]",
        "[if r > a then xs[r] else max(xs[r], a) for r in 0..len(xs) if a == a]",
        "[if r >= a then min(xs[r], a) else xs[r] for r in 0..len(xs) if r < a or a > 0]",
        "[if b <= r then xs[r] else b for r in 0..len(xs) if r < b and a < b]",
        "[if r != a then min(xs[r], b) else xs[r] for r in 0..len(xs) if xs[r] > 1]",
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
