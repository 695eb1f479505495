//! Spine benchmark: the interpreter against the same games written by hand.
//!
//! `cargo bench --bench spine` computes Wythoff (every position below
//! 300×300), Chomp 7×7, Moore's Nim₂ on three heaps as a list (below
//! [12, 12, 12]), Wythoff with its heaps as one pair (below (60, 60)) and
//! Node Kayles on the vertex sets of the 4×5 grid graph
//! twice each, side by side:
//!
//! - interpreted: `bench/games/wythoff.game` and `bench/games/chomp.game`
//!   run through `Session::run_text`, as `grundy run` would;
//! - hand-written: plain Rust below, what a user would write — for Wythoff
//!   a dense array of values over the box, each the mex of its options
//!   (the interpreter computes such a game into a dense table too:
//!   `src/solve/dense.rs`); for Chomp, Moore, the pair and Node Kayles, discover the positions from the
//!   root with an explicit stack, intern each one in an `FxHashMap` to a
//!   dense id, store the option lists (CSR: a range per position into one
//!   edge array), and compute Grundy values by mex.
//!
//! Both sides are checked to agree (the Grundy value of every position;
//! for Chomp also the position and edge counts) before anything is
//! printed, so the ratio always compares the same answers.
//!
//! Options (after `--`): `--runs N` (timed runs per side; the median is
//! reported; default 3 for Wythoff, which takes seconds, and 5 for Chomp), `--wythoff N` (side of the Wythoff square, default
//! 300), `--only wythoff|chomp|lists`, `--interp-only` (for profilers: runs the
//! interpreter once per game and skips the hand-written side and checks).

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

/// Chomp with up to 7 rows: row lengths, row 0 first, 0 = no row.
struct Chomp;

