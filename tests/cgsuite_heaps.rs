//! CGSuite's rows about take-and-break heap games, each naming the file of
//! CGSuite's repository (under `lib/core/src/test/scala/org/cgsuite/`)
//! and the line it comes from, with CGSuite's answer. A game is declared
//! by its code in CGSuite's extended notation (`game G = octal 4!.0`,
//! docs/OCTAL.md "Extended codes").
//!
//! `lang/GameHeapTest.scala` lines 11 to 35: for each code, the number of
//! options of heap 20, the values of heaps 1 to 20 (`NimValue` and
//! `NimValueSequence`), heap 0's value, `CheckPeriodicity(2000)`, the
//! misère Grundy values and the genus of heaps 0 to 20. Line 66: the
//! options of Grundy's game at heap 92679. The options of single heaps
//! in CGSuite's order (`core/impartial/TBCodeTest.scala`) are checked in
//! the theory crate (`theory/src/octal/take_break_tests.rs`).

use crate::common;

/// (line, code, options of heap 20, values of heaps 1..=20, CGSuite's
/// period (preperiod, period) or None for `Nothing`, misère values of
/// heaps 0..=20, genera of heaps 0..=20)
type Row = (
    u32,
    &'static str,
    u64,
    &'static str,
    Option<(u64, u64)>,
    &'static str,
    &'static str,
);

