//! `grundy run --jobs N FILE`: the queries of a file on several cores.
//!
//! A query changes no definition, so the queries of a file can run apart
//! from each other. Each worker thread has a session of its own (a session
//! holds `Rc`s and is never shared), loaded from the same text with the
//! same limits; every worker runs every definition statement (a `let`, a
//! subtraction set) in order, and of the queries only those it takes: a
//! shared counter hands out the next query to the first worker that comes
//! for one, so both cores stay busy however uneven the queries are. The
//! results come back to this thread, which prints them in file order
//! through the same `Printer` as the sequential run: the same answers,
//! diagnostics, pictures and exit status. Worker 0 also reports the
//! definitions' errors; a failed definition stops the output there, as in
//! the sequential run.
//!
//! What differs: each worker's solver caches only what its own queries
//! asked, so a query does not profit from the positions earlier queries in
//! other workers solved (which is why the default is one job), and a query
//! close to its `--max-positions` or `--max-steps` budget may pass or fail
//! by that. Each query keeps its own budgets; memory is counted per thread,
//! so `--max-memory` holds for each worker. So that N budgets never add
//! up past the machine, the workers are at most as many as fit: each is
//! counted as 5/4 of `--max-memory` against three quarters of the
//! machine's memory (`MemTotal`), and, under an address-space or data
//! limit (`ulimit -v`/`-d`), as that plus its stack and an allocator arena
//! against the limit less one session's share. Fewer workers than asked
//! is said in a note on standard error; the answers are the same. No
//! progress line shows.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::{Printer, STACK_SIZE, Streams};
use crate::console::{self, Checked};
use grundy::Error;
use grundy::LimitError;
use grundy::Limits;
use grundy::Session;
use grundy::Sources;
use grundy::Span;
use grundy::Statement;
use grundy::render::Pictures;
use grundy::{Answer, Picture};

/// Finished results a worker may be ahead of the output, per worker.
const WINDOW: usize = 8;

/// What one statement gave, sent by the worker that ran it: an answer or
/// an error, or nothing (a definition that went well).
struct Ran {
    step: usize,
    worker: usize,
    result: Option<Result<Answer, Error>>,
}

/// What the printer knows of a statement before it runs.
#[derive(Clone)]
struct Planned {
    query: bool,
    definition: bool,
    picture: Option<Picture>,
    word: Option<String>,
    span: Option<Span>,
}

/// The number of workers `--jobs N` asks for (0: one per core).
pub fn workers(jobs: usize) -> usize {
    if jobs == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        jobs
    }
}

/// How many workers of `max_memory` bytes each the machine has room for
/// (None: nothing to say, as off Linux).
pub fn workers_that_fit(max_memory: usize) -> Option<usize> {
    let per_worker = max_memory / 4 * 5;
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib.saturating_mul(1024))
    });
    let mut fit = total.map(|t| (t / 4 * 3) / per_worker.max(1));
    // An address-space or data limit counts stacks and arenas too.
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| {
            l.lines()
                .filter(|l| l.starts_with("Max address space") || l.starts_with("Max data size"))
                .filter_map(|l| l.split_whitespace().nth(3)?.parse::<usize>().ok())
                .min()
        });
    if let Some(limit) = limit {
        let arena = 128 << 20;
        let each = per_worker + STACK_SIZE + arena;
        let by_limit = limit.saturating_sub(each) / each;
        fit = Some(fit.map_or(by_limit, |f| f.min(by_limit)));
    }
    fit.map(|f| f.max(1))
}

