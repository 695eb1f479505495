//! The two shapes of input: an explicit acyclic game graph, and a heap game
//! given by a rule (octal/hex codes, subtraction games, closures).

use crate::octal::OctalCode;

use super::{MisereError, Result};

/// An impartial game as an explicit acyclic graph: node → options, each
/// option a multiset of component nodes (an empty option is the end of the
/// game; two or more parts are a move that splits the position into a sum).
#[derive(Debug, Clone, Default)]
pub struct GameGraph {
    options: Vec<Vec<Vec<usize>>>,
}

impl GameGraph {
    /// A graph of `nodes` nodes, none with an option yet.
    pub fn new(nodes: usize) -> GameGraph {
        GameGraph {
            options: vec![Vec::new(); nodes],
        }
    }

    /// Builds a graph from its option lists, checking that every part is a
    /// node and that no node can reach itself.
    pub fn from_options(options: Vec<Vec<Vec<usize>>>) -> Result<GameGraph> {
        let g = GameGraph { options };
        g.check()?;
        Ok(g)
    }

    /// Adds an option `parts` (a multiset of nodes) to `node`.
    pub fn add_option(&mut self, node: usize, parts: Vec<usize>) -> Result<()> {
        let len = self.options.len();
        if let Some(&bad) = parts.iter().find(|&&p| p >= len) {
            return Err(MisereError::BadNode {
                node,
                part: bad,
                len,
            });
        }
        match self.options.get_mut(node) {
            Some(o) => {
                o.push(parts);
                Ok(())
            }
            None => Err(MisereError::BadNode {
                node,
                part: node,
                len,
            }),
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The options of `node` (a node of this graph), each a multiset of
    /// component nodes.
    pub fn options(&self, node: usize) -> &[Vec<usize>] {
        &self.options[node]
    }

    /// Every node, children before parents; `Err(Cycle)` if some node can
    /// reach itself. Iterative (explicit stack).
    pub fn topological_order(&self) -> Result<Vec<usize>> {
        let len = self.options.len();
        // 0 = unvisited, 1 = on the stack, 2 = done.
        let mut state = vec![0u8; len];
        let mut order = Vec::with_capacity(len);
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        for root in 0..len {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            stack.push((root, 0, 0));
            while let Some(top) = stack.last_mut() {
                let (node, oi, pi) = *top;
                let opts = &self.options[node];
                if oi >= opts.len() {
                    state[node] = 2;
                    order.push(node);
                    stack.pop();
                    continue;
                }
                if pi >= opts[oi].len() {
                    *top = (node, oi + 1, 0);
                    continue;
                }
                *top = (node, oi, pi + 1);
                let child = opts[oi][pi];
                if child >= len {
                    return Err(MisereError::BadNode {
                        node,
                        part: child,
                        len,
                    });
                }
                match state[child] {
                    0 => {
                        state[child] = 1;
                        stack.push((child, 0, 0));
                    }
                    1 => return Err(MisereError::Cycle { node: child }),
                    _ => {}
                }
            }
        }
        Ok(order)
    }

    fn check(&self) -> Result<()> {
        self.topological_order().map(|_| ())
    }
}

/// A heap game: heap `n` has options that are multisets of strictly smaller
/// heaps. `for_each_option` calls `f` once per option with its heaps (zeros
/// are allowed and mean nothing is left there).
pub trait HeapRules {
    /// Calls `f` once per option of heap `n`, with the heaps that move leaves.
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64]));

    /// Called every few thousand steps of a long computation on these
    /// rules (inside the work on one heap, not only between heaps): an
    /// error ends it. The caller's hook for Ctrl-C and its memory budget;
    /// by default nothing.
    fn poll(&self) -> Result<()> {
        Ok(())
    }

    /// The options of heap `n` as sorted multisets of non-zero heaps, each
    /// checked to be smaller than `n`; duplicates removed.
    fn options_of(&self, n: u64) -> Result<Vec<Vec<u64>>> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        let mut bad = None;
        self.for_each_option(n, &mut |parts: &[u64]| {
            let mut v: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
            if let Some(&p) = v.iter().find(|&&p| p >= n) {
                bad = Some(p);
                return;
            }
            v.sort_unstable();
            out.push(v);
        });
        if let Some(part) = bad {
            return Err(MisereError::HeapNotSmaller { heap: n, part });
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
}

impl HeapRules for OctalCode {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        OctalCode::for_each_option(self, n, |parts| f(parts));
    }
}

/// A heap game given by a closure `|n, emit| …` that calls `emit(&parts)`
/// once per option of heap `n` (for rule games with one integer parameter).
pub struct RuleFn<F>(pub F);

impl<F: Fn(u64, &mut dyn FnMut(&[u64]))> HeapRules for RuleFn<F> {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        (self.0)(n, f);
    }
}
