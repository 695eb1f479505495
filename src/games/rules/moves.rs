//! Move rules run fast: a rule game's options listed from its compiled
//! move lines, with the shapes that need no general evaluation per option
//! (affine targets `G(a - k, b) for k in ..`, integer targets, short
//! integer lists written straight into a packed part) taken by loops of
//! their own. Everything here gives exactly the options, in the order,
//! that the ordinary evaluation of the move line gives (tested in
//! `tests/move_fast_paths.rs`). The solver calls none of this: a
//! rule game's `GameKind::options` does, and writes `Part`s.

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::EvalError;
use crate::error::Result;
use crate::source::Span;
use crate::syntax::ast::BinOp;

use crate::eval::{CPattern, Fast, Interp, Node, NodeKind, set_int};

use super::boards::PartsPlan;
use super::lists::{ListPlan, ListPlans, literal_target};
use super::sets::SetPlan;
use crate::model::{
    Comp, Defs, GameId, LIST_ITEMS, OptionSink, RUN_PARTS, RunPart, SmallSet, Value,
};

/// One move line: `move TARGET for BINDINGS if COND`.
#[derive(Debug)]
pub struct MoveCode {
    /// The whole line, for diagnostics about the positions it makes.
    pub span: Span,
    pub target: Node,
    pub bindings: Vec<(CPattern, Node)>,
    pub cond: Option<Node>,
}

/// A rule game's compiled move lines.
#[derive(Debug)]
pub struct RuleSet {
    pub arity: usize,
    /// Frame size: parameters first, then loop variables.
    pub slots: usize,
    pub moves: Vec<MoveCode>,
    /// Made on first use (`plans`).
    plans: RefCell<Option<Rc<ListPlans>>>,
    /// For the game these rules define: its carried parameters and the
    /// move lines without them (`carried.rs`), made on first use.
    projection: RefCell<Option<Projection>>,
}

/// A game's carried parameters (a mask) and its projected move lines.
type Projection = (GameId, u32, Option<Rc<RuleSet>>);

/// The parts of a move target, flattened: game and argument range.
#[derive(Debug, Default)]
pub struct TargetBuf {
    pub parts: Vec<(GameId, u32, u32)>,
    pub args: Vec<Value>,
}

impl TargetBuf {
    pub fn clear(&mut self) {
        self.parts.clear();
        self.args.clear();
    }

    pub fn part_args(&self, i: usize) -> &[Value] {
        let (_, a, b) = self.parts[i];
        &self.args[a as usize..b as usize]
    }
}

/// A move line `G(e1, .., en) for k in a..b [if c]` (n <= 3, `G` a rule
/// game) whose arguments are affine in `k`: argument `i` at `k` is
/// `base[i] + step[i] * k`. Built only when no argument, nor any part of
/// one, leaves the 64-bit integers anywhere in the range, so the options
/// are exactly those the ordinary evaluation lists, in the same order.
pub struct AffineMove<'m> {
    pub game: GameId,
    /// The loop variable's frame slot (set before `cond` is tested).
    pub slot: usize,
    pub range: (i64, i64),
    pub arity: usize,
    pub cond: Option<&'m Node>,
    pub base: [i64; 3],
    pub step: [i64; 3],
}

impl AffineMove<'_> {
    /// The arguments of the option for `k` (checked in range when built:
    /// the wrapping arithmetic gives the exact values).
    #[inline(always)]
    pub fn args(&self, k: i64) -> [i64; 3] {
        let [b, s] = [self.base, self.step];
        [
            b[0].wrapping_add(s[0].wrapping_mul(k)),
            b[1].wrapping_add(s[1].wrapping_mul(k)),
            b[2].wrapping_add(s[2].wrapping_mul(k)),
        ]
    }
}

/// The options of a move line's innermost binding `k in a..b` when its
/// target is a sum of at most `RUN_PARTS` rule-game positions whose
/// arguments are affine in `k`, and its condition (if any) is a
/// conjunction of comparisons affine in `k` or free of it: the option at
/// `k` is the sum of `parts[i](k)`, for k in `ks` (the condition already
/// folded into the range).
pub struct Run {
    pub parts: [RunPart; RUN_PARTS],
    pub n: usize,
    pub ks: (i64, i64),
}

