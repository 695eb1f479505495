//! Game values written in CGSuite's notation as expressions (docs/
//! LANGUAGE.md, "Game values as literals"): each equals the value built
//! the long way, and a value's printed form reads back as the same value.

use grundy::present;
use grundy::session::{Mode, Session};
use proptest::prelude::*;

fn run(text: &str) -> Vec<String> {
    let mut s = Session::default();
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |_, r| match r {
        Ok(a) => out.push(present::text(&a)),
        Err(e) => out.push(format!(
            "error {}",
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .unwrap_or_default()
        )),
    });
    out
}

#[test]
fn literals_equal_the_values_built_the_long_way() {
    let graph = "graph S { a -L-> b  b -L-> c  a -R-> d  d -R-> e }\n";
    let checks = [
        "^ == up()",
        "v == up(-1)",
        "vv == up(-2)",
        "^* == up() + value(*1)",
        "^^* == up(2) + value(*1)",
        "3/4 == num(3, 4)",
        "{1|0} == num(1, 2) + {1/2|-1/2}",
        "±1 == value(S(a))",
        "{2||1|0} == {2|{1|0}}",
        "{1|0} + * == {1*|*}",
        "1* == 1 + *",
        "1/2v* == num(1, 2) + v + *",
        "{0|} == 1",
        "{|} == 0",
        "-{2|1} == {-1|-2}",
        "{3|2} > 1 and {2|1} || 2 and {2|1} || 1",
        "{1|-1} || 0",
        "{1|-1} == ±1",
        "±(value(*1) + 1) == {1*|-1*}",
        "*2 + ^ == ^*2",
    ];
    for c in checks {
        assert_eq!(run(&format!("{graph}{c}\n")), ["true"], "{c}");
    }
}

#[test]
fn old_meanings_stay_where_they_were() {
    // A set has no bar; a name `v` bound by `let` is that name.
    assert_eq!(run("{3, 1, 2}\n"), ["{1, 2, 3}"]);
    assert_eq!(run("let v = 3\nv * 2\n"), ["6"]);
    assert_eq!(run("[v for v in 0..3]\n"), ["[0, 1, 2]"]);
    // `2 * 3` and `2*3` are products; `*3` is a nim heap.
    assert_eq!(run("2*3\n2 * 3\n*3 + *1\n"), ["6", "6", "*2"]);
    // A literal that is not a value names the place.
    assert_eq!(run("{1|0|1}\n"), ["error grundy::parse::game_literal"]);
    assert_eq!(run("{1|x}\n"), ["error grundy::parse::game_literal"]);
}

/// A random game in braces, of small numbers, nimbers and ups.
fn literal() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "^", "v", "^*", "v*",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    })
}

/// The printed forms that are not expressions: a number plus a nimber
/// `*n` (n ≥ 2) outside braces (`1*2` is a product), and `Tiny`/`Miny`,
/// `v[n]`.
fn not_an_expression(t: &str) -> bool {
    let mut depth = 0;
    let top: String = t
        .chars()
        .filter(|&c| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect();
    let b = top.as_bytes();
    let number_star_n = (1..b.len().saturating_sub(1))
        .any(|i| b[i] == b'*' && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit());
    number_star_n || t.contains("Tiny") || t.contains("Miny") || t.contains("v[")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_printed_form_reads_back(lit in literal()) {
        let out = run(&format!("let g = {lit}\ng\n"));
        prop_assert_eq!(out.len(), 1, "{}: {:?}", lit, out);
        let printed = out[0].clone();
        prop_assume!(!not_an_expression(&printed));
        let back = run(&format!("let g = {lit}\n({printed}) == g\n"));
        prop_assert_eq!(back, vec!["true".to_string()], "{} printed {}", lit, printed);
    }
}
