//! `/` is exact (an integer, a dyadic number as a game value, a rational
//! number such as 1/3, or in a move rule an error naming `//`), `//`
//! floors, `%` is the remainder; in move rules the fast integer path and
//! the tree walk agree.

use crate::common;
use proptest::prelude::*;

fn run(text: &str) -> Vec<String> {
    common::texts_or_codes(text)
}

#[test]
fn a_half_is_a_number_and_a_third_a_rational() {
    assert_eq!(
        run("1/2\n6/3\n-3/6\n1/3\n1/0\n"),
        ["1/2", "2", "-1/2", "1/3", "∞"]
    );
    // In a move rule a third is refused, naming `//`.
    let out = run("game H(n) { move H(n - 1) if n > 0 and n / 3 > 0 }\ngrundy H(1)\n");
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("error grundy::eval::inexact_division"),
        "{out:?}"
    );
    assert!(out[0].contains("`1 // 3`"), "{out:?}");
    assert!(run("0 / 0\n")[0].starts_with("error grundy::eval::division_by_zero"));
}

#[test]
fn a_value_plus_a_half_keeps_the_half() {
    let game = "game T(n) { move T(n - 1) if n > 0 }\n";
    let out = run(&format!("{game}value(T(3)) + 1/2\n"));
    assert_eq!(out, ["1/2*"]);
    // As a query's position, the sum of a position and a number keeps the
    // half too (it was `*`, the half dropped).
    let out = run(&format!("{game}value T(3) + 1/2\n"));
    assert_eq!(out, ["value T(3) + 1/2 = 1/2*"]);
}

#[test]
fn in_a_move_rule_only_an_integral_quotient_is_allowed() {
    let out = run("game H(n) { move H(n / 2) if n > 0 and n % 2 == 0 }\ngrundy H(8)\n");
    assert_eq!(out, ["grundy H(8) = 1"]);
    let out = run("game H(n) { move H(n / 2) if n > 0 }\ngrundy H(3)\n");
    assert!(
        out[0].starts_with("error grundy::eval::inexact_division"),
        "{out:?}"
    );
    let out = run("game H(n) { move H(n // 2) if n > 0 }\nsequence H 0..6\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(!out[0].starts_with("error"), "{out:?}");
}

/// The reference: p / q by hand (fractions reduced; the denominator a power
/// of two or not), and the floor quotient.
fn exact(p: i64, q: i64) -> String {
    let g = gcd(p.unsigned_abs(), q.unsigned_abs()) as i64;
    let (mut a, mut b) = (p / g, q / g);
    if b < 0 {
        (a, b) = (-a, -b);
    }
    if b == 1 {
        a.to_string()
    } else {
        format!("{a}/{b}")
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn division_matches_the_reference(p in -200i64..200, q in -40i64..40) {
        prop_assume!(q != 0);
        let out = run(&format!("({p}) / ({q})\n({p}) // ({q})\n({p}) % ({q})\n"));
        prop_assert_eq!(&out[0], &exact(p, q));
        let floor = (p as f64 / q as f64).floor() as i64;
        prop_assert_eq!(&out[1], &floor.to_string());
        prop_assert_eq!(&out[2], &(p - q * floor).to_string());
        // In a move rule (the fast integer path) the same quotient or error.
        let rule = run(&format!("game G(n) {{ move G(n - 1) if n > 0 and n == ({p}) / ({q}) }}\ngrundy G(1)\n"));
        if !exact(p, q).contains('/') {
            prop_assert!(!rule[0].starts_with("error"), "{:?}", rule);
        } else {
            prop_assert!(rule[0].starts_with("error grundy::eval::inexact_division"), "{:?}", rule);
        }
    }
}
