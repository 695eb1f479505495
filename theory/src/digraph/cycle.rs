//! Strongly connected components and odd directed cycles (Richardson's
//! theorem: a digraph with no odd directed cycle has a kernel).

use std::collections::VecDeque;

use super::Digraph;

const NONE: u32 = u32::MAX;

/// Strongly connected component of every vertex (iterative Tarjan). The ids
/// are `0..count`, numbered in reverse topological order of the condensation
/// (a component's followers have smaller ids).
pub fn strongly_connected_components(g: &Digraph) -> Vec<u32> {
    let n = g.num_vertices();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![NONE; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut comps = 0u32;
    for root in g.vertices() {
        if index[root as usize] != NONE {
            continue;
        }
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        call.push((root, 0));
        while let Some(frame) = call.last_mut() {
            let v = frame.0;
            let succ = g.successors(v);
            if let Some(&w) = succ.get(frame.1) {
                frame.1 += 1;
                let wi = w as usize;
                if index[wi] == NONE {
                    index[wi] = counter;
                    low[wi] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[wi] = true;
                    call.push((w, 0));
                } else if on_stack[wi] {
                    low[v as usize] = low[v as usize].min(index[wi]);
                }
                continue;
            }
            call.pop();
            let vi = v as usize;
            if let Some(&(p, _)) = call.last() {
                low[p as usize] = low[p as usize].min(low[vi]);
            }
            if low[vi] == index[vi] {
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp[w as usize] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    comp
}

/// Whether `g` has a directed cycle of odd length (a self-loop counts). If
/// not, `g` has a kernel (Richardson).
pub fn has_odd_cycle(g: &Digraph) -> bool {
    odd_cycle(g).is_some()
}

/// A directed cycle of odd length `[v0, …, vk]` (`vk -> v0` closes it), if
/// any.
///
/// Per strongly connected component: colour by the parity of BFS distance
/// from a root r. If every edge inside the component changes colour, every
/// cycle in it is even. If an edge u → w does not, then with a path Q from w
/// back to r, the closed walks r ⇝ u → w ⇝ r and r ⇝ w ⇝ r have lengths
/// d(u) + 1 + |Q| and d(w) + |Q| of different parity; the odd one splits
/// into simple cycles whose lengths sum to an odd number, so one is odd.
pub fn odd_cycle(g: &Digraph) -> Option<Vec<u32>> {
    let n = g.num_vertices();
    let comp = strongly_connected_components(g);
    let mut dist = vec![NONE; n];
    let mut parent = vec![NONE; n];
    let mut queue = VecDeque::new();
    for r in g.vertices() {
        if dist[r as usize] != NONE {
            continue;
        }
        let c = comp[r as usize];
        dist[r as usize] = 0;
        queue.clear();
        queue.push_back(r);
        while let Some(u) = queue.pop_front() {
            let du = dist[u as usize];
            for &w in g.successors(u) {
                let wi = w as usize;
                if comp[wi] != c {
                    continue;
                }
                if dist[wi] == NONE {
                    dist[wi] = du + 1;
                    parent[wi] = u;
                    queue.push_back(w);
                } else if dist[wi] % 2 == du % 2 {
                    return Some(witness(g, &comp, &dist, &parent, r, u, w));
                }
            }
        }
    }
    None
}

/// Builds the odd closed walk described in [`odd_cycle`] and extracts an odd
/// simple cycle from it.
fn witness(
    g: &Digraph,
    comp: &[u32],
    dist: &[u32],
    parent: &[u32],
    r: u32,
    u: u32,
    w: u32,
) -> Vec<u32> {
    let n = g.num_vertices();
    let c = comp[r as usize];
    // Tree path r ⇝ x, as a vertex list starting at r.
    let tree_path = |mut x: u32| {
        let mut p = vec![x];
        while x != r {
            x = parent[x as usize];
            if x == NONE {
                break;
            }
            p.push(x);
        }
        p.reverse();
        p
    };
    // Path w ⇝ r inside the component: BFS from r on the reverse graph.
    let rev = g.reverse();
    let mut next = vec![NONE; n];
    let mut seen = vec![false; n];
    seen[r as usize] = true;
    let mut queue = VecDeque::from([r]);
    while let Some(x) = queue.pop_front() {
        for &y in rev.successors(x) {
            if comp[y as usize] == c && !seen[y as usize] {
                seen[y as usize] = true;
                next[y as usize] = x;
                queue.push_back(y);
            }
        }
    }
    let mut back = Vec::new(); // w, …, (excluding r)
    let mut x = w;
    while x != r && x != NONE {
        back.push(x);
        x = next[x as usize];
    }
    let q = back.len() as u64;
    let mut walk = if (u64::from(dist[u as usize]) + 1 + q) % 2 == 1 {
        let mut p = tree_path(u);
        p.extend_from_slice(&back);
        p
    } else {
        let mut p = tree_path(w);
        p.pop(); // w is the first vertex of `back`
        p.extend_from_slice(&back);
        p
    };
    walk.push(r);
    // Split the closed walk into simple cycles; return the first odd one.
    let mut pos = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    for &x in &walk {
        let xi = x as usize;
        if pos[xi] != NONE {
            let at = pos[xi] as usize;
            if (stack.len() - at) % 2 == 1 {
                return stack.split_off(at);
            }
            for &y in &stack[at + 1..] {
                pos[y as usize] = NONE;
            }
            stack.truncate(at + 1);
        } else {
            pos[xi] = stack.len() as u32;
            stack.push(x);
        }
    }
    stack
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_cycle(g: &Digraph, c: &[u32]) -> bool {
        !c.is_empty() && (0..c.len()).all(|i| g.has_edge(c[i], c[(i + 1) % c.len()])) && {
            let mut s = c.to_vec();
            s.sort_unstable();
            s.dedup();
            s.len() == c.len()
        }
    }

    #[test]
    fn odd_and_even() {
        let tri = Digraph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        let c = odd_cycle(&tri).unwrap();
        assert!(is_cycle(&tri, &c) && c.len() == 3);
        let sq = Digraph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 3)]).unwrap();
        assert!(!has_odd_cycle(&sq));
        // Even cycles 0-1-2-3 and 0-1 glued, plus a 5-cycle through them.
        let g = Digraph::from_edges(
            6,
            &[
                (0, 1),
                (1, 0),
                (1, 2),
                (2, 3),
                (3, 0),
                (3, 4),
                (4, 5),
                (5, 1),
            ],
        )
        .unwrap();
        let c = odd_cycle(&g).unwrap();
        assert!(is_cycle(&g, &c) && c.len() % 2 == 1, "{c:?}");
        let l = Digraph::from_edges(2, &[(0, 1), (1, 1)]).unwrap();
        assert_eq!(odd_cycle(&l), Some(vec![1]));
    }

    #[test]
    fn components() {
        let g = Digraph::from_edges(5, &[(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (4, 4)]).unwrap();
        let c = strongly_connected_components(&g);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[2], c[3]);
        assert_ne!(c[0], c[2]);
        assert!(c[2] < c[0]);
    }
}
