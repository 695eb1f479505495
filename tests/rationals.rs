//! Rational numbers as CGSuite has them (LANGUAGE.md, "Rational
//! numbers"): `1/7`, `1/0` (∞), `numerator`, `denominator`, `floor`,
//! `ceiling`, `is_dyadic`, the arithmetic with integers, dyadic game
//! values and surreal numbers, and the order. CGSuite's own test rows
//! name their file (under CGSuite's `lib/core/src/test/scala/org/cgsuite/`)
//! and line, with CGSuite's answer; CGSuite writes powers `x^y`, grundy
//! `x**y` (`^` is ↑), and CGSuite's `xs.Sorted` is `sorted(xs)`.

use crate::common;
use proptest::prelude::*;

/// Each statement's answer text, or `error CODE`.
fn run(text: &str) -> Vec<String> {
    common::texts_or_error_codes(text)
}

fn check(rows: &[(&str, &str, &str)]) {
    let text: Vec<&str> = rows.iter().map(|r| r.1).collect();
    let got = run(&text.join("\n"));
    assert_eq!(got.len(), rows.len(), "{got:?}");
    for (row, got) in rows.iter().zip(&got) {
        assert_eq!(got, row.2, "{} ({})", row.1, row.0);
    }
}

#[test]
fn eval_test_rows() {
    check(&[
        ("lang/EvalTest.scala:41", "4/6", "2/3"),
        (
            "lang/EvalTest.scala:42",
            "0/0",
            "error grundy::eval::division_by_zero",
        ),
        ("lang/EvalTest.scala:43", "(1/2)**4", "1/16"),
        ("lang/EvalTest.scala:44", "2**(-4)", "1/16"),
        ("lang/EvalTest.scala:45", "(2/3)**(-3)", "27/8"),
        ("lang/EvalTest.scala:47", "17 % 5", "2"),
        ("lang/EvalTest.scala:48", "(17/6) % (1/3)", "1/6"),
        ("lang/EvalTest.scala:63", "2 + 3/4", "11/4"),
        ("lang/EvalTest.scala:65", "2 - 3/4", "5/4"),
        ("lang/EvalTest.scala:67", "1/2 + 1/3", "5/6"),
        ("lang/EvalTest.scala:68", "(1/2) * (1/3)", "1/6"),
        ("lang/EvalTest.scala:138", "5 - 3 / 4 * 6 - 2", "-3/2"),
        ("lang/EvalTest.scala:139", "5 * 3 ** 2 / 4", "45/4"),
    ]);
}

#[test]
fn eval_test_function_of_two_parameters() {
    // EvalTest.scala:351-352: f := (x,y) -> (x-y)/2; f(3,4) is -1/2.
    // And a quotient that is not dyadic from a function.
    let got = run("fn f(x, y) = (x - y) / 2\nf(3, 4)\nfn g(x, y) = (x - y) / 3\ng(3, 4)");
    assert_eq!(got, ["-1/2", "-1/3"]);
}

#[test]
fn cgsuite_lang_test_sorted_rows() {
    check(&[
        (
            "lang/CgsuiteLangTest.scala:71",
            "sorted([92/47, 41/23, 9/4, 3])",
            "[41/23, 92/47, 9/4, 3]",
        ),
        (
            "lang/CgsuiteLangTest.scala:72",
            "sorted([0, 1, 1/omega, omega, (omega+7)/(omega*7), 1/4, 1/7])",
            "[0, 1/ω, 1/7, (ω+7)/ω×7, 1/4, 1, ω]",
        ),
    ]);
}

#[test]
fn rational_number_test_classes() {
    // RationalNumberTest.scala:17-23: RationalNumber(p, q) is 0, an
    // integer, a dyadic rational, a rational, ∞; 0/0 is "/ by zero".
    check(&[
        ("core/RationalNumberTest.scala:17", "0/17", "0"),
        ("core/RationalNumberTest.scala:18", "5/1", "5"),
        (
            "core/RationalNumberTest.scala:19",
            "(2**37)/(2**10)",
            "134217728",
        ),
        ("core/RationalNumberTest.scala:20", "1/(2**10)", "1/1024"),
        (
            "core/RationalNumberTest.scala:21",
            "(2**37)/3",
            "137438953472/3",
        ),
        ("core/RationalNumberTest.scala:22", "-1/0", "-∞"),
        (
            "core/RationalNumberTest.scala:23",
            "0/0",
            "error grundy::eval::division_by_zero",
        ),
    ]);
    // The classes: an integer, a game value (dyadic), a rational number.
    let got = run(
        "is_dyadic(1/(2**10))\nis_dyadic((2**37)/3)\nis_dyadic(-1/0)\nvalue(1/(2**10)) == 1/1024",
    );
    assert_eq!(got, ["true", "false", "false", "true"]);
}

