//! The fuzz suite: programs from a generator that follows the grammar
//! (tests/common/fuzz.rs) and mutants of every file in examples/, each run
//! by the real binary in a child process under a time cap and a memory cap
//! (RLIMIT_AS). A run fails on a panic, a signal, an exit status other
//! than 0 or 1, or an exit 1 without a `grundy::` code on stderr.
//!
//! `cargo test --test folded fuzz::` runs 1,500 programs with a 3 s cap each (sized
//! for a debug build on two cores: about 30 s). The long run is opt-in:
//!
//! ```text
//! GRUNDY_FUZZ_PROGRAMS=100000 cargo test --release --test folded fuzz::long_run -- --ignored --nocapture
//! ```
//!
//! The long run uses the default budgets (GRUNDY_FUZZ_BUDGETS: `default`
//! or a `--max-positions` figure; the CI run uses 100000) and
//! GRUNDY_FUZZ_BIN, when set, as the binary (a copy, safe from rebuilds).
//! GRUNDY_FUZZ_CAP_SECS sets the time cap (20 s by default there),
//! GRUNDY_FUZZ_JOBS how many programs run at once (2), GRUNDY_FUZZ_SEED
//! the seed (hex). A run writes its figures to target/fuzz/report-SEED.txt
//! and each program worth a look (a crash, a timeout, a memory cap hit) to
//! target/fuzz/finding-SEED-N.game. Timeouts and memory caps are reported,
//! not failed, unless GRUNDY_FUZZ_STRICT=1:
//! they are the engine's budgets' business.

use crate::common;

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::fuzz::{Gen, Rng, mutate};
use common::grammar_gen::Grammar;

/// The binary under test: GRUNDY_FUZZ_BIN (a copy, so a long run is not
/// disturbed by a rebuild), or the one Cargo built.
fn bin() -> String {
    std::env::var("GRUNDY_FUZZ_BIN").unwrap_or_else(|_| common::grundy_bin().to_string())
}
/// The memory a child may map: the interpreter's 512 MiB stack plus room.
const MEMORY_CAP: u64 = 3 << 30;

/// How one program ended.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Answered,
    /// Exit 1 with this code first on stderr.
    Coded(String),
    Timeout,
    MemoryCap,
    /// Anything else: a bug to fix.
    Crash(String),
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("an example"))
        .collect()
}

/// Program number `i` of the run seeded `seed`: each is reproducible alone.
fn program(seed: u64, i: usize, examples: &[String]) -> Vec<u8> {
    program_and_families(seed, i, examples).0
}

/// Program `i` and the families of statements it holds (a mutant of the
/// examples is `mutant`).
fn program_and_families(seed: u64, i: usize, examples: &[String]) -> (Vec<u8>, Vec<&'static str>) {
    let mut rng = program_rng(seed, i);
    if rng.below(10) < 6 {
        let mut g = Gen::new(&mut rng);
        let text = g.program().into_bytes();
        return (text, g.families.into_iter().collect());
    }
    let a = rng.below(examples.len());
    let b = rng.below(examples.len());
    let raw = rng.one_in(20);
    let mut text = mutate(&mut rng, &examples[a], &examples[b], raw);
    if rng.one_in(3) {
        // A second mutation on top of the first.
        if let Ok(s) = String::from_utf8(text.clone()) {
            text = mutate(&mut rng, &s, &examples[b], false);
        }
    }
    (text, vec!["mutant"])
}

