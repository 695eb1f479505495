//! The rest of the short-game algebra on canonical forms (THEORY.md §6.10):
//! cooling, heating and overheating, Norton multiplication, ordinal sums
//! and incentives. Each function follows its recursive definition on the
//! canonical form, memoised per call; the store's `game` and `add` tick
//! its interrupt flag, and recursion is bounded by the height of a value.

use rustc_hash::FxHashMap;

use super::PartizanError;
use super::dyadic::Dyadic;
use super::store::{GameStore, ValueId};

/// A failure of one of these functions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlgebraError {
    /// A failure of the game arithmetic underneath (a budget, an overflow).
    #[error(transparent)]
    Partizan(#[from] PartizanError),

    /// [`cool`] asked for a temperature t ≤ −1.
    #[error("cooling needs a temperature t > -1, not {t}")]
    NegativeTemperature {
        /// The temperature asked for.
        t: Dyadic,
    },

    /// [`norton`] asked for a unit `U` that is not `> 0`.
    #[error("Norton multiplication needs a positive unit")]
    NotPositive,

    /// An atomic weight asked of a game that is not all-small.
    #[error("atomic weights are defined for all-small games, and this one is not")]
    NotAllSmall,

    /// `pow` of a game not of the form `{0|H}`.
    #[error("G^n is defined for games of the form {{0|H}}, and this one is not")]
    NotZeroOver,

    /// `pow` or `pow_to` with the exponent 0.
    #[error("the exponent of a power of a game is at least 1")]
    ZeroPower,

    /// The games born by a day past [`super::methods::MAX_DAY`].
    #[error("the games born by day {day} are too many to list")]
    TooManyGames {
        /// The day asked for.
        day: u32,
    },
}

impl AlgebraError {
    /// A stable name for the failure (`grundy_theory::…`), for a front end
    /// that tells its errors apart by code.
    pub fn code(&self) -> &'static str {
        match self {
            AlgebraError::Partizan(e) => e.code(),
            AlgebraError::NegativeTemperature { .. } => {
                "grundy_theory::partizan::negative_temperature"
            }
            AlgebraError::NotPositive => "grundy_theory::partizan::norton_unit",
            AlgebraError::NotAllSmall => "grundy_theory::partizan::not_all_small",
            AlgebraError::NotZeroOver => "grundy_theory::partizan::not_zero_over",
            AlgebraError::ZeroPower => "grundy_theory::partizan::zero_power",
            AlgebraError::TooManyGames { .. } => "grundy_theory::partizan::too_many_games",
        }
    }

    /// What the caller can do about the failure, in a sentence.
    pub fn help(&self) -> &'static str {
        match self {
            AlgebraError::Partizan(e) => e.help(),
            AlgebraError::NegativeTemperature { .. } => {
                "cool by a number t > -1 (an integer has temperature -1); heat(x, t) is the inverse operation"
            }
            AlgebraError::NotPositive => {
                "the second argument of norton(g, u) must be a game u > 0, such as 1 or ^"
            }
            AlgebraError::NotAllSmall => {
                "an all-small game has, in every position but 0, moves for both players (no number but 0 occurs in it), as in Clobber"
            }
            AlgebraError::NotZeroOver => {
                "pow(G, n) takes G = {0|H}, one Left option 0 and one Right option, such as ^ or {0|v*}; pow_to(G, n) takes any G"
            }
            AlgebraError::ZeroPower => "write an exponent n ≥ 1: pow(G, 1) and pow_to(G, 1) are G",
            AlgebraError::TooManyGames { .. } => {
                "day 3 has 1474 games and day 4 more than 3·10^12: ask for a day from 0 to 3"
            }
        }
    }
}

type Result<T> = std::result::Result<T, AlgebraError>;

fn options(store: &mut GameStore, g: ValueId) -> Result<(Vec<ValueId>, Vec<ValueId>)> {
    Ok((
        store.left_options(g)?.to_vec(),
        store.right_options(g)?.to_vec(),
    ))
}

