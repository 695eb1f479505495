//! CGSuite's rulesets built from codes and from other rulesets, written as
//! examples: coin-turning codes (examples/turning_codes.game, through
//! `turning_sets`), the acrostic and direct products of heap games
//! (heap_products.game), Splittles (splittles.game), Weighted Arc Kayles
//! (weighted_arc_kayles.game) and Fjords (fjords.game). Each against
//! CGSuite's own test rows where it has them (named by file, under
//! `lib/core/src/test/scala/org/cgsuite/lang/` of CGSuite's repository,
//! and line), and against the rules written again here, directly, on many
//! small positions: Grundy values by mex, canonical values by plain
//! recursion through the `partizan` library.

use crate::common;

use std::collections::{BTreeSet, HashMap};

use grundy::Answer;
use grundy::Session;
use grundy_theory::octal::{OctalCode, TakeBreakCode};
use grundy_theory::partizan::{self, GameStore, ValueId};
use proptest::prelude::*;

const TURNING: &str = include_str!("../examples/turning_codes.game");
const PRODUCTS: &str = include_str!("../examples/heap_products.game");
const SPLITTLES: &str = include_str!("../examples/splittles.game");
const WAK: &str = include_str!("../examples/weighted_arc_kayles.game");
const FJORDS: &str = include_str!("../examples/fjords.game");

fn run(example: &str, queries: &[String]) -> Vec<Answer> {
    let mut s = Session::new(5_000_000);
    let text = format!("{}\n{}", common::definitions(example), queries.join("\n"));
    common::answers_in(&mut s, &text)
}

fn grundies(example: &str, positions: &[String]) -> Vec<u64> {
    let queries: Vec<String> = positions.iter().map(|p| format!("grundy {p}")).collect();
    run(example, &queries).iter().map(common::grundy).collect()
}

fn numbers(list: &str) -> Vec<u64> {
    list.split(',')
        .map(|t| t.trim().parse().expect("a number"))
        .collect()
}