/// The random numbers of program `i` of the run seeded `seed`.
fn program_rng(seed: u64, i: usize) -> Rng {
    let mut rng = Rng((seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
    for _ in 0..4 {
        rng.next();
    }
    rng
}

/// Where a run's programs come from: the generators and mutants of
/// `program_and_families`, or the grammar-driven generator alone
/// (`tests/common/grammar_gen.rs`, the family `grammar`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Mixed,
    Grammar,
}

/// The budget options of a run: GRUNDY_FUZZ_BUDGETS is `default` (the
/// engine's own defaults) or a `--max-positions` figure; `fallback` when unset.
fn budget_args(fallback: &str) -> Vec<String> {
    let b = std::env::var("GRUNDY_FUZZ_BUDGETS").unwrap_or_else(|_| fallback.to_string());
    if b == "default" {
        Vec::new()
    } else {
        vec!["--max-positions".into(), b]
    }
}

/// How a run ended: its class, wall time and peak resident bytes.
struct Ended {
    class: Class,
    took: Duration,
    peak: u64,
}

/// Run one program file (as `grundy run`, or every tenth through the REPL's
/// script mode) and classify how it ended. The child is reaped by `wait4`,
/// which also gives its peak memory.
fn run(path: &Path, stderr_path: &Path, repl: bool, cap: Duration, budgets: &[String]) -> Ended {
    run_to(path, None, stderr_path, repl, cap, budgets)
}

/// `run`, standard output into `stdout_path` (or nowhere).
#[allow(clippy::zombie_processes)]
fn run_to(
    path: &Path,
    stdout_path: Option<&Path>,
    stderr_path: &Path,
    repl: bool,
    cap: Duration,
    budgets: &[String],
) -> Ended {
    let stderr = std::fs::File::create(stderr_path).expect("a stderr file");
    let stdout = match stdout_path {
        Some(p) => Stdio::from(std::fs::File::create(p).expect("a stdout file")),
        None => Stdio::null(),
    };
    let mut cmd = Command::new(bin());
    if repl {
        cmd.arg("repl")
            .args(budgets)
            .stdin(std::fs::File::open(path).expect("the program"));
    } else {
        cmd.arg("run").args(budgets).arg(path).stdin(Stdio::null());
    }
    cmd.env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdout(stdout)
        .stderr(stderr);
    limit_child(&mut cmd);
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    let mut child = cmd.spawn().expect("spawn grundy");
    let pid = child.id() as libc::pid_t;
    let mut timed_out = false;
    let (status, usage) = loop {
        if let Some(done) = common::child::reaped(pid, "grundy") {
            break done;
        }
        if !timed_out && started.elapsed() > cap {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&std::fs::read(stderr_path).unwrap_or_default()).into_owned();
    let code = err.lines().find_map(|l| {
        l.trim()
            .strip_prefix("grundy::")
            .map(|c| format!("grundy::{c}"))
    });
    let class = if err.contains("panicked") {
        Class::Crash(format!("panic: {}", first_line_with(&err, "panicked")))
    } else if timed_out {
        Class::Timeout
    } else if libc::WIFEXITED(status) {
        match libc::WEXITSTATUS(status) {
            0 => Class::Answered,
            1 => match code {
                Some(c) => Class::Coded(c),
                None => Class::Crash("exit 1 without a grundy:: code".into()),
            },
            n => Class::Crash(format!("exit status {n}")),
        }
    } else if err.contains("memory allocation") {
        Class::MemoryCap
    } else {
        Class::Crash(format!("signal {}", libc::WTERMSIG(status)))
    };
    Ended {
        class,
        took,
        peak: usage.ru_maxrss as u64 * 1024,
    }
}

/// The caps of a child: `RLIMIT_AS` (MEMORY_CAP), no core file.
fn limit_child(cmd: &mut Command) {
    // SAFETY: setrlimit is async-signal-safe; nothing else runs here.
    unsafe {
        cmd.pre_exec(|| {
            let mem = libc::rlimit {
                rlim_cur: MEMORY_CAP,
                rlim_max: MEMORY_CAP,
            };
            let core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_AS, &mem);
            libc::setrlimit(libc::RLIMIT_CORE, &core);
            Ok(())
        });
    }
}

fn first_line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines().find(|l| l.contains(needle)).unwrap_or("")
}

/// The figures of one run.
#[derive(Default)]
struct Tally {
    classes: BTreeMap<Class, usize>,
    /// Programs worth a look: (index, class).
    findings: Vec<(usize, Class)>,
    slowest: Duration,
    /// The largest peak resident memory of a program, and which.
    peak: (u64, usize),
    /// Programs that took more than SLOW: (index, seconds, class).
    slow: Vec<(usize, f64, Class)>,
    /// Per family: programs, and of them answered / coded / other.
    families: BTreeMap<&'static str, [usize; 3]>,
}

/// A program slower than this is listed in the report.
const SLOW: Duration = Duration::from_secs(5);