/// `G` cooled by `t > −1`, as CGSuite defines it (THEORY.md §6.16): an
/// integer is unchanged; a game whose temperature is below t is its mean;
/// otherwise `{G^L_t − t | G^R_t + t}`. For `t ≥ 0` this is cooling as
/// Winning Ways defines it (a number's temperature is negative, so a
/// number is its mean, itself); below 0 it heats a number's options apart
/// (`cool(1/4, −1/4) = 1/4*`).
pub fn cool(store: &mut GameStore, g: ValueId, t: Dyadic) -> Result<ValueId> {
    if t <= Dyadic::MINUS_ONE {
        return Err(AlgebraError::NegativeTemperature { t });
    }
    let tv = store.number(t);
    let mt = store.neg(tv)?;
    let mut memo = FxHashMap::default();
    cool_rec(store, g, t, tv, mt, &mut memo)
}

fn cool_rec(
    store: &mut GameStore,
    g: ValueId,
    t: Dyadic,
    tv: ValueId,
    mt: ValueId,
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    if store.as_number(g).is_some_and(Dyadic::is_integer) {
        return Ok(g);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let v = if store.temperature(g)? < t {
        let m = store.mean(g)?;
        store.number(m)
    } else {
        let (gl, gr) = options(store, g)?;
        let mut l = Vec::with_capacity(gl.len());
        for x in gl {
            let c = cool_rec(store, x, t, tv, mt, memo)?;
            l.push(store.add(c, mt)?);
        }
        let mut r = Vec::with_capacity(gr.len());
        for y in gr {
            let c = cool_rec(store, y, t, tv, mt, memo)?;
            r.push(store.add(c, tv)?);
        }
        store.game(&l, &r)?
    };
    memo.insert(g, v);
    Ok(v)
}

/// `∫^t G`, `G` heated by the game `t`: a number is unchanged, otherwise
/// `{t + ∫^t G^L | −t + ∫^t G^R}`.
pub fn heat(store: &mut GameStore, g: ValueId, t: ValueId) -> Result<ValueId> {
    let mt = store.neg(t)?;
    let mut memo = FxHashMap::default();
    heat_rec(store, g, t, mt, &mut memo)
}

fn heat_rec(
    store: &mut GameStore,
    g: ValueId,
    t: ValueId,
    mt: ValueId,
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    if store.is_number(g) {
        return Ok(g);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (gl, gr) = options(store, g)?;
    let mut l = Vec::with_capacity(gl.len());
    for x in gl {
        let h = heat_rec(store, x, t, mt, memo)?;
        l.push(store.add(h, t)?);
    }
    let mut r = Vec::with_capacity(gr.len());
    for y in gr {
        let h = heat_rec(store, y, t, mt, memo)?;
        r.push(store.add(h, mt)?);
    }
    let v = store.game(&l, &r)?;
    memo.insert(g, v);
    Ok(v)
}

/// `n·G` for any integer `n` (a negative `n` adds copies of `−G`).
pub fn times(store: &mut GameStore, g: ValueId, n: i64) -> Result<ValueId> {
    let base = if n < 0 { store.neg(g)? } else { g };
    Ok(store.multiple(base, n.unsigned_abs())?)
}

fn as_integer(store: &GameStore, g: ValueId) -> Option<i64> {
    store
        .as_number(g)
        .filter(|x| x.is_integer())
        .map(super::dyadic::Dyadic::numerator)
}

/// `∫_s^t G`, `G` overheated from `s` to `t`: an integer `n` becomes
/// `n·s`, any other form (numbers through their canonical options)
/// `{t + ∫_s^t G^L | −t + ∫_s^t G^R}`.
pub fn overheat(store: &mut GameStore, g: ValueId, s: ValueId, t: ValueId) -> Result<ValueId> {
    let mt = store.neg(t)?;
    let mut memo = FxHashMap::default();
    overheat_rec(store, g, s, t, mt, &mut memo)
}

fn overheat_rec(
    store: &mut GameStore,
    g: ValueId,
    s: ValueId,
    t: ValueId,
    mt: ValueId,
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    if let Some(n) = as_integer(store, g) {
        return times(store, s, n);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (gl, gr) = options(store, g)?;
    let mut l = Vec::with_capacity(gl.len());
    for x in gl {
        let h = overheat_rec(store, x, s, t, mt, memo)?;
        l.push(store.add(h, t)?);
    }
    let mut r = Vec::with_capacity(gr.len());
    for y in gr {
        let h = overheat_rec(store, y, s, t, mt, memo)?;
        r.push(store.add(h, mt)?);
    }
    let v = store.game(&l, &r)?;
    memo.insert(g, v);
    Ok(v)
}

/// The Left incentives `G^L − G` of the canonical form.
pub fn left_incentives(store: &mut GameStore, g: ValueId) -> Result<Vec<ValueId>> {
    let gl = store.left_options(g)?.to_vec();
    let mut out = Vec::with_capacity(gl.len());
    for x in gl {
        out.push(store.sub(x, g)?);
    }
    Ok(out)
}

/// The Right incentives `G − G^R` of the canonical form.
pub fn right_incentives(store: &mut GameStore, g: ValueId) -> Result<Vec<ValueId>> {
    let gr = store.right_options(g)?.to_vec();
    let mut out = Vec::with_capacity(gr.len());
    for y in gr {
        out.push(store.sub(g, y)?);
    }
    Ok(out)
}

/// Norton's product `G.U` for `U > 0`: `n·U` when `G` is an integer `n`;
/// otherwise `{G^L.U + U + Δ | G^R.U − U − Δ}`, Δ running over the
/// incentives of `U` (`U^L − U` and `U − U^R`), on canonical forms.
pub fn norton(store: &mut GameStore, g: ValueId, u: ValueId) -> Result<ValueId> {
    let zero = store.zero();
    if !store.lt(zero, u) {
        return Err(AlgebraError::NotPositive);
    }
    let mut plus = left_incentives(store, u)?;
    plus.extend(right_incentives(store, u)?);
    // U + Δ for Left, −U − Δ for Right.
    let mut lshift = Vec::with_capacity(plus.len());
    let mut rshift = Vec::with_capacity(plus.len());
    for d in plus {
        let a = store.add(u, d)?;
        rshift.push(store.neg(a)?);
        lshift.push(a);
    }
    let mut memo = FxHashMap::default();
    norton_rec(store, g, u, &lshift, &rshift, &mut memo)
}

fn norton_rec(
    store: &mut GameStore,
    g: ValueId,
    u: ValueId,
    lshift: &[ValueId],
    rshift: &[ValueId],
    memo: &mut FxHashMap<ValueId, ValueId>,
) -> Result<ValueId> {
    if let Some(n) = as_integer(store, g) {
        return times(store, u, n);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (gl, gr) = options(store, g)?;
    let mut l = Vec::new();
    for x in gl {
        let p = norton_rec(store, x, u, lshift, rshift, memo)?;
        for &s in lshift {
            l.push(store.add(p, s)?);
        }
    }
    let mut r = Vec::new();
    for y in gr {
        let p = norton_rec(store, y, u, lshift, rshift, memo)?;
        for &s in rshift {
            r.push(store.add(p, s)?);
        }
    }
    let v = store.game(&l, &r)?;
    memo.insert(g, v);
    Ok(v)
}

/// The ordinal sum `G : H = {G^L, G:H^L | G^R, G:H^R}` of the canonical
/// forms (it depends on the form of `G`, which is canonical here).
///
/// `H` is walked with an explicit stack, not recursion: a number's
/// canonical form is a chain of options as long as its birthday (`10⁷`
/// is `{9999999 |}`), so `H` can be millions deep although its height is
/// 0. Each position of `H` entered is a step of the store's budget, which
/// also looks at the memory the stack and the memo hold.
pub fn ordinal(store: &mut GameStore, g: ValueId, h: ValueId) -> Result<ValueId> {
    let (gl, gr) = options(store, g)?;
    let mut memo: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    // A frame is a position of H and how many of its options are done;
    // the values of G:(done option) wait on `done`, in order.
    let mut stack: Vec<(ValueId, usize)> = vec![(h, 0)];
    let mut done: Vec<ValueId> = Vec::new();
    while let Some(&mut (x, ref mut next)) = stack.last_mut() {
        let (xl, xr) = (store.left_options(x)?, store.right_options(x)?);
        let i = *next;
        if i < xl.len() + xr.len() {
            *next += 1;
            let y = if i < xl.len() {
                xl[i]
            } else {
                xr[i - xl.len()]
            };
            match memo.get(&y) {
                Some(&v) => done.push(v),
                None => {
                    store.tick()?;
                    stack.push((y, 0));
                }
            }
            continue;
        }
        stack.pop();
        let ours = done.split_off(done.len() - (xl.len() + xr.len()));
        let (hl, hr) = ours.split_at(xl.len());
        let l: Vec<ValueId> = gl.iter().chain(hl).copied().collect();
        let r: Vec<ValueId> = gr.iter().chain(hr).copied().collect();
        let v = store.game(&l, &r)?;
        memo.insert(x, v);
        done.push(v);
    }
    Ok(done[0])
}
