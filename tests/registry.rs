//! The library of callables (`grundy::library`): every entry's
//! example runs, and the names it holds reach "did you mean", `:help`'s
//! table and the arity check.

use crate::common;
use grundy::library;

/// Run a text; each answer as text or each error's code and help.
fn run(text: &str) -> Vec<String> {
    common::texts_or_codes(text)
}

const PRELUDE: &str = "graph G { a -> b  b -> c }\ngame K = octal 0.137\n\
game W(a, b) {\n  move W(a - k, b) for k in 1..=a\n  move W(a, b - k) for k in 1..=b\n}\n";

#[test]
fn every_example_runs() {
    for e in library::entries() {
        let out = run(&format!("{PRELUDE}{}\n", e.meta.example));
        assert!(
            !out.is_empty() && out.iter().all(|o| !o.starts_with("error")),
            "`{}`: {out:?}",
            e.meta.example
        );
    }
}

#[test]
fn misspelt_query_functions_are_suggested() {
    let out = run("temperatur(*1)\n");
    assert!(out[0].contains("did you mean `temperature`?"), "{out:?}");
    let out = run("grundyy(*1)\n");
    assert!(out[0].contains("did you mean `grundy`?"), "{out:?}");
    let out = run("is_pp(*1)\n");
    assert!(out[0].contains("did you mean `is_p`?"), "{out:?}");
}

#[test]
fn a_query_word_alone_says_how_to_write_it() {
    let out = run("genus\n");
    assert!(!out[0].contains("did you mean `genus`"), "{out:?}");
    assert!(out[0].contains("`genus` is a query"), "{out:?}");
    let out = run("mean\n");
    assert!(out[0].contains("`mean(G)` in an expression"), "{out:?}");
    assert!(out[0].contains("e.g. `mean num(3, 2)`"), "{out:?}");
}

#[test]
fn a_statement_word_called_as_a_function_says_so() {
    let out = run("let x = 1 + genus(*1)\n");
    assert!(
        out[0].contains("`genus` is a query statement, not a function"),
        "{out:?}"
    );
}

#[test]
fn arity_errors_print_the_registry_usage() {
    for e in library::entries().filter(|e| e.is_function() && e.meta.arity.1 < 5) {
        let m = &e.meta;
        let args = vec!["1"; m.arity.1 + 1].join(", ");
        let out = run(&format!("{PRELUDE}{}({args})\n", m.name));
        assert!(
            out[0].starts_with("error grundy::eval::arity"),
            "{}: {out:?}",
            m.name
        );
        assert!(out[0].contains(m.usage), "{}: {out:?}", m.name);
    }
}

#[test]
fn lookup_finds_every_name() {
    for e in library::entries() {
        let name = e.meta.name;
        assert_eq!(library::lookup(name).map(|f| f.meta.name), Some(name));
    }
    assert!(library::lookup("nosuch").is_none());
}

/// `birthday(G)`, the query added as one library entry and its function
/// (`src/library/games.rs`): the birthdays theory gives (0 is born on day 0; *, 1 and
/// -1 on day 1; ↑, *2, 1/2 and ±1 on day 2; n on day n; m/2^k on day
/// ⌊|x|⌋ + 1 + k; *n on day n), and two laws on sums of small values: -G is born when G
/// is, and G + H no later than the days of G and H added.
#[test]
fn birthday_of_canonical_forms() {
    let cases = [
        ("0", 0),
        ("*1", 1),
        ("1", 1),
        ("-1", 1),
        ("up()", 2),
        ("*2", 2),
        ("num(1, 2)", 2),
        ("num(-3, 4)", 3),
        ("value(*1 + *1)", 0),
        ("*1 + *2", 3),
        ("7", 7),
        ("up() + value(*1)", 2),
    ];
    for (x, want) in cases {
        assert_eq!(run(&format!("birthday({x})\n")), [want.to_string()], "{x}");
    }
    let atoms = [
        "*1",
        "*2",
        "up()",
        "-up()",
        "num(1, 2)",
        "num(3, 4)",
        "2",
        "-1",
        "up(2)",
    ];
    let day = |x: &str| -> i64 {
        let out = run(&format!("birthday({x})\n"));
        out[0].parse().unwrap_or_else(|_| panic!("{x}: {out:?}"))
    };
    for a in atoms {
        assert_eq!(day(&format!("-value({a})")), day(a), "-{a}");
        for b in atoms {
            let sum = day(&format!("value({a}) + value({b})"));
            assert!(sum <= day(a) + day(b), "{a} + {b}: {sum}");
        }
    }
}

