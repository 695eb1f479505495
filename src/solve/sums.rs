//! The state graph of a sum, node by node: a node is the sorted multiset
//! of its non-terminal components (a component with no move adds no move
//! to a sum; THEORY.md §4), and a child replaces one component by the
//! parts of one of its options. Misère play (`misere.rs`) and whole state
//! graphs (`loopy.rs`) both walk sums this way.

use crate::error::Result;
use crate::model::Ctx;

use super::Solver;

impl Solver {
    /// The canonical node of a sum: non-terminal components, sorted.
    pub(super) fn sum_key(&mut self, cx: &Ctx, comps: &[u32]) -> Result<Vec<u32>> {
        let mut key = Vec::with_capacity(comps.len());
        for &c in comps {
            if !self.is_terminal(cx, c)? {
                key.push(c);
            }
        }
        key.sort_unstable();
        Ok(key)
    }

    /// Every child of a node (with repeats when two moves lead to the same
    /// sum): each distinct component once, each of its options.
    pub(super) fn children(&mut self, cx: &Ctx, key: &[u32]) -> Result<Vec<Vec<u32>>> {
        let mut out = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same component again: the same options
            }
            let c = key[i];
            self.expand(cx, c)?;
            let opts: Vec<Vec<u32>> = self.options(c).map(<[u32]>::to_vec).collect();
            for opt in opts {
                cx.tick()?;
                let mut child: Vec<u32> = Vec::with_capacity(key.len() + opt.len());
                child.extend_from_slice(&key[..i]);
                child.extend_from_slice(&key[i + 1..]);
                for p in opt {
                    if !self.is_terminal(cx, p)? {
                        child.push(p);
                    }
                }
                child.sort_unstable();
                cx.charge(24 + child.len() * 4, cx.span)?;
                out.push(child);
            }
        }
        Ok(out)
    }
}
