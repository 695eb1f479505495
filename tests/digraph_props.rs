//! Property tests: every fast algorithm of the explicit-digraph engine
//! against a slow, obviously correct one on random small digraphs.

use std::collections::HashMap;

use grundy_theory::digraph::*;
use proptest::prelude::*;

fn graph(max_n: usize) -> impl Strategy<Value = Digraph> {
    (1..=max_n).prop_flat_map(|n| {
        let n32 = n as u32;
        proptest::collection::vec((0..n32, 0..n32), 0..=(n * n).min(3 * n + 4))
            .prop_map(move |e| Digraph::from_edges(n, &e).unwrap())
    })
}

/// Acyclic: edges only from larger to smaller vertices.
fn dag(max_n: usize) -> impl Strategy<Value = Digraph> {
    (1..=max_n).prop_flat_map(|n| {
        let n32 = n as u32;
        proptest::collection::vec((0..n32, 0..n32), 0..=3 * n).prop_map(move |e| {
            let e: Vec<(u32, u32)> = e
                .into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a.max(b), a.min(b)))
                .collect();
            Digraph::from_edges(n, &e).unwrap()
        })
    })
}

fn mask_of(k: &[u32]) -> u32 {
    k.iter().fold(0, |m, &v| m | 1 << v)
}

fn verts(mask: u32) -> Vec<u32> {
    (0..32).filter(|v| mask >> v & 1 == 1).collect()
}

/// Whether `k` is a kernel of the subgraph induced by `within`.
fn is_kernel_within(g: &Digraph, within: u32, k: u32) -> bool {
    verts(within).into_iter().all(|v| {
        let succ = g.successors(v).iter().filter(|&&w| within >> w & 1 == 1);
        if k >> v & 1 == 1 {
            succ.clone().all(|&w| k >> w & 1 == 0)
        } else {
            succ.clone().any(|&w| k >> w & 1 == 1)
        }
    })
}

