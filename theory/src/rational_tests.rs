use super::*;
use proptest::prelude::*;

fn q(p: i64, d: i64) -> Rational {
    Rational::new(p.into(), d.into()).expect("not 0/0")
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

#[test]
fn cgsuite_rational_number_test_lowest_terms() {
    // RationalNumberTest.scala:34-49, numden(x, y).
    let numden = |x: i64, y: i64| {
        let r = Rational::new(x.into(), y.into()).expect("not 0/0");
        (r.num().to_i64().unwrap(), r.den().to_i64().unwrap())
    };
    assert_eq!(numden(0, 135813), (0, 1));
    assert_eq!(numden(0, -124814), (0, 1));
    assert_eq!(numden(10810368, 13056), (828, 1));
    assert_eq!(numden(-10810368, 13056), (-828, 1));
    assert_eq!(numden(-10810368, -13056), (828, 1));
    assert_eq!(numden(10810368, -13056), (-828, 1));
    assert_eq!(numden(10810368, 65280), (828, 5));
    assert_eq!(numden(-10810368, 65280), (-828, 5));
    assert_eq!(numden(-10810368, -65280), (828, 5));
    assert_eq!(numden(10810368, -65280), (-828, 5));
    assert_eq!(numden(14212, 0), (1, 0));
    assert_eq!(numden(-12344, 0), (-1, 0));
    // RationalNumberTest.scala:23: 0/0 is "/ by zero".
    assert_eq!(
        Rational::new(0.into(), 0.into()),
        Err(RationalError::DivisionByZero)
    );
}

#[test]
fn cgsuite_rational_number_test_classes() {
    // RationalNumberTest.scala:17-22: which are integers, dyadic, neither.
    assert!(q(0, 17).is_integer() && q(0, 17).sign() == 0);
    assert!(q(5, 1).is_integer());
    assert!(q(1 << 37, 1 << 10).is_integer());
    assert!(q(1, 1 << 10).is_dyadic() && !q(1, 1 << 10).is_integer());
    assert!(!q(1 << 37, 3).is_dyadic());
    assert!(!q(-1, 0).is_dyadic() && q(-1, 0).is_infinite());
}

#[test]
fn infinities_follow_the_extended_line() {
    let inf = q(1, 0);
    let ninf = q(-1, 0);
    assert_eq!(inf.to_string(), "∞");
    assert_eq!(ninf.to_string(), "-∞");
    assert_eq!(inf.add(&q(5, 7)), Ok(inf.clone()));
    assert_eq!(inf.add(&inf), Ok(inf.clone()));
    assert!(matches!(inf.add(&ninf), Err(RationalError::Undefined(_))));
    assert_eq!(inf.mul(&q(-1, 2)), Ok(ninf.clone()));
    assert_eq!(inf.div(&q(-2, 1)), Ok(ninf.clone()));
    assert!(matches!(
        inf.mul(&q(0, 1)),
        Err(RationalError::Undefined(_))
    ));
    assert!(matches!(inf.div(&inf), Err(RationalError::Undefined(_))));
    assert_eq!(q(3, 7).div(&inf), Ok(q(0, 1)));
    assert_eq!(q(-3, 7).div(&q(0, 1)), Ok(ninf.clone()));
    assert_eq!(q(0, 1).div(&q(0, 1)), Err(RationalError::DivisionByZero));
    assert!(ninf < q(-1000, 3) && q(1000, 3) < inf && ninf < inf);
    assert!(inf.floor().is_err() && inf.rem(&q(1, 3)).is_err());
    assert_eq!(ninf.pow(3), Ok(ninf.clone()));
    assert_eq!(ninf.pow(2), Ok(inf.clone()));
    assert_eq!(inf.pow(-1), Ok(q(0, 1)));
    assert_eq!(q(0, 1).pow(-2), Ok(inf.clone()));
}

#[test]
fn cgsuite_eval_test_rational_rows() {
    // EvalTest.scala:41-48 as operations on rationals.
    assert_eq!(q(4, 6).to_string(), "2/3");
    assert_eq!(q(1, 2).pow(4), Ok(q(1, 16)));
    assert_eq!(q(2, 1).pow(-4), Ok(q(1, 16)));
    assert_eq!(q(2, 3).pow(-3), Ok(q(27, 8)));
    assert_eq!(q(17, 6).rem(&q(1, 3)), Ok(q(1, 6)));
}

#[test]
fn huge_numbers_are_refused() {
    assert_eq!(q(2, 3).pow(1 << 20), Err(RationalError::TooLarge));
    assert_eq!(q(1, 1).pow(i64::MAX), Ok(q(1, 1)));
    assert_eq!(q(-1, 1).pow(i64::MAX), Ok(q(-1, 1)));
    let mut x = q(3, 2);
    let mut failed = false;
    for _ in 0..30 {
        match x.mul(&x) {
            Ok(y) => x = y,
            Err(e) => {
                assert_eq!(e, RationalError::TooLarge);
                failed = true;
                break;
            }
        }
    }
    assert!(failed, "squaring 3/2 thirty times passes {MAX_BITS} bits");
}

#[test]
fn floors_and_ceilings() {
    for (p, d, f, c) in [
        (7, 2, 3, 4),
        (-7, 2, -4, -3),
        (6, 3, 2, 2),
        (-1, 7, -1, 0),
        (1, 7, 0, 1),
    ] {
        let x = q(p, d);
        assert_eq!(x.floor(), Ok(BigInt::from(f)), "{x}");
        assert_eq!(x.ceiling(), Ok(BigInt::from(c)), "{x}");
    }
}

/// A finite rational from small parts.
fn finite() -> impl Strategy<Value = Rational> {
    (-60i64..60, 1i64..40).prop_map(|(p, d)| q(p, d))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn lowest_terms_with_a_positive_denominator(p in -10_000i64..10_000, d in -300i64..300) {
        prop_assume!(d != 0);
        let r = q(p, d);
        let (n, m) = r.to_i128s().unwrap();
        prop_assert!(m > 0);
        prop_assert_eq!(gcd(n, m), 1);
        // The same number: n/m = p/d.
        prop_assert_eq!(n * i128::from(d), m * i128::from(p));
    }

    #[test]
    fn field_laws(a in finite(), b in finite(), c in finite()) {
        let zero = Rational::int(0);
        let one = Rational::int(1);
        prop_assert_eq!(a.add(&b)?, b.add(&a)?);
        prop_assert_eq!(a.mul(&b)?, b.mul(&a)?);
        prop_assert_eq!(a.add(&b)?.add(&c)?, a.add(&b.add(&c)?)?);
        prop_assert_eq!(a.mul(&b)?.mul(&c)?, a.mul(&b.mul(&c)?)?);
        prop_assert_eq!(a.mul(&b.add(&c)?)?, a.mul(&b)?.add(&a.mul(&c)?)?);
        prop_assert_eq!(a.add(&zero)?, a.clone());
        prop_assert_eq!(a.mul(&one)?, a.clone());
        prop_assert_eq!(a.add(&a.neg())?, zero.clone());
        prop_assert_eq!(a.sub(&b)?.add(&b)?, a.clone());
        if b.sign() != 0 {
            prop_assert_eq!(b.mul(&b.recip())?, one);
            prop_assert_eq!(a.div(&b)?.mul(&b)?, a.clone());
        }
    }

    #[test]
    fn order_is_the_sign_of_the_difference(a in finite(), b in finite()) {
        let d = a.sub(&b)?;
        prop_assert_eq!(a.cmp(&b), d.sign().cmp(&0));
        // Against the order of the fractions in i128.
        let (p, m) = a.to_i128s().unwrap();
        let (r, n) = b.to_i128s().unwrap();
        prop_assert_eq!(a.cmp(&b), (p * n).cmp(&(r * m)));
        prop_assert_eq!(a == b, a.cmp(&b) == Ordering::Equal);
    }

    #[test]
    fn floor_division_and_remainder(a in finite(), b in finite()) {
        prop_assume!(b.sign() != 0);
        let f = a.floor_div(&b)?;
        let r = a.rem(&b)?;
        // a = b·⌊a/b⌋ + r with 0 <= r/b < 1.
        prop_assert_eq!(b.mul(&Rational::int(f.clone()))?.add(&r)?, a.clone());
        let t = r.div(&b)?;
        prop_assert!(t >= Rational::int(0) && t < Rational::int(1));
        let fl = Rational::int(a.floor()?);
        prop_assert!(fl <= a && a < fl.add(&Rational::int(1))?);
        prop_assert_eq!(a.ceiling()?, -(a.neg().floor()?));
    }

    #[test]
    fn powers_are_repeated_products(a in finite(), n in -6i64..7) {
        prop_assume!(a.sign() != 0 || n >= 0);
        let mut x = Rational::int(1);
        let base = if n < 0 { a.recip() } else { a.clone() };
        for _ in 0..n.unsigned_abs() {
            x = x.mul(&base)?;
        }
        prop_assert_eq!(a.pow(n)?, x);
    }

    #[test]
    fn dyadic_is_a_power_of_two_denominator(p in -100i64..100, k in 0u32..12, odd in 1i64..20) {
        let d = (1i64 << k) * (2 * odd - 1);
        let r = q(p, d);
        let m = r.den().to_i64().unwrap();
        prop_assert_eq!(r.is_dyadic(), m.count_ones() == 1);
    }
}
