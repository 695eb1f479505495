//! `sequence n in R: EXPR` and `table a in R, b in S: EXPR` of any
//! expression: each cell is what the bare expression prints at that point
//! (checked against the expression evaluated one point at a time), and a
//! series of positions answers as before.

use crate::common;

use grundy::Answer;
use grundy::Session;
use grundy::render;
use proptest::prelude::*;

const TAKE: &str = "game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\n";

/// The text of each answer, and of each error's code.
fn texts(program: &str) -> Vec<String> {
    common::answers_or_codes(&mut Session::new(2_000_000), program, false)
}

/// The expression printed at each point, one bare expression per point.
fn one_by_one(def: &str, expr: &str, var: &str, points: impl Iterator<Item = i64>) -> Vec<String> {
    let mut program = String::from(def);
    for n in points {
        // The name is a letter the rest of the expression does not hold.
        program.push_str(&format!("{};\n", expr.replace(var, &format!("({n})"))));
    }
    texts(&program)
}

/// The cells after the heading's `: `.
fn cells(line: &str) -> Vec<String> {
    let (_, rest) = line.split_once(": ").expect("a heading");
    rest.split(' ').map(String::from).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Integer and boolean sequences list the expression at each n.
    #[test]
    fn a_sequence_of_integers_is_the_expression_at_each_n(
        a in -3i64..=3, b in -5i64..=5, c in -9i64..=9, from in 0i64..=4, len in 1i64..=8,
        boolean in any::<bool>(),
    ) {
        let body = if boolean {
            format!("{a} * q * q + {b} * q >= {c}")
        } else {
            format!("{a} * q * q + {b} * q + {c}")
        };
        let to = from + len - 1;
        let got = texts(&format!("sequence q in {from}..={to}: {body}\n"));
        prop_assert_eq!(got.len(), 1);
        let want = one_by_one("", &body, "q", from..=to);
        // Zero at every point is the empty position's sequence (all 0),
        // which prints the same.
        prop_assert_eq!(cells(&got[0]), want);
        let head = format!("sequence {body} for q in {from}..={to}: ");
        prop_assert!(got[0].starts_with(&head), "{}", got[0]);
    }

    /// A table of integers is the expression at each (a, b), row by row.
    #[test]
    fn a_table_of_integers_is_the_expression_at_each_cell(
        k in 1i64..=4, rows in 1i64..=4, cols in 1i64..=4,
    ) {
        let body = format!("xor(x, y) * {k} - y");
        let got = texts(&format!(
            "table x in 0..{rows}, y in 0..{cols}: {body}\n"
        ));
        prop_assert_eq!(got.len(), 1);
        let lines: Vec<&str> = got[0].lines().collect();
        prop_assert_eq!(lines.len() as i64, rows + 2);
        for (i, line) in lines[2..].iter().enumerate() {
            let mut words = line.split_whitespace();
            let label = i.to_string();
            prop_assert_eq!(words.next(), Some(label.as_str()));
            let row: Vec<String> = words.map(String::from).collect();
            let want: Vec<String> = (0..cols)
                .map(|j| ((i as i64 ^ j) * k - j).to_string())
                .collect();
            prop_assert_eq!(row, want);
        }
    }
}

#[test]
fn outcomes_and_game_values_are_listed_as_values() {
    let got = texts(&format!(
        "{TAKE}sequence n in 0..=5: outcome(Take(n))\nsequence n in 1..=3: value(*n + *1)\n"
    ));
    assert_eq!(
        got,
        [
            "sequence outcome(Take(n)) for n in 0..=5: P N N P N N",
            "sequence value(*n + *1) for n in 1..=3: 0 *3 *2",
        ]
    );
    // The outcome of each, one at a time, agrees.
    let want = one_by_one(TAKE, "outcome(Take(n))", "n", 0..=5);
    assert_eq!(cells(&got[0]), want);
}

#[test]
fn a_sequence_of_positions_is_unchanged() {
    let positions = texts(&format!("{TAKE}sequence n in 0..=6: Take(n)\n"));
    let by_name = texts(&format!("{TAKE}sequence Take 0..=6\n"));
    assert_eq!(
        positions,
        ["sequence Take(n) for n in 0..=6: 0 1 2 0 1 2 0"]
    );
    assert_eq!(cells(&positions[0]), cells(&by_name[0]));
    // `0` among positions is the empty position, wherever it comes.
    let zero_first = texts(&format!(
        "{TAKE}sequence n in 0..=3: if n == 0 then 0 else Take(n)\n"
    ));
    assert_eq!(
        zero_first,
        ["sequence if n == 0 then 0 else Take(n) for n in 0..=3: 0 1 2 0"]
    );
}

#[test]
fn lists_are_parted_by_commas() {
    let got = texts("sequence n in 0..=2: [n, n + 1]\n");
    assert_eq!(
        got,
        ["sequence [n, n + 1] for n in 0..=2: [0, 1], [1, 2], [2, 3]"]
    );
}

#[test]
fn mixing_kinds_and_conventions_are_refused() {
    // Positions first (from the top), then an integer: refused.
    let got = texts(&format!(
        "{TAKE}sequence n in 0..=3: if n == 1 then 5 else Take(n)\n"
    ));
    assert_eq!(got, ["error grundy::eval::not_a_position"]);
    // Values first, then a position: the position is shown as written.
    let got = texts(&format!(
        "{TAKE}sequence n in 0..=3: if n == 1 then Take(1) else n\n"
    ));
    assert_eq!(
        got,
        ["sequence if n == 1 then Take(1) else n for n in 0..=3: 0 Take(1) 2 3"]
    );
    let got = texts("sequence misere n in 0..=3: n\n");
    assert_eq!(got, ["error grundy::query::unsupported"]);
}

#[test]
fn json_lists_each_value_as_a_bare_expression_would() {
    let a = common::answers("sequence n in 0..=2: n == 1\ntable a in 0..=1, b in 0..=1: a * b\n");
    assert!(matches!(a[0], Answer::Values { .. }));
    assert_eq!(
        render::json(&a[0]).to_string(),
        r#"{"grundy_json":2,"query":"sequence","game":"n == 1 for n in","from":0,"cells":[{"value":"false","type":"boolean","boolean":false},{"value":"true","type":"boolean","boolean":true},{"value":"false","type":"boolean","boolean":false}]}"#
    );
    assert_eq!(
        render::json(&a[1]).to_string(),
        r#"{"grundy_json":2,"query":"table","game":"a * b for a, b in","row_from":0,"col_from":0,"cells":[[{"value":"0","type":"integer","integer":0},{"value":"0","type":"integer","integer":0}],[{"value":"0","type":"integer","integer":0},{"value":"1","type":"integer","integer":1}]]}"#
    );
}
