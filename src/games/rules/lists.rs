//! List targets of move lines without list values: a target `G(f(g(xs,
//! i), j))` of nested list functions computed step by step into bytes
//! (`ListPlan`), and a literal `G((e1, .., en))` whose elements are affine
//! in the loop variable listed as a run (`LiteralRun`). Each gives exactly
//! the options, in the order, that the ordinary evaluation gives, or
//! leaves the option to it (tested in `tests/move_fast_paths.rs`).

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::Result;
use crate::eval::{CPattern, Fast, Interp, Node, NodeKind, inline_call, local_node};
use crate::model::{ByteRun, Defs, FnDef, GameId, LIST_ITEMS, OptionSink, Value};
use crate::source::Span;

use super::boards::PartsPlan;
use super::moves::{MoveCode, RuleSet};
use super::sets::SetPlan;

/// The options of a move line's innermost binding `k in a..b` when its
/// target is one literal `G((e1, .., en))` or `G([e1, .., en])` (n at
/// most `LIST_ITEMS`) whose elements are affine in `k` and in 0..=255 at
/// both ends of the range (so everywhere in it), its condition folded into
/// the range as for a `Run`: element `i` at `k` is `base[i] + step[i]·k`.
pub(super) struct LiteralRun {
    game: GameId,
    tuple: bool,
    len: usize,
    base: [i64; LIST_ITEMS],
    step: [i64; LIST_ITEMS],
    ks: (i64, i64),
}

impl LiteralRun {
    /// Write the run's options to `out`, a step each as the ordinary
    /// evaluation counts them.
    pub(super) fn emit(&self, me: &Interp, span: Span, out: &mut dyn OptionSink) -> Result<()> {
        // Each element goes from one option to the next by its step, mod
        // 256: exact, as every value is in 0..=255 (checked at the ends).
        // Eight elements a word, added bytewise without carries between them.
        let (mut items, mut step) = ([0u8; 24], [0u8; 24]);
        for i in 0..self.len {
            let first = self.base[i].wrapping_add(self.step[i].wrapping_mul(self.ks.0));
            (items[i], step[i]) = (first as u8, self.step[i] as u8);
        }
        let words = |b: &[u8; 24]| {
            [0, 8, 16].map(|i| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or_default()))
        };
        if self.ks.1 <= self.ks.0 {
            return Ok(());
        }
        let run = ByteRun {
            game: self.game,
            tuple: self.tuple,
            len: self.len,
            first: words(&items),
            step: words(&step),
            count: (self.ks.1 - self.ks.0) as u64,
        };
        if let Some(r) = out.byte_run(&run, span) {
            return r;
        }
        let mut items = run.first;
        for _ in 0..run.count {
            me.tick(span)?;
            let bytes = ByteRun::bytes(&items);
            if self.tuple {
                out.single_tuple(self.game, bytes, self.len)?;
            } else {
                out.single_list(self.game, bytes, self.len)?;
            }
            run.next(&mut items);
        }
        Ok(())
    }
}

impl Interp<'_> {
    /// The list of a `ListPlan`, step by step, each list of at most
    /// `LIST_ITEMS` integers in 0..=255 (as `small_int_list`), with no
    /// value built; None as soon as a step is not (the caller then
    /// evaluates the target the ordinary way, which computes the same
    /// lists or reports the error).
    #[inline]
    pub(super) fn list_plan(
        &self,
        plan: &ListPlan,
        frame: &mut [Value],
    ) -> Option<([u8; LIST_ITEMS], usize)> {
        let (first, rest) = plan.steps.split_first()?;
        let mut items = [0u8; LIST_ITEMS];
        let mut n = match plan.memo.as_ref().map(RefCell::try_borrow_mut) {
            Some(Ok(mut memo)) => {
                if memo.hit(frame) {
                    items = memo.items;
                    memo.n
                } else {
                    let n = self.small_int_list(&first.1, frame, &mut items)?;
                    memo.keep(frame, items, n);
                    n
                }
            }
            _ => self.small_int_list(&first.1, frame, &mut items)?,
        };
        let mut slot = first.0;
        for (next, node) in rest {
            let Some(Fast::List(shape)) = &node.fast else {
                return None;
            };
            let mut out = [0u8; LIST_ITEMS];
            n = shape.run_in(frame, Some((slot, &items[..n])), &mut out)??;
            items = out;
            slot = *next;
        }
        Some((items, n))
    }

    /// The innermost binding of a move line as a `LiteralRun`, for the
    /// outer bindings as they stand in `frame`; None when the line does not
    /// have that shape here.
    pub(super) fn literal_run(
        &self,
        mv: &MoveCode,
        last: &(CPattern, Node),
        frame: &[Value],
    ) -> Option<LiteralRun> {
        let (game, tuple, xs) = literal_target(self, &mv.target)?;
        let (slot, lo, hi, _) = self.int_range(std::slice::from_ref(last), frame)?;
        let mut run = LiteralRun {
            game,
            tuple,
            len: xs.len(),
            base: [0; LIST_ITEMS],
            step: [0; LIST_ITEMS],
            ks: (lo, lo),
        };
        if hi <= lo {
            return Some(run);
        }
        let (mut a, mut b) = (lo, hi);
        if let Some(c) = &mv.cond {
            self.cond_range(c, frame, slot as u32, (lo, hi - 1), &mut a, &mut b)?;
        }
        if b <= a {
            return Some(run);
        }
        for (i, x) in xs.iter().enumerate() {
            let (c0, c1) = self.affine(x, frame, slot as u32, (a, b - 1))?;
            for k in [a, b - 1] {
                let v = c0.checked_add(c1.checked_mul(i128::from(k))?)?;
                if !(0..=255).contains(&v) {
                    return None;
                }
            }
            // Truncation keeps the values mod 2^64, which is all `emit` needs.
            run.base[i] = c0 as i64;
            run.step[i] = c1 as i64;
        }
        run.ks = (a, b);
        Some(run)
    }
}

