//! Surreal numbers and their GCD against slow definitions: the GCD of
//! polynomials in ω against Euclid's algorithm over the rationals
//! (Gauss's lemma: the GCD over ℤ is the GCD of the contents times the
//! primitive GCD over ℚ), the multivariate GCD by its laws, lowest terms
//! by evaluation at a large integer (a reduced quotient has the value of
//! the unreduced one), the field laws, and the order against the sign of
//! the difference.

use std::cmp::Ordering;

use proptest::prelude::*;

use super::surreal::{Surreal, ordinal_gcd};
use super::tests::{at, poly};
use super::{GenOrdinal, Term};

/// Σ c ω^(ω×k + j) over (k, j, c): a polynomial in ω^ω and ω.
fn poly2(terms: &[(i128, i128, i128)]) -> GenOrdinal {
    let omega = GenOrdinal::omega();
    GenOrdinal::from_terms(
        terms
            .iter()
            .map(|&(k, j, c)| Term {
                exp: omega
                    .mul(&GenOrdinal::int(k))
                    .unwrap()
                    .add(&GenOrdinal::int(j))
                    .unwrap(),
                coeff: c,
            })
            .collect(),
    )
    .unwrap()
}

fn small_poly() -> impl Strategy<Value = GenOrdinal> {
    prop::collection::vec((0i128..4, -6i128..7), 0..4).prop_map(|ts| poly(&ts))
}

fn small_poly2() -> impl Strategy<Value = GenOrdinal> {
    prop::collection::vec((0i128..3, 0i128..3, -4i128..5), 0..4).prop_map(|ts| poly2(&ts))
}

fn nonzero(s: impl Strategy<Value = GenOrdinal>) -> impl Strategy<Value = GenOrdinal> {
    s.prop_filter("nonzero", |x| !x.is_zero())
}

fn surreal() -> impl Strategy<Value = Surreal> {
    (small_poly2(), nonzero(small_poly2())).prop_map(|(a, b)| Surreal::new(&a, &b).unwrap())
}

// ---- The slow GCD: Euclid over ℚ on dense coefficient vectors. ----

type Q = (i128, i128);

fn igcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { igcd(b, a % b) }
}

fn q(n: i128, d: i128) -> Q {
    let g = igcd(n, d).max(1) * d.signum();
    (n / g, d / g)
}

fn qsub(a: Q, b: Q) -> Q {
    q(a.0 * b.1 - b.0 * a.1, a.1 * b.1)
}

fn qmul(a: Q, b: Q) -> Q {
    q(a.0 * b.0, a.1 * b.1)
}

/// Coefficients by degree, highest degree last and nonzero.
fn dense(x: &GenOrdinal) -> Vec<Q> {
    let deg = x.terms().first().map_or(0, |t| t.exp.as_int().unwrap());
    let mut v = vec![(0, 1); deg as usize + 1];
    for t in x.terms() {
        v[t.exp.as_int().unwrap() as usize] = (t.coeff, 1);
    }
    if x.is_zero() { Vec::new() } else { v }
}

fn qrem(a: &[Q], b: &[Q]) -> Vec<Q> {
    let mut r = a.to_vec();
    let lb = *b.last().unwrap();
    while r.len() >= b.len() {
        let k = qmul(*r.last().unwrap(), (lb.1, lb.0));
        let shift = r.len() - b.len();
        for (i, c) in b.iter().enumerate() {
            r[i + shift] = qsub(r[i + shift], qmul(k, *c));
        }
        while r.last().is_some_and(|c| c.0 == 0) {
            r.pop();
        }
    }
    r
}

fn content(x: &GenOrdinal) -> i128 {
    x.terms().iter().fold(0, |g, t| igcd(g, t.coeff))
}

fn slow_gcd(a: &GenOrdinal, b: &GenOrdinal) -> GenOrdinal {
    let (mut f, mut g) = (dense(a), dense(b));
    while !g.is_empty() {
        let r = qrem(&f, &g);
        (f, g) = (g, r);
    }
    if f.is_empty() {
        return GenOrdinal::zero();
    }
    // Clear denominators, make primitive and positive, times the GCD of
    // the contents.
    let l = f.iter().fold(1, |l, c| l / igcd(l, c.1) * c.1);
    let ints: Vec<i128> = f.iter().map(|c| c.0 * (l / c.1)).collect();
    let cont = ints.iter().fold(0, |g, c| igcd(g, *c)) * ints.last().unwrap().signum();
    let c = igcd(content(a), content(b));
    let terms: Vec<(i128, i128)> = ints
        .iter()
        .enumerate()
        .map(|(e, x)| (e as i128, x / cont * c))
        .collect();
    poly(&terms)
}

#[test]
fn cgsuite_simplification_and_sums() {
    // EvalTest.scala:75-76 (CGSuite's lib/core/src/test/.../lang/).
    let (w, one) = (GenOrdinal::omega(), GenOrdinal::int(1));
    let wp = |e: &GenOrdinal| GenOrdinal::omega_pow(e).unwrap();
    let num = wp(&w.add(&one).unwrap())
        .sub(&wp(&w))
        .unwrap()
        .sub(&w)
        .unwrap()
        .add(&one)
        .unwrap();
    let x = Surreal::new(&num, &w.sub(&one).unwrap()).unwrap();
    assert_eq!(x.to_string(), "ω^ω-1");
    let y = Surreal::from(wp(&w))
        .add(&Surreal::new(&one, &w.add(&one).unwrap()).unwrap())
        .unwrap();
    assert_eq!(y.to_string(), "(ω^(ω+1)+ω^ω+1)/(ω+1)");
    assert_eq!(Surreal::new(&one, &w).unwrap().to_string(), "1/ω");
    // Signs go to the numerator; a common integer factor cancels.
    let z = Surreal::new(&GenOrdinal::int(-2), &w.mul(&GenOrdinal::int(-4)).unwrap());
    assert_eq!(z.unwrap().to_string(), "1/ω×2");
    assert_eq!(
        Surreal::omega_pow(&GenOrdinal::int(-1))
            .unwrap()
            .to_string(),
        "1/ω"
    );
}

