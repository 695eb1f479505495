//! Partizan play (THEORY.md §6): the canonical value of each component,
//! computed bottom-up from the values of its Left and Right options with
//! an explicit stack, and kept in a `partizan::GameStore`; the value of a
//! sum is the sum of its components' values (never an expansion of the
//! sum). An impartial component is the nimber of its Grundy value, from
//! the ordinary Grundy DFS. Misère play depends on more than the values:
//! it is searched on the sum's own positions (sorted multisets).

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::error::AtSpan;
use crate::error::SolveError;
use crate::error::{Error, Result};
use crate::model::{Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, Side, Value};
use crate::partizan::{GameStore, Outcome, ValueId};

use super::Solver;
use super::chain::{At, Why};

/// The options of a component for each player, each option a list of
/// component ids (its parts; none for a move to `0`).
#[derive(Debug, Default)]
pub(super) struct Sides {
    pub(super) left: Vec<Vec<u32>>,
    pub(super) right: Vec<Vec<u32>>,
    /// Every part of every option, Left's first: the children the value
    /// DFS walks.
    flat: Vec<u32>,
}

impl Sides {
    pub(super) fn side(&self, s: Side) -> &[Vec<u32>] {
        match s {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }
}

/// The solver's partizan state (cached like Grundy values, dropped with
/// the rest by `Solver::clear`).
#[derive(Debug, Default)]
pub struct PartizanCache {
    pub store: GameStore,
    pub(super) values: HashMap<u32, ValueId, FxBuildHasher>,
    /// Impartial components that reach a partizan game (no Grundy value):
    /// valued through their options like a partizan component.
    mixed: HashMap<u32, (), FxBuildHasher>,
    pub(super) sides: HashMap<u32, Sides, FxBuildHasher>,
    /// (Left wins moving first, Right wins moving first) in misère play,
    /// per sorted multiset of component ids.
    misere: HashMap<Vec<u32>, (bool, bool), FxBuildHasher>,
    /// Option parts stored, and where the query under way must stop.
    parts: usize,
    parts_limit: usize,
    misere_limit: usize,
}

impl PartizanCache {
    /// A query begins: it may add its budget of moves and misère positions.
    pub(super) fn begin_query(&mut self, max_edges: usize, max_positions: usize) {
        self.parts_limit = self.parts.saturating_add(max_edges);
        self.misere_limit = self.misere.len().saturating_add(max_positions);
    }
}

/// The solver's end of a kind's sided listing: parts interned as they come.
struct Collect<'s, 'c> {
    solver: &'s mut Solver,
    cx: &'s Ctx<'c>,
    game: GameId,
    current: Vec<u32>,
    options: Vec<Vec<u32>>,
}

impl Collect<'_, '_> {
    fn push(&mut self, parts: Vec<u32>) -> Result<()> {
        let cache = &mut self.solver.partizan;
        cache.parts += parts.len().max(1);
        if cache.parts > cache.parts_limit {
            return Err(SolveError::MoveBudget {
                game: self.cx.defs.game(self.game).name.clone(),
                budget: self.cx.limits.max_edges(),
                span: self.cx.span,
            }
            .into());
        }
        self.options.push(parts);
        Ok(())
    }
}

impl OptionSink for Collect<'_, '_> {
    fn single_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        self.push(vec![id])
    }

    fn run(&mut self, parts: &[RunPart], ks: (i64, i64)) -> Result<()> {
        for k in ks.0..ks.1 {
            self.cx.tick()?;
            let mut ids = Vec::with_capacity(parts.len());
            for p in parts {
                let args = p.args(k);
                ids.push(
                    self.solver
                        .intern_ints(self.cx, p.game, &args[..p.arity.min(3)])?,
                );
            }
            self.push(ids)?;
        }
        Ok(())
    }

    fn single_list(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let id = self
            .solver
            .intern_list(self.cx, game, (false, items), len)?;
        self.push(vec![id])
    }

    fn single_tuple(&mut self, game: GameId, items: [u8; LIST_ITEMS], len: usize) -> Result<()> {
        let id = self.solver.intern_list(self.cx, game, (true, items), len)?;
        self.push(vec![id])
    }

