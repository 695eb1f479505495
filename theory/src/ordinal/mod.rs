//! Generalized ordinals: the finite sums `ω^α₁×n₁ + ω^α₂×n₂ + …` with
//! ordinals α₁ > α₂ > … (themselves in Cantor normal form) and nonzero
//! integer coefficients nᵢ, CGSuite's `GeneralizedOrdinal`. With the
//! natural (Hessenberg) operations — exponents add as ordinals in
//! Cantor normal form add coefficient by coefficient — they are the
//! polynomials in ω over the integers whose exponents are ordinals: a
//! commutative ring, ordered by the sign of the leading coefficient. An
//! ordinal is such a sum whose coefficients are all positive.
//!
//! [`nim`] is transfinite nim arithmetic on the ordinals below ω^ω^ω:
//! nim sums of any ordinals, nim products below the fields whose Lenstra
//! constants it computes. [`surreal`] is the field of their quotients,
//! CGSuite's surreal numbers `1/ω`, kept in lowest terms by the
//! polynomial GCD of [`poly`].

pub mod nim;
pub mod poly;
pub mod surreal;
#[cfg(test)]
mod surreal_tests;
#[cfg(test)]
mod tests;
mod tower;

use std::cmp::Ordering;
use std::fmt;

/// The deepest tower of exponents a generalized ordinal may hold
/// (ω^ω^…^ω); deeper ones are refused, so the recursive walks over a
/// value stay shallow.
pub const MAX_HEIGHT: usize = 64;

/// The most pairs of terms one product multiplies (here and in the nim
/// field): a bigger product is refused rather than left to run.
pub const MAX_PAIRS: usize = 4_000_000;

/// Why an operation on generalized ordinals has no answer here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrdinalError {
    /// A coefficient left the range of 128-bit integers.
    Overflow,
    /// A tower of exponents deeper than [`MAX_HEIGHT`].
    TooTall,
    /// An exponent of ω that is not an ordinal (`ω^(ω-1)`, `ω^-1`).
    NotOrdinalExponent(String),
    /// A nim operation on a value that is not an ordinal (`(ω-1)`).
    NotOrdinal(String),
    /// A nim product or power beyond the fields computed here.
    OutOfRange(String),
    /// A product of more than [`MAX_PAIRS`] pairs of terms, or a nim
    /// operation of more than [`nim::MAX_WORK`] monomial products.
    TooLarge,
    /// A quotient by 0.
    DivisionByZero,
}

impl OrdinalError {
    /// The stable code of the error.
    pub fn code(&self) -> &'static str {
        match self {
            OrdinalError::Overflow => "grundy::ordinal::overflow",
            OrdinalError::TooTall => "grundy::ordinal::too_tall",
            OrdinalError::NotOrdinalExponent(_) => "grundy::ordinal::exponent",
            OrdinalError::NotOrdinal(_) => "grundy::ordinal::not_ordinal",
            OrdinalError::OutOfRange(_) => "grundy::ordinal::out_of_range",
            OrdinalError::TooLarge => "grundy::ordinal::too_large",
            OrdinalError::DivisionByZero => "grundy::ordinal::division_by_zero",
        }
    }

    /// A line saying what to do instead.
    pub fn help(&self) -> String {
        match self {
            OrdinalError::Overflow => {
                "coefficients of generalized ordinals are 128-bit integers".into()
            }
            OrdinalError::TooTall => {
                format!("towers of exponents are at most {MAX_HEIGHT} high")
            }
            OrdinalError::NotOrdinalExponent(_) => {
                "ω may be raised to an ordinal (ω^ω, ω^(ω+1)); any value to an integer n >= 0"
                    .into()
            }
            OrdinalError::NotOrdinal(_) => {
                "nim arithmetic applies to ordinals: sums of powers of ω with positive coefficients"
                    .into()
            }
            OrdinalError::OutOfRange(_) => nim::RANGE_HELP.into(),
            OrdinalError::TooLarge => format!(
                "a product multiplies at most {MAX_PAIRS} pairs of terms, a nim operation {} products of monomials, and the lowest terms of a quotient take at most {} division steps, {}-bit coefficients and {} distinct ω^(ω^e) in their GCD: use fewer terms or a smaller power",
                nim::MAX_WORK,
                poly::MAX_STEPS,
                poly::MAX_BITS,
                poly::MAX_VARS
            ),
            OrdinalError::DivisionByZero => "a surreal number's denominator is never 0".into(),
        }
    }
}

