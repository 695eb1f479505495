//! Outcome by search (`outcome P by search`, `winning P for left by
//! search`; THEORY.md §6.15): who wins a partizan position in normal play,
//! found by playing it out instead of by its canonical value.
//!
//! A search node is a sum split in two: the components whose value is not
//! known (`open`, a sorted multiset of component ids) and one canonical
//! value (`known`), the sum of the values of every other component. A
//! part a move makes joins `known` when it is small: at most
//! `--search-parts` options in all (`Limits::search_parts`), valued by the
//! canonical walk under the query's budgets, and so is a bigger part where
//! one player has no move and never gets one (an integer, its longest
//! run); any other part stays open.
//! A node with nothing open is decided by its value's outcome class.
//!
//! Two searches run on these nodes (`--search-algo`): proof-number
//! search (`dfpn.rs`, the default), and the one below (`alphabeta`).
//! The search below is a depth-first AND/OR search on "the player to move wins",
//! with an explicit stack: a node is won when some child (the opponent to
//! move) is lost, lost when every child is won. Children are tried in
//! order of the opponent's mobility (options in the child) minus the
//! mover's, fewest first, moves in `known` after the others when it is a
//! number; before descending, a child already lost in the table, or one
//! where the opponent has no move, decides the node at once.
//!
//! Memory is bounded: the open parts are components held by the nodes
//! themselves, never interned in the solver (whose positions and options
//! stay for the session), and are listed (`Build`) only for the nodes on
//! the stack, whose children are dropped when the node is decided; a
//! child's moves are counted by a listing that builds nothing (`Count`).
//! Beyond the stack the search keeps two caches of bounded size: the
//! transposition table of decided nodes (exact, since a win or loss does
//! not depend on the path), keyed by the parts' packed keys (`PartKey`: a
//! board in a few words), which when full drops the entries whose
//! searches expanded the fewest nodes (at least half of them); and what
//! it learnt of each part met (its move counts and, if small, its value),
//! emptied when full. Both are sized from `--search-table` (by default a
//! quarter of `--max-memory`). The parts taken into `known` are valued
//! by walks (`runs.rs`) whose memo is a third cache of the same size,
//! emptied when a walk starts and it is full: nothing the search meets is interned in the solver
//! (unless a walk gives up: a part that is not a short game, or of a
//! game kind the walk does not list, goes to the canonical engine).

use std::collections::{HashMap, HashSet};
use std::io::Write as _;

use rustc_hash::FxBuildHasher;

use crate::error::{AtSpan, Result, SolveError};
use crate::model::{
    Collect, Comp, Ctx, GameId, LIST_ITEMS, OptionSink, RunPart, SearchAlgo, Side, Value,
};
use crate::partizan::{Outcome, ValueId};

use super::chain::{At, Why};
use super::keys::BoardKey;
use super::runs::Runs;
use super::{SidedMove, Solver};

/// Bytes a table entry costs besides its parts' keys, about: the map's
/// slot, the boxed slice's header and the allocator's.
const ENTRY_BYTES: usize = 64;
/// Bytes a part-cache entry costs besides its key, about.
pub(super) const PART_BYTES: usize = 48;

/// A part's key in the table and the part cache: a board packed in a few
/// words when it fits (`BoardKey`), else the component itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum PartKey {
    Board(BoardKey),
    Comp(Comp),
}

impl PartKey {
    pub(super) fn of(c: &Comp) -> PartKey {
        match BoardKey::new(c.game, &c.args) {
            Some(k) => PartKey::Board(k),
            None => PartKey::Comp(c.clone()),
        }
    }

    /// The bytes it holds, about (its arguments' when it is a component).
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<PartKey>()
            + match self {
                PartKey::Board(_) => 0,
                PartKey::Comp(c) => super::payload(&c.args).0,
            }
    }
}

/// An open part of a node: the component, and its key (which alone
/// decides equality, hashing and order).
#[derive(Clone, Debug)]
pub(super) struct Part {
    pub(super) key: PartKey,
    pub(super) comp: Comp,
}

