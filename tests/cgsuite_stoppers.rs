//! CGSuite's own test rows for the stopper operations (`upsum`,
//! `downsum`, `degree`, `upsum_variety`, `downsum_variety`, `variety`,
//! `is_stable`, `subordinate`; THEORY.md §6.17), copied from the Scala
//! tests of CGSuite's repository (github.com/aaron-siegel/cgsuite), each
//! row naming its file and line. Each answer must equal CGSuite's as a
//! game (`==` on CGSuite's answer written in grundy's notation), and
//! print as CGSuite prints it where the two notations agree.
//!
//! grundy reads and prints CGSuite's spellings (`^<on>` for `^.Pow(on)`,
//! CGSuite's `uponth`; `^[on]`, `Tiny(on)`, `Miny(on)`, `+-over`), so the
//! answers are CGSuite's strings as they stand, `+-` printed `±`.

use crate::common;

use common::texts_or_codes;

const CST: &str = "lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala";
const GAME_TEST: &str = "lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala";

/// One row: its file, line, grundy's call, CGSuite's answer in grundy's
/// notation (or the error code grundy gives where CGSuite raises one),
/// and the text grundy prints when it is CGSuite's.
struct Row {
    file: &'static str,
    line: u32,
    call: String,
    answer: &'static str,
    printed: Option<&'static str>,
}

fn row(
    file: &'static str,
    line: u32,
    call: &str,
    answer: &'static str,
    printed: Option<&'static str>,
) -> Row {
    Row {
        file,
        line,
        call: call.to_string(),
        answer,
        printed,
    }
}

