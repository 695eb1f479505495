//! CGSuite's remaining methods of short games on canonical forms
//! (THEORY.md §6.13): the companion, freezing, the powers `G^n` of a game
//! `{0|H}` and `G^→n` of any game, the stop count, Conway's parity (even, odd)
//! and temper (even- and odd-tempered), and the games born by day n.
//! Each follows its recursive definition on the canonical form, memoised
//! per call; recursion is bounded by the height of a value.

use rustc_hash::FxHashMap;

use super::algebra::{AlgebraError, cool};
use super::store::{GameStore, Outcome, ValueId};

type Result<T> = std::result::Result<T, AlgebraError>;

/// The last day whose games [`born_by`] lists: day 3 has 1,474 of them,
/// day 4 more than 3·10^12.
pub const MAX_DAY: u32 = 3;

fn options(store: &mut GameStore, g: ValueId) -> Result<(Vec<ValueId>, Vec<ValueId>)> {
    Ok((
        store.left_options(g)?.to_vec(),
        store.right_options(g)?.to_vec(),
    ))
}

/// The companion `G°` (CGSuite's `Companion`): `0° = *`; otherwise the
/// options are replaced by their companions, and `0` is added to Left's
/// options when `G > 0`, to Right's when `G < 0`.
pub fn companion(store: &mut GameStore, g: ValueId) -> Result<ValueId> {
    fn go(
        s: &mut GameStore,
        g: ValueId,
        memo: &mut FxHashMap<ValueId, ValueId>,
    ) -> Result<ValueId> {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let outcome = s.outcome(g);
        let v = if outcome == Outcome::P {
            s.star()?
        } else {
            let (gl, gr) = options(s, g)?;
            let mut l = Vec::with_capacity(gl.len() + 1);
            for x in gl {
                l.push(go(s, x, memo)?);
            }
            let mut r = Vec::with_capacity(gr.len() + 1);
            for y in gr {
                r.push(go(s, y, memo)?);
            }
            match outcome {
                Outcome::L => l.push(s.zero()),
                Outcome::R => r.push(s.zero()),
                _ => {}
            }
            s.game(&l, &r)?
        };
        memo.insert(g, v);
        Ok(v)
    }
    if let Some(x) = store.as_number(g)
        && !x.is_zero()
    {
        // A number other than 0 is its own companion (and its options
        // may be many days deep).
        return Ok(g);
    }
    go(store, g, &mut FxHashMap::default())
}

/// `G` frozen (CGSuite's `Freeze`): cooled by its own temperature; a
/// number is unchanged.
pub fn freeze(store: &mut GameStore, g: ValueId) -> Result<ValueId> {
    if store.is_number(g) {
        return Ok(g);
    }
    let t = store.temperature(g)?;
    cool(store, g, t)
}

/// `H` when `g = {0|H}`, else the refusal of [`pow`].
fn zero_over(store: &mut GameStore, g: ValueId) -> Result<ValueId> {
    let (l, r) = options(store, g)?;
    let zero = store.zero();
    if l.as_slice() != [zero] || r.len() != 1 {
        return Err(AlgebraError::NotZeroOver);
    }
    Ok(r[0])
}

/// `G^→n` (CGSuite's `PowTo`), n ≥ 1: the ordinal sum `G : (n − 1)`, so
/// `G^→1 = G` and `G^→(k+1) = {G^L, G^→k | G^R}`; for `G = {0|H}` that is
/// `{G^→k | H}` (0 is dominated), and `↑^→n` is `^[n]`.
pub fn pow_to(store: &mut GameStore, g: ValueId, n: u32) -> Result<ValueId> {
    if n == 0 {
        return Err(AlgebraError::ZeroPower);
    }
    let (gl, gr) = options(store, g)?;
    let mut acc = g;
    for _ in 1..n {
        let mut l = gl.clone();
        l.push(acc);
        acc = store.game(&l, &gr)?;
    }
    Ok(acc)
}

/// `G^n` (CGSuite's `Pow`) for `G = {0|H}` and n ≥ 1: `G^1 = G` and
/// `G^(k+1) = {0 | H − G^→k}`, so `↑^2 = {0|↓*}` and `↑^n` is `^<n>`.
pub fn pow(store: &mut GameStore, g: ValueId, n: u32) -> Result<ValueId> {
    let h = zero_over(store, g)?;
    if n <= 1 {
        return if n == 1 {
            Ok(g)
        } else {
            Err(AlgebraError::ZeroPower)
        };
    }
    let below = pow_to(store, g, n - 1)?;
    let rhs = store.sub(h, below)?;
    let zero = store.zero();
    Ok(store.game(&[zero], &[rhs])?)
}

