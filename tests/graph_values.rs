//! Graph values as positions (examples/node_kayles.game): Node Kayles and
//! Arc Kayles written with `remove`, `components` and `canonical` agree
//! with a brute-force mex over vertex masks written here, and with the
//! same rules written without splitting or canonical labelling, in normal
//! and misère play, on random graphs (isomorphic positions share one
//! entry; the values are unchanged).

use crate::common;

use std::collections::HashMap;

use grundy::Outcome;
use proptest::prelude::*;

const RULES: &str = r"
game NodeKayles(g) {
    move NodeKayles(canonical(remove(g, [v] + neighbours(g, v)))) for v in vertices(g)
}
game NK(g) {
    move sum([NK(canonical(p)) for p in components(remove(g, [v] + neighbours(g, v)))]) for v in vertices(g)
}
game NKplain(g) {
    move NKplain(remove(g, [v] + neighbours(g, v))) for v in vertices(g)
}
game AK(g) {
    move sum([AK(canonical(p)) for p in components(remove(g, [a, b]))]) for (a, b) in edges(g)
}
game AKplain(g) {
    move AKplain(remove(g, [a, b])) for (a, b) in edges(g)
}
";

/// A random graph on n vertices: (adjacency masks, its `undirected` text).
fn random_graph(n: usize, code: u64) -> (Vec<u64>, String) {
    let mut adj = vec![0u64; n];
    let mut edges = Vec::new();
    let mut i = 0;
    for a in 0..n {
        for b in a + 1..n {
            if code >> (i % 64) & 1 == 1 {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
                edges.push(format!("({a}, {b})"));
            }
            i += 1;
        }
    }
    (adj, format!("undirected({n}, [{}])", edges.join(", ")))
}

fn mex(xs: impl Iterator<Item = u64>) -> u64 {
    let mut seen = 0u128;
    for x in xs {
        if x < 128 {
            seen |= 1 << x;
        }
    }
    u64::from((!seen).trailing_zeros())
}

/// Node Kayles on the vertices of `left`, by mex.
fn node_kayles(adj: &[u64], left: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&g) = memo.get(&left) {
        return g;
    }
    let opts: Vec<u64> = (0..adj.len())
        .filter(|v| left >> v & 1 == 1)
        .map(|v| left & !(1 << v) & !adj[v])
        .collect();
    let g = mex(opts.into_iter().map(|o| node_kayles(adj, o, memo)));
    memo.insert(left, g);
    g
}

/// Arc Kayles on the vertices of `left`, by mex.
fn arc_kayles(adj: &[u64], left: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&g) = memo.get(&left) {
        return g;
    }
    let mut opts = Vec::new();
    for a in 0..adj.len() {
        for b in a + 1..adj.len() {
            if left >> a & 1 == 1 && left >> b & 1 == 1 && adj[a] >> b & 1 == 1 {
                opts.push(left & !(1 << a) & !(1 << b));
            }
        }
    }
    let g = mex(opts.into_iter().map(|o| arc_kayles(adj, o, memo)));
    memo.insert(left, g);
    g
}

#[test]
fn node_kayles_on_the_petersen_graph() {
    let text = format!(
        "graph Petersen {{ a -- b, e, f; b -- c, g; c -- d, h; d -- e, i; e -- j; f -- h, i; g -- i, j; h -- j }}\n{RULES}\n\
         grundy NodeKayles(subgraph(Petersen))\ngrundy NK(subgraph(Petersen))\ngrundy NKplain(subgraph(Petersen))\n\
         grundy AK(subgraph(Petersen))\ngrundy AKplain(subgraph(Petersen))"
    );
    let a = common::answers(&text);
    let g: Vec<u64> = a.iter().map(common::grundy).collect();
    // The Petersen graph by masks: outer 5-cycle, spokes, inner pentagram.
    let mut adj = vec![0u64; 10];
    for i in 0..5 {
        for (x, y) in [(i, (i + 1) % 5), (i, i + 5), (i + 5, (i + 2) % 5 + 5)] {
            adj[x] |= 1 << y;
            adj[y] |= 1 << x;
        }
    }
    let nk = node_kayles(&adj, (1 << 10) - 1, &mut HashMap::new());
    let ak = arc_kayles(&adj, (1 << 10) - 1, &mut HashMap::new());
    assert_eq!(g, vec![nk, nk, nk, ak, ak]);
}

