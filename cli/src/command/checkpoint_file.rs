//! The files of `--checkpoint` and `--resume`, for `grundy octal` and
//! `grundy quotient` alike: written whole or not at all, opened with a
//! coded error, and the interval between saves.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::{Error, FrontEndError};

/// `FILE.tmp` in `path`'s folder.
pub(super) fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

fn write_error(path: &Path, e: impl ToString) -> Error {
    FrontEndError::WriteFile {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
    .into()
}

/// Writes `FILE.tmp` with `write`, syncs it, renames it over `path` and
/// syncs the folder: `path` is the old file or the new one, whole.
pub(super) fn write_atomically<E: ToString>(
    path: &Path,
    write: impl FnOnce(&File) -> Result<(), E>,
) -> Result<(), Error> {
    let tmp = temporary(path);
    let file = File::create(&tmp).map_err(|e| write_error(&tmp, e))?;
    write(&file).map_err(|e| write_error(&tmp, e))?;
    file.sync_all().map_err(|e| write_error(&tmp, e))?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(|e| write_error(path, e))?;
    // The rename itself reaches the disk when the folder is synced (where
    // a folder can be opened; elsewhere the rename stands as it is).
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The checkpoint at `path`, opened for `--resume`, and its path as shown
/// in messages.
pub(super) fn open_to_resume(path: &Path) -> Result<(File, String), Error> {
    let shown = path.display().to_string();
    let file = File::open(path).map_err(|e| -> Error {
        FrontEndError::ReadFile {
            path: shown.clone(),
            reason: e.to_string(),
            help: "check the path of --resume: a checkpoint is written by --checkpoint FILE"
                .to_string(),
        }
        .into()
    })?;
    Ok((file, shown))
}

/// `--checkpoint-every MINUTES`: a number of minutes, fractions allowed
/// (0: after every step, about ten a second).
pub fn parse_minutes(s: &str) -> Result<Duration, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && *m >= 0.0 && *m <= 1e7)
        .map(|m| Duration::from_secs_f64(m * 60.0))
        .ok_or_else(|| format!("`{s}` is not a number of minutes: write e.g. 10 or 0.5"))
}
