//! Spine benchmark: the interpreter against the same games written by hand.
//!
//! `cargo bench --bench spine` computes, side by side, Wythoff (every
//! position below 300×300, a dense table), Chomp 10×10 (rows list),
//! Moore's Nim₂ on three heaps as a list (below [24, 24, 24]), Wythoff with
//! its heaps as one pair (below (200, 200)) and Node Kayles on the vertex
//! sets of the 5×6 grid graph — sizes at which each side runs for about
//! 100 ms or more, so that the load of a shared machine moves the ratio
//! less (`--small` gives the sizes of rounds one to six: Chomp 7×7, Moore
//! [12, 12, 12], the pair below (60, 60), Node Kayles on the 4×5 grid):
//!
//! - interpreted: the files of `bench/games` (wythoff, chomp, moore,
//!   wythoff_pair, node_kayles_4x5 with its graph and query set to the
//!   size) run through `Session::run_text`, as `grundy run` would;
//! - hand-written: plain Rust below, what a user would write — for Wythoff
//!   a dense array of values over the box, each the mex of its options
//!   (the interpreter computes such a game into a dense table too:
//!   `src/solve/dense.rs`); for the others, discover the positions from the
//!   root with an explicit stack, intern each one in an `FxHashMap` to a
//!   dense id, store the option lists (CSR: a range per position into one
//!   edge array), and compute Grundy values by mex.
//!
//! Both sides are checked to agree (the Grundy value of every position;
//! for the state graphs also the position and edge counts; the P-positions
//! theory knows) before anything is printed, so the ratio always compares
//! the same answers.
//!
//! Options (after `--`): `--runs N` (timed runs per side; the median is
//! reported; default 3 for Wythoff and 5 for the others); sizes `--small`,
//! `--wythoff N`, `--chomp N` (n×n, n ≤ 12), `--moore N`, `--pair N`,
//! `--grid RxC` (at most 32 vertices); `--only
//! wythoff|chomp|moore|pair|nodekayles|lists` (lists: the last three);
//! `--instructions` (after the table, each side of each row run once more
//! under `valgrind --tool=callgrind`, counting the instructions inside that
//! side only: a ratio that the load does not move); `--interp-only` (for
//! profilers: the interpreter once per row, nothing checked); `--side
//! interp|hand` with `--only ROW` (one side once, nothing printed: what
//! `--instructions` runs; with `--side interp --file PATH`, that file
//! instead of a row: instruction counts of any workload, run the way the
//! rows are).

use std::hash::Hash;
use std::time::Instant;

use grundy::Answer;
use grundy::{Mode, Session};
use rustc_hash::FxHashMap;

const WYTHOFF_FILE: &str = include_str!("../bench/games/wythoff.game");
const CHOMP_FILE: &str = include_str!("../bench/games/chomp.game");
const MOORE_FILE: &str = include_str!("../bench/games/moore.game");
const WYTHOFF_PAIR_FILE: &str = include_str!("../bench/games/wythoff_pair.game");
const NODE_KAYLES_FILE: &str = include_str!("../bench/games/node_kayles_4x5.game");

// ---------------------------------------------------------------------------
// Hand-written side.

/// A game written by hand: a position type and how to list its options.
trait HandGame {
    type Pos: Copy + Eq + Hash;
    fn options(&self, p: &Self::Pos, out: &mut Vec<Self::Pos>);
}

const UNEXPANDED: u32 = u32::MAX;
const UNKNOWN: u32 = u32::MAX;

/// The state graph: positions interned to dense ids, options in CSR form
/// (`range[id]` is a slice of `edges`), Grundy values by id.
struct Graph<P> {
    ids: FxHashMap<P, u32>,
    pos: Vec<P>,
    range: Vec<(u32, u32)>,
    edges: Vec<u32>,
    grundy: Vec<u32>,
}

impl<P: Copy + Eq + Hash> Graph<P> {
    fn new() -> Self {
        Graph {
            ids: FxHashMap::default(),
            pos: Vec::new(),
            range: Vec::new(),
            edges: Vec::new(),
            grundy: Vec::new(),
        }
    }

    fn intern(&mut self, p: P) -> u32 {
        let next = self.pos.len() as u32;
        let id = *self.ids.entry(p).or_insert(next);
        if id == next {
            self.pos.push(p);
            self.range.push((UNEXPANDED, UNEXPANDED));
            self.grundy.push(UNKNOWN);
        }
        id
    }

