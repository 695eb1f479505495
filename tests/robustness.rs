//! Nothing aborts at the edges of the program: inputs that would overflow
//! the stack, standard output that fails or closes, Ctrl-C, endless or
//! non-UTF-8 input, a Graphviz that talks a lot. Each test runs the built
//! binary as a user would.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robustness");
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the scratch file");
    path
}

fn grundy() -> Command {
    let mut c = Command::new(common::grundy_bin());
    c.env("NO_COLOR", "1").env("TERM", "dumb");
    c
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Wait for a child at most `limit` (reading what it prints meanwhile);
/// kill it and fail if it takes longer.
fn finish_within(mut child: Child, limit: Duration, what: &str) -> Output {
    fn drain(r: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            buf
        })
    }
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let stderr = err.join().unwrap_or_default();
            panic!(
                "{what}: still running after {limit:?}\nstderr: {}",
                text(&stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// A failure the user can read: exit status 1, a `grundy::` code, no panic.
fn coded(out: &Output, code: &str, what: &str) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{what}: status\n{stderr}");
    assert!(stderr.contains(code), "{what}: no {code} in\n{stderr}");
    assert!(!stderr.contains("panicked"), "{what}: a panic\n{stderr}");
    stderr
}

// ---- 1. no stack overflow from any input ------------------------------

#[test]
fn long_chains_are_refused_with_a_diagnostic() {
    let index_chain = format!("let a = [0]{}\ngrundy Nim(a)\n", "[0]".repeat(400_000));
    let query_word_sum = format!(
        "let moves = 1\nlet x = {}\ngrundy Nim(x)\n",
        vec!["moves"; 200_000].join(" + ")
    );
    let call_index_chain = format!("fn f(x) = [x]\nlet a = f(1){}\n", "[0]".repeat(300_000));
    let not_chain = format!("let b = {}true\n", "not ".repeat(300_000));
    let if_chain = format!(
        "let c = {}1{}\n",
        "if true then ".repeat(100_000),
        " else 0".repeat(100_000)
    );
    let pow_chain = format!("let d = {}1\n", "1 ** ".repeat(300_000));
    for (name, program) in [
        ("index_chain.game", &index_chain),
        ("query_word_sum.game", &query_word_sum),
        ("call_index_chain.game", &call_index_chain),
        ("not_chain.game", &not_chain),
        ("if_chain.game", &if_chain),
        ("pow_chain.game", &pow_chain),
    ] {
        let path = scratch(name, program);
        for command in ["check", "run"] {
            let out = grundy().arg(command).arg(&path).output().unwrap();
            let stderr = coded(&out, "grundy::parse::too_deep", name);
            // The echoed line is cut, not 1 MB long.
            assert!(stderr.len() < 10_000, "{name}: {} bytes", stderr.len());
        }
    }
}

#[test]
fn deep_but_legal_inputs_run() {
    let program = format!(
        "let moves = 1\n\
         grundy Nim({})\n\
         let a = {}7{}{}\n\
         grundy Nim(a + {}1)\n\
         let b = {}true\n\
         grundy Nim(if b then 2 else 3)\n",
        vec!["moves"; 1_500].join(" + "),
        "[".repeat(150),
        "]".repeat(150),
        "[0]".repeat(150),
        "- ".repeat(1_500),
        "not ".repeat(1_000),
    );
    let path = scratch("deep_legal.game", &program);
    let out = grundy().arg("run").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "grundy Nim(1500) = 1500");
    assert_eq!(lines[1], "grundy Nim(8) = 8");
    assert_eq!(lines[2], "grundy Nim(2) = 2");
}

// ---- 2. output errors -------------------------------------------------

#[test]
fn a_full_disk_is_a_coded_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tour.game");
    let runs: [Vec<&std::ffi::OsStr>; 3] = [
        vec!["check".as_ref(), tour.as_os_str()],
        vec!["run".as_ref(), tour.as_os_str()],
        vec!["octal".as_ref(), "0.77".as_ref()],
    ];
    for args in runs {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = grundy().args(&args).stdout(full).output().unwrap();
        coded(&out, "grundy::io::write", &format!("{args:?} > /dev/full"));
    }
}

