//! Misère partizan theory modulo a universe (issue 40) against what others
//! have published and can be read from here: theorems stated in papers'
//! abstracts and in a public formalisation of them, and the worked examples
//! in a public tool's tests. Each test names its source. Where a source
//! states a fact, grundy's answer must be that fact; where grundy's answer
//! goes beyond what a source states, it is also checked by play (every `X`
//! of the universe born by day 2, and the sums of two of them) and the test
//! says so.
//!
//! The papers' own tables (forms born by day 2 and their order) could not
//! be read here: only the papers' first pages are stored (THEORY.md §9.9).

use std::collections::HashMap;

use grundy_theory::misere::{FormId, Forms, PFormId, PartizanForms, Universe};
use grundy_theory::partizan::{Comparison, Outcome};
use proptest::prelude::*;

use Universe::{DeadEnding, Dicot};

/// Reads a form as the sources write it: `0`, an integer `n` or `-n`,
/// `*`, `*n` (a nimber), `^` and `v` (`{0 | *}`, `{* | 0}`), and
/// `{A, B | C}` with an empty side written as nothing or `·`.
fn form(f: &mut PartizanForms, text: &str) -> PFormId {
    let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut at = 0;
    let g = parse(f, &t, &mut at);
    assert_eq!(at, t.len(), "trailing text in {text}");
    g
}

fn parse(f: &mut PartizanForms, t: &[char], at: &mut usize) -> PFormId {
    let zero = f.zero();
    match t[*at] {
        '{' => {
            *at += 1;
            let left = side(f, t, at, '|');
            let right = side(f, t, at, '}');
            f.game(&left, &right).unwrap()
        }
        '*' => {
            *at += 1;
            let n = number(t, at).unwrap_or(1);
            let mut nims = vec![zero];
            for _ in 0..n {
                let next = f.game(&nims, &nims).unwrap();
                nims.push(next);
            }
            nims[n as usize]
        }
        '^' | 'v' => {
            *at += 1;
            let star = f.game(&[zero], &[zero]).unwrap();
            if t[*at - 1] == '^' {
                f.game(&[zero], &[star]).unwrap()
            } else {
                f.game(&[star], &[zero]).unwrap()
            }
        }
        _ => {
            let negative = t[*at] == '-';
            if negative {
                *at += 1;
            }
            integer(f, number(t, at).expect("a form"), negative)
        }
    }
}

/// The options of one side, up to and past `end`.
fn side(f: &mut PartizanForms, t: &[char], at: &mut usize, end: char) -> Vec<PFormId> {
    let mut opts = Vec::new();
    if t[*at] == '·' {
        *at += 1;
    }
    while t[*at] != end {
        opts.push(parse(f, t, at));
        if t[*at] == ',' {
            *at += 1;
        }
    }
    *at += 1;
    opts
}

fn number(t: &[char], at: &mut usize) -> Option<u32> {
    let start = *at;
    while *at < t.len() && t[*at].is_ascii_digit() {
        *at += 1;
    }
    let digits: String = t[start..*at].iter().collect();
    digits.parse().ok()
}

/// The integer `n` (`{n-1 | ·}`), or `-n`.
fn integer(f: &mut PartizanForms, n: u32, negative: bool) -> PFormId {
    let mut g = f.zero();
    for _ in 0..n {
        g = if negative {
            f.game(&[], &[g]).unwrap()
        } else {
            f.game(&[g], &[]).unwrap()
        };
    }
    g
}

/// Misère play of a sum: (Left wins moving first, Right wins moving
/// first), from the store's outcome of the sum's form (a player with no
/// move wins; `theory/src/misere/partizan_tests.rs` checks it against play
/// from scratch).
fn wins(f: &mut PartizanForms, parts: &[PFormId]) -> (bool, bool) {
    let s = parts.iter().fold(f.zero(), |a, &b| f.add(a, b).unwrap());
    match f.outcome(s) {
        Outcome::L => (true, false),
        Outcome::R => (false, true),
        Outcome::N => (true, true),
        Outcome::P => (false, false),
    }
}

/// o(a) ≥ o(b) in Left's order (L above P and N, both above R).
fn outcome_ge(a: (bool, bool), b: (bool, bool)) -> bool {
    (a.0 || !b.0) && (b.1 || !a.1)
}