impl PartialEq for Part {
    fn eq(&self, o: &Part) -> bool {
        self.key == o.key
    }
}
impl Eq for Part {}
impl std::hash::Hash for Part {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.key.hash(h);
    }
}
impl PartialOrd for Part {
    fn partial_cmp(&self, o: &Part) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Part {
    fn cmp(&self, o: &Part) -> std::cmp::Ordering {
        self.key.cmp(&o.key)
    }
}

/// A search node: the open components (sorted) and the known value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    pub(super) open: Vec<Part>,
    pub(super) known: ValueId,
}

/// A node with the player to move.
pub(super) type Key = (Node, Side);

/// A decided node's key in the table: its open parts' keys, its known
/// value and the player to move.
type TableKey = (Box<[PartKey]>, ValueId, Side);

fn table_key(node: &Node, side: Side) -> TableKey {
    let parts = node.open.iter().map(|p| p.key.clone()).collect();
    (parts, node.known, side)
}

/// Proof or disproof number of a decided node: infinite.
pub(super) const INF: u64 = u64::MAX;

/// A node in the table: its proof and disproof numbers (the player to
/// move wins: `pn` 0; loses: `dn` 0; else df-pn's estimates,
/// `dfpn.rs`), and the nodes its searches expanded (what keeping it
/// saves).
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) pn: u64,
    pub(super) dn: u64,
    pub(super) size: u64,
}

impl Entry {
    /// A decided node.
    pub(super) fn decided(wins: bool, size: u64) -> Entry {
        let (pn, dn) = if wins { (0, INF) } else { (INF, 0) };
        Entry { pn, dn, size }
    }

    /// Whether the player to move wins, if decided.
    pub(super) fn wins(&self) -> Option<bool> {
        if self.pn == 0 {
            Some(true)
        } else if self.dn == 0 {
            Some(false)
        } else {
            None
        }
    }
}

/// What the search knows of a part met: Left's and Right's numbers of
/// moves, and its value when it is small enough to take (None: searched).
#[derive(Clone, Copy, Debug)]
struct PartInfo {
    moves: [usize; 2],
    value: Option<ValueId>,
}

/// What a search found, and how much it looked at. Everything it keeps
/// beyond the nodes on its stack is bounded: the table of decided nodes
/// and the cache of parts met each hold at most a share of the memory
/// budget, and make room when full (`remember`, `note_part`).
#[derive(Debug, Default)]
pub(crate) struct Search {
    /// Decided nodes (and, for df-pn, the numbers of undecided ones), by
    /// key.
    table: HashMap<TableKey, Entry, FxBuildHasher>,
    /// Bytes the table holds, about, and how many it may.
    table_bytes: usize,
    table_cap: usize,
    /// Each part met, by key.
    parts: HashMap<PartKey, PartInfo, FxBuildHasher>,
    parts_bytes: usize,
    parts_cap: usize,
    /// Parts met for the first time since the part cache was last
    /// emptied, counted against the position budget.
    parts_met: usize,
    /// The longest runs of the one-sided parts walked (`runs.rs`).
    runs: Runs,
    /// Entries the table dropped to make room.
    pub evicted: u64,
    /// Nodes expanded.
    pub nodes: u64,
    /// The bitboard search of placement games (`placement.rs`).
    pub(super) native: super::placement_search::Native,
    /// The search to run (`--search-algo`).
    pub(super) algo: SearchAlgo,
}

impl Search {
    pub(crate) fn new(cx: &Ctx) -> Search {
        let table_cap = match cx.limits.search_table {
            0 => cx.limits.max_memory / 4,
            n => n,
        };
        let parts_cap = table_cap.min(cx.limits.max_memory / 8);
        Search {
            table_cap,
            parts_cap,
            algo: cx.limits.search_algo,
            runs: Runs::new(parts_cap),
            ..Search::default()
        }
    }

    /// A search whose table and part cache may hold about `bytes` each
    /// (tests: a tiny table, so that entries are dropped).
    #[cfg(test)]
    fn with_caps(bytes: usize) -> Search {
        Search {
            table_cap: bytes,
            parts_cap: bytes,
            runs: Runs::new(bytes),
            ..Search::default()
        }
    }

    pub(super) fn lookup(&self, node: &Node, side: Side) -> Option<bool> {
        self.entry(node, side)?.wins()
    }

    pub(super) fn entry(&self, node: &Node, side: Side) -> Option<Entry> {
        self.table.get(&table_key(node, side)).copied()
    }

