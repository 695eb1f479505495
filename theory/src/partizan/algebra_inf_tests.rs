//! Tests of the algebra on positions of real games (Domineering, Clobber,
//! Hackenbush, Cutcake, random trees: `algebra_games.rs`): cooling
//! against thermographs, reduced canonical forms against their defining
//! properties, atomic weights against additivity and the uptimals, Norton
//! products against sums and order; and published values.

use proptest::prelude::*;

use super::algebra_games::*;
use super::algebra_inf::atomic_weight_with;
use super::*;

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp).unwrap()
}

fn p(s: &mut GameStore, text: &str) -> ValueId {
    parse(s, text).unwrap()
}

/// Whether `g` is infinitesimal: both stops 0.
fn infinitesimal(s: &GameStore, g: ValueId) -> bool {
    s.left_stop(g).is_zero() && s.right_stop(g).is_zero()
}

/// Every non-number subposition of `g` has no Inf-dominated option (two
/// options on one side, one ≤ the other modulo infinitesimals) and no
/// Inf-reversible one (a Left option with a Right option ≤ g modulo
/// infinitesimals, and symmetrically): the defining property of a
/// reduced canonical form.
fn is_reduced(s: &mut GameStore, g: ValueId) -> std::result::Result<(), String> {
    let mut stack = vec![g];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(h) = stack.pop() {
        if s.is_number(h) || !seen.insert(h) {
            continue;
        }
        let l = s.left_options(h).unwrap().to_vec();
        let r = s.right_options(h).unwrap().to_vec();
        for (i, &a) in l.iter().enumerate() {
            for (j, &b) in l.iter().enumerate() {
                if i != j && ge_inf(s, b, a).unwrap() {
                    return Err(format!(
                        "{}: Left {} Inf-dominated",
                        s.display(h),
                        s.display(a)
                    ));
                }
            }
            for ar in s.right_options(a).unwrap().to_vec() {
                if ge_inf(s, h, ar).unwrap() {
                    return Err(format!(
                        "{}: Left {} Inf-reversible",
                        s.display(h),
                        s.display(a)
                    ));
                }
            }
            stack.push(a);
        }
        for (i, &a) in r.iter().enumerate() {
            for (j, &b) in r.iter().enumerate() {
                if i != j && ge_inf(s, a, b).unwrap() {
                    return Err(format!(
                        "{}: Right {} Inf-dominated",
                        s.display(h),
                        s.display(a)
                    ));
                }
            }
            for al in s.left_options(a).unwrap().to_vec() {
                if ge_inf(s, al, h).unwrap() {
                    return Err(format!(
                        "{}: Right {} Inf-reversible",
                        s.display(h),
                        s.display(a)
                    ));
                }
            }
            stack.push(a);
        }
    }
    Ok(())
}