impl fmt::Display for OrdinalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrdinalError::Overflow => {
                write!(f, "a coefficient of a generalized ordinal overflowed")
            }
            OrdinalError::TooTall => write!(f, "a tower of exponents of ω is too high"),
            OrdinalError::NotOrdinalExponent(x) => {
                write!(f, "ω cannot be raised to {x}, which is not an ordinal")
            }
            OrdinalError::NotOrdinal(x) => write!(f, "{x} is not an ordinal"),
            OrdinalError::OutOfRange(why) => write!(f, "nim arithmetic out of range: {why}"),
            OrdinalError::TooLarge => write!(
                f,
                "a product or quotient of generalized ordinals is too large"
            ),
            OrdinalError::DivisionByZero => write!(f, "division by zero"),
        }
    }
}

impl std::error::Error for OrdinalError {}

/// One term `ω^exp × coeff`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Term {
    /// The exponent, an ordinal.
    pub exp: GenOrdinal,
    /// The coefficient, never 0.
    pub coeff: i128,
}

/// A generalized ordinal: its terms by decreasing exponent, none with a
/// zero coefficient (so 0 has no terms and each value one form).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct GenOrdinal {
    terms: Vec<Term>,
}

type Res<T> = Result<T, OrdinalError>;

impl GenOrdinal {
    /// Zero.
    pub fn zero() -> GenOrdinal {
        GenOrdinal::default()
    }

    /// The integer n.
    pub fn int(n: i128) -> GenOrdinal {
        GenOrdinal::monomial(GenOrdinal::zero(), n)
    }

    /// ω.
    pub fn omega() -> GenOrdinal {
        GenOrdinal::monomial(GenOrdinal::int(1), 1)
    }

    /// `ω^exp × coeff` (exp must be an ordinal; not checked here).
    fn monomial(exp: GenOrdinal, coeff: i128) -> GenOrdinal {
        if coeff == 0 {
            return GenOrdinal::zero();
        }
        GenOrdinal {
            terms: vec![Term { exp, coeff }],
        }
    }

    /// ω^exp, for an ordinal exp.
    pub fn omega_pow(exp: &GenOrdinal) -> Res<GenOrdinal> {
        if !exp.is_ordinal() {
            return Err(OrdinalError::NotOrdinalExponent(exp.to_string()));
        }
        if exp.height() >= MAX_HEIGHT {
            return Err(OrdinalError::TooTall);
        }
        Ok(GenOrdinal::monomial(exp.clone(), 1))
    }

