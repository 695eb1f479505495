//! Dyadic rationals m / 2^k with checked arithmetic: the numbers of short games.

use std::cmp::Ordering;
use std::fmt;

use super::PartizanError;

/// Largest power of two a denominator may have. Keeping `k ≤ 62` means every
/// numerator and every cross-multiplied comparison fits in `i128` exactly.
pub const MAX_EXP: u32 = 62;

/// A dyadic rational `num / 2^exp` in lowest terms (`num` odd unless
/// `exp == 0`). Arithmetic is checked: a result that does not fit is
/// [`PartizanError::Overflow`], never a wrap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// The number 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// The number 1.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    /// The number −1.
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// The integer `n`.
    pub const fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced; `None` if `exp` exceeds [`MAX_EXP`] after reduction.
    pub fn new(num: i64, exp: u32) -> Option<Dyadic> {
        let (mut num, mut exp) = (num, exp);
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        (exp <= MAX_EXP).then_some(Dyadic { num, exp })
    }

    /// Reduces a wide numerator over `2^exp`; `None` when it does not fit.
    fn from_wide(num: i128, exp: u32) -> Option<Dyadic> {
        let (mut num, mut exp) = (num, exp);
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        if exp > MAX_EXP {
            return None;
        }
        i64::try_from(num).ok().map(|num| Dyadic { num, exp })
    }

    /// The `m` of `m / 2^k`: odd unless the number is an integer.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The `k` of the denominator `2^k`.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the denominator is 1.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Whether this is 0.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// The numerator scaled to denominator `2^exp` (`exp ≥ self.exp`).
    fn scaled(self, exp: u32) -> i128 {
        i128::from(self.num) << (exp - self.exp)
    }

    /// The sum; `None` when it does not fit.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let exp = self.exp.max(other.exp);
        Dyadic::from_wide(self.scaled(exp) + other.scaled(exp), exp)
    }

    /// The difference; `None` when it does not fit.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        self.checked_add(other.checked_neg()?)
    }

    /// The negative; `None` only for the numerator `i64::MIN`.
    pub fn checked_neg(self) -> Option<Dyadic> {
        self.num
            .checked_neg()
            .map(|num| Dyadic { num, exp: self.exp })
    }

    /// Floor (the largest integer ≤ self).
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// Ceiling (the smallest integer ≥ self).
    pub fn ceil(self) -> i64 {
        let f = self.floor();
        if self.exp == 0 { f } else { f + 1 }
    }

    /// Adds an integer, checked.
    pub fn add_int(self, n: i64) -> Option<Dyadic> {
        self.checked_add(Dyadic::int(n))
    }

    /// The birthday of this number as a game: `|n|` for an integer, and
    /// `⌊|x|⌋ + 1 + k` for `x = m/2^k` with `k ≥ 1`.
    pub fn birthday(self) -> u64 {
        let abs_floor = self.num.unsigned_abs() >> self.exp;
        if self.exp == 0 {
            abs_floor
        } else {
            abs_floor + 1 + u64::from(self.exp)
        }
    }

    /// The canonical options of this number as a game: `n = {n-1 | }` for
    /// `n > 0`, `{ | n+1}` for `n < 0`, `0 = { | }`, and
    /// `m/2^k = {(m-1)/2^k | (m+1)/2^k}`. `None` on overflow.
    pub fn options(self) -> Option<(Option<Dyadic>, Option<Dyadic>)> {
        if self.exp == 0 {
            return Some(match self.num.cmp(&0) {
                Ordering::Greater => (Some(Dyadic::int(self.num - 1)), None),
                Ordering::Less => (None, Some(Dyadic::int(self.num + 1))),
                Ordering::Equal => (None, None),
            });
        }
        let lo = Dyadic::new(self.num.checked_sub(1)?, self.exp)?;
        let hi = Dyadic::new(self.num.checked_add(1)?, self.exp)?;
        Some((Some(lo), Some(hi)))
    }

    /// The simplest number strictly or non-strictly between two bounds
    /// (`None` bound = unbounded). `Ok(None)` if the interval is empty;
    /// [`PartizanError::Overflow`] if its simplest number does not fit.
    ///
    /// The simplest number of an interval is the one born first: the
    /// integer of least magnitude if the interval holds an integer, else
    /// the dyadic with the smallest denominator (unique in the interval).
    pub fn simplest_between(
        lo: Option<Bound>,
        hi: Option<Bound>,
    ) -> Result<Option<Dyadic>, PartizanError> {
        let contains = |x: Dyadic| {
            lo.is_none_or(|b| match x.cmp(&b.at) {
                Ordering::Greater => true,
                Ordering::Equal => b.inclusive,
                Ordering::Less => false,
            }) && hi.is_none_or(|b| match x.cmp(&b.at) {
                Ordering::Less => true,
                Ordering::Equal => b.inclusive,
                Ordering::Greater => false,
            })
        };
        if let (Some(l), Some(h)) = (lo, hi) {
            match l.at.cmp(&h.at) {
                Ordering::Greater => return Ok(None),
                Ordering::Equal => {
                    return Ok((l.inclusive && h.inclusive).then_some(l.at));
                }
                Ordering::Less => {}
            }
        }
        if contains(Dyadic::ZERO) {
            return Ok(Some(Dyadic::ZERO));
        }
        // The interval lies on one side of zero.
        let positive = lo.is_some_and(|b| b.at >= Dyadic::ZERO);
        if positive {
            let Some(l) = lo else { return Ok(None) };
            // Smallest integer in the interval, if any.
            let mut n = l.at.ceil();
            if !contains(Dyadic::int(n)) {
                n = n.checked_add(1).ok_or(PartizanError::Overflow)?;
            }
            if contains(Dyadic::int(n)) {
                return Ok(Some(Dyadic::int(n)));
            }
        } else {
            let Some(h) = hi else { return Ok(None) };
            let mut n = h.at.floor();
            if !contains(Dyadic::int(n)) {
                n = n.checked_sub(1).ok_or(PartizanError::Overflow)?;
            }
            if contains(Dyadic::int(n)) {
                return Ok(Some(Dyadic::int(n)));
            }
        }
        // No integer inside: both bounds are finite and less than one apart,
        // and the interval is not empty (its ends differ or it is open
        // between two distinct points), so a dyadic with denominator at most
        // twice the larger bound denominator lies inside.
        let (Some(l), Some(h)) = (lo, hi) else {
            return Ok(None);
        };
        for k in 1..=MAX_EXP {
            // Smallest multiple of 2^-k that is ≥ l.at.
            let scaled = l.at.scaled(l.at.exp.max(k));
            let shift = l.at.exp.max(k) - k;
            let mut m = ceil_shift(scaled, shift);
            let cand = |m: i128| Dyadic::from_wide(m, k);
            if let Some(x) = cand(m)
                && !contains(x)
            {
                m += 1;
            }
            if let Some(x) = cand(m)
                && contains(x)
            {
                return Ok(Some(x));
            }
            if h.at.exp < k && l.at.exp < k {
                return Ok(None);
            }
        }
        Err(PartizanError::Overflow)
    }
}

