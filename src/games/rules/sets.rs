//! Set targets of move lines without set values: a target `G(S)` whose
//! argument is built from set parameters, set literals of elements,
//! `set(neighbours(H, v))` or `set(successors(H, v))` of a declared graph
//! `H`, `-` and `+` (`SetPlan`) is computed as a bit mask (`SmallSet`) and
//! interned by that mask, with no `BTreeSet` built per option; a line
//! `move G(S) for v in xs` over a set parameter `xs` runs over the bits of
//! `xs` (`SetPlan::run`). Each gives exactly the options, in the order,
//! that the ordinary evaluation gives, or leaves the option to it (tested
//! in `tests/set_fast_paths.rs`).

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use crate::error::Result;
use crate::eval::{CPattern, GraphAsk, Interp, Node, NodeKind};
use crate::model::{Defs, GameId, GameKind, OptionSink, SmallSet, Value};
use crate::source::Span;
use crate::syntax::ast::BinOp;

/// An element of a set literal or a graph's vertex: a constant's class and
/// bit, or a frame slot read when the set is computed.
#[derive(Clone, Copy, Debug)]
enum Leaf {
    Const(u32, u32),
    Local(usize),
}

/// A set expression over `SmallSet`s.
#[derive(Clone, Debug)]
enum SetExpr {
    Const(SmallSet),
    /// A local holding a set.
    Local(usize),
    /// `{e1, .., en}`.
    Lit(Vec<Leaf>),
    /// `set(neighbours(H, v))` (`back`) or `set(successors(H, v))`: the
    /// graph is `SetPlan::graphs[i]`.
    Adj(usize, bool, Leaf),
    Diff(Box<SetExpr>, Box<SetExpr>),
    Union(Box<SetExpr>, Box<SetExpr>),
}

/// A declared graph's adjacency as masks, made from its definition
/// (`kind`, kept to tell a redefinition).
struct Graph {
    game: GameId,
    kind: Rc<dyn GameKind>,
    /// Per vertex: the vertices one edge on.
    succ: Vec<u128>,
    /// Per vertex: the vertices one edge on or back.
    nbr: Vec<u128>,
    /// The sizes of `succ`'s and `nbr`'s masks.
    succ_len: Vec<u32>,
    nbr_len: Vec<u32>,
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Graph({:?}, {} vertices)", self.game, self.succ.len())
    }
}

/// A move line's target `G(S)` as a set expression (see the module's
/// head), and the line's shape when it is one binding `v in xs` over a
/// local and no condition (`each`: the slots of `v` and `xs`).
#[derive(Debug)]
pub(super) struct SetPlan {
    pub(super) game: GameId,
    expr: SetExpr,
    graphs: Vec<Graph>,
    each: Option<(usize, usize, Span)>,
    /// The target compiled for `run_bits` (`Masked`), when it has the shape.
    masked: Option<Masked>,
    /// The elements of the classes (at most `ELEMENT_CLASSES`) whose
    /// elements `run_bits` left in the loop variable, by bit: that value is
    /// then one clone of a shared one, not a new position built per
    /// position expanded.
    elements: RefCell<Vec<(u32, Vec<Value>)>>,
}

/// A line's target for the loop `v in xs` on bare masks: the parts that do
/// not read `v` (`fixed`) are evaluated once per position, and the rest
/// (`tree`) per element on `u128`s, with no classes, `Option`s or frame
/// reads. Used for a position only when every part is of the loop set's
/// class or empty (`prepare`), where `-` and `+` of `SmallSet`s are the
/// masks' `& !` and `|`; otherwise the position takes `SetPlan::eval`.
#[derive(Debug)]
struct Masked {
    fixed: Vec<SetExpr>,
    tree: Mask,
    /// The tree as a chain `((x op y) op z) ..` when every right operand
    /// is a leaf (`Node Kayles`' `s - {v} - set(neighbours(H, v))`): the
    /// first leaf and each step's operator (`true`: `-`) and leaf.
    chain: Option<(Mask, Vec<(bool, Mask)>)>,
    /// The chain as one table per vertex, when it has that shape (`Closed`).
    closed: Option<Closed>,
}