/// Some `X` of `u` born by day 2, or a sum of two such, with o(G + X) not
/// ≥ o(H + X): play's witness that `G ≱ H` modulo `u`.
fn witness(f: &mut PartizanForms, g: PFormId, h: PFormId, u: Universe) -> Option<String> {
    let day2 = f.born_by(u, 2).unwrap();
    for (i, &x) in day2.iter().enumerate() {
        for &y in &day2[i..] {
            let (gx, hx) = (wins(f, &[g, x, y]), wins(f, &[h, x, y]));
            if !outcome_ge(gx, hx) {
                let show = |f: &PartizanForms, a| f.display(a, 200).unwrap();
                return Some(format!("{} + {}", show(f, x), show(f, y)));
            }
        }
    }
    None
}

/// `compare` as the sources write it.
fn cmp(f: &mut PartizanForms, g: &str, h: &str, u: Universe) -> Comparison {
    let (g, h) = (form(f, g), form(f, h));
    f.compare(g, h, u).unwrap()
}

fn eqv(f: &mut PartizanForms, g: PFormId, h: PFormId, u: Universe) -> bool {
    f.compare(g, h, u).unwrap() == Comparison::Equal
}

fn ge(f: &mut PartizanForms, g: &str, h: &str, u: Universe) -> bool {
    let (g, h) = (form(f, g), form(f, h));
    f.ge(g, h, u).unwrap()
}

/// Siegel, "Misère canonical forms of partizan games" (Games of No Chance
/// 4, 2015), Definition 3.2 and Proposition 3.3, as the public Lean
/// formalisation t4ccer/misere-games states them (`Form/Adjoint.lean`,
/// `Form/Misere/Adjoint.lean`): the *adjoint* `G°` is `*` for `G = 0`,
/// `{(G^R)° | 0}` when Left has no move, `{0 | (G^L)°}` when Right has
/// none, and `{(G^R)° | (G^L)°}` otherwise; `G + G°` is a misère
/// P-position for every G. Checked on all 256 literal forms born by day 2
/// (no universe: the proposition holds over all games), by the store's
/// outcome of the sum.
#[test]
fn siegel_every_game_plus_its_adjoint_is_a_p_position() {
    let mut f = PartizanForms::new(1 << 20);
    let day1: Vec<PFormId> = ["0", "1", "-1", "*"]
        .iter()
        .map(|t| form(&mut f, t))
        .collect();
    let sides = subsets(&day1);
    let mut adjoints = HashMap::new();
    let mut seen = Vec::new();
    for l in &sides {
        for r in &sides {
            let g = f.game(l, r).unwrap();
            let a = adjoint(&mut f, g, &mut adjoints);
            assert_eq!(
                wins(&mut f, &[g, a]),
                (false, false),
                "{}",
                f.display(g, 200).unwrap()
            );
            seen.push(g);
        }
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 256);
}

/// Every subset of `xs`.
fn subsets(xs: &[PFormId]) -> Vec<Vec<PFormId>> {
    (0..1u32 << xs.len())
        .map(|m| {
            (0..xs.len())
                .filter(|i| m >> i & 1 == 1)
                .map(|i| xs[i])
                .collect()
        })
        .collect()
}

fn adjoint(f: &mut PartizanForms, g: PFormId, memo: &mut HashMap<PFormId, PFormId>) -> PFormId {
    if let Some(&a) = memo.get(&g) {
        return a;
    }
    let zero = f.zero();
    let (l, r) = (f.left(g).to_vec(), f.right(g).to_vec());
    let mut of = |xs: &[PFormId], f: &mut PartizanForms| -> Vec<PFormId> {
        xs.iter().map(|&x| adjoint(f, x, memo)).collect()
    };
    let (al, ar) = (of(&r, f), of(&l, f));
    let a = match (l.is_empty(), r.is_empty()) {
        (true, true) => f.game(&[zero], &[zero]),
        (true, false) => f.game(&al, &[zero]),
        (false, true) => f.game(&[zero], &ar),
        (false, false) => f.game(&al, &ar),
    }
    .unwrap();
    memo.insert(g, a);
    a
}

