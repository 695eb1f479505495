//! Loopy games through the language: `graph` declarations, rule games with
//! cycles, the generalized Sprague–Grundy value γ and its sum rule, draws,
//! remoteness, kernels and kernel sequences.
//!
//! The property tests compare three independent routes to the outcome of a
//! sum of loopy positions:
//! - `outcome`, which adds the components' γ values by Smith's sum rule and
//!   never expands the sum;
//! - `remoteness`, which expands the sum's whole state graph and runs
//!   retrograde analysis on it;
//! - a brute force written here: the product state (a sorted tuple of
//!   non-terminal components) iterated to a fixpoint, round by round, so
//!   that the round a state is decided in is its remoteness.

use crate::common;

use std::collections::HashMap;
use std::hash::Hash;

use common::*;
use grundy::GValue;
use grundy::render;
use grundy::{Answer, Outcome};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Brute force over the product state.

/// Outcome and remoteness (`None` for a draw) of the sum `root`, whose
/// components move by `moves` (each option a list of components, so a move
/// may split or end a component). A state is the sorted multiset of its
/// non-terminal components; the empty state is terminal: a loss for the
/// player to move in normal play, a win in misère play.
fn brute<T, F>(root: &[T], moves: &F, misere: bool) -> (Outcome, Option<u32>)
where
    T: Ord + Clone + Hash,
    F: Fn(&T) -> Vec<Vec<T>>,
{
    let state = |comps: Vec<T>| -> Vec<T> {
        let mut s: Vec<T> = comps.into_iter().filter(|c| !moves(c).is_empty()).collect();
        s.sort();
        s
    };
    let start = state(root.to_vec());
    let mut ids: HashMap<Vec<T>, usize> = HashMap::new();
    let mut states: Vec<Vec<T>> = vec![start.clone()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    ids.insert(start, 0);
    let mut next = 0;
    while next < states.len() {
        let s = states[next].clone();
        let mut ch = Vec::new();
        for i in 0..s.len() {
            for opt in moves(&s[i]) {
                let mut c: Vec<T> = s[..i].iter().chain(&s[i + 1..]).cloned().collect();
                c.extend(opt);
                let c = state(c);
                let id = match ids.get(&c) {
                    Some(&id) => id,
                    None => {
                        states.push(c.clone());
                        ids.insert(c, states.len() - 1);
                        states.len() - 1
                    }
                };
                ch.push(id);
            }
        }
        children.push(ch);
        next += 1;
    }
    // Round 0 decides the terminal state; round k decides a state from the
    // states decided in rounds before k (Jacobi iteration), so a state
    // decided in round k has remoteness k.
    let n = states.len();
    let mut out: Vec<Option<(Outcome, u32)>> = vec![None; n];
    for (s, ch) in children.iter().enumerate() {
        if ch.is_empty() {
            out[s] = Some((if misere { Outcome::N } else { Outcome::P }, 0));
        }
    }
    for round in 1.. {
        let mut decided = Vec::new();
        for s in 0..n {
            if out[s].is_some() {
                continue;
            }
            let known: Vec<Option<Outcome>> = children[s]
                .iter()
                .map(|&c| out[c].map(|(o, _)| o))
                .collect();
            if known.contains(&Some(Outcome::P)) {
                decided.push((s, Outcome::N));
            } else if known.iter().all(|o| *o == Some(Outcome::N)) {
                decided.push((s, Outcome::P));
            }
        }
        if decided.is_empty() {
            break;
        }
        for (s, o) in decided {
            out[s] = Some((o, round));
        }
    }
    match out[0] {
        Some((o, r)) => (o, Some(r)),
        None => (Outcome::D, None),
    }
}

/// The Grundy values of an acyclic graph by plain recursion (edges go from
/// a vertex to smaller ones).
fn brute_mex(adj: &[Vec<usize>]) -> Vec<u64> {
    let mut g = vec![0u64; adj.len()];
    for v in 0..adj.len() {
        g[v] = mex(adj[v].iter().map(|&w| g[w]));
    }
    g
}

// ---------------------------------------------------------------------------
// Programs.

/// A vertex name: letters, with a digit on the odd ones to exercise names
/// that mix both.
fn vname(v: usize) -> String {
    let letters = ["a", "b", "c", "d", "e", "f", "g"];
    if v % 2 == 1 {
        format!("{}{v}", letters[v])
    } else {
        letters[v].to_string()
    }
}

/// `graph NAME { ... }` for an adjacency list; vertices without out-edges
/// are declared bare.
fn graph_text(name: &str, adj: &[Vec<usize>]) -> String {
    let items: Vec<String> = adj
        .iter()
        .enumerate()
        .map(|(v, ws)| {
            if ws.is_empty() {
                vname(v)
            } else {
                let ws: Vec<String> = ws.iter().map(|&w| vname(w)).collect();
                format!("{} -> {}", vname(v), ws.join(", "))
            }
        })
        .collect();
    format!("graph {name} {{ {} }}\n", items.join("; "))
}

/// The same graph as a rule game over integers, `L(v)`.
fn rule_text(adj: &[Vec<usize>]) -> String {
    let rows: Vec<String> = adj
        .iter()
        .map(|ws| {
            let ws: Vec<String> = ws.iter().map(std::string::ToString::to_string).collect();
            format!("[{}]", ws.join(", "))
        })
        .collect();
    format!(
        "fn succ(v) = [{}][v]\ngame L(v) {{ move L(w) for w in succ(v) }}\n",
        rows.join(", ")
    )
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum C {
    /// A vertex of the random graph.
    V(usize),
    /// A nim-heap `*k`.
    H(usize),
}

fn comp_moves<'a>(adj: &'a [Vec<usize>]) -> impl Fn(&C) -> Vec<Vec<C>> + 'a {
    move |c| match c {
        C::V(v) => adj[*v].iter().map(|&w| vec![C::V(w)]).collect(),
        C::H(k) => (0..*k).map(|j| vec![C::H(j)]).collect(),
    }
}