    fn expand<G: HandGame<Pos = P>>(&mut self, g: &G, id: u32, buf: &mut Vec<P>) {
        if self.range[id as usize].0 != UNEXPANDED {
            return;
        }
        buf.clear();
        g.options(&self.pos[id as usize], buf);
        let start = self.edges.len() as u32;
        for &q in buf.iter() {
            let c = self.intern(q);
            self.edges.push(c);
        }
        self.range[id as usize] = (start, self.edges.len() as u32);
    }

    /// Post-order over the reachable graph with an explicit stack: expand a
    /// position when first reached, then its value is the mex of its options'.
    fn solve<G: HandGame<Pos = P>>(g: &G, root: P) -> (Self, u32) {
        let mut gr = Graph::new();
        let mut buf = Vec::new();
        let root = gr.intern(root);
        gr.expand(g, root, &mut buf);
        let mut stack: Vec<(u32, u32)> = vec![(root, gr.range[root as usize].0)];
        let mut seen: Vec<bool> = Vec::new();
        while let Some(&mut (id, ref mut cursor)) = stack.last_mut() {
            let end = gr.range[id as usize].1;
            while *cursor < end && gr.grundy[gr.edges[*cursor as usize] as usize] != UNKNOWN {
                *cursor += 1;
            }
            if *cursor < end {
                let child = gr.edges[*cursor as usize];
                gr.expand(g, child, &mut buf);
                stack.push((child, gr.range[child as usize].0));
                continue;
            }
            let (a, b) = gr.range[id as usize];
            let n = (b - a) as usize;
            seen.clear();
            seen.resize(n + 1, false);
            for &c in &gr.edges[a as usize..b as usize] {
                let v = gr.grundy[c as usize] as usize;
                if v <= n {
                    seen[v] = true;
                }
            }
            gr.grundy[id as usize] = seen.iter().position(|s| !s).unwrap_or(n) as u32;
            stack.pop();
        }
        (gr, root)
    }

    fn value(&self, p: &P) -> Option<u32> {
        self.ids.get(p).map(|&id| self.grundy[id as usize])
    }

    /// Heap bytes held, per position: the hash table (key, value and a
    /// control byte per bucket), the position list, ranges, edges, values.
    fn bytes_per_position(&self) -> f64 {
        let entry = std::mem::size_of::<(P, u32)>() + 1;
        let bytes = self.ids.capacity() * entry
            + self.pos.capacity() * std::mem::size_of::<P>()
            + self.range.capacity() * 8
            + self.edges.capacity() * 4
            + self.grundy.capacity() * 4;
        bytes as f64 / self.pos.len().max(1) as f64
    }
}

/// The most rows a Chomp position of the bench has.
const CHOMP_MAX: usize = 12;

/// Chomp with up to `CHOMP_MAX` rows: row lengths, row 0 first, 0 = no row.
struct Chomp;

impl HandGame for Chomp {
    type Pos = [u8; CHOMP_MAX];
    fn options(&self, rows: &[u8; CHOMP_MAX], out: &mut Vec<[u8; CHOMP_MAX]>) {
        for i in 0..CHOMP_MAX {
            for j in 0..rows[i] {
                if (i, j) == (0, 0) {
                    continue;
                }
                let mut next = *rows;
                for r in &mut next[i..] {
                    *r = (*r).min(j);
                }
                out.push(next);
            }
        }
    }
}

/// Moore's Nim₂ on three heaps: take from one heap, or from two.
struct Moore;

impl HandGame for Moore {
    type Pos = [u8; 3];
    fn options(&self, hs: &[u8; 3], out: &mut Vec<[u8; 3]>) {
        for i in 0..3 {
            for a in 0..hs[i] {
                let mut next = *hs;
                next[i] = a;
                out.push(next);
            }
        }
        for i in 0..3 {
            for j in i + 1..3 {
                for a in 0..hs[i] {
                    for b in 0..hs[j] {
                        let mut next = *hs;
                        next[i] = a;
                        next[j] = b;
                        out.push(next);
                    }
                }
            }
        }
    }
}

/// Wythoff with its heaps as a pair.
struct WythoffPair;

