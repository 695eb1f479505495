//! Undirected graphs as values: at most 64 vertices, labelled 0 to 63,
//! each vertex's neighbours one 64-bit mask, so a graph hashes, compares
//! and copies in a few words. Positions of graph games (Node Kayles, Arc
//! Kayles) are such graphs: removing vertices keeps the labels of the
//! others, `components` splits a graph into its connected parts, and
//! `canonical` relabels a graph to one representative of its isomorphism
//! class (`canon.rs`), so isomorphic positions are one entry of the
//! solver's tables. A pure library, like the boards.

use std::fmt::Write as _;

use super::{BoardError, err};

/// The most vertices a graph value may have (labels 0 to 63).
pub const MAX_VERTICES: usize = 64;

/// An undirected simple graph. Invariants: `adj.len()` is one more than
/// the greatest label present (0 for the empty graph); `adj[v]` is 0 for
/// a label not in `verts`; every row is a subset of `verts` without its
/// own vertex; `u ∈ adj[v]` iff `v ∈ adj[u]`. So two graphs with the same
/// labelled vertices and edges are equal as values.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    verts: u64,
    adj: Box<[u64]>,
}

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(v)
    })
}

fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Graph {
    /// The graph on the vertex labels of `verts` with the given edges.
    /// Refused: an edge with an end not among the vertices, a loop.
    pub fn new(verts: u64, edges: &[(usize, usize)]) -> Result<Graph, BoardError> {
        let mut adj = vec![0u64; 64 - verts.leading_zeros() as usize];
        for &(a, b) in edges {
            for x in [a, b] {
                if x >= MAX_VERTICES || verts >> x & 1 == 0 {
                    return Err(err(
                        format!("the edge ({a}, {b}) has an end, {x}, that is not a vertex"),
                        "vertices are labels 0 to 63: give their number n (0 to n - 1) or their list",
                    ));
                }
            }
            if a == b {
                return Err(err(
                    format!("the edge ({a}, {b}) is a loop"),
                    "a graph value is simple: an edge joins two different vertices",
                ));
            }
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        Ok(Graph {
            verts,
            adj: adj.into(),
        })
    }

    /// The graph from compact rows: vertices 0..n, `rows[v]` the
    /// neighbours of v (symmetric, no loops; the caller's promise).
    pub(super) fn from_rows(rows: Vec<u64>) -> Graph {
        Graph {
            verts: low(rows.len()),
            adj: rows.into(),
        }
    }

    /// The vertex labels present, as a mask.
    pub fn mask(&self) -> u64 {
        self.verts
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.verts.count_ones() as usize
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.verts == 0
    }

    /// Whether `v` is a vertex label of the graph; any integer may be asked
    /// (one outside 0 to 63 never is).
    pub fn has(&self, v: i64) -> bool {
        (0..MAX_VERTICES as i64).contains(&v) && self.verts >> v & 1 == 1
    }

    /// The neighbours of v as a mask (0 when v is not a vertex).
    pub fn row(&self, v: usize) -> u64 {
        self.adj.get(v).copied().unwrap_or(0)
    }

    /// The vertex labels, in increasing order.
    pub fn vertices(&self) -> Vec<usize> {
        bits(self.verts).collect()
    }

    /// The neighbours of `v`, in increasing order (none when v is not a
    /// vertex).
    pub fn neighbours(&self, v: usize) -> Vec<usize> {
        bits(self.row(v)).collect()
    }

    /// The edges (a, b) with a < b, by a then b.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in bits(self.verts) {
            out.extend(bits(self.row(a) & !low(a + 1)).map(|b| (a, b)));
        }
        out
    }

    /// The number of adjacency rows held (one more than the greatest label).
    pub fn adj_len(&self) -> usize {
        self.adj.len()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.adj
            .iter()
            .map(|r| r.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// The subgraph induced by the vertices of `keep` (labels kept).
    pub fn induced(&self, keep: u64) -> Graph {
        let verts = self.verts & keep;
        let n = 64 - verts.leading_zeros() as usize;
        let adj: Vec<u64> = (0..n)
            .map(|v| {
                if verts >> v & 1 == 1 {
                    self.adj[v] & verts
                } else {
                    0
                }
            })
            .collect();
        Graph {
            verts,
            adj: adj.into(),
        }
    }

    /// The graph without the vertices of `gone` (labels not present are
    /// ignored) and their edges.
    pub fn remove(&self, gone: u64) -> Graph {
        self.induced(!gone)
    }

    /// The connected parts, each with its labels, in the order of their
    /// least vertex.
    pub fn components(&self) -> Vec<Graph> {
        let mut left = self.verts;
        let mut parts = Vec::new();
        while left != 0 {
            let part = self.reach(left & left.wrapping_neg());
            left &= !part;
            parts.push(self.induced(part));
        }
        parts
    }

    /// The vertices connected to those of `from`.
    pub fn reach(&self, from: u64) -> u64 {
        let (mut seen, mut front) = (from, from);
        while front != 0 {
            let mut next = 0;
            for v in bits(front) {
                next |= self.adj[v];
            }
            front = next & !seen;
            seen |= next;
        }
        seen
    }

    /// The vertices relabelled 0..len in the order of their labels: the
    /// rows of the compact graph.
    pub fn compact_rows(&self) -> Vec<u64> {
        let labels = self.vertices();
        let mut index = [0usize; MAX_VERTICES];
        for (i, &v) in labels.iter().enumerate() {
            index[v] = i;
        }
        labels
            .iter()
            .map(|&v| bits(self.adj[v]).fold(0u64, |m, w| m | 1 << index[w]))
            .collect()
    }

    /// The graph with vertex v labelled `to[v]` (a bijection from the
    /// labels present onto labels below 64; the caller's promise).
    pub fn relabelled(&self, to: &[usize]) -> Graph {
        let map = |m: u64| bits(m).fold(0u64, |x, v| x | 1 << to[v]);
        let verts = map(self.verts);
        let mut adj = vec![0u64; 64 - verts.leading_zeros() as usize];
        for v in bits(self.verts) {
            adj[to[v]] = map(self.adj[v]);
        }
        Graph {
            verts,
            adj: adj.into(),
        }
    }

    /// How the graph prints: `undirected(3, [(0, 1), (1, 2)])` when its
    /// vertices are 0..n, else with the list of its vertices.
    pub fn text(&self) -> String {
        let mut out = String::from("undirected(");
        if self.verts == low(self.len()) {
            let _ = write!(out, "{}", self.len());
        } else {
            let vs: Vec<String> = bits(self.verts).map(|v| v.to_string()).collect();
            let _ = write!(out, "[{}]", vs.join(", "));
        }
        out.push_str(", [");
        for (i, (a, b)) in self.edges().into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "({a}, {b})");
        }
        out.push_str("])");
        out
    }
}
