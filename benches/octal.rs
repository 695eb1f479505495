//! Octal engine benchmark: `cargo bench --bench octal -- CODE N [plain|sparse] [solve]`.
//! Computes G(0..=N) like `ogsolve -n N`, then looks for a proved period.
//!
//! `cargo bench --bench octal -- sweep N [RUNS]`: the 1,024 codes
//! `d0.d1d2d3` (d0 ∈ {0, 4}, octal d1..d3) to N values each with
//! `octal::extend_all`, on a rayon pool of one thread and of two,
//! alternately (RUNS times, default 3): median wall-clock and CPU seconds
//! (user + system of the whole process) of each, and the ratios.
//!
//! `cargo bench --bench octal -- threads CODE N [RUNS]`: one code to N
//! values (`--to N`) on one thread and on two (`set_threads`),
//! alternately (RUNS times, default 3): each run's wall-clock seconds, the
//! medians and the ratio one ÷ two; the values, rare heaps, mask, counts
//! of options and steps of the two are checked to be the same. BLOCK
//! (`threads CODE N RUNS BLOCK`) sets the heaps per block of the two-thread
//! run (`set_thread_block`; 0: two adjacent heaps at once instead).

use std::time::Instant;

use grundy_theory::octal::{Engine, NimSequence, OctalCode, PeriodStatus};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.first().is_some_and(|a| a == "threads") {
        let code = args.get(1).map(|c| OctalCode::parse(c));
        let n = args.get(2).and_then(|n| n.parse().ok());
        let runs = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(3);
        let block = args.get(4).and_then(|r| r.parse().ok());
        let (Some(Ok(code)), Some(n)) = (code, n) else {
            eprintln!("usage: cargo bench --bench octal -- threads CODE N [RUNS] [BLOCK]");
            std::process::exit(2);
        };
        threads(&code, n, runs, block);
        return;
    }
    if args.first().is_some_and(|a| a == "sweep") {
        let n = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20_000);
        let runs = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3);
        sweep(n, runs);
        return;
    }
    let (Some(code), Some(n)) = (args.first(), args.get(1)) else {
        eprintln!("usage: cargo bench --bench octal -- CODE N [plain|sparse] [solve]");
        std::process::exit(2);
    };
    let code = match OctalCode::parse(code) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bad code: {e} ({})", e.help);
            std::process::exit(2);
        }
    };
    let Ok(n) = n.parse::<usize>() else {
        eprintln!("N must be a number");
        std::process::exit(2);
    };
    let engine = match args.get(2).map(String::as_str) {
        None | Some("sparse") => Engine::Sparse,
        Some("plain") => Engine::Plain,
        Some(other) => {
            eprintln!("unknown engine {other}: plain or sparse");
            std::process::exit(2);
        }
    };
    // A fourth argument `solve`: compute until the period is proved (at most
    // N + 1 values) instead of exactly N + 1 values.
    let solve = args.get(3).is_some_and(|a| a == "solve");
    let mut seq = NimSequence::new(code.clone(), engine);
    let start = Instant::now();
    let mut status = None;
    if solve {
        status = Some(seq.solve(n + 1, |_| {}));
    } else {
        seq.extend_to(n + 1);
    }
    let compute = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let status = status.unwrap_or_else(|| seq.period());
    let check = start.elapsed().as_secs_f64();
    let period = match status {
        PeriodStatus::Proved(p) => format!(
            "proved e={} p={} ({} values)",
            p.preperiod, p.period, p.values_used
        ),
        PeriodStatus::Apparent(p) => format!(
            "apparent e={} p={} (needs {} values)",
            p.preperiod, p.period, p.values_used
        ),
        PeriodStatus::Unknown => "none".to_string(),
    };
    let max = seq.values().iter().max().unwrap_or(0);
    println!(
        "code={code} engine={:?} values={} seconds={compute:.3} period_seconds={check:.3} max={max} work={:?} rare={} mask={:?} pos={} period: {period}",
        seq.engine(),
        seq.values().len(),
        seq.work(),
        seq.rare_count(),
        seq.rare_mask(),
        seq.rare_uses_position_parity(),
    );
}

