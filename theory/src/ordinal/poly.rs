//! Polynomials over the integers in several variables, for the lowest
//! terms of surreal numbers ([`super::surreal`]): a generalized ordinal
//! is such a polynomial, each ω^(ω^e) a variable, and a quotient of two
//! is reduced by their greatest common divisor.
//!
//! The representation is sparse: a map from exponent vectors (one entry a
//! variable) to nonzero coefficients, ordered lexicographically, so the
//! last entry is the leading term in the lex order x₀ > x₁ > …. The GCD is
//! the classical recursive one: in the first variable present, the GCD of
//! the contents (over the remaining variables, recursively) times the
//! primitive part of the last remainder of the primitive pseudo-remainder
//! sequence (Knuth, TAOCP vol. 2, §4.6.1, Algorithm E; Geddes, Czapor and
//! Labahn, *Algorithms for Computer Algebra*, §7.2).

use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::{OrdinalError, Res};

/// The most monomial steps one exact division or pseudo-remainder takes:
/// more is refused as [`OrdinalError::TooLarge`].
pub const MAX_STEPS: usize = 1_000_000;

/// The most variables (distinct ω^(ω^e)) one GCD works in; the recursion
/// over the variables is this deep at most.
pub const MAX_VARS: usize = 256;

/// The most bits an intermediate coefficient may take (the remainders of
/// the GCD grow before their contents are divided out): more is refused
/// as [`OrdinalError::TooLarge`].
pub const MAX_BITS: u64 = 1 << 16;

/// A polynomial: exponent vectors (all of one length, the number of
/// variables) to nonzero coefficients, which are big integers: the
/// remainders of the GCD outgrow the 128 bits of the ordinals' own
/// coefficients on the way to a small answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Poly {
    nvars: usize,
    terms: BTreeMap<Vec<i128>, BigInt>,
}

fn overflow() -> OrdinalError {
    OrdinalError::Overflow
}

/// The GCD of two integers, nonnegative.
fn int_gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.abs(), b.abs());
    while !b.is_zero() {
        let r = &a % &b;
        (a, b) = (b, r);
    }
    a
}

impl Poly {
    /// Zero, in `nvars` variables.
    pub fn zero(nvars: usize) -> Poly {
        Poly {
            nvars,
            terms: BTreeMap::new(),
        }
    }

    /// The constant c.
    pub fn constant(nvars: usize, c: BigInt) -> Poly {
        let mut p = Poly::zero(nvars);
        p.add_term(vec![0; nvars], c);
        p
    }

    /// From (exponents, coefficient) pairs; equal exponents add up.
    pub fn from_terms(nvars: usize, terms: impl IntoIterator<Item = (Vec<i128>, i128)>) -> Poly {
        let mut p = Poly::zero(nvars);
        for (e, c) in terms {
            debug_assert_eq!(e.len(), nvars);
            p.add_term(e, c.into());
        }
        p
    }

    fn add_term(&mut self, e: Vec<i128>, c: BigInt) {
        if c.is_zero() {
            return;
        }
        let slot = self.terms.entry(e).or_default();
        *slot += c;
        if slot.is_zero() {
            self.terms.retain(|_, c| !c.is_zero());
        }
    }

    /// The terms, in increasing lex order, their coefficients as 128-bit
    /// integers (an overflow when one is bigger).
    pub fn terms(&self) -> impl Iterator<Item = Res<(&Vec<i128>, i128)>> {
        self.terms
            .iter()
            .map(|(e, c)| Ok((e, i128::try_from(c).map_err(|_| overflow())?)))
    }

