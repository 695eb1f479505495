//! Simplest forms of stoppers (THEORY.md §6.9): the order of every pair
//! of a stopper graph's vertices by play on their difference, then
//! reversible options bypassed, dominated ones deleted, and equal
//! vertices fused into one.

use super::{SidedGraph, Winner, outcomes};

/// A simplified graph and, for each root asked for, its vertex there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simplified {
    /// The graph, holding only what the roots reach.
    pub graph: SidedGraph,
    /// The vertex of each root asked for, in the order asked.
    pub roots: Vec<u32>,
}

/// The vertices reachable from `roots`, renumbered in order of discovery
/// (the roots first): the packed graph and each root's new vertex.
pub fn pack(g: &SidedGraph, roots: &[u32]) -> Simplified {
    let n = g.num_vertices();
    let mut new = vec![u32::MAX; n];
    let mut order: Vec<u32> = Vec::new();
    for &r in roots {
        if new[r as usize] == u32::MAX {
            new[r as usize] = order.len() as u32;
            order.push(r);
        }
    }
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &w in g.left(v).iter().chain(g.right(v)) {
            if new[w as usize] == u32::MAX {
                new[w as usize] = order.len() as u32;
                order.push(w);
            }
        }
    }
    let map = |opts: &[u32]| -> Vec<u32> {
        let mut o: Vec<u32> = opts.iter().map(|&w| new[w as usize]).collect();
        o.sort_unstable();
        o.dedup();
        o
    };
    let left = order.iter().map(|&v| map(g.left(v))).collect();
    let right = order.iter().map(|&v| map(g.right(v))).collect();
    Simplified {
        graph: SidedGraph { left, right },
        roots: roots.iter().map(|&r| new[r as usize]).collect(),
    }
}

/// Whether every vertex reachable from `v` is a stopper (Siegel's sense:
/// no alternating play from any subposition is infinite).
pub fn all_stoppers(g: &SidedGraph, roots: &[u32]) -> bool {
    let p = pack(g, roots);
    let n = p.graph.num_vertices() as u32;
    super::stopper::alternating_acyclic(&p.graph, 0..n)
}