impl Interp<'_> {
    /// A list comprehension `[e for k in a..b if c]` whose body and
    /// condition have closures, when every element is an integer in
    /// 0..=255 and there are at most `out.len()` of them: the elements are
    /// written to `out` and their count returned, with no value built.
    /// None in every other case, with nothing reported: the caller then
    /// evaluates the ordinary way (the loop variable's slot is the only
    /// part of the frame written).
    #[inline]
    pub fn small_int_list(
        &self,
        node: &Node,
        frame: &mut [Value],
        out: &mut [u8],
    ) -> Option<usize> {
        if let Some(Fast::List(shape)) = &node.fast
            && let Some(r) = shape.run(frame, out)
        {
            return r;
        }
        let NodeKind::Comprehension {
            set: false,
            body,
            bindings,
            cond,
        } = &node.kind
        else {
            return None;
        };
        let Some(Fast::Int(fb)) = &body.fast else {
            return None;
        };
        let (slot, lo, hi, _) = self.int_range(bindings, frame)?;
        // Long ranges (filtered down, say) go the ordinary way, which ticks.
        if hi.checked_sub(lo)? > 4 * out.len() as i64 {
            return None;
        }
        let mut n = 0;
        for k in lo..hi {
            set_int(&mut frame[slot], k);
            if let Some(c) = cond
                && !self.fast_truth(c, frame)?
            {
                continue;
            }
            let v = u8::try_from(fb(self, frame)?).ok()?;
            *out.get_mut(n)? = v;
            n += 1;
        }
        Some(n)
    }

    /// A target `G((e1, .., en))` or `G([e1, .., en])` of a rule game
    /// whose elements have integer closures, when each element is in
    /// 0..=255 and n <= `LIST_ITEMS`: the game, whether a tuple, the
    /// elements and their count, with no value built. None in every other
    /// case, with nothing reported (the caller evaluates the ordinary way,
    /// which gives the same position or the error).
    #[inline]
    pub fn small_literal(
        &self,
        node: &Node,
        frame: &[Value],
    ) -> Option<(GameId, bool, [u8; LIST_ITEMS], usize)> {
        let (g, tuple, xs) = literal_target(self, node)?;
        let mut items = [0u8; LIST_ITEMS];
        for (o, x) in items.iter_mut().zip(xs) {
            let Some(Fast::Int(f)) = &x.fast else {
                return None;
            };
            *o = u8::try_from(f(self, frame)?).ok()?;
        }
        Some((g, tuple, items, xs.len()))
    }

    /// A target `G(x, y, ...)` of at most three integer arguments, evaluated
    /// without any buffer: the hot path of rule games. None for any other
    /// shape (the caller uses `eval_target`).
    #[inline]
    pub fn int_target(&self, node: &Node, frame: &[Value]) -> Option<(GameId, [i64; 3], usize)> {
        let NodeKind::MakePos(g, args) = &node.kind else {
            return None;
        };
        if args.len() > 3 || !self.defs.game(*g).kind.raw_args() {
            return None;
        }
        let mut out = [0i64; 3];
        for (o, a) in out.iter_mut().zip(args) {
            *o = self.int_operand(a, frame)?;
        }
        Some((*g, out, args.len()))
    }

    /// The move line as an `AffineMove`, when it has that shape; None
    /// otherwise (the caller iterates the ordinary way).
    pub fn affine_move<'m>(&self, mv: &'m MoveCode, frame: &[Value]) -> Option<AffineMove<'m>> {
        let NodeKind::MakePos(game, args) = &mv.target.kind else {
            return None;
        };
        if args.len() > 3 || !self.defs.game(*game).kind.raw_args() {
            return None;
        }
        let (slot, lo, hi, _) = self.int_range(&mv.bindings, frame)?;
        let mut m = AffineMove {
            game: *game,
            slot,
            range: (lo, hi),
            arity: args.len(),
            cond: mv.cond.as_ref(),
            base: [0; 3],
            step: [0; 3],
        };
        if hi <= lo {
            return Some(m);
        }
        for (i, arg) in args.iter().enumerate() {
            let (c0, c1) = self.affine(arg, frame, slot as u32, (lo, hi - 1))?;
            // Truncation keeps the values mod 2^64, which is all `args` needs.
            m.base[i] = c0 as i64;
            m.step[i] = c1 as i64;
        }
        Some(m)
    }

    /// The innermost binding of a move line as a `Run`, for the outer
    /// bindings as they stand in `frame`; None when the line does not have
    /// that shape here (the caller evaluates it option by option).
    pub fn run_of(&self, mv: &MoveCode, last: &(CPattern, Node), frame: &[Value]) -> Option<Run> {
        let (slot, lo, hi, _) = self.int_range(std::slice::from_ref(last), frame)?;
        let slot32 = slot as u32;
        let mut run = Run {
            parts: [RunPart::default(); RUN_PARTS],
            n: 0,
            ks: (lo, lo),
        };
        if hi <= lo {
            return Some(run);
        }
        let (mut a, mut b) = (lo, hi);
        if let Some(c) = &mv.cond {
            self.cond_range(c, frame, slot32, (lo, hi - 1), &mut a, &mut b)?;
        }
        if b <= a {
            return Some(run);
        }
        let mut stack = vec![&mv.target];
        while let Some(t) = stack.pop() {
            match &t.kind {
                NodeKind::Binary(BinOp::Add, x, y) => {
                    // Parts in written order: the right one is taken last.
                    stack.push(y);
                    stack.push(x);
                }
                NodeKind::MakePos(game, args)
                    if args.len() <= 3
                        && run.n < RUN_PARTS
                        && self.defs.game(*game).kind.raw_args() =>
                {
                    let p = &mut run.parts[run.n];
                    p.game = *game;
                    p.arity = args.len();
                    for (i, arg) in args.iter().enumerate() {
                        let (c0, c1) = self.affine(arg, frame, slot32, (a, b - 1))?;
                        p.base[i] = c0 as i64;
                        p.step[i] = c1 as i64;
                    }
                    run.n += 1;
                }
                _ => return None,
            }
        }
        run.ks = (a, b);
        Some(run)
    }

    /// Narrow `a..b` to the `k` (in `ends`, the whole range) where `cond`
    /// holds, for `cond` a conjunction of integer comparisons of affine
    /// sides, or of conditions free of `k` with a closure; None for any
    /// other condition. Every part must be affine (no overflow) over all of
    /// `ends`, as the ordinary evaluation tests it at every `k`.
    pub(super) fn cond_range(
        &self,
        cond: &Node,
        frame: &[Value],
        slot: u32,
        ends: (i64, i64),
        a: &mut i64,
        b: &mut i64,
    ) -> Option<()> {
        if !mentions(cond, slot) {
            if !self.fast_truth(cond, frame)? {
                *b = *a;
            }
            return Some(());
        }
        let NodeKind::Binary(op, x, y) = &cond.kind else {
            return None;
        };
        if *op == BinOp::And {
            self.cond_range(x, frame, slot, ends, a, b)?;
            return self.cond_range(y, frame, slot, ends, a, b);
        }
        let (x0, x1) = self.affine(x, frame, slot, ends)?;
        let (y0, y1) = self.affine(y, frame, slot, ends)?;
        // Each comparison as one or two conditions e0 + e1·k < 0.
        let (d0, d1) = (x0 - y0, x1 - y1);
        let mut less = |e0: i128, e1: i128| {
            if e1 == 0 {
                if e0 >= 0 {
                    *b = *a;
                }
            } else if e1 > 0 {
                // k < -e0 / e1, rounded up.
                let bound = (-e0).div_euclid(e1) + i128::from((-e0).rem_euclid(e1) != 0);
                *b = i128::from(*b).min(bound).max(i128::from(i64::MIN)) as i64;
            } else {
                // k > e0 / -e1, rounded down.
                let bound = e0.div_euclid(-e1) + 1;
                *a = i128::from(*a).max(bound).min(i128::from(i64::MAX)) as i64;
            }
        };
        match op {
            BinOp::Lt => less(d0, d1),
            BinOp::Le => less(d0 - 1, d1),
            BinOp::Gt => less(-d0, -d1),
            BinOp::Ge => less(-d0 - 1, -d1),
            BinOp::Eq => {
                less(d0 - 1, d1);
                less(-d0 - 1, -d1);
            }
            _ => return None,
        }
        Some(())
    }

    /// `node` as c0 + c1 * k for k = frame[slot], if it is built from
    /// integer constants, `k`, other integers and `+`, `-`, `*` (by a
    /// factor free of `k`), and if it and every part of it stay within the
    /// 64-bit integers for k from `ends.0` to `ends.1` (an affine value's
    /// extremes are at the ends).
    pub(super) fn affine(
        &self,
        node: &Node,
        frame: &[Value],
        slot: u32,
        ends: (i64, i64),
    ) -> Option<(i128, i128)> {
        let (c0, c1) = match &node.kind {
            NodeKind::Local(s) if *s == slot => (0, 1),
            NodeKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
                let (a0, a1) = self.affine(a, frame, slot, ends)?;
                let (b0, b1) = self.affine(b, frame, slot, ends)?;
                match op {
                    BinOp::Add => (a0.checked_add(b0)?, a1.checked_add(b1)?),
                    BinOp::Sub => (a0.checked_sub(b0)?, a1.checked_sub(b1)?),
                    _ if a1 == 0 => (a0.checked_mul(b0)?, a0.checked_mul(b1)?),
                    _ if b1 == 0 => (a0.checked_mul(b0)?, a1.checked_mul(b0)?),
                    _ => return None,
                }
            }
            _ if !mentions(node, slot) => (i128::from(self.int_operand(node, frame)?), 0),
            _ => return None,
        };
        for k in [ends.0, ends.1] {
            let v = c0.checked_add(c1.checked_mul(i128::from(k))?)?;
            i64::try_from(v).ok()?;
        }
        Some((c0, c1))
    }

    /// Evaluate a move target into `out`, without building position values
    /// for the common shapes `G(args)`, `A + B`, `*n` and `0`.
    pub fn eval_target(&self, node: &Node, frame: &mut [Value], out: &mut TargetBuf) -> Result<()> {
        match &node.kind {
            NodeKind::MakePos(g, args) => {
                let start = out.args.len();
                let mut all_int = true;
                for a in args {
                    let v = self.eval(a, frame)?;
                    all_int &= matches!(v, Value::Int(_));
                    out.args.push(v);
                }
                // Rule games take any arguments; sums among them are sorted.
                let plain = self.defs.game(*g).kind.raw_args()
                    && (all_int || !out.args[start..].iter().any(|v| matches!(v, Value::Pos(_))));
                if !plain {
                    let vals: Vec<Value> = out.args.drain(start..).collect();
                    let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
                    let vals = self.check_args(*g, vals, &spans)?;
                    out.args.extend(vals);
                }
                out.parts.push((*g, start as u32, out.args.len() as u32));
                Ok(())
            }
            NodeKind::Binary(BinOp::Add, a, b) => {
                self.eval_target(a, frame, out)?;
                self.eval_target(b, frame, out)
            }
            _ => {
                let v = self.eval(node, frame)?;
                match v {
                    Value::Pos(comps) => {
                        for c in comps.iter() {
                            let start = out.args.len() as u32;
                            out.args.extend(c.args.iter().cloned());
                            out.parts.push((c.game, start, out.args.len() as u32));
                        }
                        Ok(())
                    }
                    Value::Int(0) => Ok(()),
                    v => Err(EvalError::NotAPosition {
                        found: v.type_name().to_string(),
                        span: node.span,
                    }
                    .into()),
                }
            }
        }
    }
}

