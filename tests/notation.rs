//! CGSuite's notation as a CGSuite user writes it (docs/LANGUAGE.md,
//! "Lexical structure" and "Game values as literals"): a minus before a
//! bracketed literal negates all of it, a line that ends in a literal ends
//! its statement, a bare `*` starts a line, `+-x` is `±x`, one line holds
//! one statement, a function's name is never "did you mean" itself, and a
//! query's heading shows a game value as it was typed.

use crate::common;

use common::texts_or_codes as run;

/// The code of each error, without its help.
fn codes(text: &str) -> Vec<String> {
    run(text)
        .into_iter()
        .map(|o| match o.split_once(": ") {
            Some((code, _)) if code.starts_with("error ") => code.to_string(),
            _ => o,
        })
        .collect()
}

#[test]
fn a_minus_before_brackets_negates_the_whole_literal() {
    for (text, negative) in [
        ("-(1^*)", "-1v*"),
        ("-((1^*))", "-1v*"),
        ("-(1v*)", "-1^*"),
        ("-(3/4v*)", "-3/4^*"),
        ("-(1/2v)", "-1/2^"),
        ("-(2^) + 2", "v"),
        ("- (1^*)", "-1v*"),
    ] {
        assert_eq!(run(&format!("{text}\n")), [negative], "{text}");
        assert_eq!(run(&format!("{text} == {negative}\n")), ["true"], "{text}");
    }
    // The ways that were right stay so.
    assert_eq!(
        run("-(1^*) == -value(1^*) and -(1^*) == 0 - (1^*)\n"),
        ["true"]
    );
    assert_eq!(run("let a = 1^*\n-(a)\n"), ["-1v*"]);
    // Against a number, the minus is the number's sign, as CGSuite prints.
    assert_eq!(run("-1^*; - 1^*\n"), ["-1^*", "-1^*"]);
    assert_eq!(run("-1^* == -1 + ^*\n"), ["true"]);
}

#[test]
fn a_line_ending_in_a_literal_ends_its_statement() {
    assert_eq!(run("value 1^*\n-1\n"), ["value 1^* = 1^*", "-1"]);
    assert_eq!(run("let b = ^*\n-1\nb\n"), ["-1", "^*"]);
    assert_eq!(run("let d = ^^*\n-d\n"), ["vv*"]);
    for lit in [
        "^", "v", "^*", "v*", "^^*", "vv*2", "1^*", "1v*", "3/4v*", "±1", "+-1", "±^*", "{1|0}",
        "*", "*2", "1*", "2^", "1/2v", "1/2*", "^<2>", "v[2]*", "Tiny(2)",
    ] {
        for next in ["-x", "*3", "+-1", "* + *"] {
            let text = format!("let x = 2\nlet y = {lit}\n{next}\ny == {lit}\n");
            let out = run(&text);
            assert_eq!(out.len(), 2, "{text:?}: {out:?}");
            assert_eq!(out[1], "true", "{text:?}: {out:?}");
        }
    }
    // An operator at a line's end still carries the statement on.
    assert_eq!(run("let y = ^ *\n2\ny\n"), ["^^"]);
    assert_eq!(run("let y = ^* +\n*\ny\n"), ["^"]);
}

#[test]
fn a_bare_star_may_start_a_line() {
    assert_eq!(run("let a = 1\n* + *\n"), ["0"]);
    assert_eq!(run("let a = 1\n* + ^\n"), ["^*"]);
    assert_eq!(run("let a = 1\n* == *1\n"), ["true"]);
    assert_eq!(run("let a = 1\n* || 0\n"), ["true"]);
    assert_eq!(codes("* + *\n"), ["0"]);
    // With an operand after it, `*` could go on with the line above; alone
    // on its line, it could be the nimber or a product going on.
    for text in [
        "let a = 1\n* 3\n",
        "let a = 1\n* -a\n",
        "let a = 1\n*\n",
        "let a = 1\n* # star\n",
    ] {
        assert_eq!(codes(text), ["error grundy::parse::line_break"], "{text:?}");
    }
    let alone = run("let a = 1\n*\n");
    assert!(alone[0].contains("`*1`"), "{alone:?}");
    let spaced = run("let a = 1\n* 3\n");
    assert!(spaced[0].contains("`*3`"), "{spaced:?}");
}

#[test]
fn a_star_before_a_spaced_minus_is_the_nimber() {
    // `* - 1` is * minus 1, as in CGSuite; `*-1` (written against its
    // operand) is still the nim heap of -1.
    assert_eq!(run("^ + * - 1\n"), ["-1^*"]);
    assert_eq!(run("[^ + * - 0, 1* - 2, * - 1]\n"), ["[^*, -1*, -1*]"]);
    assert_eq!(codes("*-1\n"), ["error grundy::eval::value"]);
    assert_eq!(run("if 1 > 2 then * else 0\n"), ["0"]);
    assert_eq!(run("if 1 < 2 then * else 0\n"), ["*"]);
}

