//! Integer expressions and conditions compiled to closures when the rules
//! are compiled: `rows[r]`, `min(rows[r], j)`, `r < i or j > 0` run as a
//! few direct calls instead of a walk over the node tree. A closure answers
//! None for anything outside its integer shape (a non-integer value, an
//! index out of range, an overflow): the evaluator then evaluates the node
//! the ordinary way, which gives the value or reports the error.

use std::fmt;
use std::rc::Rc;

use crate::syntax::ast::{BinOp, UnOp};

mod list;

pub use list::ListShape;

use super::compile::{Node, NodeKind};
use super::interp::Interp;
use crate::library::IntForm;
use crate::model::Value;

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

fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

fn floor_rem(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    Some(if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
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
    if tests::OFF.with(std::cell::Cell::get) {
        return None;
    }
    match kind {
        NodeKind::Comprehension { .. } => {
            #[cfg(test)]
            if tests::LIST_OFF.with(std::cell::Cell::get) {
                return None;
            }
            ListShape::of(kind).map(|l| Fast::List(Rc::new(l)))
        }
        NodeKind::Const(Value::Bool(_))
        | NodeKind::Binary(Lt | Le | Gt | Ge | Eq | Ne | And | Or, ..)
        | NodeKind::Unary(UnOp::Not, _) => bool_closure(kind).map(Fast::Bool),
        _ => int_closure(kind).map(Fast::Int),
    }
}

/// The closure of a condition: a comparison, `and`, `or`, `not`.
fn bool_closure(kind: &NodeKind) -> Option<BoolFn> {
    use BinOp::*;
    Some(match kind {
        NodeKind::Const(Value::Bool(b)) => {
            let b = *b;
            Rc::new(move |_, _| Some(b))
        }
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
            Rc::new(move |me, f| {
                for (x, y) in xs.iter().zip(&ys) {
                    if x(me, f)? != *y {
                        return Some(!eq);
                    }
                }
                Some(eq)
            })
        }
        NodeKind::Binary(Lt, a, b) => cmp_op(|x: i64, y| x < y, a, b)?,
        NodeKind::Binary(Le, a, b) => cmp_op(|x: i64, y| x <= y, a, b)?,
        NodeKind::Binary(Gt, a, b) => cmp_op(|x: i64, y| x > y, a, b)?,
        NodeKind::Binary(Ge, a, b) => cmp_op(|x: i64, y| x >= y, a, b)?,
        NodeKind::Binary(Eq, a, b) => cmp_op(|x: i64, y| x == y, a, b)?,
        NodeKind::Binary(Ne, a, b) => cmp_op(|x: i64, y| x != y, a, b)?,
        NodeKind::Binary(And, a, b) => {
            let (fa, fb) = (Cnd::of(a)?, Cnd::of(b)?);
            Rc::new(move |me, f| {
                if fa.test(me, f)? {
                    fb.test(me, f)
                } else {
                    Some(false)
                }
            })
        }
        NodeKind::Binary(Or, a, b) => {
            let (fa, fb) = (Cnd::of(a)?, Cnd::of(b)?);
            Rc::new(move |me, f| {
                if fa.test(me, f)? {
                    Some(true)
                } else {
                    fb.test(me, f)
                }
            })
        }
        NodeKind::Unary(UnOp::Not, x) => {
            let fx = bool_child(x)?;
            Rc::new(move |me, f| fx(me, f).map(|b| !b))
        }
        _ => return None,
    })
}

/// The closure of an integer expression: arithmetic, negation, an index,
/// `min`/`max`/`len`, `if`.
fn int_closure(kind: &NodeKind) -> Option<IntFn> {
    use BinOp::*;
    Some(match kind {
        NodeKind::Const(Value::Int(n)) => {
            let n = *n;
            Rc::new(move |_, _| Some(n))
        }
        NodeKind::Local(s) => {
            let s = *s as usize;
            Rc::new(move |_, f| int(&f[s]))
        }
        NodeKind::Binary(Add, a, b) => int_op(|x: i64, y| x.checked_add(y), a, b)?,
        NodeKind::Binary(Sub, a, b) => int_op(|x: i64, y| x.checked_sub(y), a, b)?,
        NodeKind::Binary(Mul, a, b) => int_op(|x: i64, y| x.checked_mul(y), a, b)?,
        // Floor division, a remainder with the divisor's sign, powers (as
        // `ops::binary`); a zero divisor, a negative or huge exponent and an
        // overflow leave it to the tree walk, which reports them.
        NodeKind::Binary(FloorDiv, a, b) => int_op(floor_div, a, b)?,
        // Exact division: a quotient that is not an integer leaves it to
        // the tree walk (a number, or the error naming `//`).
        NodeKind::Binary(Div, a, b) => int_op(
            |x: i64, y| {
                if x.checked_rem(y)? == 0 {
                    x.checked_div(y)
                } else {
                    None
                }
            },
            a,
            b,
        )?,
        NodeKind::Binary(Rem, a, b) => int_op(floor_rem, a, b)?,
        NodeKind::Binary(Pow, a, b) => int_op(
            |x: i64, y| u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
            a,
            b,
        )?,
        NodeKind::Unary(UnOp::Neg, x) => {
            let fx = int_child(x)?;
            Rc::new(move |me, f| fx(me, f)?.checked_neg())
        }
        NodeKind::Index(a, i) => index_closure(a, i)?,
        NodeKind::Call(e, args, _) => call_closure(e, args)?,
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
    })
}

/// `xs[i]` of a local or global list of integers.
fn index_closure(a: &Node, i: &Node) -> Option<IntFn> {
    Some(match (&a.kind, leaf(i)) {
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
    })
}

/// `min(a, b)`, `max(a, b)` of integers, `len` of a local or global.
fn call_closure(e: &crate::library::Entry, args: &[Node]) -> Option<IntFn> {
    Some(match (e.int_form()?, args) {
        (IntForm::Min, [x, y]) => {
            let (fx, fy) = (Opd::of(x)?, Opd::of(y)?);
            Rc::new(move |me, f| Some(fx.get(me, f)?.min(fy.get(me, f)?)))
        }
        (IntForm::Max, [x, y]) => {
            let (fx, fy) = (Opd::of(x)?, Opd::of(y)?);
            Rc::new(move |me, f| Some(fx.get(me, f)?.max(fy.get(me, f)?)))
        }
        (IntForm::Len, [a, ..]) => match &a.kind {
            NodeKind::Local(s) => {
                let s = *s as usize;
                Rc::new(move |_, f| len(&f[s]))
            }
            NodeKind::Global(g) => {
                let g = *g as usize;
                Rc::new(move |me, _| len(global(me, g)?))
            }
            _ => return None,
        },
        _ => return None,
    })
}

#[cfg(test)]
pub(super) mod tests;