#[test]
fn rational_number_test_lowest_terms() {
    // RationalNumberTest.scala:34-49: numden(x, y), the numerator and
    // denominator of x/y in lowest terms.
    let rows: &[(u32, i64, i64, i64, i64)] = &[
        (34, 0, 135813, 0, 1),
        (35, 0, -124814, 0, 1),
        (37, 10810368, 13056, 828, 1),
        (38, -10810368, 13056, -828, 1),
        (39, -10810368, -13056, 828, 1),
        (40, 10810368, -13056, -828, 1),
        (42, 10810368, 65280, 828, 5),
        (43, -10810368, 65280, -828, 5),
        (44, -10810368, -65280, 828, 5),
        (45, 10810368, -65280, -828, 5),
        (47, 14212, 0, 1, 0),
        (48, -12344, 0, -1, 0),
    ];
    for &(line, x, y, n, d) in rows {
        let got = run(&format!("numerator(({x})/({y}))\ndenominator(({x})/({y}))"));
        assert_eq!(
            got,
            [n.to_string(), d.to_string()],
            "RationalNumberTest.scala:{line}"
        );
    }
}

#[test]
fn infinity_is_one_over_zero() {
    let got = run(
        "1/0\n(-5)/0\n1/0 > 10**18\n-1/0 < -omega\n1/0 > omega**omega\n1/0 + 1/7\n(1/0) * (-1/2)\n(1/0) / (-2)\n5 / (1/0)\nomega / 0\n(1/0) * omega\nomega - 1/0\n1/0 == 2/0\nsorted([1/0, -1/0, 1/3, omega, 0, -omega])\n(1/0) ** 2\n(-1/0) ** 3",
    );
    assert_eq!(
        got,
        [
            "∞",
            "-∞",
            "true",
            "true",
            "true",
            "∞",
            "-∞",
            "-∞",
            "0",
            "∞",
            "∞",
            "-∞",
            "true",
            "[-∞, -ω, 0, 1/3, ω, ∞]",
            "∞",
            "-∞",
        ]
    );
    // What has no value is the coded error.
    let got = run(
        "1/0 - 1/0\n0 * (1/0)\n(1/0) / (1/0)\nfloor(1/0)\n(1/0) % 3\n(1/0) // 3\nbirthday(1/0)",
    );
    assert!(
        got.iter().all(|g| g == "error grundy::eval::rational"),
        "{got:?}"
    );
}

#[test]
fn functions_of_rationals() {
    let got = run(
        "numerator(4/6)\ndenominator(4/6)\nnumerator(3/4)\ndenominator(-3/4)\nnumerator(5)\ndenominator(5)\nnumerator(1/0)\ndenominator(-1/0)\nfloor(-7/3)\nceiling(-7/3)\nfloor(7/2)\nceiling(7)\nis_dyadic(3/4)\nis_dyadic(1/3)\nis_dyadic(4)\nabs(-2/3)\nsign(-2/3)\noutcome(1/7)\noutcome(-1/0)\nbirthday(1/7)\nmin([1/3, 1/4])\nmax(1/3, 1/4, 2/7)\n{2/3, 4/6, 1/3}\n-(2/3)\nnumerator(omega/7)\ndenominator((omega+7)/(omega*7))",
    );
    assert_eq!(
        got,
        [
            "2",
            "3",
            "3",
            "4",
            "5",
            "1",
            "1",
            "0",
            "-3",
            "-2",
            "3",
            "7",
            "true",
            "false",
            "true",
            "2/3",
            "-1",
            "L",
            "R",
            "ω",
            "1/4",
            "1/3",
            "{1/3, 2/3}",
            "-2/3",
            "ω",
            "ω×7",
        ]
    );
}

#[test]
fn rationals_with_surreal_numbers() {
    let got = run(
        "1/7 + 1/omega\nomega/7\n(omega/7) * 7\n1/7 < 1/omega + 1/7\n(omega/3) - omega/3\n1/3 == omega/(3*omega)",
    );
    assert_eq!(got, ["(ω+7)/ω×7", "ω/7", "ω", "true", "0", "true"]);
}