/// A chain `F - L1 - .. - Lm` (`Masked::chain`) whose first operand is a
/// fixed part `F` and whose later ones are `{v}` (`Bit`), all of them
/// first, then at most one adjacency of `v` (Node Kayles' `left - {v} -
/// set(neighbours(H, v))`): its set for the loop variable at bit `b` is
/// `F & !gone[b]`, with `gone[b]` the union of the leaves made once per
/// plan, and what `chain_eval` charges for it is, in closed form,
/// `8 · (a·|F| + bits − c·had + len[b])` where `had` says whether `b` is
/// in `F` (see `Closed::of`).
#[derive(Debug)]
struct Closed {
    /// The fixed part `F`'s index in `Masked::fixed`.
    fixed: usize,
    /// Per vertex bit: the leaves' union, and the adjacency's size (0
    /// without one).
    gone: Vec<u128>,
    len: Vec<u32>,
    /// The coefficients of the charge (see the head).
    a: u64,
    bits: u64,
    c: u64,
}

impl Closed {
    /// The table of a chain with that shape, `leaf` giving a leaf's bits
    /// and size at a vertex bit (`SetPlan::mask_leaf`); None for any
    /// other chain.
    fn of(
        first: &Mask,
        ops: &[(bool, Mask)],
        leaf: impl Fn(&Mask, u32) -> (u128, u32),
    ) -> Option<Closed> {
        let Mask::Fixed(fixed) = *first else {
            return None;
        };
        let nb = ops
            .iter()
            .take_while(|(_, l)| matches!(l, Mask::Bit))
            .count();
        let adj = match &ops[nb..] {
            [] => false,
            [(_, Mask::Adj(..))] => true,
            _ => return None,
        };
        if ops.is_empty() || ops.iter().any(|(diff, _)| !diff) {
            return None;
        }
        let (mut gone, mut len) = (vec![0u128; 128], vec![0u32; 128]);
        for b in 0..128u32 {
            for (_, l) in ops {
                let (bits, n) = leaf(l, b);
                gone[b as usize] |= bits;
                if matches!(l, Mask::Adj(..)) {
                    len[b as usize] = n;
                }
            }
        }
        // The steps, with n = |F|: each `{v}` after the first removes
        // nothing more (`n - had` + 1 each); the first `n + 1`; the
        // adjacency `n - had + len` after a `{v}`, `n + len` alone.
        let (nb, adj) = (nb as u64, u64::from(adj));
        Some(Closed {
            fixed,
            gone,
            len,
            a: nb + adj,
            bits: nb,
            c: (nb + adj).saturating_sub(1),
        })
    }

    /// The chain's set at vertex bit `b` for the fixed part `f` of `n`
    /// elements, and the steps `chain_eval` charges for it.
    #[inline(always)]
    fn eval(&self, f: u128, n: u32, b: u32) -> (u128, u64) {
        let had = ((f >> b) & 1) as u64;
        let steps =
            self.a * u64::from(n) + self.bits - self.c * had + u64::from(self.len[b as usize]);
        (f & !self.gone[b as usize], 8 * steps)
    }
}

/// The part of a `Masked` target that reads the loop variable `v`.
#[derive(Debug)]
enum Mask {
    /// `fixed[i]`'s value.
    Fixed(usize),
    /// `{v}`, `{v, v}`.
    Bit,
    /// `set(neighbours(H, v))` (`true`) or `set(successors(H, v))` of
    /// `SetPlan::graphs[i]`.
    Adj(usize, bool),
    Diff(Box<Mask>, Box<Mask>),
    Union(Box<Mask>, Box<Mask>),
}

/// The most parts not reading `v` a `Masked` target has.
const MAX_FIXED: usize = 8;

/// A `Masked` target's fixed parts for one position: their masks and what
/// evaluating them charges (per option, as the ordinary evaluation does).
struct Prepared {
    bits: [u128; MAX_FIXED],
    /// Their sizes.
    lens: [u32; MAX_FIXED],
    cost: Cost,
}

/// The ordinary evaluation of one option, for the frame as it stands.
pub(super) type Ordinary<'a> =
    dyn FnMut(&Interp, &mut [Value], &mut dyn OptionSink) -> Result<()> + 'a;

/// Where a set expression reads its locals.
trait Env {
    fn set(&self, slot: usize) -> Option<SmallSet>;
    fn elem(&self, slot: usize) -> Option<(u32, u32)>;
}

/// The frame as it stands.
struct FrameEnv<'f>(&'f [Value]);

