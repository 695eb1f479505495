//! The default budgets are the ones docs/LANGUAGE.md's "Limits" table
//! states, a budget that ends a query says which flag to raise and to
//! what, and honest queries of tens of seconds answer under the defaults
//! (the last, ignored in CI: `cargo test --release --test folded
//! -- --ignored honest_budgets::`). How a step was weighed, loop by loop, is in
//! docs/PERFORMANCE.md, "What a step costs".

use crate::common;

use grundy::{Limits, Mode, Session};

/// Each statement's result: the answer's text, or the diagnostic's code
/// and help.
fn run(limits: Limits, text: &str) -> Vec<(String, String)> {
    let mut s = Session::with_limits(limits);
    let mut out = Vec::new();
    s.run_text("budget.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) => out.push((grundy::render::text(&a), String::new())),
        Err(e) => out.push((
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default(),
            miette::Diagnostic::help(&e)
                .map(|h| h.to_string())
                .unwrap_or_default(),
        )),
    });
    out
}

/// The default column of the row of docs/LANGUAGE.md's "Limits" table
/// whose "to change" column is `flag`.
fn documented_default(flag: &str) -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/LANGUAGE.md"))
        .expect("docs/LANGUAGE.md");
    let limits = &doc[doc.find("\n## Limits").expect("a Limits section")..];
    let row = limits
        .lines()
        .find(|l| l.starts_with('|') && l.contains(&format!("`{flag} N`")))
        .unwrap_or_else(|| panic!("a row for {flag}"));
    row.split('|')
        .nth(2)
        .expect("a default column")
        .trim()
        .to_string()
}

fn number(text: &str) -> u64 {
    text.replace(',', "").parse().expect("a number")
}

#[test]
fn the_default_limits_are_the_documented_ones() {
    let d = Limits::default();
    assert_eq!(number(&documented_default("--max-steps")), d.max_steps);
    assert_eq!(
        number(&documented_default("--max-positions")),
        d.max_positions as u64
    );
    assert_eq!(
        number(&documented_default("--max-depth")),
        d.max_depth as u64
    );
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/LANGUAGE.md"))
        .expect("docs/LANGUAGE.md");
    let memory = format!("| {} MiB | `--max-memory", d.max_memory >> 20);
    assert!(doc.contains(&memory), "LANGUAGE.md's Limits say {memory}");
    // The command line's defaults are the library's.
    let out = std::process::Command::new(common::grundy_bin())
        .args(["run", "--help"])
        .output()
        .expect("grundy run --help");
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains(&format!("[default: {}]", d.max_steps)),
        "{help}"
    );
}

/// Each budget's error names its flag and a value to pass.
#[test]
fn a_budget_that_ends_a_query_names_the_flag_and_a_value() {
    let d = Limits::default();
    let grows = "game S(s) { move S(s + [1]) }\ngrundy S([])";
    let cases = [
        (
            Limits {
                max_steps: 100_000,
                ..d
            },
            "len([k for k in 0..9223372036854775807 if k % 2 < 0])",
            "grundy::eval::steps",
            "--max-steps 1000000",
        ),
        (
            Limits {
                max_positions: 1_000,
                ..d
            },
            grows,
            "grundy::solve::budget",
            "--max-positions 10000",
        ),
        (
            Limits {
                max_positions: 1_000,
                ..d
            },
            "game M(a, b, c) { move M(k, c, b) for k in 0..a }\ngrundy M(600, 0, 0)",
            "grundy::solve::move_budget",
            "--max-positions 10000",
        ),
        (
            Limits {
                max_memory: 48 << 20,
                ..d
            },
            "len([[k, k] for k in 0..9000000])",
            "grundy::solve::memory",
            "--max-memory 192M",
        ),
        (
            Limits {
                max_depth: 1_000,
                ..d
            },
            grows,
            "grundy::solve::unbounded",
            "--max-depth",
        ),
    ];
    for (limits, text, code, flag) in cases {
        let out = run(limits, text);
        let (got, help) = out.last().expect("a result");
        assert_eq!(got, code, "{text}: {out:?}");
        assert!(help.contains(flag), "{code}: {help}");
    }
}

