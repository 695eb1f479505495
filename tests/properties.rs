//! Property tests: the fast paths agree with slow, obviously-correct ones
//! on random small games.
//!
//! A random game T is a table: position n has a few options, each a sum of
//! at most two smaller positions. For random sums T(a) + T(b) + ...:
//! - normal play: xor of components (Sprague–Grundy) = the Grundy value of
//!   the sum's fully expanded graph, computed twice: by a brute force
//!   written here, and by grundy itself on a rule game `S(ps)` whose
//!   positions are whole sums;
//! - misère play: the engine's multiset expansion = the brute force.

use crate::common;

use std::collections::HashMap;

use common::*;
use grundy::Outcome;
use proptest::prelude::*;

type Table = Vec<Vec<Vec<usize>>>;

fn table_strategy() -> impl Strategy<Value = Table> {
    (2usize..9).prop_flat_map(|n| {
        let rows: Vec<_> = (0..n)
            .map(|i| {
                let part = if i == 0 { 0..1usize } else { 0..i };
                let opt = prop::collection::vec(part, if i == 0 { 0..1 } else { 0..3 });
                prop::collection::vec(opt, if i == 0 { 0..1 } else { 0..4 })
                    .prop_map(move |opts| if i == 0 { Vec::new() } else { opts })
            })
            .collect();
        rows
    })
}

fn brute(t: &Table, sum: &[usize], misere: bool, memo: &mut HashMap<Vec<usize>, u64>) -> u64 {
    let mut key = sum.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut children = Vec::new();
    for i in 0..key.len() {
        for opt in &t[key[i]] {
            let mut next: Vec<usize> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
            next.extend(opt);
            children.push(brute(t, &next, misere, memo));
        }
    }
    let v = if misere {
        // 1 = the player to move wins (N), 0 = P; no move wins in misère.
        if children.is_empty() || children.contains(&0) {
            1
        } else {
            0
        }
    } else {
        mex(children)
    };
    memo.insert(key, v);
    v
}

fn program(t: &Table, sums: &[Vec<usize>]) -> String {
    let rows: Vec<String> = t
        .iter()
        .map(|opts| {
            let o: Vec<String> = opts
                .iter()
                .map(|parts| {
                    format!(
                        "[{}]",
                        parts
                            .iter()
                            .map(std::string::ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
                .collect();
            format!("[{}]", o.join(", "))
        })
        .collect();
    let mut s = format!(
        "fn opts(n) = [{}][n]\n\
         game T(n) {{ move sum([T(p) for p in o]) for o in opts(n) }}\n\
         game S(ps) {{ move S(sorted([ps[j] for j in 0..len(ps) if j != i] + o)) for i in 0..len(ps), o in opts(ps[i]) }}\n",
        rows.join(", ")
    );
    for sum in sums {
        let comps: Vec<String> = sum.iter().map(|c| format!("T({c})")).collect();
        let list: Vec<String> = sum.iter().map(std::string::ToString::to_string).collect();
        s.push_str(&format!("grundy {}\n", comps.join(" + ")));
        s.push_str(&format!("grundy S([{}])\n", list.join(", ")));
        s.push_str(&format!("outcome misere {}\n", comps.join(" + ")));
        s.push_str(&format!("outcome {}\n", comps.join(" + ")));
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn xor_of_components_equals_expanded_sum(
        (t, sums) in table_strategy().prop_flat_map(|t| {
            let n = t.len();
            (Just(t), prop::collection::vec(prop::collection::vec(0..n, 1..4), 1..5))
        })
    ) {
        let text = program(&t, &sums);
        let a = answers(&text);
        let mut normal = HashMap::new();
        let mut misere = HashMap::new();
        for (k, sum) in sums.iter().enumerate() {
            let xor = grundy(&a[4 * k]);
            let expanded = grundy(&a[4 * k + 1]);
            let want = brute(&t, sum, false, &mut normal);
            prop_assert_eq!(xor, want, "xor path, sum {:?}\n{}", sum, text);
            prop_assert_eq!(expanded, want, "expanded S, sum {:?}", sum);
            let m = brute(&t, sum, true, &mut misere);
            prop_assert_eq!(outcome(&a[4 * k + 2]), if m == 0 { Outcome::P } else { Outcome::N }, "misère, sum {:?}\n{}", sum, text);
            prop_assert_eq!(outcome(&a[4 * k + 3]), if want == 0 { Outcome::P } else { Outcome::N });
        }
    }
}
