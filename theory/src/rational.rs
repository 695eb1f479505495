//! Rational numbers as CGSuite has them (`RationalNumber`): exact
//! quotients `p/q` of big integers in lowest terms with `q > 0`, and the
//! two infinities `1/0` (∞) and `-1/0` (−∞) that CGSuite's class
//! `Rational` adds to them. `0/0` is refused (CGSuite: "/ by zero").
//!
//! The numbers are totally ordered (−∞ below every rational, ∞ above),
//! and `Ord` is that order. The arithmetic is the field's; with an
//! infinity it is the usual one of the extended line (∞ + x = ∞ for x
//! finite or ∞, ∞ · x = ±∞ for x ≠ 0, x / ∞ = 0, x / 0 = ±∞ for x ≠ 0),
//! and what has no value there (∞ − ∞, 0 · ∞, ∞ / ∞, 0 / 0) is an
//! error. Numerators and denominators are bounded by [`MAX_BITS`] bits,
//! so a long computation stops with [`RationalError::TooLarge`] rather
//! than filling memory.

use std::cmp::Ordering;
use std::fmt;

pub use num_bigint::BigInt;
use num_bigint::Sign;
use num_integer::Integer as _;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A big integer as a 64-bit one, when it fits.
pub fn small(n: &BigInt) -> Option<i64> {
    n.to_i64()
}

/// The most bits a numerator or a denominator may have.
pub const MAX_BITS: u64 = 1 << 16;

/// What a rational operation cannot give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RationalError {
    /// `0/0`: a quotient by zero with nothing to divide.
    DivisionByZero,
    /// An operation with an infinity that has no value (`∞ - ∞`,
    /// `0 * ∞`, `∞ / ∞`, `∞ % x`, the floor of ∞); the text says which.
    Undefined(String),
    /// A numerator or denominator beyond [`MAX_BITS`] bits.
    TooLarge,
}

impl fmt::Display for RationalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RationalError::DivisionByZero => write!(f, "0/0 has no value"),
            RationalError::Undefined(what) => write!(f, "{what} has no value"),
            RationalError::TooLarge => write!(
                f,
                "a rational number's numerator or denominator would exceed {MAX_BITS} bits"
            ),
        }
    }
}

impl std::error::Error for RationalError {}

type Res<T> = Result<T, RationalError>;

/// A rational number in lowest terms with a positive denominator, or ±∞
/// (denominator 0, numerator ±1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rational {
    num: BigInt,
    den: BigInt,
}

fn checked(x: BigInt) -> Res<BigInt> {
    if x.bits() > MAX_BITS {
        Err(RationalError::TooLarge)
    } else {
        Ok(x)
    }
}

impl Rational {
    /// `num / den` in lowest terms; `n/0` is ±∞ by the sign of n, and
    /// `0/0` an error (CGSuite's `RationalNumber(n, d)`).
    pub fn new(num: BigInt, den: BigInt) -> Res<Rational> {
        if den.is_zero() {
            return match num.sign() {
                Sign::NoSign => Err(RationalError::DivisionByZero),
                Sign::Plus => Ok(Rational::infinity(1)),
                Sign::Minus => Ok(Rational::infinity(-1)),
            };
        }
        let g = num.gcd(&den);
        let (mut num, mut den) = (num / &g, den / &g);
        if den.is_negative() {
            (num, den) = (-num, -den);
        }
        Ok(Rational {
            num: checked(num)?,
            den: checked(den)?,
        })
    }

    /// The integer n.
    pub fn int(n: impl Into<BigInt>) -> Rational {
        Rational {
            num: n.into(),
            den: BigInt::one(),
        }
    }

    /// ∞ (sign ≥ 0) or −∞ (sign < 0).
    pub fn infinity(sign: i32) -> Rational {
        Rational {
            num: BigInt::from(if sign < 0 { -1 } else { 1 }),
            den: BigInt::zero(),
        }
    }

    /// The numerator in lowest terms (±1 for ±∞).
    pub fn num(&self) -> &BigInt {
        &self.num
    }

    /// The denominator in lowest terms: positive, or 0 for ±∞.
    pub fn den(&self) -> &BigInt {
        &self.den
    }

    /// Whether it is ∞ or −∞.
    pub fn is_infinite(&self) -> bool {
        self.den.is_zero()
    }

    /// Whether it is an integer.
    pub fn is_integer(&self) -> bool {
        self.den.is_one()
    }

    /// Whether its denominator is a power of two (integers are dyadic,
    /// the infinities are not).
    pub fn is_dyadic(&self) -> bool {
        self.den.is_positive() && self.den.magnitude().count_ones() == 1
    }

    /// `(p, q)` as 64-bit integers, when both fit (q = 0 for ±∞).
    pub fn to_i64s(&self) -> Option<(i64, i64)> {
        Some((self.num.to_i64()?, self.den.to_i64()?))
    }

    /// `(p, q)` as 128-bit integers, when both fit.
    pub fn to_i128s(&self) -> Option<(i128, i128)> {
        Some((self.num.to_i128()?, self.den.to_i128()?))
    }