fn sum_text(sum: &[C], game: &str) -> String {
    let parts: Vec<String> = sum
        .iter()
        .map(|c| match c {
            C::V(v) if game == "R" => format!("R({})", vname(*v)),
            C::V(v) => format!("{game}({v})"),
            C::H(k) => format!("*{k}"),
        })
        .collect();
    parts.join(" + ")
}

fn remoteness(a: &Answer) -> (Outcome, Option<u32>) {
    match a {
        Answer::Remoteness {
            outcome,
            remoteness,
            ..
        } => (*outcome, *remoteness),
        other => panic!("not a remoteness answer: {other:?}"),
    }
}

fn value(a: &Answer) -> GValue {
    match a {
        Answer::Grundy { value, .. } => value.clone(),
        other => panic!("not a grundy answer: {other:?}"),
    }
}

fn kernel_sets(a: &Answer) -> Vec<Vec<String>> {
    match a {
        Answer::Kernels { kernels, .. } => kernels.clone(),
        other => panic!("not a kernels answer: {other:?}"),
    }
}

fn sequences(a: &Answer) -> Vec<Vec<Vec<String>>> {
    match a {
        Answer::KernelSequences { sequences, .. } => sequences.clone(),
        other => panic!("not a kernel_sequences answer: {other:?}"),
    }
}

fn texts(program: &str) -> Vec<String> {
    answers(program).iter().map(render::text).collect()
}

fn jsons(program: &str) -> Vec<serde_json::Value> {
    answers(program).iter().map(render::json).collect()
}

/// Sets compared without regard to order.
fn sorted_sets(mut sets: Vec<Vec<String>>) -> Vec<Vec<String>> {
    for s in &mut sets {
        s.sort();
    }
    sets.sort();
    sets
}

// ---------------------------------------------------------------------------
// Strategies.

/// A random digraph on 1..=7 vertices; cycles and self-loops allowed.
fn loopy_graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (1usize..=7).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::btree_set(0..n, 0..=3), n)
            .prop_map(|rows| rows.into_iter().map(|s| s.into_iter().collect()).collect())
    })
}

/// A random acyclic digraph on 1..=7 vertices: edges go to smaller vertices.
fn acyclic_graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (1usize..=7).prop_flat_map(|n| {
        let rows: Vec<_> = (0..n)
            .map(|v| {
                prop::collection::btree_set(0..v.max(1), if v == 0 { 0..=0 } else { 0..=3 })
                    .prop_map(move |s| {
                        if v == 0 {
                            Vec::new()
                        } else {
                            s.into_iter().collect()
                        }
                    })
            })
            .collect();
        rows
    })
}

