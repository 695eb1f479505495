//! The command line: `grundy octal`, pictures (`--plot`, `--svg`), `check`.

use crate::common;

use std::process::Command;

fn grundy(args: &[&str]) -> std::process::Output {
    Command::new(common::grundy_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grundy")
}

/// `grundy ARGS` with `RAYON_NUM_THREADS` set: how many codes
/// `grundy octal` computes at once.
fn grundy_threads(args: &[&str], threads: &str) -> std::process::Output {
    Command::new(common::grundy_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("run grundy")
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn octal_kayles_text() {
    let o = grundy(&["octal", "0.77"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("values G(0), G(1), ...: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7"),
        "{out}"
    );
    assert!(
        out.contains("preperiod 71, period 12, proved by the Guy–Smith theorem from 168 values"),
        "{out}"
    );
    assert!(out.contains("values computed: 168"), "{out}");
}

#[test]
fn octal_json_has_the_documented_fields() {
    let o = grundy(&["octal", ".07", "--json"]);
    assert!(o.status.success());
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(j["grundy_json"], 2);
    assert_eq!(j["query"], "octal");
    assert_eq!(j["code"], "0.07");
    assert_eq!(j["preperiod"], 53);
    assert_eq!(j["period"], 34);
    assert_eq!(j["proved"], true);
    assert_eq!(j["values_used"], 176);
    assert!(j["rare_mask"].is_u64() && j["rare_count"].is_u64());
    // Without --to: the values up to the end of the first period.
    assert_eq!(
        j["values"].as_array().map(std::vec::Vec::len),
        Some(53 + 34)
    );
    let o = grundy(&["octal", "0.77", "--to", "20", "--json"]);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    let v: Vec<u64> = j["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        v,
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
    );
    // 20 values cannot prove Kayles' period.
    assert_eq!(j["proved"], false);
}

#[test]
fn octal_bad_code_is_a_diagnostic() {
    let o = grundy(&["octal", "0.9x"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("grundy::parse::octal_code"), "{err}");
    assert!(err.contains("`x` is not an octal or hex digit"), "{err}");
}

#[test]
fn plots_are_svg_files() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-cli-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let game = dir.join("w.game");
    std::fs::write(
        &game,
        "game W(a, b) {\n move W(a - k, b) for k in 1..=a\n move W(a, b - k) for k in 1..=b\n move W(a - k, b - k) for k in 1..=min(a, b)\n}\n\
         table W 0..=4, 0..=4\nsequence Nim 0..=5\n",
    )
    .unwrap();
    let plot = dir.join("p.svg");
    let o = grundy(&[
        "run",
        game.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let heat = std::fs::read_to_string(&plot).expect("the table's heatmap");
    assert!(heat.starts_with("<svg"));
    assert_eq!(
        heat.matches("<rect x=").count(),
        25,
        "one cell per position"
    );
    // P-positions are black: (0,0), (1,2), (2,1).
    assert_eq!(heat.matches("fill=\"#000000\"").count(), 3);
    let scatter = std::fs::read_to_string(dir.join("p-2.svg")).expect("the sequence's plot");
    assert_eq!(scatter.matches("<circle cx=").count(), 6);

    let octal_plot = dir.join("o.svg");
    let o = grundy(&[
        "octal",
        "0.07",
        "--to",
        "100",
        "--plot",
        octal_plot.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let svg = std::fs::read_to_string(&octal_plot).unwrap();
    // Every heap is a point; rare ones are red.
    assert_eq!(
        svg.matches("<circle cx=").count(),
        100 + 2,
        "heaps and the legend"
    );
    assert!(svg.contains("#d62728"));
    let said = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find(|l| l.starts_with("plot: "))
            .map(str::to_string)
    };
    assert_eq!(said(&o), Some(format!("plot: {}", octal_plot.display())));
    // The same command again replaces the file and says so.
    let again = grundy(&[
        "octal",
        "0.07",
        "--to",
        "100",
        "--plot",
        octal_plot.to_str().unwrap(),
    ]);
    assert!(again.status.success());
    assert_eq!(
        said(&again),
        Some(format!("plot: {} (replaced)", octal_plot.display()))
    );
}

#[test]
fn dot_renders_with_graphviz_or_says_it_is_missing() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-dot-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let game = dir.join("g.game");
    std::fs::write(&game, "graph T { a -> b; b -> c; c -> a }\ndot T\n").unwrap();
    let svg = dir.join("t.svg");
    let o = grundy(&[
        "run",
        game.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(stdout(&o).starts_with("digraph \"T\" {"), "{}", stdout(&o));
    let have_dot = Command::new("dot").arg("-V").output().is_ok();
    if have_dot {
        assert!(o.status.success(), "{}", stderr(&o));
        let text = std::fs::read_to_string(&svg).expect("svg written");
        assert!(text.contains("<svg"));
    } else {
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).contains("grundy::io::graphviz"),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn check_resolves_names_without_running() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-check-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let ok = dir.join("ok.game");
    // The query would exceed any budget; check does not run it.
    std::fs::write(&ok, "game G(n) { move G(n + 1) }\ngrundy G(0)\n").unwrap();
    let o = grundy(&["check", ok.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(": ok"));
    let bad = dir.join("bad.game");
    std::fs::write(&bad, "grundy Kaylse(3)\n").unwrap();
    let o = grundy(&["check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("grundy::eval::unknown_function"));
}

/// The general `sequence`/`table` forms and misère outcomes are drawn too.
#[test]
fn plots_of_general_and_misere_series() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-cli-series-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let game = dir.join("s.game");
    std::fs::write(
        &game,
        "game T(n) { move T(n - k) for k in 1..=3 if k <= n }\n\
         table a in 0..=3, b in 0..=3: T(a) + T(b)\n\
         sequence n in 0..=7: T(n) + *1\n\
         table misere a in 0..=3, b in 0..=3: T(a) + T(b)\n\
         sequence misere n in 0..=9: T(n)\n",
    )
    .unwrap();
    let plot = dir.join("s.svg");
    let o = grundy(&[
        "run",
        game.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let heat = std::fs::read_to_string(&plot).expect("the table's heatmap");
    assert_eq!(heat.matches("<rect x=").count(), 16);
    // Normal play: T(a) + T(b) is P on the diagonal (values a mod 4).
    assert_eq!(heat.matches("fill=\"#000000\"").count(), 4);
    let scatter = std::fs::read_to_string(dir.join("s-2.svg")).expect("the sequence's plot");
    assert_eq!(scatter.matches("<circle cx=").count(), 8);
    // Misère: T(a) + T(b) is P at (0,1), (1,0), (2,2), (3,3).
    let misere = std::fs::read_to_string(dir.join("s-3.svg")).expect("the misère table");
    assert_eq!(misere.matches("<rect x=").count(), 16);
    assert_eq!(misere.matches("fill=\"#000000\"").count(), 4);
    let outcomes = std::fs::read_to_string(dir.join("s-4.svg")).expect("the misère sequence");
    assert_eq!(outcomes.matches("<circle cx=").count(), 10);
}

/// Several codes side by side: each reported as it is alone, in the order
/// given, whatever the number of threads.
#[test]
fn octal_several_codes_report_as_each_alone() {
    let codes = ["0.77", "0.07", "0.137", "0.16", "4.07", "0.f7", "0.6"];
    for json in [false, true] {
        let mut alone = Vec::new();
        for c in codes {
            let mut args = vec!["octal", c, "--to", "3000"];
            if json {
                args.push("--json");
            }
            let o = grundy(&args);
            assert!(o.status.success(), "{}", stderr(&o));
            alone.push(stdout(&o));
        }
        let want = alone.join(if json { "" } else { "\n" });
        for threads in ["1", "2", "3"] {
            let mut args = vec!["octal"];
            args.extend(codes);
            args.extend(["--to", "3000"]);
            if json {
                args.push("--json");
            }
            let o = grundy_threads(&args, threads);
            assert!(o.status.success(), "{}", stderr(&o));
            assert_eq!(stdout(&o), want, "{threads} threads, json {json}");
        }
    }
    // Until each period is proved, too.
    let o = grundy(&["octal", "0.77", "0.07"]);
    let one = |c: &str| stdout(&grundy(&["octal", c]));
    assert_eq!(stdout(&o), format!("{}\n{}", one("0.77"), one("0.07")));
}

#[test]
fn octal_several_codes_plot_a_series_and_refuse_bad_input() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-octal-many-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let plot = dir.join("seq.svg");
    let o = grundy(&["octal", "0.77", "0.07", "--plot", plot.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(plot.is_file() && dir.join("seq-2.svg").is_file());
    let svg = std::fs::read_to_string(dir.join("seq-2.svg")).unwrap();
    assert!(svg.contains("0.07"), "the second plot is the second code's");
    std::fs::remove_dir_all(dir).unwrap();
    // One bad code: nothing is computed.
    let o = grundy(&["octal", "0.77", "0.7x"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains("grundy::parse::octal_code"),
        "{}",
        stderr(&o)
    );
    // --to is checked for the values of every thread at once: 500M holds
    // 65 million values for one thread, 32 million each for two.
    let o = grundy_threads(
        &[
            "octal",
            "0.77",
            "0.07",
            "--to",
            "50000000",
            "--max-memory",
            "500M",
        ],
        "2",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("grundy::octal::too_many"),
        "{}",
        stderr(&o)
    );
}

/// Three-heap codes keep their pair sets within `--max-memory`: past it
/// they go on with the plain mex (same values) and say so.
#[test]
fn three_heap_pair_sets_respect_max_memory() {
    let args = ["octal", "0.9", "--to", "3000", "--json"];
    let roomy = grundy(&args);
    assert!(roomy.status.success());
    assert!(stderr(&roomy).is_empty(), "{}", stderr(&roomy));
    let tight = grundy(&[&args[..], &["--max-memory", "1M"]].concat());
    assert!(tight.status.success());
    assert_eq!(stdout(&tight), stdout(&roomy), "the same values either way");
    let note = stderr(&tight);
    assert!(
        note.contains("would need more than --max-memory") && note.contains("plain mex"),
        "{note}"
    );
    let text = grundy(&["octal", "0.9", "--to", "3000"]);
    assert!(
        stdout(&text).contains("the pair-set engine"),
        "{}",
        stdout(&text)
    );
}