fn fuzz(
    (count, seed, source): (usize, u64, Source),
    cap: Duration,
    budgets: &[String],
    out_dir: &Path,
) -> (Tally, Duration) {
    let examples = examples();
    let grammar = (source == Source::Grammar).then(Grammar::load);
    std::fs::create_dir_all(out_dir).expect("the findings folder");
    let workers = env_usize("GRUNDY_FUZZ_JOBS", 2);
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    std::thread::scope(|s| {
        for w in 0..workers {
            let (next, tally, examples, grammar) = (&next, &tally, &examples, &grammar);
            s.spawn(move || {
                // Per process and worker: runs side by side never share.
                let me = format!("worker-{seed:x}-{}-{w}", std::process::id());
                let file = out_dir.join(format!("{me}.game"));
                let err = out_dir.join(format!("{me}.stderr"));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let (text, families) = match grammar {
                        Some(g) => (
                            g.program(&mut program_rng(seed, i)).into_bytes(),
                            vec!["grammar"],
                        ),
                        None => program_and_families(seed, i, examples),
                    };
                    std::fs::write(&file, &text).expect("write the program");
                    let Ended { class, took, peak } = run(&file, &err, i % 10 == 9, cap, budgets);
                    let mut t = tally
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    t.slowest = t.slowest.max(took);
                    if peak > t.peak.0 {
                        t.peak = (peak, i);
                    }
                    if took > SLOW {
                        t.slow.push((i, took.as_secs_f64(), class.clone()));
                    }
                    let k = match class {
                        Class::Answered => 0,
                        Class::Coded(_) => 1,
                        _ => 2,
                    };
                    for f in families {
                        let e = t.families.entry(f).or_default();
                        e[k] += 1;
                    }
                    if matches!(class, Class::Crash(_) | Class::Timeout | Class::MemoryCap) {
                        let name = format!("finding-{seed:x}-{i}.game");
                        let _ = std::fs::write(out_dir.join(name), &text);
                        t.findings.push((i, class.clone()));
                    }
                    *t.classes.entry(class).or_default() += 1;
                    let done: usize = t.classes.values().sum();
                    if done.is_multiple_of(500) {
                        // Figures so far, for a long run watched from outside.
                        let text = report(done, seed, &t, started.elapsed());
                        let _ =
                            std::fs::write(out_dir.join(format!("progress-{seed:x}.txt")), text);
                    }
                }
            });
        }
    });
    for w in 0..workers {
        let me = format!("worker-{seed:x}-{}-{w}", std::process::id());
        let _ = std::fs::remove_file(out_dir.join(format!("{me}.game")));
        let _ = std::fs::remove_file(out_dir.join(format!("{me}.stderr")));
    }
    let tally = tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    (tally, started.elapsed())
}

fn report(count: usize, seed: u64, tally: &Tally, took: Duration) -> String {
    let mut coded: BTreeMap<String, usize> = BTreeMap::new();
    let mut s = format!(
        "programs: {count} (seed {seed:#x}), {:.0} s, slowest {:.1} s, \
         peak memory {} MiB (program {})\n",
        took.as_secs_f64(),
        tally.slowest.as_secs_f64(),
        tally.peak.0 >> 20,
        tally.peak.1
    );
    for (f, [a, c, o]) in &tally.families {
        s.push_str(&format!(
            "family {f}: {} programs ({a} answered, {c} coded, {o} other)\n",
            a + c + o
        ));
    }
    for (class, n) in &tally.classes {
        match class {
            Class::Coded(c) => *coded.entry(c.clone()).or_default() += n,
            other => s.push_str(&format!("{other:?}: {n}\n")),
        }
    }
    let total: usize = coded.values().sum();
    s.push_str(&format!("coded diagnostics: {total}\n"));
    for (c, n) in &coded {
        s.push_str(&format!("  {c}: {n}\n"));
    }
    for (i, class) in &tally.findings {
        s.push_str(&format!("finding: program {i}: {class:?}\n"));
    }
    let mut slow = tally.slow.clone();
    slow.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (i, secs, class) in &slow {
        s.push_str(&format!("slow: program {i}: {secs:.1} s {class:?}\n"));
    }
    s
}

fn check(count: usize, seed: u64, cap: Duration, budgets: &[String]) {
    check_from((count, seed, Source::Mixed), cap, budgets);
}

fn check_from((count, seed, source): (usize, u64, Source), cap: Duration, budgets: &[String]) {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap_or(Path::new(env!("CARGO_TARGET_TMPDIR")))
        .join("fuzz");
    let (tally, took) = fuzz((count, seed, source), cap, budgets, &out_dir);
    let text = report(count, seed, &tally, took);
    println!("{text}");
    let _ = std::fs::write(out_dir.join(format!("report-{seed:x}.txt")), &text);
    let strict = std::env::var_os("GRUNDY_FUZZ_STRICT").is_some();
    let bad: Vec<&(usize, Class)> = tally
        .findings
        .iter()
        .filter(|(_, c)| strict || matches!(c, Class::Crash(_)))
        .collect();
    assert!(
        bad.is_empty(),
        "{} programs crashed (saved in {}):\n{text}",
        bad.len(),
        out_dir.display()
    );
    let answered = tally.classes.get(&Class::Answered).copied().unwrap_or(0);
    assert!(answered > count / 10, "too few programs answered:\n{text}");
}

