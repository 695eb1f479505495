//! Heap games written as rules against the mex loop a user would write.
//!
//! `cargo bench --bench heaps` computes G(0..=N) of Kayles, of Kayles with
//! a constant list argument (`KL(n, t)`, every move carrying `t`) and of
//! Grundy's game twice each, side by side in one process: through the language
//! (`sequence G 0..=N`, `sequence n in 0..=N: KL(n, [0])`, as `grundy run`
//! would), and with the
//! plain mex loop over a vector of values (a few lines of Rust). Both sides
//! are checked to agree before anything is printed. Reported: the median
//! time of each side, the ratio, and the bytes per heap the session holds
//! after the query (the allocator's count, `grundy_theory::mem`).
//!
//! Options (after `--`): `--n N` (default 8000), `--runs R` (default 5).
//!
//! `--growth MAX` instead prints how the cost grows with n: for n = 1,000,
//! 2,000, 4,000, … up to MAX, the time per option of Kayles as rules on
//! the dense path (`sequence K 0..=n`) and on the general path (the same
//! rules with a list argument written as a literal in every target,
//! `grundy KL(n, [0])`, which the dense table does not take: every position interned, every option stored), with the
//! bytes each path holds per option. CPU time of the thread (the wall
//! clock of a shared machine counts the wait for a core). Medians of
//! `--runs` runs.

use std::time::Instant;

use grundy::Answer;
use grundy::{Mode, Session};

const KAYLES: &str = "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\n";
/// Kayles with a constant list argument: every move carries `t` as it
/// is, so the dense table per value of `t` (`src/games/rules/carried.rs`).
const KAYLES_LIST: &str =
    "game KL(n, t) { move KL(i, t) + KL(n - k - i, t) for k in 1..=2, i in 0..=n - k }\n";
/// The same game with the list written as a literal in each target:
/// nothing proves it constant, so the general path (every position
/// interned, every option stored).
const KAYLES_GENERAL: &str =
    "game KL(n, t) { move KL(i, [0]) + KL(n - k - i, [0]) for k in 1..=2, i in 0..=n - k }\n";
const GRUNDY: &str = "game Gr(n) { move Gr(a) + Gr(n - a) for a in 1..n if 2 * a < n }\n";

/// The mex loop for Kayles: remove 1 or 2 adjacent pins, maybe splitting.
fn kayles_by_hand(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = vec![0usize; 2 * n + 4];
    for m in 0..=n {
        for k in 1..=2usize.min(m) {
            for i in 0..=m - k {
                seen[(g[i] ^ g[m - k - i]) as usize] = m + 1;
            }
        }
        g[m] = (0..).find(|&v| seen[v] != m + 1).unwrap() as u32;
    }
    g
}

/// The mex loop for Grundy's game: split a heap into two unequal heaps.
fn grundy_by_hand(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = vec![0usize; 2 * n + 4];
    for m in 0..=n {
        for a in 1..m {
            if 2 * a < m {
                seen[(g[a] ^ g[m - a]) as usize] = m + 1;
            }
        }
        g[m] = (0..).find(|&v| seen[v] != m + 1).unwrap() as u32;
    }
    g
}

/// A session with no budgets but the position count.
fn session() -> Session {
    Session::with_limits(grundy::Limits {
        // Also the move budget (Limits::max_edges): Kayles with a list
        // argument stores about 2·n² parts, 512 million at n = 16,000.
        max_positions: 600_000_000,
        // The bench's own state (earlier runs, the hand-written side) is
        // held by the same thread: no memory budget here.
        max_memory: usize::MAX,
        max_steps: u64::MAX,
        max_depth: usize::MAX,
        ..grundy::Limits::default()
    })
}

/// Values through the language, and the bytes per heap the session holds.
fn by_rules(rules: &str, query: &str, n: usize) -> (Vec<u32>, f64) {
    let before = grundy_theory::mem::held();
    let mut s = session();
    let mut values = Vec::new();
    let query = query.replace("N", &n.to_string());
    s.run_text(
        "heaps.game",
        &format!("{rules}{query}\n"),
        Mode::Run,
        &mut |_, r| match r {
            Ok(Answer::Sequence { values: v, .. }) => {
                values = v.iter().map(|x| x.finite().unwrap() as u32).collect();
            }
            other => panic!("{other:?}"),
        },
    );
    let held = (grundy_theory::mem::held() - before) as f64 / (n + 1) as f64;
    (values, held)
}

