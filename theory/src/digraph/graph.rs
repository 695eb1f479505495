//! The compact digraph (CSR adjacency) every algorithm here runs on.

use std::fmt;

/// Errors from building or exporting a digraph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DigraphError {
    /// An edge names a vertex outside `0..n`.
    #[error("edge {from} -> {to} names a vertex outside 0..{n}")]
    VertexOutOfRange {
        /// Tail of the offending edge.
        from: u64,
        /// Head of the offending edge.
        to: u64,
        /// Number of vertices.
        n: u64,
    },
    /// The graph does not fit the 32-bit indices of the compact layout.
    #[error("the graph is too large: {what} = {count} (at most {limit})")]
    TooLarge {
        /// What overflowed ("vertices" or "edges").
        what: &'static str,
        /// How many there were.
        count: u64,
        /// The largest number allowed.
        limit: u64,
    },
    /// DOT export refused a graph with more vertices than the caller's limit.
    #[error("the graph has {n} vertices, more than the limit of {limit} for DOT output")]
    DotTooLarge {
        /// Number of vertices.
        n: usize,
        /// The caller's limit.
        limit: usize,
    },
}

impl DigraphError {
    /// A stable name for the failure (`grundy_theory::…`), for a front end
    /// that tells its errors apart by code.
    pub fn code(&self) -> &'static str {
        match self {
            DigraphError::VertexOutOfRange { .. } => "grundy_theory::digraph::vertex_out_of_range",
            DigraphError::TooLarge { .. } => "grundy_theory::digraph::too_large",
            DigraphError::DotTooLarge { .. } => "grundy_theory::digraph::dot_too_large",
        }
    }

    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            DigraphError::VertexOutOfRange { .. } => {
                "vertices are numbered 0..n; declare every vertex an edge uses"
            }
            DigraphError::TooLarge { .. } => {
                "the explicit-graph engine indexes vertices and edges with 32 bits"
            }
            DigraphError::DotTooLarge { .. } => {
                "Graphviz output is meant for small graphs; raise the limit or draw a smaller game"
            }
        }
    }
}

/// Largest vertex count: labels use `u32::MAX` and `u32::MAX - 1` as markers.
pub(crate) const MAX_VERTICES: usize = (u32::MAX - 2) as usize;
/// Largest edge count: offsets are `u32`.
pub(crate) const MAX_EDGES: usize = u32::MAX as usize;

/// A digraph on vertices `0..n` in compressed sparse row form: the
/// successors of `v` are `targets[offsets[v]..offsets[v + 1]]`, sorted and
/// without duplicates. Self-loops are kept (a move to the same position).
#[derive(Clone, PartialEq, Eq)]
pub struct Digraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Default for Digraph {
    fn default() -> Digraph {
        Digraph::empty()
    }
}

impl fmt::Debug for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = f.debug_map();
        for v in self.vertices() {
            m.entry(&v, &self.successors(v));
        }
        m.finish()
    }
}

impl Digraph {
    /// Builds a digraph on `n` vertices from an edge list. Duplicate edges are
    /// merged.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Digraph, DigraphError> {
        check_vertex_count(n)?;
        for &(a, b) in edges {
            if a as usize >= n || b as usize >= n {
                return Err(DigraphError::VertexOutOfRange {
                    from: u64::from(a),
                    to: u64::from(b),
                    n: n as u64,
                });
            }
        }
        check_edge_count(edges.len())?;
        // Counting sort by tail, then sort and dedupe each row.
        let mut offsets = vec![0u32; n + 1];
        for &(a, _) in edges {
            offsets[a as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; edges.len()];
        for &(a, b) in edges {
            let slot = &mut fill[a as usize];
            targets[*slot as usize] = b;
            *slot += 1;
        }
        Ok(Self::dedupe_rows(offsets, targets))
    }

    /// Builds a digraph from adjacency lists: `adjacency[v]` lists the
    /// successors of `v`. Duplicates are merged.
    pub fn from_adjacency<S: AsRef<[u32]>>(adjacency: &[S]) -> Result<Digraph, DigraphError> {
        let n = adjacency.len();
        check_vertex_count(n)?;
        let total: usize = adjacency.iter().map(|s| s.as_ref().len()).sum();
        check_edge_count(total)?;
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(total);
        offsets.push(0u32);
        for (v, succ) in adjacency.iter().enumerate() {
            for &w in succ.as_ref() {
                if w as usize >= n {
                    return Err(DigraphError::VertexOutOfRange {
                        from: v as u64,
                        to: u64::from(w),
                        n: n as u64,
                    });
                }
                targets.push(w);
            }
            offsets.push(targets.len() as u32);
        }
        Ok(Self::dedupe_rows(offsets, targets))
    }

