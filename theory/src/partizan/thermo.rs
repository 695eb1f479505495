//! Thermographs: the Left and Right walls of a game as piecewise-linear
//! functions of the temperature t ≥ −1, its mean (the mast) and its
//! temperature (where the mast begins).
//!
//! Conventions follow CGSuite: walls start at t = −1; an integer n has a
//! mast at n from t = −1 (temperature −1); a number m/2^k (k ≥ 1) has
//! temperature −1/2^k; `*`, `↑` and other infinitesimals have temperature 0.

use std::fmt;
use std::sync::Arc;

use super::dyadic::{self, Dyadic};
use super::store::{GameStore, ValueId};
use super::{Bound, PartizanError};

type Result<T> = std::result::Result<T, PartizanError>;

/// A piecewise-linear function of t on `[-1, ∞)`: from each point
/// `(t, value, slope)` it runs with that integer slope up to the next
/// point. The first point is at t = −1; the walls of a finished
/// thermograph end with slope 0 (the mast).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Wall {
    /// The breakpoints, by increasing `t`, the first at t = −1.
    pub points: Vec<WallPoint>,
}

/// One breakpoint of a [`Wall`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WallPoint {
    pub t: Dyadic,
    pub value: Dyadic,
    pub slope: i64,
}

impl Wall {
    fn constant(v: Dyadic) -> Wall {
        Wall {
            points: vec![WallPoint {
                t: Dyadic::MINUS_ONE,
                value: v,
                slope: 0,
            }],
        }
    }

    /// The value at temperature `t ≥ −1`.
    pub fn at(&self, t: Dyadic) -> Result<Dyadic> {
        let p = self
            .points
            .iter()
            .rev()
            .find(|p| p.t <= t)
            .or(self.points.first())
            .copied()
            .ok_or(PartizanError::Overflow)?;
        line(p, t)
    }

    /// The index of the segment containing `t`.
    fn segment(&self, t: Dyadic) -> WallPoint {
        let i = self.points.partition_point(|p| p.t <= t);
        self.points[i.saturating_sub(1)]
    }

    /// This wall plus `k·t`.
    fn tilt(&self, k: i64) -> Result<Wall> {
        let mut points = Vec::with_capacity(self.points.len());
        for p in &self.points {
            points.push(WallPoint {
                t: p.t,
                value: dyadic::add(p.value, times(p.t, k)?)?,
                slope: p.slope + k,
            });
        }
        Ok(Wall { points })
    }

    /// The pointwise maximum (`max = true`) or minimum of two walls.
    fn combine(&self, other: &Wall, max: bool) -> Result<Wall> {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(other.points.iter())
            .map(|p| p.t)
            .collect();
        ts.sort_unstable();
        ts.dedup();
        let better = |a: Dyadic, b: Dyadic| if max { a > b } else { a < b };
        let mut out: Vec<WallPoint> = Vec::new();
        for (i, &a) in ts.iter().enumerate() {
            let next = ts.get(i + 1).copied();
            let (f, g) = (self.segment(a), other.segment(a));
            let (fa, ga) = (line(f, a)?, line(g, a)?);
            // The leader at a: the better value, or on a tie the better slope.
            let (lead, lag, lv, gv) = if better(fa, ga)
                || (fa == ga
                    && (if max {
                        f.slope >= g.slope
                    } else {
                        f.slope <= g.slope
                    })) {
                (f, g, fa, ga)
            } else {
                (g, f, ga, fa)
            };
            push(
                &mut out,
                WallPoint {
                    t: a,
                    value: lv,
                    slope: lead.slope,
                },
            );
            // Does the other overtake before the next breakpoint?
            let gains = if max {
                lag.slope > lead.slope
            } else {
                lag.slope < lead.slope
            };
            if gains && lv != gv {
                let gap = dyadic::sub(lv, gv)?;
                let rate = lag.slope - lead.slope;
                let dt = divide(gap, rate)?;
                let cross = dyadic::add(a, dt)?;
                if next.is_none_or(|n| cross < n) {
                    push(
                        &mut out,
                        WallPoint {
                            t: cross,
                            value: line(lead, cross)?,
                            slope: lag.slope,
                        },
                    );
                }
            }
        }
        Ok(Wall { points: out })
    }

    /// The wall up to temperature `temp`, then vertical at `mast`.
    fn truncate(&self, temp: Dyadic, mast: Dyadic) -> Wall {
        let mut points: Vec<WallPoint> =
            self.points.iter().copied().filter(|p| p.t < temp).collect();
        push(
            &mut points,
            WallPoint {
                t: temp,
                value: mast,
                slope: 0,
            },
        );
        Wall { points }
    }
}

/// Appends a point unless it continues the previous segment unchanged.
fn push(out: &mut Vec<WallPoint>, p: WallPoint) {
    if let Some(last) = out.last() {
        if last.slope == p.slope && line(*last, p.t).is_ok_and(|v| v == p.value) {
            return;
        }
        if last.t == p.t {
            out.pop();
        }
    }
    out.push(p);
}

fn times(x: Dyadic, k: i64) -> Result<Dyadic> {
    let mut acc = Dyadic::ZERO;
    for _ in 0..k.unsigned_abs() {
        acc = dyadic::add(acc, x)?;
    }
    if k < 0 {
        acc = acc.checked_neg().ok_or(PartizanError::Overflow)?;
    }
    Ok(acc)
}

/// `x / k` for a slope difference `k` in {±1, ±2} (walls have slopes −1, 0, 1).
fn divide(x: Dyadic, k: i64) -> Result<Dyadic> {
    let q = match k.unsigned_abs() {
        1 => x,
        2 => Dyadic::new(x.numerator(), x.exponent() + 1).ok_or(PartizanError::Overflow)?,
        _ => return Err(PartizanError::Overflow),
    };
    if k < 0 {
        q.checked_neg().ok_or(PartizanError::Overflow)
    } else {
        Ok(q)
    }
}

