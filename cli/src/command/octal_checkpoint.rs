//! `grundy octal CODE --checkpoint FILE` and `--resume FILE`: a long run
//! saved every few minutes (and when it ends, Ctrl-C included), and taken
//! up again where it was.
//!
//! A checkpoint is the sequence's whole state (the theory crate's
//! `NimSequence::save_state`) after a header naming what must agree for a
//! resumed run to print what the uninterrupted one would: the program and
//! its version, the engine asked for, `--to` and `--max-values`. The code
//! is checked too; the output options (`--json`, `--plot`) may differ.
//! A checkpoint is written to `FILE.tmp`, synced to the disk, then
//! renamed over `FILE` (and the folder synced), so a crash or a kill at
//! any moment leaves either the previous checkpoint or the new one, whole.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grundy::theory::octal::{CheckpointError, Engine, NimSequence, OctalCode};
use grundy::{Error, FrontEndError};

use super::checkpoint_file::{open_to_resume, write_atomically};
use super::octal::{Args, EngineArg};

/// When and where a run saves its state.
pub struct Checkpoints {
    path: PathBuf,
    every: Duration,
    last: Instant,
    header: String,
}

/// What must agree between the run that wrote a checkpoint and the one
/// that resumes it, as `key: value` lines.
pub fn header(args: &Args) -> String {
    let engine = match args.engine {
        EngineArg::Sparse => "sparse",
        EngineArg::Plain => "plain",
    };
    let to = args
        .to
        .map_or_else(|| "none".to_string(), |n| n.to_string());
    format!(
        "version: grundy {}\nengine: {engine}\n--to: {to}\n--max-values: {}",
        env!("CARGO_PKG_VERSION"),
        args.max_values
    )
}

impl Checkpoints {
    /// Saving to `args.checkpoint`, if given, every `args.checkpoint_every`.
    pub fn new(args: &Args) -> Option<Self> {
        args.checkpoint.as_ref().map(|p| Checkpoints {
            path: p.clone(),
            every: args.checkpoint_every,
            last: Instant::now(),
            header: header(args),
        })
    }

    /// Saves `seq` if the interval has passed since the last save.
    pub fn maybe_save(&mut self, seq: &NimSequence) -> Result<(), Error> {
        if self.last.elapsed() >= self.every {
            self.save(seq)?;
        }
        Ok(())
    }

    /// Saves `seq` now, atomically.
    pub fn save(&mut self, seq: &NimSequence) -> Result<(), Error> {
        write_atomically(&self.path, |f| seq.save_state(&self.header, f))?;
        self.last = Instant::now();
        Ok(())
    }
}

/// The sequence saved in `path` by a run with the same header, for
/// `code`; its values may take at most `max_bytes`.
pub fn resume(
    path: &Path,
    args: &Args,
    code: &OctalCode,
    engine: Engine,
    max_bytes: usize,
) -> Result<NimSequence, Error> {
    let (file, shown) = open_to_resume(path)?;
    NimSequence::load_state(file, &header(args), code, engine, max_bytes).map_err(|e| {
        let (reason, help) = (e.to_string(), e.help().to_string());
        match e {
            CheckpointError::Io(e) => FrontEndError::ReadFile {
                path: shown,
                reason: e.to_string(),
                help,
            },
            CheckpointError::NotACheckpoint(_) | CheckpointError::Damaged(_) => {
                FrontEndError::CheckpointDamaged {
                    path: shown,
                    reason,
                    help,
                }
            }
            _ => FrontEndError::CheckpointRefused {
                path: shown,
                reason,
                help,
            },
        }
        .into()
    })
}

/// Checkpoints are for one code whose engine can save its state.
pub fn refuse(args: &Args, codes: &[OctalCode]) -> Option<Error> {
    let path = args.checkpoint.as_ref().or(args.resume.as_ref())?;
    let path = path.display().to_string();
    if codes.len() > 1 {
        return Some(
            FrontEndError::Usage {
                message: "--checkpoint and --resume are for one code at a time".to_string(),
                help: "run one `grundy octal CODE --checkpoint FILE` per code, each with a file of its own (docs/RECORDS.md shows a batch of codes)".to_string(),
            }
            .into(),
        );
    }
    let code = codes.first()?;
    let engine = match args.engine {
        EngineArg::Sparse => Engine::Sparse,
        EngineArg::Plain => Engine::Plain,
    };
    (NimSequence::new(code.clone(), engine).engine() == Engine::PairSets).then(|| {
        let e = CheckpointError::Unsupported(code.to_string());
        FrontEndError::CheckpointRefused {
            path,
            reason: e.to_string(),
            help: e.help().to_string(),
        }
        .into()
    })
}
