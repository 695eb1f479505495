//! Integer expressions and conditions compiled to closures when the rules
//! are compiled: `rows[r]`, `min(rows[r], j)`, `r < i or j > 0` run as a
//! few direct calls instead of a walk over the node tree. A closure answers
//! None for anything outside its integer shape (a non-integer value, an
//! index out of range, an overflow): the evaluator then evaluates the node
//! the ordinary way, which gives the value or reports the error.

use std::fmt;
use std::rc::Rc;

use crate::syntax::ast::{BinOp, UnOp};

use super::compile::{Node, NodeKind};
use super::interp::Interp;
use super::{Builtin, Value};

pub type IntFn = Rc<dyn Fn(&Interp<'_>, &[Value]) -> Option<i64>>;
pub type BoolFn = Rc<dyn Fn(&Interp<'_>, &[Value]) -> Option<bool>>;

/// The compiled form of a node, when it has one.
#[derive(Clone)]
pub enum Fast {
    Int(IntFn),
    Bool(BoolFn),
}

impl fmt::Debug for Fast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fast::Int(_) => "Fast::Int",
            Fast::Bool(_) => "Fast::Bool",
        })
    }
}

#[inline(always)]
fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(n) => Some(*n),
        _ => None,
    }
}

/// Operand shapes worth a closure of their own.
#[derive(Clone, Copy)]
enum Leaf {
    Const(i64),
    Local(usize),
}

fn leaf(node: &Node) -> Option<Leaf> {
    match &node.kind {
        NodeKind::Const(Value::Int(n)) => Some(Leaf::Const(*n)),
        NodeKind::Local(s) => Some(Leaf::Local(*s as usize)),
        _ => None,
    }
}

fn int_child(node: &Node) -> Option<IntFn> {
    match &node.fast {
        Some(Fast::Int(f)) => Some(f.clone()),
        _ => None,
    }
}

fn bool_child(node: &Node) -> Option<BoolFn> {
    match &node.fast {
        Some(Fast::Bool(f)) => Some(f.clone()),
        _ => None,
    }
}

/// An operand read in place by the closure that uses it (no call of its
/// own): a constant, a local, `xs[k]` of two locals, or else a closure.
#[derive(Clone)]
enum Opd {
    Const(i64),
    Local(usize),
    Index(usize, usize),
    Fn(IntFn),
}

impl Opd {
    fn of(node: &Node) -> Option<Opd> {
        Some(match &node.kind {
            NodeKind::Const(Value::Int(n)) => Opd::Const(*n),
            NodeKind::Local(s) => Opd::Local(*s as usize),
            NodeKind::Index(a, i)
                if let (NodeKind::Local(s), NodeKind::Local(k)) = (&a.kind, &i.kind) =>
            {
                Opd::Index(*s as usize, *k as usize)
            }
            _ => Opd::Fn(int_child(node)?),
        })
    }

    #[inline(always)]
    fn get(&self, me: &Interp<'_>, f: &[Value]) -> Option<i64> {
        match self {
            Opd::Const(n) => Some(*n),
            Opd::Local(s) => int(&f[*s]),
            Opd::Index(s, k) => index_int(&f[*s], int(&f[*k])?),
            Opd::Fn(g) => g(me, f),
        }
    }
}

#[derive(Clone, Copy)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// A condition tested in place: a comparison of two operands, or a closure.
#[derive(Clone)]
enum Cnd {
    Cmp(Cmp, Opd, Opd),
    Fn(BoolFn),
}

impl Cnd {
    fn of(node: &Node) -> Option<Cnd> {
        if let NodeKind::Binary(
            op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne),
            a,
            b,
        ) = &node.kind
            && let (Some(x), Some(y)) = (Opd::of(a), Opd::of(b))
        {
            let op = match op {
                BinOp::Lt => Cmp::Lt,
                BinOp::Le => Cmp::Le,
                BinOp::Gt => Cmp::Gt,
                BinOp::Ge => Cmp::Ge,
                BinOp::Eq => Cmp::Eq,
                _ => Cmp::Ne,
            };
            return Some(Cnd::Cmp(op, x, y));
        }
        Some(Cnd::Fn(bool_child(node)?))
    }

    #[inline(always)]
    fn test(&self, me: &Interp<'_>, f: &[Value]) -> Option<bool> {
        match self {
            Cnd::Cmp(op, a, b) => {
                let (x, y) = (a.get(me, f)?, b.get(me, f)?);
                Some(match op {
                    Cmp::Lt => x < y,
                    Cmp::Le => x <= y,
                    Cmp::Gt => x > y,
                    Cmp::Ge => x >= y,
                    Cmp::Eq => x == y,
                    Cmp::Ne => x != y,
                })
            }
            Cnd::Fn(g) => g(me, f),
        }
    }
}

