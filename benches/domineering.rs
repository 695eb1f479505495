//! Domineering benchmark: the canonical value of a rectangle, computed by
//! grundy and by a plain recursive implementation written here.
//!
//! `cargo bench --bench domineering` computes, for each board (by default
//! 2×n, 3×n, 4×4, 4×5 and 5×5):
//!
//! - `language`: `value Domineering(board(R, C))` through
//!   `Session::run_text`, as `grundy run` would, the game written in the
//!   language (a position is the set of free cells);
//! - `bitmask`: the same through the language, the board written as an
//!   integer (bit r * cols + c free) instead of a set of cells;
//! - `engine`: the partizan library (`grundy_theory::partizan::GameStore`, hash-
//!   consed canonical forms, cached comparisons and sums) fed from a move
//!   generator on bitmask boards written here, memoised by board;
//! - `plain`: what a researcher writes in an afternoon — games as trees of
//!   options in an arena, `G ≤ H` by its recursive definition (memoised by
//!   the pair of arena ids), canonical forms by the textbook simplification
//!   (remove dominated options, bypass reversible ones, until neither
//!   applies), memoised by board. No hash-consing, no number shortcuts.
//!
//! All three answers are checked to be the same value (the plain form is
//! read into a store and compared by id; 4×4 also against the published
//! value) before anything is printed. Time is the median CPU time of
//! `--runs` runs (default 3; CPU time, not wall-clock, so that other
//! processes on a shared machine do not count); memory is the bytes the
//! side still holds after its run (the library's counting allocator),
//! structures alive.
//!
//! Options (after `--`): `--runs N`, `--boards 4x4,4x5`, `--only
//! language,bitmask,engine,plain` (the sides to run; the others are not
//! run, and not checked against).

use std::collections::HashMap;

use grundy::Answer;
use grundy::{Mode, Session};
use grundy_theory::mem;
use grundy_theory::partizan::{self, GameStore, ValueId};
use rustc_hash::FxHashMap;

