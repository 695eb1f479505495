//! Proof-number search for `outcome P by search` (THEORY.md §6.15,
//! "df-pn"): Nagai's depth-first proof-number search over the nodes of
//! `search.rs` (open parts and a known value, the player to move), the
//! default of `--search-algo`.
//!
//! Every node has a proof number `pn` (about how many leaves must still be
//! decided to show that the player to move wins) and a disproof number
//! `dn` (to show that they lose), in the negamax form: with each child's
//! numbers taken for the opponent, who moves there,
//! `pn = min over children of dn(child)`, and `dn` in the weak form of
//! Ueda et al.'s WPNS: the greatest `pn(child)` plus one for each other
//! child not yet won by the opponent (the sum of Nagai's df-pn counts a
//! node reached by several paths once for each, which on sums, where
//! moves in different parts commute, counts most nodes many times). A
//! win is `pn = 0, dn = ∞`, a loss `pn = ∞, dn = 0`. A child not yet
//! expanded starts from the mobility counts the search has anyway: the
//! opponent, to move there with `theirs` moves against the mover's
//! `mine`, is disproved by refuting each of their moves (`dn = theirs`)
//! and proved by one move that leaves the mover stuck (`pn = max(mine,
//! 1)`); a child where the opponent has no move is lost for them, and
//! decides its parent at once.
//!
//! The search descends, with an explicit stack, to the child of least
//! `dn` (the most-proving one) under thresholds: it stays below a node
//! while the node's `pn` and `dn` are under the thresholds the parent gave
//! it, so each node's numbers are worked out from its children's only
//! while it is on the stack, and are kept in the transposition table when
//! it returns (the table of `search.rs`, bounded by `--search-table` and
//! emptied of its cheapest entries when full). The child's thresholds are
//! the usual ones with Pawlewicz and Lew's 1+ε trick on the second-best
//! child (ε = 1/4), which lets the search stay longer below a child before
//! switching. The games searched are short, so the nodes have no cycles
//! (THEORY.md §6.15: each move lowers the sum of the open parts' heights
//! and the value's birthday) and there is no graph-history interaction: a win or a loss
//! does not depend on the path, and a node met again on its own path is
//! reported (`partizan_loopy`). The root of `dfpn_root` is not a node's
//! own expansion (its children are the moves of the position as written,
//! some inside parts its node holds as a value), so it is kept off the
//! path and out of the table.

use std::collections::HashSet;

use rustc_hash::FxBuildHasher;

use crate::error::Result;
use crate::model::{Ctx, Side};

use super::Solver;
use super::search::{Entry, INF, Key, Node, Search, first_wins, other};

/// Finite numbers stop here, far below `INF`, so that sums never reach it.
const CAP: u64 = u64::MAX / 4;

/// A child of a node on the stack: its node (the opponent to move) and
/// its numbers for the opponent, as last known.
struct Child {
    node: Node,
    pn: u64,
    dn: u64,
}

/// A node on the stack: its children, the thresholds it searches under,
/// the child searched below it, and the nodes expanded before it began
/// (plus what its table entry says earlier searches of it expanded).
/// `keyed` is false for the root of `dfpn_root`, whose children are the
/// moves of a position as written rather than the children of its node
/// (`key`): it is neither on the path nor kept in the table.
struct Frame {
    key: Key,
    keyed: bool,
    children: Vec<Child>,
    thpn: u64,
    thdn: u64,
    current: usize,
    began: u64,
}

impl Frame {
    /// The node's numbers from its children's: `pn` the least `dn` of a
    /// child, `dn` the greatest `pn` of a child plus one for each other
    /// child the opponent has not yet won (`pn` 0); `dn` 0 when they have
    /// won every child (or there is none), `INF` when one is lost for them.
    fn numbers(&self) -> (u64, u64) {
        let mut pn = INF;
        for c in &self.children {
            pn = pn.min(c.dn);
        }
        let (most, open) = self.open_pn();
        let dn = match (most, open) {
            (INF, _) => INF,
            (_, 0) => 0,
            _ => most.saturating_add(open - 1).min(CAP),
        };
        (pn, dn)
    }

