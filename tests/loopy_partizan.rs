//! Loopy partizan games written in the language: the outcomes of random
//! graphs with `-L->`/`-R->` edges and of sums of two or three of them
//! (normal and misère) agree with a brute-force fixed point on the whole
//! product graph; Northcott's game is Nim on the gaps; named stoppers.

use crate::common;

use grundy::Answer;
use grundy::{Mode, Session};
use grundy_theory::partizan::loopy::{LoopyOutcome, Winner};
use grundy_theory::partizan::{self, Comparison};
use proptest::prelude::*;

/// A random graph: per vertex, its Left and its Right options.
type Graph = (Vec<Vec<usize>>, Vec<Vec<usize>>);

fn graph() -> impl Strategy<Value = Graph> {
    (1usize..6).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::btree_set(0..n, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| {
            let f = |s: Vec<std::collections::BTreeSet<usize>>| {
                s.into_iter().map(|x| x.into_iter().collect()).collect()
            };
            (f(l), f(r))
        })
    })
}

fn declare(name: &str, g: &Graph) -> String {
    let mut s = format!("graph {name} {{\n");
    for v in 0..g.0.len() {
        s += &format!("  v{v};\n");
        for &w in &g.0[v] {
            s += &format!("  v{v} -L-> v{w};\n");
        }
        for &w in &g.1[v] {
            s += &format!("  v{v} -R-> v{w};\n");
        }
    }
    s + "}\n"
}

/// Brute force on the whole product of `gs` (every tuple): the least
/// fixed point of "Left (Right) can force a win", iterated until stable.
fn brute(gs: &[&Graph], start: &[usize], misere: bool) -> LoopyOutcome {
    let table = brute_table(gs, misere);
    table[encode(gs, start)]
}

/// A tuple's index in the full product.
fn encode(gs: &[&Graph], t: &[usize]) -> usize {
    t.iter()
        .rev()
        .zip(gs.iter().rev())
        .fold(0, |i, (&d, g)| i * g.0.len() + d)
}

/// The outcome of every tuple of the full product, by the fixed point.
fn brute_table(gs: &[&Graph], misere: bool) -> Vec<LoopyOutcome> {
    let sizes: Vec<usize> = gs.iter().map(|g| g.0.len()).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut i: usize| -> Vec<usize> {
        sizes
            .iter()
            .map(|&s| {
                let d = i % s;
                i /= s;
                d
            })
            .collect()
    };
    let encode = |t: &[usize]| encode(gs, t);
    // moves[i][mover]: the tuples the mover reaches from tuple i.
    let moves: Vec<[Vec<usize>; 2]> = (0..total)
        .map(|i| {
            let t = decode(i);
            let side = |mover: usize| {
                let mut out = Vec::new();
                for (k, g) in gs.iter().enumerate() {
                    let opts = if mover == 0 { &g.0[t[k]] } else { &g.1[t[k]] };
                    for &w in opts {
                        let mut c = t.clone();
                        c[k] = w;
                        out.push(encode(&c));
                    }
                }
                out
            };
            [side(0), side(1)]
        })
        .collect();
    let mut result = vec![[Winner::Draw; 2]; total];
    for who in 0..2 {
        let mut wins = vec![[false; 2]; total];
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..total {
                for mover in 0..2 {
                    if wins[i][mover] {
                        continue;
                    }
                    let opts = &moves[i][mover];
                    let w = if opts.is_empty() {
                        // The stuck mover loses in normal play, wins in misère.
                        (mover == who) == misere
                    } else if mover == who {
                        opts.iter().any(|&x| wins[x][1 - mover])
                    } else {
                        opts.iter().all(|&x| wins[x][1 - mover])
                    };
                    if w {
                        wins[i][mover] = true;
                        changed = true;
                    }
                }
            }
        }
        for (i, r) in result.iter_mut().enumerate() {
            for (mover, x) in r.iter_mut().enumerate() {
                if wins[i][mover] {
                    *x = if who == 0 {
                        Winner::Left
                    } else {
                        Winner::Right
                    };
                }
            }
        }
    }
    result
        .into_iter()
        .map(|[a, b]| LoopyOutcome {
            left_first: a,
            right_first: b,
        })
        .collect()
}