    /// From terms in any order (equal exponents merge, zeros drop).
    pub fn from_terms(mut terms: Vec<Term>) -> Res<GenOrdinal> {
        terms.sort_by(|a, b| b.exp.cmp(&a.exp));
        let mut out: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match out.last_mut() {
                Some(last) if last.exp == t.exp => {
                    last.coeff = last
                        .coeff
                        .checked_add(t.coeff)
                        .ok_or(OrdinalError::Overflow)?;
                }
                _ => out.push(t),
            }
        }
        out.retain(|t| t.coeff != 0);
        Ok(GenOrdinal { terms: out })
    }

    /// The terms, by decreasing exponent.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The value as an integer, if it is finite.
    pub fn as_int(&self) -> Option<i128> {
        match self.terms.as_slice() {
            [] => Some(0),
            [t] if t.exp.is_zero() => Some(t.coeff),
            _ => None,
        }
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether it is an ordinal: every coefficient positive.
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coeff > 0)
    }

    /// How many exponents deep it is: 0 for an integer, 1 for ω + 5,
    /// 2 for ω^ω, ...
    pub fn height(&self) -> usize {
        self.terms
            .iter()
            .map(|t| {
                if t.exp.is_zero() {
                    0
                } else {
                    1 + t.exp.height()
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        self.terms.first().map_or(0, |t| t.coeff.signum() as i32)
    }

    /// The negative.
    pub fn neg(&self) -> Res<GenOrdinal> {
        self.map_coeffs(i128::checked_neg)
    }

    /// Each coefficient mapped by `f` (None: an overflow), the exponents
    /// kept; `f` keeps coefficients nonzero, so the form stays canonical.
    fn map_coeffs(&self, f: impl Fn(i128) -> Option<i128>) -> Res<GenOrdinal> {
        let terms = self
            .terms
            .iter()
            .map(|t| {
                Ok(Term {
                    exp: t.exp.clone(),
                    coeff: f(t.coeff).ok_or(OrdinalError::Overflow)?,
                })
            })
            .collect::<Res<Vec<_>>>()?;
        Ok(GenOrdinal { terms })
    }

    /// The absolute value.
    pub fn abs(&self) -> Res<GenOrdinal> {
        if self.sign() < 0 {
            self.neg()
        } else {
            Ok(self.clone())
        }
    }

    /// The birthday as CGSuite gives it: every coefficient made positive
    /// (ω - 5 is born on day ω + 5).
    pub fn birthday(&self) -> Res<GenOrdinal> {
        self.map_coeffs(i128::checked_abs)
    }

    /// The sum (for ordinals, the natural sum).
    pub fn add(&self, other: &GenOrdinal) -> Res<GenOrdinal> {
        let mut terms = self.terms.clone();
        terms.extend(other.terms.iter().cloned());
        GenOrdinal::from_terms(terms)
    }

    /// The difference.
    pub fn sub(&self, other: &GenOrdinal) -> Res<GenOrdinal> {
        self.add(&other.neg()?)
    }

    /// The product: polynomials in ω multiplied out, exponents added as
    /// ordinals by their natural sum (for ordinals, the natural product).
    pub fn mul(&self, other: &GenOrdinal) -> Res<GenOrdinal> {
        if self.terms.len().saturating_mul(other.terms.len()) > MAX_PAIRS {
            return Err(OrdinalError::TooLarge);
        }
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for a in &self.terms {
            for b in &other.terms {
                let exp = a.exp.add(&b.exp)?;
                if exp.height() >= MAX_HEIGHT {
                    return Err(OrdinalError::TooTall);
                }
                let coeff = a.coeff.checked_mul(b.coeff).ok_or(OrdinalError::Overflow)?;
                terms.push(Term { exp, coeff });
            }
        }
        GenOrdinal::from_terms(terms)
    }

    /// The n-th power by repeated multiplication (`x^0 = 1`).
    pub fn pow(&self, mut n: u64) -> Res<GenOrdinal> {
        let mut base = self.clone();
        let mut out = GenOrdinal::int(1);
        while n > 0 {
            if n & 1 == 1 {
                out = out.mul(&base)?;
            }
            n >>= 1;
            if n > 0 {
                base = base.mul(&base)?;
            }
        }
        Ok(out)
    }
}

impl Ord for GenOrdinal {
    /// The order of the values: the sign of the difference, read off the
    /// first term where the two differ.
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |c: i128| c.cmp(&0);
        let mut i = 0;
        loop {
            match (self.terms.get(i), other.terms.get(i)) {
                (None, None) => return Ordering::Equal,
                (Some(a), None) => return sign(a.coeff),
                (None, Some(b)) => return sign(b.coeff).reverse(),
                (Some(a), Some(b)) => match a.exp.cmp(&b.exp) {
                    Ordering::Greater => return sign(a.coeff),
                    Ordering::Less => return sign(b.coeff).reverse(),
                    Ordering::Equal if a.coeff != b.coeff => return a.coeff.cmp(&b.coeff),
                    Ordering::Equal => i += 1,
                },
            }
        }
    }
}

impl PartialOrd for GenOrdinal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The text of ω^exp as CGSuite writes it: `ω`, `ω^5`, `ω^ω^2`,
/// `ω^(ω+1)`, `ω^(ω×4)`.
fn omega_power_text(exp: &GenOrdinal) -> String {
    if exp.as_int() == Some(1) {
        return "ω".into();
    }
    let inner = exp.to_string();
    match exp.terms.as_slice() {
        [t] if t.coeff == 1 || t.exp.is_zero() => format!("ω^{inner}"),
        _ => format!("ω^({inner})"),
    }
}

impl fmt::Display for GenOrdinal {
    /// CGSuite's notation: `ω^ω-ω^19×5+ω^2+1`, `-ω+5`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return write!(f, "0");
        }
        for (i, t) in self.terms.iter().enumerate() {
            if t.coeff < 0 {
                write!(f, "-")?;
            } else if i > 0 {
                write!(f, "+")?;
            }
            let c = t.coeff.unsigned_abs();
            if t.exp.is_zero() {
                write!(f, "{c}")?;
            } else {
                write!(f, "{}", omega_power_text(&t.exp))?;
                if c != 1 {
                    write!(f, "×{c}")?;
                }
            }
        }
        Ok(())
    }
}
