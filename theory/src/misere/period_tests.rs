//! Tests of the proved periodicity of misère quotients: the theorem's
//! predictions for heaps past the proving range against quotients computed
//! directly to far larger heaps, and single heaps against brute force.

use super::tests::HeapBrute;
use super::*;
use crate::octal::OctalCode;

fn direct(code: &OctalCode, n: u64) -> MisereQuotient {
    MisereQuotient::compute(code, n, &QuotientBudget::default()).unwrap()
}

/// A period proved from the smallest range that proves it predicts every
/// heap and random sums of the quotient computed to `far`.
fn check_period(code: &OctalCode, far: u64, seed: u64) -> QuotientPeriod {
    let big = direct(code, far);
    let full = big
        .proved_period(code)
        .unwrap_or_else(|| panic!("no period proved to {far}"));
    let n = proof_range(
        full.preperiod,
        full.period,
        code.max_take(),
        code.max_parts(),
    )
    .unwrap()
    .max(full.preperiod + full.period);
    let small = direct(code, n);
    let per = small.proved_period(code).expect("proved at its own range");
    assert_eq!(per.proved_at, n);
    assert_eq!(small.order(), big.order(), "the quotient of all heaps");
    let mut s = seed | 1;
    let mut rnd = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    for _ in 0..3000 {
        let k = 1 + rnd(4) as usize;
        let heaps: Vec<u64> = (0..k).map(|_| rnd(far + 1)).collect();
        let mut e = 0;
        for &h in &heaps {
            e = small.mul(e, small.pretending_periodic(&per, h));
        }
        assert_eq!(
            small.is_p(e),
            big.outcome(&heaps).unwrap() == Outcome::P,
            "{heaps:?}"
        );
    }
    per
}

#[test]
fn subtraction_1_2_has_a_proved_period_3() {
    let code = OctalCode::subtraction(&[1, 2]);
    let per = check_period(&code, 300, 7);
    assert_eq!(per.period, 3);
    // A single heap n is P iff n ≡ 1 (mod 3), at any size.
    let q = direct(&code, per.proved_at);
    for h in [1u64, 4, 10, 1_000_000_000_000_000, 999_999_999_999_999] {
        let p = q.is_p(q.pretending_periodic(&per, h));
        assert_eq!(p, h % 3 == 1, "heap {h}");
    }
    let mut b = HeapBrute::new(&code, 60);
    for h in 0..=60u64 {
        assert_eq!(q.is_p(q.pretending_periodic(&per, h)), b.is_p(&[h]));
    }
}

#[test]
fn kayles_has_a_proved_period() {
    let code = OctalCode::parse("0.77").unwrap();
    let per = check_period(&code, 300, 11);
    assert_eq!(per.period, 12);
}

#[test]
fn other_codes_with_proved_periods_agree_with_direct_quotients() {
    for (c, seed) in [("0.75", 3), ("0.33", 5), ("0.31", 9), ("0.51", 13)] {
        let code = OctalCode::parse(c).unwrap();
        check_period(&code, 200, seed);
    }
    let code = OctalCode::subtraction(&[1, 3, 4]);
    check_period(&code, 200, 17);
}

#[test]
fn dawsons_kayles_has_no_proved_period_at_heap_24() {
    let code = OctalCode::parse("0.07").unwrap();
    assert_eq!(direct(&code, 24).proved_period(&code), None);
}

#[test]
fn a_range_too_short_proves_nothing() {
    // Kayles is periodic only from its proving range on: below it, no
    // period is claimed (the quotient is still growing at heap 20).
    let code = OctalCode::parse("0.77").unwrap();
    assert_eq!(direct(&code, 20).proved_period(&code), None);
    // The bound itself: k + r·(max(n0, 1) + p − 1).
    assert_eq!(proof_range(0, 3, 2, 1), Some(5));
    assert_eq!(proof_range(4, 12, 2, 2), Some(32));
}
