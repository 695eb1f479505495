//! `grundy run --jobs N`: the queries of a file on N worker threads print
//! exactly what the sequential run prints — answers, diagnostics, JSON,
//! pictures, exit status — and Ctrl-C stops every worker.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> Output {
    Command::new(common::grundy_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .output()
        .expect("run grundy")
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("jobs")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let path = scratch_dir(name).join(format!("{name}.game"));
    std::fs::write(&path, text).expect("write the scratch file");
    path
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `grundy run [EXTRA] FILE` sequentially and with `--jobs 1`, `2`, `3`:
/// the same standard output, standard error and exit status. Returns the
/// sequential run's output.
fn same_with_jobs(file: &Path, extra: &[&str]) -> Output {
    same_with_jobs_by(file, extra, std::string::ToString::to_string)
}

/// `same_with_jobs`, standard error compared after `norm`.
fn same_with_jobs_by(file: &Path, extra: &[&str], norm: fn(&str) -> String) -> Output {
    let file = file.to_str().expect("a UTF-8 path");
    let mut args = vec!["run"];
    args.extend_from_slice(extra);
    args.push(file);
    let alone = grundy(&args);
    for jobs in ["1", "2", "3"] {
        let mut with = vec!["run", "--jobs", jobs];
        with.extend_from_slice(extra);
        with.push(file);
        let o = grundy(&with);
        assert_eq!(
            text(&o.stdout),
            text(&alone.stdout),
            "stdout of {file} {extra:?} --jobs {jobs}"
        );
        assert_eq!(
            norm(&text(&o.stderr)),
            norm(&text(&alone.stderr)),
            "stderr of {file} {extra:?} --jobs {jobs}"
        );
        assert_eq!(
            o.status.code(),
            alone.status.code(),
            "status of {file} {extra:?} --jobs {jobs}"
        );
    }
    alone
}

fn game_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .game files in {}", dir.display());
    files
}

