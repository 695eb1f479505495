//! `grundy quotient CODE --to N`: the misère quotient of a heap game given
//! by its octal (or hex) code, heap by heap up to N, as a long run: each
//! stage's order and P-portion printed as it is verified, the quotient's
//! presentation at the end, progress on a terminal or as JSON lines, and
//! checkpoints to stop and go on (`quotient_checkpoint`).

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use super::quotient_checkpoint::{Listener, header, resume};
use crate::console::{self, Checked};
use grundy::theory::misere::{
    Found, HeapRules, MisereError, QuotientBudget, QuotientHistory, QuotientRun, QuotientState,
    StageRecord, Stages,
};
use grundy::theory::octal::OctalCode;
use grundy::{AtSpan, Error, LimitError, Sources, Span};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The code, e.g. 0.07 (Dawson's Kayles), 0.137, 4.7.
    #[arg(value_name = "CODE")]
    pub code: String,
    /// The largest heap: the quotient of heaps 0..=N.
    #[arg(long, value_name = "N")]
    pub to: u64,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Memory the run may hold: bytes, or with a suffix K, M, G. It sets
    /// the elements a candidate may have (a product table of 4n² bytes
    /// kept to a tenth of it), and the run stops past it.
    #[arg(long, value_name = "BYTES", value_parser = super::parse_bytes, default_value = "640M")]
    pub max_memory: usize,
    /// Positions whose exact outcome the learning fallback may store.
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    pub max_positions: usize,
    /// Steps of the quotient's work (default: no limit).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Save the state to FILE every --checkpoint-every minutes (at the
    /// end of a stage or the start of a refinement round), on Ctrl-C and
    /// at the end (written to FILE.tmp, then renamed).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Minutes between checkpoints (fractions allowed; 0: at every stage
    /// and round).
    #[arg(long, value_name = "MINUTES", value_parser = super::checkpoint_file::parse_minutes, default_value = "10")]
    pub checkpoint_every: Duration,
    /// Start from a checkpoint written by a run of the same code and
    /// options; the output is the uninterrupted run's.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
    /// A JSON progress line on standard error at every stage and
    /// refinement or learning round (heap, stage, round, elements or
    /// tests and positions, seconds).
    #[arg(long)]
    pub progress_json: bool,
    /// How each stage's candidate is found: `extend` (the default:
    /// extension, then refinement, then learning), `refine` or `learn`
    /// (learning alone). For tests; every candidate is verified.
    #[arg(long, value_name = "HOW", default_value = "extend", hide = true, value_parser = ["extend", "refine", "learn"])]
    pub stages: String,
}

/// One stage as the text output prints it.
pub fn stage_line(r: &StageRecord) -> String {
    let how = match r.found {
        Found::Extended => "extended",
        Found::Refined => "refined",
        Found::Learned => "learned",
    };
    let how = if r.heap == 0 { "the empty game" } else { how };
    let s = if r.generators == 1 { "" } else { "s" };
    format!(
        "heap {}: order {}, P-portion {}, {} generator{s} ({how})",
        r.heap, r.order, r.p_portion, r.generators
    )
}

/// The code's rules, with the memory budget looked at (the process's
/// resident memory, at most once a second) whenever the computation
/// polls.
struct Watched<'a> {
    code: &'a OctalCode,
    limit: usize,
    next: Cell<Instant>,
}

/// The resident memory of this process, in bytes (0 where it cannot be read).
fn resident() -> usize {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|t| t.split_whitespace().nth(1)?.parse::<usize>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages.saturating_mul(usize::try_from(page).unwrap_or(4096))
}

impl HeapRules for Watched<'_> {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        HeapRules::for_each_option(self.code, n, f);
    }

    fn poll(&self) -> Result<(), MisereError> {
        let now = Instant::now();
        if now < self.next.get() {
            return Ok(());
        }
        self.next.set(now + Duration::from_secs(1));
        let held = resident();
        if held > self.limit {
            return Err(MisereError::Memory {
                held,
                limit: self.limit,
            });
        }
        Ok(())
    }
}

type Out = Checked<std::io::Stdout>;
type Err = Checked<std::io::Stderr>;

