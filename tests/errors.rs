//! Diagnostics as users see them. Every `tests/errors/*.game` is a small,
//! realistic mistake: `grundy run` on it must exit with status 1 and print a
//! coded diagnostic, snapshotted in plain text (no colour). Generated inputs
//! cover nesting too deep; a deterministic fuzzer checks that no mutated
//! program makes the library panic or hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::{Mode, Session};

mod common;
use common::fuzz::{Rng, tokens};

const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Run the built binary in `dir`, with every way of turning colours,
/// hyperlinks or the narrated theme on removed from the environment.
fn grundy(dir: &Path, args: &[&str]) -> Output {
    Command::new(common::grundy_bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("FORCE_HYPERLINK")
        .env_remove("IGNORE_IS_TERMINAL")
        .env_remove("NO_GRAPHICS")
        .output()
        .expect("the grundy binary runs")
}

/// The checks every failing run must pass; returns stderr as text.
fn failed_plainly(out: &Output, what: &str) -> String {
    let stderr = String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{what}: expected exit status 1\n{stderr}"
    );
    assert!(
        stderr.contains("grundy::"),
        "{what}: no `grundy::` code in\n{stderr}"
    );
    assert!(
        !stderr.contains('\x1b'),
        "{what}: ANSI escapes in stderr\n{stderr:?}"
    );
    stderr
}

/// Extra command-line arguments from a leading comment `# args: ...`.
fn file_args(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .filter_map(|l| l.strip_prefix("# args:"))
        .flat_map(|a| a.split_whitespace().map(str::to_string))
        .collect()
}

#[test]
fn error_files() {
    insta::glob!("errors/*.game", |path| {
        let text = std::fs::read_to_string(path).expect("read the error file");
        assert!(
            text.starts_with("# "),
            "{}: the first line must be a `#` comment saying what it tests",
            path.display()
        );
        let rel = path
            .strip_prefix(CRATE_DIR)
            .expect("the file is in the crate")
            .to_string_lossy()
            .replace('\\', "/");
        let mut args = vec!["run".to_string()];
        args.extend(file_args(&text));
        args.push(rel.clone());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = grundy(Path::new(CRATE_DIR), &args);
        let stderr = failed_plainly(&out, &rel);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let shown = if stdout.is_empty() {
            stderr
        } else {
            format!("--- stdout ---\n{stdout}--- stderr ---\n{stderr}")
        };
        insta::assert_snapshot!(shown);
    });
}

/// Write a generated program to a scratch directory and run it there, so
/// the diagnostic shows a short, stable file name.
fn run_generated(name: &str, text: &str) -> Output {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("errors-generated");
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    std::fs::write(dir.join(name), text).expect("write the generated program");
    grundy(&dir, &["run", name])
}

#[test]
fn too_deep_brackets() {
    // 300 nested brackets, one per line, so the snippet stays readable.
    let mut text = String::from("# parse: brackets nested 300 deep\nlet x =\n");
    text.push_str(&"(\n".repeat(300));
    text.push_str("1\n");
    text.push_str(&")\n".repeat(300));
    let out = run_generated("too_deep_brackets.game", &text);
    insta::assert_snapshot!(failed_plainly(&out, "too_deep_brackets"));
}

#[test]
fn too_deep_prefix_operators() {
    let mut text = String::from("# parse: 3000 minus signs in a row\nlet x =\n");
    text.push_str(&"-\n".repeat(3000));
    text.push_str("1\n");
    let out = run_generated("too_deep_prefix.game", &text);
    insta::assert_snapshot!(failed_plainly(&out, "too_deep_prefix"));
}

