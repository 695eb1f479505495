//! Octal engine benchmark: `cargo bench --bench octal -- CODE N [plain|sparse] [solve]`.
//! Computes G(0..=N) like `ogsolve -n N`, then looks for a proved period.

use std::time::Instant;

use grundy::octal::{Engine, NimSequence, OctalCode, PeriodStatus};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
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