    fn part_ints(&mut self, game: GameId, ints: &[i64]) -> Result<()> {
        let id = self.solver.intern_ints(self.cx, game, ints)?;
        self.current.push(id);
        Ok(())
    }

    fn part_args(&mut self, game: GameId, args: &[Value]) -> Result<()> {
        let id = self.solver.intern(self.cx, game, args)?;
        self.current.push(id);
        Ok(())
    }

    fn end_option(&mut self) -> Result<()> {
        let parts = std::mem::take(&mut self.current);
        self.push(parts)
    }
}

/// One player's options, each the list of its parts.
pub(super) type Options = Vec<Vec<u32>>;

/// A move of a sum: the index of the component moved in and the option's
/// parts that replace it.
#[derive(Debug, Clone)]
pub struct SidedMove {
    pub index: usize,
    pub parts: Vec<u32>,
}

impl Solver {
    /// List a component's Left and Right options (once).
    pub(super) fn expand_sides(&mut self, cx: &Ctx, id: u32) -> Result<()> {
        if self.partizan.sides.contains_key(&id) {
            return Ok(());
        }
        cx.check()?;
        let comp = self.comp(id).clone();
        let kind = cx.defs.game(comp.game).kind.clone();
        let mut sides = Sides::default();
        for s in [Side::Left, Side::Right] {
            let mut sink = Collect {
                solver: self,
                cx,
                game: comp.game,
                current: Vec::new(),
                options: Vec::new(),
            };
            kind.sided_options(cx, comp.game, &comp.args, s, &mut sink)?;
            match s {
                Side::Left => sides.left = sink.options,
                Side::Right => sides.right = sink.options,
            }
        }
        sides.flat = sides
            .left
            .iter()
            .chain(&sides.right)
            .flatten()
            .copied()
            .collect();
        self.partizan.sides.insert(id, sides);
        Ok(())
    }

    /// A component's (Left options, Right options), each option its parts.
    pub(super) fn sided_parts(&mut self, cx: &Ctx, id: u32) -> Result<(Options, Options)> {
        self.expand_sides(cx, id)?;
        let s = &self.partizan.sides[&id];
        Ok((s.left.clone(), s.right.clone()))
    }

    /// The value of an impartial component: the nimber of its Grundy
    /// value. None when it is partizan, or reaches a partizan game.
    fn impartial_value(&mut self, cx: &Ctx, id: u32) -> Result<Option<ValueId>> {
        let comp = self.comp(id);
        if cx.defs.game(comp.game).kind.partizan_position(&comp.args)
            || self.partizan.mixed.contains_key(&id)
        {
            return Ok(None);
        }
        let g = match self.grundy(cx, id) {
            Ok(g) => g,
            Err(Error::Solve(SolveError::Partizan { .. })) => {
                self.partizan.mixed.insert(id, ());
                return Ok(None);
            }
            Err(Error::Solve(SolveError::Cycle { path, span })) => {
                return Err(SolveError::PartizanLoopy { path, span }.into());
            }
            Err(e) => return Err(e),
        };
        let n = usize::try_from(g).unwrap_or(usize::MAX);
        let v = self.partizan.store.nimber(n).map_err(|e| e.at(cx.span))?;
        self.partizan.values.insert(id, v);
        Ok(Some(v))
    }

    /// Whether component `id`'s value is known (computing it when it is
    /// impartial).
    fn settled(&mut self, cx: &Ctx, id: u32) -> Result<bool> {
        if self.partizan.values.contains_key(&id) {
            return Ok(true);
        }
        // A game value met as a position is its own value.
        let comp = self.comp(id);
        if let Some(g) = cx.defs.game(comp.game).kind.game_value(&comp.args) {
            let g = g.clone();
            let v = crate::model::game_value::resolve(&mut self.partizan.store, &g, cx.span)?;
            self.partizan.values.insert(id, v);
            return Ok(true);
        }
        Ok(self.impartial_value(cx, id)?.is_some())
    }

