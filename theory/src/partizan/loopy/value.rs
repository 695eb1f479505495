//! Values of loopy games to compute with (THEORY.md §6.9, "Values in
//! expressions"): a [`SidedValue`] is a pair of stoppers in simplest form,
//! the onside and the offside, equal for a stopper. Sums add onsides to
//! onsides and offsides to offsides, each sum read back to its own side by
//! sidling (the *upsum* and the *downsum*); the negative exchanges and
//! negates the sides; `G ≥ H` when both sides of G are at least those of
//! H.
//!
//! Every function here takes the positions a computation may build
//! (`max_vertices`) and a `stop` callback, and answers `None` when either
//! ends it; `Some(Err(rounds))` when sidling did not settle in `rounds`
//! rounds.

use super::{
    LoopyOutcome, Play, SidedGraph, Winner, is_deathless, is_stopper, one_side, outcomes, pack,
    short_value, side_form, side_geq, simplify, stopper_geq, stopper_text, sum_graph,
    unravel::unravel_side,
};
use crate::partizan::{GameStore, PartizanError, ValueId};

/// Rounds of sidling tried per position of a game's graph (plus 16)
/// before its sides are called unsettled.
pub const SIDLING_ROUNDS_PER_POSITION: usize = 4;

/// The rounds of sidling tried on a graph of `n` positions.
pub fn sidling_rounds(n: usize) -> usize {
    SIDLING_ROUNDS_PER_POSITION
        .saturating_mul(n)
        .saturating_add(16)
}

/// A stopper in simplest form: its graph holds only what the root reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopper {
    /// The graph.
    pub graph: SidedGraph,
    /// The stopper's vertex in it.
    pub root: u32,
}

impl Stopper {
    /// `on` = {pass|}.
    pub fn on() -> Stopper {
        Stopper {
            graph: SidedGraph::new(vec![vec![0]], vec![vec![]]),
            root: 0,
        }
    }

    /// `off` = {|pass}.
    pub fn off() -> Stopper {
        Stopper::on().negative()
    }

    /// The negative: Left's and Right's options exchanged everywhere.
    pub fn negative(&self) -> Stopper {
        Stopper {
            graph: self.graph.negative(),
            root: self.root,
        }
    }

    /// The simplest form of the stopper at `root` of `g` (every position
    /// it reaches a stopper).
    pub fn simplest(
        g: &SidedGraph,
        root: u32,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Stopper> {
        let (s, _) = simplify(g, &[root], max_vertices, stop)?;
        Some(Stopper {
            root: s.roots[0],
            graph: s.graph,
        })
    }

    /// The short game `id` of `store` as a stopper: its canonical form,
    /// one vertex per position. `Ok(None)` past `max_vertices` vertices.
    pub fn short(
        store: &mut GameStore,
        id: ValueId,
        max_vertices: usize,
    ) -> Result<Option<Stopper>, PartizanError> {
        let mut g = GraphBuilder::default();
        Ok(g.short(store, id, false, max_vertices)?.map(|root| {
            let p = pack(&g.finish(), &[root]);
            Stopper {
                graph: p.graph,
                root: p.roots[0],
            }
        }))
    }

    /// `self ≥ other`, by play on the difference.
    pub fn geq(
        &self,
        other: &Stopper,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        stopper_geq(
            &self.graph,
            self.root,
            &other.graph,
            other.root,
            max_vertices,
            stop,
        )
    }

    /// The text in CGSuite's notation (`on`, `1over`, `a{0|{a|*}}`, a short
    /// game's canonical form).
    pub fn text(&self, store: &mut GameStore) -> Result<String, PartizanError> {
        stopper_text(store, &self.graph, self.root)
    }

    /// The short game it is, when no cycle is reachable from its root.
    pub fn short_value(&self, store: &mut GameStore) -> Result<Option<ValueId>, PartizanError> {
        short_value(store, &self.graph, self.root)
    }
}

/// The value of a loopy game whose sides are stoppers.
#[derive(Clone, Debug)]
pub struct SidedValue {
    /// The onside: the stopper it plays like when endless play is Left's.
    pub onside: Stopper,
    /// The offside: likewise when endless play is Right's.
    pub offside: Stopper,
    /// Whether the two sides are equal: the game is (equal to) a stopper.
    pub stopper: bool,
}

impl SidedValue {
    /// A stopper's value.
    pub fn of_stopper(s: Stopper) -> SidedValue {
        SidedValue {
            offside: s.clone(),
            onside: s,
            stopper: true,
        }
    }

    /// `dud` = on & off.
    pub fn dud() -> SidedValue {
        SidedValue {
            onside: Stopper::on(),
            offside: Stopper::off(),
            stopper: false,
        }
    }