/// Whether `node` may read frame slot `slot` (true for any shape not
/// looked into).
fn mentions(node: &Node, slot: u32) -> bool {
    match &node.kind {
        NodeKind::Const(_) | NodeKind::Global(_) => false,
        NodeKind::Local(s) => *s == slot,
        NodeKind::Unary(_, x) => mentions(x, slot),
        NodeKind::Binary(_, a, b) | NodeKind::Index(a, b) => mentions(a, slot) || mentions(b, slot),
        NodeKind::If(c, t, f) => mentions(c, slot) || mentions(t, slot) || mentions(f, slot),
        NodeKind::Tuple(xs) | NodeKind::List(xs) => xs.iter().any(|x| mentions(x, slot)),
        NodeKind::Call(e, xs, _) if !e.meta.solver => xs.iter().any(|x| mentions(x, slot)),
        _ => true,
    }
}

impl RuleSet {
    pub fn new(arity: usize, slots: usize, moves: Vec<MoveCode>) -> Self {
        RuleSet {
            arity,
            slots,
            moves,
            plans: RefCell::new(None),
            projection: RefCell::new(None),
        }
    }

    /// The parameters every move of `game` (the game these rules define)
    /// keeps unchanged, and the move lines without them.
    pub fn projection(&self, game: GameId) -> (u32, Option<Rc<RuleSet>>) {
        if let Some((g, mask, p)) = &*self.projection.borrow()
            && *g == game
        {
            return (*mask, p.clone());
        }
        let mask = super::carried::carried_mask(&self.moves, self.arity, game);
        let p = (mask != 0).then(|| Rc::new(super::carried::project(self, game, mask)));
        *self.projection.borrow_mut() = Some((game, mask, p.clone()));
        (mask, p)
    }