    /// The canonical value of one component.
    pub(super) fn partizan_value(&mut self, cx: &Ctx, root: u32) -> Result<ValueId> {
        if self.settled(cx, root)? {
            return Ok(self.partizan.values[&root]);
        }
        // Iterative post-order: (component, cursor into its parts).
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut on_stack: HashMap<u32, (), FxBuildHasher> = HashMap::default();
        self.expand_sides(cx, root)?;
        on_stack.insert(root, ());
        stack.push((root, 0));
        while let Some(&mut (id, ref mut cursor)) = stack.last_mut() {
            cx.tick()?;
            let mut descend = None;
            while let Some(&child) = self.partizan.sides[&id].flat.get(*cursor) {
                if self.settled(cx, child)? {
                    *cursor += 1;
                    continue;
                }
                if on_stack.contains_key(&child) {
                    let from = stack.iter().position(|(c, _)| *c == child).unwrap_or(0);
                    let mut path: Vec<u32> = stack[from..].iter().map(|(c, _)| *c).collect();
                    path.push(child);
                    return Err(SolveError::PartizanLoopy {
                        path: self.path_text(cx, &path),
                        span: cx.span,
                    }
                    .into());
                }
                descend = Some(child);
                break;
            }
            if let Some(child) = descend {
                let (root, depth) = (stack[0].0, stack.len());
                let ends = [At::Comp(root), At::Comp(id), At::Comp(child)];
                if depth > cx.limits.max_depth {
                    return Err(self.chain_error(cx, ends, depth, Why::Depth));
                }
                if let Err(e) = self.expand_sides(cx, child) {
                    return Err(self.chain_or(cx, ends, depth, e));
                }
                on_stack.insert(child, ());
                stack.push((child, 0));
                continue;
            }
            // Every part has a value: {sums of Left options | sums of Right
            // options}. The options are not needed again once the value is
            // known (a later `moves` or misère search lists them anew): they
            // are dropped, which keeps memory to the values alone.
            let sides = self
                .partizan
                .sides
                .remove(&id)
                .unwrap_or_else(|| unreachable!("a component on the stack is expanded"));
            let left = self.option_values(cx, &sides.left)?;
            let right = self.option_values(cx, &sides.right)?;
            let v = self
                .partizan
                .store
                .game(&left, &right)
                .map_err(|e| e.at(cx.span))?;
            self.partizan.values.insert(id, v);
            on_stack.remove(&id);
            stack.pop();
        }
        Ok(self.partizan.values[&root])
    }

    /// The values of options whose parts all have values.
    fn option_values(&mut self, cx: &Ctx, options: &[Vec<u32>]) -> Result<Vec<ValueId>> {
        let mut out = Vec::with_capacity(options.len());
        for parts in options {
            let v = match &parts[..] {
                // A move to one component (or to 0): no sum to form.
                [] => self.partizan.store.zero(),
                [p] => self.partizan.values[p],
                _ => {
                    let vs: Vec<ValueId> = parts.iter().map(|p| self.partizan.values[p]).collect();
                    self.add_values(cx, &vs)?
                }
            };
            out.push(v);
        }
        Ok(out)
    }

    fn add_values(&mut self, cx: &Ctx, vs: &[ValueId]) -> Result<ValueId> {
        let store = &mut self.partizan.store;
        let mut x = store.zero();
        for &v in vs {
            cx.tick()?;
            x = store.add(x, v).map_err(|e| e.at(cx.span))?;
        }
        Ok(x)
    }

    /// The value of a sum: the sum of its components' values.
    pub(crate) fn partizan_sum(&mut self, cx: &Ctx, ids: &[u32]) -> Result<ValueId> {
        let mut vs = Vec::with_capacity(ids.len());
        for &id in ids {
            vs.push(self.partizan_value(cx, id)?);
        }
        self.add_values(cx, &vs)
    }

