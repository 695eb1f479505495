//! The pair-set engine (three-heap splits) against plain mex on every hex
//! code of two digits after the point, to n = 2000. Several minutes even
//! in release, so ignored:
//! `cargo test --release --test octal_hex -- --ignored`.
//! (`octal_sweep` checks the same codes to n = 1000 and a sample of
//! three-digit codes to n = 2000.)

use grundy::octal::{Engine, NimSequence, OctalCode};

#[test]
#[ignore = "minutes even in release: cargo test --release --test octal_hex -- --ignored"]
fn octal_pair_sets_equal_plain_on_every_two_digit_hex_code_to_2000() {
    let n = 2000;
    let mut checked = 0;
    for d0 in [0u8, 4, 8, 12] {
        for d in 0..256u32 {
            let digits = [d0, (d >> 4) as u8, (d & 15) as u8];
            if digits.iter().all(|&x| x & 8 == 0) {
                continue;
            }
            let c = OctalCode::from_digits(&digits);
            let mut fast = NimSequence::new(c.clone(), Engine::Sparse);
            assert_eq!(fast.engine(), Engine::PairSets, "{c}");
            fast.extend_to(n);
            let mut plain = NimSequence::new(c.clone(), Engine::Plain);
            plain.extend_to(n);
            assert!(fast.values() == plain.values(), "{c}");
            checked += 1;
        }
    }
    assert_eq!(checked, 896);
}