pub fn run(args: &Args, out: &mut Out, err: &mut Err) -> i32 {
    let mut sources = Sources::default();
    let src = sources.add("code", args.code.clone());
    let span = Span::new(src, 0, args.code.len());
    let code = match OctalCode::parse(&args.code) {
        Ok(c) => c,
        Err(e) => {
            err.line(&format!("{:?}", e.at(span).report(&sources)));
            return 1;
        }
    };
    let interrupt = Arc::new(AtomicBool::new(false));
    console::on_ctrl_c(interrupt.clone());
    let budget = QuotientBudget {
        interrupt: Some(interrupt.clone()),
        max_elements: QuotientBudget::elements_for_memory(args.max_memory),
        max_positions: args.max_positions,
        max_steps: args.max_steps.unwrap_or(u64::MAX),
        stages: match args.stages.as_str() {
            "learn" => Stages::Learn,
            "refine" => Stages::Refine,
            _ => Stages::Extend,
        },
        ..QuotientBudget::default()
    };
    let header = header(args, &code.to_string(), budget.max_elements);
    let rules = Watched {
        code: &code,
        limit: args.max_memory,
        next: Cell::new(Instant::now()),
    };
    let started = match &args.resume {
        None => QuotientRun::new(&rules, args.to, &budget).map_err(|e| e.at(span)),
        Some(path) => resume(path, &header).and_then(|state| {
            QuotientRun::resume(&rules, args.to, &budget, state).map_err(|e| e.at(span))
        }),
    };
    let mut computation = match started {
        Ok(c) => c,
        Err(e) => {
            err.line(&format!("{:?}", e.report(&sources)));
            return 1;
        }
    };
    let mut listener = Listener {
        print_stages: !args.json,
        status: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        progress_json: args.progress_json,
        code: code.to_string(),
        to: args.to,
        checkpoint: args.checkpoint.clone(),
        every: args.checkpoint_every,
        last_save: Instant::now(),
        header,
        started: Instant::now(),
        interrupt: interrupt.clone(),
        save_failed: None,
        out,
        err,
    };
    if listener.print_stages {
        for r in computation.state().records() {
            listener.out.line(&stage_line(r));
        }
    }
    let result = computation.run(&mut listener);
    listener.clear_status();
    // A checkpoint at the end too (Ctrl-C and budgets included): the
    // state at the last boundary passed.
    let saved = if listener.save_failed.is_none() {
        listener.save_now(computation.state())
    } else {
        Ok(())
    };
    let Listener {
        out,
        err,
        save_failed,
        ..
    } = listener;
    if let Some(e) = save_failed.or(saved.err()) {
        err.line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    match result {
        Ok(history) => {
            report(out, args, &code, &history, computation.state().records());
            0
        }
        Err(MisereError::Interrupted) if interrupt.load(Ordering::Relaxed) => {
            let state = computation.state();
            let at = where_stopped(state);
            let saved = if args.checkpoint.is_some() {
                " (saved in the checkpoint)"
            } else {
                ""
            };
            let e: Error = LimitError::Stopped {
                what: format!(
                    "the stages up to heap {} were verified{at}{saved}",
                    state.heap()
                ),
            }
            .into();
            err.line(&format!("{:?}", e.report_alone()));
            console::EXIT_INTERRUPTED
        }
        Err(e) => {
            err.line(&format!("{:?}", e.at(span).report(&sources)));
            1
        }
    }
}

/// Where inside the next stage a stopped run was (a refinement or
/// learning round), as the end of a sentence.
fn where_stopped(state: &QuotientState) -> String {
    match (state.refining(), state.learning()) {
        (Some((round, size)), _) => format!(
            "; heap {} was at refinement round {round} (a candidate of {size} elements)",
            state.heap() + 1
        ),
        (None, Some((round, tests, positions))) => format!(
            "; heap {} was at learning round {round} ({tests} tests, {positions} exact outcomes stored)",
            state.heap() + 1
        ),
        (None, None) => String::new(),
    }
}

/// The whole answer: the stages (already printed in text) and the last
/// quotient.
fn report(
    out: &mut Out,
    args: &Args,
    code: &OctalCode,
    h: &QuotientHistory,
    records: &[StageRecord],
) {
    let q = &h.quotient;
    if args.json {
        let json = grundy::render::json_line(json!({
            "query": "quotient_run",
            "code": code.to_string(),
            "to": args.to,
            "stages": records,
            "unchanged_since": h.unchanged_since,
            "quotient": q.to_json(),
        }));
        out.line(&json.to_string());
        return;
    }
    out.line(&q.to_string());
    if h.unchanged_since < q.max_heap() {
        out.line(&format!(
            "unchanged over heaps {}..={} (observed, not proved)",
            h.unchanged_since,
            q.max_heap()
        ));
    }
}