impl HandGame for WythoffPair {
    type Pos = (u16, u16);
    fn options(&self, &(a, b): &(u16, u16), out: &mut Vec<(u16, u16)>) {
        out.extend((1..=a).map(|k| (a - k, b)));
        out.extend((1..=b).map(|k| (a, b - k)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    }
}

/// Node Kayles on the `rows`×`cols` grid graph (at most 32 vertices): a
/// position is the set of vertices left, vertex `r·cols + c` (row `r`
/// named a, b, c, …) as one bit; a move takes a vertex and its neighbours.
struct NodeKayles {
    rows: usize,
    cols: usize,
    neighbours: Vec<u32>,
}

impl NodeKayles {
    fn grid(rows: usize, cols: usize) -> Self {
        assert!(
            rows * cols <= 32 && rows <= 26,
            "Node Kayles: at most 32 vertices"
        );
        let mut neighbours = vec![0u32; rows * cols];
        for (v, n) in neighbours.iter_mut().enumerate() {
            let (r, c) = (v / cols, v % cols);
            let near = [
                (r + 1, c),
                (r, c + 1),
                (r.wrapping_sub(1), c),
                (r, c.wrapping_sub(1)),
            ];
            for (r2, c2) in near {
                if r2 < rows && c2 < cols {
                    *n |= 1 << (r2 * cols + c2);
                }
            }
        }
        NodeKayles {
            rows,
            cols,
            neighbours,
        }
    }

    fn name(&self, v: usize) -> String {
        format!(
            "{}{}",
            char::from(b'a' + (v / self.cols) as u8),
            v % self.cols
        )
    }

    /// Every vertex.
    fn all(&self) -> u32 {
        (((1u64) << (self.rows * self.cols)) - 1) as u32
    }

    /// The graph as the language declares it: each vertex with its right
    /// and lower neighbours.
    fn declaration(&self) -> String {
        let mut parts = Vec::new();
        for v in 0..self.rows * self.cols {
            let (r, c) = (v / self.cols, v % self.cols);
            let mut near = Vec::new();
            if c + 1 < self.cols {
                near.push(self.name(v + 1));
            }
            if r + 1 < self.rows {
                near.push(self.name(v + self.cols));
            }
            if !near.is_empty() {
                parts.push(format!("{} -- {}", self.name(v), near.join(", ")));
            }
        }
        format!("graph G {{ {} }}", parts.join("; "))
    }

    /// The position as the language writes it: `NKsets({G(a0), ...})`.
    fn show(&self, left: u32) -> String {
        let names: Vec<String> = (0..self.rows * self.cols)
            .filter(|v| left >> v & 1 == 1)
            .map(|v| format!("G({})", self.name(v)))
            .collect();
        format!("NKsets({{{}}})", names.join(", "))
    }
}

impl HandGame for NodeKayles {
    type Pos = u32;
    fn options(&self, &left: &u32, out: &mut Vec<u32>) {
        let mut rest = left;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out.push(left & !(1 << v) & !self.neighbours[v]);
        }
    }
}

// ---------------------------------------------------------------------------
// Interpreted side.

struct InterpRun {
    session: Session,
    answer: Answer,
}

fn run_interp(name: &str, text: &str) -> InterpRun {
    let mut session = Session::with_limits(grundy::Limits {
        max_positions: 50_000_000,
        // The bench's own state (earlier runs, the hand-written side) is
        // held by the same thread: no memory budget here.
        max_memory: usize::MAX,
        max_steps: u64::MAX,
        max_depth: usize::MAX,
        ..grundy::Limits::default()
    });
    let mut answer = None;
    let ok = session.run_text(name, text, Mode::Run, &mut |_, r| match r {
        Ok(a) => answer = Some(a),
        Err(e) => panic!("{name}: {e:?}"),
    });
    assert!(ok, "{name} failed");
    InterpRun {
        session,
        answer: answer.expect("the file has a query"),
    }
}

/// Run more queries in a solved session (not timed), collecting answers;
/// the text goes in pieces of whole lines under the language's input limit.
fn ask(session: &mut Session, text: &str) -> Vec<Answer> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = rest.len().min(1 << 20);
        if cut < rest.len() {
            cut = rest[..cut].rfind('\n').expect("lines under 1 MiB") + 1;
        }
        let ok = session.run_text("check.game", &rest[..cut], Mode::Run, &mut |_, r| match r {
            Ok(a) => out.push(a),
            Err(e) => panic!("check query failed: {e:?}"),
        });
        assert!(ok);
        rest = &rest[cut..];
    }
    out
}

/// A finite value as a number (through `Display`, so this works whatever
/// type the answer uses for values).
fn finite(v: &impl std::fmt::Display) -> u64 {
    let s = v.to_string();
    s.parse()
        .unwrap_or_else(|_| panic!("expected a finite value, got {s}"))
}

