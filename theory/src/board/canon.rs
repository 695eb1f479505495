//! Canonical labelling of small graphs: a relabelling of a graph's
//! vertices to 0..n that is the same for all graphs isomorphic to it, so
//! `canonical(g) == canonical(h)` exactly when g and h are isomorphic
//! (THEORY.md §10.1). Exact, not a hash.
//!
//! A disconnected graph is the sorted list of its parts' canonical forms;
//! a graph whose complement is disconnected, the complement of its
//! complement's form. Any other graph is searched by individualisation
//! and refinement: the vertices are split into ordered cells by colour
//! refinement (a vertex's colour is its cell and how many neighbours it
//! has in each cell, until that splits no cell further); while some cell
//! has several vertices, each vertex of the first smallest such cell in
//! turn is put in a cell of its own ahead of the rest and the partition
//! refined again. Every discrete partition at a leaf orders the vertices;
//! the form is the least adjacency matrix (rows as bit masks, compared
//! row by row) over all leaves. Two leaves with the same matrix give an
//! automorphism; a child whose vertex an automorphism fixing the path so
//! far maps onto an explored sibling is skipped (its leaves repeat the
//! sibling's matrices).

use super::graph::Graph;

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

/// The canonical form of `g`: vertices 0..len, isomorphic to g, equal
/// for isomorphic graphs. `tick` is called once per search node (the
/// caller's step budget and interruption); its error ends the search.
pub fn canonical<E>(g: &Graph, tick: &mut dyn FnMut() -> Result<(), E>) -> Result<Graph, E> {
    Ok(Graph::from_rows(canon_rows(&g.compact_rows(), tick)?))
}

/// The canonical rows of the compact graph `rows` (vertices 0..n).
fn canon_rows<E>(rows: &[u64], tick: &mut dyn FnMut() -> Result<(), E>) -> Result<Vec<u64>, E> {
    let n = rows.len();
    if n <= 1 {
        return Ok(rows.to_vec());
    }
    let all = low(n);
    let g = Graph::from_rows(rows.to_vec());
    if g.reach(1) != all {
        let mut parts = Vec::new();
        for p in g.components() {
            parts.push(canon_rows(&p.compact_rows(), tick)?);
        }
        parts.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        let mut out = Vec::with_capacity(n);
        for p in parts {
            let at = out.len();
            out.extend(p.iter().map(|r| r << at));
        }
        return Ok(out);
    }
    let complement = |rows: &[u64]| -> Vec<u64> {
        let all = low(rows.len());
        let rows = rows.iter().enumerate();
        rows.map(|(v, r)| !r & all & !(1 << v)).collect()
    };
    let co = complement(rows);
    if Graph::from_rows(co.clone()).reach(1) != all {
        return Ok(complement(&canon_rows(&co, tick)?));
    }
    let mut s = Search {
        rows,
        first: None,
        best: None,
        autos: Vec::new(),
        tick,
        work: 0,
    };
    let mut cells = vec![all];
    s.refine(&mut cells);
    s.node(cells, &mut Vec::new())?;
    Ok(s.best.map(|(code, ..)| code).unwrap_or_default())
}

/// A leaf: the adjacency rows in its order, the order, and the vertices
/// individualised on the way to it.
type Leaf = (Vec<u64>, Vec<usize>, Vec<usize>);

struct Search<'a, E> {
    rows: &'a [u64],
    first: Option<Leaf>,
    best: Option<Leaf>,
    /// Automorphisms found (vertex → vertex).
    autos: Vec<Vec<usize>>,
    tick: &'a mut dyn FnMut() -> Result<(), E>,
    /// Word operations of refinement and orbits not yet counted: a step
    /// per [`WORK_PER_STEP`], counted at the next node of the search, so
    /// that a step stands for a bounded amount of work (a node of a
    /// 64-vertex graph refines in thousands of operations, and the orbits
    /// grow with the automorphisms found).
    work: u64,
}

/// Word operations of the search counted as one step.
const WORK_PER_STEP: u64 = 64;

