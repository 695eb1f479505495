//! Outcome by search (`outcome P by search`, `winning P for left by
//! search`; THEORY.md §6.15): who wins a partizan position in normal play,
//! found by playing it out instead of by its canonical value.
//!
//! A search node is a sum split in two: the components whose value is not
//! known (`open`, a sorted multiset of component ids) and one canonical
//! value (`known`), the sum of the values of every other component. A
//! part a move makes joins `known` when it is small: at most
//! `--search-parts` options in all (`Limits::search_parts`), valued by the
//! canonical engine under the query's budgets, and so is a part where
//! one player has no move (an integer, whatever its size); a bigger part
//! stays open.
//! A node with nothing open is decided by its value's outcome class.
//!
//! The search is a depth-first AND/OR search on "the player to move wins",
//! with an explicit stack: a node is won when some child (the opponent to
//! move) is lost, lost when every child is won. Its transposition table
//! holds each decided node (exact, since a win or loss does not depend on
//! the path) and is bounded by the memory budget: when it is full it is
//! emptied. Children are tried in order of the opponent's mobility
//! (options in the child) minus the mover's, fewest first, moves in
//! `known` after the others when it is a number; before descending, a
//! child already lost in the table, or one where the opponent has no move,
//! decides the node at once. The moves of a child are counted by a
//! listing that interns nothing (`Count`): only the nodes the search
//! enters keep their options.

use std::collections::{HashMap, HashSet};

use rustc_hash::FxBuildHasher;

use crate::error::{AtSpan, Result, SolveError};
use crate::model::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Side, Value};
use crate::partizan::{Outcome, ValueId};

use super::chain::{At, Why};
use super::{SidedMove, Solver};

/// Bytes a table entry costs, about: its key's vector and the map's slot.
const ENTRY_BYTES: usize = 96;

/// A search node: the open components (sorted) and the known value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    open: Vec<u32>,
    known: ValueId,
}

/// A node with the player to move.
type Key = (Node, Side);

/// What a search found, and how much it looked at.
#[derive(Debug, Default)]
pub(crate) struct Search {
    /// Decided nodes: whether the player to move wins.
    table: HashMap<Key, bool, FxBuildHasher>,
    table_cap: usize,
    /// Each part met: its value, or None when it is searched.
    parts: HashMap<u32, Option<ValueId>, FxBuildHasher>,
    /// Left's and Right's number of moves in each part counted for the
    /// move ordering and not expanded.
    counts: HashMap<u32, [usize; 2], FxBuildHasher>,
    /// Nodes expanded.
    pub nodes: u64,
}

impl Search {
    pub(crate) fn new(cx: &Ctx) -> Search {
        Search {
            table_cap: (cx.limits.max_memory / 4 / ENTRY_BYTES).max(1024),
            ..Search::default()
        }
    }

    fn remember(&mut self, key: Key, wins: bool) {
        if self.table.len() >= self.table_cap {
            self.table.clear();
        }
        self.table.insert(key, wins);
    }
}

/// A kind's listing of a position's options that only counts them: the
/// move ordering needs how many moves a child has, not the positions they
/// lead to, which a listing by the solver would intern (and hold) for
/// every child of every node searched.
struct Count(usize);

impl OptionSink for Count {
    fn single_ints(&mut self, _: GameId, _: &[i64]) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
    fn run(&mut self, _: &[RunPart], ks: (i64, i64)) -> Result<()> {
        self.0 += usize::try_from(ks.1 - ks.0).unwrap_or(0);
        Ok(())
    }
    fn single_list(&mut self, _: GameId, _: [u8; LIST_ITEMS], _: usize) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
    fn single_tuple(&mut self, _: GameId, _: [u8; LIST_ITEMS], _: usize) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
    fn single_set(&mut self, _: GameId, _: crate::model::SmallSet) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
    fn part_ints(&mut self, _: GameId, _: &[i64]) -> Result<()> {
        Ok(())
    }
    fn part_args(&mut self, _: GameId, _: &[Value]) -> Result<()> {
        Ok(())
    }
    fn end_option(&mut self) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
}

/// A node being searched: its children (each with the opponent to move)
/// in the order they are tried.
struct Frame {
    key: Key,
    children: Vec<Node>,
    cursor: usize,
}

