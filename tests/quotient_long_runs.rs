//! `grundy quotient CODE --to N --checkpoint FILE` killed with SIGKILL at
//! random moments, again and again, then `--resume FILE`d to the end,
//! prints exactly what one uninterrupted run prints (text and JSON).
//! Ctrl-C saves a checkpoint too. A checkpoint of another code, `--to`,
//! memory budget or program, or a damaged one, is refused with a coded
//! diagnostic. The state itself is checked at every kind of boundary
//! (stages, refinement rounds, learning stages), without processes, by
//! the tests of `grundy_theory::misere::quotient`'s `long_run_tests`.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use common::child::{self, Ran};
use common::kills;

const LIMIT: Duration = Duration::from_secs(60);

fn folder(name: &str) -> PathBuf {
    kills::folder("quotient_long_runs", name)
}

fn quotient(args: &[&str]) -> Command {
    let mut c = child::grundy();
    c.arg("quotient").args(args);
    c
}

fn run(args: &[&str], what: &str) -> Ran {
    let ran = child::run_within(quotient(args), LIMIT, what);
    assert_eq!(ran.code, Some(0), "{what}: {}", ran.stderr);
    ran
}

/// Killed at random moments and resumed, `args` prints what it prints
/// uninterrupted; a resumed run of the finished checkpoint prints the
/// same JSON.
fn killed_and_resumed(name: &str, args: &[&str], seed: u64) {
    killed_and_resumed_every(name, args, "0", seed);
}

/// [`killed_and_resumed`] with a checkpoint every `every` minutes.
fn killed_and_resumed_every(name: &str, args: &[&str], every: &str, seed: u64) {
    let dir = folder(name);
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    let started = Instant::now();
    let reference = run(args, "uninterrupted");
    let whole = started.elapsed();
    let killed = [
        args,
        &["--checkpoint", &ck_text, "--checkpoint-every", every],
    ]
    .concat();
    let (text, kills) = kills::kill_until_done(|| quotient(&killed), &ck, seed, whole, name);
    assert!(
        kills >= 3,
        "{name}: killed {kills} times: the test proves little"
    );
    eprintln!("{name}: {kills} kills");
    assert_eq!(text, reference.stdout, "{name}: the text");
    let reference_json = run(&[args, &["--json"]].concat(), "uninterrupted JSON");
    let json = run(&[args, &["--json", "--resume", &ck_text]].concat(), "JSON");
    assert_eq!(json.stdout, reference_json.stdout, "{name}: the JSON");
}

#[test]
fn dawsons_kayles_killed_at_random_moments_resumes_to_the_same_quotient() {
    // Heaps 10, 25, 27 and 30 are refined over several rounds each.
    killed_and_resumed("dawson", &["0.07", "--to", "30"], 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn many_refinement_rounds_killed_at_random_moments_resume_to_the_same_quotient() {
    // 0.26: about 150 refinement rounds over ten refined stages.
    killed_and_resumed("rounds", &["0.26", "--to", "28"], 0x2545_f491_4f6c_dd1d);
}

#[test]
fn learning_killed_at_random_moments_resumes_to_the_same_quotient() {
    // Every stage learned from exact outcomes (the hidden --stages
    // learn), saved every 0.12 s: most saves fall inside learning rounds,
    // between two exact searches, with the outcomes stored so far.
    let args = ["0.07", "--to", "20", "--stages", "learn"];
    killed_and_resumed_every("learning", &args, "0.002", 0x6a09_e667_f3bc_c908);
}

#[test]
fn learning_rounds_are_progress_lines() {
    let ran = run(
        &["0.07", "--to", "12", "--stages", "learn", "--progress-json"],
        "learning with progress",
    );
    let learning: Vec<serde_json::Value> = ran
        .stderr
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|l| l["stage"] == "learning")
        .collect();
    assert!(learning.len() > 10, "{}", ran.stderr);
    for l in &learning {
        assert!(l["tests"].as_u64().is_some_and(|t| t > 0), "{l}");
        assert!(l["positions"].is_u64() && l["round"].is_u64(), "{l}");
    }
}

#[test]
fn ctrl_c_saves_a_checkpoint_to_resume_from() {
    let dir = folder("ctrl_c");
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    let args = ["0.07", "--to", "30"];
    let proc = child::spawn(quotient(&[&args[..], &["--checkpoint", &ck_text]].concat()));
    std::thread::sleep(Duration::from_millis(400));
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(proc.id() as libc::pid_t, libc::SIGINT) };
    let out = proc.wait_with_output().expect("reap grundy");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(common::says(&stderr, "interrupted"), "{stderr}");
    assert!(
        common::says(&stderr, "(saved in the checkpoint)"),
        "{stderr}"
    );
    // The default interval is 10 minutes: this checkpoint is Ctrl-C's.
    assert!(ck.exists(), "no checkpoint after Ctrl-C");
    let reference = run(&args, "uninterrupted");
    let resumed = run(&[&args[..], &["--resume", &ck_text]].concat(), "resumed");
    assert_eq!(resumed.stdout, reference.stdout);
}