impl Env for FrameEnv<'_> {
    #[inline]
    fn set(&self, slot: usize) -> Option<SmallSet> {
        match &self.0[slot] {
            Value::Set(xs) => SmallSet::of(xs),
            _ => None,
        }
    }

    #[inline]
    fn elem(&self, slot: usize) -> Option<(u32, u32)> {
        SmallSet::element(&self.0[slot])
    }
}

/// The frame during `SetPlan::run`: the loop variable `v` is the element
/// `(class, bit)` of the set `xs` (slot `xs.0`, read once).
struct RunEnv<'f> {
    frame: &'f [Value],
    v: usize,
    elem: (u32, u32),
    xs: (usize, SmallSet),
}

impl Env for RunEnv<'_> {
    #[inline(always)]
    fn set(&self, slot: usize) -> Option<SmallSet> {
        if slot == self.xs.0 {
            Some(self.xs.1)
        } else if slot == self.v {
            // An element, not a set: the ordinary evaluation reports it.
            None
        } else {
            FrameEnv(self.frame).set(slot)
        }
    }

    #[inline(always)]
    fn elem(&self, slot: usize) -> Option<(u32, u32)> {
        if slot == self.v {
            Some(self.elem)
        } else if slot == self.xs.0 {
            // A set, not an element (the frame's slot may not hold it yet:
            // `run_mask`).
            None
        } else {
            FrameEnv(self.frame).elem(slot)
        }
    }
}

/// What the ordinary evaluation charges for the set operations of one
/// target: steps (8 an element of a `-` or `+`, `collection_steps`) and the
/// bytes a `+` copies.
#[derive(Clone, Copy, Default)]
struct Cost {
    steps: u64,
    bytes: usize,
}

impl SetPlan {
    /// The plan of a move line's target, if it has the shape.
    pub(super) fn new(
        defs: &Defs,
        target: &Node,
        bindings: &[(CPattern, Node)],
        cond: bool,
    ) -> Option<SetPlan> {
        let NodeKind::MakePos(g, args) = &target.kind else {
            return None;
        };
        let [arg] = &args[..] else {
            return None;
        };
        let mut graphs = Vec::new();
        let expr = build(defs, arg, &mut graphs, 0)?;
        let each = match bindings {
            [(CPattern::Slot(v), xs)] if !cond => match xs.kind {
                NodeKind::Local(s) if s != *v => Some((*v as usize, s as usize, xs.span)),
                _ => None,
            },
            _ => None,
        };
        let masked = each.and_then(|(v, _, _)| {
            let mut fixed = Vec::new();
            let tree = mask(&expr, v, &mut fixed)?;
            let chain = chain(&tree);
            Some(Masked {
                fixed,
                tree,
                chain,
                closed: None,
            })
        });
        let mut plan = SetPlan {
            game: *g,
            expr,
            graphs,
            each,
            masked,
            elements: RefCell::new(Vec::new()),
        };
        let none = Prepared {
            bits: [0; MAX_FIXED],
            lens: [0; MAX_FIXED],
            cost: Cost::default(),
        };
        let closed = match &plan.masked {
            Some(Masked {
                chain: Some((first, ops)),
                ..
            }) => Closed::of(first, ops, |l, b| plan.mask_leaf(l, &none, b)),
            _ => None,
        };
        if let Some(m) = &mut plan.masked {
            m.closed = closed;
        }
        Some(plan)
    }

    /// Whether the graphs read are still the definitions the plan was made from.
    pub(super) fn valid(&self, defs: &Defs) -> bool {
        self.graphs.iter().all(|g| {
            defs.games
                .get(g.game.0 as usize)
                .is_some_and(|d| Rc::ptr_eq(&d.kind, &g.kind))
        })
    }

    /// The target's set for the frame as it stands, charged as the ordinary
    /// evaluation charges it; None when it is not a `SmallSet` here (the
    /// caller then evaluates it the ordinary way).
    #[inline]
    pub(super) fn target(
        &self,
        me: &Interp,
        frame: &[Value],
        span: Span,
    ) -> Option<Result<SmallSet>> {
        let mut cost = Cost::default();
        let s = self.eval(&self.expr, &FrameEnv(frame), &mut cost)?;
        Some(charge(me, &cost, span).map(|()| s))
    }

