//! The examples in README.md, docs/LANGUAGE.md, docs/OCTAL.md,
//! docs/THEORY.md and docs/JSON.md run and print what the docs say they print.
//!
//! A block tagged ```game must run without a diagnostic; a block tagged
//! ```game-error must produce at least one. When a block tagged ```output
//! follows (blank lines between are allowed), it holds exactly what the
//! example prints: each answer in the plain-text form of `grundy run`, each
//! diagnostic rendered without colour, in the order they come.
//!
//! A block tagged ```json-output holds exactly what the nearest ```game or
//! ```game-error block above it prints on standard output under
//! `grundy run --json` (the built binary is run on it): one JSON object per
//! line, an answer or `{"error":{"code":…,"message":…,"line":…,"column":…}}`
//! for a diagnostic.
//! Prose may come between the two.
//!
//! A block tagged ```console holds command lines `$ grundy ARGS` (ARGS split
//! on spaces, run from the repository root), each followed by exactly what
//! the command writes to standard output.
//!
//! Trailing whitespace is ignored. Untagged blocks and other tags are not
//! run.
//!
//! `GRUNDY_DOCS_SHOW=1 cargo test --test folded docs:: -- --nocapture` prints what
//! every example prints, to update the docs after a deliberate change.

use crate::common;

use std::path::Path;

use grundy::render;
use grundy::{Mode, Session};

/// The position budget examples run with; every example is small.
/// The command line's default, so a block prints what `grundy run` prints.
const BUDGET: usize = grundy::DEFAULT_MAX_POSITIONS;

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
    /// The ```json-output block that belongs to this example, with the line
    /// it starts on.
    json: Option<(usize, String)>,
}

/// A ```console block: commands and what each prints.
#[derive(Debug)]
struct Console {
    file: String,
    line: usize,
    /// Each command's arguments (after `$ grundy`) and its expected output.
    commands: Vec<(Vec<String>, String)>,
}

/// The opening fence's tag, when `line` opens a fenced block.
fn fence_tag(line: &str) -> Option<&str> {
    line.trim_end().strip_prefix("```").map(str::trim)
}

/// Every ```game and ```game-error block of a Markdown text, with the
/// ```output block that follows it and the ```json-output block that
/// belongs to it, if any.
fn examples(file: &str, text: &str) -> Vec<Example> {
    blocks(file, text).0
}

/// The examples and the ```console blocks of a Markdown text.
fn blocks(file: &str, text: &str) -> (Vec<Example>, Vec<Console>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<Example> = Vec::new();
    let mut consoles = Vec::new();
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
        if tag == "json-output" {
            let owner = out.last_mut();
            let owner = owner.unwrap_or_else(|| {
                panic!(
                    "{file}:{}: a json-output block with no game block above it",
                    start + 1
                )
            });
            assert!(
                owner.json.is_none(),
                "{file}:{}: a second json-output block for the example at line {}",
                start + 1,
                owner.line
            );
            owner.json = Some((start + 1, code));
            i = after;
            continue;
        }
        if tag == "console" {
            consoles.push(console(file, start + 1, &code));
            i = after;
            continue;
        }
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
            json: None,
        });
    }
    (out, consoles)
}

/// The commands of a ```console block whose body is `body`.
fn console(file: &str, line: usize, body: &str) -> Console {
    let mut commands: Vec<(Vec<String>, String)> = Vec::new();
    for l in body.lines() {
        if let Some(cmd) = l.strip_prefix("$ ") {
            let mut words = cmd.split_whitespace().map(str::to_string);
            assert_eq!(
                words.next().as_deref(),
                Some("grundy"),
                "{file}:{line}: a console command must start with `$ grundy`"
            );
            commands.push((words.collect(), String::new()));
        } else {
            let Some((_, out)) = commands.last_mut() else {
                panic!("{file}:{line}: a console block must start with `$ grundy`");
            };
            out.push_str(l);
            out.push('\n');
        }
    }
    Console {
        file: file.to_string(),
        line,
        commands,
    }
}