/// Milley and Renault, "Dead ends in misère play: the misère monoid of
/// canonical numbers" (arXiv 1212.6435), Lemma 3 (p. 5), as the Lean
/// formalisation t4ccer/misere-games states it (`Misere/DeadEnding.lean`):
/// a Left dead end other than 0 is a misère Left win (`L`), a Right dead
/// end other than 0 a Right win. Checked on the 1 + 2 + 4 + 16 + 1,024
/// Left dead ends built below (born by day 4, each day's made from the
/// previous day's reduced forms) and their conjugates.
#[test]
fn milley_renault_nonzero_dead_ends_are_won_by_their_owner() {
    let mut f = PartizanForms::new(1 << 20);
    let (literal, _) = left_dead_ends(&mut f);
    for g in literal.into_iter().flatten() {
        assert!(f.dead_end(g, true));
        let c = f.conjugate(g).unwrap();
        assert!(f.dead_end(c, false));
        if g != f.zero() {
            assert_eq!(f.outcome(g), Outcome::L, "{}", f.display(g, 300).unwrap());
            assert_eq!(f.outcome(c), Outcome::R);
        }
    }
}

/// The Left dead ends born by day 0 to 4: on each day `{· | S}` for every
/// set `S` of the previous day's classes. Returns each day's literal forms
/// and each day's classes modulo the dead-ending games (reduced forms).
fn left_dead_ends(f: &mut PartizanForms) -> (Vec<Vec<PFormId>>, Vec<Vec<PFormId>>) {
    let zero = f.zero();
    let mut literal = vec![vec![zero]];
    let mut classes = vec![vec![zero]];
    for _ in 1..=4 {
        let prev = classes.last().unwrap().clone();
        let mut day = Vec::new();
        let mut reduced = Vec::new();
        for s in subsets(&prev) {
            let g = f.game(&[], &s).unwrap();
            day.push(g);
            let r = f.reduce(g, DeadEnding).unwrap();
            if !reduced.contains(&r) {
                reduced.push(r);
            }
        }
        literal.push(day);
        classes.push(reduced);
    }
    (literal, classes)
}

/// The public tool cgt-tools (t4ccer/cgt-tools, `cgt/misere/left_dead_end.rs`,
/// after Alfie Davies's gemau, alfiemd/gemau; the theory of Left dead ends is Milley and
/// Renault's, arXiv 1212.6435, and Larsson, Milley, Nowakowski, Renault and
/// Santos's, arXiv 1807.11297) counts the Left dead ends born by day 0 to 4
/// modulo the dead-ending universe as 1, 2, 4, 10 and 52, and compares two
/// Left dead ends by their options alone: `0` is above only itself, and
/// otherwise `G ≥ H` when every Right option of G is ≥ some Right option
/// of H. gemau's canonical form of a dead end (`DeadEnd::canonical`) only
/// removes dominated options. grundy's reduced forms give the same counts
/// and are those canonical forms, on every Left dead end built here, and
/// its comparison (the general test with its proviso) gives the same
/// order on every pair born by day 3, each `≱` shown by play.
#[test]
fn left_dead_ends_born_by_day_four_and_their_order() {
    let mut f = PartizanForms::new(1 << 22);
    let (literal, classes) = left_dead_ends(&mut f);
    let counts: Vec<usize> = classes.iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 2, 4, 10, 52]);
    let texts: Vec<String> = classes[2]
        .iter()
        .map(|&g| f.display(g, 100).unwrap())
        .collect();
    assert_eq!(texts, ["0", "-1", "-2", "{· | 0, -1}"]);
    // gemau's canonical form of a dead end: its dominated options removed,
    // nothing else (no reversal); grundy's reductions, which also bypass
    // reversible options, leave the same form of every Left dead end.
    for g in literal.into_iter().flatten() {
        let r = f.reduce(g, DeadEnding).unwrap();
        assert_eq!(
            r,
            by_domination(&mut f, g),
            "{}",
            f.display(g, 300).unwrap()
        );
    }
    let day3 = classes[3].clone();
    let mut rule = HashMap::new();
    for &g in &day3 {
        for &h in &day3 {
            let ge = f.ge(g, h, DeadEnding).unwrap();
            assert_eq!(ge, dead_end_rule(&f, g, h, &mut rule));
            if !ge {
                assert!(witness(&mut f, g, h, DeadEnding).is_some());
            }
        }
    }
}

