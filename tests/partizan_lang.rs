//! Partizan games written in the language agree with the `partizan`
//! library computing from move generators written here: canonical values
//! of random Hackenbush strings, sums and Domineering regions; outcomes
//! (normal and misère) and Left's and Right's winning moves agree with
//! play by brute force on the sums themselves.

use crate::common;

use std::collections::HashMap;

use grundy::Answer;
use grundy::render;
use grundy::{Mode, Session};
use grundy_theory::partizan::{self, Comparison, GameStore, Outcome, ValueId};
use proptest::prelude::*;

const GAMES: &str = "
fn below(s, i) = [s[j] for j in 0..i]
game String(s) {
    left move String(below(s, i)) for i in 0..len(s) if s[i] >= 0
    right move String(below(s, i)) for i in 0..len(s) if s[i] <= 0
}
fn drop(bs, i) = [bs[j] for j in 0..len(bs) if j != i]
fn swap(bs, i, t) = [if j == i then (bs[i][0], t) else bs[j] for j in 0..len(bs)]
fn cuts(bs, c) = [drop(bs, i) for i in 0..len(bs) if bs[i][0] == c or bs[i][0] == 0] + [swap(bs, i, t) for i in 0..len(bs), t in cuts(bs[i][1], c)]
game Tree(bs) {
    left move Tree(t) for t in cuts(bs, 1)
    right move Tree(t) for t in cuts(bs, -1)
}
game Domineering(cells) {
    left move Domineering(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells
    right move Domineering(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells
}
";

/// A position of the games here: a Hackenbush string (1 blue, -1 red, 0
/// green, ground first) or a Domineering region (bit `3r + c` of a 3×3
/// board free).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Pos {
    String(Vec<i8>),
    Dom(u16),
    /// A Hackenbush tree: the branches at the ground, each an edge's
    /// colour and the branches above it.
    Tree(Vec<Branch>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Branch(i8, Vec<Branch>);

fn branches_text(bs: &[Branch]) -> String {
    let items: Vec<String> = bs
        .iter()
        .map(|Branch(c, up)| format!("({c}, {})", branches_text(up)))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Every way to cut one edge of colour `c` (or green) from the branches.
fn tree_cuts(bs: &[Branch], c: i8) -> Vec<Vec<Branch>> {
    let mut out = Vec::new();
    for (i, b) in bs.iter().enumerate() {
        if b.0 == c || b.0 == 0 {
            let mut next = bs.to_vec();
            next.remove(i);
            out.push(next);
        }
    }
    for (i, b) in bs.iter().enumerate() {
        for t in tree_cuts(&b.1, c) {
            let mut next = bs.to_vec();
            next[i] = Branch(b.0, t);
            out.push(next);
        }
    }
    out
}

impl Pos {
    fn text(&self) -> String {
        match self {
            Pos::String(s) => {
                let items: Vec<String> = s.iter().map(std::string::ToString::to_string).collect();
                format!("String([{}])", items.join(", "))
            }
            Pos::Dom(m) => {
                let cells: Vec<String> = (0..9)
                    .filter(|b| m & (1 << b) != 0)
                    .map(|b| format!("({}, {})", b / 3, b % 3))
                    .collect();
                format!("Domineering({{{}}})", cells.join(", "))
            }
            Pos::Tree(bs) => format!("Tree({})", branches_text(bs)),
        }
    }

    /// Left's (`left`) or Right's options, by the rules.
    fn options(&self, left: bool) -> Vec<Pos> {
        match self {
            Pos::String(s) => (0..s.len())
                .filter(|&i| if left { s[i] >= 0 } else { s[i] <= 0 })
                .map(|i| Pos::String(s[..i].to_vec()))
                .collect(),
            Pos::Dom(m) => {
                let mut out = Vec::new();
                for r in 0..3 {
                    for c in 0..3 {
                        let a = 1u16 << (3 * r + c);
                        let other = if left {
                            (r + 1 < 3).then(|| 1u16 << (3 * (r + 1) + c))
                        } else {
                            (c + 1 < 3).then(|| 1u16 << (3 * r + c + 1))
                        };
                        if let Some(b) = other
                            && m & a != 0
                            && m & b != 0
                        {
                            out.push(Pos::Dom(m & !a & !b));
                        }
                    }
                }
                out
            }
            Pos::Tree(bs) => tree_cuts(bs, if left { 1 } else { -1 })
                .into_iter()
                .map(Pos::Tree)
                .collect(),
        }
    }
}

/// The canonical value from the rules (recursion: positions are tiny).
fn value(s: &mut GameStore, memo: &mut HashMap<Pos, ValueId>, p: &Pos) -> ValueId {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let l: Vec<ValueId> = p.options(true).iter().map(|q| value(s, memo, q)).collect();
    let r: Vec<ValueId> = p.options(false).iter().map(|q| value(s, memo, q)).collect();
    let v = s.game(&l, &r).expect("small values");
    memo.insert(p.clone(), v);
    v
}

fn sum_value(s: &mut GameStore, memo: &mut HashMap<Pos, ValueId>, sum: &[Pos]) -> ValueId {
    let mut x = s.zero();
    for p in sum {
        let v = value(s, memo, p);
        x = s.add(x, v).expect("small values");
    }
    x
}

/// The sums one move away for a player, each with the index moved in.
fn moves(sum: &[Pos], left: bool) -> Vec<Vec<Pos>> {
    let mut out = Vec::new();
    for (i, p) in sum.iter().enumerate() {
        for q in p.options(left) {
            let mut next = sum.to_vec();
            next[i] = q;
            out.push(next);
        }
    }
    out
}

/// (Left wins moving first, Right wins moving first), by play.
fn wins(sum: &[Pos], misere: bool, memo: &mut HashMap<Vec<Pos>, (bool, bool)>) -> (bool, bool) {
    let mut key = sum.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let lm = moves(sum, true);
    let rm = moves(sum, false);
    let lw = if lm.is_empty() {
        misere
    } else {
        lm.iter().any(|n| !wins(n, misere, memo).1)
    };
    let rw = if rm.is_empty() {
        misere
    } else {
        rm.iter().any(|n| !wins(n, misere, memo).0)
    };
    memo.insert(key, (lw, rw));
    (lw, rw)
}

fn sum_text(sum: &[Pos]) -> String {
    if sum.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = sum.iter().map(Pos::text).collect();
    parts.join(" + ")
}

/// A sum as a multiset of components: the moves `moves` and `winning`
/// list once.
fn position_key(sum: &[Pos]) -> Vec<String> {
    let mut key: Vec<String> = sum.iter().map(Pos::text).collect();
    key.sort();
    key
}

fn run(queries: &str) -> Vec<Answer> {
    let mut s = Session::new(2_000_000);
    common::answers_in(&mut s, &format!("{GAMES}\n{queries}"))
}

fn value_text(a: &Answer) -> String {
    match a {
        Answer::Value { value, .. } => value.text.clone(),
        other => panic!("not a value: {other:?}"),
    }
}

fn string() -> impl Strategy<Value = Pos> {
    prop::collection::vec(-1i8..=1, 0..5).prop_map(Pos::String)
}

fn region() -> impl Strategy<Value = Pos> {
    (0u16..512).prop_map(Pos::Dom)
}

/// Trees of at most about six edges.
fn tree() -> impl Strategy<Value = Pos> {
    let leaf = (-1i8..=1).prop_map(|c| Branch(c, Vec::new()));
    let branch = leaf.prop_recursive(3, 6, 2, |inner| {
        ((-1i8..=1), prop::collection::vec(inner, 0..3)).prop_map(|(c, up)| Branch(c, up))
    });
    prop::collection::vec(branch, 0..3).prop_map(Pos::Tree)
}

fn component() -> impl Strategy<Value = Pos> {
    prop_oneof![string(), region(), tree()]
}

/// The language's `value`, `outcome`, `outcome misere`, `winning ... for
/// left|right` of a sum, checked against the rules.
fn check_sum(sum: &[Pos]) -> Result<(), TestCaseError> {
    let t = sum_text(sum);
    let answers = run(&format!(
        "value {t}\noutcome {t}\noutcome misere {t}\nwinning {t} for left\nwinning {t} for right\nmoves {t}\nwinning misere {t} for left\nwinning misere {t} for right"
    ));
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    let expected = sum_value(&mut s, &mut memo, sum);
    let got = partizan::parse(&mut s, &value_text(&answers[0])).expect("the printed value parses");
    prop_assert_eq!(got, expected, "value of {}", t);

    let mut normal = HashMap::new();
    let mut misere = HashMap::new();
    let (l, r) = wins(sum, false, &mut normal);
    let (ml, mr) = wins(sum, true, &mut misere);
    let outcome = |a: &Answer| match a {
        Answer::PartizanOutcome { outcome, .. } => *outcome,
        // The empty sum is impartial: answered as one.
        Answer::Outcome { outcome, .. } if sum.is_empty() => match outcome {
            grundy::Outcome::P => Outcome::P,
            _ => Outcome::N,
        },
        other => panic!("not a partizan outcome: {other:?}"),
    };
    prop_assert_eq!(
        outcome(&answers[1]),
        Outcome::from_wins(l, r),
        "outcome {}",
        t
    );
    prop_assert_eq!(s.outcome(expected), Outcome::from_wins(l, r));
    prop_assert_eq!(
        outcome(&answers[2]),
        Outcome::from_wins(ml, mr),
        "misère {}",
        t
    );

    for (k, left, mis) in [
        (3, true, false),
        (4, false, false),
        (6, true, true),
        (7, false, true),
    ] {
        let Answer::PartizanWinning { moves: got, .. } = &answers[k] else {
            panic!("not winning moves: {:?}", answers[k]);
        };
        // Each distinct winning move by play, written as the language
        // writes it; a component written twice gives its moves once.
        let mut want: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, p) in sum.iter().enumerate() {
            if sum[..i].contains(p) {
                continue;
            }
            for q in p.options(left) {
                let mut next = sum.to_vec();
                next[i] = q;
                let memo = if mis { &mut misere } else { &mut normal };
                let (nl, nr) = wins(&next, mis, memo);
                let keeps = if left { !nr } else { !nl };
                // Moves to the same position (in any order) are listed once.
                if keeps && seen.insert(position_key(&next)) {
                    want.push(sum_text(&next));
                }
            }
        }
        let mut got = got.clone();
        got.sort();
        want.sort();
        prop_assert_eq!(
            got,
            want,
            "winning {} for {}",
            t,
            if left { "left" } else { "right" }
        );
    }
    // `moves`: every move of each player, with the value it leads to.
    if !sum.is_empty() {
        let Answer::PartizanMoves { left, right, .. } = &answers[5] else {
            panic!("not partizan moves: {:?}", answers[5]);
        };
        for (got, is_left) in [(left, true), (right, false)] {
            let mut want: Vec<(String, ValueId)> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (i, p) in sum.iter().enumerate() {
                if sum[..i].contains(p) {
                    continue;
                }
                for q in p.options(is_left) {
                    let mut next = sum.to_vec();
                    next[i] = q;
                    if !seen.insert(position_key(&next)) {
                        continue;
                    }
                    let v = sum_value(&mut s, &mut memo, &next);
                    want.push((sum_text(&next), v));
                }
            }
            let mut got: Vec<(String, ValueId)> = got
                .iter()
                .map(|(to, v)| (to.clone(), partizan::parse(&mut s, v).expect("parses")))
                .collect();
            got.sort();
            want.sort();
            prop_assert_eq!(got, want, "moves {}", t);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn values_outcomes_and_winning_moves_of_random_sums(
        sum in prop::collection::vec(component(), 0..3)
    ) {
        check_sum(&sum)?;
    }

    #[test]
    fn hackenbush_trees_have_the_library_value(t in tree()) {
        let a = run(&format!("value {}", t.text()));
        let mut s = GameStore::new();
        let expected = value(&mut s, &mut HashMap::new(), &t);
        let got = partizan::parse(&mut s, &value_text(&a[0])).expect("parses");
        prop_assert_eq!(got, expected, "{}", t.text());
    }

    #[test]
    fn domineering_regions_have_the_library_value(m in 0u16..512) {
        let p = Pos::Dom(m);
        let a = run(&format!("value {}", p.text()));
        let mut s = GameStore::new();
        let expected = value(&mut s, &mut HashMap::new(), &p);
        let got = partizan::parse(&mut s, &value_text(&a[0])).expect("parses");
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn compare_agrees_with_the_library(a in component(), b in component()) {
        let ans = run(&format!("compare {}, {}", a.text(), b.text()));
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        let (va, vb) = (value(&mut s, &mut memo, &a), value(&mut s, &mut memo, &b));
        let Answer::Compare { comparison, .. } = &ans[0] else { panic!("{:?}", ans[0]) };
        prop_assert_eq!(*comparison, s.compare(va, vb));
    }
}

#[test]
fn every_small_string_and_region_has_the_library_value() {
    let mut positions = vec![];
    for n in 0..=4u32 {
        for code in 0..3u32.pow(n) {
            let s: Vec<i8> = (0..n).map(|i| (code / 3u32.pow(i) % 3) as i8 - 1).collect();
            positions.push(Pos::String(s));
        }
    }
    positions.extend((0..512).step_by(7).map(Pos::Dom));
    let queries: Vec<String> = positions
        .iter()
        .map(|p| format!("value {}", p.text()))
        .collect();
    let answers = run(&queries.join("\n"));
    let mut s = GameStore::new();
    let mut memo = HashMap::new();
    for (p, a) in positions.iter().zip(&answers) {
        let expected = value(&mut s, &mut memo, p);
        let got = partizan::parse(&mut s, &value_text(a)).expect("parses");
        assert_eq!(got, expected, "{}", p.text());
    }
}

#[test]
fn impartial_games_are_nimbers_in_partizan_sums() {
    let a = run(
        "value Nim(3) + String([1, -1])\nvalue *2 + *3\noutcome Nim(2) + Nim(3)\ncompare Nim(2), String([0, 0])\noutcome Nim(2) + String([0, 0])",
    );
    assert_eq!(value_text(&a[0]), "1/2+*3");
    assert_eq!(value_text(&a[1]), "*");
    // An impartial position with no partizan part keeps the impartial answer.
    assert!(matches!(a[2], Answer::Outcome { .. }));
    assert!(matches!(
        a[3],
        Answer::Compare {
            comparison: Comparison::Equal,
            ..
        }
    ));
    assert!(matches!(
        a[4],
        Answer::PartizanOutcome {
            outcome: Outcome::P,
            ..
        }
    ));
}

#[test]
fn values_print_as_json_with_their_structure() {
    let a = run("value Domineering({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})");
    let j = render::json(&a[0]);
    assert_eq!(j["query"], "value");
    assert_eq!(j["value"], "{2|-1/2}");
    assert_eq!(j["canonical"]["text"], "{2|-1/2}");
    assert_eq!(j["canonical"]["kind"], "game");
    assert_eq!(j["canonical"]["left"][0], "2");
    assert_eq!(j["canonical"]["right"][0], "-1/2");
}

/// The error's code when a program fails.
fn error_code(text: &str) -> String {
    let mut s = Session::new(100_000);
    let mut codes = Vec::new();
    s.run_text(
        "t.game",
        &format!("{GAMES}\n{text}"),
        Mode::Run,
        &mut |_, r| {
            if let Err(e) = r {
                use miette::Diagnostic;
                codes.push(e.code().map(|c| c.to_string()).unwrap_or_default());
            }
        },
    );
    codes.join(",")
}

#[test]
fn impartial_queries_refuse_partizan_positions() {
    for q in ["grundy", "remoteness", "kernel"] {
        assert_eq!(
            error_code(&format!("{q} String([1]) + Nim(1)")),
            "grundy::solve::partizan",
            "{q}"
        );
    }
    let p = "game P(n) { left move P(n - 1) if n > 0 }\ngame Q(a, b) { right move Q(a, b - 1) if b > 0 }\n";
    for q in ["sequence P 0..3", "period P", "table Q 0..2, 0..2"] {
        assert_eq!(
            error_code(&format!("{p}{q}")),
            "grundy::solve::partizan",
            "{q}"
        );
    }
    // An impartial game moving to a partizan one is partizan too.
    assert_eq!(
        error_code("game Wrap(n) { move String([1]) }\ngrundy Wrap(0)"),
        "grundy::solve::partizan"
    );
    let a = run("game Wrap(n) { move String([1]) }\nvalue Wrap(0)\noutcome Wrap(0)");
    assert_eq!(value_text(&a[0]), "1*");
    assert_eq!(
        error_code("winning String([1, -1])"),
        "grundy::query::unsupported"
    );
}

#[test]
fn unbounded_partizan_games_stop_at_the_budgets() {
    let grow = "game Grow(n) {\n left move Grow(n + 1)\n right move 0\n}\n";
    for q in [
        "value Grow(0)",
        "outcome misere Grow(0)",
        "moves Grow(0) + Grow(1)",
    ] {
        let code = error_code(&format!("{grow}{q}"));
        assert!(
            code == "grundy::solve::budget"
                || code == "grundy::solve::move_budget"
                || code == "grundy::solve::unbounded",
            "{q}: {code}"
        );
    }
}

#[test]
fn loopy_partizan_games_are_refused() {
    let walk =
        "game Walk(n) {\n left move Walk(n + 1) if n < 2\n right move Walk(n - 1) if n > 0\n}\n";
    // Outcomes of loopy positions are answered (tests/loopy_partizan.rs),
    // winning moves, and values (simplest forms, or onside & offside);
    // means are not.
    for q in ["mean Walk(0)", "mean Walk(1)"] {
        assert_eq!(
            error_code(&format!("{walk}{q}")),
            "grundy::partizan::loopy",
            "{q}"
        );
    }
    // A loopy impartial game inside a partizan sum: not a stopper (a and
    // b alternate for ever), and c ends the play, so it is not dud either;
    // its onside and offside are both 0, so the sum is 1.
    let g = "graph Loop { a -> b; b -> a; b -> c; c }\n";
    match &common::answers(&format!(
        "{GAMES}{walk}{g}value Loop(a) + String([1])\nvalue Walk(0)"
    ))[..]
    {
        [
            Answer::Value { value: a, .. },
            Answer::Value { value: b, .. },
        ] => {
            assert_eq!((a.text.as_str(), b.text.as_str()), ("1", "2 & 0"));
        }
        other => panic!("{other:?}"),
    }
    // Without c both players can always move: the sum is dud.
    let g = "graph Loop { a -> b; b -> a }\n";
    match &common::answers(&format!("{GAMES}{g}value Loop(a) + String([1])"))[..] {
        [Answer::Value { value, .. }] => assert_eq!(value.text, "dud"),
        other => panic!("{other:?}"),
    }
}

// ---- game values inside expressions ------------------------------------

/// G ≤ H from the definition, on the sums themselves: no Left option of G
/// is ≥ H and no Right option of H is ≤ G.
fn le_by_play(g: &[Pos], h: &[Pos], memo: &mut HashMap<(Vec<Pos>, Vec<Pos>), bool>) -> bool {
    let key = {
        let (mut a, mut b) = (g.to_vec(), h.to_vec());
        a.sort();
        b.sort();
        (a, b)
    };
    if let Some(&x) = memo.get(&key) {
        return x;
    }
    let x = !moves(g, true).iter().any(|gl| le_by_play(h, gl, memo))
        && !moves(h, false).iter().any(|hr| le_by_play(hr, g, memo));
    memo.insert(key, x);
    x
}

fn eval_texts(text: &str) -> Vec<String> {
    run(text)
        .into_iter()
        .map(|a| match a {
            Answer::Eval { text, .. } => text,
            other => panic!("not an expression's value: {other:?}"),
        })
        .collect()
}

/// The comparisons and the algebra of `value(A)`, `value(B)` in the
/// language, against G ≤ H by the definition and the library's sum.
fn check_values(a: &Pos, b: &Pos) -> Result<(), TestCaseError> {
    let (ta, tb) = (a.text(), b.text());
    let (va, vb) = (format!("value({ta})"), format!("value({tb})"));
    let lines = [
        format!("{va} <= {vb}"),
        format!("{va} >= {vb}"),
        format!("{va} == {vb}"),
        format!("{va} != {vb}"),
        format!("{va} < {vb}"),
        format!("{va} > {vb}"),
        format!("{va} || {vb}"),
        format!("-(-{va}) == {va}"),
        format!("{va} + -{va} == 0"),
        format!("{va} + {vb} == {vb} + {va}"),
        format!("value({ta} + {tb}) == {va} + {vb}"),
        format!("{va} - {vb} == {va} + -{vb}"),
        format!("{va} - {vb} >= 0"),
        format!("{va} + {vb}"),
        format!("-{va}"),
    ];
    let got = eval_texts(&lines.join(";\n"));
    let mut memo = HashMap::new();
    let (g, h) = (vec![a.clone()], vec![b.clone()]);
    let le = le_by_play(&g, &h, &mut memo);
    let ge = le_by_play(&h, &g, &mut memo);
    let expected = [
        le,
        ge,
        le && ge,
        !(le && ge),
        le && !ge,
        ge && !le,
        !le && !ge,
        true,
        true,
        true,
        true,
        true,
        ge,
    ];
    for (i, want) in expected.iter().enumerate() {
        prop_assert_eq!(&got[i], &want.to_string(), "{}", lines[i]);
    }
    let mut s = GameStore::new();
    let mut vm = HashMap::new();
    let sum = sum_value(&mut s, &mut vm, &[a.clone(), b.clone()]);
    let printed = partizan::parse(&mut s, &got[13]).expect("the printed sum parses");
    prop_assert_eq!(printed, sum, "{}", lines[13]);
    let x = value(&mut s, &mut vm, a);
    let neg = s.neg(x).expect("small");
    prop_assert_eq!(partizan::parse(&mut s, &got[14]).expect("parses"), neg);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn game_values_in_expressions_follow_the_definition(a in component(), b in component()) {
        check_values(&a, &b)?;
    }
}

#[test]
fn game_values_of_every_small_string() {
    // Every pair of Hackenbush strings of length ≤ 2, and a few regions.
    let mut positions = vec![];
    for n in 0..=2u32 {
        for code in 0..3u32.pow(n) {
            let s: Vec<i8> = (0..n).map(|i| (code / 3u32.pow(i) % 3) as i8 - 1).collect();
            positions.push(Pos::String(s));
        }
    }
    positions.extend([0b111_111, 0b011_011, 0b110_011_001].map(Pos::Dom));
    for a in &positions {
        for b in &positions {
            check_values(a, b).unwrap();
        }
    }
}

#[test]
fn game_value_literals_and_functions() {
    let got = eval_texts(
        "value(0)\nvalue(*1)\nvalue(*2) + value(*3)\nvalue(3) + 1\nnum(3, 4)\nnum(-5)\nnum(1, 2) + num(1, 2) == 1\nup()\nup(2) + value(*1)\nup(-1)\nup() * 3 == up(3)\n\
         value(String([1, -1])) * -2\nmean(Domineering({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)}))\n\
         temperature(value(Domineering({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})))\ntemperature(num(1, 2))\n\
         up() || 0\nvalue(*1) || 0\nup() > 0\nup() > value(*1)\nis_p(up() - up())\nis_n(value(*1))\nis_n(up())\n\
         [value(*1), value(*1) + 0, 1]\nlen({value(*1), value(*1) + 0, value(Nim(1))})\n\
         value(String([1])) in [1, value(String([1]))]\nlet h = value(String([1, -1]))\nh + h == value(String([1]))\n\
         [n for n in 1..6 if value(*n) == value(Nim(1)) + value(*(n - 1))]",
    );
    let expected = [
        "0",
        "*",
        "*",
        "4",
        "3/4",
        "-5",
        "true",
        "^",
        "^^*",
        "v",
        "true",
        "-1",
        "3/4",
        "5/4",
        "-1/2",
        "false",
        "true",
        "true",
        "false",
        "true",
        "true",
        "false",
        "[*, *, 1]",
        "1",
        "true",
        "true",
        "[1, 3, 5]",
    ];
    assert_eq!(got, expected);
}

#[test]
fn game_values_print_as_json_with_their_structure() {
    let a = run("up() + value(*1)");
    let j = render::json(&a[0]);
    assert_eq!(j["query"], "eval");
    assert_eq!(j["value"], "^*");
    assert_eq!(j["type"], "game value");
    assert_eq!(j["canonical"]["kind"], "uptimal");
    assert_eq!(j["canonical"]["ups"], 1);
    assert_eq!(j["canonical"]["nimber"], 1);
}

#[test]
fn game_values_refuse_what_they_cannot_combine_with() {
    // (A value plus a position is a position: a sum of components.)
    for q in [
        "value(String([1])) < [1]",
        "String([1]) || [1]",
        "1 || [2]",
        "value(*1) / 2",
        "value(*1) and true",
        "-value(*1) + (1, 2)",
        "value([1])",
        "num(1, 3)",
        "num(true)",
        "up(value(*1))",
        "mean([1])",
        "min(value(*1), 2)",
        "max([up(), up(2)])",
    ] {
        let code = error_code(q);
        assert!(
            code == "grundy::eval::type_error" || code == "grundy::eval::value",
            "{q}: {code}"
        );
    }
    // Numbers that are game values sort as numbers (they were refused
    // before rationals joined the numbers); games that are not numbers
    // are still refused (`max([up(), up(2)])` above).
    assert_eq!(
        common::texts_or_codes("sorted([num(1, 2), 0])"),
        ["[0, 1/2]"]
    );
    // A move rule has no store of values to ask.
    assert_eq!(
        error_code("game Bad(n) { move Bad(n - 1) if value(Bad(n - 1)) > 0 }\ngrundy Bad(2)"),
        "grundy::eval::query_in_rules"
    );
    // A game value passed into a move rule cannot be computed with there.
    assert_eq!(
        error_code("game T(x) { move T(x - 1) if x > 0 }\ngrundy T(value(1))"),
        "grundy::eval::type_error"
    );
    // Values too deep for the store stop with the partizan limit.
    assert_eq!(error_code("up(100000)"), "grundy::partizan::limit");
}