/// A few thousand programs in every `cargo test`.
#[test]
fn programs_never_crash_the_binary() {
    let count = env_usize("GRUNDY_FUZZ_CI_PROGRAMS", 1_500);
    check(count, 0x5eed, cap(3), &budget_args("100000"));
}

/// The long run: `GRUNDY_FUZZ_PROGRAMS=100000 cargo test --release --test
/// folded fuzz::long_run -- --ignored --nocapture` (seed: GRUNDY_FUZZ_SEED).
#[test]
#[ignore]
fn long_run() {
    let count = env_usize("GRUNDY_FUZZ_PROGRAMS", 100_000);
    let seed = seed_or(0x10_0000);
    check(count, seed, cap(20), &budget_args("default"));
}

/// The long run of the grammar-driven generator alone:
/// `GRUNDY_FUZZ_PROGRAMS=20000 cargo test --release --test folded
/// fuzz::grammar_run -- --ignored --nocapture` (seed: GRUNDY_FUZZ_SEED).
#[test]
#[ignore]
fn grammar_run() {
    let count = env_usize("GRUNDY_FUZZ_PROGRAMS", 20_000);
    let seed = seed_or(0x20_0000);
    check_from(
        (count, seed, Source::Grammar),
        cap(20),
        &budget_args("default"),
    );
}

