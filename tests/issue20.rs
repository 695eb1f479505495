//! The reproductions of issue 20, each run as a user would run it: every
//! one ends within 20 s with an answer or a coded error, and where it is a
//! memory case, with a peak resident size within 1.25 times the budget
//! (measured with `wait4` on the child alone).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::child::{BASELINE, MIB, TWENTY, alone, coded, run_within};

fn scratch(name: &str, text: &str) -> PathBuf {
    common::child::scratch("issue20", name, text)
}

fn grundy() -> Command {
    common::child::grundy()
}

fn fourteen_sorted(queries: &str) -> String {
    let mut text: String = (1..=14)
        .map(|k| format!("let a{k} = sorted(0..10000000)\n"))
        .collect();
    text.push_str(queries);
    text
}

// ---- 1. builtins count against the memory budget ----------------------

#[test]
fn fourteen_sorted_ranges_end_with_the_memory_error_under_the_default() {
    let path = scratch("sorted14.game", &fourteen_sorted("len(a1)\n"));
    let mut cmd = grundy();
    cmd.arg("run").arg(&path);
    let ran = run_within(cmd, TWENTY, "fourteen sorted");
    coded(&ran, "grundy::solve::memory", "fourteen sorted");
    assert!(
        ran.peak < 640 * MIB / 4 * 5,
        "peak {} MiB past 1.25 x 640 MiB",
        ran.peak / MIB
    );
}

#[test]
fn fourteen_sorted_ranges_under_jobs_8_end_with_the_memory_error() {
    let path = scratch(
        "sorted14_jobs.game",
        &fourteen_sorted("len(a1)\ngrundy *3\ngrundy *4\n"),
    );
    let mut cmd = grundy();
    cmd.args(["run", "--jobs", "8"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "fourteen sorted, --jobs 8");
    coded(&ran, "grundy::solve::memory", "fourteen sorted, --jobs 8");
    // The budget holds for each worker, and the workers are as many as
    // the queries (three): each within 1.25 times the budget, plus the
    // program's own few megabytes.
    assert!(
        ran.peak < 3 * (640 * MIB / 4 * 5) + BASELINE,
        "peak {} MiB past 3 workers x 1.25 x 640 MiB",
        ran.peak / MIB
    );
}

/// `misere_form *40 + *41 + *42` and others under small budgets, each run
/// from a fresh process (see `alone`): their forms, graphs and texts are
/// looked at against the budget, so each peaks within 1.25 times it plus
/// the program itself. (Run from this process, the reading was this
/// process's own 60 MiB peak, not the child's 16 MiB.)
#[test]
fn misere_forms_peak_within_a_quarter_past_a_small_budget() {
    if !alone("misere_forms_peak_within_a_quarter_past_a_small_budget") {
        return;
    }
    for (name, text) in [
        ("three", "misere_form *40 + *41 + *42\n"),
        ("two", "misere_form *60 + *61\n"),
        ("genus", "genus *30 + *31 + *32\n"),
    ] {
        let path = scratch(&format!("mem_misere_{name}.game"), text);
        for mib in [32, 64] {
            let mut cmd = grundy();
            cmd.args(["run", "--max-memory", &format!("{mib}M")])
                .arg(&path);
            let what = format!("{} under {mib}M", text.trim());
            let ran = run_within(cmd, TWENTY, &what);
            assert_eq!(ran.signal, None, "{what}: {}", ran.stderr);
            assert!(!ran.stderr.contains("panicked"), "{what}: {}", ran.stderr);
            assert!(
                ran.code == Some(0) || ran.code == Some(1) && ran.stderr.contains("grundy::"),
                "{what}: neither an answer nor a coded error: {}",
                ran.stderr
            );
            assert!(
                ran.peak < mib * MIB / 4 * 5 + BASELINE,
                "{what}: peak {} MiB past 1.25 x {mib} MiB (and the program itself)",
                ran.peak / MIB
            );
        }
    }
}

#[test]
fn memory_cases_peak_within_a_quarter_past_a_small_budget() {
    if !alone("memory_cases_peak_within_a_quarter_past_a_small_budget") {
        return;
    }
    let kernels = two_cycles(40) + "kernels G\n";
    for (name, text) in [
        ("misere_form_big", "misere_form *1000000\n".to_string()),
        ("kernels", kernels),
        (
            "store",
            "game C(w, h) {\n  left move C(a, h) + C(w - a, h) for a in 1..w\n  \
             right move C(w, b) + C(w, h - b) for b in 1..h\n}\nvalue C(60, 60)\n"
                .to_string(),
        ),
    ] {
        let path = scratch(&format!("mem_{name}.game"), &text);
        let mut cmd = grundy();
        cmd.args(["run", "--max-memory", "32M"]).arg(&path);
        let ran = run_within(cmd, TWENTY, name);
        assert_eq!(ran.signal, None, "{name}: {}", ran.stderr);
        assert!(!ran.stderr.contains("panicked"), "{name}: {}", ran.stderr);
        assert!(
            ran.peak < 32 * MIB / 4 * 5 + BASELINE,
            "{name}: peak {} MiB past 1.25 x 32 MiB (and the program itself)",
            ran.peak / MIB
        );
    }
}

#[test]
fn each_builtin_that_builds_is_refused_past_the_budget() {
    for (i, expr) in [
        "sorted(0..10000000)",
        "list(0..10000000)",
        "reversed(0..10000000)",
        "set(0..10000000)",
        "union(0..10000000, 0..10)",
        "symdiff(0..10, 0..10000000)",
        "[x for x in 0..10000000]",
    ]
    .iter()
    .enumerate()
    {
        let path = scratch(
            &format!("builtin{i}.game"),
            &format!("let x = {expr}\nlen(x)\n"),
        );
        let mut cmd = grundy();
        cmd.args(["run", "--max-memory", "64M"]).arg(&path);
        let ran = run_within(cmd, TWENTY, expr);
        coded(&ran, "grundy::solve::memory", expr);
        assert!(
            ran.peak < 64 * MIB / 4 * 5 + 16 * MIB,
            "{expr}: peak {} MiB past 1.25 x 64 MiB (and the program itself)",
            ran.peak / MIB
        );
    }
}

// ---- 2. the parser: a size limit before parsing, and speed -------------

#[test]
fn a_42_mb_file_of_statements_is_refused_at_once() {
    let text: String = (0..1_800_000)
        .map(|i| format!("let v{i} = {i} + 1\n"))
        .collect();
    assert!(text.len() > 42_000_000);
    let path = scratch("statements42.game", &text);
    for command in ["run", "check"] {
        let mut cmd = grundy();
        cmd.arg(command).arg(&path);
        let ran = run_within(cmd, TWENTY, "a 42 MB file");
        coded(&ran, "grundy::io::too_large", "a 42 MB file");
        assert!(ran.stderr.contains("2 MiB"), "{}", ran.stderr);
        assert!(ran.took < Duration::from_secs(5), "took {:?}", ran.took);
        assert!(ran.peak < 200 * MIB, "peak {} MiB", ran.peak / MIB);
    }
}

/// pest unoptimised takes tens of seconds on it: run by `cargo test
/// --release` (as CI does).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn an_800_kb_list_literal_is_answered() {
    let list: Vec<String> = (0..200_000).map(|i| (i % 1000).to_string()).collect();
    let text = format!("let x = [{}]\nlen(x)\nx[199999]\n", list.join(","));
    assert!(text.len() > 750_000);
    let path = scratch("list800k.game", &text);
    let mut cmd = grundy();
    cmd.arg("run").arg(&path);
    let ran = run_within(cmd, TWENTY, "an 800 KB list");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(ran.stdout, "200000\n999\n");
}