#[test]
fn nesting_at_the_limit_runs() {
    // MAX_NESTING in src/syntax/parser.rs (not public).
    let depth = 200;
    let text = format!(
        "let x = {}1{}\nlet y = {}1\nlet z = {}0{}\ngrundy Nim(x) + Nim(y) + Nim(len(z))\n",
        "(".repeat(depth),
        ")".repeat(depth),
        "- ".repeat(depth),
        "[".repeat(depth),
        "]".repeat(depth),
    );
    let out = run_generated("at_the_limit.game", &text);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn strings_hold_no_syntax_for_the_nesting_check() {
    // A `#` or a bracket in a string is a character: 300 lines of
    // `"#."` rows once read as comments that left their brackets open.
    let line = "assert len(grid([\"#.\", \"[(\"])) == 3\n";
    let out = run_generated("strings_nest.game", &line.repeat(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn missing_file() {
    let out = grundy(
        Path::new(CRATE_DIR),
        &["run", "tests/errors/no_such_file.game"],
    );
    let stderr = failed_plainly(&out, "missing file");
    assert!(stderr.contains("grundy::io::read"), "{stderr}");
    assert!(
        stderr.contains("tests/errors/no_such_file.game"),
        "{stderr}"
    );
}

// ---- no input panics ---------------------------------------------------

/// Valid programs the fuzzer mutates.
const SEEDS: &[&str] = &[
    "game Kayles(n) {
    move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k
}
fn bite(rows, i, j) = [ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]
game S = subtraction {1, 3, 4}
game K = octal 0.77
let x = 3
grundy Kayles(10)
outcome misere Nim(1) + Nim(1)
winning Nim(3) + Nim(4) + Nim(5)
moves Kayles(4)
sequence Kayles 0..=20
",
    "game Wythoff(a, b) {
    move Wythoff(a - k, b) for k in 1..=a
    move Wythoff(a, b - k) for k in 1..=b
    move Wythoff(a - k, b - k) for k in 1..=min(a, b)
}
table Wythoff 0..=9, 0..=9
game Chomp(rows) misere {
    move Chomp(bite(rows, i, j)) for i in 0..len(rows), j in 0..rows[i] if i > 0 or j > 0
}
fn bite(rows, i, j) = [ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]
outcome Chomp([3, 3, 2])
",
    "graph G {
    a -> b, c
    b -> c; c -> d
}
grundy G(a) + *3
let heaps = [3, 4, 5]
let total = xor(heaps) ** 2 % 7 - -1
game T(n, pair) { move T(n - 1, (p, q)) for (p, q) in [pair, (3, 4)] if n > 0 }
grundy T(5, (1, 2))
winning normal Nim(heaps[0]) + Nim(sum(heaps) / 3) + *(total)
outcome G(b)
game K = octal 4.07
sequence K 0..30
",
];

/// Tokens the fuzzer inserts: keywords, query words, and `SYMBOLS`.
fn pool() -> Vec<&'static str> {
    let mut p: Vec<&'static str> = grundy::words::KEYWORDS.to_vec();
    p.extend_from_slice(&grundy::words::QUERY_WORDS);
    p.extend_from_slice(SYMBOLS);
    p
}

/// Tokens the fuzzer inserts besides the language's keywords and query
/// words: brackets, operators, edge numbers.
const SYMBOLS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    "=",
    "->",
    "+",
    "-",
    "*",
    "/",
    "%",
    "**",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "..",
    "..=",
    "0",
    "1",
    "-1",
    "7",
    "63",
    "64",
    "1000000",
    "9223372036854775807",
    "99999999999999999999",
    "0.77",
    ".",
    "x",
    "n",
    "Nim",
    "Kayles",
    "G",
    "len",
    "min",
    "mex",
    "sorted",
    "\"",
    "#",
    "\n",
    "×",
    "_",
];

/// Tokens that may replace one another without breaking the syntax, so a
/// mutant reaches the resolver, the evaluator and the solver.
const CLASSES: &[&[&str]] = &[
    &[
        "0",
        "1",
        "2",
        "3",
        "7",
        "63",
        "64",
        "1000",
        "1000000",
        "9223372036854775807",
    ],
    &[
        "x", "n", "k", "i", "j", "r", "rows", "a", "b", "p", "q", "pair", "heaps", "total", "Nim",
        "Kayles", "Wythoff", "Chomp", "G", "S", "K", "T", "bite", "len", "min", "max", "mex",
        "sorted", "xor", "sum", "abs", "count", "set", "list",
    ],
    &[
        "+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "..", "..=", "and", "or",
        "in",
    ],
    &["normal", "misere"],
    &[
        "grundy",
        "outcome",
        "moves",
        "winning",
        "kernel",
        "dot",
        "remoteness",
    ],
];

fn class_of(tok: &str) -> Option<&'static [&'static str]> {
    CLASSES.iter().copied().find(|c| c.contains(&tok))
}

/// Mutate a tokenised seed: with `keep_syntax`, only swap tokens for others
/// of their class; otherwise delete, duplicate, swap or insert anything.
fn mutate(rng: &mut Rng, seed: &[String], keep_syntax: bool) -> String {
    let pool = pool();
    let mut toks = seed.to_vec();
    let classed: Vec<usize> = (0..toks.len())
        .filter(|&i| class_of(&toks[i]).is_some())
        .collect();
    for _ in 0..=rng.below(4) {
        if toks.is_empty() || classed.is_empty() {
            break;
        }
        if keep_syntax {
            let i = classed[rng.below(classed.len())];
            if let Some(class) = class_of(&toks[i]) {
                toks[i] = class[rng.below(class.len())].to_string();
            }
            continue;
        }
        let i = rng.below(toks.len());
        match rng.below(5) {
            0 => {
                toks.remove(i);
            }
            1 => {
                let t = toks[i].clone();
                toks.insert(i, t);
            }
            2 => {
                let j = rng.below(toks.len());
                toks.swap(i, j);
            }
            3 => toks[i] = pool[rng.below(pool.len())].to_string(),
            _ => toks.insert(i, pool[rng.below(pool.len())].to_string()),
        }
    }
    let mut text = String::new();
    for t in toks {
        if t != "\n" && !text.is_empty() && !text.ends_with('\n') {
            text.push(' ');
        }
        text.push_str(&t);
    }
    text
}

