//! `grundy octal CODE`: compute a nim-sequence until its period is proved,
//! and report it as text, JSON or a picture.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use super::octal_checkpoint::Checkpoints;
use super::octal_progress::Progress;
use crate::console::{self, Checked};
use grundy::AtSpan;
use grundy::Error;
use grundy::Sources;
use grundy::Span;
use grundy::theory::octal::{Engine, NimSequence, OctalCode, PeriodStatus};
use grundy::{FrontEndError, LimitError};

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

/// Memory one computed value takes, at most (the value, and the engine's
/// lists of rare heaps): what `--to` is checked against.
pub const BYTES_PER_VALUE: usize = 8;

pub struct Args {
    /// One code, or several: then they are computed side by side on every
    /// core (rayon), each reported as one code alone would be.
    pub codes: Vec<String>,
    pub to: Option<usize>,
    /// Bytes the values may take (`--max-memory`).
    pub max_memory: usize,
    pub json: bool,
    pub plot: Option<PathBuf>,
    pub max_values: usize,
    pub engine: EngineArg,
    /// Save the state to this file every `checkpoint_every` and at the end.
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    /// Start from the state saved in this file.
    pub resume: Option<PathBuf>,
    /// A JSON progress line on standard error this often.
    pub progress_json: Option<Duration>,
    /// Threads one code may use (`--jobs`).
    pub threads: usize,
}

/// Standard output and standard error, checked.
type Out = Checked<std::io::Stdout>;
type Err = Checked<std::io::Stderr>;

