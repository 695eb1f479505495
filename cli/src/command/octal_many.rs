//! `grundy octal CODE CODE …`: several codes side by side, on every core.
//!
//! A code's values depend on each other heap by heap, so one code keeps
//! one core; independent codes share the cores out (one worker thread per
//! core, as many as rayon would use: `RAYON_NUM_THREADS` sets it). Each
//! code is reported exactly as `grundy octal CODE` alone reports it (text
//! blocks separated by a blank line, or one JSON object a line), in the
//! order the codes were given, each as soon as those before it are
//! written. At most one sequence per worker and `WINDOW` finished reports
//! per worker are held at once (`--max-memory` is checked up front for the
//! workers' sequences, as `--to` is for one code).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::octal::{Args, run_one, too_many};
use crate::console::{self, Checked};
use grundy::Error;
use grundy::LimitError;
use grundy::render::Pictures;
use grundy::theory::octal::OctalCode;

/// Finished reports a worker may be ahead of the output, per worker.
const WINDOW: usize = 4;

/// One code's report: what it wrote on standard output and standard
/// error, and its exit status.
struct Report {
    out: Vec<u8>,
    err: Vec<u8>,
    status: i32,
}

pub fn run(
    codes: &[OctalCode],
    args: &Args,
    interrupt: &AtomicBool,
    out: &mut Checked<impl Write>,
    err: &mut Checked<impl Write>,
) -> i32 {
    let threads = rayon::current_num_threads().clamp(1, codes.len().max(1));
    if let Some(e) = too_many(args, threads) {
        err.line(&format!("{:?}", e.report_alone()));
        return 1;
    }
    // `--plot FILE`: the i-th code's plot is FILE, FILE-2, FILE-3, ...
    let plot_of =
        |i: usize| -> Option<PathBuf> { args.plot.as_deref().map(|p| Pictures::nth(p, i + 1)) };
    // Workers take the codes in order; a report waits (in `waiting`) until
    // those before it are written. A worker starts code `i` only when
    // `i < written + WINDOW · threads`, so a slow early code holds back at
    // most that many finished reports.
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let window = WINDOW * threads;
    let (send, receive) = mpsc::channel::<(usize, Report)>();
    let mut status = 0;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, written) = (&next, &written);
            let plot_of = &plot_of;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= codes.len() {
                        return;
                    }
                    while i >= written.load(Ordering::Acquire) + window {
                        if interrupt.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    if interrupt.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut o = Checked::new(Vec::new(), "standard output");
                    let mut e = Checked::new(Vec::new(), "standard error");
                    let plot = plot_of(i);
                    let status = run_one(
                        &codes[i],
                        args,
                        args.max_memory / threads,
                        plot.as_deref(),
                        interrupt,
                        false,
                        &mut o,
                        &mut e,
                    );
                    let report = Report {
                        out: o.into_inner(),
                        err: e.into_inner(),
                        status,
                    };
                    if send.send((i, report)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting: BTreeMap<usize, Report> = BTreeMap::new();
        for (i, report) in receive {
            waiting.insert(i, report);
            let mut first = written.load(Ordering::Acquire);
            while let Some(r) = waiting.remove(&first) {
                if first > 0 && !args.json {
                    out.line("");
                }
                let _ = out.write_all(&r.out).and_then(|()| out.flush());
                let _ = err.write_all(&r.err).and_then(|()| err.flush());
                status = status.max(r.status);
                first += 1;
                written.store(first, Ordering::Release);
            }
        }
    });
    let reported = written.load(Ordering::Acquire);
    if reported < codes.len() {
        let e: Error = LimitError::Stopped {
            what: format!("{reported} of the {} codes were reported", codes.len()),
        }
        .into();
        err.line(&format!("{:?}", e.report_alone()));
        return console::EXIT_INTERRUPTED;
    }
    status
}