/// What running `code` prints: answers and diagnostics in order, and how
/// many of them were diagnostics.
fn run(code: &str) -> Result<(String, usize), String> {
    let code = code.to_string();
    // The evaluator recurses (bounded by its nesting and call-depth limits);
    // give it the stack the command line gives it.
    let worker = std::thread::Builder::new()
        .stack_size(grundy::STACK_SIZE)
        .spawn(move || {
            let mut session = Session::new(BUDGET);
            let mut printed: Vec<String> = Vec::new();
            let mut errors = 0;
            session.run_text("doc.game", &code, Mode::Run, &mut |sess, r| match r {
                Ok(answer) => printed.push(render::text(&answer)),
                Err(err) => {
                    errors += 1;
                    printed.push(err.render_plain(sess.sources()));
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
    while lines.last().is_some_and(std::string::String::is_empty) {
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
    if let Some((line, want)) = &ex.json {
        let json = run_json(ex)?;
        let (want, got) = (normalise(want), normalise(&json));
        if want != got {
            return Err(format!(
                "the json-output block at line {line} differs\n--- the docs say:\n{want}\n\
                 --- grundy run --json prints:\n{got}"
            ));
        }
    }
    Ok(())
}

/// What `grundy run --json` prints on standard output for an example
/// (written to a file of its own under the test's temporary directory).
fn run_json(ex: &Example) -> Result<String, String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-json");
    std::fs::create_dir_all(&dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
    let stem: String = ex
        .file
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let path = dir.join(format!("{stem}_{}.game", ex.line));
    std::fs::write(&path, &ex.code).map_err(|e| format!("write {}: {e}", path.display()))?;
    let out = std::process::Command::new(common::grundy_bin())
        .arg("run")
        .arg("--json")
        .arg(&path)
        .output()
        .map_err(|e| format!("cannot run grundy: {e}"))?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs every command of a ```console block and compares its output.
fn check_console(c: &Console) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (args, want) in &c.commands {
        let out = std::process::Command::new(common::grundy_bin())
            .args(args)
            .current_dir(root)
            .output()
            .map_err(|e| format!("cannot run grundy {}: {e}", args.join(" ")))?;
        let got = String::from_utf8_lossy(&out.stdout);
        if std::env::var_os("GRUNDY_DOCS_SHOW").is_some() {
            println!(
                "---- {}:{} $ grundy {} ----\n{}\n",
                c.file,
                c.line,
                args.join(" "),
                normalise(&got)
            );
        }
        let (want, got) = (normalise(want), normalise(&got));
        if want != got {
            return Err(format!(
                "`grundy {}` prints something else\n--- the docs say:\n{want}\n\
                 --- grundy prints:\n{got}",
                args.join(" ")
            ));
        }
    }
    Ok(())
}

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("read {}: {e}", full.display()))
}

/// Checks every example and console block of a file; returns how many
/// examples, json-output blocks and console blocks it has.
fn check_file(path: &str) -> (usize, usize, usize) {
    let (all, consoles) = blocks(path, &read(path));
    let mut failures: Vec<String> = all
        .iter()
        .filter_map(|ex| {
            check(ex)
                .err()
                .map(|why| format!("{}:{}: {why}", ex.file, ex.line))
        })
        .collect();
    failures.extend(consoles.iter().filter_map(|c| {
        check_console(c)
            .err()
            .map(|why| format!("{}:{}: {why}", c.file, c.line))
    }));
    assert!(
        failures.is_empty(),
        "{} of {} blocks in {path} fail:\n\n{}",
        failures.len(),
        all.len() + consoles.len(),
        failures.join("\n\n")
    );
    let json = all.iter().filter(|ex| ex.json.is_some()).count();
    (all.len(), json, consoles.len())
}

#[test]
fn language_reference_examples_print_what_they_say() {
    let (n, json, _) = check_file("docs/LANGUAGE.md");
    assert!(n > 0, "docs/LANGUAGE.md has no ```game examples");
    assert!(json > 0, "docs/LANGUAGE.md has no ```json-output blocks");
}

#[test]
fn readme_examples_print_what_they_say() {
    let (n, json, _) = check_file("README.md");
    assert!(n > 0, "README.md has no ```game examples");
    assert!(json > 0, "README.md has no ```json-output blocks");
}

#[test]
fn octal_guide_examples_print_what_they_say() {
    let (n, _, consoles) = check_file("docs/OCTAL.md");
    assert!(n > 0, "docs/OCTAL.md has no ```game examples");
    assert!(consoles > 0, "docs/OCTAL.md has no ```console blocks");
}

#[test]
fn json_schema_examples_print_what_they_say() {
    let (n, json, _) = check_file("docs/JSON.md");
    assert!(n > 0, "docs/JSON.md has no ```game examples");
    assert!(json > 0, "docs/JSON.md has no ```json-output blocks");
}

#[test]
fn theory_examples_print_what_they_say() {
    let (n, _, _) = check_file("docs/THEORY.md");
    assert!(n > 0, "docs/THEORY.md has no ```game examples");
}

#[test]
fn the_block_reader_pairs_examples_with_their_output() {
    let md = "text\n```game\ngrundy *2\n```\n\n```output\ngrundy *2 = 2\n```\n\
              ```\nnot run\n```\n```game-error\ngrundy x\n```\n```game\ngrundy 0\n```\n";
    let ex = examples("t.md", md);
    assert_eq!(ex.len(), 3);
    assert_eq!(ex[0].line, 2);
    assert_eq!(ex[0].code, "grundy *2\n");
    assert_eq!(ex[0].output.as_deref(), Some("grundy *2 = 2\n"));
    assert_eq!(ex[1].expect, Expect::Error);
    assert_eq!(ex[1].output, None);
    assert_eq!(ex[2].code, "grundy 0\n");
    assert!(check(&ex[0]).is_ok());
    assert!(check(&ex[1]).is_ok());
}

#[test]
fn json_output_blocks_belong_to_the_example_above_and_are_checked() {
    let md = "```game\ngrundy *2\n```\n```output\ngrundy *2 = 2\n```\nWith --json:\n\
              ```json-output\n{\"grundy_json\":2,\"query\":\"grundy\",\"position\":\"*2\",\"value\":2,\"infinity\":null}\n```\n\
              ```game\ngrundy *3\n```\n```json-output\n{\"value\":4}\n```\n";
    let ex = examples("t.md", md);
    assert_eq!(ex.len(), 2);
    assert_eq!(ex[0].json.as_ref().map(|j| j.0), Some(8));
    assert!(check(&ex[0]).is_ok());
    // A wrong json-output block fails.
    let err = check(&ex[1]).unwrap_err();
    assert!(err.contains("json-output"), "{err}");
}

#[test]
fn console_blocks_are_read_and_checked() {
    let md = "```console\n$ grundy octal 0.3 --to 4\noctal 0.3\nmore\n$ grundy check x\n```\n";
    let (ex, consoles) = blocks("t.md", md);
    assert!(ex.is_empty());
    assert_eq!(consoles.len(), 1);
    let c = &consoles[0];
    assert_eq!(c.commands.len(), 2);
    assert_eq!(c.commands[0].0, ["octal", "0.3", "--to", "4"]);
    assert_eq!(c.commands[0].1, "octal 0.3\nmore\n");
    // That output is not what `grundy octal 0.3 --to 4` prints.
    assert!(check_console(c).is_err());
}
