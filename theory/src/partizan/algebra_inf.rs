//! The algebra modulo infinitesimals (THEORY.md §6.11): atomic weights of
//! all-small games and reduced canonical forms. Both recurse on the
//! canonical form, memoised per call; recursion is bounded by the height
//! of a value, and the store's `game`, `add` and comparisons tick its
//! interrupt flag and budgets.

use rustc_hash::{FxHashMap, FxHashSet};

use super::algebra::{AlgebraError, heat};
use super::dyadic::Dyadic;
use super::store::{GameStore, ValueId};

type Result<T> = std::result::Result<T, AlgebraError>;

/// Whether `g` is all-small: every subposition of its canonical form is 0
/// or has options for both players (so the only number in it is 0).
pub fn is_all_small(store: &mut GameStore, g: ValueId) -> Result<bool> {
    let zero = store.zero();
    let mut seen = FxHashSet::default();
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        if !seen.insert(h) {
            continue;
        }
        if h == zero {
            continue;
        }
        if store.is_number(h) {
            return Ok(false);
        }
        stack.extend(store.left_options(h)?.iter().copied());
        stack.extend(store.right_options(h)?.iter().copied());
    }
    Ok(true)
}

/// One more than the largest `m` such that `*m` is a subposition of the
/// canonical form of `g` (at least 1): `*` of this size or any larger one
/// is a *far star* for `g`.
pub fn far_star(store: &mut GameStore, g: ValueId) -> Result<usize> {
    let mut seen = FxHashSet::default();
    let mut stack = vec![g];
    let mut far = 1;
    while let Some(h) = stack.pop() {
        if !seen.insert(h) {
            continue;
        }
        if let Some(m) = store.as_nimber(h) {
            far = far.max(m + 1);
            continue; // the options of *m are smaller nimbers
        }
        if store.is_number(h) {
            continue;
        }
        stack.extend(store.left_options(h)?.iter().copied());
        stack.extend(store.right_options(h)?.iter().copied());
    }
    Ok(far)
}

/// The atomic weight of an all-small game, by the atomic weight calculus:
/// `G° = {aw(G^L) − 2 | aw(G^R) + 2}` unless `G°` is an integer; then,
/// with `⧾` a far star, the least integer `n ⊳ aw(G^L) − 2` (all `G^L`)
/// when `G < ⧾`, the greatest `n ⊲ aw(G^R) + 2` when `G > ⧾`, and `G°`
/// otherwise. `x + n·↑ + *m` (with x = 0) has weight `n` directly.
pub fn atomic_weight(store: &mut GameStore, g: ValueId) -> Result<ValueId> {
    atomic_weight_with(store, g, true)
}

/// [`atomic_weight`], with the shortcut for `n·↑ + *m` on or off (the
/// tests check the calculus against the shortcut).
pub(super) fn atomic_weight_with(
    store: &mut GameStore,
    g: ValueId,
    shortcut: bool,
) -> Result<ValueId> {
    if !is_all_small(store, g)? {
        return Err(AlgebraError::NotAllSmall);
    }
    let mut memo = FxHashMap::default();
    aw_rec(store, g, shortcut, &mut memo)
}

fn aw_rec(
    store: &mut GameStore,
    g: ValueId,
    shortcut: bool,
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    let zero = store.zero();
    if g == zero {
        return Ok(zero);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    if shortcut
        && let Some((x, n, _)) = store.uptimal(g)
        && x.is_zero()
    {
        let v = store.integer(n);
        memo.insert(g, v);
        return Ok(v);
    }
    let two = store.integer(2);
    let minus_two = store.integer(-2);
    let (gl, gr) = (
        store.left_options(g)?.to_vec(),
        store.right_options(g)?.to_vec(),
    );
    let mut l = Vec::with_capacity(gl.len());
    for x in gl {
        let w = aw_rec(store, x, shortcut, memo)?;
        l.push(store.add(w, minus_two)?);
    }
    let mut r = Vec::with_capacity(gr.len());
    for y in gr {
        let w = aw_rec(store, y, shortcut, memo)?;
        r.push(store.add(w, two)?);
    }
    let g0 = store.game(&l, &r)?;
    let v = if store
        .as_number(g0)
        .is_some_and(super::dyadic::Dyadic::is_integer)
    {
        let far = far_star(store, g)?;
        let fs = store.nimber(far)?;
        let below = store.le(g, fs);
        let above = store.le(fs, g);
        if below && !above {
            // The least integer n with n ⊳ every G^L' (n ≤ G^L' fails).
            let mut best: Option<i64> = None;
            for &x in &l {
                let mut n = store.right_stop(x).ceil();
                loop {
                    let ni = store.integer(n);
                    if !store.le(ni, x) {
                        break;
                    }
                    n = n.checked_add(1).ok_or(super::PartizanError::Overflow)?;
                }
                best = Some(best.map_or(n, |b| b.max(n)));
            }
            store.integer(best.unwrap_or(0))
        } else if above && !below {
            // The greatest integer n with n ⊲ every G^R' (G^R' ≤ n fails).
            let mut best: Option<i64> = None;
            for &y in &r {
                let mut n = store.left_stop(y).floor();
                loop {
                    let ni = store.integer(n);
                    if !store.le(y, ni) {
                        break;
                    }
                    n = n.checked_sub(1).ok_or(super::PartizanError::Overflow)?;
                }
                best = Some(best.map_or(n, |b| b.min(n)));
            }
            store.integer(best.unwrap_or(0))
        } else {
            g0
        }
    } else {
        g0
    };
    memo.insert(g, v);
    Ok(v)
}

/// The reduced canonical form of `G`: the simplest game that differs from
/// `G` by an infinitesimal. A number plus an infinitesimal `x + n·↑ + *m`
/// reduces to `x`; in general it is the star projection of `G` heated by
/// `*` (every subposition `x*` replaced by `x`, bottom up, on canonical
/// forms).
pub fn reduced(store: &mut GameStore, g: ValueId) -> Result<ValueId> {
    if let Some((x, _, _)) = store.uptimal(g) {
        return Ok(store.number(x));
    }
    let star = store.star()?;
    let h = heat(store, g, star)?;
    let mut memo = FxHashMap::default();
    star_projection(store, h, &mut memo)
}

fn star_projection(
    store: &mut GameStore,
    g: ValueId,
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    if store.is_number(g) {
        return Ok(g);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let v = match store.uptimal(g) {
        Some((x, 0, 1)) => store.number(x),
        _ => {
            let (gl, gr) = (
                store.left_options(g)?.to_vec(),
                store.right_options(g)?.to_vec(),
            );
            let mut l = Vec::with_capacity(gl.len());
            for x in gl {
                l.push(star_projection(store, x, memo)?);
            }
            let mut r = Vec::with_capacity(gr.len());
            for y in gr {
                r.push(star_projection(store, y, memo)?);
            }
            store.game(&l, &r)?
        }
    };
    memo.insert(g, v);
    Ok(v)
}

/// `G ≥ H` modulo infinitesimals (`G + ε ≥ H` for some infinitesimal ε):
/// the Right stop of `G − H` is at least 0.
pub fn ge_inf(store: &mut GameStore, g: ValueId, h: ValueId) -> Result<bool> {
    let d = store.sub(g, h)?;
    Ok(store.right_stop(d) >= Dyadic::ZERO)
}
