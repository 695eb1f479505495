//! Every limit holds per query and ends a runaway query with its coded
//! diagnostic; the queries after it answer normally. Each program here is
//! a reproduction from the reliability issue, run with small limits so the
//! tests stay quick in a debug build.

use crate::common;

use grundy::Limits;
use grundy::render;
use grundy::{Mode, Session};

/// Each statement's result: the answer's text, or the diagnostic's code.
fn run(limits: Limits, text: &str) -> Vec<String> {
    let mut s = Session::with_limits(limits);
    let mut out = Vec::new();
    s.run_text("budget.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) => out.push(render::text(&a)),
        Err(e) => out.push(format!(
            "error {} {}",
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default(),
            e
        )),
    });
    out
}

fn small() -> Limits {
    Limits {
        max_positions: 200_000,
        max_memory: 48 << 20,
        max_steps: 20_000_000,
        ..Limits::default()
    }
}

/// The first result is the coded error, and the last line answers.
fn fails_then_answers(out: &[String], code: &str) {
    assert!(
        out[0].starts_with(&format!("error {code}")),
        "expected {code}, got {out:?}"
    );
    assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2", "{out:?}");
}

#[test]
fn a_budget_error_does_not_poison_later_queries() {
    let out = run(
        Limits::positions(1000),
        "game Up(n) { move Up(n + 1) }\n\
         grundy Up(0)\n\
         grundy Nim(3)\n\
         game T(n) { move T(n - 1) if n > 0 }\n\
         grundy T(5)\n\
         outcome misere Nim(1) + Nim(1)\n",
    );
    assert!(out[0].starts_with("error grundy::solve::budget"), "{out:?}");
    assert!(out[0].contains("Up reaches more than 1000"), "{out:?}");
    assert_eq!(
        &out[1..],
        [
            "grundy Nim(3) = 3",
            "grundy T(5) = 1",
            "outcome misere Nim(1) + Nim(1) = N (the next player wins)"
        ]
    );
}

#[test]
fn each_query_has_its_whole_budget() {
    let out = run(
        Limits::positions(3000),
        "game T(n) { move T(n - 1) if n > 0 }\n\
         game U(n) { move U(n - 1) if n > 0 }\n\
         grundy T(2500)\n\
         grundy U(2500)\n",
    );
    assert_eq!(out, ["grundy T(2500) = 0", "grundy U(2500) = 0"]);
}

#[test]
fn the_budget_names_the_game_that_grew() {
    let out = run(
        Limits::positions(1000),
        "game G(n) { move Big(0) }\n\
         game Big(n) { move Big(n + 1) }\n\
         grundy G(0)\n",
    );
    assert!(out[0].contains("Big reaches more than 1000"), "{out:?}");
}

/// Lists that grow along one chain use up the memory budget before the
/// depth limit: told as a chain that may not be finite, naming the budget.
#[test]
fn growing_lists_hit_the_memory_budget() {
    for text in [
        "game L(x) { move L(x + [1]) }\ngrundy L([])\ngrundy Nim(2)\n",
        "game L(x, n) { move L(x + [n], n - 1) if n > 0 }\ngrundy L([], 20000)\ngrundy Nim(2)\n",
    ] {
        let out = run(small(), text);
        fails_then_answers(&out, "grundy::solve::unbounded");
        assert!(out[0].contains("the memory budget ran out"), "{out:?}");
    }
}

#[test]
fn a_sum_that_grows_stops() {
    let out = run(
        small(),
        "game A(n) { move A(n) + A(n) }\ngrundy A(0)\ngrundy Nim(2)\n",
    );
    assert!(
        out[0].starts_with("error grundy::solve::memory")
            || out[0].starts_with("error grundy::solve::budget"),
        "{out:?}"
    );
    assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2");
}

