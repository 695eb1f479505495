//! The operations of the theory of stoppers (THEORY.md §6.17): the upsum
//! and the downsum of two stoppers (the onside and the offside of their
//! sum), the degree of loopiness, the upsum and downsum varieties, the
//! variety (CGSuite's current definition: the two varieties relative to
//! the degree, when they agree) and the subordinate, the inverse of the
//! ordinal sum.
//!
//! Each function takes the positions a computation may build
//! (`max_vertices`) and a `stop` callback, and answers `None` when either
//! ends it; a failure of the theory (sides that did not settle, a degree
//! that is no idempotent, an unstable game, a game that is no ordinal sum
//! on the base) is a [`StopperFailure`].

use super::value::stopper_side;
use super::{SidedGraph, SidedValue, Stopper, pack, simplify, sum_graph};

/// Why a stopper operation has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopperFailure {
    /// Sidling a sum did not settle in this many rounds.
    Unsettled(usize),
    /// The degree asked for is not an idempotent (D + D ≠ D).
    NotIdempotent,
    /// The upsum and downsum varieties differ: the game is not stable.
    NotStable,
    /// The game is not an ordinal sum on the base.
    NotSubordinate,
}

/// What a stopper operation answers: `None` when the budget or `stop`
/// ended it.
pub type StopperResult = Option<Result<Stopper, StopperFailure>>;

/// The onside (`onside` true) or offside of the sum of two stoppers.
fn side_of_sum(
    a: &Stopper,
    b: &Stopper,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    let (g, _) = sum_graph(&[&a.graph, &b.graph], &[a.root, b.root], max_vertices, stop)?;
    Some(stopper_side(&g, 0, onside, max_vertices, stop)?.map_err(StopperFailure::Unsettled))
}

/// `a Upsum b`: the onside of `a + b`.
pub fn upsum(
    a: &Stopper,
    b: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    side_of_sum(a, b, true, max_vertices, stop)
}

/// `a Downsum b`: the offside of `a + b`.
pub fn downsum(
    a: &Stopper,
    b: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    side_of_sum(a, b, false, max_vertices, stop)
}

/// The degree of loopiness of `g`: `g Upsum −g` (0 for a short game).
pub fn degree(g: &Stopper, max_vertices: usize, stop: &mut dyn FnMut() -> bool) -> StopperResult {
    upsum(g, &g.negative(), max_vertices, stop)
}

/// Whether two stoppers are equal.
fn equal(
    a: &Stopper,
    b: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    Some(a.geq(b, max_vertices, stop)? && b.geq(a, max_vertices, stop)?)
}