/// `op(a, b)` on two integer operands, specialised for locals and constants.
fn int_op<F>(op: F, a: &Node, b: &Node) -> Option<IntFn>
where
    F: Fn(i64, i64) -> Option<i64> + Copy + 'static,
{
    Some(match (leaf(a), leaf(b)) {
        (Some(Leaf::Local(x)), Some(Leaf::Const(c))) => Rc::new(move |_, f| op(int(&f[x])?, c)),
        (Some(Leaf::Local(x)), Some(Leaf::Local(y))) => {
            Rc::new(move |_, f| op(int(&f[x])?, int(&f[y])?))
        }
        (Some(Leaf::Const(c)), Some(Leaf::Local(y))) => Rc::new(move |_, f| op(c, int(&f[y])?)),
        _ => {
            let (fa, fb) = (Opd::of(a)?, Opd::of(b)?);
            Rc::new(move |me, f| op(fa.get(me, f)?, fb.get(me, f)?))
        }
    })
}

/// A comparison of two integer operands, specialised like `int_op`.
fn cmp_op<F>(op: F, a: &Node, b: &Node) -> Option<BoolFn>
where
    F: Fn(i64, i64) -> bool + Copy + 'static,
{
    Some(match (leaf(a), leaf(b)) {
        (Some(Leaf::Local(x)), Some(Leaf::Const(c))) => {
            Rc::new(move |_, f| Some(op(int(&f[x])?, c)))
        }
        (Some(Leaf::Local(x)), Some(Leaf::Local(y))) => {
            Rc::new(move |_, f| Some(op(int(&f[x])?, int(&f[y])?)))
        }
        _ => {
            let (fa, fb) = (Opd::of(a)?, Opd::of(b)?);
            Rc::new(move |me, f| Some(op(fa.get(me, f)?, fb.get(me, f)?)))
        }
    })
}

fn index_int(xs: &Value, k: i64) -> Option<i64> {
    match xs {
        Value::List(xs) | Value::Tuple(xs) => int(xs.get(usize::try_from(k).ok()?)?),
        _ => None,
    }
}

fn len(xs: &Value) -> Option<i64> {
    match xs {
        Value::List(xs) | Value::Tuple(xs) => Some(xs.len() as i64),
        Value::Set(xs) => Some(xs.len() as i64),
        Value::Range(a, b) if b <= a => Some(0),
        Value::Range(a, b) => b.checked_sub(*a),
        _ => None,
    }
}

fn global<'v>(me: &'v Interp<'_>, g: usize) -> Option<&'v Value> {
    me.defs.globals.get(g)?.as_ref()
}