/// A graph with sums of 1..=3 of its vertices, some with a nim-heap added.
fn graph_and_sums() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<Vec<C>>)> {
    loopy_graph().prop_flat_map(|adj| {
        let n = adj.len();
        let sum = (
            prop::collection::vec((0..n).prop_map(C::V), 1..=3),
            prop::option::of(0usize..4),
        )
            .prop_map(|(mut s, heap)| {
                s.extend(heap.map(C::H));
                s
            });
        (Just(adj), prop::collection::vec(sum, 1..=4))
    })
}

// ---------------------------------------------------------------------------
// 1. The sum rule agrees with expansion and with brute force.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn loopy_sums_agree_with_expansion_and_brute_force((adj, sums) in graph_and_sums()) {
        let mut text = graph_text("R", &adj);
        text.push_str(&rule_text(&adj));
        for sum in &sums {
            let r = sum_text(sum, "R");
            let l = sum_text(sum, "L");
            text.push_str(&format!(
                "grundy {r}\noutcome {r}\nremoteness {r}\noutcome misere {r}\nremoteness misere {r}\ngrundy {l}\noutcome misere {l}\n"
            ));
        }
        let a = answers(&text);
        prop_assert_eq!(a.len(), 7 * sums.len());
        let moves = comp_moves(&adj);
        for (k, sum) in sums.iter().enumerate() {
            let a = &a[7 * k..7 * k + 7];
            let (normal, normal_r) = brute(sum, &moves, false);
            let (misere, misere_r) = brute(sum, &moves, true);
            let gamma = value(&a[0]);
            prop_assert_eq!(gamma.outcome(), normal, "γ {} of {:?}\n{}", gamma, sum, text);
            prop_assert_eq!(outcome(&a[1]), normal, "outcome of {:?}\n{}", sum, text);
            prop_assert_eq!(remoteness(&a[2]), (normal, normal_r), "remoteness of {:?}\n{}", sum, text);
            prop_assert_eq!(outcome(&a[3]), misere, "misère outcome of {:?}\n{}", sum, text);
            prop_assert_eq!(remoteness(&a[4]), (misere, misere_r), "misère remoteness of {:?}\n{}", sum, text);
            // The same graph written as a rule game has the same values.
            prop_assert_eq!(value(&a[5]), gamma, "rule game γ of {:?}\n{}", sum, text);
            prop_assert_eq!(outcome(&a[6]), misere, "rule game misère outcome of {:?}\n{}", sum, text);
        }
    }

    /// Kernels of a loopy graph are independent and absorbing, and every
    /// vertex set that is one is listed.
    #[test]
    fn kernels_of_loopy_graphs_are_all_the_kernels(adj in loopy_graph()) {
        let text = format!("{}kernels R\n", graph_text("R", &adj));
        let got = sorted_sets(kernel_sets(&one(&text)));
        let n = adj.len();
        let mut want = Vec::new();
        for mask in 0u32..(1 << n) {
            let inside = |v: usize| mask & (1 << v) != 0;
            let independent = (0..n).all(|v| !inside(v) || adj[v].iter().all(|&w| !inside(w)));
            let absorbing = (0..n).all(|v| inside(v) || adj[v].iter().any(|&w| inside(w)));
            if independent && absorbing {
                want.push((0..n).filter(|&v| inside(v)).map(vname).collect());
            }
        }
        prop_assert_eq!(got, sorted_sets(want), "\n{}", text);
    }

    // -----------------------------------------------------------------------
    // 2. Acyclic graphs give the answers they always did.

    #[test]
    fn acyclic_graphs_have_finite_values_and_one_kernel(adj in acyclic_graph()) {
        let n = adj.len();
        let mut text = graph_text("R", &adj);
        for v in 0..n {
            text.push_str(&format!("grundy R({})\n", vname(v)));
        }
        text.push_str("kernels R\nkernel_sequences R\n");
        let a = answers(&text);
        let want = brute_mex(&adj);
        for v in 0..n {
            prop_assert_eq!(value(&a[v]), GValue::Finite(want[v]), "vertex {}\n{}", vname(v), text);
        }
        let zeros: Vec<String> = (0..n).filter(|&v| want[v] == 0).map(vname).collect();
        prop_assert_eq!(sorted_sets(kernel_sets(&a[n])), vec![sorted_sets(vec![zeros])[0].clone()]);
        let top = *want.iter().max().unwrap_or(&0);
        let classes: Vec<Vec<String>> = (0..=top)
            .map(|x| {
                let mut c: Vec<String> = (0..n).filter(|&v| want[v] == x).map(vname).collect();
                c.sort();
                c
            })
            .collect();
        let got: Vec<Vec<Vec<String>>> = sequences(&a[n + 1])
            .into_iter()
            .map(|seq| seq.into_iter().map(|mut c| { c.sort(); c }).collect())
            .collect();
        prop_assert_eq!(got, vec![classes], "\n{}", text);
        match &a[n] {
            Answer::Kernels { acyclic, complete, .. } => {
                prop_assert!(*acyclic && *complete);
            }
            other => prop_assert!(false, "not kernels: {:?}", other),
        }
    }
}