    fn plans(&self, defs: &Defs) -> Rc<ListPlans> {
        if let Some(p) = &*self.plans.borrow()
            && p.valid(defs)
        {
            return p.clone();
        }
        let p = Rc::new(ListPlans::new(defs, self));
        *self.plans.borrow_mut() = Some(p.clone());
        p
    }

    /// Write every option of the position `args` to `out`, move line by
    /// move line, in the order the lines and their bindings give.
    pub fn list_options(
        &self,
        interp: &Interp,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let defs = interp.defs;
        let plans = self.plans(defs);
        let mut frame: Vec<Value> = args.to_vec();
        frame.resize(plans.slots, Value::Int(0));
        let mut buf = TargetBuf::default();
        for (i, mv) in self.moves.iter().enumerate() {
            // The target game is checked here: it may have been redefined.
            let lines = Lines::of(defs, &plans, i);
            list_line(interp, mv, lines, &mut frame, &mut buf, out)?;
        }
        Ok(())
    }

    /// `list_options` of a position whose one argument is the set `set`,
    /// given as a mask, when every move line is `move G(S) for v in xs`
    /// over that argument with a target on the masks (`SetPlan::run_mask`):
    /// the set is built as a value only for an option the masks cannot
    /// give. None, with nothing listed, otherwise.
    pub fn set_options(
        &self,
        interp: &Interp,
        set: SmallSet,
        out: &mut dyn OptionSink,
    ) -> Option<Result<()>> {
        if self.arity != 1 {
            return None;
        }
        let defs = interp.defs;
        let plans = self.plans(defs);
        let on_masks = |p: &Option<SetPlan>| {
            p.as_ref()
                .is_some_and(|p| p.over() == Some(0) && defs.game(p.game).kind.raw_args())
        };
        if !plans.sets.iter().all(on_masks) {
            return None;
        }
        let mut frame: Vec<Value> = vec![Value::Int(0); plans.slots.max(1)];
        let mut buf = TargetBuf::default();
        let mut unbuilt = true;
        for (mv, sp) in self.moves.iter().zip(&plans.sets) {
            let Some(sp) = sp else {
                continue;
            };
            let mut ordinary = |me: &Interp, frame: &mut [Value], out: &mut dyn OptionSink| {
                emit_option(me, mv, Lines::default(), frame, &mut buf, out)
            };
            let listed = sp.run_mask(
                interp,
                &mut frame,
                (set, &mut unbuilt),
                mv.target.span,
                out,
                &mut ordinary,
            );
            if let Err(e) = listed {
                return Some(Err(e));
            }
        }
        Some(Ok(()))
    }