/// `⌈v / 2^shift⌉` for a wide integer.
fn ceil_shift(v: i128, shift: u32) -> i128 {
    let q = v >> shift;
    if q << shift == v { q } else { q + 1 }
}

/// One end of an interval of numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bound {
    /// Where the interval ends.
    pub at: Dyadic,
    /// Whether `at` itself is in the interval.
    pub inclusive: bool,
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let exp = self.exp.max(other.exp);
        self.scaled(exp).cmp(&other.scaled(exp))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Checked arithmetic helpers that report [`PartizanError::Overflow`].
pub(crate) fn add(a: Dyadic, b: Dyadic) -> Result<Dyadic, PartizanError> {
    a.checked_add(b).ok_or(PartizanError::Overflow)
}

pub(crate) fn sub(a: Dyadic, b: Dyadic) -> Result<Dyadic, PartizanError> {
    a.checked_sub(b).ok_or(PartizanError::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap_or_else(|| panic!("bad dyadic"))
    }

    fn b(at: Dyadic, inclusive: bool) -> Option<Bound> {
        Some(Bound { at, inclusive })
    }

    #[test]
    fn reduces_and_prints() {
        assert_eq!(d(6, 3).to_string(), "3/4");
        assert_eq!(d(-10, 4).to_string(), "-5/8");
        assert_eq!(d(8, 3).to_string(), "1");
        assert!(Dyadic::new(1, 63).is_none());
        assert_eq!(d(1, 1).checked_add(d(1, 2)), Some(d(3, 2)));
        assert_eq!(Dyadic::int(i64::MAX).checked_add(Dyadic::ONE), None);
        assert!(d(3, 2) < Dyadic::ONE && d(-1, 1) > Dyadic::MINUS_ONE);
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert_eq!(d(25, 4).birthday(), 6);
        assert_eq!(d(-1, 1).birthday(), 2);
        assert_eq!(Dyadic::int(-5).birthday(), 5);
    }

    #[test]
    fn simplest_numbers() {
        let s = |l, h| Dyadic::simplest_between(l, h).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s(None, None), Some(Dyadic::ZERO));
        assert_eq!(s(b(Dyadic::ZERO, false), None), Some(Dyadic::ONE));
        assert_eq!(
            s(b(Dyadic::ZERO, false), b(Dyadic::ONE, false)),
            Some(d(1, 1))
        );
        assert_eq!(s(b(d(1, 1), false), b(Dyadic::ONE, false)), Some(d(3, 2)));
        assert_eq!(s(b(d(1, 1), true), b(Dyadic::ONE, false)), Some(d(1, 1)));
        assert_eq!(s(None, b(Dyadic::int(-3), false)), Some(Dyadic::int(-4)));
        assert_eq!(
            s(b(Dyadic::int(2), true), b(Dyadic::int(2), true)),
            Some(Dyadic::int(2))
        );
        assert_eq!(s(b(Dyadic::int(2), true), b(Dyadic::int(2), false)), None);
        assert_eq!(s(b(Dyadic::int(3), false), b(Dyadic::int(2), false)), None);
        assert_eq!(s(b(d(-7, 3), false), b(d(-5, 3), false)), Some(d(-3, 2)));
        assert_eq!(s(b(d(5, 3), false), b(d(7, 3), true)), Some(d(3, 2)));
        assert_eq!(s(b(d(3, 2), false), b(d(7, 3), true)), Some(d(7, 3)));
        assert_eq!(s(b(d(5, 3), false), b(d(3, 2), false)), Some(d(11, 4)));
        assert_eq!(s(b(d(3, 2), false), b(d(3, 2), false)), None);
    }
}
