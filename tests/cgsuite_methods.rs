//! CGSuite's own test rows for the methods of short games grundy now has
//! (`companion`, `freeze`, `pow`, `pow_to`, `stop_count`, `is_even`,
//! `is_odd`, `is_even_tempered`, `is_odd_tempered`): the inputs and expected
//! outputs are copied from the Scala tests of CGSuite's repository
//! (github.com/aaron-siegel/cgsuite), each row naming the file and row
//! it came from. Each answer must equal CGSuite's as a game (`==` on the
//! literal CGSuite prints), and print as CGSuite prints it except where
//! the row says how grundy's notation differs (THEORY.md §6.4).

use crate::common;

use common::texts_or_codes;

/// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`:
/// one `CanonicalShortGameTestCase(x, …)` per row, with its fields
/// `companion`, `freeze`, `isEven`, `isEvenTempered`, `isOdd`,
/// `isOddTempered` and `stopCount` (CGSuite `true`/`false` as grundy's).
const CANONICAL_SHORT_GAME_TEST_CASE: &[(&str, &str, &str, &str)] = &[
    ("0", "*", "0", "[true, true, false, false, 1]"),
    ("5", "5", "5", "[false, true, true, false, 1]"),
    (
        "-1823437481924",
        "-1823437481924",
        "-1823437481924",
        "[true, true, false, false, 1]",
    ),
    ("-1/2", "-1/2", "-1/2", "[false, true, false, false, 1]"),
    ("25/16", "25/16", "25/16", "[false, true, false, false, 1]"),
    ("*8", "*8", "*8", "[false, false, false, false, 4374]"),
    ("9/8+*", "9/8*", "9/8*", "[false, false, false, true, 2]"),
    ("^", "^*", "^", "[false, false, false, false, 3]"),
    ("v*", "v", "v*", "[false, false, false, false, 4]"),
    ("6+^*", "6^*", "6^*", "[false, false, false, false, 4]"),
    ("^*6", "^*6", "^*6", "[false, false, false, false, 1459]"),
    (
        "73/16+v9*8",
        "73/16v9*8",
        "73/16v9*8",
        "[false, false, false, false, 13131]",
    ),
    (
        "{0|*||*|||*||||*}",
        "^[4]*",
        "^[4]",
        "[false, false, false, false, 9]",
    ),
    (
        "{0||0|v*}",
        "{0|^<2>*}",
        "{0|^<2>}",
        "[false, false, false, false, 6]",
    ),
    (
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        "{0,{0,*||*,v|vv*}||{0,*||*,v|vv*|||vv*,{*,v|vv*}},{0,*||*,v|vv*}|{0,*||*,v|vv*|||vv*,{*,v|vv*}||||vv*}}",
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        "[false, false, false, false, 79]",
    ),
    (
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        "[false, false, false, false, 1509]",
    ),
    (
        "{0||0|vvv}",
        "{0,*||*|v3*}",
        "{0||0|v3}",
        "[false, false, false, false, 7]",
    ),
    (
        "{^^^|vv}",
        "{^3*|vv*}",
        "{^3|vv}",
        "[false, false, false, false, 10]",
    ),
    (
        "{0||0|-3/2}",
        "{0,*||*|-3/2}",
        "Tiny(3/2)",
        "[false, false, false, false, 3]",
    ),
    (
        "{0|||0||-1|-3}",
        "{0,*|||*||-1|-3}",
        "Tiny({3|1})",
        "[false, false, false, false, 4]",
    ),
    (
        "{5||3|1|||0||||0}",
        "{5||3|1|||*||||0,*}",
        "Miny({5||3|1})",
        "[false, false, false, false, 5]",
    ),
    (
        "{1|^^||^}",
        "{1|^^*||^*}",
        "{1|^^||^}",
        "[false, false, false, false, 9]",
    ),
    (
        "{1|^^^||^}",
        "{1|^3*||^*}",
        "{1|^3||^}",
        "[false, false, false, false, 9]",
    ),
    (
        "{3||2+*|1+*}",
        "{3||2*|1*}",
        "9/4*",
        "[false, false, false, true, 5]",
    ),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "-5/16*",
        "[false, false, false, false, 11]",
    ),
];

/// The rows whose canonical form grundy prints with its options in
/// another order than CGSuite (the same options: `==` checks the value).
const OTHER_ORDER: &[&str] = &[
    "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
    "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
];

