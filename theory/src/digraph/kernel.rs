//! Kernels and kernel sequences (THEORY.md §1) by backtracking search with
//! propagation, under a node budget.
//!
//! One engine serves both. A vertex of the current level is unknown, in or
//! out of the kernel being built; each keeps `poss` (followers of this level
//! not yet out) and `absorbed` (followers in). Propagation rules, each a
//! consequence of "independent and absorbing":
//! - in ⇒ every follower and every predecessor is out (so a vertex with a
//!   self-loop is never in);
//! - unknown with `poss == 0` ⇒ in (nothing could absorb it; sinks first);
//! - out with `absorbed == 0`: `poss == 0` is a contradiction, `poss == 1`
//!   forces that last follower in.
//!
//! On an acyclic graph these rules alone are the retrograde analysis, so the
//! unique kernel (the P-positions) comes out with no branching, in linear
//! time. Otherwise the search branches on one unknown vertex (in, then out),
//! preferring a follower of the out vertex with fewest possible absorbers.
//! Assignments go on a trail and are undone on backtracking; there is no
//! recursion.
//!
//! For kernel sequences a completed level is frozen: its in-vertices become
//! class Ki, its out-vertices form the next level (Ki+1 must be a kernel of
//! what remains), with counters recomputed. Backtracking below a level's
//! start unfreezes it by recomputing its counters from the trail, so memory
//! stays O(n + m) whatever the depth.

use super::Digraph;

/// Default node budget for the searches.
pub const DEFAULT_SEARCH_BUDGET: u64 = 1_000_000;

/// All kernels of a digraph, as far as the budget allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelResult {
    /// Each kernel sorted; the list sorted.
    pub kernels: Vec<Vec<u32>>,
    /// `false` when the budget stopped the search: more kernels may exist.
    pub complete: bool,
}

/// All kernel sequences K0, K1, …, Kr of a digraph, as far as the budget
/// allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSequences {
    /// Each sequence is its classes in order, each class sorted; the list
    /// sorted.
    pub sequences: Vec<Vec<Vec<u32>>>,
    /// `false` when the budget stopped the search.
    pub complete: bool,
}

/// What a search may spend. When any limit is reached the search stops
/// and says it is incomplete.
pub struct SearchLimits<'s> {
    /// Branching nodes (and, for sequences, completed classes).
    pub nodes: u64,
    /// Propagation steps in all.
    pub work: u64,
    /// Solutions listed.
    pub results: usize,
    /// Asked every 4,096 propagation steps: true stops the search (the
    /// caller's Ctrl-C or memory budget).
    pub stop: &'s dyn Fn() -> bool,
}

impl SearchLimits<'_> {
    /// Only a node budget.
    pub fn nodes(nodes: u64) -> SearchLimits<'static> {
        SearchLimits {
            nodes,
            work: u64::MAX,
            results: usize::MAX,
            stop: &|| false,
        }
    }
}

/// Every kernel of `g`, searching at most `budget` branching nodes. An
/// acyclic graph needs none: its unique kernel is its set of P-positions.
pub fn kernels(g: &Digraph, budget: u64) -> KernelResult {
    kernels_within(g, &SearchLimits::nodes(budget))
}

/// Every kernel of `g`, as far as the limits allow.
pub fn kernels_within(g: &Digraph, limits: &SearchLimits) -> KernelResult {
    let mut s = Search::new(g, false, limits);
    let mut kernels = Vec::new();
    let complete = s.run(|s| {
        let mut k: Vec<u32> = s.g.vertices().filter(|&v| s.st[v as usize] == IN).collect();
        k.sort_unstable();
        kernels.push(k);
        kernels.len() < limits.results
    });
    kernels.sort();
    KernelResult { kernels, complete }
}

/// Every kernel sequence of `g`, searching at most `budget` nodes (branchings
/// plus completed classes). For an acyclic graph the unique sequence is the
/// Grundy classes, computed in linear time.
pub fn kernel_sequences(g: &Digraph, budget: u64) -> KernelSequences {
    kernel_sequences_within(g, &SearchLimits::nodes(budget))
}