/// The quotient `grundy quotient` prints is the one the language's
/// `quotient G to N` answers, and each stage line's order and P-portion
/// are those of the quotient of that stage's heaps.
#[test]
fn the_command_and_the_language_agree() {
    let ran = run(&["0.07", "--to", "20", "--json"], "JSON");
    let v: serde_json::Value = serde_json::from_str(&ran.stdout).expect("JSON");
    let file = child::scratch(
        "quotient_long_runs",
        "dawson.game",
        "game D = octal 0.07\nquotient D to 20\nquotient D to 12\n",
    );
    let lang = child::run_within(
        {
            let mut c = child::grundy();
            c.arg("run").arg("--json").arg(&file);
            c
        },
        LIMIT,
        "the language",
    );
    assert_eq!(lang.code, Some(0), "{}", lang.stderr);
    let answers: Vec<serde_json::Value> = lang
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(v["quotient"], answers[0]["quotient"]);
    let twelve = &v["stages"][12];
    assert_eq!(twelve["order"], answers[1]["order"]);
    assert_eq!(
        twelve["p_portion"].as_u64(),
        answers[1]["p_portion"].as_array().map(|a| a.len() as u64)
    );
}

#[test]
fn a_checkpoint_of_another_code_option_or_a_damaged_one_is_refused() {
    let dir = folder("refused");
    let ck = dir.join("run.ck");
    let ck_text = ck.to_string_lossy().into_owned();
    run(&["0.07", "--to", "12", "--checkpoint", &ck_text], "write");
    let refused = |args: &[&str], code: &str, words: &str| {
        let ran = child::run_within(quotient(args), LIMIT, words);
        child::coded(&ran, code, words);
        assert!(common::says(&ran.stderr, words), "{}", ran.stderr);
    };
    let mismatch = "grundy::quotient::checkpoint_refused";
    refused(
        &["0.137", "--to", "12", "--resume", &ck_text],
        mismatch,
        "the checkpoint is of code 0.07, this run of code 0.137",
    );
    refused(
        &["0.07", "--to", "13", "--resume", &ck_text],
        mismatch,
        "the checkpoint is of --to 12, this run of --to 13",
    );
    refused(
        &[
            "0.07",
            "--to",
            "12",
            "--max-memory",
            "8G",
            "--resume",
            &ck_text,
        ],
        mismatch,
        "the checkpoint is of elements (--max-memory) 4096, this run of elements (--max-memory) 14654",
    );
    let mut bytes = std::fs::read(&ck).expect("read the checkpoint");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    let bad = dir.join("bad.ck");
    let bad_text = bad.to_string_lossy().into_owned();
    let damaged = "grundy::quotient::checkpoint_damaged";
    std::fs::write(&bad, &bytes).expect("write");
    refused(
        &["0.07", "--to", "12", "--resume", &bad_text],
        damaged,
        "the checkpoint is damaged",
    );
    bytes[middle] ^= 1;
    std::fs::write(&bad, &bytes[..middle]).expect("write");
    refused(
        &["0.07", "--to", "12", "--resume", &bad_text],
        damaged,
        "the file ends too soon",
    );
    // An octal checkpoint is not a quotient's.
    let octal = dir.join("octal.ck");
    let octal_text = octal.to_string_lossy().into_owned();
    let mut c = child::grundy();
    c.args(["octal", "0.07", "--to", "50", "--checkpoint", &octal_text]);
    assert_eq!(child::run_within(c, LIMIT, "octal").code, Some(0));
    refused(
        &["0.07", "--to", "12", "--resume", &octal_text],
        damaged,
        "not a quotient checkpoint",
    );
    refused(
        &[
            "0.07",
            "--to",
            "12",
            "--resume",
            &dir.join("none.ck").to_string_lossy(),
        ],
        "grundy::io::read",
        "cannot read",
    );
    refused(
        &["0.0x", "--to", "12"],
        "grundy::parse::octal_code",
        "is not an octal or hex digit",
    );
}

/// `--progress-json`: a JSON line on standard error at every stage and
/// refinement round; standard output is what it is without.
#[test]
fn progress_as_json_lines() {
    let args = ["0.07", "--to", "25"];
    let plain = run(&args, "without progress");
    let ran = run(&[&args[..], &["--progress-json"]].concat(), "progress");
    assert_eq!(ran.stdout, plain.stdout);
    let lines: Vec<serde_json::Value> = ran
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let verified = lines.iter().filter(|l| l["stage"] == "verified").count();
    assert_eq!(verified, 25, "{}", ran.stderr);
    let rounds: Vec<&serde_json::Value> =
        lines.iter().filter(|l| l["stage"] == "refining").collect();
    assert!(rounds.iter().any(|l| l["heap"] == 25 && l["round"] == 0));
    for l in &lines {
        assert_eq!(l["query"], "quotient_progress");
        assert_eq!(l["code"], "0.07");
        assert_eq!(l["to"], 25);
        assert!(l["elements"].as_u64().is_some_and(|e| e > 0), "{l}");
    }
}