/// Run a file's text on `jobs` workers (at least 2), printing as
/// `run_source` does. Falls back to the sequential run when the text has
/// fewer than two queries.
pub(super) fn run(
    name: &str,
    text: &str,
    json: bool,
    limits: Limits,
    pictures: Pictures,
    jobs: usize,
    (out, err): Streams,
) -> i32 {
    // Loaded once here: the errors that stop a text before it runs, and
    // what each statement is. (The workers load it again, each for itself.)
    // One flag for every session: Ctrl-C stops the reading here and all
    // the workers' queries.
    let flag = console::run_flag();
    let mut session = Session::with_limits(limits);
    session.set_interrupt(flag.clone());
    session.set_picture_cells(pictures.plot_cells());
    let plan: Vec<Planned> = match session.prepare(name, text) {
        Ok(statements) => statements
            .iter()
            .map(|s| Planned::of(s, session.sources()))
            .collect(),
        Err(errors) if flag.load(Ordering::Relaxed) => {
            // Ctrl-C while the text was read: nothing ran.
            let mut printer = Printer::new(json, pictures, flag.clone(), (out, err));
            for e in errors {
                printer.result(session.sources(), (None, None, None), &Err(e), true);
            }
            return printer.finish(false, None);
        }
        Err(_) => Vec::new(),
    };
    let queries = plan.iter().filter(|p| p.query).count();
    let threads = threads_that_fit(jobs, queries, limits.max_memory, err);
    if threads < 2 {
        // Nothing to share out (or errors to report): as without --jobs.
        return super::run_source(
            name,
            text,
            grundy::Mode::Run,
            json,
            limits,
            pictures,
            (out, err),
        );
    }
    // Several workers would draw their progress lines over each other.
    grundy::progress::set_enabled(false);
    let mut printer = Printer::new(json, pictures, flag.clone(), (out, err));
    // Tells the workers to stop after a failed definition ended the output.
    let quit = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let printed = AtomicUsize::new(0);
    let shared = Shared {
        name,
        text,
        limits,
        picture_cells: session.picture_cells(),
        queries,
        flag: &flag,
        quit: &quit,
        next: &next,
        printed: &printed,
        window: WINDOW * threads,
    };
    let SharedOut {
        ok,
        gap,
        failed_spawn,
        started,
    } = share_out(&shared, threads, &plan, session.sources(), &mut printer);
    if let (Some(e), false) = (&failed_spawn, started) {
        printer
            .err
            .line(&format!("grundy: could not start a worker thread: {e}"));
        return 1;
    }
    if printer.stopped {
        return printer.finish(ok, None);
    }
    if flag.load(Ordering::Relaxed) {
        if gap {
            // Ctrl-C came before any worker ran the next statement: as
            // when it comes between two statements of the sequential run.
            let e = LimitError::Stopped {
                what: "the statements after it were not run".into(),
            }
            .into();
            printer.result(session.sources(), (None, None, None), &Err(e), false);
        }
        printer.interrupted = true;
    } else if gap {
        // A definition failed in the worker that had taken the next query
        // but not in the first worker (a budget its caches made the
        // difference for): say so rather than stop silently.
        printer.err.line(
            "grundy: a definition failed in one worker only, and the queries it had \
             taken after it were not run; run without --jobs",
        );
        return 1;
    }
    printer.finish(ok, None)
}

impl Planned {
    /// What the printer needs to know of a statement, known before it runs.
    fn of(s: &Statement, sources: &Sources) -> Planned {
        Planned {
            query: s.is_query(),
            definition: s.is_definition(),
            picture: s.picture(),
            word: s.query_word(sources),
            span: s.query_span(),
        }
    }
}

/// The workers to start: `jobs`, but no more than the queries, nor than
/// the machine's memory holds (said in a note on `err`).
fn threads_that_fit(
    jobs: usize,
    queries: usize,
    max_memory: usize,
    err: &mut Checked<std::io::Stderr>,
) -> usize {
    let threads = jobs.min(queries);
    match workers_that_fit(max_memory) {
        Some(fit) if fit < threads => {
            err.line(&format!(
                "note: --jobs {jobs}: {fit} worker(s) of --max-memory {} MiB fit in this machine's memory; running {fit}",
                max_memory >> 20
            ));
            fit
        }
        _ => threads,
    }
}

/// How a run shared out among workers ended.
struct SharedOut {
    /// Every statement printed went well.
    ok: bool,
    /// The output stopped short of the end without a failure printed to
    /// say why (Ctrl-C, or a definition that failed in one worker only).
    gap: bool,
    /// Why a worker could not be started, if one could not.
    failed_spawn: Option<std::io::Error>,
    /// Whether any worker started.
    started: bool,
}

/// Start the workers and print their results in file order as they come.
fn share_out(
    shared: &Shared,
    threads: usize,
    plan: &[Planned],
    sources: &Sources,
    printer: &mut Printer,
) -> SharedOut {
    let mut outcome = SharedOut {
        ok: true,
        gap: false,
        failed_spawn: None,
        started: false,
    };
    let (send, receive) = mpsc::channel::<Ran>();
    std::thread::scope(|scope| {
        // Results go back to the worker that made them, to be freed there:
        // memory is counted per thread, and the worker's budget should not
        // keep the answers it handed over.
        let mut returns = Vec::new();
        for _ in 0..threads {
            let (give_back, given_back) = mpsc::channel::<Ran>();
            let worker = returns.len();
            let send = send.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("grundy-{worker}"))
                .stack_size(STACK_SIZE)
                .spawn_scoped(scope, move || work(worker, shared, send, given_back));
            match spawned {
                Ok(_) => returns.push(give_back),
                Err(e) => outcome.failed_spawn = Some(e),
            }
        }
        drop(send);
        outcome.started = !returns.is_empty();
        if !outcome.started {
            return;
        }
        let done = print_in_order(
            &receive,
            &returns,
            shared,
            plan,
            sources,
            printer,
            &mut outcome.ok,
        );
        outcome.gap = !done;
        // The results left over are dropped here, whoever made them.
        drop(returns);
    });
    outcome
}

