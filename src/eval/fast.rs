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
    /// A list comprehension of small integers in one of the shapes of
    /// `ListShape`, run by `Interp::small_int_list`.
    List(Rc<ListShape>),
}

impl fmt::Debug for Fast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fast::Int(_) => "Fast::Int",
            Fast::Bool(_) => "Fast::Bool",
            Fast::List(_) => "Fast::List",
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

#[derive(Clone, Copy, Debug)]
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
    if let NodeKind::Comprehension { .. } = kind {
        #[cfg(test)]
        if tests::LIST_OFF.with(|off| off.get()) {
            return None;
        }
        return ListShape::of(kind).map(|l| Fast::List(Rc::new(l)));
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

/// A value that does not change while a list is built, read once per list:
/// a constant, a local other than the loop variable, or `len` of a local.
#[derive(Clone, Copy, Debug)]
enum Inv {
    Const(i64),
    Local(usize),
    Len(usize),
}

impl Inv {
    fn of(node: &Node, slot: usize) -> Option<Inv> {
        Some(match &node.kind {
            NodeKind::Const(Value::Int(n)) => Inv::Const(*n),
            NodeKind::Local(s) if *s as usize != slot => Inv::Local(*s as usize),
            NodeKind::CallBuiltin(Builtin::Len, args) => match &args[..] {
                [a] => match a.kind {
                    NodeKind::Local(s) if s as usize != slot => Inv::Len(s as usize),
                    _ => return None,
                },
                _ => return None,
            },
            _ => return None,
        })
    }

    #[inline(always)]
    fn get(self, f: &[Value]) -> Option<i64> {
        match self {
            Inv::Const(n) => Some(n),
            Inv::Local(s) => int(&f[s]),
            Inv::Len(s) => len(&f[s]),
        }
    }
}

/// An operand inside the list, once the invariants are read: the loop
/// variable, the invariant number `n` (an index into the values read at the
/// start of the list), or `xs[k]` for the list's one indexed local.
#[derive(Clone, Copy, Debug)]
enum Term {
    K,
    Inv(usize),
    X,
}

#[derive(Debug)]
enum Test {
    Cmp(Cmp, Term, Term),
    And(Box<Test>, Box<Test>),
    Or(Box<Test>, Box<Test>),
}

#[derive(Debug)]
enum Elem {
    Term(Term),
    Min(Term, Term),
    Max(Term, Term),
    If(Test, Box<Elem>, Box<Elem>),
}

/// How a condition runs for one list, decided once per list from its
/// invariant part.
#[derive(Clone, Copy)]
enum Mode<'s> {
    All,
    Nothing,
    Iv(Iv),
    Test(&'s Test),
}

/// `[e for k in lo..hi if c]` (or `lo..=hi`) where `lo`, `hi` are
/// invariants (`Inv`) and `e`, `c` are built from comparisons, `and`, `or`,
/// `if`, `min`, `max` of the loop variable, invariants and `xs[k]` for one
/// local `xs`: the element and condition are one small tree over numbers
/// read once per list, not closures over the frame.
#[derive(Debug)]
pub struct ListShape {
    slot: usize,
    lo: Inv,
    hi: Inv,
    incl: bool,
    invs: Vec<Inv>,
    xs: Option<usize>,
    cond: Option<Test>,
    plan: Plan,
    body: Body,
}

/// How the condition is folded for each list (`fold`), decided when the
/// rules are compiled.
#[derive(Debug, Clone, Copy)]
enum Plan {
    None,
    Invariant,
    OrFirst,
    OrSecond,
    AndFirst,
    AndSecond,
    General,
}

/// An element without a condition of its own.
#[derive(Debug, Clone, Copy)]
enum Val {
    Term(Term),
    Min(Term, Term),
    Max(Term, Term),
}

/// `k op n` for an invariant `n`: true for k in a..b (or outside it for
/// `!=`) once `n` is known.
#[derive(Debug, Clone, Copy)]
struct KTest(Cmp, usize);

/// The element: a plain value, `if k op n then x else y`, or any other
/// tree of `Elem`.
#[derive(Debug)]
enum Body {
    Val(Val),
    Split(KTest, Val, Val),
    General(Elem),
}

/// The interval of `KTest` for one list: k passes when `(a <= k < b) != neg`.
#[derive(Clone, Copy)]
struct Iv {
    a: i64,
    b: i64,
    neg: bool,
}

impl Iv {
    #[inline(always)]
    fn has(self, k: i64) -> bool {
        (self.a <= k && k < self.b) != self.neg
    }
}

impl KTest {
    /// `k op n` or `n op k` as a `KTest`.
    fn of(t: &Test) -> Option<KTest> {
        let Test::Cmp(op, a, b) = t else {
            return None;
        };
        Some(match (a, b) {
            (Term::K, Term::Inv(i)) => KTest(*op, *i),
            (Term::Inv(i), Term::K) => KTest(
                match op {
                    Cmp::Lt => Cmp::Gt,
                    Cmp::Le => Cmp::Ge,
                    Cmp::Gt => Cmp::Lt,
                    Cmp::Ge => Cmp::Le,
                    o => *o,
                },
                *i,
            ),
            _ => return None,
        })
    }

    fn iv(self, v: &[i64; 8]) -> Iv {
        let n = v[self.1];
        let iv = |a, b, neg| Iv { a, b, neg };
        // `n + 1`, or None when `n` is the largest integer.
        let m = n.checked_add(1);
        match (self.0, m) {
            (Cmp::Lt, _) => iv(i64::MIN, n, false),
            (Cmp::Ge, _) => iv(i64::MIN, n, true),
            (Cmp::Le, Some(m)) => iv(i64::MIN, m, false),
            (Cmp::Le, None) => iv(0, 0, true),
            (Cmp::Gt, Some(m)) => iv(i64::MIN, m, true),
            (Cmp::Gt, None) => iv(0, 0, false),
            (Cmp::Eq, Some(m)) => iv(n, m, false),
            (Cmp::Eq, None) => iv(i64::MIN, i64::MAX, true),
            (Cmp::Ne, Some(m)) => iv(n, m, true),
            (Cmp::Ne, None) => iv(i64::MIN, i64::MAX, false),
        }
    }
}

impl Val {
    fn of(e: &Elem) -> Option<Val> {
        Some(match e {
            Elem::Term(t) => Val::Term(*t),
            Elem::Min(a, b) => Val::Min(*a, *b),
            Elem::Max(a, b) => Val::Max(*a, *b),
            Elem::If(..) => return None,
        })
    }
}

struct Builder {
    slot: usize,
    invs: Vec<Inv>,
    xs: Option<usize>,
}

impl Builder {
    fn term(&mut self, node: &Node) -> Option<Term> {
        match &node.kind {
            NodeKind::Local(s) if *s as usize == self.slot => return Some(Term::K),
            NodeKind::Index(a, i) => {
                let (NodeKind::Local(s), NodeKind::Local(k)) = (&a.kind, &i.kind) else {
                    return None;
                };
                let s = *s as usize;
                if *k as usize != self.slot || s == self.slot || self.xs.is_some_and(|x| x != s) {
                    return None;
                }
                self.xs = Some(s);
                return Some(Term::X);
            }
            _ => {}
        }
        let v = Inv::of(node, self.slot)?;
        self.invs.push(v);
        Some(Term::Inv(self.invs.len() - 1))
    }

    fn test(&mut self, node: &Node) -> Option<Test> {
        let NodeKind::Binary(op, a, b) = &node.kind else {
            return None;
        };
        Some(match op {
            BinOp::And => Test::And(Box::new(self.test(a)?), Box::new(self.test(b)?)),
            BinOp::Or => Test::Or(Box::new(self.test(a)?), Box::new(self.test(b)?)),
            _ => {
                let op = match op {
                    BinOp::Lt => Cmp::Lt,
                    BinOp::Le => Cmp::Le,
                    BinOp::Gt => Cmp::Gt,
                    BinOp::Ge => Cmp::Ge,
                    BinOp::Eq => Cmp::Eq,
                    BinOp::Ne => Cmp::Ne,
                    _ => return None,
                };
                Test::Cmp(op, self.term(a)?, self.term(b)?)
            }
        })
    }

    fn elem(&mut self, node: &Node) -> Option<Elem> {
        Some(match &node.kind {
            NodeKind::If(c, t, e) => Elem::If(
                self.test(c)?,
                Box::new(self.elem(t)?),
                Box::new(self.elem(e)?),
            ),
            NodeKind::CallBuiltin(b @ (Builtin::Min | Builtin::Max), args) => match &args[..] {
                [x, y] => {
                    let (x, y) = (self.term(x)?, self.term(y)?);
                    if *b == Builtin::Min {
                        Elem::Min(x, y)
                    } else {
                        Elem::Max(x, y)
                    }
                }
                _ => return None,
            },
            _ => Elem::Term(self.term(node)?),
        })
    }
}

/// Whether a test reads neither the loop variable nor `xs[k]`.
fn invariant(t: &Test) -> bool {
    match t {
        Test::Cmp(_, a, b) => matches!((a, b), (Term::Inv(_), Term::Inv(_))),
        Test::And(a, b) | Test::Or(a, b) => invariant(a) && invariant(b),
    }
}

/// Whether a test cannot fail once the invariants are read (no `xs[k]`).
fn infallible(t: &Test) -> bool {
    match t {
        Test::Cmp(_, a, b) => !matches!(a, Term::X) && !matches!(b, Term::X),
        Test::And(a, b) | Test::Or(a, b) => infallible(a) && infallible(b),
    }
}

impl ListShape {
    fn of(kind: &NodeKind) -> Option<ListShape> {
        let NodeKind::Comprehension {
            set: false,
            body,
            bindings,
            cond,
        } = kind
        else {
            return None;
        };
        let [(super::compile::CPattern::Slot(slot), iter)] = &bindings[..] else {
            return None;
        };
        let NodeKind::Binary(op @ (BinOp::RangeExcl | BinOp::RangeIncl), a, b) = &iter.kind else {
            return None;
        };
        let slot = *slot as usize;
        let (lo, hi) = (Inv::of(a, slot)?, Inv::of(b, slot)?);
        let mut bld = Builder {
            slot,
            invs: Vec::new(),
            xs: None,
        };
        let cond = match cond {
            Some(c) => Some(bld.test(c)?),
            None => None,
        };
        let body = match bld.elem(body)? {
            Elem::If(c, t, e)
                if let (Some(kt), Some(t), Some(e)) = (KTest::of(&c), Val::of(&t), Val::of(&e)) =>
            {
                Body::Split(kt, t, e)
            }
            e => match Val::of(&e) {
                Some(v) => Body::Val(v),
                None => Body::General(e),
            },
        };
        if bld.invs.len() > 8 {
            return None;
        }
        let plan = match &cond {
            None => Plan::None,
            Some(t) if invariant(t) => Plan::Invariant,
            Some(Test::Or(a, _)) if invariant(a) => Plan::OrFirst,
            Some(Test::Or(a, b)) if invariant(b) && infallible(a) => Plan::OrSecond,
            Some(Test::And(a, _)) if invariant(a) => Plan::AndFirst,
            Some(Test::And(a, b)) if invariant(b) && infallible(a) => Plan::AndSecond,
            Some(_) => Plan::General,
        };
        Some(ListShape {
            slot,
            lo,
            hi,
            incl: *op == BinOp::RangeIncl,
            invs: bld.invs,
            xs: bld.xs,
            cond,
            plan,
            body,
        })
    }

    /// The elements into `out` and their count, as `Interp::small_int_list`
    /// promises: Some(None) for anything else (the caller then evaluates
    /// the ordinary way), and None, with nothing written, where the shape
    /// does not apply to these values (an invariant that is not an
    /// integer, say): the caller then uses the closures. Writes the loop
    /// variable's slot as the loop would.
    #[inline]
    pub fn run(&self, frame: &mut [Value], out: &mut [u8]) -> Option<Option<usize>> {
        let lo = self.lo.get(frame)?;
        let mut hi = self.hi.get(frame)?;
        if self.incl {
            hi = hi.checked_add(1)?;
        }
        if hi.checked_sub(lo)? > 4 * out.len() as i64 {
            return None;
        }
        if hi <= lo {
            return Some(Some(0));
        }
        let mut v = [0i64; 8];
        for (v, inv) in v.iter_mut().zip(&self.invs) {
            *v = inv.get(frame)?;
        }
        let xs: &[Value] = match self.xs {
            Some(s) => match &frame[s] {
                Value::List(xs) | Value::Tuple(xs) => xs,
                // Not indexable: every `xs[k]` read fails, as in the closures.
                _ => &[],
            },
            None => &[],
        };
        let mode = match &self.cond {
            Some(t) => fold(self.plan, t, &v),
            None => Mode::All,
        };
        let mode = match mode {
            Mode::Test(t) if let Some(kt) = KTest::of(t) => Mode::Iv(kt.iv(&v)),
            m => m,
        };
        let env = Env { k: 0, v: &v, xs };
        let n = match &self.body {
            Body::Val(x) => self.each(lo, hi, mode, &env, out, |e| e.val(*x)),
            Body::Split(kt, x, y) => {
                let iv = kt.iv(&v);
                self.each(lo, hi, mode, &env, out, |e| {
                    if iv.has(e.k) { e.val(*x) } else { e.val(*y) }
                })
            }
            Body::General(b) => self.each(lo, hi, mode, &env, out, |e| e.elem(b)),
        };
        let Some(n) = n else {
            return Some(None);
        };
        super::interp::set_int(&mut frame[self.slot], hi - 1);
        Some(Some(n))
    }

    /// The loop over `lo..hi` for one body: the elements that pass into
    /// `out`, None as soon as one is not a small integer or `out` is full.
    #[inline(always)]
    fn each<'a>(
        &self,
        lo: i64,
        hi: i64,
        mode: Mode<'_>,
        env: &Env<'a>,
        out: &mut [u8],
        elem: impl Fn(&Env<'a>) -> Option<i64>,
    ) -> Option<usize> {
        let mut n = 0;
        for k in lo..hi {
            let e = Env { k, ..*env };
            match mode {
                Mode::All => {}
                Mode::Nothing => return Some(0),
                Mode::Iv(iv) => {
                    if !iv.has(k) {
                        continue;
                    }
                }
                Mode::Test(t) => {
                    if !e.test(t)? {
                        continue;
                    }
                }
            }
            *out.get_mut(n)? = u8::try_from(elem(&e)?).ok()?;
            n += 1;
        }
        Some(n)
    }
}

/// The condition for one list: an `and` or `or` with an invariant side is
/// decided here when that side settles it, or reduced to its other side,
/// as long as no failure the ordinary evaluation would meet is skipped
/// (an invariant test cannot fail once the invariants are read; a side
/// evaluated before it must be infallible to be skipped).
fn fold<'s>(plan: Plan, t: &'s Test, v: &[i64; 8]) -> Mode<'s> {
    let e = Env { k: 0, v, xs: &[] };
    let yes = |t: &Test| e.test(t) == Some(true);
    match (plan, t) {
        (Plan::Invariant, _) if yes(t) => Mode::All,
        (Plan::Invariant, _) => Mode::Nothing,
        (Plan::OrFirst, Test::Or(a, b)) => {
            if yes(a) {
                Mode::All
            } else {
                Mode::Test(b)
            }
        }
        (Plan::OrSecond, Test::Or(a, b)) => {
            if yes(b) {
                Mode::All
            } else {
                Mode::Test(a)
            }
        }
        (Plan::AndFirst, Test::And(a, b)) => {
            if yes(a) {
                Mode::Test(b)
            } else {
                Mode::Nothing
            }
        }
        (Plan::AndSecond, Test::And(a, b)) => {
            if yes(b) {
                Mode::Test(a)
            } else {
                Mode::Nothing
            }
        }
        _ => Mode::Test(t),
    }
}