    /// The greatest `pn` of a child, and how many children the opponent
    /// has not yet won.
    fn open_pn(&self) -> (u64, u64) {
        let (mut most, mut open) = (0u64, 0u64);
        for c in self.children.iter().filter(|c| c.pn != 0) {
            most = most.max(c.pn);
            open += 1;
        }
        (most, open)
    }

    /// The child to search (least `dn`, the first of equals) and the
    /// least `dn` of the others (`INF` if none).
    fn select(&self) -> (usize, u64) {
        let (mut best, mut d1, mut d2) = (0, INF, INF);
        for (i, c) in self.children.iter().enumerate() {
            if c.dn < d1 {
                (best, d2, d1) = (i, d1, c.dn);
            } else if c.dn < d2 {
                d2 = c.dn;
            }
        }
        (best, d2)
    }

    /// The thresholds of child `i`, given the node's numbers and the
    /// second-least `dn` of its children: the child may grow its `pn` (the
    /// greatest of which is a term of the node's `dn`) until the node's
    /// would reach its threshold, and its `dn` (the node's `pn`) until it
    /// passes the second best by ε = 1/4 (and at least by one), or the
    /// node's `pn` threshold.
    fn child_thresholds(&self, i: usize, dn: u64, dn2: u64) -> (u64, u64) {
        let most = self.open_pn().0.max(self.children[i].pn);
        let thpn = self.thdn.saturating_sub(dn).saturating_add(most);
        let eps = dn2.saturating_add((dn2 / 4).max(1));
        (thpn, self.thpn.min(eps))
    }
}

impl Solver {
    /// The children of a node with their starting numbers, stopping at the
    /// first lost for the opponent (`true`: the node is won, and that child
    /// is the last of the list).
    fn dfpn_children(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        nodes: Vec<Node>,
        side: Side,
    ) -> Result<(Vec<Child>, bool)> {
        let opp = other(side);
        let mut scored = Vec::with_capacity(nodes.len());
        for (i, node) in nodes.into_iter().enumerate() {
            let (pn, dn, score) = match s.entry(&node, opp) {
                Some(e) => (e.pn, e.dn, i64::MIN),
                None => {
                    let theirs = self.mobility(cx, s, &node, opp)? as u64;
                    if theirs == 0 {
                        (INF, 0, i64::MIN)
                    } else {
                        let mine = self.mobility(cx, s, &node, side)? as u64;
                        (mine.max(1), theirs, theirs as i64 - mine as i64)
                    }
                }
            };
            let won = dn == 0;
            scored.push(((score, i), Child { node, pn, dn }));
            if won {
                let children = scored.into_iter().map(|(_, c)| c).collect();
                return Ok((children, true));
            }
        }
        // The mobility order of the depth-first search, for the ties.
        scored.sort_by_key(|(k, _)| *k);
        Ok((scored.into_iter().map(|(_, c)| c).collect(), false))
    }

    /// A frame for `node` with `side` to move under thresholds, or its
    /// numbers at once (nothing open, no move, or a child lost for the
    /// opponent).
    fn dfpn_frame(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: Node,
        side: Side,
        (thpn, thdn): (u64, u64),
    ) -> Result<std::result::Result<Frame, (u64, u64)>> {
        self.count_node(s);
        if node.open.is_empty() {
            let wins = first_wins(self.partizan.store.outcome(node.known), side);
            return Ok(Err(if wins { (0, INF) } else { (INF, 0) }));
        }
        let began = s.nodes - s.entry(&node, side).map_or(0, |e| e.size.min(s.nodes));
        let nodes = self.node_children(cx, s, &node, side)?;
        let (children, won) = self.dfpn_children(cx, s, nodes, side)?;
        if won {
            s.remember(&node, side, Entry::decided(true, 1));
            return Ok(Err((0, INF)));
        }
        Ok(Ok(Frame {
            key: (node, side),
            keyed: true,
            children,
            thpn,
            thdn,
            current: 0,
            began,
        }))
    }