/// `ge[u·n + v]`: `u ≥ v`, for a graph whose vertices are all stoppers:
/// Left, moving second, survives `u − v`. One retrograde analysis on the
/// product of the graph with its negative (n² positions). `None` past
/// `max_vertices` positions or when `stop` (called once a row) says so.
pub fn order(
    g: &SidedGraph,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<bool>> {
    let n = g.num_vertices();
    if n.checked_mul(n).is_none_or(|m| m > max_vertices) {
        return None;
    }
    let (mut left, mut right) = (Vec::with_capacity(n * n), Vec::with_capacity(n * n));
    for u in 0..n as u32 {
        if stop() {
            return None;
        }
        for v in 0..n as u32 {
            let at = |a: u32, b: u32| a * n as u32 + b;
            // Left moves in u, or in −v (where Left plays v's Right moves).
            let l: Vec<u32> = g
                .left(u)
                .iter()
                .map(|&x| at(x, v))
                .chain(g.right(v).iter().map(|&y| at(u, y)))
                .collect();
            let r: Vec<u32> = g
                .right(u)
                .iter()
                .map(|&x| at(x, v))
                .chain(g.left(v).iter().map(|&y| at(u, y)))
                .collect();
            left.push(l);
            right.push(r);
        }
    }
    let d = SidedGraph { left, right };
    Some(
        outcomes(&d, super::Play::Normal)
            .into_iter()
            .map(|o| o.right_first != Winner::Right)
            .collect(),
    )
}

/// The simplest form of the stoppers at `roots` of `g` (every vertex
/// reachable from them a stopper): reversible options bypassed and
/// dominated ones deleted until none is left, then equal vertices fused,
/// and only what the roots reach kept. `classes[i]` names the value of
/// root `i` (equal roots, equal names) even where fusion is not done.
/// `None` past `max_vertices` positions of the order's product or when
/// `stop` says so.
pub fn simplify(
    g: &SidedGraph,
    roots: &[u32],
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(Simplified, Vec<u32>)> {
    let p = pack(g, roots);
    let mut h = p.graph;
    let n = h.num_vertices();
    let ge = order(&h, max_vertices, stop)?;
    let geq = |a: u32, b: u32| ge[a as usize * n + b as usize];
    reduce(&mut h, &geq, stop)?;
    // The class of each vertex: the least vertex of equal value.
    let rep: Vec<u32> = (0..n as u32)
        .map(|v| (0..=v).find(|&u| geq(u, v) && geq(v, u)).unwrap_or(v))
        .collect();
    let classes: Vec<u32> = p.roots.iter().map(|&r| rep[r as usize]).collect();
    let fuse = |opts: &[u32]| -> Vec<u32> {
        let mut o: Vec<u32> = opts.iter().map(|&w| rep[w as usize]).collect();
        o.sort_unstable();
        o.dedup();
        o
    };
    let fused = SidedGraph {
        left: h.left.iter().map(|o| fuse(o)).collect(),
        right: h.right.iter().map(|o| fuse(o)).collect(),
    };
    let fused_roots: Vec<u32> = classes.clone();
    let out = pack(&fused, &fused_roots);
    let m = out.graph.num_vertices() as u32;
    if super::stopper::alternating_acyclic(&out.graph, 0..m) {
        return Some((out, classes));
    }
    // Not expected (fusing a reduced stopper keeps it a stopper); the
    // reduced graph unfused is still equal, vertex by vertex.
    Some((pack(&h, &p.roots), classes))
}

/// Bypasses reversible options and deletes dominated ones at every vertex
/// until nothing changes. Each step keeps every vertex's value, so the
/// order `geq` of the unchanged vertex set stays valid throughout.
fn reduce(
    h: &mut SidedGraph,
    geq: &dyn Fn(u32, u32) -> bool,
    stop: &mut dyn FnMut() -> bool,
) -> Option<()> {
    let n = h.num_vertices() as u32;
    loop {
        let mut changed = false;
        for v in 0..n {
            if stop() {
                return None;
            }
            // Left's option a reverses through a^R ≤ v: the Left options
            // of that a^R replace it; Right's symmetrically.
            for left in [true, false] {
                while let Some((i, through)) = reversible(h, v, left, geq) {
                    let side = if left { &mut h.left } else { &mut h.right };
                    let theirs = side[through as usize].clone();
                    let opts = &mut side[v as usize];
                    opts.swap_remove(i);
                    for x in theirs {
                        if !opts.contains(&x) {
                            opts.push(x);
                        }
                    }
                    changed = true;
                }
            }
            // Dominated options (of two equal ones the later goes).
            let beaten = |a: u32, b: u32, left: bool| {
                let (hi, lo) = if left { (b, a) } else { (a, b) };
                a != b && geq(hi, lo) && (!geq(lo, hi) || b < a)
            };
            for left in [true, false] {
                let opts = if left {
                    &h.left[v as usize]
                } else {
                    &h.right[v as usize]
                };
                let keep: Vec<u32> = opts
                    .iter()
                    .copied()
                    .filter(|&a| !opts.iter().any(|&b| beaten(a, b, left)))
                    .collect();
                if keep.len() != opts.len() {
                    changed = true;
                    if left {
                        h.left[v as usize] = keep;
                    } else {
                        h.right[v as usize] = keep;
                    }
                }
            }
        }
        if !changed {
            for o in h.left.iter_mut().chain(h.right.iter_mut()) {
                o.sort_unstable();
            }
            return Some(());
        }
    }
}

/// The first reversible option of `v` on a side, and the option's option
/// it reverses through: Left's `a` with some `a^R ≤ v`, Right's `a` with
/// some `a^L ≥ v`.
fn reversible(
    h: &SidedGraph,
    v: u32,
    left: bool,
    geq: &dyn Fn(u32, u32) -> bool,
) -> Option<(usize, u32)> {
    let opts = if left { h.left(v) } else { h.right(v) };
    opts.iter().enumerate().find_map(|(i, &a)| {
        let back = if left { h.right(a) } else { h.left(a) };
        back.iter()
            .find(|&&x| if left { geq(v, x) } else { geq(x, v) })
            .map(|&x| (i, x))
    })
}