/// The short-game algebra as expression functions (`cool`, `heat`,
/// `overheat`, `norton`, `ordinal`, the incentives, `nim_mul`), each one
/// registry entry and one arm in `gamevals.rs`, checked against published
/// values: ±1 cooled by 1 is * (Winning Ways), 3.↑ = ↑ + ↑ + ↑ (Norton's
/// product of an integer), 1 : 1 = 2, and the nim products 8 ⊗ 8 = 13,
/// 2 ⊗ 3 = 1 (ONAG's table).
#[test]
fn short_game_algebra_through_the_language() {
    // S(a) = {1|-1}: Left moves to {0|} = 1, Right to {|0} = -1.
    let pm = "graph S { a -L-> b  b -L-> c  a -R-> d  d -R-> e }\nlet pm = value(S(a))\n";
    let cases = [
        ("pm", "±1"),
        ("cool(pm, 1)", "*"),
        ("cool(pm, 1) == value(*1)", "true"),
        ("cool(pm, num(1, 2))", "±1/2"),
        ("cool(pm, 2)", "0"),
        ("cool(num(3, 4), 5)", "3/4"),
        ("heat(value(*1), 1) == pm", "true"),
        ("cool(heat(up(), 1), 1) == up()", "true"),
        ("overheat(value(*1), 1, 1) == pm", "true"),
        ("overheat(2, up(), 1) == up() * 2", "true"),
        ("norton(3, up()) == up() + up() + up()", "true"),
        ("norton(-2, up()) == -up() * 2", "true"),
        ("norton(value(*1), 1) == value(*1)", "true"),
        ("ordinal(1, 1)", "2"),
        ("ordinal(1, 1) == 2", "true"),
        ("ordinal(value(*1), value(*1))", "*2"),
        ("ordinal(0, pm) == pm", "true"),
        ("left_incentives(pm)", "[{2|0}]"),
        ("right_incentives(pm)", "[{2|0}]"),
        ("left_incentives(0)", "[]"),
        ("right_incentives(num(1, 2))", "[-1/2]"),
        ("nim_mul(8, 8)", "13"),
        ("nim_mul(8, 8) == 13", "true"),
        ("nim_mul(2, 3)", "1"),
        ("nim_mul(2, 2)", "3"),
        ("nim_mul(0, 7)", "0"),
        ("nim_mul(1, 9)", "9"),
    ];
    for (x, want) in cases {
        assert_eq!(run(&format!("{pm}{x}\n")), [want.to_string()], "{x}");
    }
    // Out of the domain: a value error with the library's help.
    let out = run("cool(up(), -1)\n");
    assert!(
        out[0].starts_with("error grundy::eval::value: cool by a number t > -1"),
        "{out:?}"
    );
    let out = run("cool(up(), num(-3, 2))\n");
    assert!(out[0].starts_with("error grundy::eval::value:"), "{out:?}");
    let out = run("cool(up(), up())\n");
    assert!(out[0].starts_with("error grundy::eval::value:"), "{out:?}");
    for u in ["0", "-1", "value(*1)", "-up()"] {
        let out = run(&format!("norton(2, {u})\n"));
        assert!(
            out[0].starts_with("error grundy::eval::value: the second argument of norton(g, u) must be a game u > 0"),
            "{u}: {out:?}"
        );
    }
    let out = run("nim_mul(-1, 3)\n");
    assert!(out[0].starts_with("error grundy::eval::value:"), "{out:?}");
    // 2^62 ⊗ 2 = 2^63, beyond the language's integers.
    let out = run("nim_mul(4611686018427387904, 2)\n");
    assert!(
        out[0].starts_with("error grundy::eval::overflow:"),
        "{out:?}"
    );
    assert_eq!(
        run("nim_mul(4611686018427387904, 4611686018427387904)\n"),
        ["7462308445724409394"]
    );
    let out = run("nim_mul(3, [1])\n");
    assert!(
        out[0].starts_with("error grundy::eval::type_error:"),
        "{out:?}"
    );
    let out = run("cool(up())\n");
    assert!(out[0].starts_with("error grundy::eval::arity:"), "{out:?}");
}

