//! Surreal numbers as CGSuite has them (`SurrealNumber`): quotients
//! `a / b` of generalized ordinals, the field of fractions of the ring of
//! [`GenOrdinal`]s. The ring is the polynomials over the integers in the
//! variables ω^(ω^e) (ω^(ω^e₁×m₁ + ω^e₂×m₂) = (ω^(ω^e₁))^m₁ × (ω^(ω^e₂))^m₂),
//! a unique factorization domain, so each quotient has lowest terms, unique
//! once the denominator is positive: that is the form kept here, reduced
//! by the GCD of [`super::poly`].

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use super::poly::{self, Poly};
use super::{GenOrdinal, OrdinalError, Res, Term};

/// A surreal number `num / den` in lowest terms, `den > 0` (and
/// `den = 1` for a generalized ordinal, an integer among them). Ordered
/// (as `Ord`) by its form, for sets; [`Surreal::cmp_value`] is the order
/// of the numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Surreal {
    num: GenOrdinal,
    den: GenOrdinal,
}

/// The variables of the polynomials behind some generalized ordinals:
/// every exponent of an exponent (the e of a factor ω^(ω^e)), numbered.
struct Vars {
    index: BTreeMap<GenOrdinal, usize>,
    list: Vec<GenOrdinal>,
}

impl Vars {
    fn of(xs: &[&GenOrdinal]) -> Vars {
        let mut index = BTreeMap::new();
        for x in xs {
            for t in x.terms() {
                for u in t.exp.terms() {
                    index.entry(u.exp.clone()).or_insert(0);
                }
            }
        }
        // Largest first: the variable order of the GCD (any order is right).
        let list: Vec<GenOrdinal> = index.keys().rev().cloned().collect();
        for (i, e) in list.iter().enumerate() {
            index.insert(e.clone(), i);
        }
        Vars { index, list }
    }

    fn poly(&self, x: &GenOrdinal) -> Poly {
        let n = self.list.len();
        Poly::from_terms(
            n,
            x.terms().iter().map(|t| {
                let mut e = vec![0; n];
                for u in t.exp.terms() {
                    e[self.index[&u.exp]] = u.coeff;
                }
                (e, t.coeff)
            }),
        )
    }

    fn ordinal(&self, p: &Poly) -> Res<GenOrdinal> {
        let terms = p
            .terms()
            .map(|t| {
                let (e, c) = t?;
                let exp = GenOrdinal::from_terms(
                    e.iter()
                        .zip(&self.list)
                        .filter(|(m, _)| **m != 0)
                        .map(|(m, v)| Term {
                            exp: v.clone(),
                            coeff: *m,
                        })
                        .collect(),
                )?;
                Ok(Term { exp, coeff: c })
            })
            .collect::<Res<Vec<_>>>()?;
        GenOrdinal::from_terms(terms)
    }
}

/// `a / gcd(a, b)` and `b / gcd(a, b)`.
fn reduce(a: &GenOrdinal, b: &GenOrdinal) -> Res<(GenOrdinal, GenOrdinal)> {
    let vars = Vars::of(&[a, b]);
    let (pa, pb) = (vars.poly(a), vars.poly(b));
    let g = poly::gcd(&pa, &pb)?;
    let div = |p: &Poly| -> Res<GenOrdinal> {
        let q = p.exact_div(&g)?.expect("the GCD divides exactly");
        vars.ordinal(&q)
    };
    Ok((div(&pa)?, div(&pb)?))
}

/// The GCD of two generalized ordinals as polynomials, with a positive
/// leading coefficient (the slow check of the tests, and `gcd` itself).
pub fn ordinal_gcd(a: &GenOrdinal, b: &GenOrdinal) -> Res<GenOrdinal> {
    let vars = Vars::of(&[a, b]);
    let g = poly::gcd(&vars.poly(a), &vars.poly(b))?;
    let g = vars.ordinal(&g)?;
    if g.sign() < 0 { g.neg() } else { Ok(g) }
}

impl Surreal {
    /// `num / den` in lowest terms; an error when `den` is 0.
    pub fn new(num: &GenOrdinal, den: &GenOrdinal) -> Res<Surreal> {
        if den.is_zero() {
            return Err(OrdinalError::DivisionByZero);
        }
        if num.is_zero() {
            return Ok(Surreal::from(GenOrdinal::zero()));
        }
        let (num, den) = if den.as_int() == Some(1) {
            (num.clone(), den.clone())
        } else {
            reduce(num, den)?
        };
        if den.sign() < 0 {
            Ok(Surreal {
                num: num.neg()?,
                den: den.neg()?,
            })
        } else {
            Ok(Surreal { num, den })
        }
    }

