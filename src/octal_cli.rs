//! `grundy octal CODE`: compute a nim-sequence until its period is proved,
//! and report it as text, JSON or a picture.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use serde_json::json;

use crate::error::Error;
use crate::octal::{Engine, NimSequence, OctalCode, PeriodStatus};
use crate::source::Sources;
use crate::syntax::Span;

/// Enough for 0.354 (preperiod 10061916, period 1180: 2·10^7 values).
pub const DEFAULT_MAX_VALUES: usize = 1 << 25;

/// How many values the text output shows.
const SHOW: usize = 100;
/// JSON holds the values up to the end of the first period, at most this many.
const JSON_VALUES: usize = 100_000;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineArg {
    Sparse,
    Plain,
}

pub struct Args {
    pub code: String,
    pub to: Option<usize>,
    pub json: bool,
    pub plot: Option<PathBuf>,
    pub max_values: usize,
    pub engine: EngineArg,
}

pub fn run(args: &Args) -> i32 {
    let code = match OctalCode::parse(&args.code) {
        Ok(c) => c,
        Err(e) => {
            let mut sources = Sources::default();
            let src = sources.add("code", args.code.clone());
            let start = e.offset.min(args.code.len());
            let end = (start + e.len.max(1)).min(args.code.len()).max(start);
            let err = Error::OctalCode {
                message: e.message.clone(),
                help: e.help.clone(),
                span: Span::new(src, start, end),
            };
            eprintln!("{:?}", err.report(&sources));
            return 1;
        }
    };
    let engine = match args.engine {
        EngineArg::Sparse => Engine::Sparse,
        EngineArg::Plain => Engine::Plain,
    };
    let mut seq = NimSequence::new(code.clone(), engine);
    let limit = args.to.unwrap_or(args.max_values);
    let bar = progress_bar(limit);
    let status = match args.to {
        Some(n) => {
            seq.extend_to(n);
            seq.period()
        }
        None => seq.solve(limit, |done| {
            if let Some(b) = &bar {
                b.set_position(done as u64);
            }
        }),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let values = seq.values();
    let (max_value, max_at) = values
        .iter()
        .enumerate()
        .max_by_key(|(i, v)| (*v, std::cmp::Reverse(*i)))
        .map(|(i, v)| (v, i))
        .unwrap_or((0, 0));
    if let Some(path) = &args.plot {
        let title = format!("G(n) of {code}, n < {}", values.len());
        let svg = crate::plot::sequence_svg(&title, &values.to_vec(), &seq.rare_heaps());
        if let Err(report) = crate::cli::write_file(path, &svg) {
            eprintln!("{report:?}");
            return 1;
        }
    }
    let period = status.period();
    if args.json {
        let shown = match (args.to, period) {
            (Some(n), _) => n.min(values.len()),
            (None, Some(p)) => (p.preperiod + p.period).min(JSON_VALUES),
            (None, None) => values.len().min(JSON_VALUES),
        };
        let j = json!({
            "code": code.to_string(),
            "values": values.prefix(shown).to_vec(),
            "preperiod": period.map(|p| p.preperiod),
            "period": period.map(|p| p.period),
            "proved": status.is_proved(),
            "values_used": period.map(|p| p.values_used),
            "values_computed": values.len(),
            "rare_mask": seq.rare_mask(),
            "rare_count": seq.rare_mask().map(|_| seq.rare_count()),
            "max_value": max_value,
            "max_value_at": max_at,
        });
        println!("{j}");
        return 0;
    }
    let shown: Vec<String> = values.iter().take(SHOW).map(|v| v.to_string()).collect();
    let more = if values.len() > SHOW { " ..." } else { "" };
    println!("octal {code}");
    println!("values G(0), G(1), ...: {}{more}", shown.join(" "));
    let h = code.max_parts();
    let t = code.max_take();
    match status {
        PeriodStatus::Proved(p) => println!(
            "period: preperiod {}, period {}, proved by the Guy–Smith theorem from {} values (h·e + h·p + t with h = {h}, t = {t})",
            p.preperiod, p.period, p.values_used
        ),
        PeriodStatus::Apparent(p) => println!(
            "period: apparent preperiod {}, period {}, not proved: a proof needs {} values, {} were computed{}",
            p.preperiod,
            p.period,
            p.values_used,
            values.len(),
            limit_note(args)
        ),
        PeriodStatus::Unknown => println!(
            "period: none found in {} values{}",
            values.len(),
            limit_note(args)
        ),
    }
    match seq.rare_mask() {
        Some(m) => println!(
            "rare values: mask {m:#x} ({m:b}), {} rare heaps{}",
            seq.rare_count(),
            if seq.rare_uses_position_parity() {
                " (with heap parity)"
            } else {
                ""
            }
        ),
        None => println!("rare values: not used (the plain mex engine)"),
    }
    println!("largest value: {max_value}, first at heap {max_at}");
    println!("values computed: {}", values.len());
    if let Some(path) = &args.plot {
        println!("plot: {}", path.display());
    }
    0
}

fn limit_note(args: &Args) -> String {
    match args.to {
        Some(n) => format!(" (--to {n})"),
        None => format!(" (stopped at --max-values {})", args.max_values),
    }
}

fn progress_bar(limit: usize) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(limit as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} {pos}/{len} values ({per_sec}) {wide_bar}",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}
