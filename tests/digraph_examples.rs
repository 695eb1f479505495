//! Hand-checked examples for the explicit-digraph engine, and the ignored
//! benchmark on a random loopy graph with 10^6 vertices.

use grundy_theory::digraph::*;

fn g(n: usize, e: &[(u32, u32)]) -> Digraph {
    Digraph::from_edges(n, e).unwrap()
}

fn is_kernel(g: &Digraph, k: &[u32]) -> bool {
    let mut inside = vec![false; g.num_vertices()];
    for &v in k {
        inside[v as usize] = true;
    }
    g.edges()
        .all(|(a, b)| !(inside[a as usize] && inside[b as usize]))
        && g.vertices()
            .all(|v| inside[v as usize] || g.successors(v).iter().any(|&w| inside[w as usize]))
}

#[test]
fn directed_triangle() {
    let t = g(3, &[(0, 1), (1, 2), (2, 0)]);
    let r = kernels(&t, 1000);
    assert!(r.complete && r.kernels.is_empty());
    assert!(has_odd_cycle(&t));
    let a = retrograde(&t);
    assert_eq!(a.outcome, vec![Outcome::D; 3]);
    assert_eq!(a.remoteness, vec![None; 3]);
    assert_eq!(gamma(&t), vec![Gamma::Infinite(vec![]); 3]);
    assert!(gamma(&t).iter().all(|x| x.outcome() == Outcome::D));
    let s = kernel_sequences(&t, 1000);
    assert!(s.complete && s.sequences.is_empty());
}

#[test]
fn two_cycle() {
    let c = g(2, &[(0, 1), (1, 0)]);
    let r = kernels(&c, 1000);
    assert!(r.complete);
    assert_eq!(r.kernels, vec![vec![0], vec![1]]);
    assert!(!has_odd_cycle(&c));
    assert_eq!(retrograde(&c).outcome, vec![Outcome::D; 2]);
    assert_eq!(gamma(&c), vec![Gamma::Infinite(vec![]); 2]);
}

/// The directed 6-cycle 0 → 1 → 2 → 3 → 4 → 5 → 0 with chords 0 → 2,
/// 0 → 3, 3 → 2.
///
/// Kernels by hand: 0 is in none (0 in K puts 1, 2, 3 and 5 out, then 4 must
/// be in, and 1, whose only move is to 2, is not absorbed). So 0 is out and
/// 5, whose only move is to 0, is in; 4 (→ 5) is out. If 2 is in, 1 and 3
/// are out and absorbed by 2: K = {2, 5}. If 2 is out, 1 (only move → 2)
/// is in and 2 needs 3 in: K = {1, 3, 5}. Both are independent.
///
/// What remains is acyclic, so each continues uniquely by Grundy classes:
/// - after {2, 5}: edges 0 → 1, 0 → 3, 3 → 4, values 1:0 4:0 3:1 0:2, giving
///   {2,5}, {1,4}, {3}, {0} — four classes;
/// - after {1, 3, 5}: edge 0 → 2 only, values 2:0 4:0 0:1, giving
///   {1,3,5}, {2,4}, {0} — three classes.
#[test]
fn six_cycle_with_chords_has_sequences_of_two_lengths() {
    let mut e: Vec<(u32, u32)> = (0..6).map(|i| (i, (i + 1) % 6)).collect();
    e.extend([(0, 2), (0, 3), (3, 2)]);
    let h = g(6, &e);
    let r = kernels(&h, 1000);
    assert!(r.complete);
    assert_eq!(r.kernels, vec![vec![1, 3, 5], vec![2, 5]]);
    for k in &r.kernels {
        assert!(is_kernel(&h, k));
    }
    let s = kernel_sequences(&h, 1000);
    assert!(s.complete);
    assert_eq!(
        s.sequences,
        vec![
            vec![vec![1, 3, 5], vec![2, 4], vec![0]],
            vec![vec![2, 5], vec![1, 4], vec![3], vec![0]],
        ]
    );
    // 3 → 4 → 5 → 0 → 3 and 0 → 1 → 2 → 3 → 4 → 5 → 0 are even, but
    // 0 → 2 → 3 → 4 → 5 → 0 has length 5.
    let c = odd_cycle(&h).unwrap();
    assert_eq!(c.len() % 2, 1);
}

#[test]
fn acyclic_kernel_is_p_positions() {
    // Subtraction {1, 3} on heaps 0..10: P iff n even.
    let e: Vec<(u32, u32)> = (0..10u32)
        .flat_map(|n| {
            [1u32, 3]
                .into_iter()
                .filter(move |&k| k <= n)
                .map(move |k| (n, n - k))
        })
        .collect();
    let h = g(10, &e);
    let r = kernels(&h, 0);
    assert!(r.complete);
    assert_eq!(r.kernels, vec![vec![0, 2, 4, 6, 8]]);
    let s = kernel_sequences(&h, 0);
    assert_eq!(
        s.sequences,
        vec![vec![vec![0, 2, 4, 6, 8], vec![1, 3, 5, 7, 9]]]
    );
}