fn other(s: Side) -> Side {
    match s {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Whether `side`, moving first, wins a game of outcome class `o`.
fn first_wins(o: Outcome, side: Side) -> bool {
    matches!(
        (o, side),
        (Outcome::N, _) | (Outcome::L, Side::Left) | (Outcome::R, Side::Right)
    )
}

impl Solver {
    /// The value of component `id` if it is known or small enough to
    /// find; None when the search keeps it open.
    fn small_value(&mut self, cx: &Ctx, s: &mut Search, id: u32) -> Result<Option<ValueId>> {
        if let Some(&v) = s.parts.get(&id) {
            return Ok(v);
        }
        // Decided by the part alone (never by what earlier queries
        // cached), so that a search expands the same positions in any
        // session: with or without `--jobs`, first or after other queries.
        // A part where one player has no move is an integer (§6.15), so
        // its value is found however many moves the other player has.
        let [left, right] = self.count_moves(cx, s, id)?;
        let v = if left + right > cx.limits.search_parts && left > 0 && right > 0 {
            None
        } else {
            Some(self.partizan_value(cx, id)?)
        };
        s.parts.insert(id, v);
        Ok(v)
    }

    /// The node of a sum of components and a known value.
    fn node_of(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        parts: impl IntoIterator<Item = u32>,
        mut known: ValueId,
    ) -> Result<Node> {
        let mut open = Vec::new();
        for p in parts {
            match self.small_value(cx, s, p)? {
                Some(v) => {
                    known = self
                        .partizan
                        .store
                        .add(known, v)
                        .map_err(|e| e.at(cx.span))?;
                }
                None => open.push(p),
            }
        }
        open.sort_unstable();
        Ok(Node { open, known })
    }

    /// The options `side` has in `node`: in its open components first,
    /// then in its known value, each once.
    fn node_children(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: &Node,
        side: Side,
    ) -> Result<Vec<Node>> {
        let mut out = Vec::new();
        let mut seen: HashSet<&Node> = HashSet::new();
        let mut children = Vec::new();
        for (i, &id) in node.open.iter().enumerate() {
            if node.open[..i].contains(&id) {
                continue;
            }
            self.expand_sides(cx, id)?;
            let options = self.partizan.sides[&id].side(side).to_vec();
            for parts in options {
                cx.tick()?;
                let rest = node.open[..i].iter().chain(&node.open[i + 1..]).copied();
                let mut child = self.node_of(cx, s, parts, node.known)?;
                child.open.extend(rest);
                child.open.sort_unstable();
                children.push(child);
            }
        }
        let store = &mut self.partizan.store;
        let known_options = match side {
            Side::Left => store.left_options(node.known),
            Side::Right => store.right_options(node.known),
        }
        .map_err(|e| e.at(cx.span))?;
        for &k in known_options.iter() {
            children.push(Node {
                open: node.open.clone(),
                known: k,
            });
        }
        for c in &children {
            if seen.insert(c) {
                out.push(c.clone());
            }
        }
        Ok(out)
    }

    /// How many moves Left and Right have in component `id`: from its
    /// options when it is expanded, else counted as the kind lists them
    /// (not interned: see `Count`).
    fn count_moves(&mut self, cx: &Ctx, s: &mut Search, id: u32) -> Result<[usize; 2]> {
        if let Some(sides) = self.partizan.sides.get(&id) {
            return Ok([sides.left.len(), sides.right.len()]);
        }
        if let Some(&n) = s.counts.get(&id) {
            return Ok(n);
        }
        cx.check()?;
        let comp = self.comp(id).clone();
        let kind = cx.defs.game(comp.game).kind.clone();
        let mut n = [0; 2];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            let mut count = Count(0);
            kind.sided_options(cx, comp.game, &comp.args, side, &mut count)?;
            n[k] = count.0;
        }
        s.counts.insert(id, n);
        Ok(n)
    }

    /// How many options `side` has in `node` (its open components' and
    /// its known value's), counted without expanding the open components.
    fn mobility(&mut self, cx: &Ctx, s: &mut Search, node: &Node, side: Side) -> Result<usize> {
        let mut n = 0;
        for &id in &node.open {
            n += self.count_moves(cx, s, id)?[usize::from(side == Side::Right)];
        }
        let store = &mut self.partizan.store;
        let k = match side {
            Side::Left => store.left_options(node.known),
            Side::Right => store.right_options(node.known),
        }
        .map_err(|e| e.at(cx.span))?;
        Ok(n + k.len())
    }

    /// `children` (the opponent of `side` to move in each) sorted so that
    /// the likeliest wins for `side` come first; or None when one of them
    /// leaves the opponent no move at all (so `side` wins at once, and the
    /// children after it are never listed).
    fn order(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: &Node,
        children: Vec<Node>,
        side: Side,
    ) -> Result<Option<Vec<Node>>> {
        let number = self.partizan.store.is_number(node.known);
        let mut scored = Vec::with_capacity(children.len());
        for (i, c) in children.into_iter().enumerate() {
            let theirs = self.mobility(cx, s, &c, other(side))? as i64;
            if theirs == 0 {
                return Ok(None);
            }
            let mine = self.mobility(cx, s, &c, side)? as i64;
            // A move in a number comes last (it only loses ground).
            let in_number = number && c.open == node.open && c.known != node.known;
            scored.push(((in_number, theirs - mine, i), c));
        }
        scored.sort_by_key(|(k, _)| *k);
        Ok(Some(scored.into_iter().map(|(_, c)| c).collect()))
    }

    /// A frame for `node` with `side` to move, or its result at once (a
    /// node with nothing open, or a child the table shows lost).
    fn frame(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: Node,
        side: Side,
    ) -> Result<Result<Frame, bool>> {
        s.nodes += 1;
        if s.nodes & 0x3ff == 0 {
            crate::progress::count("positions searched", s.nodes, None);
        }
        if node.open.is_empty() {
            return Ok(Err(first_wins(
                self.partizan.store.outcome(node.known),
                side,
            )));
        }
        let children = self.node_children(cx, s, &node, side)?;
        let opp = other(side);
        for c in &children {
            if s.table.get(&(c.clone(), opp)) == Some(&false) {
                return Ok(Err(true));
            }
        }
        let Some(children) = self.order(cx, s, &node, children, side)? else {
            return Ok(Err(true));
        };
        Ok(Ok(Frame {
            key: (node, side),
            children,
            cursor: 0,
        }))
    }

    /// Whether `side`, to move in `root`, wins.
    fn search_wins(&mut self, cx: &Ctx, s: &mut Search, root: Node, side: Side) -> Result<bool> {
        let key = (root, side);
        if let Some(&w) = s.table.get(&key) {
            return Ok(w);
        }
        let mut path: HashSet<Key, FxBuildHasher> = HashSet::default();
        let mut stack: Vec<Frame> = Vec::new();
        let mut done = match self.frame(cx, s, key.0.clone(), side)? {
            Ok(f) => {
                path.insert(f.key.clone());
                stack.push(f);
                None
            }
            Err(w) => Some(w),
        };
        while let Some(top) = stack.last_mut() {
            cx.tick()?;
            // The result of the child just searched, if any.
            if let Some(child_wins) = done.take() {
                if !child_wins {
                    let f = stack.pop().unwrap_or_else(|| unreachable!());
                    path.remove(&f.key);
                    s.remember(f.key, true);
                    done = Some(true);
                    continue;
                }
                top.cursor += 1;
            }
            let opp = other(top.key.1);
            let Some(child) = top.children.get(top.cursor) else {
                let f = stack.pop().unwrap_or_else(|| unreachable!());
                path.remove(&f.key);
                s.remember(f.key, false);
                done = Some(false);
                continue;
            };
            let ckey = (child.clone(), opp);
            if let Some(&w) = s.table.get(&ckey) {
                done = Some(w);
                continue;
            }
            if path.contains(&ckey) {
                return Err(SolveError::PartizanLoopy {
                    path: "a position of the search can come back".into(),
                    span: cx.span,
                }
                .into());
            }
            let depth = stack.len();
            if depth > cx.limits.max_depth {
                let (start, from) = (&stack[0].key.0.open, &stack[depth - 1].key.0.open);
                let ends = [At::Sum(start), At::Sum(from), At::Sum(&ckey.0.open)];
                return Err(self.chain_error(cx, ends, depth, Why::Depth));
            }
            match self.frame(cx, s, ckey.0, opp)? {
                Ok(f) => {
                    path.insert(f.key.clone());
                    stack.push(f);
                }
                Err(w) => done = Some(w),
            }
        }
        Ok(done.unwrap_or_else(|| unreachable!("the root was decided")))
    }

    /// The moves of `side` in the sum `ids` (as written) that win moving
    /// first, found by search: all of them, or the first found when
    /// `first` is set.
    pub(crate) fn search_winning(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        ids: &[u32],
        side: Side,
        first: bool,
    ) -> Result<Vec<SidedMove>> {
        let zero = self.partizan.store.zero();
        let mut moves = Vec::new();
        for (k, (m, child)) in self.sided_children(cx, ids, side)?.into_iter().enumerate() {
            let node = self.node_of(cx, s, child, zero)?;
            let theirs = self.mobility(cx, s, &node, other(side))? as i64;
            let mine = self.mobility(cx, s, &node, side)? as i64;
            moves.push((theirs - mine, k, m, node));
        }
        moves.sort_by_key(|(score, k, ..)| (*score, *k));
        let mut out = Vec::new();
        for (_, k, m, node) in moves {
            if !self.search_wins(cx, s, node, other(side))? {
                out.push((k, m));
                if first {
                    break;
                }
            }
        }
        // Back in the order the moves are listed in.
        out.sort_by_key(|(k, _)| *k);
        Ok(out.into_iter().map(|(_, m)| m).collect())
    }

    /// The outcome class of the sum `ids` by search, with a winning first
    /// move for each player who has one.
    pub(crate) fn search_outcome(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        ids: &[u32],
    ) -> Result<(Outcome, [Option<SidedMove>; 2])> {
        let left = self.search_winning(cx, s, ids, Side::Left, true)?;
        let right = self.search_winning(cx, s, ids, Side::Right, true)?;
        let o = Outcome::from_wins(!left.is_empty(), !right.is_empty());
        Ok((o, [left.into_iter().next(), right.into_iter().next()]))
    }
}
