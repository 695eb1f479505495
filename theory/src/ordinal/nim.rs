//! Transfinite nim arithmetic below ω^ω^ω (Conway, *On Numbers and
//! Games*, ch. 6; Lenstra, *On the algebraic closure of two*, 1977).
//!
//! The ordinals with nim addition and nim multiplication form a field,
//! and the ordinals below ω^ω^ω are the algebraic closure of the
//! two-element field. Nim addition of ordinals in Cantor normal form is
//! the exclusive or of the coefficients, term by term. For the product:
//! number the odd primes P₀ = 3, P₁ = 5, P₂ = 7, … An exponent below ω^ω
//! is `ω^k×n_k + … + ω×n₁ + n₀`; write each n_k in base P_k. Then the
//! ordinal `ω^(ω^k×P_k^i)` is Lenstra's κ_{P_k^(i+1)}, and an ordinal's
//! monomial ω^E is the nim product of the κ's its digits count (each
//! digit below its prime). So monomials multiply by adding digits, with
//! the relations `κ_{p^(i+1)}^p = κ_{p^i}` (a carry moves one digit
//! *down*) and `κ_p^p = α_p`, an ordinal below κ_p; coefficients (finite
//! ordinals) multiply as finite nimbers.
//!
//! Lenstra showed `α_p = κ_{f} + m`, where f is the order of 2 modulo p,
//! κ_f is a sum of κ_q over a set Q of prime powers q dividing f (his
//! Theorem 2.1 says which: `kappa_set`), and the excess m is the least
//! integer for which κ_f + m is not a p-th power. This module computes
//! Q and m itself, in its own arithmetic over the α's already known: an
//! element x of the finite field of degree d (the least d with
//! x^(2^d) = x) is a p-th power there, and so in every field of degree
//! d×e with e prime to p, exactly when p does not divide 2^d - 1 or
//! x^((2^d - 1)/p) = 1. The α's are computed once per process for the
//! first [`MAX_PRIMES`] odd primes (3 to 43, in under 0.1 s together;
//! the next, 47, takes half a minute: its field has degree 5060);
//! ordinals that need a larger prime are out of range.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::sync::{Arc, Mutex};

use super::{GenOrdinal, OrdinalError, Term};
use crate::partizan::nim_mul as nim_mul64;

/// How many odd primes (3, 5, 7, …) have their α computed: the nim
/// products of ordinals below ω^ω^MAX_PRIMES.
pub const MAX_PRIMES: usize = 13;

/// The largest degree of a finite field the nim operations work in
/// (`nim_inv` squares an element this many times to find its field).
const MAX_DEGREE: u64 = 1 << 12;

/// The most products of two monomials one nim operation multiplies
/// (about a second): a bigger one is refused rather than left to run.
pub const MAX_WORK: u64 = 5_000_000;

