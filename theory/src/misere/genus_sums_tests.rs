//! Tests of `genus_of_sum` (the genus of a sum position by position)
//! against brute force from the definitions and against the genus of the
//! sum's misère canonical form.

use proptest::prelude::*;

use super::tests::{Brute, random_graph};
use super::*;

/// A small deterministic generator of indexes below `m`.
fn picker(seed: u64) -> impl FnMut(usize) -> usize {
    let mut s = seed | 1;
    move |m: usize| {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
        ((s >> 33) as usize) % m.max(1)
    }
}

fn check(g: &GameGraph, seed: u64) {
    let mut forms = Forms::new(1_000_000);
    let f = forms.of_graph(g).unwrap();
    let mut b = Brute::new(g);
    let mut rnd = picker(seed);
    for _ in 0..12 {
        let k = 1 + rnd(3);
        let parts: Vec<usize> = (0..k).map(|_| rnd(g.len())).collect();
        let direct = genus_of_sum(g, &parts, 1_000_000, &mut || false).unwrap();
        let gplus = parts.iter().fold(0, |a, &p| a ^ b.grundy(p));
        assert_eq!(direct.g, gplus, "g of {parts:?}");
        for n in 0..direct.gamma.len() + 3 {
            assert_eq!(
                direct.gamma_at(n),
                b.minus(parts.clone(), n as u32, 0),
                "γ{n} of {parts:?}, genus {direct}"
            );
        }
        forms.set_budget(2_000_000, usize::MAX, crate::mem::held);
        let sum: Vec<FormId> = parts.iter().map(|&p| f[p]).collect();
        if let Ok(s) = forms.sum(&sum) {
            assert_eq!(&direct, forms.genus(s), "{parts:?}: direct and by forms");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn genus_of_sums_matches_brute_force_and_forms(
        seed in any::<u64>(),
        nodes in 2usize..30,
        max_opts in 1usize..4,
        max_parts in 1usize..3,
    ) {
        let g = random_graph(seed, nodes, max_opts, max_parts);
        check(&g, seed);
    }
}

/// Kayles (0.77) heaps 0 to 14 as a graph: each heap's options are the
/// pairs of heaps left after one or two adjacent pins go.
fn kayles(max: usize) -> GameGraph {
    let mut g = GameGraph::new(max + 1);
    for n in 1..=max {
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) / 2 {
                let right = n - take - left;
                g.add_option(n, vec![left, right]).unwrap();
            }
        }
    }
    g
}

#[test]
fn kayles_genera_match_their_canonical_forms() {
    let g = kayles(14);
    let mut forms = Forms::new(1_000_000);
    let f = forms.of_graph(&g).unwrap();
    for (n, &form) in f.iter().enumerate() {
        let direct = genus_of_sum(&g, &[n], 1_000_000, &mut || false).unwrap();
        assert_eq!(&direct, forms.genus(form), "Kayles heap {n}");
    }
    // Winning Ways' table: heap 5 is 4^146, heap 11 is 6^46.
    assert_eq!(
        genus_of_sum(&g, &[5], 1000, &mut || false)
            .unwrap()
            .to_string(),
        "4^{146}"
    );
    assert_eq!(
        genus_of_sum(&g, &[11], 1000, &mut || false)
            .unwrap()
            .to_string(),
        "6^{46}"
    );
}

#[test]
fn budget_stop_and_cycles_are_errors() {
    let g = kayles(14);
    assert!(matches!(
        genus_of_sum(&g, &[14, 13], 10, &mut || false),
        Err(MisereError::Budget { .. })
    ));
    assert!(matches!(
        genus_of_sum(&g, &[14], 1_000_000, &mut || true),
        Err(MisereError::Interrupted)
    ));
    let mut cyc = GameGraph::new(2);
    cyc.add_option(0, vec![1]).unwrap();
    cyc.add_option(1, vec![0]).unwrap();
    assert!(matches!(
        genus_of_sum(&cyc, &[0], 100, &mut || false),
        Err(MisereError::Cycle { .. })
    ));
    assert!(matches!(
        genus_of_sum(&g, &[99], 100, &mut || false),
        Err(MisereError::BadNode { .. })
    ));
    // The empty sum is 0.
    assert_eq!(
        genus_of_sum(&g, &[], 10, &mut || false).unwrap(),
        Genus::zero()
    );
    assert_eq!(
        genus_of_sum(&g, &[0, 0], 10, &mut || false).unwrap(),
        Genus::zero()
    );
}