/// One field of a row: its line, grundy's function, the answer, the text.
type Field = (u32, &'static str, &'static str, Option<&'static str>);

/// `CanonicalStopperTestCase(x, …)`: its fields `degree`, `isStable` and
/// `variety`. The row of `{0|uponth||-uponth}` (line 103) is written as
/// CGSuite prints it. Line 118's Left options CGSuite lists by hash code,
/// grundy by a rank of its own: `{^<on>,^[on]*||v<on>|0}`.
fn stopper_test_case() -> Vec<Row> {
    const DEGREE_123: &str = "{0||||0|||Miny(on)|0||off}";
    let cases: &[(&str, [Field; 3])] = &[
        (
            "on",
            [
                (9, "degree", "on", Some("on")),
                (17, "is_stable", "true", None),
                (23, "variety", "on", Some("on")),
            ],
        ),
        (
            "off",
            [
                (28, "degree", "on", Some("on")),
                (36, "is_stable", "true", None),
                (42, "variety", "off", Some("off")),
            ],
        ),
        (
            "over",
            [
                (47, "degree", "over", Some("over")),
                (55, "is_stable", "true", None),
                (61, "variety", "over", Some("over")),
            ],
        ),
        (
            "{pass|3/2}",
            [
                (66, "degree", "over", Some("over")),
                (74, "is_stable", "true", None),
                (80, "variety", "under", Some("under")),
            ],
        ),
        (
            "{-1/4+*|pass}",
            [
                (85, "degree", "^<on>", Some("^<on>")),
                (93, "is_stable", "true", None),
                (99, "variety", "^<on>", Some("^<on>")),
            ],
        ),
        (
            "{0|^<on>||v<on>}",
            [
                (104, "degree", "^<on>", Some("^<on>")),
                (112, "is_stable", "true", None),
                (118, "variety", "{^[on]*,^<on>||v<on>|0}", None),
            ],
        ),
        (
            "{0|||0||0|off}",
            [
                (123, "degree", DEGREE_123, Some(DEGREE_123)),
                (131, "is_stable", "error grundy::eval::value", None),
                (137, "variety", "error grundy::eval::value", None),
            ],
        ),
        (
            "{on|0||0}",
            [
                (142, "degree", "Tiny(on)", Some("Tiny(on)")),
                (150, "is_stable", "true", None),
                (156, "variety", "Miny(on)", Some("Miny(on)")),
            ],
        ),
        (
            "{0||0|under}",
            [
                (161, "degree", "Tiny(over)", Some("Tiny(over)")),
                (169, "is_stable", "true", None),
                (175, "variety", "Tiny(over)", Some("Tiny(over)")),
            ],
        ),
        (
            "+-{0|pass}",
            [
                (180, "degree", "over", Some("over")),
                (188, "is_stable", "true", None),
                (194, "variety", "+-over", Some("±over")),
            ],
        ),
        (
            "+-{5|pass}",
            [
                (199, "degree", "over", Some("over")),
                (207, "is_stable", "true", None),
                (213, "variety", "+-{10over|over}", Some("±{10over|over}")),
            ],
        ),
        (
            "a{0||||0|||a|*||*}",
            [
                (
                    218,
                    "degree",
                    "{0|a{0|0,{0|||a|0||0}}}",
                    Some("{0|a{0|0,{0|||a|0||0}}}"),
                ),
                (226, "is_stable", "true", None),
                (
                    232,
                    "variety",
                    "{a{0,{0||0|a|||0}|0}|0}",
                    Some("{a{0,{0||0|a|||0}|0}|0}"),
                ),
            ],
        ),
    ];
    let mut rows = Vec::new();
    for (x, fields) in cases {
        for &(line, f, answer, printed) in fields {
            rows.push(row(CST, line, &format!("{f}({x})"), answer, printed));
        }
    }
    rows
}

/// `GameTest.scala`: the `Subordinate` rows of short games (the row of a
/// base written in a form that is not canonical, `'{*|*}'`, has no
/// grundy counterpart: a game value is its canonical form), and those of
/// `Upsum`, `Downsum`, the varieties and `Subordinate` of stoppers.
fn game_test() -> Vec<Row> {
    let g = |line, call, answer, printed| row(GAME_TEST, line, call, answer, printed);
    vec![
        g(258, "subordinate(num(1, 8), 1)", "-3", Some("-3")),
        g(259, "subordinate(pow_to(^, 5) + *, *)", "5", Some("5")),
        g(260, "subordinate(*, 1)", "error grundy::eval::value", None),
        g(261, "subordinate(+-1, 0)", "+-1", Some("±1")),
        g(262, "subordinate(+-1, +-1)", "0", Some("0")),
        g(263, "subordinate(num(-13, 16), -1)", "3/8", Some("3/8")),
        g(285, "downsum(upon, ^<on>)", "^[on]", Some("^[on]")),
        g(286, "downsum_variety(upon, ^<on>)", "v<on>", Some("v<on>")),
        g(287, "subordinate(over, 1)", "off", Some("off")),
        g(288, "subordinate(upon + *, *)", "on", Some("on")),
        g(290, "subordinate({0,*|0,pass}, *)", "over", Some("over")),
        g(291, "subordinate(on, 1)", "on", Some("on")),
        g(292, "subordinate(over, 1)", "off", Some("off")),
        g(293, "subordinate(on, *)", "error grundy::eval::value", None),
        g(294, "upsum(upon, ^<on>)", "{0|^<on>*}", Some("{0|^<on>*}")),
        g(295, "upsum_variety(upon, ^<on>)", "v<on>", Some("v<on>")),
    ]
}

#[test]
fn cgsuite_stopper_rows() {
    let rows: Vec<Row> = stopper_test_case().into_iter().chain(game_test()).collect();
    let mut text = String::new();
    for r in &rows {
        let answer = r.answer;
        if answer.starts_with("error") || answer == "true" {
            text.push_str(&format!("{}\n0\n", r.call));
        } else {
            text.push_str(&format!("{}\n{} == ({answer})\n", r.call, r.call));
        }
    }
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), 2 * rows.len(), "{got:?}");
    for (r, g) in rows.iter().zip(got.chunks(2)) {
        let at = format!("{}:{} {}", r.file, r.line, r.call);
        if r.answer.starts_with("error") || r.answer == "true" {
            assert!(g[0].starts_with(r.answer), "{at}: {}", g[0]);
            continue;
        }
        assert_eq!(g[1], "true", "{at}: {} is not {}", g[0], r.answer);
        if let Some(p) = r.printed {
            assert_eq!(g[0], p, "{at}");
        }
    }
}

/// Two rows of `CanonicalStopperTestCase.scala` whose degree (the onside
/// of G − G) sidling does not settle, its approximations growing round
/// after round: the 17-position stopper of line 236 (degree, `IsStable`
/// and variety itself, lines 237, 245, 251) and Grenville's unstable game
/// (line 256: degree `a{0||0|{0|a||0,*2|||0||||0}}`, `IsStable` false,
/// `Variety` "That game is not stable.", lines 257, 265, 271). Both
/// degrees are stoppers, found by unravelling (THEORY.md §6.19) and
/// printed as CGSuite prints them.
#[test]
fn rows_past_sidling_are_cgsuites() {
    const G236: &str =
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}";
    const OUT236: &str =
        "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}";
    const G256: &str = "a{0|{0||||0,*2|||a|0||0}||0}";
    let rows = [
        (237, format!("degree({G236})"), OUT236),
        (245, format!("is_stable({G236})"), "true"),
        (251, format!("variety({G236})"), OUT236),
        (
            257,
            format!("degree({G256})"),
            "a{0||0|{0|a||0,*2|||0||||0}}",
        ),
        (265, format!("is_stable({G256})"), "false"),
        (271, format!("variety({G256})"), "error grundy::eval::value"),
    ];
    let text: String = rows.iter().map(|(_, c, _)| format!("{c}\n")).collect();
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), rows.len(), "{got:?}");
    for ((line, call, want), g) in rows.iter().zip(&got) {
        assert!(g.starts_with(want), "{CST}:{line} {call}: {g}");
    }
    // The unstable game's help, not the non-idempotent degree's.
    assert!(
        got[5].contains("is_stable(G) asks first"),
        "{CST}:271: {}",
        got[5]
    );
}

