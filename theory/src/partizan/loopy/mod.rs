//! Loopy partizan games given as an explicit state graph (THEORY.md §6.9):
//! outcomes with draws by retrograde analysis, stoppers, the named
//! loopy values, simplest forms of stoppers and sides by sidling, values
//! to compute with (sums, negatives, order) and CGSuite's notation read
//! back.
//!
//! A [`SidedGraph`] has vertices `0..n`, each with its Left options and its
//! Right options; cycles are allowed. A play alternates: the player to move
//! moves along one of their own edges. [`outcomes`] says, for every vertex,
//! who wins with Left moving first and with Right moving first, or that
//! neither can force a win (a draw: the play goes on forever).
//!
//! ```
//! use grundy_theory::partizan::loopy::{Play, SidedGraph, Winner, outcomes};
//!
//! // on = {on | }: Left can always pass, Right can never move.
//! let on = SidedGraph::new(vec![vec![0]], vec![vec![]]);
//! let o = outcomes(&on, Play::Normal)[0];
//! assert_eq!((o.left_first, o.right_first), (Winner::Left, Winner::Left));
//! assert_eq!(o.to_string(), "L");
//! ```
//!
//! Nothing here recurses on the size of a graph.

mod bypass;
mod general;
mod ops;
mod parse;
mod parse_forms;
mod show;
mod show_forms;
mod sides;
mod simplify;
mod stopper;
mod stops;
mod unravel;
mod value;

#[cfg(test)]
mod general_tests;
#[cfg(test)]
mod ops_tests;
#[cfg(test)]
mod show_forms_tests;
#[cfg(test)]
mod sided_tests;
#[cfg(test)]
mod simplify_tests;
#[cfg(test)]
mod stops_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod unravel_tests;
#[cfg(test)]
mod value_tests;

use std::collections::VecDeque;
use std::fmt;

pub use general::{side_form, side_geq};
pub use ops::{
    StopperFailure, StopperResult, degree, downsum, downsum_variety, is_idempotent, is_stable,
    subordinate, upsum, upsum_variety, variety,
};
pub use parse::parse_loopy;
pub use show::{short_value, stopper_text};
pub use sides::{Sides, one_side, sides};
pub use simplify::{Simplified, all_stoppers, order, pack, simplify};
pub use stopper::{Named, is_deathless, is_stopper, named_stoppers, stopper_geq, survives_second};
pub use stops::{Pseudonumber, Stops, Tilt, infinitesimal_numberish, is_plumtree, strong};
pub use unravel::unravel_side;
pub use value::{SIDLING_ROUNDS_PER_POSITION, SidedValue, Stopper, sidling_rounds};

/// Normal play (the player who cannot move loses) or misère play (wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// Who wins a play from a position with a given player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Winner {
    /// Left can force a win.
    Left,
    /// Right can force a win.
    Right,
    /// Neither can force a win: with good play it never ends.
    Draw,
}

impl Winner {
    /// `L`, `R` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Winner::Left => "L",
            Winner::Right => "R",
            Winner::Draw => "D",
        }
    }
}

/// The outcome of a loopy partizan position: the result with Left moving
/// first and with Right moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopyOutcome {
    /// Who wins when Left moves first.
    pub left_first: Winner,
    /// Who wins when Right moves first.
    pub right_first: Winner,
}

impl LoopyOutcome {
    /// Whether either start is a draw.
    pub fn has_draw(self) -> bool {
        self.left_first == Winner::Draw || self.right_first == Winner::Draw
    }
}

/// The class's name: without draws the short-game classes `L`, `R`, `N`
/// (the first player wins) and `P` (the second player wins); with a draw
/// the two letters Left-first then Right-first (`LD`: Left wins moving
/// first, a draw when Right moves first), and `D` when both are draws.
impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Winner::*;
        let s = match (self.left_first, self.right_first) {
            (Left, Left) => "L",
            (Right, Right) => "R",
            (Left, Right) => "N",
            (Right, Left) => "P",
            (Draw, Draw) => "D",
            (a, b) => return write!(f, "{}{}", a.letter(), b.letter()),
        };
        f.write_str(s)
    }
}

/// A partizan game graph: `left[v]` and `right[v]` are the vertices Left
/// and Right can move to from `v`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SidedGraph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl SidedGraph {
    /// A graph from its Left and Right options. Options naming a vertex
    /// that does not exist, and a shorter side list, are treated as absent
    /// (so any input makes a graph).
    pub fn new(mut left: Vec<Vec<u32>>, mut right: Vec<Vec<u32>>) -> SidedGraph {
        let n = left.len().max(right.len());
        left.resize(n, Vec::new());
        right.resize(n, Vec::new());
        for v in left.iter_mut().chain(right.iter_mut()) {
            v.retain(|&w| (w as usize) < n);
        }
        SidedGraph { left, right }
    }

    /// The number of vertices: they are `0..n`.
    pub fn num_vertices(&self) -> usize {
        self.left.len()
    }

    /// Left's options from vertex `v` (a vertex of this graph).
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's options from vertex `v` (a vertex of this graph).
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The options of `v` for the player `mover` (0 Left, 1 Right).
    fn side(&self, v: u32, mover: usize) -> &[u32] {
        if mover == 0 {
            self.left(v)
        } else {
            self.right(v)
        }
    }

    /// The negative: Left's and Right's options exchanged.
    pub fn negative(&self) -> SidedGraph {
        SidedGraph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }
}

