//! Running the binary as a user would, from a test: within a time
//! limit, with its own peak memory (`wait4`), and a test run alone in a
//! fresh copy of the test program where the peak is the point.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const MIB: u64 = 1 << 20;

/// A file `name` holding `text` in the scratch folder `dir` of the
/// tests (under a 150-character folder name: `DEEP`).
pub fn scratch(dir: &str, name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(dir)
        .join(super::DEEP);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the scratch file");
    path
}

pub fn grundy() -> Command {
    let mut c = Command::new(super::grundy_bin());
    c.env("NO_COLOR", "1").env("TERM", "dumb");
    c
}

/// What a run gave: its exit code (None: a signal), its streams, its peak
/// resident bytes and how long it took.
pub struct Ran {
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak: u64,
    pub took: Duration,
}

/// Run `cmd` for at most `limit`; kill it and fail if it takes longer.
/// The child is reaped by `wait4` (which also gives its own peak memory),
/// not by `Child::wait`.
#[allow(clippy::zombie_processes)]
pub fn run_within(cmd: Command, limit: Duration, what: &str) -> Ran {
    fn drain(r: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            buf
        })
    }
    // The binary is built (if it must be) before the clock starts.
    super::grundy_bin();
    let started = Instant::now();
    let mut child = spawn(cmd);
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let pid = child.id() as libc::pid_t;
    let (status, usage) = loop {
        if let Some(done) = reaped(pid, what) {
            break done;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
            panic!("{what}: still running after {limit:?}\nstderr: {stderr}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = started.elapsed();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    Ran {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        stdout: text(out.join().unwrap_or_default()),
        stderr: text(err.join().unwrap_or_default()),
        peak: usage.ru_maxrss as u64 * 1024,
        took,
    }
}

/// `cmd` started with no standard input and its output streams piped.
pub fn spawn(mut cmd: Command) -> std::process::Child {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start grundy")
}

/// The exit status and resource usage of the child `pid` if it has ended
/// (reaped by `wait4`, which also gives its own peak memory), without
/// waiting.
pub fn reaped(pid: libc::pid_t, what: &str) -> Option<(i32, libc::rusage)> {
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child, with valid pointers.
    let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    assert!(r == 0 || r == pid, "{what}: wait4 failed");
    (r == pid).then_some((status, usage))
}

/// A failure the user can read: exit status 1, a `grundy::` code, no panic.
pub fn coded(ran: &Ran, code: &str, what: &str) {
    assert_eq!(
        ran.signal, None,
        "{what}: killed by a signal\n{}",
        ran.stderr
    );
    assert_eq!(ran.code, Some(1), "{what}: status\n{}", ran.stderr);
    assert!(
        ran.stderr.contains(code),
        "{what}: no {code} in\n{}",
        ran.stderr
    );
    assert!(
        !ran.stderr.contains("panicked"),
        "{what}: a panic\n{}",
        ran.stderr
    );
}

pub const TWENTY: Duration = Duration::from_secs(20);

/// What the program holds before any budget counts: its code, stack and
/// allocator arenas (`grundy run` of `grundy *3` peaks at 7 MiB; twice
/// that, for the threads and the larger allocator arenas of a big run).
pub const BASELINE: u64 = 16 * MIB;

/// This process's peak resident size (VmHWM), in bytes.
pub fn own_peak() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kb| kb * 1024)
}

/// Set in a fresh copy of this program started by `alone`.
pub const ALONE: &str = "GRUNDY_TEST_ALONE";

/// Whether this is the fresh copy of this program that `alone` starts to
/// run the test `name` by itself; if not, starts it, checks that it ran
/// that one test and passed, and returns false. Linux hands a child, at
/// exec, the peak of the memory it was started from: from this process
/// (whose other tests hold tens of MiB) the wait4 peak of a child is at
/// least that, whatever the child holds. The fresh copy has held only the
/// test harness's few MiB when it starts grundy, so the peak it reads is
/// grundy's own, and a check of it cannot be skipped or blurred (the copy checks that it holds under `BASELINE` itself).
pub fn alone(name: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        assert!(
            own_peak() < BASELINE,
            "the fresh copy holds {} MiB",
            own_peak() / MIB
        );
        return true;
    }
    let exe = std::env::current_exe().expect("the test program's path");
    let out = Command::new(exe)
        .args(["--exact", name, "--test-threads=1", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("start this test program again");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}, run alone:\n{text}");
    assert!(
        text.contains("1 passed"),
        "{name} did not run alone:\n{text}"
    );
    false
}
