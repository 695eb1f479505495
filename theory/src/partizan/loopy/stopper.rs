//! Stoppers (THEORY.md §6.9): positions from which no alternating play
//! goes on forever, their comparison by play on a difference, and the
//! named loopy values `on`, `off`, `over`, `under`, `upon`, `dud`.

use super::{Play, SidedGraph, Winner, outcomes, sum_graph};

/// Whether vertex `v` is a stopper: no play in which the players
/// alternate, from any position reachable from `v` (by any moves) and
/// either player moving first, is infinite.
pub fn is_stopper(g: &SidedGraph, v: u32) -> bool {
    let mut seen = vec![false; g.num_vertices()];
    let mut reach = vec![v];
    seen[v as usize] = true;
    let mut next = 0;
    while next < reach.len() {
        let u = reach[next];
        next += 1;
        for &w in g.left(u).iter().chain(g.right(u)) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                reach.push(w);
            }
        }
    }
    alternating_acyclic(g, reach)
}

/// Whether no cycle of the states (vertex, player to move) is reachable
/// from the states of the vertices `starts`: an explicit-stack
/// depth-first search.
pub(super) fn alternating_acyclic(g: &SidedGraph, starts: impl IntoIterator<Item = u32>) -> bool {
    // 0 unseen, 1 on the stack, 2 done (no cycle below).
    let mut colour = vec![0u8; 2 * g.num_vertices()];
    for v in starts {
        for s0 in [2 * v as usize, 2 * v as usize + 1] {
            if colour[s0] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(s0, 0)];
            colour[s0] = 1;
            while let Some(&mut (s, ref mut cursor)) = stack.last_mut() {
                let mover = s % 2;
                let opts = g.side((s / 2) as u32, mover);
                if let Some(&w) = opts.get(*cursor) {
                    *cursor += 1;
                    let t = 2 * w as usize + (1 - mover);
                    match colour[t] {
                        0 => {
                            colour[t] = 1;
                            stack.push((t, 0));
                        }
                        1 => return false,
                        _ => {}
                    }
                } else {
                    colour[s] = 2;
                    stack.pop();
                }
            }
        }
    }
    true
}

/// Whether Left, moving second, survives vertex `v` in normal play: Right
/// moving first does not win. For stoppers `G` and `H`, `G ≥ H` exactly
/// when Left survives `G − H` moving second.
pub fn survives_second(g: &SidedGraph, v: u32) -> bool {
    outcomes(g, Play::Normal)[v as usize].right_first != Winner::Right
}

/// A named loopy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// `on` = {on|}: Left can always pass.
    On,
    /// `off` = {|off}: Right can always pass.
    Off,
    /// `over` = {0|over}.
    Over,
    /// `under` = {under|0}.
    Under,
    /// `upon` = {upon|*}.
    Upon,
    /// `-upon` = {* | -upon}.
    Downon,
}

impl Named {
    /// Its name as written (`on`, `-upon`, …).
    pub fn name(self) -> &'static str {
        match self {
            Named::On => "on",
            Named::Off => "off",
            Named::Over => "over",
            Named::Under => "under",
            Named::Upon => "upon",
            Named::Downon => "-upon",
        }
    }

    /// Its definition in CGSuite's notation with `pass` for the game itself.
    pub fn definition(self) -> &'static str {
        match self {
            Named::On => "{pass|}",
            Named::Off => "{|pass}",
            Named::Over => "{0|pass}",
            Named::Under => "{pass|0}",
            Named::Upon => "{pass|*}",
            Named::Downon => "{*|pass}",
        }
    }
}

/// The graph of the named stoppers: vertex 0 is `0`, 1 is `*`, and each
/// named value's vertex is listed with it.
pub fn named_stoppers() -> (SidedGraph, Vec<(Named, u32)>) {
    // 0: 0, 1: *, 2: on, 3: off, 4: over, 5: under, 6: upon, 7: -upon.
    let left = vec![
        vec![],
        vec![0],
        vec![2],
        vec![],
        vec![0],
        vec![5],
        vec![6],
        vec![1],
    ];
    let right = vec![
        vec![],
        vec![0],
        vec![],
        vec![3],
        vec![4],
        vec![0],
        vec![1],
        vec![7],
    ];
    let names = vec![
        (Named::On, 2),
        (Named::Off, 3),
        (Named::Over, 4),
        (Named::Under, 5),
        (Named::Upon, 6),
        (Named::Downon, 7),
    ];
    (SidedGraph::new(left, right), names)
}

/// `G ≥ H` for stoppers `G` (vertex `a` of `ga`) and `H` (vertex `b` of
/// `gb`), by play on `G − H`; `None` when the difference has more than
/// `max_vertices` positions or `stop` (called once a position) says so.
pub fn stopper_geq(
    ga: &SidedGraph,
    a: u32,
    gb: &SidedGraph,
    b: u32,
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    let neg = gb.negative();
    let (d, _) = sum_graph(&[ga, &neg], &[a, b], max_vertices, stop)?;
    Some(survives_second(&d, 0))
}

/// Whether every position reachable from `v` gives both players a move:
/// then nobody can ever be stuck, in `v` or in any sum with it, and `v`
/// is `dud` (its onside is `on`, its offside `off`).
pub fn is_deathless(g: &SidedGraph, v: u32) -> bool {
    let mut seen = vec![false; g.num_vertices()];
    let mut stack = vec![v];
    seen[v as usize] = true;
    while let Some(u) = stack.pop() {
        if g.left(u).is_empty() || g.right(u).is_empty() {
            return false;
        }
        for &w in g.left(u).iter().chain(g.right(u)) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    true
}
