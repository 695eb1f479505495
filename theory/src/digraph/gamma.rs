//! The generalized Sprague–Grundy function γ of a loopy digraph (Smith 1966;
//! Fraenkel), its sum rule, and plain Grundy values of acyclic digraphs.

use std::fmt;
use std::ops::BitXor;

use super::{Digraph, Outcome};

/// A value of the generalized Sprague–Grundy function, over any unsigned
/// integer type (`u32` on explicit digraphs, `u64` in the solver, where a
/// nim-heap may be huge).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Generalized<T> {
    /// A finite value: the position is equivalent to a Nim heap of that size.
    Finite(T),
    /// ∞(K): `K` is the sorted set of finite values among the followers.
    Infinite(Vec<T>),
}

/// γ on explicit digraphs.
pub type Gamma = Generalized<u32>;

impl<T: Copy + Ord + Default + BitXor<Output = T>> Generalized<T> {
    /// Outcome read from γ (THEORY.md §5): 0 → P; finite > 0 → N;
    /// ∞(K) with 0 ∈ K → N; otherwise D.
    pub fn outcome(&self) -> Outcome {
        match self {
            Generalized::Finite(a) if *a == T::default() => Outcome::P,
            Generalized::Finite(_) => Outcome::N,
            Generalized::Infinite(k) if k.first() == Some(&T::default()) => Outcome::N,
            Generalized::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if any.
    pub fn finite(&self) -> Option<T> {
        match self {
            Generalized::Finite(a) => Some(*a),
            Generalized::Infinite(_) => None,
        }
    }

    /// Smith's sum rule, the value of a disjunctive sum from its parts'
    /// (THEORY.md §5): a ⊕ b for finite values; a + ∞(K) = ∞(K ⊕ a);
    /// ∞(K) + ∞(L) = ∞(∅).
    pub fn add(&self, other: &Self) -> Self {
        match (self, other) {
            (Generalized::Finite(x), Generalized::Finite(y)) => Generalized::Finite(*x ^ *y),
            (Generalized::Finite(x), Generalized::Infinite(k))
            | (Generalized::Infinite(k), Generalized::Finite(x)) => {
                let mut k: Vec<T> = k.iter().map(|v| *v ^ *x).collect();
                k.sort_unstable();
                k.dedup();
                Generalized::Infinite(k)
            }
            (Generalized::Infinite(_), Generalized::Infinite(_)) => {
                Generalized::Infinite(Vec::new())
            }
        }
    }
}

impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(a) => write!(f, "{a}"),
            Gamma::Infinite(k) if k.is_empty() => f.write_str("∞(∅)"),
            Gamma::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, a) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// γ of a disjunctive sum from γ of its parts: `Generalized::add`.
pub fn gamma_sum(a: &Gamma, b: &Gamma) -> Gamma {
    a.add(b)
}

const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;

/// The generalized Sprague–Grundy function of every vertex.
///
/// Level by level, i = 0, 1, …, exactly the labelling of THEORY.md §5, done
/// as a retrograde analysis per level. Let A be the vertices not labelled
/// with a finite value below i. An unlabelled vertex gets label i once none
/// of its followers has label i and every follower in A "reverses through i"
/// (has a follower labelled i); so each unlabelled vertex keeps a count of
/// its followers in A that do not yet reverse through i, and labelling a
/// vertex i walks its predecessors (they now reverse through i) and their
/// predecessors (one count down each). Candidates never block one another
/// (a candidate has no follower labelled i, while a vertex whose candidacy
/// it would need has one), so the order of labelling does not matter. Then
/// every unlabelled vertex with no follower labelled i becomes ∞. Each level
/// costs O(n + m), so the whole is O((number of values + 1) · (n + m)).
pub fn gamma(g: &Digraph) -> Vec<Gamma> {
    let labels = gamma_labels(g, &g.reverse());
    g.vertices()
        .map(|v| match labels[v as usize] {
            INFINITE => {
                let mut k: Vec<u32> = g
                    .successors(v)
                    .iter()
                    .map(|&w| labels[w as usize])
                    .filter(|&l| l < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
            a => Gamma::Finite(a),
        })
        .collect()
}

/// Raw labels: a finite value, or `INFINITE`.
pub(crate) fn gamma_labels(g: &Digraph, rev: &Digraph) -> Vec<u32> {
    let n = g.num_vertices();
    let mut label = vec![UNLABELLED; n];
    // reverses[x] == stamp: x has a follower labelled with the current level.
    let mut reverses = vec![0u32; n];
    let mut count = vec![0u32; n];
    let mut unlabelled: Vec<u32> = g.vertices().collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut level: u32 = 0;
    while !unlabelled.is_empty() {
        let stamp = level.wrapping_add(1);
        // A = label >= level, i.e. unlabelled, ∞, or (not yet) this level.
        let in_a = |l: u32| l >= level;
        for &u in &unlabelled {
            let c = g
                .successors(u)
                .iter()
                .filter(|&&w| in_a(label[w as usize]))
                .count();
            count[u as usize] = c as u32;
            if c == 0 {
                label[u as usize] = level;
                queue.push(u);
            }
        }
        while let Some(y) = queue.pop() {
            for &x in rev.successors(y) {
                let xi = x as usize;
                if reverses[xi] == stamp || !in_a(label[xi]) {
                    continue;
                }
                reverses[xi] = stamp;
                for &w in rev.successors(x) {
                    let wi = w as usize;
                    if label[wi] != UNLABELLED || reverses[wi] == stamp {
                        continue;
                    }
                    count[wi] -= 1;
                    if count[wi] == 0 {
                        label[wi] = level;
                        queue.push(w);
                    }
                }
            }
        }
        unlabelled.retain(|&u| {
            let ui = u as usize;
            if label[ui] != UNLABELLED {
                false
            } else if reverses[ui] != stamp {
                label[ui] = INFINITE;
                false
            } else {
                true
            }
        });
        level += 1;
    }
    label
}

/// Sprague–Grundy values (mex rule) of an acyclic digraph, in linear time,
/// or `Err` with a directed cycle `[v0, v1, …, vk]` (`vk -> v0` closes it)
/// if the graph has one.
pub fn grundy_acyclic(g: &Digraph) -> Result<Vec<u32>, Vec<u32>> {
    let n = g.num_vertices();
    let rev = g.reverse();
    let mut pending: Vec<u32> = g.vertices().map(|v| g.out_degree(v) as u32).collect();
    let mut value = vec![UNLABELLED; n];
    let mut ready: Vec<u32> = g.vertices().filter(|&v| pending[v as usize] == 0).collect();
    // seen[x] == v + 1 marks value x as present among v's options.
    let mut seen: Vec<u32> = Vec::new();
    let mut done = 0usize;
    while let Some(v) = ready.pop() {
        let succ = g.successors(v);
        if seen.len() < succ.len() + 1 {
            seen.resize(succ.len() + 1, 0);
        }
        for &w in succ {
            let x = value[w as usize] as usize;
            if x <= succ.len() {
                seen[x] = v + 1;
            }
        }
        let mex = (0..=succ.len())
            .find(|&x| seen[x] != v + 1)
            .unwrap_or(succ.len());
        value[v as usize] = mex as u32;
        done += 1;
        for &p in rev.successors(v) {
            pending[p as usize] -= 1;
            if pending[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    if done == n {
        return Ok(value);
    }
    // Every unvalued vertex has an unvalued follower: walk until a repeat.
    let start = g
        .vertices()
        .find(|&v| value[v as usize] == UNLABELLED)
        .unwrap_or(0);
    let mut pos = vec![u32::MAX; n];
    let mut path = Vec::new();
    let mut v = start;
    loop {
        if pos[v as usize] != u32::MAX {
            return Err(path.split_off(pos[v as usize] as usize));
        }
        pos[v as usize] = path.len() as u32;
        path.push(v);
        match g
            .successors(v)
            .iter()
            .find(|&&w| value[w as usize] == UNLABELLED)
        {
            Some(&w) => v = w,
            None => return Err(path), // unreachable by the counting argument
        }
    }
}

impl From<&Gamma> for Generalized<u64> {
    fn from(g: &Gamma) -> Generalized<u64> {
        match g {
            Gamma::Finite(a) => Generalized::Finite(u64::from(*a)),
            Gamma::Infinite(k) => Generalized::Infinite(k.iter().map(|&x| u64::from(x)).collect()),
        }
    }
}

/// The values answers print (nim-heaps of 64-bit sizes): `3`, or
/// `∞{0,2}` (`∞{}` when no option has a finite value).
impl fmt::Display for Generalized<u64> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Generalized::Finite(a) => write!(f, "{a}"),
            Generalized::Infinite(k) => {
                let k: Vec<String> = k.iter().map(std::string::ToString::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_is_infinite_empty() {
        let g = Digraph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        assert_eq!(gamma(&g), vec![Gamma::Infinite(vec![]); 3]);
        assert_eq!(grundy_acyclic(&g).unwrap_err().len(), 3);
    }

    #[test]
    fn small_loopy() {
        // 0 terminal; 1 -> 0; 2 <-> 3, 3 -> 0: 3 is 1, 2 reverses? 2 -> 3 only:
        // 2 has follower 3 (value 1) and no follower 0 → 2 = 0 requires every
        // follower to have a follower labelled 0: 3 -> 0 yes. So 2 = 0, 3 = 1.
        let g = Digraph::from_edges(4, &[(1, 0), (2, 3), (3, 2), (3, 0)]).unwrap();
        let v = gamma(&g);
        assert_eq!(
            v,
            vec![
                Gamma::Finite(0),
                Gamma::Finite(1),
                Gamma::Finite(0),
                Gamma::Finite(1)
            ]
        );
        // self-loop vertex with a terminal follower: ∞({0}), an N-position.
        let g = Digraph::from_edges(2, &[(0, 0), (0, 1)]).unwrap();
        assert_eq!(gamma(&g)[0], Gamma::Infinite(vec![0]));
        assert_eq!(gamma(&g)[0].outcome(), Outcome::N);
    }

    #[test]
    fn sum_rule_and_display() {
        let inf = Gamma::Infinite(vec![0, 3]);
        assert_eq!(
            gamma_sum(&Gamma::Finite(3), &inf),
            Gamma::Infinite(vec![0, 3])
        );
        assert_eq!(
            gamma_sum(&Gamma::Finite(1), &inf),
            Gamma::Infinite(vec![1, 2])
        );
        assert_eq!(gamma_sum(&inf, &inf), Gamma::Infinite(vec![]));
        assert_eq!(
            gamma_sum(&Gamma::Finite(5), &Gamma::Finite(3)),
            Gamma::Finite(6)
        );
        assert_eq!(inf.to_string(), "∞(0,3)");
        assert_eq!(Gamma::Infinite(vec![]).to_string(), "∞(∅)");
    }

    #[test]
    fn acyclic_mex() {
        // Subtraction {1, 2} on heaps 0..6: n mod 3.
        let edges: Vec<(u32, u32)> = (0..7u32)
            .flat_map(|n| (1..=2).filter(move |&k| k <= n).map(move |k| (n, n - k)))
            .collect();
        let g = Digraph::from_edges(7, &edges).unwrap();
        assert_eq!(grundy_acyclic(&g).unwrap(), vec![0, 1, 2, 0, 1, 2, 0]);
        let gv: Vec<Gamma> = (0..7).map(|n| Gamma::Finite(n % 3)).collect();
        assert_eq!(gamma(&g), gv);
    }
}