/// `/dev/null` opened read-write (as Python's `subprocess.DEVNULL` opens
/// it) is a sink like any other: the answers go there and grundy succeeds.
#[test]
fn a_read_write_dev_null_is_an_ordinary_sink() {
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tour.game");
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = grundy()
        .arg("run")
        .arg(&tour)
        .stdout(null)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

/// Standard output is a pipe whose reader is already gone.
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_141() {
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tour.game");
    for args in [
        vec!["octal".to_string(), "0.77".to_string()],
        vec![
            "octal".to_string(),
            "0.77".to_string(),
            "--json".to_string(),
        ],
        vec!["run".to_string(), tour.display().to_string()],
        vec!["check".to_string(), tour.display().to_string()],
    ] {
        let out = grundy().args(&args).stdout(closed_pipe()).output().unwrap();
        assert_eq!(out.status.code(), Some(141), "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn run_stops_computing_when_its_output_is_gone() {
    // The second query alone takes minutes in a debug build.
    let path = scratch(
        "slow_after_one.game",
        "grundy Nim(1)\ngame G(n) { move G(n - k) for k in 1..=n }\ngrundy G(200000)\n",
    );
    let child = grundy()
        .args(["run", "--max-steps", "1000000000000"])
        .arg(&path)
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish_within(child, Duration::from_secs(30), "run with stdout closed");
    assert_eq!(out.status.code(), Some(141));
}

// ---- 3. Ctrl-C ----------------------------------------------------------

fn interrupt(child: &Child) {
    let pid = child.id() as libc::pid_t;
    // SAFETY: a plain kill(2) of our own child.
    let r = unsafe { libc::kill(pid, libc::SIGINT) };
    assert_eq!(r, 0, "kill -INT");
}

#[test]
fn ctrl_c_in_run_keeps_the_answers_so_far() {
    let path = scratch(
        "ctrl_c.game",
        "grundy Nim(3)\ngame G(n) { move G(n - k) for k in 1..=n }\ngrundy G(200000)\ngrundy Nim(4)\n",
    );
    // A step budget far past the slow query: under the default one it
    // ends within a second on an idle machine, before the signal.
    let mut child = grundy()
        .args(["run", "--max-steps", "1000000000000"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "grundy Nim(3) = 3\n");
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&child);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let out = finish_within(child, Duration::from_secs(30), "run after Ctrl-C");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(rest, "", "nothing is answered after Ctrl-C");
    assert!(stderr.contains("grundy::solve::interrupted"), "{stderr}");
    assert!(stderr.contains("grundy G(200000)"), "{stderr}");
}

#[test]
fn ctrl_c_in_octal_reports_the_values_so_far() {
    let mut child = grundy()
        .args(["octal", "0.354", "--max-values", "100000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Time for the handler to be installed (it is, within milliseconds),
    // far less than the run needs (0.354 proves its period at 2·10^7).
    std::thread::sleep(Duration::from_secs(3));
    interrupt(&child);
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let out = finish_within(child, Duration::from_secs(30), "octal after Ctrl-C");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stdout.starts_with("octal 0.354\nvalues G(0), G(1), ...: 0 1 2 0 1 2 4 3"));
    assert!(stdout.contains("(interrupted)"), "{stdout}");
    let computed: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("values computed: "))
        .and_then(|n| n.parse().ok())
        .expect("the count of values computed");
    assert!(stderr.contains("grundy::solve::interrupted"), "{stderr}");
    let said = format!("G(0) .. G({})", computed - 1);
    assert!(stderr.contains(&said), "{said} not in {stderr}");
}

// ---- 5. input ---------------------------------------------------------

#[test]
fn invalid_utf8_is_a_coded_error_with_the_offset() {
    let mut child = grundy()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"grundy Nim(3)\n\xff\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = coded(&out, "grundy::io::utf8", "stdin");
    assert!(stderr.contains("offset 14 (line 2)"), "{stderr}");
    let path = scratch("latin1.game", "");
    std::fs::write(&path, b"# caf\xe9\ngrundy Nim(1)\n").unwrap();
    let out = grundy().arg("run").arg(&path).output().unwrap();
    let stderr = coded(&out, "grundy::io::utf8", "file");
    // The message names the file, whose path may be long enough to wrap
    // the line (a clone in a deep folder): read it with the wrapping and
    // the frame's bars taken out.
    let flat = stderr
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("offset 5 (line 1)"), "{stderr}");
}

#[test]
fn endless_input_ends_with_a_coded_error() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    for args in [vec![], vec!["repl"]] {
        let child = grundy()
            .args(&args)
            .stdin(std::fs::File::open("/dev/zero").unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish_within(child, Duration::from_secs(60), "reading /dev/zero");
        coded(
            &out,
            "grundy::io::too_large",
            &format!("{args:?} < /dev/zero"),
        );
    }
}

#[test]
fn repl_from_a_pipe_runs_the_input_as_a_script() {
    let mut child = grundy()
        .arg("repl")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"game G(n) {\n  move G(n - 1) if n > 0\n}\ngrundy G(3)\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "grundy G(3) = 1\n");
}

#[test]
fn a_chatty_graphviz_does_not_deadlock() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("chatty-dot");
    std::fs::create_dir_all(&dir).unwrap();
    let dot = dir.join("dot");
    // 200 KB on stderr before reading its input, then fail.
    std::fs::write(
        &dot,
        "#!/bin/sh\nhead -c 200000 /dev/zero | tr '\\000' x >&2\ncat > /dev/null\nexit 1\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    // The DOT text (over 100 KB) does not fit in a pipe's buffer either.
    let path = scratch(
        "big_dot.game",
        "game G(n) { move G(n - k) for k in 1..=n }\ndot G(100)\n",
    );
    let svg = dir.join("out.svg");
    let path_var = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = grundy()
        .arg("run")
        .arg("--svg")
        .arg(&svg)
        .arg(&path)
        .env("PATH", path_var)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish_within(child, Duration::from_secs(60), "a chatty dot");
    let stderr = coded(&out, "grundy::io::graphviz", "chatty dot");
    assert!(stderr.len() < 20_000, "{} bytes of stderr", stderr.len());
}

// ---- 4. safe diagnostics ----------------------------------------------

#[test]
fn diagnostics_never_echo_control_characters() {
    // A comment that would set the terminal's title and write its
    // clipboard, a NUL, an ESC and a right-to-left override in the code.
    let program = "let x = 1\n# \u{1b}]0;owned\u{7} \u{1b}]52;c;ZWNobyBoaQ==\u{7}\nlet y = \u{202e}x\u{0}\u{1b}\n";
    let path = scratch("controls.game", program);
    let out = grundy().arg("run").arg(&path).output().unwrap();
    let stderr = coded(&out, "grundy::parse::syntax", "controls");
    for c in ['\u{1b}', '\u{7}', '\u{0}', '\u{202e}'] {
        assert!(!stderr.contains(c), "{c:?} raw in\n{stderr}");
    }
    assert!(stderr.contains("\\u{1b}]0;owned\\u{7}"), "{stderr}");
    assert!(stderr.contains("found `\\u{202e}`"), "{stderr}");
    // The label still points at the override, on line 3, column 9.
    assert!(stderr.contains("controls.game:3:9]"), "{stderr}");
}

#[test]
fn long_lines_are_cut_in_diagnostics() {
    let edges: Vec<String> = (0..600).map(|i| format!("v{i} -> v{}", i + 1)).collect();
    let program = format!("graph G {{ {} v5 -> ; }}\n", edges.join("; "));
    let path = scratch("one_line_graph.game", &program);
    let out = grundy().arg("run").arg(&path).output().unwrap();
    let stderr = coded(&out, "grundy::parse::syntax", "one-line graph");
    assert!(stderr.len() < 2_000, "{} bytes:\n{stderr}", stderr.len());
    assert!(stderr.contains("v599 -> v600 v5 -> ; }"), "{stderr}");
    let column = program.find("; }").unwrap() + 1;
    assert!(
        stderr.contains(&format!("one_line_graph.game:1:{column}]")),
        "{stderr}"
    );
}

#[test]
fn nothing_in_src_prints_with_a_macro_that_can_panic() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs")
                && p.file_name().is_some_and(|n| {
                    let n = n.to_string_lossy();
                    n != "tests.rs" && !n.ends_with("_tests.rs")
                })
            {
                // Unit-test modules (`tests.rs`, `*_tests.rs`) print to the
                // test harness.
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for m in ["println!", "print!(", "eprintln!", "eprint!(", "dbg!("] {
                assert!(
                    !code.contains(m),
                    "{}:{}: `{m}` panics when the stream fails; write through console::Checked",
                    f.display(),
                    n + 1
                );
            }
        }
    }
}

/// Ctrl-C during `grundy octal` of several codes: the codes finished or
/// cut short are reported, the rest are said not to be, status 130.
#[test]
fn ctrl_c_in_octal_of_several_codes() {
    let child = grundy()
        .args([
            "octal", "0.6", "0.6", "0.6", "0.6", "0.6", "0.6", "0.6", "0.6",
        ])
        .args(["--to", "30000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    interrupt(&child);
    let out = finish_within(child, Duration::from_secs(30), "octal after Ctrl-C");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("grundy::solve::interrupted"), "{stderr}");
    assert!(stderr.contains("of the 8 codes were reported"), "{stderr}");
}