fn brute_kernels(g: &Digraph, within: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut sub = within;
    // Every submask of `within`, including 0.
    loop {
        if is_kernel_within(g, within, sub) {
            out.push(sub);
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & within;
    }
    out
}

fn brute_sequences(
    g: &Digraph,
    within: u32,
    memo: &mut HashMap<u32, Vec<Vec<u32>>>,
) -> Vec<Vec<u32>> {
    if within == 0 {
        return vec![vec![]];
    }
    if let Some(s) = memo.get(&within) {
        return s.clone();
    }
    let mut out = Vec::new();
    for k in brute_kernels(g, within) {
        if k == 0 {
            continue;
        }
        for rest in brute_sequences(g, within & !k, memo) {
            let mut s = vec![k];
            s.extend(rest);
            out.push(s);
        }
    }
    memo.insert(within, out.clone());
    out
}

/// Outcomes and remoteness by "wins within k moves", iterated.
fn brute_outcomes(g: &Digraph, misere: bool) -> (Vec<Outcome>, Vec<Option<u32>>) {
    let n = g.num_vertices();
    let terminal = |v: u32| g.out_degree(v) == 0;
    let mut win: Vec<bool> = g.vertices().map(|v| misere && terminal(v)).collect();
    let mut lose: Vec<bool> = g.vertices().map(|v| !misere && terminal(v)).collect();
    let mut rem: Vec<Option<u32>> = g.vertices().map(|v| terminal(v).then_some(0)).collect();
    for k in 1..=(n as u32 + 2) {
        let w2: Vec<bool> = g
            .vertices()
            .map(|v| win[v as usize] || g.successors(v).iter().any(|&x| lose[x as usize]))
            .collect();
        let l2: Vec<bool> = g
            .vertices()
            .map(|v| {
                lose[v as usize]
                    || (!terminal(v) && g.successors(v).iter().all(|&x| win[x as usize]))
            })
            .collect();
        for v in 0..n {
            if (w2[v] || l2[v]) && rem[v].is_none() {
                rem[v] = Some(k);
            }
        }
        win = w2;
        lose = l2;
    }
    let out = (0..n)
        .map(|v| match (win[v], lose[v]) {
            (true, _) => Outcome::N,
            (_, true) => Outcome::P,
            _ => Outcome::D,
        })
        .collect();
    (out, rem)
}

/// γ by the literal labelling procedure of THEORY.md §5 (full rescans).
fn brute_gamma(g: &Digraph) -> Vec<Gamma> {
    let n = g.num_vertices();
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Un,
        Fin(u32),
        Inf,
    }
    let mut lab = vec![L::Un; n];
    let mut i = 0;
    while lab.contains(&L::Un) {
        loop {
            let mut changed = false;
            for u in g.vertices() {
                if lab[u as usize] != L::Un {
                    continue;
                }
                let has_i = |x: u32| {
                    g.successors(x)
                        .iter()
                        .any(|&w| lab[w as usize] == L::Fin(i))
                };
                if has_i(u) {
                    continue;
                }
                let ok = g
                    .successors(u)
                    .iter()
                    .all(|&v| !matches!(lab[v as usize], L::Un | L::Inf) || has_i(v));
                if ok {
                    lab[u as usize] = L::Fin(i);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in g.vertices() {
            let has_i = g
                .successors(u)
                .iter()
                .any(|&w| lab[w as usize] == L::Fin(i));
            if lab[u as usize] == L::Un && !has_i {
                lab[u as usize] = L::Inf;
            }
        }
        i += 1;
    }
    g.vertices()
        .map(|u| match lab[u as usize] {
            L::Fin(a) => Gamma::Finite(a),
            _ => {
                let mut k: Vec<u32> = g
                    .successors(u)
                    .iter()
                    .filter_map(|&w| match lab[w as usize] {
                        L::Fin(a) => Some(a),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
        })
        .collect()
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut v: Vec<u32> = values.collect();
    v.sort_unstable();
    v.dedup();
    v.iter()
        .enumerate()
        .find(|&(i, &x)| i as u32 != x)
        .map_or(v.len() as u32, |(i, _)| i as u32)
}

/// Fraenkel's defining properties of γ with a counter function c:
/// A. γ(u) = a finite ⇒ a = mex of the finite values of the followers.
/// B. γ(u) = a finite, v a follower with γ(v) > a or ∞ ⇒ v has a follower w
///    with γ(w) = a and c(w) < c(u).
/// C. γ(u) = ∞ ⇒ u has a follower v = ∞(K) with mex γ(F(u)) ∉ K.
/// Also K of ∞(K) lists exactly the finite values of the followers.
/// (These determine γ uniquely: Fraenkel and Yesha.)
fn check_gamma_properties(g: &Digraph, gm: &[Gamma]) -> Result<(), String> {
    let fin = |v: u32| gm[v as usize].finite();
    let followers_fin = |u: u32| g.successors(u).iter().filter_map(move |&w| fin(w));
    for u in g.vertices() {
        let m = mex(followers_fin(u));
        match &gm[u as usize] {
            Gamma::Finite(a) => {
                if *a != m {
                    return Err(format!("A fails at {u}"));
                }
            }
            Gamma::Infinite(k) => {
                let mut want: Vec<u32> = followers_fin(u).collect();
                want.sort_unstable();
                want.dedup();
                if *k != want {
                    return Err(format!("K wrong at {u}"));
                }
                let c_ok = g.successors(u).iter().any(|&v| match &gm[v as usize] {
                    Gamma::Infinite(kv) => !kv.contains(&m),
                    Gamma::Finite(_) => false,
                });
                if !c_ok {
                    return Err(format!("C fails at {u}"));
                }
            }
        }
    }
    // B: build a counter greedily per value (a vertex may be counted once
    // all its higher followers reverse to an already counted vertex).
    let values: Vec<u32> = g.vertices().filter_map(fin).collect();
    for a in values.iter().copied() {
        let class: Vec<u32> = g.vertices().filter(|&v| fin(v) == Some(a)).collect();
        let mut counted = vec![false; g.num_vertices()];
        let mut progress = true;
        while progress {
            progress = false;
            for &u in &class {
                if counted[u as usize] {
                    continue;
                }
                let ok = g.successors(u).iter().all(|&v| match fin(v) {
                    Some(b) if b <= a => true,
                    _ => g.successors(v).iter().any(|&w| counted[w as usize]),
                });
                if ok {
                    counted[u as usize] = true;
                    progress = true;
                }
            }
        }
        if let Some(&u) = class.iter().find(|&&u| !counted[u as usize]) {
            return Err(format!("B fails at {u} (value {a})"));
        }
    }
    Ok(())
}

fn product(g: &Digraph, h: &Digraph) -> Digraph {
    let nh = h.num_vertices() as u32;
    let mut e = Vec::new();
    for u in g.vertices() {
        for v in h.vertices() {
            for &u2 in g.successors(u) {
                e.push((u * nh + v, u2 * nh + v));
            }
            for &v2 in h.successors(v) {
                e.push((u * nh + v, u * nh + v2));
            }
        }
    }
    Digraph::from_edges(g.num_vertices() * h.num_vertices(), &e).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn kernels_match_brute_force(g in graph(10)) {
        let all = (1u32 << g.num_vertices()) - 1;
        let mut want: Vec<Vec<u32>> = brute_kernels(&g, all).into_iter().map(verts).collect();
        want.sort();
        let got = kernels(&g, 1_000_000);
        prop_assert!(got.complete);
        for k in &got.kernels {
            prop_assert!(is_kernel_within(&g, all, mask_of(k)));
        }
        prop_assert_eq!(&got.kernels, &want);
        if !has_odd_cycle(&g) {
            prop_assert!(!got.kernels.is_empty(), "Richardson");
        }
        if let Some(c) = odd_cycle(&g) {
            prop_assert_eq!(c.len() % 2, 1);
            for i in 0..c.len() {
                prop_assert!(g.has_edge(c[i], c[(i + 1) % c.len()]));
            }
            let mut s = c.clone();
            s.sort_unstable();
            s.dedup();
            prop_assert_eq!(s.len(), c.len());
        }
    }

    #[test]
    fn kernel_sequences_match_brute_force(g in graph(8)) {
        let all = (1u32 << g.num_vertices()) - 1;
        let mut want: Vec<Vec<Vec<u32>>> = brute_sequences(&g, all, &mut HashMap::new())
            .into_iter()
            .map(|s| s.into_iter().map(verts).collect())
            .collect();
        want.sort();
        let got = kernel_sequences(&g, 10_000_000);
        prop_assert!(got.complete);
        prop_assert_eq!(got.sequences, want);
    }

    #[test]
    fn retrograde_matches_brute_force(g in graph(10)) {
        let a = retrograde(&g);
        let (o, r) = brute_outcomes(&g, false);
        prop_assert_eq!(&a.outcome, &o);
        prop_assert_eq!(&a.remoteness, &r);
        let m = misere_retrograde(&g);
        let (o, r) = brute_outcomes(&g, true);
        prop_assert_eq!(&m.outcome, &o);
        prop_assert_eq!(&m.remoteness, &r);
    }

    #[test]
    fn gamma_is_the_generalized_sg_function(g in graph(10)) {
        let gm = gamma(&g);
        prop_assert_eq!(&gm, &brute_gamma(&g));
        if let Err(e) = check_gamma_properties(&g, &gm) {
            return Err(TestCaseError::fail(format!("{e}: {g:?} {gm:?}")));
        }
        let a = retrograde(&g);
        for (x, o) in gm.iter().zip(&a.outcome) {
            prop_assert_eq!(x.outcome(), *o);
        }
    }

    #[test]
    fn gamma_sum_rule_on_product(g in graph(6), h in graph(6)) {
        let (gg, gh) = (gamma(&g), gamma(&h));
        let p = gamma(&product(&g, &h));
        let nh = h.num_vertices();
        for u in 0..g.num_vertices() {
            for v in 0..nh {
                prop_assert_eq!(&p[u * nh + v], &gamma_sum(&gg[u], &gh[v]), "at ({}, {})", u, v);
            }
        }
    }

    #[test]
    fn acyclic_graphs(g in dag(12)) {
        let values = grundy_acyclic(&g).unwrap();
        for v in g.vertices() {
            let m = mex(g.successors(v).iter().map(|&w| values[w as usize]));
            prop_assert_eq!(values[v as usize], m);
        }
        let gm = gamma(&g);
        prop_assert_eq!(gm, values.iter().map(|&x| Gamma::Finite(x)).collect::<Vec<_>>());
        let p: Vec<u32> = g.vertices().filter(|&v| values[v as usize] == 0).collect();
        let k = kernels(&g, 0);
        prop_assert!(k.complete);
        prop_assert_eq!(&k.kernels, &vec![p.clone()]);
        let a = retrograde(&g);
        prop_assert!(a.outcome.iter().all(|&o| o != Outcome::D));
        let classes = values.iter().max().map_or(0, |&m| m as usize + 1);
        let want: Vec<Vec<u32>> = (0..classes as u32)
            .map(|i| g.vertices().filter(|&v| values[v as usize] == i).collect())
            .collect();
        let s = kernel_sequences(&g, 0);
        prop_assert_eq!(s.sequences, vec![want.clone()]);
        // The general search, not the acyclic shortcut, agrees too.
        prop_assert!(!has_odd_cycle(&g));
        // Misère P-positions = kernel of the graph without its terminals.
        let keep: Vec<bool> = g.vertices().map(|v| g.out_degree(v) > 0).collect();
        let (h, old) = g.induced_subgraph(&keep);
        let kh = kernels(&h, 0);
        let mut misere_p: Vec<u32> = kh.kernels[0].iter().map(|&v| old[v as usize]).collect();
        misere_p.sort_unstable();
        let m = misere_retrograde(&g);
        let want_p: Vec<u32> = g.vertices().filter(|&v| m.outcome[v as usize] == Outcome::P).collect();
        prop_assert_eq!(misere_p, want_p);
    }

    #[test]
    fn acyclic_detection(g in graph(10)) {
        match grundy_acyclic(&g) {
            Ok(_) => prop_assert!(g.edges().all(|(a, b)| a != b)),
            Err(c) => {
                prop_assert!(!c.is_empty());
                for i in 0..c.len() {
                    prop_assert!(g.has_edge(c[i], c[(i + 1) % c.len()]));
                }
            }
        }
        let comp = strongly_connected_components(&g);
        // Tarjan's ids: an edge never goes to a larger component id.
        for (a, b) in g.edges() {
            prop_assert!(comp[b as usize] <= comp[a as usize]);
        }
    }
}
