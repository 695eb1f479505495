//! Tests of `algebra.rs` on random short games built through the store,
//! against thermographs, sums, order and published values.

use proptest::prelude::*;

use super::*;

/// A random game of height ≤ `depth` from a seed: leaves are small
/// dyadics, inner nodes have 0–2 options a side.
fn random_game(s: &mut GameStore, seed: &mut u64, depth: u32) -> ValueId {
    let mut next = |m: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % m
    };
    if depth == 0 || next(4) == 0 {
        let num = next(9) as i64 - 4;
        let exp = next(2) as u32;
        return s.dyadic(num, exp).unwrap();
    }
    let (nl, nr) = (next(3), next(3));
    let subs: Vec<u64> = (0..nl + nr).map(|_| next(u64::MAX)).collect();
    let mut opts = Vec::new();
    for mut sd in subs {
        sd |= 1;
        opts.push(random_game(s, &mut sd, depth - 1));
    }
    let (l, r) = opts.split_at(nl as usize);
    s.game(l, r).unwrap()
}

fn p(s: &mut GameStore, text: &str) -> ValueId {
    parse(s, text).unwrap()
}

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp).unwrap()
}

const TEMPS: [(i64, u32); 7] = [(0, 0), (1, 2), (1, 1), (1, 0), (3, 1), (2, 0), (3, 0)];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn cooled_stops_are_the_thermograph_walls(seed in 1u64.., ti in 0usize..7) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 3);
        let t = d(TEMPS[ti].0, TEMPS[ti].1);
        let c = cool(&mut s, g, t).unwrap();
        let th = s.thermograph(g).unwrap();
        prop_assert_eq!(s.left_stop(c), th.left.at(t).unwrap());
        prop_assert_eq!(s.right_stop(c), th.right.at(t).unwrap());
        prop_assert_eq!(s.mean(c).unwrap(), th.mean);
    }

    #[test]
    fn cooling_is_additive(a in 1u64.., b in 1u64.., ti in 0usize..7) {
        let mut s = GameStore::new();
        let (mut sa, mut sb) = (a, b);
        let g = random_game(&mut s, &mut sa, 2);
        let h = random_game(&mut s, &mut sb, 2);
        let t = d(TEMPS[ti].0, TEMPS[ti].1);
        let gh = s.add(g, h).unwrap();
        let lhs = cool(&mut s, gh, t).unwrap();
        let (cg, ch) = (cool(&mut s, g, t).unwrap(), cool(&mut s, h, t).unwrap());
        let rhs = s.add(cg, ch).unwrap();
        prop_assert!(s.eq(lhs, rhs), "{} vs {}", s.display(lhs), s.display(rhs));
    }

    #[test]
    fn norton_respects_sums_and_order(a in 1u64.., b in 1u64.., ui in 0usize..4) {
        let mut s = GameStore::new();
        let (mut sa, mut sb) = (a, b);
        let g = random_game(&mut s, &mut sa, 2);
        let h = random_game(&mut s, &mut sb, 2);
        let u = p(&mut s, ["1", "^", "^^*", "{2|1/2}"][ui]);
        let gh = s.add(g, h).unwrap();
        let lhs = norton(&mut s, gh, u).unwrap();
        let (ng, nh) = (norton(&mut s, g, u).unwrap(), norton(&mut s, h, u).unwrap());
        let rhs = s.add(ng, nh).unwrap();
        prop_assert!(s.eq(lhs, rhs), "{} vs {}", s.display(lhs), s.display(rhs));
        if s.le(g, h) {
            prop_assert!(s.le(ng, nh));
        }
        if s.le(h, g) {
            prop_assert!(s.le(nh, ng));
        }
        let one = s.integer(1);
        prop_assert_eq!(norton(&mut s, g, one).unwrap(), g);
    }

    #[test]
    fn ordinal_and_incentives_follow_their_definitions(a in 1u64.., b in 1u64..) {
        let mut s = GameStore::new();
        let (mut sa, mut sb) = (a, b);
        let g = random_game(&mut s, &mut sa, 2);
        let h = random_game(&mut s, &mut sb, 2);
        // G : 0 = G, 0 : H = H, and the recursion
        // G:H = {G^L, G:H^L | G^R, G:H^R} checked one level down.
        let zero = s.zero();
        prop_assert_eq!(ordinal(&mut s, g, zero).unwrap(), g);
        prop_assert_eq!(ordinal(&mut s, zero, h).unwrap(), h);
        let gh = ordinal(&mut s, g, h).unwrap();
        let mut l = s.left_options(g).unwrap().to_vec();
        for x in s.left_options(h).unwrap().to_vec() {
            l.push(ordinal(&mut s, g, x).unwrap());
        }
        let mut r = s.right_options(g).unwrap().to_vec();
        for y in s.right_options(h).unwrap().to_vec() {
            r.push(ordinal(&mut s, g, y).unwrap());
        }
        prop_assert_eq!(s.game(&l, &r).unwrap(), gh);
        // Incentives: each Left incentive plus G is its option; a
        // number's incentives are negative.
        let li = left_incentives(&mut s, g).unwrap();
        let ri = right_incentives(&mut s, g).unwrap();
        let gl = s.left_options(g).unwrap().to_vec();
        prop_assert_eq!(li.len(), gl.len());
        for (i, x) in li.iter().zip(gl) {
            let back = s.add(*i, g).unwrap();
            prop_assert_eq!(back, x);
        }
        if s.is_number(g) {
            for i in li.into_iter().chain(ri) {
                prop_assert!(s.lt(i, zero));
            }
        }
    }

    #[test]
    fn heating_then_cooling_and_overheating_integers(seed in 1u64.., n in -5i64..6) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_game(&mut s, &mut sd, 2);
        let one = s.integer(1);
        let ni = s.integer(n);
        let up = s.up().unwrap();
        // Overheating an integer n from s gives n·s.
        let o = overheat(&mut s, ni, up, one).unwrap();
        prop_assert_eq!(o, times(&mut s, up, n).unwrap());
        // Heating by 0 changes nothing; heating a number changes nothing.
        let zero = s.zero();
        prop_assert_eq!(heat(&mut s, g, zero).unwrap(), g);
        let x = s.dyadic(n, 1).unwrap();
        prop_assert_eq!(heat(&mut s, x, one).unwrap(), x);
        // Heating by t then cooling by t: every left option gains t and
        // loses it again, so the stops of G come back (for a non-number).
        let hg = heat(&mut s, g, one).unwrap();
        let back = cool(&mut s, hg, Dyadic::ONE).unwrap();
        prop_assert_eq!(s.mean(back).unwrap(), s.mean(g).unwrap());
    }
}

