//! Side-aware simplification of a side form (THEORY.md §6.18, "Bypassing
//! in a side"): reversible options bypassed and dominated options
//! deleted as for a stopper, but only where the move that reverses (or
//! the option that dominates) lies on no alternating cycle in the side
//! where that matters. Each step is kept only when the root's side is
//! checked unchanged, both ways, by [`side_geq`]: whatever the argument
//! behind the steps, the answer is the side exactly.

use super::general::{reaches, side_mut, side_of, side_order};
use super::unravel::turns_from;
use super::{SidedGraph, side_geq};

/// One pass over the positions vertex 0 of `h` reaches, in order, by the
/// side order of `h` taken at the start of the pass: when `fuse`, equal
/// positions fused ([`fuse_steps`]); else, at each position, Left's
/// reversible options bypassed, then Right's, then dominated options
/// deleted ([`bypass_steps`]). `orig` is the graph whose root's side
/// (vertex 0; the onside when `onside`) every step must keep. Answers
/// whether anything changed and how many bypassing or deleting steps the
/// check refused (none, if the argument of THEORY.md §6.18 holds: the
/// tests count them). `None` past `max_vertices` states or when `stop`
/// says so.
pub(super) fn side_pass(
    h: &mut SidedGraph,
    orig: &SidedGraph,
    onside: bool,
    fuse: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(bool, usize)> {
    let n = h.num_vertices();
    let ge = side_order(h, onside, max_vertices, stop)?;
    let geq = |a: u32, b: u32| ge[a as usize * n + b as usize];
    let mut pass = Pass {
        orig,
        onside,
        max_vertices,
        changed: false,
        refused: 0,
    };
    if fuse {
        fuse_steps(h, &geq, &mut pass, stop)?;
        // A fusion the check refuses is no fault of an argument.
        pass.refused = 0;
    } else {
        bypass_steps(h, &geq, &mut pass, stop)?;
    }
    Some((pass.changed, pass.refused))
}

/// Bypassing and deleting dominated options at each position in turn.
fn bypass_steps(
    h: &mut SidedGraph,
    geq: &dyn Fn(u32, u32) -> bool,
    pass: &mut Pass,
    stop: &mut dyn FnMut() -> bool,
) -> Option<()> {
    let n = h.num_vertices();
    // Bypassing need not end (an option can come back through others):
    // at most this many steps per position and side.
    let cap = n.saturating_mul(4).saturating_add(16);
    for v in 0..n as u32 {
        if !reaches(h, v) {
            continue;
        }
        for left in [true, false] {
            for _ in 0..cap {
                let Some(t) = bypassed(h, v, left, geq) else {
                    break;
                };
                if !pass.keep(h, t, stop)? {
                    break;
                }
            }
        }
        for left in [true, false] {
            while let Some(t) = undominated(h, v, left, pass.onside, geq) {
                if !pass.keep(h, t, stop)? {
                    break;
                }
            }
        }
    }
    Some(())
}

/// Equal positions fused: for each position vertex 0 of `h` reaches, the
/// first earlier one of equal side takes its place as every position's
/// option, when the root's side is checked unchanged. No theorem says
/// when fusing positions of a side that is no stopper is safe (CGSuite
/// fuses only positions that reach no alternating cycle); the check
/// decides each.
fn fuse_steps(
    h: &mut SidedGraph,
    geq: &dyn Fn(u32, u32) -> bool,
    pass: &mut Pass,
    stop: &mut dyn FnMut() -> bool,
) -> Option<()> {
    for u in 1..h.num_vertices() as u32 {
        if !reaches(h, u) {
            continue;
        }
        let Some(v) = (0..u).find(|&v| geq(u, v) && geq(v, u) && reaches(h, v)) else {
            continue;
        };
        let mut t = h.clone();
        for o in t.left.iter_mut().chain(t.right.iter_mut()) {
            for w in o.iter_mut() {
                if *w == u {
                    *w = v;
                }
            }
            o.sort_unstable();
            o.dedup();
        }
        pass.keep(h, t, stop)?;
    }
    Some(())
}

/// What a pass carries from step to step.
struct Pass<'a> {
    orig: &'a SidedGraph,
    onside: bool,
    max_vertices: usize,
    changed: bool,
    refused: usize,
}

impl Pass<'_> {
    /// Replaces `h` by `t` when the root's side is unchanged (both ways);
    /// answers whether it did.
    fn keep(
        &mut self,
        h: &mut SidedGraph,
        t: SidedGraph,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        if t == *h {
            return Some(false);
        }
        let (o, m) = (self.onside, self.max_vertices);
        let same = side_geq(&t, 0, self.orig, 0, o, m, stop)?
            && side_geq(self.orig, 0, &t, 0, o, m, stop)?;
        if same {
            *h = t;
            self.changed = true;
        } else {
            self.refused += 1;
        }
        Some(same)
    }
}

/// Whether the move of `mover` (Left when `left`) from `v` to `w` lies on
/// an alternating cycle: from `w`, the other player to move, play taking
/// turns comes back to `v` with `mover` to move.
fn on_cycle(g: &SidedGraph, v: u32, w: u32, left: bool) -> bool {
    turns_from(g, w, !left)[2 * v as usize + usize::from(left)]
}

/// `h` with the first reversible option of `v` on one side bypassed:
/// Left's `a` with a Right option `b ≤ v` (in the side), the move `a → b`
/// on no alternating cycle, replaced by `b`'s Left options; Right's
/// mirrored.
fn bypassed(
    h: &SidedGraph,
    v: u32,
    left: bool,
    geq: &dyn Fn(u32, u32) -> bool,
) -> Option<SidedGraph> {
    let opts = side_of(h, v, left);
    for (i, &a) in opts.iter().enumerate() {
        let back = side_of(h, a, !left);
        for &b in back {
            let reverses = if left { geq(v, b) } else { geq(b, v) };
            if reverses && !on_cycle(h, a, b, !left) {
                let mut t = h.clone();
                let theirs = side_of(h, b, left).to_vec();
                let o = side_mut(&mut t, v, left);
                o.remove(i);
                o.extend(theirs);
                o.sort_unstable();
                o.dedup();
                return Some(t);
            }
        }
    }
    None
}

/// `h` with the first dominated option of `v` on one side deleted: Left's
/// `a ≤ b` for another Left option `b` (of two equal ones the later
/// goes), unless, in the offside, Left's move to `b` lies on an
/// alternating cycle; Right's mirrored (in the onside).
fn undominated(
    h: &SidedGraph,
    v: u32,
    left: bool,
    onside: bool,
    geq: &dyn Fn(u32, u32) -> bool,
) -> Option<SidedGraph> {
    let opts = side_of(h, v, left);
    // Where the player's side of endless play is the other's, a
    // dominating move on an alternating cycle cannot stand in.
    let careful = left != onside;
    for (i, &a) in opts.iter().enumerate() {
        let beaten = opts.iter().enumerate().any(|(j, &b)| {
            let (hi, lo) = if left { (b, a) } else { (a, b) };
            j != i
                && (a == b && j < i || a != b && geq(hi, lo) && (!geq(lo, hi) || j < i))
                && !(careful && on_cycle(h, v, b, left))
        });
        if beaten {
            let mut t = h.clone();
            side_mut(&mut t, v, left).remove(i);
            return Some(t);
        }
    }
    None
}