#[test]
fn doubling_lists_stop_at_the_list_limit() {
    let out = run(
        small(),
        "game D(x) { move D(x + x) }\ngrundy D([1])\ngrundy Nim(2)\n",
    );
    assert!(
        out[0].starts_with("error grundy::eval::value")
            || out[0].starts_with("error grundy::solve::memory"),
        "{out:?}"
    );
    assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2");
    let out = run(
        Limits::default(),
        "fn dbl(x, k) = if k == 0 then x else dbl(x + x, k - 1)\n\
         let big = dbl([1], 40)\n",
    );
    assert!(
        out[0].starts_with("error grundy::eval::value") && out[0].contains("`+` would build"),
        "{out:?}"
    );
}

#[test]
fn nested_comprehensions_hit_the_memory_budget() {
    let out = run(
        small(),
        "let n = 3000\nlet m = [[y for y in 0..n] for x in 0..n]\n",
    );
    assert!(out[0].starts_with("error grundy::solve::memory"), "{out:?}");
}

#[test]
fn an_endless_loop_hits_the_step_budget() {
    // A condition that is a range of `k` is folded into the range: the
    // answer comes at once.
    let out = run(
        small(),
        "game H(n) { move 0 for k in 0..9223372036854775807 if k < 0 }\n\
         grundy H(0)\ngrundy Nim(2)\n",
    );
    assert_eq!(out, ["grundy H(0) = 0", "grundy Nim(2) = 2"]);
    // Any other condition is tested at every `k`, under the step budget.
    let out = run(
        small(),
        "game H(n) { move 0 for k in 0..9223372036854775807 if k % 2 < 0 }\n\
         grundy H(0)\ngrundy Nim(2)\n",
    );
    fails_then_answers(&out, "grundy::eval::steps");
    let out = run(
        small(),
        "let x = len([k for k in 0..9223372036854775807 if k < 0])\n",
    );
    assert!(out[0].starts_with("error grundy::eval::steps"), "{out:?}");
}

#[test]
fn positions_nested_ever_deeper_stop() {
    let out = run(
        small(),
        "game N(x) { move N([x]) }\ngrundy N(0)\ngrundy Nim(2)\n",
    );
    fails_then_answers(&out, "grundy::eval::value");
    assert!(
        out[0].contains("nests values more than 1000 deep"),
        "{out:?}"
    );
}

#[test]
fn huge_heaps_are_answered_by_theory_or_refused() {
    let out = run(
        small(),
        "game Kayles = octal 0.77\n\
         grundy Kayles(10**15)\n\
         winning Kayles(10**15)\n\
         moves Kayles(10**15)\n\
         outcome misere Kayles(10**15)\n\
         remoteness Kayles(10**15)\n\
         kernel Kayles(10**15)\n\
         moves Nim(10**15)\n\
         grundy Nim(2)\n",
    );
    assert_eq!(out[0], "grundy Kayles(1000000000000000) = 1");
    // Misère play: from the proved period of Kayles' misère quotient.
    assert!(
        out[3].starts_with("outcome misere Kayles(1000000000000000) = N"),
        "{out:?}"
    );
    for (i, o) in out[1..7].iter().enumerate() {
        if i + 1 != 3 {
            assert!(o.starts_with("error grundy::solve::move_budget"), "{out:?}");
        }
    }
    assert_eq!(out[7], "grundy Nim(2) = 2");
}

#[test]
fn kernel_searches_are_bounded() {
    let items: Vec<String> = (0..100)
        .map(|i| format!("a{i} -> b{i}; b{i} -> a{i}"))
        .collect();
    let out = run(
        small(),
        &format!(
            "graph G {{ {} }}\nkernels G\ngrundy Nim(2)\n",
            items.join("; ")
        ),
    );
    assert!(out[0].contains("there may be more"), "{}", &out[0][..200]);
    assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2");
    let vs: Vec<String> = (0..60).map(|i| format!("v{i}")).collect();
    let items: Vec<String> = vs
        .iter()
        .map(|v| {
            let to: Vec<&str> = vs
                .iter()
                .filter(|w| *w != v)
                .map(std::string::String::as_str)
                .collect();
            format!("{v} -> {}", to.join(", "))
        })
        .collect();
    let out = run(
        small(),
        &format!(
            "graph C {{ {} }}\nkernel_sequences C\ngrundy Nim(2)\n",
            items.join("; ")
        ),
    );
    assert!(
        out[0].starts_with("kernel_sequences C:"),
        "{}",
        &out[0][..100]
    );
    assert_eq!(
        out[0].lines().count() - 2,
        small().kernels_listed(60),
        "at most this many sequences are listed"
    );
    assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2");
}

