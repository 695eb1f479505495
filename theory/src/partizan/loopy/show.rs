//! Stoppers in CGSuite's notation (THEORY.md §6.9): `on`, `off`, `over`,
//! `under`, `upon`, `upon*` and their negatives, a number before `over` or `under`
//! (`1over` = {1|pass}), `pass` for a move to the position itself, a
//! letter naming a position that a play returns to (`a{0|{a|*}}`), and
//! short subpositions in their canonical forms.

use super::SidedGraph;
use crate::partizan::{Dyadic, GameStore, PartizanError, ValueId};

/// Longest text written; past it the answer is `{…}`.
const MAX_TEXT: usize = 200_000;

/// The text of the stopper at `root` of `g`, a graph in simplest form
/// (its vertices of distinct values, as [`super::simplify()`] leaves them).
/// Options are listed in an order that depends only on the game, so equal
/// stoppers print alike.
pub fn stopper_text(
    store: &mut GameStore,
    g: &SidedGraph,
    root: u32,
) -> Result<String, PartizanError> {
    let short = short_values(store, g)?;
    let texts: Vec<Option<String>> = short.iter().map(|s| s.map(|v| store.display(v))).collect();
    let rank = canonical_ranks(g, &texts);
    let atoms = Atoms {
        g,
        short: &short,
        texts: &texts,
    };
    Ok(match atoms.text(store, root) {
        Some(t) => t,
        None => braced_text(store, &atoms, &rank, root),
    })
}

/// What a vertex is written as when it is not written with its options:
/// its canonical form when it is short, or the name of a simple stopper.
struct Atoms<'a> {
    g: &'a SidedGraph,
    short: &'a [Option<ValueId>],
    texts: &'a [Option<String>],
}

impl Atoms<'_> {
    /// The word vertex `v` is written as, if any.
    fn text(&self, store: &GameStore, v: u32) -> Option<String> {
        if let Some(t) = &self.texts[v as usize] {
            return Some(t.clone());
        }
        self.pass_and_number(store, v)
            .or_else(|| self.upon(store, v))
    }

    /// The short number vertex `w` is, if it is one.
    fn number(&self, store: &GameStore, w: u32) -> Option<Dyadic> {
        self.short[w as usize].and_then(|x| store.as_number(x))
    }

    /// `on` = {pass|}, `off` = {|pass}, `over` = {0|pass} (`xover` =
    /// {x|pass} for a number x), `under` = {pass|0} and `xunder`.
    fn pass_and_number(&self, store: &GameStore, v: u32) -> Option<String> {
        let named = |x: Dyadic, word: &str| {
            if x.is_zero() {
                word.to_string()
            } else {
                format!("{x}{word}")
            }
        };
        match (self.g.left(v), self.g.right(v)) {
            ([a], []) if *a == v => Some("on".into()),
            ([], [a]) if *a == v => Some("off".into()),
            ([x], [a]) if *a == v => self.number(store, *x).map(|x| named(x, "over")),
            ([a], [x]) if *a == v => self.number(store, *x).map(|x| named(x, "under")),
            _ => None,
        }
    }

    /// `upon` = {pass|*}, `upon*` = {0, pass|0}, and their negatives.
    fn upon(&self, store: &GameStore, v: u32) -> Option<String> {
        let is_zero = |w: u32| {
            self.number(store, w)
                .is_some_and(super::super::dyadic::Dyadic::is_zero)
        };
        let is_star = |w: u32| self.short[w as usize].and_then(|x| store.as_nimber(x)) == Some(1);
        match (self.g.left(v), self.g.right(v)) {
            ([a], [s]) if *a == v && is_star(*s) => Some("upon".into()),
            ([s], [a]) if *a == v && is_star(*s) => Some("-upon".into()),
            ([x, y], [z]) if is_zero(*z) && (*x == v && is_zero(*y) || *y == v && is_zero(*x)) => {
                Some("upon*".into())
            }
            ([z], [x, y]) if is_zero(*z) && (*x == v && is_zero(*y) || *y == v && is_zero(*x)) => {
                Some("-upon*".into())
            }
            _ => None,
        }
    }
}

/// A vertex being written as `{…|…}`: its options in canonical order and
/// the texts of those written so far, Left's then Right's.
struct Frame {
    v: u32,
    opts: [Vec<u32>; 2],
    parts: [Vec<String>; 2],
    side: usize,
    next: usize,
}

