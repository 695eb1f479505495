//! Reduced forms modulo the dicot and dead-ending universes: each is
//! equivalent to its game, and equivalent games have the same one.

use super::partizan::{PFormId, PartizanForms, Universe};
use proptest::prelude::*;

use super::partizan_tests::{born_by, day_three, picks, text};

/// The reduced forms of `games`, checked: each equivalent to its game,
/// and two games equivalent exactly when their forms are the same.
fn forms_of(f: &mut PartizanForms, u: Universe, games: &[PFormId]) -> Vec<PFormId> {
    let forms: Vec<PFormId> = games
        .iter()
        .map(|&g| f.reduce(g, u).expect("small"))
        .collect();
    for (i, &g) in games.iter().enumerate() {
        let r = forms[i];
        assert!(
            f.ge(g, r, u).unwrap() && f.ge(r, g, u).unwrap(),
            "{} reduced to {} modulo {u:?}, not equivalent",
            text(f, g),
            text(f, r)
        );
        for (j, &h) in games.iter().enumerate().skip(i + 1) {
            let eq = f.ge(g, h, u).unwrap() && f.ge(h, g, u).unwrap();
            assert_eq!(
                eq,
                forms[i] == forms[j],
                "{} and {} modulo {u:?}: forms {} and {}",
                text(f, g),
                text(f, h),
                text(f, forms[i]),
                text(f, forms[j])
            );
        }
    }
    forms
}

