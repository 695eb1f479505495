//! The refinement stage (`docs/THEORY.md` §9.5, "Refinement") against
//! learning from exact outcomes, and its quotients against brute force on
//! random sums, past the heaps where a class splits.

use proptest::prelude::*;

use super::tests::HeapBrute;
use super::*;
use crate::octal::OctalCode;

fn refine_only() -> QuotientBudget {
    QuotientBudget {
        stages: Stages::Refine,
        ..QuotientBudget::default()
    }
}

/// Refinement on every stage against learning on every stage: the same
/// stages and the same quotient. Returns how many stages were refined.
fn refinement_agrees_with_learning(rules: &dyn HeapRules, n: u64, positions: usize) -> usize {
    let fast = QuotientHistory::compute(rules, n, &refine_only());
    let slow = QuotientHistory::compute(
        rules,
        n,
        &QuotientBudget {
            stages: Stages::Learn,
            max_positions: positions,
            ..QuotientBudget::default()
        },
    );
    match (fast, slow) {
        (Ok(f), Ok(s)) => {
            assert_eq!(f.stages, s.stages);
            assert_eq!(f.quotient.to_json(), s.quotient.to_json());
            f.found.iter().filter(|&&h| h == Found::Refined).count()
        }
        (Ok(f), Err(MisereError::Budget { .. })) => {
            f.found.iter().filter(|&&h| h == Found::Refined).count()
        }
        (f, s) => panic!("refinement {:?}, learning {:?}", f.err(), s.err()),
    }
}

#[test]
fn refinement_agrees_with_learning_on_known_games() {
    let mut refined = 0;
    for (c, n) in [
        ("0.77", 16),
        ("0.07", 16),
        ("0.137", 14),
        ("0.75", 16),
        ("0.312", 14),
        ("0.31", 14),
    ] {
        refined += refinement_agrees_with_learning(&OctalCode::parse(c).unwrap(), n, 5_000_000);
    }
    refined += refinement_agrees_with_learning(&OctalCode::subtraction(&[1, 3, 4]), 16, 5_000_000);
    // The refinement found most stages itself (it may leave one to learning).
    assert!(refined > 80, "{refined} stages refined");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random octal codes: refinement on every stage and learning agree.
    #[test]
    fn refinement_agrees_with_learning_on_random_codes(
        digits in proptest::collection::vec(0u8..8, 1..5),
        n in 1u64..11,
    ) {
        let mut all = vec![0];
        all.extend(digits);
        let code = OctalCode::from_digits(&all);
        let learn = QuotientBudget {
            stages: Stages::Learn,
            max_positions: 200_000,
            ..QuotientBudget::default()
        };
        if MisereQuotient::compute(&code, n, &learn).is_ok() {
            refinement_agrees_with_learning(&code, n, 200_000);
        }
    }
}

/// Random sums of heaps 0..=n with at least one heap of `big` or more and
/// a total of at most `total`, against brute force.
fn check_sums(code: &OctalCode, q: &MisereQuotient, big: u64, total: u64, sums: usize, seed: u64) {
    let n = q.max_heap();
    let mut b = HeapBrute::new(code, n);
    let mut s = seed | 1;
    let mut rnd = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    let mut checked = 0;
    while checked < sums {
        let mut heaps = vec![big + rnd(n - big + 1)];
        for _ in 0..rnd(5) {
            heaps.push(rnd(n + 1));
        }
        if heaps.iter().sum::<u64>() > total {
            continue;
        }
        let want = if b.is_p(&heaps) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(q.outcome(&heaps).unwrap(), want, "{heaps:?}");
        checked += 1;
    }
}