    /// Sorts each row and drops repeated targets, compacting in place.
    fn dedupe_rows(mut offsets: Vec<u32>, mut targets: Vec<u32>) -> Digraph {
        let n = offsets.len().saturating_sub(1);
        let mut write = 0usize;
        let mut start = 0usize;
        for v in 0..n {
            let end = offsets[v + 1] as usize;
            targets[start..end].sort_unstable();
            let row_start = write;
            for i in start..end {
                let t = targets[i];
                if write == row_start || targets[write - 1] != t {
                    targets[write] = t;
                    write += 1;
                }
            }
            start = end;
            offsets[v + 1] = write as u32;
        }
        targets.truncate(write);
        targets.shrink_to_fit();
        Digraph { offsets, targets }
    }

    /// The graph with no vertices.
    pub fn empty() -> Digraph {
        Digraph {
            offsets: vec![0],
            targets: Vec::new(),
        }
    }

    /// Number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of (distinct) edges.
    pub fn num_edges(&self) -> usize {
        self.targets.len()
    }

    /// The vertices `0..n`.
    pub fn vertices(&self) -> std::ops::Range<u32> {
        0..self.num_vertices() as u32
    }

    /// The successors (options) of `v`, sorted; empty if `v` is not a vertex.
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        match (self.offsets.get(v), self.offsets.get(v + 1)) {
            (Some(&a), Some(&b)) => self.targets.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Out-degree of `v` (0 if `v` is not a vertex).
    pub fn out_degree(&self, v: u32) -> usize {
        self.successors(v).len()
    }

    /// Whether the edge `a -> b` exists (binary search in the sorted row).
    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        self.successors(a).binary_search(&b).is_ok()
    }

    /// All edges in order of tail, then head.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.vertices()
            .flat_map(move |v| self.successors(v).iter().map(move |&w| (v, w)))
    }

    /// The reverse graph (every edge turned around); its rows are sorted too.
    pub fn reverse(&self) -> Digraph {
        let n = self.num_vertices();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; self.targets.len()];
        // Tails are visited in increasing order, so every row comes out sorted.
        for (a, b) in self.edges() {
            let slot = &mut fill[b as usize];
            targets[*slot as usize] = a;
            *slot += 1;
        }
        Digraph { offsets, targets }
    }

    /// The subgraph induced by the vertices with `keep[v]`, renumbered in
    /// increasing order; also returns the map new index → old vertex.
    pub fn induced_subgraph(&self, keep: &[bool]) -> (Digraph, Vec<u32>) {
        let n = self.num_vertices();
        let mut new_index = vec![u32::MAX; n];
        let mut old = Vec::new();
        for (v, slot) in new_index.iter_mut().enumerate() {
            if keep.get(v).copied().unwrap_or(false) {
                *slot = old.len() as u32;
                old.push(v as u32);
            }
        }
        let mut offsets = Vec::with_capacity(old.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0u32);
        for &v in &old {
            for &w in self.successors(v) {
                let nw = new_index[w as usize];
                if nw != u32::MAX {
                    targets.push(nw);
                }
            }
            offsets.push(targets.len() as u32);
        }
        (Digraph { offsets, targets }, old)
    }

    /// Heap bytes held by the two arrays.
    pub fn heap_bytes(&self) -> usize {
        (self.offsets.capacity() + self.targets.capacity()) * std::mem::size_of::<u32>()
    }
}

fn check_vertex_count(n: usize) -> Result<(), DigraphError> {
    if n > MAX_VERTICES {
        return Err(DigraphError::TooLarge {
            what: "vertices",
            count: n as u64,
            limit: MAX_VERTICES as u64,
        });
    }
    Ok(())
}

fn check_edge_count(m: usize) -> Result<(), DigraphError> {
    if m > MAX_EDGES {
        return Err(DigraphError::TooLarge {
            what: "edges",
            count: m as u64,
            limit: MAX_EDGES as u64,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedupes_and_reverses() {
        let g = Digraph::from_edges(3, &[(0, 1), (0, 1), (1, 2), (0, 2), (2, 2)]).unwrap();
        assert_eq!(g.num_edges(), 4);
        assert_eq!(g.successors(0), &[1, 2]);
        assert_eq!(g.successors(2), &[2]);
        let r = g.reverse();
        assert_eq!(r.successors(2), &[0, 1, 2]);
        assert_eq!(r.reverse(), g);
        let h = Digraph::from_adjacency(&[vec![2, 1, 1], vec![2], vec![2]]).unwrap();
        assert_eq!(h, g);
        assert!(Digraph::from_edges(2, &[(0, 2)]).is_err());
        assert!(Digraph::from_adjacency(&[vec![5u32]]).is_err());
        assert_eq!(g.successors(99), &[] as &[u32]);
    }

    #[test]
    fn errors_have_codes_and_help() {
        let e = Digraph::from_edges(2, &[(0, 2)]).err();
        assert_eq!(
            e.as_ref().map(DigraphError::code),
            Some("grundy_theory::digraph::vertex_out_of_range")
        );
        assert!(e.is_some_and(|e| e.help().contains("0..n")));
    }

    #[test]
    fn induced() {
        let g = Digraph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
        let (h, old) = g.induced_subgraph(&[true, false, true, true]);
        assert_eq!(old, vec![0, 2, 3]);
        assert_eq!(h.edges().collect::<Vec<_>>(), vec![(1, 2), (2, 0)]);
    }
}
