//! The stopper operations against play and against their definitions:
//! the upsum and downsum play like the sum with endless play counted for
//! Left (for Right) against small stoppers, the degree is at least 0 and
//! 0 on short games, the varieties are their definitions by sums of
//! values, and the subordinate undoes the ordinal sum.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

const MAX: usize = 1 << 20;

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..6).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

/// The stoppers of a graph, each in simplest form.
fn stoppers(g: &SidedGraph) -> Vec<Stopper> {
    (0..g.num_vertices() as u32)
        .filter(|&v| is_stopper(g, v))
        .map(|v| Stopper::simplest(g, v, MAX, &mut || false).unwrap())
        .collect()
}

fn eq(a: &Stopper, b: &Stopper) -> bool {
    a.geq(b, MAX, &mut || false).unwrap() && b.geq(a, MAX, &mut || false).unwrap()
}

fn text(s: &Stopper) -> String {
    s.text(&mut GameStore::new()).unwrap()
}

/// Who wins `gs` summed, endless play going to Left (`on`) or Right:
/// (Left first, Right first), true when Left wins.
fn sided_play(gs: &[&Stopper], on: bool) -> (bool, bool) {
    let graphs: Vec<&SidedGraph> = gs.iter().map(|s| &s.graph).collect();
    let roots: Vec<u32> = gs.iter().map(|s| s.root).collect();
    let (s, _) = sum_graph(&graphs, &roots, MAX, &mut || false).unwrap();
    let o = outcomes(&s, Play::Normal)[0];
    let left = |w: Winner| w == Winner::Left || (on && w == Winner::Draw);
    (left(o.left_first), left(o.right_first))
}

fn ok(r: StopperResult) -> Option<Stopper> {
    r.expect("within the budget").ok()
}

/// `b : h`, the ordinal sum of the stopper `b` (its graph holds only what
/// its root reaches) and the stopper `h`: `b`'s positions, then one
/// position `b : x` per position `x` of `h`, with `b`'s options and the
/// ordinal sums on `x`'s options.
fn ordinal_sum(b: &Stopper, h: &Stopper) -> Stopper {
    let nb = b.graph.num_vertices() as u32;
    let mut left: Vec<Vec<u32>> = (0..nb).map(|v| b.graph.left(v).to_vec()).collect();
    let mut right: Vec<Vec<u32>> = (0..nb).map(|v| b.graph.right(v).to_vec()).collect();
    for x in 0..h.graph.num_vertices() as u32 {
        let mut l = b.graph.left(b.root).to_vec();
        l.extend(h.graph.left(x).iter().map(|w| w + nb));
        let mut r = b.graph.right(b.root).to_vec();
        r.extend(h.graph.right(x).iter().map(|w| w + nb));
        left.push(l);
        right.push(r);
    }
    let g = SidedGraph::new(left, right);
    Stopper::simplest(&g, nb + h.root, MAX, &mut || false).unwrap()
}

fn read(text: &str) -> Stopper {
    let mut store = GameStore::new();
    let (g, root) = parse_loopy(&mut store, text, MAX).unwrap();
    Stopper::simplest(&g, root, MAX, &mut || false).unwrap()
}

/// The options of a stopper's root on one side, each a stopper.
fn options(s: &Stopper, left: bool) -> Vec<Stopper> {
    let opts = if left {
        s.graph.left(s.root)
    } else {
        s.graph.right(s.root)
    };
    opts.iter()
        .map(|&o| {
            let p = pack(&s.graph, &[o]);
            Stopper {
                graph: p.graph,
                root: p.roots[0],
            }
        })
        .collect()
}