/// The outcome an answer gives, as the two starts' winners.
fn as_loopy(a: &Answer) -> LoopyOutcome {
    use Winner::*;
    let pair = |l, r| LoopyOutcome {
        left_first: l,
        right_first: r,
    };
    match a {
        Answer::LoopyOutcome { outcome, .. } => *outcome,
        Answer::PartizanOutcome { outcome, .. } => match outcome {
            partizan::Outcome::L => pair(Left, Left),
            partizan::Outcome::R => pair(Right, Right),
            partizan::Outcome::N => pair(Left, Right),
            partizan::Outcome::P => pair(Right, Left),
        },
        // A graph without edges is impartial (and terminal).
        Answer::Outcome { outcome, .. } => match outcome {
            grundy::Outcome::P => pair(Right, Left),
            grundy::Outcome::N => pair(Left, Right),
            grundy::Outcome::D => pair(Draw, Draw),
        },
        other => panic!("not an outcome: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn outcomes_of_random_loopy_sums(
        gs in proptest::collection::vec(graph(), 3),
        picks in proptest::collection::vec((1usize..4, any::<u64>(), any::<bool>()), 12),
    ) {
        let names = ["A", "B", "C"];
        let mut text: String = gs.iter().zip(names).map(|(g, n)| declare(n, g)).collect();
        let mut expected = Vec::new();
        for &(k, seed, misere) in &picks {
            let chosen: Vec<usize> = (0..k).map(|i| ((seed >> (16 * i)) % 3) as usize).collect();
            let refs: Vec<&Graph> = chosen.iter().map(|&c| &gs[c]).collect();
            let start: Vec<usize> = chosen
                .iter()
                .enumerate()
                .map(|(i, &c)| ((seed >> (16 * i + 8)) % gs[c].0.len() as u64) as usize)
                .collect();
            let terms: Vec<String> = chosen
                .iter()
                .zip(&start)
                .map(|(&c, &v)| format!("{}(v{v})", names[c]))
                .collect();
            let word = if misere { "outcome misere" } else { "outcome" };
            text += &format!("{word} {}\n", terms.join(" + "));
            expected.push(brute(&refs, &start, misere));
        }
        let got: Vec<LoopyOutcome> = common::answers(&text).iter().map(as_loopy).collect();
        prop_assert_eq!(got, expected, "{}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// `winning` lists exactly the moves to positions the mover wins with
    /// the opponent to move.
    #[test]
    fn winning_moves_of_random_loopy_sums(
        gs in proptest::collection::vec(graph(), 2),
        starts in proptest::collection::vec(any::<u8>(), 2),
        misere in any::<bool>(),
    ) {
        let names = ["A", "B"];
        let mut text: String = gs.iter().zip(names).map(|(g, n)| declare(n, g)).collect();
        let refs: Vec<&Graph> = gs.iter().collect();
        let start: Vec<usize> = (0..2).map(|i| starts[i] as usize % gs[i].0.len()).collect();
        let shown = |t: &[usize]| format!("A(v{}) + B(v{})", t[0], t[1]);
        let table = brute_table(&refs, misere);
        let word = if misere { "winning misere" } else { "winning" };
        let mut expected = Vec::new();
        for (mover, side) in [(0usize, "left"), (1, "right")] {
            text += &format!("{word} {} for {side}\n", shown(&start));
            let mut keep = Vec::new();
            for k in 0..2 {
                let opts = if mover == 0 { &gs[k].0[start[k]] } else { &gs[k].1[start[k]] };
                for &w in opts {
                    let mut c = start.clone();
                    c[k] = w;
                    let o = table[encode(&refs, &c)];
                    let wins = if mover == 0 {
                        o.right_first == Winner::Left
                    } else {
                        o.left_first == Winner::Right
                    };
                    if wins {
                        keep.push(shown(&c));
                    }
                }
            }
            // A position reached by several moves is listed once.
            keep.sort();
            keep.dedup();
            expected.push(keep);
        }
        let got: Vec<Vec<String>> = common::answers(&text)
            .into_iter()
            .map(|a| match a {
                Answer::PartizanWinning { mut moves, .. } => {
                    moves.sort();
                    moves
                }
                Answer::Winning { mut moves, .. } => {
                    moves.sort();
                    moves
                }
                other => panic!("{other:?}"),
            })
            .collect();
        prop_assert_eq!(got, expected, "{}", text);
    }
}

const NORTHCOTT: &str = "
game Row(w, a, b) {
    left move Row(w, x, b) for x in 0..b if x != a
    right move Row(w, a, y) for y in a + 1..w if y != b
}
";

#[test]
fn northcott_is_nim_on_the_gaps() {
    // Every pair of rows on boards 3 to 5 wide, and a triple for each pair.
    let mut rows = Vec::new();
    for w in 3..=5 {
        for a in 0..w {
            for b in a + 1..w {
                rows.push((w, a, b));
            }
        }
    }
    let mut text = NORTHCOTT.to_string();
    let mut gaps = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        for s in &rows[i..] {
            for t in [None, Some(rows[(i * 7) % rows.len()])] {
                let mut terms = vec![*r, *s];
                terms.extend(t);
                let shown: Vec<String> = terms
                    .iter()
                    .map(|(w, a, b)| format!("Row({w}, {a}, {b})"))
                    .collect();
                text += &format!("outcome {}\n", shown.join(" + "));
                gaps.push(terms.iter().fold(0, |x, (_, a, b)| x ^ (b - a - 1)));
            }
        }
    }
    let answers = common::answers(&text);
    assert_eq!(answers.len(), gaps.len());
    assert!(gaps.len() > 300);
    for (a, g) in answers.iter().zip(&gaps) {
        let o = as_loopy(a);
        assert!(!o.has_draw(), "{a:?}");
        let expect = if *g == 0 { "P" } else { "N" };
        assert_eq!(o.to_string(), expect, "{a:?}");
    }
}

const STOPPERS: &str = "
graph S {
    zero;
    star -> zero;
    five -L-> four; four -L-> three; three -L-> two; two -L-> one; one -L-> zero;
    on -L-> on;
    off -R-> off;
    over -L-> zero; over -R-> over;
    under -L-> under; under -R-> zero;
    upon -L-> upon; upon -R-> star;
    h1 -L-> zero; h1 -R-> one;
    h2 -L-> zero; h2 -R-> h1;
    h3 -L-> zero; h3 -R-> h2;
    h4 -L-> zero; h4 -R-> h3;
    h5 -L-> zero; h5 -R-> h4;
    h6 -L-> zero; h6 -R-> h5;
    on2 -L-> on3; on3 -L-> on2; on3 -R-> on2b; on2b -L-> on2;
}
";

fn run_one(text: &str) -> Answer {
    common::one(&format!("{STOPPERS}\n{text}"))
}

#[test]
fn named_stoppers_print_with_their_names() {
    for (q, name) in [
        ("S(on)", "on"),
        ("S(off)", "off"),
        ("S(over)", "over"),
        ("S(under)", "under"),
        ("S(upon)", "^[on]"),
        ("S(on) + S(off)", "dud"),
        ("S(on) + S(five)", "on"),
        ("S(over) + S(zero)", "over"),
    ] {
        match run_one(&format!("value {q}")) {
            Answer::Value { value, .. } => assert_eq!(value.text, name, "{q}"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn stopper_order() {
    use Comparison::*;
    for (a, b, c) in [
        ("S(on)", "S(five)", Greater),
        ("S(over)", "S(zero)", Greater),
        ("S(over)", "S(h6)", Less),
        ("S(under)", "S(zero)", Less),
        ("S(off)", "S(zero)", Less),
        ("S(on)", "S(on) + S(on)", Equal),
        ("S(upon)", "S(zero)", Greater),
    ] {
        match run_one(&format!("compare {a}, {b}")) {
            Answer::Compare { comparison, .. } => assert_eq!(comparison, c, "{a} vs {b}"),
            other => panic!("{other:?}"),
        }
    }
}

/// Answers and error codes of a text run in a session.
fn run_codes(text: &str) -> Vec<String> {
    let mut s = Session::new(100_000);
    let mut codes = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |_, r| {
        use miette::Diagnostic;
        codes.push(match r {
            Ok(a) => grundy::render::text(&a),
            Err(e) => e.code().map(|c| c.to_string()).unwrap_or_default(),
        });
    });
    codes
}

const WALK: &str =
    "game Walk(n) {\n left move Walk(n + 1) if n < 2\n right move Walk(n - 1) if n > 0\n}\n";

#[test]
fn loopy_values_sides_and_refusals() {
    let codes = run_codes(&format!(
        "{WALK}{STOPPERS}graph U {{ a -L-> b; a -R-> b; b -L-> a; b -L-> b; }}\n\
         value Walk(0)\nvalue Walk(1)\nvalue S(over) + S(under)\nmean Walk(1)\n\
         compare S(over) + S(under), S(zero)\ncompare Walk(0), S(zero)\nmean S(on)\nvalue U(a)\n"
    ));
    assert_eq!(
        codes,
        vec![
            "value Walk(0) = 2 & 0",
            "value Walk(1) = 1 & -1",
            "value S(over) + S(under) = over & under",
            "grundy::partizan::loopy",
            "compare S(over) + S(under), S(zero): S(over) + S(under) || S(zero)",
            "compare Walk(0), S(zero): Walk(0) > S(zero)",
            "grundy::partizan::loopy",
            // Sidling does not settle on U(a) = {b|b}, b = {a, pass|}; the
            // general side form (THEORY.md §6.18) finds both sides `on`.
            "value U(a) = on",
        ]
    );
}

#[test]
fn stoppers_print_in_simplest_form() {
    let text = format!(
        "{STOPPERS}graph T {{ zero; star -> zero; one -L-> zero; \
         over -L-> zero; over -R-> over; upon -L-> upon; upon -R-> star; \
         g -L-> zero; g -R-> h; h -L-> g; h -R-> star; \
         v0 -L-> v2; v0 -L-> v3; v0 -R-> zero; v2 -L-> v4; v2 -L-> zero; v2 -R-> v4; \
         v3 -L-> zero; v3 -L-> v0; v3 -R-> zero; v3 -R-> v2; v4 -L-> v0; v4 -R-> v4; }}\n\
         value T(over) + T(one)\nvalue T(upon) + T(upon)\nvalue T(upon) + T(star)\n\
         value T(over) + T(over)\nvalue T(over) + T(star)\nvalue T(g)\nvalue T(v0)\n\
         value T(one) + T(one)\nvalue S(on2)\n"
    );
    let codes = run_codes(&text);
    assert_eq!(
        codes,
        vec![
            "value T(over) + T(one) = 1over",
            "value T(upon) + T(upon) = {0|^[on]*}",
            "value T(upon) + T(star) = ^[on]*",
            "value T(over) + T(over) = over",
            "value T(over) + T(star) = over",
            "value T(g) = 1 & *",
            "value T(v0) = a{0|0,{0||a|0}||0}",
            "value T(one) + T(one) = 2",
            "value S(on2) = on",
        ]
    );
}

#[test]
fn loopy_sums_keep_the_position_budget() {
    let mut codes = Vec::new();
    let mut s = Session::new(40);
    s.run_text(
        "t.game",
        &format!(
            "{NORTHCOTT}outcome Row(6, 0, 5) + Row(5, 1, 3) + Row(4, 0, 3)\nwinning Row(6, 0, 5) + Row(5, 1, 3) for left\n"
        ),
        Mode::Run,
        &mut |_, r| {
            use miette::Diagnostic;
            codes.push(match r {
                Ok(a) => format!("{a:?}"),
                Err(e) => e.code().map(|c| c.to_string()).unwrap_or_default(),
            });
        },
    );
    assert_eq!(codes, vec!["grundy::solve::budget"; 2]);
}

#[test]
fn outcome_text_and_json_name_both_starts() {
    let walk =
        "game Walk(n) {\n left move Walk(n + 1) if n < 2\n right move Walk(n - 1) if n > 0\n}\n";
    let a = common::answers(&format!(
        "{walk}outcome Walk(0)\noutcome misere Walk(0)\n{NORTHCOTT}outcome Row(5, 0, 3)\n"
    ));
    let texts: Vec<String> = a.iter().map(grundy::render::text).collect();
    assert_eq!(
        texts,
        [
            "outcome Walk(0) = DL (a draw when Left moves first; Left wins when Right moves first)",
            "outcome misere Walk(0) = DR (a draw when Left moves first; Right wins when Right moves first)",
            "outcome Row(5, 0, 3) = N (the next player wins)",
        ]
    );
    let j = grundy::render::json(&a[0]);
    assert_eq!(j["outcome"], "DL");
    assert_eq!(j["left_first"], "D");
    assert_eq!(j["right_first"], "L");
    let j = grundy::render::json(&a[2]);
    assert_eq!(
        (&j["left_first"], &j["right_first"]),
        (&"L".into(), &"R".into())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// `value` of every stopper vertex of a random graph written in the
    /// language is the library's simplest form of the same graph (however
    /// the language numbers its vertices), and `compare` says equal
    /// exactly when the texts agree.
    #[test]
    fn values_of_random_stoppers(g in graph()) {
        use grundy_theory::partizan::loopy::{SidedGraph, is_stopper, simplify, stopper_text};
        let to32 = |s: &Vec<Vec<usize>>| -> Vec<Vec<u32>> {
            s.iter().map(|o| o.iter().map(|&w| w as u32).collect()).collect()
        };
        let sg = SidedGraph::new(to32(&g.0), to32(&g.1));
        let mut store = grundy_theory::partizan::GameStore::new();
        let stoppers: Vec<usize> = (0..g.0.len()).filter(|&v| is_stopper(&sg, v as u32)).collect();
        let mut text = declare("A", &g);
        let mut expected = Vec::new();
        for &v in &stoppers {
            let (s, _) = simplify(&sg, &[v as u32], 1 << 20, &mut || false).unwrap();
            let t = stopper_text(&mut store, &s.graph, s.roots[0]).unwrap();
            text += &format!("value A(v{v})\n");
            expected.push(format!("value A(v{v}) = {t}"));
        }
        for &v in &stoppers {
            for &w in &stoppers {
                text += &format!("compare A(v{v}), A(v{w})\n");
            }
        }
        let got = run_codes(&text);
        let k = stoppers.len();
        prop_assert_eq!(&got[..k], &expected[..]);
        for (i, _) in stoppers.iter().enumerate() {
            for (j, _) in stoppers.iter().enumerate() {
                let answer = &got[k + i * k + j];
                let same = expected[i].split(" = ").nth(1) == expected[j].split(" = ").nth(1);
                prop_assert_eq!(answer.contains(" = A("), same, "{}", answer);
            }
        }
    }
}

/// Every Fox and Goose position on strips up to 5 cells (examples/
/// fox_and_goose.game) is a stopper, and its outcome is the one its value
/// implies: L above 0, R below, P equal, N confused.
#[test]
fn fox_and_goose_outcomes_follow_from_values() {
    let example = std::fs::read_to_string("examples/fox_and_goose.game").unwrap();
    let rules: String = example
        .lines()
        .filter(|l| {
            !l.starts_with("value") && !l.starts_with("outcome") && !l.starts_with("compare")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let mut text = format!("{rules}graph Z {{ zero; one -L-> zero; }}\n");
    let mut count = 0;
    for w in 2..=5 {
        for f in 0..w {
            for g in 0..w {
                if f != g {
                    let p = format!("FG({w}, {f}, {g})");
                    text += &format!("value {p}\ncompare {p}, Z(zero)\noutcome {p}\n");
                    count += 1;
                }
            }
        }
    }
    let got = run_codes(&text);
    assert_eq!(got.len(), 3 * count);
    for chunk in got.chunks(3) {
        assert!(
            !chunk[0].contains(" & ") && !chunk[0].starts_with("grundy::"),
            "{chunk:?}"
        );
        let class = if chunk[1].contains(" > ") {
            "L"
        } else if chunk[1].contains(" < ") {
            "R"
        } else if chunk[1].contains(" = ") {
            "P"
        } else {
            "N"
        };
        assert!(chunk[2].contains(&format!(" = {class} (")), "{chunk:?}");
    }
}

/// A Northcott row is not a stopper (both checkers can go back and
/// forth), but its onside and offside settle and are equal: the nimber of
/// its gap, as Nim on the gaps says.
#[test]
fn northcott_rows_are_nimbers_of_their_gaps() {
    let mut text = NORTHCOTT.to_string();
    let mut expected = Vec::new();
    for w in 2..=6 {
        for a in 0..w {
            for b in a + 1..w {
                text += &format!("value Row({w}, {a}, {b})\n");
                let nim = match b - a - 1 {
                    0 => "0".to_string(),
                    1 => "*".to_string(),
                    k => format!("*{k}"),
                };
                expected.push(format!("value Row({w}, {a}, {b}) = {nim}"));
            }
        }
    }
    assert_eq!(run_codes(&text), expected);
}
