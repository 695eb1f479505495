//! `grundy octal CODE --checkpoint FILE` killed with SIGKILL at random
//! moments, again and again, then `--resume FILE`d to the end, prints
//! exactly what one uninterrupted run prints: the text, the JSON (every
//! value, the rare mask and count) and the plot (the rare heaps in red).
//! Ctrl-C saves a checkpoint too. A checkpoint of another code or option
//! set, or a damaged one, is refused with a coded diagnostic.
//!
//! The kill moments come from a fixed seed; whatever they are, the output
//! must be the same, so the test is deterministic in what it checks. The
//! state itself is checked at random stopping points, without processes,
//! by the property test of `grundy_theory::octal`'s checkpoint module.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::child::{self, Ran};
use common::kills;

const LIMIT: Duration = Duration::from_secs(60);

fn folder(name: &str) -> PathBuf {
    kills::folder("octal_long_runs", name)
}

fn octal(args: &[&str]) -> Command {
    let mut c = child::grundy();
    c.arg("octal").args(args);
    c
}

fn run(args: &[&str], what: &str) -> Ran {
    let ran = child::run_within(octal(args), LIMIT, what);
    assert_eq!(ran.code, Some(0), "{what}: {}", ran.stderr);
    ran
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Killed at random moments and resumed, `args` prints what it prints
/// uninterrupted; a resumed run of the finished checkpoint prints the
/// same JSON and plot.
fn killed_and_resumed(name: &str, args: &[&str], seed: u64) {
    let dir = folder(name);
    let plot = |n: &str| dir.join(format!("{n}.svg"));
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    let reference_svg = plot("reference").to_string_lossy().into_owned();
    let started = Instant::now();
    let reference = run(
        &[args, &["--plot", &reference_svg]].concat(),
        "uninterrupted",
    );
    let whole = started.elapsed();
    let reference_json = run(&[args, &["--json"]].concat(), "uninterrupted JSON");
    let killed = [args, &["--checkpoint", &ck_text, "--checkpoint-every", "0"]].concat();
    let (text, kills) = kills::kill_until_done(|| octal(&killed), &ck, seed, whole, name);
    assert!(kills > 0, "{name}: never killed: the test proves nothing");
    eprintln!("{name}: {kills} kills");
    // The text but the plot line, which names the file.
    let without_plot = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.starts_with("plot:"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    assert_eq!(text, without_plot(&reference.stdout), "{name}: the text");
    let last_svg = plot("resumed").to_string_lossy().into_owned();
    let again = [args, &["--resume", &ck_text, "--plot", &last_svg]].concat();
    let resumed = run(&again, "resumed at the end");
    assert_eq!(
        without_plot(&resumed.stdout),
        without_plot(&reference.stdout)
    );
    assert_eq!(
        read(&plot("resumed")),
        read(&plot("reference")),
        "{name}: the plot"
    );
    let json = run(&[args, &["--json", "--resume", &ck_text]].concat(), "JSON");
    assert_eq!(json.stdout, reference_json.stdout, "{name}: the JSON");
}

#[test]
fn officers_killed_at_random_moments_resumes_to_the_same_values_and_rare_heaps() {
    killed_and_resumed(
        "officers",
        &["0.6", "--to", "250000"],
        0x9e37_79b9_7f4a_7c15,
    );
}

#[test]
fn a_period_proof_killed_at_random_moments_resumes_to_the_same_proof() {
    // 0.16 proves its period at 509,622 values: the checks of `solve` are
    // part of the state.
    killed_and_resumed("proof", &["0.16"], 0x2545_f491_4f6c_dd1d);
}

#[test]
fn ctrl_c_saves_a_checkpoint_to_resume_from() {
    let dir = folder("ctrl_c");
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    let args = ["0.6", "--to", "800000"];
    let proc = child::spawn(octal(&[&args[..], &["--checkpoint", &ck_text]].concat()));
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(proc.id() as libc::pid_t, libc::SIGINT) };
    let out = proc.wait_with_output().expect("reap grundy");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    // The default interval is 10 minutes: this checkpoint is Ctrl-C's.
    assert!(ck.exists(), "no checkpoint after Ctrl-C");
    let reference = run(&args, "uninterrupted");
    let resumed = run(&[&args[..], &["--resume", &ck_text]].concat(), "resumed");
    assert_eq!(resumed.stdout, reference.stdout);
}

#[test]
fn a_checkpoint_of_another_code_option_or_a_damaged_one_is_refused() {
    let dir = folder("refused");
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    run(&["0.6", "--to", "5000", "--checkpoint", &ck_text], "write");
    let refused = |args: &[&str], code: &str, words: &str| {
        let ran = child::run_within(octal(args), LIMIT, words);
        child::coded(&ran, code, words);
        assert!(common::says(&ran.stderr, words), "{}", ran.stderr);
    };
    let mismatch = "grundy::octal::checkpoint_refused";
    refused(
        &["0.77", "--to", "5000", "--resume", &ck_text],
        mismatch,
        "the checkpoint is of code 0.6, this run of code 0.77",
    );
    refused(
        &["0.6", "--to", "6000", "--resume", &ck_text],
        mismatch,
        "the checkpoint is of --to 5000, this run of --to 6000",
    );
    refused(
        &[
            "0.6", "--to", "5000", "--engine", "plain", "--resume", &ck_text,
        ],
        mismatch,
        "the checkpoint is of engine sparse, this run of engine plain",
    );
    refused(
        &["0.f", "--checkpoint", &ck_text],
        mismatch,
        "cannot be checkpointed",
    );
    refused(
        &["0.6", "0.7", "--checkpoint", &ck_text],
        "grundy::usage",
        "for one code at a time",
    );
    let mut bytes = read(&ck);
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    let bad = dir.join("bad.ck");
    std::fs::write(&bad, &bytes).expect("write");
    let bad_text = bad.to_string_lossy().into_owned();
    let damaged = "grundy::octal::checkpoint_damaged";
    refused(
        &["0.6", "--to", "5000", "--resume", &bad_text],
        damaged,
        "its CRC-32 does not match",
    );
    std::fs::write(&bad, &bytes[..middle]).expect("write");
    refused(
        &["0.6", "--to", "5000", "--resume", &bad_text],
        damaged,
        "the file ends too soon",
    );
    std::fs::write(&bad, "game G = octal 0.6\n").expect("write");
    refused(
        &["0.6", "--to", "5000", "--resume", &bad_text],
        damaged,
        "not a checkpoint",
    );
    refused(
        &["0.6", "--resume", &dir.join("none.ck").to_string_lossy()],
        "grundy::io::read",
        "cannot read",
    );
    refused(
        &["0.6", "--checkpoint-every", "soon"],
        "grundy::usage",
        "not a number of minutes",
    );
}

/// `--progress-json SECONDS`: JSON lines on standard error, counting up to
/// the last one (`"done": true`); standard output is what it is without.
#[test]
fn progress_as_json_lines() {
    let args = ["0.6", "--to", "300000"];
    let plain = run(&args, "without progress");
    let ran = run(&[&args[..], &["--progress-json", "0"]].concat(), "progress");
    assert_eq!(ran.stdout, plain.stdout);
    let lines: Vec<serde_json::Value> = ran
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(lines.len() >= 2, "{}", ran.stderr);
    let mut last = 0;
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["query"], "octal_progress", "{line}");
        assert_eq!(line["code"], "0.6");
        assert_eq!(line["to"], 300_000);
        let values = line["values"].as_u64().expect("values");
        assert!(values >= last, "{}", ran.stderr);
        last = values;
        assert_eq!(line["done"], i + 1 == lines.len(), "{line}");
        for key in ["values_per_second", "eta_seconds"] {
            assert!(line[key].is_u64() || line[key].is_null(), "{line}");
        }
    }
    assert_eq!(last, 300_000);
    let bad = child::run_within(octal(&["0.6", "--progress-json", "-1"]), LIMIT, "bad");
    child::coded(&bad, "grundy::usage", "a negative interval");
}

/// `--jobs 2` shares each heap's rare pass with a second thread: the
/// output is `--jobs 1`'s (text and JSON: every value and the rare heaps'
/// count and mask). Officers' 1,583 rare heaps make the second thread run.
#[test]
fn two_jobs_print_what_one_prints() {
    for args in [
        &["0.6", "--to", "300000"][..],
        &["0.6", "--to", "300000", "--json"],
    ] {
        let one = run(&[args, &["--jobs", "1"]].concat(), "one job");
        let two = run(&[args, &["--jobs", "2"]].concat(), "two jobs");
        assert_eq!(one.stdout, two.stdout, "{args:?}");
    }
}
