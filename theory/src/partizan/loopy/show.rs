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
    // Short options as CGSuite lists them: numbers by value, then other
    // games by birthday, then by text.
    let keys: Vec<Option<ShortKey>> = short
        .iter()
        .zip(&texts)
        .map(|(s, t)| {
            let (s, t) = (s.as_ref()?, t.as_ref()?);
            Some(match store.as_number(*s) {
                Some(x) => (0, x, 0, t.clone()),
                None => (1, Dyadic::ZERO, store.birthday(*s), t.clone()),
            })
        })
        .collect();
    let rank = canonical_ranks(g, &keys);
    // The same graph negated, to write {X | −X} as `±X`.
    let ng = g.negative();
    let nshort = short_values(store, &ng)?;
    let ntexts: Vec<Option<String>> = nshort.iter().map(|s| s.map(|v| store.display(v))).collect();
    let negated = Atoms {
        g: &ng,
        short: &nshort,
        texts: &ntexts,
        negated: None,
    };
    let atoms = Atoms {
        g,
        short: &short,
        texts: &texts,
        negated: Some(&negated),
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
    /// The words of the negated graph's vertices (same numbers).
    negated: Option<&'a Atoms<'a>>,
}

impl Atoms<'_> {
    /// The word vertex `v` is written as, if any.
    fn text(&self, store: &GameStore, v: u32) -> Option<String> {
        self.word(store, v).or_else(|| self.plus_minus(store, v))
    }

    /// A short game's text or a named stopper's word.
    fn word(&self, store: &GameStore, v: u32) -> Option<String> {
        if let Some(t) = &self.texts[v as usize] {
            return Some(t.clone());
        }
        self.pass_and_number(store, v)
            .or_else(|| self.upon(store, v))
    }

    /// `±X` = {X | −X} for a word X (`±over`, `±(5over)`); a short ±
    /// is the short game's own text.
    fn plus_minus(&self, store: &GameStore, v: u32) -> Option<String> {
        let ([x], [y]) = (self.g.left(v), self.g.right(v)) else {
            return None;
        };
        if *x == v || *y == v {
            return None;
        }
        // Words only, so no cycle of options is followed.
        let text = self.word(store, *x)?;
        let minus = self.negated?.word(store, *x)?;
        (self.word(store, *y)? == minus).then(|| {
            if text.starts_with(|c: char| c.is_ascii_alphabetic()) {
                format!("±{text}")
            } else {
                format!("±({text})")
            }
        })
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

/// How a short vertex is ordered among options: (0, its value, 0, text)
/// for a number, (1, 0, birthday, text) for another game.
type ShortKey = (u8, Dyadic, u64, String);

/// A general game written with this many bars keeps its braces (as in the
/// short games' notation).
const MAX_BARS: usize = 4;

/// An option as written: a word or braced text, or a game without its
/// braces and the number of bars of its separator, which a side holding
/// only it writes bare (`{0|{0|x}}` is `{0||0|x}`).
enum Part {
    Atom(String),
    Game(String, usize),
}

impl Part {
    fn text(self) -> String {
        match self {
            Part::Atom(t) => t,
            Part::Game(bare, _) => format!("{{{bare}}}"),
        }
    }
}

/// One side of `{…|…}`: a single bare game with its bars, or the parts
/// joined by commas.
fn side_text(mut parts: Vec<Part>) -> (String, usize) {
    if let [Part::Game(..)] = parts.as_slice()
        && let Some(Part::Game(bare, bars)) = parts.pop()
    {
        return (bare, bars);
    }
    let texts: Vec<String> = parts.into_iter().map(Part::text).collect();
    (texts.join(","), 0)
}

/// A vertex being written as `{…|…}`: its options in canonical order and
/// the parts written so far, Left's then Right's.
struct Frame {
    v: u32,
    opts: [Vec<u32>; 2],
    parts: [Vec<Part>; 2],
    side: usize,
    next: usize,
}

/// The text of `root`, which is no atom, as `{…|…}`, depth first on an
/// explicit stack (a stopper may be deep): an option back to its own
/// vertex is `pass`, one back to a vertex being written is that vertex's
/// letter, an atom is its word; a side holding one game without a letter
/// writes it without braces, with one bar more (up to [`MAX_BARS`]).
/// `{…}` once the text passes [`MAX_TEXT`].
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
            let [left, right] = f.parts;
            let ((l, lb), (r, rb)) = (side_text(left), side_text(right));
            let bars = lb.max(rb) + 1;
            let bare = format!("{l}{}{r}", "|".repeat(bars));
            length += bare.len();
            if length > MAX_TEXT {
                return crate::partizan::CUT.into();
            }
            let part = match names[f.v as usize].take() {
                Some(name) => Part::Atom(format!("{name}{{{bare}}}")),
                None if bars >= MAX_BARS => Part::Atom(format!("{{{bare}}}")),
                None => Part::Game(bare, bars),
            };
            match stack.last_mut() {
                Some(p) => p.parts[p.side].push(part),
                None => return part.text(),
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
        top.parts[top.side].push(Part::Atom(text));
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
/// vertices are numbered: short vertices by their keys, then refined by
/// the ranks of the options until no class splits further. In a simplest
/// form distinct vertices have distinct values, so the classes end up
/// single vertices wherever the structure tells them apart.
fn canonical_ranks(g: &SidedGraph, keys: &[Option<ShortKey>]) -> Vec<u32> {
    let n = g.num_vertices();
    // Short vertices first (`None` sorts last as `(1, None)`).
    let keys: Vec<(u8, Option<&ShortKey>)> = keys
        .iter()
        .map(|k| (u8::from(k.is_none()), k.as_ref()))
        .collect();
    let mut distinct = keys.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut rank: Vec<u32> = keys
        .iter()
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
