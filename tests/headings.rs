//! A query's heading names its position as evaluated when that is short,
//! and as written when the evaluated form is long and the written shorter.

use crate::common;

use grundy::render;

// A move takes the set's largest element away: few positions, long names.
const S: &str = "game S(xs) { move S(difference(xs, {max(xs)})) if len(xs) > 0 }\n";

fn texts(program: &str) -> Vec<String> {
    common::answers(program).iter().map(render::text).collect()
}

#[test]
fn a_long_position_keeps_its_written_form() {
    let got = texts(&format!(
        "{S}grundy S(set(0..20))\nvalue S(set(0..20))\ngrundy S(set(1..3))\ncompare S(set(0..20)), S(set(1..3))\n"
    ));
    assert_eq!(
        got,
        [
            "grundy S(set(0..20)) = 0",
            "value S(set(0..20)) = 0",
            // Short when evaluated: shown so.
            "grundy S({1, 2}) = 0",
            "compare S(set(0..20)), S({1, 2}): S(set(0..20)) = S({1, 2})",
        ]
    );
    // The JSON position is the heading's text; the moves are evaluated.
    let a = common::answers(&format!("{S}moves S(set(0..20))\n"));
    let j = render::json(&a[0]);
    assert_eq!(j["position"], "S(set(0..20))");
    let first = j["moves"][0]["to"].as_str().unwrap().to_string();
    assert!(first.starts_with("S({"), "{first}");
}

#[test]
fn a_short_position_is_shown_as_evaluated() {
    let got = texts("fn sq(n) = n * n\ngame Show(n) { }\ngrundy Show(sq(sq(3)))\n");
    assert_eq!(got, ["grundy Show(81) = 0"]);
}

/// A statement word called like a function (`compare(P, Q)`, `genus(P)`)
/// heads its answer as the statement `compare P, Q` does: with the
/// arguments as typed.
#[test]
fn a_called_statement_heads_as_the_statement() {
    let got = texts("compare(*1, *1)\ncompare *1, *1\ngenus(*2 + *3)\ngenus *2 + *3\n");
    assert_eq!(got[0], got[1]);
    assert_eq!(got[0], "compare *1, *1: *1 = *1");
    assert_eq!(got[2], got[3]);
}