/// Every kernel sequence of `g`, as far as the limits allow.
pub fn kernel_sequences_within(g: &Digraph, limits: &SearchLimits) -> KernelSequences {
    if let Ok(values) = super::grundy_acyclic(g) {
        let classes = values.iter().max().map_or(0, |&m| m as usize + 1);
        let mut seq = vec![Vec::new(); classes];
        for (v, &x) in values.iter().enumerate() {
            seq[x as usize].push(v as u32);
        }
        return KernelSequences {
            sequences: vec![seq],
            complete: true,
        };
    }
    let mut s = Search::new(g, true, limits);
    let mut sequences = Vec::new();
    let complete = s.run(|s| {
        let levels = s.level_starts.len() - 1;
        let seq: Vec<Vec<u32>> = (0..levels)
            .map(|l| {
                let mut class: Vec<u32> = s.trail[s.level_starts[l]..s.level_starts[l + 1]]
                    .iter()
                    .copied()
                    .filter(|&v| s.level[v as usize] == l as u32)
                    .collect();
                class.sort_unstable();
                class
            })
            .collect();
        sequences.push(seq);
        sequences.len() < limits.results
    });
    sequences.sort();
    KernelSequences {
        sequences,
        complete,
    }
}

const UNKNOWN: u8 = 0;
const IN: u8 = 1;
const OUT: u8 = 2;
/// `level[v]` of a vertex not yet frozen into a class.
const ACTIVE: u32 = u32::MAX;

#[derive(Clone, Copy)]
enum Act {
    In(u32),
    Out(u32),
    Check(u32),
}

struct Search<'a> {
    g: &'a Digraph,
    rev: Digraph,
    multi_level: bool,
    all: Vec<u32>,
    level: Vec<u32>,
    st: Vec<u8>,
    poss: Vec<u32>,
    absorbed: Vec<u32>,
    trail: Vec<u32>,
    /// Trail index where each started level begins.
    level_starts: Vec<usize>,
    /// Number of vertices in each started level.
    level_sizes: Vec<usize>,
    /// (trail length before, vertex, whether the "out" branch is running).
    decisions: Vec<(usize, u32, bool)>,
    work: Vec<Act>,
    nodes: u64,
    budget: u64,
    /// Propagation steps taken, and the most allowed.
    steps: u64,
    max_steps: u64,
    stop: &'a dyn Fn() -> bool,
    /// Set when a limit or `stop` ended the search.
    halted: bool,
}