const INFINITESIMALS: [&str; 8] = ["0", "*", "^", "^*", "v", "^^*", "*2", "{0||0|-1}"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn cooled_stops_are_the_walls_on_real_games(seed in 1u64.., num in 0i64..16, exp in 0u32..3) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_short(&mut s, &mut sd);
        let t = d(num, exp);
        let c = cool(&mut s, g, t).unwrap();
        let th = s.thermograph(g).unwrap();
        prop_assert_eq!(s.left_stop(c), th.left.at(t).unwrap(), "{}", s.display(g));
        prop_assert_eq!(s.right_stop(c), th.right.at(t).unwrap(), "{}", s.display(g));
    }

    #[test]
    fn reduced_forms_follow_their_definition(seed in 1u64.., ei in 0usize..8) {
        let mut s = GameStore::new();
        let mut sd = seed;
        let g = random_short(&mut s, &mut sd);
        let r = reduced(&mut s, g).unwrap();
        // It differs from G by an infinitesimal, and is reduced.
        let diff = s.sub(r, g).unwrap();
        prop_assert!(infinitesimal(&s, diff), "{} vs {}", s.display(g), s.display(r));
        if let Err(e) = is_reduced(&mut s, r) {
            return Err(TestCaseError::fail(format!("reduced({}) = {}: {e}", s.display(g), s.display(r))));
        }
        prop_assert_eq!(reduced(&mut s, r).unwrap(), r);
        // The same for G plus any infinitesimal.
        let e = p(&mut s, INFINITESIMALS[ei]);
        let ge = s.add(g, e).unwrap();
        prop_assert_eq!(reduced(&mut s, ge).unwrap(), r);
        // Mean kept; temperature kept when positive; otherwise G is a
        // number plus an infinitesimal and reduces to that number.
        prop_assert_eq!(s.mean(r).unwrap(), s.mean(g).unwrap());
        let tg = s.temperature(g).unwrap();
        if tg > Dyadic::ZERO {
            prop_assert_eq!(s.temperature(r).unwrap(), tg);
        } else {
            let x = s.left_stop(g);
            prop_assert_eq!(r, s.number(x));
        }
    }

    #[test]
    fn atomic_weights_add_and_weigh_uptimals(a in 1u64.., b in 1u64.., n in -6i64..7, m in 0usize..5) {
        let mut s = GameStore::new();
        let (mut sa, mut sb) = (a, b);
        let g = random_all_small(&mut s, &mut sa);
        let h = random_all_small(&mut s, &mut sb);
        let wg = atomic_weight(&mut s, g).unwrap();
        let wh = atomic_weight(&mut s, h).unwrap();
        // The calculus alone agrees with the n·↑ + *m shortcut.
        prop_assert_eq!(atomic_weight_with(&mut s, g, false).unwrap(), wg);
        let gh = s.add(g, h).unwrap();
        let wgh = atomic_weight(&mut s, gh).unwrap();
        let sum = s.add(wg, wh).unwrap();
        prop_assert_eq!(wgh, sum, "aw({} + {})", s.display(g), s.display(h));
        // n·↑ + *m has weight n, by the calculus.
        let ups = s.ups(n).unwrap();
        let star = s.nimber(m).unwrap();
        let u = s.add(ups, star).unwrap();
        let nn = s.integer(n);
        prop_assert_eq!(atomic_weight_with(&mut s, u, false).unwrap(), nn);
        // The two-ahead rule: weight ≥ 2 wins for Left, ≤ −2 for Right.
        let zero = s.zero();
        let two = s.integer(2);
        let minus_two = s.integer(-2);
        if s.ge(wg, two) {
            prop_assert!(s.lt(zero, g));
        }
        if s.le(wg, minus_two) {
            prop_assert!(s.lt(g, zero));
        }
        // A far star is far: a larger one compares the same way with G.
        let f = far_star(&mut s, g).unwrap();
        let (s1, s2) = (s.nimber(f).unwrap(), s.nimber(2 * f + 3).unwrap());
        prop_assert_eq!(s.compare(g, s1), s.compare(g, s2));
    }

    #[test]
    fn norton_on_real_games(a in 1u64.., b in 1u64.., ui in 0usize..5, n in -4i64..5) {
        let mut s = GameStore::new();
        let (mut sa, mut sb) = (a, b);
        let g = random_short(&mut s, &mut sa);
        let h = random_short(&mut s, &mut sb);
        let u = p(&mut s, ["1", "^", "^^*", "{2|1/2}", "1*"][ui]);
        let gh = s.add(g, h).unwrap();
        let (ng, nh) = (norton(&mut s, g, u).unwrap(), norton(&mut s, h, u).unwrap());
        let ngh = norton(&mut s, gh, u).unwrap();
        let sum = s.add(ng, nh).unwrap();
        prop_assert_eq!(ngh, sum);
        if s.le(g, h) {
            prop_assert!(s.le(ng, nh));
        }
        if s.le(h, g) {
            prop_assert!(s.le(nh, ng));
        }
        let nv = s.integer(n);
        let nu = times(&mut s, u, n).unwrap();
        prop_assert_eq!(norton(&mut s, nv, u).unwrap(), nu);
        let one = s.integer(1);
        prop_assert_eq!(norton(&mut s, g, one).unwrap(), g);
    }
}