impl<E> Search<'_, E> {
    /// Colour refinement of an ordered partition (cells as masks) until
    /// it is equitable: each round splits every cell by its vertices'
    /// counts of neighbours in each cell of the round's start, the parts
    /// in the order of those counts (so the result depends on the graph
    /// and the partition only, never on the labels).
    fn refine(&mut self, cells: &mut Vec<u64>) {
        loop {
            let mut next = Vec::with_capacity(cells.len());
            let mut split = false;
            for &cell in cells.iter() {
                if cell.count_ones() == 1 {
                    next.push(cell);
                    continue;
                }
                self.work += u64::from(cell.count_ones()) * cells.len() as u64;
                let mut sig: Vec<(Vec<u8>, usize)> = bits(cell)
                    .map(|v| {
                        let counts = cells.iter().map(|c| (self.rows[v] & c).count_ones() as u8);
                        (counts.collect(), v)
                    })
                    .collect();
                sig.sort_unstable();
                let mut part = 0u64;
                for (i, (s, v)) in sig.iter().enumerate() {
                    if i > 0 && *s != sig[i - 1].0 {
                        next.push(part);
                        part = 0;
                        split = true;
                    }
                    part |= 1 << v;
                }
                next.push(part);
            }
            *cells = next;
            if !split {
                return;
            }
        }
    }

    /// The search below the node reached by individualising `path`:
    /// `Some(level)` when a leaf below it is the image of a known leaf
    /// under an automorphism, so that everything below the node at depth
    /// `level` on the path is the image of a subtree already searched
    /// (the deepest node the two paths share): the search goes on from
    /// that node's next child (nauty's jump back).
    fn node(&mut self, cells: Vec<u64>, path: &mut Vec<usize>) -> Result<Option<usize>, E> {
        (self.tick)()?;
        while self.work >= WORK_PER_STEP {
            self.work -= WORK_PER_STEP;
            (self.tick)()?;
        }
        let target = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.count_ones() > 1)
            .min_by_key(|(i, c)| (c.count_ones(), *i))
            .map(|(i, &c)| (i, c));
        let Some((at, cell)) = target else {
            return Ok(self.leaf(&cells, path));
        };
        let depth = path.len();
        let mut done = 0u64;
        for v in bits(cell) {
            if done != 0 && self.orbit(v, path) & done != 0 {
                continue;
            }
            let mut child = cells.clone();
            child[at] = cell & !(1 << v);
            child.insert(at, 1 << v);
            self.refine(&mut child);
            path.push(v);
            let jump = self.node(child, path)?;
            path.pop();
            done |= 1 << v;
            if let Some(level) = jump
                && level < depth
            {
                return Ok(Some(level));
            }
        }
        Ok(None)
    }

    /// The orbit of v under the automorphisms found that fix every
    /// vertex of `path` (they generate a group that maps the node's
    /// subtrees onto each other).
    fn orbit(&mut self, v: usize, path: &[usize]) -> u64 {
        self.work += (self.autos.len() * (path.len() + 64)) as u64;
        let fixing: Vec<&Vec<usize>> = self
            .autos
            .iter()
            .filter(|a| path.iter().all(|&p| a[p] == p))
            .collect();
        let (mut orbit, mut front) = (1u64 << v, 1u64 << v);
        while front != 0 {
            let mut next = 0u64;
            for x in bits(front) {
                for a in &fixing {
                    next |= 1 << a[x];
                }
            }
            front = next & !orbit;
            orbit |= next;
        }
        orbit
    }

    /// Record the leaf reached by `path`; `Some(level)` when it is a
    /// known leaf's image (see [`Search::node`]).
    fn leaf(&mut self, cells: &[u64], path: &[usize]) -> Option<usize> {
        let order: Vec<usize> = cells.iter().map(|c| c.trailing_zeros() as usize).collect();
        let mut pos = [0usize; 64];
        for (p, &v) in order.iter().enumerate() {
            pos[v] = p;
        }
        let code: Vec<u64> = order
            .iter()
            .map(|&v| bits(self.rows[v]).fold(0u64, |m, w| m | 1 << pos[w]))
            .collect();
        for known in [&self.first, &self.best].into_iter().flatten() {
            if known.0 == code {
                // known.1[p] ↦ order[p] keeps every edge.
                let mut auto = vec![0usize; order.len()];
                for (p, &v) in known.1.iter().enumerate() {
                    auto[v] = order[p];
                }
                let shared = path
                    .iter()
                    .zip(&known.2)
                    .take_while(|(a, b)| a == b)
                    .count();
                self.autos.push(auto);
                return Some(shared);
            }
        }
        if self.first.is_none() {
            self.first = Some((code.clone(), order.clone(), path.to_vec()));
        }
        if self.best.as_ref().is_none_or(|b| code < b.0) {
            self.best = Some((code, order, path.to_vec()));
        }
        None
    }
}