#[test]
fn deep_inputs_do_not_overflow() {
    // A path of 100 000 vertices ending in a 2-cycle: one long kernel
    // sequence per kernel of the 2-cycle, found without recursion.
    let n = 100_000u32;
    let mut e: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
    e.push((0, 1));
    let h = g(n as usize, &e);
    let r = kernels(&h, 1000);
    assert!(r.complete);
    assert_eq!(r.kernels.len(), 2);
    assert_eq!(retrograde(&h).outcome[5], Outcome::D);
    assert!(grundy_acyclic(&h).is_err());
    let gm = gamma(&h);
    assert_eq!(gm[0], Gamma::Infinite(vec![]));
    // A long path alone: acyclic, deep, values alternate.
    let p: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
    let p = g(n as usize, &p);
    let values = grundy_acyclic(&p).unwrap();
    assert_eq!(values[n as usize - 1], (n - 1) % 2);
    assert_eq!(kernel_sequences(&p, 10).sequences[0].len(), 2);
    assert!(!has_odd_cycle(&p));
    // A 10 001-vertex cycle: odd, found iteratively.
    let c: Vec<(u32, u32)> = (0..10_001u32).map(|v| (v, (v + 1) % 10_001)).collect();
    let c = g(10_001, &c);
    assert_eq!(odd_cycle(&c).map(|c| c.len()), Some(10_001));
    assert!(kernels(&c, 1000).kernels.is_empty());
}

#[test]
fn long_kernel_sequence_in_cyclic_graph() {
    // 2-cycle {0, 1} with a tail 2 → 0, 3 → 2, …: the tail is forced, so
    // each of the two kernels of the whole graph extends in exactly one way.
    let n = 10_000u32;
    let mut e = vec![(0, 1), (1, 0), (2, 0)];
    e.extend((3..n).map(|v| (v, v - 1)));
    let h = g(n as usize, &e);
    let s = kernel_sequences(&h, 100_000);
    assert!(s.complete);
    assert_eq!(s.sequences.len(), 2);
    for seq in &s.sequences {
        assert_eq!(seq.iter().map(Vec::len).sum::<usize>(), n as usize);
    }
}

#[test]
fn dot_output() {
    let c = g(2, &[(0, 1), (1, 0)]);
    let names = |v: u32| grundy_theory::digraph::Label::from(format!("x{v}"));
    let dot = to_dot(&c, &names, Some(&[0]), 100).unwrap();
    assert!(dot.contains("v0 [label=\"x0\", fillcolor="));
    assert!(dot.contains("peripheries=2"));
    assert!(dot.contains("v1 -> v0;"));
    let err = to_dot(&c, &names, None, 1).unwrap_err();
    assert!(err.to_string().contains("more than the limit"));
}

/// `cargo test --release -- --ignored bench_loopy --nocapture`
#[test]
#[ignore]
fn bench_loopy_1e6() {
    use std::time::Instant;
    let t = Instant::now();
    let h = random_loopy(1_000_000, 5_000_000, 42);
    let build = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let a = retrograde(&h);
    let retro = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let gm = gamma(&h);
    let gam = t.elapsed().as_secs_f64();
    let n = h.num_vertices();
    let count = |o: Outcome| a.outcome.iter().filter(|&&x| x == o).count();
    let max_finite = gm.iter().filter_map(Gamma::finite).max().unwrap_or(0);
    let infinite = gm.iter().filter(|x| x.finite().is_none()).count();
    let k_bytes: usize = gm
        .iter()
        .map(|x| match x {
            Gamma::Infinite(k) => k.capacity() * 4,
            Gamma::Finite(_) => 0,
        })
        .sum();
    let graph_bytes = h.heap_bytes();
    let analysis_bytes = n * (std::mem::size_of::<Outcome>() + std::mem::size_of::<Option<u32>>());
    let gamma_bytes = n * std::mem::size_of::<Gamma>() + k_bytes;
    println!(
        "n = {n}, m = {} (after merging duplicates)\n\
         build {build:.3} s; outcomes+remoteness {retro:.3} s; gamma {gam:.3} s\n\
         P {} N {} D {}; gamma max finite {max_finite}, infinite {infinite}\n\
         bytes/vertex: graph {:.1}, outcomes+remoteness {:.1}, gamma {:.1}",
        h.num_edges(),
        count(Outcome::P),
        count(Outcome::N),
        count(Outcome::D),
        graph_bytes as f64 / n as f64,
        analysis_bytes as f64 / n as f64,
        gamma_bytes as f64 / n as f64,
    );
    for (x, o) in gm.iter().zip(&a.outcome) {
        assert_eq!(x.outcome(), *o);
    }

    // Mostly downhill (19 edges in 20 point to a smaller vertex): far fewer
    // draws and many γ levels, the expensive case for γ.
    let e: Vec<(u32, u32)> = random_loopy(1_000_000, 5_000_000, 7)
        .edges()
        .enumerate()
        .map(|(i, (a, b))| {
            if i % 20 == 0 {
                (a, b)
            } else {
                (a.max(b), a.min(b))
            }
        })
        .collect();
    let h = Digraph::from_edges(1_000_000, &e).unwrap();
    let t = Instant::now();
    let a = retrograde(&h);
    let retro = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let gm = gamma(&h);
    let gam = t.elapsed().as_secs_f64();
    let max_finite = gm.iter().filter_map(Gamma::finite).max().unwrap_or(0);
    let infinite = gm.iter().filter(|x| x.finite().is_none()).count();
    println!(
        "downhill: m = {}; outcomes+remoteness {retro:.3} s; gamma {gam:.3} s\n\
         P {} N {} D {}; gamma max finite {max_finite}, infinite {infinite}",
        h.num_edges(),
        a.outcome.iter().filter(|&&x| x == Outcome::P).count(),
        a.outcome.iter().filter(|&&x| x == Outcome::N).count(),
        a.outcome.iter().filter(|&&x| x == Outcome::D).count(),
    );
    for (x, o) in gm.iter().zip(&a.outcome) {
        assert_eq!(x.outcome(), *o);
    }
}