    /// The options of a line `move G(S) for v in xs` (`each`) when `xs` is
    /// a `SmallSet` here: each element's target computed on the masks, an
    /// option whose target is not a `SmallSet` evaluated by `fallback`
    /// with `v` bound as the ordinary loop binds it. None, with nothing
    /// listed, when the line does not have the shape here.
    pub(super) fn run(
        &self,
        me: &Interp,
        frame: &mut [Value],
        span: Span,
        out: &mut dyn OptionSink,
        fallback: &mut Ordinary<'_>,
    ) -> Option<Result<()>> {
        let (v, xs, iter_span) = self.each?;
        let set = match &frame[xs] {
            Value::Set(s) => SmallSet::of(s)?,
            _ => return None,
        };
        Some(self.run_bits(
            me,
            frame,
            (v, xs, iter_span),
            (set, &mut false),
            span,
            out,
            fallback,
        ))
    }

    /// The slot of the set a line `move G(S) for v in xs` runs over.
    pub(super) fn over(&self) -> Option<usize> {
        self.each.map(|(_, xs, _)| xs)
    }

    /// `run` for a position whose set `xs` (`over`) is `set.0`, given as a
    /// mask: the frame's slot `xs` holds it as a value only once `set.1`
    /// is false, and an option the masks cannot give builds it there
    /// first, for the ordinary evaluation. Every line has the shape
    /// (`over`): the caller checked.
    pub(super) fn run_mask(
        &self,
        me: &Interp,
        frame: &mut [Value],
        set: (SmallSet, &mut bool),
        span: Span,
        out: &mut dyn OptionSink,
        fallback: &mut Ordinary<'_>,
    ) -> Result<()> {
        let Some(each) = self.each else {
            return Ok(());
        };
        self.run_bits(me, frame, each, set, span, out, fallback)
    }

