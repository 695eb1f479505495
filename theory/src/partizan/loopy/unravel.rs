//! A side that equals a stopper though sidling does not settle
//! (THEORY.md §6.19): its form is *unravelled*, one alternating cycle at a
//! time, into a stopper graph of the same side.
//!
//! In the onside an endless play is Left's win, so Right gains nothing by
//! going round an alternating cycle for ever; often he gains nothing by
//! going round it more than a few times either. To *unravel* a Right
//! move `v → w` that lies on an alternating cycle `n` times is to give
//! the positions of its alternating cycles `n` fresh copies, layer after
//! layer, in which the players keep taking turns along those cycles: the
//! move `v → w` of the original leads into the first layer, the same move
//! in layer `k` into layer `k + 1`, and it is gone from the last layer
//! (`n = 0`: the move is simply deleted). A move that breaks the turns
//! (a player moving twice in a row in this component, as in a sum) leads
//! back into the original graph. The new graph is kept only when it is
//! checked equal to the old in the onside, both ways, by
//! [`side_geq`]: so whatever this construction does, the answer is that
//! side exactly. When no Right move on an alternating cycle is left, no
//! alternating cycle is left (each has a Right move): the graph is a
//! stopper, and its simplest form is the unique simplest form of the
//! side. The offside is the negative of the onside of the negative.

use super::{SidedGraph, Stopper, pack, side_geq};

/// The layers tried when unravelling one move: deleting it, then 1, 2, 3
/// copies of its cycles.
const MAX_LAYERS: usize = 3;