#[test]
fn published_values() {
    let mut s = GameStore::new();
    // Cooling (Winning Ways ch. 6, Siegel ch. II): ±1 cooled by 1 (its
    // temperature) is {0|0} = *, and 0 beyond; ±2 cooled by 1 is ±1.
    let pm1 = p(&mut s, "{1|-1}");
    let star = p(&mut s, "*");
    let zero = s.zero();
    assert_eq!(cool(&mut s, pm1, Dyadic::ONE).unwrap(), star);
    assert_eq!(cool(&mut s, pm1, d(3, 1)).unwrap(), zero);
    let pm2 = p(&mut s, "{2|-2}");
    assert_eq!(cool(&mut s, pm2, Dyadic::ONE).unwrap(), pm1);
    // {3|1} cooled by 1 is 2* (Siegel's example of cooling to temperature).
    let g = p(&mut s, "{3|1}");
    let two_star = p(&mut s, "2*");
    assert_eq!(cool(&mut s, g, Dyadic::ONE).unwrap(), two_star);
    assert!(cool(&mut s, g, Dyadic::MINUS_ONE).is_err());
    // Heating: ∫^1 * = ±1, ∫^t of a number is itself.
    let one = s.integer(1);
    assert_eq!(heat(&mut s, star, one).unwrap(), pm1);
    // Overheating: ∫_1^1 (1/2) = {1 + ∫0 | −1 + ∫1} = {1 | 0}.
    let half = s.dyadic(1, 1).unwrap();
    let g10 = p(&mut s, "{1|0}");
    assert_eq!(overheat(&mut s, half, one, one).unwrap(), g10);
    // Ordinal sums (Winning Ways ch. 5 / Siegel): 1:1 = 2, 1:−1 = 1/2,
    // *:1 = {0,*|0} = ↑*.
    let m1 = s.integer(-1);
    let two = s.integer(2);
    assert_eq!(ordinal(&mut s, one, one).unwrap(), two);
    assert_eq!(ordinal(&mut s, one, m1).unwrap(), half);
    let upstar = p(&mut s, "^*");
    assert_eq!(ordinal(&mut s, star, one).unwrap(), upstar);
    // Norton: n.U = n·U; 1/2.↑ + 1/2.↑ = ↑; a non-positive unit is refused.
    let up = s.up().unwrap();
    let three_up = p(&mut s, "^^^");
    let three = s.integer(3);
    assert_eq!(norton(&mut s, three, up).unwrap(), three_up);
    let hu = norton(&mut s, half, up).unwrap();
    assert_eq!(s.add(hu, hu).unwrap(), up);
    assert_eq!(norton(&mut s, one, star), Err(AlgebraError::NotPositive));
    // Incentives of {1|0}: Left 1 − {1|0} = {1|0}, Right {1|0} − 0 = {1|0}.
    assert_eq!(left_incentives(&mut s, g10).unwrap(), vec![g10]);
    assert_eq!(right_incentives(&mut s, g10).unwrap(), vec![g10]);
}