/// The stop count (CGSuite's `StopCount`): 1 for a number, else the sum of
/// the stop counts of all the options of the canonical form — the number
/// of leaves of its game tree cut at numbers. `None` past `u128`.
pub fn stop_count(store: &mut GameStore, g: ValueId) -> Result<Option<u128>> {
    fn go(
        s: &mut GameStore,
        g: ValueId,
        memo: &mut FxHashMap<ValueId, Option<u128>>,
    ) -> Result<Option<u128>> {
        if s.is_number(g) {
            return Ok(Some(1));
        }
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let (l, r) = options(s, g)?;
        let mut total = Some(0u128);
        for x in l.into_iter().chain(r) {
            let c = go(s, x, memo)?;
            total = total.zip(c).and_then(|(a, b)| a.checked_add(b));
        }
        memo.insert(g, total);
        Ok(total)
    }
    go(store, g, &mut FxHashMap::default())
}

/// Conway's parity of a canonical form (ONAG): `Some(true)` even (every
/// option odd, so 0 is even), `Some(false)` odd (some option, every one
/// even), `None` neither. An integer n has the parity of n; any other
/// number is neither.
pub fn parity(store: &mut GameStore, g: ValueId) -> Result<Option<bool>> {
    classify(store, g, &|x| {
        if x.is_integer() {
            Some(x.numerator() % 2 == 0)
        } else {
            None
        }
    })
}

/// The temper of a canonical form (Berlekamp; *Lessons in Play*):
/// `Some(true)` even-tempered (a number, or every option odd-tempered),
/// `Some(false)` odd-tempered (not a number, every option even-tempered),
/// `None` neither.
pub fn temper(store: &mut GameStore, g: ValueId) -> Result<Option<bool>> {
    classify(store, g, &|_| Some(true))
}

/// The shared recursion of [`parity`] and [`temper`]: numbers answer
/// `number`; any other form is even when every option is odd and odd
/// when every option is even (a non-number has options on both sides).
fn classify(
    store: &mut GameStore,
    g: ValueId,
    number: &dyn Fn(super::Dyadic) -> Option<bool>,
) -> Result<Option<bool>> {
    fn go(
        s: &mut GameStore,
        g: ValueId,
        number: &dyn Fn(super::Dyadic) -> Option<bool>,
        memo: &mut FxHashMap<ValueId, Option<bool>>,
    ) -> Result<Option<bool>> {
        if let Some(x) = s.as_number(g) {
            return Ok(number(x));
        }
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let (l, r) = options(s, g)?;
        let (mut all_odd, mut all_even) = (true, true);
        for x in l.into_iter().chain(r) {
            match go(s, x, number, memo)? {
                Some(true) => all_odd = false,
                Some(false) => all_even = false,
                None => (all_odd, all_even) = (false, false),
            }
        }
        let v = match (all_odd, all_even) {
            (true, _) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        };
        memo.insert(g, v);
        Ok(v)
    }
    go(store, g, number, &mut FxHashMap::default())
}

/// Every game born by day `n` (n ≤ [`MAX_DAY`]), as canonical values
/// ordered by birthday, then by their text: day 0 is `{0}`, day 1 adds `*`, 1 and −1
/// (4 games), day 2 has 22, day 3 has 1,474. A game born by day n+1 is
/// `{A|B}` for antichains A, B of the games born by day n (a canonical
/// form has no dominated options), so the antichains of each day give the
/// next.
pub fn born_by(store: &mut GameStore, n: u32) -> Result<Vec<ValueId>> {
    if n > MAX_DAY {
        return Err(AlgebraError::TooManyGames { day: n });
    }
    let mut games = vec![store.zero()];
    for _ in 0..n {
        let sets = antichains(store, &games);
        let mut next = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for l in &sets {
            for r in &sets {
                let g = store.game(l, r)?;
                if seen.insert(g) {
                    next.push(g);
                }
            }
        }
        games = next;
    }
    // The store's ids depend on what it held before: order by birthday,
    // then by the text of the canonical form.
    let mut keyed: Vec<(u64, String, ValueId)> = games
        .into_iter()
        .map(|g| (store.birthday(g), store.display(g), g))
        .collect();
    keyed.sort();
    Ok(keyed.into_iter().map(|(_, _, g)| g).collect())
}

/// Every antichain (set of pairwise incomparable games) of `games`, the
/// empty one included.
fn antichains(store: &mut GameStore, games: &[ValueId]) -> Vec<Vec<ValueId>> {
    let k = games.len();
    let mut comparable = vec![vec![false; k]; k];
    for i in 0..k {
        for j in 0..i {
            let c = !store.confused(games[i], games[j]);
            comparable[i][j] = c;
            comparable[j][i] = c;
        }
    }
    // Extend each antichain by the games after its last, incomparable
    // with all of it (an explicit stack of (set of indices, next index)).
    let mut out = Vec::new();
    let mut stack: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0)];
    while let Some((set, from)) = stack.pop() {
        out.push(set.iter().map(|&i| games[i]).collect());
        for (i, row) in comparable.iter().enumerate().skip(from) {
            if set.iter().all(|&j| !row[j]) {
                let mut more = set.clone();
                more.push(i);
                stack.push((more, i + 1));
            }
        }
    }
    out
}