/// A target `G((e1, .., en))` or `G([e1, .., en])` of a rule game with
/// at most `LIST_ITEMS` elements: the game, whether a tuple, the elements.
pub(super) fn literal_target<'n>(
    me: &Interp,
    node: &'n Node,
) -> Option<(GameId, bool, &'n [Node])> {
    let NodeKind::MakePos(g, args) = &node.kind else {
        return None;
    };
    let [arg] = &args[..] else {
        return None;
    };
    let (tuple, xs) = match &arg.kind {
        NodeKind::Tuple(xs) => (true, xs),
        NodeKind::List(xs) => (false, xs),
        _ => return None,
    };
    if xs.len() > LIST_ITEMS || !me.defs.game(*g).kind.raw_args() {
        return None;
    }
    Some((*g, tuple, xs))
}

/// The move lines of a rule game whose target is `G([e for k in a..b if c])`,
/// or `G(f(x, ..))` with `f`'s body such a comprehension (inlined, see
/// `inline_call`), or `G(f(g(x, ..), y, ..))` with calls nested so (each
/// inner list computed into bytes the next step reads: `ListPlan`): per
/// option the list is computed straight into a packed part
/// (`Part::List`), built as a value only when the position is new.
/// Valid while the functions inlined are the definitions it was made from
/// (`valid`); a redefined game is a new `RuleSet` with no plans.
#[derive(Debug)]
pub(super) struct ListPlans {
    fns: Vec<(u32, Rc<FnDef>)>,
    /// Per move line: its list plan, if it has one.
    pub(super) moves: Vec<Option<ListPlan>>,
    /// Per move line: its set plan, if it has one.
    pub(super) sets: Vec<Option<SetPlan>>,
    /// Per move line: its board parts plan, if it has one.
    pub(super) parts: Vec<Option<PartsPlan>>,
    /// Per move line with a binding `(t, a) in rays(..)`: per binding,
    /// whether its first name is read (`boards::rays_plan`).
    pub(super) rays: Vec<Option<Vec<bool>>>,
    /// The frame size the inlined bodies need.
    pub(super) slots: usize,
}

/// The most nested calls a `ListPlan` inlines.
const MAX_STEPS: usize = 4;

/// The target `G(list)` of a move line as list steps: each step a list
/// comprehension evaluated in the frame, the first reading the frame
/// alone, each later one also reading the list before it as the frame
/// slot that step's argument was inlined to (`slot`); the last step's
/// list is the position's argument. `f(g(xs, i), j)` is the steps `g`'s
/// body with `xs, i`, then `f`'s body with `g`'s list and `j`: the order
/// the ordinary evaluation computes them in (the other arguments are
/// locals and constants, which cannot fail).
#[derive(Debug)]
pub(super) struct ListPlan {
    pub(super) game: GameId,
    /// Per step: the slot its list is read from by the next step (unused
    /// for the last), and the comprehension.
    steps: Vec<(usize, Node)>,
    /// The first step's last list, when later steps follow it and it is a
    /// `ListShape` (whose reads are known): `f(g(xs, i), j)` for j in an
    /// inner loop computes `g(xs, i)` once.
    memo: Option<RefCell<Memo>>,
}

/// A step's list for the values of the frame slots it reads, kept while
/// they stay the same: integers compared by value, lists and tuples by
/// their allocation (held here, so that it cannot be freed and reused by
/// another list while kept; a list value never changes). Skipping the
/// step leaves its loop variable's slot unwritten, which nothing reads
/// before the step's own loop writes it.
#[derive(Debug)]
struct Memo {
    slots: Vec<usize>,
    /// The values of `slots` the list was computed for; empty when none is
    /// kept.
    key: Vec<Value>,
    items: [u8; LIST_ITEMS],
    n: usize,
}