    /// The span of the first move line that lists `child` (alone or as a
    /// part of a sum) among the options of `args`: each line is listed
    /// again on its own. None if no line does, or listing fails.
    pub fn line_of(&self, interp: &Interp, args: &[Value], child: &Comp) -> Option<Span> {
        let defs = interp.defs;
        let plans = self.plans(defs);
        let mut frame: Vec<Value> = args.to_vec();
        frame.resize(plans.slots, Value::Int(0));
        let mut buf = TargetBuf::default();
        for (i, mv) in self.moves.iter().enumerate() {
            let lines = Lines::of(defs, &plans, i);
            let mut find = Finder {
                child,
                found: false,
            };
            list_line(interp, mv, lines, &mut frame, &mut buf, &mut find).ok()?;
            if find.found {
                return Some(mv.span);
            }
        }
        None
    }
}

/// A move line's plans, those of a game since redefined left out.
#[derive(Clone, Copy, Default)]
struct Lines<'p> {
    plan: Option<&'p ListPlan>,
    set: Option<&'p SetPlan>,
    parts: Option<&'p PartsPlan>,
    rays: Option<&'p [bool]>,
}

impl<'p> Lines<'p> {
    fn of(defs: &Defs, plans: &'p ListPlans, i: usize) -> Lines<'p> {
        let raw = |g: GameId| defs.game(g).kind.raw_args();
        Lines {
            plan: plans.moves[i].as_ref().filter(|p| raw(p.game)),
            set: plans.sets[i].as_ref().filter(|p| raw(p.game)),
            parts: plans.parts[i].as_ref(),
            rays: plans.rays[i].as_deref(),
        }
    }
}

/// The options of one move line, written to `out`, in the order its
/// bindings give (`frame` holds the position's arguments first).
fn list_line(
    interp: &Interp,
    mv: &MoveCode,
    lines: Lines,
    frame: &mut [Value],
    buf: &mut TargetBuf,
    out: &mut dyn OptionSink,
) -> Result<()> {
    let Lines { plan, set, .. } = lines;
    if let Some(sp) = set {
        // `G(xs - {v} - ..) for v in xs`: over the bits of `xs`, an option
        // the masks cannot give evaluated the ordinary way.
        let mut ordinary = |me: &Interp, frame: &mut [Value], out: &mut dyn OptionSink| {
            emit_option(me, mv, Lines::default(), frame, buf, out)
        };
        if let Some(r) = sp.run(interp, frame, mv.target.span, out, &mut ordinary) {
            return r;
        }
    }
    if let Some((last, outer)) = mv.bindings.split_last() {
        // A literal target `G((..))` is never a `Run`, only a `LiteralRun`.
        let literal = matches!(&mv.target.kind, NodeKind::MakePos(_, args)
            if matches!(&args[..], [a] if matches!(a.kind, NodeKind::Tuple(_) | NodeKind::List(_))));
        if outer.is_empty() {
            // `G(a - k, b) for k in 1..=a`, `G(i) + G(n - 1 - i)
            // for i in 0..n`, `G((p[0] - k, p[1])) for k in 1..=p[0]`:
            // one run, no evaluation per option.
            if literal {
                if let Some(run) = interp.literal_run(mv, last, frame) {
                    return run.emit(interp, mv.target.span, out);
                }
            } else if let Some(run) = interp.run_of(mv, last, frame) {
                if run.ks.0 < run.ks.1 {
                    out.run(&run.parts[..run.n], run.ks)?;
                }
                return Ok(());
            }
        } else if run_shaped(&mv.target) {
            // Outer bindings one by one, the innermost as a run
            // where it has the shape (the condition is tested at
            // the innermost level either way).
            // A list plan's target (a comprehension or a call) is never a
            // run, nor a literal one: not looked for at every outer assignment.
            let runs = plan.is_none() && set.is_none() && !literal;
            return interp.iterate(outer, None, frame, &mut |me, frame| {
                if literal && let Some(run) = me.literal_run(mv, last, frame) {
                    return run.emit(me, mv.target.span, out);
                }
                if runs && let Some(run) = me.run_of(mv, last, frame) {
                    if run.ks.0 < run.ks.1 {
                        out.run(&run.parts[..run.n], run.ks)?;
                    }
                    return Ok(());
                }
                me.iterate(
                    std::slice::from_ref(last),
                    mv.cond.as_ref(),
                    frame,
                    &mut |me, frame| emit_option(me, mv, lines, frame, buf, out),
                )
            });
        }
    }
    // A single-part affine line whose condition is not a range:
    // a tight loop testing the condition.
    if let Some(m) = interp.affine_move(mv, frame) {
        for k in m.range.0..m.range.1 {
            interp.tick(mv.target.span)?;
            if let Some(c) = m.cond {
                set_int(&mut frame[m.slot], k);
                if !interp.truth(c, frame)? {
                    continue;
                }
            }
            let ints = m.args(k);
            out.single_ints(m.game, &ints[..m.arity])?;
        }
        return Ok(());
    }
    let mut emit = |me: &Interp, frame: &mut [Value]| emit_option(me, mv, lines, frame, buf, out);
    if let Some(keep) = lines.rays {
        // `(t, a) in rays(..)`: reach by reach, no list.
        return super::boards::each(
            interp,
            (&mv.bindings, keep),
            mv.cond.as_ref(),
            frame,
            &mut emit,
        );
    }
    interp.iterate(&mv.bindings, mv.cond.as_ref(), frame, &mut emit)
}

/// Looks for one position among the parts of the options listed to it.
struct Finder<'c> {
    child: &'c Comp,
    found: bool,
}