/// The one query rule: every statement word's example parses and runs
/// (above); an operand or tail a word does not take is refused with the
/// word's usage, and a statement word called `genus(P)` is the statement.
#[test]
fn each_word_takes_its_own_operands() {
    for (text, usage) in [
        ("compare *1\n", "usage: how two positions compare"),
        ("grundy misere *1\n", "usage: grundy(G)"),
        ("grundy *1, *2\n", "usage: grundy(G)"),
        ("period K(3)\n", "usage: the period of"),
        ("quotient K\n", "usage: the misère quotient"),
        ("genus *1 for left\n", "usage: the genus"),
        (
            "sequence K 0..3, 0..3\n",
            "usage: the values of a one-parameter game",
        ),
    ] {
        let out = run(&format!("{PRELUDE}{text}"));
        assert_eq!(out.len(), 1, "{text}: {out:?}");
        assert!(
            out[0].starts_with("error grundy::") && out[0].contains(usage),
            "{text}: {out:?}"
        );
    }
    // The call of a statement word with no function form is its statement.
    assert_eq!(run("genus(*2 + *3)\n"), run("genus *2 + *3\n"));
    assert_eq!(run("compare(*2, *3)\n"), run("compare *2, *3\n"));
    // Function words keep their function: an expression.
    assert_eq!(run("grundy(*2) + 1\n"), ["3"]);
}

/// A function marked a generic statement answers `WORD P` with its value
/// of P, through the one generic answer: `birthday P` prints what
/// `birthday(P)` gives, and its JSON line holds the value's text and
/// object.
#[test]
fn a_generic_statement_answers_its_function() {
    let cases = [
        ("*2 + *1", "3"),
        ("num(1, 2)", "2"),
        ("up() + value(*1)", "2"),
    ];
    for (x, want) in cases {
        let out = run(&format!("birthday {x}\nbirthday({x})\n"));
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(
            out[0].starts_with("birthday ") && out[0].ends_with(&format!(" = {want}")),
            "{out:?}"
        );
        assert_eq!(out[1], want, "{out:?}");
    }
    let mut s = grundy::Session::default();
    let mut lines = Vec::new();
    s.run_text("t.game", "birthday *3\n", grundy::Mode::Run, &mut |_, r| {
        lines.push(grundy::render::json(&r.expect("answers")));
    });
    assert_eq!(lines[0]["query"], "birthday");
    assert_eq!(lines[0]["position"], "*3");
    assert_eq!(lines[0]["birthday"], "3");
    assert_eq!(lines[0]["result"]["integer"], 3);
    // The operand is a position, as for every statement word.
    let out = run("birthday [1]\n");
    assert!(
        out[0].starts_with("error grundy::eval::not_a_position"),
        "{out:?}"
    );
}

/// `gcd`, a builtin added as one library entry (src/library/values.rs), is
/// the largest divisor of every argument, found by trying each one: over
/// all pairs in -30..=30, of a collection, and at the edges.
#[test]
fn gcd_is_the_greatest_common_divisor() {
    let out = run("assert forall a in -30..=30, b in -30..=30: \
         gcd(a, b) == (if a == 0 and b == 0 then 0 \
         else max([d for d in 1..=30 if a % d == 0 and b % d == 0]))\n");
    assert_eq!(out.len(), 1);
    assert!(out[0].ends_with(": ok"), "{out:?}");
    assert_eq!(
        run("gcd(12, 18)\ngcd([36, 60, 84])\ngcd(7)\ngcd(-4)\ngcd(0, 0)\ngcd(1..1)\n"),
        ["6", "12", "7", "4", "0", "0"]
    );
    let out = run("gcd(-9223372036854775807 - 1)\ngcd(2, [1])\n");
    assert!(
        out[0].starts_with("error grundy::eval::overflow"),
        "{out:?}"
    );
    assert!(
        out[1].starts_with("error grundy::eval::type_error"),
        "{out:?}"
    );
}
