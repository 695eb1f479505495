//! Tests of `take_break.rs`: CGSuite's own traversals, the octal codes
//! the extended notation maps onto, and every option against a brute
//! force over all multisets of heaps.

use proptest::prelude::*;

use super::{OctalCode, TakeBreakCode};

fn options(code: &str, n: u64) -> String {
    let code = TakeBreakCode::parse(code).unwrap();
    let mut out = Vec::new();
    code.for_each_option(n, &mut |parts| {
        out.push(if parts.is_empty() {
            "-".to_string()
        } else {
            parts
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        });
        true
    });
    out.join("  ")
}

/// CGSuite's `TBCodeTest.scala` (lib/core/src/test/scala/org/cgsuite/
/// core/impartial/), lines 33 to 62: a code, a heap and its options in
/// CGSuite's order.
#[test]
fn cgsuite_traversals() {
    let rows: &[(u32, &str, u64, &str)] = &[
        (33, "0.3", 9, "8"),
        (34, "0.7", 9, "8  1,7  2,6  3,5  4,4"),
        (35, "0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"),
        (36, "4.0", 8, "1,7  2,6  3,5  4,4"),
        (37, "4!.0", 8, "1,7  2,6  3,5"),
        (
            38,
            "0.3F",
            9,
            "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3",
        ),
        (
            39,
            "0.3F?",
            9,
            "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3",
        ),
        (40, "0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"),
        (
            41,
            "0.3f",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3",
        ),
        (
            42,
            "0.3f?",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4",
        ),
        (
            43,
            "0.3f!",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4",
        ),
        (
            44,
            "0.*3",
            7,
            "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5",
        ),
        (
            45,
            "0.*?3",
            7,
            "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5",
        ),
        (46, "0.*!3", 7, "6  1,5  2,4  1,2,3  5"),
        (47, "0.[3]", 7, "6  5  4  3  2  1  -"),
        (48, "0.[2]", 7, "6  5  4  3  2  1"),
        (49, "0.3[1]", 7, "6  -"),
        (50, "0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"),
        (51, "80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"),
        (52, "0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
        (54, "{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
        (56, "0.{0,1,3+}", 1, "-"),
        (57, "0.{0,1,3+}", 2, "1"),
        (
            58,
            "0.{0,1,3+}",
            7,
            "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1",
        ),
        (60, "0.{1,3+}", 1, ""),
        (
            62,
            "0.{2,3?+}",
            7,
            "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2",
        ),
    ];
    for &(line, code, n, want) in rows {
        assert_eq!(
            options(code, n),
            want,
            "TBCodeTest.scala line {line}: {code} at {n}"
        );
    }
}

/// Grundy's game at heap 92679 (`GameHeapTest.scala` line 66): 46339
/// options, where a 32-bit product once went wrong in CGSuite.
#[test]
fn grundys_game_edge_case() {
    let code = TakeBreakCode::parse("4!.0").unwrap();
    let mut count = 0;
    code.for_each_option(92679, &mut |_| {
        count += 1;
        true
    });
    assert_eq!(count, 46339);
}

#[test]
fn octal_codes_map_onto_the_octal_engine() {
    for (code, octal) in [
        ("0.77", Some("0.77")),
        ("04.30", Some("4.3")),
        ("0.3F", Some("0.3f")),
        ("0.3!", Some("0.3")),
        ("0.{1,2}", Some("0.6")),
        ("0.[3]", None),
        ("0.3[0]", Some("0.3")),
        ("4!.0", None),
        ("0.G", None),
        ("80.0", None),
        ("0.{2+}", None),
        ("8=.0", None),
    ] {
        let got = TakeBreakCode::parse(code).unwrap().octal();
        assert_eq!(got.map(|c| c.to_string()).as_deref(), octal, "{code}");
    }
}

#[test]
fn refuses_bad_codes_where_they_are_wrong() {
    for (code, offset, words) in [
        ("", 0, "empty"),
        (".", 0, "no digit"),
        ("077", 0, "needs a point"),
        ("0.7.7", 3, "one point"),
        ("0.7x", 3, "`x`"),
        ("0.[3", 2, "not closed"),
        ("0.[3]7", 5, "end the code"),
        ("0.[]", 2, "nothing to repeat"),
        ("0.{1,2", 2, "not closed"),
        ("0.{1,3+", 2, "not closed"),
        ("0.{1;2}", 4, "`;`"),
        ("0.{}", 3, "number of heaps"),
        ("0.{64}", 3, "too large"),
        ("0.{1!,2}!", 8, "after `}` and another"),
        ("0.{1+,2}", 5, "`+` ends"),
        ("0.&12", 5, "`;`"),
        ("3.0", 0, "before the point"),
        ("*.0", 0, "before the point"),
        ("40.0", 0, "adds 1 token"),
        ("E0.0", 0, "adds 1 token"),
        ("0[3].0", 1, "`[`"),
    ] {
        let e = TakeBreakCode::parse(code).unwrap_err();
        assert_eq!(e.offset, offset, "{code}: {e:?}");
        assert!(e.message.contains(words), "{code}: {}", e.message);
        assert!(!e.help.is_empty());
    }
}

/// Every multiset of `c` positive parts adding up to `m`, ascending, by
/// brute force: each part from the previous one up.
fn brute(m: u64, c: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), m)];
    while let Some((parts, left)) = stack.pop() {
        if parts.len() == c {
            if left == 0 {
                out.push(parts);
            }
            continue;
        }
        let from = parts.last().copied().unwrap_or(1);
        for p in from..=left {
            let mut next = parts.clone();
            next.push(p);
            stack.push((next, left - p));
        }
    }
    out.sort();
    out
}