#[test]
fn octal_refuses_more_values_than_memory_holds_up_front() {
    // The binary is built (if it must be) before the clock starts.
    common::grundy_bin();
    let started = std::time::Instant::now();
    let out = std::process::Command::new(common::grundy_bin())
        .args(["octal", "0.77", "--to", "1000000000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("grundy::octal::too_many"), "{err}");
    assert!(started.elapsed().as_secs() < 5, "refused before computing");
    let out = std::process::Command::new(common::grundy_bin())
        .args(["octal", "0.77", "--to", "1000", "--max-memory", "4K"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("grundy::octal::too_many"));
}

#[test]
fn limits_are_flags_of_run() {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-budgets-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let file = dir.join("loop.game");
    std::fs::write(
        &file,
        "game H(n) { move 0 for k in 0..9223372036854775807 if k % 2 < 0 }\ngrundy H(0)\ngrundy Nim(2)\n",
    )
    .unwrap();
    let out = std::process::Command::new(common::grundy_bin())
        .args(["run", file.to_str().unwrap(), "--max-steps", "100000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("grundy::eval::steps"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "grundy Nim(2) = 2\n");
    let _ = std::fs::remove_dir_all(dir);
}

/// An octal game's nim-sequence (with a three-heap code, its pair sets)
/// is a cache too: after a query that ran out of memory computing it, the
/// next query gets its budget back.
#[test]
fn an_octal_sequence_over_budget_does_not_poison_later_queries() {
    let limits = Limits {
        max_positions: 1_000_000,
        max_memory: 3 << 20,
        max_steps: 2_000_000_000,
        ..Limits::default()
    };
    let out = run(
        limits,
        "game H = octal 0.9\n\
         game N(n) { move N(n - k) for k in 1..=n }\n\
         grundy H(12000)\n\
         grundy N(500)\n\
         grundy Nim(2)\n",
    );
    fails_then_answers(&out, "grundy::solve::memory");
    assert_eq!(out[1], "grundy N(500) = 500");
}

fn depth(max_depth: usize) -> Limits {
    Limits {
        max_depth,
        ..Limits::default()
    }
}

/// A move line that keeps making new positions stops at `--max-depth`
/// with `grundy::solve::unbounded`, in every kind of search, and the next
/// query answers.
#[test]
fn growing_positions_stop_at_the_depth_limit() {
    for (game, query) in [
        ("game G(n) { move G(n + 1) }", "grundy G(0)"),
        ("game G(n) { move G(n + 1) }", "outcome misere G(0)"),
        ("game G(n) { move G(n + 1) }", "remoteness G(0)"),
        ("game G(n) { move G(n + 1) + *1 }", "winning G(0) + *2"),
        ("game H(a, b) { move H(a + 1, b) }", "grundy H(0, 5)"),
        ("game S(s) { move S(s + [1]) }", "grundy S([])"),
        (
            "game P(n) { left move P(n + 1)\n right move P(n - 1) if n > 0 }",
            "value P(0)",
        ),
        (
            "game P(n) { left move P(n + 1)\n right move P(n - 1) if n > 0 }",
            "outcome misere P(0)",
        ),
    ] {
        let out = run(depth(500), &format!("{game}\n{query}\ngrundy Nim(2)\n"));
        assert!(
            out[0].starts_with("error grundy::solve::unbounded")
                && out[0].contains("longer than the depth limit of 500 moves"),
            "{query}: {out:?}"
        );
        assert_eq!(out.last().unwrap(), "grundy Nim(2) = 2", "{query}");
    }
}

/// The limit is a limit: a finite game deeper than it stops, and with the
/// limit raised it answers what the default limits answer.
#[test]
fn raising_the_depth_limit_answers_a_deep_finite_game() {
    let text = "game T(n) { move T(n - 1) + *1 if n > 0 }\ngrundy T(3000)\n";
    let out = run(depth(1000), text);
    assert!(
        out[0].starts_with("error grundy::solve::unbounded"),
        "{out:?}"
    );
    assert!(out[0].contains("T(3000)"), "{out:?}");
    let raised = run(depth(5000), text);
    assert_eq!(raised, run(Limits::default(), text));
    assert_eq!(raised, ["grundy T(3000) = 0"]);
}

/// A heap of a one-parameter game taken a token at a time is a chain
/// deeper than the limit, but its dense table has no chain: it answers, and
/// with the same values as a search that the limit allows.
#[test]
fn a_dense_game_answers_past_the_depth_limit() {
    let text = "game T(n) { move T(n - k) for k in 1..=2 if k <= n }\n\
                grundy T(4000)\ngrundy T(4001)\ngrundy T(4002)\n";
    let deep = run(depth(100), text);
    assert_eq!(deep, run(depth(10_000), text));
    assert_eq!(
        deep,
        [
            "grundy T(4000) = 1",
            "grundy T(4001) = 2",
            "grundy T(4002) = 0"
        ]
    );
}

/// Honest work is not stopped by the default budgets, however tight its
/// loop: the dense table's runs count a step per eight options (about the
/// time of one turn of the interpreter), so Kayles to 32,000 as rules
/// (10⁹ options, about half a second) answers, and so does the same game
/// with a constant list argument. A runaway in the same loops still ends:
/// with a small step budget the query stops with the step budget's code,
/// and its help names the flag that raises it. Slow in a debug build.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn honest_dense_work_answers_under_the_default_budgets() {
    let rules = "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\n\
                 game KL(n, t) { move KL(i, t) + KL(n - k - i, t) for k in 1..=2, i in 0..=n - k }\n\
                 game Ko = octal 0.77\n";
    let out = run(
        Limits::default(),
        &format!("{rules}grundy K(32000)\ngrundy KL(32000, [0])\ngrundy Ko(32000)\n"),
    );
    let value = |line: &str| line.rsplit(" = ").next().unwrap_or_default().to_string();
    assert!(out.iter().all(|l| !l.starts_with("error")), "{out:?}");
    assert_eq!(value(&out[0]), value(&out[2]), "{out:?}");
    assert_eq!(value(&out[1]), value(&out[2]), "{out:?}");
    let mut s = Session::with_limits(Limits {
        max_steps: 10_000_000,
        ..Limits::default()
    });
    let mut helps = Vec::new();
    let text = format!("{rules}sequence K 0..=32000\n");
    s.run_text("budget.game", &text, Mode::Run, &mut |_, r| {
        let e = r.expect_err("stopped by the step budget");
        let code = miette::Diagnostic::code(&e).map(|c| c.to_string());
        assert_eq!(code.as_deref(), Some("grundy::eval::steps"));
        helps.push(miette::Diagnostic::help(&e).map(|h| h.to_string()));
    });
    let help = helps[0].clone().unwrap_or_default();
    assert!(help.contains("--max-steps"), "{help}");
}

/// `misere_born_by(5)` counted its 2^22 sets with no budget or Ctrl-C
/// and was refused: it now runs under the query's budgets, ends with the
/// step budget's error under a smaller one (10⁹ steps, the default before
/// steps were weighed alike), leaves the next query its budget, and
/// answers the published count under the default.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn misere_born_by_day_five_runs_under_the_budgets() {
    let text = "misere_born_by(5)\ngrundy Nim(2)\n";
    let out = run(
        Limits {
            max_steps: 1_000_000_000,
            ..Limits::default()
        },
        text,
    );
    fails_then_answers(&out, "grundy::eval::steps");
    let out = run(Limits::default(), text);
    assert_eq!(out, ["4171780", "grundy Nim(2) = 2"]);
}
