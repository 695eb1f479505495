//! The short-game algebra on the values of Domineering 4×4.
//!
//! `cargo bench --bench algebra` computes the canonical value of every
//! board reachable from the empty 4×4 board (through the partizan
//! library, from a move generator on bitmasks), then times each function
//! of `partizan::algebra` and `algebra_inf` twice: on the value of the
//! full board, and on every distinct value among the reachable boards
//! (each in a fresh store seeded with the values, so no function profits
//! from another's cache). Atomic weights need all-small games, so they
//! run on the values of Clobber on a 2×4 and a 3×3 checkerboard instead.
//! Times are wall-clock, median of `--runs N` (default 3).

use std::time::Instant;

use grundy_theory::partizan::{self, Dyadic, GameStore, ValueId};
use rustc_hash::FxHashMap;

/// The values of all boards reachable from the empty rows × cols
/// Domineering board (bit r·cols + c free; Left vertical, Right
/// horizontal), and the full board's.
fn domineering(s: &mut GameStore, rows: u32, cols: u32) -> (ValueId, Vec<ValueId>) {
    fn go(
        s: &mut GameStore,
        rows: u32,
        cols: u32,
        free: u32,
        memo: &mut FxHashMap<u32, ValueId>,
    ) -> ValueId {
        if let Some(&v) = memo.get(&free) {
            return v;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for a in 0..rows * cols {
            if free & (1 << a) == 0 {
                continue;
            }
            if a / cols + 1 < rows && free & (1 << (a + cols)) != 0 {
                l.push(go(
                    s,
                    rows,
                    cols,
                    free & !(1 << a) & !(1 << (a + cols)),
                    memo,
                ));
            }
            if a % cols + 1 < cols && free & (1 << (a + 1)) != 0 {
                r.push(go(s, rows, cols, free & !(1 << a) & !(1 << (a + 1)), memo));
            }
        }
        let v = s.game(&l, &r).unwrap();
        memo.insert(free, v);
        v
    }
    let mut memo = FxHashMap::default();
    let full = go(s, rows, cols, (1 << (rows * cols)) - 1, &mut memo);
    let mut all: Vec<ValueId> = memo.into_values().collect();
    all.sort_unstable();
    all.dedup();
    (full, all)
}

/// The values of all positions reachable from a Clobber board (cells: 1
/// Left's stone, 2 Right's, 0 empty; a stone captures an orthogonal
/// neighbour of the other colour).
fn clobber(s: &mut GameStore, rows: usize, cols: usize) -> (ValueId, Vec<ValueId>) {
    fn go(
        s: &mut GameStore,
        rows: usize,
        cols: usize,
        c: &mut Vec<u8>,
        memo: &mut FxHashMap<Vec<u8>, ValueId>,
    ) -> ValueId {
        if let Some(&v) = memo.get(c.as_slice()) {
            return v;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for a in 0..rows * cols {
            let who = c[a];
            if who == 0 {
                continue;
            }
            let (row, col) = (a / cols, a % cols);
            let mut near = Vec::new();
            if row > 0 {
                near.push(a - cols);
            }
            if row + 1 < rows {
                near.push(a + cols);
            }
            if col > 0 {
                near.push(a - 1);
            }
            if col + 1 < cols {
                near.push(a + 1);
            }
            for b in near {
                if c[b] == 3 - who {
                    c[b] = who;
                    c[a] = 0;
                    let v = go(s, rows, cols, c, memo);
                    c[a] = who;
                    c[b] = 3 - who;
                    if who == 1 { l.push(v) } else { r.push(v) }
                }
            }
        }
        let v = s.game(&l, &r).unwrap();
        memo.insert(c.clone(), v);
        v
    }
    let mut cells: Vec<u8> = (0..rows * cols)
        .map(|a| 1 + ((a / cols + a % cols) % 2) as u8)
        .collect();
    let mut memo = FxHashMap::default();
    let full = go(s, rows, cols, &mut cells, &mut memo);
    let mut all: Vec<ValueId> = memo.into_values().collect();
    all.sort_unstable();
    all.dedup();
    (full, all)
}

type Op = fn(&mut GameStore, ValueId) -> usize;

fn ops() -> Vec<(&'static str, Op)> {
    vec![
        ("cool(G, 1/2)", |s, g| {
            partizan::cool(s, g, Dyadic::new(1, 1).unwrap())
                .unwrap()
                .index()
        }),
        ("cool(G, 1)", |s, g| {
            partizan::cool(s, g, Dyadic::ONE).unwrap().index()
        }),
        ("heat(G, 1)", |s, g| {
            let one = s.integer(1);
            partizan::heat(s, g, one).unwrap().index()
        }),
        ("overheat(G, 1, 2)", |s, g| {
            let (one, two) = (s.integer(1), s.integer(2));
            partizan::overheat(s, g, one, two).unwrap().index()
        }),
        ("norton(G, ^)", |s, g| {
            let up = s.up().unwrap();
            partizan::norton(s, g, up).unwrap().index()
        }),
        ("norton(G, {2|1/2})", |s, g| {
            let u = partizan::parse(s, "{2|1/2}").unwrap();
            partizan::norton(s, g, u).unwrap().index()
        }),
        ("ordinal(G, G)", |s, g| {
            partizan::ordinal(s, g, g).unwrap().index()
        }),
        ("left_incentives(G)", |s, g| {
            partizan::left_incentives(s, g).unwrap().len()
        }),
        ("right_incentives(G)", |s, g| {
            partizan::right_incentives(s, g).unwrap().len()
        }),
        ("reduced(G)", |s, g| {
            partizan::reduced(s, g).unwrap().index()
        }),
        ("left_stop(G), right_stop(G)", |s, g| {
            (s.left_stop(g).numerator() ^ s.right_stop(g).numerator()) as usize
        }),
    ]
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Median seconds of `runs` runs of `op` on the full value and on all
/// values, each run in a fresh store built by `build`.
fn time(
    build: fn(&mut GameStore) -> (ValueId, Vec<ValueId>),
    op: Op,
    runs: usize,
) -> (f64, f64, usize) {
    let (mut one, mut all, mut n) = (Vec::new(), Vec::new(), 0);
    for _ in 0..runs {
        let mut s = GameStore::new();
        let (full, _) = build(&mut s);
        let t = Instant::now();
        std::hint::black_box(op(&mut s, full));
        one.push(t.elapsed().as_secs_f64());
        let mut s = GameStore::new();
        let (_, values) = build(&mut s);
        n = values.len();
        let t = Instant::now();
        for v in values {
            std::hint::black_box(op(&mut s, v));
        }
        all.push(t.elapsed().as_secs_f64());
    }
    (median(one), median(all), n)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|x| x.parse().ok())
        .unwrap_or(3);
    let mut s = GameStore::new();
    let (full, values) = domineering(&mut s, 4, 4);
    println!(
        "Domineering 4×4 = {} ({} distinct values on its boards)",
        s.display(full),
        values.len()
    );
    println!(
        "| function | on the 4×4 value | on all {} values | slowest single value |",
        values.len()
    );
    println!("|---|---:|---:|---:|");
    let dom: fn(&mut GameStore) -> (ValueId, Vec<ValueId>) = |s| domineering(s, 4, 4);
    for (name, op) in ops() {
        let (one, all, _) = time(dom, op, runs);
        // The slowest value alone, in one fresh store.
        let mut st = GameStore::new();
        let (_, vs) = domineering(&mut st, 4, 4);
        let mut worst = 0f64;
        for v in vs {
            let mut st2 = GameStore::new();
            let (_, vs2) = domineering(&mut st2, 4, 4);
            let _ = vs2;
            let t = Instant::now();
            std::hint::black_box(op(&mut st2, v));
            worst = worst.max(t.elapsed().as_secs_f64());
        }
        println!(
            "| `{name}` | {:.4} s | {:.4} s | {:.4} s |",
            one, all, worst
        );
    }
    // Atomic weights: all-small games.
    let aw: Op = |s, g| partizan::atomic_weight(s, g).unwrap().index();
    for (label, build) in [
        (
            "Clobber 2×4 checkerboard",
            (|s: &mut GameStore| clobber(s, 2, 4)) as fn(&mut GameStore) -> (ValueId, Vec<ValueId>),
        ),
        ("Clobber 3×3 checkerboard", |s: &mut GameStore| {
            clobber(s, 3, 3)
        }),
    ] {
        let mut st = GameStore::new();
        let (g, _) = build(&mut st);
        let w = partizan::atomic_weight(&mut st, g).unwrap();
        let (one, all, n) = time(build, aw, runs);
        println!(
            "| `atomic_weight(G)`, G = {label} = {} (weight {}) | {:.4} s | {:.4} s (all {n} values) | |",
            st.display(g),
            st.display(w),
            one,
            all
        );
    }
    // Nim arithmetic.
    let t = Instant::now();
    let mut acc = 0u64;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..1_000_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc ^= partizan::nim_mul(x, x.rotate_left(17));
    }
    std::hint::black_box(acc);
    println!(
        "| `nim_mul(a, b)`, 10^6 random 64-bit pairs | | {:.4} s | |",
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    for i in 1..10_001u64 {
        acc ^= partizan::nim_inv(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).unwrap_or(0);
    }
    std::hint::black_box(acc);
    println!(
        "| `nim_inv(a)`, 10^4 random 64-bit a | | {:.4} s | |",
        t.elapsed().as_secs_f64()
    );
}