#[test]
fn positions_print_and_errors_have_codes() {
    let out = common::texts_or_codes(
        "undirected(4, [(0, 1), (1, 2), (2, 3)])\n\
         remove(undirected(4, [(0, 1), (1, 2), (2, 3)]), [1])\n\
         canonical(undirected([3, 5, 9], [(3, 9)]))\n\
         components(undirected(4, [(0, 1), (2, 3)]))\n\
         neighbours(undirected(3, [(0, 1), (1, 2)]), 5)\n\
         undirected(3, [(0, 3)])\n\
         undirected(2, [(1, 1)])\n\
         undirected(65, [])\n\
         remove(undirected(2, []), \"a\")\n\
         canonical(undirected(2, []), \"mirror\")",
    );
    assert_eq!(out[0], "undirected(4, [(0, 1), (1, 2), (2, 3)])");
    assert_eq!(out[1], "undirected([0, 2, 3], [(2, 3)])");
    assert_eq!(out[2], "undirected(3, [(1, 2)])");
    assert_eq!(
        out[3],
        "[undirected(2, [(0, 1)]), undirected([2, 3], [(2, 3)])]"
    );
    for e in &out[4..] {
        assert!(e.starts_with("error grundy::"), "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Canonical labelling and splitting change no value: the games with
    /// and without them and the brute force agree; misère outcomes too.
    #[test]
    fn values_are_unchanged_by_canonical_labelling(n in 0usize..=8, code in any::<u64>()) {
        let (adj, g) = random_graph(n, code);
        let text = format!(
            "{RULES}\ngrundy NodeKayles({g})\ngrundy NK({g})\ngrundy NKplain({g})\ngrundy AK({g})\ngrundy AKplain({g})\n\
             outcome misere NodeKayles({g})\noutcome misere NKplain({g})\noutcome misere NK({g})"
        );
        let a = common::answers(&text);
        let all = if n == 0 { 0 } else { (1u64 << n) - 1 };
        let nk = node_kayles(&adj, all, &mut HashMap::new());
        let ak = arc_kayles(&adj, all, &mut HashMap::new());
        let g: Vec<u64> = a[..5].iter().map(common::grundy).collect();
        prop_assert_eq!(g, vec![nk, nk, nk, ak, ak]);
        let o: Vec<Outcome> = a[5..].iter().map(common::outcome).collect();
        prop_assert_eq!(o[0], o[1]);
        prop_assert_eq!(o[1], o[2]);
    }
}

/// Moves to the same position are listed once: with `canonical`, moves
/// whose results are symmetric images (boards) or isomorphic (graphs) are
/// one position; without it, each image is a position of its own and is
/// listed. The values agree either way.
#[test]
fn symmetric_moves_are_listed_once() {
    let out = common::texts_or_codes(
        r#"
game Dom(b) {
    left move parts(c) for c in place(b, [(0, 0), (1, 0)])
    right move parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn parts(b) = sum([Dom(canonical(p, "mirror")) for p in components(b)])
game DomU(b) {
    left move DomU(c) for c in place(b, [(0, 0), (1, 0)])
    right move DomU(c) for c in place(b, [(0, 0), (0, 1)])
}
winning Dom(grid(3, 3)) for left
winning DomU(grid(3, 3)) for left
moves Dom(grid(2, 4))
moves DomU(grid(2, 4))
winning misere Dom(grid(3, 3)) for left
game NK(g) {
    move NK(canonical(remove(g, [v] + neighbours(g, v)))) for v in vertices(g)
}
moves NK(undirected(4, [(0, 1), (1, 2), (2, 3)]))
"#,
    );
    // The option lines, without the board rows drawn under them.
    let lines = |i: usize| {
        out[i]
            .lines()
            .skip(1)
            .map(str::trim)
            .filter(|l| l.contains('('))
            .collect::<Vec<_>>()
    };
    // Left's two winning vertical dominoes on 3×3 leave mirror images.
    assert_eq!(lines(0), vec!["Dom(grid(\"...|.#.|.#.\"))"]);
    assert_eq!(lines(1).len(), 2, "{}", out[1]);
    // 2×4: Left 4 placements, 2 positions; Right 6 placements, 2 positions.
    assert_eq!(lines(2).len(), 4, "{}", out[2]);
    assert_eq!(lines(3).len(), 10, "{}", out[3]);
    let distinct: std::collections::BTreeSet<&str> = lines(2).into_iter().collect();
    assert_eq!(distinct.len(), 4);
    assert!(!out[4].starts_with("error"), "{}", out[4]);
    // A path of 4: taking an end or a middle vertex, two positions.
    assert_eq!(lines(5).len(), 2, "{}", out[5]);
}