#[test]
fn canonical_short_game_test_case_rows() {
    let mut text = String::new();
    for (x, companion, freeze, _) in CANONICAL_SHORT_GAME_TEST_CASE {
        text.push_str(&format!(
            "companion({x})\nfreeze({x})\n[is_even({x}), is_even_tempered({x}), is_odd({x}), is_odd_tempered({x}), stop_count({x})]\n"
        ));
        text.push_str(&format!(
            "companion({x}) == {companion}\nfreeze({x}) == {freeze}\n"
        ));
    }
    let got = texts_or_codes(&text);
    assert_eq!(
        got.len(),
        5 * CANONICAL_SHORT_GAME_TEST_CASE.len(),
        "{got:?}"
    );
    for (row, (x, companion, freeze, classes)) in CANONICAL_SHORT_GAME_TEST_CASE.iter().enumerate()
    {
        let g = &got[5 * row..5 * row + 5];
        assert_eq!(
            g[2], *classes,
            "CanonicalShortGameTestCase {x}: parity, temper, StopCount"
        );
        assert_eq!(
            g[3], "true",
            "CanonicalShortGameTestCase {x}: Companion == {companion}"
        );
        assert_eq!(
            g[4], "true",
            "CanonicalShortGameTestCase {x}: Freeze == {freeze}"
        );
        if !OTHER_ORDER.contains(x) {
            assert_eq!(
                g[0], *companion,
                "CanonicalShortGameTestCase {x}: Companion"
            );
            assert_eq!(g[1], *freeze, "CanonicalShortGameTestCase {x}: Freeze");
        }
    }
}

/// `lib/core/src/test/scala/org/cgsuite/lang/CgscriptTest.scala`, the test
/// `implement >=2-ary methods correctly`: the rows of `Pow` and `PowTo` with integer
/// exponents (CGSuite's dyadic and loopy exponents are not grundy's),
/// and `process game operations`: the integer multiples of `^.Pow(2)`.
/// grundy prints `±1` for CGSuite's `+-1` and `9+*2` for its `9*2`.
const CGSCRIPT_TEST_POWERS: &[(&str, &str, &str)] = &[
    ("^.Pow(3)", "pow(^, 3)", "^<3>"),
    (
        "{0||0|-2}.Pow(3)",
        "pow({0||0|-2}, 3)",
        "{0||0|-2,{0|-2,{0|-2}}}",
    ),
    ("^.PowTo(3)", "pow_to(^, 3)", "^[3]"),
    (
        "{0||0|-2}.PowTo(3)",
        "pow_to({0||0|-2}, 3)",
        "{Tiny(2)||0|-2|||0|-2}",
    ),
    ("(+-1).PowTo(3)", "pow_to(+-1, 3)", "{1,{1,±1|-1}|-1}"),
    (
        "10*(1+^.Pow(2)+*4)",
        "10 * (1 + pow(^, 2) + *4)",
        "{10||10,10v*|{10v*,10vv||||10vv,10v3*|||10v3*,10v4||10v4,10v5*|{10v5*,10v6||||10v6,10v7*|||10v7*,10v8||10v8,10v9*|10v10}}}",
    ),
    (
        "9*(1+^.Pow(2)+*4)",
        "9 * (1 + pow(^, 2) + *4)",
        "{9,9*,9+*2,9+*3,9+*4|{9+*4,9v*5||||9v*5,9vv*4|||9vv*4,9v3*5||9v3*5,9v4*4|{9v4*4,9v5*5||||9v5*5,9v6*4|||9v6*4,9v7*5||9v7*5,9v8*4|9v9*5}}}",
    ),
    // CGSuite: "!!Base must be of the form {0|H}."
    (
        "(+-1).Pow(3)",
        "pow(+-1, 3)",
        "error grundy::eval::value: pow(G, n) takes G = {0|H}, one Left option 0 and one Right option, such as ^ or {0|v*}; pow_to(G, n) takes any G",
    ),
];

#[test]
fn cgscript_test_power_rows() {
    for (cgsuite, grundy, expected) in CGSCRIPT_TEST_POWERS {
        assert_eq!(
            texts_or_codes(grundy),
            [*expected],
            "CgscriptTest {cgsuite}"
        );
    }
}