/// Print the results in file order as they arrive (each handed back to
/// the worker that made it); true when the output came to its end.
fn print_in_order(
    receive: &mpsc::Receiver<Ran>,
    returns: &[mpsc::Sender<Ran>],
    shared: &Shared,
    plan: &[Planned],
    sources: &Sources,
    printer: &mut Printer,
    ok: &mut bool,
) -> bool {
    let mut waiting: BTreeMap<usize, Ran> = BTreeMap::new();
    let mut step = 0;
    let mut done = false;
    for ran in receive {
        waiting.insert(ran.step, ran);
        while !done && let Some(ran) = waiting.remove(&step) {
            let planned = plan[step].clone();
            step += 1;
            if let Some(r) = &ran.result {
                let failed = r.is_err();
                let interruption = r.as_ref().is_err_and(Error::is_interrupt);
                *ok &= !failed;
                // Every result here finished: printed even after Ctrl-C.
                printer.result(
                    sources,
                    (planned.picture, planned.word.as_deref(), planned.span),
                    r,
                    false,
                );
                if failed && (planned.definition || interruption) {
                    done = true;
                }
            }
            if planned.query {
                shared.printed.fetch_add(1, Ordering::Release);
            }
            done |= printer.stopped || step == plan.len();
            if let Some(back) = returns.get(ran.worker) {
                let _ = back.send(ran);
            }
        }
        if done {
            shared.quit.store(true, Ordering::Relaxed);
        }
    }
    done
}

/// What every worker shares.
struct Shared<'a> {
    name: &'a str,
    text: &'a str,
    limits: Limits,
    /// The plot cell limit, when answers are drawn (`Session::picture_cells`).
    picture_cells: Option<usize>,
    /// How many queries the text has.
    queries: usize,
    /// Ctrl-C (or the output gone): stop at once.
    flag: &'a Arc<AtomicBool>,
    /// The output ended (a definition failed): stop between statements.
    quit: &'a AtomicBool,
    /// The next query (by its place among the queries) not yet taken.
    next: &'a AtomicUsize,
    /// How many queries have been printed.
    printed: &'a AtomicUsize,
    /// How far past the printed queries a worker may take one.
    window: usize,
}

/// One worker: a session of its own, every definition statement in order,
/// and the queries it takes from the shared counter.
fn work(worker: usize, shared: &Shared, send: mpsc::Sender<Ran>, given_back: mpsc::Receiver<Ran>) {
    let stop = || shared.flag.load(Ordering::Relaxed) || shared.quit.load(Ordering::Relaxed);
    // Never freed: the process ends when the workers do, and freeing what
    // a session holds value by value would only delay the exit.
    let mut session = std::mem::ManuallyDrop::new(Session::with_limits(shared.limits));
    session.set_interrupt(shared.flag.clone());
    session.set_picture_cells(shared.picture_cells);
    // The text loaded in the main thread: it loads here too (the errors
    // were left to the sequential run).
    let Ok(statements) = session.prepare(shared.name, shared.text) else {
        return;
    };
    // The first worker reports the definitions; the others need them only
    // up to their last query.
    let reporter = worker == 0;
    let mut taken: Option<usize> = None;
    let mut query = 0;
    for (step, statement) in statements.into_iter().enumerate() {
        while given_back.try_recv().is_ok() {}
        if stop() {
            return;
        }
        let result = if statement.is_query() {
            let mine = *taken.get_or_insert_with(|| shared.next.fetch_add(1, Ordering::Relaxed));
            query += 1;
            if mine >= shared.queries && !reporter {
                return;
            }
            if mine != query - 1 {
                continue;
            }
            taken = None;
            // A slow early query holds back at most `window` results.
            while mine >= shared.printed.load(Ordering::Acquire) + shared.window {
                if stop() {
                    return;
                }
                while given_back.try_recv().is_ok() {}
                std::thread::sleep(Duration::from_millis(1));
            }
            session.run_statement(statement)
        } else {
            let definition = statement.is_definition();
            let result = session.run_statement(statement);
            let failed = matches!(result, Some(Err(_)));
            if failed && definition {
                // Every worker stops here; worker 0 says why.
                if reporter {
                    let _ = send.send(Ran {
                        step,
                        worker,
                        result,
                    });
                }
                return;
            }
            if !reporter {
                continue;
            }
            result
        };
        if send
            .send(Ran {
                step,
                worker,
                result,
            })
            .is_err()
        {
            return;
        }
    }
}