/// A Left dead end with its dominated Right options removed (of equivalent
/// ones, one kept), all the way down: gemau's `DeadEnd::canonical`.
fn by_domination(f: &mut PartizanForms, g: PFormId) -> PFormId {
    let opts = f.right(g).to_vec();
    let mut keep = Vec::new();
    for &x in &opts {
        let mut dominated = false;
        for &y in &opts {
            dominated |= f.ge(x, y, DeadEnding).unwrap() && !f.ge(y, x, DeadEnding).unwrap();
        }
        if !dominated {
            let c = by_domination(f, x);
            if !keep.contains(&c) {
                keep.push(c);
            }
        }
    }
    f.game(&[], &keep).unwrap()
}

/// cgt-tools' order of Left dead ends (above).
fn dead_end_rule(
    f: &PartizanForms,
    g: PFormId,
    h: PFormId,
    memo: &mut HashMap<(PFormId, PFormId), bool>,
) -> bool {
    if g == f.zero() || h == f.zero() {
        return g == h;
    }
    if let Some(&b) = memo.get(&(g, h)) {
        return b;
    }
    let b = f
        .right(g)
        .iter()
        .all(|&x| f.right(h).iter().any(|&y| dead_end_rule(f, x, y, memo)));
    memo.insert((g, h), b);
    b
}

/// Milley and Renault (arXiv 1212.6435, abstract) find the misère monoid of
/// the integers modulo the dead-ending universe; its basis is `n + -n ≡ 0`
/// (dead ends are invertible, their Theorem on dead ends). So the integers
/// add as integers: `a + b ≡ a+b` for every `a`, `b` in -3..=3. Beyond what
/// the abstract says, grundy finds two different integers incomparable,
/// and play shows each `≱`.
#[test]
fn milley_renault_integers_add_as_integers_modulo_dead_ending() {
    let mut f = PartizanForms::new(1 << 20);
    let ints: Vec<(i32, PFormId)> = (-3..=3)
        .map(|n: i32| (n, integer(&mut f, n.unsigned_abs(), n < 0)))
        .collect();
    for &(a, g) in &ints {
        for &(b, h) in &ints {
            let s = f.add(g, h).unwrap();
            let want = integer(&mut f, (a + b).unsigned_abs(), a + b < 0);
            assert_eq!(
                f.compare(s, want, DeadEnding).unwrap(),
                Comparison::Equal,
                "{a} + {b}"
            );
            assert_eq!(f.reduce(s, DeadEnding).unwrap(), want, "{a} + {b}");
            if a != b {
                assert_eq!(f.compare(g, h, DeadEnding).unwrap(), Comparison::Confused);
                assert!(witness(&mut f, g, h, DeadEnding).is_some(), "{a} ≱ {b}");
            }
        }
    }
}

/// The worked examples of the public tool cgt-tools (t4ccer/cgt-tools,
/// `cgt/misere/game_form/dicotic.rs`, tests `known_forms` and
/// `not_cancellative`), which implements the dicot comparison of Larsson,
/// Milley, Nowakowski, Renault and Santos ("Recursive comparison tests for
/// dicot and dead-ending games under misère play", Theorem 2). `* + * ≡ 0`
/// among dicots is also Allen's and Dorbec, Renault, Siegel and Sopena's.
/// The monoid is not cancellative: `G + -G` for `G = {0, * | 0, *, ^, v}`
/// is a P-position not equivalent to 0, though adding `*2` to it gives
/// `*2`.
#[test]
fn dicot_examples_of_cgt_tools() {
    let mut f = PartizanForms::new(1 << 20);
    for (g, o) in [
        ("*", Outcome::P),
        ("*2", Outcome::N),
        ("*2 + *2", Outcome::P),
        ("{* | {* | 0, *}}", Outcome::L),
    ] {
        let parts: Vec<PFormId> = g.split('+').map(|p| form(&mut f, p)).collect();
        let s = parts.iter().fold(f.zero(), |a, &b| f.add(a, b).unwrap());
        assert_eq!(f.outcome(s), o, "{g}");
    }
    let star = form(&mut f, "*");
    let star_star = f.add(star, star).unwrap();
    let zero = f.zero();
    assert!(eqv(&mut f, star_star, zero, Dicot));
    assert!(ge(&mut f, "0", "{* | 0, *}", Dicot));
    let h0 = form(&mut f, "{* | {* | 0, *}}");
    let star2 = form(&mut f, "*2");
    let h0_star2 = f.add(h0, star2).unwrap();
    let two_star2 = f.add(star2, star2).unwrap();
    assert!(f.ge(star2, h0_star2, Dicot).unwrap());
    assert!(!f.ge(zero, h0, Dicot).unwrap());
    assert_eq!(
        f.compare(zero, two_star2, Dicot).unwrap(),
        Comparison::Confused
    );
    // Not cancellative.
    let g = form(&mut f, "{0, * | 0, *, ^, v}");
    let minus = f.conjugate(g).unwrap();
    let d = f.add(g, minus).unwrap();
    assert_eq!(f.outcome(d), Outcome::P);
    assert!(!eqv(&mut f, d, zero, Dicot));
    let d2 = f.add(d, star2).unwrap();
    assert!(eqv(&mut f, d2, star2, Dicot));
    assert!(!f.invertible(g, Dicot).unwrap());
    // Play shows what the comparisons say is not so.
    assert!(witness(&mut f, zero, h0, Dicot).is_some());
    assert!(witness(&mut f, zero, two_star2, Dicot).is_some());
    assert!(witness(&mut f, two_star2, zero, Dicot).is_some());
    assert!(witness(&mut f, d, zero, Dicot).is_some() || witness(&mut f, zero, d, Dicot).is_some());
}

