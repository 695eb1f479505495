//! Partizan misère forms: outcomes, universes and comparison modulo a
//! universe, checked against brute force: `G ≥ H` modulo `U` must mean
//! o(G + X) ≥ o(H + X) for every X of `U` tried, and `G ≱ H` must be shown
//! by some X.

use std::collections::HashMap;

use proptest::prelude::*;

use super::partizan::{PFormId, PartizanForms, Universe};
use crate::partizan::{Comparison, Outcome};

/// Every form of `u` born by day `days`, oldest first.
pub(super) fn born_by(f: &mut PartizanForms, u: Universe, days: u32) -> Vec<PFormId> {
    f.born_by(u, days).expect("small")
}

/// Misère (Left wins moving first, Right wins moving first) of the sum of
/// `parts`, by playing it out (no sums of forms are built).
pub(super) fn wins(
    f: &PartizanForms,
    parts: &[PFormId],
    memo: &mut HashMap<Vec<PFormId>, (bool, bool)>,
) -> (bool, bool) {
    let mut key: Vec<PFormId> = parts.iter().copied().filter(|&p| p != 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut w = [true, true];
    for (k, w) in w.iter_mut().enumerate() {
        let mut any = false;
        let mut found = false;
        for (i, &p) in key.iter().enumerate() {
            let opts = if k == 0 { f.left(p) } else { f.right(p) };
            for &o in opts {
                any = true;
                let mut next = key.clone();
                next[i] = o;
                let (l, r) = wins(f, &next, memo);
                found |= if k == 0 { !r } else { !l };
            }
        }
        *w = !any || found;
    }
    memo.insert(key, (w[0], w[1]));
    (w[0], w[1])
}

/// o(a) ≥ o(b) in Left's order L > P, N > R.
pub(super) fn outcome_ge(a: (bool, bool), b: (bool, bool)) -> bool {
    (a.0 || !b.0) && (b.1 || !a.1)
}

/// Checks every claim of `ge` among `games` against the sums with each of
/// `tests`; returns the pairs said `≱` that no test shows.
fn check(
    f: &mut PartizanForms,
    u: Universe,
    games: &[PFormId],
    tests: &[PFormId],
) -> Vec<(PFormId, PFormId)> {
    let mut memo = HashMap::new();
    let table: Vec<Vec<(bool, bool)>> = games
        .iter()
        .map(|&g| tests.iter().map(|&x| wins(f, &[g, x], &mut memo)).collect())
        .collect();
    let mut unshown = Vec::new();
    for (i, &g) in games.iter().enumerate() {
        for (j, &h) in games.iter().enumerate() {
            let ge = f.ge(g, h, u).expect("small");
            let all = (0..tests.len()).all(|k| outcome_ge(table[i][k], table[j][k]));
            if ge {
                assert!(
                    all,
                    "{} ≥ {} modulo {u:?}, but some X says no",
                    text(f, g),
                    text(f, h)
                );
            } else if all {
                unshown.push((g, h));
            }
        }
    }
    unshown
}

pub(super) fn text(f: &PartizanForms, g: PFormId) -> String {
    f.display(g, 1000).unwrap_or_default()
}

#[test]
fn the_universes_born_by_day_two() {
    let mut f = PartizanForms::new(1 << 20);
    // Dicots: 0 by day 0; 0 and * by day 1; by day 2, 0 and the 9 forms
    // {A | B} with A, B nonempty sets of {0, *}.
    assert_eq!(born_by(&mut f, Universe::Dicot, 1).len(), 2);
    assert_eq!(born_by(&mut f, Universe::Dicot, 2).len(), 10);
    // Dead-ending: 0, 1, -1, * by day 1; by day 2, 15 × 15 forms with
    // options for both, 4 Left dead ends {· | B} with B ⊆ {0, -1}, and
    // 3 Right dead ends {A | ·} with A a nonempty set of {0, 1}.
    assert_eq!(born_by(&mut f, Universe::DeadEnding, 1).len(), 4);
    assert_eq!(born_by(&mut f, Universe::DeadEnding, 2).len(), 232);
}

#[test]
fn comparison_modulo_dicots_agrees_with_play_by_day_two() {
    let mut f = PartizanForms::new(1 << 20);
    let games = born_by(&mut f, Universe::Dicot, 2);
    let unshown = check(&mut f, Universe::Dicot, &games, &games);
    let shown: Vec<String> = unshown
        .iter()
        .map(|&(g, h)| format!("{} ≱ {}", text(&f, g), text(&f, h)))
        .collect();
    assert!(shown.is_empty(), "{shown:?}");
}

/// Among dead-ending games born by day 2 (232 of them), every `≥` the
/// test claims holds against the games born by day 2, their sums with
/// those born by day 1 and the murders M_n and their conjugates; every
/// `≱` is shown by one of those or by a sum of two games born by day 2.
#[test]
fn comparison_modulo_dead_ending_agrees_with_play_by_day_two() {
    let mut f = PartizanForms::new(1 << 22);
    let games = born_by(&mut f, Universe::DeadEnding, 2);
    let mut tests = games.clone();
    for &a in &born_by(&mut f, Universe::DeadEnding, 1) {
        for &b in &games {
            let s = f.add(a, b).expect("small");
            tests.push(s);
        }
    }
    for n in 0..6 {
        let m = f.murder(n).expect("small");
        let c = f.conjugate(m).expect("small");
        tests.extend([m, c]);
    }
    tests.sort_unstable();
    tests.dedup();
    let unshown = check(&mut f, Universe::DeadEnding, &games, &tests);
    // The rest, against sums of two games born by day 2, until one shows it.
    let mut memo = HashMap::new();
    let mut left = Vec::new();
    for &(g, h) in &unshown {
        let shown = games.iter().enumerate().any(|(i, &a)| {
            games[i..].iter().any(|&b| {
                let (wg, wh) = (
                    wins(&f, &[g, a, b], &mut memo),
                    wins(&f, &[h, a, b], &mut memo),
                );
                !outcome_ge(wg, wh)
            })
        });
        if !shown {
            left.push(format!("{} ≱ {}", text(&f, g), text(&f, h)));
        }
    }
    assert!(
        left.is_empty(),
        "{} unshown: {:?}",
        left.len(),
        &left[..left.len().min(20)]
    );
}

/// A game born by day 3: `{A | B}` with A and B drawn from `pool` (the
/// games of `u` born by day 2), or None when it leaves `u`.
pub(super) fn day_three(
    f: &mut PartizanForms,
    u: Universe,
    pool: &[PFormId],
    picks: &(Vec<usize>, Vec<usize>),
) -> Option<PFormId> {
    let side = |p: &[usize]| -> Vec<PFormId> { p.iter().map(|&i| pool[i % pool.len()]).collect() };
    let g = f.game(&side(&picks.0), &side(&picks.1)).expect("small");
    f.in_universe(g, u).then_some(g)
}

/// Random games born by day 3 of each universe: `G ≥ H` means
/// o(G + X) ≥ o(H + X) for each X born by day 2; `G ≱ H` is shown by one
/// of those X or by a sum of two of them.
fn random_pairs_agree(u: Universe, g: &(Vec<usize>, Vec<usize>), h: &(Vec<usize>, Vec<usize>)) {
    let mut f = PartizanForms::new(1 << 22);
    let pool = born_by(&mut f, u, 2);
    let (Some(g), Some(h)) = (
        day_three(&mut f, u, &pool, g),
        day_three(&mut f, u, &pool, h),
    ) else {
        return;
    };
    let ge = f.ge(g, h, u).expect("small");
    let mut memo = HashMap::new();
    let mut shows = |x: &[PFormId]| {
        let mut gx = vec![g];
        gx.extend_from_slice(x);
        let mut hx = vec![h];
        hx.extend_from_slice(x);
        !outcome_ge(wins(&f, &gx, &mut memo), wins(&f, &hx, &mut memo))
    };
    let by_one = pool.iter().any(|&x| shows(&[x]));
    if ge {
        assert!(
            !by_one,
            "{} ≥ {} modulo {u:?}, but some X says no",
            text(&f, g),
            text(&f, h)
        );
    } else if !by_one {
        let by_two = (0..pool.len()).any(|i| pool[i..].iter().any(|&b| shows(&[pool[i], b])));
        assert!(
            by_two,
            "{} ≱ {} modulo {u:?}, but no X shows it",
            text(&f, g),
            text(&f, h)
        );
    }
}

pub(super) fn picks() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    let side = prop::collection::vec(0usize..1000, 0..4);
    (side.clone(), side)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_dicots_compare_as_they_play(g in picks(), h in picks()) {
        random_pairs_agree(Universe::Dicot, &g, &h);
    }

    #[test]
    fn random_dead_ending_games_compare_as_they_play(g in picks(), h in picks()) {
        random_pairs_agree(Universe::DeadEnding, &g, &h);
    }
}

#[test]
fn outcomes_sums_and_conjugates() {
    let mut f = PartizanForms::new(1000);
    let zero = f.zero();
    let one = f.game(&[zero], &[]).unwrap();
    let minus = f.conjugate(one).unwrap();
    let star = f.game(&[zero], &[zero]).unwrap();
    assert_eq!(f.outcome(zero), Outcome::N);
    assert_eq!(f.outcome(star), Outcome::P);
    assert_eq!(f.outcome(one), Outcome::R);
    assert_eq!(f.outcome(minus), Outcome::L);
    // 1 + conjugate(1): the first player wins (worked out in THEORY.md §9.8).
    let s = f.add(one, minus).unwrap();
    assert_eq!(f.outcome(s), Outcome::N);
    // * + *: the first player moves to *, which the second must answer
    // to 0, leaving the first player without a move: a win for them.
    let ss = f.add(star, star).unwrap();
    assert_eq!(f.outcome(ss), Outcome::N);
    assert_eq!(f.display(s, 100).unwrap(), "{-1 | 1}");
    assert_eq!(
        f.compare(zero, one, Universe::DeadEnding).unwrap(),
        Comparison::Confused
    );
}