#[test]
fn a_session_given_a_huge_text_refuses_it_before_parsing() {
    let mut s = grundy::Session::with_limits(grundy::Limits::default());
    let text = "let a = 1\n".repeat(300_000);
    let mut errors = Vec::new();
    let ok = s.run_text("big", &text, grundy::Mode::Run, &mut |_, r| {
        if let Err(e) = r {
            errors.push(format!(
                "{:?}",
                miette::Diagnostic::code(&e).map(|c| c.to_string())
            ));
        }
    });
    assert!(!ok);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("grundy::io::too_large"), "{errors:?}");
}

// ---- 4. kernels: every kernel the budget allows, a cut answer says so --

fn two_cycles(n: usize) -> String {
    let items: Vec<String> = (0..n)
        .map(|i| format!("a{i} -> b{i}; b{i} -> a{i}"))
        .collect();
    format!("graph G {{ {} }}\n", items.join("; "))
}

#[test]
fn twelve_disjoint_two_cycles_have_all_4096_kernels_listed() {
    let path = scratch("kernels12.game", &(two_cycles(12) + "kernels G\n"));
    let mut cmd = grundy();
    cmd.args(["run", "--json"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "kernels of 12 two-cycles");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let line: serde_json::Value = serde_json::from_str(ran.stdout.trim()).unwrap();
    let kernels = line["kernels"].as_array().expect("a list of kernels");
    assert_eq!(kernels.len(), 4096);
    assert_eq!(line["complete"], serde_json::Value::Bool(true));
    // Each picks one vertex of each cycle, and all differ.
    let distinct: std::collections::BTreeSet<String> = kernels
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(distinct.len(), 4096);
    assert!(kernels.iter().all(|k| k.as_array().unwrap().len() == 12));
}

#[test]
fn a_kernel_answer_cut_by_the_budget_says_it_is_truncated() {
    let path = scratch("kernels40.game", &(two_cycles(40) + "kernels G\n"));
    let mut cmd = grundy();
    cmd.args(["run", "--max-memory", "32M"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "kernels of 40 two-cycles");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stdout.contains("truncated"), "{}", &ran.stdout[..200]);
    assert!(
        ran.stdout.contains("--max-memory"),
        "{}",
        &ran.stdout[..200]
    );
}

// ---- 5. period's default limit, --help, usage errors -------------------

/// 100,000 values of 0.007 take a few seconds optimised, minutes without:
/// run by `cargo test --release` (as CI does).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn period_of_an_unsolved_code_stops_at_its_default_limit_naming_the_option() {
    let path = scratch("p007.game", "game H = octal 0.007\nperiod H\n");
    let mut cmd = grundy();
    cmd.arg("run").arg(&path);
    let ran = run_within(cmd, TWENTY, "period of 0.007");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stdout.contains("no period in the first 100000 values"),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.contains("--max-positions"), "{}", ran.stdout);
    assert!(ran.stdout.contains("grundy octal 0.007"), "{}", ran.stdout);
}

