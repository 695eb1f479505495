//! Programs the fuzz campaign (docs/ROBUSTNESS.md) found running long or
//! past a budget, each checked to end within 20 s with an answer or a
//! coded error, and within its memory budget.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_regressions");
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the scratch file");
    path
}

/// How `grundy run ARGS FILE` ended: exit code, stderr, peak resident bytes.
struct Ended {
    code: Option<i32>,
    stderr: String,
    peak: u64,
}

/// Run `grundy run ARGS FILE`, killed past 20 s (a failure); reaped by
/// `wait4`, which gives the child's peak memory.
#[allow(clippy::zombie_processes)]
fn run(file: &Path, args: &[&str]) -> Ended {
    let err = file.with_extension("stderr");
    let mut child = Command::new(common::grundy_bin())
        .arg("run")
        .args(args)
        .arg(file)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err).expect("a stderr file"))
        .spawn()
        .expect("start grundy");
    let pid = child.id() as libc::pid_t;
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    let (status, usage) = loop {
        if let Some(done) = common::child::reaped(pid, "grundy") {
            break done;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{}: still running after 20 s", file.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Ended {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stderr: std::fs::read_to_string(&err).unwrap_or_default(),
        peak: usage.ru_maxrss as u64 * 1024,
    }
}

/// A rule game whose positions each list thousands of moves
/// (`sequence Kayles 0..=100000` with `k in 0..=40`): the move lists grow
/// by doubling, and a doubling of a large list took the session to 910 MiB
/// under the 640 MiB budget before the memory was looked at. The new
/// buffer is now reserved against the budget before it is allocated.
#[test]
fn a_growing_move_list_stops_within_the_memory_budget() {
    let file = scratch(
        "kayles40.game",
        "game Kayles(n) {\n\
         move Kayles(i) + Kayles(n - k - i) for k in 0..=40, i in 0..=n - k\n\
         }\n\
         sequence Kayles 0..=100000\n",
    );
    let e = run(&file, &["--max-memory", "48M"]);
    assert_eq!(e.code, Some(1), "{}", e.stderr);
    assert!(e.stderr.contains("grundy::solve::memory"), "{}", e.stderr);
    assert!(!e.stderr.contains("panicked"), "{}", e.stderr);
    // The budget, 1.25 times, plus what the process holds that the
    // allocator does not count (the binary, the touched stack).
    assert!(
        e.peak <= 48 * MIB * 5 / 4 + 24 * MIB,
        "peak {} MiB under a 48 MiB budget",
        e.peak / MIB
    );
}

/// `period` of a code with three-heap splits whose values keep growing
/// (`8.1`: heap n costs about n² words of pair sets) ran past 20 s under
/// the default budgets, as the octal engine's work was not counted as
/// steps. It now counts (`NimSequence::steps`, sixteen of the engine's a
/// step) and the query ends at the step budget: under the default 10¹⁰
/// after about a minute, like a runaway in any other loop, so this test
/// gives smaller budgets (about 6 s and at once).
#[test]
fn a_three_heap_code_whose_values_grow_stops_at_the_step_budget() {
    let file = scratch("octal81.game", "game W = octal 8.1\nperiod W\n");
    for args in [
        &["--max-steps", "1000000000"][..],
        &["--max-steps", "10000000"][..],
    ] {
        let e = run(&file, args);
        assert_eq!(e.code, Some(1), "{args:?}: {}", e.stderr);
        assert!(
            e.stderr.contains("grundy::eval::steps"),
            "{args:?}: {}",
            e.stderr
        );
        assert!(!e.stderr.contains("panicked"), "{}", e.stderr);
    }
}

/// A loopy value of a large integer (the grammar-driven fuzz's
/// `6924441524449698109 & +-↑`): its graph has a vertex per integer down
/// to 0, built up to the position budget (5,000,000 vertices, 1.7 GiB)
/// whatever the memory budget. The graph is now capped by the memory
/// budget's room too, and refused with the memory budget's code.
#[test]
fn a_loopy_value_of_a_large_integer_stops_within_the_memory_budget() {
    let file = scratch("loopy_int.game", "let x = 100000000 & 0\n");
    for (args, budget) in [(&["--max-memory", "50M"][..], 50), (&[][..], 640)] {
        let e = run(&file, args);
        assert_eq!(e.code, Some(1), "{}", e.stderr);
        assert!(e.stderr.contains("grundy::solve::memory"), "{}", e.stderr);
        assert!(
            e.peak <= budget * MIB * 5 / 4 + 24 * MIB,
            "peak {} MiB under a {budget} MiB budget",
            e.peak / MIB
        );
    }
}
