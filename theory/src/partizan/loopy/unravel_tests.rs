//! Unravelling (THEORY.md §6.19) against slower, separate paths: the
//! stopper it finds for a side equals sidling's where sidling settles
//! (the same simplest form, printed alike), and plays like the side in
//! sums with stoppers by retrograde analysis (endless play counted as the
//! side's owner's win); CGSuite's rows of Grenville's unstable game and
//! the 17-position stopper (`CanonicalStopperTestCase.scala` lines 236,
//! 256), whose degrees sidling does not settle.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;
const CST: &str = "CanonicalStopperTestCase.scala";

pub(super) fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..6).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

pub(super) fn parse(store: &mut GameStore, t: &str) -> Stopper {
    let (graph, root) = parse_loopy(store, t, 10_000).unwrap();
    Stopper { graph, root }
}

fn equal(a: &Stopper, b: &Stopper) -> bool {
    a.geq(b, MAX, &mut || false).unwrap() && b.geq(a, MAX, &mut || false).unwrap()
}

/// Who wins each start of `g + x` (x the stopper at `xr` of `xg`), draws
/// counted as Left's wins in the onside and Right's in the offside.
pub(super) fn played(
    g: &SidedGraph,
    v: u32,
    xg: &SidedGraph,
    xr: u32,
    onside: bool,
) -> (Winner, Winner) {
    let (s, _) = sum_graph(&[g, xg], &[v, xr], MAX, &mut || false).unwrap();
    let o = outcomes(&s, Play::Normal)[0];
    let fix = |w: Winner| match w {
        Winner::Draw if onside => Winner::Left,
        Winner::Draw => Winner::Right,
        w => w,
    };
    (fix(o.left_first), fix(o.right_first))
}

pub(super) const PROBES: [&str; 10] = [
    "0", "*", "1", "-1", "1/2", "^", "over", "under", "upon", "{1|-1}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Every stopper unravelling finds is a stopper, equal to sidling's
    /// simplest form where sidling settles (printed alike), and plays
    /// like the side with each probe added.
    #[test]
    fn unravelled_sides_are_the_sides(g in graph()) {
        let mut store = GameStore::new();
        let probes: Vec<Stopper> = PROBES.iter().map(|p| parse(&mut store, p)).collect();
        for v in 0..g.num_vertices() as u32 {
            for onside in [true, false] {
                let Some(s) = unravel_side(&g, v, onside, 64, MAX, &mut || false).unwrap() else {
                    continue;
                };
                prop_assert!(is_stopper(&s.graph, s.root));
                let sidled = one_side(&g, v, onside, sidling_rounds(g.num_vertices()), MAX, &mut || false)
                    .unwrap();
                if let Ok(t) = sidled {
                    let a = s.text(&mut store).unwrap();
                    let b = stopper_text(&mut store, &t.graph, t.roots[0]).unwrap();
                    prop_assert_eq!(a, b);
                }
                for x in &probes {
                    prop_assert_eq!(
                        played(&g, v, &x.graph, x.root, onside),
                        played(&s.graph, s.root, &x.graph, x.root, onside),
                        "vertex {} onside {}", v, onside
                    );
                }
            }
        }
    }
}

/// A graph that is a stopper already is its own simplest form.
#[test]
fn a_stopper_unravels_to_itself() {
    let mut store = GameStore::new();
    for t in ["upon", "a{0||||0|||a|*||*}", "{on|0||0}", "^<on>"] {
        let s = parse(&mut store, t);
        for onside in [true, false] {
            let u = unravel_side(&s.graph, s.root, onside, 64, MAX, &mut || false)
                .unwrap()
                .unwrap();
            assert!(equal(&u, &s), "{t}");
        }
    }
}

/// The degree of Grenville's unstable game (line 256) and of the
/// 17-position stopper (line 236, its own degree): the onside of G − G,
/// which sidling does not settle, is CGSuite's stopper, printed as
/// CGSuite prints it.
#[test]
fn degrees_past_sidling_are_cgsuites() {
    let mut store = GameStore::new();
    let rows = [
        (
            256,
            "a{0|{0||||0,*2|||a|0||0}||0}",
            "a{0||0|{0|a||0,*2|||0||||0}}",
        ),
        (
            236,
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
    ];
    for (line, g, want) in rows {
        let g = parse(&mut store, g);
        let want_s = parse(&mut store, want);
        let d = degree(&g, MAX, &mut || false).unwrap().unwrap();
        assert!(is_stopper(&d.graph, d.root), "{CST}:{line}");
        assert!(
            equal(&d, &want_s),
            "{CST}:{line}: {}",
            d.text(&mut store).unwrap()
        );
        assert_eq!(d.text(&mut store).unwrap(), want, "{CST}:{line}");
        // The unravelled side is the side: G − G's onside, compared as
        // a side with the difference graph itself.
        let (diff, _) = sum_graph(
            &[&g.graph, &g.negative().graph],
            &[g.root, g.root],
            MAX,
            &mut || false,
        )
        .unwrap();
        assert!(side_geq(&diff, 0, &d.graph, d.root, true, MAX, &mut || false).unwrap());
        assert!(side_geq(&d.graph, d.root, &diff, 0, true, MAX, &mut || false).unwrap());
    }
}