/// Under a small position budget the same rows say so, with the budget's
/// code, and never give an answer grundy has not found.
#[test]
fn rows_past_sidling_respect_the_budget() {
    let g = "a{0|{0||||0,*2|||a|0||0}||0}";
    let mut s = grundy::Session::with_limits(grundy::Limits::positions(200));
    let text = format!("{g}\ndegree({g})\nis_stable({g})\nvariety({g})\n");
    let got = common::answers_or_codes(&mut s, &text, false);
    assert!(!got[0].starts_with("error"), "{CST}:256: {}", got[0]);
    for (f, g) in ["degree", "is_stable", "variety"].iter().zip(&got[1..]) {
        assert_eq!(g, "error grundy::solve::budget", "{CST}:256 {f}");
    }
}

/// The refusals: a value with two sides, a loopy base, a game that is no
/// ordinal sum on the base, each a coded error with its help.
#[test]
fn refusals_are_coded() {
    let got = texts_or_codes(
        "degree(over & under)\nsubordinate(on, over)\nsubordinate(*, 1)\nupsum(dud, 0)\nvariety({0|||0||0|off})",
    );
    assert_eq!(got.len(), 5);
    for g in &got {
        assert!(g.starts_with("error grundy::eval::value: "), "{g}");
    }
    assert!(got[4].contains("idempotent"), "{}", got[4]);
}

/// CGSuite's `game.grid.FoxAndGeese` written as a rule game: the geese
/// (Left) step diagonally down, the fox (Right) diagonally either way;
/// rows from 1 up, columns 1 to 8. A fox level with the highest goose, or
/// a row below it with a free square up, has escaped: CGSuite's
/// `Decomposition` makes that position `off`, here a Right move to itself.
const FOX_AND_GEESE: &str = "fn onb(r, c) = r >= 1 and c >= 1 and c <= 8
fn top(gs) = max([r for (r, c) in gs])
fn free(gs, r, c) = onb(r, c) and not ((r, c) in gs)
fn esc(gs, fr, fc) = fr >= top(gs) or (fr == top(gs) - 1 and (free(gs, fr + 1, fc - 1) or free(gs, fr + 1, fc + 1)))
game FG(gs, fr, fc) {
    right move FG(gs, fr, fc) if esc(gs, fr, fc)
    right move FG(gs, fr + dr, fc + dc) for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] if not esc(gs, fr, fc) and free(gs, fr + dr, fc + dc)
    left move FG(union(difference(gs, {(r, c)}), {(r - 1, c + dc)}), fr, fc) for ((r, c), dc) in [(g, -1) for g in gs] + [(g, 1) for g in gs] if not esc(gs, fr, fc) and free(gs, r - 1, c + dc) and (r - 1, c + dc) != (fr, fc)
}
";

/// `GameGridTest.scala` line 48: `FoxAndGeese.ValuesTable` of the geese
/// on row 3, the fox on each free square of rows 2 and 1 (stoppers of
/// about 2,000 positions; 4 s of one core in release, 14 s on the
/// shared machine). Line 45, four geese on row 4
/// and the fox at (1, 1), `{4*|7/2}`, passes the position budget (its
/// outcome answers): LANGUAGE.md "Not yet", PERFORMANCE.md "CGSuite's
/// budget cases". `cargo test --release --test folded -- --ignored
/// cgsuite_stoppers::game_grid_test_fox_and_geese`.
#[test]
#[ignore]
fn game_grid_test_fox_and_geese() {
    const GRID: &str = "lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala";
    let geese = "{(3, 1), (3, 3), (3, 5), (3, 7)}";
    let table = [
        ((2, 2), "2over"),
        ((2, 4), "2"),
        ((2, 6), "3*"),
        ((2, 8), "4over"),
        ((1, 1), "{6|2over}"),
        ((1, 3), "{2over|2}"),
        ((1, 5), "{4|3||2}"),
        ((1, 7), "{4over|3*}"),
    ];
    let mut text = FOX_AND_GEESE.to_string();
    for ((r, c), _) in table {
        text.push_str(&format!("value FG({geese}, {r}, {c})\n"));
    }
    let four = "{(4, 2), (4, 4), (4, 6), (4, 8)}";
    text.push_str(&format!(
        "outcome FG({four}, 1, 1)\nvalue FG({four}, 1, 1)\n"
    ));
    let got = common::texts_or_error_codes(&text);
    for (i, ((r, c), want)) in table.iter().enumerate() {
        let value = got[i].rsplit_once(" = ").expect(&got[i]).1;
        assert_eq!(value, *want, "{GRID}:48: the fox at ({r}, {c})");
    }
    assert!(
        got[8].ends_with("= L (Left wins whoever starts)"),
        "{}",
        got[8]
    );
    assert_eq!(got[9], "error grundy::solve::budget", "{GRID}:45");
}

