//! Heap games written as rules are computed bottom-up into a dense table
//! (`src/solve/dense.rs`) when every option is a sum of smaller heaps of
//! the same game; the same rules written with a second, constant parameter
//! take the general path (interning, the Grundy DFS). The two must agree,
//! including when a rule leaves the dense shape part-way (a fallback).

mod common;

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