#[test]
fn period_looks_at_max_positions_over_50_values() {
    let path = scratch("p007small.game", "game H = octal 0.007\nperiod H\n");
    let mut cmd = grundy();
    cmd.args(["run", "--max-positions", "100000"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "period of 0.007, small budget");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stdout.contains("no period in the first 2000 values"),
        "{}",
        ran.stdout
    );
}

#[test]
fn help_describes_the_whole_tool() {
    let mut cmd = grundy();
    cmd.arg("--help");
    let ran = run_within(cmd, TWENTY, "--help");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    for word in [
        "impartial",
        "partizan",
        "misère",
        "loopy",
        "--plot",
        "--json",
        "--jobs",
        "repl",
        "octal",
        "2 MiB",
    ] {
        assert!(
            ran.stdout.contains(word),
            "--help lacks {word}:\n{}",
            ran.stdout
        );
    }
}

#[test]
fn usage_errors_are_coded() {
    for args in [
        vec!["run", "--bogus", "x.game"],
        vec!["run"],
        vec!["run", "--max-memory", "5Q", "x.game"],
        vec!["frobnicate"],
        vec!["octal", "0.77", "--to", "minus"],
    ] {
        let mut cmd = grundy();
        cmd.args(&args);
        let ran = run_within(cmd, TWENTY, "a usage error");
        coded(&ran, "grundy::usage", &format!("{args:?}"));
        assert!(ran.stderr.contains("help:"), "{args:?}: {}", ran.stderr);
    }
    let mut cmd = grundy();
    cmd.arg("--version");
    let ran = run_within(cmd, TWENTY, "--version");
    assert_eq!(ran.code, Some(0));
    assert!(ran.stdout.starts_with("grundy "), "{}", ran.stdout);
}

// ---- 3. pictures: limits and targets before the work -------------------

#[test]
fn a_picture_past_the_cell_limit_is_refused_fast() {
    let path = scratch("seq2m.game", "sequence Nim 0..2000000\n");
    for target in ["big.png", "big.svg"] {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("issue20")
            .join(target);
        let _ = std::fs::remove_file(&out);
        let mut cmd = grundy();
        cmd.arg("run").arg(&path).arg("--plot").arg(&out);
        let ran = run_within(cmd, TWENTY, target);
        coded(&ran, "grundy::picture::too_large", target);
        assert!(!out.exists(), "{target} was written");
        assert!(
            ran.peak < 400 * MIB,
            "{target}: peak {} MiB",
            ran.peak / MIB
        );
    }
}