    /// Keep a decided node. When the table is full, the entries whose
    /// searches expanded the fewest nodes go first: at least half of
    /// them, those at or below the median size, so that the work of a
    /// refill pays for the sweep.
    pub(super) fn remember(&mut self, node: &Node, side: Side, d: Entry) {
        let key = table_key(node, side);
        let bytes = ENTRY_BYTES + key.0.iter().map(PartKey::bytes).sum::<usize>();
        if self.table_bytes + bytes > self.table_cap {
            let mut sizes: Vec<u64> = self.table.values().map(|d| d.size).collect();
            let before = self.table.len();
            if !sizes.is_empty() {
                let mid = sizes.len() / 2;
                let median = *sizes.select_nth_unstable(mid).1;
                self.table.retain(|_, d| d.size > median);
            }
            self.evicted += (before - self.table.len()) as u64;
            self.table_bytes = self
                .table
                .keys()
                .map(|k| ENTRY_BYTES + k.0.iter().map(PartKey::bytes).sum::<usize>())
                .sum();
        }
        if self.table_bytes + bytes <= self.table_cap {
            self.table_bytes += bytes;
            if self.table.insert(key, d).is_some() {
                self.table_bytes -= bytes;
            }
        }
    }

    /// Keep what is known of a part; the cache is emptied when full (it
    /// only saves recounting).
    fn note_part(&mut self, key: PartKey, info: PartInfo) {
        let bytes = PART_BYTES + key.bytes();
        if self.parts_bytes + bytes > self.parts_cap {
            self.parts.clear();
            self.parts_bytes = 0;
        }
        self.parts_bytes += bytes;
        self.parts.insert(key, info);
    }
}

/// A kind's listing of a position's options that only counts them: the
/// move ordering needs how many moves a child has, not the positions they
/// lead to, which a listing by the solver would intern (and hold) for
/// every child of every node searched.
struct Count(usize);

