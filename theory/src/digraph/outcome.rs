//! Outcomes and remoteness by retrograde analysis (THEORY.md §1, §5).

use std::collections::VecDeque;
use std::fmt;

use super::Digraph;

/// Outcome class of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win: a draw by infinite play.
    D,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// Outcome and remoteness of every vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// `outcome[v]` for every vertex.
    pub outcome: Vec<Outcome>,
    /// Number of moves the game lasts from `v` when the winner hurries and
    /// the loser delays (P: 1 + max over options, N: 1 + min over P options,
    /// terminal: 0); `None` for draws.
    pub remoteness: Vec<Option<u32>>,
}

/// Normal-play outcomes and remoteness of every vertex, in linear time.
pub fn retrograde(g: &Digraph) -> Analysis {
    run(g, &g.reverse(), Outcome::P)
}

/// Misère-play outcomes and remoteness of every vertex of a single game: a
/// player with no move wins, so terminal positions are N with remoteness 0.
/// (For an acyclic graph the P-positions are the kernel of the graph with the
/// terminal positions deleted, THEORY.md §1.) Sums must be expanded first.
pub fn misere_retrograde(g: &Digraph) -> Analysis {
    run(g, &g.reverse(), Outcome::N)
}

/// Retrograde analysis from the terminal positions, which get `terminal`.
///
/// Breadth-first by layers on the reverse graph: the queue holds resolved
/// vertices in nondecreasing remoteness (each push is one more than the pop
/// that caused it, as in any BFS). A vertex found to have a P option becomes
/// N the first time, from the P option of least remoteness; a vertex becomes
/// P when its last unresolved option is popped, which is the option of
/// greatest remoteness. So both formulas hold, and in a loopy graph this is
/// the least solution: it equals "wins within k moves" iterated from k = 0.
pub(crate) fn run(g: &Digraph, rev: &Digraph, terminal: Outcome) -> Analysis {
    let n = g.num_vertices();
    let mut outcome = vec![Outcome::D; n];
    let mut remoteness: Vec<Option<u32>> = vec![None; n];
    let mut pending: Vec<u32> = g.vertices().map(|v| g.out_degree(v) as u32).collect();
    let mut queue = VecDeque::new();
    for v in g.vertices() {
        if pending[v as usize] == 0 {
            outcome[v as usize] = terminal;
            remoteness[v as usize] = Some(0);
            queue.push_back(v);
        }
    }
    while let Some(u) = queue.pop_front() {
        let ru = remoteness[u as usize].unwrap_or(0);
        let next = ru.saturating_add(1);
        let u_is_p = outcome[u as usize] == Outcome::P;
        for &w in rev.successors(u) {
            let wi = w as usize;
            if outcome[wi] != Outcome::D {
                continue;
            }
            if u_is_p {
                outcome[wi] = Outcome::N;
                remoteness[wi] = Some(next);
                queue.push_back(w);
            } else {
                pending[wi] -= 1;
                if pending[wi] == 0 {
                    outcome[wi] = Outcome::P;
                    remoteness[wi] = Some(next);
                    queue.push_back(w);
                }
            }
        }
    }
    Analysis {
        outcome,
        remoteness,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_and_cycle() {
        // 0 -> 1 -> 2 (terminal); 3 <-> 4 draw; 5 -> 3, 5 -> 2.
        let g = Digraph::from_edges(6, &[(0, 1), (1, 2), (3, 4), (4, 3), (5, 3), (5, 2)]).unwrap();
        let a = retrograde(&g);
        use Outcome::*;
        assert_eq!(a.outcome, vec![P, N, P, D, D, N]);
        assert_eq!(
            a.remoteness,
            vec![Some(2), Some(1), Some(0), None, None, Some(1)]
        );
        let m = misere_retrograde(&g);
        assert_eq!(m.outcome, vec![N, P, N, D, D, D]);
        assert_eq!(m.remoteness[1], Some(1));
    }

    #[test]
    fn p_takes_max() {
        // 0 -> {1, 2}; 1 -> 3 (terminal); 2 -> 4 -> 5 -> 6 (terminal).
        let g = Digraph::from_edges(7, &[(0, 1), (0, 2), (1, 3), (2, 4), (4, 5), (5, 6)]).unwrap();
        let a = retrograde(&g);
        // 6 P0, 5 N1, 4 P2, 2 N3, 1 N1: 0 is P, delayed by the longer line.
        assert_eq!(a.outcome[0], Outcome::P);
        assert_eq!(a.remoteness[0], Some(4));
        let g = Digraph::from_edges(5, &[(0, 1), (0, 2), (1, 3), (2, 4), (2, 0)]).unwrap();
        // 2 -> 4 terminal: 2 is N(1); 1 is N(1); 0 has options 1, 2 both N: P(2).
        let a = retrograde(&g);
        assert_eq!(a.outcome[0], Outcome::P);
        assert_eq!(a.remoteness[0], Some(2));
    }
}
