//! `misere_parts`, `misere_partitions`, `misere_is_prime` and `misere_day`
//! (THEORY.md §9.11) in the language: CGSuite's rows built as rule games,
//! nim heaps and sums, the published counts of forms born by day n, and
//! bad arguments and budgets as coded errors after which the next
//! statement answers.

use crate::common;

use common::texts_or_error_codes;
use grundy::{Limits, Session};

/// Q(1) = {*2}, Q(2) = {*2 + {*2}}, R(1) = {*4 + *2}: CGSuite's rows of
/// `MisereCanonicalGameTestCase.scala` lines 83, 158 and 261.
const GAMES: &str = "game Q(k) {\n\
    move Nim(2) if k == 1\n\
    move Nim(2) + Q(1) if k == 2\n\
}\n\
game R(k) {\n\
    move Nim(4) + Nim(2) if k == 1\n\
}\n";

#[test]
fn cgsuite_rows_as_rule_games() {
    let text = format!(
        "{GAMES}misere_parts(Q(1))\n\
        misere_partitions(Q(1))\n\
        [misere_is_prime(Q(1)), misere_is_prime(Q(2)), misere_is_prime(R(1))]\n\
        [len(misere_parts(Q(2))), len(misere_parts(R(1)))]\n\
        [len(p) for p in misere_partitions(Q(2))]\n\
        [len(p) for p in misere_partitions(R(1))]\n"
    );
    assert_eq!(
        texts_or_error_codes(&text),
        [
            r#"["*2", "{0, {*2}, {*3, {*2}}}"]"#,
            r#"[["*2", "{0, {*2}, {*3, {*2}}}"]]"#,
            "[false, false, false]",
            // Seven parts (line 179), four (line 282).
            "[7, 4]",
            // One partition into four primes (line 178); two of two (line 281).
            "[4]",
            "[2, 2]",
        ]
    );
}

/// Nim heaps: *n is prime for n ≥ 2 (its parts are 0, *, *n and *n + *),
/// 0 and * are not; *3 is *2 + *, whose one partition is *2 and *1.
#[test]
fn heaps_and_their_sums() {
    let text = "[misere_is_prime(*n) for n in 0..=6]\n\
        [misere_parts(*n) for n in 0..=4]\n\
        misere_partitions(0)\n\
        misere_partitions(*1)\n\
        misere_partitions(*3)\n\
        misere_parts(*2 + *2)\n\
        misere_partitions(*5 + *4 + *3 + *2)\n\
        misere_parts(Nim(4) + Nim(2))\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "[false, false, true, true, true, true, true]",
            "[[], [], [], [], []]",
            "[[]]",
            r#"[["*1"]]"#,
            r#"[["*1", "*2"]]"#,
            r#"["*2"]"#,
            r#"[["*2", "*2", "*4", "*4"]]"#,
            r#"["*2", "*4"]"#,
        ]
    );
}

/// 1, 2, 3, 5, 22 forms born by days 0 to 4 (on the day or before).
#[test]
fn forms_born_by_day_n() {
    let text = "[len(misere_day(n)) for n in 0..=4]\n\
        misere_day(2)\n\
        misere_day(5)\n\
        misere_day(-1)\n\
        misere_born_by(4)\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "[1, 2, 3, 5, 22]",
            r#"["0", "*1", "*2"]"#,
            "error grundy::eval::value",
            "error grundy::eval::value",
            "22",
        ]
    );
}

#[test]
fn bad_arguments_are_coded_errors() {
    let text = "misere_parts(1/2)\n\
        misere_partitions([1, 2])\n\
        misere_is_prime(^)\n\
        misere_is_prime(*2)\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "error grundy::solve::partizan",
            "error grundy::eval::not_a_position",
            "error grundy::solve::partizan",
            "true",
        ]
    );
}

/// The step budget ends a long computation of parts with its code; the
/// next statement answers.
#[test]
fn the_step_budget_holds() {
    let mut s = Session::with_limits(Limits {
        max_steps: 5_000,
        ..Limits::default()
    });
    let text = "game Kayles(n) {\n\
        move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k\n\
        }\n\
        misere_is_prime(Kayles(7))\n\
        misere_is_prime(*2)\n";
    let out = common::answers_or_codes(&mut s, text, false);
    assert_eq!(out, ["error grundy::eval::steps", "true"]);
}
