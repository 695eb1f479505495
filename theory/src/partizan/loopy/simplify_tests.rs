//! Simplest forms against play on differences with the unsimplified
//! graph, on thousands of random stoppers; their texts (names, relabelling,
//! equal values print alike); sides by sidling against play where
//! infinite play goes to one player.

use super::*;
use crate::partizan::GameStore;
use proptest::prelude::*;

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..7).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

fn geq(ga: &SidedGraph, a: u32, gb: &SidedGraph, b: u32) -> bool {
    stopper_geq(ga, a, gb, b, 1 << 20, &mut || false).unwrap()
}

fn simplest(g: &SidedGraph, v: u32) -> Simplified {
    simplify(g, &[v], 1 << 20, &mut || false).unwrap().0
}

fn text(store: &mut GameStore, s: &Simplified) -> String {
    stopper_text(store, &s.graph, s.roots[0]).unwrap()
}

/// The graph with its vertices renumbered by `perm`.
fn relabel(g: &SidedGraph, perm: &[u32]) -> SidedGraph {
    let n = g.num_vertices();
    let mut left = vec![Vec::new(); n];
    let mut right = vec![Vec::new(); n];
    for v in 0..n as u32 {
        left[perm[v as usize] as usize] = g.left(v).iter().map(|&w| perm[w as usize]).collect();
        right[perm[v as usize] as usize] = g.right(v).iter().map(|&w| perm[w as usize]).collect();
    }
    SidedGraph::new(left, right)
}