impl Finder<'_> {
    fn ints(&mut self, game: GameId, ints: &[i64]) {
        self.found |= self.child.game == game
            && self.child.args.len() == ints.len()
            && self
                .child
                .args
                .iter()
                .zip(ints)
                .all(|(a, &n)| matches!(a, Value::Int(m) if *m == n));
    }
}

impl OptionSink for Finder<'_> {
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.ints(game, ints);
        Ok(())
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        for k in ks.0..ks.1 {
            for p in parts {
                self.ints(p.game, &p.args(k)[..p.arity.min(3)]);
            }
        }
        Ok(())
    }

    fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let list = Value::List(
            items[..len]
                .iter()
                .map(|&x| Value::Int(i64::from(x)))
                .collect(),
        );
        self.part_args(game, std::slice::from_ref(&list))
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        self.ints(game, ints);
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        self.found |= self.child.game == game && *self.child.args == *args;
        Ok(())
    }

    fn end_option(&mut self) -> Result<()> {
        Ok(())
    }
}

/// Whether a target is a sum of positions (`G(..) + H(..)`), the shape a
/// run can have.
fn run_shaped(target: &Node) -> bool {
    match &target.kind {
        NodeKind::MakePos(..) => true,
        NodeKind::Binary(BinOp::Add, x, y) => run_shaped(x) && run_shaped(y),
        _ => false,
    }
}

