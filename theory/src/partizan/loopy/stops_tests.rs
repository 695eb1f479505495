//! Plumtrees against mutual reachability, stops of short games against
//! the store's, and the stops of a negative against the mirrored stops,
//! on random graphs.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..7).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

/// A graph whose moves go only to higher vertices: every vertex short.
fn dag() -> impl Strategy<Value = SidedGraph> {
    graph().prop_map(|g| {
        let n = g.num_vertices() as u32;
        let up = |v: u32, ws: &[u32]| {
            ws.iter()
                .map(|&w| v + 1 + w % (n - v))
                .filter(|&w| w < n)
                .collect()
        };
        let left = (0..n).map(|v| up(v, g.left(v))).collect();
        let right = (0..n).map(|v| up(v, g.right(v))).collect();
        SidedGraph::new(left, right)
    })
}

/// The vertices reachable from `v` (itself included).
fn reach(g: &SidedGraph, v: u32) -> Vec<bool> {
    let mut seen = vec![false; g.num_vertices()];
    let mut todo = vec![v];
    seen[v as usize] = true;
    while let Some(u) = todo.pop() {
        for &w in g.left(u).iter().chain(g.right(u)) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                todo.push(w);
            }
        }
    }
    seen
}

/// A plumtree by its definition: no two distinct vertices reachable from
/// `v` reach each other (a cycle through both would be longer than a pass).
fn plumtree_slow(g: &SidedGraph, v: u32) -> bool {
    let from = reach(g, v);
    let n = g.num_vertices() as u32;
    for a in (0..n).filter(|&a| from[a as usize]) {
        let ra = reach(g, a);
        for b in (0..n).filter(|&b| b != a && ra[b as usize]) {
            if reach(g, b)[a as usize] {
                return false;
            }
        }
    }
    true
}

fn mirror(p: Pseudonumber) -> Pseudonumber {
    match p {
        Pseudonumber::On => Pseudonumber::Off,
        Pseudonumber::Off => Pseudonumber::On,
        Pseudonumber::Number(x, t) => Pseudonumber::Number(
            x.checked_neg().unwrap(),
            match t {
                Tilt::Over => Tilt::Under,
                Tilt::Under => Tilt::Over,
                Tilt::Exact => Tilt::Exact,
            },
        ),
    }
}

fn stops_of(store: &mut GameStore, s: &Stopper) -> [Option<Pseudonumber>; 2] {
    let mut f = Stops::new(&s.graph);
    [true, false].map(|left| f.stop(store, s.root, left, &mut || false).unwrap().unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn plumtrees_are_graphs_with_no_cycle_but_passes(g in graph()) {
        for v in 0..g.num_vertices() as u32 {
            prop_assert_eq!(is_plumtree(&g, v), plumtree_slow(&g, v), "vertex {}", v);
        }
    }

    /// A short game's stops are the store's (numbers, never tilted).
    #[test]
    fn stops_of_short_games_are_the_stores(g in dag()) {
        let mut store = GameStore::new();
        let s = Stopper::simplest(&g, 0, 1 << 20, &mut || false).unwrap();
        let id = short_value(&mut store, &g, 0).unwrap().unwrap();
        let want = [store.left_stop(id), store.right_stop(id)]
            .map(|x| Some(Pseudonumber::Number(x, Tilt::Exact)));
        prop_assert_eq!(stops_of(&mut store, &s), want);
    }

    /// Every stopper's stops are defined, and those of its negative are
    /// its own mirrored and exchanged.
    #[test]
    fn stops_of_a_negative_mirror(g in graph()) {
        let mut store = GameStore::new();
        for v in 0..g.num_vertices() as u32 {
            if !is_stopper(&g, v) {
                continue;
            }
            let s = Stopper::simplest(&g, v, 1 << 20, &mut || false).unwrap();
            let [l, r] = stops_of(&mut store, &s);
            prop_assert!(l.is_some() && r.is_some(), "vertex {}", v);
            let [nl, nr] = stops_of(&mut store, &s.negative());
            prop_assert_eq!(nl, r.map(mirror));
            prop_assert_eq!(nr, l.map(mirror));
        }
    }
}

/// `on`, `off`, `over`, `under` are their own stops; `upon` = {pass|*}
/// and its negative stop at 0.
#[test]
fn named_stoppers_stops() {
    let mut store = GameStore::new();
    let (g, named) = named_stoppers();
    for (name, v) in named {
        let s = Stopper::simplest(&g, v, 1 << 20, &mut || false).unwrap();
        let [l, r] = stops_of(&mut store, &s).map(|p| p.unwrap().to_string());
        let want = match name.name() {
            "upon" | "-upon" => "0",
            other => other,
        };
        assert_eq!((l.as_str(), r.as_str()), (want, want), "{}", name.name());
    }
}