impl<'a> Search<'a> {
    fn new(g: &'a Digraph, multi_level: bool, limits: &SearchLimits<'a>) -> Search<'a> {
        let n = g.num_vertices();
        Search {
            g,
            rev: g.reverse(),
            multi_level,
            all: g.vertices().collect(),
            level: vec![ACTIVE; n],
            st: vec![UNKNOWN; n],
            poss: g.vertices().map(|v| g.out_degree(v) as u32).collect(),
            absorbed: vec![0; n],
            trail: Vec::with_capacity(n),
            level_starts: vec![0],
            level_sizes: vec![n],
            decisions: Vec::new(),
            work: g.vertices().map(Act::Check).collect(),
            nodes: 0,
            budget: limits.nodes,
            steps: 0,
            max_steps: limits.work,
            stop: limits.stop,
            halted: false,
        }
    }

    /// Runs the whole search, calling `found` at each solution (which
    /// answers whether to go on); returns whether it finished within the
    /// limits.
    fn run(&mut self, mut found: impl FnMut(&Self) -> bool) -> bool {
        let mut ok = self.propagate();
        loop {
            if self.halted {
                return false;
            }
            if ok {
                let top = self.level_starts.len() - 1;
                let assigned = self.trail.len() - self.level_starts[top];
                if assigned == self.level_sizes[top] {
                    if !self.multi_level {
                        if !found(self) {
                            return false;
                        }
                    } else {
                        self.nodes += 1;
                        if self.nodes > self.budget {
                            return false;
                        }
                        if self.freeze() > 0 {
                            ok = self.propagate();
                            continue;
                        }
                        if !found(self) {
                            return false;
                        }
                    }
                } else {
                    self.nodes += 1;
                    if self.nodes > self.budget {
                        return false;
                    }
                    if let Some(var) = self.choose() {
                        self.decisions.push((self.trail.len(), var, false));
                        self.work.push(Act::In(var));
                        ok = self.propagate();
                        continue;
                    }
                }
            }
            if !self.backtrack() {
                return true;
            }
            ok = self.propagate();
        }
    }

    fn backtrack(&mut self) -> bool {
        while let Some((pos, var, out_branch)) = self.decisions.pop() {
            self.undo_to(pos);
            if !out_branch {
                self.decisions.push((pos, var, true));
                self.work.push(Act::Out(var));
                return true;
            }
        }
        false
    }

    fn propagate(&mut self) -> bool {
        while let Some(act) = self.work.pop() {
            self.steps += 1;
            if self.steps & 0xfff == 0 && (self.steps > self.max_steps || (self.stop)()) {
                self.halted = true;
                self.work.clear();
                return false;
            }
            let ok = match act {
                Act::In(v) => self.assign(v, IN),
                Act::Out(v) => self.assign(v, OUT),
                Act::Check(v) => self.check(v),
            };
            if !ok {
                self.work.clear();
                return false;
            }
        }
        true
    }

    fn active(&self, v: u32) -> bool {
        self.level[v as usize] == ACTIVE
    }

    fn assign(&mut self, v: u32, val: u8) -> bool {
        let vi = v as usize;
        if !self.active(v) {
            return true;
        }
        if self.st[vi] != UNKNOWN {
            return self.st[vi] == val;
        }
        self.st[vi] = val;
        self.trail.push(v);
        let (g, rev) = (self.g, &self.rev);
        if val == IN {
            for &p in rev.successors(v) {
                if self.level[p as usize] == ACTIVE {
                    self.absorbed[p as usize] += 1;
                    self.work.push(Act::Out(p));
                }
            }
            for &s in g.successors(v) {
                if self.level[s as usize] == ACTIVE {
                    self.work.push(Act::Out(s));
                }
            }
        } else {
            for &p in rev.successors(v) {
                if self.level[p as usize] == ACTIVE {
                    self.poss[p as usize] -= 1;
                    self.work.push(Act::Check(p));
                }
            }
            self.work.push(Act::Check(v));
        }
        true
    }

    fn check(&mut self, x: u32) -> bool {
        let xi = x as usize;
        if !self.active(x) {
            return true;
        }
        match self.st[xi] {
            UNKNOWN if self.poss[xi] == 0 => self.work.push(Act::In(x)),
            OUT if self.absorbed[xi] == 0 => match self.poss[xi] {
                0 => return false,
                1 => {
                    let last = self
                        .g
                        .successors(x)
                        .iter()
                        .copied()
                        .find(|&s| self.active(s) && self.st[s as usize] != OUT);
                    if let Some(s) = last {
                        self.work.push(Act::In(s));
                    }
                }
                _ => {}
            },
            _ => {}
        }
        true
    }

    fn undo_one(&mut self, v: u32) {
        let val = self.st[v as usize];
        self.st[v as usize] = UNKNOWN;
        for &p in self.rev.successors(v) {
            let pi = p as usize;
            if self.level[pi] != ACTIVE {
                continue;
            }
            if val == IN {
                self.absorbed[pi] -= 1;
            } else if val == OUT {
                self.poss[pi] += 1;
            }
        }
    }

    fn undo_to(&mut self, pos: usize) {
        while self.trail.len() > pos {
            let top_start = self.level_starts.last().copied().unwrap_or(0);
            if self.trail.len() == top_start && self.level_starts.len() > 1 {
                self.unfreeze();
                continue;
            }
            match self.trail.pop() {
                Some(v) => self.undo_one(v),
                None => break,
            }
        }
    }

    /// The vertices of the current level.
    fn level_vertices(&self) -> &[u32] {
        let top = self.level_starts.len() - 1;
        if top == 0 {
            &self.all
        } else {
            &self.trail[self.level_starts[top - 1]..self.level_starts[top]]
        }
    }

    /// Branching vertex: an unknown follower of the unabsorbed out vertex
    /// with fewest possible absorbers, else any unknown vertex.
    fn choose(&self) -> Option<u32> {
        let mut best: Option<(u32, u32)> = None;
        let mut any = None;
        for &v in self.level_vertices() {
            let vi = v as usize;
            if !self.active(v) {
                continue;
            }
            match self.st[vi] {
                UNKNOWN if any.is_none() => any = Some(v),
                OUT if self.absorbed[vi] == 0 && best.is_none_or(|(p, _)| self.poss[vi] < p) => {
                    best = Some((self.poss[vi], v));
                }
                _ => {}
            }
        }
        if let Some((_, v)) = best {
            let pick = self
                .g
                .successors(v)
                .iter()
                .copied()
                .find(|&s| self.active(s) && self.st[s as usize] == UNKNOWN);
            if pick.is_some() {
                return pick;
            }
        }
        any
    }

    /// Freezes the completed current level: its in-vertices become a class,
    /// its out-vertices the next level. Returns the next level's size.
    fn freeze(&mut self) -> usize {
        let top = self.level_starts.len() - 1;
        let start = self.level_starts[top];
        let class = top as u32;
        for i in start..self.trail.len() {
            let v = self.trail[i] as usize;
            if self.st[v] == IN {
                self.level[v] = class;
            }
        }
        let mut size = 0;
        for i in start..self.trail.len() {
            let v = self.trail[i];
            let vi = v as usize;
            if self.level[vi] != ACTIVE {
                continue;
            }
            size += 1;
            self.st[vi] = UNKNOWN;
            self.absorbed[vi] = 0;
            let level = &self.level;
            self.poss[vi] = self
                .g
                .successors(v)
                .iter()
                .filter(|&&s| level[s as usize] == ACTIVE)
                .count() as u32;
            self.work.push(Act::Check(v));
        }
        self.level_starts.push(self.trail.len());
        self.level_sizes.push(size);
        size
    }

    /// Undoes `freeze` of the level below the (empty) current one.
    fn unfreeze(&mut self) {
        self.level_starts.pop();
        self.level_sizes.pop();
        let top = self.level_starts.len() - 1;
        let start = self.level_starts[top];
        let class = top as u32;
        for i in start..self.trail.len() {
            let v = self.trail[i] as usize;
            if self.level[v] == class {
                self.level[v] = ACTIVE;
                self.st[v] = IN;
            } else {
                self.st[v] = OUT;
            }
        }
        for i in start..self.trail.len() {
            let v = self.trail[i];
            let (mut poss, mut absorbed) = (0, 0);
            for &s in self.g.successors(v) {
                let si = s as usize;
                if self.level[si] == ACTIVE {
                    match self.st[si] {
                        IN => {
                            poss += 1;
                            absorbed += 1;
                        }
                        OUT => {}
                        _ => poss += 1,
                    }
                }
            }
            self.poss[v as usize] = poss;
            self.absorbed[v as usize] = absorbed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(n: usize, e: &[(u32, u32)]) -> Digraph {
        Digraph::from_edges(n, e).unwrap()
    }

    #[test]
    fn basic_kernels() {
        let tri = g(3, &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(
            kernels(&tri, 1000),
            KernelResult {
                kernels: vec![],
                complete: true
            }
        );
        let two = g(2, &[(0, 1), (1, 0)]);
        assert_eq!(kernels(&two, 1000).kernels, vec![vec![0], vec![1]]);
        let looped = g(2, &[(0, 0), (0, 1)]);
        assert_eq!(kernels(&looped, 1000).kernels, vec![vec![1]]);
        let lone_loop = g(1, &[(0, 0)]);
        assert!(kernels(&lone_loop, 1000).kernels.is_empty());
        assert_eq!(
            kernels(&Digraph::empty(), 0).kernels,
            vec![Vec::<u32>::new()]
        );
    }

    #[test]
    fn sequences_of_two_cycle() {
        let two = g(2, &[(0, 1), (1, 0)]);
        let s = kernel_sequences(&two, 1000);
        assert!(s.complete);
        assert_eq!(
            s.sequences,
            vec![vec![vec![0], vec![1]], vec![vec![1], vec![0]]]
        );
        assert!(
            kernel_sequences(&g(3, &[(0, 1), (1, 2), (2, 0)]), 1000)
                .sequences
                .is_empty()
        );
    }

    #[test]
    fn budget_stops() {
        // 12 disjoint 2-cycles: 4096 kernels.
        let e: Vec<(u32, u32)> = (0..12u32)
            .flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)])
            .collect();
        let r = kernels(&g(24, &e), 100);
        assert!(!r.complete);
        let r = kernels(&g(24, &e), 1_000_000);
        assert!(r.complete);
        assert_eq!(r.kernels.len(), 4096);
    }
}