    /// -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        match self.num.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        }
    }

    /// The negative.
    pub fn neg(&self) -> Rational {
        Rational {
            num: -&self.num,
            den: self.den.clone(),
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Rational {
        Rational {
            num: self.num.abs(),
            den: self.den.clone(),
        }
    }

    /// The sum.
    pub fn add(&self, other: &Rational) -> Res<Rational> {
        match (self.is_infinite(), other.is_infinite()) {
            (false, false) => Rational::new(
                &self.num * &other.den + &other.num * &self.den,
                &self.den * &other.den,
            ),
            (true, true) if self.sign() != other.sign() => {
                Err(RationalError::Undefined("∞ - ∞".into()))
            }
            (true, _) => Ok(self.clone()),
            (false, true) => Ok(other.clone()),
        }
    }

    /// The difference.
    pub fn sub(&self, other: &Rational) -> Res<Rational> {
        self.add(&other.neg())
    }

    /// The product.
    pub fn mul(&self, other: &Rational) -> Res<Rational> {
        if (self.is_infinite() || other.is_infinite()) && (self.sign() == 0 || other.sign() == 0) {
            return Err(RationalError::Undefined("0 * ∞".into()));
        }
        Rational::new(&self.num * &other.num, &self.den * &other.den)
    }

    /// The reciprocal: 1/0 is ∞, 1/±∞ is 0.
    pub fn recip(&self) -> Rational {
        if self.sign() == 0 {
            return Rational::infinity(1);
        }
        if self.is_infinite() {
            return Rational::int(0);
        }
        let (num, den) = if self.num.is_negative() {
            (-&self.den, -&self.num)
        } else {
            (self.den.clone(), self.num.clone())
        };
        Rational { num, den }
    }

    /// The quotient: x / 0 is ±∞ by the sign of x, 0 / 0 and ∞ / ∞ errors.
    pub fn div(&self, other: &Rational) -> Res<Rational> {
        if self.sign() == 0 && other.sign() == 0 {
            return Err(RationalError::DivisionByZero);
        }
        if self.is_infinite() && other.is_infinite() {
            return Err(RationalError::Undefined("∞ / ∞".into()));
        }
        self.mul(&other.recip())
    }

    /// The n-th power (n < 0: of the reciprocal); 0 to a negative power
    /// is ∞, as 1/0 is, and an infinity's powers are its sign's.
    pub fn pow(&self, n: i64) -> Res<Rational> {
        let base = if n < 0 { self.recip() } else { self.clone() };
        let k = n.unsigned_abs();
        if base.is_infinite() {
            return Ok(match k {
                0 => Rational::int(1),
                k => Rational::infinity(if k.is_multiple_of(2) { 1 } else { base.sign() }),
            });
        }
        let bits = base.num.bits().max(base.den.bits());
        if bits > 1 && bits.saturating_sub(1).saturating_mul(k) > MAX_BITS {
            return Err(RationalError::TooLarge);
        }
        // An exponent beyond u32 leaves 0, 1 and -1 only, whose powers
        // repeat with period two.
        let k = u32::try_from(k).unwrap_or(if k.is_multiple_of(2) { 2 } else { 1 });
        Rational::new(checked(base.num.pow(k))?, checked(base.den.pow(k))?)
    }

    /// ⌊x⌋, an error for ±∞.
    pub fn floor(&self) -> Res<BigInt> {
        if self.is_infinite() {
            return Err(RationalError::Undefined(format!("the floor of {self}")));
        }
        Ok(self.num.div_floor(&self.den))
    }

    /// ⌈x⌉, an error for ±∞.
    pub fn ceiling(&self) -> Res<BigInt> {
        if self.is_infinite() {
            return Err(RationalError::Undefined(format!("the ceiling of {self}")));
        }
        Ok(-((-&self.num).div_floor(&self.den)))
    }

    /// `x // y` = ⌊x / y⌋; an error when y is 0 or either is infinite.
    pub fn floor_div(&self, other: &Rational) -> Res<BigInt> {
        self.finite_pair(other, "//")?;
        self.div(other)?.floor()
    }

    /// `x % y` = x − y·⌊x / y⌋, the remainder with the sign of y
    /// (CGSuite's `%`, and grundy's on integers); an error when y is 0 or
    /// either is infinite.
    pub fn rem(&self, other: &Rational) -> Res<Rational> {
        let q = self.floor_div(other)?;
        self.sub(&other.mul(&Rational::int(q))?)
    }

    fn finite_pair(&self, other: &Rational, op: &str) -> Res<()> {
        if self.is_infinite() || other.is_infinite() {
            return Err(RationalError::Undefined(format!("{self} {op} {other}")));
        }
        if other.sign() == 0 {
            return Err(RationalError::DivisionByZero);
        }
        Ok(())
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rational {
    /// The order of the numbers: −∞ < every rational < ∞.
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_infinite(), other.is_infinite()) {
            (false, false) => (&self.num * &other.den).cmp(&(&other.num * &self.den)),
            (true, true) => self.num.cmp(&other.num),
            (true, false) => self.sign().cmp(&0),
            (false, true) => 0.cmp(&other.sign()),
        }
    }
}

impl fmt::Display for Rational {
    /// CGSuite's text: `2/3`, `-1/7`, `5`, `∞`, `-∞`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_infinite() {
            write!(f, "{}∞", if self.sign() < 0 { "-" } else { "" })
        } else if self.is_integer() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
#[path = "rational_tests.rs"]
mod tests;
