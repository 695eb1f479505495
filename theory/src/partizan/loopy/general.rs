//! Sides that are not stoppers (THEORY.md §6.18): the order of onsides
//! and of offsides of any two loopy games by play on their difference,
//! and a small form of one side of a game whose side no stopper equals
//! (Bach's carousel), by deleting every option whose loss leaves that
//! side's value unchanged.
//!
//! `G⁺ ≥ H⁺` (the onsides) exactly when Left, moving second in `G − H`,
//! can play so that she is never stuck and every endless play makes
//! infinitely many moves in `G`; `G⁻ ≥ H⁻` (the offsides) likewise with
//! infinitely many moves in `−H` (Siegel, *Combinatorial Game Theory*,
//! ch. VI). Between stoppers every endless play of the difference moves
//! infinitely often in both parts, and both orders are the stopper order.

use std::collections::HashMap;

use super::bypass::side_pass;
use super::{SidedGraph, stopper::alternating_acyclic};

/// `G ≥ H` in one side: G is vertex `a` of `ga`, H vertex `b` of `gb`,
/// compared as onsides when `onside`, else as offsides. `None` when the
/// difference has more than `max_vertices` states or `stop` (called once
/// a state) says so.
pub fn side_geq(
    ga: &SidedGraph,
    a: u32,
    gb: &SidedGraph,
    b: u32,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    let d = Difference::build(ga, gb, &[(a, b, false)], onside, max_vertices, stop)?;
    Some(d.left_survives(stop)?[0])
}

/// `ge[u·n + v]`: `u ≥ v` in one side (the onside when `onside`), for
/// every pair of `g`'s `n` vertices: one Büchi game on the difference of
/// the graph with itself. `None` past `max_vertices` states or when
/// `stop` says so.
pub(super) fn side_order(
    g: &SidedGraph,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<bool>> {
    let n = g.num_vertices() as u32;
    let starts: Vec<(u32, u32, bool)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v, false)))
        .collect();
    let d = Difference::build(g, g, &starts, onside, max_vertices, stop)?;
    let won = d.left_survives(stop)?;
    // The starts are the first states, in the order given.
    Some(won[..starts.len()].to_vec())
}

/// The states (x, y, mover) of `G − H` reachable from (a, b, Right to
/// move), each with its moves; a move is *marked* when it is one of the
/// moves endless play needs infinitely many of (in G for the onside, in
/// −H for the offside).
struct Difference {
    /// `left_to_move[s]`: Left moves at state s.
    left_to_move: Vec<bool>,
    /// The moves of each state: (target, marked).
    moves: Vec<Vec<(u32, bool)>>,
}

