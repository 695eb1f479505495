//! The named forms of stoppers CGSuite prints (THEORY.md §6.9), found on
//! a simplest form's vertices: pseudonumbers (`on`, `off`, `3/2under`),
//! `xTiny(G)` = x + {0 || 0 | −G} and `xMiny(G)` = x + {G | 0 || 0} for a
//! pseudonumber G at least `over`, and the upon forms: `x^[on]*m`, with
//! `^[on]` = upon = {pass | \*}, and `x^<on>*m`, with `^<on>` = {0 || 0 |
//! 0, pass}, and their negatives `xv[on]*m`, `xv<on>*m`.

use super::show::{Printer, View};
use super::stops::{Pseudonumber, Tilt};
use crate::partizan::{Dyadic, GameStore};

/// An upon form: which (`[on]` or `<on>`), its number x and its nimber m.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Upon {
    uponth: bool,
    x: Dyadic,
    m: usize,
}

impl Printer {
    /// The pseudonumber vertex `v` of the graph is, if it is one.
    pub(super) fn pseudonumber(&self, store: &GameStore, v: u32) -> Option<Pseudonumber> {
        let view = &self.views[0];
        if let Some(x) = view.number(store, v) {
            return Some(Pseudonumber::Number(x, Tilt::Exact));
        }
        let g = &view.g;
        match (g.left(v), g.right(v)) {
            ([a], []) if *a == v => Some(Pseudonumber::On),
            ([], [a]) if *a == v => Some(Pseudonumber::Off),
            ([x], [a]) if *a == v => {
                Some(Pseudonumber::Number(view.number(store, *x)?, Tilt::Over))
            }
            ([a], [x]) if *a == v => {
                Some(Pseudonumber::Number(view.number(store, *x)?, Tilt::Under))
            }
            _ => None,
        }
    }

    /// `xTiny(G)` when `v` = {x || x | x − G} and `xMiny(G)` when `v` =
    /// {x + G | x || x}, for a number x and a pseudonumber G ≥ `over`
    /// (CGSuite's number-tiny plumtrees; G of another shape keeps its
    /// braces). Its text and whether it is a Tiny.
    pub(super) fn tiny(&self, store: &GameStore, v: u32) -> Option<(String, bool)> {
        let g = &self.views[0].g;
        let number = |w: u32| self.views[0].number(store, w);
        let (x, sub, is_tiny) = match (g.left(v), g.right(v)) {
            ([a], [w]) if number(*a).is_some() && g.left(*w) == [*a] => {
                let [r] = g.right(*w) else { return None };
                let x = number(*a)?;
                // G = x − r, and G ≥ over when r ≤ x under.
                let sub = match self.pseudonumber(store, *r)? {
                    Pseudonumber::Off => Pseudonumber::On,
                    r if r > Pseudonumber::Number(x, Tilt::Under) => return None,
                    Pseudonumber::Number(y, t) => Pseudonumber::Number(x.checked_sub(y)?, flip(t)),
                    Pseudonumber::On => return None,
                };
                (x, sub, true)
            }
            ([w], [a]) if number(*a).is_some() && g.right(*w) == [*a] => {
                let [l] = g.left(*w) else { return None };
                let x = number(*a)?;
                // G = l − x, and G ≥ over when l ≥ x over.
                let sub = match self.pseudonumber(store, *l)? {
                    Pseudonumber::On => Pseudonumber::On,
                    l if l < Pseudonumber::Number(x, Tilt::Over) => return None,
                    Pseudonumber::Number(y, t) => Pseudonumber::Number(y.checked_sub(x)?, t),
                    Pseudonumber::Off => return None,
                };
                (x, sub, false)
            }
            _ => return None,
        };
        let name = if is_tiny { "Tiny" } else { "Miny" };
        let at = if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        };
        Some((format!("{at}{name}({sub})"), is_tiny))
    }

    /// `v`'s upon form, as CGSuite finds it: of `v`, else of −v (then
    /// written with `v` and the number negated).
    pub(super) fn upon(&self, v: u32) -> Option<String> {
        let (u, down) = match upon_of(&self.views, 0, v, true) {
            Some(u) => (u, false),
            None => {
                let u = upon_of(&self.views, 1, v, true)?;
                let x = u.x.checked_neg()?;
                (Upon { x, ..u }, true)
            }
        };
        let mut s = if u.x.is_zero() {
            String::new()
        } else {
            u.x.to_string()
        };
        s.push(if down { 'v' } else { '^' });
        s.push_str(if u.uponth { "<on>" } else { "[on]" });
        match u.m {
            0 => {}
            1 => s.push('*'),
            m => s.push_str(&format!("*{m}")),
        }
        Some(s)
    }
}

/// `x over` ↔ `x under`: the tilt of a negative.
fn flip(t: Tilt) -> Tilt {
    match t {
        Tilt::Under => Tilt::Over,
        Tilt::Exact => Tilt::Exact,
        Tilt::Over => Tilt::Under,
    }
}

/// The upon form of vertex `v` of `views[side]` (the graph or its
/// negative): `x^[on]*m` when `v` = {pass | x + *k} with k ≠ 0 or
/// {x, pass | x} with k = 0, where m = k xor 1; with `uponth`, `x^<on>*m`
/// when `v` = {x, x*, …, x*m | w} and −w = (−x)^[on]*(m xor 1).
fn upon_of(views: &[View; 2], side: usize, v: u32, uponth: bool) -> Option<Upon> {
    let view = &views[side];
    let g = &view.g;
    let (lo, ro) = (g.left(v), g.right(v));
    if let [r] = ro
        && lo.len() <= 2
        && let Some((x, k)) = view.numstar[*r as usize]
    {
        let fits = if k == 0 {
            lo.len() == 2
                && lo.contains(&v)
                && lo
                    .iter()
                    .any(|&a| a != v && view.short[a as usize] == view.short[*r as usize])
        } else {
            lo == [v]
        };
        if fits {
            return Some(Upon {
                uponth: false,
                x,
                m: k ^ 1,
            });
        }
    }
    let [w] = ro else { return None };
    if !uponth {
        return None;
    }
    let inner = upon_of(views, 1 - side, *w, false)?;
    let m = inner.m ^ 1;
    let x = inner.x.checked_neg()?;
    let mut have: Vec<(Dyadic, usize)> = lo
        .iter()
        .map(|&a| view.numstar[a as usize])
        .collect::<Option<_>>()?;
    have.sort_unstable();
    let want: Vec<(Dyadic, usize)> = (0..=m).map(|n| (x, n)).collect();
    (have == want).then_some(Upon { uponth: true, x, m })
}