/// `G(n)` of Kayles with a list argument through the general path, and
/// the bytes the session holds afterwards.
fn by_general(n: usize) -> (u32, f64) {
    let before = grundy_theory::mem::held();
    let mut s = session();
    let mut value = None;
    s.run_text(
        "heaps.game",
        &format!("{KAYLES_GENERAL}grundy KL({n}, [0])\n"),
        Mode::Run,
        &mut |_, r| match r {
            Ok(Answer::Grundy { value: v, .. }) => value = v.finite().map(|x| x as u32),
            other => panic!("{other:?}"),
        },
    );
    let held = (grundy_theory::mem::held() - before) as f64;
    (value.expect("a finite value"), held)
}

/// Options of Kayles heaps 0..=n: a heap m has m − k + 1 for each k ≤ m
/// in {1, 2}.
fn kayles_options(n: usize) -> u64 {
    (0..=n as u64)
        .map(|m| (1..=2u64.min(m)).map(|k| m - k + 1).sum::<u64>())
        .sum()
}

/// CPU seconds (user + system) of this thread so far: on a shared machine
/// the wall clock also counts the wait for a core.
fn thread_cpu() -> f64 {
    let mut u = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; zeroed is a valid rusage.
    let u = unsafe {
        libc::getrusage(libc::RUSAGE_THREAD, u.as_mut_ptr());
        u.assume_init()
    };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// The growth table: nanoseconds per option on both paths (CPU time of
/// the thread; wall-clock seconds of the general path alongside).
fn growth(max: usize, runs: usize) {
    println!(
        "| n | options | dense CPU s | dense ns/option | general CPU s | general wall s | general ns/option | general bytes/option | general ÷ dense |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut n = 1000;
    while n <= max {
        let opts = kayles_options(n);
        let hand = kayles_by_hand(n);
        let (mut td, mut tg, mut tw, mut bytes) = (Vec::new(), Vec::new(), Vec::new(), 0.0);
        for _ in 0..runs {
            let c = thread_cpu();
            let (v, _) = by_rules(KAYLES, "sequence K 0..=N", n);
            td.push(thread_cpu() - c);
            assert_eq!(v, hand, "dense path: Kayles values");
            let (t, c) = (Instant::now(), thread_cpu());
            let (g, b) = by_general(n);
            tg.push(thread_cpu() - c);
            tw.push(t.elapsed().as_secs_f64());
            bytes = b;
            assert_eq!(g, hand[n], "general path: G({n})");
        }
        let (d, g, w) = (median(td), median(tg), median(tw));
        let ns = |s: f64| s * 1e9 / opts as f64;
        println!(
            "| {n} | {opts} | {d:.4} | {:.2} | {g:.3} | {w:.3} | {:.1} | {:.1} | {:.0} |",
            ns(d),
            ns(g),
            bytes / opts as f64,
            g / d
        );
        n *= 2;
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut n = 8000usize;
    let mut runs = 5usize;
    let mut growth_to = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--n" => n = v.parse().expect("--n N"),
            "--runs" => runs = v.parse().expect("--runs R"),
            "--growth" => growth_to = Some(v.parse().expect("--growth MAX")),
            other => panic!(
                "usage: cargo bench --bench heaps -- [--n N] [--runs R] [--growth MAX]; unknown {other}"
            ),
        }
    }
    if let Some(max) = growth_to {
        growth(max, runs);
        return;
    }
    println!("| game (to {n}) | rules s | mex loop s | ratio | bytes per heap |");
    println!("|---|---:|---:|---:|---:|");
    type Hand = fn(usize) -> Vec<u32>;
    let games: [(&str, &str, &str, Hand); 3] = [
        ("Kayles", KAYLES, "sequence K 0..=N", kayles_by_hand),
        (
            "Kayles with a constant list, `KL(n, t)`",
            KAYLES_LIST,
            "sequence n in 0..=N: KL(n, [0])",
            kayles_by_hand,
        ),
        ("Grundy's game", GRUNDY, "sequence Gr 0..=N", grundy_by_hand),
    ];
    for (title, rules, query, hand) in games {
        let (mut tr, mut th, mut bytes) = (Vec::new(), Vec::new(), 0.0);
        for _ in 0..runs {
            // Alternate the sides so that the machine's load falls on both.
            let t = Instant::now();
            let (v, b) = by_rules(rules, query, n);
            tr.push(t.elapsed().as_secs_f64());
            bytes = b;
            let t = Instant::now();
            let w = hand(n);
            th.push(t.elapsed().as_secs_f64());
            assert_eq!(v, w, "{title}: the two sides disagree");
        }
        let (r, h) = (median(tr), median(th));
        println!("| {title} | {r:.4} | {h:.4} | {:.2} | {bytes:.1} |", r / h);
    }
}
