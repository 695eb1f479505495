//! The pair-set engine (three-heap splits) against plain mex on every hex
//! code of two digits after the point, to n = 2000. Several minutes even
//! in release, so ignored:
//! `cargo test --release --test folded octal_hex:: -- --ignored`.
//! (`octal_sweep` checks the same codes to n = 1000 and a sample of
//! three-digit codes to n = 2000.)

use grundy_theory::octal::{Engine, NimSequence, OctalCode};

#[test]
#[ignore = "minutes even in release: cargo test --release --test folded octal_hex:: -- --ignored"]
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

/// Past the heap where the pair-set engine shares a heap's work with a
/// second thread (8,192): the values on a pool of two threads equal the
/// values on one, and the plain mex's. Release only (the plain mex to
/// 9,000 heaps is O(n³)): `cargo test --release --test folded octal_hex:: -- --ignored`.
#[test]
#[ignore = "a minute in release: cargo test --release --test folded octal_hex:: -- --ignored"]
fn octal_pair_sets_on_two_threads_equal_one_and_plain_to_9000() {
    let n = 9000;
    for code in ["0.9", "0.f7", "0.8", "4.9", "0.0f8"] {
        let c = OctalCode::parse(code).unwrap_or_else(|e| panic!("{e}"));
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            pool.install(|| {
                let mut s = NimSequence::new(c.clone(), Engine::Sparse);
                s.extend_to(n);
                s.values().to_vec()
            })
        };
        let one = run(1);
        assert_eq!(run(2), one, "{code}");
        let mut plain = NimSequence::new(c.clone(), Engine::Plain);
        plain.extend_to(n);
        assert_eq!(plain.values().to_vec(), one, "{code}");
    }
}