const GAME: &str = "
game Domineering(cells) {
    left move Domineering(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
    right move Domineering(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
}
fn board(rows, cols) = {(r, c) for r in 0..rows, c in 0..cols}
";

/// 4×4 as CGSuite gives it (its test table for game.grid.Domineering).
const PUBLISHED_4X4: &str = "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}";

// ---------------------------------------------------------------------------
// Boards as bitmasks: bit r * cols + c is free. Left places vertical
// dominoes, Right horizontal ones.

#[derive(Clone, Copy)]
struct Board {
    rows: usize,
    cols: usize,
}

impl Board {
    fn full(self) -> u32 {
        ((1u64 << (self.rows * self.cols)) - 1) as u32
    }

    fn bit(self, r: usize, c: usize) -> u32 {
        1 << (r * self.cols + c)
    }

    /// The boards after each move of Left (`left`) or Right.
    fn options(self, free: u32, left: bool, out: &mut Vec<u32>) {
        out.clear();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let a = self.bit(r, c);
                if free & a == 0 {
                    continue;
                }
                let b = if left {
                    (r + 1 < self.rows).then(|| self.bit(r + 1, c))
                } else {
                    (c + 1 < self.cols).then(|| self.bit(r, c + 1))
                };
                if let Some(b) = b
                    && free & b != 0
                {
                    out.push(free & !a & !b);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The engine side: the partizan library from the move generator above.

fn engine_value(
    s: &mut GameStore,
    board: Board,
    free: u32,
    memo: &mut FxHashMap<u32, ValueId>,
) -> ValueId {
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let mut buf = Vec::new();
    let mut sides = [Vec::new(), Vec::new()];
    for (i, left) in [true, false].into_iter().enumerate() {
        board.options(free, left, &mut buf);
        for &next in &buf.clone() {
            sides[i].push(engine_value(s, board, next, memo));
        }
    }
    let v = s
        .game(&sides[0], &sides[1])
        .expect("Domineering values fit");
    memo.insert(free, v);
    v
}

// ---------------------------------------------------------------------------
// The plain side.

/// A game: its Left and Right options, ids into the arena.
struct Node {
    left: Vec<u32>,
    right: Vec<u32>,
}

#[derive(Default)]
struct Plain {
    arena: Vec<Node>,
    le_memo: HashMap<(u32, u32), bool>,
    boards: HashMap<u32, u32>,
}

impl Plain {
    fn node(&mut self, left: Vec<u32>, right: Vec<u32>) -> u32 {
        self.arena.push(Node { left, right });
        (self.arena.len() - 1) as u32
    }

    /// G ≤ H: no Left option of G is ≥ H and no Right option of H is ≤ G.
    fn le(&mut self, g: u32, h: u32) -> bool {
        if let Some(&x) = self.le_memo.get(&(g, h)) {
            return x;
        }
        let mut x = true;
        for i in 0..self.arena[g as usize].left.len() {
            let gl = self.arena[g as usize].left[i];
            if self.le(h, gl) {
                x = false;
                break;
            }
        }
        if x {
            for i in 0..self.arena[h as usize].right.len() {
                let hr = self.arena[h as usize].right[i];
                if self.le(hr, g) {
                    x = false;
                    break;
                }
            }
        }
        self.le_memo.insert((g, h), x);
        x
    }

    /// Keep the options no other option beats (`left`: the largest), one
    /// of each equal pair.
    fn undominated(&mut self, opts: &[u32], left: bool) -> Vec<u32> {
        let mut keep: Vec<u32> = Vec::new();
        for (i, &a) in opts.iter().enumerate() {
            let beaten = opts.iter().enumerate().any(|(j, &b)| {
                if i == j {
                    return false;
                }
                let (worse, better) = if left { (a, b) } else { (b, a) };
                // a is dominated by b; of two equal options keep the first.
                self.le(worse, better) && (!self.le(better, worse) || j < i)
            });
            if !beaten {
                keep.push(a);
            }
        }
        keep
    }

    /// The canonical form of `{left | right}`, options canonical.
    fn canonical(&mut self, mut left: Vec<u32>, mut right: Vec<u32>) -> u32 {
        loop {
            left = self.undominated(&left, true);
            right = self.undominated(&right, false);
            let g = self.node(left.clone(), right.clone());
            let mut changed = false;
            // A Left option G^L is reversible when some G^LR ≤ G: replace
            // it by the Left options of that G^LR.
            let mut new_left = Vec::new();
            for &gl in &left {
                let grs = self.arena[gl as usize].right.clone();
                match grs.into_iter().find(|&glr| self.le(glr, g)) {
                    Some(glr) => {
                        new_left.extend(self.arena[glr as usize].left.clone());
                        changed = true;
                    }
                    None => new_left.push(gl),
                }
            }
            let mut new_right = Vec::new();
            for &gr in &right {
                let gls = self.arena[gr as usize].left.clone();
                match gls.into_iter().find(|&grl| self.le(g, grl)) {
                    Some(grl) => {
                        new_right.extend(self.arena[grl as usize].right.clone());
                        changed = true;
                    }
                    None => new_right.push(gr),
                }
            }
            if !changed {
                return g;
            }
            left = new_left;
            right = new_right;
        }
    }

    fn value(&mut self, board: Board, free: u32) -> u32 {
        if let Some(&v) = self.boards.get(&free) {
            return v;
        }
        let mut buf = Vec::new();
        let mut sides = [Vec::new(), Vec::new()];
        for (i, left) in [true, false].into_iter().enumerate() {
            board.options(free, left, &mut buf);
            for &next in &buf.clone() {
                sides[i].push(self.value(board, next));
            }
        }
        let [l, r] = sides;
        let v = self.canonical(l, r);
        self.boards.insert(free, v);
        v
    }

    /// The form `g` read into a store (which canonicalises again: equal
    /// values get equal ids), and its number of nodes as a tree of
    /// distinct arena ids.
    fn import(&self, g: u32, s: &mut GameStore, memo: &mut HashMap<u32, ValueId>) -> ValueId {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let n = &self.arena[g as usize];
        let l: Vec<ValueId> = n.left.iter().map(|&x| self.import(x, s, memo)).collect();
        let r: Vec<ValueId> = n.right.iter().map(|&x| self.import(x, s, memo)).collect();
        let v = s.game(&l, &r).expect("fits");
        memo.insert(g, v);
        v
    }
}

// ---------------------------------------------------------------------------

struct Run<T> {
    secs: f64,
    bytes: isize,
    answer: T,
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The CPU time this thread has used, in seconds: on a shared machine
/// it does not count the time other processes hold the core.
fn cpu_secs() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Run `f` `runs` times: the median CPU time, the bytes held by the last
/// run's result, and that result.
fn timed<T>(runs: usize, mut f: impl FnMut() -> T) -> Run<T> {
    let mut times = Vec::new();
    let mut last = None;
    let mut bytes = 0;
    for _ in 0..runs {
        drop(last.take());
        let before = mem::held();
        let t = cpu_secs();
        let x = f();
        times.push(cpu_secs() - t);
        bytes = mem::held() - before;
        last = Some(x);
    }
    Run {
        secs: median(times),
        bytes,
        answer: last.expect("at least one run"),
    }
}

fn mib(b: isize) -> String {
    format!("{:.1} MiB", b as f64 / f64::from(1 << 20))
}

/// The same game on a bitmask: the board an integer, bit r * cols + c
/// free, as a user of the language may write it for speed.
fn bitmask_game(b: Board) -> String {
    let (r, c) = (b.rows, b.cols);
    format!(
        "game D(b) {{
    left move D(b - 2 ** i - 2 ** (i + {c})) for i in 0..{lv} if (b // 2 ** i) % 2 == 1 and (b // 2 ** (i + {c})) % 2 == 1
    right move D(b - 2 ** i - 2 ** (i + 1)) for i in 0..{n} if i % {c} != {c1} and (b // 2 ** i) % 2 == 1 and (b // 2 ** (i + 1)) % 2 == 1
}}
value D(2 ** {n} - 1)",
        lv = (r - 1) * c,
        n = r * c,
        c1 = c - 1
    )
}

/// `value …` run through a session: the value's text, and the session.
fn run_language(text: &str) -> (String, Session) {
    let mut s = Session::new(50_000_000);
    s.set_limits(grundy::Limits {
        max_memory: 8 << 30,
        ..s.limits()
    });
    let mut out = None;
    s.run_text("bench.game", text, Mode::Run, &mut |s, r| match r {
        Ok(Answer::Value { value, .. }) => out = Some(value.text),
        Ok(other) => panic!("unexpected answer {other:?}"),
        Err(e) => panic!("{}", e.render_plain(s.sources())),
    });
    (out.expect("a value"), s)
}

const SIDES: [&str; 4] = ["language", "bitmask", "engine", "plain"];

fn main() {
    let o = options();
    let want = |s: &str| {
        o.only
            .as_deref()
            .is_none_or(|o| o.split(',').any(|x| x == s))
    };
    println!(
        "| board | value | language (sets) | language (bitmask) | engine | plain | plain / language | plain / bitmask | plain / engine | memory: language, bitmask, engine, plain |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for spec in o.boards.split(',') {
        let (r, c) = spec.split_once('x').expect("a board is RxC");
        let board = Board {
            rows: r.parse().expect("rows"),
            cols: c.parse().expect("columns"),
        };
        assert!(board.rows * board.cols <= 31, "boards of at most 31 cells");
        let mut check = GameStore::new();
        let mut texts: Vec<String> = Vec::new();
        let mut ids: Vec<ValueId> = Vec::new();
        let mut secs: [Option<f64>; 4] = [None; 4];
        let mut bytes: [Option<isize>; 4] = [None; 4];
        for (k, side) in SIDES.iter().enumerate() {
            if !want(side) {
                continue;
            }
            let (text, s, b) = run_side(side, board, o.runs, &mut check, spec);
            (secs[k], bytes[k]) = (Some(s), Some(b));
            ids.push(partizan::parse(&mut check, &text).expect("the value parses"));
            texts.push(text);
        }
        assert!(
            ids.windows(2).all(|w| w[0] == w[1]),
            "{spec}: the sides disagree: {texts:?}"
        );
        if (board.rows, board.cols) == (4, 4) && !ids.is_empty() {
            let published = partizan::parse(&mut check, PUBLISHED_4X4).expect("parses");
            assert_eq!(ids[0], published, "4x4 against the published value");
        }
        print_row(spec, &texts, &secs, &bytes);
    }
}

/// What the command line asks for.
struct Options {
    runs: usize,
    boards: String,
    only: Option<String>,
}

/// The options after `--`; an unknown one ends the run with the usage.
fn options() -> Options {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut runs = 3usize;
    let mut boards = "2x4,2x6,2x8,3x4,3x5,3x6,4x4,4x5,5x5".to_string();
    let mut only: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .unwrap_or_else(|| panic!("{a} needs a value"))
        };
        match a.as_str() {
            "--runs" => runs = value().parse().expect("--runs N"),
            "--boards" => boards = value(),
            "--only" => only = Some(value()),
            other => {
                eprintln!(
                    "usage: cargo bench --bench domineering -- [--runs N] [--boards RxC,...] \
                     [--only language,bitmask,engine,plain]\nunknown argument {other}"
                );
                std::process::exit(2);
            }
        }
    }
    assert!(runs >= 1);
    Options { runs, boards, only }
}

/// One side's value of a board as text, with the median CPU time of its
/// runs and the bytes it still holds.
fn run_side(
    side: &str,
    board: Board,
    runs: usize,
    check: &mut GameStore,
    spec: &str,
) -> (String, f64, isize) {
    match side {
        "language" => {
            let text = format!(
                "{GAME}\nvalue Domineering(board({}, {}))",
                board.rows, board.cols
            );
            let r = timed(runs, || run_language(&text));
            (r.answer.0, r.secs, r.bytes)
        }
        "bitmask" => {
            let text = bitmask_game(board);
            let r = timed(runs, || run_language(&text));
            (r.answer.0, r.secs, r.bytes)
        }
        "engine" => {
            let r = timed(runs, || {
                let mut s = GameStore::new();
                let mut memo = FxHashMap::default();
                let v = engine_value(&mut s, board, board.full(), &mut memo);
                (s.display(v), s, memo)
            });
            (r.answer.0, r.secs, r.bytes)
        }
        _ => plain_side(board, runs, check, spec),
    }
}

/// The plain side, whose form is read into `check` (and checked to be
/// canonical) to be shown as the other sides' values are.
fn plain_side(
    board: Board,
    runs: usize,
    check: &mut GameStore,
    spec: &str,
) -> (String, f64, isize) {
    let r = timed(runs, || {
        let mut p = Plain::default();
        let v = p.value(board, board.full());
        (v, p)
    });
    let (v, ref pl) = r.answer;
    let id = pl.import(v, check, &mut HashMap::new());
    // The plain form is canonical already: the store keeps its options as
    // they are (numbers excepted, whose options the store does not list).
    if !check.is_number(id) {
        let n = &pl.arena[v as usize];
        let left = check.left_options(id).expect("options");
        let right = check.right_options(id).expect("options");
        assert_eq!(
            (n.left.len(), n.right.len()),
            (left.len(), right.len()),
            "{spec}: the plain form is canonical"
        );
    }
    (check.display(id), r.secs, r.bytes)
}

/// A board's line of the table: its value (cut when long), each side's
/// time and memory, and the ratios of the plain side's time to the others'.
fn print_row(spec: &str, texts: &[String], secs: &[Option<f64>; 4], bytes: &[Option<isize>; 4]) {
    let show = |r: Option<f64>| r.map_or("—".to_string(), |s| format!("{s:.3} s"));
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
        _ => "—".into(),
    };
    let mems: Vec<String> = bytes.iter().map(|b| b.map_or("—".into(), mib)).collect();
    let mut value = texts.first().cloned().unwrap_or_default();
    if value.chars().count() > 60 {
        let n = value.chars().count();
        value = format!(
            "{}… ({n} chars)",
            value.chars().take(57).collect::<String>()
        );
    }
    println!(
        "| {spec} | `{value}` | {} | {} | {} | {} | {} | {} | {} | {} |",
        show(secs[0]),
        show(secs[1]),
        show(secs[2]),
        show(secs[3]),
        ratio(secs[3], secs[0]),
        ratio(secs[3], secs[1]),
        ratio(secs[3], secs[2]),
        mems.join(", ")
    );
}