    #[allow(clippy::too_many_arguments)]
    fn run_bits(
        &self,
        me: &Interp,
        frame: &mut [Value],
        (v, xs, iter_span): (usize, usize, Span),
        (set, unbuilt): (SmallSet, &mut bool),
        span: Span,
        out: &mut dyn OptionSink,
        fallback: &mut Ordinary<'_>,
    ) -> Result<()> {
        if let Some(p) = self.prepare(frame, (v, xs), set) {
            return self.run_masked(me, frame, (v, iter_span), set, &p, span, out);
        }
        let mut bits = set.bits;
        let mut bound = false;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            me.tick(iter_span)?;
            let env = RunEnv {
                frame,
                v,
                elem: (set.class, b),
                xs: (xs, set),
            };
            let mut cost = Cost::default();
            if let Some(s) = self.eval(&self.expr, &env, &mut cost) {
                charge(me, &cost, span)?;
                out.single_set(self.game, s)?;
                bound = false;
            } else {
                if *unbuilt {
                    frame[xs] = set.to_value();
                    *unbuilt = false;
                }
                frame[v] = SmallSet::element_value(set.class, b);
                bound = true;
                fallback(me, frame, out)?;
            }
        }
        // The loop variable as the ordinary loop leaves it.
        if set.bits != 0 && !bound {
            frame[v] = self.element(set.class, 127 - set.bits.leading_zeros());
        }
        Ok(())
    }

    /// The fixed parts of the `Masked` target for the position whose loop
    /// set is `set`, None when the target has no `Masked` form or some part
    /// is of another class here (then `eval` runs per element, and gives
    /// the ordinary evaluation's answer).
    #[inline]
    fn prepare(&self, frame: &[Value], (v, xs): (usize, usize), set: SmallSet) -> Option<Prepared> {
        let m = self.masked.as_ref()?;
        if !self.mask_classes(&m.tree, set.class) {
            return None;
        }
        let env = RunEnv {
            frame,
            v,
            // Never read: the fixed parts do not read `v`.
            elem: (set.class, 0),
            xs: (xs, set),
        };
        let mut p = Prepared {
            bits: [0; MAX_FIXED],
            lens: [0; MAX_FIXED],
            cost: Cost::default(),
        };
        for (i, e) in m.fixed.iter().enumerate() {
            let s = self.eval(e, &env, &mut p.cost)?;
            if s.class != set.class && s.class != SmallSet::EMPTY {
                return None;
            }
            (p.bits[i], p.lens[i]) = (s.bits, s.len() as u32);
        }
        Some(p)
    }

    /// Whether every graph the tree reads has vertices of class `class`.
    fn mask_classes(&self, t: &Mask, class: u32) -> bool {
        match t {
            Mask::Fixed(_) | Mask::Bit => true,
            Mask::Adj(i, _) => 2 + self.graphs[*i].game.0 == class,
            Mask::Diff(a, b) | Mask::Union(a, b) => {
                self.mask_classes(a, class) && self.mask_classes(b, class)
            }
        }
    }

    /// `run_bits` on bare masks (`Masked`), the fixed parts prepared: the
    /// same options, charges and loop variable as `eval` per element.
    #[allow(clippy::too_many_arguments)]
    fn run_masked(
        &self,
        me: &Interp,
        frame: &mut [Value],
        (v, iter_span): (usize, Span),
        set: SmallSet,
        p: &Prepared,
        span: Span,
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let Some(m) = &self.masked else {
            return Ok(());
        };
        let mut bits = set.bits;
        if let Some(c) = &m.closed {
            // One table load an option (`Closed`).
            let (f, n) = (p.bits[c.fixed], p.lens[c.fixed]);
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                me.tick(iter_span)?;
                let (s, steps) = c.eval(f, n, b);
                let cost = Cost {
                    steps: p.cost.steps + steps,
                    bytes: p.cost.bytes,
                };
                charge(me, &cost, span)?;
                out.single_set(self.game, SmallSet::new(set.class, s))?;
            }
        }
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            me.tick(iter_span)?;
            let mut cost = p.cost;
            let s = match &m.chain {
                Some((first, ops)) => {
                    chain_eval(first, ops, b, |l| self.mask_leaf(l, p, b), &mut cost)
                }
                None => self.mask_eval(&m.tree, p, b, &mut cost, false).0,
            };
            charge(me, &cost, span)?;
            out.single_set(self.game, SmallSet::new(set.class, s))?;
        }
        if set.bits != 0 {
            frame[v] = self.element(set.class, 127 - set.bits.leading_zeros());
        }
        Ok(())
    }

    /// `SmallSet::element_value(class, bit)`, cloned from the elements of
    /// the class kept (made at the class's first call; past
    /// `ELEMENT_CLASSES` classes, made afresh).
    fn element(&self, class: u32, bit: u32) -> Value {
        let Ok(mut kept) = self.elements.try_borrow_mut() else {
            return SmallSet::element_value(class, bit);
        };
        if let Some((_, xs)) = kept.iter().find(|(c, _)| *c == class) {
            return xs[bit as usize].clone();
        }
        if kept.len() >= ELEMENT_CLASSES {
            return SmallSet::element_value(class, bit);
        }
        let xs = SmallSet::elements(class);
        let x = xs[bit as usize].clone();
        kept.push((class, xs));
        x
    }

    /// A `Mask` tree's bits for the loop variable at bit `b`, and their
    /// number when `count` (the leaves' numbers are known: the fixed
    /// parts', 1, a vertex's degree): every part is of one class or empty,
    /// so `-` is `& !` and `+` is `|`; charged as `eval` charges.
    #[inline(always)]
    fn mask_eval(
        &self,
        t: &Mask,
        p: &Prepared,
        b: u32,
        cost: &mut Cost,
        count: bool,
    ) -> (u128, u32) {
        match t {
            Mask::Fixed(i) => (p.bits[*i], p.lens[*i]),
            Mask::Bit => (1 << b, 1),
            Mask::Adj(i, back) => {
                let g = &self.graphs[*i];
                let (adj, lens) = if *back {
                    (&g.nbr, &g.nbr_len)
                } else {
                    (&g.succ, &g.succ_len)
                };
                (adj[b as usize], lens[b as usize])
            }
            Mask::Diff(x, y) | Mask::Union(x, y) => {
                let (x, nx) = self.mask_eval(x, p, b, cost, true);
                let (y, ny) = self.mask_eval(y, p, b, cost, true);
                let n = nx + ny;
                cost.steps += 8 * u64::from(n);
                let r = if let Mask::Diff(..) = t {
                    x & !y
                } else {
                    cost.bytes += n as usize * std::mem::size_of::<Value>();
                    x | y
                };
                (r, if count { r.count_ones() } else { 0 })
            }
        }
    }

    /// A leaf of a `Mask` tree (not `Diff` or `Union`): its bits and number.
    #[inline(always)]
    fn mask_leaf(&self, t: &Mask, p: &Prepared, b: u32) -> (u128, u32) {
        match t {
            Mask::Fixed(i) => (p.bits[*i], p.lens[*i]),
            Mask::Bit => (1 << b, 1),
            Mask::Adj(i, back) => {
                let g = &self.graphs[*i];
                if *back {
                    (g.nbr[b as usize], g.nbr_len[b as usize])
                } else {
                    (g.succ[b as usize], g.succ_len[b as usize])
                }
            }
            Mask::Diff(..) | Mask::Union(..) => unreachable!("a chain's operands are leaves"),
        }
    }

    fn eval(&self, e: &SetExpr, env: &impl Env, cost: &mut Cost) -> Option<SmallSet> {
        Some(match e {
            SetExpr::Const(s) => *s,
            SetExpr::Local(s) => env.set(*s)?,
            SetExpr::Lit(xs) => {
                let (mut class, mut bits) = (SmallSet::EMPTY, 0u128);
                for x in xs {
                    let (c, b) = leaf(x, env)?;
                    if class != c && class != SmallSet::EMPTY {
                        return None;
                    }
                    class = c;
                    bits |= 1 << b;
                }
                SmallSet::new(class, bits)
            }
            SetExpr::Adj(i, back, x) => {
                let g = &self.graphs[*i];
                let (c, b) = leaf(x, env)?;
                if c != 2 + g.game.0 {
                    return None;
                }
                let adj = if *back { &g.nbr } else { &g.succ };
                SmallSet::new(c, adj.get(b as usize).copied().unwrap_or(0))
            }
            SetExpr::Diff(a, b) => {
                let (x, y) = (self.eval(a, env, cost)?, self.eval(b, env, cost)?);
                cost.steps += 8 * (x.len() + y.len()) as u64;
                if x.class == y.class {
                    SmallSet::new(x.class, x.bits & !y.bits)
                } else {
                    // No element in common (or `y` empty).
                    x
                }
            }
            SetExpr::Union(a, b) => {
                let (x, y) = (self.eval(a, env, cost)?, self.eval(b, env, cost)?);
                let n = x.len() + y.len();
                cost.steps += 8 * n as u64;
                cost.bytes += n * std::mem::size_of::<Value>();
                if y.is_empty() {
                    x
                } else if x.is_empty() || x.class == y.class {
                    SmallSet::new(y.class, x.bits | y.bits)
                } else {
                    return None;
                }
            }
        })
    }
}

