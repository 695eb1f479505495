//! `grundy quotient CODE --checkpoint FILE` and `--resume FILE`: the
//! quotient computation's state saved every few minutes (at the end of a
//! stage or the start of a refinement round, whichever comes when a save
//! is due), on Ctrl-C and at the end, and taken up again where it was.
//!
//! A checkpoint is the computation's state (the theory crate's
//! `QuotientState::save`) after a header naming what must agree for a
//! resumed run to print what the uninterrupted one would: the program and
//! its version, the code, `--to`, and the budgets that decide how far a
//! stage may go (the elements `--max-memory` allows, `--max-positions`,
//! `--max-steps`). `--json` and the progress options may differ. It is
//! written to `FILE.tmp`, synced, then renamed over `FILE`, so a kill at
//! any moment leaves the previous checkpoint or the new one, whole.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::theory::misere::{
    MisereQuotient, QuotientCheckpointError, QuotientEvents, QuotientState, StageRecord,
};
use grundy::{Error, FrontEndError};

use super::checkpoint_file::{open_to_resume, write_atomically};
use super::quotient::{Args, stage_line};
use crate::console::Checked;

/// What must agree between the run that wrote a checkpoint and the one
/// that resumes it, as `key: value` lines.
pub fn header(args: &Args, code: &str, elements: usize) -> String {
    format!(
        "version: grundy {}\ncode: {code}\n--to: {}\nelements (--max-memory): {elements}\n--max-positions: {}\n--max-steps: {}\n--stages: {}",
        env!("CARGO_PKG_VERSION"),
        args.to,
        args.max_positions,
        args.max_steps
            .map_or_else(|| "none".to_string(), |n| n.to_string()),
        args.stages,
    )
}

/// The state saved in `path` by a run with the same header.
pub fn resume(path: &Path, header: &str) -> Result<QuotientState, Error> {
    let (file, shown) = open_to_resume(path)?;
    QuotientState::load(header, file).map_err(|e| {
        let (reason, help) = (e.to_string(), e.help().to_string());
        match e {
            QuotientCheckpointError::Io(e) => FrontEndError::ReadFile {
                path: shown,
                reason: e.to_string(),
                help,
            },
            QuotientCheckpointError::Damaged(_) => FrontEndError::QuotientCheckpointDamaged {
                path: shown,
                reason,
                help,
            },
            QuotientCheckpointError::Mismatch { .. } => FrontEndError::QuotientCheckpointRefused {
                path: shown,
                reason,
                help,
            },
        }
        .into()
    })
}

/// What the computation tells the command: each stage printed as it is
/// verified (text output), progress on a terminal and as JSON lines, and
/// the checkpoints.
pub struct Listener<'a> {
    pub out: &'a mut Checked<std::io::Stdout>,
    pub err: &'a mut Checked<std::io::Stderr>,
    /// Print each stage's line on standard output (text output).
    pub print_stages: bool,
    /// Show a status line on standard error (a terminal).
    pub status: bool,
    /// Print a JSON progress line on standard error at every stage and round.
    pub progress_json: bool,
    /// The code and `--to`, named in each JSON progress line.
    pub code: String,
    pub to: u64,
    pub checkpoint: Option<PathBuf>,
    pub every: Duration,
    pub last_save: Instant,
    pub header: String,
    pub started: Instant,
    /// Set when a save fails: the computation stops (through this flag)
    /// and the failure is told.
    pub interrupt: Arc<AtomicBool>,
    pub save_failed: Option<Error>,
}

impl Listener<'_> {
    /// Saves `state` now, atomically (when a checkpoint file was given).
    pub fn save_now(&mut self, state: &QuotientState) -> Result<(), Error> {
        if let Some(path) = &self.checkpoint {
            write_atomically(path, |f| state.save(&self.header, f))?;
            self.last_save = Instant::now();
        }
        Ok(())
    }

    /// A progress line: the heap, the stage, its round, and what it
    /// counts (`elements` of a candidate; a learning round's `tests` and
    /// stored `positions`).
    fn progress(&mut self, heap: u64, what: &str, round: Option<usize>, counts: &[(&str, usize)]) {
        let secs = self.started.elapsed().as_secs();
        if self.status {
            let round = round.map_or(String::new(), |r| format!(" round {r}"));
            let counts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
            let _ = write!(
                self.err,
                "\r\x1b[Kheap {heap}: {what}{round}, {} ({}m{:02}s)",
                counts.join(", "),
                secs / 60,
                secs % 60
            );
            let _ = self.err.flush();
        }
        if self.progress_json {
            let mut line = serde_json::json!({
                "query": "quotient_progress",
                "code": self.code,
                "to": self.to,
                "heap": heap,
                "stage": what,
                "round": round,
            });
            for (k, n) in counts {
                line[*k] = serde_json::json!(n);
            }
            line["seconds"] = serde_json::json!(self.started.elapsed().as_secs_f64());
            let line = grundy::render::json_line(line);
            self.clear_status();
            self.err.line(&line.to_string());
        }
    }

    /// Clears the status line before other text goes to the terminal.
    pub fn clear_status(&mut self) {
        if self.status {
            let _ = write!(self.err, "\r\x1b[K");
            let _ = self.err.flush();
        }
    }
}

impl QuotientEvents for Listener<'_> {
    fn stage(&mut self, record: &StageRecord, _quotient: &MisereQuotient) {
        self.progress(record.heap, "verified", None, &[("elements", record.order)]);
        if self.print_stages {
            self.clear_status();
            self.out.line(&stage_line(record));
        }
    }

    fn round(&mut self, heap: u64, round: usize, elements: usize) {
        self.progress(heap, "refining", Some(round), &[("elements", elements)]);
    }

    fn learning(&mut self, heap: u64, round: usize, tests: usize, positions: usize) {
        self.progress(
            heap,
            "learning",
            Some(round),
            &[("tests", tests), ("positions", positions)],
        );
    }

    fn due(&mut self) -> bool {
        self.checkpoint.is_some() && self.last_save.elapsed() >= self.every
    }

    fn save(&mut self, state: &QuotientState) {
        if let Err(e) = self.save_now(state) {
            self.save_failed = Some(e);
            self.interrupt.store(true, Ordering::Relaxed);
        }
    }
}