fn distinct(forms: &[PFormId]) -> Vec<PFormId> {
    let mut v = forms.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// The reduced forms of the games born by day `day` in `u`, as texts in
/// the order of their first game, with the numbers of pairs `>` and `||`.
fn table(u: Universe, day: u32) -> (Vec<String>, usize, usize) {
    let mut f = PartizanForms::new(1 << 22);
    let games = born_by(&mut f, u, day);
    let forms = distinct(&forms_of(&mut f, u, &games));
    let (mut greater, mut confused) = (0, 0);
    for &a in &forms {
        for &b in &forms {
            if a != b && f.ge(a, b, u).unwrap() {
                greater += 1;
            } else if a < b && !f.ge(b, a, u).unwrap() {
                confused += 1;
            }
        }
    }
    (
        forms.iter().map(|&g| text(&f, g)).collect(),
        greater,
        confused,
    )
}

/// The reduced forms of the dicots born by day 2, `{0, * | 0, *}` last.
const DICOTS_DAY_TWO: [&str; 9] = [
    "0",
    "*",
    "{0 | *}",
    "{0 | 0, *}",
    "{* | 0}",
    "{* | 0, *}",
    "{0, * | 0}",
    "{0, * | *}",
    "{0, * | 0, *}",
];

/// The dicots born by day 2 modulo the dicot universe. The count and the
/// order are derived here by brute force (every form reduced; the
/// comparison itself checked against play in `partizan_tests.rs`), not
/// read from a paper's table: the 10 literal forms give 9 classes, only
/// `{* | *}` joining `0` (Dorbec, Renault, Siegel and Sopena, "Dicots, and
/// a taxonomy of ranks for misère games": `{* | *} ≡ 0` modulo dicots).
#[test]
fn dicot_forms_born_by_day_two() {
    assert_eq!(table(Universe::Dicot, 0).0, ["0"]);
    assert_eq!(table(Universe::Dicot, 1).0, ["0", "*"]);
    let (forms, greater, confused) = table(Universe::Dicot, 2);
    assert_eq!(forms, DICOTS_DAY_TWO);
    // 36 pairs: 16 ordered, 20 incomparable (0 and * among them).
    assert_eq!((greater, confused), (16, 20));
    let mut f = PartizanForms::new(1000);
    let z = f.zero();
    let star = f.game(&[z], &[z]).unwrap();
    let up_star = f.game(&[z, star], &[star]).unwrap();
    let g = f.game(&[star], &[z, star]).unwrap();
    assert!(f.ge(up_star, z, Universe::Dicot).unwrap());
    assert!(f.ge(z, g, Universe::Dicot).unwrap());
    assert!(!f.ge(z, star, Universe::Dicot).unwrap() && !f.ge(star, z, Universe::Dicot).unwrap());
}

/// The dead-ending games born by day 2 modulo the dead-ending universe:
/// 232 literal forms, 196 classes (derived by brute force as above; the
/// papers' own table could not be reached from here).
#[test]
fn dead_ending_forms_born_by_day_two() {
    assert_eq!(table(Universe::DeadEnding, 1).0, ["0", "-1", "1", "*"]);
    let (forms, greater, confused) = table(Universe::DeadEnding, 2);
    assert_eq!(forms.len(), 196);
    // `{-1 | 1}` is `1 + -1`, equivalent to 0 (Milley and Renault).
    assert!(!forms.iter().any(|f| f == "{-1 | 1}"));
    assert_eq!((greater, confused), (3104, 16006));
    for t in ["-2", "2", "{· | 0, -1}", "{0, 1 | ·}", "{* | *}"] {
        assert!(forms.iter().any(|f| f == t), "{t}");
    }
}

/// Random games born by day 3 (options drawn from those born by day 2),
/// each also with a dominated option added (an equivalent game): the form
/// of each is equivalent to it, a form is its own form and prints the same
/// whatever the store, and two are equivalent exactly when their forms are
/// the same.
fn random_forms_agree(u: Universe, picks: &[(Vec<usize>, Vec<usize>)], extra: usize) {
    let mut f = PartizanForms::new(1 << 22);
    let pool = born_by(&mut f, u, 2);
    let mut games = Vec::new();
    for p in picks {
        let Some(g) = day_three(&mut f, u, &pool, p) else {
            continue;
        };
        games.push(g);
        if let Some(v) = with_dominated(&mut f, u, &pool, g, extra) {
            games.push(v);
        }
    }
    let forms = forms_of(&mut f, u, &games);
    // Dead ends are invertible, their inverse the conjugate (Milley and
    // Renault).
    for &g in &games {
        if f.dead_end(g, true) || f.dead_end(g, false) {
            let c = f.conjugate(g).unwrap();
            let s = f.add(g, c).unwrap();
            assert_eq!(f.reduce(s, u).unwrap(), f.zero(), "{}", text(&f, g));
        }
    }
    for r in forms {
        assert_eq!(f.reduce(r, u).unwrap(), r, "{}", text(&f, r));
        let mut fresh = PartizanForms::new(1 << 22);
        let copy = copy_form(&f, &mut fresh, r);
        let again = fresh.reduce(copy, u).unwrap();
        assert_eq!(
            text(&fresh, again),
            text(&f, r),
            "the text depends on the store"
        );
    }
}

/// `g` with one more Left option, from `pool`, that one of its Left options
/// dominates (the search starts at `extra`), when there is one.
fn with_dominated(
    f: &mut PartizanForms,
    u: Universe,
    pool: &[PFormId],
    g: PFormId,
    extra: usize,
) -> Option<PFormId> {
    let (l, r) = (f.left(g).to_vec(), f.right(g).to_vec());
    for k in 0..pool.len() {
        let x = pool[(k + extra) % pool.len()];
        if l.contains(&x) || !l.iter().any(|&y| f.ge(y, x, u).unwrap()) {
            continue;
        }
        let mut l2 = l.clone();
        l2.push(x);
        let v = f.game(&l2, &r).unwrap();
        if f.in_universe(v, u) {
            return Some(v);
        }
    }
    None
}

/// `g` of store `from` made again in store `to`.
fn copy_form(from: &PartizanForms, to: &mut PartizanForms, g: PFormId) -> PFormId {
    let l: Vec<PFormId> = from
        .left(g)
        .iter()
        .rev()
        .map(|&x| copy_form(from, to, x))
        .collect();
    let r: Vec<PFormId> = from
        .right(g)
        .iter()
        .rev()
        .map(|&x| copy_form(from, to, x))
        .collect();
    to.game(&l, &r).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_dicot_forms(p in prop::collection::vec(picks(), 6), extra in 0usize..1000) {
        random_forms_agree(Universe::Dicot, &p, extra);
    }

    #[test]
    fn random_dead_ending_forms(p in prop::collection::vec(picks(), 6), extra in 0usize..1000) {
        random_forms_agree(Universe::DeadEnding, &p, extra);
    }
}

/// The forms born by day 2 of `u` whose sum with their conjugate is
/// equivalent to 0, and a check of the conjugate property on every pair:
/// `G + H ≡ 0` only when `H ≡ conj(G)`.
fn invertible_by_day_two(u: Universe) -> Vec<String> {
    let mut f = PartizanForms::new(1 << 22);
    let games = born_by(&mut f, u, 2);
    let forms = distinct(&forms_of(&mut f, u, &games));
    let z = f.zero();
    let mut found = Vec::new();
    for &g in &forms {
        let c = f.conjugate(g).unwrap();
        for &h in &forms {
            let s = f.add(g, h).unwrap();
            if f.reduce(s, u).unwrap() == z {
                assert_eq!(
                    f.reduce(c, u).unwrap(),
                    h,
                    "{} + {}",
                    text(&f, g),
                    text(&f, h)
                );
            }
        }
        let s = f.add(g, c).unwrap();
        if f.reduce(s, u).unwrap() == z {
            found.push(text(&f, g));
        }
    }
    found
}

/// Which games born by day 2 are invertible, derived by brute force. In
/// both universes an inverse can only be the conjugate (Larsson, Milley,
/// Nowakowski, Renault and Santos, arXiv 1807.11297; for every universe,
/// Davies and Yadav, arXiv 2410.06924), checked here on every pair.
#[test]
fn invertible_forms_born_by_day_two() {
    // Dicots: all but `{0, * | 0, *}` (the impartial `*2`, not invertible
    // under misère impartial play either).
    assert_eq!(invertible_by_day_two(Universe::Dicot), DICOTS_DAY_TWO[..8]);
    // Dead-ending: 46 of the 196, among them every dead end (Milley and
    // Renault: the ends are invertible), but not `*` (`* + *` is not 0
    // among dead-ending games, as it is among dicots).
    let e = invertible_by_day_two(Universe::DeadEnding);
    assert_eq!(e.len(), 46);
    for t in [
        "-1",
        "1",
        "-2",
        "2",
        "{· | 0, -1}",
        "{0, 1 | ·}",
        "{-1 | 0}",
        "{0, 1 | 0, 1}",
    ] {
        assert!(e.iter().any(|x| x == t), "{t}");
    }
    assert!(!e.iter().any(|x| x == "*" || x == "{* | *}"));
}
