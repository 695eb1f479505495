//! Statement boundaries (docs/LANGUAGE.md, "Lexical structure"): a line
//! break ends a statement unless the statement cannot end there, and a
//! line break that could be read two ways is refused. The property test
//! breaks random programs at random spaces: each broken program prints
//! what the unbroken one prints, or is refused with a parse error.

use crate::common;

use proptest::prelude::*;

/// Each statement's answer as text, or each error's code.
fn run(text: &str) -> Vec<String> {
    common::texts_or_error_codes(text)
}

#[test]
fn a_nim_heap_on_its_own_line_is_a_statement() {
    assert_eq!(run("let x = 5\n*3\nx\n"), ["*3", "5"]);
    assert_eq!(run("let x = 5 *\n3\nx\n"), ["15"]);
}

#[test]
fn a_sum_after_a_subtraction_game_is_a_statement() {
    assert_eq!(
        run("game S = subtraction {1, 2}\n*3 + *5\ngrundy S(4) + *3\n"),
        ["*6", "grundy S(4) + *3 = 2"]
    );
}

#[test]
fn a_sum_after_a_function_is_a_statement() {
    assert_eq!(run("fn f(n) = n + 1\n*2 + *3\nf(2)\n"), ["*", "3"]);
}

#[test]
fn a_line_that_could_go_on_is_refused() {
    for text in [
        "let x = 5\n- 3\n",
        "let x = 5\n* 3\n",
        "let x = 5\n+ 3\n",
        "let x = 5\n// 3\n",
    ] {
        assert_eq!(run(text), ["error grundy::parse::line_break"], "{text:?}");
    }
    // Against its operand, `-` starts a new statement.
    assert_eq!(run("let x = 5\n-x\n"), ["-5"]);
    // `then`/`else` and brackets go on.
    assert_eq!(
        run("let y = if 1 > 2 then 1\n    else 2\n[y,\n y + 1]\n"),
        ["[2, 3]"]
    );
}

/// One token of a generated program: its text and whether a space comes
/// before it in the one-line form (where a line break may go).
type Toks = Vec<(String, bool)>;

fn tok(t: &str, space: bool) -> (String, bool) {
    (t.to_string(), space)
}

/// Every shape of game value grundy prints, as one lexeme (a test reads
/// each back; docs/LANGUAGE.md, "Game values as literals"), and `-x`,
/// `+-x` against their operand.
const LITERALS: &[&str] = &[
    "^", "v", "^*", "v*", "^^*", "vv*2", "1^*", "1v*", "3/4v*", "-1v*", "±1", "+-1", "+-^*",
    "{1|0}", "{2||1|0}", "*", "*2", "1*", "2^", "1/2v", "1/2*", "^<2>", "v[2]*", "±{1|0}",
    "Tiny(2)", "-x0", "+-x1",
];

/// An expression over the names `names` (already defined): integers and
/// game values.
fn expr(names: usize) -> impl Strategy<Value = Toks> {
    let leaf = prop_oneof![
        3 => (0i64..20).prop_map(|n| vec![tok(&n.to_string(), true)]),
        2 => (0..names).prop_map(|i| vec![tok(&format!("x{i}"), true)]),
        3 => prop::sample::select(LITERALS).prop_map(|l| vec![tok(l, true)]),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "%", "==", "<", "//"]),
                inner.clone()
            )
                .prop_map(|(mut a, op, b)| {
                    a.push(tok(op, true));
                    a.extend(b);
                    a
                }),
            (inner.clone(), prop::sample::select(vec!["-", "+-"])).prop_map(|(a, sign)| {
                // `-(…)`, `+-(…)` with the operator against its bracket.
                let mut v = vec![tok(sign, true), tok("(", false)];
                let mut a = a;
                a[0].1 = false;
                v.extend(a);
                v.push(tok(")", false));
                v
            }),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| {
                let mut v = vec![tok("[", true)];
                let mut a = a;
                a[0].1 = false;
                v.extend(a);
                v.push(tok(",", false));
                v.extend(b);
                v.push(tok("]", false));
                v
            }),
            (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| {
                let mut v = vec![tok("if", true)];
                v.extend(c);
                v.push(tok(">", true));
                v.push(tok("3", true));
                v.push(tok("then", true));
                v.extend(a);
                v.push(tok("else", true));
                v.extend(b);
                v
            }),
        ]
    })
}

/// A program of a few statements: `let`s, bare expressions, nim heaps
/// and sums of them, functions. `x0`, `x1`, `x2` are defined first.
fn program() -> impl Strategy<Value = Vec<Toks>> {
    let stmt = prop_oneof![
        expr(3).prop_map(|e| {
            let mut v = vec![tok("let", false), tok("y", true), tok("=", true)];
            v.extend(e);
            v
        }),
        expr(3).prop_map(|mut e| {
            e[0].1 = false;
            e
        }),
        (0i64..6, 0i64..6).prop_map(|(a, b)| vec![
            tok(&format!("*{a}"), false),
            tok("+", true),
            tok(&format!("*{b}"), true)
        ]),
        expr(3).prop_map(|e| {
            let mut v = vec![
                tok("fn", false),
                tok("f", true),
                tok("(n)", false),
                tok("=", true),
                tok("n", true),
                tok("+", true),
            ];
            v.extend(e);
            v
        }),
    ];
    prop::collection::vec(stmt, 1..6).prop_map(|mut stmts| {
        // Each `let` and `fn` its own name.
        for (k, s) in stmts.iter_mut().enumerate() {
            if s[0].0 == "let" || s[0].0 == "fn" {
                s[1].0 = format!("{}{k}", s[1].0);
            }
        }
        stmts
    })
}

const PRELUDE: &str = "let x0 = 4;\nlet x1 = 9;\nlet x2 = 2;\n";

/// The statements one a line, each broken where `breaks` says; with
/// `ends`, each ended by `;` too, which fixes where it ends whatever the
/// line breaks say.
fn join(stmts: &[Toks], breaks: &[bool], ends: bool) -> String {
    let mut out = PRELUDE.to_string();
    let mut k = 0;
    for s in stmts {
        for (i, (t, space)) in s.iter().enumerate() {
            if i > 0 && *space {
                let b = breaks.get(k).copied().unwrap_or(false);
                k += 1;
                out.push(if b { '\n' } else { ' ' });
            }
            out.push_str(t);
        }
        if ends {
            out.push(';');
        }
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn a_line_break_keeps_the_meaning_or_is_refused(
        stmts in program(),
        breaks in prop::collection::vec(prop::bool::weighted(0.3), 0..80),
    ) {
        // Each statement on one line, ended by `;`: the meaning.
        let one_line = join(&stmts, &[], true);
        let base = run(&one_line);
        prop_assume!(!base.iter().any(|o| o.starts_with("error grundy::parse")));
        // Line breaks alone end the statements, and break them.
        let broken = join(&stmts, &breaks, false);
        let out = run(&broken);
        let refused = out.len() == 1 && out[0].starts_with("error grundy::parse");
        prop_assert!(
            out == base || refused,
            "one line:\n{one_line}=> {base:?}\nbroken:\n{broken}=> {out:?}"
        );
    }
}

#[test]
fn a_game_may_go_a_little_below_zero() {
    // Positions below zero are allowed; only a long run of them is stopped
    // (tests/errors/unguarded_move.game).
    let out = run("game W(x) { move W(x - 1) if x > -5 }\ngrundy W(3)\n");
    assert_eq!(out, ["grundy W(3) = 0"]);
}