#[test]
fn a_rational_is_not_a_game() {
    // CGSuite: a Rational that is not dyadic has no options; with a game
    // it is refused, coded.
    let got = run(
        "1/7 + *\n1/7 + ^\n1/7 - *2\n(1/3) < *\n*(1/7)\n1/7 + \"a\"\n(1/3) ** (1/2)\nxor(1/3, 1)\n1/7 == *",
    );
    assert_eq!(
        got,
        [
            "error grundy::eval::rational",
            "error grundy::eval::rational",
            "error grundy::eval::rational",
            "error grundy::eval::rational",
            "error grundy::eval::ordinal",
            "error grundy::eval::rational",
            "error grundy::eval::rational",
            "error grundy::eval::type_error",
            "error grundy::eval::rational",
        ]
    );
    // A member of a collection like any value.
    let got = run("1/3 in [1/3, 2]\n1/3 in {2/6}\n[1/3] == [2/6]");
    assert_eq!(got, ["true", "true", "true"]);
}

#[test]
fn move_rules_compute_with_integers() {
    // A quotient that is not an integer, 1/0 and a negative power are
    // refused in a move rule, as before: the fast integer path and the
    // tree walk agree there.
    let game = |e: &str| format!("game G(n) {{ move G(n - 1) if n > 0 and {e} > 0 }}\ngrundy G(2)");
    assert_eq!(
        run(&game("n / 3")),
        ["error grundy::eval::inexact_division"]
    );
    assert_eq!(
        run(&game("n / 0")),
        ["error grundy::eval::division_by_zero"]
    );
    assert_eq!(run(&game("n ** -1")), ["error grundy::eval::value"]);
    // A rational carried as a parameter computes without the store.
    let got = run("game H(x) { move H(x - 1) if x > 0 }\ngrundy H(7/3)\ngrundy H(1/0 - 1/0)");
    assert_eq!(got[0], "grundy H(7/3) = 1");
    assert_eq!(got[1], "error grundy::eval::rational");
}

#[test]
fn huge_rationals_are_refused() {
    let got = run("(2/3) ** 1000000\n(2/3) ** 100");
    assert_eq!(got[0], "error grundy::eval::rational");
    assert!(
        got[1].starts_with("1267650600228229401496703205376/"),
        "{got:?}"
    );
}

/// p/q in lowest terms as grundy prints it.
fn text(p: i128, q: i128) -> String {
    let g = gcd(p, q);
    let (mut a, mut b) = (p / g, q / g);
    if b < 0 {
        (a, b) = (-a, -b);
    }
    if b == 1 {
        a.to_string()
    } else {
        format!("{a}/{b}")
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs().max(1)
    } else {
        gcd(b, a % b)
    }
}

fn fraction() -> impl Strategy<Value = (i128, i128)> {
    (-40i128..40, prop_oneof![1i128..13, Just(16), Just(64)])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The arithmetic and order of fractions, dyadic ones (game values)
    /// and the others alike, against fractions of i128.
    #[test]
    fn arithmetic_matches_fractions((a, b) in fraction(), (c, d) in fraction()) {
        let x = format!("(({a})/({b}))");
        let y = format!("(({c})/({d}))");
        let got = run(&format!(
            "{x} + {y}\n{x} - {y}\n{x} * {y}\n{x} < {y}\n{x} == {y}\n{x} >= {y}\nnumerator({x})\ndenominator({x})\nfloor({x})\nis_dyadic({x})"
        ));
        let cmp = (a * d).cmp(&(c * b));
        let g = gcd(a, b);
        let want = [
            text(a * d + c * b, b * d),
            text(a * d - c * b, b * d),
            text(a * c, b * d),
            cmp.is_lt().to_string(),
            cmp.is_eq().to_string(),
            cmp.is_ge().to_string(),
            (a / g).to_string(),
            (b / g).to_string(),
            a.div_euclid(b).to_string(),
            ((b / g).count_ones() == 1).to_string(),
        ];
        prop_assert_eq!(&got[..], &want[..]);
        if c != 0 {
            let got = run(&format!("{x} / {y}\n{x} // {y}\n{x} % {y}"));
            let (p, q) = (a * d, b * c);
            let f = (p as f64 / q as f64).floor() as i128;
            prop_assert_eq!(&got[0], &text(p, q));
            prop_assert_eq!(&got[1], &f.to_string());
            prop_assert_eq!(&got[2], &text(a * d - f * c * b, b * d));
        }
    }

    /// `sorted` orders rationals, dyadic or not, as fractions do.
    #[test]
    fn sorted_matches_fractions(xs in prop::collection::vec(fraction(), 1..8)) {
        let list: Vec<String> = xs.iter().map(|(p, q)| format!("({p})/({q})")).collect();
        let got = run(&format!("sorted([{}])", list.join(", ")));
        let mut want = xs.clone();
        want.sort_by(|(a, b), (c, d)| (a * d).cmp(&(c * b)));
        let want: Vec<String> = want.iter().map(|(p, q)| text(*p, *q)).collect();
        prop_assert_eq!(&got[0], &format!("[{}]", want.join(", ")));
    }

    /// `sum`, `min` and `max` of rationals, dyadic or not, against sums
    /// and extremes of fractions of i128, and `sum` against `+` folded
    /// by the evaluator.
    #[test]
    fn sum_min_max_match_fractions(xs in prop::collection::vec(fraction(), 1..8)) {
        let list: Vec<String> = xs.iter().map(|(p, q)| format!("({p})/({q})")).collect();
        let list = list.join(", ");
        let folded: Vec<String> = xs.iter().map(|(p, q)| format!("(({p})/({q}))")).collect();
        let got = run(&format!(
            "sum([{list}])\nmin([{list}])\nmax([{list}])\n0 + {}",
            folded.join(" + ")
        ));
        let (mut p, mut q) = (0i128, 1i128);
        for &(a, b) in &xs {
            (p, q) = (p * b + a * q, q * b);
            let g = gcd(p, q);
            (p, q) = (p / g, q / g);
        }
        let by = |x: &&(i128, i128), y: &&(i128, i128)| (x.0 * y.1).cmp(&(y.0 * x.1));
        let least = xs.iter().min_by(by).unwrap();
        let greatest = xs.iter().max_by(by).unwrap();
        prop_assert_eq!(&got[0], &text(p, q));
        prop_assert_eq!(&got[1], &text(least.0, least.1));
        prop_assert_eq!(&got[2], &text(greatest.0, greatest.1));
        prop_assert_eq!(&got[3], &got[0]);
    }
}