pub fn run(args: &Args, out: &mut Out, err: &mut Err) -> i32 {
    let mut codes = Vec::with_capacity(args.codes.len());
    for text in &args.codes {
        match OctalCode::parse(text) {
            Ok(c) => codes.push(c),
            Err(e) => {
                let mut sources = Sources::default();
                let src = sources.add("code", text.clone());
                let e = e.at(Span::new(src, 0, text.len()));
                err.line(&format!("{:?}", e.report(&sources)));
                return 1;
            }
        }
    }
    if let Some(e) = super::octal_checkpoint::refuse(args, &codes) {
        err.line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    console::on_ctrl_c(interrupt.clone());
    match codes.as_slice() {
        [code] => {
            // Refuse up front what cannot be held, rather than fail half-way.
            if let Some(e) = too_many(args, 1) {
                err.line(&format!("{:?}", e.report_alone()));
                return 1;
            }
            let share = args.max_memory;
            run_one(
                code,
                args,
                share,
                args.plot.as_deref(),
                &interrupt,
                true,
                out,
                err,
            )
        }
        _ => super::octal_many::run(&codes, args, &interrupt, out, err),
    }
}

/// `--to` asks for more values than `--max-memory` holds when `threads`
/// sequences are held at once.
pub(super) fn too_many(args: &Args, threads: usize) -> Option<Error> {
    let most = args.max_memory / BYTES_PER_VALUE / threads.max(1);
    match args.to {
        Some(n) if n > most => Some(
            FrontEndError::OctalTooMany {
                asked: n,
                most,
                memory: args.max_memory,
                per_value: BYTES_PER_VALUE,
            }
            .into(),
        ),
        _ => None,
    }
}

/// One code: its values until the period is proved (or `--to`), reported
/// on `out` as text or JSON, its plot in `plot`; when `alone` (the only
/// code), a progress bar when standard error is a terminal, and all of
/// `--jobs`'s threads. `share` is the memory
/// this code may hold (`--max-memory`, divided among the codes computed at
/// once). The exit status.
#[allow(clippy::too_many_arguments)]
pub(super) fn run_one<W: Write, E: Write>(
    code: &OctalCode,
    args: &Args,
    share: usize,
    plot: Option<&Path>,
    interrupt: &AtomicBool,
    alone: bool,
    out: &mut Checked<W>,
    err: &mut Checked<E>,
) -> i32 {
    let engine = match args.engine {
        EngineArg::Sparse => Engine::Sparse,
        EngineArg::Plain => Engine::Plain,
    };
    let mut seq = match &args.resume {
        None => NimSequence::new(code.clone(), engine),
        Some(path) => match super::octal_checkpoint::resume(path, args, code, engine, share) {
            Ok(seq) => seq,
            Err(e) => {
                err.line(&format!("{:?}", e.report_alone()));
                return 1;
            }
        },
    };
    // One code alone may use the threads; side by side, a thread each.
    if alone {
        seq.set_threads(args.threads);
    }
    let limit = args.to.unwrap_or(args.max_values);
    // The three-heap pair sets get what the values (at most 4 bytes each)
    // leave of the share.
    seq.set_max_set_bytes(share.saturating_sub(limit.saturating_mul(4)));
    let three_heap = seq.engine() == Engine::PairSets;
    let mut saves = Checkpoints::new(args);
    // A checkpoint after the last step too (Ctrl-C included), so that a
    // resumed run of a finished one prints its answer at once.
    let status = compute_shown(&mut seq, args, limit, interrupt, alone, &mut saves, err).and_then(
        |status| match saves.as_mut() {
            Some(s) => s.save(&seq).map(|()| status),
            None => Ok(status),
        },
    );
    let status = match status {
        Ok(s) => s,
        Err(e) => {
            err.line(&format!("{:?}", e.report_alone()));
            return 1;
        }
    };
    let interrupted = interrupt.load(Ordering::Relaxed);
    if three_heap && seq.engine() == Engine::Plain {
        err.line(&format!(
            "note: the pair sets of {code}'s three-heap splits would need more than \
             --max-memory leaves them ({} MiB) for {limit} values: went on with the \
             plain mex, far slower (raise --max-memory to keep the pair sets)",
            share.saturating_sub(limit.saturating_mul(4)) >> 20
        ));
    }
    let computed = seq.values().len();
    // Whether the plot replaces a file already there (said in the text).
    let replaced = plot.is_some_and(std::path::Path::exists);
    if let Some(path) = plot
        && let Err(e) = write_plot(path, code, &seq, status)
    {
        err.line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    if args.json {
        report_json(out, code, &seq, status, args);
    } else {
        report_text(out, code, &seq, status, args, interrupted);
        if let Some(path) = plot {
            let note = if replaced { " (replaced)" } else { "" };
            out.line(&format!("plot: {}{note}", path.display()));
        }
    }
    finish(interrupted, computed, err)
}

/// [`compute`] with its progress shown (`Progress`) and checkpoints
/// saved when they are due.
fn compute_shown<E: Write>(
    seq: &mut NimSequence,
    args: &Args,
    limit: usize,
    interrupt: &AtomicBool,
    bar: bool,
    saves: &mut Option<Checkpoints>,
    err: &mut Checked<E>,
) -> Result<PeriodStatus, Error> {
    let mut shown = Progress::new(seq, bar, args.progress_json, args.to, limit);
    let status = compute(seq, args.to, limit, interrupt, |seq| {
        if let Some(s) = saves.as_mut() {
            s.maybe_save(seq)?;
        }
        shown.update(seq, err);
        Ok(())
    });
    shown.finish(seq, err);
    status
}

/// The largest value computed and the first heap that has it.
fn largest(seq: &NimSequence) -> (u32, usize) {
    seq.values()
        .iter()
        .enumerate()
        .max_by_key(|(i, v)| (*v, std::cmp::Reverse(*i)))
        .map(|(i, v)| (v, i))
        .unwrap_or((0, 0))
}

/// The plot of the values: rare values in red, the start of the period
/// (when one was found) dashed.
fn write_plot(
    path: &Path,
    code: &OctalCode,
    seq: &NimSequence,
    status: PeriodStatus,
) -> Result<(), Error> {
    let values = seq.values();
    let title = format!("G(n) of {code}, n < {}", values.len());
    let svg = grundy::render::sequence_svg(&grundy::render::Sequence {
        title: &title,
        from: 0,
        values: &values.to_vec(),
        rare: &seq.rare_heaps(),
        period: status.period().map(|p| (p.preperiod, p.period)),
        names: None,
        y_label: "G(n)",
        infinite: "∞",
    });
    grundy::render::write_picture(path, &svg).map(drop)
}

/// The JSON report: the values up to the end of the first period (or
/// `--to`), then the period and the engine's findings.
fn report_json(
    out: &mut impl Write,
    code: &OctalCode,
    seq: &NimSequence,
    status: PeriodStatus,
    args: &Args,
) {
    let values = seq.values();
    let period = status.period();
    let (max_value, max_at) = largest(seq);
    let shown = match (args.to, period) {
        (Some(n), _) => n.min(values.len()),
        (None, Some(p)) => (p.preperiod + p.period).min(JSON_VALUES),
        (None, None) => values.len().min(JSON_VALUES),
    };
    let fields = [
        ("preperiod", json!(period.map(|p| p.preperiod))),
        ("period", json!(period.map(|p| p.period))),
        ("proved", json!(status.is_proved())),
        ("values_used", json!(period.map(|p| p.values_used))),
        ("values_computed", json!(values.len())),
        ("rare_mask", json!(seq.rare_mask())),
        (
            "rare_count",
            json!(seq.rare_mask().map(|_| seq.rare_count())),
        ),
        ("max_value", json!(max_value)),
        ("max_value_at", json!(max_at)),
    ];
    write_json(
        out,
        &code.to_string(),
        &values.prefix(shown).to_vec(),
        &fields,
    );
}

/// The text report: the first values, the period and how it was found,
/// the rare values, the largest value.
fn report_text<W: Write>(
    out: &mut Checked<W>,
    code: &OctalCode,
    seq: &NimSequence,
    status: PeriodStatus,
    args: &Args,
    interrupted: bool,
) {
    let values = seq.values();
    let (max_value, max_at) = largest(seq);
    let shown: Vec<String> = values.iter().take(SHOW).map(|v| v.to_string()).collect();
    let more = if values.len() > SHOW { " ..." } else { "" };
    out.line(&format!("octal {code}"));
    out.line(&format!(
        "values G(0), G(1), ...: {}{more}",
        shown.join(" ")
    ));
    let h = code.max_parts();
    let t = code.max_take();
    let stop_note = if interrupted {
        " (interrupted)".to_string()
    } else {
        limit_note(args)
    };
    out.line(&match status {
        PeriodStatus::Proved(p) => format!(
            "period: preperiod {}, period {}, proved by the Guy–Smith theorem from {} values (h·e + h·p + t with h = {h}, t = {t})",
            p.preperiod, p.period, p.values_used
        ),
        PeriodStatus::Apparent(p) => format!(
            "period: apparent preperiod {}, period {}, not proved: a proof needs {} values, {} were computed{stop_note}",
            p.preperiod,
            p.period,
            p.values_used,
            values.len(),
        ),
        PeriodStatus::Unknown => format!(
            "period: none found in {} values{stop_note}",
            values.len(),
        ),
    });
    out.line(&match seq.rare_mask() {
        Some(m) => format!(
            "rare values: mask {m:#x} ({m:b}), {} rare heaps{}",
            seq.rare_count(),
            if seq.rare_uses_position_parity() {
                " (with heap parity)"
            } else {
                ""
            }
        ),
        None if seq.engine() == Engine::PairSets => {
            "rare values: not used (three-heap splits: the pair-set engine)".to_string()
        }
        None => "rare values: not used (the plain mex engine)".to_string(),
    });
    out.line(&format!(
        "largest value: {max_value}, first at heap {max_at}"
    ));
    out.line(&format!("values computed: {}", values.len()));
}

/// The values, in steps small enough that Ctrl-C is heard within about a
/// second: `--to n` computes exactly n values, otherwise until the period
/// is proved or `limit` values are known (`NimSequence::solve` called with
/// growing limits does the same checks as one call with the last limit).
fn compute(
    seq: &mut NimSequence,
    to: Option<usize>,
    limit: usize,
    interrupt: &AtomicBool,
    mut each: impl FnMut(&NimSequence) -> Result<(), Error>,
) -> Result<PeriodStatus, Error> {
    let mut step = 1024usize;
    loop {
        let have = seq.values().len();
        let next = have.saturating_add(step).min(limit);
        let started = Instant::now();
        let status = match to {
            Some(_) => {
                seq.extend_to(next);
                None
            }
            None => Some(seq.solve(next, |_| {})),
        };
        each(seq)?;
        let done = seq.values().len() >= limit || status.is_some_and(|s| s.is_proved());
        if done || interrupt.load(Ordering::Relaxed) {
            return Ok(status.unwrap_or_else(|| seq.period()));
        }
        // Aim at steps of about a tenth of a second.
        let took = started.elapsed();
        if took < Duration::from_millis(50) {
            step = step.saturating_mul(2);
        } else if took > Duration::from_millis(200) {
            step = (step / 2).max(1);
        }
    }
}

/// The JSON object, written as it goes: the values array may hold tens of
/// millions of numbers, which a `serde_json::Value` would hold many times over.
fn write_json(
    out: &mut impl Write,
    code: &str,
    values: &[u32],
    fields: &[(&str, serde_json::Value)],
) {
    let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut *out);
    // The version and word every JSON line starts with (docs/JSON.md).
    let mut text = format!(
        "{{\"grundy_json\":{},\"query\":\"octal\",\"code\":{},\"values\":[",
        grundy::render::JSON_VERSION,
        json!(code)
    );
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&v.to_string());
        if text.len() > 1 << 16 {
            if w.write_all(text.as_bytes()).is_err() {
                return;
            }
            text.clear();
        }
    }
    text.push(']');
    for (k, v) in fields {
        text.push_str(&format!(",{}:{v}", json!(k)));
    }
    text.push_str("}\n");
    let _ = w.write_all(text.as_bytes()).and_then(|()| w.flush());
}

/// The exit status; after Ctrl-C, a diagnostic saying how far it got.
fn finish(interrupted: bool, computed: usize, err: &mut Checked<impl Write>) -> i32 {
    if !interrupted {
        return 0;
    }
    let e: Error = LimitError::Stopped {
        what: if computed == 0 {
            "no value was computed".to_string()
        } else {
            format!(
                "the values G(0) .. G({}) were computed ({computed} values)",
                computed - 1
            )
        },
    }
    .into();
    err.line(&format!("{:?}", e.report_alone()));
    console::EXIT_INTERRUPTED
}

fn limit_note(args: &Args) -> String {
    match args.to {
        Some(n) => format!(" (--to {n})"),
        None => format!(" (stopped at --max-values {})", args.max_values),
    }
}
