//! CGSuite's misère predicates as functions (THEORY.md §9.12):
//! `misere_birthday`, `misere_is_even`, `misere_is_odd`,
//! `misere_is_introverted`, `misere_is_half_tame`, the class predicates
//! and `misere_is_nim_heap` against every row of CGSuite's
//! `MisereCanonicalGameTestCase.scala` (the file under
//! `lib/core/src/test/scala/org/cgsuite/lang/`, each row by the line of
//! its `MisereCanonicalGameTestCase(`); `misere_distinguisher`,
//! `misere_is_linked` and `misere_link` against outcomes of sums played
//! by the solver; bad arguments are coded errors.

use crate::cgsuite::declared;
use crate::common;

use common::texts_or_error_codes;

/// (line, game in CGSuite's notation, Birthday, IsEven, IsHalfTame,
/// IsIntroverted, [IsTame, IsGenerallyTame, IsTameable, IsRestive,
/// IsGenerallyRestive, IsRestless, IsNimHeap]), CGSuite's answers.
type Row = (u32, &'static str, u32, bool, bool, bool, [bool; 7]);

const T: bool = true;
const F: bool = false;

const ROWS: &[Row] = &[
    (7, "*[0]", 0, T, F, T, [T, T, T, F, F, F, T]),
    (32, "*[1]", 1, F, F, T, [T, T, T, F, F, F, T]),
    (57, "*[2]", 2, T, F, F, [T, T, T, F, F, F, T]),
    (82, "*[[2]]", 3, T, F, F, [T, T, T, F, F, F, F]),
    (107, "*[[[2]]]", 4, T, F, F, [T, T, T, F, F, F, F]),
    (132, "*[2]+*[2]", 4, T, F, F, [T, T, T, F, F, F, F]),
    (157, "*[[*[2]+*[[2]]]]", 6, T, F, F, [T, T, T, F, F, F, F]),
    (182, "*[[2],0]", 4, T, T, F, [F, F, F, T, T, F, F]),
    (208, "*[[2],0]", 4, T, T, F, [F, F, F, T, T, F, F]),
    (234, "*[[2],1]", 4, T, F, F, [F, F, F, F, F, T, F]),
    (260, "*[[*[4]+*[2]]]", 7, T, F, F, [T, T, T, F, F, F, F]),
    (286, "*[[[2]],[[2],1]]", 5, T, F, F, [F, T, T, F, F, F, F]),
    (
        312,
        "*[[[2]],[[[2],0],0,1]]",
        6,
        T,
        F,
        F,
        [F, T, T, F, F, F, F],
    ),
    (
        338,
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        6,
        T,
        F,
        F,
        [F, F, T, F, F, F, F],
    ),
    (
        364,
        "*[[[2],2,0],[[2],3],1]",
        5,
        T,
        T,
        F,
        [F, F, F, F, T, F, F],
    ),
];

const CLASSES: [&str; 7] = [
    "misere_is_tame",
    "misere_is_generally_tame",
    "misere_is_tameable",
    "misere_is_restive",
    "misere_is_generally_restive",
    "misere_is_restless",
    "misere_is_nim_heap",
];

#[test]
fn cgsuite_rows() {
    for &(line, game, birthday, even, half_tame, introverted, classes) in ROWS {
        let (decls, p) = declared(game);
        let mut text = format!(
            "{decls}misere_birthday({p})\nmisere_is_even({p})\nmisere_is_odd({p})\n\
             misere_is_half_tame({p})\nmisere_is_introverted({p})\n"
        );
        for c in CLASSES {
            text.push_str(&format!("{c}({p})\n"));
        }
        let mut want = vec![
            birthday.to_string(),
            even.to_string(),
            (!even).to_string(),
            half_tame.to_string(),
            introverted.to_string(),
        ];
        want.extend(classes.iter().map(ToString::to_string));
        assert_eq!(
            texts_or_error_codes(&text),
            want,
            "MisereCanonicalGameTestCase.scala line {line}: {game} (Birthday, IsEven, odd, IsHalfTame, IsIntroverted, {CLASSES:?})"
        );
    }
}

/// Nim heaps and their sums: *n is even exactly when n is, and a sum of
/// heaps with the 1-heaps cancelled is the heap left.
#[test]
fn heaps() {
    let text = "[misere_is_even(Nim(n)) for n in 0..8]\n\
        [misere_birthday(Nim(n)) for n in 0..8]\n\
        [misere_is_nim_heap(*1 + *1 + *5), misere_birthday(*1 + *1 + *5), misere_is_tame(*2 + *3)]\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "[true, false, true, false, true, false, true, false]",
            "[0, 1, 2, 3, 4, 5, 6, 7]",
            "[true, 5, true]",
        ]
    );
}

