//! Stoppers in CGSuite's notation (THEORY.md §6.9): `on`, `off`, `over`,
//! `under`, `upon`, `upon*` and their negatives, a number before `over` or `under`
//! (`1over` = {1|pass}), `pass` for a move to the position itself, a
//! letter naming a position that a play returns to (`a{0|{a|*}}`), and
//! short subpositions in their canonical forms.

use super::SidedGraph;
use super::stops::{Pseudonumber, Tilt};
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
    let p = Printer::new(store, g)?;
    let text = p.full(store, root, 0);
    Ok(if text.len() > MAX_TEXT {
        crate::partizan::CUT.into()
    } else {
        text
    })
}

/// A stopper's graph and its negative ready to print: the short value,
/// text and number-plus-nimber split of every vertex of each.
pub(super) struct View {
    pub(super) g: SidedGraph,
    pub(super) short: Vec<Option<ValueId>>,
    pub(super) texts: Vec<Option<String>>,
    /// `(x, m)` when the vertex is the short game x + *m.
    pub(super) numstar: Vec<Option<(Dyadic, usize)>>,
}

impl View {
    fn new(store: &mut GameStore, g: SidedGraph) -> Result<View, PartizanError> {
        let short = short_values(store, &g)?;
        let texts = short.iter().map(|s| s.map(|v| store.display(v))).collect();
        let numstar = short
            .iter()
            .map(|s| {
                s.and_then(|v| store.uptimal(v))
                    .and_then(|(x, n, m)| (n == 0).then_some((x, m)))
            })
            .collect();
        Ok(View {
            g,
            short,
            texts,
            numstar,
        })
    }

    /// The short number vertex `w` is, if it is one.
    pub(super) fn number(&self, store: &GameStore, w: u32) -> Option<Dyadic> {
        self.short[w as usize].and_then(|x| store.as_number(x))
    }
}

/// What the printer knows of a graph: the graph (`views[0]`) and its
/// negative (`views[1]`, same vertex numbers), the vertex equal to each
/// vertex's negative when there is one, and the order of options.
pub(super) struct Printer {
    pub(super) views: [View; 2],
    /// `neg[v]`: the vertex of the graph equal to −v, if any.
    pub(super) neg: Vec<Option<u32>>,
    rank: Vec<u32>,
}

impl Printer {
    fn new(store: &mut GameStore, g: &SidedGraph) -> Result<Printer, PartizanError> {
        let views = [
            View::new(store, g.clone())?,
            View::new(store, g.negative())?,
        ];
        let n = g.num_vertices();
        // Short options as CGSuite lists them: numbers by value, then other
        // games by birthday, then by text.
        let mut keys: Vec<Option<ShortKey>> = Vec::with_capacity(2 * n);
        for view in &views {
            keys.extend(view.short.iter().zip(&view.texts).map(|(s, t)| {
                let (s, t) = (s.as_ref()?, t.as_ref()?);
                Some(match store.as_number(*s) {
                    Some(x) => (0, x, 0, t.clone()),
                    None => (1, Dyadic::ZERO, store.birthday(*s), t.clone()),
                })
            }));
        }
        // The graph beside its negative: in simplest forms equal games
        // are isomorphic, so a vertex and a vertex of the negative end in
        // one class exactly when one is the negative of the other.
        let both = disjoint_union(&views[0].g, &views[1].g);
        let rank_both = canonical_ranks(&both, &keys);
        let mut of_rank = std::collections::HashMap::new();
        for (v, &r) in rank_both[..n].iter().enumerate() {
            of_rank.insert(r, v as u32);
        }
        let neg = (0..n)
            .map(|v| of_rank.get(&rank_both[n + v]).copied())
            .collect();
        let rank = canonical_ranks(g, &keys[..n]);
        Ok(Printer { views, neg, rank })
    }

    /// The text of vertex `v`: its word or form, else `{…|…}`. `depth`
    /// counts the forms written inside one another (`±{…}`), at most
    /// [`MAX_FORMS`] deep.
    pub(super) fn full(&self, store: &GameStore, v: u32, depth: usize) -> String {
        self.text(store, v, depth)
            .unwrap_or_else(|| braced_text(store, self, v, depth))
    }

    /// What vertex `v` is written as when not with its options, in
    /// CGSuite's order: a short game's canonical form, a pseudonumber's
    /// word, a switch `±X`, `xTiny(G)` or `xMiny(G)`, an upon form
    /// (`^[on]`, `-1/4v[on]`, `^<on>*`).
    fn text(&self, store: &GameStore, v: u32, depth: usize) -> Option<String> {
        if let Some(t) = &self.views[0].texts[v as usize] {
            return Some(t.clone());
        }
        self.pass_and_number(store, v)
            .or_else(|| (depth < MAX_FORMS).then(|| self.switch(store, v, depth))?)
            .or_else(|| self.tiny(store, v).map(|(t, _)| t))
            .or_else(|| self.upon(v))
    }

