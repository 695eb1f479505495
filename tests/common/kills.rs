//! Long runs (`grundy octal`, `grundy quotient`) killed with SIGKILL at
//! random moments, again and again, and resumed from their checkpoint
//! until one run ends by itself. The kill moments come from a fixed seed;
//! whatever they are, the output must be the same.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::child;

/// A fresh scratch folder `group/name` (under `DEEP`).
pub fn folder(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name)
        .join(super::DEEP);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch folder");
    dir
}

/// A xorshift generator: the kill moments, from a fixed seed.
struct Moments(u64);

impl Moments {
    fn next_ms(&mut self, lo: u64, hi: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + self.0 % (hi - lo)
    }
}

/// Starts `start()` (plus `--resume F` once the checkpoint F exists) and
/// SIGKILLs it after a random moment within `whole` (the uninterrupted
/// run's time), until a run ends by itself; that run's stdout and the
/// number of kills. A first run that ends unkilled starts again with
/// `whole` halved. Fails if a run fails, or if no run ends within 80
/// tries (each try waits longer than the last).
pub fn kill_until_done(
    start: impl Fn() -> Command,
    checkpoint: &Path,
    seed: u64,
    whole: Duration,
    what: &str,
) -> (String, usize) {
    let mut moments = Moments(seed);
    let mut whole_ms = (whole.as_millis() as u64).max(20);
    let mut kills = 0usize;
    for _ in 0..80 {
        let mut cmd = start();
        if checkpoint.exists() {
            cmd.arg("--resume").arg(checkpoint);
        }
        // A moment within the uninterrupted run's time (measured on this
        // machine, so a fast one is killed too); later tries wait longer,
        // so that a loaded machine still ends.
        let wait = Duration::from_millis(
            moments.next_ms(whole_ms / 20, whole_ms / 3 + 2) + 30 * kills as u64,
        );
        let started = Instant::now();
        let mut proc = child::spawn(cmd);
        while started.elapsed() < wait {
            if let Ok(Some(_)) = proc.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Child::kill is SIGKILL on Unix: no handler runs, nothing is flushed.
        let _ = proc.kill();
        let out = proc.wait_with_output().expect("reap grundy");
        if out.status.code() == Some(0) {
            if kills == 0 && whole_ms > 2 {
                // Ended before its first kill (the machine is faster than
                // the reference run said): start again, killing sooner.
                let _ = std::fs::remove_file(checkpoint);
                whole_ms /= 2;
                continue;
            }
            return (String::from_utf8_lossy(&out.stdout).into_owned(), kills);
        }
        kills += 1;
        assert!(
            out.status.code().is_none(),
            "{what}: a run failed\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    panic!("{what}: no run ended in 80 tries");
}