/// `sum` of numbers: rationals (dyadic or not) with integers, surreal
/// numbers, game values; and what it refuses.
#[test]
fn sum_of_rationals() {
    check(&[
        ("", "sum([1/2, 1/3])", "5/6"),
        ("", "sum([1/3, 2/3])", "1"),
        ("", "sum([1/3, 1/6])", "1/2"),
        ("", "sum([1/2, 1/4, 1])", "7/4"),
        ("", "sum([92/47, 41/23, 9/4, 3])", "38873/4324"),
        ("", "sum({1/7, 2/7, 4/7})", "1"),
        ("", "sum([1/0, 5, 1/3])", "∞"),
        ("", "sum([1/2, ^, *])", "1/2^*"),
        ("", "sum([^, *, 1])", "1^*"),
        ("", "sum([omega, 1/2])", "(ω×2+1)/2"),
        ("", "sum([omega, -omega, 1/7])", "1/7"),
        ("", "sum([1/0, -1/0])", "error grundy::eval::rational"),
        ("", "sum([1/7, *])", "error grundy::eval::type_error"),
        ("", "sum([1/2, \"a\"])", "error grundy::eval::type_error"),
        ("", "sum([2**62, 2**62, 1/3])", "27670116110564327425/3"),
        (
            "",
            "sum([2**62, 2**62, 1/3, 2/3])",
            "error grundy::eval::overflow",
        ),
        (
            "",
            "sum([2**62, 2**62, 1/2])",
            "error grundy::partizan::limit",
        ),
    ]);
}

/// `CollectionTestCase.scala` (under `lang/`), the rows of `Max`, `Min` and
/// `Sum` of its collections (lines 37, 39, 41 and 57, 59, 61; the
/// collection on lines 28 and 48). Its empty collection (lines 17-21)
/// is an error in CGSuite; grundy's `sum([])` is 0 and `min([])` and
/// `max([])` errors.
#[test]
fn collection_test_case_rows() {
    let xs = "[0,1,3,9,7,5]";
    let words = r#"["Winning", "Ways", "Mathematical", "Plays"]"#;
    check(&[
        ("CollectionTestCase.scala:37", &format!("max({xs})"), "9"),
        ("CollectionTestCase.scala:39", &format!("min({xs})"), "0"),
        ("CollectionTestCase.scala:41", &format!("sum({xs})"), "25"),
        (
            "CollectionTestCase.scala:57",
            &format!("max({words})"),
            "\"Winning\"",
        ),
        (
            "CollectionTestCase.scala:59",
            &format!("min({words})"),
            "\"Mathematical\"",
        ),
        (
            "CollectionTestCase.scala:61",
            &format!("sum({words})"),
            "\"WinningWaysMathematicalPlays\"",
        ),
        (
            "CollectionTestCase.scala:17",
            "max([])",
            "error grundy::eval::value",
        ),
        (
            "CollectionTestCase.scala:19",
            "min([])",
            "error grundy::eval::value",
        ),
    ]);
}