    /// `on` = {pass|}, `off` = {|pass}, `over` = {0|pass} (`xover` =
    /// {x|pass} for a number x), `under` = {pass|0} and `xunder`.
    fn pass_and_number(&self, store: &GameStore, v: u32) -> Option<String> {
        self.pseudonumber(store, v)
            .filter(|p| !matches!(p, Pseudonumber::Number(_, Tilt::Exact)))
            .map(|p| p.to_string())
    }

    /// `±X` = {X | −X} (`±over`, `±(5over)`, `±{10over|over}`, `±{a,b}`
    /// for several Left options), CGSuite's notation of a game equal to
    /// its negative, when no option leads back to it.
    fn switch(&self, store: &GameStore, v: u32, depth: usize) -> Option<String> {
        let g = &self.views[0].g;
        if self.neg[v as usize] != Some(v) || self.returns(v) {
            return None;
        }
        let lo = self.sorted(g.left(v));
        if let [x] = lo.as_slice() {
            let t = self.full(store, *x, depth + 1);
            let parens = self.tiny(store, *x).is_some()
                || self
                    .pseudonumber(store, *x)
                    .is_some_and(|p| matches!(p, Pseudonumber::Number(x, _) if !x.is_zero()));
            return Some(if parens {
                format!("±({t})")
            } else {
                format!("±{t}")
            });
        }
        let parts: Vec<String> = lo.iter().map(|&x| self.full(store, x, depth + 1)).collect();
        Some(format!("±{{{}}}", parts.join(",")))
    }

    /// Whether a play from `v`'s options can come back to `v`.
    fn returns(&self, v: u32) -> bool {
        let g = &self.views[0].g;
        let mut seen = vec![false; g.num_vertices()];
        let mut work: Vec<u32> = g.left(v).iter().chain(g.right(v)).copied().collect();
        while let Some(w) = work.pop() {
            if w == v {
                return true;
            }
            if !std::mem::replace(&mut seen[w as usize], true) {
                work.extend(g.left(w).iter().chain(g.right(w)));
            }
        }
        false
    }

    fn sorted(&self, opts: &[u32]) -> Vec<u32> {
        let mut o = opts.to_vec();
        o.sort_by_key(|&w| self.rank[w as usize]);
        o
    }
}

/// Forms written inside forms (`±±…`) past this depth keep their braces,
/// so the printer's recursion stays shallow.
const MAX_FORMS: usize = 16;

/// The graph `a` with `b` beside it, `b`'s vertices numbered after `a`'s.
fn disjoint_union(a: &SidedGraph, b: &SidedGraph) -> SidedGraph {
    let n = a.num_vertices() as u32;
    let shift = |opts: &[u32]| opts.iter().map(|&w| w + n).collect::<Vec<u32>>();
    let (mut left, mut right): (Vec<Vec<u32>>, Vec<Vec<u32>>) = (0..n)
        .map(|v| (a.left(v).to_vec(), a.right(v).to_vec()))
        .unzip();
    for v in 0..b.num_vertices() as u32 {
        left.push(shift(b.left(v)));
        right.push(shift(b.right(v)));
    }
    SidedGraph::new(left, right)
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
/// writes it without braces, with one bar more (up to [`MAX_BARS`]), unless
/// that game has a side with no option (CGSuite's rule too: its bar would
/// merge with the separator beside it).
/// `{…}` once the text passes [`MAX_TEXT`].
fn braced_text(store: &GameStore, p: &Printer, root: u32, depth: usize) -> String {
    let g = &p.views[0].g;
    let frame = |v: u32| Frame {
        v,
        opts: [p.sorted(g.left(v)), p.sorted(g.right(v))],
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
            // A side with no option keeps the braces: bare, `{|a}` as a
            // Right option would run its bar into the separator before it
            // (`{b|||{|a}}` is not `{b||||a}`), as would `{a|}` on the left.
            let empty = left.is_empty() || right.is_empty();
            let ((l, lb), (r, rb)) = (side_text(left), side_text(right));
            let bars = lb.max(rb) + 1;
            let bare = format!("{l}{}{r}", "|".repeat(bars));
            length += bare.len();
            if length > MAX_TEXT {
                return crate::partizan::CUT.into();
            }
            let part = match names[f.v as usize].take() {
                Some(name) => Part::Atom(format!("{name}{{{bare}}}")),
                None if empty || bars >= MAX_BARS => Part::Atom(format!("{{{bare}}}")),
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
        } else if let Some(t) = p.text(store, o, depth) {
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