#[test]
fn plus_minus_is_written_as_cgsuite_writes_it() {
    assert_eq!(run("+-1\n"), ["±1"]);
    for text in [
        "+-1 == ±1",
        "+-1/2 == ±1/2",
        "+-^* == ±^*",
        "+-{1|0} == ±{1|0}",
        "+-(1 + 1) == ±2",
        "{+-1|0} == {±1|0}",
        "[+-1][0] == ±1",
        "2 * +-1 == 2 * ±1",
    ] {
        assert_eq!(run(&format!("let x = 2\n{text}\n")), ["true"], "{text}");
    }
    assert_eq!(run("let x = 2\n+-x\n"), ["±2"]);
    // After an operand, `+` is the sum: `3 +-1` is 3 + -1.
    assert_eq!(run("3 +-1\n"), ["2"]);
    // Spaced at a line's start, it could go on with the line above.
    assert_eq!(
        codes("let x = 2\n+- 1\n"),
        ["error grundy::parse::line_break"]
    );
}

#[test]
fn one_line_holds_one_statement() {
    let out = run("1 2 3\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("error grundy::parse::juxtaposed: one statement per line"),
        "{out:?}"
    );
    // A function written between its operands: call it.
    let out = run("table a in 0..3, b in 0..3: a xor b\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("error grundy::parse::juxtaposed") && out[0].contains("`xor(a, b)`"),
        "{out:?}"
    );
    // A definition and a query on one line.
    assert_eq!(
        codes("game T(n) { move T(n - 1) if n > 0 } grundy T(3)\n"),
        ["error grundy::parse::juxtaposed"]
    );
    // `;` or a line break between them: two statements.
    assert_eq!(run("1; 2\n3\n"), ["1", "2", "3"]);
    assert_eq!(run("let s = \"a#;\" 2\n").len(), 1);
    // A misspelt statement word before its operand is named as such.
    let out = run("sequnce Take 0..=5\n");
    assert_eq!(
        out,
        ["error grundy::parse::syntax: found `sequnce`; did you mean `sequence`?"]
    );
}

#[test]
fn the_juxtaposed_error_points_at_the_second_statement() {
    let mut s = grundy::Session::default();
    let mut shown = Vec::new();
    s.run_text("t.game", "let a = 1 a\n", grundy::Mode::Run, &mut |s, r| {
        if let Err(e) = r {
            shown.push(e.render_plain(s.sources()));
        }
    });
    assert_eq!(shown.len(), 1);
    assert!(
        shown[0].contains("`a` starts a second statement"),
        "{}",
        shown[0]
    );
    assert!(shown[0].contains("1:11"), "{}", shown[0]);
}

#[test]
fn did_you_mean_never_offers_the_name_typed() {
    for text in ["xor\n", "let f = xor\n", "[xor]\n"] {
        let out = run(text);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(!out[0].contains("did you mean `xor`"), "{out:?}");
        assert!(
            out[0].contains("`xor` is a function, not a value: call it"),
            "{out:?}"
        );
    }
    let out = run("fn g(a, b) = a + b\nlet h = g\n");
    assert!(out[0].contains("`g(…, …)`"), "{out:?}");
    // A misspelt name still gets the nearest other one.
    let out = run("let count = 3\ncuont + 1\n");
    assert!(out[0].contains("did you mean `count`?"), "{out:?}");
}

#[test]
fn a_game_value_heading_is_the_text_typed() {
    let t = "game T(n) {\n    left move T(n - 1) if n > 0\n    right move T(n - 2) if n > 1\n}\n";
    let out = run(&format!(
        "{t}value {{1|0}} + {{1|0}}\nvalue -(1^*)\ntemperature {{2|-2}}\ncompare {{1|0}}, 1/2 + 1/2\nvalue T(2) - {{1|0}}\nlet x = {{1|0}}\nvalue x + x\n"
    ));
    assert_eq!(
        out,
        [
            "value {1|0} + {1|0} = 1",
            "value -(1^*) = -1v*",
            "temperature {2|-2} = 2",
            "compare {1|0}, 1/2 + 1/2: {1|0} || 1/2 + 1/2",
            "value T(2) - {1|0} = 0",
            "value x + x = 1",
        ]
    );
    // A position with no game value in it is shown as evaluated.
    let out = run(&format!("{t}fn two() = 2\nvalue T(two())\n"));
    assert_eq!(out, ["value T(2) = {1|0}"]);
}