/// The closure for a node whose children are compiled already, if its
/// shape is one of those above.
pub fn compile(kind: &NodeKind) -> Option<Fast> {
    use BinOp::*;
    #[cfg(test)]
    if tests::OFF.with(|off| off.get()) {
        return None;
    }
    let int_fn: IntFn = match kind {
        NodeKind::Const(Value::Int(n)) => {
            let n = *n;
            Rc::new(move |_, _| Some(n))
        }
        NodeKind::Const(Value::Bool(b)) => {
            let b = *b;
            return Some(Fast::Bool(Rc::new(move |_, _| Some(b))));
        }
        NodeKind::Local(s) => {
            let s = *s as usize;
            Rc::new(move |_, f| int(&f[s]))
        }
        NodeKind::Binary(Add, a, b) => int_op(|x: i64, y| x.checked_add(y), a, b)?,
        NodeKind::Binary(Sub, a, b) => int_op(|x: i64, y| x.checked_sub(y), a, b)?,
        NodeKind::Binary(Mul, a, b) => int_op(|x: i64, y| x.checked_mul(y), a, b)?,
        // `(i, j) != (0, 0)`: integer elements against a constant tuple.
        NodeKind::Binary(op @ (Eq | Ne), a, b)
            if let (NodeKind::Tuple(xs), NodeKind::Const(Value::Tuple(ys))) =
                (&a.kind, &b.kind) =>
        {
            if xs.len() != ys.len() {
                return None;
            }
            let ys: Vec<i64> = ys.iter().map(int).collect::<Option<_>>()?;
            let xs: Vec<IntFn> = xs.iter().map(int_child).collect::<Option<_>>()?;
            let eq = *op == Eq;
            return Some(Fast::Bool(Rc::new(move |me, f| {
                for (x, y) in xs.iter().zip(&ys) {
                    if x(me, f)? != *y {
                        return Some(!eq);
                    }
                }
                Some(eq)
            })));
        }
        NodeKind::Binary(op @ (Lt | Le | Gt | Ge | Eq | Ne), a, b) => {
            return Some(Fast::Bool(match op {
                Lt => cmp_op(|x: i64, y| x < y, a, b)?,
                Le => cmp_op(|x: i64, y| x <= y, a, b)?,
                Gt => cmp_op(|x: i64, y| x > y, a, b)?,
                Ge => cmp_op(|x: i64, y| x >= y, a, b)?,
                Eq => cmp_op(|x: i64, y| x == y, a, b)?,
                _ => cmp_op(|x: i64, y| x != y, a, b)?,
            }));
        }
        NodeKind::Binary(And, a, b) => {
            let (fa, fb) = (Cnd::of(a)?, Cnd::of(b)?);
            return Some(Fast::Bool(Rc::new(move |me, f| {
                if fa.test(me, f)? {
                    fb.test(me, f)
                } else {
                    Some(false)
                }
            })));
        }
        NodeKind::Binary(Or, a, b) => {
            let (fa, fb) = (Cnd::of(a)?, Cnd::of(b)?);
            return Some(Fast::Bool(Rc::new(move |me, f| {
                if fa.test(me, f)? {
                    Some(true)
                } else {
                    fb.test(me, f)
                }
            })));
        }
        NodeKind::Unary(UnOp::Not, x) => {
            let fx = bool_child(x)?;
            return Some(Fast::Bool(Rc::new(move |me, f| fx(me, f).map(|b| !b))));
        }
        NodeKind::Unary(UnOp::Neg, x) => {
            let fx = int_child(x)?;
            Rc::new(move |me, f| fx(me, f)?.checked_neg())
        }
        NodeKind::Index(a, i) => match (&a.kind, leaf(i)) {
            (NodeKind::Local(s), Some(Leaf::Local(k))) => {
                let s = *s as usize;
                Rc::new(move |_, f| index_int(&f[s], int(&f[k])?))
            }
            (NodeKind::Local(s), _) => {
                let (s, fi) = (*s as usize, int_child(i)?);
                Rc::new(move |me, f| index_int(&f[s], fi(me, f)?))
            }
            (NodeKind::Global(g), _) => {
                let (g, fi) = (*g as usize, int_child(i)?);
                Rc::new(move |me, f| index_int(global(me, g)?, fi(me, f)?))
            }
            _ => return None,
        },
        NodeKind::CallBuiltin(b @ (Builtin::Min | Builtin::Max), args) => match &args[..] {
            [x, y] => {
                let (fx, fy) = (Opd::of(x)?, Opd::of(y)?);
                if *b == Builtin::Min {
                    Rc::new(move |me, f| Some(fx.get(me, f)?.min(fy.get(me, f)?)))
                } else {
                    Rc::new(move |me, f| Some(fx.get(me, f)?.max(fy.get(me, f)?)))
                }
            }
            _ => return None,
        },
        NodeKind::CallBuiltin(Builtin::Len, args) => match args.first().map(|a| &a.kind) {
            Some(NodeKind::Local(s)) => {
                let s = *s as usize;
                Rc::new(move |_, f| len(&f[s]))
            }
            Some(NodeKind::Global(g)) => {
                let g = *g as usize;
                Rc::new(move |me, _| len(global(me, g)?))
            }
            _ => return None,
        },
        NodeKind::If(c, t, e) => {
            let (fc, ft, fe) = (Cnd::of(c)?, Opd::of(t)?, Opd::of(e)?);
            Rc::new(move |me, f| {
                if fc.test(me, f)? {
                    ft.get(me, f)
                } else {
                    fe.get(me, f)
                }
            })
        }
        _ => return None,
    };
    Some(Fast::Int(int_fn))
}

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;
    use std::sync::atomic::AtomicBool;

    use super::super::{Compiler, Defs, Interp, Node, Scope, Value};
    use crate::syntax::SourceId;
    use crate::syntax::ast::Stmt;

    thread_local! {
        /// Compile without closures: the ordinary evaluation, for comparison.
        pub static OFF: Cell<bool> = const { Cell::new(false) };
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
        let interp = Interp::new(&defs, &interrupt);
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
}