/// CgscriptTest.scala, "correctly interpret game specifiers": the forms
/// CGSuite prints as powers, here made by `pow` and `pow_to`.
#[test]
fn cgscript_test_specifiers_are_the_powers() {
    let text = "pow(^, 2) == {0|v*}\npow(^, 2) + * == {0,*|v}\npow_to(^, 2) == {^|*}\npow_to(^, 2) + * == {0,^*|0}";
    assert_eq!(texts_or_codes(text), ["true"; 4]);
}

/// `CanonicalShortGameTestCase.scala` again, its fields `followerCount`,
/// `isAllSmall`, `isInfinitesimal`, `isInteger`, `isNimber`, `isNumber`,
/// `isNumberish`, `isNumberTiny`, `isUptimal`, `uptimalExpansion` (`-`
/// where CGSuite has no expansion: grundy's is `grundy::eval::value`) and
/// `followers` (`-` where the row has none; CGSuite's set in brackets):
/// the row's line, its game, and those fields.
const CANONICAL_SHORT_GAME_PREDICATES: &[(u32, &str, i64, &str, &str, &str)] = &[
    (
        9,
        "0",
        1,
        "[true, true, true, true, true, true, true, true]",
        "0.0",
        "[0]",
    ),
    (
        49,
        "5",
        6,
        "[false, false, true, false, true, true, true, true]",
        "5.0",
        "[0, 1, 2, 3, 4, 5]",
    ),
    (
        89,
        "-1823437481924",
        1823437481925,
        "[false, false, true, false, true, true, true, true]",
        "-1823437481924.0",
        "-",
    ),
    (
        129,
        "-1/2",
        3,
        "[false, false, false, false, true, true, true, true]",
        "-1/2.0",
        "[-1, -1/2, 0]",
    ),
    (
        169,
        "25/16",
        7,
        "[false, false, false, false, true, true, true, true]",
        "25/16.0",
        "[0, 1, 3/2, 25/16, 13/8, 7/4, 2]",
    ),
    (
        211,
        "*8",
        9,
        "[true, true, false, true, false, true, false, true]",
        "*8.0",
        "[0, *, *2, *3, *4, *5, *6, *7, *8]",
    ),
    (
        251,
        "9/8+*",
        7,
        "[false, false, false, false, false, true, false, true]",
        "9/8*.0",
        "[0, 1, 9/8, 5/4, 3/2, 2, 9/8*]",
    ),
    (
        293,
        "^",
        3,
        "[true, true, false, false, false, true, false, true]",
        "0.1",
        "[0, *, ^]",
    ),
    (
        333,
        "v*",
        3,
        "[true, true, false, false, false, true, false, true]",
        "*.1-",
        "[0, *, v*]",
    ),
    (
        373,
        "6+^*",
        9,
        "[false, false, false, false, false, true, false, true]",
        "6*.1",
        "[0, 1, 2, 3, 4, 5, 6, 6*, 6^*]",
    ),
    (
        413,
        "^*6",
        9,
        "[true, true, false, false, false, true, false, true]",
        "*6.1",
        "[0, *, *2, *3, *4, *5, *6, *7, ^*6]",
    ),
    (
        453,
        "73/16+v9*8",
        28,
        "[false, false, false, false, false, true, false, true]",
        "73/16*8.9-",
        "-",
    ),
    (
        495,
        "{0|*||*|||*||||*}",
        6,
        "[true, true, false, false, false, true, false, true]",
        "0.1111",
        "[0, *, ^, ^[2], ^[3], ^[4]]",
    ),
    (
        535,
        "{0||0|v*}",
        5,
        "[true, true, false, false, false, true, false, true]",
        "*.12",
        "[0, *, v*, ^<2>, {0|^<2>}]",
    ),
    (
        575,
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        10,
        "[true, true, false, false, false, true, false, true]",
        "0.0202",
        "-",
    ),
    (
        617,
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        13,
        "[true, true, false, false, false, true, false, true]",
        "*4.0202",
        "-",
    ),
    (
        668,
        "{0||0|vvv}",
        7,
        "[true, true, false, false, false, true, false, false]",
        "-",
        "[0, *, v3, vv*, v, {0|v3}, {0||0|v3}]",
    ),
    (
        708,
        "{^^^|vv}",
        8,
        "[true, true, false, false, false, true, false, false]",
        "-",
        "[0, *, vv, v*, ^, ^^*, ^3, {^3|vv}]",
    ),
    (
        748,
        "{0||0|-3/2}",
        6,
        "[false, true, false, false, false, true, true, false]",
        "-",
        "[-2, -3/2, -1, 0, {0|-3/2}, Tiny(3/2)]",
    ),
    (
        788,
        "{0|||0||-1|-3}",
        7,
        "[false, true, false, false, false, true, true, false]",
        "-",
        "[-3, -2, -1, 0, {-1|-3}, {0||-1|-3}, Tiny({3|1})]",
    ),
    (
        828,
        "{5||3|1|||0||||0}",
        10,
        "[false, true, false, false, false, true, true, false]",
        "-",
        "-",
    ),
    (
        868,
        "{1|^^||^}",
        8,
        "[false, true, false, false, false, true, false, false]",
        "-",
        "[0, 1, *, ^, ^*, ^^, {1|^^}, {1|^^||^}]",
    ),
    (
        908,
        "{1|^^^||^}",
        8,
        "[false, true, false, false, false, true, false, false]",
        "-",
        "[0, 1, *, ^, ^^*, ^3, {1|^3}, {1|^3||^}]",
    ),
    (
        950,
        "{3||2+*|1+*}",
        8,
        "[false, false, false, false, false, false, false, false]",
        "-",
        "[0, 1, 2, 3, 1*, 2*, {3||2*|1*}, {2*|1*}]",
    ),
    (
        990,
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        17,
        "[false, false, false, false, false, false, false, false]",
        "-",
        "-",
    ),
];