    /// The value of vertex `root` of `g`: a stopper's simplest form, `dud`
    /// where nobody can ever run out of moves, else the sides by sidling.
    pub fn of_graph(
        g: &SidedGraph,
        root: u32,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Result<SidedValue, usize>> {
        if is_deathless(g, root) {
            return Some(Ok(SidedValue::dud()));
        }
        if is_stopper(g, root) {
            let s = Stopper::simplest(g, root, max_vertices, stop)?;
            return Some(Ok(SidedValue::of_stopper(s)));
        }
        let on = match side_of(g, root, true, false, max_vertices, stop)? {
            Ok(s) => s,
            Err(k) => return Some(Err(k)),
        };
        let off = match side_of(g, root, false, false, max_vertices, stop)? {
            Ok(s) => s,
            Err(k) => return Some(Err(k)),
        };
        SidedValue::of_sides(on, off, max_vertices, stop).map(Ok)
    }

    /// The value with these sides (marked a stopper when they are equal).
    /// A side held as a form with a cycle that equals the other side, a
    /// stopper, is that stopper: the two are compared as sides of that
    /// kind, both ways ([`side_geq`]), so the answer goes by the sides'
    /// values, not by their forms (THEORY.md §6.18, "Stopper-sided").
    pub fn of_sides(
        onside: Stopper,
        offside: Stopper,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<SidedValue> {
        let stoppers = (
            is_stopper(&onside.graph, onside.root),
            is_stopper(&offside.graph, offside.root),
        );
        let same = match stoppers {
            (true, true) => {
                offside.geq(&onside, max_vertices, stop)?
                    && onside.geq(&offside, max_vertices, stop)?
            }
            (false, true) => side_is(&onside, &offside, true, max_vertices, stop)?,
            (true, false) => side_is(&offside, &onside, false, max_vertices, stop)?,
            (false, false) => false,
        };
        Some(if same {
            // The value is the side held as a stopper.
            SidedValue::of_stopper(if stoppers.0 { onside } else { offside })
        } else {
            SidedValue {
                onside,
                offside,
                stopper: false,
            }
        })
    }

    /// The sum: the onside of the sum of the onsides and the offside of
    /// the sum of the offsides (of two stoppers, the value of their sum).
    pub fn add(
        &self,
        other: &SidedValue,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Result<SidedValue, usize>> {
        let sum = |a: &Stopper, b: &Stopper, stop: &mut dyn FnMut() -> bool| {
            sum_graph(&[&a.graph, &b.graph], &[a.root, b.root], max_vertices, stop).map(|(g, _)| g)
        };
        if self.stopper && other.stopper {
            let g = sum(&self.onside, &other.onside, stop)?;
            return SidedValue::of_graph(&g, 0, max_vertices, stop);
        }
        // Sides that are no stoppers make a sum whose sidling need not
        // settle: its sides are found by the general path at once.
        let general = !(self.stopper_sided() && other.stopper_sided());
        let g = sum(&self.onside, &other.onside, stop)?;
        let on = match side_of(&g, 0, true, general, max_vertices, stop)? {
            Ok(s) => s,
            Err(k) => return Some(Err(k)),
        };
        let g = sum(&self.offside, &other.offside, stop)?;
        let off = match side_of(&g, 0, false, general, max_vertices, stop)? {
            Ok(s) => s,
            Err(k) => return Some(Err(k)),
        };
        SidedValue::of_sides(on, off, max_vertices, stop).map(Ok)
    }

    /// The negative: −(s & t) = −t & −s.
    pub fn negative(&self) -> SidedValue {
        SidedValue {
            onside: self.offside.negative(),
            offside: self.onside.negative(),
            stopper: self.stopper,
        }
    }

    /// `self ≥ other`: both sides at least the other's (each side compared
    /// as a side, [`side_geq`], when it is no stopper).
    pub fn geq(
        &self,
        other: &SidedValue,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        if !side_at_least(&self.onside, &other.onside, true, max_vertices, stop)? {
            return Some(false);
        }
        if self.stopper && other.stopper {
            return Some(true);
        }
        side_at_least(&self.offside, &other.offside, false, max_vertices, stop)
    }

    /// Whether both sides are held as stoppers. False for Bach's carousel,
    /// whose sides no stopper equals, but also possible for a side form
    /// with a cycle that does equal a stopper (THEORY.md §6.18).
    pub fn stopper_sided(&self) -> bool {
        self.stopper
            || (is_stopper(&self.onside.graph, self.onside.root)
                && is_stopper(&self.offside.graph, self.offside.root))
    }

    /// The outcome class of every game of this value (normal play). A
    /// stopper has no endless alternating play, so each side's outcome is
    /// a short game's class, read by retrograde analysis on its graph.
    /// Moving first, a player wins outright when they win the side where
    /// endless play is the opponent's (Left the offside, Right the
    /// onside), holds a draw when they win only the other side, and loses
    /// otherwise (THEORY.md §6.9, "The outcome of a value").
    pub fn outcome(&self) -> LoopyOutcome {
        let class = |s: &Stopper, onside: bool| {
            if is_stopper(&s.graph, s.root) {
                outcomes(&s.graph, Play::Normal)[s.root as usize]
            } else {
                side_class(s, onside)
            }
        };
        let on = class(&self.onside, true);
        if self.stopper {
            return on;
        }
        let off = class(&self.offside, false);
        let first = |outright: Winner, survives: Winner, me: Winner, you: Winner| {
            if outright == me {
                me
            } else if survives == me {
                Winner::Draw
            } else {
                you
            }
        };
        LoopyOutcome {
            left_first: first(off.left_first, on.left_first, Winner::Left, Winner::Right),
            right_first: first(on.right_first, off.right_first, Winner::Right, Winner::Left),
        }
    }

    /// The short game it is, if it is one.
    pub fn short_value(&self, store: &mut GameStore) -> Result<Option<ValueId>, PartizanError> {
        if !self.stopper {
            return Ok(None);
        }
        self.onside.short_value(store)
    }

    /// Its text as the `value` query prints it: a stopper's simplest form,
    /// `dud` for on & off, else `onside & offside`.
    pub fn text(&self, store: &mut GameStore) -> Result<String, PartizanError> {
        let on = self.onside.text(store)?;
        if self.stopper {
            return Ok(on);
        }
        let off = self.offside.text(store)?;
        Ok(if on == "on" && off == "off" {
            "dud".into()
        } else {
            format!("{on} & {off}")
        })
    }
}

/// One side of vertex `root` of `g`: the stopper's simplest form when it
/// is one, `on` or `off` when nobody can run out of moves, else by
/// sidling; when sidling does not settle (or at once when `general`), by
/// [`side_form`], whose answer is put in simplest form when it is a
/// stopper and is otherwise a side that is no stopper (THEORY.md §6.18).
/// Always `Ok` but for the budgets (`None`).
pub(super) fn side_of(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    general: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<Stopper, usize>> {
    if (!general || is_stopper(g, root) || is_deathless(g, root))
        && let Ok(s) = stopper_side(g, root, onside, max_vertices, stop)?
    {
        return Some(Ok(s));
    }
    let (graph, root) = side_form(g, root, onside, max_vertices, stop)?;
    if !is_stopper(&graph, root) {
        // The form may still equal a stopper: unravel it.
        if let Some(s) = try_unravel(&graph, root, onside, max_vertices, stop)? {
            return Some(Ok(s));
        }
    }
    Some(Ok(Stopper { graph, root }))
}

/// One side of vertex `root` of `g` as a stopper: the stopper's simplest
/// form when it is one, `on` or `off` when nobody can run out of moves,
/// else by sidling; `Err(rounds)` when sidling does not settle.
pub(super) fn stopper_side(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<Stopper, usize>> {
    if is_stopper(g, root) {
        return Stopper::simplest(g, root, max_vertices, stop).map(Ok);
    }
    if is_deathless(g, root) {
        return Some(Ok(if onside {
            Stopper::on()
        } else {
            Stopper::off()
        }));
    }
    let rounds = sidling_rounds(g.num_vertices());
    let as_stopper = |s: super::Simplified| Stopper {
        root: s.roots[0],
        graph: s.graph,
    };
    // A few rounds of sidling first; where they do not settle (or pass
    // the budget), unravelling; where that fails, sidling in full.
    let stopped = std::cell::Cell::new(false);
    let mut watch = || {
        stopped.set(stopped.get() || stop());
        stopped.get()
    };
    let early = one_side(
        g,
        root,
        onside,
        rounds.min(EARLY_ROUNDS),
        max_vertices,
        &mut watch,
    );
    if let Some(Ok(s)) = early {
        return Some(Ok(as_stopper(s)));
    }
    if stopped.get() {
        return None;
    }
    if let Some(s) = try_unravel(g, root, onside, max_vertices, &mut watch)? {
        return Some(Ok(s));
    }
    if early.is_some() && rounds <= EARLY_ROUNDS {
        return Some(Err(rounds));
    }
    Some(one_side(g, root, onside, rounds, max_vertices, stop)?.map(as_stopper))
}

/// The stopper unravelling finds for one side ([`unravel_side`]):
/// `Some(None)` when it finds none or passes its budget, `None` only when
/// `stop` says so.
fn try_unravel(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Option<Stopper>> {
    let stopped = std::cell::Cell::new(false);
    let mut watch = || {
        stopped.set(stopped.get() || stop());
        stopped.get()
    };
    let steps = unravel_steps(g.num_vertices());
    match unravel_side(g, root, onside, steps, max_vertices, &mut watch) {
        Some(found) => Some(found),
        None if stopped.get() => None,
        None => Some(None),
    }
}

/// Rounds of sidling tried before unravelling.
const EARLY_ROUNDS: usize = 16;

/// Unravellings tried on a graph of `n` positions before giving up.
fn unravel_steps(n: usize) -> usize {
    n.saturating_mul(4).saturating_add(16)
}

/// Whether `side`, one side of a value (the onside when `onside`) held
/// as a form with a cycle, equals the stopper `stopper` in that side,
/// checked both ways by [`side_geq`]. `None` only for the budgets.
fn side_is(
    side: &Stopper,
    stopper: &Stopper,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    let (g, a, h, b) = (&side.graph, side.root, &stopper.graph, stopper.root);
    Some(
        side_geq(g, a, h, b, onside, max_vertices, stop)?
            && side_geq(h, b, g, a, onside, max_vertices, stop)?,
    )
}

/// `a ≥ b` as sides (onsides when `onside`): by play on the difference
/// between stoppers, by [`side_geq`] when either is no stopper.
fn side_at_least(
    a: &Stopper,
    b: &Stopper,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    if is_stopper(&a.graph, a.root) && is_stopper(&b.graph, b.root) {
        return a.geq(b, max_vertices, stop);
    }
    side_geq(
        &a.graph,
        a.root,
        &b.graph,
        b.root,
        onside,
        max_vertices,
        stop,
    )
}

/// The outcome of one side that is no stopper, played alone: Left moving
/// first wins unless the side is at most 0, Right moving first unless it
/// is at least 0 (each compared as that side; endless play goes to the
/// side's owner, so there is no draw).
fn side_class(s: &Stopper, onside: bool) -> LoopyOutcome {
    let zero = SidedGraph::new(vec![vec![]], vec![vec![]]);
    let n = 2 * s.graph.num_vertices() + 2;
    let mut never = || false;
    let ge = side_geq(&s.graph, s.root, &zero, 0, onside, n, &mut never).unwrap_or(false);
    let le = side_geq(&zero, 0, &s.graph, s.root, onside, n, &mut never).unwrap_or(false);
    let who = |left: bool| if left { Winner::Left } else { Winner::Right };
    LoopyOutcome {
        left_first: who(!le),
        right_first: who(ge),
    }
}

/// A graph being built vertex by vertex, with each side's options.
#[derive(Default, Debug)]
pub(super) struct GraphBuilder {
    pub(super) left: Vec<Vec<u32>>,
    pub(super) right: Vec<Vec<u32>>,
    /// Vertices made for short games: (id, negated) to vertex.
    memo: std::collections::HashMap<(ValueId, bool), u32>,
}

impl GraphBuilder {
    /// A new vertex with no options.
    pub(super) fn vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Adds options to `v`: `l` to Left's and `r` to Right's, or the other
    /// way round when `flip` (building a negative).
    pub(super) fn options(&mut self, v: u32, l: &[u32], r: &[u32], flip: bool) {
        let (l, r) = if flip { (r, l) } else { (l, r) };
        self.left[v as usize].extend_from_slice(l);
        self.right[v as usize].extend_from_slice(r);
    }

    /// How many vertices it has.
    pub(super) fn len(&self) -> usize {
        self.left.len()
    }

    /// The vertex of the short game `id` (its negative when `flip`), its
    /// positions made on the way; `Ok(None)` past `max_vertices` vertices.
    pub(super) fn short(
        &mut self,
        store: &mut GameStore,
        id: ValueId,
        flip: bool,
        max_vertices: usize,
    ) -> Result<Option<u32>, PartizanError> {
        if let Some(&v) = self.memo.get(&(id, flip)) {
            return Ok(Some(v));
        }
        let root = self.vertex();
        self.memo.insert((id, flip), root);
        let mut work = vec![(id, root)];
        while let Some((x, v)) = work.pop() {
            let sides = [store.left_options(x)?, store.right_options(x)?];
            let mut out: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            for (opts, out) in sides.iter().zip(out.iter_mut()) {
                for &o in opts.iter() {
                    let w = match self.memo.get(&(o, flip)) {
                        Some(&w) => w,
                        None => {
                            if self.len() >= max_vertices {
                                return Ok(None);
                            }
                            let w = self.vertex();
                            self.memo.insert((o, flip), w);
                            work.push((o, w));
                            w
                        }
                    };
                    out.push(w);
                }
            }
            self.options(v, &out[0], &out[1], flip);
        }
        Ok(Some(root))
    }

    /// The graph built.
    pub(super) fn finish(self) -> SidedGraph {
        SidedGraph::new(self.left, self.right)
    }
}