    /// Whether `side`, to move in `root`, wins, by df-pn.
    pub(super) fn dfpn_wins(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        root: Node,
        side: Side,
    ) -> Result<bool> {
        match self.dfpn_frame(cx, s, root, side, (INF, INF))? {
            Ok(f) => {
                let (pn, _) = self.dfpn(cx, s, f)?;
                Ok(pn == 0)
            }
            Err((pn, _)) => Ok(pn == 0),
        }
    }

    /// A winning move of `side` in `root`, whose children (`side`'s moves,
    /// as the caller lists them) are `nodes`: its index, or None when
    /// `side` loses moving first.
    pub(super) fn dfpn_root(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        root: Node,
        nodes: Vec<Node>,
        side: Side,
    ) -> Result<Option<usize>> {
        self.count_node(s);
        // The children carry their index in `nodes` through the ordering.
        let index: Vec<Node> = nodes.clone();
        let (children, _) = self.dfpn_children(cx, s, nodes, side)?;
        // Not the node's own children: those of the position as written,
        // whose moves in the parts the node holds as a value (`known`) can
        // lead back to the node (a part of value 0 has moves that a reply
        // takes back to 0), so the root is kept off the path and out of the
        // table.
        let f = Frame {
            key: (root, side),
            keyed: false,
            children,
            thpn: INF,
            thdn: INF,
            current: 0,
            began: s.nodes,
        };
        let (pn, _) = self.dfpn(cx, s, f)?;
        if pn != 0 {
            return Ok(None);
        }
        // A child lost for the opponent: in the table, or decided at once.
        for (i, n) in index.iter().enumerate() {
            if s.lookup(n, other(side)) == Some(false) {
                return Ok(Some(i));
            }
        }
        // The table may have dropped it: its loss is then found again.
        for (i, n) in index.into_iter().enumerate() {
            if !self.dfpn_wins(cx, s, n, other(side))? {
                return Ok(Some(i));
            }
        }
        unreachable!("a proved node has a child lost for the opponent")
    }

    /// df-pn below the frame `root` until its numbers reach its
    /// thresholds (for the roots, `INF`: until decided): its numbers.
    fn dfpn(&mut self, cx: &Ctx, s: &mut Search, root: Frame) -> Result<(u64, u64)> {
        let mut path: HashSet<Key, FxBuildHasher> = HashSet::default();
        if root.keyed {
            path.insert(root.key.clone());
        }
        let mut stack = vec![root];
        // The numbers of the child just searched.
        let mut back: Option<(u64, u64)> = None;
        loop {
            cx.tick()?;
            let Some(top) = stack.last_mut() else {
                unreachable!("the root returns before the stack empties")
            };
            if let Some((pn, dn)) = back.take() {
                let c = &mut top.children[top.current];
                (c.pn, c.dn) = (pn, dn);
            }
            let (pn, dn) = top.numbers();
            if pn >= top.thpn || dn >= top.thdn || pn == 0 || dn == 0 {
                let f = stack.pop().unwrap_or_else(|| unreachable!());
                if f.keyed {
                    path.remove(&f.key);
                    let size = s.nodes - f.began + 1;
                    s.remember(&f.key.0, f.key.1, Entry { pn, dn, size });
                }
                if stack.is_empty() {
                    return Ok((pn, dn));
                }
                back = Some((pn, dn));
                continue;
            }
            let (i, dn2) = top.select();
            let th = top.child_thresholds(i, dn, dn2);
            top.current = i;
            let opp = other(top.key.1);
            let child = top.children[i].node.clone();
            let ckey = (child, opp);
            let ends = [&stack[0].key.0, &stack[stack.len() - 1].key.0, &ckey.0];
            self.may_enter(cx, path.contains(&ckey), ends, stack.len())?;
            match self.dfpn_frame(cx, s, ckey.0, opp, th)? {
                Ok(f) => {
                    path.insert(f.key.clone());
                    stack.push(f);
                }
                Err(numbers) => back = Some(numbers),
            }
        }
    }
}