fn random_program(rng: &mut Rng) -> String {
    let pool = pool();
    let n = 1 + rng.below(30);
    (0..n)
        .map(|_| pool[rng.below(pool.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

/// The programs under test: mostly mutations of the seeds, some pure noise.
fn fuzz_programs(count: usize) -> Vec<String> {
    let seeds: Vec<Vec<String>> = SEEDS.iter().map(|s| tokens(s)).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out: Vec<String> = SEEDS.iter().map(std::string::ToString::to_string).collect();
    while out.len() < count {
        if rng.below(10) == 0 {
            out.push(random_program(&mut rng));
        } else {
            let seed = &seeds[rng.below(seeds.len())];
            let keep_syntax = rng.below(2) == 0;
            out.push(mutate(&mut rng, seed, keep_syntax));
        }
    }
    out
}

/// A program currently running, watched for taking too long.
struct Running {
    started: Instant,
    interrupt: Arc<AtomicBool>,
    text: String,
}

/// How many programs the fuzz run tries.
const PROGRAMS: usize = 4_000;
/// One program may run this long before it is cancelled (as Ctrl-C
/// would).
const SLOW: Duration = Duration::from_secs(2);
/// A cancelled program must stop within this.
const HEARD_WITHIN: Duration = Duration::from_secs(30);
/// The whole run must end well within this.
const OVERALL: Duration = Duration::from_secs(600);

/// The program the fuzz thread runs now, watched by the watchdog.
type Current = Arc<Mutex<Option<Running>>>;

/// What the fuzz run found, sent back from its thread.
#[derive(Default)]
struct Findings {
    panics: Vec<String>,
    slow: Vec<String>,
    past_parser: usize,
    codes: std::collections::BTreeMap<String, usize>,
}

#[test]
fn no_input_panics() {
    let programs = fuzz_programs(PROGRAMS);
    let current: Current = Arc::new(Mutex::new(None));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = spawn_watchdog(current.clone(), done.clone());

    let (tx, rx) = mpsc::channel();
    let worker = {
        let current = current.clone();
        std::thread::Builder::new()
            .name("fuzz".into())
            .stack_size(256 << 20)
            .spawn(move || {
                let mut found = Findings::default();
                for text in programs {
                    run_fuzzed(&text, &current, &mut found);
                }
                let _ = tx.send(found);
            })
            .expect("spawn the fuzz thread")
    };

    let outcome = rx.recv_timeout(OVERALL);
    done.store(true, Ordering::Relaxed);
    let Ok(Findings {
        panics,
        slow,
        past_parser,
        codes,
    }) = outcome
    else {
        let stuck = current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .map(|r| r.text.clone())
            .unwrap_or_default();
        panic!("the fuzz run did not finish in {OVERALL:?}; stuck on:\n{stuck}");
    };
    worker.join().expect("the fuzz thread ends");
    watchdog.join().expect("the watchdog ends");
    assert!(
        panics.is_empty(),
        "{} programs panicked; the first:\n{}",
        panics.len(),
        panics[0]
    );
    assert!(
        slow.is_empty(),
        "{} programs ignored cancellation; the first:\n{}",
        slow.len(),
        slow[0]
    );
    // Enough mutants must get past the parser to exercise the resolver,
    // the evaluator and the solver, not only the grammar.
    println!("{past_parser} of {PROGRAMS} programs got past the parser; outcomes: {codes:#?}");
    assert!(
        past_parser > PROGRAMS / 5,
        "only {past_parser} programs got past the parser"
    );
    assert!(codes.contains_key("answer"), "no query was answered");
}

/// The watchdog keeps raising the interrupt flag of a program that has
/// run too long (a query lowers it when it starts), until `done`.
fn spawn_watchdog(current: Current, done: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        while !done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(20));
            let guard = current
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(r) = guard.as_ref()
                && r.started.elapsed() > SLOW
            {
                r.interrupt.store(true, Ordering::Relaxed);
            }
        }
    })
}

/// Run one program in a session of its own, as `current` for the
/// watchdog, and note in `found` how it went.
fn run_fuzzed(text: &str, current: &Current, found: &mut Findings) {
    let mut session = Session::new(10_000);
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    *current
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Running {
        started,
        interrupt: session.interrupt().clone(),
        text: text.to_string(),
    });
    let codes = &mut found.codes;
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut parsed = false;
        session.run_text("fuzz", text, Mode::Run, &mut |_, r| {
            let code = match &r {
                Ok(_) => "answer".to_string(),
                Err(e) => miette::Diagnostic::code(e)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
            };
            parsed |= !code.starts_with("grundy::parse::");
            *codes.entry(code).or_insert(0usize) += 1;
        });
        parsed
    }));
    *current
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    match result {
        Ok(parsed) => found.past_parser += usize::from(parsed),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| {
                    p.downcast_ref::<&str>()
                        .map(std::string::ToString::to_string)
                })
                .unwrap_or_default();
            found.panics.push(format!("{msg}\n--- program ---\n{text}"));
        }
    }
    // Cancellation is not instant (the solver looks at the flag every so
    // many steps), but it must come.
    if started.elapsed() > SLOW + HEARD_WITHIN {
        found
            .slow
            .push(format!("{:?}\n--- program ---\n{text}", started.elapsed()));
    }
}