#[test]
fn canonical_short_game_test_case_predicates_and_followers() {
    let mut text = String::new();
    for (_, x, ..) in CANONICAL_SHORT_GAME_PREDICATES {
        text.push_str(&format!(
            "follower_count({x})\n[is_all_small({x}), is_infinitesimal({x}), is_integer({x}), is_nimber({x}), is_number({x}), is_numberish({x}), is_number_tiny({x}), is_uptimal({x})]\nuptimal_expansion({x})\nfollowers({x})\n"
        ));
    }
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), 4 * CANONICAL_SHORT_GAME_PREDICATES.len());
    for (row, (line, x, count, predicates, uptimal, followers)) in
        CANONICAL_SHORT_GAME_PREDICATES.iter().enumerate()
    {
        let g = &got[4 * row..4 * row + 4];
        let at = format!("CanonicalShortGameTestCase.scala:{line} {x}");
        assert_eq!(g[0], count.to_string(), "{at}: FollowerCount");
        assert_eq!(g[1], *predicates, "{at}: the predicates");
        if *uptimal == "-" {
            assert!(
                g[2].starts_with("error grundy::eval::value"),
                "{at}: {}",
                g[2]
            );
        } else {
            assert_eq!(g[2], format!("{uptimal:?}"), "{at}: UptimalExpansion");
        }
        if *followers != "-" {
            assert_eq!(g[3], *followers, "{at}: Followers");
        } else if *count > 1_000_000 {
            assert!(
                g[3].starts_with("error grundy::eval::value"),
                "{at}: {}",
                g[3]
            );
        }
    }
}

/// `CanonicalShortGameTestCase.scala` lines 1091–1104 (`toTests`): every
/// short game is loopfree, a plumtree and a stopper, a pseudonumber
/// exactly when it is a number (the row's `isNumber`, the fifth of the
/// predicates above) and idempotent exactly when it is zero (`isZero`,
/// true on line 32 alone, the game 0); on the rows of
/// [`CANONICAL_SHORT_GAME_PREDICATES`].
#[test]
fn canonical_short_games_are_loopfree_plumtree_stoppers() {
    let mut text = String::new();
    for (_, x, ..) in CANONICAL_SHORT_GAME_PREDICATES {
        text.push_str(&format!(
            "[is_loopfree({x}), is_plumtree({x}), is_stopper({x}), is_pseudonumber({x}), is_idempotent({x})]\n"
        ));
    }
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), CANONICAL_SHORT_GAME_PREDICATES.len());
    for ((line, x, _, predicates, ..), g) in CANONICAL_SHORT_GAME_PREDICATES.iter().zip(&got) {
        let is_number = predicates
            .trim_matches(['[', ']'])
            .split(", ")
            .nth(4)
            .unwrap();
        assert_eq!(
            *g,
            format!("[true, true, true, {is_number}, {}]", *x == "0"),
            "CanonicalShortGameTestCase.scala:{line} {x}"
        );
    }
}