const ROWS: &[Row] = &[
    (
        11,
        "0.[3]",
        20,
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        None,
        "[1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
    ),
    (
        14,
        "4!.0",
        9,
        "[0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]",
        None,
        "[1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]",
        "[0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]",
    ),
    (
        17,
        "0.77",
        20,
        "[1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1]",
        Some((71, 12)),
        "[1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0]",
        "[0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031]",
    ),
    (
        22,
        "0.07",
        10,
        "[0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3]",
        Some((53, 34)),
        "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]",
        "[0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]",
    ),
    (
        26,
        "0.0330003",
        3,
        "[0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
        Some((0, 5)),
        "[1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1]",
        "[0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
    ),
    (
        30,
        "0.3003330[3]",
        17,
        "[1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        None,
        "[1,0,1,0,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        "[0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
    ),
    (
        33,
        "0.3F",
        38,
        "[1,2,0,1,2,3,4,5,3,4,5,6,7,8,6,7,8,9,10,11]",
        None,
        "[1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6]",
        "[0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)]",
    ),
];

/// `[a,b,c]` as its items.
fn items(list: &str) -> Vec<&str> {
    let inner = &list[1..list.len() - 1];
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out
}

/// A genus as grundy prints it, `g^{γ0γ1…}` (commas when a value passes
/// 9): g and the first `n` values of γ (the last two stored repeat).
fn gammas(text: &str, n: usize) -> (u32, Vec<u32>) {
    let (g, sup) = text.split_once("^{").expect(text);
    let sup = sup.trim_end_matches('}');
    let stored: Vec<u32> = if sup.contains(',') {
        sup.split(',').map(|v| v.parse().unwrap()).collect()
    } else {
        sup.chars().map(|c| c.to_digit(10).unwrap()).collect()
    };
    let len = stored.len();
    let all = (0..n)
        .map(|i| {
            if i < len {
                stored[i]
            } else {
                stored[len - 2 + (i - (len - 2)) % 2]
            }
        })
        .collect();
    (g.parse().unwrap(), all)
}

/// Whether grundy's genus agrees with CGSuite's: `n` is a nim heap's
/// genus (grundy's text of `genus *n`), `g^abc` or `g^(a,b,c)` a g and
/// the first values of γ (CGSuite writes only γ0 for a tame or restive
/// game, the values up to where they alternate otherwise).
fn same_genus(grundy: &str, cgsuite: &str, nim: &[String]) -> bool {
    let Some((g, sup)) = cgsuite.split_once('^') else {
        return grundy == nim[cgsuite.parse::<usize>().unwrap()];
    };
    let sup: Vec<u32> = match sup.strip_prefix('(') {
        Some(list) => list
            .trim_end_matches(')')
            .split(',')
            .map(|v| v.parse().unwrap())
            .collect(),
        None => sup.chars().map(|c| c.to_digit(10).unwrap()).collect(),
    };
    let (mine, values) = gammas(grundy, sup.len());
    mine.to_string() == g && values == sup
}

/// Runs the declaration of `code` and `queries`; the answers (or `error
/// CODE`) in order.
fn run(code: &str, queries: &str) -> Vec<String> {
    common::texts_or_error_codes(&format!("game G = octal {code}\n{queries}"))
}

/// The genera of heaps `heaps` against CGSuite's (`genera`, heaps 0..=20).
fn check_genera(row: &Row, heaps: std::ops::RangeInclusive<usize>) {
    let &(line, code, _, _, _, misere, genera) = row;
    let at = format!("GameHeapTest.scala line {line}: {code}");
    let mut queries = String::new();
    for n in heaps.clone() {
        queries.push_str(&format!("genus G({n})\n"));
    }
    for n in 0..=20 {
        queries.push_str(&format!("genus *{n}\n"));
    }
    let out = run(code, &queries);
    let count = heaps.clone().count();
    let genus = |i: usize| out[i].rsplit_once(" = ").expect(&out[i]).1.to_string();
    let nim: Vec<String> = (0..=20).map(|n| genus(count + n)).collect();
    let cgsuite = items(genera);
    let misere = items(misere);
    for (i, n) in heaps.enumerate() {
        let got = genus(i);
        assert!(
            same_genus(&got, cgsuite[n], &nim),
            "{at}: Genus of heap {n}: grundy {got}, CGSuite {}",
            cgsuite[n]
        );
        let value = gammas(&got, 1).1[0].to_string();
        assert_eq!(value, misere[n], "{at}: MisereNimValue of heap {n}");
    }
}

/// The options of heap 20, the values of heaps 0 to 20, the period, and
/// the genera and misère values of heaps 0 to 15 (the rest: below).
#[test]
fn game_heap_test_take_and_break_rows() {
    for row in ROWS {
        let &(line, code, size, values, period, _, _) = row;
        let out = run(
            code,
            "len(options(G(20)))\nsequence G 1..=20\ngrundy G(0)\n",
        );
        let at = format!("GameHeapTest.scala line {line}: {code}");
        assert_eq!(out[0], size.to_string(), "{at}: Options.Size of heap 20");
        let seq = format!(
            "[{}]",
            out[1].rsplit_once(": ").unwrap().1.replace(' ', ",")
        );
        assert_eq!(seq, values, "{at}: NimValue, NimValueSequence(20)");
        assert_eq!(out[2], "grundy G(0) = 0", "{at}: heap 0's NimValue");
        // CheckPeriodicity(2000). 0.3F: `period` passes the step budget
        // before it decides (LANGUAGE.md "Not yet").
        if code != "0.3F" {
            let p = &run(code, "period G\n")[0];
            match period {
                Some((pre, per)) => assert!(
                    p.contains(&format!("preperiod {pre}, period {per} (proved")),
                    "{at}: CheckPeriodicity: {p}"
                ),
                // No period of saltus 0 (CGSuite's Nothing): none at all,
                // or one that adds a saltus.
                None => assert!(
                    p.contains("no period in the first 1000 values")
                        || (p.contains(", saltus ") && !p.contains("saltus 0")),
                    "{at}: CheckPeriodicity: {p}"
                ),
            }
        }
        check_genera(row, 0..=15);
    }
}

/// The genera and misère values of heaps 16 to 20. Kayles' heaps 18 to
/// 20 were refused until issue 45 (item 6): their misère canonical forms
/// are held, but their text passed the cap of 64 MiB that `genus` no
/// longer prints.
#[test]
fn game_heap_test_genera_of_larger_heaps() {
    for row in ROWS {
        check_genera(row, 16..=20);
    }
}

/// `GameHeapTest.scala` line 66: Grundy's game at heap 92679, where
/// CGSuite once went wrong (46341 is the least n with n² ≥ 2³¹).
#[test]
fn game_heap_test_grundys_game_edge_case() {
    let out = run("4!.0", "len(options(G(92679)))\n");
    assert_eq!(out, ["46339"], "GameHeapTest.scala line 66");
}

/// `GameHeapTest.scala` lines 174 and 175: Wythoff's game (take from
/// either heap, or the same from both) at (10, 10) has 30 options, and
/// the values and genera of (10, n) for n from 0 to 20. The genera of
/// (10, 12) on were refused until issue 45 (item 6): their misère
/// canonical forms' text passed its cap, which `genus` no longer prints.
#[test]
fn game_heap_test_wythoff_row() {
    let wythoff = "game W(a, b) {
    move W(a - k, b) for k in 1..=a
    move W(a, b - k) for k in 1..=b
    move W(a - k, b - k) for k in 1..=min(a, b)
}
";
    let mut queries = String::from("len(options(W(10, 10)))\n");
    for n in 0..=20 {
        queries.push_str(&format!("grundy W(10, {n})\ngenus W(10, {n})\n"));
    }
    for n in 0..=40 {
        queries.push_str(&format!("genus *{n}\n"));
    }
    let out = common::texts_or_error_codes(&format!("{wythoff}{queries}"));
    let at = "GameHeapTest.scala line 174: game.heap.Wythoff";
    assert_eq!(out[0], "30", "{at}: Options.Size of (10, 10)");
    let answer = |i: usize| out[i].rsplit_once(" = ").expect(&out[i]).1.to_string();
    let nim: Vec<String> = (0..=40).map(|n| answer(1 + 2 * 21 + n)).collect();
    let values = items("[10,11,9,8,13,12,0,15,16,17,14,18,7,6,2,3,1,4,5,23,28]");
    let genera = items(
        "[10,11,9,8^8,13^(13),12^(12),0^0,15^(15),16^(16),17^(17),14^(14),18^(18),7^7,6^6,2^2,3^3,1^1,4^4,5^5,23^(23),28^(28)]",
    );
    for n in 0..=20 {
        assert_eq!(answer(1 + 2 * n), values[n], "{at}: NimValue of (10, {n})");
        let got = answer(2 + 2 * n);
        assert!(
            same_genus(&got, genera[n], &nim),
            "GameHeapTest.scala line 175: Genus of (10, {n}): grundy {got}, CGSuite {}",
            genera[n]
        );
    }
}
