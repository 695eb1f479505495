//! Misère play of sums. XOR does not apply, so the sum's own state graph is
//! expanded: a node is the sorted multiset of its non-terminal components
//! (a component with no move adds no move to a sum), and the empty node is
//! terminal, a win for the player to move (THEORY.md §4).

use std::sync::atomic::AtomicBool;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

use crate::error::{Error, Result};
use crate::eval::Defs;
use crate::source::Span;

use super::Solver;

const UNKNOWN: u8 = 0;
const P: u8 = 1;
const N: u8 = 2;

#[derive(Default)]
pub struct MisereStore {
    nodes: IndexMap<Box<[u32]>, (), FxBuildHasher>,
    outcome: Vec<u8>,
}

impl MisereStore {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

impl Solver {
    /// The canonical node of a sum: non-terminal components, sorted.
    pub fn misere_key(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        comps: &[u32],
        span: Span,
    ) -> Result<Vec<u32>> {
        let mut key = Vec::with_capacity(comps.len());
        for &c in comps {
            if !self.is_terminal(defs, interrupt, c, span)? {
                key.push(c);
            }
        }
        key.sort_unstable();
        Ok(key)
    }

    fn misere_intern(&mut self, defs: &Defs, key: Vec<u32>, span: Span) -> Result<u32> {
        if let Some(i) = self.misere.nodes.get_index_of(key.as_slice()) {
            return Ok(i as u32);
        }
        if self.misere.nodes.len() >= self.budget {
            let game = key
                .first()
                .map(|&c| defs.game(self.comp(c).game).name.clone())
                .unwrap_or_default();
            return Err(Error::Budget {
                game: format!("the misère sum of {game}"),
                budget: self.budget,
                span,
            });
        }
        let (i, _) = self.misere.nodes.insert_full(key.into_boxed_slice(), ());
        self.misere.outcome.push(UNKNOWN);
        Ok(i as u32)
    }

    /// The children of a node (each a fresh node id).
    fn misere_children(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        node: u32,
        span: Span,
    ) -> Result<Vec<u32>> {
        let key: Vec<u32> = self
            .misere
            .nodes
            .get_index(node as usize)
            .map(|(k, _)| k.to_vec())
            .unwrap_or_default();
        let mut out = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same component again: the same options
            }
            let c = key[i];
            self.expand(defs, interrupt, c, span)?;
            let opts: Vec<Vec<u32>> = self.options(c).map(|o| o.to_vec()).collect();
            for opt in opts {
                self.tick(interrupt, span)?;
                let mut child: Vec<u32> = Vec::with_capacity(key.len() + opt.len());
                child.extend_from_slice(&key[..i]);
                child.extend_from_slice(&key[i + 1..]);
                for p in opt {
                    if !self.is_terminal(defs, interrupt, p, span)? {
                        child.push(p);
                    }
                }
                child.sort_unstable();
                out.push(self.misere_intern(defs, child, span)?);
            }
        }
        Ok(out)
    }

    /// Is the sum of these components a misère P-position (the previous
    /// player wins)?
    pub fn misere_is_p(
        &mut self,
        defs: &Defs,
        interrupt: &AtomicBool,
        comps: &[u32],
        span: Span,
    ) -> Result<bool> {
        let key = self.misere_key(defs, interrupt, comps, span)?;
        let root = self.misere_intern(defs, key, span)?;
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
            let ch = self.misere_children(defs, interrupt, root, span)?;
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
                            return Err(Error::Cycle {
                                path: "a misère sum returns to itself".into(),
                                span,
                            });
                        }
                        descend = Some(ch);
                        break;
                    }
                }
            }
            if let Some(ch) = descend {
                let grand = self.misere_children(defs, interrupt, ch, span)?;
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