/// The value of the line through `p` at `t`.
fn line(p: WallPoint, t: Dyadic) -> Result<Dyadic> {
    dyadic::add(p.value, times(dyadic::sub(t, p.t)?, p.slope)?)
}

/// A game's thermograph: its walls, mast (mean) and temperature.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    /// The Left wall: at each `t`, the Left stop of `G` cooled by `t`.
    pub left: Wall,
    /// The Right wall: at each `t`, the Right stop of `G` cooled by `t`.
    pub right: Wall,
    /// The mean value: where the mast stands.
    pub mean: Dyadic,
    /// The temperature: where the walls meet and the mast begins.
    pub temperature: Dyadic,
}

impl Thermograph {
    /// The CGSuite text form `Thermograph(mast,[temps],[slopes],mast,[temps],[slopes])`:
    /// for each wall, the temperatures where its slope changes, from the
    /// top down, and the slopes dv/dt from the mast down.
    pub fn cgsuite(&self) -> String {
        fn wall(w: &Wall, mean: Dyadic) -> String {
            let mut temps = Vec::new();
            let mut slopes = Vec::new();
            for p in w.points.iter().rev() {
                slopes.push(p.slope.to_string());
                if p.t > Dyadic::MINUS_ONE {
                    temps.push(p.t.to_string());
                }
            }
            format!("{mean},[{}],[{}]", temps.join(","), slopes.join(","))
        }
        format!(
            "Thermograph({},{})",
            wall(&self.left, self.mean),
            wall(&self.right, self.mean)
        )
    }
}

impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cgsuite())
    }
}

impl GameStore {
    /// The thermograph of `g` (cached).
    pub fn thermograph(&mut self, g: ValueId) -> Result<Arc<Thermograph>> {
        if let Some(t) = self.thermo_cache.get(&g) {
            return Ok(t.clone());
        }
        let th = Arc::new(self.compute_thermograph(g)?);
        self.thermo_cache.insert(g, th.clone());
        Ok(th)
    }

    /// The mean value (the mast of the thermograph).
    pub fn mean(&mut self, g: ValueId) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.mean)
    }

    /// The temperature (where the walls meet; −1 for integers, −1/2^k for
    /// m/2^k, 0 for infinitesimals such as `*` and `↑`).
    pub fn temperature(&mut self, g: ValueId) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.temperature)
    }

    fn compute_thermograph(&mut self, g: ValueId) -> Result<Thermograph> {
        if let Some(x) = self.as_number(g)
            && x.is_integer()
        {
            return Ok(Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                mean: x,
                temperature: Dyadic::MINUS_ONE,
            });
        }
        // Left scaffold: max over G^L of (right wall of G^L) − t; Right
        // scaffold: min over G^R of (left wall of G^R) + t.
        let mut ls: Option<Wall> = None;
        for &x in self.left_options(g)?.iter() {
            let w = self.thermograph(x)?.right.tilt(-1)?;
            ls = Some(match ls {
                None => w,
                Some(a) => a.combine(&w, true)?,
            });
        }
        let mut rs: Option<Wall> = None;
        for &y in self.right_options(g)?.iter() {
            let w = self.thermograph(y)?.left.tilt(1)?;
            rs = Some(match rs {
                None => w,
                Some(a) => a.combine(&w, false)?,
            });
        }
        // A non-integer canonical form has options on both sides.
        let (Some(ls), Some(rs)) = (ls, rs) else {
            return Err(PartizanError::Overflow);
        };
        let (temp, mast) = meeting(&ls, &rs)?;
        Ok(Thermograph {
            left: ls.truncate(temp, mast),
            right: rs.truncate(temp, mast),
            mean: mast,
            temperature: temp,
        })
    }
}

/// The least t ≥ −1 with `ls(t) ≤ rs(t)`, and the value there. `ls − rs`
/// never increases (slopes of `ls` are ≤ 0, of `rs` ≥ 0), and tends to
/// −∞, so the crossing exists.
fn meeting(ls: &Wall, rs: &Wall) -> Result<(Dyadic, Dyadic)> {
    let mut ts: Vec<Dyadic> = ls
        .points
        .iter()
        .chain(rs.points.iter())
        .map(|p| p.t)
        .collect();
    ts.sort_unstable();
    ts.dedup();
    let start = Dyadic::MINUS_ONE;
    let (l0, r0) = (ls.at(start)?, rs.at(start)?);
    if l0 <= r0 {
        // Not reached by canonical forms (checked in the tests); the value
        // is then the simplest number between the scaffolds.
        let x = Dyadic::simplest_between(
            Some(Bound {
                at: l0,
                inclusive: true,
            }),
            Some(Bound {
                at: r0,
                inclusive: true,
            }),
        )?
        .unwrap_or(l0);
        return Ok((start, x));
    }
    for (i, &a) in ts.iter().enumerate() {
        let (f, g) = (ls.segment(a), rs.segment(a));
        let (fa, ga) = (line(f, a)?, line(g, a)?);
        if fa <= ga {
            return Ok((a, fa));
        }
        let rate = g.slope - f.slope;
        if rate > 0 {
            let cross = dyadic::add(a, divide(dyadic::sub(fa, ga)?, rate)?)?;
            if ts.get(i + 1).is_none_or(|&n| cross <= n) {
                return Ok((cross, line(f, cross)?));
            }
        }
    }
    Err(PartizanError::Overflow)
}
