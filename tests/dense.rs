//! Heap games written as rules are computed bottom-up into a dense table
//! (`src/solve/dense.rs`) when every option is a sum of smaller heaps of
//! the same game; a parameter every move carries unchanged (`G(n, z)` with
//! `z` in every target) gets a table per value of it, through the move
//! lines projected without it; the same game written so that nothing is
//! proved (`same(t)` in the targets) takes the general path (interning,
//! the Grundy DFS). They must agree, including when a rule leaves the
//! dense shape part-way (a fallback).

use crate::common;

use proptest::prelude::*;

/// A random take-and-break rule set over `G(n, z)` (with `z`) or `G(n)`.
fn rules(lines: &[(u8, i64, i64)], two: bool) -> String {
    let g = |e: &str| {
        if two {
            format!("G({e}, z)")
        } else {
            format!("G({e})")
        }
    };
    let mut out = Vec::new();
    for &(shape, a, b) in lines {
        out.push(match shape % 5 {
            0 => format!("move {} if n >= {a}", g(&format!("n - {a}"))),
            1 => format!(
                "move {} + {} for i in 0..=n - {a} if n >= {a}",
                g("i"),
                g(&format!("n - {a} - i"))
            ),
            2 => format!(
                "move {} + {} for k in {a}..={b}, i in 1..n - k if 2 * i < n - k",
                g("i"),
                g("n - k - i")
            ),
            3 => format!("move 0 if n == {a}"),
            // Leaves the dense shape: a Nim heap in the sum.
            _ => format!("move {} + Nim({b}) if n > {a}", g(&format!("n - {a}"))),
        });
    }
    let params = if two { "n, z" } else { "n" };
    format!("game G({params}) {{\n    {}\n}}\n", out.join("\n    "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn dense_values_are_the_general_paths(
        lines in prop::collection::vec((0u8..5, 1i64..=3, 1i64..=4), 1..=3),
    ) {
        let n = 30;
        let dense = common::answers(&format!("{}sequence G 0..={n}\n", rules(&lines, false)));
        let mut general = rules(&lines, true);
        for m in 0..=n {
            general.push_str(&format!("grundy G({m}, 0)\n"));
        }
        let general = common::answers(&general);
        let dense_values = match &dense[0] {
            grundy::Answer::Sequence { values, .. } => values.clone(),
            other => panic!("{other:?}"),
        };
        let general_values: Vec<_> = general.iter().map(common::grundy).collect();
        let dense_values: Vec<_> = dense_values.iter().map(|v| v.finite().unwrap()).collect();
        prop_assert_eq!(dense_values, general_values);
    }
}

#[test]
fn kayles_and_dawson_as_rules_match_their_codes_far_out() {
    let a = common::answers(
        "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\n\
         game Ko = octal 0.77\n\
         game D(n) { move D(i) + D(n - 2 - i) for i in 0..=n - 2 if n >= 2 }\n\
         game Do = octal 0.07\n\
         sequence K 0..=600\nsequence Ko 0..=600\nsequence D 0..=600\nsequence Do 0..=600\n",
    );
    let vals = |i: usize| match &a[i] {
        grundy::Answer::Sequence { values, .. } => values.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(vals(0), vals(1));
    assert_eq!(vals(2), vals(3));
}

/// A random rule game `G(n, t)` (or `G(t, n)`) over a list `t`, written
/// with `T` standing for the list argument of each move to `G`: `t` itself
/// (the parameter, proved carried when every line has it: the dense table
/// per `t`, through the projection of `src/games/rules/carried.rs`) or
/// `same(t)` (the same value through a function, which proves nothing: the
/// general path). Some lines read `t`, one changes it (no parameter is
/// carried then) and one binds a loop variable named `t`, whose `T` is the
/// loop variable and not the parameter.
fn list_rules(lines: &[(u8, i64, i64)], carried: bool, t_first: bool) -> String {
    let t = if carried { "t" } else { "same(t)" };
    let g = |e: &str, tt: &str| {
        if t_first {
            format!("G({tt}, {e})")
        } else {
            format!("G({e}, {tt})")
        }
    };
    let mut out = Vec::new();
    for &(shape, a, b) in lines {
        out.push(match shape % 8 {
            0 => format!("move {} if n >= {a}", g(&format!("n - {a}"), t)),
            1 => format!(
                "move {} + {} for i in 0..=n - {a} if n >= {a}",
                g("i", t),
                g(&format!("n - {a} - i"), t)
            ),
            2 => format!("move {} for i in t if i <= n", g("n - i", t)),
            3 => format!("move 0 if n == {a}"),
            // Leaves the dense shape: a Nim heap in the sum.
            4 => format!("move {} + Nim({b}) if n > {a}", g(&format!("n - {a}"), t)),
            // `t` here is the loop variable: the target's `t` is an integer.
            5 => {
                let tt = if carried { "t" } else { "same(t)" };
                format!("move {} for t in 1..={a} if t <= n", g("n - t", tt))
            }
            // Changes the list: nothing is carried.
            6 => format!(
                "move {} if n >= 1",
                g("n - 1", "[x + 1 for x in t if x < 3]")
            ),
            _ => format!(
                "move {} if len(t) > {b} and n >= {a}",
                g(&format!("n - {a}"), t)
            ),
        });
    }
    let params = if t_first { "t, n" } else { "n, t" };
    format!(
        "fn same(x) = x\ngame G({params}) {{\n    {}\n}}\n",
        out.join("\n    ")
    )
}

/// `grundy G(m, t)` for m in 0..=n and two lists t, in one session: the
/// answers' texts, or the errors' codes (a line reading `t` fails where a
/// loop variable `t` made it an integer).
fn list_values(rules: &str, n: i64, t_first: bool) -> Vec<String> {
    let mut text = rules.to_string();
    for t in ["[1, 3]", "[2]"] {
        for m in 0..=n {
            let (a, b) = if t_first {
                (t.to_string(), m.to_string())
            } else {
                (m.to_string(), t.to_string())
            };
            text.push_str(&format!("grundy G({a}, {b})\n"));
        }
    }
    common::texts_or_error_codes(&text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn carried_parameters_give_the_general_paths_values(
        lines in prop::collection::vec((0u8..8, 1i64..=3, 0i64..=2), 1..=4),
        t_first in any::<bool>(),
    ) {
        let n = 24;
        let carried = list_values(&list_rules(&lines, true, t_first), n, t_first);
        let general = list_values(&list_rules(&lines, false, t_first), n, t_first);
        prop_assert_eq!(carried, general);
    }
}

/// The table computes every heap below the one asked, reachable or not:
/// an error at a heap the query never reaches (an index out of range at
/// odd heaps, when only even ones are reached) leaves the answer to the
/// general path, which reports an error only where play goes.
#[test]
fn an_error_off_the_reachable_heaps_does_not_stop_the_table() {
    let out = common::texts_or_error_codes(
        "game G(n) { move G(n - 2) if n >= 2 and [1][n % 2] > 0 }\n\
         game H(n, t) { move H(n - 2, t) if n >= 2 and t[n % 2] > 0 }\n\
         grundy G(10)\ngrundy H(10, [1])\ngrundy G(9)\ngrundy H(9, [1])\n",
    );
    assert_eq!(
        out,
        [
            "grundy G(10) = 1",
            "grundy H(10, [1]) = 1",
            "error grundy::eval::index",
            "error grundy::eval::index",
        ]
    );
}
