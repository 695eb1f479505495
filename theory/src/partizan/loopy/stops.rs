//! The stops of stoppers and the shapes CGSuite names (THEORY.md §6.16):
//! plumtrees (no cycle but passes), pseudonumbers (a number, `on`, `off`,
//! `x over` = {x | pass}, `x under` = {pass | x}) and the Left and Right
//! stops, pseudonumbers found by alternating play from a stopper until it
//! reaches one.

use std::fmt;

use super::SidedGraph;
use super::show::short_value;
use crate::partizan::{Dyadic, GameStore, PartizanError};

/// Which way a pseudonumber leans from its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tilt {
    /// `x under` = {pass | x}: just below x.
    Under,
    /// The number x itself.
    Exact,
    /// `x over` = {x | pass}: just above x.
    Over,
}

/// A pseudonumber, in its total order: `off` below every number, `x
/// under` < x < `x over` below every greater number, `on` above all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pseudonumber {
    /// `off` = {| pass}.
    Off,
    /// A number, or just below or above it.
    Number(Dyadic, Tilt),
    /// `on` = {pass |}.
    On,
}

/// CGSuite's spelling: `on`, `off`, `3/2`, `over` (0 over), `3/2under`.
impl fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Number(x, Tilt::Exact) => write!(f, "{x}"),
            Pseudonumber::Number(x, t) => {
                if x != Dyadic::ZERO {
                    write!(f, "{x}")?;
                }
                f.write_str(if t == Tilt::Over { "over" } else { "under" })
            }
        }
    }
}

/// Whether no cycle but a pass (a move from a position to itself) is
/// reachable from `v`: CGSuite's plumtree, a tree with passes on it.
pub fn is_plumtree(g: &SidedGraph, v: u32) -> bool {
    // 0 unseen, 1 on the stack, 2 done; an explicit-stack depth-first
    // search over both players' moves, passes skipped.
    let mut colour = vec![0u8; g.num_vertices()];
    let mut stack: Vec<(u32, usize)> = vec![(v, 0)];
    colour[v as usize] = 1;
    while let Some(&mut (u, ref mut cursor)) = stack.last_mut() {
        let (l, r) = (g.left(u), g.right(u));
        let i = *cursor;
        if i == l.len() + r.len() {
            colour[u as usize] = 2;
            stack.pop();
            continue;
        }
        *cursor += 1;
        let w = if i < l.len() { l[i] } else { r[i - l.len()] };
        if w == u {
            continue;
        }
        match colour[w as usize] {
            0 => {
                colour[w as usize] = 1;
                stack.push((w, 0));
            }
            1 => return false,
            _ => {}
        }
    }
    true
}

/// Finds the pseudonumbers and stops of the vertices of one stopper
/// graph in simplest form, remembering each vertex's answer.
pub struct Stops<'g> {
    g: &'g SidedGraph,
    /// Per vertex: not yet asked, or its pseudonumber (if it is one).
    pseudo: Vec<Option<Option<Pseudonumber>>>,
    /// Per vertex: not yet asked, or the number it is (if it is one).
    number: Vec<Option<Option<Dyadic>>>,
}

/// A state's fold of its options' stops so far.
#[derive(Clone, Copy)]
enum Acc {
    Empty,
    Best(Pseudonumber),
    Undefined,
}