/// The options by definition: for each tokens removed and each count its
/// digit allows, every multiset meeting the condition.
fn by_definition(code: &TakeBreakCode, n: u64, added: i64) -> Vec<Vec<u64>> {
    use super::Condition;
    let mut out = Vec::new();
    for j in -added..=n as i64 {
        let m = (n as i64 - j) as u64;
        let d = code.digit(j);
        for c in 0..=m {
            let Some(cond) = d.allows(c) else { continue };
            if c == 0 {
                if m == 0 {
                    out.push(Vec::new());
                }
                continue;
            }
            for p in brute(m, c as usize) {
                let equal = p.iter().all(|&x| x == p[0]);
                let unequal = p.windows(2).all(|w| w[0] != w[1]);
                let ok = c == 1
                    || match cond {
                        Condition::Any => true,
                        Condition::Unequal => unequal,
                        Condition::NotAllEqual => !equal,
                        Condition::AllEqual => equal,
                    };
                if ok {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn listed(code: &TakeBreakCode, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    code.for_each_option(n, &mut |p| {
        out.push(p.to_vec());
        true
    });
    out
}

fn digit() -> impl Strategy<Value = String> {
    let cond = prop_oneof![Just(""), Just("!"), Just("?"), Just("=")];
    let plain = (0u32..32, cond.clone()).prop_map(|(d, c)| {
        format!(
            "{}{c}",
            char::from_digit(d, 32).unwrap().to_ascii_uppercase()
        )
    });
    let group =
        (prop::collection::vec(0u32..6, 1..4), any::<bool>(), cond).prop_map(|(ns, more, c)| {
            let list: Vec<String> = ns.iter().map(u32::to_string).collect();
            format!("{{{}{}}}{c}", list.join(","), if more { "+" } else { "" })
        });
    prop_oneof![3 => plain, 1 => group, 1 => Just("*".to_string())]
}

proptest! {
    /// The listed options are exactly those of the definition, in
    /// CGSuite's order (tokens removed, then heaps, then lexicographic),
    /// and an octal code of the same game lists the same multisets.
    #[test]
    fn options_are_those_of_the_definition(
        ds in prop::collection::vec(digit(), 1..4),
        repeat in any::<bool>(),
        split in prop_oneof![Just(""), Just("8"), Just("{3+}!")],
        n in 0u64..13,
    ) {
        let tail = if repeat { format!("[{}]", ds.join("")) } else { ds.join("") };
        let text = format!("{split}0.{tail}");
        let code = TakeBreakCode::parse(&text).unwrap();
        let got = listed(&code, n);
        let want = by_definition(&code, n, if split.is_empty() { 0 } else { 1 });
        let mut sorted = got.clone();
        sorted.sort_by_key(|p| (std::cmp::Reverse(p.iter().sum::<u64>()), p.len(), p.clone()));
        prop_assert_eq!(&got, &sorted, "{} at {}: not in CGSuite's order", text, n);
        let mut a = got.clone();
        let mut b = want;
        a.sort();
        b.sort();
        prop_assert_eq!(a, b, "{} at {}", text, n);
        if let Some(oc) = code.octal() {
            let mut o = Vec::new();
            oc.for_each_option(n, |p| o.push(p.to_vec()));
            let mut a = got;
            a.sort();
            o.sort();
            prop_assert_eq!(a, o, "{} against the octal code {}", text, oc);
        }
        let _ = OctalCode::parse("0.7");
    }
}