/// Sums of nim heaps are answered from theory (THEORY.md §9.12), the
/// same game written as rules is expanded: the answers agree, and a heap
/// of 10^6 is answered at once.
#[test]
fn heaps_from_theory_agree_with_expansion() {
    let funcs = [
        "misere_birthday",
        "misere_is_even",
        "misere_is_odd",
        "misere_is_introverted",
        "misere_is_half_tame",
        "misere_is_tame",
        "misere_is_generally_tame",
        "misere_is_tameable",
        "misere_is_restive",
        "misere_is_generally_restive",
        "misere_is_restless",
        "misere_is_nim_heap",
    ];
    let mut text = String::from("game H(n) {\n    move H(k) for k in 0..n\n}\n");
    for f in funcs {
        text.push_str(&format!(
            "[{f}(Nim(n)) for n in 0..12] == [{f}(H(n)) for n in 0..12]\n\
             [{f}(*1 + Nim(n) + *1) for n in 0..8] == [{f}(H(1) + H(n) + H(1)) for n in 0..8]\n"
        ));
    }
    text.push_str("[misere_birthday(*1000000), misere_is_even(*1000000)]\n");
    let out = texts_or_error_codes(&text);
    let mut want = vec!["true".to_string(); 2 * funcs.len()];
    want.push("[1000000, true]".into());
    assert_eq!(out, want);
}

/// The games `misere_distinguisher` and `misere_link` return, with the
/// outcomes of the sums they make, played by the solver: *2 tells *2
/// (P) from *3 (N), *1 tells 0 (P) from *1 (N); *2 + *2 is P, and so is
/// *1 + {*2, *3} (checked in the theory crate's tests by playing the sum).
#[test]
fn distinguishers_and_links_decide_outcomes() {
    let text = "misere_distinguisher(*2, *3)\n\
        [outcome(*2 + *2, misere), outcome(*3 + *2, misere)]\n\
        misere_distinguisher(0, *1)\n\
        [outcome(0 + *1, misere), outcome(*1 + *1, misere)]\n\
        misere_link(*2, *2)\n\
        misere_link(0, *1)\n\
        misere_link(*1, *2 + *2)\n\
        [outcome(*1, misere), outcome(*2 + *2, misere)]\n\
        [misere_is_linked(*2, *3), misere_is_linked(*2, *2 + *2), misere_is_linked(*1, *2 + *2)]\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            r#""*2""#,
            "[P, N]",
            r#""*1""#,
            "[P, N]",
            r#""*2""#,
            "error grundy::eval::value",
            r#""0""#,
            "[P, P]",
            "[false, false, true]",
        ]
    );
}

/// A partizan position is refused as `misere_mate` refuses it, a list is
/// no position, equal forms have no distinguisher, an option no link and
/// a game no difference from one it is not a part of:
/// each a coded error after which the next statement answers.
#[test]
fn bad_arguments_are_coded_errors() {
    let text = "misere_is_even(1/2)\n\
        misere_birthday([1, 2])\n\
        misere_distinguisher(*2, 1/2)\n\
        misere_distinguisher(*2, *1 + *1 + *2)\n\
        misere_link(*2, *3)\n\
        misere_minus(0, *2)\n\
        misere_minus(*2 + *3, *2)\n\
        misere_birthday(*3)\n";
    assert_eq!(
        texts_or_error_codes(text),
        [
            "error grundy::solve::partizan",
            "error grundy::eval::not_a_position",
            "error grundy::solve::partizan",
            "error grundy::eval::value",
            "error grundy::eval::value",
            "error grundy::eval::value",
            r#""*3""#,
            "3",
        ]
    );
}

/// A large search meets the step budget with its coded error, and the
/// next statement answers.
#[test]
fn large_searches_hit_the_step_budget() {
    let mut s = grundy::Session::with_limits(grundy::Limits {
        max_steps: 2_000_000,
        ..grundy::Limits::default()
    });
    let text = "misere_distinguisher(*60, *61)\nmisere_birthday(*3)\n";
    let out = common::answers_or_codes(&mut s, text, false);
    assert_eq!(out, ["error grundy::eval::steps", "3"]);
}