/// `IsInfinitesimal` and `IsNumberish` of every row of
/// `CanonicalStopperTestCase.scala` (the line of each field) and of
/// `SidedValueTestCase.scala` (values `s & t`, and Bach's carousel, whose
/// sides are no stoppers: false for both): CGSuite's definitions by strong
/// stops (THEORY.md §6.16).
#[test]
fn cgsuite_infinitesimal_and_numberish_rows() {
    const SVT: &str = "lib/core/src/test/scala/org/cgsuite/lang/SidedValueTestCase.scala";
    let rows: &[(&str, u32, &str, bool, bool)] = &[
        (CST, 13, "on", false, false),
        (CST, 32, "off", false, false),
        (CST, 51, "over", true, true),
        (CST, 70, "{pass|3/2}", false, true),
        (CST, 89, "{-1/4+*|pass}", false, true),
        (CST, 108, "{0|^<on>||v<on>}", true, true),
        (CST, 127, "{0|||0||0|off}", true, true),
        (CST, 146, "{on|0||0}", true, true),
        (CST, 165, "{0||0|under}", true, true),
        (CST, 184, "+-{0|pass}", true, true),
        (CST, 203, "+-{5|pass}", false, false),
        (CST, 222, "a{0||||0|||a|*||*}", true, true),
        (
            CST,
            241,
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            true,
            true,
        ),
        (CST, 261, "a{0|{0||||0,*2|||a|0||0}||0}", true, true),
        (SVT, 10, "dud", false, false),
        (SVT, 21, "a{{|a}|}", false, false),
        (SVT, 32, "{0|{dud|},*}", true, true),
        (SVT, 44, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", false, false),
    ];
    let text: String = rows
        .iter()
        .map(|(_, _, x, _, _)| format!("is_infinitesimal({x})\nis_numberish({x})\n"))
        .collect();
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), 2 * rows.len(), "{got:?}");
    for ((file, line, x, inf, num), g) in rows.iter().zip(got.chunks(2)) {
        assert_eq!(
            g[0],
            inf.to_string(),
            "{file}:{line} IsInfinitesimal of {x}"
        );
        assert_eq!(g[1], num.to_string(), "{file}:{line}+1 IsNumberish of {x}");
    }
}

/// `IsStopperSided`: `CanonicalStopperTestCase.scala` line 318 asks it of
/// every row (true: a stopper's two sides are itself), and
/// `SidedValueTestCase.scala` lines 12, 23, 34 and 46 of `dud`, `1 & 0`,
/// `^ & v*` (true) and Bach's carousel (false: its sides are held as
/// forms with a cycle; THEORY.md §6.18, "Stopper-sided").
#[test]
fn cgsuite_is_stopper_sided_rows() {
    const SVT: &str = "lib/core/src/test/scala/org/cgsuite/lang/SidedValueTestCase.scala";
    let stoppers = [
        "on",
        "off",
        "over",
        "{pass|3/2}",
        "{-1/4+*|pass}",
        "{0|^<on>||v<on>}",
        "{0|||0||0|off}",
        "{on|0||0}",
        "{0||0|under}",
        "+-{0|pass}",
        "+-{5|pass}",
        "a{0||||0|||a|*||*}",
        "a{0|{0||||0,*2|||a|0||0}||0}",
    ];
    let mut rows: Vec<(&str, u32, &str, bool)> =
        stoppers.iter().map(|x| (CST, 318, *x, true)).collect();
    rows.extend([
        (SVT, 12, "dud", true),
        (SVT, 23, "a{{|a}|}", true),
        (SVT, 34, "{0|{dud|},*}", true),
        (SVT, 46, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", false),
    ]);
    let text: String = rows
        .iter()
        .map(|(_, _, x, _)| format!("is_stopper_sided({x})\n"))
        .collect();
    let got = texts_or_codes(&text);
    assert_eq!(got.len(), rows.len(), "{got:?}");
    for ((file, line, x, want), g) in rows.iter().zip(&got) {
        assert_eq!(*g, want.to_string(), "{file}:{line} IsStopperSided of {x}");
    }
}