impl Memo {
    #[inline]
    fn hit(&self, frame: &[Value]) -> bool {
        !self.key.is_empty()
            && self
                .slots
                .iter()
                .zip(&self.key)
                .all(|(&s, k)| match (&frame[s], k) {
                    (Value::Int(a), Value::Int(b)) => a == b,
                    (Value::List(a), Value::List(b)) | (Value::Tuple(a), Value::Tuple(b)) => {
                        Rc::ptr_eq(a, b)
                    }
                    _ => false,
                })
    }

    /// Keep `items[..n]` as the list for the slots' values now (nothing,
    /// when one is not an integer, a list or a tuple).
    fn keep(&mut self, frame: &[Value], items: [u8; LIST_ITEMS], n: usize) {
        self.key.clear();
        for &s in &self.slots {
            match &frame[s] {
                v @ (Value::Int(_) | Value::List(_) | Value::Tuple(_)) => self.key.push(v.clone()),
                _ => {
                    self.key.clear();
                    return;
                }
            }
        }
        (self.items, self.n) = (items, n);
    }
}

impl ListPlans {
    pub(super) fn new(defs: &Defs, rules: &RuleSet) -> ListPlans {
        let mut plans = ListPlans {
            fns: Vec::new(),
            moves: Vec::new(),
            sets: Vec::new(),
            parts: Vec::new(),
            rays: Vec::new(),
            slots: rules.slots.max(rules.arity),
        };
        let base = rules.slots.max(rules.arity) as u32;
        for mv in &rules.moves {
            let plan = plans.plan(defs, mv, base);
            plans.moves.push(plan);
            let set = SetPlan::new(defs, &mv.target, &mv.bindings, mv.cond.is_some());
            plans.sets.push(set);
            plans.parts.push(PartsPlan::new(defs, &mv.target));
            let rays = super::boards::rays_plan(&mv.bindings, mv.cond.as_ref(), &mv.target);
            plans.rays.push(rays);
        }
        plans
    }

    fn plan(&mut self, defs: &Defs, mv: &MoveCode, base: u32) -> Option<ListPlan> {
        let NodeKind::MakePos(g, args) = &mv.target.kind else {
            return None;
        };
        let [arg] = &args[..] else {
            return None;
        };
        let mut steps = Vec::new();
        self.steps(defs, arg, base, &mut steps)?;
        let memo = match steps.first() {
            Some((_, node)) if steps.len() > 1 => match &node.fast {
                Some(Fast::List(shape)) => Some(RefCell::new(Memo {
                    slots: shape.reads(),
                    key: Vec::new(),
                    items: [0; LIST_ITEMS],
                    n: 0,
                })),
                _ => None,
            },
            _ => None,
        };
        Some(ListPlan {
            game: *g,
            steps,
            memo,
        })
    }

    /// The steps computing the list `node` into `steps`, the inlined
    /// bodies' slots from `base` on; the first slot free after them.
    fn steps(
        &mut self,
        defs: &Defs,
        node: &Node,
        base: u32,
        steps: &mut Vec<(usize, Node)>,
    ) -> Option<u32> {
        let list = |n: &Node| matches!(n.kind, NodeKind::Comprehension { set: false, .. });
        if steps.len() >= MAX_STEPS {
            return None;
        }
        if list(node) {
            steps.push((usize::MAX, node.clone()));
            return Some(base);
        }
        let NodeKind::CallFn(f, xs) = &node.kind else {
            return None;
        };
        let leaf = |a: &Node| matches!(a.kind, NodeKind::Local(_) | NodeKind::Const(Value::Int(_)));
        let mut args = xs.clone();
        let mut base = base;
        // One argument may be a list computed by steps of its own.
        if let Some(i) = xs.iter().position(|a| !leaf(a)) {
            if !xs[i + 1..].iter().all(leaf) {
                return None;
            }
            let slot = self.steps(defs, &xs[i], base, steps)?;
            steps.last_mut()?.0 = slot as usize;
            args[i] = local_node(slot, xs[i].span);
            base = slot + 1;
            self.slots = self.slots.max(base as usize);
        }
        let (body, slots, def) = inline_call(defs, *f, &args, base)?;
        if !list(&body) {
            return None;
        }
        self.slots = self.slots.max(slots);
        self.fns.push((*f, def));
        steps.push((usize::MAX, body));
        Some(slots as u32)
    }

    pub(super) fn valid(&self, defs: &Defs) -> bool {
        self.fns.iter().all(
            |(f, d)| matches!(defs.fns.get(*f as usize), Some(Some(now)) if Rc::ptr_eq(now, d)),
        ) && self.sets.iter().flatten().all(|s| s.valid(defs))
            && self.parts.iter().flatten().all(|p| p.fresh(defs))
    }
}