fn grundy_of(a: &Answer) -> u64 {
    match a {
        Answer::Grundy { value, .. } => finite(value),
        other => panic!("expected a Grundy value, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Measurement.

struct Row {
    game: String,
    positions: usize,
    edges: usize,
    interp_s: f64,
    hand_s: f64,
    interp_bpp: f64,
    hand_bpp: f64,
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The interpreted side of a row, one run: what `--instructions` counts
/// (callgrind collects inside this function only).
#[inline(never)]
fn interp_side(name: &str, text: &str) -> InterpRun {
    run_interp(name, text)
}

/// The hand-written side of a state-graph row, one run (counted as
/// `interp_side` is).
#[inline(never)]
fn hand_side<G: HandGame>(game: &G, root: G::Pos) -> (Graph<G::Pos>, u32) {
    Graph::solve(game, root)
}

/// The hand-written side of the dense Wythoff row, one run.
#[inline(never)]
fn hand_side_dense(side: usize) -> Vec<u32> {
    wythoff_dense(side)
}

/// Time both sides `runs` times, alternating so that load on the machine
/// hits both alike; the results of the last runs are kept for checking.
fn measure<G: HandGame>(
    runs: usize,
    name: &str,
    text: &str,
    game: &G,
    root: G::Pos,
) -> (Vec<f64>, Vec<f64>, InterpRun, Graph<G::Pos>, u32) {
    let (mut ti, mut th) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = interp_side(name, text);
        ti.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let h = hand_side(game, root);
        th.push(t.elapsed().as_secs_f64());
        // Dropping is outside the timings, on both sides.
        last = Some((r, h));
    }
    let (r, (h, root_id)) = last.expect("at least one run");
    (ti, th, r, h, root_id)
}

/// Wythoff the way a user writes it for one box: a dense array of values,
/// each the mex of the three lines of options.
fn wythoff_dense(side: usize) -> Vec<u32> {
    let mut g = vec![0u32; side * side];
    let mut seen = vec![0usize; 4 * side + 4];
    for a in 0..side {
        for b in 0..side {
            let stamp = a * side + b + 1;
            for k in 1..=a {
                seen[g[(a - k) * side + b] as usize] = stamp;
            }
            for k in 1..=b {
                seen[g[a * side + b - k] as usize] = stamp;
            }
            for k in 1..=a.min(b) {
                seen[g[(a - k) * side + b - k] as usize] = stamp;
            }
            g[a * side + b] = (0..).find(|&v| seen[v] != stamp).unwrap() as u32;
        }
    }
    g
}

// ---------------------------------------------------------------------------
// The rows and their sizes.

/// The instances: the default sizes make each side run for about 100 ms
/// or more (so that a millisecond of load is no longer the ratio);
/// `--small` gives the sizes of rounds one to six.
#[derive(Clone, Copy)]
struct Sizes {
    /// Side of the Wythoff square (dense table against a dense array).
    wythoff: u32,
    /// Chomp on an n×n bar (rows list).
    chomp: usize,
    /// Moore's Nim₂ on three heaps of this size.
    moore: u8,
    /// Wythoff as a pair: every position below (n, n).
    pair: u16,
    /// Node Kayles on the rows×cols grid.
    grid: (usize, usize),
}

impl Sizes {
    const BIG: Sizes = Sizes {
        wythoff: 300,
        chomp: 10,
        moore: 24,
        pair: 200,
        grid: (5, 6),
    };
    const SMALL: Sizes = Sizes {
        wythoff: 300,
        chomp: 7,
        moore: 12,
        pair: 60,
        grid: (4, 5),
    };

    fn wythoff_text(&self) -> String {
        WYTHOFF_FILE.replace(
            "grundy Wythoff(299, 299)",
            &format!("grundy Wythoff({0}, {0})", self.wythoff - 1),
        )
    }

    fn chomp_text(&self) -> String {
        let rows = vec![self.chomp.to_string(); self.chomp].join(", ");
        CHOMP_FILE.replace(
            "grundy Chomp([7, 7, 7, 7, 7, 7, 7])",
            &format!("grundy Chomp([{rows}])"),
        )
    }

    fn chomp_root(&self) -> [u8; CHOMP_MAX] {
        let mut root = [0; CHOMP_MAX];
        root[..self.chomp].fill(self.chomp as u8);
        root
    }

    fn moore_text(&self) -> String {
        MOORE_FILE.replace(
            "grundy Moore([12, 12, 12])",
            &format!("grundy Moore([{0}, {0}, {0}])", self.moore),
        )
    }

    fn pair_text(&self) -> String {
        WYTHOFF_PAIR_FILE.replace(
            "grundy WP((59, 59))",
            &format!("grundy WP(({0}, {0}))", self.pair - 1),
        )
    }

    fn node_kayles(&self) -> NodeKayles {
        NodeKayles::grid(self.grid.0, self.grid.1)
    }

    fn node_kayles_text(&self) -> String {
        let nk = self.node_kayles();
        NODE_KAYLES_FILE
            .lines()
            .map(|l| {
                if l.starts_with("graph G") {
                    nk.declaration()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Run one side of one row once, nothing checked or printed: what
    /// `--instructions` runs under callgrind.
    fn run_side(&self, row: &str, interp: bool) {
        let (name, text) = match row {
            "wythoff" => ("wythoff.game", self.wythoff_text()),
            "chomp" => ("chomp.game", self.chomp_text()),
            "moore" => ("moore.game", self.moore_text()),
            "pair" => ("wythoff_pair.game", self.pair_text()),
            "nodekayles" => ("node_kayles.game", self.node_kayles_text()),
            other => panic!("--side needs --only with one row, not {other}"),
        };
        if interp {
            std::hint::black_box(interp_side(name, &text));
            return;
        }
        match row {
            "wythoff" => drop(std::hint::black_box(hand_side_dense(self.wythoff as usize))),
            "chomp" => drop(std::hint::black_box(hand_side(&Chomp, self.chomp_root()))),
            "moore" => drop(std::hint::black_box(hand_side(&Moore, [self.moore; 3]))),
            "pair" => drop(std::hint::black_box(hand_side(
                &WythoffPair,
                (self.pair - 1, self.pair - 1),
            ))),
            _ => {
                let nk = self.node_kayles();
                drop(std::hint::black_box(hand_side(&nk, nk.all())));
            }
        }
    }
}

/// Wythoff through the language (which computes it into a dense table:
/// `src/solve/dense.rs`) against the dense array above.
fn bench_wythoff(runs: usize, sizes: &Sizes) -> Row {
    let side = sizes.wythoff;
    let text = sizes.wythoff_text();
    let n = side as usize;
    let (mut ti, mut th) = (Vec::new(), Vec::new());
    let mut last = None;
    let mut held = 0isize;
    for _ in 0..runs {
        let before = grundy_theory::mem::held();
        let t = Instant::now();
        let r = interp_side("wythoff.game", &text);
        ti.push(t.elapsed().as_secs_f64());
        held = grundy_theory::mem::held() - before;
        let t = Instant::now();
        let h = hand_side_dense(n);
        th.push(t.elapsed().as_secs_f64());
        last = Some((r, h));
    }
    let (mut r, h) = last.expect("at least one run");
    assert_eq!(grundy_of(&r.answer), u64::from(h[n * n - 1]));
    // Every value, through the language's own `table` query.
    let answers = ask(
        &mut r.session,
        &format!("table Wythoff 0..{side}, 0..{side}"),
    );
    let Answer::Table { rows, .. } = &answers[0] else {
        panic!("expected a table")
    };
    for (a, row) in rows.iter().enumerate() {
        for (b, v) in row.iter().enumerate() {
            assert_eq!(finite(v) as u32, h[a * n + b], "Wythoff({a}, {b})");
        }
    }
    // Wythoff's P-positions: (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images.
    for a in 0..n {
        for b in a..n {
            let p = wythoff_p(a as u64, b as u64);
            assert_eq!(h[a * n + b] == 0, p, "Wythoff({a}, {b}) by theory");
            assert_eq!(h[b * n + a] == 0, p, "Wythoff({b}, {a}) by theory");
        }
    }
    Row {
        game: format!("Wythoff {side}x{side} (dense)"),
        positions: n * n,
        edges: 0,
        interp_s: median(ti),
        hand_s: median(th),
        interp_bpp: held as f64 / (n * n) as f64,
        hand_bpp: 4.0,
    }
}

/// Whether Wythoff's (a, b), a ≤ b, is a P-position: a = ⌊kφ⌋ with
/// k = b − a (exact in floating point for the sizes of the bench).
fn wythoff_p(a: u64, b: u64) -> bool {
    let phi = f64::midpoint(1.0, 5f64.sqrt());
    a == ((b - a) as f64 * phi).floor() as u64
}

fn bench_chomp(runs: usize, sizes: &Sizes) -> Row {
    let n = sizes.chomp;
    let text = sizes.chomp_text();
    let (ti, th, mut r, h, root) = measure(runs, "chomp.game", &text, &Chomp, sizes.chomp_root());
    let positions = r.session.graph_stats().positions;
    let edges = r.session.graph_stats().edges;
    let interp_bpp = r.session.graph_stats().bytes_per_position;
    assert_eq!(positions, h.pos.len(), "Chomp: position counts differ");
    assert_eq!(edges, h.edges.len(), "Chomp: edge counts differ");
    let root_value = h.grundy[root as usize];
    assert_eq!(grundy_of(&r.answer), u64::from(root_value));
    assert_ne!(
        root_value, 0,
        "Chomp {n}x{n} is an N-position (strategy stealing)"
    );
    // Known P-positions: the poisoned square alone, equal-armed L shapes.
    let mut ps = vec![[0; CHOMP_MAX]; 3];
    ps[0][0] = 1;
    ps[1][..2].copy_from_slice(&[2, 1]);
    ps[2][..n].fill(1);
    ps[2][0] = n as u8;
    for p in ps {
        assert_eq!(h.value(&p), Some(0), "Chomp {p:?} is P");
    }
    // Every value, asked of the interpreter one position at a time.
    let mut text = String::new();
    for p in &h.pos {
        let rows: Vec<String> = p
            .iter()
            .filter(|&&x| x > 0)
            .map(std::string::ToString::to_string)
            .collect();
        text.push_str(&format!("grundy Chomp([{}])\n", rows.join(", ")));
    }
    let answers = ask(&mut r.session, &text);
    for (p, a) in h.pos.iter().zip(&answers) {
        assert_eq!(grundy_of(a), u64::from(h.value(p).unwrap()), "Chomp {p:?}");
    }
    assert_eq!(
        r.session.graph_stats().positions,
        positions,
        "the checks found no new position"
    );
    Row {
        game: format!("Chomp {n}x{n}"),
        positions,
        edges,
        interp_s: median(ti),
        hand_s: median(th),
        interp_bpp,
        hand_bpp: h.bytes_per_position(),
    }
}

/// A game on the general path against the same game by hand (a state
/// graph, as for Chomp): equal position and edge counts, and equal values
/// at every position, each asked of the language with `show` writing it;
/// `is_p` says which positions theory knows to be P (or not).
fn bench_general<G: HandGame>(
    runs: usize,
    title: &str,
    (name, text): (&str, &str),
    (game, root): (&G, G::Pos),
    show: impl Fn(&G::Pos) -> String,
    is_p: impl Fn(&G::Pos) -> Option<bool>,
) -> Row {
    let (ti, th, mut r, h, root) = measure(runs, name, text, game, root);
    let stats = r.session.graph_stats();
    assert_eq!(
        stats.positions,
        h.pos.len(),
        "{title}: position counts differ"
    );
    assert_eq!(stats.edges, h.edges.len(), "{title}: edge counts differ");
    assert_eq!(grundy_of(&r.answer), u64::from(h.grundy[root as usize]));
    let text: String = h
        .pos
        .iter()
        .map(|p| format!("grundy {}\n", show(p)))
        .collect();
    let answers = ask(&mut r.session, &text);
    for (p, a) in h.pos.iter().zip(&answers) {
        assert_eq!(grundy_of(a), u64::from(h.value(p).unwrap()), "{}", show(p));
        if let Some(p_position) = is_p(p) {
            assert_eq!(grundy_of(a) == 0, p_position, "{} by theory", show(p));
        }
    }
    Row {
        game: title.into(),
        positions: stats.positions,
        edges: stats.edges,
        interp_s: median(ti),
        hand_s: median(th),
        interp_bpp: stats.bytes_per_position,
        hand_bpp: h.bytes_per_position(),
    }
}

fn bench_moore(runs: usize, sizes: &Sizes) -> Row {
    let h = sizes.moore;
    bench_general(
        runs,
        &format!("Moore Nim2 [{h},{h},{h}]"),
        ("moore.game", &sizes.moore_text()),
        (&Moore, [h; 3]),
        |p| format!("Moore([{}, {}, {}])", p[0], p[1], p[2]),
        // Moore's theorem: P exactly when every bit is set in 0 or 3 heaps.
        |p| Some((0..8).all(|bit| p.iter().filter(|&&h| h >> bit & 1 == 1).count() % 3 == 0)),
    )
}

fn bench_pair(runs: usize, sizes: &Sizes) -> Row {
    let s = sizes.pair;
    bench_general(
        runs,
        &format!("Wythoff pair {s}x{s}"),
        ("wythoff_pair.game", &sizes.pair_text()),
        (&WythoffPair, (s - 1, s - 1)),
        |p| format!("WP(({}, {}))", p.0, p.1),
        |&(a, b)| Some(wythoff_p(a.min(b).into(), a.max(b).into())),
    )
}

fn bench_node_kayles(runs: usize, sizes: &Sizes) -> Row {
    let nk = sizes.node_kayles();
    let (r, c) = sizes.grid;
    bench_general(
        runs,
        &format!("Node Kayles sets {r}x{c}"),
        ("node_kayles.game", &sizes.node_kayles_text()),
        (&nk, nk.all()),
        |&left| nk.show(left),
        |_| None,
    )
}

fn si(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

// ---------------------------------------------------------------------------
// Instruction counts: each side of each row run once under callgrind,
// collecting inside `interp_side` or `hand_side*` only, so the figure is
// the same however loaded the machine is.

/// The instructions of one side of one row: this program run again under
/// `valgrind --tool=callgrind` with `--side`.
fn instructions(args: &[String], row: &str, interp: bool) -> u64 {
    let exe = std::env::current_exe().expect("the bench's own path");
    let side = if interp { "interp" } else { "hand" };
    let toggle = if interp {
        "--toggle-collect=*spine::interp_side*"
    } else {
        "--toggle-collect=*spine::hand_side*"
    };
    let out = std::process::Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            "--collect-atstart=no",
            toggle,
        ])
        .arg(exe)
        .args(args)
        .args(["--side", side, "--only", row])
        .output()
        .unwrap_or_else(|e| panic!("--instructions needs valgrind: {e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "callgrind run failed:\n{err}");
    err.lines()
        .find_map(|l| l.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no instruction count from callgrind:\n{err}"))
}

fn print_instructions(args: &[String], rows: &[&str]) {
    println!("instructions (callgrind, one run of each side, counted inside it):");
    println!(
        "{:<12} {:>16} {:>16} {:>7}",
        "row", "interp", "hand", "ratio"
    );
    for row in rows {
        let i = instructions(args, row, true);
        let h = instructions(args, row, false);
        println!(
            "{:<12} {:>16} {:>16} {:>7.2}",
            row,
            i,
            h,
            i as f64 / h as f64
        );
    }
}

// ---------------------------------------------------------------------------

const ROWS: [&str; 5] = ["wythoff", "chomp", "moore", "pair", "nodekayles"];
const USAGE: &str = "usage: cargo bench --bench spine -- [--runs N] [--small] \
    [--wythoff N] [--chomp N] [--moore N] [--pair N] [--grid RxC] \
    [--only wythoff|chomp|lists|moore|pair|nodekayles] [--instructions] \
    [--interp-only] [--side interp|hand [--file PATH]]";

struct Options {
    runs: Option<usize>,
    sizes: Sizes,
    only: Option<String>,
    interp_only: bool,
    instructions: bool,
    side: Option<String>,
    /// With `--side interp`: run this file instead of a row.
    file: Option<String>,
    /// The arguments that say the sizes, passed on to `--side` runs.
    size_args: Vec<String>,
}

fn parse_args(args: &[String]) -> Options {
    let mut o = Options {
        runs: None,
        sizes: Sizes::BIG,
        only: None,
        interp_only: false,
        instructions: false,
        side: None,
        file: None,
        size_args: Vec::new(),
    };
    let bad = |msg: &str| -> ! {
        eprintln!("{USAGE}\n{msg}");
        std::process::exit(2)
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .unwrap_or_else(|| bad(&format!("{a} needs a value")))
        };
        let mut num = |what: &str| -> u64 {
            let v = value();
            v.parse()
                .unwrap_or_else(|_| bad(&format!("{what} needs a number, not {v}")))
        };
        match a.as_str() {
            "--runs" => o.runs = Some(num("--runs") as usize),
            "--only" => o.only = Some(value()),
            "--side" => o.side = Some(value()),
            "--file" => o.file = Some(value()),
            "--interp-only" => o.interp_only = true,
            "--instructions" => o.instructions = true,
            "--small" => {
                o.sizes = Sizes::SMALL;
                o.size_args.push(a.clone());
            }
            "--wythoff" | "--chomp" | "--moore" | "--pair" | "--grid" => {
                let v = value();
                o.size_args.extend([a.clone(), v.clone()]);
                let n = |v: &str| {
                    v.parse::<u64>()
                        .unwrap_or_else(|_| bad(&format!("{a} {v}?")))
                };
                match a.as_str() {
                    "--wythoff" => o.sizes.wythoff = n(&v) as u32,
                    "--chomp" => o.sizes.chomp = n(&v) as usize,
                    "--moore" => o.sizes.moore = n(&v) as u8,
                    "--pair" => o.sizes.pair = n(&v) as u16,
                    _ => {
                        let (r, c) = v.split_once('x').unwrap_or_else(|| bad("--grid RxC"));
                        o.sizes.grid = (n(r) as usize, n(c) as usize);
                    }
                }
            }
            other => bad(&format!("unknown argument {other}")),
        }
    }
    let s = o.sizes;
    if o.runs == Some(0)
        || s.wythoff == 0
        || !(1..=CHOMP_MAX).contains(&s.chomp)
        || !(1..=255).contains(&s.pair)
        || s.grid.0 * s.grid.1 == 0
        || s.grid.0 * s.grid.1 > 32
    {
        bad("sizes: runs >= 1, chomp 1..=12, pair 1..=255, grid of 1 to 32 vertices");
    }
    o
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let o = parse_args(&args);
    let want = |g: &str| {
        o.only.as_deref().is_none_or(|only| {
            only == g || (only == "lists" && ["moore", "pair", "nodekayles"].contains(&g))
        })
    };
    let sizes = o.sizes;
    if let Some(side) = &o.side {
        if let Some(path) = &o.file {
            // Any file through the interpreter (for instruction counts of
            // other workloads with the same binary).
            let text = std::fs::read_to_string(path).expect("--file: a readable file");
            std::hint::black_box(interp_side("file.game", &text));
            return;
        }
        let row = o.only.as_deref().unwrap_or("");
        sizes.run_side(row, side == "interp");
        return;
    }
    if o.interp_only {
        for row in ROWS.into_iter().filter(|r| want(r)) {
            let t = Instant::now();
            sizes.run_side(row, true);
            println!("{row}: {:.3}s", t.elapsed().as_secs_f64());
        }
        return;
    }

    let mut rows = Vec::new();
    let runs = o.runs.unwrap_or(5);
    if want("wythoff") {
        rows.push(bench_wythoff(o.runs.unwrap_or(3), &sizes));
    }
    if want("chomp") {
        rows.push(bench_chomp(runs, &sizes));
    }
    if want("moore") {
        rows.push(bench_moore(runs, &sizes));
    }
    if want("pair") {
        rows.push(bench_pair(runs, &sizes));
    }
    if want("nodekayles") {
        rows.push(bench_node_kayles(runs, &sizes));
    }
    print_rows(&rows, o.runs);
    if o.instructions {
        let picked: Vec<&str> = ROWS.into_iter().filter(|r| want(r)).collect();
        print_instructions(&o.size_args, &picked);
    }
}

/// The table, then each row's verdict.
fn print_rows(rows: &[Row], runs: Option<usize>) {
    println!(
        "spine benchmark: median of {} runs per side, interleaved; values checked equal",
        runs.map_or("3 (Wythoff) / 5 (the others)".to_string(), |r| r
            .to_string())
    );
    println!(
        "{:<22} {:>9} {:>10} {:>10} {:>10} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9} {:>7}",
        "game",
        "positions",
        "edges",
        "interp s",
        "hand s",
        "interp p/s",
        "hand p/s",
        "interp e/s",
        "hand e/s",
        "interp B/p",
        "hand B/p",
        "ratio"
    );
    for r in rows {
        println!(
            "{:<22} {:>9} {:>10} {:>10.4} {:>10.4} {:>11} {:>11} {:>11} {:>11} {:>9.0} {:>9.0} {:>7.1}",
            r.game,
            r.positions,
            r.edges,
            r.interp_s,
            r.hand_s,
            si(r.positions as f64 / r.interp_s),
            si(r.positions as f64 / r.hand_s),
            si(r.edges as f64 / r.interp_s),
            si(r.edges as f64 / r.hand_s),
            r.interp_bpp,
            r.hand_bpp,
            r.interp_s / r.hand_s
        );
    }
    for r in rows {
        let ratio = r.interp_s / r.hand_s;
        // Issue 44: 1.5× a hand-written state graph; the dense table 2×
        // a dense array.
        let target = if r.edges == 0 { 2.0 } else { 1.5 };
        let verdict = if ratio <= target {
            format!("within the target of {target}")
        } else {
            format!("ABOVE the target of {target}")
        };
        println!(
            "{}: interpreted / hand-written = {ratio:.1}, {verdict}",
            r.game
        );
    }
}
