//! The examples in docs/LANGUAGE.md and README.md run and print what the
//! docs say they print.
//!
//! A block tagged ```game must run without a diagnostic; a block tagged
//! ```game-error must produce at least one. When a block tagged ```output
//! follows (blank lines between are allowed), it holds exactly what the
//! example prints: each answer in the plain-text form of `grundy run`, each
//! diagnostic rendered without colour, in the order they come. Trailing
//! whitespace is ignored. Untagged blocks and other tags are not run.
//!
//! `GRUNDY_DOCS_SHOW=1 cargo test --test docs -- --nocapture` prints what
//! every example prints, to update the docs after a deliberate change.

use std::path::Path;

use grundy::present;
use grundy::session::{Mode, Session};

/// The position budget examples run with; every example is small.
const BUDGET: usize = 1_000_000;

#[derive(Debug, PartialEq)]
enum Expect {
    Success,
    Error,
}

#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    expect: Expect,
    code: String,
    output: Option<String>,
}

/// The opening fence's tag, when `line` opens a fenced block.
fn fence_tag(line: &str) -> Option<&str> {
    line.trim_end().strip_prefix("```").map(str::trim)
}

/// Every ```game and ```game-error block of a Markdown text, with the
/// ```output block that follows it, if any.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Reads the block whose opening fence is at `start`; returns its body
    // and the index of the line after its closing fence.
    let block = |start: usize| -> (String, usize) {
        let mut body = String::new();
        let mut j = start + 1;
        while j < lines.len() && lines[j].trim_end() != "```" {
            body.push_str(lines[j]);
            body.push('\n');
            j += 1;
        }
        assert!(
            j < lines.len(),
            "{file}:{}: fenced block never closed",
            start + 1
        );
        (body, j + 1)
    };
    while i < lines.len() {
        let Some(tag) = fence_tag(lines[i]) else {
            i += 1;
            continue;
        };
        let expect = match tag {
            "game" => Some(Expect::Success),
            "game-error" => Some(Expect::Error),
            _ => None,
        };
        let start = i;
        let (code, after) = block(i);
        let Some(expect) = expect else {
            i = after;
            continue;
        };
        let mut next = after;
        while next < lines.len() && lines[next].trim().is_empty() {
            next += 1;
        }
        let output = if next < lines.len() && fence_tag(lines[next]) == Some("output") {
            let (body, after_output) = block(next);
            i = after_output;
            Some(body)
        } else {
            i = after;
            None
        };
        out.push(Example {
            file: file.to_string(),
            line: start + 1,
            expect,
            code,
            output,
        });
    }
    out
}

/// What running `code` prints: answers and diagnostics in order, and how
/// many of them were diagnostics.
fn run(code: &str) -> Result<(String, usize), String> {
    let code = code.to_string();
    // The evaluator recurses (bounded by its nesting and call-depth limits);
    // give it the stack the command line gives it.
    let worker = std::thread::Builder::new()
        .stack_size(grundy::cli::STACK_SIZE)
        .spawn(move || {
            let mut session = Session::new(BUDGET);
            let mut printed: Vec<String> = Vec::new();
            let mut errors = 0;
            session.run_text("doc.game", &code, Mode::Run, &mut |sess, r| match r {
                Ok(answer) => printed.push(present::text(&answer)),
                Err(err) => {
                    errors += 1;
                    printed.push(err.render_plain(&sess.sources));
                }
            });
            (printed.join("\n"), errors)
        })
        .map_err(|e| format!("cannot start a thread: {e}"))?;
    worker
        .join()
        .map_err(|_| "grundy panicked on this example".to_string())
}

/// Lines without trailing whitespace, no blank lines at the end, and the
/// help line of a diagnostic unwrapped: the docs show it as `grundy run`
/// wraps it on an 80-column stderr, `render_plain` wraps it at 100.
fn normalise(s: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut in_help = false;
    for line in s.lines().map(str::trim_end) {
        let continues = in_help && line.starts_with("        ") && !line.trim().is_empty();
        match lines.last_mut() {
            Some(last) if continues => {
                last.push(' ');
                last.push_str(line.trim_start());
            }
            _ => {
                in_help = line.starts_with("  help: ");
                lines.push(line.to_string());
            }
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines.join("\n")
}

fn check(ex: &Example) -> Result<(), String> {
    let (printed, errors) = run(&ex.code)?;
    if std::env::var_os("GRUNDY_DOCS_SHOW").is_some() {
        println!(
            "---- {}:{} ----\n{}\n",
            ex.file,
            ex.line,
            normalise(&printed)
        );
    }
    match ex.expect {
        Expect::Success if errors > 0 => {
            return Err(format!("expected no diagnostic, got {errors}:\n{printed}"));
        }
        Expect::Error if errors == 0 => {
            return Err(format!(
                "tagged game-error, but it ran without a diagnostic:\n{printed}"
            ));
        }
        _ => {}
    }
    if let Some(want) = &ex.output {
        let (want, got) = (normalise(want), normalise(&printed));
        if want != got {
            return Err(format!(
                "output differs\n--- the docs say:\n{want}\n--- grundy prints:\n{got}"
            ));
        }
    }
    Ok(())
}

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("read {}: {e}", full.display()))
}

fn check_file(path: &str) -> usize {
    let all = examples(path, &read(path));
    let failures: Vec<String> = all
        .iter()
        .filter_map(|ex| {
            check(ex)
                .err()
                .map(|why| format!("{}:{}: {why}", ex.file, ex.line))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} examples in {path} fail:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
    all.len()
}

#[test]
fn language_reference_examples_print_what_they_say() {
    let n = check_file("docs/LANGUAGE.md");
    assert!(n > 0, "docs/LANGUAGE.md has no ```game examples");
}

#[test]
fn readme_examples_print_what_they_say() {
    // The README's blocks run when they are tagged ```game; none may be yet.
    check_file("README.md");
}

#[test]
fn the_block_reader_pairs_examples_with_their_output() {
    let md = "text\n```game\ngrundy *1\n```\n\n```output\ngrundy *1 = 1\n```\n\
              ```\nnot run\n```\n```game-error\ngrundy x\n```\n```game\ngrundy 0\n```\n";
    let ex = examples("t.md", md);
    assert_eq!(ex.len(), 3);
    assert_eq!(ex[0].line, 2);
    assert_eq!(ex[0].code, "grundy *1\n");
    assert_eq!(ex[0].output.as_deref(), Some("grundy *1 = 1\n"));
    assert_eq!(ex[1].expect, Expect::Error);
    assert_eq!(ex[1].output, None);
    assert_eq!(ex[2].code, "grundy 0\n");
    assert!(check(&ex[0]).is_ok());
    assert!(check(&ex[1]).is_ok());
}