/// One option of a move line evaluated the ordinary way (with the fast
/// paths that need no buffer).
fn emit_option(
    me: &Interp,
    mv: &MoveCode,
    Lines {
        plan, set, parts, ..
    }: Lines,
    frame: &mut [Value],
    buf: &mut TargetBuf,
    out: &mut dyn OptionSink,
) -> Result<()> {
    if out.counts_only() {
        // One binding, one option: its target is not needed to count it.
        return out.end_option();
    }
    if let Some(pp) = parts {
        // `parts(a)`: the board's canonical components, no list between.
        return pp.emit(me, &mv.target, frame, out);
    }
    if let Some(sp) = set
        && let Some(s) = sp.target(me, frame, mv.target.span)
    {
        return out.single_set(sp.game, s?);
    }
    if let Some(plan) = plan
        && let Some((items, n)) = me.list_plan(plan, frame)
    {
        return out.single_list(plan.game, items, n);
    }
    if let Some((game, ints, n)) = me.int_target(&mv.target, frame) {
        return out.single_ints(game, &ints[..n]);
    }
    if let Some((game, tuple, items, n)) = me.small_literal(&mv.target, frame) {
        return if tuple {
            out.single_tuple(game, items, n)
        } else {
            out.single_list(game, items, n)
        };
    }
    buf.clear();
    me.eval_target(&mv.target, frame, buf)?;
    for i in 0..buf.parts.len() {
        out.part_args(buf.parts[i].0, buf.part_args(i))?;
    }
    out.end_option()
}