#[inline(always)]
fn leaf(x: &Leaf, env: &impl Env) -> Option<(u32, u32)> {
    match x {
        Leaf::Const(c, b) => Some((*c, *b)),
        Leaf::Local(s) => env.elem(*s),
    }
}

fn charge(me: &Interp, cost: &Cost, span: Span) -> Result<()> {
    if cost.steps > 0 {
        me.cx.advance(cost.steps)?;
    }
    if cost.bytes > 0 {
        me.cx.charge(cost.bytes, span)?;
    }
    Ok(())
}

/// The most classes whose elements a `SetPlan` keeps (`SetPlan::element`).
const ELEMENT_CLASSES: usize = 4;

/// The most nested operations a `SetExpr` has.
const MAX_DEPTH: usize = 16;

/// `mask_eval` of a chain (`Masked::chain`), with no recursion: the
/// running set's number is kept by arithmetic where the operand is `{v}`,
/// counted only where a later step needs it; `leaf` gives a leaf's bits
/// and number (`SetPlan::mask_leaf` at the loop variable's bit `b`).
#[inline(always)]
fn chain_eval(
    first: &Mask,
    ops: &[(bool, Mask)],
    b: u32,
    leaf: impl Fn(&Mask) -> (u128, u32),
    cost: &mut Cost,
) -> u128 {
    let (mut x, mut nx) = leaf(first);
    for (i, (diff, l)) in ops.iter().enumerate() {
        let (y, ny) = leaf(l);
        let n = nx + ny;
        cost.steps += 8 * u64::from(n);
        let had = ((x >> b) & 1) as u32;
        if *diff {
            x &= !y;
        } else {
            cost.bytes += n as usize * std::mem::size_of::<Value>();
            x |= y;
        }
        if i + 1 < ops.len() {
            nx = match (diff, l) {
                (true, Mask::Bit) => nx - had,
                (false, Mask::Bit) => nx + 1 - had,
                _ => x.count_ones(),
            };
        }
    }
    x
}