impl Difference {
    /// The states reachable from `starts` (distinct states), which are
    /// numbered first, in their order.
    fn build(
        ga: &SidedGraph,
        gb: &SidedGraph,
        starts: &[(u32, u32, bool)],
        onside: bool,
        max_vertices: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Difference> {
        if starts.len() > max_vertices {
            return None;
        }
        let mut index: HashMap<(u32, u32, bool), u32> = HashMap::new();
        let mut states: Vec<(u32, u32, bool)> = starts.to_vec();
        for (i, &s) in starts.iter().enumerate() {
            index.insert(s, i as u32);
        }
        let mut moves = Vec::new();
        let mut next = 0;
        while next < states.len() {
            if stop() {
                return None;
            }
            let (x, y, left) = states[next];
            next += 1;
            // Left moves to G^L or −(H^R); Right to G^R or −(H^L).
            let (in_g, in_h) = if left {
                (ga.left(x), gb.right(y))
            } else {
                (ga.right(x), gb.left(y))
            };
            let targets = in_g
                .iter()
                .map(|&x2| ((x2, y, !left), onside))
                .chain(in_h.iter().map(|&y2| ((x, y2, !left), !onside)));
            let mut out = Vec::new();
            for (t, marked) in targets {
                let id = match index.get(&t) {
                    Some(&id) => id,
                    None => {
                        if states.len() >= max_vertices {
                            return None;
                        }
                        let id = states.len() as u32;
                        index.insert(t, id);
                        states.push(t);
                        id
                    }
                };
                out.push((id, marked));
            }
            moves.push(out);
        }
        Some(Difference {
            left_to_move: states.iter().map(|s| s.2).collect(),
            moves,
        })
    }

    /// The states Left wins: she is never stuck and endless play makes
    /// infinitely many marked moves (a Büchi game: the greatest set Z
    /// such that from every state of Z Left can force, while never
    /// stuck, a marked move into Z).
    fn left_survives(&self, stop: &mut dyn FnMut() -> bool) -> Option<Vec<bool>> {
        let n = self.moves.len();
        let mut preds: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
        for (s, out) in self.moves.iter().enumerate() {
            for &(t, marked) in out {
                preds[t as usize].push((s as u32, marked));
            }
        }
        let mut z = vec![true; n];
        loop {
            if stop() {
                return None;
            }
            let y = self.attract(&z, &preds);
            if y == z {
                return Some(z);
            }
            z = y;
        }
    }

    /// The states from which Left forces, never stuck, a marked move into
    /// `z`: the least set Y holding a Left state with a move that is
    /// marked into `z` or lands in Y, and a Right state all of whose moves
    /// are such (so a stuck Right).
    fn attract(&self, z: &[bool], preds: &[Vec<(u32, bool)>]) -> Vec<bool> {
        let n = self.moves.len();
        let good = |t: u32, marked: bool| marked && z[t as usize];
        let mut inside = vec![false; n];
        let mut pending = vec![0usize; n];
        let mut queue = Vec::new();
        for s in 0..n {
            let out = &self.moves[s];
            let hit = out.iter().filter(|&&(t, m)| good(t, m)).count();
            let won = if self.left_to_move[s] {
                hit > 0
            } else {
                hit == out.len()
            };
            pending[s] = out.len() - hit;
            if won {
                inside[s] = true;
                queue.push(s as u32);
            }
        }
        while let Some(t) = queue.pop() {
            for &(s, marked) in &preds[t as usize] {
                let s = s as usize;
                if inside[s] {
                    continue;
                }
                if self.left_to_move[s] {
                    inside[s] = true;
                    queue.push(s as u32);
                } else if !good(t, marked) {
                    pending[s] -= 1;
                    if pending[s] == 0 {
                        inside[s] = true;
                        queue.push(s as u32);
                    }
                }
            }
        }
        inside
    }
}

/// A small form of one side of vertex `root` of `g` (the onside when
/// `onside`): the graph the root reaches, then, position by position in
/// order of discovery, each option tried away, Left's then Right's, and
/// left out whenever the root's side stays equal without it (checked by
/// [`side_geq`]; losing a Left option never raises a side, nor losing a
/// Right one lowers it, so one comparison says so). Its positions that
/// are stoppers are then each put in simplest form. Every step keeps the
/// side's value, so the answer is that side exactly; unlike a stopper's
/// it is not known to be the only simplest form. `None` past
/// `max_vertices` states of a comparison or when `stop` says so.
pub fn side_form(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(SidedGraph, u32)> {
    let (h, _) = side_form_counted(g, root, onside, max_vertices, stop)?;
    let h = super::pack(&h, &[0]).graph;
    tidy(&h, max_vertices, stop)
}

/// The passes of [`side_form`] before its tidying: bypassing and deleting
/// dominated options ([`side_pass`]), then deleting options, until
/// neither changes anything (at most `4n + 16` rounds, for `n` positions).
/// Also answers how many bypassing steps the check refused.
pub(super) fn side_form_counted(
    g: &SidedGraph,
    root: u32,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(SidedGraph, usize)> {
    let p = super::pack(g, &[root]);
    let orig = p.graph;
    let mut h = orig.clone();
    let mut refused = 0;
    let rounds = h.num_vertices().saturating_mul(4).saturating_add(16);
    for _ in 0..rounds {
        let (bypassed, r) = side_pass(&mut h, &orig, onside, false, max_vertices, stop)?;
        refused += r;
        let deleted = deletion_pass(&mut h, &orig, onside, max_vertices, stop)?;
        let (fused, _) = side_pass(&mut h, &orig, onside, true, max_vertices, stop)?;
        if !bypassed && !deleted && !fused {
            break;
        }
    }
    Some((h, refused))
}

/// Each option of each position vertex 0 reaches tried away, in order,
/// and left out when the root's side stays equal without it. Answers
/// whether any went.
fn deletion_pass(
    h: &mut SidedGraph,
    orig: &SidedGraph,
    onside: bool,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    let mut changed = false;
    for v in 0..h.num_vertices() as u32 {
        if !reaches(h, v) {
            continue;
        }
        for left in [true, false] {
            let mut i = 0;
            while i < side_of(h, v, left).len() {
                let mut t = h.clone();
                side_mut(&mut t, v, left).remove(i);
                // Without a Left option the side is at most what it
                // was; equal when also at least. Right's mirrors.
                let same = if left {
                    side_geq(&t, 0, orig, 0, onside, max_vertices, stop)?
                } else {
                    side_geq(orig, 0, &t, 0, onside, max_vertices, stop)?
                };
                if same {
                    *h = t;
                    changed = true;
                } else {
                    i += 1;
                }
            }
        }
    }
    Some(changed)
}

/// Whether vertex 0 reaches `v`.
pub(super) fn reaches(g: &SidedGraph, v: u32) -> bool {
    let mut seen = vec![false; g.num_vertices()];
    let mut stack = vec![0u32];
    seen[0] = true;
    while let Some(u) = stack.pop() {
        if u == v {
            return true;
        }
        for &w in g.left(u).iter().chain(g.right(u)) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    false
}

/// The options of `v` for one player.
pub(super) fn side_of(g: &SidedGraph, v: u32, left: bool) -> &[u32] {
    if left { g.left(v) } else { g.right(v) }
}

/// The options of `v` for one player, to change.
pub(super) fn side_mut(g: &mut SidedGraph, v: u32, left: bool) -> &mut Vec<u32> {
    if left {
        &mut g.left[v as usize]
    } else {
        &mut g.right[v as usize]
    }
}

/// A graph whose positions that are stoppers are put in simplest form
/// (fused where equal), the rest kept as they are: the stopper part is
/// simplified on its own and the other positions point into it.
fn tidy(
    h: &SidedGraph,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(SidedGraph, u32)> {
    let n = h.num_vertices() as u32;
    if alternating_acyclic(h, 0..n) {
        let (s, _) = super::simplify(h, &[0], max_vertices, stop)?;
        return Some((s.graph, s.roots[0]));
    }
    let stoppers: Vec<u32> = (0..n).filter(|&v| super::is_stopper(h, v)).collect();
    if stoppers.is_empty() {
        return Some((h.clone(), 0));
    }
    let (s, _) = super::simplify(h, &stoppers, max_vertices, stop)?;
    // The simplified stoppers first, then the other positions.
    let base = s.graph.num_vertices() as u32;
    let mut at = vec![u32::MAX; n as usize];
    for (i, &v) in stoppers.iter().enumerate() {
        at[v as usize] = s.roots[i];
    }
    let mut k = base;
    for v in 0..n {
        if at[v as usize] == u32::MAX {
            at[v as usize] = k;
            k += 1;
        }
    }
    let mut left = s.graph.left.clone();
    let mut right = s.graph.right.clone();
    for v in (0..n).filter(|v| !super::is_stopper(h, *v)) {
        let map = |o: &[u32]| {
            let mut o: Vec<u32> = o.iter().map(|&w| at[w as usize]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        left.push(map(h.left(v)));
        right.push(map(h.right(v)));
    }
    let g = SidedGraph { left, right };
    let p = super::pack(&g, &[at[0]]);
    Some((p.graph, p.roots[0]))
}