#[test]
fn the_game_families_give_their_known_values() {
    let mut s = GameStore::new();
    // Domineering (Winning Ways ch. 1): a vertical strip of two cells is
    // 1 (one move for Left), a horizontal one −1, and the 2×2 square
    // {1|−1} = ±1 (Left's vertical domino leaves a vertical strip, 1;
    // Right's horizontal one a horizontal strip, −1).
    let v12 = domineering(&mut s, 2, 1, 0b11);
    assert_eq!(s.display(v12), "1");
    let h12 = domineering(&mut s, 1, 2, 0b11);
    assert_eq!(s.display(h12), "-1");
    let sq = domineering(&mut s, 2, 2, 0b1111);
    assert_eq!(s.display(sq), "±1");
    // Hackenbush strings (Winning Ways ch. 2, Berlekamp's rule): blue
    // then red from the ground is 1/2, blue red red 1/4; a green edge is
    // *, two green edges *2.
    let br = hackenbush(&mut s, &[0, 1]);
    assert_eq!(s.display(br), "1/2");
    let brr = hackenbush(&mut s, &[0, 1, 1]);
    assert_eq!(s.display(brr), "1/4");
    let g = hackenbush(&mut s, &[2]);
    assert_eq!(s.display(g), "*");
    let gg = hackenbush(&mut s, &[2, 2]);
    assert_eq!(s.display(gg), "*2");
    // Cutcake (Winning Ways ch. 2): 2 wide and 1 high is {0 + 0 |} = 1,
    // 4×1 is {2 |} = 3, and 2×2 is {−1 + −1 | 1 + 1} = 0.
    let c21 = cutcake(&mut s, 2, 1);
    assert_eq!(s.display(c21), "1");
    let c41 = cutcake(&mut s, 4, 1);
    assert_eq!(s.display(c41), "3");
    let c22 = cutcake(&mut s, 2, 2);
    assert_eq!(s.display(c22), "0");
}

#[test]
fn published_atomic_weights_and_reduced_forms() {
    let mut s = GameStore::new();
    let w = |s: &mut GameStore, text: &str| {
        let g = p(s, text);
        let a = atomic_weight(s, g).unwrap();
        s.display(a)
    };
    // Winning Ways ch. 8 and Siegel, CGT II.7: ↑ has atomic weight 1,
    // nimbers 0, ⇑* 2, ↓ −1; ↑^2 = {0|↓*} has weight 0 (the calculus
    // gives {0 − 2 | −1 + 2} = 0, an integer, and ↑^2 > ⧾ makes it the
    // greatest integer n ⊲ 1, again 0).
    assert_eq!(w(&mut s, "^"), "1");
    assert_eq!(w(&mut s, "*"), "0");
    assert_eq!(w(&mut s, "*7"), "0");
    assert_eq!(w(&mut s, "^^*"), "2");
    assert_eq!(w(&mut s, "v"), "-1");
    assert_eq!(w(&mut s, "^<2>"), "0");
    // Clobber, worked from the rules (black = Left). ●○: each player's
    // only move leaves one stone, so it is {0|0} = *, weight 0. ●●○: Left
    // clobbers into ● _ ● = 0, Right into ● ○ _ = *, so {0|*} = ↑,
    // weight 1. ●○●: both of Left's moves and both of Right's leave two
    // lone stones, so *.
    let xo = clobber(&mut s, 1, 2, &[1, 2]);
    assert_eq!(s.display(xo), "*");
    let xxo = clobber(&mut s, 1, 3, &[1, 1, 2]);
    assert_eq!(s.display(xxo), "^");
    let a = atomic_weight(&mut s, xxo).unwrap();
    assert_eq!(s.display(a), "1");
    let xox = clobber(&mut s, 1, 3, &[1, 2, 1]);
    assert_eq!(s.display(xox), "*");
    // Two longer rows, the same values as LANGUAGE.md's Clobber written
    // as rules in the language (an independent implementation): ●●●○ is
    // ⇑* (weight 2), ●○●○● is v[2] (weight −1).
    let xxxo = clobber(&mut s, 1, 4, &[1, 1, 1, 2]);
    assert_eq!(s.display(xxxo), "^^*");
    let alt = clobber(&mut s, 1, 5, &[1, 2, 1, 2, 1]);
    assert_eq!(s.display(alt), "v[2]");
    let a = atomic_weight(&mut s, alt).unwrap();
    assert_eq!(s.display(a), "-1");
    // Not all-small: a coded error.
    let one = s.integer(1);
    assert_eq!(atomic_weight(&mut s, one), Err(AlgebraError::NotAllSmall));
    let pm = p(&mut s, "{1|-1}");
    assert_eq!(atomic_weight(&mut s, pm), Err(AlgebraError::NotAllSmall));
    // Reduced canonical forms (Siegel, CGT II.6): x + infinitesimal → x;
    // {1|↑} reduces to {1|0}, {2*|−1} to {2|−1}; ±1 is already reduced.
    let r = |s: &mut GameStore, text: &str| {
        let g = p(s, text);
        let a = reduced(s, g).unwrap();
        s.display(a)
    };
    assert_eq!(r(&mut s, "3/2^*"), "3/2");
    assert_eq!(r(&mut s, "{0||0|-1}"), "0");
    assert_eq!(r(&mut s, "{1|^}"), "{1|0}");
    assert_eq!(r(&mut s, "{2*|-1}"), "{2|-1}");
    assert_eq!(r(&mut s, "{1|-1}"), "±1");
    // The test of reducedness can fail: ↑ reverses through 0 ≥ ↑ modulo
    // infinitesimals, and {1, 1* | 0} has two Left options equal modulo
    // infinitesimals.
    for text in ["{1|^}", "^", "{1,1*|0}"] {
        let g = p(&mut s, text);
        assert!(is_reduced(&mut s, g).is_err(), "{text}");
    }
}