/// Whether a set expression reads the frame slot `v`.
fn reads(e: &SetExpr, v: usize) -> bool {
    let leaf = |x: &Leaf| matches!(x, Leaf::Local(s) if *s == v);
    match e {
        SetExpr::Const(_) => false,
        SetExpr::Local(s) => *s == v,
        SetExpr::Lit(xs) => xs.iter().any(leaf),
        SetExpr::Adj(_, _, x) => leaf(x),
        SetExpr::Diff(a, b) | SetExpr::Union(a, b) => reads(a, v) || reads(b, v),
    }
}

/// A `Mask` tree as a chain (see `Masked::chain`), None when some right
/// operand is no leaf.
fn chain(t: &Mask) -> Option<(Mask, Vec<(bool, Mask)>)> {
    let leaf = |t: &Mask| match t {
        Mask::Fixed(i) => Some(Mask::Fixed(*i)),
        Mask::Bit => Some(Mask::Bit),
        Mask::Adj(i, back) => Some(Mask::Adj(*i, *back)),
        Mask::Diff(..) | Mask::Union(..) => None,
    };
    let mut ops = Vec::new();
    let mut at = t;
    while let Mask::Diff(x, y) | Mask::Union(x, y) = at {
        ops.push((matches!(at, Mask::Diff(..)), leaf(y)?));
        at = x;
    }
    ops.reverse();
    Some((leaf(at)?, ops))
}

/// `e` as a `Mask` tree for the loop variable in slot `v`, its parts that
/// do not read `v` pushed on `fixed`; None when some part reading `v` has
/// no mask form (`v` where a set belongs, a literal of `v` and others).
fn mask(e: &SetExpr, v: usize, fixed: &mut Vec<SetExpr>) -> Option<Mask> {
    if !reads(e, v) {
        if fixed.len() == MAX_FIXED {
            return None;
        }
        fixed.push(e.clone());
        return Some(Mask::Fixed(fixed.len() - 1));
    }
    Some(match e {
        SetExpr::Lit(xs) if xs.iter().all(|x| matches!(x, Leaf::Local(s) if *s == v)) => Mask::Bit,
        SetExpr::Adj(i, back, Leaf::Local(_)) => Mask::Adj(*i, *back),
        SetExpr::Diff(a, b) => {
            Mask::Diff(Box::new(mask(a, v, fixed)?), Box::new(mask(b, v, fixed)?))
        }
        SetExpr::Union(a, b) => {
            Mask::Union(Box::new(mask(a, v, fixed)?), Box::new(mask(b, v, fixed)?))
        }
        _ => return None,
    })
}

fn build(defs: &Defs, node: &Node, graphs: &mut Vec<Graph>, depth: usize) -> Option<SetExpr> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match &node.kind {
        NodeKind::Const(Value::Set(xs)) => SetExpr::Const(SmallSet::of(xs)?),
        NodeKind::Local(s) => SetExpr::Local(*s as usize),
        NodeKind::Set(xs) => SetExpr::Lit(xs.iter().map(leaf_of).collect::<Option<_>>()?),
        NodeKind::Binary(op @ (BinOp::Sub | BinOp::Add), a, b) => {
            let (a, b) = (
                Box::new(build(defs, a, graphs, depth + 1)?),
                Box::new(build(defs, b, graphs, depth + 1)?),
            );
            if *op == BinOp::Sub {
                SetExpr::Diff(a, b)
            } else {
                SetExpr::Union(a, b)
            }
        }
        NodeKind::Call(e, args, None) if e.meta.name == "set" => match &args[..] {
            [a] => match &a.kind {
                NodeKind::Successors(g, x, ask @ (GraphAsk::Neighbours | GraphAsk::Successors)) => {
                    let x = leaf_of(x)?;
                    let i = graph(defs, *g, graphs)?;
                    SetExpr::Adj(i, *ask == GraphAsk::Neighbours, x)
                }
                NodeKind::Const(Value::List(xs) | Value::Tuple(xs)) => {
                    SetExpr::Const(SmallSet::of(&xs.iter().cloned().collect())?)
                }
                _ => return None,
            },
            _ => return None,
        },
        _ => return None,
    })
}

fn leaf_of(node: &Node) -> Option<Leaf> {
    match &node.kind {
        NodeKind::Local(s) => Some(Leaf::Local(*s as usize)),
        NodeKind::Const(v) => {
            let (c, b) = SmallSet::element(v)?;
            Some(Leaf::Const(c, b))
        }
        _ => None,
    }
}