thread_local! {
    /// The monomial products of the current operation.
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The help line of an out-of-range nim operation.
pub const RANGE_HELP: &str = "nim products are computed for ordinals below ω^ω^13 (the fields of the odd primes 3 to 43), with coefficients below 2^64";

/// The exponent of a monomial: `n[k]` is the coefficient of ω^k in the
/// exponent of ω (trailing zeros dropped).
type Mono = Vec<u64>;
/// A nim polynomial: monomials with their finite nim coefficients
/// (nonzero), nim-added.
type Poly = BTreeMap<Mono, u64>;

type Res<T> = Result<T, OrdinalError>;

/// The odd primes' constants known so far.
#[derive(Debug, Clone, Default)]
struct Field {
    primes: Vec<u64>,
    /// `alphas[k]` = α of `primes[k]`.
    alphas: Vec<Poly>,
    /// Lenstra's Q-set and excess of each, for the record.
    lenstra: Vec<(Vec<u64>, u64)>,
}

static FIELD: Mutex<Option<Arc<Field>>> = Mutex::new(None);

/// The field with the α's of the first `need` odd primes.
fn field(need: usize) -> Res<Arc<Field>> {
    if need > MAX_PRIMES {
        return Err(OrdinalError::OutOfRange(format!(
            "an exponent holds ω^{} (the field of the {}th odd prime)",
            need - 1,
            need
        )));
    }
    let mut slot = FIELD
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let current = slot.get_or_insert_with(|| Arc::new(Field::default()));
    if current.alphas.len() < need {
        let mut f = Field::clone(current);
        while f.alphas.len() < need {
            WORK.set(0);
            f.extend()?;
        }
        *current = Arc::new(f);
    }
    WORK.set(0);
    Ok(Arc::clone(current))
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// The multiplicative order of 2 modulo the odd prime p.
fn order_of_two(p: u64) -> u64 {
    let (mut x, mut k) = (2 % p, 1);
    while x != 1 {
        x = x * 2 % p;
        k += 1;
    }
    k
}

fn one() -> Poly {
    Poly::from([(Mono::new(), 1)])
}

fn xor_into(out: &mut Poly, m: Mono, c: u64) {
    match out.entry(m) {
        Entry::Occupied(mut o) => {
            *o.get_mut() ^= c;
            if *o.get() == 0 {
                o.remove();
            }
        }
        Entry::Vacant(v) => {
            v.insert(c);
        }
    }
}

/// x + y with the digits of x and y in base p added, carries moving one
/// digit down; and whether the last digit carried (a factor α_p).
fn add_digits(x: u64, y: u64, p: u64) -> Res<(u64, bool)> {
    let digits = |mut n: u64| {
        let mut d = Vec::new();
        while n > 0 {
            d.push(n % p);
            n /= p;
        }
        d
    };
    let (dx, dy) = (digits(x), digits(y));
    let mut s: Vec<u64> = (0..dx.len().max(dy.len()))
        .map(|i| dx.get(i).unwrap_or(&0) + dy.get(i).unwrap_or(&0))
        .collect();
    let mut over = false;
    for i in (0..s.len()).rev() {
        if s[i] >= p {
            s[i] -= p;
            if i > 0 {
                s[i - 1] += 1;
            } else {
                over = true;
            }
        }
    }
    let mut n: u128 = 0;
    for &d in s.iter().rev() {
        n = n * u128::from(p) + u128::from(d);
    }
    let n = u64::try_from(n)
        .map_err(|_| OrdinalError::OutOfRange("an exponent's coefficient reached 2^64".into()))?;
    Ok((n, over))
}

impl Field {
    /// The product of two monomials: the reduced monomial and the
    /// primes (indices) whose last digit carried.
    fn mono_mul(&self, a: &Mono, b: &Mono) -> Res<(Mono, Vec<usize>)> {
        let len = a.len().max(b.len());
        let mut m = Vec::with_capacity(len);
        let mut overs = Vec::new();
        for k in 0..len {
            let (x, y) = (
                a.get(k).copied().unwrap_or(0),
                b.get(k).copied().unwrap_or(0),
            );
            let (n, over) = add_digits(x, y, self.primes[k])?;
            m.push(n);
            if over {
                overs.push(k);
            }
        }
        while m.last() == Some(&0) {
            m.pop();
        }
        Ok((m, overs))
    }

    fn mul(&self, a: &Poly, b: &Poly) -> Res<Poly> {
        let pairs = a.len().saturating_mul(b.len()) as u64;
        let done = WORK.get().saturating_add(pairs);
        if done > MAX_WORK {
            return Err(OrdinalError::TooLarge);
        }
        WORK.set(done);
        let mut out = Poly::new();
        for (m1, &c1) in a {
            for (m2, &c2) in b {
                let (m, overs) = self.mono_mul(m1, m2)?;
                let c = nim_mul64(c1, c2);
                if overs.is_empty() {
                    xor_into(&mut out, m, c);
                    continue;
                }
                let mut t = Poly::from([(m, c)]);
                for &k in overs.iter().rev() {
                    t = self.mul(&t, &self.alphas[k])?;
                }
                for (m, c) in t {
                    xor_into(&mut out, m, c);
                }
            }
        }
        Ok(out)
    }

    /// x², term by term (the cross terms cancel in characteristic 2).
    fn square(&self, x: &Poly) -> Res<Poly> {
        let mut out = Poly::new();
        for (m, &c) in x {
            let t = Poly::from([(m.clone(), c)]);
            for (m, c) in self.mul(&t, &t)? {
                xor_into(&mut out, m, c);
            }
        }
        Ok(out)
    }

    /// x to the power whose binary digits, most significant first, are
    /// `bits`.
    fn pow_bits(&self, x: &Poly, bits: impl Iterator<Item = bool>) -> Res<Poly> {
        let mut acc = one();
        for bit in bits {
            acc = self.square(&acc)?;
            if bit {
                acc = self.mul(&acc, x)?;
            }
        }
        Ok(acc)
    }

    /// The degree of the finite field x generates: the least d >= 1 with
    /// x^(2^d) = x.
    fn degree(&self, x: &Poly) -> Res<u64> {
        let mut y = self.square(x)?;
        let mut d = 1;
        while &y != x {
            y = self.square(&y)?;
            d += 1;
            if d > MAX_DEGREE {
                return Err(OrdinalError::OutOfRange(format!(
                    "a field of degree above {MAX_DEGREE}"
                )));
            }
        }
        Ok(d)
    }

    /// κ_q for a prime power q = P^n: 2^(2^(n-1)) for P = 2, else
    /// ω^(ω^k × P^(n-1)) with P the k-th odd prime.
    fn kappa(&self, q: u64) -> Poly {
        let p = (2..=q).find(|d| q.is_multiple_of(*d)).unwrap_or(q);
        let mut pn = 1;
        while pn * p < q {
            pn *= p;
        }
        if p == 2 {
            return Poly::from([(Mono::new(), 1u64 << (q / 2))]);
        }
        let k = self
            .primes
            .iter()
            .position(|&x| x == p)
            .expect("κ of a prime already known");
        let mut m = vec![0; k + 1];
        m[k] = pn;
        Poly::from([(m, 1)])
    }

    /// Lenstra's Q-set of h (Theorem 2.1): prime powers q with
    /// κ_h = Σ κ_q. With q the full power of h's least prime and g = h/q,
    /// κ_h = κ_g if q divides the degree of κ_g, κ_g + κ_q otherwise.
    fn kappa_set(&self, h: u64) -> Res<Vec<u64>> {
        let p = (2..=h).find(|d| h.is_multiple_of(*d)).unwrap_or(h);
        let mut q = p;
        while h.is_multiple_of(q * p) {
            q *= p;
        }
        if q == h {
            return Ok(vec![h]);
        }
        let mut set = self.kappa_set(h / q)?;
        let mut kg = Poly::new();
        for &r in &set {
            for (m, c) in self.kappa(r) {
                xor_into(&mut kg, m, c);
            }
        }
        if !self.degree(&kg)?.is_multiple_of(q) {
            set.push(q);
        }
        Ok(set)
    }

    /// Computes α of the next odd prime.
    fn extend(&mut self) -> Res<()> {
        let mut p = self.primes.last().map_or(3, |&p| p + 2);
        while !is_prime(p) {
            p += 2;
        }
        self.primes.push(p);
        let qset = self.kappa_set(order_of_two(p))?;
        // The finite part of κ_f: 2^(q/2) for its power of 2 q, if any.
        let finite: u64 = qset
            .iter()
            .filter(|q| *q % 2 == 0)
            .map(|q| 1u64 << (q / 2))
            .sum();
        let mut big = Poly::new();
        for &q in qset.iter().filter(|q| *q % 2 == 1) {
            big.extend(self.kappa(q));
        }
        for m in 0..1000u64 {
            let mut x = big.clone();
            let c = finite
                .checked_add(m)
                .ok_or_else(|| OrdinalError::OutOfRange("α too large".into()))?;
            if c != 0 {
                x.insert(Mono::new(), c);
            }
            if !self.is_pth_power(&x, p)? {
                self.alphas.push(x);
                self.lenstra.push((qset, m));
                return Ok(());
            }
        }
        Err(OrdinalError::OutOfRange(format!("no excess found for {p}")))
    }

    /// Whether x is a p-th power in the field it generates (and so in any
    /// field of degree prime to p over that one).
    fn is_pth_power(&self, x: &Poly, p: u64) -> Res<bool> {
        let d = self.degree(x)?;
        let mut two_d = 1;
        for _ in 0..d {
            two_d = two_d * 2 % p;
        }
        if two_d != 1 {
            return Ok(true);
        }
        // The bits of (2^d - 1)/p by long division of d ones by p.
        let mut r = 0;
        let bits = (0..d).map(move |_| {
            r = 2 * r + 1;
            let bit = r >= p;
            if bit {
                r -= p;
            }
            bit
        });
        Ok(self.pow_bits(x, bits)? == one())
    }
}

fn to_poly(x: &GenOrdinal) -> Res<(Poly, usize)> {
    if !x.is_ordinal() {
        return Err(OrdinalError::NotOrdinal(x.to_string()));
    }
    let mut poly = Poly::new();
    let mut need = 0;
    for t in x.terms() {
        let c = u64::try_from(t.coeff).map_err(|_| {
            OrdinalError::OutOfRange(format!("the coefficient {} is not below 2^64", t.coeff))
        })?;
        let mut m = Mono::new();
        for e in t.exp.terms() {
            let k = e
                .exp
                .as_int()
                .ok_or_else(|| OrdinalError::OutOfRange(format!("{x} is not below ω^ω^ω")))?;
            let k = usize::try_from(k)
                .map_err(|_| OrdinalError::OutOfRange(format!("{x} is not below ω^ω^ω")))?;
            if k >= MAX_PRIMES {
                return Err(OrdinalError::OutOfRange(format!(
                    "{x} is not below ω^ω^{MAX_PRIMES}"
                )));
            }
            let n = u64::try_from(e.coeff).map_err(|_| {
                OrdinalError::OutOfRange(format!("an exponent of {x} has a coefficient above 2^64"))
            })?;
            if m.len() <= k {
                m.resize(k + 1, 0);
            }
            m[k] = n;
        }
        need = need.max(m.len());
        poly.insert(m, c);
    }
    Ok((poly, need))
}

fn from_poly(p: &Poly) -> GenOrdinal {
    let terms = p
        .iter()
        .map(|(m, &c)| {
            let exp_terms = m
                .iter()
                .enumerate()
                .filter(|(_, n)| **n != 0)
                .map(|(k, &n)| Term {
                    exp: GenOrdinal::int(k as i128),
                    coeff: i128::from(n),
                })
                .collect();
            Term {
                exp: GenOrdinal::from_terms(exp_terms).expect("distinct exponents"),
                coeff: i128::from(c),
            }
        })
        .collect();
    GenOrdinal::from_terms(terms).expect("distinct monomials")
}

/// The nim sum of two ordinals: the exclusive or of their coefficients.
pub fn nim_sum(a: &GenOrdinal, b: &GenOrdinal) -> Res<GenOrdinal> {
    for x in [a, b] {
        if !x.is_ordinal() {
            return Err(OrdinalError::NotOrdinal(x.to_string()));
        }
    }
    let mut terms: BTreeMap<&GenOrdinal, i128> = BTreeMap::new();
    for t in a.terms().iter().chain(b.terms()) {
        *terms.entry(&t.exp).or_insert(0) ^= t.coeff;
    }
    GenOrdinal::from_terms(
        terms
            .into_iter()
            .map(|(e, c)| Term {
                exp: e.clone(),
                coeff: c,
            })
            .collect(),
    )
}

/// The nim product of two ordinals below ω^ω^[`MAX_PRIMES`].
pub fn nim_mul(a: &GenOrdinal, b: &GenOrdinal) -> Res<GenOrdinal> {
    let (pa, na) = to_poly(a)?;
    let (pb, nb) = to_poly(b)?;
    let f = field(na.max(nb))?;
    Ok(from_poly(&f.mul(&pa, &pb)?))
}

/// The n-th nim power of an ordinal below ω^ω^[`MAX_PRIMES`].
pub fn nim_pow(a: &GenOrdinal, n: u64) -> Res<GenOrdinal> {
    let (pa, na) = to_poly(a)?;
    let f = field(na)?;
    let bits = (0..64).rev().map(|i| n >> i & 1 == 1).skip_while(|b| !b);
    Ok(from_poly(&f.pow_bits(&pa, bits)?))
}

/// The nim inverse of a nonzero ordinal below ω^ω^[`MAX_PRIMES`]:
/// x^(2^d - 2) for x in the field of degree d. None for 0.
pub fn nim_inv(a: &GenOrdinal) -> Res<Option<GenOrdinal>> {
    if a.is_zero() {
        return Ok(None);
    }
    let (pa, na) = to_poly(a)?;
    let f = field(na)?;
    let d = f.degree(&pa)?;
    let bits = (0..d).map(|i| i + 1 < d);
    Ok(Some(from_poly(&f.pow_bits(&pa, bits)?)))
}

/// Lenstra's constants of the k-th odd prime p (k = 0 for 3), as
/// computed here: p, its Q-set, its excess and α_p.
pub fn lenstra(k: usize) -> Res<(u64, Vec<u64>, u64, GenOrdinal)> {
    let f = field(k + 1)?;
    let (q, m) = f.lenstra[k].clone();
    Ok((f.primes[k], q, m, from_poly(&f.alphas[k])))
}