#[test]
fn division_by_zero_is_an_error() {
    let one = GenOrdinal::int(1);
    assert!(Surreal::new(&one, &GenOrdinal::zero()).is_err());
    assert!(Surreal::from(GenOrdinal::zero()).recip().is_err());
}

proptest! {
    #[test]
    fn gcd_in_omega_is_euclid_over_the_rationals(
        a in small_poly(), b in small_poly(), c in small_poly()
    ) {
        // A common factor c, so the GCD is often more than a constant.
        let (a, b) = (a.mul(&c).unwrap(), b.mul(&c).unwrap());
        prop_assert_eq!(ordinal_gcd(&a, &b).unwrap(), slow_gcd(&a, &b));
    }

    #[test]
    fn multivariate_gcd_laws(a in small_poly2(), b in small_poly2(), c in nonzero(small_poly2())) {
        // gcd(ca, cb) = |c| gcd(a, b), and it divides both.
        let (ca, cb) = (c.mul(&a).unwrap(), c.mul(&b).unwrap());
        let g = ordinal_gcd(&ca, &cb).unwrap();
        let want = ordinal_gcd(&a, &b).unwrap().mul(&c.abs().unwrap()).unwrap();
        prop_assert_eq!(&g, &want);
        if !g.is_zero() {
            let (x, y) = (Surreal::new(&ca, &g).unwrap(), Surreal::new(&cb, &g).unwrap());
            prop_assert!(x.as_ordinal().is_some() && y.as_ordinal().is_some());
        }
    }

    #[test]
    fn lowest_terms_keep_the_value(a in small_poly(), b in nonzero(small_poly()), c in nonzero(small_poly())) {
        let (a, b) = (a.mul(&c).unwrap(), b.mul(&c).unwrap());
        let x = Surreal::new(&a, &b).unwrap();
        let n = 10_000;
        // num/den = a/b: num·b = a·den as polynomials, so at ω = n too.
        prop_assert_eq!(
            at(x.num(), n).wrapping_mul(at(&b, n)),
            at(&a, n).wrapping_mul(at(x.den(), n))
        );
        prop_assert!(x.den().sign() > 0);
        prop_assert_eq!(ordinal_gcd(x.num(), x.den()).unwrap(), GenOrdinal::int(1));
    }

    #[test]
    fn surreal_arithmetic_is_a_field(x in surreal(), y in surreal(), z in surreal()) {
        let zero = Surreal::from(GenOrdinal::zero());
        let one = Surreal::from(GenOrdinal::int(1));
        prop_assert_eq!(x.add(&y).unwrap(), y.add(&x).unwrap());
        prop_assert_eq!(x.mul(&y).unwrap(), y.mul(&x).unwrap());
        prop_assert_eq!(x.add(&y).unwrap().add(&z).unwrap(), x.add(&y.add(&z).unwrap()).unwrap());
        prop_assert_eq!(x.mul(&y).unwrap().mul(&z).unwrap(), x.mul(&y.mul(&z).unwrap()).unwrap());
        prop_assert_eq!(
            x.mul(&y.add(&z).unwrap()).unwrap(),
            x.mul(&y).unwrap().add(&x.mul(&z).unwrap()).unwrap()
        );
        prop_assert_eq!(x.sub(&x).unwrap(), zero.clone());
        prop_assert_eq!(x.sub(&y).unwrap().add(&y).unwrap(), x.clone());
        if x.sign() != 0 {
            prop_assert_eq!(x.mul(&x.recip().unwrap()).unwrap(), one);
            prop_assert_eq!(y.div(&x).unwrap().mul(&x).unwrap(), y.clone());
            prop_assert_eq!(x.pow(-2).unwrap(), x.mul(&x).unwrap().recip().unwrap());
        }
    }

    #[test]
    fn order_is_the_sign_of_the_difference(x in surreal(), y in surreal(), z in surreal()) {
        let d = x.sub(&y).unwrap().sign();
        prop_assert_eq!(x.cmp_value(&y).unwrap(), d.cmp(&0));
        prop_assert_eq!(y.cmp_value(&x).unwrap(), d.cmp(&0).reverse());
        // Adding z keeps the order; a transitive chain stays one.
        prop_assert_eq!(
            x.add(&z).unwrap().cmp_value(&y.add(&z).unwrap()).unwrap(),
            d.cmp(&0)
        );
        if x.cmp_value(&y).unwrap() != Ordering::Greater && y.cmp_value(&z).unwrap() != Ordering::Greater {
            prop_assert!(x.cmp_value(&z).unwrap() != Ordering::Greater);
        }
    }

    #[test]
    fn generalized_ordinals_order_as_before(a in small_poly2(), b in small_poly2()) {
        // A quotient with denominator 1 orders as the ordinal it is.
        let (x, y) = (Surreal::from(a.clone()), Surreal::from(b.clone()));
        prop_assert_eq!(x.cmp_value(&y).unwrap(), a.cmp(&b));
    }
}