/// CGSuite's test table of canonical short games (its
/// `CanonicalShortGameTestCase`, the cases from simple numbers to hot
/// games): the canonical form, the atomic weight (of the all-small ones;
/// CGSuite also weighs some atomic games that are not all-small, which
/// we refuse), the reduced canonical form, and the stops.
#[rustfmt::skip]
const CGSUITE: [(&str, Option<&str>, &str, &str, &str); 23] = [
    ("0", Some("0"), "0", "0", "0"),
    ("5", None, "5", "5", "5"),
    ("25/16", None, "25/16", "25/16", "25/16"),
    ("*8", Some("0"), "0", "0", "0"),
    ("9/8*", None, "9/8", "9/8", "9/8"),
    ("^", Some("1"), "0", "0", "0"),
    ("v*", Some("-1"), "0", "0", "0"),
    ("6^*", None, "6", "6", "6"),
    ("^*6", Some("1"), "0", "0", "0"),
    ("73/16v9*8", None, "73/16", "73/16", "73/16"),
    ("^[4]", Some("1"), "0", "0", "0"),
    ("{0|^<2>}", Some("1"), "0", "0", "0"),
    ("{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", Some("0"), "0", "0", "0"),
    ("{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", Some("0"), "0", "0", "0"),
    ("{0||0|v3}", Some("0"), "0", "0", "0"),
    ("{^3|vv}", Some("{1|0}"), "0", "0", "0"),
    ("Tiny(3/2)", None, "0", "0", "0"),
    ("Tiny({3|1})", None, "0", "0", "0"),
    ("Miny({5||3|1})", None, "0", "0", "0"),
    ("{1|^^||^}", None, "0", "0", "0"),
    ("{1|^3||^}", None, "0", "0", "0"),
    ("{3||2*|1*}", None, "{3||2|1}", "3", "2"),
    ("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", None, "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}", "1/2", "-1"),
];

#[test]
fn cgsuite_test_table() {
    let mut s = GameStore::new();
    for (text, aw, rcf, ls, rs) in CGSUITE {
        let g = p(&mut s, text);
        // (Our printing may order a side's options differently.)
        let r = reduced(&mut s, g).unwrap();
        assert_eq!(s.display(r), rcf, "reduced({text})");
        assert_eq!(s.left_stop(g).to_string(), ls, "left stop of {text}");
        assert_eq!(s.right_stop(g).to_string(), rs, "right stop of {text}");
        match aw {
            Some(w) => {
                let a = atomic_weight(&mut s, g).unwrap();
                assert_eq!(s.display(a), w, "atomic weight of {text}");
                let b = atomic_weight_with(&mut s, g, false).unwrap();
                assert_eq!(s.display(b), w, "atomic weight of {text} by the calculus");
            }
            None => assert_eq!(
                atomic_weight(&mut s, g),
                Err(AlgebraError::NotAllSmall),
                "{text}"
            ),
        }
    }
}