// ---------------------------------------------------------------------------
// 3. Seeds from the theory.

#[test]
fn directed_triangle_has_no_kernel_and_draws() {
    let out = texts(
        "graph T { a -> b; b -> c; c -> a }\n\
         kernels T\n\
         grundy T(a)\n\
         outcome T(b)\n\
         remoteness T(c)\n\
         grundy T(a) + *3\n\
         outcome T(a) + T(b)\n\
         kernel_sequences T\n",
    );
    assert_eq!(
        out,
        [
            "kernels T: none",
            "grundy T(a) = ∞{}",
            "outcome T(b) = D (a draw: neither player can force a win)",
            "remoteness T(c): none (D: a draw: neither player can force a win)",
            "grundy T(a) + *3 = ∞{}",
            "outcome T(a) + T(b) = D (a draw: neither player can force a win)",
            "kernel_sequences T: none",
        ]
    );
}

#[test]
fn two_cycle_has_two_kernels() {
    let a = answers("graph C { x -> y; y -> x }\nkernels C\nkernel_sequences C\noutcome C(x)\n");
    assert_eq!(kernel_sets(&a[0]), [vec!["x"], vec!["y"]]);
    assert_eq!(
        render::text(&a[0]),
        "kernels C: {x} {y} (no odd cycle: a kernel exists (Richardson))"
    );
    assert_eq!(
        sequences(&a[1]),
        [vec![vec!["x"], vec!["y"]], vec![vec!["y"], vec!["x"]]]
    );
    assert_eq!(outcome(&a[2]), Outcome::D);
}

/// The 6-cycle 0 → 1 → … → 5 → 0 with chords 0 → 2, 0 → 3, 3 → 2 (worked
/// by hand in tests/digraph_examples.rs): kernels {1, 3, 5} and {2, 5};
/// kernel sequences of three and of four classes.
#[test]
fn six_cycle_with_chords_has_sequences_of_two_lengths() {
    let program = "graph H { v0 -> v1, v2, v3; v1 -> v2; v2 -> v3; v3 -> v4, v2; v4 -> v5; v5 -> v0 }\n\
                   kernels H\nkernel_sequences H\n";
    let a = answers(program);
    assert_eq!(
        sorted_sets(kernel_sets(&a[0])),
        [vec!["v1", "v3", "v5"], vec!["v2", "v5"]]
    );
    let mut seqs = sequences(&a[1]);
    seqs.sort();
    assert_eq!(
        seqs,
        [
            vec![vec!["v1", "v3", "v5"], vec!["v2", "v4"], vec!["v0"]],
            vec![vec!["v2", "v5"], vec!["v1", "v4"], vec!["v3"], vec!["v0"]],
        ]
    );
    // Integer vertex names work the same.
    let out = texts(
        "graph H { 0 -> 1, 2, 3; 1 -> 2; 2 -> 3; 3 -> 4, 2; 4 -> 5; 5 -> 0 }\n\
         kernels H\nkernel_sequences H\n",
    );
    assert_eq!(
        out,
        [
            "kernels H: {1, 3, 5} {2, 5}",
            "kernel_sequences H:\n  {1, 3, 5} {2, 4} {0}\n  {2, 5} {1, 4} {3} {0}",
        ]
    );
}