#[test]
fn a_nine_million_cell_table_to_plot_is_refused_before_it_computes() {
    // Computing this table takes many seconds (its step budget): the
    // ranges alone say the picture would be too large.
    let path = scratch(
        "table9m.game",
        "game W(a, b) {\n  move W(a - k, b) for k in 1..=a\n  move W(a, b - k) for k in 1..=b\n}\n\
         table W 0..=2999, 0..=2999\ngrundy *2\n",
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue20");
    for (flag, target) in [("--plot", "tab.png"), ("--plot", "tab.svg")] {
        let out = dir.join(target);
        let _ = std::fs::remove_file(&out);
        let mut cmd = grundy();
        cmd.arg("run").arg(&path).arg(flag).arg(&out);
        let ran = run_within(cmd, TWENTY, target);
        coded(&ran, "grundy::picture::too_large", target);
        assert!(ran.stderr.contains("9000000 cells"), "{}", ran.stderr);
        assert!(
            ran.took < Duration::from_secs(1),
            "{target}: took {:?}",
            ran.took
        );
        assert!(!out.exists(), "{target} was written");
        // The queries after it still run (and draw nothing).
        assert_eq!(ran.stdout, "grundy *2 = 2\n");
    }
    // Without a picture the same ranges are computed.
    let mut cmd = grundy();
    // Room for its answer (checked before computing, 320 bytes a cell):
    // without `--plot` it computes, and stops at the step budget.
    cmd.args(["run", "--max-steps", "1000", "--max-memory", "4G"])
        .arg(&path);
    let ran = run_within(cmd, TWENTY, "the table without --plot");
    coded(&ran, "grundy::eval::steps", "the table without --plot");
}

#[test]
fn a_picture_target_that_cannot_be_written_fails_before_the_work() {
    // The query would take minutes: the bad target must fail first.
    let path = scratch(
        "slow_plot.game",
        "game S(n) { move S(n - k) for k in 1..=n }\nsequence S 0..100000\n",
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue20");
    for target in [dir.join("no-such-folder").join("x.svg"), dir.clone()] {
        let mut cmd = grundy();
        cmd.arg("run").arg(&path).arg("--plot").arg(&target);
        let ran = run_within(cmd, Duration::from_secs(5), "a bad target");
        coded(&ran, "grundy::io::write", &target.display().to_string());
        assert_eq!(ran.stdout, "", "nothing ran");
    }
}

#[test]
fn a_device_is_never_numbered_and_names_are_escaped() {
    let path = scratch("two_plots.game", "sequence Nim 0..5\nsequence Nim 0..6\n");
    let mut cmd = grundy();
    cmd.arg("run").arg(&path).args(["--plot", "/dev/null"]);
    let ran = run_within(cmd, TWENTY, "--plot /dev/null");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(ran.stderr, "wrote /dev/null\nwrote /dev/null\n");
    assert!(!Path::new("/dev/null-2").exists());

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue20");
    let target = dir.join("a\u{1b}[31mb.svg");
    let mut cmd = grundy();
    cmd.arg("run").arg(&path).arg("--plot").arg(&target);
    let ran = run_within(cmd, TWENTY, "an ESC in a name");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(!ran.stderr.contains('\u{1b}'), "{:?}", ran.stderr);
    assert!(ran.stderr.contains("a\\u{1b}[31mb.svg"), "{:?}", ran.stderr);
    assert!(target.exists());
    let _ = std::fs::remove_file(&target);
    let _ = std::fs::remove_file(dir.join("a\u{1b}[31mb-2.svg"));
}

#[test]
fn plot_with_nothing_to_draw_says_so() {
    let path = scratch("no_plots.game", "grundy *3\n");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue20");
    let target = dir.join("nothing.svg");
    let mut cmd = grundy();
    cmd.arg("run").arg(&path).arg("--plot").arg(&target);
    let ran = run_within(cmd, TWENTY, "nothing to plot");
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(ran.stdout, "grundy *3 = 3\n");
    assert!(ran.stderr.contains("nothing to plot"), "{}", ran.stderr);
    assert!(!target.exists());
}

// ---- 7. misère forms within the step budget ----------------------------

/// Unoptimised, the forms' work is many times slower: run by `cargo test
/// --release` (as CI does).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn misere_form_of_star_4_plus_star_1364_ends_in_time() {
    let path = scratch("mf1364.game", "misere_form *4 + *1364\ngrundy *2\n");
    let mut cmd = grundy();
    // A tenth of the default step budget: the same stop, in a tenth of
    // the time (16 s under the default, too near the guard on a loaded
    // machine).
    cmd.args(["run", "--max-steps", "100000000"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "misere_form *4 + *1364");
    // A form this large is beyond the budget: the error names it, and the
    // next query still answers.
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("grundy::eval::steps") || ran.stderr.contains("grundy::misere::budget"),
        "{}",
        ran.stderr
    );
    assert_eq!(ran.stdout, "grundy *2 = 2\n");
}

/// The refinement stage of a misère quotient (Dawson's Kayles past heap
/// 30) counts the work of its inner loops, each turn of which walks every
/// element: a step budget ends it (it once ran past 60 s under
/// `--max-steps 10000000`), and the next query still answers.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn a_refining_quotient_ends_at_the_step_budget() {
    let path = scratch(
        "refine.game",
        "game D = octal 0.07\nquotient D to 40\ngrundy *2\n",
    );
    let mut cmd = grundy();
    cmd.args(["run", "--max-steps", "10000000"]).arg(&path);
    let ran = run_within(cmd, TWENTY, "quotient D to 40");
    coded(&ran, "grundy::eval::steps", "quotient D to 40");
    assert!(ran.stderr.contains("quotient D to 40"), "{}", ran.stderr);
    assert_eq!(ran.stdout, "grundy *2 = 2\n");
}