    /// The numerator, in lowest terms.
    pub fn num(&self) -> &GenOrdinal {
        &self.num
    }

    /// The denominator, in lowest terms: positive.
    pub fn den(&self) -> &GenOrdinal {
        &self.den
    }

    /// The generalized ordinal it is, when its denominator is 1.
    pub fn as_ordinal(&self) -> Option<&GenOrdinal> {
        (self.den.as_int() == Some(1)).then_some(&self.num)
    }

    /// `(p, q)` when it is the rational number p / q (q > 0, lowest terms).
    pub fn as_rational(&self) -> Option<(i128, i128)> {
        Some((self.num.as_int()?, self.den.as_int()?))
    }

    /// ω^x of a generalized ordinal x = α − β: ω^α / ω^β (CGSuite's
    /// `OmegaPower`).
    pub fn omega_pow(x: &GenOrdinal) -> Res<Surreal> {
        let part = |positive: bool| -> Res<GenOrdinal> {
            let terms = x
                .terms()
                .iter()
                .filter(|t| (t.coeff > 0) == positive)
                .map(|t| {
                    Ok(Term {
                        exp: t.exp.clone(),
                        coeff: t.coeff.checked_abs().ok_or(OrdinalError::Overflow)?,
                    })
                })
                .collect::<Res<Vec<_>>>()?;
            GenOrdinal::omega_pow(&GenOrdinal::from_terms(terms)?)
        };
        Surreal::new(&part(true)?, &part(false)?)
    }

    /// The sum.
    pub fn add(&self, other: &Surreal) -> Res<Surreal> {
        let num = self.num.mul(&other.den)?.add(&other.num.mul(&self.den)?)?;
        Surreal::new(&num, &self.den.mul(&other.den)?)
    }

    /// The negative.
    pub fn neg(&self) -> Res<Surreal> {
        Ok(Surreal {
            num: self.num.neg()?,
            den: self.den.clone(),
        })
    }

    /// The difference.
    pub fn sub(&self, other: &Surreal) -> Res<Surreal> {
        self.add(&other.neg()?)
    }

    /// The product.
    pub fn mul(&self, other: &Surreal) -> Res<Surreal> {
        Surreal::new(&self.num.mul(&other.num)?, &self.den.mul(&other.den)?)
    }

    /// The reciprocal; an error for 0.
    pub fn recip(&self) -> Res<Surreal> {
        Surreal::new(&self.den, &self.num)
    }

    /// The quotient; an error when `other` is 0.
    pub fn div(&self, other: &Surreal) -> Res<Surreal> {
        Surreal::new(&self.num.mul(&other.den)?, &self.den.mul(&other.num)?)
    }

    /// The n-th power (n < 0: of the reciprocal).
    pub fn pow(&self, n: i64) -> Res<Surreal> {
        let base = if n < 0 { self.recip()? } else { self.clone() };
        let k = n.unsigned_abs();
        Surreal::new(&base.num.pow(k)?, &base.den.pow(k)?)
    }

    /// -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        self.num.sign()
    }

    /// The absolute value.
    pub fn abs(&self) -> Res<Surreal> {
        if self.sign() < 0 {
            self.neg()
        } else {
            Ok(self.clone())
        }
    }

    /// The order of the numbers: the sign of `a·d − c·b` for `a/b` and
    /// `c/d` (both denominators positive).
    pub fn cmp_value(&self, other: &Surreal) -> Res<Ordering> {
        let d = self.num.mul(&other.den)?.sub(&other.num.mul(&self.den)?)?;
        Ok(d.sign().cmp(&0))
    }
}

impl From<GenOrdinal> for Surreal {
    fn from(num: GenOrdinal) -> Surreal {
        Surreal {
            num,
            den: GenOrdinal::int(1),
        }
    }
}

impl fmt::Display for Surreal {
    /// CGSuite's notation: `1/ω`, `(ω+7)/ω×7`, `(ω^ω+1)/(ω+1)`, and a
    /// generalized ordinal as itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |x: &GenOrdinal| {
            if x.terms().len() > 1 {
                format!("({x})")
            } else {
                x.to_string()
            }
        };
        if self.as_ordinal().is_some() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", part(&self.num), part(&self.den))
        }
    }
}