/// The index in `graphs` of the declared graph `g`'s masks, made if new;
/// None when `g` is no declared graph or has more than 128 vertices.
fn graph(defs: &Defs, g: GameId, graphs: &mut Vec<Graph>) -> Option<usize> {
    if let Some(i) = graphs.iter().position(|x| x.game == g) {
        return Some(i);
    }
    let kind = defs.games.get(g.0 as usize)?.kind.clone();
    let data = kind.graph()?;
    if data.edges.len() > 128 || data.vertices.len() > 128 {
        return None;
    }
    // Every vertex a mask can name: one beyond the edges' table has
    // none of its own, but may have some back.
    let (mut succ, mut nbr) = (vec![0u128; 128], vec![0u128; 128]);
    for (u, out) in data.edges.iter().enumerate() {
        for &w in out {
            let w = w as usize;
            if w >= 128 {
                return None;
            }
            succ[u] |= 1 << w;
            nbr[u] |= 1 << w;
            nbr[w] |= 1 << u;
        }
    }
    let lens = |masks: &[u128]| masks.iter().map(|m| m.count_ones()).collect();
    graphs.push(Graph {
        game: g,
        kind: kind.clone(),
        succ_len: lens(&succ),
        nbr_len: lens(&nbr),
        succ,
        nbr,
    });
    Some(graphs.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A leaf of the test's chains: the fixed part `f`, `{v}`, or one of
    /// two adjacency tables `adj[g]` (by vertex bit).
    fn leaf_of_test(l: &Mask, b: u32, f: u128, adj: &[Vec<u128>; 2]) -> (u128, u32) {
        match l {
            Mask::Fixed(_) => (f, f.count_ones()),
            Mask::Bit => (1 << b, 1),
            Mask::Adj(g, _) => {
                let m = adj[*g][b as usize];
                (m, m.count_ones())
            }
            Mask::Diff(..) | Mask::Union(..) => unreachable!("leaves only"),
        }
    }

    fn op(code: u8) -> (bool, Mask) {
        match code % 6 {
            0 | 1 => (true, Mask::Bit),
            2 => (true, Mask::Adj(0, true)),
            3 => (true, Mask::Adj(1, false)),
            4 => (false, Mask::Bit),
            _ => (true, Mask::Fixed(0)),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// `Closed` gives the set and the steps `chain_eval` gives, at
        /// every vertex bit, for every chain it takes; and it takes the
        /// chains of `{v}`s then at most one adjacency.
        #[test]
        fn a_closed_chain_is_the_chain(
            codes in prop::collection::vec(any::<u8>(), 1..=4),
            f in any::<u128>(),
            sparse in any::<bool>(),
            adj0 in prop::collection::vec(any::<u128>(), 128),
            adj1 in prop::collection::vec(any::<u128>(), 128),
        ) {
            // Sparse sets and graphs as well as dense ones.
            let thin = |m: u128| if sparse { m & (m >> 3) & (m >> 7) } else { m };
            let f = thin(f);
            let adj = [adj0.into_iter().map(thin).collect(), adj1.into_iter().map(thin).collect()];
            let ops: Vec<(bool, Mask)> = codes.iter().map(|&c| op(c)).collect();
            let first = Mask::Fixed(0);
            let closed = Closed::of(&first, &ops, |l, b| leaf_of_test(l, b, f, &adj));
            let bits = ops.iter().take_while(|(d, l)| *d && matches!(l, Mask::Bit)).count();
            let takes = ops.len() == bits
                || (ops.len() == bits + 1 && matches!(ops[bits], (true, Mask::Adj(..))));
            prop_assert_eq!(closed.is_some(), takes, "{:?}", ops);
            if let Some(c) = closed {
                for b in 0..128 {
                    let mut cost = Cost::default();
                    let want = chain_eval(&first, &ops, b, |l| leaf_of_test(l, b, f, &adj), &mut cost);
                    let (got, steps) = c.eval(f, f.count_ones(), b);
                    prop_assert_eq!(got, want, "{:?} at {}", ops, b);
                    prop_assert_eq!(steps, cost.steps, "{:?} at {}", ops, b);
                    prop_assert_eq!(cost.bytes, 0);
                }
            }
        }
    }
}