/// Who wins `g` at `v` plus `x` at `xv`, infinite play going to Left
/// (`on`) or to Right: (Left first, Right first), true when Left wins.
fn sided_play(g: &SidedGraph, v: u32, x: &SidedGraph, xv: u32, on: bool) -> (bool, bool) {
    let (s, _) = sum_graph(&[g, x], &[v, xv], 1 << 20, &mut || false).unwrap();
    let o = outcomes(&s, Play::Normal)[0];
    let left = |w: Winner| w == Winner::Left || (on && w == Winner::Draw);
    (left(o.left_first), left(o.right_first))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The simplest form equals the stopper it came from, has no
    /// dominated or reversible option, no two equal vertices, and
    /// simplifying it again changes nothing.
    #[test]
    fn simplest_forms_keep_the_value(g in graph()) {
        let mut store = GameStore::new();
        for v in 0..g.num_vertices() as u32 {
            if !is_stopper(&g, v) {
                continue;
            }
            let s = simplest(&g, v);
            let (h, r) = (&s.graph, s.roots[0]);
            prop_assert!(is_stopper(h, r));
            prop_assert!(geq(&g, v, h, r) && geq(h, r, &g, v));
            let n = h.num_vertices();
            let ge = order(h, 1 << 20, &mut || false).unwrap();
            let at = |a: u32, b: u32| ge[a as usize * n + b as usize];
            for a in 0..n as u32 {
                for b in 0..n as u32 {
                    prop_assert!(a == b || !(at(a, b) && at(b, a)), "equal vertices left");
                }
                for &x in h.left(a) {
                    prop_assert!(!h.right(x).iter().any(|&y| at(a, y)), "reversible");
                    prop_assert!(!h.left(a).iter().any(|&y| y != x && at(y, x)), "dominated");
                }
                for &x in h.right(a) {
                    prop_assert!(!h.left(x).iter().any(|&y| at(y, a)), "reversible");
                    prop_assert!(!h.right(a).iter().any(|&y| y != x && at(x, y)), "dominated");
                }
            }
            let again = simplest(h, r);
            prop_assert_eq!(text(&mut store, &again), text(&mut store, &s));
        }
    }

    /// Equal stoppers print alike and unequal ones differently, however
    /// their vertices are numbered.
    #[test]
    fn texts_name_values(g in graph(), h in graph(), seed in any::<u64>()) {
        let mut store = GameStore::new();
        let n = g.num_vertices();
        let mut perm: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            perm.swap(i, (seed >> (i % 32)) as usize % (i + 1));
        }
        let gp = relabel(&g, &perm);
        for v in 0..n as u32 {
            if !is_stopper(&g, v) {
                continue;
            }
            let t = text(&mut store, &simplest(&g, v));
            prop_assert_eq!(&t, &text(&mut store, &simplest(&gp, perm[v as usize])));
            for w in 0..h.num_vertices() as u32 {
                if !is_stopper(&h, w) {
                    continue;
                }
                let equal = geq(&g, v, &h, w) && geq(&h, w, &g, v);
                let u = text(&mut store, &simplest(&h, w));
                prop_assert_eq!(equal, t == u, "{} vs {}", t, u);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Where sidling settles, the onside plays like the position when
    /// infinite play is Left's win, and the offside when it is Right's,
    /// in a sum with any small stopper, whoever starts.
    #[test]
    fn sides_play_like_the_position(g in graph(), xs in proptest::collection::vec(graph(), 3)) {
        for v in 0..g.num_vertices() as u32 {
            if is_stopper(&g, v) {
                continue;
            }
            let Some(Ok(s)) = sides(&g, v, 40, 1 << 20, &mut || false) else {
                continue;
            };
            let (on, off) = (&s.onside, &s.offside);
            prop_assert!(is_stopper(&on.graph, on.roots[0]));
            prop_assert!(is_stopper(&off.graph, off.roots[0]));
            prop_assert!(geq(&on.graph, on.roots[0], &off.graph, off.roots[0]));
            for x in &xs {
                for xv in 0..x.num_vertices() as u32 {
                    if !is_stopper(x, xv) {
                        continue;
                    }
                    prop_assert_eq!(
                        sided_play(&g, v, x, xv, true),
                        sided_play(&on.graph, on.roots[0], x, xv, true)
                    );
                    prop_assert_eq!(
                        sided_play(&g, v, x, xv, false),
                        sided_play(&off.graph, off.roots[0], x, xv, false)
                    );
                }
            }
        }
    }
}

#[test]
fn named_stoppers_and_sums_print_with_their_names() {
    let mut store = GameStore::new();
    let (named, names) = named_stoppers();
    // CGSuite prints upon as `^[on]` (its upon form) and reads both.
    for (n, v) in &names {
        let printed = match n {
            Named::Upon => "^[on]",
            Named::Downon => "v[on]",
            n => n.name(),
        };
        assert_eq!(text(&mut store, &simplest(&named, *v)), printed);
    }
    let at = |n: Named| names.iter().find(|(m, _)| *m == n).unwrap().1;
    // 1 = {0|}: vertex 8 of a copy with one more vertex.
    let mut left: Vec<Vec<u32>> = (0..8).map(|v| named.left(v).to_vec()).collect();
    let mut right: Vec<Vec<u32>> = (0..8).map(|v| named.right(v).to_vec()).collect();
    left.push(vec![0]);
    right.push(vec![]);
    let g = SidedGraph::new(left, right);
    let sum = |a: u32, b: u32| {
        let (s, _) = sum_graph(&[&g, &g], &[a, b], 1 << 16, &mut || false).unwrap();
        s
    };
    for (a, b, t) in [
        (at(Named::Over), 8, "1over"),
        (at(Named::Under), 8, "1under"),
        (at(Named::On), 8, "on"),
        (at(Named::Over), 1, "over"),
        (at(Named::Upon), at(Named::Upon), "{0|^[on]*}"),
    ] {
        let s = sum(a, b);
        assert!(is_stopper(&s, 0));
        assert_eq!(text(&mut store, &simplest(&s, 0)), t);
    }
    // A loop-free graph prints as its short canonical form: {0, 1 | 0}.
    let short = SidedGraph::new(
        vec![vec![], vec![0], vec![0, 1]],
        vec![vec![], vec![], vec![0]],
    );
    let (zero, one) = (store.zero(), store.integer(1));
    let v = store.game(&[zero, one], &[zero]).unwrap();
    let expect = store.display(v);
    assert_eq!(text(&mut store, &simplest(&short, 2)), expect);
    assert_eq!(expect, "{1|0}");
}

#[test]
fn sidling_finds_the_sides_of_dud_and_of_a_walk() {
    let mut store = GameStore::new();
    let side_texts = |store: &mut GameStore, g: &SidedGraph, v: u32| {
        let s = sides(g, v, 40, 1 << 20, &mut || false).unwrap().unwrap();
        (text(store, &s.onside), text(store, &s.offside))
    };
    let dud = SidedGraph::new(vec![vec![0]], vec![vec![0]]);
    assert_eq!(side_texts(&mut store, &dud, 0), ("on".into(), "off".into()));
    // Left walks 0 → 1 → 2, Right walks back.
    let walk = SidedGraph::new(
        vec![vec![1], vec![2], vec![]],
        vec![vec![], vec![0], vec![1]],
    );
    assert_eq!(side_texts(&mut store, &walk, 0), ("2".into(), "0".into()));
    assert_eq!(side_texts(&mut store, &walk, 1), ("1".into(), "-1".into()));
}

/// Sidling from `off` can climb forever: b = {a, pass | }, a = {b | b}
/// has offside approximations 0, 1, 2, … (its offside is the limit, on),
/// which is reported as not settled rather than guessed.
#[test]
fn an_endless_climb_is_not_settled() {
    let g = SidedGraph::new(vec![vec![1], vec![0, 1]], vec![vec![1], vec![]]);
    assert!(!is_stopper(&g, 1));
    assert!(matches!(
        sides(&g, 1, 30, 1 << 20, &mut || false),
        Some(Err(30))
    ));
}