impl OptionSink for Count {
    fn counts_only(&self) -> bool {
        true
    }
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
/// in the order they are tried, and the nodes expanded when it began.
struct Frame {
    key: Key,
    children: Vec<Node>,
    cursor: usize,
    began: u64,
}

pub(super) fn other(s: Side) -> Side {
    match s {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Whether `side`, moving first, wins a game of outcome class `o`.
pub(super) fn first_wins(o: Outcome, side: Side) -> bool {
    matches!(
        (o, side),
        (Outcome::N, _) | (Outcome::L, Side::Left) | (Outcome::R, Side::Right)
    )
}

impl Solver {
    /// What the search knows of part `c`: its moves, counted, and its
    /// value if it is small enough to find (None when the search keeps it
    /// open).
    fn part_info(&mut self, cx: &Ctx, s: &mut Search, key: &PartKey, c: &Comp) -> Result<PartInfo> {
        if let Some(&i) = s.parts.get(key) {
            return Ok(i);
        }
        s.parts_met += 1;
        if s.parts_met > cx.limits.max_positions {
            return Err(self.budget_error(cx, c.game));
        }
        // Decided by the part alone (never by what earlier queries
        // cached), so that a search expands the same positions in any
        // session: with or without `--jobs`, first or after other queries.
        // A bigger part where one player has no move is an integer
        // (§6.15): taken when that player never gets a move (its longest
        // run, a walk of the mover's moves only), else searched, since its
        // integer would take its whole game tree.
        let [left, right] = count_moves(cx, c)?;
        let run = if left == 0 || right == 0 {
            self.one_sided_value(cx, s, key, c, [left, right])?
        } else {
            None
        };
        let value = match run {
            Some(v) => Some(v),
            None if left + right <= cx.limits.search_parts => {
                Some(self.small_part_value(cx, s, key, c)?)
            }
            None => None,
        };
        let info = PartInfo {
            moves: [left, right],
            value,
        };
        s.note_part(key.clone(), info);
        Ok(info)
    }

    /// The integer of a part where one player has no move, when they never
    /// get one (`runs.rs`); None when they do (the part stays open).
    fn one_sided_value(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        key: &PartKey,
        c: &Comp,
        [left, right]: [usize; 2],
    ) -> Result<Option<ValueId>> {
        let store = &mut self.partizan.store;
        if left == 0 && right == 0 {
            return Ok(Some(store.zero()));
        }
        let mover = if right == 0 { Side::Left } else { Side::Right };
        Ok(s.runs.one_sided(cx, c, key, mover)?.map(|n| {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            store.integer(if mover == Side::Left { n } else { -n })
        }))
    }

    /// The value of a small part the search takes into `known` (not
    /// one-sided for good: `one_sided_value`): by a walk of its game tree
    /// (`runs.rs`, nothing interned), else by the canonical engine.
    fn small_part_value(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        key: &PartKey,
        c: &Comp,
    ) -> Result<ValueId> {
        if let Some(v) = s.runs.value(cx, &mut self.partizan.store, c, key)? {
            return Ok(v);
        }
        let id = self.intern_comp(cx, c)?;
        self.partizan_value(cx, id)
    }

    /// The node of a sum of components and a known value.
    pub(super) fn node_of(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        parts: impl IntoIterator<Item = Comp>,
        mut known: ValueId,
    ) -> Result<Node> {
        let mut open = Vec::new();
        for comp in parts {
            let key = PartKey::of(&comp);
            match self.part_info(cx, s, &key, &comp)?.value {
                Some(v) => {
                    known = self
                        .partizan
                        .store
                        .add(known, v)
                        .map_err(|e| e.at(cx.span))?;
                }
                None => open.push(Part { key, comp }),
            }
        }
        open.sort_unstable();
        Ok(Node { open, known })
    }

    /// The options `side` has in `node`: in its open components first,
    /// then in its known value, each once.
    pub(super) fn node_children(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: &Node,
        side: Side,
    ) -> Result<Vec<Node>> {
        let mut children = Vec::new();
        for (i, part) in node.open.iter().enumerate() {
            if node.open[..i].contains(part) {
                continue;
            }
            for parts in list_options(cx, &part.comp, side)? {
                cx.tick()?;
                let rest = node.open[..i].iter().chain(&node.open[i + 1..]).cloned();
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
        let mut seen: HashSet<&Node, FxBuildHasher> = HashSet::default();
        let mut keep = vec![false; children.len()];
        for (i, c) in children.iter().enumerate() {
            keep[i] = seen.insert(c);
        }
        drop(seen);
        let mut k = keep.into_iter();
        children.retain(|_| k.next().unwrap_or(false));
        Ok(children)
    }

    /// How many options `side` has in `node` (its open components' and
    /// its known value's), counted without listing the open components'.
    pub(super) fn mobility(
        &mut self,
        cx: &Ctx,
        s: &mut Search,
        node: &Node,
        side: Side,
    ) -> Result<usize> {
        let mut n = 0;
        for p in &node.open {
            n += self.part_info(cx, s, &p.key, &p.comp)?.moves[usize::from(side == Side::Right)];
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
        self.count_node(s);
        if node.open.is_empty() {
            return Ok(Err(first_wins(
                self.partizan.store.outcome(node.known),
                side,
            )));
        }
        let began = s.nodes;
        let children = self.node_children(cx, s, &node, side)?;
        let opp = other(side);
        for c in &children {
            if s.lookup(c, opp) == Some(false) {
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
            began,
        }))
    }

    /// One node more expanded: the progress line, and what each store
    /// holds every 65,536 nodes when `GRUNDY_SEARCH_STATS` is set.
    pub(super) fn count_node(&self, s: &mut Search) {
        s.nodes += 1;
        if s.nodes & 0x3ff == 0 {
            crate::progress::count("positions searched", s.nodes, None);
        }
        if s.nodes & 0xffff == 0 && std::env::var_os("GRUNDY_SEARCH_STATS").is_some() {
            self.search_stats(s);
        }
    }

    /// What each store holds (debugging: `GRUNDY_SEARCH_STATS`).
    fn search_stats(&self, s: &Search) {
        let rss = std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|t| t.split_whitespace().nth(1)?.parse::<u64>().ok())
            .unwrap_or(0)
            * 4096;
        // A debugging printout: a failed write of it is ignored.
        let _ = writeln!(
            std::io::stderr().lock(),
            "stats nodes={} table={} table_bytes={} evicted={} parts={} parts_bytes={} runs={} runs_cleared={} comps={} edges={} pvalues={} psides={} store={} rss_mib={}",
            s.nodes,
            s.table.len(),
            s.table_bytes,
            s.evicted,
            s.parts.len(),
            s.parts_bytes,
            s.runs.len(),
            s.runs.cleared,
            self.comps.len(),
            self.parts.len(),
            self.partizan.values.len(),
            self.partizan.sides.len(),
            self.partizan.store.len(),
            rss >> 20
        );
    }

    /// Whether the search may enter `ends[2]` from `ends[1]` at `depth`
    /// (`ends[0]` its root): not when the child is already on the path
    /// (a short game never comes back, so the rules are loopy), nor past
    /// `--max-depth`.
    pub(super) fn may_enter(
        &mut self,
        cx: &Ctx,
        on_path: bool,
        ends: [&Node; 3],
        depth: usize,
    ) -> Result<()> {
        if on_path {
            return Err(SolveError::PartizanLoopy {
                path: "a position of the search can come back".into(),
                span: cx.span,
            }
            .into());
        }
        if depth > cx.limits.max_depth {
            let start = self.sum_ids(cx, &ends[0].open)?;
            let from = self.sum_ids(cx, &ends[1].open)?;
            let reached = self.sum_ids(cx, &ends[2].open)?;
            let ends = [At::Sum(&start), At::Sum(&from), At::Sum(&reached)];
            return Err(self.chain_error(cx, ends, depth, Why::Depth));
        }
        Ok(())
    }

    /// The components of a sum of parts interned, for a diagnostic.
    pub(super) fn sum_ids(&mut self, cx: &Ctx, open: &[Part]) -> Result<Vec<u32>> {
        let mut ids: Vec<u32> = open
            .iter()
            .map(|p| self.intern_comp(cx, &p.comp))
            .collect::<Result<_>>()?;
        ids.sort_unstable();
        Ok(ids)
    }

    /// Whether `side`, to move in `root`, wins: by df-pn or by the
    /// depth-first search (`--search-algo`).
    fn search_wins(&mut self, cx: &Ctx, s: &mut Search, root: Node, side: Side) -> Result<bool> {
        if let Some(w) = s.lookup(&root, side) {
            return Ok(w);
        }
        if s.algo == SearchAlgo::Dfpn {
            return self.dfpn_wins(cx, s, root, side);
        }
        let mut path: HashSet<Key, FxBuildHasher> = HashSet::default();
        let mut stack: Vec<Frame> = Vec::new();
        let mut done = match self.frame(cx, s, root, side)? {
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
                    decided(s, &mut path, f, true);
                    done = Some(true);
                    continue;
                }
                top.cursor += 1;
            }
            let opp = other(top.key.1);
            let Some(child) = top.children.get(top.cursor) else {
                let f = stack.pop().unwrap_or_else(|| unreachable!());
                decided(s, &mut path, f, false);
                done = Some(false);
                continue;
            };
            if let Some(w) = s.lookup(child, opp) {
                done = Some(w);
                continue;
            }
            let ckey = (child.clone(), opp);
            let ends = [&stack[0].key.0, &stack[stack.len() - 1].key.0, &ckey.0];
            self.may_enter(cx, path.contains(&ckey), ends, stack.len())?;
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
        if let Some(moves) = self.placement_winning(cx, s, ids, side, first)? {
            return Ok(moves);
        }
        let zero = self.partizan.store.zero();
        let mut moves = Vec::new();
        for (k, (m, child)) in self.sided_children(cx, ids, side)?.into_iter().enumerate() {
            let comps: Vec<Comp> = child.iter().map(|&c| self.comp(c).clone()).collect();
            let node = self.node_of(cx, s, comps, zero)?;
            let theirs = self.mobility(cx, s, &node, other(side))? as i64;
            let mine = self.mobility(cx, s, &node, side)? as i64;
            moves.push((theirs - mine, k, m, node));
        }
        moves.sort_by_key(|(score, k, ..)| (*score, *k));
        if first && s.algo == SearchAlgo::Dfpn {
            // The root as written, every component open: df-pn keeps it
            // off its path and out of its table, so it is never valued
            // (a part with one player's moves only would be, by its whole
            // game tree, for nothing).
            let mut open: Vec<Part> = ids
                .iter()
                .map(|&i| {
                    let comp = self.comp(i).clone();
                    Part {
                        key: PartKey::of(&comp),
                        comp,
                    }
                })
                .collect();
            open.sort_unstable();
            let root = Node { open, known: zero };
            let nodes = moves.iter().map(|(.., n)| n.clone()).collect();
            let won = self.dfpn_root(cx, s, root, nodes, side)?;
            return Ok(won.map(|i| moves.swap_remove(i).2).into_iter().collect());
        }
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

/// What the search takes of each interned component of `ids` alone, with
/// Left's and Right's numbers of moves (tests: which parts join `known`).
#[cfg(test)]
impl Solver {
    pub(crate) fn parts_taken(
        &mut self,
        cx: &Ctx,
        ids: &[u32],
    ) -> Result<Vec<(Option<ValueId>, [usize; 2])>> {
        let mut s = Search::new(cx);
        let mut out = Vec::new();
        for &id in ids {
            let c = self.comp(id).clone();
            let info = self.part_info(cx, &mut s, &PartKey::of(&c), &c)?;
            out.push((info.value, info.moves));
        }
        Ok(out)
    }
}

/// A frame popped with its result: off the path, into the table.
fn decided(s: &mut Search, path: &mut HashSet<Key, FxBuildHasher>, f: Frame, wins: bool) {
    path.remove(&f.key);
    let size = s.nodes - f.began + 1;
    s.remember(&f.key.0, f.key.1, Entry::decided(wins, size));
}

/// `side`'s options in `c`, each the list of its parts, not interned.
pub(super) fn list_options(cx: &Ctx, c: &Comp, side: Side) -> Result<Vec<Vec<Comp>>> {
    cx.check()?;
    let kind = cx.defs.game(c.game).kind.clone();
    let mut sink = Collect::default();
    kind.sided_options(cx, c.game, &c.args, side, &mut sink)?;
    Ok(sink.options)
}

/// How many moves `side` has in `c`, counted as the kind lists them (not
/// interned: see `Count`).
pub(super) fn count_side(cx: &Ctx, c: &Comp, side: Side) -> Result<usize> {
    cx.check()?;
    let kind = cx.defs.game(c.game).kind.clone();
    let mut count = Count(0);
    kind.sided_options(cx, c.game, &c.args, side, &mut count)?;
    Ok(count.0)
}

/// How many moves Left and Right have in `c`.
fn count_moves(cx: &Ctx, c: &Comp) -> Result<[usize; 2]> {
    Ok([
        count_side(cx, c, Side::Left)?,
        count_side(cx, c, Side::Right)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::GameStore;

    fn node(i: i64, known: ValueId) -> Node {
        let comp = Comp {
            game: GameId(0),
            args: vec![Value::Int(i)].into(),
        };
        Node {
            open: vec![Part {
                key: PartKey::of(&comp),
                comp,
            }],
            known,
        }
    }

    /// A full table drops its smallest subtrees first, stays within its
    /// bytes, and never answers wrong: a kept node has the answer it was
    /// given, a dropped one none.
    #[test]
    fn a_full_table_drops_its_smallest_subtrees_and_never_lies() {
        let zero = GameStore::new().zero();
        let one = node(0, zero);
        let bytes = ENTRY_BYTES + one.open[0].key.bytes();
        let mut s = Search::with_caps(10 * bytes);
        // Sizes scattered over 1..=997; node 500 is the biggest subtree.
        let size = |i: i64| {
            if i == 500 {
                10_000
            } else {
                (i * 389 % 997 + 1) as u64
            }
        };
        for i in 0..2000 {
            let side = if i % 3 == 0 { Side::Left } else { Side::Right };
            s.remember(&node(i, zero), side, Entry::decided(i % 2 == 0, size(i)));
            assert!(
                s.table_bytes <= s.table_cap,
                "{} bytes after {i}",
                s.table_bytes
            );
            assert_eq!(s.table_bytes, s.table.len() * bytes);
        }
        assert!(s.evicted > 0);
        assert_eq!(s.lookup(&node(500, zero), Side::Right), Some(true));
        let mut kept = 0;
        for i in 0..2000 {
            let side = if i % 3 == 0 { Side::Left } else { Side::Right };
            if let Some(w) = s.lookup(&node(i, zero), side) {
                assert_eq!(w, i % 2 == 0, "node {i}");
                kept += 1;
            }
            assert_eq!(s.lookup(&node(i, zero), other(side)), None);
        }
        assert_eq!(kept, s.table.len());
        assert!(kept > 0 && kept <= 10);
    }
}