#[test]
fn every_example_prints_the_same_on_several_workers() {
    for file in game_files("examples") {
        let o = same_with_jobs(&file, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", file.display());
        let o = same_with_jobs(&file, &["--json"]);
        assert_eq!(o.status.code(), Some(0), "{}", file.display());
    }
}

#[test]
fn every_query_alone_answers_as_in_the_sequence() {
    // With more workers than queries nearly every query runs in a session
    // that has run no other query: its answer must not depend on the
    // caches the queries before it filled.
    let mut files = game_files("examples");
    files.push(scratch("alone", MIXED));
    for file in files {
        let file = file.to_str().expect("a UTF-8 path");
        let alone = grundy(&["run", file]);
        let many = grundy(&["run", "--jobs", "64", file]);
        assert_eq!(text(&many.stdout), text(&alone.stdout), "{file}");
        // A machine with less memory than 64 workers' budgets runs fewer,
        // and says so in a note; everything else is as one thread prints.
        let many_err: String = text(&many.stderr)
            .lines()
            .filter(|l| !l.starts_with("note: --jobs 64: "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(many_err, text(&alone.stderr), "{file}");
        assert_eq!(many.status.code(), alone.status.code(), "{file}");
    }
}

#[test]
fn every_error_file_prints_the_same_on_several_workers() {
    for file in game_files("tests/errors") {
        // Extra arguments from a leading comment `# args: ...`, as
        // tests/errors.rs runs the file.
        let text = std::fs::read_to_string(&file).expect("read the error file");
        let mut args: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .filter_map(|l| l.strip_prefix("# args:"))
            .flat_map(str::split_whitespace)
            .collect();
        same_with_jobs(&file, &args);
        args.push("--json");
        same_with_jobs(&file, &args);
    }
}

#[test]
fn bench_games_print_the_same_on_several_workers() {
    // The quick ones (the others take minutes in a debug build); jobs.game
    // has several heavy queries, here with a position budget that cuts
    // them all short. (Not a step budget: where a query runs out of steps
    // depends on what its worker's caches already hold, so the span of
    // that diagnostic may differ — see LANGUAGE.md on --jobs.)
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/games");
    for name in [
        "misere_kayles7_quotient.game",
        "misere_kayles_quotient.game",
        "misere_dawson20_quotient.game",
    ] {
        let o = same_with_jobs(&dir.join(name), &[]);
        assert_eq!(o.status.code(), Some(0), "{name}");
        same_with_jobs(&dir.join(name), &["--json"]);
    }
    let jobs = dir.join("jobs.game");
    for extra in [
        &["--max-positions", "2000"][..],
        &["--max-positions", "3000", "--json"],
    ] {
        let o = same_with_jobs(&jobs, extra);
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {}", text(&o.stderr));
    }
}

/// Queries of every kind, errors among them, a `let` and a subtraction set
/// between them: each answered by whichever worker took it.
const MIXED: &str = "\
game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }
game W(a, b) {
    move W(a - k, b) for k in 1..=a
    move W(a, b - k) for k in 1..=b
    move W(a - k, b - k) for k in 1..=min(a, b)
}
grundy K(10)
sequence K 0..=20
let g = grundy(K(12))
grundy Nim(g)
grundy Nim(0 / 0)
table W 0..=5, 0..=5
game S = subtraction {1, 2, g}
sequence S 0..=12
outcome misere K(3) + K(4)
winning Nim(1) + Nim(2) + Nim(4)
assert grundy(K(7)) == 9
moves W(2, 3)
dot K(3)
period S
sequence n in 0..=8: K(n) + K(n)
grundy K(-1)
remoteness W(3, 5)
";

#[test]
fn mixed_queries_definitions_and_errors_print_the_same() {
    let file = scratch("mixed", MIXED);
    let o = same_with_jobs(&file, &[]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.contains("grundy K(10) = 2"), "{out}");
    assert!(out.contains("grundy Nim(4) = 4"), "{out}");
    assert!(out.contains("remoteness W(3, 5) = 4"), "{out}");
    let err = text(&o.stderr);
    assert!(err.contains("grundy::eval::division_by_zero"), "{err}");
    assert!(err.contains("grundy::assert::failed"), "{err}");
    same_with_jobs(&file, &["--json"]);
}

#[test]
fn sums_print_the_same_whatever_their_worker_solved_before() {
    // The first query fills one worker's caches (positions interned in
    // its order); the others print sums, state graphs and kernels, which
    // must not depend on what the worker that runs them met before.
    let file = scratch(
        "sums",
        "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\n\
         grundy K(9) + K(7)\ndot K(3) + K(2)\nmoves K(3) + K(2)\n\
         winning K(4) + K(2) + K(1)\nkernel K(3) + K(2)\nremoteness K(3) + K(2)\n\
         winning misere K(4) + K(2) + K(1)\ngenus K(3) + K(2)\n\
         misere_form K(2) + K(1)\nkernel_sequences K(2) + K(1)\n",
    );
    let o = same_with_jobs(&file, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    same_with_jobs(&file, &["--json"]);
}

#[test]
fn pictures_are_the_same_files_with_the_same_numbers() {
    let file = scratch("pictures", MIXED);
    let have_dot = Command::new("dot").arg("-V").output().is_ok();
    let mut seen: Vec<(String, Vec<u8>)> = Vec::new();
    for jobs in ["1", "2", "3"] {
        let dir = scratch_dir(&format!("pictures-{jobs}"));
        let plot = dir.join("p.svg");
        let svg = dir.join("g.svg");
        let o = grundy(&[
            "run",
            "--jobs",
            jobs,
            file.to_str().unwrap(),
            "--plot",
            plot.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ]);
        // The log of the files written names this run's directory.
        let stderr = text(&o.stderr).replace(dir.to_str().unwrap(), "DIR");
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        files.sort();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        // Without Graphviz the `dot` picture is a coded error, the same
        // under every `--jobs`, and only the plots are written.
        let expected: &[&str] = if have_dot {
            &["g.svg", "p-2.svg", "p-3.svg", "p-4.svg", "p.svg"]
        } else {
            &["p-2.svg", "p-3.svg", "p-4.svg", "p.svg"]
        };
        assert_eq!(names, expected, "{stderr}");
        files.push(("stdout".into(), o.stdout.clone()));
        files.push(("stderr".into(), stderr.into_bytes()));
        files.push((
            "status".into(),
            format!("{:?}", o.status.code()).into_bytes(),
        ));
        if seen.is_empty() {
            seen = files;
        } else {
            for ((name, a), (_, b)) in seen.iter().zip(&files) {
                assert!(a == b, "{name} differs with --jobs {jobs}");
            }
        }
    }
}

#[test]
fn a_failed_definition_stops_every_worker_there() {
    let file = scratch(
        "failed_let",
        "grundy Nim(1)\ngrundy Nim(2)\nlet x = 0 / 0\ngrundy Nim(3)\ngrundy Nim(4)\n",
    );
    let o = same_with_jobs(&file, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "grundy Nim(1) = 1\ngrundy Nim(2) = 2\n");
    assert!(text(&o.stderr).contains("grundy::eval::division_by_zero"));
    same_with_jobs(&file, &["--json"]);
    // A subtraction set that fails is a definition too.
    let file = scratch(
        "failed_set",
        "grundy Nim(1)\ngame S = subtraction {0, 1}\ngrundy Nim(3)\ngrundy S(4)\n",
    );
    let o = same_with_jobs(&file, &[]);
    assert_eq!(text(&o.stdout), "grundy Nim(1) = 1\n");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_query_over_its_budget_and_good_ones_after_it() {
    // Each query has its own budget on every worker: the first is over it
    // wherever it runs (alone it needs 20,001 positions), the others not.
    let file = scratch(
        "over_budget",
        "game G(n) { move G(n - k) for k in 1..=min(n, 3) }\n\
         grundy G(20000)\ngrundy G(10)\ngrundy Nim(5)\nsequence G 0..=12\ngrundy G(20000)\ngrundy G(11)\n",
    );
    let o = same_with_jobs(&file, &["--max-positions", "5000"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        "grundy G(10) = 2\ngrundy Nim(5) = 5\nsequence G 0..=12: 0 1 2 3 0 1 2 3 0 1 2 3 0\ngrundy G(11) = 3\n"
    );
    let err = text(&o.stderr);
    assert_eq!(err.matches("grundy::solve::budget").count(), 2, "{err}");
    same_with_jobs(&file, &["--max-positions", "5000", "--json"]);
    same_with_jobs(&file, &["--max-steps", "20000"]);
}

#[test]
fn the_memory_budget_holds_for_each_query_on_each_worker() {
    // Memory is counted per thread: a worker's query is charged what its
    // worker holds, under the same --max-memory as alone.
    let file = scratch(
        "memory",
        "game Chomp(rows) {\n\
             move Chomp(bite(rows, i, j)) for i in 0..len(rows), j in 0..rows[i] if (i, j) != (0, 0)\n\
         }\n\
         fn bite(rows, i, j) = [ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]\n\
         grundy Chomp([10, 10, 10, 10, 10, 10, 10, 10, 10, 10])\n\
         grundy Chomp([3, 3, 2])\ngrundy Nim(2)\n\
         grundy Chomp([10, 10, 10, 10, 10, 10, 10, 10, 10, 9])\n\
         grundy Chomp([4, 4, 4, 1])\n",
    );
    // How much the session held when the budget ran out is what that
    // worker's session held: its caches differ from the sequential run's,
    // so the figure may too (not the limit, the query or the span).
    fn held_figure_out(s: &str) -> String {
        s.lines()
            .map(|l| match (l.find("holds "), l.find(" of at most")) {
                (Some(a), Some(b)) if a < b => format!("{}holds …{}", &l[..a], &l[b..]),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
    let o = same_with_jobs_by(&file, &["--max-memory", "12M"], held_figure_out);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        "grundy Chomp([3, 3, 2]) = 1\ngrundy Nim(2) = 2\ngrundy Chomp([4, 4, 4, 1]) = 8\n"
    );
    let err = text(&o.stderr);
    assert_eq!(err.matches("grundy::solve::memory").count(), 2, "{err}");
}

#[test]
fn jobs_zero_is_one_per_core() {
    let file = scratch("zero", "grundy Nim(1)\ngrundy Nim(2)\ngrundy Nim(3)\n");
    let o = grundy(&["run", "--jobs", "0", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stdout),
        "grundy Nim(1) = 1\ngrundy Nim(2) = 2\ngrundy Nim(3) = 3\n"
    );
}

fn interrupt(pid: u32) {
    // SAFETY: a plain kill(2) of our own child.
    let r = unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) };
    assert_eq!(r, 0, "kill -INT");
}

#[test]
fn ctrl_c_stops_every_worker_and_keeps_the_answers_so_far() {
    // Two slow queries (minutes in a debug build), one per worker, between
    // quick ones; Ctrl-C once the first answer is out.
    let file = scratch(
        "ctrl_c",
        "grundy Nim(3)\ngame G(n) { move G(n - k) for k in 1..=n }\n\
         grundy G(200000)\ngrundy G(200001)\ngrundy Nim(4)\ngrundy Nim(5)\n",
    );
    for json in [false, true] {
        let mut cmd = Command::new(common::grundy_bin());
        // A step budget far past the slow queries: under the default one
        // they end within a second on an idle machine, before the signal.
        cmd.args(["run", "--jobs", "2", "--max-steps", "1000000000000"]);
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .arg(&file)
            .env("NO_COLOR", "1")
            .env("TERM", "dumb")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert!(first.contains("Nim(3)"), "{first}");
        std::thread::sleep(Duration::from_millis(500));
        interrupt(child.id());
        // The binary is built (if it must be) before the clock starts.
        common::grundy_bin();
        let started = Instant::now();
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "every worker stops"
        );
        assert_eq!(status.code(), Some(130), "{stderr}");
        assert!(stderr.contains("grundy::solve::interrupted"), "{stderr}");
        // The first query not finished was cancelled while it ran, or (on
        // a busy machine, its worker not started yet) not run at all, as
        // when Ctrl-C comes between two statements of the sequential run.
        assert!(
            stderr.contains("grundy G(200000)")
                || stderr.contains("the statements after it were not run"),
            "{stderr}"
        );
        // Reported once, at the first query that did not finish; nothing after.
        assert_eq!(
            stderr.matches("grundy::solve::interrupted").count(),
            1,
            "{stderr}"
        );
        if json {
            assert_eq!(rest.lines().count(), 1, "the error as JSON: {rest}");
            assert!(rest.contains("grundy::solve::interrupted"), "{rest}");
        } else {
            assert_eq!(rest, "", "nothing is answered after Ctrl-C");
        }
    }
}

#[test]
fn a_closed_output_stops_every_worker() {
    // The slow queries take minutes in a debug build: the run must end
    // when its output is gone, not when they finish.
    let file = scratch(
        "closed",
        "grundy Nim(1)\ngame G(n) { move G(n - k) for k in 1..=n }\n\
         grundy G(200000)\ngrundy G(200001)\ngrundy G(200002)\n",
    );
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(common::grundy_bin())
        .args(["run", "--jobs", "2", "--max-steps", "1000000000000"])
        .arg(&file)
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running 30 s after its output closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(141));
}

#[test]
fn a_period_counts_the_same_values_whatever_was_computed_before() {
    // `period` once counted the values its game's cache held, so a worker
    // that had (or had not) run `sequence S` first printed another
    // `values_computed`: the count is now the code's, not the cache's.
    let after = scratch(
        "period-after",
        "game S = subtraction {1, 2, 5}\ngame K = octal 0.77\n\
         sequence S 0..=40\ngrundy K(500)\nperiod S\nperiod K\n",
    );
    let fresh = scratch(
        "period-fresh",
        "game S = subtraction {1, 2, 5}\ngame K = octal 0.77\nperiod S\nperiod K\n",
    );
    let periods = |o: &Output| -> Vec<String> {
        text(&o.stdout)
            .lines()
            .filter(|l| l.contains("\"period\""))
            .map(str::to_string)
            .collect()
    };
    let a = grundy(&["run", "--json", after.to_str().unwrap()]);
    let f = grundy(&["run", "--json", fresh.to_str().unwrap()]);
    assert_eq!(periods(&a).len(), 2, "{}", text(&a.stdout));
    assert_eq!(periods(&a), periods(&f));
    assert!(
        periods(&f)[1].contains("\"values_computed\":168"),
        "{:?}",
        periods(&f)
    );
    same_with_jobs(&after, &["--json"]);
}