/// CPU seconds (user + system) of this process so far, every thread.
fn cpu_seconds() -> f64 {
    usage(libc::RUSAGE_SELF)
}

/// CPU seconds (user + system) of the calling thread so far.
fn thread_cpu_seconds() -> f64 {
    usage(libc::RUSAGE_THREAD)
}

fn usage(who: libc::c_int) -> f64 {
    let mut u = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; zeroed is a valid rusage.
    let u = unsafe {
        libc::getrusage(who, u.as_mut_ptr());
        u.assume_init()
    };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn sweep(n: usize, runs: usize) {
    let mut codes = Vec::new();
    for d0 in [0u8, 4] {
        for d in 0..512u32 {
            let digits = [d0, (d >> 6) as u8, ((d >> 3) & 7) as u8, (d & 7) as u8];
            codes.push(OctalCode::from_digits(&digits));
        }
    }
    let pools: Vec<_> = [1, 2]
        .iter()
        .map(|&t| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .expect("a thread pool")
        })
        .collect();
    let mut wall = [Vec::new(), Vec::new()];
    let mut cpu = [Vec::new(), Vec::new()];
    let mut first: Option<Vec<Vec<u32>>> = None;
    for _ in 0..runs {
        for (i, pool) in pools.iter().enumerate() {
            let mut seqs: Vec<NimSequence> = codes
                .iter()
                .map(|c| NimSequence::new(c.clone(), Engine::Sparse))
                .collect();
            let (w, c) = (Instant::now(), cpu_seconds());
            pool.install(|| grundy_theory::octal::extend_all(&mut seqs, n + 1));
            wall[i].push(w.elapsed().as_secs_f64());
            cpu[i].push(cpu_seconds() - c);
            let vals: Vec<Vec<u32>> = seqs.iter().map(|s| s.values().to_vec()).collect();
            match &first {
                None => first = Some(vals),
                Some(f) => assert!(*f == vals, "one and two threads disagree"),
            }
        }
    }
    let (w1, w2) = (median(wall[0].clone()), median(wall[1].clone()));
    let (c1, c2) = (median(cpu[0].clone()), median(cpu[1].clone()));
    println!(
        "sweep of {} codes to {n}: 1 thread wall {w1:.3} s cpu {c1:.3} s | 2 threads wall {w2:.3} s cpu {c2:.3} s | wall 1/2 = {:.2}, cpu 2/1 = {:.2}",
        codes.len(),
        w1 / w2,
        c2 / c1
    );
}

/// One thread against two on one code, alternately; median wall seconds.
fn threads(code: &OctalCode, n: usize, runs: usize, block: Option<usize>) {
    let run = |threads: usize| {
        let mut seq = NimSequence::new(code.clone(), Engine::Sparse);
        seq.set_threads(threads);
        if let Some(b) = block {
            seq.set_thread_block(b);
        }
        let (start, cpu, main) = (Instant::now(), cpu_seconds(), thread_cpu_seconds());
        seq.extend_to(n);
        let secs = start.elapsed().as_secs_f64();
        let (cpu, main) = (cpu_seconds() - cpu, thread_cpu_seconds() - main);
        let shown = (seq.rare_heaps(), seq.rare_mask(), seq.work(), seq.steps());
        println!(
            "  {threads} thread(s): wall {secs:.3} s, cpu {cpu:.3} s, main thread cpu {main:.3} s"
        );
        (secs, seq.values().to_vec(), shown)
    };
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for i in 0..runs {
        let a = run(1);
        let b = run(2);
        assert!(
            a.1 == b.1 && a.2 == b.2,
            "{code}: two threads differ from one"
        );
        println!("run {}: one thread {:.3} s, two {:.3} s", i + 1, a.0, b.0);
        one.push(a.0);
        two.push(b.0);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (m1, m2) = (median(&mut one), median(&mut two));
    println!(
        "{code} to {n}: one thread {m1:.3} s, two {m2:.3} s (medians of {runs}): {:.2}x",
        m1 / m2
    );
}