#[test]
fn named_sums_and_degrees() {
    let up = |a: &str, b: &str| ok(upsum(&read(a), &read(b), MAX, &mut || false)).unwrap();
    let down = |a: &str, b: &str| ok(downsum(&read(a), &read(b), MAX, &mut || false)).unwrap();
    assert_eq!(text(&up("on", "off")), "on");
    assert_eq!(text(&down("on", "off")), "off");
    assert_eq!(text(&up("over", "under")), "over");
    assert_eq!(text(&down("over", "under")), "under");
    assert_eq!(text(&up("1", "1/2")), "3/2");
    let deg = |a: &str| text(&ok(degree(&read(a), MAX, &mut || false)).unwrap());
    assert_eq!(deg("{1|-1}"), "0");
    assert_eq!(deg("on"), "on");
    assert_eq!(deg("upon"), deg("{0|{0|0,pass}}"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The upsum plays like the sum with endless play won by Left, the
    /// downsum like it with endless play won by Right, against small
    /// stoppers; the upsum is at least the downsum.
    #[test]
    fn upsum_and_downsum_play_like_the_sum(
        g in graph(), h in graph(), xs in proptest::collection::vec(graph(), 2)
    ) {
        let (gs, hs) = (stoppers(&g), stoppers(&h));
        let xs: Vec<Stopper> = xs.iter().flat_map(stoppers).collect();
        for a in gs.iter().take(2) {
            for b in hs.iter().take(2) {
                let (Some(u), Some(d)) = (
                    ok(upsum(a, b, MAX, &mut || false)),
                    ok(downsum(a, b, MAX, &mut || false)),
                ) else { continue };
                prop_assert!(u.geq(&d, MAX, &mut || false).unwrap());
                prop_assert_eq!(sided_play(&[a, b], true), sided_play(&[&u], true));
                prop_assert_eq!(sided_play(&[a, b], false), sided_play(&[&d], false));
                for x in &xs {
                    prop_assert_eq!(sided_play(&[a, b, x], true), sided_play(&[&u, x], true));
                    prop_assert_eq!(sided_play(&[a, b, x], false), sided_play(&[&d, x], false));
                }
            }
        }
    }

    /// The degree is at least 0 (Left, second in G − G, copies Right's
    /// moves, and endless play is hers) and 0 on a short game; the
    /// varieties and stability are their definitions by sums of values.
    #[test]
    fn degrees_and_varieties_follow_their_definitions(g in graph()) {
        let zero = read("0");
        for s in stoppers(&g).iter().take(3) {
            let Some(d) = ok(degree(s, MAX, &mut || false)) else { continue };
            prop_assert!(d.geq(&zero, MAX, &mut || false).unwrap(), "{}", text(&d));
            let loopfree = s.short_value(&mut GameStore::new()).unwrap().is_some();
            if loopfree {
                prop_assert!(eq(&d, &zero));
            }
            // D + D = D by the sum of values.
            let v = SidedValue::of_stopper(d.clone());
            let Some(Ok(twice)) = v.add(&v, MAX, &mut || false) else { continue };
            let idem = twice.stopper && eq(&twice.onside, &d);
            prop_assert_eq!(is_idempotent(&d, MAX, &mut || false).unwrap(), Ok(idem));
            let up = upsum_variety(s, &d, MAX, &mut || false).unwrap();
            let down = downsum_variety(s, &d, MAX, &mut || false).unwrap();
            if !idem {
                prop_assert_eq!(up.map(|_| ()), Err(StopperFailure::NotIdempotent));
                prop_assert_eq!(
                    variety(s, MAX, &mut || false).unwrap().map(|_| ()),
                    Err(StopperFailure::NotIdempotent)
                );
                continue;
            }
            // The definitions: G upsum (−G downsum −D), G downsum (−G upsum D),
            // each side read off the value of a sum.
            let side = |x: &Stopper, y: &Stopper, on: bool| {
                let (a, b) = (SidedValue::of_stopper(x.clone()), SidedValue::of_stopper(y.clone()));
                a.add(&b, MAX, &mut || false).unwrap().ok().map(|v| if on { v.onside } else { v.offside })
            };
            let (Ok(up), Ok(down)) = (up, down) else { continue };
            if let Some(inner) = side(&s.negative(), &d.negative(), false)
                && let Some(want) = side(s, &inner, true)
            {
                prop_assert!(eq(&up, &want));
            }
            if let Some(inner) = side(&s.negative(), &d, true)
                && let Some(want) = side(s, &inner, false)
            {
                prop_assert!(eq(&down, &want));
            }
            let stable = eq(&up, &down);
            prop_assert_eq!(is_stable(s, MAX, &mut || false).unwrap(), Ok(stable));
            let v = variety(s, MAX, &mut || false).unwrap();
            if stable {
                prop_assert!(eq(&v.unwrap(), &up));
            } else {
                prop_assert_eq!(v.map(|_| ()), Err(StopperFailure::NotStable));
            }
        }
    }

    /// The subordinate of the ordinal sum `b : h` to the base `b` is `h`.
    #[test]
    fn subordinate_undoes_the_ordinal_sum(g in graph(), k in 0usize..12) {
        const BASES: [&str; 12] =
            ["0", "*", "1", "-1", "1/2", "^", "{1|-1}", "*2", "{0|-1}", "2", "-3/4", "{2|*}"];
        let b = read(BASES[k]);
        let (bl, br) = (options(&b, true), options(&b, false));
        for h in stoppers(&g).iter().take(3) {
            let sum = ordinal_sum(&b, h);
            let sub = ok(subordinate(&sum, &bl, &br, MAX, &mut || false));
            let sub = sub.unwrap_or_else(|| panic!("{} : {} = {}", BASES[k], text(h), text(&sum)));
            prop_assert!(eq(&sub, h), "{} : {} = {} gives {}", BASES[k], text(h), text(&sum), text(&sub));
        }
    }
}