/// Whether `d + d = d` (the sum a stopper equal to `d`).
pub fn is_idempotent(
    d: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<bool, StopperFailure>> {
    let v = SidedValue::of_stopper(d.clone());
    let twice = match v.add(&v, max_vertices, stop)? {
        Ok(t) => t,
        Err(k) => return Some(Err(StopperFailure::Unsettled(k))),
    };
    if !twice.stopper {
        return Some(Ok(false));
    }
    equal(&twice.onside, d, max_vertices, stop).map(Ok)
}

/// Refuses a degree that is no idempotent.
fn idempotent(
    d: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<(), StopperFailure>> {
    Some(match is_idempotent(d, max_vertices, stop)? {
        Ok(true) => Ok(()),
        Ok(false) => Err(StopperFailure::NotIdempotent),
        Err(e) => Err(e),
    })
}

/// The upsum variety (`up`) or the downsum variety of `g` relative to
/// `d`: `g Upsum (−g Downsum −d)`, `g Downsum (−g Upsum d)`.
fn side_variety(
    g: &Stopper,
    d: &Stopper,
    up: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    if let Err(e) = idempotent(d, max_vertices, stop)? {
        return Some(Err(e));
    }
    let d = if up { d.negative() } else { d.clone() };
    let inner = match side_of_sum(&g.negative(), &d, !up, max_vertices, stop)? {
        Ok(s) => s,
        Err(e) => return Some(Err(e)),
    };
    side_of_sum(g, &inner, up, max_vertices, stop)
}

/// `g UpsumVariety d` = `g Upsum (−g Downsum −d)`, for an idempotent `d`.
pub fn upsum_variety(
    g: &Stopper,
    d: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    side_variety(g, d, true, max_vertices, stop)
}

/// `g DownsumVariety d` = `g Downsum (−g Upsum d)`, for an idempotent `d`.
pub fn downsum_variety(
    g: &Stopper,
    d: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    side_variety(g, d, false, max_vertices, stop)
}

/// The two varieties of `g` relative to its degree: `Ok((up, down))`, or
/// why they do not exist (the degree is no idempotent, or a sum did not
/// settle).
fn varieties(
    g: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<(Stopper, Stopper), StopperFailure>> {
    let d = match degree(g, max_vertices, stop)? {
        Ok(d) => d,
        Err(e) => return Some(Err(e)),
    };
    let up = match upsum_variety(g, &d, max_vertices, stop)? {
        Ok(s) => s,
        Err(e) => return Some(Err(e)),
    };
    let down = match downsum_variety(g, &d, max_vertices, stop)? {
        Ok(s) => s,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok((up, down)))
}

/// Whether `g` is stable: its upsum and downsum varieties relative to its
/// degree are equal (an error when the degree is no idempotent).
pub fn is_stable(
    g: &Stopper,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<bool, StopperFailure>> {
    match varieties(g, max_vertices, stop)? {
        Ok((up, down)) => equal(&up, &down, max_vertices, stop).map(Ok),
        Err(e) => Some(Err(e)),
    }
}

/// The variety of `g`: the common value of its upsum and downsum
/// varieties relative to its degree; [`StopperFailure::NotStable`] when
/// they differ.
pub fn variety(g: &Stopper, max_vertices: usize, stop: &mut dyn FnMut() -> bool) -> StopperResult {
    let (up, down) = match varieties(g, max_vertices, stop)? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    if equal(&up, &down, max_vertices, stop)? {
        Some(Ok(up))
    } else {
        Some(Err(StopperFailure::NotStable))
    }
}

/// The subordinate of `g` to the base whose Left options are `base_left`
/// and Right options `base_right` (stoppers in simplest form; CGSuite asks
/// for a short base): the `H` with `g = B : H`, in simplest form.
///
/// At every position `x` of `g` reached, each Left option `b` of the base
/// must be answered: some Left option of `x` is at least `b`, or some Right
/// option of `b` is at most `x`; Right's likewise. The subordinate's
/// positions are those of `g` with every option equal to a base option
/// removed (THEORY.md §6.17).
pub fn subordinate(
    g: &Stopper,
    base_left: &[Stopper],
    base_right: &[Stopper],
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> StopperResult {
    // One graph holding g and the base's options, ordered all at once.
    let mut left: Vec<Vec<u32>> = Vec::new();
    let mut right: Vec<Vec<u32>> = Vec::new();
    let mut add = |s: &Stopper| {
        let base = left.len() as u32;
        for v in 0..s.graph.num_vertices() as u32 {
            left.push(s.graph.left(v).iter().map(|w| w + base).collect());
            right.push(s.graph.right(v).iter().map(|w| w + base).collect());
        }
        base + s.root
    };
    let root = add(g);
    let n = g.graph.num_vertices();
    let bl: Vec<u32> = base_left.iter().map(&mut add).collect();
    let br: Vec<u32> = base_right.iter().map(&mut add).collect();
    let u = SidedGraph::new(left, right);
    let m = u.num_vertices();
    let ge = super::order(&u, max_vertices, stop)?;
    let geq = |a: u32, b: u32| ge[a as usize * m + b as usize];
    let eq = |a: u32, b: u32| geq(a, b) && geq(b, a);
    let (mut out_l, mut out_r) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    let mut seen = vec![false; n];
    seen[root as usize] = true;
    let mut work = vec![root];
    while let Some(x) = work.pop() {
        if stop() {
            return None;
        }
        let (lo, ro) = (u.left(x), u.right(x));
        let left_ok = bl
            .iter()
            .all(|&b| lo.iter().any(|&o| geq(o, b)) || u.right(b).iter().any(|&r| geq(x, r)));
        let right_ok = br
            .iter()
            .all(|&b| ro.iter().any(|&o| geq(b, o)) || u.left(b).iter().any(|&l| geq(l, x)));
        if !left_ok || !right_ok {
            return Some(Err(StopperFailure::NotSubordinate));
        }
        for (opts, base, out) in [(lo, &bl, &mut out_l), (ro, &br, &mut out_r)] {
            for &o in opts {
                if base.iter().any(|&b| eq(o, b)) {
                    continue;
                }
                out[x as usize].push(o);
                if !seen[o as usize] {
                    seen[o as usize] = true;
                    work.push(o);
                }
            }
        }
    }
    let h = pack(&SidedGraph::new(out_l, out_r), &[root]);
    let (s, _) = simplify(&h.graph, &h.roots, max_vertices, stop)?;
    Some(Ok(Stopper {
        root: s.roots[0],
        graph: s.graph,
    }))
}