#[derive(Clone, Copy)]
struct Env<'a> {
    k: i64,
    v: &'a [i64; 8],
    xs: &'a [Value],
}

impl Env<'_> {
    #[inline(always)]
    fn term(&self, t: Term) -> Option<i64> {
        match t {
            Term::K => Some(self.k),
            Term::Inv(i) => Some(self.v[i]),
            Term::X => int(self.xs.get(usize::try_from(self.k).ok()?)?),
        }
    }

    /// A comparison here; `and`, `or` out of line.
    #[inline(always)]
    fn test(&self, t: &Test) -> Option<bool> {
        match t {
            Test::Cmp(op, a, b) => self.cmp(*op, *a, *b),
            _ => self.test_tree(t),
        }
    }

    #[inline(always)]
    fn cmp(&self, op: Cmp, a: Term, b: Term) -> Option<bool> {
        let (x, y) = (self.term(a)?, self.term(b)?);
        Some(match op {
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
            Cmp::Eq => x == y,
            Cmp::Ne => x != y,
        })
    }

    #[inline(never)]
    fn test_tree(&self, t: &Test) -> Option<bool> {
        match t {
            Test::Cmp(op, a, b) => {
                let (x, y) = (self.term(*a)?, self.term(*b)?);
                Some(match op {
                    Cmp::Lt => x < y,
                    Cmp::Le => x <= y,
                    Cmp::Gt => x > y,
                    Cmp::Ge => x >= y,
                    Cmp::Eq => x == y,
                    Cmp::Ne => x != y,
                })
            }
            Test::And(a, b) => Some(self.test(a)? && self.test(b)?),
            Test::Or(a, b) => Some(self.test(a)? || self.test(b)?),
        }
    }

    #[inline(always)]
    fn val(&self, x: Val) -> Option<i64> {
        match x {
            Val::Term(t) => self.term(t),
            Val::Min(a, b) => Some(self.term(a)?.min(self.term(b)?)),
            Val::Max(a, b) => Some(self.term(a)?.max(self.term(b)?)),
        }
    }

    fn elem(&self, e: &Elem) -> Option<i64> {
        match e {
            Elem::Term(t) => self.term(*t),
            Elem::Min(a, b) => Some(self.term(*a)?.min(self.term(*b)?)),
            Elem::Max(a, b) => Some(self.term(*a)?.max(self.term(*b)?)),
            Elem::If(c, t, e) => {
                if self.test(c)? {
                    self.elem(t)
                } else {
                    self.elem(e)
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;
    use std::sync::atomic::AtomicBool;

    use super::super::{Compiler, Defs, Interp, Node, Scope, Value};
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
        let interp = Interp::new(&defs, &interrupt);
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
}
