//! The onside and offside of a loopy position that is not a stopper, by
//! sidling (THEORY.md §6.9): every subposition that is a stopper keeps
//! its value; the others start at `on` (for the onside) or `off` (for the
//! offside) and are replaced, all at once and round after round, by
//! `{approximations of the Left options | of the Right options}` in
//! simplest form, until a round changes no value.

use super::simplify::{Simplified, pack, simplify};
use super::{SidedGraph, is_stopper};

/// The two sides, each a simplified stopper graph with its root.
#[derive(Clone, Debug)]
pub struct Sides {
    /// The onside: the sidling sequence started from `on`.
    pub onside: Simplified,
    /// The offside: the sidling sequence started from `off`.
    pub offside: Simplified,
}

/// The sides of vertex `root` of `g`: `Some(Ok(sides))` when both sidling
/// sequences settle within `max_rounds` rounds, `Some(Err(rounds))` when
/// one does not; `None` when a simplification passes `max_vertices`
/// positions or `stop` says so.
pub fn sides(
    g: &SidedGraph,
    root: u32,
    max_rounds: usize,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<Sides, usize>> {
    let p = pack(g, &[root]);
    let h = p.graph;
    let onside = match sidle(&h, true, max_rounds, max_vertices, stop)? {
        Ok(s) => s,
        Err(k) => return Some(Err(k)),
    };
    let offside = match sidle(&h, false, max_rounds, max_vertices, stop)? {
        Ok(s) => s,
        Err(k) => return Some(Err(k)),
    };
    Some(Ok(Sides { onside, offside }))
}

/// One side of vertex `root` of `g`: the onside when `onside`, else the
/// offside; as [`sides`] answers.
pub fn one_side(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_rounds: usize,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<Simplified, usize>> {
    let p = pack(g, &[root]);
    sidle(&p.graph, onside, max_rounds, max_vertices, stop)
}

/// One side of vertex 0 of the packed graph `h`.
fn sidle(
    h: &SidedGraph,
    on: bool,
    max_rounds: usize,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<Simplified, usize>> {
    let n = h.num_vertices();
    let stopper: Vec<bool> = (0..n as u32).map(|v| is_stopper(h, v)).collect();
    // The universe: a copy of h (its stoppers are reachable, the rest is
    // not) and the start, `on` = {pass|} or `off` = {|pass}, at vertex n.
    let mut u = h.clone();
    let top = n as u32;
    if on {
        u.left.push(vec![top]);
        u.right.push(vec![]);
    } else {
        u.left.push(vec![]);
        u.right.push(vec![top]);
    }
    let mut approx: Vec<u32> = (0..n as u32)
        .map(|v| if stopper[v as usize] { v } else { top })
        .collect();
    let loopy: Vec<u32> = (0..n as u32).filter(|&v| !stopper[v as usize]).collect();
    for _ in 0..max_rounds {
        if stop() {
            return None;
        }
        let base = u.num_vertices() as u32;
        for &v in &loopy {
            let at = |w: &u32| approx[*w as usize];
            u.left.push(h.left(v).iter().map(at).collect());
            u.right.push(h.right(v).iter().map(at).collect());
        }
        let mut roots = approx.clone();
        roots.extend((0..loopy.len() as u32).map(|i| base + i));
        let (s, classes) = simplify(&u, &roots, max_vertices, stop)?;
        let settled = loopy
            .iter()
            .enumerate()
            .all(|(i, &v)| classes[v as usize] == classes[n + i]);
        for (v, a) in approx.iter_mut().enumerate() {
            *a = s.roots[v];
        }
        for (i, &v) in loopy.iter().enumerate() {
            approx[v as usize] = s.roots[n + i];
        }
        u = s.graph;
        if settled {
            return Some(Ok(pack(&u, &[approx[0]])));
        }
    }
    Some(Err(max_rounds))
}
