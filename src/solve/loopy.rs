//! Games with cycles, and whole-position state graphs. When the Grundy
//! recursion meets a cycle, or a query needs the state graph of a sum
//! (remoteness, kernels, pictures, misère play of a loopy game), the graph
//! is built explicitly — each node a sorted multiset of components, the
//! root the position asked about — and handed to `digraph`: retrograde
//! outcomes, remoteness, the generalized Sprague–Grundy function γ.

use std::sync::atomic::AtomicBool;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

use crate::digraph::{Digraph, Gamma, Outcome, gamma, misere_retrograde};
use crate::error::{Error, Result};
use crate::eval::Defs;
use crate::source::Span;

use super::Solver;

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
    pub fn sum_graph(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        root: &[u32],
        span: Span,
    ) -> Result<SumGraph> {
        let mut nodes: IndexMap<Box<[u32]>, (), FxBuildHasher> = IndexMap::default();
        let key = self.misere_key(defs, interrupt, root, span)?;
        nodes.insert(key.into_boxed_slice(), ());
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut next = 0usize;
        while next < nodes.len() {
            let key: Vec<u32> = nodes
                .get_index(next)
                .map(|(k, _)| k.to_vec())
                .unwrap_or_default();
            for i in 0..key.len() {
                if i > 0 && key[i] == key[i - 1] {
                    continue;
                }
                let c = key[i];
                self.expand(defs, interrupt, c, span)?;
                let opts: Vec<Vec<u32>> = self.options(c).map(|o| o.to_vec()).collect();
                for opt in opts {
                    self.tick(interrupt, span)?;
                    let mut child: Vec<u32> =
                        key[..i].iter().chain(&key[i + 1..]).copied().collect();
                    for p in opt {
                        if !self.is_terminal(defs, interrupt, p, span)? {
                            child.push(p);
                        }
                    }
                    child.sort_unstable();
                    let to = match nodes.get_index_of(child.as_slice()) {
                        Some(j) => j,
                        None => {
                            if nodes.len() >= self.budget {
                                let c = key.first().copied().unwrap_or(0);
                                return Err(Error::Budget {
                                    game: defs.game(self.comp(c).game).name.clone(),
                                    budget: self.budget,
                                    span,
                                });
                            }
                            nodes.insert_full(child.into_boxed_slice(), ()).0
                        }
                    };
                    edges.push((next as u32, to as u32));
                    if edges.len() > self.edge_budget() {
                        let c = key.first().copied().unwrap_or(0);
                        return Err(Error::MoveBudget {
                            game: defs.game(self.comp(c).game).name.clone(),
                            budget: self.edge_budget(),
                            span,
                        });
                    }
                }
            }
            next += 1;
        }
        let n = nodes.len();
        let graph = Digraph::from_edges(n, &edges).map_err(|e| Error::Query {
            message: e.to_string(),
            help: "the state graph is too large for this analysis".into(),
            span,
        })?;
        Ok(SumGraph {
            graph,
            nodes: nodes.into_keys().collect(),
        })
    }

    /// γ of one component of a loopy game (Smith's generalized
    /// Sprague–Grundy function), from its own state graph; every
    /// single-component node of that graph is cached on the way.
    pub fn loopy_gamma(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        id: u32,
        span: Span,
    ) -> Result<Gamma> {
        if let Some(g) = self.loopy.get(&id) {
            return Ok(g.clone());
        }
        let sg = self.sum_graph(defs, interrupt, &[id], span)?;
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

impl Solver {
    /// The misère outcome of a sum: by the multiset expansion, or for a
    /// loopy game by retrograde analysis of its state graph (draws possible).
    pub fn misere_outcome(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        comps: &[u32],
        span: Span,
    ) -> Result<Outcome> {
        match self.misere_is_p(defs, interrupt, comps, span) {
            Ok(true) => Ok(Outcome::P),
            Ok(false) => Ok(Outcome::N),
            Err(Error::Cycle { .. }) => {
                let sg = self.sum_graph(defs, interrupt, comps, span)?;
                Ok(misere_retrograde(&sg.graph).outcome[0])
            }
            Err(e) => Err(e),
        }
    }
}

/// The value of a position in normal play: a Grundy value, or for a loopy
/// game a generalized one, ∞(K) with K the finite values among its options.
/// (Like `digraph::Gamma`, with room for the nim-heaps of 64-bit sizes.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GValue {
    Finite(u64),
    Infinite(Vec<u64>),
}

impl GValue {
    /// The sum rule (Smith): a ⊕ b for finite values; a + ∞(K) = ∞(K ⊕ a);
    /// ∞(K) + ∞(L) = ∞(∅).
    pub fn add(&self, other: &GValue) -> GValue {
        match (self, other) {
            (GValue::Finite(a), GValue::Finite(b)) => GValue::Finite(a ^ b),
            (GValue::Finite(a), GValue::Infinite(k)) | (GValue::Infinite(k), GValue::Finite(a)) => {
                let mut k: Vec<u64> = k.iter().map(|x| x ^ a).collect();
                k.sort_unstable();
                GValue::Infinite(k)
            }
            (GValue::Infinite(_), GValue::Infinite(_)) => GValue::Infinite(Vec::new()),
        }
    }

    /// 0 → P; finite > 0 → N; ∞(K) with 0 ∈ K → N; otherwise a draw.
    pub fn outcome(&self) -> Outcome {
        match self {
            GValue::Finite(0) => Outcome::P,
            GValue::Finite(_) => Outcome::N,
            GValue::Infinite(k) if k.contains(&0) => Outcome::N,
            GValue::Infinite(_) => Outcome::D,
        }
    }

    pub fn finite(&self) -> Option<u64> {
        match self {
            GValue::Finite(a) => Some(*a),
            GValue::Infinite(_) => None,
        }
    }
}

impl From<&Gamma> for GValue {
    fn from(g: &Gamma) -> GValue {
        match g {
            Gamma::Finite(a) => GValue::Finite(u64::from(*a)),
            Gamma::Infinite(k) => GValue::Infinite(k.iter().map(|&x| u64::from(x)).collect()),
        }
    }
}

impl std::fmt::Display for GValue {
    /// `3`, or `∞{0,2}` (`∞{}` when no option has a finite value).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GValue::Finite(a) => write!(f, "{a}"),
            GValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(|x| x.to_string()).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

impl Solver {
    /// The normal-play value of one component: its Grundy value, or γ when
    /// its game turns out to have a cycle.
    pub fn value(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        id: u32,
        span: Span,
    ) -> Result<GValue> {
        if let Some(g) = self.loopy.get(&id) {
            return Ok(GValue::from(g));
        }
        match self.grundy(defs, interrupt, id, span) {
            Ok(v) => Ok(GValue::Finite(v)),
            Err(Error::Cycle { .. }) => {
                Ok(GValue::from(&self.loopy_gamma(defs, interrupt, id, span)?))
            }
            Err(e) => Err(e),
        }
    }
}

impl serde::Serialize for GValue {
    /// A finite value as a number; ∞(K) as `{"inf": [K...]}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            GValue::Finite(a) => s.serialize_u64(*a),
            GValue::Infinite(k) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("inf", k)?;
                m.end()
            }
        }
    }
}
