//! The genus of a sum of a game graph's nodes straight from its
//! definition, without misère canonical forms (`docs/THEORY.md` §9.2): a
//! position of the sum is the sorted multiset of its components that still
//! have a move, and its genus comes from its options' genera
//! ([`Genus::from_options`]), position after position, bottom-up.
//!
//! This is the way to a genus when the canonical forms are too large to
//! hold (Kayles heaps from 18 on, Wythoff positions): the positions of a
//! heap game's sums number about the partitions of the heap (a few
//! thousand at heap 20), whatever the size of their forms. A sum of many
//! large components has many positions; the caller then falls back on
//! canonical forms, which add.

use rustc_hash::FxHashMap;

use super::{GameGraph, Genus, MisereError};

/// A position of a sum: its components with moves, sorted.
type State = Box<[u32]>;

/// The genus of the sum of the nodes `parts` of `graph` (a node may come
/// more than once). At most `max_states` positions of the sum are held
/// (past them `MisereError::Budget`); `stop` is called once a position,
/// and `true` from it ends the work with `MisereError::Interrupted`. A
/// cycle in the graph is `MisereError::Cycle`.
pub fn genus_of_sum(
    graph: &GameGraph,
    parts: &[usize],
    max_states: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Genus, MisereError> {
    graph.topological_order()?;
    let n = graph.len();
    if let Some(&bad) = parts.iter().find(|&&p| p >= n) {
        return Err(MisereError::BadNode {
            node: bad,
            part: bad,
            len: n,
        });
    }
    let root = norm(graph, parts.iter().map(|&p| p as u32).collect());
    let mut memo: FxHashMap<State, Genus> = FxHashMap::default();
    let mut stack: Vec<State> = vec![root.clone()];
    while let Some(top) = stack.last() {
        if memo.contains_key(top) {
            stack.pop();
            continue;
        }
        if stop() {
            return Err(MisereError::Interrupted);
        }
        let s = top.clone();
        let children = options(graph, &s);
        let before = stack.len();
        for c in &children {
            if !memo.contains_key(c) {
                stack.push(c.clone());
            }
        }
        if stack.len() > before {
            if memo.len().saturating_add(stack.len()) > max_states {
                return Err(MisereError::Budget {
                    what: "positions of the sum (genus)",
                    limit: max_states,
                });
            }
            continue;
        }
        stack.pop();
        let g = Genus::from_options(children.iter().map(|c| &memo[c]));
        memo.insert(s, g);
    }
    Ok(memo.remove(&root).expect("the root was valued last"))
}

/// The components that have a move, sorted (a component without one is 0
/// and leaves the sum unchanged).
fn norm(graph: &GameGraph, mut s: Vec<u32>) -> State {
    s.retain(|&p| !graph.options(p as usize).is_empty());
    s.sort_unstable();
    s.into_boxed_slice()
}

/// The positions one move from `s`, each once: a component replaced by
/// the parts of one of its options.
fn options(graph: &GameGraph, s: &[u32]) -> Vec<State> {
    let mut out: Vec<State> = Vec::new();
    for i in 0..s.len() {
        if i > 0 && s[i] == s[i - 1] {
            continue;
        }
        for o in graph.options(s[i] as usize) {
            let mut next: Vec<u32> = Vec::with_capacity(s.len() + o.len());
            next.extend_from_slice(&s[..i]);
            next.extend_from_slice(&s[i + 1..]);
            next.extend(o.iter().map(|&p| p as u32));
            out.push(norm(graph, next));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
