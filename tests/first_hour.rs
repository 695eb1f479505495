//! What a new user meets in the first hour: a file saved with a byte-order
//! mark, `;` between move lines, picture files on the command line, and
//! the README's tour, which is `examples/tour.game` with its answers in
//! comments.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;

const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("first-hour")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

fn grundy(dir: &Path, args: &[&str]) -> Output {
    Command::new(common::grundy_bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the grundy binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_byte_order_mark_at_the_start_is_dropped() {
    let dir = scratch("bom");
    std::fs::write(dir.join("bom.game"), b"\xEF\xBB\xBFlet x = 1\nx + 1\n").unwrap();
    let out = grundy(&dir, &["run", "bom.game"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "2\n");
    // Errors after it still point at the right column.
    std::fs::write(dir.join("bad.game"), "\u{feff}let y = 1 +\n").unwrap();
    let out = grundy(&dir, &["run", "bad.game"]);
    let err = text(&out.stderr);
    assert!(err.contains("[bad.game:1:12]"), "{err}");
    // Piped standard input too.
    let mut child = Command::new(common::grundy_bin())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xEF\xBB\xBF*3 + *5\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(text(&out.stdout), "*6\n");
}

#[test]
fn semicolons_may_separate_move_lines() {
    let lines = "game S(n) {\n    move S(n - 1) if n >= 1\n    move S(n - 3) if n >= 3\n}\n\
                 sequence S 0..=12\n";
    let semis = "game S(n) { move S(n - 1) if n >= 1; move S(n - 3) if n >= 3; }\n\
                 sequence S 0..=12\n";
    let one_line = "game S(n) { move S(n - 1) if n >= 1; move S(n - 3) if n >= 3 }\n\
                    sequence S 0..=12\n";
    let shown = |t: &str| -> Vec<String> {
        common::answers(t)
            .iter()
            .map(grundy::render::text)
            .collect()
    };
    let want = shown(lines);
    // Taking 1 or 3: the values alternate 0, 1.
    assert_eq!(want, ["sequence S 0..=12: 0 1 0 1 0 1 0 1 0 1 0 1 0"]);
    assert_eq!(shown(semis), want);
    assert_eq!(shown(one_line), want);
    // A `;` alone is no move line.
    let mut s = grundy::Session::new(1000);
    let ok = s.run_text(
        "t.game",
        "game G(n) { ; }",
        grundy::Mode::Check,
        &mut |_, _| {},
    );
    assert!(!ok);
}

/// The files a run wrote, sorted.
fn files(dir: &Path, ext: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(ext))
        .collect();
    names.sort();
    names
}

#[test]
fn plots_are_numbered_by_query_even_when_one_fails() {
    let dir = scratch("plot-numbers");
    // The second sequence divides by zero at n = 3.
    let src = "game T(n) { move T(n - 1) if n > 0 }\n\
               game Bad(n) { move Bad(n - 1) if n > 0 and 6 / (3 - n) > 0 }\n\
               sequence T 0..=4\n\
               sequence Bad 0..=4\n\
               grundy T(3)\n\
               sequence T 0..=6\n";
    std::fs::write(dir.join("p.game"), src).unwrap();
    let out = grundy(&dir, &["run", "p.game", "--plot", "p.svg"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("division by zero"), "{err}");
    assert!(err.contains("wrote p.svg\n"), "{err}");
    assert!(err.contains("wrote p-3.svg\n"), "{err}");
    assert_eq!(files(&dir, ".svg"), ["p-3.svg", "p.svg"]);
    let third = std::fs::read_to_string(dir.join("p-3.svg")).unwrap();
    assert!(
        third.contains("G(n) of T, n from 0"),
        "the third query's plot"
    );
}

#[test]
fn graphs_are_numbered_by_query_even_when_one_fails() {
    if Command::new("dot").arg("-V").output().is_err() {
        return; // Graphviz missing: tests/cli.rs checks the diagnostic.
    }
    let dir = scratch("dot-numbers");
    // The second graph has more vertices than a picture shows.
    let src = "game T(n) { move T(n - 1) if n > 0 }\n\
               dot T(2)\n\
               dot T(1000)\n\
               dot T(3)\n";
    std::fs::write(dir.join("g.game"), src).unwrap();
    let out = grundy(&dir, &["run", "g.game", "--svg", "g.svg"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(files(&dir, ".svg"), ["g-3.svg", "g.svg"], "{err}");
    // T(3) has four vertices, T(2) three.
    let count = |f: &str| {
        std::fs::read_to_string(dir.join(f))
            .unwrap()
            .matches("class=\"node\"")
            .count()
    };
    assert!(count("g-3.svg") > count("g.svg"), "{err}");
}

#[test]
fn a_picture_that_replaces_a_file_says_so() {
    let dir = scratch("replaced");
    let src = "game T(n) { move T(n - 1) if n > 0 }\nsequence T 0..=4\nsequence T 0..=5\n";
    std::fs::write(dir.join("r.game"), src).unwrap();
    std::fs::write(dir.join("r-2.svg"), "old").unwrap();
    let out = grundy(&dir, &["run", "r.game", "--plot", "r.svg"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "wrote r.svg\nwrote r-2.svg (replaced)\n");
    assert_ne!(std::fs::read_to_string(dir.join("r-2.svg")).unwrap(), "old");
}

#[test]
fn picture_series_that_could_meet_are_refused_before_running() {
    let dir = scratch("clash");
    let src = "game T(n) { move T(n - 1) if n > 0 }\nsequence T 0..=4\n";
    std::fs::write(dir.join("c.game"), src).unwrap();
    for (svg, plot, shared) in [
        ("c.svg", "c.svg", "c.svg"),
        ("c.svg", "./c.svg", "c.svg"),
        ("c.svg", "c-2.svg", "c-2.svg"),
        ("c-10.svg", "c.svg", "c-10.svg"),
    ] {
        let out = grundy(&dir, &["run", "c.game", "--svg", svg, "--plot", plot]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{svg} {plot}: {err}");
        assert!(err.contains("grundy::cli::same_file"), "{err}");
        assert!(err.contains(&format!("would both write {shared}")), "{err}");
        assert_eq!(text(&out.stdout), "", "nothing ran");
        assert!(files(&dir, ".svg").is_empty());
    }
    // Different names, or another extension or folder, are fine.
    for (svg, plot) in [("c.svg", "d.svg"), ("c.svg", "c.png"), ("c-x.svg", "c.svg")] {
        let out = grundy(&dir, &["run", "c.game", "--svg", svg, "--plot", plot]);
        assert!(out.status.success(), "{svg} {plot}: {}", text(&out.stderr));
    }
}

/// The ```game block under "## A short tour" in README.md.
fn readme_tour() -> String {
    let readme = std::fs::read_to_string(Path::new(CRATE_DIR).join("README.md")).unwrap();
    let start = readme
        .find("## A short tour")
        .expect("README.md has a tour section");
    let rest = &readme[start..];
    let open = rest.find("```game\n").expect("the tour is a ```game block") + "```game\n".len();
    let len = rest[open..].find("```\n").expect("the block closes");
    rest[open..open + len].to_string()
}

#[test]
fn the_readme_tour_is_examples_tour_game() {
    let file = std::fs::read_to_string(Path::new(CRATE_DIR).join("examples/tour.game")).unwrap();
    assert!(
        readme_tour() == file,
        "README.md's tour block and examples/tour.game differ: copy one onto the other"
    );
}

/// A statement at the top level that prints an answer: not indented, not
/// a comment, a definition or the end of a body.
fn is_query_line(line: &str) -> bool {
    let word = line.split(|c: char| !c.is_ascii_alphanumeric()).next();
    !line.is_empty()
        && !line.starts_with([' ', '#', '}'])
        && !matches!(word, Some("game" | "graph" | "fn" | "let"))
}

#[test]
fn the_tour_prints_the_answers_its_comments_give() {
    let tour = readme_tour();
    let answers: Vec<String> = common::answers(&tour)
        .iter()
        .map(grundy::render::text)
        .collect();
    let queries: Vec<&str> = tour.lines().filter(|l| is_query_line(l)).collect();
    assert_eq!(queries.len(), answers.len(), "one answer per query line");
    let mut checked = 0;
    for (line, answer) in queries.iter().zip(&answers) {
        // `query   # ANSWER: a note`: ANSWER (before any `: `) is printed.
        let Some((_, comment)) = line.split_once(" # ") else {
            continue;
        };
        let claim = comment.split(": ").next().unwrap_or(comment).trim();
        assert!(
            answer.contains(claim),
            "the tour says `{claim}` for `{line}`, grundy prints:\n{answer}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} answers in comments");
}

/// The README's two commands: the first runs an example that ships, in
/// the release profile; the second is the test command CI runs.
#[test]
fn readme_two_commands_run_a_shipped_example_and_are_what_ci_runs() {
    let readme = std::fs::read_to_string(Path::new(CRATE_DIR).join("README.md")).unwrap();
    let section = readme
        .split("## Two commands")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README.md has a \"Two commands\" section");
    let blocks: Vec<&str> = section
        .split("```\n")
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .collect();
    assert!(blocks.len() >= 2, "{blocks:?}");
    let run = blocks[0];
    let file = run
        .strip_prefix("cargo run --release -- run ")
        .unwrap_or_else(|| panic!("the first command runs a file in release: {run}"));
    assert!(Path::new(CRATE_DIR).join(file).is_file(), "{file} ships");
    let ci = std::fs::read_to_string(Path::new(CRATE_DIR).join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == blocks[1]),
        "CI runs the README's test command `{}`",
        blocks[1]
    );
}