impl HandGame for Chomp {
    type Pos = [u8; 7];
    fn options(&self, rows: &[u8; 7], out: &mut Vec<[u8; 7]>) {
        for i in 0..7 {
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

/// Node Kayles on the 4×5 grid graph: a position is the set of vertices
/// left, vertex `r·5 + c` (row `r` named a, b, c, d) as one bit; a move
/// takes a vertex and its neighbours.
struct NodeKayles {
    neighbours: [u32; 20],
}

impl NodeKayles {
    fn grid() -> Self {
        let mut neighbours = [0u32; 20];
        for (v, n) in neighbours.iter_mut().enumerate() {
            let (r, c) = (v / 5, v % 5);
            let near = [
                (r + 1, c),
                (r, c + 1),
                (r.wrapping_sub(1), c),
                (r, c.wrapping_sub(1)),
            ];
            for (r2, c2) in near {
                if r2 < 4 && c2 < 5 {
                    *n |= 1 << (r2 * 5 + c2);
                }
            }
        }
        NodeKayles { neighbours }
    }

    /// The position as the language writes it: `NKsets({G(a0), ...})`.
    fn show(left: u32) -> String {
        let names: Vec<String> = (0..20)
            .filter(|v| left >> v & 1 == 1)
            .map(|v| format!("G({}{})", ['a', 'b', 'c', 'd'][v / 5], v % 5))
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

/// Run more queries in a solved session (not timed), collecting answers.
fn ask(session: &mut Session, text: &str) -> Vec<Answer> {
    let mut out = Vec::new();
    let ok = session.run_text("check.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) => out.push(a),
        Err(e) => panic!("check query failed: {e:?}"),
    });
    assert!(ok);
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
        let r = run_interp(name, text);
        ti.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let h = Graph::solve(game, root);
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

/// Wythoff through the language (which computes it into a dense table:
/// `src/solve/dense.rs`) against the dense array above.
fn bench_wythoff(runs: usize, side: u32) -> Row {
    let text = WYTHOFF_FILE.replace(
        "grundy Wythoff(299, 299)",
        &format!("grundy Wythoff({0}, {0})", side - 1),
    );
    let n = side as usize;
    let (mut ti, mut th) = (Vec::new(), Vec::new());
    let mut last = None;
    let mut held = 0isize;
    for _ in 0..runs {
        let before = grundy_theory::mem::held();
        let t = Instant::now();
        let r = run_interp("wythoff.game", &text);
        ti.push(t.elapsed().as_secs_f64());
        held = grundy_theory::mem::held() - before;
        let t = Instant::now();
        let h = wythoff_dense(n);
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
    // Wythoff's P-positions: (⌊kφ⌋, ⌊kφ²⌋) and their mirror images.
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)] {
        if b < n {
            assert_eq!(h[a * n + b], 0, "Wythoff({a}, {b}) is P");
            assert_eq!(h[b * n + a], 0, "Wythoff({b}, {a}) is P");
        }
    }
    assert_ne!(h[2 * n + 2], 0);
    Row {
        game: format!("Wythoff {side}x{side} (against a dense array)"),
        positions: n * n,
        edges: 0,
        interp_s: median(ti),
        hand_s: median(th),
        interp_bpp: held as f64 / (n * n) as f64,
        hand_bpp: 4.0,
    }
}

fn bench_chomp(runs: usize) -> Row {
    let (ti, th, mut r, h, root) = measure(runs, "chomp.game", CHOMP_FILE, &Chomp, [7; 7]);
    let positions = r.session.graph_stats().positions;
    let edges = r.session.graph_stats().edges;
    let interp_bpp = r.session.graph_stats().bytes_per_position;
    assert_eq!(positions, h.pos.len(), "Chomp: position counts differ");
    assert_eq!(edges, h.edges.len(), "Chomp: edge counts differ");
    let root_value = h.grundy[root as usize];
    assert_eq!(grundy_of(&r.answer), u64::from(root_value));
    assert_ne!(
        root_value, 0,
        "Chomp 7x7 is an N-position (strategy stealing)"
    );
    // Known P-positions: the poisoned square alone, equal-armed L shapes.
    for p in [
        [1, 0, 0, 0, 0, 0, 0],
        [2, 1, 0, 0, 0, 0, 0],
        [7, 1, 1, 1, 1, 1, 1],
    ] {
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
        game: "Chomp 7x7".into(),
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

/// Moore's Nim₂ on [12, 12, 12], Wythoff as a pair below (60, 60), and
/// Node Kayles on the vertex sets of the 4×5 grid.
fn bench_lists(runs: usize) -> Vec<Row> {
    let moore = bench_general(
        runs,
        "Moore Nim2 [12,12,12]",
        ("moore.game", MOORE_FILE),
        (&Moore, [12; 3]),
        |p| format!("Moore([{}, {}, {}])", p[0], p[1], p[2]),
        // Moore's theorem: P exactly when every bit is set in 0 or 3 heaps.
        |p| Some((0..4).all(|bit| p.iter().filter(|&&h| h >> bit & 1 == 1).count() % 3 == 0)),
    );
    let pair = bench_general(
        runs,
        "Wythoff pair 60x60",
        ("wythoff_pair.game", WYTHOFF_PAIR_FILE),
        (&WythoffPair, (59, 59)),
        |p| format!("WP(({}, {}))", p.0, p.1),
        // The first P-positions (⌊kφ⌋, ⌊kφ²⌋) and their mirror images.
        |&(a, b)| {
            let ps = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)];
            ps.contains(&(a.min(b), a.max(b))).then_some(true)
        },
    );
    let node_kayles = bench_general(
        runs,
        "Node Kayles sets 4x5",
        ("node_kayles_4x5.game", NODE_KAYLES_FILE),
        (&NodeKayles::grid(), (1 << 20) - 1),
        |&left| NodeKayles::show(left),
        |_| None,
    );
    vec![moore, pair, node_kayles]
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

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut runs: Option<usize> = None;
    let mut side = 300u32;
    let mut only: Option<String> = None;
    let mut interp_only = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .unwrap_or_else(|| panic!("{a} needs a value"))
        };
        match a.as_str() {
            "--runs" => runs = Some(value().parse().expect("--runs N")),
            "--wythoff" => side = value().parse().expect("--wythoff N"),
            "--only" => only = Some(value()),
            "--interp-only" => interp_only = true,
            other => {
                eprintln!(
                    "usage: cargo bench --bench spine -- [--runs N] [--wythoff N] \
                     [--only wythoff|chomp|lists] [--interp-only]\nunknown argument {other}"
                );
                std::process::exit(2);
            }
        }
    }
    assert!(runs.is_none_or(|r| r >= 1) && side >= 1);
    let want = |g: &str| only.as_deref().is_none_or(|o| o == g);

    if interp_only {
        if want("wythoff") {
            let text = WYTHOFF_FILE.replace(
                "grundy Wythoff(299, 299)",
                &format!("grundy Wythoff({0}, {0})", side - 1),
            );
            let t = Instant::now();
            let r = run_interp("wythoff.game", &text);
            println!(
                "Wythoff {side}x{side}: {} positions, {} edges, {:.3}s",
                r.session.graph_stats().positions,
                r.session.graph_stats().edges,
                t.elapsed().as_secs_f64()
            );
        }
        if want("chomp") {
            let t = Instant::now();
            let r = run_interp("chomp.game", CHOMP_FILE);
            println!(
                "Chomp 7x7: {} positions, {} edges, {:.3}s",
                r.session.graph_stats().positions,
                r.session.graph_stats().edges,
                t.elapsed().as_secs_f64()
            );
        }
        return;
    }

    let mut rows = Vec::new();
    if want("wythoff") {
        rows.push(bench_wythoff(runs.unwrap_or(3), side));
    }
    if want("chomp") {
        rows.push(bench_chomp(runs.unwrap_or(5)));
    }
    if want("lists") {
        rows.extend(bench_lists(runs.unwrap_or(5)));
    }
    print_rows(&rows, runs);
}

/// The table, then each row's verdict.
fn print_rows(rows: &[Row], runs: Option<usize>) {
    println!(
        "spine benchmark: median of {} runs per side, interleaved; values checked equal",
        runs.map_or("3 (Wythoff) / 5 (Chomp)".to_string(), |r| r.to_string())
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
        let verdict = if ratio <= 3.0 {
            "meets the long-run goal (<= 3)"
        } else if ratio <= 5.0 {
            "meets the target (<= 5)"
        } else {
            "ABOVE the target of 5"
        };
        println!(
            "{}: interpreted / hand-written = {ratio:.1}, {verdict}",
            r.game
        );
    }
}