/// Write program GRUNDY_FUZZ_INDEX of the run seeded GRUNDY_FUZZ_SEED to
/// target/fuzz/program-SEED-INDEX.game, to look at one a report names
/// (GRUNDY_FUZZ_SOURCE=grammar for `grammar_run`'s):
/// `GRUNDY_FUZZ_SEED=380001 GRUNDY_FUZZ_INDEX=3375 GRUNDY_FUZZ_SOURCE=grammar
/// cargo test --release --test folded fuzz::write_program -- --ignored`.
#[test]
#[ignore]
fn write_program() {
    let seed = seed_or(0x10_0000);
    let i = env_usize("GRUNDY_FUZZ_INDEX", 0);
    let text = if std::env::var("GRUNDY_FUZZ_SOURCE").is_ok_and(|s| s == "grammar") {
        Grammar::load()
            .program(&mut program_rng(seed, i))
            .into_bytes()
    } else {
        program(seed, i, &examples())
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../fuzz");
    std::fs::create_dir_all(&dir).expect("target/fuzz");
    let path = dir.join(format!("program-{seed:x}-{i}.game"));
    std::fs::write(&path, text).expect("write the program");
    println!("{}", path.display());
}

/// GRUNDY_FUZZ_SEED (hex), or `default`.
fn seed_or(default: u64) -> u64 {
    std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(default)
}

/// The time one program may take: GRUNDY_FUZZ_CAP_SECS, or `default` seconds.
fn cap(default: usize) -> Duration {
    Duration::from_secs(env_usize("GRUNDY_FUZZ_CAP_SECS", default) as u64)
}

#[test]
fn the_generator_is_deterministic_and_mostly_parses() {
    let examples = examples();
    let a: Vec<Vec<u8>> = (0..200).map(|i| program(7, i, &examples)).collect();
    let b: Vec<Vec<u8>> = (0..200).map(|i| program(7, i, &examples)).collect();
    assert_eq!(a, b);
    // The generated ones (not the mutants) follow the grammar.
    let mut parsed = 0;
    let mut generated = 0;
    for i in 0..400 {
        let mut rng = Rng(i | 1);
        let text = Gen::new(&mut rng).program();
        generated += 1;
        if grundy::words::check(&text).is_ok() {
            parsed += 1;
        }
    }
    assert!(
        parsed * 4 >= generated * 3,
        "only {parsed} of {generated} generated programs parse"
    );
}

#[test]
fn the_grammar_generator_is_deterministic_and_reaches_every_statement_kind() {
    let g = Grammar::load();
    let a: Vec<String> = (0..300)
        .map(|i| g.program(&mut program_rng(9, i)))
        .collect();
    let b: Vec<String> = (0..300)
        .map(|i| g.program(&mut program_rng(9, i)))
        .collect();
    assert_eq!(a, b);
    let all = a.concat();
    for word in [
        "game ", "graph ", "fn ", "let ", "assert ", "move ", "grundy ", "table ",
    ] {
        assert!(all.contains(word), "no `{word}` in 300 programs");
    }
    // Some parse, some do not (the predicates are not followed): both
    // the parser's errors and what follows it are fuzzed.
    let parsed = a.iter().filter(|t| grundy::words::check(t).is_ok()).count();
    if std::env::var_os("GRUNDY_FUZZ_SHOW").is_some() {
        println!("{parsed} of 300 parse\n{}", a[..6].join("----\n"));
    }
    assert!((30..300).contains(&parsed), "{parsed} of 300 parse");
}

/// The programs the long run stopped at its time or memory cap
/// (tests/fuzz_findings/): engine work, for the engine's budgets. Once
/// those land, each must end within the cap: `cargo test --release --test
/// folded fuzz::findings -- --ignored`.
#[test]
#[ignore]
fn findings_end_within_the_caps() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_findings");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("an entry").path()).collect();
    paths.sort();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("findings.stderr");
    let mut bad = Vec::new();
    for p in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
    {
        let Ended { class, took, .. } = run(p, &scratch, false, cap(20), &budget_args("default"));
        if matches!(class, Class::Crash(_) | Class::Timeout | Class::MemoryCap) {
            bad.push(format!("{}: {class:?} after {took:?}", p.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Codes of a query that ran out of a budget: under `--jobs` a worker's
/// caches differ from one thread's, so such a query may stop at another
/// place (LANGUAGE.md, the command line).
const BUDGET_CODES: &[&str] = &[
    "grundy::solve::budget",
    "grundy::solve::move_budget",
    "grundy::solve::memory",
    "grundy::solve::below_zero",
    "grundy::eval::steps",
    "grundy::misere::budget",
    "grundy::misere::steps",
    "grundy::partizan::limit",
];

/// A fixed sample of the fuzz programs (seed 0x5a3e, the first 200), each
/// run by `grundy run --jobs 1` and `--jobs 3` under small budgets: neither
/// crashes, and both print the same standard output, standard error and
/// status — except a program where a query ran out of a budget, which is
/// only counted (a worker's caches differ); those must stay few.
#[test]
fn a_sample_prints_the_same_with_three_workers() {
    let count = env_usize("GRUNDY_FUZZ_JOBS_SAMPLE", 200);
    let examples = examples();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-jobs");
    std::fs::create_dir_all(&dir).expect("the scratch folder");
    // 64 MiB a worker: three fit under the memory cap (RLIMIT_AS) with
    // their stacks, so `--jobs 3` runs three workers.
    let limits: Vec<String> = [
        "--max-positions",
        "10000",
        "--max-steps",
        "5000000",
        "--max-memory",
        "64M",
    ]
    .iter()
    .map(std::string::ToString::to_string)
    .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for w in 0..2 {
            let (next, results, examples, dir, limits) =
                (&next, &results, &examples, &dir, &limits);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let file = dir.join(format!("p{w}.game"));
                    std::fs::write(&file, program(0x5a3e, i, examples)).expect("the program");
                    let mut seen = Vec::new();
                    for jobs in ["1", "3"] {
                        let mut args = vec!["--jobs".to_string(), jobs.to_string()];
                        args.extend(limits.iter().cloned());
                        let (out, err) = (dir.join(format!("o{w}")), dir.join(format!("e{w}")));
                        let e = run_to(
                            &file,
                            Some(&out),
                            &err,
                            false,
                            Duration::from_secs(20),
                            &args,
                        );
                        let read = |p: &Path| {
                            String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default())
                                .into_owned()
                        };
                        seen.push((e.class, read(&out), read(&err)));
                    }
                    results
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((i, seen));
                }
            });
        }
    });
    let mut results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    results.sort_by_key(|r| r.0);
    let (mut same, mut budget) = (0, 0);
    let mut bad = Vec::new();
    for (i, seen) in &results {
        let (one, three) = (&seen[0], &seen[1]);
        for (class, _, err) in [one, three] {
            if !matches!(class, Class::Answered | Class::Coded(_)) {
                bad.push(format!("program {i}: {class:?}\n{err}"));
            }
        }
        if one == three {
            same += 1;
        } else if [&one.2, &three.2]
            .iter()
            .any(|e| BUDGET_CODES.iter().any(|c| e.contains(c)))
        {
            budget += 1;
        } else {
            bad.push(format!(
                "program {i} prints differently with --jobs 3:\n--- jobs 1 ({:?}):\n{}{}\n--- jobs 3 ({:?}):\n{}{}",
                one.0, one.1, one.2, three.0, three.1, three.2
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {count} programs:\n{}",
        bad.len(),
        bad.join("\n\n")
    );
    assert!(
        budget * 20 <= count,
        "{budget} of {count} programs differ at a budget (more than 5%)"
    );
    assert!(same + budget == count, "{same} + {budget} of {count}");
}
