//! The retrograde outcomes against a naive fixed point, on random loopy
//! partizan graphs and on explicit products of two or three of them; the
//! named stoppers' order.

use super::*;
use proptest::prelude::*;

/// Brute force: the least fixed point of "the player can force a win",
/// iterated on every state until nothing changes.
fn brute(g: &SidedGraph, play: Play) -> Vec<LoopyOutcome> {
    let n = g.num_vertices();
    let stuck_wins = |mover: usize| -> bool {
        // Does Left win a state whose mover (0 Left, 1 Right) cannot move?
        match play {
            Play::Normal => mover == 1,
            Play::Misere => mover == 0,
        }
    };
    let mut out = vec![[Winner::Draw; 2]; n];
    for (target, who) in [(Winner::Left, 0usize), (Winner::Right, 1usize)] {
        let mut wins = vec![[false; 2]; n];
        loop {
            let mut changed = false;
            for v in 0..n {
                for mover in 0..2 {
                    if wins[v][mover] {
                        continue;
                    }
                    let opts = g.side(v as u32, mover);
                    let w = if opts.is_empty() {
                        stuck_wins(mover) == (who == 0)
                    } else if mover == who {
                        opts.iter().any(|&x| wins[x as usize][1 - mover])
                    } else {
                        opts.iter().all(|&x| wins[x as usize][1 - mover])
                    };
                    if w {
                        wins[v][mover] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for v in 0..n {
            for mover in 0..2 {
                if wins[v][mover] {
                    out[v][mover] = target;
                }
            }
        }
    }
    out.into_iter()
        .map(|[a, b]| LoopyOutcome {
            left_first: a,
            right_first: b,
        })
        .collect()
}

/// The whole product of the graphs (every tuple), tuple `t` at index
/// `t[0] + n0·(t[1] + n1·…)`.
fn full_product(gs: &[&SidedGraph]) -> SidedGraph {
    let sizes: Vec<usize> = gs.iter().map(|g| g.num_vertices()).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut i: usize| -> Vec<u32> {
        sizes
            .iter()
            .map(|&s| {
                let d = i % s;
                i /= s;
                d as u32
            })
            .collect()
    };
    let encode = |t: &[u32]| -> u32 {
        let mut i = 0usize;
        for k in (0..t.len()).rev() {
            i = i * sizes[k] + t[k] as usize;
        }
        i as u32
    };
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for i in 0..total {
        let t = decode(i);
        let mut sides = [Vec::new(), Vec::new()];
        for (mover, out) in sides.iter_mut().enumerate() {
            for (k, g) in gs.iter().enumerate() {
                for &w in g.side(t[k], mover) {
                    let mut c = t.clone();
                    c[k] = w;
                    out.push(encode(&c));
                }
            }
        }
        let [l, r] = sides;
        left.push(l);
        right.push(r);
    }
    SidedGraph::new(left, right)
}

fn graph() -> impl Strategy<Value = SidedGraph> {
    (1usize..7).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..3), n);
        (side.clone(), side).prop_map(|(l, r)| SidedGraph::new(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn retrograde_is_the_fixed_point(g in graph(), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        prop_assert_eq!(outcomes(&g, play), brute(&g, play));
    }

    #[test]
    fn sums_agree_with_the_full_product(
        gs in proptest::collection::vec(graph(), 2..4),
        seed in any::<u64>(),
        misere in any::<bool>(),
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let refs: Vec<&SidedGraph> = gs.iter().collect();
        let starts: Vec<u32> = gs
            .iter()
            .enumerate()
            .map(|(i, g)| ((seed >> (8 * i)) % g.num_vertices() as u64) as u32)
            .collect();
        let (s, tuples) = sum_graph(&refs, &starts, 1 << 20, &mut || false).unwrap();
        prop_assert_eq!(&tuples[0], &starts);
        let fast = outcomes(&s, play)[0];
        let full = full_product(&refs);
        let mut i = 0usize;
        for k in (0..starts.len()).rev() {
            i = i * gs[k].num_vertices() + starts[k] as usize;
        }
        prop_assert_eq!(fast, brute(&full, play)[i]);
    }

    /// A stopper has no draw with either player first (every play ends).
    #[test]
    fn stoppers_never_draw(g in graph()) {
        let o = outcomes(&g, Play::Normal);
        for v in 0..g.num_vertices() as u32 {
            if is_stopper(&g, v) {
                prop_assert!(!o[v as usize].has_draw());
            }
        }
    }
}

/// A graph holding the integer `k ≥ 0` at vertex k (Left moves down) and
/// 1/2^j at vertex `k_max + 1 + j`.
fn numbers(k_max: u32, j_max: u32) -> SidedGraph {
    let mut left: Vec<Vec<u32>> = (0..=k_max)
        .map(|k| if k == 0 { vec![] } else { vec![k - 1] })
        .collect();
    let mut right: Vec<Vec<u32>> = vec![vec![]; k_max as usize + 1];
    // 1/2^0 = 1 is vertex 1; 1/2^j = {0 | 1/2^(j-1)}.
    for j in 1..=j_max {
        left.push(vec![0]);
        let prev = if j == 1 { 1 } else { k_max + j - 1 };
        right.push(vec![prev]);
    }
    SidedGraph::new(left, right)
}

#[test]
fn named_stoppers_order() {
    let (named, names) = named_stoppers();
    let at = |n: Named| names.iter().find(|(m, _)| *m == n).unwrap().1;
    let nums = numbers(5, 6);
    let geq = |ga: &SidedGraph, a: u32, gb: &SidedGraph, b: u32| {
        stopper_geq(ga, a, gb, b, 1 << 16, &mut || false).unwrap()
    };
    for (_, v) in &names {
        assert!(is_stopper(&named, *v));
        assert!(geq(&named, *v, &named, *v), "G >= G");
    }
    let on = at(Named::On);
    let over = at(Named::Over);
    // on > 5.
    assert!(geq(&named, on, &nums, 5) && !geq(&nums, 5, &named, on));
    // 0 < over < 1/64 (vertex 5 + 6 of `nums`).
    assert!(geq(&named, over, &nums, 0) && !geq(&nums, 0, &named, over));
    let sixty_fourth = 5 + 6;
    assert!(geq(&nums, sixty_fourth, &named, over) && !geq(&named, over, &nums, sixty_fourth));
    // off < -5, under < 0 < upon.
    let off = at(Named::Off);
    assert!(!geq(&named, off, &nums.negative(), 5));
    assert!(geq(&nums, 0, &named, at(Named::Under)));
    assert!(geq(&named, at(Named::Upon), &nums, 0));
    // on + off is dud: not a stopper, every position gives both a move.
    let (d, _) = sum_graph(&[&named, &named], &[on, off], 100, &mut || false).unwrap();
    assert!(!is_stopper(&d, 0));
    assert!(is_deathless(&d, 0));
    assert!(!is_deathless(&named, on));
    // Distinct named values are distinct.
    for &(a, va) in &names {
        for &(b, vb) in &names {
            let eq = geq(&named, va, &named, vb) && geq(&named, vb, &named, va);
            assert_eq!(eq, a == b, "{} vs {}", a.name(), b.name());
        }
    }
}

#[test]
fn outcome_names() {
    use Winner::*;
    let o = |a, b| {
        LoopyOutcome {
            left_first: a,
            right_first: b,
        }
        .to_string()
    };
    assert_eq!(o(Left, Right), "N");
    assert_eq!(o(Right, Left), "P");
    assert_eq!(o(Draw, Draw), "D");
    assert_eq!(o(Left, Draw), "LD");
    assert_eq!(o(Draw, Right), "DR");
}