/// Honest queries of a few seconds to about 20 s of CPU each (release
/// build, loaded 2-core machine; each needs from 10⁸ to 2·10⁹ steps, a
/// fifth or less of the default), one per kind of loop that counts
/// steps, answer under the default budgets: the interpreter's comprehension, the dense table,
/// options listed on the general path (three integers, lists, sets),
/// board builtins and the partizan store (Konane, Domineering by search),
/// the partizan store's comparisons, misère forms. Ignored in CI (several
/// minutes in all): `cargo test --release --test folded --
/// --ignored honest_budgets::`.
#[test]
#[ignore]
fn honest_queries_of_seconds_answer_under_the_default_budgets() {
    let konane = "game Konane(b) {\n\
        left move parts(a) for (_, a) in rays(b, \"x\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"o\")\n\
        right move parts(a) for (_, a) in rays(b, \"o\", [(-1, 0), (0, -1), (0, 1), (1, 0)], \"x\")\n\
        }\n\
        fn parts(b) = sum([Konane(canonical(p)) for p in components(b)])\n";
    let domineering = "game D(b) {\n\
        left move dparts(c) for c in place(b, [(0, 0), (1, 0)])\n\
        right move dparts(c) for c in place(b, [(0, 0), (0, 1)])\n\
        }\n\
        fn dparts(b) = sum([D(canonical(p, \"mirror\")) for p in components(b)])\n";
    // Each answer ends with the text given: Nim's xor (90 ^ 100 ^ 110 =
    // 80), Moore's theorem (four heaps of 12: each binary digit's count is
    // 4, not a multiple of 3, so N), the rules against the octal code,
    // cgt-tools' Konane value, the published count of day 5.
    let cases: [(&str, &str); 9] = [
        (
            "len([j for j in 0..1000000000 if j % 7 == 100 or j < 0])",
            "0",
        ),
        (
            "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\ngame Ko = octal 0.77\ngrundy(K(100000)) == grundy(Ko(100000))",
            "true",
        ),
        (
            "game N3(a, b, c) {\n move N3(a - k, b, c) for k in 1..=a\n move N3(a, b - k, c) for k in 1..=b\n move N3(a, b, c - k) for k in 1..=c\n}\ngrundy N3(90, 100, 110)",
            "grundy N3(90, 100, 110) = 80",
        ),
        (
            "game Moore(hs) {\n move Moore(set_at(hs, i, a)) for i in 0..len(hs), a in 0..hs[i]\n move Moore(set_at(set_at(hs, i, a), j, b)) for i in 0..len(hs), j in i + 1..len(hs), a in 0..hs[i], b in 0..hs[j]\n}\nfn set_at(xs, i, v) = [if k == i then v else xs[k] for k in 0..len(xs)]\noutcome Moore([12, 12, 12, 12])",
            "outcome Moore([12, 12, 12, 12]) = N",
        ),
        (include_str!("../bench/games/node_kayles_sets.game"), ""),
        (
            &format!("{konane}value Konane(grid(\"xoxoxo|oxox.x|xoxoxo|oxoxox\"))"),
            "value Konane(grid(\"xoxoxo|oxox.x|xoxoxo|oxoxox\")) = -1",
        ),
        (
            &format!("{domineering}outcome D(grid(6, 6)) by search"),
            "N",
        ),
        ("value(*300) + ^", "^*300"),
        ("misere_born_by(5)", "4171780"),
    ];
    for (text, want) in cases {
        let started = std::time::Instant::now();
        let out = run(Limits::default(), text);
        let last = out.last().expect("an answer");
        assert!(last.1.is_empty(), "{text}: stopped with {last:?}");
        assert!(last.0.ends_with(want), "{text}: {}", last.0);
        eprintln!("{:>6.1} s  {}", started.elapsed().as_secs_f64(), last.0);
    }
}
