//! Tests of `methods.rs`: the powers of ↑ against the store's own
//! `↑^n` and `↑^→n`, the stop count and the parities against plain
//! recursion on random games, and the games born by day n against all
//! pairs of subsets of the day before (and the published counts).

use proptest::prelude::*;

use super::*;

fn p(s: &mut GameStore, text: &str) -> ValueId {
    parse(s, text).unwrap()
}

/// A random game of height ≤ `depth` (see algebra_tests.rs).
fn random_game(s: &mut GameStore, seed: &mut u64, depth: u32) -> ValueId {
    let mut next = |m: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % m
    };
    if depth == 0 || next(4) == 0 {
        return s.dyadic(next(7) as i64 - 3, next(2) as u32).unwrap();
    }
    let (nl, nr) = (next(3), next(3));
    let subs: Vec<u64> = (0..nl + nr).map(|_| next(u64::MAX) | 1).collect();
    let mut opts = Vec::new();
    for mut sd in subs {
        opts.push(random_game(s, &mut sd, depth - 1));
    }
    let (l, r) = opts.split_at(nl as usize);
    s.game(l, r).unwrap()
}

#[test]
fn powers_of_up_are_the_stores_up_nth_and_up_to() {
    let mut s = GameStore::new();
    let up = s.up().unwrap();
    let mut sum = s.zero();
    for n in 1..=8 {
        let nth = pow(&mut s, up, n).unwrap();
        assert_eq!(nth, s.up_nth(n).unwrap(), "↑^{n}");
        let to = pow_to(&mut s, up, n).unwrap();
        assert_eq!(to, s.up_to(n).unwrap(), "↑^→{n}");
        // ↑^→n = ↑ + ↑^2 + … + ↑^n, summed by the store.
        sum = s.add(sum, nth).unwrap();
        assert_eq!(to, sum, "↑^→{n} as a sum");
    }
    assert_eq!(pow(&mut s, up, 0), Err(AlgebraError::ZeroPower));
    assert_eq!(pow_to(&mut s, up, 0), Err(AlgebraError::ZeroPower));
    let one = p(&mut s, "1");
    assert_eq!(pow(&mut s, one, 2), Err(AlgebraError::NotZeroOver));
    let switch = p(&mut s, "{1|-1}");
    assert_eq!(pow(&mut s, switch, 3), Err(AlgebraError::NotZeroOver));
}

/// The leaves of the game tree of `g` cut at numbers, by plain recursion.
fn leaves(s: &mut GameStore, g: ValueId) -> u128 {
    if s.is_number(g) {
        return 1;
    }
    let l = s.left_options(g).unwrap().to_vec();
    let r = s.right_options(g).unwrap().to_vec();
    l.into_iter().chain(r).map(|x| leaves(s, x)).sum()
}