/// Positions 0..=3 joined both ways in a line: no terminal position, so
/// every position and every sum is a draw, of value ∞{}.
#[test]
fn loopy_rule_game_without_an_end_draws() {
    let out = texts(
        "game Loop(n) {\n    move Loop(n - 1) if n > 0\n    move Loop(n + 1) if n < 3\n}\n\
         sequence Loop 0..=3\n\
         outcome Loop(2)\n\
         grundy Loop(1) + *1\n\
         remoteness Loop(0) + Loop(3)\n\
         outcome misere Loop(1)\n\
         kernel Loop(0)\n",
    );
    assert_eq!(
        out,
        [
            "sequence Loop 0..=3: ∞{} ∞{} ∞{} ∞{}",
            "outcome Loop(2) = D (a draw: neither player can force a win)",
            "grundy Loop(1) + * = ∞{}",
            "remoteness Loop(0) + Loop(3): none (D: a draw: neither player can force a win)",
            "outcome misere Loop(1) = D (a draw: neither player can force a win)",
            // The path 0 - 1 - 2 - 3 with both directions: its kernels
            // are its maximal independent sets.
            "kernel Loop(0): {Loop(0), Loop(2)} {Loop(0), Loop(3)} {Loop(1), Loop(3)} (no odd cycle: a kernel exists (Richardson))"
        ]
    );
}

/// Up(n) goes round the 4-cycle 0 → 1 → 2 → 3 → 0, and Up(2) may also end
/// the game (move to 0). By hand, retrograde: Up(2) wins at once (N, 1
/// move); Up(1) must move to Up(2) (P, 2); Up(0) moves to Up(1) (N, 3);
/// Up(3) must move to Up(0) (P, 4). γ is the plain Grundy function here:
/// Up(1) = 0, Up(0) = 1, Up(3) = 0, Up(2) = mex{Up(3), 0} = 1. The state
/// graph has one cycle, of length 4, so Richardson applies; its kernel is
/// forced: the end, then Up(1) (only option Up(2), out) and Up(3).
#[test]
fn loopy_rule_game_with_an_exit_has_finite_values() {
    let out = texts(
        "game Up(n) {\n    move Up((n + 1) % 4)\n    move 0 if n == 2\n}\n\
         sequence Up 0..=3\n\
         remoteness Up(0)\n\
         remoteness Up(1)\n\
         remoteness Up(3)\n\
         grundy Up(0) + Up(2)\n\
         outcome Up(0) + Up(3)\n\
         kernel Up(0)\n",
    );
    assert_eq!(
        out,
        [
            "sequence Up 0..=3: 1 0 1 0",
            "remoteness Up(0) = 3 (N: the next player wins in 3 moves)",
            "remoteness Up(1) = 2 (P: the previous player wins in 2 moves)",
            "remoteness Up(3) = 4 (P: the previous player wins in 4 moves)",
            "grundy Up(0) + Up(2) = 0",
            "outcome Up(0) + Up(3) = N (the next player wins)",
            "kernel Up(0): {Up(1), Up(3), 0} (no odd cycle: a kernel exists (Richardson))",
        ]
    );
}