/// A table as CGSuite prints it: rows of numbers between `|`, with rule
/// lines of `-` and `+` between them.
fn cgsuite_table(text: &str) -> Vec<Vec<u64>> {
    text.lines()
        .filter(|l| l.contains(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.split('|')
                .map(|t| t.trim().parse().expect("a number"))
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------
// Coin-turning codes, read here from their words.

/// One element of a turning code: counts, spacing letter, F, C(k).
#[derive(Clone, Debug)]
struct Element {
    min: usize,
    max: usize,
    spacing: char,
    first: bool,
    within: usize,
}

/// Reads codes of the form the tests write: `1-3`, `2+`, `3`, then the
/// letters C, E, S, F and `C(k)`.
fn elements(code: &str) -> Vec<Element> {
    code.split(',')
        .map(|part| {
            let end = part
                .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
                .unwrap_or(part.len());
            let (count, mut rest) = part.split_at(end);
            let (min, max) = if let Some(a) = count.strip_suffix('+') {
                (a.parse().unwrap(), usize::MAX)
            } else if let Some((a, b)) = count.split_once('-') {
                (a.parse().unwrap(), b.parse().unwrap())
            } else {
                (count.parse().unwrap(), count.parse().unwrap())
            };
            let mut e = Element {
                min,
                max,
                spacing: ' ',
                first: false,
                within: usize::MAX,
            };
            while let Some(c) = rest.chars().next() {
                if let Some(r) = rest.strip_prefix("C(") {
                    let close = r.find(')').unwrap();
                    e.within = r[..close].parse().unwrap();
                    rest = &r[close + 1..];
                    continue;
                }
                if c == 'F' {
                    e.first = true;
                } else {
                    e.spacing = c;
                }
                rest = &rest[1..];
            }
            e
        })
        .collect()
}

/// Whether some element allows turning the coins `t` (ascending).
fn allows(code: &[Element], t: &[usize]) -> bool {
    let k = t.len();
    let gaps: Vec<usize> = t.windows(2).map(|w| w[1] - w[0]).collect();
    code.iter().any(|e| {
        let placed = match e.spacing {
            'C' => gaps.iter().all(|&g| g == 1),
            'E' => gaps.iter().all(|&g| g == gaps[0]),
            'S' => (0..k).all(|i| t[i] + t[k - 1 - i] == t[0] + t[k - 1]),
            _ => true,
        };
        e.min <= k && k <= e.max && t[k - 1] - t[0] < e.within && placed && (!e.first || t[0] == 1)
    })
}

/// The sets of other coins a move turns with coin n, by every subset.
fn turned_with(code: &[Element], n: usize) -> Vec<Vec<usize>> {
    (0..1usize << (n - 1))
        .filter_map(|bits| {
            let mut t: Vec<usize> = (1..n).filter(|i| bits >> (i - 1) & 1 == 1).collect();
            t.push(n);
            allows(code, &t).then(|| t[..t.len() - 1].to_vec())
        })
        .collect()
}

/// Grundy values of every row of `len` coins (bit i: coin i + 1 shows
/// heads) played as a row: a move turns over coins, the rightmost from
/// heads to tails, so it lowers the row read as a number.
fn rows(code: &[Element], len: usize) -> Vec<u64> {
    let mut g = vec![0u64; 1 << len];
    for row in 0..1usize << len {
        let mut seen = Vec::new();
        for n in 1..=len {
            if row >> (n - 1) & 1 == 1 {
                for others in turned_with(code, n) {
                    let flip = others.iter().fold(1 << (n - 1), |m, &c| m | 1 << (c - 1));
                    seen.push(g[row ^ flip]);
                }
            }
        }
        g[row] = common::mex(seen);
    }
    g
}

/// GameHeapTest.scala lines 76 to 94 (`Spawning(code)`: values of heaps
/// 1 to 20, and the number of options of heap 20) and GameStripTest.scala
/// lines 20 and 21 (the row htththtth of `Turning("1-3")`).
#[test]
fn cgsuite_rows_of_turning_codes() {
    let rows: [(u32, &str, usize, &str); 10] = [
        (
            76,
            "1-3",
            191,
            "1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37,38",
        ),
        (
            78,
            "1-9",
            169_766,
            "1,2,4,8,16,32,64,128,256,511,512,1024,2048,4096,7711,8192,16384,26215,32768,43691",
        ),
        (
            80,
            "3",
            171,
            "0,0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35",
        ),
        (82, "1+C", 20, "1,2,1,4,1,2,1,8,1,2,1,4,1,2,1,16,1,2,1,4"),
        (84, "1-3C(5)", 11, "1,2,4,7,8,1,2,4,7,8,1,2,4,7,8,1,2,4,7,8"),
        (86, "3C(5)", 6, "0,0,1,2,4,0,0,1,2,4,0,0,1,2,4,0,0,1,2,4"),
        (88, "1-5C", 5, "1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4,1,2,1,4"),
        (90, "3E", 9, "0,0,1,0,0,1,2,2,1,0,0,1,0,0,1,2,2,1,4,4"),
        (92, "4FS", 9, "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3"),
        (
            94,
            "1+S",
            2046,
            "1,2,4,3,6,7,8,16,18,25,32,11,64,31,128,10,256,5,512,28",
        ),
    ];
    for (line, code, options, values) in rows {
        let a = run(
            TURNING,
            &[
                format!("sequence n in 1..=20: Spawning(\"{code}\", n)"),
                format!("len(turning_sets(\"{code}\", 20))"),
            ],
        );
        assert_eq!(
            common::sequence(&a[0]),
            numbers(values),
            "GameHeapTest.scala:{line} {code}"
        );
        assert_eq!(
            grundy::render::text(&a[1]),
            options.to_string(),
            "GameHeapTest.scala:{line} {code}: options of heap 20"
        );
    }
    let g = grundies(TURNING, &["Turning(\"1-3\", heads(\"htththtth\"))".into()]);
    assert_eq!(g, [29], "GameStripTest.scala:20");
}

fn code_text() -> impl Strategy<Value = String> {
    let element = (
        1usize..5,
        prop_oneof![Just(0usize), 0usize..3, Just(99)],
        prop_oneof![Just(""), Just("C"), Just("E"), Just("S")],
        any::<bool>(),
        prop_oneof![Just(0usize), 2usize..7],
    )
        .prop_map(|(min, extra, spacing, first, within)| {
            let count = match extra {
                0 => min.to_string(),
                99 => format!("{min}+"),
                x => format!("{min}-{}", min + x),
            };
            let f = if first { "F" } else { "" };
            let w = if within > 0 {
                format!("C({within})")
            } else {
                String::new()
            };
            format!("{count}{f}{spacing}{w}")
        });
    prop::collection::vec(element, 1..3).prop_map(|es| es.join(","))
}

const LEN: usize = 8;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A random code: the example's heap values, summed over the heads,
    /// are the values of every row of 8 coins played as a row here; and
    /// the example's own rows (`Turning`) agree on a few of them.
    #[test]
    fn turning_codes_have_the_values_of_their_rules(code in code_text()) {
        let by_rows = rows(&elements(&code), LEN);
        let heaps = grundies(
            TURNING,
            &(1..=LEN).map(|n| format!("Spawning(\"{code}\", {n})")).collect::<Vec<_>>(),
        );
        for (row, &g) in by_rows.iter().enumerate() {
            let sum = (0..LEN).filter(|i| row >> i & 1 == 1).fold(0, |x, i| x ^ heaps[i]);
            prop_assert_eq!(sum, g, "{}: row {:b} (coin 1 the lowest bit)", code, row);
        }
        let some = [0b1011_0101usize, 0b1111_1111, 0b1000_0001, 0b0110_0110];
        let texts: Vec<String> = some
            .iter()
            .map(|&row| {
                let heads: Vec<String> = (0..LEN).filter(|i| row >> i & 1 == 1).map(|i| (i + 1).to_string()).collect();
                format!("Turning(\"{code}\", {{{}}})", heads.join(", "))
            })
            .collect();
        let got = grundies(TURNING, &texts);
        for (k, &row) in some.iter().enumerate() {
            prop_assert_eq!(got[k], by_rows[row], "{}", texts[k]);
        }
    }
}

// ---------------------------------------------------------------------
// Products of heap games.

/// GameHeapTest.scala lines 117 to 131 (Motley acrostic Ruler, heaps 0 to
/// 5 by 0 to 20) and 133 to 151 (Turnips direct Grunt, 0 to 8 by 0 to 20).
#[test]
fn cgsuite_rows_of_heap_products() {
    let acrostic = " 0 |  1 |  2 |  1 |  4 |  1 |  2 |  1 |  8 |  1 |  2 |  1 |  4 |  1 |  2 |  1 | 16 |  1 |  2 |  1 |  4
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
 1 |  1 |  2 |  1 |  4 |  1 |  2 |  1 |  8 |  1 |  2 |  1 |  4 |  1 |  2 |  1 | 16 |  1 |  2 |  1 |  4
 2 |  2 |  1 |  2 |  5 |  2 |  1 |  2 |  9 |  2 |  1 |  2 |  5 |  2 |  1 |  2 | 17 |  2 |  1 |  2 |  5
 4 |  4 |  5 |  4 |  2 |  4 |  5 |  4 | 10 |  4 |  5 |  4 |  2 |  4 |  5 |  4 | 18 |  4 |  5 |  4 |  2
 8 |  8 |  9 |  8 | 10 |  8 |  9 |  8 |  4 |  8 |  9 |  8 | 10 |  8 |  9 |  8 | 20 |  8 |  9 |  8 | 10
16 | 16 | 17 | 16 | 18 | 16 | 17 | 16 | 20 | 16 | 17 | 16 | 18 | 16 | 17 | 16 |  8 | 16 | 17 | 16 | 18";
    let direct = "0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
0 | 0 | 0 | 0 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 3 | 2 | 1 | 3 | 2 | 4 | 3
0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0
0 | 0 | 0 | 0 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 3 | 2 | 1 | 3 | 2 | 4 | 3
0 | 0 | 0 | 0 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 1 | 3 | 2 | 1 | 3 | 8 | 1
0 | 0 | 0 | 0 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 1 | 3 | 2 | 1 | 3 | 8 | 1";
    let a = run(
        PRODUCTS,
        &[
            "table m in 0..=5, n in 0..=20: Acrostic(\"1+\", \"1+C\", m, n)".into(),
            "table m in 0..=8, n in 0..=20: Direct(\"3E\", \"4FS\", m, n)".into(),
        ],
    );
    assert_eq!(
        common::table(&a[0]),
        cgsuite_table(acrostic),
        "GameHeapTest.scala:117"
    );
    assert_eq!(
        common::table(&a[1]),
        cgsuite_table(direct),
        "GameHeapTest.scala:133"
    );
}

/// The Grundy values of a heap game whose heap m moves to the sums of
/// heaps `opts(m)`, for heaps 0..=max.
fn heap_values(max: usize, opts: &dyn Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for m in 0..=max {
        let v = common::mex(opts(m).iter().map(|o| o.iter().fold(0, |x, &a| x ^ g[a])));
        g.push(v);
    }
    g
}

/// A product played directly: position (m, n), its options' parts.
fn product_values(
    r: &[Element],
    s: &[Element],
    size: (usize, usize),
    direct: bool,
) -> Vec<Vec<u64>> {
    let opts = |code: &[Element], m: usize| if m == 0 { vec![] } else { turned_with(code, m) };
    let mut g = vec![vec![0u64; size.1 + 1]; size.0 + 1];
    for m in 0..=size.0 {
        for n in 0..=size.1 {
            let (xs, ys) = (opts(r, m), opts(s, n));
            let mut parts: Vec<Vec<(usize, usize)>> = Vec::new();
            if direct {
                for x in &xs {
                    for y in &ys {
                        let mut p: Vec<(usize, usize)> = x.iter().map(|&a| (a, n)).collect();
                        p.extend(y.iter().map(|&b| (m, b)));
                        p.extend(x.iter().flat_map(|&a| y.iter().map(move |&b| (a, b))));
                        parts.push(p);
                    }
                }
            } else {
                parts.extend(xs.iter().map(|x| x.iter().map(|&a| (a, n)).collect()));
                parts.extend(ys.iter().map(|y| y.iter().map(|&b| (m, b)).collect()));
            }
            g[m][n] = common::mex(
                parts
                    .iter()
                    .map(|p| p.iter().fold(0, |v, &(a, b)| v ^ g[a][b])),
            );
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    /// Random codes: the example's products are the products played here,
    /// and the direct product's values are the nim products of the two
    /// games' values (the Tartan theorem).
    #[test]
    fn heap_products_have_the_values_of_their_rules(r in code_text(), s in code_text()) {
        let (er, es) = (elements(&r), elements(&s));
        let size = (5, 7);
        let a = run(PRODUCTS, &[
            format!("table m in 0..={}, n in 0..={}: Acrostic(\"{r}\", \"{s}\", m, n)", size.0, size.1),
            format!("table m in 0..={}, n in 0..={}: Direct(\"{r}\", \"{s}\", m, n)", size.0, size.1),
        ]);
        prop_assert_eq!(common::table(&a[0]), product_values(&er, &es, size, false), "acrostic {} {}", r, s);
        let direct = common::table(&a[1]);
        prop_assert_eq!(&direct, &product_values(&er, &es, size, true), "direct {} {}", r, s);
        let gr = heap_values(size.0, &|m| if m == 0 { vec![] } else { turned_with(&er, m) });
        let gs = heap_values(size.1, &|n| if n == 0 { vec![] } else { turned_with(&es, n) });
        for m in 0..=size.0 {
            for n in 0..=size.1 {
                prop_assert_eq!(direct[m][n], partizan::nim_mul(gr[m], gs[n]), "Tartan at ({}, {})", m, n);
            }
        }
    }
}

// ---------------------------------------------------------------------
// Splittles.

/// Heap `n`'s options in Splittles: take s in S (or, `allbut`, any s
/// not in S), leaving the rest as 0, 1 or 2 heaps.
fn splittles_options(set: &BTreeSet<usize>, allbut: bool, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for s in 1..=n {
        if set.contains(&s) == allbut {
            continue;
        }
        let rest = n - s;
        for i in 0..=rest / 2 {
            out.push([i, rest - i].into_iter().filter(|&h| h > 0).collect());
        }
    }
    out
}

/// CGSuite's code for Splittles(S): the digit 7 at each amount (with
/// `allbut`, at each amount not in S and then `[7]` for ever).
fn splittles_code(set: &BTreeSet<usize>, allbut: bool) -> String {
    let max = set.iter().max().copied().unwrap_or(0);
    let digits: String = (1..=max)
        .map(|s| if set.contains(&s) != allbut { '7' } else { '0' })
        .collect();
    format!("0.{digits}{}", if allbut { "[7]" } else { "" })
}

fn set_text(xs: &BTreeSet<usize>) -> String {
    let v: Vec<String> = xs.iter().map(usize::to_string).collect();
    format!("{{{}}}", v.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random sets: the example's Splittles and Splittles-all-but are the
    /// game played here and the take-and-break code CGSuite makes of them
    /// (read by the octal library, options listed from the code).
    #[test]
    fn splittles_has_the_values_of_its_rules(set in prop::collection::btree_set(1usize..=6, 1..=3)) {
        const MAX: usize = 24;
        for allbut in [false, true] {
            let game = if allbut { "SplittlesAllBut" } else { "Splittles" };
            let got = run(SPLITTLES, &[format!("sequence n in 0..={MAX}: {game}({}, n)", set_text(&set))]);
            let want = heap_values(MAX, &|n| splittles_options(&set, allbut, n));
            prop_assert_eq!(common::sequence(&got[0]), want.clone(), "{} {:?}", game, set);
            let code = TakeBreakCode::parse(&splittles_code(&set, allbut)).expect("a code");
            let by_code = heap_values(MAX, &|n| {
                let mut o = Vec::new();
                code.for_each_option(n as u64, &mut |p| {
                    o.push(p.iter().map(|&h| h as usize).collect());
                    true
                });
                o
            });
            prop_assert_eq!(by_code, want.clone(), "{} as {}", game, code);
            if !allbut {
                prop_assert!(OctalCode::parse(&code.to_string()).is_ok());
            }
        }
    }

    #[test]
    fn partizan_splittles_has_the_value_of_its_rules(
        l in prop::collection::btree_set(1usize..=5, 0..=3),
        r in prop::collection::btree_set(1usize..=5, 0..=3),
    ) {
        let mut s = GameStore::new();
        let texts: Vec<String> = (0..=12)
            .map(|n| format!("value PartizanSplittles({}, {}, {n})", set_text(&l), set_text(&r)))
            .collect();
        let got = run(SPLITTLES, &texts);
        let mut memo: HashMap<usize, ValueId> = HashMap::new();
        for (n, a) in got.iter().enumerate() {
            let g = partizan::parse(&mut s, &value_text(a)).expect("the answer parses");
            let want = partizan_heap(&mut s, &mut memo, n, &|n, left| {
                splittles_options(if left { &l } else { &r }, false, n)
            });
            prop_assert_eq!(g, want, "PartizanSplittles({:?}, {:?}, {})", l, r, n);
        }
    }
}

fn value_text(a: &Answer) -> String {
    match a {
        Answer::Value { value, .. } => value.text.clone(),
        other => panic!("not a value: {other:?}"),
    }
}

/// The canonical value of a partizan heap game by plain recursion.
fn partizan_heap(
    s: &mut GameStore,
    memo: &mut HashMap<usize, ValueId>,
    n: usize,
    opts: &dyn Fn(usize, bool) -> Vec<Vec<usize>>,
) -> ValueId {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut sides: Vec<Vec<ValueId>> = Vec::new();
    for left in [true, false] {
        let mut vs = Vec::new();
        for parts in opts(n, left) {
            let mut v = s.zero();
            for p in parts {
                let w = partizan_heap(s, memo, p, opts);
                v = s.add(v, w).expect("small values");
            }
            vs.push(v);
        }
        sides.push(vs);
    }
    let v = s.game(&sides[0], &sides[1]).expect("small values");
    memo.insert(n, v);
    v
}

// ---------------------------------------------------------------------
// Weighted Arc Kayles.

/// Grundy value of weights `w` on the edges `es`, by the rules.
fn weighted_arc_kayles(es: &[(usize, usize)], w: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&g) = memo.get(w) {
        return g;
    }
    let mut seen = Vec::new();
    for &(u, v) in es {
        if w[u] > 0 && w[v] > 0 {
            let mut x = w.to_vec();
            x[u] -= 1;
            x[v] -= 1;
            seen.push(weighted_arc_kayles(es, &x, memo));
        }
    }
    let g = common::mex(seen);
    memo.insert(w.to_vec(), g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn weighted_arc_kayles_has_the_value_of_its_rules(
        n in 2usize..=6,
        pairs in prop::collection::vec((0usize..6, 0usize..6), 1..8),
        ws in prop::collection::vec(prop::collection::vec(0u8..=3, 6), 4),
    ) {
        let es: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| (a % n, b % n))
            .filter(|(a, b)| a < b)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let edges: Vec<String> = es.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        let texts: Vec<String> = ws
            .iter()
            .map(|w| {
                let w: Vec<String> = w[..n].iter().map(u8::to_string).collect();
                format!("WeightedArcKayles([{}], [{}])", edges.join(", "), w.join(", "))
            })
            .collect();
        let got = grundies(WAK, &texts);
        let mut memo = HashMap::new();
        for (k, w) in ws.iter().enumerate() {
            prop_assert_eq!(got[k], weighted_arc_kayles(&es, &w[..n], &mut memo), "{}", texts[k]);
        }
    }
}

// ---------------------------------------------------------------------
// Fjords.

/// Fjords on a board of rows (`.` empty, `l`/`r` marked, `#` no cell):
/// the player colours a cell marked for them; it leaves, its empty
/// neighbours get the player's mark, its neighbours marked for the
/// opponent leave. One position for the whole board, no splitting.
fn fjords(b: &[Vec<u8>], left: bool) -> Vec<Vec<Vec<Vec<u8>>>> {
    let (mine, theirs) = if left { (b'l', b'r') } else { (b'r', b'l') };
    let mut out = Vec::new();
    for r in 0..b.len() {
        for c in 0..b[r].len() {
            if b[r][c] != mine {
                continue;
            }
            let mut x = b.to_vec();
            x[r][c] = b'#';
            for (dr, dc) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                if rr < 0 || cc < 0 || rr as usize >= b.len() || cc as usize >= b[r].len() {
                    continue;
                }
                let cell = &mut x[rr as usize][cc as usize];
                if *cell == b'.' {
                    *cell = mine;
                } else if *cell == theirs {
                    *cell = b'#';
                }
            }
            out.push(vec![x]);
        }
    }
    out
}

fn fjords_value(
    s: &mut GameStore,
    memo: &mut HashMap<Vec<Vec<u8>>, ValueId>,
    b: &[Vec<u8>],
) -> ValueId {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let sides = [true, false].map(|left| {
        fjords(b, left)
            .into_iter()
            .map(|o| fjords_value(s, memo, &o[0]))
            .collect::<Vec<_>>()
    });
    let v = s.game(&sides[0], &sides[1]).expect("small values");
    memo.insert(b.to_vec(), v);
    v
}

fn board_rows(rows: usize, cols: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::vec(
        prop::collection::vec(prop::sample::select(b"...lr#".to_vec()), cols),
        rows,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fjords_has_the_value_of_its_rules(
        bs in prop::collection::vec((1usize..=3, 1usize..=4).prop_flat_map(|(r, c)| board_rows(r, c)), 1..4)
    ) {
        let texts: Vec<String> = bs
            .iter()
            .map(|b| {
                let rows: Vec<String> = b.iter().map(|r| format!("\"{}\"", String::from_utf8_lossy(r))).collect();
                format!("value Fjords(grid([{}]))", rows.join(", "))
            })
            .collect();
        let got = run(FJORDS, &texts);
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        for (k, b) in bs.iter().enumerate() {
            let g = partizan::parse(&mut s, &value_text(&got[k])).expect("the answer parses");
            prop_assert_eq!(g, fjords_value(&mut s, &mut memo, b), "{}", texts[k]);
        }
    }
}
