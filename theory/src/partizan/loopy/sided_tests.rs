//! Sides decided by their values, not their forms (THEORY.md §6.18,
//! "Stopper-sided"): a side held as a graph with a cycle that equals a
//! stopper is that stopper when a value is made of it, checked against
//! the definition of equal sides by play, on random small graphs (a side equals a stopper when the two, plus any stopper,
//! have the same winner from each start, endless play counted as the
//! side's owner's win; the probes of `unravel_tests` stand for "any").

use super::unravel_tests::{PROBES, graph, parse, played};
use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;

/// Whether the side at `a` of `ga` plays like the stopper at `b` of `gb`
/// with each probe added.
fn plays_alike(
    ga: &SidedGraph,
    a: u32,
    gb: &SidedGraph,
    b: u32,
    onside: bool,
    probes: &[Stopper],
) -> bool {
    probes
        .iter()
        .all(|x| played(ga, a, &x.graph, x.root, onside) == played(gb, b, &x.graph, x.root, onside))
}

/// The value whose side `side` (onside when `onside`) is `form` and whose
/// other side is `other`.
fn sided(form: &Stopper, other: &Stopper, onside: bool) -> SidedValue {
    let (on, off) = if onside { (form, other) } else { (other, form) };
    SidedValue::of_sides(on.clone(), off.clone(), MAX, &mut || false).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A side held as a graph with a cycle, joined with a stopper on the
    /// other side, makes a stopper exactly when the two play alike:
    /// always when the stopper is the side's own (found by unravelling),
    /// never when some probe tells them apart.
    #[test]
    fn a_side_form_equal_to_a_stopper_is_that_stopper(g in graph()) {
        let mut store = GameStore::new();
        let probes: Vec<Stopper> = PROBES.iter().map(|p| parse(&mut store, p)).collect();
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                if is_stopper(&g, v) {
                    continue;
                }
                let form = Stopper { graph: g.clone(), root: v };
                let own = unravel_side(&g, v, onside, 64, MAX, &mut || false)
                    .unwrap();
                if let Some(s) = own {
                    prop_assert!(plays_alike(&form.graph, form.root, &s.graph, s.root, onside, &probes));
                    let x = sided(&form, &s, onside);
                    prop_assert!(x.stopper && x.stopper_sided());
                    prop_assert_eq!(x.text(&mut store).unwrap(), s.text(&mut store).unwrap());
                }
                for p in &probes {
                    let x = sided(&form, p, onside);
                    if x.stopper {
                        prop_assert!(plays_alike(&form.graph, form.root, &p.graph, p.root, onside, &probes));
                    }
                }
            }
        }
    }
}