/// A loopy game whose moves split: Sp(n) for n = 1, 2, 3 goes round the
/// cycle 1 → 2 → 3 → 1, or breaks into two heaps of Nim.
#[test]
fn loopy_game_with_splits_agrees_with_brute_force() {
    let program =
        "game Sp(n) {\n    move Sp(n % 3 + 1)\n    move Nim(a) + Nim(n - a) for a in 1..n\n}\n";
    #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
    enum S {
        Sp(usize),
        Nim(usize),
    }
    let moves = |c: &S| -> Vec<Vec<S>> {
        match c {
            S::Sp(n) => {
                let mut m = vec![vec![S::Sp(n % 3 + 1)]];
                m.extend((1..*n).map(|a| vec![S::Nim(a), S::Nim(n - a)]));
                m
            }
            S::Nim(k) => (0..*k).map(|j| vec![S::Nim(j)]).collect(),
        }
    };
    let sums: Vec<Vec<S>> = vec![
        vec![S::Sp(1)],
        vec![S::Sp(2)],
        vec![S::Sp(3)],
        vec![S::Sp(1), S::Sp(1)],
        vec![S::Sp(2), S::Nim(1)],
        vec![S::Sp(2), S::Nim(2)],
        vec![S::Sp(3), S::Nim(3)],
        vec![S::Sp(1), S::Sp(2), S::Nim(2)],
        vec![S::Sp(3), S::Sp(3)],
    ];
    let write = |sum: &[S]| -> String {
        let parts: Vec<String> = sum
            .iter()
            .map(|c| match c {
                S::Sp(n) => format!("Sp({n})"),
                S::Nim(k) => format!("Nim({k})"),
            })
            .collect();
        parts.join(" + ")
    };
    let mut text = program.to_string();
    for s in &sums {
        let w = write(s);
        text.push_str(&format!(
            "outcome {w}\nremoteness {w}\noutcome misere {w}\nremoteness misere {w}\n"
        ));
    }
    let a = answers(&text);
    for (k, s) in sums.iter().enumerate() {
        let (o, r) = brute(s, &moves, false);
        assert_eq!(outcome(&a[4 * k]), o, "{}", write(s));
        assert_eq!(remoteness(&a[4 * k + 1]), (o, r), "{}", write(s));
        let (o, r) = brute(s, &moves, true);
        assert_eq!(outcome(&a[4 * k + 2]), o, "misère {}", write(s));
        assert_eq!(remoteness(&a[4 * k + 3]), (o, r), "misère {}", write(s));
    }
    // By hand: Nim(1) + Nim(1) = 0 and Nim(1) + Nim(2) = 3, so
    // Sp(1) = mex{Sp(2)}, Sp(2) = mex{Sp(3), 0}, Sp(3) = mex{Sp(1), 3}:
    // Sp(2) = 2, Sp(1) = 0, Sp(3) = 1 is the consistent assignment, and
    // the ∞ counter condition holds (Sp(2) → Nim(1) + Nim(1) is 0).
    let out = texts(&format!(
        "{program}sequence Sp 1..=3\nwinning Sp(2) + Nim(2)\nwinning Sp(3) + Nim(3)\n"
    ));
    assert_eq!(
        out,
        [
            "sequence Sp 1..=3: 0 2 1",
            "winning Sp(2) + Nim(2): none (no move leads to a P-position)",
            // Sp(3) → Nim(1) + Nim(2) (3) and Nim(2) + Nim(1), the same
            // position; Nim(3) → Nim(1).
            "winning Sp(3) + Nim(3):\n  Nim(1) + Nim(2) + Nim(3)\n  Sp(3) + Nim(1)"
        ]
    );
}

// ---------------------------------------------------------------------------
// 4. JSON shapes.

#[test]
fn json_shapes() {
    let j = jsons(
        "graph G { a -> b; b -> c; c -> a }\n\
         graph E { a -> b; b -> a; c -> a, b }\n\
         graph K { a -> b, c; b -> c; d }\n\
         kernels G\n\
         kernels E\n\
         kernel_sequences K\n\
         grundy G(a)\n\
         remoteness K(a)\n\
         outcome G(a)\n",
    );
    assert_eq!(
        j[0],
        serde_json::json!({"grundy_json": 2, "query": "kernels", "graph": "G", "kernels": [], "complete": true})
    );
    assert_eq!(j[1]["query"], "kernels");
    assert_eq!(j[1]["graph"], "E");
    assert_eq!(j[1]["kernels"], serde_json::json!([["a"], ["b"]]));
    assert_eq!(
        j[2],
        serde_json::json!({
            "grundy_json": 2,
            "query": "kernel_sequences",
            "graph": "K",
            "sequences": [[["c", "d"], ["b"], ["a"]]],
            "complete": true,
        })
    );
    assert_eq!(
        j[3],
        serde_json::json!({"grundy_json": 2, "query": "grundy", "position": "G(a)", "value": null, "infinity": []})
    );
    assert_eq!(j[4]["remoteness"], 1);
    assert_eq!(j[4]["outcome"], "N");
    assert_eq!(j[5]["outcome"], "D");
}