/// The worked examples of cgt-tools' dead-ending comparison
/// (`cgt/misere/game_form/dead_ending.rs`, test `relations`):
/// `{2 | 4} ≡ 3` and `1 ≥ {0 | 4}` modulo the dead-ending games.
#[test]
fn dead_ending_examples_of_cgt_tools() {
    let mut f = PartizanForms::new(1 << 20);
    assert_eq!(cmp(&mut f, "{2 | 4}", "3", DeadEnding), Comparison::Equal);
    let g = form(&mut f, "{2 | 4}");
    let r = f.reduce(g, DeadEnding).unwrap();
    assert_eq!(f.display(r, 100).unwrap(), "3");
    assert!(ge(&mut f, "1", "{0 | 4}", DeadEnding));
}

/// Renault, "Binary dicots, a core of dicot games" (INTEGERS 15 (2015)
/// #G1, abstract): two impartial games are equivalent modulo the dicots
/// exactly when they are equivalent modulo the impartial games, that is,
/// when their misère canonical forms (Conway's, THEORY.md §9.3) are the
/// same. Random impartial games of up to 9 positions (each moving to
/// positions below it) and every pair of their positions. Found here
/// besides (no source states it): the reduced form modulo the dicots of an
/// impartial game is its misère canonical form, option for option
/// (observed on every case, not proved).
fn renault_case(edges: &[Vec<prop::sample::Index>]) -> Result<(), TestCaseError> {
    let mut imp = Forms::new(100_000);
    let mut f = PartizanForms::new(1 << 20);
    let mut canon: Vec<FormId> = Vec::new();
    let mut part: Vec<PFormId> = Vec::new();
    for (v, es) in edges.iter().enumerate() {
        let mut o: Vec<usize> = if v == 0 {
            Vec::new()
        } else {
            es.iter().map(|i| i.index(v)).collect()
        };
        o.sort_unstable();
        o.dedup();
        let c: Vec<FormId> = o.iter().map(|&w| canon[w]).collect();
        canon.push(imp.canonical(&c).unwrap());
        let p: Vec<PFormId> = o.iter().map(|&w| part[w]).collect();
        part.push(f.game(&p, &p).unwrap());
    }
    for a in 0..part.len() {
        let r = f.reduce(part[a], Dicot).unwrap();
        let c = lift(&imp, &mut f, canon[a]);
        prop_assert_eq!(r, c, "{}", imp.display(canon[a], 200));
        for b in 0..part.len() {
            let eq = eqv(&mut f, part[a], part[b], Dicot);
            prop_assert_eq!(
                eq,
                canon[a] == canon[b],
                "{} and {}",
                imp.display(canon[a], 200),
                imp.display(canon[b], 200)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn renault_impartial_games_are_equivalent_modulo_dicots_as_impartial_games(
        edges in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..4), 1..10),
    ) {
        renault_case(&edges)?;
    }
}

/// The impartial form `c` as a partizan form (each side its options).
fn lift(imp: &Forms, f: &mut PartizanForms, c: FormId) -> PFormId {
    let o: Vec<PFormId> = imp.options(c).iter().map(|&x| lift(imp, f, x)).collect();
    f.game(&o, &o).unwrap()
}