/// The text of `root`, which is no atom, as `{…|…}`, depth first on an
/// explicit stack (a stopper may be deep): an option back to its own
/// vertex is `pass`, one back to a vertex being written is that vertex's
/// letter, an atom is its word. `{…}` once the text passes [`MAX_TEXT`].
fn braced_text(store: &GameStore, atoms: &Atoms, rank: &[u32], root: u32) -> String {
    let g = atoms.g;
    let sorted = |opts: &[u32]| {
        let mut o = opts.to_vec();
        o.sort_by_key(|&w| rank[w as usize]);
        o
    };
    let frame = |v: u32| Frame {
        v,
        opts: [sorted(g.left(v)), sorted(g.right(v))],
        parts: [Vec::new(), Vec::new()],
        side: 0,
        next: 0,
    };
    let n = g.num_vertices();
    let mut on_stack = vec![false; n];
    let mut names: Vec<Option<String>> = vec![None; n];
    let mut named = 0usize;
    let mut length = 0usize;
    let mut stack = vec![frame(root)];
    on_stack[root as usize] = true;
    loop {
        let top = stack.last_mut().expect("a frame");
        if top.next == top.opts[top.side].len() {
            if top.side == 0 {
                top.side = 1;
                top.next = 0;
                continue;
            }
            let f = stack.pop().expect("a frame");
            on_stack[f.v as usize] = false;
            let name = names[f.v as usize].take().unwrap_or_default();
            let text = format!(
                "{name}{{{}|{}}}",
                f.parts[0].join(","),
                f.parts[1].join(",")
            );
            length += text.len();
            if length > MAX_TEXT {
                return "{…}".into();
            }
            match stack.last_mut() {
                Some(p) => p.parts[p.side].push(text),
                None => return text,
            }
            continue;
        }
        let o = top.opts[top.side][top.next];
        top.next += 1;
        let v = top.v;
        let text = if o == v {
            "pass".to_string()
        } else if on_stack[o as usize] {
            names[o as usize]
                .get_or_insert_with(|| {
                    named += 1;
                    nth_name(named - 1)
                })
                .clone()
        } else if let Some(t) = atoms.text(store, o) {
            t
        } else {
            on_stack[o as usize] = true;
            stack.push(frame(o));
            continue;
        };
        let top = stack.last_mut().expect("a frame");
        top.parts[top.side].push(text);
    }
}

/// The short value of vertex `root` when no cycle is reachable from it.
pub fn short_value(
    store: &mut GameStore,
    g: &SidedGraph,
    root: u32,
) -> Result<Option<ValueId>, PartizanError> {
    let p = super::pack(g, &[root]);
    Ok(short_values(store, &p.graph)?[p.roots[0] as usize])
}

/// `a`, `b`, …, `z`, then `N1`, `N2`, ….
fn nth_name(k: usize) -> String {
    if k < 26 {
        ((b'a' + k as u8) as char).to_string()
    } else {
        format!("N{}", k - 25)
    }
}

/// The canonical short value of every vertex from which every play ends
/// (no cycle reachable), built from the leaves up; `None` elsewhere.
pub(super) fn short_values(
    store: &mut GameStore,
    g: &SidedGraph,
) -> Result<Vec<Option<ValueId>>, PartizanError> {
    let n = g.num_vertices();
    let mut pending: Vec<usize> = (0..n as u32)
        .map(|v| g.left(v).len() + g.right(v).len())
        .collect();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        for &w in g.left(v).iter().chain(g.right(v)) {
            preds[w as usize].push(v);
        }
    }
    let mut value: Vec<Option<ValueId>> = vec![None; n];
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    while let Some(v) = ready.pop() {
        let l: Vec<ValueId> = g
            .left(v)
            .iter()
            .map(|&w| value[w as usize].expect("known"))
            .collect();
        let r: Vec<ValueId> = g
            .right(v)
            .iter()
            .map(|&w| value[w as usize].expect("known"))
            .collect();
        value[v as usize] = Some(store.game(&l, &r)?);
        for &p in &preds[v as usize] {
            pending[p as usize] -= 1;
            if pending[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    Ok(value)
}

/// Ranks of the vertices that depend only on the game, never on how its
/// vertices are numbered: short vertices by their text, then refined by
/// the ranks of the options until no class splits further. In a simplest
/// form distinct vertices have distinct values, so the classes end up
/// single vertices wherever the structure tells them apart.
fn canonical_ranks(g: &SidedGraph, texts: &[Option<String>]) -> Vec<u32> {
    let n = g.num_vertices();
    let mut keys: Vec<(u8, &str)> = texts
        .iter()
        .map(|t| match t {
            Some(s) => (0, s.as_str()),
            None => (1, ""),
        })
        .collect();
    let mut distinct = keys.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut rank: Vec<u32> = keys
        .iter_mut()
        .map(|k| distinct.binary_search(k).expect("present") as u32)
        .collect();
    let mut classes = distinct.len();
    loop {
        let sig: Vec<(u32, Vec<u32>, Vec<u32>)> = (0..n as u32)
            .map(|v| {
                let mut l: Vec<u32> = g.left(v).iter().map(|&w| rank[w as usize]).collect();
                let mut r: Vec<u32> = g.right(v).iter().map(|&w| rank[w as usize]).collect();
                l.sort_unstable();
                r.sort_unstable();
                (rank[v as usize], l, r)
            })
            .collect();
        let mut d = sig.clone();
        d.sort_unstable();
        d.dedup();
        let next: Vec<u32> = sig
            .iter()
            .map(|s| d.binary_search(s).expect("present") as u32)
            .collect();
        rank = next;
        if d.len() == classes {
            return rank;
        }
        classes = d.len();
    }
}
