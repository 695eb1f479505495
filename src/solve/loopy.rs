//! Games with cycles, and whole-position state graphs. When the Grundy
//! recursion meets a cycle, or a query needs the state graph of a sum
//! (remoteness, kernels, pictures, misère play of a loopy game), the graph
//! is built explicitly — each node a sorted multiset of components, the
//! root the position asked about — and handed to `digraph`: retrograde
//! outcomes, remoteness, the generalized Sprague–Grundy function γ.

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

use crate::digraph::{Digraph, Gamma, gamma};
use crate::error::Result;
use crate::error::{CompileError, SolveError};
use crate::model::Ctx;

use super::Solver;
use super::chain::{At, Why};

/// The state graph of one position: node 0 is the position itself.
pub struct SumGraph {
    pub graph: Digraph,
    /// Each node's components (sorted component ids; terminal components
    /// dropped: they add no move to a sum).
    pub nodes: Vec<Box<[u32]>>,
}

impl Solver {
    /// Build the state graph reachable from the sum of `root` (breadth
    /// first, no recursion), within the position budget.
    pub(crate) fn sum_graph(&mut self, cx: &Ctx, root: &[u32]) -> Result<SumGraph> {
        let mut nodes: IndexMap<Box<[u32]>, (), FxBuildHasher> = IndexMap::default();
        let key = self.sum_key(cx, root)?;
        nodes.insert(key.into_boxed_slice(), ());
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut next = 0usize;
        // Breadth first: nodes before `layer_end` are `depth` moves from
        // the start, and a chain longer than --max-depth stops (`chain.rs`).
        let (mut depth, mut layer_end) = (0usize, 1usize);
        while next < nodes.len() {
            if next == layer_end {
                depth += 1;
                layer_end = nodes.len();
            }
            let key: Vec<u32> = nodes
                .get_index(next)
                .map(|(k, _)| k.to_vec())
                .unwrap_or_default();
            for child in self.children(cx, &key)? {
                let to = match nodes.get_index_of(child.as_slice()) {
                    Some(j) => j,
                    None => {
                        if depth >= cx.limits.max_depth {
                            let start = nodes.get_index(0).map_or(&[][..], |(k, _)| k);
                            let ends = [At::Sum(start), At::Sum(&key), At::Sum(&child)];
                            return Err(self.chain_error(cx, ends, depth + 1, Why::Depth));
                        }
                        if nodes.len() >= cx.limits.max_positions {
                            let c = key.first().copied().unwrap_or(0);
                            return Err(SolveError::Budget {
                                game: cx.defs.game(self.comp(c).game).name.clone(),
                                budget: cx.limits.max_positions,
                                span: cx.span,
                            }
                            .into());
                        }
                        cx.charge(48 + child.len() * 4, cx.span)?;
                        let j = nodes.insert_full(child.into_boxed_slice(), ()).0;
                        if j & 0x3ff == 0 {
                            crate::progress::count("positions", j as u64, None);
                        }
                        j
                    }
                };
                edges.push((next as u32, to as u32));
                if edges.len() > cx.limits.max_edges() {
                    let c = key.first().copied().unwrap_or(0);
                    return Err(SolveError::MoveBudget {
                        game: cx.defs.game(self.comp(c).game).name.clone(),
                        budget: cx.limits.max_edges(),
                        span: cx.span,
                    }
                    .into());
                }
            }
            next += 1;
        }
        let n = nodes.len();
        let graph = Digraph::from_edges(n, &edges).map_err(|e| CompileError::Query {
            message: e.to_string(),
            help: "the state graph is too large for this analysis".into(),
            span: cx.span,
        })?;
        Ok(SumGraph {
            graph,
            nodes: nodes.into_keys().collect(),
        })
    }

    /// γ of one component of a loopy game (Smith's generalized
    /// Sprague–Grundy function), from its own state graph; every
    /// single-component node of that graph is cached on the way.
    pub(super) fn loopy_gamma(&mut self, cx: &Ctx, id: u32) -> Result<Gamma> {
        if let Some(g) = self.loopy.get(&id) {
            return Ok(g.clone());
        }
        let sg = self.sum_graph(cx, &[id])?;
        let values = gamma(&sg.graph);
        for (node, g) in sg.nodes.iter().zip(&values) {
            if let [c] = node[..] {
                self.loopy.entry(c).or_insert_with(|| g.clone());
            }
        }
        // A terminal root has the empty node: γ = 0.
        let root = values.into_iter().next().unwrap_or(Gamma::Finite(0));
        self.loopy.insert(id, root.clone());
        Ok(root)
    }
}