/// The outcome of every vertex, by retrograde analysis on the states
/// (vertex, player to move), in time linear in the graph.
///
/// A state whose mover has no move is decided (normal play: the mover
/// loses; misère: wins). A state is then won by its mover as soon as one
/// option is won by the mover, and lost once all its options are won by
/// the opponent; states never decided this way are draws: each player can
/// keep the play from reaching a state the other wins, forever.
pub fn outcomes(g: &SidedGraph, play: Play) -> Vec<LoopyOutcome> {
    let winners = state_winners(g, play);
    (0..g.num_vertices())
        .map(|v| LoopyOutcome {
            left_first: winners[2 * v],
            right_first: winners[2 * v + 1],
        })
        .collect()
}

/// The winner of each state `2v + mover` (mover 0 Left, 1 Right).
fn state_winners(g: &SidedGraph, play: Play) -> Vec<Winner> {
    let n = g.num_vertices();
    let states = 2 * n;
    // Predecessors of each state, as one flat list with offsets.
    let mut count = vec![0u32; states + 1];
    for v in 0..n as u32 {
        for mover in 0..2 {
            for &w in g.side(v, mover) {
                count[2 * w as usize + (1 - mover)] += 1;
            }
        }
    }
    let mut start = vec![0usize; states + 1];
    for s in 0..states {
        start[s + 1] = start[s] + count[s] as usize;
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; start[states]];
    for v in 0..n as u32 {
        for mover in 0..2 {
            for &w in g.side(v, mover) {
                let t = 2 * w as usize + (1 - mover);
                preds[fill[t]] = 2 * v + mover as u32;
                fill[t] += 1;
            }
        }
    }
    let who = |mover: usize| {
        if mover == 0 {
            Winner::Left
        } else {
            Winner::Right
        }
    };
    let mut pending: Vec<usize> = (0..states)
        .map(|s| g.side((s / 2) as u32, s % 2).len())
        .collect();
    let mut winner = vec![Winner::Draw; states];
    let mut queue = VecDeque::new();
    for s in 0..states {
        if pending[s] == 0 {
            let mover = s % 2;
            winner[s] = match play {
                Play::Normal => who(1 - mover),
                Play::Misere => who(mover),
            };
            queue.push_back(s);
        }
    }
    while let Some(u) = queue.pop_front() {
        let w = winner[u];
        for &p in &preds[start[u]..start[u + 1]] {
            let p = p as usize;
            if winner[p] != Winner::Draw {
                continue;
            }
            if who(p % 2) == w {
                winner[p] = w;
                queue.push_back(p);
            } else {
                pending[p] -= 1;
                if pending[p] == 0 {
                    winner[p] = w;
                    queue.push_back(p);
                }
            }
        }
    }
    winner
}

/// The part of the product graph of `gs` reachable from the tuple
/// `starts` (one vertex of each graph): vertex 0 is the start, and
/// `tuples[i]` the tuple of vertex `i`. A move of the sum is a move in one
/// component. Stops with `None` past `max_vertices` vertices, or when
/// `stop` (called once a vertex) says so.
pub fn sum_graph(
    gs: &[&SidedGraph],
    starts: &[u32],
    max_vertices: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(SidedGraph, Vec<Vec<u32>>)> {
    use std::collections::HashMap;
    let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut tuples: Vec<Vec<u32>> = vec![starts.to_vec()];
    index.insert(starts.to_vec(), 0);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut next = 0;
    while next < tuples.len() {
        if stop() {
            return None;
        }
        let t = tuples[next].clone();
        next += 1;
        let mut sides = [Vec::new(), Vec::new()];
        for (mover, out) in sides.iter_mut().enumerate() {
            for (i, g) in gs.iter().enumerate() {
                for &w in g.side(t[i], mover) {
                    let mut c = t.clone();
                    c[i] = w;
                    let id = match index.get(&c) {
                        Some(&id) => id,
                        None => {
                            let id = tuples.len() as u32;
                            if tuples.len() >= max_vertices {
                                return None;
                            }
                            index.insert(c.clone(), id);
                            tuples.push(c);
                            id
                        }
                    };
                    out.push(id);
                }
            }
        }
        let [l, r] = sides;
        left.push(l);
        right.push(r);
    }
    Some((SidedGraph { left, right }, tuples))
}

/// `head = class (who wins, in words)`: the text of an outcome answer.
pub fn outcome_text(head: &str, o: LoopyOutcome) -> String {
    use Winner::*;
    let words = match (o.left_first, o.right_first) {
        (Left, Left) => "Left wins whoever starts".to_string(),
        (Right, Right) => "Right wins whoever starts".to_string(),
        (Left, Right) => "the next player wins".to_string(),
        (Right, Left) => "the previous player wins".to_string(),
        (Draw, Draw) => "a draw whoever starts: play goes on forever".to_string(),
        (a, b) => {
            let part = |w: Winner, first: &str| match w {
                Left => format!("Left wins when {first} moves first"),
                Right => format!("Right wins when {first} moves first"),
                Draw => format!("a draw when {first} moves first"),
            };
            format!("{}; {}", part(a, "Left"), part(b, "Right"))
        }
    };
    format!("{head} = {o} ({words})")
}

impl From<super::Outcome> for LoopyOutcome {
    /// A short game's class as the two starts' winners (never a draw).
    fn from(o: super::Outcome) -> LoopyOutcome {
        use Winner::*;
        let (left_first, right_first) = match o {
            super::Outcome::L => (Left, Left),
            super::Outcome::R => (Right, Right),
            super::Outcome::N => (Left, Right),
            super::Outcome::P => (Right, Left),
        };
        LoopyOutcome {
            left_first,
            right_first,
        }
    }
}
