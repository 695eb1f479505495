//! List shapes that edit a list: `if k op n then f else xs[k]` as a loop
//! of its own (`Edit`), and Moore's `set_at` on an earlier step's bytes
//! (`SetAt`). Each gives what `ListShape::each` gives for the same shape
//! (tested with the shapes in `src/eval/fast/tests.rs` and
//! `tests/move_fast_paths.rs`).

use super::*;

/// `if k op n then f else xs[k]` (`on_true`) or `if k op n then xs[k]
/// else f` (not `on_true`), where `f` is an invariant `m` (`Set`),
/// `min(xs[k], m)` or `max(xs[k], m)` (either order): Chomp's `bite`,
/// Moore's `set_at`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edit {
    pub(super) on_true: bool,
    pub(super) f: EditFn,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum EditFn {
    Set(usize),
    Min(usize),
    Max(usize),
}

impl Edit {
    /// The split's two sides again.
    pub(super) fn vals(self) -> (Val, Val) {
        let f = match self.f {
            EditFn::Set(m) => Val::Term(Term::Inv(m)),
            EditFn::Min(m) => Val::Min(Term::X, Term::Inv(m)),
            EditFn::Max(m) => Val::Max(Term::X, Term::Inv(m)),
        };
        let x = Val::Term(Term::X);
        if self.on_true { (f, x) } else { (x, f) }
    }

    /// `if k op n then x else y` as an `Edit`, when it is one.
    pub(super) fn of(x: Val, y: Val) -> Option<Edit> {
        let f = |v: Val| match v {
            Val::Term(Term::Inv(m)) => Some(EditFn::Set(m)),
            Val::Min(Term::X, Term::Inv(m)) | Val::Min(Term::Inv(m), Term::X) => {
                Some(EditFn::Min(m))
            }
            Val::Max(Term::X, Term::Inv(m)) | Val::Max(Term::Inv(m), Term::X) => {
                Some(EditFn::Max(m))
            }
            _ => None,
        };
        match (x, y) {
            (Val::Term(Term::X), y) => Some(Edit {
                on_true: false,
                f: f(y)?,
            }),
            (x, Val::Term(Term::X)) => Some(Edit {
                on_true: true,
                f: f(x)?,
            }),
            _ => None,
        }
    }

    /// The elements for `k` in `a..b`, every one passing the condition:
    /// as `ListShape::each` with the split body, one loop per `EditFn`.
    #[inline(never)]
    pub(super) fn run<S: Src>(
        self,
        (a, b): (i64, i64),
        iv: Iv,
        v: &[i64; 8],
        xs: S,
        out: &mut [u8],
    ) -> Option<usize> {
        match self.f {
            // `m` alone: `xs[k]` is not read where the edit applies.
            EditFn::Set(m) => self.each(a, b, iv, xs, out, |_, _| Some(v[m])),
            EditFn::Min(m) => self.each(a, b, iv, xs, out, |xs, k| Some(xs.at(k)?.min(v[m]))),
            EditFn::Max(m) => self.each(a, b, iv, xs, out, |xs, k| Some(xs.at(k)?.max(v[m]))),
        }
    }

    #[inline(always)]
    fn each<S: Src>(
        self,
        a: i64,
        b: i64,
        iv: Iv,
        xs: S,
        out: &mut [u8],
        f: impl Fn(S, i64) -> Option<i64>,
    ) -> Option<usize> {
        let mut n = 0;
        for k in a..b {
            let e = if iv.has(k) == self.on_true {
                f(xs, k)?
            } else {
                xs.at(k)?
            };
            *out.get_mut(n)? = u8::try_from(e).ok()?;
            n += 1;
        }
        Some(n)
    }
}

/// `[if k == n then m else xs[k] for k in 0..len(xs)]` (or `n == k`), no
/// condition, `n` and `m` invariants: on the bytes of an earlier step's
/// list (`ListShape::run_in`), those bytes with `m` at `n`, no loop over
/// the shape's tree.
#[derive(Debug, Clone, Copy)]
pub(super) struct SetAt {
    n: Inv,
    m: Inv,
}

impl SetAt {
    pub(super) fn of(shape: &ListShape) -> Option<SetAt> {
        let (Inv::Const(0), Inv::Len(x), false, None) =
            (shape.lo, shape.hi, shape.incl, &shape.cond)
        else {
            return None;
        };
        let Body::Edit(
            KTest(Cmp::Eq, n),
            Edit {
                on_true: true,
                f: EditFn::Set(m),
            },
        ) = shape.body
        else {
            return None;
        };
        (shape.xs == Some(x)).then(|| SetAt {
            n: shape.invs[n],
            m: shape.invs[m],
        })
    }

    /// `ListShape::run_in` of the shape on `xs`, the bytes of slot `b`,
    /// when the shape's `xs` is that slot: the same answer, the same
    /// slot written.
    #[inline(always)]
    pub(super) fn run(
        self,
        frame: &mut [Value],
        slot: usize,
        (b, xs): (usize, &[u8]),
        out: &mut [u8],
    ) -> Option<Option<usize>> {
        let get = |inv: Inv| match inv {
            Inv::Local(s) if s == b => None,
            Inv::Len(s) if s == b => Some(xs.len() as i64),
            _ => inv.get(frame),
        };
        // In `run_in`'s order: the range, then the invariants.
        let len = xs.len();
        if len > 4 * out.len() {
            return None;
        }
        if len == 0 {
            return Some(Some(0));
        }
        let (n, m) = (get(self.n)?, get(self.m)?);
        if len > out.len() {
            return Some(None);
        }
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = x;
        }
        if let Ok(n) = usize::try_from(n)
            && n < len
        {
            let Ok(m) = u8::try_from(m) else {
                return Some(None);
            };
            out[n] = m;
        }
        crate::eval::interp::set_int(&mut frame[slot], len as i64 - 1);
        Some(Some(len))
    }
}