    fn big_terms(&self) -> impl Iterator<Item = (&Vec<i128>, &BigInt)> {
        self.terms.iter()
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The leading term in lex order.
    fn lead(&self) -> Option<(&Vec<i128>, &BigInt)> {
        self.terms.iter().next_back()
    }

    /// The sum.
    pub fn add(&self, other: &Poly) -> Poly {
        let mut out = self.clone();
        for (e, c) in other.big_terms() {
            out.add_term(e.clone(), c.clone());
        }
        out
    }

    /// The negative.
    pub fn neg(&self) -> Poly {
        let mut out = self.clone();
        for c in out.terms.values_mut() {
            *c = -&*c;
        }
        out
    }

    /// The difference.
    pub fn sub(&self, other: &Poly) -> Poly {
        self.add(&other.neg())
    }

    /// The product.
    pub fn mul(&self, other: &Poly) -> Res<Poly> {
        if self.terms.len().saturating_mul(other.terms.len()) > super::MAX_PAIRS {
            return Err(OrdinalError::TooLarge);
        }
        let mut out = Poly::zero(self.nvars);
        for (a, c) in self.big_terms() {
            for (b, d) in other.big_terms() {
                let e = a
                    .iter()
                    .zip(b)
                    .map(|(x, y)| x.checked_add(*y).ok_or_else(overflow))
                    .collect::<Res<Vec<_>>>()?;
                let cd = c * d;
                if cd.bits() > MAX_BITS {
                    return Err(OrdinalError::TooLarge);
                }
                out.add_term(e, cd);
            }
        }
        Ok(out)
    }

    /// `self / other` when `other` divides it exactly (None when it does
    /// not): the division algorithm in lex order, whose every step must
    /// take the leading term exactly.
    pub fn exact_div(&self, other: &Poly) -> Res<Option<Poly>> {
        let (le, lc) = other.lead().expect("division by the zero polynomial");
        let (le, lc) = (le.clone(), lc.clone());
        let mut rest = self.clone();
        let mut q = Poly::zero(self.nvars);
        let mut steps = 0usize;
        while let Some((e, c)) = rest.lead() {
            steps += other.terms.len();
            if steps > MAX_STEPS {
                return Err(OrdinalError::TooLarge);
            }
            if !(c % &lc).is_zero() || e.iter().zip(&le).any(|(x, y)| x < y) {
                return Ok(None);
            }
            let m: Vec<i128> = e.iter().zip(&le).map(|(x, y)| x - y).collect();
            let k = c / &lc;
            let mut t = Poly::zero(self.nvars);
            t.add_term(m.clone(), k.clone());
            rest = rest.sub(&other.mul(&t)?);
            q.add_term(m, k);
        }
        Ok(Some(q))
    }

    /// The first variable with a nonzero exponent in some term.
    fn first_var(&self) -> Option<usize> {
        (0..self.nvars).find(|&v| self.terms.keys().any(|e| e[v] != 0))
    }

    /// The degree in variable v (0 for the zero polynomial).
    fn degree(&self, v: usize) -> i128 {
        self.terms.keys().map(|e| e[v]).max().unwrap_or(0)
    }

    /// The coefficients in variable v: for each power of it, the
    /// polynomial (free of v) that multiplies it, highest power first.
    fn coefficients(&self, v: usize) -> Vec<(i128, Poly)> {
        let mut by: BTreeMap<i128, Poly> = BTreeMap::new();
        for (e, c) in self.big_terms() {
            let mut f = e.clone();
            f[v] = 0;
            by.entry(e[v])
                .or_insert_with(|| Poly::zero(self.nvars))
                .terms
                .insert(f, c.clone());
        }
        by.into_iter().rev().collect()
    }

    /// `x_v^k`.
    fn var_pow(&self, v: usize, k: i128) -> Poly {
        let mut e = vec![0; self.nvars];
        e[v] = k;
        Poly::from_terms(self.nvars, [(e, 1)])
    }

    /// The content in variable v: the GCD of the coefficients.
    fn content(&self, v: usize, depth: usize) -> Res<Poly> {
        let mut g = Poly::zero(self.nvars);
        for (_, c) in self.coefficients(v) {
            g = gcd_at(&g, &c, depth + 1)?;
            if g.is_unit() {
                break;
            }
        }
        Ok(g)
    }

    fn is_unit(&self) -> bool {
        self.terms.len() == 1
            && self
                .lead()
                .is_some_and(|(e, c)| c.abs().is_one() && e.iter().all(|x| *x == 0))
    }

    /// Divided by a divisor known to divide it.
    fn div_known(&self, d: &Poly) -> Res<Poly> {
        Ok(self
            .exact_div(d)?
            .expect("the content and the GCD divide exactly"))
    }

    /// The pseudo-remainder of self by g in variable v.
    fn prem(&self, g: &Poly, v: usize) -> Res<Poly> {
        let dg = g.degree(v);
        let lg = g.coefficients(v).swap_remove(0).1;
        let mut r = self.clone();
        let mut steps = 0usize;
        while !r.is_zero() && r.degree(v) >= dg {
            steps += r.terms.len() + g.terms.len();
            if steps > MAX_STEPS {
                return Err(OrdinalError::TooLarge);
            }
            let (dr, lr) = r.coefficients(v).swap_remove(0);
            let t = lr.mul(&self.var_pow(v, dr - dg))?;
            r = lg.mul(&r)?.sub(&t.mul(g)?);
        }
        Ok(r)
    }

    /// With a positive leading coefficient (in lex order).
    fn normalized(self) -> Poly {
        match self.lead() {
            Some((_, c)) if c.is_negative() => self.neg(),
            _ => self,
        }
    }
}

/// The greatest common divisor, with a positive leading coefficient in
/// lex order (0 when both are 0).
pub fn gcd(a: &Poly, b: &Poly) -> Res<Poly> {
    if a.nvars > MAX_VARS {
        return Err(OrdinalError::TooLarge);
    }
    gcd_at(a, b, 0)
}

fn gcd_at(a: &Poly, b: &Poly, depth: usize) -> Res<Poly> {
    if a.is_zero() {
        return Ok(b.clone().normalized());
    }
    if b.is_zero() {
        return Ok(a.clone().normalized());
    }
    let n = a.nvars;
    let v = match (a.first_var(), b.first_var()) {
        (None, None) => {
            let (x, y) = (a.lead().expect("nonzero").1, b.lead().expect("nonzero").1);
            return Ok(Poly::constant(n, int_gcd(x, y)));
        }
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
    };
    // The contents are free of v and of every variable before it, so
    // each level of the recursion starts at a later variable: it is at
    // most `nvars` deep.
    let (ca, cb) = (a.content(v, depth)?, b.content(v, depth)?);
    let c = gcd_at(&ca, &cb, depth + 1)?;
    let (mut f, mut g) = (a.div_known(&ca)?, b.div_known(&cb)?);
    if f.degree(v) < g.degree(v) {
        std::mem::swap(&mut f, &mut g);
    }
    // The primitive pseudo-remainder sequence in v.
    while !g.is_zero() && g.degree(v) > 0 {
        let r = f.prem(&g, v)?;
        f = g;
        g = if r.is_zero() {
            r
        } else {
            let cr = r.content(v, depth)?;
            r.div_known(&cr)?
        };
    }
    // A nonzero remainder free of v: the primitive parts are coprime.
    let h = if g.is_zero() {
        f
    } else {
        Poly::constant(n, BigInt::one())
    };
    Ok(c.mul(&h)?.normalized())
}
