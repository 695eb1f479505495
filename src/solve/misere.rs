//! Misère play of sums. XOR does not apply, so the sum's own state graph is
//! expanded: a node is the sorted multiset of its non-terminal components
//! (a component with no move adds no move to a sum), and the empty node is
//! terminal, a win for the player to move (THEORY.md §4). Sums of
//! nim-heaps only are answered by Bouton's rule instead (THEORY.md §2);
//! loopy sums by retrograde analysis of their state graph.

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

use crate::digraph::{Outcome, misere_retrograde};
use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::Ctx;

use super::Solver;
use super::chain::{At, Why};

const UNKNOWN: u8 = 0;
const P: u8 = 1;
const N: u8 = 2;

#[derive(Default)]
pub struct MisereStore {
    nodes: IndexMap<Box<[u32]>, (), FxBuildHasher>,
    outcome: Vec<u8>,
}

impl MisereStore {
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }
}

impl Solver {
    fn misere_intern(&mut self, cx: &Ctx, key: &[u32]) -> Result<u32> {
        if let Some(i) = self.misere.nodes.get_index_of(key) {
            return Ok(i as u32);
        }
        if self.misere.nodes.len() >= self.limit.misere {
            let game = key
                .first()
                .map(|&c| cx.defs.game(self.comp(c).game).name.clone())
                .unwrap_or_default();
            return Err(SolveError::Budget {
                game: format!("the misère sum of {game}"),
                budget: cx.limits.max_positions,
                span: cx.span,
            }
            .into());
        }
        cx.charge(48 + key.len() * 4, cx.span)?;
        let (i, _) = self.misere.nodes.insert_full(key.into(), ());
        self.misere.outcome.push(UNKNOWN);
        Ok(i as u32)
    }

    /// The children of a node (each a node id), in the order and with the
    /// repeats of `Solver::children`: each distinct component once, each of
    /// its options. Built in reused buffers, so a child's key is allocated
    /// only when it is a new node (the expansion's cost was mostly a
    /// vector per child).
    fn misere_children(&mut self, cx: &Ctx, node: u32) -> Result<Vec<u32>> {
        let key: Vec<u32> = self
            .misere
            .nodes
            .get_index(node as usize)
            .map(|(k, _)| k.to_vec())
            .unwrap_or_default();
        let mut out = Vec::new();
        // One component's options, flat: option `e` is `parts[ends[e-1]..ends[e]]`.
        let mut parts: Vec<u32> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
        let mut child: Vec<u32> = Vec::with_capacity(key.len() + 4);
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same component again: the same options
            }
            let c = key[i];
            self.expand(cx, c)?;
            parts.clear();
            ends.clear();
            for o in self.options(c) {
                parts.extend_from_slice(o);
                ends.push(parts.len());
            }
            let mut start = 0;
            for &end in &ends {
                cx.tick()?;
                child.clear();
                child.extend_from_slice(&key[..i]);
                child.extend_from_slice(&key[i + 1..]);
                for &p in &parts[start..end] {
                    if !self.is_terminal(cx, p)? {
                        child.push(p);
                    }
                }
                start = end;
                child.sort_unstable();
                out.push(self.misere_intern(cx, &child)?);
            }
        }
        Ok(out)
    }

    /// Is the sum of these components a misère P-position (the previous
    /// player wins)?
    pub(super) fn misere_is_p(&mut self, cx: &Ctx, comps: &[u32]) -> Result<bool> {
        let key = self.sum_key(cx, comps)?;
        let root = self.misere_intern(cx, &key)?;
        // Explicit stack of (node, its children, cursor).
        let mut stack: Vec<(u32, Vec<u32>, usize)> = Vec::new();
        let mut on_stack: Vec<bool> = Vec::new();
        let set = |on: &mut Vec<bool>, i: u32, v: bool| {
            if on.len() <= i as usize {
                on.resize(i as usize + 1, false);
            }
            on[i as usize] = v;
        };
        if self.misere.outcome[root as usize] == UNKNOWN {
            let ch = self.misere_children(cx, root)?;
            set(&mut on_stack, root, true);
            stack.push((root, ch, 0));
        }
        while let Some((node, children, cursor)) = stack.last_mut() {
            let node = *node;
            let mut result = None;
            let mut descend = None;
            if children.is_empty() {
                result = Some(N); // no move: the player to move has won
            }
            while result.is_none() && *cursor < children.len() {
                let ch = children[*cursor];
                match self.misere.outcome[ch as usize] {
                    P => result = Some(N),
                    N => *cursor += 1,
                    _ => {
                        if on_stack.get(ch as usize).copied().unwrap_or(false) {
                            return Err(SolveError::Cycle {
                                path: "a misère sum returns to itself".into(),
                                span: cx.span,
                            }
                            .into());
                        }
                        descend = Some(ch);
                        break;
                    }
                }
            }
            if let Some(ch) = descend {
                let depth = stack.len();
                if depth > cx.limits.max_depth {
                    let key = |i: u32| self.misere.nodes.get_index(i as usize).map(|(k, _)| k);
                    let ends =
                        [stack[0].0, node, ch].map(|i| At::Sum(key(i).map_or(&[][..], |k| k)));
                    return Err(self.chain_error(cx, ends, depth, Why::Depth));
                }
                let grand = self.misere_children(cx, ch)?;
                set(&mut on_stack, ch, true);
                stack.push((ch, grand, 0));
                continue;
            }
            let r = result.unwrap_or(P);
            self.misere.outcome[node as usize] = r;
            set(&mut on_stack, node, false);
            stack.pop();
        }
        Ok(self.misere.outcome[root as usize] == P)
    }
}

impl Solver {
    /// The misère outcome of a sum: Bouton's rule for nim-heaps, the misère
    /// quotient for heaps of one octal game, else the multiset expansion, or for a loopy game retrograde analysis of its
    /// state graph (draws possible).
    pub(crate) fn misere_outcome(&mut self, cx: &Ctx, comps: &[u32]) -> Result<Outcome> {
        if let Some(p) = self.bouton(cx, comps) {
            return Ok(if p { Outcome::P } else { Outcome::N });
        }
        // Heaps of one octal game: read from its misère quotient (THEORY.md §9).
        if let Some(o) = self.quotient_outcome(cx, comps)? {
            return Ok(o);
        }
        match self.misere_is_p(cx, comps) {
            Ok(true) => Ok(Outcome::P),
            Ok(false) => Ok(Outcome::N),
            Err(Error::Solve(SolveError::Cycle { .. })) => {
                let sg = self.sum_graph(cx, comps)?;
                Ok(misere_retrograde(&sg.graph).outcome[0])
            }
            Err(e) => Err(e),
        }
    }

    /// Bouton's misère Nim (THEORY.md §2), for sums of nim-heaps only:
    /// with some heap of 2 or more, P iff the xor is 0; otherwise P iff the
    /// number of 1-heaps is odd. Whether this is a P-position, or None when
    /// some component is not a nim-heap (the sum is then expanded).
    fn bouton(&self, cx: &Ctx, ids: &[u32]) -> Option<bool> {
        let mut xor = 0u64;
        let (mut big, mut ones) = (false, 0usize);
        for &id in ids {
            let c = self.comp(id);
            let n = cx.defs.game(c.game).kind.nim_heap(&c.args)?;
            xor ^= n;
            big |= n >= 2;
            ones += usize::from(n == 1);
        }
        Some(if big { xor == 0 } else { ones % 2 == 1 })
    }
}