/// The stopper equal to one side of vertex `root` of `g` (the onside when
/// `onside`), found by unravelling, in simplest form: `Some(None)` when
/// some move on an alternating cycle cannot be unravelled in at most
/// three layers (the side may still be a stopper: this does not say it
/// is not), `None` past `max_vertices` positions or states of a
/// comparison, past `max_steps` unravellings, or when `stop` says so.
pub fn unravel_side(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_steps: usize,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Option<Stopper>> {
    let flipped;
    let g = if onside {
        g
    } else {
        flipped = g.negative();
        &flipped
    };
    let orig = pack(g, &[root]).graph;
    let mut h = orig.clone();
    for _ in 0..max_steps {
        if stop() {
            return None;
        }
        let Some((v, i)) = cyclic_right_move(&h) else {
            let s = Stopper::simplest(&h, 0, max_vertices, stop)?;
            return Some(Some(if onside { s } else { s.negative() }));
        };
        let mut next = None;
        for n in 0..=MAX_LAYERS {
            let u = pack(&unravel_by(&h, v, i, n), &[0]).graph;
            if u.num_vertices() > max_vertices {
                return None;
            }
            if side_geq(&u, 0, &orig, 0, true, max_vertices, stop)?
                && side_geq(&orig, 0, &u, 0, true, max_vertices, stop)?
            {
                next = Some(u);
                break;
            }
        }
        match next {
            Some(u) => h = u,
            None => return Some(None),
        }
    }
    None
}

/// The states (vertex, Left to move) reachable from `(v, left)` when the
/// players take turns: `out[2 * u + (left as usize)]`.
pub(super) fn turns_from(g: &SidedGraph, v: u32, left: bool) -> Vec<bool> {
    let mut seen = vec![false; 2 * g.num_vertices()];
    let id = |u: u32, left: bool| 2 * u as usize + usize::from(left);
    seen[id(v, left)] = true;
    let mut stack = vec![(v, left)];
    while let Some((u, l)) = stack.pop() {
        let opts = if l { g.left(u) } else { g.right(u) };
        for &w in opts {
            if !seen[id(w, !l)] {
                seen[id(w, !l)] = true;
                stack.push((w, !l));
            }
        }
    }
    seen
}

/// The states from which `(v, left)` is reached when the players take
/// turns, as [`turns_from`] numbers them.
fn turns_to(g: &SidedGraph, v: u32, left: bool) -> Vec<bool> {
    let n = g.num_vertices();
    let id = |u: u32, left: bool| 2 * u as usize + usize::from(left);
    // preds[(w, l)]: the states (u, !l) whose mover moves to w.
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    for u in 0..n as u32 {
        for l in [true, false] {
            let opts = if l { g.left(u) } else { g.right(u) };
            for &w in opts {
                preds[id(w, !l)].push(id(u, l) as u32);
            }
        }
    }
    let mut seen = vec![false; 2 * n];
    seen[id(v, left)] = true;
    let mut stack = vec![id(v, left) as u32];
    while let Some(s) = stack.pop() {
        for &p in &preds[s as usize] {
            if !seen[p as usize] {
                seen[p as usize] = true;
                stack.push(p);
            }
        }
    }
    seen
}

/// The first Right move `(v, index)` that lies on an alternating cycle:
/// from its target with Left to move, play taking turns comes back to `v`
/// with Right to move. (Every vertex of a packed graph is reached from
/// its root, by some moves.)
fn cyclic_right_move(g: &SidedGraph) -> Option<(u32, usize)> {
    for v in 0..g.num_vertices() as u32 {
        for (i, &w) in g.right(v).iter().enumerate() {
            if turns_from(g, w, true)[2 * v as usize] {
                return Some((v, i));
            }
        }
    }
    None
}

/// `g` with Right's move `index` of `v` unravelled `n` times (see the
/// module's text); vertex numbers of `g` are kept, the copies follow.
fn unravel_by(g: &SidedGraph, v: u32, index: usize, n: usize) -> SidedGraph {
    let w = g.right(v)[index];
    let nv = g.num_vertices();
    // The positions of the move's alternating cycles: reached from
    // (w, Left to move) and reaching (v, Right to move).
    let from = turns_from(g, w, true);
    let to = turns_to(g, v, false);
    let on_cycle: Vec<bool> = (0..2 * nv).map(|s| from[s] && to[s]).collect();
    let mut number = vec![u32::MAX; nv];
    let mut count = 0u32;
    for u in 0..nv {
        if on_cycle[2 * u] || on_cycle[2 * u + 1] {
            number[u] = count;
            count += 1;
        }
    }
    // Copy of u in layer k with Left (`left`) or Right to move.
    let copy = |u: u32, k: usize, left: bool| -> Option<u32> {
        let c = number[u as usize];
        (c != u32::MAX).then(|| nv as u32 + (2 * k as u32 + u32::from(!left)) * count + c)
    };
    let mut left = g.left.clone();
    let mut right = g.right.clone();
    left.resize(nv + 2 * n * count as usize, Vec::new());
    right.resize(nv + 2 * n * count as usize, Vec::new());
    for u in (0..nv as u32).filter(|&u| number[u as usize] != u32::MAX) {
        for k in 0..n {
            let (cl, cr) = (copy(u, k, true).unwrap(), copy(u, k, false).unwrap());
            // Left to move: her moves keep the turns, Right's leave them.
            left[cl as usize] = g
                .left(u)
                .iter()
                .map(|&t| copy(t, k, false).unwrap_or(t))
                .collect();
            right[cl as usize] = g.right(u).to_vec();
            // Right to move: his moves keep the turns, Left's leave them.
            left[cr as usize] = g.left(u).to_vec();
            right[cr as usize] = g
                .right(u)
                .iter()
                .map(|&t| copy(t, k, true).unwrap_or(t))
                .collect();
        }
    }
    // The move itself: into layer 0 from the original, into layer k + 1
    // from layer k, gone from the last layer (or at once when n = 0).
    if n == 0 {
        right[v as usize].remove(index);
    } else {
        right[v as usize][index] = copy(w, 0, true).unwrap();
        for k in 0..n {
            let cr = copy(v, k, false).unwrap() as usize;
            if k + 1 < n {
                right[cr][index] = copy(w, k + 1, true).unwrap();
            } else {
                right[cr].remove(index);
            }
        }
    }
    SidedGraph::new(left, right)
}