    /// The moves of `side` in the sum `ids`, each with the value it leads
    /// to; two moves to the same position (the same multiset of
    /// components, e.g. symmetric images made one by `canonical`) are
    /// listed once, as the first of them.
    pub(crate) fn partizan_moves(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        side: Side,
    ) -> Result<Vec<(SidedMove, ValueId)>> {
        let mut values = Vec::with_capacity(ids.len());
        for &id in ids {
            values.push(self.partizan_value(cx, id)?);
        }
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, &id) in ids.iter().enumerate() {
            // A component written twice gives the same moves once.
            if ids[..i].contains(&id) {
                continue;
            }
            let mut rest: Vec<ValueId> = values.clone();
            rest.remove(i);
            let rest = self.add_values(cx, &rest)?;
            let options = self.partizan.sides.get(&id).map(|s| s.side(side).to_vec());
            let options = match options {
                Some(o) => o,
                None => {
                    self.expand_sides(cx, id)?;
                    self.partizan.sides[&id].side(side).to_vec()
                }
            };
            for parts in options {
                if !seen.insert(child_of(ids, i, &parts)) {
                    continue;
                }
                let mut vs = vec![rest];
                for &p in &parts {
                    vs.push(self.partizan_value(cx, p)?);
                }
                let v = self.add_values(cx, &vs)?;
                out.push((SidedMove { index: i, parts }, v));
            }
        }
        Ok(out)
    }

    /// The moves of `side` that keep its win in normal play: to a
    /// position that is ≥ 0 (Left) or ≤ 0 (Right) with the opponent to move.
    pub(super) fn partizan_winning(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        side: Side,
    ) -> Result<Vec<SidedMove>> {
        let moves = self.partizan_moves(cx, ids, side)?;
        let keep = |o: Outcome| match side {
            Side::Left => matches!(o, Outcome::L | Outcome::P),
            Side::Right => matches!(o, Outcome::R | Outcome::P),
        };
        Ok(moves
            .into_iter()
            .filter(|(_, v)| keep(self.partizan.store.outcome(*v)))
            .map(|(m, _)| m)
            .collect())
    }

    /// The children of a sum node for one player, each a sorted multiset,
    /// with the move that makes it.
    pub(crate) fn sided_children(
        &mut self,
        cx: &Ctx,
        node: &[u32],
        side: Side,
    ) -> Result<Vec<(SidedMove, Vec<u32>)>> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, &id) in node.iter().enumerate() {
            if node[..i].contains(&id) {
                continue;
            }
            self.expand_sides(cx, id)?;
            let options = self.partizan.sides[&id].side(side).to_vec();
            for parts in options {
                cx.tick()?;
                let child = child_of(node, i, &parts);
                if seen.insert(child.clone()) {
                    out.push((SidedMove { index: i, parts }, child));
                }
            }
        }
        Ok(out)
    }

    /// (Left wins moving first, Right wins moving first) in misère play
    /// (the player who cannot move wins), searched on the sum's positions
    /// with an explicit stack.
    fn partizan_misere_wins(&mut self, cx: &Ctx, ids: &[u32]) -> Result<(bool, bool)> {
        let root = self.misere_key(cx, ids)?;
        if let Some(&w) = self.partizan.misere.get(&root) {
            return Ok(w);
        }
        // Frames: a node and the children of both sides, Left's first.
        struct Frame {
            node: Vec<u32>,
            children: Vec<(Side, Vec<u32>)>,
            cursor: usize,
        }
        let mut on_stack: HashMap<Vec<u32>, (), FxBuildHasher> = HashMap::default();
        let mut stack: Vec<Frame> = Vec::new();
        let frame = |s: &mut Solver, node: Vec<u32>| -> Result<Frame> {
            let mut children = Vec::new();
            for side in [Side::Left, Side::Right] {
                for (_, c) in s.sided_children(cx, &node, side)? {
                    children.push((side, s.misere_key(cx, &c)?));
                }
            }
            Ok(Frame {
                node,
                children,
                cursor: 0,
            })
        };
        on_stack.insert(root.clone(), ());
        stack.push(frame(self, root.clone())?);
        while let Some(top) = stack.last_mut() {
            cx.tick()?;
            let mut descend = None;
            while top.cursor < top.children.len() {
                let child = &top.children[top.cursor].1;
                if self.partizan.misere.contains_key(child) {
                    top.cursor += 1;
                    continue;
                }
                if on_stack.contains_key(child) {
                    let path: Vec<u32> = child.clone();
                    return Err(Error::Solve(SolveError::PartizanLoopy {
                        path: format!("{} can come back", self.path_text(cx, &path)),
                        span: cx.span,
                    }));
                }
                descend = Some(child.clone());
                break;
            }
            if let Some(child) = descend {
                let depth = stack.len();
                if depth > cx.limits.max_depth {
                    let [start, from] = [&stack[0].node, &stack[depth - 1].node];
                    let ends = [At::Sum(start), At::Sum(from), At::Sum(&child)];
                    return Err(self.chain_error(cx, ends, depth, Why::Depth));
                }
                on_stack.insert(child.clone(), ());
                let f = frame(self, child)?;
                stack.push(f);
                continue;
            }
            let top = stack
                .pop()
                .unwrap_or_else(|| unreachable!("the loop saw a frame"));
            let memo = &self.partizan.misere;
            let (mut lw, mut rw) = (true, true);
            let (mut any_l, mut any_r) = (false, false);
            let (mut l_found, mut r_found) = (false, false);
            for (side, c) in &top.children {
                let (cl, cr) = memo[c];
                match side {
                    Side::Left => {
                        any_l = true;
                        l_found |= !cr;
                    }
                    Side::Right => {
                        any_r = true;
                        r_found |= !cl;
                    }
                }
            }
            if any_l {
                lw = l_found;
            }
            if any_r {
                rw = r_found;
            }
            if self.partizan.misere.len() >= self.partizan.misere_limit {
                return Err(Error::Solve(SolveError::Budget {
                    game: self.comp_name(cx.defs, *top.node.first().unwrap_or(&0)),
                    budget: cx.limits.max_positions,
                    span: cx.span,
                }));
            }
            on_stack.remove(&top.node);
            cx.charge(64 + 4 * top.node.len(), cx.span)?;
            self.partizan.misere.insert(top.node, (lw, rw));
        }
        Ok(self.partizan.misere[&root])
    }

    /// A sum as the misère search keys it: the sorted multiset of its
    /// components less those where neither player has a move (a game with
    /// no option adds no move to a sum, whatever the convention, so the
    /// sums with and without it are the same game tree). Two sums that
    /// differ only by such components share one entry of the table.
    fn misere_key(&mut self, cx: &Ctx, node: &[u32]) -> Result<Vec<u32>> {
        let mut key = Vec::with_capacity(node.len());
        for &id in node {
            self.expand_sides(cx, id)?;
            let s = &self.partizan.sides[&id];
            if !(s.left.is_empty() && s.right.is_empty()) {
                key.push(id);
            }
        }
        key.sort_unstable();
        Ok(key)
    }

    /// The misère outcome class of a sum, by play.
    pub(super) fn partizan_misere_outcome(&mut self, cx: &Ctx, ids: &[u32]) -> Result<Outcome> {
        let (l, r) = self.partizan_misere_wins(cx, ids)?;
        Ok(Outcome::from_wins(l, r))
    }

    /// The moves of `side` that keep its win in misère play.
    pub(super) fn partizan_misere_winning(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
        side: Side,
    ) -> Result<Vec<SidedMove>> {
        let mut node: Vec<u32> = ids.to_vec();
        // Children are found on the node as written, so that a move's
        // index names the component as written.
        let children = self.sided_children(cx, &node, side)?;
        node.sort_unstable();
        let mut out = Vec::new();
        for (m, child) in children {
            let (cl, cr) = self.partizan_misere_wins(cx, &child)?;
            let opponent_wins = match side {
                Side::Left => cr,
                Side::Right => cl,
            };
            if !opponent_wins {
                out.push(m);
            }
        }
        Ok(out)
    }
}

/// The sorted multiset of components after component `i` of `node` moves
/// to `parts`.
fn child_of(node: &[u32], i: usize, parts: &[u32]) -> Vec<u32> {
    let mut child: Vec<u32> = node.to_vec();
    child.remove(i);
    child.extend_from_slice(parts);
    child.sort_unstable();
    child
}