/// Even (`Some(true)`), odd or neither, by plain recursion: `tempered`
/// makes every number even; otherwise the integers alternate from 0.
fn plain_class(s: &mut GameStore, g: ValueId, tempered: bool) -> Option<bool> {
    if let Some(x) = s.as_number(g) {
        if tempered {
            return Some(true);
        }
        if !x.is_integer() {
            return None;
        }
    }
    let l = s.left_options(g).unwrap().to_vec();
    let r = s.right_options(g).unwrap().to_vec();
    let kids: Vec<Option<bool>> = l
        .into_iter()
        .chain(r)
        .map(|x| plain_class(s, x, tempered))
        .collect();
    if kids.iter().all(|k| *k == Some(false)) {
        Some(true)
    } else if kids.iter().all(|k| *k == Some(true)) {
        Some(false)
    } else {
        None
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn stop_count_and_parities_are_their_recursions(seed in 1u64..u64::MAX) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 4);
        prop_assert_eq!(stop_count(&mut s, g).unwrap(), Some(leaves(&mut s, g)));
        prop_assert_eq!(parity(&mut s, g).unwrap(), plain_class(&mut s, g, false));
        prop_assert_eq!(temper(&mut s, g).unwrap(), plain_class(&mut s, g, true));
    }

    #[test]
    fn companion_of_a_companion_of_an_infinitesimal_and_freeze(seed in 1u64..u64::MAX) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 4);
        // The companion has the outcome of G but for 0 ↔ *, and freezing
        // keeps the mean and leaves a game of temperature ≤ 0.
        let c = companion(&mut s, g).unwrap();
        let zero = s.zero();
        let star = s.star().unwrap();
        if g == zero {
            prop_assert_eq!(c, star);
        } else if g == star {
            prop_assert_eq!(c, zero);
        }
        let f = freeze(&mut s, g).unwrap();
        prop_assert_eq!(s.mean(f).unwrap(), s.mean(g).unwrap());
        prop_assert!(s.temperature(f).unwrap() <= Dyadic::ZERO);
    }

    #[test]
    fn pow_to_is_the_ordinal_sum_and_pow_its_definition(seed in 1u64..u64::MAX, n in 1u32..5) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 3);
        // G^→n = G : (n − 1), the ordinal sum of algebra.rs.
        let k = s.integer(i64::from(n) - 1);
        prop_assert_eq!(pow_to(&mut s, g, n).unwrap(), ordinal(&mut s, g, k).unwrap());
        // {0|H} made from G's Right options: G^n = {0 | H − G^→(n−1)}.
        let zero = s.zero();
        let gr = s.right_options(g).unwrap().to_vec();
        let Some(&h) = gr.first() else { return Ok(()) };
        let z = s.game(&[zero], &[h]).unwrap();
        if s.left_options(z).unwrap().as_ref() != [zero] || s.right_options(z).unwrap().len() != 1 {
            return Ok(());
        }
        let expected = if n == 1 {
            z
        } else {
            let k = s.integer(i64::from(n) - 2);
            let below = ordinal(&mut s, z, k).unwrap();
            let h = s.right_options(z).unwrap()[0];
            let rhs = s.sub(h, below).unwrap();
            s.game(&[zero], &[rhs]).unwrap()
        };
        prop_assert_eq!(pow(&mut s, z, n).unwrap(), expected);
    }

    #[test]
    fn every_game_of_birthday_two_is_born_by_day_two(seed in 1u64..u64::MAX) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 3);
        let day = born_by(&mut s, 2).unwrap();
        prop_assert_eq!(day.contains(&g), s.birthday(g) <= 2);
    }
}

/// The games `{A|B}` for all subsets A, B of `games`.
fn all_subset_pairs(s: &mut GameStore, games: &[ValueId]) -> Vec<ValueId> {
    let k = games.len();
    let subset = |m: u32| -> Vec<ValueId> {
        (0..k)
            .filter(|i| m >> i & 1 == 1)
            .map(|i| games[i])
            .collect()
    };
    let mut out = Vec::new();
    for a in 0..1u32 << k {
        for b in 0..1u32 << k {
            let g = s.game(&subset(a), &subset(b)).unwrap();
            out.push(g);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn born_by_day_n_is_every_pair_of_subsets_of_day_n_minus_one() {
    let mut s = GameStore::new();
    for n in 1..=2 {
        let before = born_by(&mut s, n - 1).unwrap();
        let mut day = born_by(&mut s, n).unwrap();
        day.sort_unstable();
        assert_eq!(day, all_subset_pairs(&mut s, &before));
    }
}

/// The published counts of short games born by day n (Wolfe and Fraser,
/// "Counting the number of games", 2004; OEIS A065401): 1, 4, 22, 1474.
#[test]
fn born_by_counts_are_the_published_ones() {
    let mut s = GameStore::new();
    let counts: Vec<usize> = (0..=3).map(|n| born_by(&mut s, n).unwrap().len()).collect();
    assert_eq!(counts, [1, 4, 22, 1474]);
    for g in born_by(&mut s, 3).unwrap() {
        assert!(s.birthday(g) <= 3);
    }
    // The order is the same in a store that made other values first.
    let mut fresh = GameStore::new();
    let texts = |s: &mut GameStore, xs: Vec<ValueId>| -> Vec<String> {
        xs.into_iter().map(|g| s.display(g)).collect()
    };
    let a = born_by(&mut fresh, 2).unwrap();
    let b = born_by(&mut s, 2).unwrap();
    assert_eq!(texts(&mut fresh, a), texts(&mut s, b));
    assert_eq!(
        born_by(&mut s, 4),
        Err(AlgebraError::TooManyGames { day: 4 })
    );
}