impl<'g> Stops<'g> {
    /// The finder over the stopper graph `g` (every vertex a stopper, as
    /// [`super::simplify`] leaves it).
    pub fn new(g: &'g SidedGraph) -> Stops<'g> {
        let n = g.num_vertices();
        Stops {
            g,
            pseudo: vec![None; n],
            number: vec![None; n],
        }
    }

    fn number(&mut self, store: &mut GameStore, v: u32) -> Result<Option<Dyadic>, PartizanError> {
        if let Some(x) = self.number[v as usize] {
            return Ok(x);
        }
        let x = short_value(store, self.g, v)?.and_then(|id| store.as_number(id));
        self.number[v as usize] = Some(x);
        Ok(x)
    }

    /// The pseudonumber vertex `v` is, as CGSuite tells one: a number,
    /// `on` = {pass |}, `off` = {| pass}, {x | pass} or {pass | x} with x a
    /// number (such a position reaches nothing but itself and a number, so
    /// it is a plumtree).
    pub fn pseudonumber(
        &mut self,
        store: &mut GameStore,
        v: u32,
    ) -> Result<Option<Pseudonumber>, PartizanError> {
        if let Some(p) = self.pseudo[v as usize] {
            return Ok(p);
        }
        let (l, r) = (self.g.left(v), self.g.right(v));
        let p = if l == [v] && r.is_empty() {
            Some(Pseudonumber::On)
        } else if l.is_empty() && r == [v] {
            Some(Pseudonumber::Off)
        } else if let Some(x) = self.number(store, v)? {
            Some(Pseudonumber::Number(x, Tilt::Exact))
        } else if let ([w], true) = (r, l == [v]) {
            self.number(store, *w)?
                .map(|x| Pseudonumber::Number(x, Tilt::Under))
        } else if let ([w], true) = (l, r == [v]) {
            self.number(store, *w)?
                .map(|x| Pseudonumber::Number(x, Tilt::Over))
        } else {
            None
        };
        self.pseudo[v as usize] = Some(p);
        Ok(p)
    }

    /// Vertex `v`'s stop with `left` moving first (the Left stop) or
    /// Right: its pseudonumber when it is one, else the best (for the
    /// mover) of the options' stops with the other player moving first.
    /// `Ok(Some(None))` when that play reaches a position that is no
    /// pseudonumber and where the mover has no move, or goes round a cycle
    /// of alternating moves (no stopper does); `Ok(None)` when `stop` says
    /// so.
    pub fn stop(
        &mut self,
        store: &mut GameStore,
        v: u32,
        left: bool,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Option<Pseudonumber>>, PartizanError> {
        if let Some(p) = self.pseudonumber(store, v)? {
            return Ok(Some(Some(p)));
        }
        let states = 2 * self.g.num_vertices();
        // Per state 2w + mover (0 Left): 0 unseen, 1 on the stack, 2 done.
        let mut colour = vec![0u8; states];
        let mut acc = vec![Acc::Empty; states];
        let s0 = 2 * v as usize + usize::from(!left);
        colour[s0] = 1;
        let mut stack: Vec<(usize, usize)> = vec![(s0, 0)];
        while let Some(&(s, cursor)) = stack.last() {
            if stop() {
                return Ok(None);
            }
            let (u, mover) = ((s / 2) as u32, s % 2);
            let opts = if mover == 0 {
                self.g.left(u)
            } else {
                self.g.right(u)
            };
            if cursor == opts.len() {
                stack.pop();
                colour[s] = 2;
                if matches!(acc[s], Acc::Empty) {
                    acc[s] = Acc::Undefined;
                }
                if let Some(&(p, _)) = stack.last() {
                    acc[p] = fold(acc[p], acc[s], p % 2 == 0);
                }
                continue;
            }
            stack.last_mut().expect("a state").1 += 1;
            let w = opts[cursor];
            let t = 2 * w as usize + (1 - mover);
            match colour[t] {
                0 => match self.pseudonumber(store, w)? {
                    Some(p) => {
                        colour[t] = 2;
                        acc[t] = Acc::Best(p);
                    }
                    None => {
                        colour[t] = 1;
                        stack.push((t, 0));
                        continue;
                    }
                },
                1 => return Ok(Some(None)),
                _ => {}
            }
            acc[s] = fold(acc[s], acc[t], mover == 0);
        }
        Ok(Some(match acc[s0] {
            Acc::Best(p) => Some(p),
            _ => None,
        }))
    }
}

/// `acc` with one more option's stop `x`: the greater for Left, the
/// lesser for Right; an undefined stop makes the whole undefined.
fn fold(acc: Acc, x: Acc, left: bool) -> Acc {
    match (acc, x) {
        (Acc::Undefined, _) | (_, Acc::Undefined | Acc::Empty) => Acc::Undefined,
        (Acc::Empty, x) => x,
        (Acc::Best(a), Acc::Best(b)) => Acc::Best(if left { a.max(b) } else { a.min(b) }),
    }
}

/// CGSuite's *strong* stop: a stop with its tilt dropped (`x over` and
/// `x under` read as x; `on`, `off` and numbers as they are).
pub fn strong(p: Pseudonumber) -> Pseudonumber {
    match p {
        Pseudonumber::Number(x, _) => Pseudonumber::Number(x, Tilt::Exact),
        p => p,
    }
}

/// Whether a loopy value is infinitesimal and whether it is numberish, as
/// CGSuite defines them (THEORY.md §6.16, "Infinitesimal and numberish"):
/// a stopper is infinitesimal when both its strong stops are 0, and
/// numberish when its strong Left stop is a number equal to its strong
/// Right stop; a value `s & t` whose sides are stoppers is infinitesimal
/// when both sides are, and numberish when the strong Left stop of `s`
/// equals the strong Right stop of `t`; a value whose sides are no
/// stoppers (Bach's carousel) is neither. A stop that is not defined is
/// neither 0 nor a number nor equal to another. `Ok(None)` when `stop`
/// says so.
pub fn infinitesimal_numberish(
    store: &mut GameStore,
    v: &super::SidedValue,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Option<(bool, bool)>, PartizanError> {
    if !v.stopper_sided() {
        return Ok(Some((false, false)));
    }
    let mut stops = |s: &super::Stopper, left: bool, store: &mut GameStore| {
        Ok::<_, PartizanError>(
            Stops::new(&s.graph)
                .stop(store, s.root, left, stop)?
                .map(|p| p.map(strong)),
        )
    };
    let zero = Some(Pseudonumber::Number(Dyadic::ZERO, Tilt::Exact));
    let (Some(on_l), Some(on_r)) = (
        stops(&v.onside, true, store)?,
        stops(&v.onside, false, store)?,
    ) else {
        return Ok(None);
    };
    if v.stopper {
        let numberish = matches!(on_l, Some(Pseudonumber::Number(..))) && on_l == on_r;
        return Ok(Some((on_l == zero && on_r == zero, numberish)));
    }
    let (Some(off_l), Some(off_r)) = (
        stops(&v.offside, true, store)?,
        stops(&v.offside, false, store)?,
    ) else {
        return Ok(None);
    };
    let infinitesimal = [on_l, on_r, off_l, off_r].iter().all(|&p| p == zero);
    Ok(Some((infinitesimal, on_l.is_some() && on_l == off_r)))
}