/// Values of loopy graphs worked by hand: finite values on a cycle, ∞ with
/// and without finite options, and the sum rule's shift of K by xor.
#[test]
fn infinite_values_with_finite_options() {
    // z = 0; b → z, so b = 1 if a = 0; a's only option b has the option z
    // of value 0 reached with a smaller counter: a = 0, b = 1 satisfies
    // Smith's conditions. x → a, z (0, 0): 1. y → a, x (0, 1): 2.
    let program = "graph G { a -> b; b -> a, z; z; x -> a, z; y -> a, x }\n\
                   grundy G(a)\ngrundy G(x)\ngrundy G(y)\ngrundy G(a) + *2\n\
                   outcome G(a)\noutcome G(y)\noutcome G(y) + *1\n";
    let out = texts(program);
    let j = jsons(program);
    assert_eq!(
        out,
        [
            "grundy G(a) = 0",
            "grundy G(x) = 1",
            "grundy G(y) = 2",
            "grundy G(a) + *2 = 2",
            "outcome G(a) = P (the previous player wins)",
            "outcome G(y) = N (the next player wins)",
            "outcome G(y) + * = N (the next player wins)",
        ]
    );
    assert_eq!(j[0]["value"], 0);
    assert_eq!(j[0]["infinity"], serde_json::Value::Null);

    let program = "graph H { a -> b, z; b -> a, c; c -> b; z; p -> c, q; q -> z }\n\
                   grundy H(a)\ngrundy H(b)\ngrundy H(c)\ngrundy H(p)\ngrundy H(b) + *1\n\
                   outcome H(a)\noutcome H(b)\noutcome H(p)\noutcome H(b) + *1\n";
    let out = texts(program);
    let j = jsons(program);
    // By hand: z = 0, q = 1. a → z, so a is N; b → c → b is a 2-cycle the
    // player at b can run round forever (c's only move is back to b), so
    // b, c and p (→ c) are draws. γ: a is not 1, though its options have
    // values 0 and ∞: the ∞ option b returns only to a itself, which
    // Smith's counter condition excludes (indeed a + *1 is not P: after
    // a → b the opponent goes back, b → a, forever). So a = ∞{0}; b and c
    // have only ∞ options: ∞{}; p → c (∞), q (1): ∞{1} (p = 0 would need
    // c to have an option of value 0). b + *1 = ∞{}: a draw.
    assert_eq!(
        out,
        [
            "grundy H(a) = ∞{0}",
            "grundy H(b) = ∞{}",
            "grundy H(c) = ∞{}",
            "grundy H(p) = ∞{1}",
            "grundy H(b) + * = ∞{}",
            "outcome H(a) = N (the next player wins)",
            "outcome H(b) = D (a draw: neither player can force a win)",
            "outcome H(p) = D (a draw: neither player can force a win)",
            "outcome H(b) + * = D (a draw: neither player can force a win)",
        ]
    );
    assert_eq!(j[0]["value"], serde_json::Value::Null);
    assert_eq!(j[0]["infinity"], serde_json::json!([0]));
    assert_eq!(j[3]["value"], serde_json::Value::Null);
    assert_eq!(j[3]["infinity"], serde_json::json!([1]));

    // A true ∞ with K = {0, 2}: u → a 3-cycle (∞{}), a terminal (0), and a
    // vertex of value 2.
    let program = "graph I { u -> t1, z, w2; t1 -> t2; t2 -> t3; t3 -> t1; z; w2 -> w1, z; w1 -> z }\n\
                   grundy I(u)\ngrundy I(u) + *2\noutcome I(u)\noutcome I(u) + *2\noutcome I(u) + *1\n";
    let out = texts(program);
    let j = jsons(program);
    assert_eq!(
        out,
        [
            "grundy I(u) = ∞{0,2}",
            "grundy I(u) + *2 = ∞{0,2}",
            "outcome I(u) = N (the next player wins)",
            "outcome I(u) + *2 = N (the next player wins)",
            "outcome I(u) + * = D (a draw: neither player can force a win)",
        ]
    );
    assert_eq!(j[0]["value"], serde_json::Value::Null);
    assert_eq!(j[0]["infinity"], serde_json::json!([0, 2]));
}

/// `kernel_sequences P` on a position: its state graph's kernel sequences;
/// for an acyclic game, the one sequence of Grundy classes.
#[test]
fn kernel_sequences_of_a_position() {
    let text = "game T(n) { move T(n - k) for k in 1..=2 if k <= n }\nkernel_sequences T(4)\n\
                game L(n) { move L(1 - n) }\nkernel_sequences L(0)\n";
    let a = common::answers(text);
    match &a[0] {
        grundy::Answer::KernelSequences {
            sequences, acyclic, ..
        } => {
            assert!(*acyclic);
            // T(n) = n mod 3: K0 = {T(3), 0}, K1 = {T(4), T(1)}, K2 = {T(2)}.
            assert_eq!(
                sequences,
                &vec![vec![
                    vec!["T(3)".to_string(), "0".to_string()],
                    vec!["T(4)".to_string(), "T(1)".to_string()],
                    vec!["T(2)".to_string()],
                ]]
            );
        }
        other => panic!("{other:?}"),
    }
    match &a[1] {
        grundy::Answer::KernelSequences { sequences, .. } => {
            assert_eq!(sequences.len(), 2, "the 2-cycle L(0) <-> L(1)");
        }
        other => panic!("{other:?}"),
    }
}
