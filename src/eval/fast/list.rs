//! List comprehensions of one shape run as one small tree per list
//! (`ListShape`): invariants read once, the invariant half of a condition
//! decided once per list, tests of the loop variable against invariants as
//! intervals.

use super::*;
use crate::library::IntForm;

mod edit;
use edit::{Edit, SetAt};

/// A value that does not change while a list is built, read once per list:
/// a constant, a local other than the loop variable, or `len` of a local.
#[derive(Clone, Copy, Debug, PartialEq)]
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
            NodeKind::Call(e, args, _) if e.int_form() == Some(IntForm::Len) => match &args[..] {
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
    /// The invariants' values before any is read per list: the constants
    /// in place (`Term::Inv(i)` reads `v[i]`).
    init: [i64; 8],
    /// The invariants read per list, each named once however often the
    /// comprehension names it: `(i, inv)` puts `inv`'s value in `v[i]`.
    loads: Vec<(usize, Inv)>,
    xs: Option<usize>,
    cond: Option<Test>,
    plan: Plan,
    /// The invariant side of the condition, when it is one comparison
    /// (`j > 0`): decided by a compare per list, not a walk of `Test`.
    side: Option<(Cmp, usize, usize)>,
    /// The side of the condition left to test per element (the whole
    /// condition for `Plan::General`), when it is a `KTest`: an interval
    /// per list.
    rest: Option<KTest>,
    body: Body,
    /// `[if k == n then m else xs[k] for k in 0..len(xs)]`: the shape of
    /// Moore's `set_at`, run on a list of bytes (`SetAt`).
    set_at: Option<SetAt>,
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
    /// A `Split` whose one side is `xs[k]` and whose other side is an
    /// edit of it (`Edit`): a loop of its own per edit, no `Val` matched
    /// per element.
    Edit(KTest, Edit),
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

    #[inline(always)]
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
        // The same invariant named twice is one value, read once.
        if let Some(i) = self.invs.iter().position(|&w| w == v) {
            return Some(Term::Inv(i));
        }
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
            NodeKind::Call(e, args, _)
                if matches!(e.int_form(), Some(IntForm::Min | IntForm::Max)) =>
            {
                match &args[..] {
                    [x, y] => {
                        let (x, y) = (self.term(x)?, self.term(y)?);
                        if e.int_form() == Some(IntForm::Min) {
                            Elem::Min(x, y)
                        } else {
                            Elem::Max(x, y)
                        }
                    }
                    _ => return None,
                }
            }
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
    pub(super) fn of(kind: &NodeKind) -> Option<ListShape> {
        let NodeKind::Comprehension {
            set: false,
            body,
            bindings,
            cond,
        } = kind
        else {
            return None;
        };
        let [(crate::eval::CPattern::Slot(slot), iter)] = &bindings[..] else {
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
                match Edit::of(t, e) {
                    Some(ed) => Body::Edit(kt, ed),
                    None => Body::Split(kt, t, e),
                }
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
        let (side, rest) = sides(plan, cond.as_ref());
        let lane = |s: ListShape| ListShape {
            set_at: SetAt::of(&s),
            ..s
        };
        let mut init = [0i64; 8];
        let mut loads = Vec::new();
        for (i, inv) in bld.invs.iter().enumerate() {
            match inv {
                Inv::Const(n) => init[i] = *n,
                _ => loads.push((i, *inv)),
            }
        }
        Some(lane(ListShape {
            slot,
            lo,
            hi,
            incl: *op == BinOp::RangeIncl,
            invs: bld.invs,
            init,
            loads,
            xs: bld.xs,
            side: side.and_then(|t| match t {
                Test::Cmp(op, Term::Inv(a), Term::Inv(b)) => Some((*op, *a, *b)),
                _ => None,
            }),
            rest: rest.and_then(KTest::of),
            cond,
            plan,
            body,
            set_at: None,
        }))
    }

    /// The frame slots the list reads, its loop variable's aside (which
    /// it writes before reading): its result is a function of their values.
    pub fn reads(&self) -> Vec<usize> {
        let mut v: Vec<usize> = [self.lo, self.hi]
            .iter()
            .chain(&self.invs)
            .filter_map(|inv| match inv {
                Inv::Local(s) | Inv::Len(s) => Some(*s),
                Inv::Const(_) => None,
            })
            .chain(self.xs)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The elements into `out` and their count, as `Interp::small_int_list`
    /// promises: Some(None) for anything else (the caller then evaluates
    /// the ordinary way), and None, with nothing written, where the shape
    /// does not apply to these values (an invariant that is not an
    /// integer, say): the caller then uses the closures. Writes the loop
    /// variable's slot as the loop would.
    #[inline]
    pub fn run(&self, frame: &mut [Value], out: &mut [u8]) -> Option<Option<usize>> {
        self.run_in(frame, None, out)
    }

    /// `run` with the frame slot `bytes.0` holding the list of the
    /// integers `bytes.1` (a list computed by an earlier step of a move
    /// line's target, never built as a value: `ListPlan`). A shape that
    /// reads that slot other than as `xs[k]` or `len(xs)` answers None.
    #[inline]
    pub fn run_in(
        &self,
        frame: &mut [Value],
        bytes: Option<(usize, &[u8])>,
        out: &mut [u8],
    ) -> Option<Option<usize>> {
        if let (Some(lane), Some((b, xs))) = (self.set_at, bytes)
            && self.xs == Some(b)
        {
            return lane.run(frame, self.slot, (b, xs), out);
        }
        let get = |inv: Inv| match (inv, bytes) {
            (Inv::Local(s), Some((b, _))) if s == b => None,
            (Inv::Len(s), Some((b, xs))) if s == b => Some(xs.len() as i64),
            _ => inv.get(frame),
        };
        let lo = get(self.lo)?;
        let mut hi = get(self.hi)?;
        if self.incl {
            hi = hi.checked_add(1)?;
        }
        if hi.checked_sub(lo)? > 4 * out.len() as i64 {
            return None;
        }
        if hi <= lo {
            return Some(Some(0));
        }
        let mut v = self.init;
        for &(i, inv) in &self.loads {
            v[i] = get(inv)?;
        }
        let mode = match &self.cond {
            Some(t) => fold(self.plan, self.side, t, &v),
            None => Mode::All,
        };
        let mode = match (mode, self.rest) {
            (Mode::Test(_), Some(kt)) => Mode::Iv(kt.iv(&v)),
            (m, _) => m,
        };
        let n = match (self.xs, bytes) {
            (Some(s), Some((b, xs))) if s == b => {
                self.body(lo, hi, mode, Env { k: 0, v: &v, xs }, out)
            }
            (Some(s), _) => {
                let xs: &[Value] = match &frame[s] {
                    Value::List(xs) | Value::Tuple(xs) => xs,
                    // Not indexable: every `xs[k]` read fails, as in the closures.
                    _ => &[],
                };
                self.body(lo, hi, mode, Env { k: 0, v: &v, xs }, out)
            }
            (None, _) => {
                let xs: &[Value] = &[];
                self.body(lo, hi, mode, Env { k: 0, v: &v, xs }, out)
            }
        };
        let Some(n) = n else {
            return Some(None);
        };
        crate::eval::interp::set_int(&mut frame[self.slot], hi - 1);
        Some(Some(n))
    }

    /// The elements for `k` in `lo..hi`, by the body's shape.
    #[inline(always)]
    fn body<S: Src>(
        &self,
        lo: i64,
        hi: i64,
        mode: Mode<'_>,
        env: Env<'_, S>,
        out: &mut [u8],
    ) -> Option<usize> {
        match &self.body {
            Body::Val(x) => Self::each(lo, hi, mode, &env, out, |e| e.val(*x)),
            Body::Split(kt, x, y) => {
                let iv = kt.iv(env.v);
                Self::each(
                    lo,
                    hi,
                    mode,
                    &env,
                    out,
                    #[inline(always)]
                    |e| {
                        if iv.has(e.k) { e.val(*x) } else { e.val(*y) }
                    },
                )
            }
            Body::Edit(kt, ed) => {
                let iv = kt.iv(env.v);
                match mode {
                    Mode::Nothing => Some(0),
                    Mode::All => ed.run((lo, hi), iv, env.v, env.xs, out),
                    // The condition an interval: the same `k`, in order.
                    Mode::Iv(c) if !c.neg => {
                        ed.run((lo.max(c.a), hi.min(c.b)), iv, env.v, env.xs, out)
                    }
                    _ => {
                        let (x, y) = ed.vals();
                        Self::each(lo, hi, mode, &env, out, |e| {
                            if iv.has(e.k) { e.val(x) } else { e.val(y) }
                        })
                    }
                }
            }
            Body::General(b) => Self::each(lo, hi, mode, &env, out, |e| e.elem(b)),
        }
    }

    /// The loop over `lo..hi` for one body: the elements that pass into
    /// `out`, None as soon as one is not a small integer or `out` is full.
    #[inline(always)]
    fn each<'a, S: Src>(
        lo: i64,
        hi: i64,
        mode: Mode<'_>,
        env: &Env<'a, S>,
        out: &mut [u8],
        elem: impl Fn(&Env<'a, S>) -> Option<i64>,
    ) -> Option<usize> {
        let mut n = 0;
        // One loop per mode, so that no element matches on it.
        match mode {
            Mode::Nothing => return Some(0),
            Mode::All => {
                for k in lo..hi {
                    *out.get_mut(n)? = u8::try_from(elem(&Env { k, ..*env })?).ok()?;
                    n += 1;
                }
            }
            Mode::Iv(iv) => {
                for k in lo..hi {
                    if iv.has(k) {
                        *out.get_mut(n)? = u8::try_from(elem(&Env { k, ..*env })?).ok()?;
                        n += 1;
                    }
                }
            }
            Mode::Test(t) => {
                for k in lo..hi {
                    let e = Env { k, ..*env };
                    if e.test(t)? {
                        *out.get_mut(n)? = u8::try_from(elem(&e)?).ok()?;
                        n += 1;
                    }
                }
            }
        }
        Some(n)
    }
}

/// The condition for one list: an `and` or `or` with an invariant side is
/// decided here when that side settles it, or reduced to its other side,
/// as long as no failure the ordinary evaluation would meet is skipped
/// (an invariant test cannot fail once the invariants are read; a side
/// evaluated before it must be infallible to be skipped).
#[inline(always)]
fn fold<'s>(plan: Plan, side: Option<(Cmp, usize, usize)>, t: &'s Test, v: &[i64; 8]) -> Mode<'s> {
    let xs: &[Value] = &[];
    let e = Env { k: 0, v, xs };
    // The invariant side (the only one `yes` is asked of): one compare
    // when it is one, else the tree.
    let yes = |t: &Test| match side {
        Some((op, a, b)) => e.cmp(op, Term::Inv(a), Term::Inv(b)) == Some(true),
        None => e.test(t) == Some(true),
    };
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

/// The invariant side of a condition folded by `plan` (the side `fold`
/// decides per list), and the side left to test per element.
fn sides(plan: Plan, cond: Option<&Test>) -> (Option<&Test>, Option<&Test>) {
    match (plan, cond) {
        (Plan::Invariant, Some(t)) => (Some(t), None),
        (Plan::OrFirst | Plan::AndFirst, Some(Test::Or(a, b) | Test::And(a, b))) => {
            (Some(a), Some(b))
        }
        (Plan::OrSecond | Plan::AndSecond, Some(Test::Or(a, b) | Test::And(a, b))) => {
            (Some(b), Some(a))
        }
        (Plan::General, Some(t)) => (None, Some(t)),
        _ => (None, None),
    }
}

/// Where `xs[k]` reads: a list value of the frame, or the bytes of a
/// list computed by an earlier step (`ListShape::run_in`).
trait Src: Copy {
    fn at(self, k: i64) -> Option<i64>;
}

impl Src for &[Value] {
    #[inline(always)]
    fn at(self, k: i64) -> Option<i64> {
        int(self.get(usize::try_from(k).ok()?)?)
    }
}

impl Src for &[u8] {
    #[inline(always)]
    fn at(self, k: i64) -> Option<i64> {
        self.get(usize::try_from(k).ok()?).map(|&b| i64::from(b))
    }
}

#[derive(Clone, Copy)]
struct Env<'a, S> {
    k: i64,
    v: &'a [i64; 8],
    xs: S,
}

impl<S: Src> Env<'_, S> {
    #[inline(always)]
    fn term(&self, t: Term) -> Option<i64> {
        match t {
            Term::K => Some(self.k),
            Term::Inv(i) => Some(self.v[i]),
            Term::X => self.xs.at(self.k),
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