/// Dawson's Kayles at heap 25, where the quotient grows from 24 to 144
/// elements (a class of the quotient of heaps 0..=24 splits): the stage is
/// refined, and sums with heaps 25 and 26 agree with brute force.
#[test]
fn dawsons_kayles_splits_at_heap_25() {
    // (A step budget too small for the refinement is a typed error.)
    let tight = QuotientBudget {
        max_steps: 1_000,
        ..QuotientBudget::default()
    };
    assert_eq!(
        MisereQuotient::compute(&OctalCode::parse("0.07").unwrap(), 25, &tight).err(),
        Some(MisereError::Steps { limit: 1_000 })
    );
    let code = OctalCode::parse("0.07").unwrap();
    let h = QuotientHistory::compute(&code, 26, &QuotientBudget::default()).unwrap();
    let orders: Vec<usize> = h.stages[20..].iter().map(|s| s.order).collect();
    assert_eq!(orders, [24, 24, 24, 24, 24, 144, 144]);
    assert_eq!(h.found[24], Found::Refined);
    assert_eq!(h.quotient.p_portion().len(), 23);
    check_sums(&code, &h.quotient, 25, 36, 300, 7);
}

/// Dawson's Kayles to heap 30 (order 360, P-portion 65, as Siegel's
/// MisereSolver gives), stage by stage, and thousands of random sums with
/// a heap past 24 against brute force (release build: `cargo test
/// --release --lib misere::refine_tests -- --ignored`).
#[test]
#[ignore]
fn dawsons_kayles_to_heap_30_matches_brute_force() {
    let code = OctalCode::parse("0.07").unwrap();
    let h = QuotientHistory::compute(&code, 30, &QuotientBudget::default()).unwrap();
    let orders: Vec<usize> = h.stages[24..].iter().map(|s| s.order).collect();
    assert_eq!(orders, [24, 144, 144, 176, 176, 176, 360]);
    for heap in [25, 27, 30] {
        assert_eq!(h.found[heap - 1], Found::Refined, "heap {heap}");
    }
    assert_eq!(h.quotient.p_portion().len(), 65);
    check_sums(&code, &h.quotient, 25, 44, 3000, 11);
}

/// Orders after heaps 1..=n and the last P-portion's size, as Siegel's
/// MisereSolver computes them (run side by side on this machine; see
/// `docs/THEORY.md` §9.5): every stage agrees (release build: `cargo test
/// --release --lib misere::refine_tests -- --ignored`).
const MISERE_SOLVER: [(&str, u64, &str, usize); 9] = [
    (
        "0.77",
        40,
        "2 6 6 6 12 12 12 12 18 18 18 24 24 24 24 24 24 24 24 24 24 24 24 24 32 32 40 40 40 40 40 40 40 40 40 40 40 40 40 40",
        9,
    ),
    (
        "0.75",
        30,
        "2 6 6 6 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
        2,
    ),
    (
        "0.137",
        31,
        "2 2 6 6 6 6 6 6 12 12 12 12 24 24 24 24 24 24 24 24 24 24 24 144 144 176 176 176 360 520 552",
        93,
    ),
    (
        "0.31",
        30,
        "2 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6",
        2,
    ),
    (
        "0.51",
        30,
        "2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        1,
    ),
    (
        "0.73",
        30,
        "2 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6",
        2,
    ),
    (
        "4.7",
        20,
        "2 6 6 6 8 8 8 12 18 22 28 34 42 50 60 70 82 94 108 122",
        30,
    ),
    (
        "0.16",
        17,
        "2 2 2 2 6 6 6 10 10 10 10 36 44 88 124 154 434",
        65,
    ),
    (
        "0.54",
        30,
        "2 2 2 6 6 6 10 10 10 12 12 12 12 30 30 30 42 42 42 42 48 48 48 64 64 64 64 70 70 70",
        14,
    ),
];

#[test]
#[ignore]
fn orders_agree_with_misere_solver() {
    for (c, n, orders, p) in MISERE_SOLVER {
        let code = OctalCode::parse(c).unwrap();
        let t = std::time::Instant::now();
        let h = QuotientHistory::compute(&code, n, &QuotientBudget::default()).unwrap();
        let ours: Vec<String> = h.stages[1..].iter().map(|s| s.order.to_string()).collect();
        println!(
            "{c} to {n}: order {}, P-portion {}, {:.2?}",
            h.quotient.order(),
            h.quotient.p_portion().len(),
            t.elapsed()
        );
        assert_eq!(ours.join(" "), orders, "{c}");
        assert_eq!(h.quotient.p_portion().len(), p, "{c}");
    }
}
