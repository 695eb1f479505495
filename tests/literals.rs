//! Game values written in CGSuite's notation as expressions (docs/
//! LANGUAGE.md, "Game values as literals"): each equals the value built
//! the long way, and a value's printed form reads back as the same value.

use crate::common;

use proptest::prelude::*;

fn run(text: &str) -> Vec<String> {
    common::texts_or_error_codes(text)
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
    assert_eq!(run("{1|x}\n"), ["error grundy::eval::unknown_name"]);
}

/// A random game: leaves of every printed shape (numbers, nimbers, ups
/// with a number and a nimber, up-nths, tinies and minies, switches),
/// combined by options, sums and negation.
fn literal() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0",
        "1",
        "-1",
        "2",
        "1/2",
        "-3/4",
        "*",
        "*2",
        "^",
        "v",
        "^*",
        "v*",
        "1+*2",
        "-1/2+*3",
        "1^*2",
        "-1v*",
        "^<2>",
        "v<2>*",
        "^[3]",
        "v[3]",
        "v[2]*",
        "1/2^<3>",
        "Tiny(2)",
        "Miny(1/2)",
        "2Tiny(1)",
        "-1Miny(2)",
        "Tiny({2|1})",
        "±1",
        "±{1,1*}",
        "±^",
        "^3*",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3),
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) + ({b})")),
            inner.prop_map(|a| format!("-({a})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever a value prints as reads back as that value: alone, in
    /// parentheses, and as an option of a literal.
    #[test]
    fn the_printed_form_reads_back(lit in literal()) {
        let out = run(&format!("let g = value({lit})\ng\n"));
        prop_assert_eq!(out.len(), 1, "{}: {:?}", lit, out);
        let printed = out[0].clone();
        let back = run(&format!(
            "let g = value({lit})\nlet b = value({printed}) == g\nb\nvalue(({printed})) == g\n{{{printed} | }} == {{g | }}\n"
        ));
        prop_assert_eq!(back, vec!["true".to_string(); 3], "{} printed {}", lit, printed);
    }
}

const T: &str =
    "game T(n) {\n    left move T(n - 1) if n > 0\n    right move T(n - 2) if n > 1\n}\n";

/// The text after ` = ` of a query's answer.
fn answer(text: &str) -> String {
    let out = run(&format!("{T}{text}\n"));
    assert_eq!(out.len(), 1, "{text}: {out:?}");
    match out[0].split_once(" = ") {
        Some((_, a)) => a.to_string(),
        None => out[0].clone(),
    }
}

#[test]
fn queries_take_game_values() {
    assert_eq!(run(&format!("{T}value 1/2\n")), ["value 1/2 = 1/2"]);
    assert_eq!(answer("value {0|{0|-2}}"), "Tiny(2)");
    assert_eq!(answer("value 2*"), "2*");
    assert_eq!(answer("value T(3) + 1/2"), answer("value(T(3)) + 1/2"));
    assert_eq!(answer("value T(3) - 1/2"), answer("value(T(3)) - 1/2"));
    assert_eq!(answer("value 1 + T(3)"), answer("value(T(3)) + 1"));
    assert_eq!(
        answer("value T(3) + T(2) + ^"),
        answer("value(T(3) + T(2)) + ^")
    );
    assert_eq!(
        answer("mean T(3) + {2|-1}"),
        answer("mean(value(T(3)) + {2|-1})")
    );
    assert_eq!(
        answer("temperature T(3) + {2|-1}"),
        answer("temperature(value(T(3)) + {2|-1})")
    );
    assert_eq!(
        answer("thermograph {2|-1}"),
        answer("thermograph {2|-1} + 0")
    );
    // A game value's heading is the text as written, not its canonical
    // form (the answer).
    assert_eq!(
        run(&format!("{T}compare T(2), 1/2 + 1/2\n")),
        ["compare T(2), 1/2 + 1/2: T(2) || 1/2 + 1/2"]
    );
    // A nimber is a nim heap; any other value has no Grundy value.
    assert_eq!(answer("grundy {0, * | 0, *}"), "2");
    assert_eq!(answer("grundy *2 + {0|0}"), "3");
    assert_eq!(answer("grundy {1|0}"), "error grundy::solve::partizan");
    assert_eq!(answer("grundy T(3) + *"), "error grundy::solve::partizan");
    // Moves in a value component are to its canonical options.
    assert_eq!(
        run(&format!("{T}moves T(1) + 1/2\n")),
        [
            "moves T(1) + 1/2:\n  left  T(0) + 1/2  [value 1/2]\n  left  T(1)  [value 1]\n  right T(1) + 1  [value 2]"
        ]
    );
    assert_eq!(
        run(&format!("{T}winning T(2) + -1 for left\n")),
        ["winning T(2) + -1 for left:\n  T(1) + -1"]
    );
    // Misère play of a value: {|} for Left to move is a win.
    assert_eq!(answer("outcome misere 1"), "R (Right wins whoever starts)");
}

/// The outcome class of a game value, from its order against 0.
fn class(h: &str) -> String {
    let out = run(&format!("{T}let h = {h}\n[h > 0, h < 0, h == 0, h || 0]\n"));
    match out[0].as_str() {
        "[true, false, false, false]" => "L",
        "[false, true, false, false]" => "R",
        "[false, false, true, false]" => "P",
        "[false, false, false, true]" => "N",
        o => panic!("{h}: {o}"),
    }
    .to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// A sum of a position and a value answers as the value of the sum.
    #[test]
    fn sums_of_positions_and_values_agree(lit in literal(), n in 0..5i64) {
        let v = answer(&format!("value T({n}) + ({lit})"));
        prop_assert_eq!(&v, &answer(&format!("value(T({n})) + ({lit})")));
        let o = answer(&format!("outcome T({n}) + ({lit})"));
        prop_assert_eq!(&o[..1], class(&format!("value(T({n})) + ({lit})")));
        prop_assert_eq!(
            answer(&format!("mean T({n}) + ({lit})")),
            answer(&format!("mean(value(T({n})) + ({lit}))"))
        );
    }
}

#[test]
fn options_may_be_expressions() {
    let checks = [
        "let x = 3\n{x | 0} == {3 | 0}",
        "let x = 3\n{x, 1*2 | -x} == {3, 1+*2 | -3}",
        "{value(T(4)) || 0 | -2} == {1 || 0 | -2}",
        "{T(4) | 0} == {1 | 0}",
        "let x = 2\nTiny(x) == {0||0|-2} and Miny(x) == {2|0||0}",
        "let x = 2\n1/2Tiny(x) == 1/2 + Tiny(2)",
        "let x = {1|0}\n±{x, 1} == {x, 1 | -x, -1}",
        "let x = 1\n{x + 1 | x - 1} == ±1 + 1",
        "[{n | -n} for n in 1..3] == [±1, ±2]",
        "fn t(g) = {0 || 0 | -g}\nt(2) == Tiny(2)",
        "let a = true\nlet b = false\n{a, b} == {true, false}",
        "v[2] == {*|v} and ^[2] == {^|*}",
        "let v = [1, 2, 3]\nv[2] == 3",
        "-1v* == -1 + v + *",
        "(- 1v*) == -1v*",
        "1*2 == 2 and 1+*2 == 1 + *2",
    ];
    for c in checks {
        assert_eq!(run(&format!("{T}{c}\n")), ["true"], "{c}");
    }
    // A name that is not defined is still an unknown name, where it is.
    assert_eq!(run("{y | 0}\n"), ["error grundy::eval::unknown_name"]);
    assert_eq!(run("{1|0|1}\n"), ["error grundy::parse::game_literal"]);
    assert_eq!(
        run("let x = 1\n{x|0|1}\n"),
        ["error grundy::parse::game_literal"]
    );
}
